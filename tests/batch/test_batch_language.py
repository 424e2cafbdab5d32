"""A batch frame records the language its calls were asked in (issue 30, item 6): one
``language_code`` for every call → ``attrs["language"]``; several (per-row) → unset."""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pytest

import mapsnb

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(sandbox=True, now=NOW) as c:
        yield c


@pytest.mark.parametrize("table", [None, "current_weather", "air_quality"])
def test_a_weather_batch_in_one_language_records_it(
    client: mapsnb.Client, table: str | None
) -> None:
    out = client.batch.lookup_weather(
        ["Lisboa, Portugal", "Porto, Portugal"],
        capabilities=["WEATHER", "AIR_QUALITY"],
        language_code="pt",
        table=table,
        progress=False,
    )
    assert out["status"].eq("ok").all()
    assert out.attrs["language"] == "pt"


def test_per_row_languages_leave_it_unset(client: mapsnb.Client) -> None:
    rows = pd.DataFrame({"city": ["Lisboa, Portugal", "Paris"], "lang": ["pt", "fr"]})
    out = client.batch.lookup_weather(rows, "city", language_code="lang", progress=False)
    assert out["status"].eq("ok").all() and "language" not in out.attrs
    same = rows.assign(lang="pt")
    assert (
        client.batch.lookup_weather(same, "city", language_code="lang", progress=False).attrs[
            "language"
        ]
        == "pt"
    )


def test_some_rows_without_a_language_leave_it_unset(client: mapsnb.Client) -> None:
    rows = pd.DataFrame({"city": ["Lisboa, Portugal", "Paris"], "lang": ["pt", None]})
    out = client.batch.lookup_weather(rows, "city", language_code="lang", progress=False)
    assert out["status"].eq("ok").all() and "language" not in out.attrs


@pytest.mark.parametrize("tool", ["search_places", "search_along_route"])
def test_places_batches_record_it(client: mapsnb.Client, tool: str) -> None:
    """Places batches read each answer's payload (no tool frame): the calls say the language."""
    ends = {"origin": "Lisboa", "destination": "Sintra"} if tool == "search_along_route" else {}
    queries = ["café", "farmácia"] if ends else ["café em Lisboa", "farmácia no Porto"]
    run = getattr(client.batch, tool)
    out = run(queries, language_code="pt", progress=False, **ends)
    assert out["status"].eq("ok").all() and out.attrs["language"] == "pt"
    assert "language" not in run(queries, progress=False, **ends).attrs


def test_a_resumed_batch_keeps_the_language_of_its_kept_rows(client: mapsnb.Client) -> None:
    towns = ["Lisboa, Portugal", "Porto, Portugal"]
    first = client.batch.lookup_weather(towns, language_code="pt", progress=False)
    again = client.batch.lookup_weather(towns, language_code="pt", resume=first, progress=False)
    assert again.attrs["calls"] == 0  # every row kept: nothing sent
    assert again.attrs["language"] == "pt"
    plain = client.batch.lookup_weather(towns, progress=False)
    kept = client.batch.lookup_weather(towns, language_code="pt", resume=plain, progress=False)
    assert kept.attrs["calls"] == 0 and "language" not in kept.attrs  # its rows asked none
