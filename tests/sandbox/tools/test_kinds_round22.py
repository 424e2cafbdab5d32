"""Searches of a kind whose town the emulator did not read (kinds round 22): a kind, a word
for the town's centre and the town with no preposition ("farmacias centro de Sevilla" listed
nothing); a kind, a station or square of the town and the town ("Apotheke Hauptbahnhof
München", "hotel Gare de Lyon Paris": nothing); a kind and a country in the query's language
("Apotheke Italien" was a town Abū Tīj in Egypt); a kind, lower-case words that qualify it
after it and the town, as head-first languages write ("bệnh viện đa khoa Huế", a general
hospital: nothing). Truth: the towns' coordinates from their Wikipedia articles; a country's
search must say the country (its name in the language, as the summary's place)."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.ids import decode_business_id
from mapsnb_sandbox.world.kinds.table import category_at


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _first(box: Sandbox, text: str, lang: str) -> tuple[dict, str | None]:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out.get("places") or []
    assert places, out["summary"]
    decoded = decode_business_id(places[0]["id"])
    kind = category_at(decoded[2]) if decoded else None
    return places[0], kind.key if kind else None


@pytest.mark.parametrize(
    ("text", "lang", "kind", "town"),
    [
        # a word for the town's centre between the kind and the town
        ("farmacias centro de Sevilla", "es", "pharmacy", (37.3891, -5.9845)),
        ("restaurantes centro de Zaragoza", "es", "restaurant", (41.6488, -0.8891)),
        ("hotel centro de Coimbra", "pt", "hotel", (40.2033, -8.4103)),
        # a station, square or street of the town, then the town
        ("Apotheke Hauptbahnhof München", "de", "pharmacy", (48.1372, 11.5756)),
        ("hotel Gare de Lyon Paris", "fr", "hotel", (48.8566, 2.3522)),
        ("Apotheke Stephansplatz Wien", "de", "pharmacy", (48.2082, 16.3738)),
        ("hotel Dworzec Centralny Warszawa", "pl", "hotel", (52.2297, 21.0122)),
        ("farmacia Puerta del Sol Madrid", "es", "pharmacy", (40.4168, -3.7038)),
        # lower-case words qualifying the kind after it (head-first languages)
        ("bệnh viện đa khoa Huế", "vi", "hospital", (16.4637, 107.5909)),
        ("nhà thuốc tây Hải Phòng", "vi", "pharmacy", (20.8449, 106.6881)),
    ],
)
def test_a_kind_and_its_town_are_read(
    box: Sandbox, text: str, lang: str, kind: str, town: tuple[float, float]
) -> None:
    place, key = _first(box, text, lang)
    assert key == kind
    where = place["location"]
    assert haversine_m(where["latitude"], where["longitude"], *town) < 30_000


@pytest.mark.parametrize(
    ("text", "lang", "kind", "country"),
    [
        ("Apotheke Italien", "de", "pharmacy", "Italien"),
        ("Krankenhaus Spanien", "de", "hospital", "Spanien"),
        ("Apotheke Österreich", "de", "pharmacy", "Österreich"),
        ("Hotels Schweden", "de", "hotel", "Schweden"),
    ],
)
def test_a_country_named_in_the_language_is_no_town(
    box: Sandbox, text: str, lang: str, kind: str, country: str
) -> None:
    _, key = _first(box, text, lang)
    assert key == kind
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    assert country in out["summary"]
