"""The emulator's towns: the lazily loaded city index, nearest town, country, time zone.

The index itself (geonames towns of 1,000+ people, cached on disk) is :mod:`.geodata`'s;
this module asks it questions about points.
"""

from __future__ import annotations

import functools
import math
import zlib
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Once, place_id_for
from mapsnb_sandbox.contract.ids import TOWN, tagged_id
from mapsnb_sandbox.world.geodata import City, CityIndex, load_city_index

__all__ = [
    "city_address",
    "city_index",
    "city_place_id",
    "continent_at",
    "country_at",
    "country_name",
    "exonyms",
    "nearest_cached",
    "nearest_city",
    "own_zone",
    "script_ids",
    "timezone_at",
]


def _build_city_index() -> CityIndex:
    return load_city_index(lambda geonameid: place_id_for("city", geonameid))


#: The city index, built (or read from disk) on first use.
city_index = Once(_build_city_index)


# --------------------------------------------------------------------------- nearest city


def _nearest(lat: float, lng: float, max_ring: int) -> tuple[City, float] | None:
    """Nearest city by grid search; among cities within 25 km the one with the best
    ``population / (km + 2)^2`` wins, so a point in Paris is "Paris", not a district."""
    idx = city_index()
    cy, cx = math.floor(lat), math.floor(lng)
    hits: list[tuple[float, int]] = []
    found_ring = None
    for ring in range(max_ring + 1):
        if found_ring is not None and ring > found_ring + 1:
            break
        for dy in range(-ring, ring + 1):
            for dx in range(-ring, ring + 1):
                if max(abs(dy), abs(dx)) != ring:
                    continue
                gx = (cx + dx + 180) % 360 - 180
                for j in idx.grid.get((cy + dy, gx), ()):
                    c = idx.cities[j]
                    hits.append((haversine_m(lat, lng, c.lat, c.lng), j))
        if hits and found_ring is None:
            found_ring = ring
    if not hits:
        return None
    d, j = min(hits)
    close = [(dd, jj) for dd, jj in hits if dd <= 25_000]
    if close:
        d, j = max(close, key=lambda h: idx.cities[h[1]].population / (h[0] / 1000 + 2) ** 2)
    return idx.cities[j], d


@functools.lru_cache(maxsize=4096)
def nearest_cached(lat: float, lng: float) -> tuple[City, float]:
    """``(town, metres)`` nearest to the point (rounded to 1e-4 degrees by the callers)."""
    hit = _nearest(lat, lng, 6)
    if hit is not None:
        return hit
    idx = city_index()
    c = idx.cities[idx.grid.nearest_anywhere(lat, lng, idx.cities)]
    return c, haversine_m(lat, lng, c.lat, c.lng)


def nearest_city(lat: float, lng: float) -> tuple[str, str]:
    """``(city name, country code)`` of the geonames city nearest to the point."""
    c, _ = nearest_cached(round(lat, 4), round(lng, 4))
    return c.name, c.cc


def continent_at(lat: float, lng: float) -> str:
    """Continent code (``"EU"``, ``"NA"``, ...) of the nearest city's country."""
    c, _ = nearest_cached(round(lat, 4), round(lng, 4))
    return city_index().continents.get(c.cc, "")


def country_at(lat: float, lng: float) -> tuple[str, str, float]:
    """``(country code, continent code, metres)`` of the nearest town to the point."""
    c, d = nearest_cached(round(lat, 4), round(lng, 4))
    return c.cc, city_index().continents.get(c.cc, ""), d


@functools.cache
def _country_zones() -> dict[str, tuple[tuple[str, float, float], ...]]:
    """Each country's own zones from the tz database's ``zone.tab`` (the ``tzdata`` package's,
    else the system's): ``{cc: ((zone, lat, lng), ...)}``; empty when neither is there."""
    from pathlib import Path

    places = [Path("/usr/share/zoneinfo/zone.tab")]
    try:  # a file beside the package (no importlib.resources and zipfile at the first call)
        import tzdata

        places.insert(0, Path(tzdata.__file__).parent / "zoneinfo" / "zone.tab")
    except ImportError:
        pass
    found = next((p for p in places if p.is_file()), None)
    text = found.read_text(encoding="utf-8") if found is not None else ""
    out: dict[str, list[tuple[str, float, float]]] = {}
    for line in text.splitlines():
        if line.startswith("#") or line.count("\t") < 2:
            continue
        cc, coords, zone = line.split("\t")[:3]
        cut = max(coords.rfind("+"), coords.rfind("-"))
        lat, lng = _iso6709(coords[:cut]), _iso6709(coords[cut:])
        out.setdefault(cc, []).append((zone, lat, lng))
    return {cc: tuple(zones) for cc, zones in out.items()}


def _iso6709(text: str) -> float:
    """``+1045`` / ``-07712`` / ``+404251`` (ISO 6709 degrees, minutes[, seconds]) as degrees."""
    sign = -1.0 if text[0] == "-" else 1.0
    digits = text[1:]
    deg_len = 2 if len(digits) in (4, 6) else 3
    value = float(digits[:deg_len]) + float(digits[deg_len : deg_len + 2]) / 60.0
    if len(digits) > deg_len + 2:
        value += float(digits[deg_len + 2 :]) / 3600.0
    return sign * value


def own_zone(cc: str, tz: str, lat: float, lng: float) -> str:
    """The town's zone as its own country names it: GeoNames gives some towns the zone their
    clocks share with a neighbour's (Hanoi ``Asia/Bangkok``); the country's nearest ``zone.tab``
    zone replaces a zone the country does not list (Hanoi ``Asia/Ho_Chi_Minh``)."""
    zones = _country_zones().get(cc)
    if not zones or any(z == tz for z, _, _ in zones):
        return tz
    same = [z for z in zones if _offsets(z[0]) == _offsets(tz)]  # the clocks stay as they are
    if not same:
        return tz
    scale = math.cos(math.radians(lat))
    return min(same, key=lambda z: (z[1] - lat) ** 2 + ((z[2] - lng) * scale) ** 2)[0]


@functools.cache
def _offsets(zone: str) -> tuple[object, ...]:
    """A zone's UTC offsets in mid-January and mid-July of 2026 (None when unknown)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        tz = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return (None, zone)
    return tuple(datetime(2026, m, 15, 12, tzinfo=tz).utcoffset() for m in (1, 7))


def timezone_at(lat: float, lng: float) -> str:
    """IANA time zone at a point: the nearest city's zone (as its country names it, see
    :func:`own_zone`), or ``Etc/GMT±N`` far from cities."""
    c, d = nearest_cached(round(lat, 4), round(lng, 4))
    if d <= 500_000:
        return own_zone(c.cc, c.tz, c.lat, c.lng)
    offset = round(lng / 15)
    if offset == 0:
        return "UTC"
    return f"Etc/GMT{-offset:+d}"  # POSIX sign: Etc/GMT+8 is UTC-8


# --------------------------------------------------------------------------- builders


def country_name(cc: str) -> str:
    """Display name of a country code as addresses end with it (``"USA"``, ``"France"``)."""
    if cc == "US":
        return "USA"
    return city_index().country_names.get(cc, cc)


def city_place_id(c: City) -> str:
    """Place id of a geonames town: a well-formed feature id of its geonameid and point
    (:func:`mapsnb_sandbox.contract.ids.tagged_id`); the index finds it by both (and the ids
    of earlier versions by their hash)."""
    return tagged_id(TOWN, c.geonameid, c.lat, c.lng)


def city_address(c: City) -> str:
    """A town's address: ``"Springfield, IL, USA"``, ``"Lyon, France"``."""
    if c.cc == "US" and c.admin1:
        return f"{c.name}, {c.admin1}, USA"
    return f"{c.name}, {country_name(c.cc)}"


# --------------------------------------------------------------------------- name tables

_SCRIPT_NAMES = Path(__file__).resolve().parents[1] / "data" / "town_names.tsv.z"
_SCRIPT_TABLE: dict[int, tuple[CityIndex, dict[str, list[int]]]] = {}


def script_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers of towns called ``key`` (folded) in another script, from
    ``data/town_names.tsv.z`` (``tools/build_town_names.py``): names of one or two letters
    ("巴黎", "قم") and native-script names of towns under the index's alternate-name size
    ("אילת", "ภูเก็ต"); most populous first."""
    kept = _SCRIPT_TABLE.get(id(idx))
    if kept is None or kept[0] is not idx:
        rows: dict[str, list[int]] = {}
        text = zlib.decompress(_SCRIPT_NAMES.read_bytes()).decode("utf-8")
        number = {gid: j for j, gid in enumerate(idx.cities._gid)}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                name, _, gids = line.partition("\t")
                ids = [number[g] for g in map(int, gids.split(",")) if g in number]
                if ids:
                    rows[name] = ids
        _SCRIPT_TABLE.clear()
        kept = _SCRIPT_TABLE[id(idx)] = (idx, rows)
    return list(kept[1].get(key, ()))


_EXONYMS = Path(__file__).resolve().parents[1] / "data" / "town_exonyms.tsv"


@functools.cache
def exonyms() -> dict[str, tuple[str, str]]:
    """``data/town_exonyms.tsv`` (``tools/build_town_names.py``): a name a language gives a
    big town that is also a smaller town's own name ("Singapur", "Calcutta", "Luxemburg") ->
    the big town's index name and country (CLDR exemplar cities)."""
    out: dict[str, tuple[str, str]] = {}
    for line in _EXONYMS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, name, cc = line.split("\t")
            out[key] = (name, cc)
    return out
