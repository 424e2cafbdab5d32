"""Issue 40, round 20: a famous place named in an inflecting language's case is found, alone
(``resolve_names``) and as a search's place ("restaurants near X"), in ru, uk, pl, cs, tr, el.
The forms come from ``data/landmark_cases.tsv`` (``tools/build_landmark_cases.py``); the
phrases here are typed from grammar references, truth the places' points of
``tests/data/landmark_truth.csv`` (Wikipedia, UNESCO)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.kinds.table import kind_key, kind_table
from mapsnb_sandbox.world.landmark_names.cases import case_keys
from mapsnb_sandbox.world.resolver import resolve

TRUTH = Path(__file__).resolve().parents[2] / "data" / "landmark_truth.csv"


def _truth() -> dict[str, tuple[float, float, float]]:
    with TRUTH.open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        return {r["key"]: (float(r["lat"]), float(r["lng"]), float(r["tol_km"])) for r in rows}


def _at(key: str, lat: float, lng: float) -> bool:
    t_lat, t_lng, tol = _truth()[key]
    return haversine_m(lat, lng, t_lat, t_lng) <= tol * 1000


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Красной площадью", "red-square"),  # ru instrumental (рядом с)
        ("Красной площади", "red-square"),  # ru locative (на)
        ("Кремля", "moscow-kremlin"),  # ru genitive (около)
        ("Государственном Эрмитаже", "hermitage"),  # ru locative (в), adjective agreeing
        ("Софійського собору", "saint-sophia-kyiv"),  # uk genitive (біля)
        ("Червоною площею", "red-square"),  # uk instrumental
        ("Zamku Królewskiego w Warszawie", "royal-castle-warsaw"),  # pl genitive, town kept
        ("Pražského hradu", "prague-castle"),  # cs genitive (u): adjective and noun agree
        ("Karlově mostě", "charles-bridge"),  # cs locative (na): possessive adjective
        ("Ayasofya'ya", "hagia-sophia"),  # tr dative after an apostrophe
        ("Galata Kulesi'nde", "galata-tower"),  # tr locative, pronominal n
        ("Ακρόπολης", "acropolis"),  # el genitive
        ("Λευκού Πύργου", "white-tower-thessaloniki"),  # el genitive, adjective agreeing
    ],
)
def test_a_case_form_names_the_famous_place(text: str, key: str) -> None:
    found = resolve(text)
    assert found.place is not None, text
    if key in _truth():
        assert _at(key, found.place.lat, found.place.lng), found.place
    else:
        assert found.place.kind != "locality", found.place


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("рестораны рядом с Красной площадью", "Red Square"),
        ("отели около Кремля", "Moscow Kremlin"),
        ("кафе на Красной площади", "Red Square"),
        ("готелі біля Софійського собору", "Saint Sophia Cathedral Kyiv"),
        ("restaurace u Pražského hradu", "Prague Castle"),
        ("hotely blízko Karlova mostu", "Charles Bridge"),
        ("Ayasofya'ya yakın oteller", "Hagia Sophia"),
        ("Galata Kulesi'ne yakın restoranlar", "Galata Tower"),
        ("ξενοδοχεία κοντά στην Ακρόπολη", "Acropolis of Athens"),
        ("ξενοδοχεία κοντά στους Δελφούς", "Delphi"),  # a plural's article and accusative
        ("ξενοδοχεία κοντά στα Μετέωρα", "Meteora"),
    ],
)
def test_a_search_near_a_famous_place_in_its_case(text: str, name: str) -> None:
    """The summary names the landmark as it did for its nominative (its English name)."""
    answer = Sandbox().call_tool("search_places", {"text_query": text})
    assert answer.get("places"), answer.get("summary")
    assert name in answer["summary"], answer["summary"][:200]


def test_no_case_form_is_a_town_s_name_or_a_kind() -> None:
    """The guard: a town or a kind keeps its word; a town in its case stays the town."""
    towns, kinds = city_index().by_name, kind_table().by_phrase
    forms = {f for made in case_keys().values() for f in made}
    assert len(forms) > 3000
    assert [f for f in forms if f in towns] == []
    assert [f for f in forms if kind_key(f) in kinds] == []
    for text, cc in (
        ("Москвой", "RU"),
        ("Києва", "UA"),
        ("Kraków'da", "PL"),
        ("İstanbul'da", "TR"),
    ):
        found = resolve(text)
        assert found.place is not None and found.place.kind == "locality", text
        assert found.place.country_code == cc
