"""Issue 40, class 3: the main railway stations (and a few big bus terminals) outside Europe and
India as famous places (``data/famous_stations.csv``, by hand), found by the names a traveller
types in the station's own language and script, in English and in the other supported languages
("Казанский вокзал", "北京南站", "新大阪駅", "Sirkeci Garı", "Ga Hà Nội", "สถานีกรุงเทพ",
"Union Station Toronto", "Estación Retiro"); a generic name alone names no station, and the
station's town keeps its name. Truth: each station's Wikipedia article's coordinates, typed for
this test (rounded to 4 decimals), not read from the table."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.landmarks import FAMOUS_STATIONS_CSV
from mapsnb_sandbox.world.resolver import resolve

#: query -> (lat, lng) of the station's Wikipedia article, and its town, which keeps its name.
_WIKIPEDIA = {
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
_TOLERANCE_M = 1_500


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
    named = box.call_tool("resolve_names", {"queries": [{"text": "上海虹桥站"}]})
    loc = named["results"][0]["sandboxMatch"]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], 31.1944, 121.3203) < _TOLERANCE_M
    places = box.call_tool("search_places", {"text_query": "Казанский вокзал"})["places"]
    loc = places[0]["location"]  # type: ignore[index]
    assert haversine_m(loc["latitude"], loc["longitude"], 55.7733, 37.6569) < _TOLERANCE_M


@pytest.mark.parametrize(
    ("generic", "with_town", "truth"),
    [
        ("Union Station", "Union Station Toronto", (43.6453, -79.3806)),
        ("南站", "北京南站", (39.8650, 116.3786)),
        ("Railway Station", "Beijing Railway Station", (39.9028, 116.4269)),
        ("Вокзал", "Вокзал Владивосток", (43.1111, 131.8817)),
        ("Московский вокзал", "Московский вокзал Санкт-Петербурга", (59.9297, 30.3622)),
    ],
)
def test_a_generic_name_names_a_station_only_with_its_town(
    generic: str, with_town: str, truth: tuple[float, float]
) -> None:
    """A generic station name alone names no station (NOT_FOUND or a town of that name); with
    its town, that town's station."""
    alone = resolve(generic).place
    assert alone is None or alone.kind != "station", generic
    found = resolve(with_town)
    assert found.place is not None and found.place.kind == "station", found.reason
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M


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
