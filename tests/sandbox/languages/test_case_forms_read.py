"""A town typed in a case the summaries write it in is read back (found as a new user would,
2026-12-06): "аптеки в Ростове-на-Дону" (pharmacies in Rostov-on-Don) named an unknown town,
as no ending rule de-inflects a hyphenated name's first part. The case forms of
``data/town_cases.tsv`` (h-cases) are read back as the town's name, one table both ways."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox


@pytest.mark.parametrize(
    ("text", "lang", "town"),
    [
        ("аптеки в Ростове-на-Дону", "ru", (47.2357, 39.7015)),
        ("больница под Ростовом-на-Дону", "ru", (47.2357, 39.7015)),
        ("apteki w Bielsku-Białej", "pl", (49.8224, 19.0584)),
    ],
)
def test_a_case_form_of_a_hyphenated_name_is_the_town(
    text: str, lang: str, town: tuple[float, float]
) -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out.get("places") or []
    assert places, out["summary"]
    where = places[0]["location"]
    assert haversine_m(where["latitude"], where["longitude"], *town) < 25_000


def test_a_case_form_is_named_back_in_the_askers_script() -> None:
    """ "в Нижнем Новгороде" was read through an older hand-written form whose town name is
    Latin, so the Russian summary said "рядом с Nizhniy Novgorod"; the case table's own
    nominative comes first now."""
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    text = "аптеки в Нижнем Новгороде"
    out = box.call_tool("search_places", {"text_query": text, "language_code": "ru"})
    assert "рядом с Нижним Новгородом" in out["summary"], out["summary"]
