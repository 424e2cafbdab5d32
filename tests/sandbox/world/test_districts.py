"""Big-city districts (``data/districts.tsv.z``, Who's On First) as towns of the one world.

Inputs are districts other than those of ``tests/data/district_truth.csv`` (the benchmark's).
"""

from __future__ import annotations

import zlib
from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import (
    RIVAL_SHARE,
    city_address,
    city_index,
    city_place_id,
    district,
    nearest_city,
)
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.names.districts import (
    DISTRICT_OVER_TOWN,
    DISTRICTS,
    city_of,
    is_added,
    is_district,
)
from mapsnb_sandbox.world.resolved import resolve_geo_id
from mapsnb_sandbox.world.resolver import resolve


def _rows() -> list[list[str]]:
    text = zlib.decompress(DISTRICTS.read_bytes()).decode("utf-8")
    return [line.split("\t") for line in text.splitlines() if not line.startswith("#")]


def test_table_is_small_and_well_formed() -> None:
    assert DISTRICTS.stat().st_size < 1_000_000
    rows = _rows()
    assert len(rows) > 5_000
    numbers = [int(r[0]) for r in rows]
    assert len(set(numbers)) == len(numbers)
    idx = city_index()
    towns = {g for g in idx.cities.gids() if not is_added(g)}  # GeoNames' towns
    assert not towns & set(numbers)  # a district is no town the index has
    for r in rows[::50]:
        city = idx.cities[city_of(int(r[0])) or 0]
        assert city.population >= 1_000_000
        assert haversine_m(float(r[1]), float(r[2]), city.lat, city.lng) <= 20_500


def test_the_table_gives_each_row_its_geonames_id_without_building_a_city() -> None:
    """``CityTable.gid``/``gids`` (round 25): the public reading of the ids the districts, the
    national name tables and the fuzzy choices read, towns and appended districts alike."""
    idx = city_index()
    gids, n = idx.cities.gids(), len(idx.cities)
    assert len(gids) == n
    for j in [*range(0, n, 9_973), n - len(_rows()), n - 1]:
        assert idx.cities.gid(j) == gids[j] == idx.cities[j].geonameid
    assert is_added(idx.cities.gid(n - 1)) and not is_added(idx.cities.gid(0))
    assert sum(map(is_district, gids)) == len(_rows())


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Cihangir", "Istanbul"),
        ("Seocho", "Seoul"),
        ("Yaba", "Lagos"),
        ("Sandton", "Johannesburg"),
        ("Temple Bar, Dublin", "Dublin"),
        ("서초구", "Seoul"),
        ("Бешикташ", "Istanbul"),
    ],
)
def test_district_resolves_as_one_place(text: str, city: str) -> None:
    place = resolve(text).place
    assert place is not None
    idx = city_index()
    j = idx.place_ids.get(place.place_id, idx.cities)
    assert j is not None
    c = idx.cities[j]
    assert is_district(c.geonameid) and district(c)
    assert idx.cities[city_of(c.geonameid) or 0].name == city
    assert city in place.address and place.address == city_address(c)
    again = resolve_geo_id(city_place_id(c))  # one id, one point
    assert again is not None and (again.lat, again.lng) == (place.lat, place.lng)
    # no district is a nearest town: the point's town is its city
    assert nearest_city(c.lat, c.lng)[0] == city


def test_search_in_a_district_lists_places_there() -> None:
    from mapsnb_sandbox.contract.common import Context
    from mapsnb_sandbox.tools.places import search_places

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    out = search_places({"text_query": "coffee in Cihangir"}, ctx)
    assert out["places"]
    loc = out["places"][0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], 41.0317, 28.9856) < 5_000


def _overshadowed() -> list[tuple[str, int, int]]:
    """Districts whose name is the own name of a town elsewhere that is much bigger:
    ``(key, district row, town row)``."""
    idx = city_index()
    out = []
    for r in _rows():
        key = fold_text(r[7])
        if key not in r[8].split("|"):
            continue  # a name two cities' districts share names neither
        towns = [
            j
            for j in idx.by_name.get(key, ())
            if not is_district(idx.cities[j].geonameid)
            and fold_text(idx.cities[j].name) == key  # its own name (another has other rules)
            and idx.cities[j].population * DISTRICT_OVER_TOWN > int(r[3])
            and idx.cities[j].population >= 50_000
        ]
        if towns:
            out.append((key, idx.place_ids.get(_pid(int(r[0])), idx.cities) or -1, towns[0]))
    return out


def _pid(number: int) -> str:
    idx = city_index()
    at = next(j for j in range(len(idx.cities) - 1, -1, -1) if idx.cities.gid(j) == number)
    return city_place_id(idx.cities[at])


def test_district_never_outranks_a_much_bigger_town() -> None:
    idx = city_index()
    cases = _overshadowed()[:25]
    assert len(cases) >= 10
    for key, d, town in cases:
        ids = list(idx.by_name.get(key))
        assert ids.index(town) < ids.index(d), key
        c, t = idx.cities[d], idx.cities[town]
        bare = resolve(c.name).place
        assert bare is None or haversine_m(bare.lat, bare.lng, c.lat, c.lng) > 1_000, key
        if haversine_m(t.lat, t.lng, c.lat, c.lng) < 100_000:
            continue  # a qualifier naming the city holds for both
        city = idx.cities[city_of(c.geonameid) or 0]
        qualified = resolve(f"{c.name}, {city.name}").place
        assert qualified is not None, key
        assert haversine_m(qualified.lat, qualified.lng, c.lat, c.lng) < 2_000, key


def test_a_name_only_districts_bear_qualifies_no_town() -> None:
    from mapsnb_sandbox.world.names.qualifiers import qualifiers

    assert qualifiers(["Cihangir"]).unknown == {"cihangir"}
    assert qualifiers(["Istanbul"]).unknown == set()


def _shared() -> list[tuple[str, list[int]]]:
    """Names districts of several cities share and no town bears, the two heaviest of like
    weight: ``(key, district rows)``."""
    idx = city_index()
    names = idx.by_name
    out = []
    for key in sorted(names._more)[:2000]:  # type: ignore[attr-defined]
        ids = list(names.get(key))
        own = all(fold_text(idx.cities[j].name) == key for j in ids)  # each one's own name
        if own and all(is_district(idx.cities[j].geonameid) for j in ids):
            cities = {city_of(idx.cities[j].geonameid) for j in ids}
            far = max(haversine_m(idx.cities[i].lat, idx.cities[i].lng, idx.cities[ids[0]].lat,
                                  idx.cities[ids[0]].lng) for i in ids)  # fmt: skip
            pops = sorted((idx.cities[j].population for j in ids), reverse=True)
            alike = pops[1] >= RIVAL_SHARE * pops[0]  # else the heavier is the answer
            if len(cities) > 1 and far > 100_000 and key.isascii() and alike:
                out.append((key, ids))
    return out


def test_a_name_districts_of_two_cities_share_names_no_one_place() -> None:
    idx = city_index()
    cases = _shared()[:12]
    assert len(cases) >= 5
    for key, ids in cases:
        bare = resolve(key).place
        assert bare is None or bare.confidence == "LOW", key
        for j in ids[:2]:
            c = idx.cities[j]
            city = idx.cities[city_of(c.geonameid) or 0]
            got = resolve(f"{key}, {city.name}").place
            assert got is not None, (key, city.name)
            assert haversine_m(got.lat, got.lng, c.lat, c.lng) < 2_000, (key, city.name)


def test_a_ward_abroad_leaves_a_town_s_bare_name_as_sure_as_before() -> None:
    """A ward of another country's city is no homonym that makes a town's bare name LOW:
    "bakery in Lansing" lists Michigan's capital (a Toronto ward is called Lansing too)."""
    from mapsnb_sandbox import Sandbox

    assert any(district(c) and c.cc == "CA" for c in _named("lansing"))
    found = resolve("Lansing").place
    assert found is not None and found.country_code == "US" and found.confidence == "MEDIUM"
    out = Sandbox().call_tool("search_places", {"text_query": "bakery in Lansing"})
    assert out["places"], out["summary"]


def _named(key: str) -> list:  # type: ignore[type-arg]
    idx = city_index()
    return [idx.cities[j] for j in idx.by_name.get(key, ())]


@pytest.mark.parametrize(
    ("text", "shown"),
    [("Břevnov, Prague", "Břevnov"), ("Żerań, Warsaw", "Żerań"), ("Hasköy, Istanbul", "Hasköy")],
)
def test_a_district_is_shown_with_its_marks(text: str, shown: str) -> None:
    """WOF names some districts in plain ASCII ("Brevnov"); they are shown as their country
    writes them."""
    hit = resolve(text)
    assert hit.place is not None, text
    assert hit.place.name == shown
    assert hit.place.address.startswith(f"{shown}, ")
