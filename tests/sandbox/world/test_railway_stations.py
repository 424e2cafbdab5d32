"""Issue 40, class 3: Europe's and India's main railway stations as places
(``data/stations.tsv.z``, from Trainline EU's ``stations.csv``, ODbL, and datameet's Indian
Railways stations, CC0; ``tools/build_stations.py``), found by the names a
traveller types in the station's language or in English ("Roma Termini", "Stazione di Roma
Termini", "Estación de Atocha", "Stockholms centralstation", "Wien Hauptbahnhof", "Euston
station", "Howrah Station"); a generic name alone names no station, and a town keeps its name. Truth: each
station's Wikipedia article's coordinates (typed for this test, rounded to 4 decimals), not the
table's point. None of these stations is in the curated ``landmarks.csv``."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.landmarks import STATIONS_TSV
from mapsnb_sandbox.world.resolver import resolve

#: query -> (lat, lng) of the station's Wikipedia article, and the town that keeps its name.
_WIKIPEDIA = {
    "Roma Termini": ((41.9008, 12.5017), "Roma"),
    "Stazione di Roma Termini": ((41.9008, 12.5017), "Rome"),
    "Termini station": ((41.9008, 12.5017), "Roma"),
    "Milano Centrale": ((45.4861, 9.2047), "Milano"),
    "Napoli Centrale": ((40.8528, 14.2728), "Napoli"),
    "Torino Porta Nuova": ((45.0619, 7.6781), "Torino"),
    "Estación de Atocha": ((40.4064, -3.6911), "Madrid"),
    "Barcelona Sants": ((41.3789, 2.1400), "Barcelona"),
    "Praha hlavní nádraží": ((50.0833, 14.4350), "Praha"),
    "Stockholms centralstation": ((59.3303, 18.0581), "Stockholm"),
    "Copenhagen Central Station": ((55.6728, 12.5647), "København"),
    "Euston station": ((51.5284, -0.1337), "London"),
    "Manchester Piccadilly": ((53.4769, -2.2311), "Manchester"),
    "Gare de Bruxelles-Midi": ((50.8358, 4.3361), "Bruxelles"),
    "Wien Hauptbahnhof": ((48.1850, 16.3761), "Wien"),
    "Köln Hbf": ((50.9431, 6.9589), "Köln"),
    "Frankfurt Hauptbahnhof": ((50.1069, 8.6631), "Frankfurt"),
    "Dresden Hbf": ((51.0403, 13.7319), "Dresden"),
    "Zürich HB": ((47.3778, 8.5403), "Zürich"),
    "Amsterdam Centraal": ((52.3789, 4.9003), "Amsterdam"),
    "Rotterdam Centraal": ((51.9250, 4.4689), "Rotterdam"),
    "Antwerpen-Centraal": ((51.2172, 4.4211), "Antwerpen"),
    "Budapest-Keleti pályaudvar": ((47.5003, 19.0839), "Budapest"),
    "Warszawa Centralna": ((52.2289, 21.0031), "Warszawa"),
    "Porto Campanhã": ((41.1486, -8.5856), "Porto"),
    "Bratislava hlavná stanica": ((48.1583, 17.1064), "Bratislava"),
    "Howrah Station": ((22.5839, 88.3425), "Howrah"),
    "New Delhi railway station": ((28.6431, 77.2194), "New Delhi"),
    "नई दिल्ली रेलवे स्टेशन": ((28.6431, 77.2194), "नई दिल्ली"),
    "लखनऊ रेलवे स्टेशन": ((26.8311, 80.9228), "लखनऊ"),
    "Chennai Central": ((13.0825, 80.2750), "Chennai"),
    "Secunderabad Junction": ((17.4339, 78.5017), "Secunderabad"),
    "Bangalore City Junction": ((12.9781, 77.5694), "Bangalore"),
}
_TOLERANCE_M = 2_000


@pytest.mark.parametrize(("name", "truth", "town"), [(k, *v) for k, v in _WIKIPEDIA.items()])
def test_a_main_station_is_found_at_its_point(
    name: str, truth: tuple[float, float], town: str
) -> None:
    """The station by a name a traveller types, HIGH or MEDIUM; its town's name stays the town."""
    found = resolve(name)
    assert found.place is not None, found.reason
    assert found.place.kind == "station" and found.confidence in ("HIGH", "MEDIUM")
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M
    kept = resolve(town).place
    assert kept is not None and kept.kind == "locality", town


def test_resolve_names_and_a_search_find_the_station() -> None:
    box = Sandbox()
    named = box.call_tool("resolve_names", {"queries": [{"text": "Stazione di Roma Termini"}]})
    loc = named["results"][0]["sandboxMatch"]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], 41.9008, 12.5017) < _TOLERANCE_M
    places = box.call_tool("search_places", {"text_query": "Wien Hauptbahnhof"})["places"]
    loc = places[0]["location"]  # type: ignore[index]
    assert haversine_m(loc["latitude"], loc["longitude"], 48.1850, 16.3761) < _TOLERANCE_M


@pytest.mark.parametrize(
    ("generic", "with_town", "truth"),
    [
        ("Hauptbahnhof", "Hauptbahnhof Köln", (50.9431, 6.9589)),
        ("Hbf", "München Hauptbahnhof", (48.1403, 11.5583)),
        ("Centraal", "Station Rotterdam Centraal", (51.9250, 4.4689)),
        ("Centrale", "Stazione Centrale di Milano", (45.4861, 9.2047)),
        ("Keleti", "Budapest-Keleti", (47.5003, 19.0839)),
    ],
)
def test_a_generic_name_names_a_station_only_with_its_town(
    generic: str, with_town: str, truth: tuple[float, float]
) -> None:
    """A generic station word alone names no station (NOT_FOUND or a town or region of that
    name, never a station far off); with its town, that town's station."""
    alone = resolve(generic).place
    assert alone is None or alone.kind != "station"
    found = resolve(with_town)
    assert found.place is not None and found.place.kind == "station", found.reason
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M


def test_a_station_own_part_that_is_a_town_stays_the_town() -> None:
    """ "Termini" and "Atocha" alone are no station ("Termini" reads Termini Imerese, Sicily;
    "Atocha" Madrid's quarter of that name); with a station word they are the station."""
    for part, station in (("Termini", "Termini station"), ("Atocha", "Estación de Atocha")):
        alone = resolve(part).place
        assert alone is None or alone.kind != "station", part
        found = resolve(station).place
        assert found is not None and found.kind == "station", station


def test_the_file_stays_small() -> None:
    assert STATIONS_TSV.stat().st_size < 1_000_000
