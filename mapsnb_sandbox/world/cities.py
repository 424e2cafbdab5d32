"""The emulator's towns: the lazily loaded city index, nearest town, country, time zone;
namesakes of like size (LOW), districts, exonyms typed as no town spells them.

The index itself (geonames towns of 1,000+ people, cached on disk) is :mod:`.geodata`'s;
this module asks it questions about points (and how many people, or communities, live there).
"""

from __future__ import annotations

import functools
import math
import unicodedata
import zlib
from collections.abc import Callable
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Once, place_id_for
from mapsnb_sandbox.contract.ids import TOWN, tagged_id
from mapsnb_sandbox.world.geodata import City, CityIndex, fold_text, load_city_index
from mapsnb_sandbox.world.national.names import national_ids
from mapsnb_sandbox.world.national.rows import numbered_rows

__all__ = [
    "COARSE_DEG",
    "COMMUNITY_EXPONENT",
    "COUNTRY_RIVAL_SHARE",
    "REGION_RIVAL_SHARE",
    "RIVAL_SHARE",
    "RURAL_PER_KM2",
    "city_address",
    "city_index",
    "city_place_id",
    "continent_at",
    "country_at",
    "country_name",
    "district",
    "exonyms",
    "marks_apart",
    "nearest_cached",
    "nearest_city",
    "own_name_rival",
    "own_zone",
    "people_per_km2",
    "rival",
    "script_ids",
    "shown_name",
    "skeleton",
    "spelling_ranks",
    "timezone_at",
]


def _build_city_index() -> CityIndex:
    from mapsnb_sandbox.world.names.districts import add_districts

    return add_districts(load_city_index(lambda geonameid: place_id_for("city", geonameid)))


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


#: Municipal suffixes GeoNames leaves on some East Asian towns' own names ("Nara-shi",
#: "Goyang-si", "Banqiao Shi"), by the countries that use them: a town is shown without it, as
#: Google shows "Nara, Japan"; the resolver reads the name as GeoNames gives it ("Anyang-si" is
#: Korea's, not China's Anyang).
_MUNICIPAL = {"JP": ("-shi",), "KR": ("-si",), "KP": ("-si",), "TW": (" Shi",), "CN": (" Shi",)}


def shown_name(name: str, cc: str) -> str:
    """A town's name as an answer shows it: without the municipal suffix of :data:`_MUNICIPAL`."""
    for suffix in _MUNICIPAL.get(cc, ()):
        if name.endswith(suffix) and len(name) > len(suffix) + 2:
            return name[: -len(suffix)]
    return name


def nearest_city(lat: float, lng: float) -> tuple[str, str]:
    """``(city name, country code)`` of the geonames city nearest to the point."""
    c, _ = nearest_cached(round(lat, 4), round(lng, 4))
    return shown_name(c.name, c.cc), c.cc


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
    """A town's address: ``"Springfield, IL, USA"``, ``"Lyon, France"``; a district's names
    its city (``"Gangnam, Seoul, South Korea"``)."""
    from mapsnb_sandbox.world.names.districts import city_of

    at = city_of(c.geonameid)
    name = shown_name(c.name, c.cc)
    if at is not None:
        name = f"{name}, {shown_name(city_index().cities[at].name, c.cc)}"
    if c.cc == "US" and c.admin1:
        return f"{name}, {c.admin1}, USA"
    return f"{name}, {country_name(c.cc)}"


# --------------------------------------------------------------------------- name tables

_SCRIPT_NAMES = Path(__file__).resolve().parents[1] / "data" / "town_names.tsv.z"
_SCRIPT_TABLE: dict[int, tuple[CityIndex, dict[str, list[int]]]] = {}


def script_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers of towns called ``key`` (folded) in another script, from
    ``data/town_names.tsv.z`` (``tools/build_town_names.py``): names of one or two letters
    ("巴黎", "قم") and native-script names of towns under the index's alternate-name size
    ("אילת", "ภูเก็ต"); else a country's own (:func:`.national.names.national_ids`); most populous first."""
    kept = _SCRIPT_TABLE.get(id(idx))
    if kept is None or kept[0] is not idx:
        text = zlib.decompress(_SCRIPT_NAMES.read_bytes()).decode("utf-8")
        rows = numbered_rows(idx, text)
        _SCRIPT_TABLE.clear()
        kept = _SCRIPT_TABLE[id(idx)] = (idx, rows)
    return list(kept[1].get(key, ())) or national_ids(idx, key, kept[1])


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


# --------------------------------------------------------------------------- namesakes


def _km_apart(a: City, b: City) -> float:
    return haversine_m(a.lat, a.lng, b.lat, b.lng) / 1000


def skeleton(key: str) -> bool:
    """Whether folded ``key`` is only fragments of one or two letters: a name of an Indic
    script whose vowel signs folding dropped ("মাসেয়ো" -> "ম স য", "पलाना" -> "पल न"), which
    several towns' names share."""
    words = key.split()
    return len(words) > 1 and all(len(w) <= 2 and not w.isascii() for w in words)


def spelling_ranks(key: str, typed: str, cands: list[City], ranks: list[int]) -> list[int]:
    """``ranks`` with a language's exonym (:func:`exonyms`, CLDR) first when no town
    is spelt as typed: "Kudüs" is Jerusalem in Turkish, Kudus (Indonesia) only folds so;
    "Tiran" is Tirana, not Tīrān (Iran). A town spelt exactly so keeps its rank ("Belén")."""
    target = exonyms().get(key)
    if target is None or not typed.strip() or skeleton(key):
        return ranks  # (a name folded to its consonants spells several towns: "লিমা")
    spelt = unicodedata.normalize("NFC", typed.strip()).casefold()
    if any(unicodedata.normalize("NFC", c.name).casefold() == spelt for c in cands):
        return ranks
    return [0 if (c.name, c.cc) == target else max(r, 1) for c, r in zip(cands, ranks, strict=True)]


#: Marks that write one letter alike: Romanian's comma below and the cedilla ("ș", "ş").
_SAME_MARKS = str.maketrans({"\u0326": "\u0327"})


def _marks(letter: str) -> str:
    """The combining marks of ``letter`` (decomposed), the comma below as the cedilla."""
    return unicodedata.normalize("NFD", letter)[1:].translate(_SAME_MARKS)


#: A town this big has exonyms the index folds alike, spelt with other marks ("Zúrich").
MARKS_TOWN_PEOPLE = 100_000


def marks_apart(typed: str, c: City) -> bool:
    """Whether ``typed`` puts a mark on a letter that town ``c``'s name, itself written with
    marks, writes bare, letter for letter: another name the index folds alike ("Kaceřov" is a
    village of Plzeň, not Prague's Kačerov; "Şandra" no "Sandrà"), for a town under
    :data:`MARKS_TOWN_PEOPLE`. A mark left out ("Savinesti": Săvineşti) or written as another
    ("Hódmezövásárhely": ő as ö, "Zúrich") is no other name."""
    a = unicodedata.normalize("NFC", typed.strip()).casefold()
    b = unicodedata.normalize("NFC", c.name).casefold()
    if len(a) != len(b) or a.isascii() or b.isascii() or c.population >= MARKS_TOWN_PEOPLE:
        return False
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    if any(
        unicodedata.normalize("NFD", x)[:1] != unicodedata.normalize("NFD", y)[:1] for x, y in pairs
    ):
        return False  # other letters: a spelling of its own, not a mark moved
    return any(_marks(x) and not _marks(y) for x, y in pairs)


#: A namesake far away with this share of the chosen town's people or more, equal in every
#: other respect, leaves a text without one answer (LOW).
RIVAL_SHARE = 0.7
#: ... and within the one country a country qualifier names: a fifth ("Rawson, Argentina":
#: San Juan's of 130,000 and Chubut's capital of 26,000); also among towns a text names by no
#: own name ("Berno": Brno's other name and Bern's).
COUNTRY_RIVAL_SHARE = 0.2
#: ... and within a region or state a qualifier names (it decides nothing between them): a
#: tenth ("Wangen, Baden-Württemberg": Wangen im Allgäu, 27,000; Wangen bei Göppingen, 3,200).
REGION_RIVAL_SHARE = 0.1


def rival(
    best: int,
    cands: list[City],
    keys: list[tuple[float, ...]],
    *,
    country_only: bool = False,
    bare: bool = False,
    least: float | None = None,
) -> bool:
    """Whether a candidate 50+ km from ``cands[best]``, equal on qualifiers and name, has
    :data:`RIVAL_SHARE` of its people or more (:data:`COUNTRY_RIVAL_SHARE` in the country
    a ``country_only`` qualifier names; ``least`` of them when given); of a ``bare`` name, in
    another country only (a bare "Springfield" is the biggest; "Orléans" is France's or
    Ontario's). A district is no rival of a town, but of a district of another city it is
    (:func:`_rivals`: a bare "Centro" names no one neighbourhood)."""
    c = cands[best]

    def share(o: City) -> float:
        if least is not None:
            return least
        return COUNTRY_RIVAL_SHARE if country_only and o.cc == c.cc else RIVAL_SHARE

    return any(
        k != best
        and not (bare and o.cc == c.cc and not _both_districts(c, o))
        and keys[k][:2] == keys[best][:2]
        and o.population >= share(o) * c.population
        and _km_apart(o, c) >= 50
        and _rivals(c, o)
        for k, o in enumerate(cands)
    )


def _rivals(c: City, o: City) -> bool:
    """Whether town ``o`` can rival ``c`` for a name: not a district, unless both are districts
    of ``data/districts.tsv.z``."""
    return not district(o) or _both_districts(c, o)


def _both_districts(c: City, o: City) -> bool:
    """Whether towns ``c`` and ``o`` are both districts of ``data/districts.tsv.z`` (whose
    weights are their classes' sizes: the bigger is no more the one a bare name means, even in
    one country: "Agdal" of Rabat and of Fes)."""
    from mapsnb_sandbox.world.names.districts import is_district

    return is_district(c.geonameid) and is_district(o.geonameid)


def own_name_rival(c: City, ok: Callable[[City], bool] | None = None) -> bool:
    """Whether a town 50+ km from ``c`` that bears ``c``'s own name (and passes ``ok``), no
    district, has :data:`RIVAL_SHARE` of its people or more: a text that names ``c`` by a
    name or script only ``c`` carries in the index names no one town ("Кінгстон": Kingston,
    Ontario alone; Kingston, Jamaica is seven times bigger)."""
    idx = city_index()
    own = fold_text(c.name)
    for j in idx.by_name.get(own, ()):
        o = idx.cities[j]
        if (
            o.geonameid != c.geonameid
            and fold_text(o.name) == own
            and o.population >= RIVAL_SHARE * c.population
            and _km_apart(o, c) >= 50
            and not district(o)
            and (ok is None or ok(o))
        ):
            return True
    return False


def district(c: City) -> bool:
    """Whether town ``c`` is a district of a city of a million people or more around it:
    within :data:`DISTRICT_KM` of it, and the city wins :func:`.cities.nearest_cached` at the
    town's own point ("Salamanca" of Madrid, "Alhambra" of Phoenix; not a suburb 20 km out);
    and every district of ``data/districts.tsv.z`` (:mod:`.districts`)."""
    from mapsnb_sandbox.world.names.districts import is_district

    if is_district(c.geonameid):
        return True
    there = nearest_cached(round(c.lat, 4), round(c.lng, 4))[0]
    return (
        there.geonameid != c.geonameid
        and there.population >= max(1_000_000, 5 * c.population)
        and _km_apart(there, c) < DISTRICT_KM
    )


#: How far from a city's centre a town of its name index is one of its districts.
DISTRICT_KM = 10


# --------------------------------------------------------------------------- people and communities

COARSE_DEG = 0.1
_KM_PER_DEG = 111.32
#: People per km² of the villages under 1,000 the town index leaves out, wherever a town is
#: within reach (rural Europe holds 30 to 100 per km², Eurostat's degree of urbanisation).
RURAL_PER_KM2 = 30.0
#: Places of worship serve communities (a parish, a neighbourhood, a village), not heads: a
#: town of ``P`` people holds ``P ** COMMUNITY_EXPONENT`` times its country's constant of them
#: (:func:`_community_scale`, which keeps the total of the country's towns). Per person,
#: megacities hold a tenth of their country's rate (Paris 106 parishes for 2.1 million, Bangkok
#: 400 wats for 8 million, Tokyo's 23 wards 896 shrines for 9.9 million), towns of 100,000
#: about their country's rate, villages several times it (Konya province 3,046 mosques for 1.1
#: million people, Istanbul 3,113 for 14, Diyanet 2013; one church in each of France's 36,000
#: communes). The kernel's density cannot carry that spread (its peaks span 2,000 to 15,000
#: people per km² from a village to a megacity); the towns' sizes can. 0.7 is the best of 0.4 to
#: 0.8 on ``benchmarks/bench_worship.py`` (26 published city counts).
COMMUNITY_EXPONENT = 0.7
#: The countryside's people (:data:`RURAL_PER_KM2`) count as villages of this size: chosen so
#: that worship in ten sampled regions (France, Turkey, Japan, England, Thailand, the US
#: Midwest, India, Brazil, Poland, Java) stays as it was in total, on average (0.74 to 1.55).
_VILLAGE = 3000.0


def _peak_density(population: float) -> float:
    """People per km² at a town's centre: ~2,000 for a village to ~15,000 for a megacity."""
    return float(2000.0 * (max(population, 1000.0) / 1000.0) ** 0.2188)


@functools.cache
def _community_scale() -> dict[str, float]:
    """``{cc: people / sum of people ** COMMUNITY_EXPONENT}`` over the country's towns: a town's
    communities times this are "people" at the country's rate, so its total stays."""
    idx, people, weights = city_index(), dict[str, float](), dict[str, float]()
    for j in range(len(idx.cities)):
        c = idx.cities[j]
        pop = float(max(c.population, 1000))
        people[c.cc] = people.get(c.cc, 0.0) + pop
        weights[c.cc] = weights.get(c.cc, 0.0) + pop**COMMUNITY_EXPONENT
    return {cc: people[cc] / weights[cc] for cc in people}


#: A town as the kernel reads it: lat, lng, population, 1 / (2 sigma²) in km⁻², and its
#: communities as "people" (0 for a district of a million-city, whose people are the city's),
#: and its country's :func:`_community_scale`.
_Town = tuple[float, float, float, float, float, float]


@functools.lru_cache(maxsize=64)
def _towns_of_degree(cy: int, cx: int) -> tuple[_Town, ...]:
    idx, scale = city_index(), _community_scale()
    out = []
    for j in idx.grid.get((cy, cx), ()):
        c = idx.cities[j]
        pop = float(max(c.population, 1000))
        sigma2 = pop / (2 * math.pi * _peak_density(pop))
        k = scale.get(c.cc, 1.0)
        weight = 0.0 if _inside_city(c.lat, c.lng, pop) else k * pop**COMMUNITY_EXPONENT
        out.append((idx.cities.lat(j), idx.cities.lng(j), pop, 1 / (2 * sigma2), weight, k))
    return tuple(out)


#: How far, in its kernel's sigmas, a million-city's districts and inner suburbs reach.
CITY_SIGMAS = 3.0


@functools.cache
def _million_cities() -> dict[tuple[int, int], tuple[tuple[float, float, float, float], ...]]:
    """The towns of a million people or more, ``(lat, lng, people, reach in metres)`` by whole
    degree: :data:`DISTRICT_KM` or :data:`CITY_SIGMAS` of their kernel, the farther."""
    idx, out = city_index(), dict[tuple[int, int], list[tuple[float, float, float, float]]]()
    for j in range(len(idx.cities)):
        pop = float(idx.cities[j].population)
        if pop >= 1_000_000:
            lat, lng = idx.cities.lat(j), idx.cities.lng(j)
            sigma_km = math.sqrt(pop / (2 * math.pi * _peak_density(pop)))
            reach = max(DISTRICT_KM, CITY_SIGMAS * sigma_km) * 1000
            out.setdefault((math.floor(lat), math.floor(lng)), []).append((lat, lng, pop, reach))
    return {key: tuple(found) for key, found in out.items()}


def _inside_city(lat: float, lng: float, pop: float) -> bool:
    """Whether a town lies within the reach of a city of a million people and five times its
    own (a district or an inner suburb: the index counts a district's people twice, and a
    metropolis's communities are its kernel's, :data:`COMMUNITY_EXPONENT`)."""
    big = _million_cities()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            for blat, blng, bpop, reach in big.get(
                (math.floor(lat) + dy, math.floor(lng) + dx), ()
            ):
                if bpop >= 5 * pop and haversine_m(lat, lng, blat, blng) < reach:
                    return True
    return False


@functools.lru_cache(maxsize=2048)
def _towns_near(qy: int, qx: int) -> tuple[_Town, ...]:
    """Towns whose kernel (4 sigma) or countryside (15 km) reaches the coarse cell
    ``(qy, qx)``."""
    lat, lng = (qy + 0.5) * COARSE_DEG, (qx + 0.5) * COARSE_DEG
    kx = math.cos(math.radians(lat))
    cy, cx = math.floor(lat), math.floor(lng)
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            for t in _towns_of_degree(cy + dy, (cx + dx + 180) % 360 - 180):
                d_km = math.hypot(t[0] - lat, ((t[1] - lng + 180) % 360 - 180) * kx) * _KM_PER_DEG
                if d_km < 4 / math.sqrt(2 * t[3]) + 15:
                    out.append(t)
    return tuple(out)


def people_per_km2(
    lat: float, lng: float, *, central: bool = False, communities: bool = False
) -> float:
    """People per km² at a point (with ``central``, as commerce sees them: twice as crowded
    toward each town's centre, the same total; with ``communities``, as places of worship see
    them: each town's communities, :data:`COMMUNITY_EXPONENT`, on its kernel); near any town,
    also the countryside's villages the index leaves out (:data:`RURAL_PER_KM2`)."""
    towns = _towns_near(math.floor(lat / COARSE_DEG), math.floor(lng / COARSE_DEG))
    if not towns:
        return 0.0
    kx = math.cos(math.radians(lat))
    narrow = 4.0 if central else 1.0
    total, nearest, scale = 0.0, math.inf, 1.0
    for tlat, tlng, pop, inv, weight, k in towns:
        dy = (tlat - lat) * _KM_PER_DEG
        dx = ((tlng - lng + 180) % 360 - 180) * kx * _KM_PER_DEG
        e = (dx * dx + dy * dy) * inv * narrow
        if e < nearest:
            nearest, scale = e, k
        if e < 20:
            total += (weight if communities else pop) * inv * narrow / math.pi * math.exp(-e)
    if communities:  # the countryside's villages, at the nearest town's country's scale
        return total + RURAL_PER_KM2 * scale * float(_VILLAGE ** (COMMUNITY_EXPONENT - 1))
    return total + RURAL_PER_KM2
