"""Issue 40, class 3: main railway stations as places: Europe's and India's
(``data/stations.tsv.z``, from Trainline EU's ``stations.csv``, ODbL, and datameet's Indian
Railways stations, CC0; ``tools/build_stations.py``) and the others' by hand
(``data/famous_stations.csv``: "Казанский вокзал", "北京南站", "新大阪駅", "Sirkeci Garı",
"Ga Hà Nội", "สถานีกรุงเทพ", "Union Station Toronto", "Estación Retiro"), found by the names a
traveller types in the station's language or in English ("Roma Termini", "Stazione di Roma
Termini", "Estación de Atocha", "Stockholms centralstation", "Wien Hauptbahnhof", "Euston
station", "Howrah Station"); a generic name alone names no station, and a town keeps its name. Truth: each
station's Wikipedia article's coordinates (typed for this test, rounded to 4 decimals), not the
table's point. None of these stations is in the curated ``landmarks.csv``."""

from __future__ import annotations

from pathlib import Path

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.landmarks import FAMOUS_STATIONS_CSV, STATIONS_TSV
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
_WIKIPEDIA_ELSEWHERE = {
    "Казанский вокзал": ((55.7733, 37.6569), "Москва"),
    "Киевский вокзал": ((55.7436, 37.5664), "Москва"),
    "Leningradsky railway station": ((55.7764, 37.6553), "Moscow"),
    "Финляндский вокзал": ((59.9558, 30.3567), "Санкт-Петербург"),
    "Новосибирск-Главный": ((55.0353, 82.8975), "Новосибирск"),
    "Київ-Пасажирський": ((50.4408, 30.4889), "Київ"),
    "北京站": ((39.9028, 116.4269), "北京"),
    "北京南站": ((39.8650, 116.3786), "北京"),
    "北京西站": ((39.8947, 116.3219), "北京"),
    "上海虹桥站": ((31.1944, 121.3203), "上海"),
    "广州南站": ((22.9883, 113.2686), "广州"),
    "深圳北站": ((22.6097, 114.0292), "深圳"),
    "Hong Kong West Kowloon station": ((22.3042, 114.1661), "Hong Kong"),
    "台北車站": ((25.0478, 121.5170), "台北"),
    "新大阪駅": ((34.7336, 135.5003), "大阪"),
    "Kyoto Station": ((34.9858, 135.7589), "Kyoto"),
    "博多駅": ((33.5897, 130.4206), "福岡"),
    "札幌駅": ((43.0686, 141.3508), "札幌"),
    "서울역": ((37.5547, 126.9707), "서울"),
    "부산역": ((35.1152, 129.0422), "부산"),
    "Sirkeci Garı": ((41.0153, 28.9769), "İstanbul"),
    "Haydarpaşa Garı": ((40.9969, 29.0189), "İstanbul"),
    "محطة رمسيس": ((30.0625, 31.2469), "القاهرة"),
    "ایستگاه راه آهن تهران": ((35.6572, 51.3983), "تهران"),
    "Ga Hà Nội": ((21.0247, 105.8411), "Hà Nội"),
    "Ga Sài Gòn": ((10.7822, 106.6775), "Thành phố Hồ Chí Minh"),
    "สถานีกรุงเทพ": ((13.7392, 100.5169), "กรุงเทพมหานคร"),
    "Stasiun Gambir": ((-6.1767, 106.8306), "Jakarta"),
    "KL Sentral": ((3.1342, 101.6864), "Kuala Lumpur"),
    "কমলাপুর রেলওয়ে স্টেশন": ((23.7319, 90.4258), "ঢাকা"),
    "Union Station Toronto": ((43.6453, -79.3806), "Toronto"),
    "Gare Centrale de Montréal": ((45.5000, -73.5664), "Montréal"),
    "Washington Union Station": ((38.8973, -77.0063), "Washington"),
    "Estación Retiro": ((-34.5914, -58.3747), "Buenos Aires"),
    "Estación Constitución": ((-34.6275, -58.3808), "Buenos Aires"),
    "Estação Central do Brasil": ((-22.9039, -43.1908), "Rio de Janeiro"),
    "Estación Buenavista": ((19.4478, -99.1517), "Ciudad de México"),
    "Southern Cross station": ((-37.8183, 144.9525), "Melbourne"),
    "Johannesburg Park Station": ((-26.1956, 28.0422), "Johannesburg"),
}
#: Europe's main stations outside the Trainline table's countries, and four of China's
#: provincial capitals' (helper h-stations19): Wikipedia's points, each checked against
#: OpenStreetMap's (``data/famous_stations_osm.csv``).
_WIKIPEDIA_NORTH_AND_EAST = {
    "Oslo S": ((59.9111, 10.7533), "Oslo"),
    "Oslo Central Station": ((59.9111, 10.7533), "Oslo"),
    "Bergen stasjon": ((60.3903, 5.3331), "Bergen"),
    "Trondheim sentralstasjon": ((63.4364, 10.3989), "Trondheim"),
    "Helsinki Central Station": ((60.1719, 24.9414), "Helsinki"),
    "Helsingin päärautatieasema": ((60.1719, 24.9414), "Helsinki"),
    "Tampereen rautatieasema": ((61.4985, 23.7731), "Tampere"),
    "Balti jaam": ((59.4400, 24.7372), "Tallinn"),
    "Rīgas Centrālā stacija": ((56.9461, 24.1217), "Rīga"),
    "Vilniaus geležinkelio stotis": ((54.6703, 25.2844), "Vilnius"),
    "Kaunas railway station": ((54.8864, 23.9314), "Kaunas"),
    "Gara de Nord București": ((44.4464, 26.0742), "București"),
    "Bucharest North railway station": ((44.4464, 26.0742), "Bucharest"),
    "Gara Cluj-Napoca": ((46.7844, 23.5864), "Cluj-Napoca"),
    "Beograd Centar": ((44.7936, 20.4539), "Beograd"),
    "Железничка станица Београд Центар": ((44.7936, 20.4539), "Београд"),
    "Železniška postaja Ljubljana": ((46.0589, 14.5131), "Ljubljana"),
    "Athens railway station": ((37.9923, 23.7206), "Athens"),
    "Σιδηροδρομικός Σταθμός Αθηνών": ((37.9923, 23.7206), "Αθήνα"),
    "Σιδηροδρομικός Σταθμός Θεσσαλονίκης": ((40.6444, 22.9294), "Θεσσαλονίκη"),
    "Железничка станица Скопје": ((41.9911, 21.4458), "Скопје"),
    "Skopje railway station": ((41.9911, 21.4458), "Skopje"),
    "Gara Iași": ((47.1656, 27.5697), "Iași"),
    "Gara Timișoara Nord": ((45.7511, 21.2075), "Timișoara"),
    "Централна гара Пловдив": ((42.1344, 24.7414), "Пловдив"),
    "Varna railway station": ((43.1981, 27.9122), "Varna"),
    "Turun rautatieasema": ((60.4539, 22.2530), "Turku"),
    "济南西站": ((36.6689, 116.8869), "济南"),
    "南昌西站": ((28.6261, 115.7878), "南昌"),
    "兰州西站": ((36.0669, 103.7531), "兰州"),
    "乌鲁木齐站": ((43.8436, 87.5240), "乌鲁木齐"),
    "Urumqi railway station": ((43.8436, 87.5240), "Urumqi"),
}
#: Every station, Europe and India first.
_STATIONS = {**_WIKIPEDIA, **_WIKIPEDIA_ELSEWHERE, **_WIKIPEDIA_NORTH_AND_EAST}
_TOLERANCE_M = 2_000
_OSM_CSV = "famous_stations_osm.csv"


@pytest.mark.parametrize(("name", "truth", "town"), [(k, *v) for k, v in _STATIONS.items()])
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


@pytest.mark.parametrize(
    ("named", "at", "searched", "found_at"),
    [
        ("Stazione di Roma Termini", (41.9008, 12.5017), "Wien Hauptbahnhof", (48.1850, 16.3761)),
        ("上海虹桥站", (31.1944, 121.3203), "Казанский вокзал", (55.7733, 37.6569)),
        ("Oslo sentralstasjon", (59.9111, 10.7533), "Helsinki Central Station", (60.1719, 24.9414)),
    ],
)
def test_resolve_names_and_a_search_find_the_station(
    named: str, at: tuple[float, float], searched: str, found_at: tuple[float, float]
) -> None:
    box = Sandbox()
    answer = box.call_tool("resolve_names", {"queries": [{"text": named}]})
    loc = answer["results"][0]["sandboxMatch"]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], *at) < _TOLERANCE_M
    places = box.call_tool("search_places", {"text_query": searched})["places"]
    loc = places[0]["location"]  # type: ignore[index]
    assert haversine_m(loc["latitude"], loc["longitude"], *found_at) < _TOLERANCE_M


@pytest.mark.parametrize(
    ("generic", "with_town", "truth"),
    [
        ("Hauptbahnhof", "Hauptbahnhof Köln", (50.9431, 6.9589)),
        ("Hbf", "München Hauptbahnhof", (48.1403, 11.5583)),
        ("Centraal", "Station Rotterdam Centraal", (51.9250, 4.4689)),
        ("Centrale", "Stazione Centrale di Milano", (45.4861, 9.2047)),
        ("Keleti", "Budapest-Keleti", (47.5003, 19.0839)),
        ("Union Station", "Union Station Toronto", (43.6453, -79.3806)),
        ("南站", "北京南站", (39.8650, 116.3786)),
        ("Railway Station", "Beijing Railway Station", (39.9028, 116.4269)),
        ("Вокзал", "Вокзал Владивосток", (43.1111, 131.8817)),
        ("Московский вокзал", "Московский вокзал Санкт-Петербурга", (59.9297, 30.3622)),
        ("Gara de Nord", "Gara de Nord București", (44.4464, 26.0742)),
        ("Sentralstasjon", "Trondheim sentralstasjon", (63.4364, 10.3989)),
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


@pytest.mark.parametrize("town", ["Kyoto", "京都", "Kazan", "Osaka", "Seoul", "Toronto", "Once"])
def test_a_town_keeps_its_name(town: str) -> None:
    """A town whose station bears its name stays the town ("Kyoto", not Kyoto Station;
    "Kazan", not Moscow's Kazansky station; "Once", the Buenos Aires quarter)."""
    found = resolve(town).place
    assert found is not None and found.kind == "locality", town


def test_the_file_ships_its_folded_names_and_stays_small() -> None:
    """The ``keys`` column is what ``tools/build_famous_keys.py`` writes; a new station is of
    kind ``station``, found by a whole name only (its key opens with ``rail-``, as the station
    table's), with a country code; a row without a point only adds names to a landmark."""
    import csv

    from mapsnb_sandbox.world.landmarks import famous_keys

    with FAMOUS_STATIONS_CSV.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    assert len(rows) >= 150
    for row in rows:
        assert row["keys"].split("|") == famous_keys(row["key"], row["names"]), row["key"]
        if row["lat"]:
            assert row["kind"] == "station" and row["key"].startswith("rail-"), row["key"]
            assert len(row["cc"]) == 2 and -90 <= float(row["lat"]) <= 90, row["key"]
    assert FAMOUS_STATIONS_CSV.stat().st_size < 1_000_000


def test_a_hand_typed_point_agrees_with_openstreetmap() -> None:
    """Each station ``data/famous_stations_osm.csv`` lists (written by
    ``tools/build_station_osm_points.py`` from an OpenStreetMap extract, ODbL) lies within
    500 m of its OpenStreetMap point: the second source of a point typed from Wikipedia."""
    import csv

    def rows(path: Path) -> dict[str, dict[str, str]]:
        with path.open(encoding="utf-8") as fh:
            return {r["key"]: r for r in csv.DictReader(x for x in fh if not x.startswith("#"))}

    typed, osm = rows(FAMOUS_STATIONS_CSV), rows(FAMOUS_STATIONS_CSV.with_name(_OSM_CSV))
    assert len(osm) >= 25
    for key, row in osm.items():
        mine = typed[key]
        off = haversine_m(
            float(mine["lat"]), float(mine["lng"]), float(row["lat"]), float(row["lng"])
        )
        assert off < 500, (key, round(off))


@pytest.mark.parametrize(
    ("text", "town_at"),
    [("Nairobi Terminus", (-1.2864, 36.8172)), ("Mombasa Terminus", (-4.0435, 39.6682))],
)
def test_a_terminus_after_a_town_stays_in_that_town(
    text: str, town_at: tuple[float, float]
) -> None:
    """ "Terminus" is a station word (Nairobi's SGR terminus), not Atlanta's old name read as
    the town of a place called "Nairobi": NOT_FOUND, or the station or its town."""
    found = resolve(text).place
    assert found is None or haversine_m(found.lat, found.lng, *town_at) < 30_000, found
