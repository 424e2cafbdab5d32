"""Kind words in their plurals and cases (issue 40, h-kinds21), found as a user: Swedish "museer"
(museums) listed a place made up from the word, Romanian "gări" (stations) nothing, and Italian
"gara" (a race) read as a station since Romanian "Gară" folds to it. Now the inflected forms of
kinds' names (``data/kind_plurals.tsv``, ``tools/build_kind_plurals.py``: simplemma's lemma
lists) and of the words opening them (``data/kind_head_forms.tsv``) are read in their own
language, and a name that is one only once another language's marks are dropped serves that
language alone (or a query of no known language)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.contract.ids import decode_business_id
from mapsnb_sandbox.tools.along_route import search_along_route
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.kinds.table import category_at
from mapsnb_sandbox.world.landmarks import landmark_with_id
from mapsnb_sandbox.world.places import LANDMARK_KINDS

_CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _first_kinds(query: str, lang: str | None) -> tuple[str, ...]:
    """The kind keys of the first place ``search_places`` lists (a curated landmark's kinds;
    ``()``: none, or a place of no kind), as ``bench_kinds.py`` reads them."""
    args = {"text_query": query} | ({"language_code": lang} if lang else {})
    out = search_places(args, _CTX)
    places = out.get("places") or []
    if not places:
        return ()
    decoded = decode_business_id(places[0]["id"])
    kind = category_at(decoded[2]) if decoded else None
    if kind is not None:
        return (kind.key,)
    landmark = landmark_with_id(places[0]["id"])
    return LANDMARK_KINDS.get(landmark.kind, ()) if landmark else ()


@pytest.mark.parametrize(
    ("query", "lang", "kind"),
    [
        ("museer Stockholm", "sv", "museum"),
        ("museerna i Göteborg", "sv", "museum"),
        ("gări Cluj-Napoca", "ro", "train_station"),
        ("școli în Cluj-Napoca", "ro", "school"),
        ("musea Rotterdam", "nl", "museum"),
        ("σταθμοί λεωφορείων Αθήνα", "el", "bus_station"),  # the head's plural before the rest
    ],
)
def test_a_plural_lists_its_kind(query: str, lang: str, kind: str) -> None:
    assert kind in _first_kinds(query, lang), query


def test_a_folded_name_serves_its_own_language() -> None:
    """Italian "gara" is a race; Romanian "gara" (the station) and a query of no known
    language still read Romanian "Gară"."""
    assert "train_station" not in _first_kinds("gara Milano", "it")
    assert "train_station" in _first_kinds("gara Cluj-Napoca", "ro")
    assert "train_station" in _first_kinds("gara Milano", None)


def test_search_along_route_reads_a_plural() -> None:
    args = {
        "text_query": "museer",
        "language_code": "sv",
        "route_endpoints": {
            "origin": {"address": "Stockholm"},
            "destination": {"address": "Uppsala"},
        },
        "travel_mode": "DRIVE",
    }
    results = search_along_route(args, _CTX)["results"]
    assert results
    decoded = decode_business_id(results[0]["place"]["id"])
    kind = category_at(decoded[2]) if decoded else None
    assert kind is not None and kind.key == "museum"
