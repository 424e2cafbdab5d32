"""A generic word for a place of worship ("temple", "templo", "Tempel", "วัด", "chùa") means
the kind the town's country has (data/temple_kinds.csv): Buddhist temples in Japan, Thailand,
Myanmar, Korea or Vietnam, Hindu temples in India; the kind's own name keeps it anywhere."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.along_route import search_along_route
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.places import kind_at, spot_from_id

CTX = Context(now=datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


def _kinds(results: list[dict[str, Any]]) -> set[str]:
    """The world kinds of the places answered (decoded from their ids)."""
    out: set[str] = set()
    for p in results:
        spot = spot_from_id(p["id"])
        kind = None if spot is None else kind_at(spot.code)
        out.add(kind.key if kind is not None else "?")
    return out


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("temples in Nara", "buddhist_temple"),
        ("Tempel in Kamakura", "buddhist_temple"),
        ("templos en Chiang Mai", "buddhist_temple"),
        ("วัด เชียงใหม่", "buddhist_temple"),
        ("pagodas in Mandalay", "buddhist_temple"),
        ("chùa Huế", "buddhist_temple"),
        ("temples in Seoul", "buddhist_temple"),
        ("寺院 鎌倉", "buddhist_temple"),
        ("shinto shrines in Kamakura", "shinto_shrine"),
        ("神社 奈良", "shinto_shrine"),
        ("temples in Varanasi", "hindu_temple"),
        ("templos en Jaipur", "hindu_temple"),
        ("hindu temples in Bangkok", "hindu_temple"),
        ("templo hindú en Kioto", "hindu_temple"),
    ],
)
def test_generic_word_means_the_country_kind(query: str, kind: str) -> None:
    places = search_places({"text_query": query}, CTX)["places"]
    assert places
    assert _kinds(places) == {kind}


def test_along_route_shares_the_local_kind() -> None:
    ends = {"origin": {"address": "Chiang Mai"}, "destination": {"address": "Lamphun"}}
    out = search_along_route({"text_query": "temples", "route_endpoints": ends}, CTX)
    assert out["results"]
    assert _kinds([r["place"] for r in out["results"]]) == {"buddhist_temple"}


@pytest.mark.parametrize("text", ["Sanctuaire du Bon Jésus du Mont à Braga", "santuario in Loreto"])
def test_a_generic_shrine_word_is_no_shinto_shrine(text: str) -> None:
    """A sanctuary of another faith is no Shinto shrine: "sanctuaire", "santuario" and "shrine"
    name shrines of every faith, so they are not the kind's words (iD's terms are left out)."""
    out = Sandbox().call_tool("search_places", {"text_query": text})
    assert "shinto" not in out["summary"].lower(), out["summary"]


def test_each_listed_country_has_more_buddhists_than_hindus() -> None:
    """Each row of data/temple_kinds.csv carries Pew's 2010 shares, and they meet its rule."""
    import csv

    from mapsnb_sandbox.world.places import TEMPLE_KINDS

    with TEMPLE_KINDS.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) >= 16
    for row in rows:
        buddhists = float(row["buddhists_pct"])
        hindus = float(row["hindus_pct"].lstrip("<"))
        assert row["kind"] == "buddhist_temple" and buddhists > hindus, row["cc"]
        assert "Pew Research Center" in row["source"]


@pytest.mark.parametrize(
    "query", ["synagogue Leeds", "hindu temple Leicester", "shinto shrine Manchester"]
)
def test_a_kind_rare_in_its_country_answers_within_the_work_bound(box: Sandbox, query: str) -> None:
    """Kinds that follow a religion are rare where few hold it, so a search scans thousands of
    cells for them; each asked its country by a nearest-town look-up (48 ms), and "synagogue
    Leeds" stopped at the emulator's work bound (DEADLINE_EXCEEDED) after a minute. A cell's
    country is now its tenth of a degree's."""
    out = box.call_tool("search_places", {"text_query": query, "language_code": "en"})
    assert "summary" in out  # no SandboxToolError (DEADLINE_EXCEEDED) raised
