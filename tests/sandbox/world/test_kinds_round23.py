"""Kinds round 23: a kind, then a name of a place inside a town the emulator knows nowhere, then
the town ("eczane Nişantaşı İstanbul", "Hotel Schwabing München" listed nothing: the resolver
placed the name in the town, words unread, but the search read no town); and a kind's word
that is also an old name of a town, before a country in ``resolve_names`` ("Apotheke Spanien"
was Abū Tīj, Egypt, whose Greek name is Apotheke: the kind's word is no town, the country is the
place, as ``search_places`` reads it). Truth: the towns' and capitals' coordinates from their
Wikipedia articles."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.ids import decode_business_id
from mapsnb_sandbox.world.kinds.table import category_at


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(
    ("text", "lang", "kind", "town"),
    [
        ("eczane Nişantaşı İstanbul", "tr", "pharmacy", (41.0082, 28.9784)),
        ("Hotel Schwabing München", "de", "hotel", (48.1372, 11.5756)),
    ],
)
def test_a_kind_an_unknown_name_and_its_town(
    box: Sandbox, text: str, lang: str, kind: str, town: tuple[float, float]
) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out.get("places") or []
    assert places, out["summary"]
    decoded = decode_business_id(places[0]["id"])
    found = category_at(decoded[2]) if decoded else None
    assert found is not None and found.key == kind
    where = places[0]["location"]
    assert haversine_m(where["latitude"], where["longitude"], *town) < 30_000


@pytest.mark.parametrize(
    ("text", "capital"),
    [
        ("Apotheke Spanien", (40.4168, -3.7038)),
        ("Apotheke Schweden", (59.3293, 18.0686)),
    ],
)
def test_a_kind_word_before_a_country_names_no_town(
    box: Sandbox, text: str, capital: tuple[float, float]
) -> None:
    out = box.call_tool("resolve_names", {"queries": [{"text": text}]})
    match = out["results"][0].get("sandboxMatch")
    assert match is not None, out
    where = match["location"]
    assert haversine_m(where["latitude"], where["longitude"], *capital) < 50_000
