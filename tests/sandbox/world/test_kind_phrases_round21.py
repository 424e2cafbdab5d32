"""Kind phrases of several words no source read before named (issue 40, round 21): Indonesian
"terminal bus" (bus station) and Romanian "stație de alimentare" (filling station) were
NOT_FOUND or a made-up place. Now OsmAnd's names of the kinds' OSM types and of the kinds'
English names (``data/kind_app_names.tsv``, ``tools/build_kind_app_names.py``) are search
terms of the kinds, read like iD's terms."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.contract.ids import decode_business_id
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.kinds.table import category_at, extra_names

_CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _first_kind(query: str, lang: str) -> str | None:
    """The kind key of the first place ``search_places`` lists, or ``None``."""
    out = search_places({"text_query": query, "language_code": lang}, _CTX)
    places = out.get("places") or []
    decoded = decode_business_id(places[0]["id"]) if places else None
    kind = category_at(decoded[2]) if decoded else None
    return kind.key if kind else None


@pytest.mark.parametrize(
    ("query", "lang", "kind"),
    [
        ("terminal bus Rotterdam", "id", "bus_station"),
        ("terminal bus di Bandung", "id", "bus_station"),
        ("stație de alimentare Cluj-Napoca", "ro", "gas_station"),
        ("stații de alimentare în Iași", "ro", "gas_station"),  # the head's plural
    ],
)
def test_a_phrase_lists_its_kind(query: str, lang: str, kind: str) -> None:
    assert _first_kind(query, lang) == kind, query


def test_the_names_are_search_terms_not_display_names() -> None:
    """iD's name stays the kind's display name; OsmAnd's comes after it."""
    names = extra_names()
    assert names["bus_station"]["id"][0] == "Stasiun bus"
    assert "Terminal bus" in names["bus_station"]["id"]
    assert "Stație de alimentare" in names["gas_station"]["ro"]
