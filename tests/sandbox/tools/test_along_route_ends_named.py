"""``search_along_route`` named a route's ends in the index's English ("Na trase z Prague do
Brno", "من Cairo إلى Alexandria") where ``search_places`` and ``compute_routes`` name a town as
the asker wrote it (found as a new user would, 2026-12-06): now the ends typed by address are
shown as the summary's language writes them (``texts.town_in``)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


@pytest.mark.parametrize(
    ("kind", "origin", "destination", "lang", "shown"),
    [
        ("čerpací stanice", "Praha", "Plzeň", "cs", ("Praha", "Plzeň")),  # no Czech forms yet
        ("Tankstelle", "Köln", "Düsseldorf", "de", ("Köln", "Düsseldorf")),
        ("محطة وقود", "دمشق", "حمص", "ar", ("دمشق", "حمص")),
        ("ガソリンスタンド", "大阪", "京都", "ja", ("大阪", "京都")),
        ("АЗС", "Львів", "Тернопіль", "uk", ("Львова", "Тернополя")),  # "від … до": genitive
    ],
)
def test_route_ends_are_named_as_typed(
    kind: str, origin: str, destination: str, lang: str, shown: tuple[str, str]
) -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool(
        "search_along_route",
        {
            "textQuery": kind,
            "routeEndpoints": {
                "origin": {"address": origin},
                "destination": {"address": destination},
            },
            "languageCode": lang,
        },
    )
    intro = out["summary"].split("</p>")[0]
    assert shown[0] in intro and shown[1] in intro, intro


def test_an_address_end_keeps_its_own_name() -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool(
        "search_along_route",
        {
            "textQuery": "gas station",
            "routeEndpoints": {
                "origin": {"address": "Piccadilly Circus"},
                "destination": {"address": "Oxford"},
            },
        },
    )
    assert "Oxford" in out["summary"].split("</p>")[0]
