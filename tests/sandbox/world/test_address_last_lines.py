"""Addresses as people write their last line (found as a new user would, 2026-12-05): every
street in Washington, DC was NOT_FOUND ("Washington" was read as the state, for which DC is no
town), "…, Portland, ME" too (Portland is also a parish of Jamaica, so only Jamaican towns were
taken), and "…, Sydney NSW 2000", "…, Toronto ON M5E 1E5" (the town, its state and the postcode
without commas), and "Georgetown, DE 19947" was Guyana's capital (GY-DE is Demerara-Mahaica's
code): a state code before a ZIP Code is the US state. Each is now the street in the town the last line names (LOW: placed, not
known), and a part that names a region keeps restricting towns where no other part places one.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolved import resolve_geo_id
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("100 K Street, Washington, DC", 38.895, -77.036),
        ("1600 Pennsylvania Avenue NW, Washington, DC 20500", 38.895, -77.036),
        ("12 Congress Street, Portland, Maine", 43.661, -70.255),
        ("10 Main St, Portland, OR", 45.523, -122.676),
        ("12 Main Street, Washington, Pennsylvania", 40.174, -80.246),
        ("1 Martin Place, Sydney NSW 2000", -33.868, 151.207),
        ("123 Collins St, Melbourne VIC 3000", -37.814, 144.963),
        ("5 Yonge St, Toronto ON M5E 1E5", 43.651, -79.383),
        ("Springfield IL 62704", 39.802, -89.644),
        ("Albany WA 6330", -35.023, 117.881),
        ("Georgetown DE 19947", 38.690, -75.385),
        ("Moncton NB E1C 4M3", 46.088, -64.778),
    ],
)
def test_an_address_is_placed_in_the_town_its_last_line_names(
    text: str, lat: float, lng: float
) -> None:
    r = resolve(text)
    assert r.place is not None, (text, r)
    assert haversine_m(r.place.lat, r.place.lng, lat, lng) < 15_000, (text, r.place)


def test_a_region_named_alone_still_restricts_the_town() -> None:
    """ "Schwarzbach, Brandenburg": no town of the name in Brandenburg, so none (not Kentucky's
    Brandenburg, which only another part could place)."""
    r = resolve("Schwarzbach, Brandenburg")
    assert r.place is None or r.place.lng > 0, r


# A state's code in capitals after a town's name, with no comma ("Cincinnati IA"), was read as
# that name alone when the state has no such town: Cincinnati, Ohio, 736 km off, LOW; "Oldenburg
# IN" Oldenburg in Germany and "Gloster LA" Gloucester, Ontario, MEDIUM. It now reads as the
# comma form does: NOT_FOUND (``benchmarks/bench_address_lines.py``, "town ST").
@pytest.mark.parametrize("text", ["Kyoto OH", "Tucson MA", "Memphis WY", "Glasgow OR", "Dublin UT"])
def test_a_town_before_a_state_code_that_has_no_such_town_is_not_found(text: str) -> None:
    found = resolve(text)
    assert found.place is None, (text, found.place)


# A code that is a US state's and another country's ISO 3166-2 region's ("DE": Delaware, and
# Guyana's Demerara-Mahaica, GY-DE) is the state where addresses end with their state's code
# (US, Australia, Canada, Brazil): "Georgetown, DE" was Guyana's capital, MEDIUM, 3,944 km off.
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Georgetown, DE", 38.690, -75.385),
        ("Georgetown DE", 38.690, -75.385),
        ("Perth WA", -31.952, 115.861),
        ("Vancouver, WA", 45.639, -122.661),
        ("Recife, PE", -8.054, -34.881),
    ],
)
def test_a_state_code_is_read_as_addresses_write_it(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


# Europe's last lines open with the postcode, and Italy's end with the province's two letters
# (ISO 3166-2:IT, ``data/province_names.csv``): "…, 22100 Como CO" was NOT_FOUND (the letters
# were read as Colombia or Colorado), "…, 1012 LG Amsterdam" too (the letters of a Dutch postcode
# were read as part of the town).
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Via Garibaldi 5, 10122 Torino TO", 45.070, 7.687),
        ("Corso Italia 2, 56125 Pisa PI", 43.716, 10.402),
        ("Via dell'Indipendenza 3, 40121 Bologna BO", 44.494, 11.343),
        ("37121 Verona VR", 45.438, 10.992),
        ("Oudegracht 10, 3511 AP Utrecht", 52.091, 5.122),
        ("Masarykova 5, 602 00 Brno", 49.195, 16.608),
    ],
)
def test_a_european_last_line_is_read(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


# Japanese, Chinese and Korean addresses run from the prefecture or city down to the block, with
# no commas ("東京都千代田区丸の内1-1"): they were NOT_FOUND. They are read as their parts, a
# city's ward left out (Osaka's "中央区" is no Tokyo's Chūō), and placed in the city.
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("福岡県福岡市博多区博多駅中央街1-1", 33.590, 130.420),
        ("〒530-0001 大阪府大阪市北区梅田3-1-1", 34.694, 135.502),
        ("神戸市中央区加納町6-5-1", 34.690, 135.196),
        ("广州市天河区天河路208号", 23.129, 113.264),
        ("上海市黄浦区南京东路100号", 31.230, 121.474),
        ("인천광역시 남동구 정각로 29", 37.456, 126.705),
        ("대구광역시 중구 공평로 88", 35.871, 128.602),
    ],
)
def test_an_east_asian_address_is_placed_in_its_city(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


# A postcode says which namesake a street is in ("Plaza Mayor 1, 10200 Trujillo" was Trujillo,
# Peru, 7,169 km off: the bigger town), where the emulator holds that country's postcodes
# (GeoNames' areas, ``data/postcodes.tsv.z``); and a town that is also a region's name abroad
# is the town of the country a part names ("…, León, España" was NOT_FOUND: "León" names
# Nicaraguan and Mexican regions only).
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Plaza Mayor 1, 10200 Trujillo", 39.459, -5.883),
        ("Plaza Mayor 1, 49001 Zamora", 41.503, -5.745),
        ("Calle Comercio 1, 45001 Toledo", 39.857, -4.024),
        ("Calle Ancha 2, León, España", 42.599, -5.567),
        ("Calle Santa Eulalia 1, Mérida, Spain", 38.916, -6.344),
    ],
)
def test_a_postcode_or_country_picks_the_namesake(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


# British and Canadian last lines end with a postcode of two parts after the town ("…, Perth PH1
# 5QS"): the town and the first part were read as one name and the address was NOT_FOUND. The
# postcode is dropped from the town and kept to pick a namesake (Richmond, London, not
# Virginia's Richmond; Newport, Wales).
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("2 Market Street, Aberdeen AB11 5PS", 57.146, -2.094),
        ("10 Park Row, Leeds LS1 5HD", 53.798, -1.547),
        ("1 High Street, Newport NP20 1GA", 51.588, -2.998),
        ("3 George Street, Richmond TW9 1HY", 51.460, -0.305),
        ("Cambridge CB2 1TN", 52.205, 0.119),
        ("100 Wellington Street, Ottawa ON K1A 0A9", 45.424, -75.699),
    ],
)
def test_a_british_or_canadian_last_line_is_read(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


# A district between the street and its city ("…, Salamanca, Madrid") was the bigger namesake
# elsewhere (Salamanca, Mexico; Richmond, Virginia; Camberwell, Melbourne): a town the city
# another part names holds comes first. Truth: Wikipedia's coordinates of each district.
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Calle Serrano 10, Salamanca, Madrid", 40.430, -3.680),
        ("10 Hill Street, Richmond, London", 51.456, -0.301),
        ("5 Camberwell Road, Camberwell, London", 51.474, -0.092),
    ],
)
def test_a_district_before_its_city_is_that_city_s(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Calle Serrano 10, Salamanca, Madrid", "Madrid"),
        ("5 Camberwell Road, Camberwell, London", "London"),
    ],
)
def test_a_district_s_street_is_addressed_in_its_city(text: str, city: str) -> None:
    """Its address names the city, as the addresses of the district's places do ("…, 28001
    Madrid, Spain"), not the district as if it were a town ("…, 28029 Salamanca, Spain")."""
    place = resolve(text).place
    assert place is not None, text
    assert f" {city}" in place.address, (text, place.address)


def _assert_placed(text: str, lat: float, lng: float) -> None:
    """``text`` resolves to a place within 25 km of the point."""
    place = resolve(text).place
    assert place is not None, text
    assert haversine_m(place.lat, place.lng, lat, lng) < 25_000, (text, place)


# One street in one town is one place, whatever postcode is typed with it (helper h-addr2): "12
# Rue de Rivoli, 75004 Paris" and "12 Rue de Rivoli, Paris" had two ids at one point, one naming
# the typed code and one the point's own ("75014"). A street's point and postcode are drawn from
# the street and its town alone, as live answers one place whatever code is typed; a typed code
# only says which town (below).
@pytest.mark.parametrize(
    "texts",
    [
        [
            "12 Rue de Rivoli, 75004 Paris",
            "12 Rue de Rivoli, Paris",
            "12 Rue de Rivoli, 75001 Paris, France",
        ],
        [
            "1600 Pennsylvania Avenue NW, Washington, DC 20500",
            "1600 Pennsylvania Avenue NW, Washington, DC",
            "1600 Pennsylvania Avenue NW, Washington, DC, 20500",
        ],
        ["Karl-Marx-Allee 1, 10178 Berlin", "Karl-Marx-Allee 1, Berlin, Germany"],
        ["100 Wellington Street, Ottawa ON K1A 0A9", "100 Wellington Street, Ottawa, ON"],
        ["3 George Street, Richmond TW9 1HY", "3 George Street, Richmond, TW9 1HY"],
        [  # in lower case or capitals: the same street
            "Via dell'Indipendenza 5, Bologna",
            "via dell'indipendenza 5, bologna",
            "VIA DELL'INDIPENDENZA 5, 40121 BOLOGNA",
        ],
    ],
)
def test_one_street_is_one_place_whatever_postcode_is_typed(texts: list[str]) -> None:
    places = [resolve(t).place for t in texts]
    assert all(p is not None for p in places), texts
    seen = {(p.place_id, p.lat, p.lng, p.address) for p in places if p is not None}
    assert len(seen) == 1, seen
    again = resolve_geo_id(places[0].place_id)  # type: ignore[union-attr]
    assert again is not None and (again.address, again.lat) == (places[0].address, places[0].lat)  # type: ignore[union-attr]


# A postcode alone in a comma part ("…, Trujillo, 10200") was not read, so the bigger namesake
# answered: Trujillo, Venezuela (Spain's is 10200), Richmond, Virginia ("TW9 1HY" is London's),
# London, England ("N6A 1G7" is Ontario's). It now says which town, as a code beside the name.
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Plaza Mayor 1, Trujillo, 10200", 39.459, -5.883),
        ("3 George Street, Richmond, TW9 1HY", 51.460, -0.305),
        ("10 Dundas Street, London, N6A 1G7", 42.984, -81.246),
        ("Plaza de España 1, Mérida, 06800", 38.916, -6.344),
        ("Richmond, TW10 6UQ", 51.460, -0.305),
        ("220 State Street, Springfield, 01103", 42.101, -72.590),
    ],
)
def test_a_postcode_alone_in_a_part_picks_the_town(text: str, lat: float, lng: float) -> None:
    _assert_placed(text, lat, lng)


def test_every_tool_gives_a_street_one_id() -> None:
    """resolve_names, a search_places text query and a compute_routes origin by address give
    the same street whatever postcode is typed."""
    from mapsnb_sandbox import Sandbox

    sb = Sandbox(now="2026-09-18T15:00:00Z")
    texts = [
        "Ulica Długa 5, 80-831 Gdańsk",
        "Ulica Długa 5, Gdańsk",
        "Ulica Długa 5, Gdańsk, 80-827",
    ]
    ids = set()
    for t in texts:
        named = sb.call_tool("resolve_names", {"queries": [{"text": t}]})["results"][0]
        found = sb.call_tool("search_places", {"text_query": t})["places"]
        ids |= {named["entity"]["place"], *(p["place"] for p in found[:1])}
    assert len(ids) == 1, ids
    pid = ids.pop().removeprefix("places/")
    dest = {"address": "Sopot"}
    by_id = sb.call_tool("compute_routes", {"origin": {"place_id": pid}, "destination": dest})
    for t in texts:
        by_text = sb.call_tool("compute_routes", {"origin": {"address": t}, "destination": dest})
        assert by_text["routes"][0]["distanceMeters"] == by_id["routes"][0]["distanceMeters"], t


def test_a_postcode_of_another_town_is_not_taken() -> None:
    place = resolve("12 Rue de Rivoli, 13001 Paris").place
    assert place is not None
    assert "13001" not in place.address and "Paris" in place.address
