"""What a text qualifies a town with: the region tables and comma parts sorted by what they name.

The region, state and country names of ``data/regions.tsv.z`` (``tools/build_regions.py``: GeoNames,
ISO 3166, CLDR) and the historic and ceremonial regions of ``data/historic_regions.csv``; a text's
comma parts after the town sorted into countries, US states, regions and towns
(:func:`qualifiers`), and whether each holds for a town (:func:`holds`, :func:`city_ok`).
"""

from __future__ import annotations

import csv
import functools
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index, script_ids
from mapsnb_sandbox.world.geodata import COUNTRY_ALIASES, City
from mapsnb_sandbox.world.geodata import fold_text as fold
from mapsnb_sandbox.world.indexfile import query_words

__all__ = [
    "BIG_OWN_NAME",
    "COUNTRY_OVER_TOWN",
    "Qualifiers",
    "Regions",
    "city_ok",
    "code_as_typed",
    "country_named",
    "glued_region_forms",
    "holds",
    "known_qualifier",
    "qualifier_hits",
    "qualifiers",
    "query_phrases",
    "region_abroad",
    "region_at_home",
    "region_of_words",
    "region_words",
    "regions",
    "typed_postal_code",
    "unworded_region",
    "without_article",
]

_REGIONS = Path(__file__).resolve().parents[2] / "data" / "regions.tsv.z"
#: Everyday country names CLDR lacks and the UK's countries in other languages, rows as in
#: ``regions.tsv.z`` (``tools/build_country_aliases.py``: Wikidata, iso-codes, CLDR).
_ALIASES = _REGIONS.with_name("country_aliases.tsv.z")
#: Regions named by an adjective and their region word, in the cases ("в Краснодарском крае",
#: "w województwie mazowieckim"; ``tools/build_region_cases.py``: Natural Earth, pycountry).
_CASES = _REGIONS.with_name("region_cases.tsv")


@dataclass(frozen=True)
class Regions:
    """Folded names a query qualifies a town with (``data/regions.tsv.z``, built by
    ``tools/build_regions.py`` from GeoNames, ISO 3166 and CLDR)."""

    countries: dict[str, frozenset[str]]  # name in any language -> country codes
    admin1: dict[str, frozenset[tuple[str, str]]]  # name, ISO code, initials -> (cc, admin1)
    admin2: dict[str, tuple[tuple[str, float, float, float, float], ...]]  # name -> boxes
    #: name -> second-level units whose towns :mod:`.provinces` lists ("herault": FR-34)
    units: dict[str, frozenset[str]] = field(default_factory=dict)

    def holds(self, name: str, c: City) -> bool | None:
        """Whether the region, state or country ``name`` holds town ``c`` (None: no such
        region); in the country of a listed unit of that name, the unit's towns decide, not
        a box ("Montblanc, Hérault": not Spain's; "Sète, Gard": not a town of the Gard's box)."""
        ccs, a1s, boxes = self.countries.get(name), self.admin1.get(name), self.admin2.get(name)
        if ccs is None and a1s is None and boxes is None:
            return None
        from mapsnb_sandbox.world.names.provinces import in_units

        own = frozenset(k for k in self.units.get(name, ()) if k[:2] == c.cc)
        m = 0.05  # degrees around a county's towns
        return bool(
            (ccs and c.cc in ccs)
            or (len(name) == 2 and name.upper() == c.cc)  # a code of a country and of states
            or (a1s and (c.cc, c.admin1) in a1s)
            or (own and in_units(c, own))
            or any(
                cc == c.cc and la0 - m <= c.lat <= la1 + m and lo0 - m <= c.lng <= lo1 + m
                for cc, la0, lo0, la1, lo1 in boxes or ()
                if not own
            )
        )


_HISTORIC = Path(__file__).resolve().parents[2] / "data" / "historic_regions.csv"


def _add_historic(
    admin1: dict[str, set[tuple[str, str]]],
    admin2: dict[str, list[tuple[str, float, float, float, float]]],
) -> None:
    """Add ``data/historic_regions.csv`` (ceremonial counties, former regions: "Berkshire",
    "Picardie") as the boxes of their member counties or their first-level codes."""
    from mapsnb_sandbox.world.geodata import fold_text

    lines = _HISTORIC.read_text(encoding="utf-8").splitlines()
    for row in csv.DictReader(line for line in lines if not line.startswith("#")):
        cc, members = row["cc"], row["members"].split("|")
        for name in {fold_text(n) for n in row["name"].split("|")}:
            for m in members:
                if m.startswith("admin1:"):
                    admin1.setdefault(name, set()).add((cc, m.split(":", 1)[1]))
                else:
                    boxes = [b for b in admin2.get(m, ()) if b[0] == cc]
                    admin2.setdefault(name, []).extend(boxes)


def _add_units(
    admin2: dict[str, list[tuple[str, float, float, float, float]]],
    units: dict[str, set[str]],
) -> None:
    """Add the second-level units of :func:`.provinces.units` by every name (France's departments,
    Italy's, Spain's and Belgium's provinces, the US counties: "Hérault", "Lecce", "Lamar County"),
    and Italy's provinces by the two letters an address writes after its town ("22100 Como CO":
    ISO 3166-2:IT's ``IT-CO``): their towns decide (:meth:`Regions.holds`); a box is kept only
    to know the name (none where the table has the name in that country already)."""
    from mapsnb_sandbox.world.names.provinces import units as unit_table

    table = unit_table()
    named = [(n, keys) for n, keys in table.names.items()]
    named += [
        (k.removeprefix("IT-").lower(), frozenset([k])) for k in table.boxes if k[:3] == "IT-"
    ]
    for name, keys in named:
        units.setdefault(name, set()).update(keys)
        have = {b[0] for b in admin2.get(name, ())}
        boxes = [table.boxes[k] for k in sorted(keys) if k[:2] not in have]
        if boxes or name not in admin2:
            admin2.setdefault(name, []).extend(boxes)


@functools.cache
def regions() -> Regions:
    """The region tables, read on first use (a few tens of milliseconds)."""
    countries: dict[str, set[str]] = {}
    admin1: dict[str, set[tuple[str, str]]] = {}
    admin2: dict[str, list[tuple[str, float, float, float, float]]] = {}
    text = b"".join(zlib.decompress(p.read_bytes()) for p in (_REGIONS, _ALIASES))
    cases = [ln for ln in _CASES.read_text(encoding="utf-8").splitlines() if ln[:1] != "#"]
    for line in text.decode("utf-8").splitlines() + cases:
        f = line.split("\t")
        if f[0] == "C":
            countries.setdefault(f[2], set()).add(f[1])
        elif f[0] == "A":
            admin1.setdefault(f[3], set()).add((f[1], f[2]))
        elif f[0] == "B":
            box = (f[1], float(f[3]), float(f[4]), float(f[5]), float(f[6]))
            admin2.setdefault(f[2], []).append(box)
    _add_historic(admin1, admin2)
    units: dict[str, set[str]] = {}
    _add_units(admin2, units)
    return Regions(
        {k: frozenset(v) for k, v in countries.items()},
        {k: frozenset(v) for k, v in admin1.items()},
        {k: tuple(v) for k, v in admin2.items()},
        {k: frozenset(v) for k, v in units.items()},
    )


# --------------------------------------------------------------------------- what a text qualifies a town with


@dataclass
class Qualifiers:
    """The comma parts of a text after the first, sorted by what they name."""

    ccs: set[str]
    states: set[str]
    cities: set[str]  # parts that may name a town (or nothing known)
    regions: set[str]  # parts that name a region, state or country (maybe also a town)
    unknown: set[str]  # parts that name nothing the emulator knows
    postcodes: set[str] = field(default_factory=set)  # typed in the parts ("37002")


def qualifiers(parts: Iterable[str]) -> Qualifiers:
    """The comma parts ``parts`` (after the town) sorted into :class:`Qualifiers`."""
    q = Qualifiers(set(), set(), set(), set(), set())
    parts = list(parts)
    for i, raw in enumerate(parts):
        # "CA 94043" -> "ca"; trailing postcodes are dropped
        p = " ".join(w for w in fold(raw).split() if not w.isdigit())
        p = _as_country(p) or p  # "nước Pháp": France
        if p in city_index().states and _US_ZIP.search(raw):  # "DE 19947": Delaware, not GY-DE
            q.states.add(city_index().states[p])
            q.ccs.add("US")
        elif p:
            _add_qualifier(q, p, last=i == len(parts) - 1)
    return q


#: A US state's code before a ZIP Code, as an address's last line ends ("DE 19947").
_US_ZIP = re.compile(r"^\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\s*$")


@functools.cache
def _query_words(table: str) -> frozenset[str]:
    """The folded words of ``table`` in ``data/query_words.json``, of every language."""
    return frozenset(fold(w) for words in query_words()[table].values() for w in words)


@functools.cache
def query_phrases(table: str) -> tuple[str, ...]:
    """The folded phrases of ``table`` in ``data/query_words.json``, of every language, longest
    first (so a phrase is tried before a phrase it holds: "centre ville" before "centre")."""
    return tuple(sorted(_query_words(table), key=len, reverse=True))


def region_words() -> frozenset[str]:
    """Words that say a qualifier is a region ("Niger State", "Hunan Province", "штат Орегон",
    "negara bagian Oregon"), of every language of ``data/query_words.json``."""
    return _query_words("region_words")


def without_article(text: str) -> str | None:
    """``text`` without the article or articled preposition, in lower case, that opens it ("der
    Schweiz" -> "Schweiz", "negli Stati Uniti", "nell'Unione"; ``name_articles`` of
    ``data/query_words.json``), ``None`` when none does or nothing follows; a capitalised one
    is a name's ("La Paz", "Al Qal'a")."""
    first, space, rest = text.strip().replace("\u2019", "'").partition(" ")
    if space and rest and first.islower() and fold(first) in _query_words("name_articles"):
        return rest
    first, mark, rest = text.strip().replace("\u2019", "'").partition("'")
    glued = mark and " " not in first and first.islower() and rest[:1].isalpha()  # "nell'India"
    return rest if glued and fold(first) in _query_words("name_articles") else None


#: Region words Japanese, Chinese and Korean glue after a region's name ("テキサス州", "山东省",
#: "텍사스주", "ニューサウスウェールズ州", "東京都"), and Thai before it ("รัฐโอเรกอน").
#: (Folded, as the parts they end or open are: Hangul folds to its letters.)
_GLUED_REGION_WORDS = tuple(
    fold(w) for w in ("自治区", "州", "省", "県", "县", "都", "府", "주", "도")
)
_THAI_REGION_WORDS = tuple(fold(w) for w in ("จังหวัด", "มณฑล", "แคว้น", "รัฐ"))
#: Thai's word for a country, glued before its name ("ประเทศฝรั่งเศส"), folded.
_THAI_COUNTRY = fold("ประเทศ")
#: Words between a region word and the name ("estado de Oregón", "provincia di Pisa", "stato
#: della California", "state of Oregon").
_LINKS = frozenset(["de", "di", "do", "da", "del", "du", "della", "dello", "dell", "of"])


def region_of_words(p: str) -> str | None:
    """``p`` without region words before or after it, when what is left is a first- or
    second-level region ("niger state" -> "niger", the Nigerian state, not the country;
    "estado de oregon", "negara bagian oregon" -> "oregon"; "山东省" -> "山东")."""
    rg = regions()
    if p in rg.admin1 or p in rg.admin2 or p in rg.countries:
        return None
    glued = _unglued(p, _THAI_REGION_WORDS)
    for name in glued + _unworded(p.split(), region_words(), links=_LINKS):
        if name in rg.admin1 or name in rg.admin2:
            return name
    return None


def unworded_region(p: str) -> list[str]:
    """Folded ``p`` without one or two region words before (and a link after them) or after
    it: what may be a region's own name ("provincia de toledo" -> "toledo")."""
    return _unworded(p.split(), region_words(), links=_LINKS)


def _as_country(p: str) -> str | None:
    """``p`` without a word for "country" before or after it, when what is left names a
    country ("nuoc phap", Vietnamese for France; "ประเทศฝรั่งเศส"), else ``None``."""
    rg = regions()
    if p in rg.countries or p in rg.admin1:
        return None
    names = [p[len(_THAI_COUNTRY) :]] if p.startswith(_THAI_COUNTRY) else []
    names += _unworded(p.split(), _query_words("country_words"), links=frozenset())
    return next((n for n in names if n in rg.countries), None)


def _unworded(words: list[str], vocabulary: frozenset[str], *, links: frozenset[str]) -> list[str]:
    """The folded ``words`` without one or two words of ``vocabulary`` at their end or start
    (and a link word after a start: "estado de")."""
    out = []
    for k in (1, 2):
        if len(words) <= k:
            break
        if " ".join(words[-k:]) in vocabulary:
            out.append(" ".join(words[:-k]))
        if " ".join(words[:k]) in vocabulary:
            rest = words[k + 1 :] if words[k] in links and len(words) > k + 1 else words[k:]
            out.append(" ".join(rest))
    return out


def glued_region_forms(text: str) -> list[str]:
    """The first-level regions' names ``text`` is with its glued region word off or on
    ("カリフォルニア州" -> "カリフォルニア", "四川" -> "四川省"; folded): a search's place
    written so ("カリフォルニア州のホテル", "四川的酒店")."""
    return [n for n in _unglued(fold(text.strip()), _THAI_REGION_WORDS) if n in regions().admin1]


def _unglued(p: str, leading: tuple[str, ...]) -> list[str]:
    """Folded ``p`` without a region word glued after it ("山东省" -> "山东") or, in Thai,
    before it (``leading``), or with the one a Chinese province's or municipality's ISO name
    ends with ("山东" -> "山东省", "北京" -> "北京市"), in those scripts only."""
    if p.isascii() or " " in p:
        return []
    out = [p[: -len(w)] for w in _GLUED_REGION_WORDS if p.endswith(w) and len(p) - len(w) >= 2]
    out += [p[len(w) :] for w in leading if p.startswith(w) and len(p) - len(w) >= 2]
    han = re.fullmatch("[\u4e00-\u9fff]{2,3}", p)
    return out + ([p + "省", p + "自治区", p + "市"] if han else [])


def _us_state_only(p: str) -> bool:
    """Whether ``p`` is a US state's code or name that names no region of another country
    ("tx" names only Texas; "wa" is also Western Australia)."""
    return all(cc == "US" for cc, _ in regions().admin1.get(p, ()))


def _add_state(q: Qualifiers, p: str) -> None:
    """A US state's code or name: the state, or any region of that code where other countries
    share it ("WA": Washington or Western Australia, whichever holds the town)."""
    if _us_state_only(p):
        q.states.add(city_index().states[p])
        q.ccs.add("US")
    else:
        q.regions.add(p)


def _add_qualifier(q: Qualifiers, p: str, *, last: bool) -> None:
    """Sort comma part ``p`` into ``q``: a country, a US state, a region (held by
    :meth:`.towns.Regions.holds`) or a town."""
    idx, rg = city_index(), regions()
    region = region_of_words(p)
    if region is not None:
        q.regions.add(region)  # "Niger State": the state, not the country
    elif not last and p in rg.admin1 and p not in idx.states:
        q.regions.add(p)  # "La Trinidad, Mexico, Mexico": the state before the country
        if _town_named(p):
            q.cities.add(p)
    elif p in idx.states and p in idx.countries and len(p) > 2:
        q.regions.add(p)  # "Georgia": the state or the country, whichever holds
    elif p in idx.states and (len(p) == 2 or p not in idx.countries):
        _add_state(q, p)
    elif len(rg.countries.get(p, ())) > 1:
        q.regions.add(p)  # "Nga": Russia in Vietnamese, Nigeria's ISO code; whichever holds
    elif p in idx.countries:
        q.ccs.add(idx.countries[p])
    elif len(p) == 2 and p.upper() in idx.country_names and not (p in rg.admin1 or p in rg.admin2):
        q.ccs.add(p.upper())
    elif len(p) == 2 and p.upper() in idx.country_names:
        q.regions.add(p)  # "PE": Peru, or Pernambuco, or Prince Edward Island; "FI": Finland
        # or the province of Florence, whichever holds
    elif p in rg.countries and len(rg.countries[p]) == 1 and not _big_town(p):
        q.ccs.update(rg.countries[p])  # (a city's own name is that city too: "…, Granada")
    elif p in rg.admin1 or p in rg.admin2 or p in rg.countries:
        q.regions.add(p)
        if _town_named(p):
            q.cities.add(p)
    else:
        _add_town(q, p)


def _add_town(q: Qualifiers, p: str) -> None:
    """Add comma part ``p`` as a town ("Keelung City": Keelung), unknown if none is named so."""
    p = p[:-5] if p.endswith(" city") and _town_named(p[:-5]) else p
    q.cities.add(p)
    if not _town_named(p):
        q.unknown.add(p)


def _town_named(p: str) -> bool:
    """Whether a town of the index, not only a big city's district, is named folded ``p``: a
    district's name qualifies nothing ("Qufu, Shandong": not a Kaohsiung neighbourhood's name,
    the province's, as before the districts)."""
    from mapsnb_sandbox.world.names.districts import is_district

    idx = city_index()
    return any(not is_district(idx.cities[j].geonameid) for j in _towns_named(p))


def _towns_named(p: str) -> list[int]:
    """The towns named folded ``p``, also in another script (:func:`.cities.script_ids`:
    "广州", Guangzhou, whose index name is "广州市")."""
    idx = city_index()
    return [*idx.by_name.get(p, ()), *script_ids(idx, p)]


#: A town this big named by a country's name in another language is named by it too
#: ("Alhambra, Granada": the city, or Grenada in Spanish; "Grenade" in French).
BIG_OWN_NAME = 100_000


def _big_town(p: str) -> bool:
    """Whether a town of :data:`BIG_OWN_NAME` people or more is named folded ``p``."""
    idx = city_index()
    return any(idx.cities[j].population >= BIG_OWN_NAME for j in idx.by_name.get(p, ()))


#: A town a region of the named country shares its name with qualifies a town near it only
#: with this many people: a village is no qualifier ("Sandra, Satu Mare, Romania": the județ,
#: not Satu Mare, a village of 1,000 in Arad by Timiș's Şandra; "Manhattan, New York": the city).
REGION_NAMESAKE_PEOPLE = 10_000


def holds(p: str, c: City, *, least: int = 0) -> bool:
    """Whether qualifier ``p`` holds for town ``c``: a region it lies in, or a town of that
    name and ``least`` people or more within 30 km ("Manhattan, New York")."""
    return bool(regions().holds(p, c)) or _named_town_near(p, c, least=least)


def _named_town_near(p: str, c: City, *, least: int = 0) -> bool:
    """Whether a town named ``p`` (folded), of ``least`` people or more, lies within 30 km of
    town ``c``; no big city's district (:func:`_town_named`: "Changxing, Taoyuan City" is no
    Kaohsiung 里 beside Kaohsiung's Taoyuan 里)."""
    from mapsnb_sandbox.world.names.districts import is_district

    idx = city_index()
    return any(
        haversine_m(o.lat, o.lng, c.lat, c.lng) < 30_000
        and o.population >= least
        and not is_district(o.geonameid)
        for o in (idx.cities[j] for j in _towns_named(p)[:8])
    )


def qualifier_hits(parts: Sequence[str], c: City) -> int:
    """How many qualifiers of ``parts`` hold for town ``c`` (:func:`holds`), one more for each
    region it lies in (a region named holds more than a town of its name nearby: "Richmond,
    Surrey" is Richmond upon Thames, not Richmond, BC, by Surrey, BC), one more when ``c``
    is a district and one names its own city ("Chūō-ku, Osaka": not Kobe's ward, 28 km from
    Osaka), and one more for a state's code as the country's addresses write it ("Georgetown,
    DE": Delaware's, not Guyana's, whose Demerara-Mahaica is GY-DE)."""
    from mapsnb_sandbox.world.names.districts import names_its_city

    inside = [regions().holds(p, c) is True for p in parts]  # "Richmond, Surrey": England's
    held = sum(i or _named_town_near(p, c) for p, i in zip(parts, inside, strict=True))
    postal = sum(i and c.cc in postal_countries(p) for p, i in zip(parts, inside, strict=True))
    own_city = names_its_city(c, parts, city_index().by_name) or _inner_city_named(parts, c)
    return held + sum(inside) + own_city + postal


#: A district named as a town ranks after a namesake town of this share of its people or more
#: once qualified ("Salamanca, Spain": the city, not Madrid's district of as many people); a
#: village's far smaller namesake does not push the district aside ("Miraflores, Peru").
DISTRICT_RIVAL_SHARE = 0.1


def outranked_district(c: City, cands: Sequence[City]) -> bool:
    """Whether town ``c`` is a district (:func:`.cities.district`) and another of ``cands``, no
    district, has :data:`DISTRICT_RIVAL_SHARE` of its people or more."""
    from mapsnb_sandbox.world.cities import district

    if len(cands) < 2 or not district(c):
        return False
    least = DISTRICT_RIVAL_SHARE * c.population
    return any(o != c and o.population >= least and not district(o) for o in cands)


def _inner_city_named(parts: Sequence[str], c: City) -> int:
    """1 when town ``c`` lies inside a city of a million people that a qualifier of ``parts``
    names (:func:`.cities.district`: the city is the nearest town at its point): "Miraflores,
    Lima" is Lima's district of 187,000, not a village of Lima's region 130 km off; else 0."""
    from mapsnb_sandbox.world.cities import district, nearest_cached

    there = nearest_cached(round(c.lat, 4), round(c.lng, 4))[0]
    if there.geonameid == c.geonameid or not district(c):
        return 0
    idx = city_index()
    named = (idx.cities[j].geonameid for p in parts for j in _towns_named(p)[:8])
    return int(there.geonameid in set(named))


#: Countries whose addresses end with the state's or province's code, which is also its ISO
#: 3166-2 code ("Dover, DE 19901", "Perth WA 6000", "Halifax NS B3H", "Recife - PE"): USPS
#: Publication 28, Australia Post, Canada Post and Correios addressing guides. Elsewhere an
#: ISO 3166-2 code is seldom typed after a town.
POSTAL_CODE_COUNTRIES = frozenset(["US", "AU", "CA", "BR"])


def postal_countries(p: str) -> frozenset[str]:
    """The countries of :data:`POSTAL_CODE_COUNTRIES` in whose addresses folded ``p`` is a
    state's or province's code ("de": US; "wa": US and AU)."""
    if not 2 <= len(p) <= 3 or not p.isalpha():
        return frozenset()
    return frozenset(cc for cc, _ in regions().admin1.get(p, ()) if cc in POSTAL_CODE_COUNTRIES)


def typed_postal_code(typed: str) -> bool:
    """Whether ``typed`` is a state's or province's code in capitals, as an address writes it
    after its town ("IA", "NSW")."""
    return typed.isupper() and bool(postal_countries(fold(typed)))


def city_ok(c: City, q: Qualifiers) -> bool:
    """Whether the qualifiers hold for town ``c``: its country, US state and regions; a region
    that is also a town's name holds when a country part names the region's country
    (:func:`_region_of_named_country`), else it may be the town ("Manhattan, New York")."""
    if q.ccs and c.cc not in q.ccs:
        return False
    if q.states and c.cc == "US" and c.admin1 not in q.states:
        return False
    if not all(regions().holds(p, c) for p in q.regions if p not in q.cities):
        return False
    named = (p for p in q.regions & q.cities if _region_of_named_country(p, q))
    return all(holds(p, c, least=REGION_NAMESAKE_PEOPLE) for p in named)


def _region_of_named_country(p: str, q: Qualifiers) -> bool:
    """Whether region ``p`` (also a town's name) is a region of a country another comma part
    names ("Hockley, Essex, United Kingdom": the county, so not Hockley of the Midlands), also
    by a name a town shares ("Barbacoas, Antioquia, Columbia": Colombia in Romanian and a
    misspelling, and Columbia, SC; the department holds either way)."""
    rg = regions()
    lands = {cc for cc, _ in rg.admin1.get(p, ())} | {b[0] for b in rg.admin2.get(p, ())}
    named = {cc for o in q.regions if o != p for cc in rg.countries.get(o, ())}
    return bool((q.ccs | named) & lands)


def known_qualifier(typed: str) -> bool:
    """Whether ``typed`` (as written) names a country, state, region or county: a code of two
    letters only in capitals ("OH", "NZ", not "oh")."""
    p = fold(typed)
    if len(p) <= 2 and p.isascii() and not (typed.isupper() and len(typed) == 2):
        return False
    idx, rg = city_index(), regions()
    return (
        p in idx.states
        or p in idx.countries
        or p in rg.countries
        or p in rg.admin1
        or p in rg.admin2
        or region_of_words(p) is not None
        or _as_country(p) is not None
    )


#: A country's name in one of the 28 languages (CLDR) names the country, not a town of that
#: name smaller than this ("Germania", Argentina; "Francia", Honduras).
COUNTRY_OVER_TOWN = 1_000_000


def country_named(full: str, n_parts: int, *, typed: str = "") -> str | None:
    """The country whose name (the index's English one, else one in the 32 languages of
    ``regions.tsv.z``, CLDR) is the whole text ("Egypt", "Niemcy", "ドイツ"), or ``None``; a
    three-letter code names it only typed as codes are (:func:`code_as_typed`)."""
    if n_parts != 1:
        return None
    idx = city_index()
    if full in idx.countries:
        cc = idx.countries[full]
        return cc if code_as_typed(full, cc, typed) else None
    ccs = regions().countries.get(full)
    return next(iter(ccs)) if ccs and len(ccs) == 1 else None


def code_as_typed(full: str, cc: str, typed: str) -> bool:
    """Whether folded ``full``, a name of country ``cc``, is more than its ISO 3166 alpha-3 code,
    or the code typed in capital ASCII letters ("ITA", "DEU"): "Itá" (Paraguay) and "Bra"
    (Piedmont) are towns, not Italy and Brazil; "usa" is a name (``COUNTRY_ALIASES``)."""
    idx = city_index()
    if not typed or len(full) != 3 or full in COUNTRY_ALIASES:
        return True
    if fold(idx.country_names.get(cc, "")) == full:
        return True  # "Oman", "Chad": a name of three letters
    return typed.isascii() and typed.isupper()


@functools.cache
def _region_people() -> dict[tuple[str, str], int]:
    """``(country, first-level region) -> the people of the index's towns in it``."""
    return {key: sums[0] for key, sums in city_index().cities.region_sums().items()}


def region_abroad(c: City, name: str) -> bool:
    """Whether folded ``name``, bare, rather names a first-level region of another country
    with more people than the town ``c`` ("Bali": Indonesia's province, not Bāli, Rajasthan;
    "Ontario": Canada's province, not Ontario, California)."""
    held = regions().admin1.get(name, ())
    if not held:
        return False
    people = _region_people()
    return any(cc != c.cc and people.get((cc, code), 0) > c.population for cc, code in held)


def region_at_home(c: City, name: str, least: int) -> bool:
    """Whether folded ``name`` also names a first-level region of town ``c``'s own country that
    ``c`` does not lie in, with more people than ``c``, a town under ``least`` people ("El
    Progreso, Guatemala": a municipality of 7,000 in Jutiapa, or the department of El Progreso):
    the text names the region as surely as the town, so neither is sure (LOW, searched nowhere).
    A capital that names its own region ("Ardahan", "Salta") lies in it: either reading is
    there."""
    held = regions().admin1.get(name, ())
    if c.population >= least or not held:
        return False
    people = _region_people()
    return any(
        cc == c.cc and code != c.admin1 and people.get((cc, code), 0) > c.population
        for cc, code in held
    )
