"""Write ``mapsnb_sandbox/data/volcanoes.csv``: the world's named volcanoes as famous places, at
OpenStreetMap's point, so that "Calbuco", "Calbuco volcano", "Volcán Calbuco" and "hotels near
Calbuco" find the mountain, not a town or nothing.

Source: **OpenStreetMap** nodes tagged ``natural=volcano`` with a ``name`` (© OpenStreetMap
contributors, ODbL 1.0), as the world-wide Overpass extract of github.com/Zumx/volcanoworldmap
ships them (``public/data/points.geojson``, commit ``df18d18e`` of 2026-06-23, 10,047 nodes,
4,920 named; properties ``name``, ``ele``, ``osmId``). The emulator reads this file's output
only; the Smithsonian's list, the fourth landmark holdout's truth, is not read. Usage::

    python tools/build_volcanoes.py points.geojson [JapanMountain.json]

With the second file (the GSI list of Japan's main mountains with their kana,
:mod:`japanese_readings`), a Japanese volcano also bears its Latin names ("霧島山" Kirishimayama,
Mount Kirishima; "阿蘇山" Asosan, Mount Aso), read as the other names are (round 30).

Names of a row (the first one shown): OSM's ``name`` ("Volcán Osorno", "Mount Rainier",
"Gunung Semeru", "Klyuchevskaya Sopka", "Etna"; "A / B", "A/B" and a Latin name beside one in
another script, "Ardoukoba أردوكوبا", as two; a Russian name also in the Latin forms English
writes, :func:`latin_forms`: "Карымский" Karymsky, "Авачинская сопка" Avachinsky) and its *own
parts*, the name without each natural-feature word before it in turn and without those after
it (:data:`KIND_WORDS`: "Nevado del Ruiz" and "Ruiz" of "Volcán Nevado del Ruiz", "Osorno",
"Rainier", "Semeru"; a child cone's parent, "Krakatau" of "Anak Krakatau";
"<own> volcano", "Mount <own>" and their like in other languages are read at run time by
``landmarks.named_with_its_place``). A name is left out when it says nothing alone:

* a name of 3 letters or fewer (but a name of 3 characters or more of a syllable script:
  "阿蘇山", :data:`CJK_CHARACTERS`), one of a country or of a first-level region;
* a name several volcanoes 50 km apart or more bear ("Cerro Negro", "Sierra Negra"): no one
  answer (volcanoes nearer than that are one place: the highest is kept);
* a name the curated tables already hold (``landmarks.csv``, ``famous_places.csv``,
  ``heritage_sites.csv``: Vesuvius, Etna, Mayon keep their own rows and points);
* a town's name: a name a town of the emulator's index bears (its own or another name) stays
  the town's ("Osorno" is the city of 150,000; "Bam" Iran's city), unless the volcano is
  far more prominent: :data:`METRES_PER_PERSON` metres of height per person of the biggest
  such town, so a 2,000 m volcano outranks a namesake village of under
  ``2000 / METRES_PER_PERSON`` people (a town of the index has 1,000+; one that bears the
  name only as a variant spelling counts :data:`VARIANT_SHARE` of its people); words that are also
  ordinary words (``ordinary_words.txt``: "Victory", "Adams") never name a volcano alone.

When the own part is left out alone (a town's name), "<own> volcano" names the row (first when
no other name is left: the display name) if the own part has 4 letters or more, no other
volcano 50 km away bears it and fewer than :data:`GENERIC_TOWNS` towns do ("Talang volcano",
"Calbuco volcano"; not "Bam volcano", "Santa Isabel volcano", "La Palma volcano": short or
generic names other volcanoes bear too). Kind ``park`` (the natural features' kind of the
famous places: ``landmarks.NATURAL_KINDS``); address: the country of the nearest town.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.cities import City
from mapsnb_sandbox.world.index.landmark_rows import VOLCANO_KEY
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, famous_keys, fold
from tools.japanese_readings import Readings, japanese_forms, read_mountains

OUT = FAMOUS_CSV.with_name("volcanoes.csv")
COLUMNS = ["key", "whc", "kind", "city", "country", "cc", "lat", "lng", "names", "keys"]
HEADER = (
    "# Named volcanoes as famous places (issue 40): OpenStreetMap natural=volcano nodes, (c)\n"
    "# OpenStreetMap contributors, ODbL 1.0 (this file is a derived database under the same\n"
    "# licence), at OSM's point, by OSM's name and its own part without kind words. Written by\n"
    "# tools/build_volcanoes.py; see SOURCES.md.\n"
)
#: Natural-feature words before or after a volcano's own name (folded), in the gazetteers'
#: languages: "Volcán Osorno", "Mount Rainier", "Gunung Semeru", "Klyuchevskaya Sopka".
KIND_WORDS = frozenset(
    [
        "mount",
        "mt",
        "mt.",
        "mont",
        "monte",
        "montana",
        "gunung",
        "volcan",
        "volcano",
        "vulkan",
        "vulcano",
        "vulcao",
        "cerro",
        "nevado",
        "nevados",
        "pico",
        "pic",
        "piton",
        "sopka",
        "gora",
        "vulkaan",
        "bukit",
        "puy",
        "puig",
        "ili",
    ]
)
#: Words after a volcano's own name that only say where it is ("Kavachi submarine volcano").
_AFTER_WORDS = frozenset(["submarine", "underwater"])
#: Connectors after a leading kind word ("Volcán de Fuego", "Pico de Orizaba").
_OF = frozenset(["de", "del", "di", "da", "do", "du", "d"])
#: Volcanoes nearer than this (km) are one place; farther apart, a shared name is no answer.
APART_KM = 50.0
#: Metres of a volcano's height that outrank one person of a namesake town (see the docstring).
METRES_PER_PERSON = 2.0
#: The fewest letters of an own part read with a kind word ("Bam volcano", "Awu volcano").
KIND_LETTERS = 4
#: A name this many towns of the index bear or more is a generic one ("Santa Isabel", "La
#: Palma", "San José"): other volcanoes the source lacks bear it too, so no "<name> volcano".
GENERIC_TOWNS = 5
#: A volcano with no height in OSM counts this high.
DEFAULT_HEIGHT_M = 1000.0


def own_part(name: str) -> str:
    """``name`` without its kind words before (and connectors after them) or after it."""
    return own_parts(name)[-1]


def own_parts(name: str) -> list[str]:
    """``name`` without each of its leading kind words in turn (and connectors after them), the
    last also without its kind words after it: "Volcán Nevado del Ruiz", "Nevado del Ruiz",
    "Ruiz"; "Ili Lewotolok", "Lewotolok"; "Kavachi submarine volcano", "Kavachi". A child cone (Indonesian
    "anak", :data:`_CHILD`) also bears its parent's name: "Anak Krakatau", "Krakatau"."""
    words = name.replace("\u2019", "'").split()
    out = []
    while len(words) > 1 and fold(words[0]).rstrip(".") in KIND_WORDS | _CHILD:
        words = words[1:]
        while len(words) > 1 and fold(words[0]) in _OF:
            words = words[1:]
        out.append(" ".join(words))
    while len(words) > 1 and fold(words[-1]) in KIND_WORDS | _AFTER_WORDS:
        words = words[:-1]
    return list(dict.fromkeys([*out, " ".join(words)]))


#: A child cone's word before its parent's name ("Anak Krakatau", "Anak Ranakah"), and the
#: Russian words for the sharp and the flat peak of one massif ("Ostry Tolbachik", "Plosky
#: Tolbachik": Tolbachik).
_CHILD = frozenset(["anak", "ostry", "plosky"])


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    dy = math.radians(b[0] - a[0])
    dx = math.radians(b[1] - a[1]) * math.cos(math.radians((a[0] + b[0]) / 2))
    return 6371.0 * math.hypot(dx, dy)


def _height(value: object) -> float:
    try:
        return float(str(value).replace("m", "").replace(",", ".").split(";")[0].strip())
    except ValueError:
        return DEFAULT_HEIGHT_M


def read_nodes(path: Path, gsi: Readings | None = None) -> list[dict[str, object]]:
    """The named ``natural=volcano`` nodes of the extract: name, point, height, OSM id; a
    Russian name also in its Latin forms (:func:`latin_forms`), a Japanese one in its romaji
    (:func:`japanese_readings.japanese_forms`, with ``gsi``), as other names of the node."""
    out = []
    for feat in json.loads(path.read_text(encoding="utf-8"))["features"]:
        p = feat["properties"]
        lng, lat = feat["geometry"]["coordinates"]
        for name in _names_of(p.get("name") or ""):
            if name and not any(c.isdigit() for c in name) and "unnamed" not in name.lower():
                height = _height(p.get("ele"))
                latin = latin_forms(name) + japanese_forms(name, lat, lng, gsi or {})
                for form in (name, *latin):
                    out.append(
                        {"name": form, "lat": lat, "lng": lng, "height": height, "osm": p["osmId"]}
                    )
    return out


def _names_of(value: str) -> list[str]:
    """The names in OSM's ``name``: "A / B", "A;B" and "A/B" are two, a bracketed note is left
    out, and a name in the Latin script beside one in another is two ("Ardoukoba أردوكوبا")."""
    out = []
    for name in _SPLIT.split(_BRACKETS.sub("", value)):
        words = name.split()
        latin = [w for w in words if any(latin_letter(c) for c in w)]
        other = [w for w in words if w not in latin and any(c.isalpha() for c in w)]
        out += [" ".join(latin), " ".join(other)] if latin and other else [name.strip()]
    return [n for n in out if n]


#: Russian letters as English writes the Kamchatka and Kuril volcanoes' names (BGN/PCGN
#: without its marks: "Ксудач" Ksudach, "Эбеко" Ebeko, "Жупановский" Zhupanovsky).
_RU_LATIN = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
         "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"],
        strict=True,
    )
)  # fmt: skip
#: Word ends English writes otherwise: the adjective's "-ий", "-ый" as "-y" ("Карымский"
#: Karymsky, "Горелый" Gorely).
_RU_ENDS = (("ий", "y"), ("ый", "y"))
#: A feminine adjective (agreeing with "сопка", hill) is named by its masculine form in English:
#: "Авачинская сопка" Avachinsky, "Кроноцкая сопка" Kronotsky.
_RU_FEMININE = re.compile(r"(ск|цк)ая$")


def _latin_word(word: str) -> str:
    low = word.lower()
    for end, latin in _RU_ENDS:
        if low.endswith(end) and len(low) > 3:
            low = low[: -len(end)] + latin
    out = "".join(_RU_LATIN.get(c, c) for c in low)
    return out[:1].upper() + out[1:] if word[:1].isupper() else out


def latin_forms(name: str) -> list[str]:
    """A Russian name's Latin forms (no other Cyrillic alphabet's, none for another script):
    letter by letter (:data:`_RU_LATIN`, :data:`_RU_ENDS`), a feminine adjective also as the
    masculine (:data:`_RU_FEMININE`: Avachinsky; and in "-oy", Klyuchevskoy), a genitive one as
    the nominative (:data:`_RU_GENITIVE`), "ь" before a vowel also as "i" (Iliinsky), "й" after
    a vowel also as "i" ("Райкоке" Raikoke, "Чирпой" Chirpoi)."""
    letters = [c for c in name.lower() if c.isalpha()]
    if not letters or not all(c in _RU_LATIN for c in letters):
        return []
    words = name.replace("-", " - ").split()
    variants = [
        words,
        [_RU_FEMININE.sub(r"\1ий", w) for w in words],
        [_RU_FEMININE.sub(r"\1ой", w) for w in words],  # "Ключевская" Klyuchevskoy
        [_RU_GENITIVE.sub(r"\1ий", w) for w in words],  # "Заварицкого" Zavaritsky
    ]
    variants = [ws for i, ws in enumerate(variants) if i == 0 or ws != words]
    soft = [[_RU_SOFT.sub("и", w) for w in ws] for ws in variants]  # "Ильинский" Iliinsky
    variants += [ws for ws, was in zip(soft, list(variants), strict=True) if ws != was]
    forms = [" ".join(map(_latin_word, ws)).replace(" - ", "-") for ws in variants]
    forms += [re.sub(r"(?<=[aeiou])y(?![aeiouy])", "i", f) for f in forms]
    return list(dict.fromkeys(forms))


#: A masculine adjective in the genitive (a volcano named after a person, "вулкан Карпинского"),
#: named by its nominative in English: Karpinsky, Zavaritsky.
_RU_GENITIVE = re.compile(r"(ск|цк)ого$")
#: A soft sign before a vowel, which English also writes "i" ("Ильинский" Iliinsky).
_RU_SOFT = re.compile(r"ь(?=[аеёиоуыэюя])")


#: Two names in one ("Maungarei / Mount Wellington"), and a bracketed note ("Gunung Api (Banda)").
_SPLIT, _BRACKETS = re.compile(r"\s*/\s*|;"), re.compile(r"\s*\([^)]*\)")


def _others() -> frozenset[str]:
    """Folded names of the curated and famous tables (kept as they are)."""
    from mapsnb_sandbox.world.landmarks import (
        HERITAGE_CSV,
        LANDMARKS_CSV,
        folded_names,
        load_famous,
        load_landmarks,
    )

    items = load_famous(HERITAGE_CSV, load_famous(FAMOUS_CSV, load_landmarks(LANDMARKS_CSV)))
    return frozenset(k for lm in items for k in (*lm.keys, *folded_names(lm)))


def _town_population(key: str) -> float:
    """The most people of a town of the index that bears folded name ``key`` (0: none) as its
    own name or as a name some language gives it; a town that bears it only as a variant
    spelling (:func:`_variant_only`) counts :data:`VARIANT_SHARE` of its people (round 30: a
    city of millions keeps its old spelling, "Sourabaya" Surabaya; "Kanaga" of Kananga, a
    million, stays the volcano's, 1,307 m high)."""
    from mapsnb_sandbox.world.cities import city_index

    idx = city_index()
    towns = (idx.cities[j] for j in idx.by_name.get(key, ()))
    weights = (c.population * (VARIANT_SHARE if _variant_only(key, c) else 1.0) for c in towns)
    return max(weights, default=0.0)


#: The share of a town's people a variant spelling of its name weighs against a volcano's
#: height (:data:`METRES_PER_PERSON`): a variant no language calls the town by stays the town's
#: when the town has more thousands of people than the volcano metres (Surabaya's 3,018 to
#: Mount Sourabaya's 915 m; Kananga's 1,247 to Kanaga's 1,307 m: the volcano's).
VARIANT_SHARE = 0.0005


def _variant_only(key: str, town: City) -> bool:
    """Whether ``town`` bears folded ``key`` only as a variant spelling no language calls it
    by (GeoNames' other names, ``name_languages.tsv.z``: "Manam" of Manama, "Kanaga" of
    Kananga, "Sajama" of Sayama) and not as a word of its own name ("Hague" of The Hague):
    such a name is the volcano's own, not the town's. A name in another script than the Latin
    is the town's name in that script, no spelling of its Latin one (round 30: "平顶山" is
    Pingdingshan, no volcano of Inner Mongolia)."""
    from mapsnb_sandbox.world.index.name_languages import naming_languages

    if key in fold(town.name).split() or key == fold(town.name):
        return False
    if any(c.isalpha() and not latin_letter(c) for c in key):
        return False
    naming = naming_languages(town.geonameid, key)
    return naming is not None and not naming.languages


def _ordinary() -> frozenset[str]:
    path = FAMOUS_CSV.with_name("ordinary_words.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(fold(w) for w in lines if w and not w.startswith("#"))


def _places() -> frozenset[str]:
    """Folded names of countries and first-level regions."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.towns import regions

    return frozenset(city_index().countries) | frozenset(regions().admin1)


def _country(key: str) -> bool:
    """Whether folded ``key`` names a country (in any language the resolver reads)."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.names.qualifiers import country_named

    return key in city_index().countries or country_named(key, 1) is not None


def _clusters(nodes: list[dict[str, object]]) -> dict[str, list[dict[str, object]]]:
    """Folded name -> the highest node of each group of its nodes within :data:`APART_KM`."""
    by_name: dict[str, list[dict[str, object]]] = {}
    for n in sorted(nodes, key=lambda n: -float(n["height"])):  # type: ignore[arg-type]
        for key in {fold(str(n["name"])), *map(fold, own_parts(str(n["name"])))}:
            kept = by_name.setdefault(key, [])
            pt = (float(n["lat"]), float(n["lng"]))  # type: ignore[arg-type]
            if all(_km(pt, (float(k["lat"]), float(k["lng"]))) >= APART_KM for k in kept):  # type: ignore[arg-type]
                kept.append(n)
    return by_name


#: The fewest characters of a name in a script that writes a syllable or a word a character
#: (Han, kana, hangul): "阿蘇山" (Aso-san), "霧島山", "백두산" are whole names, not 3 letters.
CJK_CHARACTERS = 3
#: The scripts of :data:`CJK_CHARACTERS` (Han, hiragana, katakana, hangul syllables).
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _too_short(key: str) -> bool:
    """Whether folded ``key`` is too short to name a volcano alone: 3 letters or fewer, or fewer
    than :data:`CJK_CHARACTERS` characters of a syllable script."""
    letters = key.replace(" ", "")
    if _CJK.search(letters):  # a generic end says what, not which: "泥火山" (mud volcano)
        return len(_CJK_GENERIC.sub("", letters)) < CJK_CHARACTERS
    return len(letters) <= 3


#: Ends of a Chinese or Japanese name that say what a feature is, not which: "火山" (volcano),
#: "口" (a vent): "泥火山" (a mud volcano), "副火山" (a side cone), "地熱口" (a steam vent).
_CJK_GENERIC = re.compile(r"(火山|口)$")


def _name_ok(name: str, node: dict[str, object], ctx: dict[str, object]) -> bool:
    key = fold(name)
    clusters: dict[str, list[dict[str, object]]] = ctx["clusters"]  # type: ignore[assignment]
    if _too_short(key) or key in ctx["places"] or key in ctx["others"]:  # type: ignore[operator]
        return False
    if _country(key):
        return False
    if len(clusters.get(key, ())) != 1 or clusters[key][0] is not node:
        return False
    if key in ctx["ordinary"]:  # type: ignore[operator]
        return False
    return _town_population(key) * METRES_PER_PERSON < float(node["height"])  # type: ignore[arg-type]


def build_rows(
    nodes: list[dict[str, object]],
    key_prefix: str = VOLCANO_KEY,
    taken: frozenset[str] = frozenset(),
    *,
    volcanoes: bool = True,
) -> list[dict[str, str]]:
    """One row per volcano with a name left (see the module docstring); ``key_prefix`` opens
    the rows' keys, names in ``taken`` (folded) stay another table's, and rows of mountains
    that are not all volcanoes (``volcanoes`` false) bear no "<own> volcano" nor their own
    parts alone ("Takatori" of "Mount Takatori" is a town's name the index may lack)."""
    from mapsnb_sandbox.world.cities import country_name, nearest_cached

    ctx: dict[str, object] = {
        "clusters": _clusters(nodes),
        "places": _places(),
        "others": _others() | taken,
        "ordinary": _ordinary(),
    }
    rows: list[dict[str, str]] = []
    seen: dict[str, int] = {}
    for n in sorted(nodes, key=lambda n: int(n["osm"])):  # type: ignore[call-overload]
        name = str(n["name"])
        own = own_part(name)
        parts = own_parts(name) if volcanoes else []  # a mountain's stem is often its town's
        names = [x for x in dict.fromkeys([name, *parts]) if _name_ok(x, n, ctx)]
        if volcanoes and fold(own) not in map(fold, names) and _kind_ok(name, own, n, ctx):
            names.append(f"{own} volcano")  # "Bam volcano", "Meru volcano": a town's name alone
        if not names:
            continue
        key = f"{key_prefix}{n['osm']}"
        if key in seen:  # the second name of "A / B": the row's alias
            at = seen[key]
            rows[at]["names"] = "|".join(dict.fromkeys([*rows[at]["names"].split("|"), *names]))
            rows[at]["keys"] = "|".join(famous_keys("", rows[at]["names"]))
            continue
        seen[key] = len(rows)
        lat, lng = round(float(n["lat"]), 5), round(float(n["lng"]), 5)  # type: ignore[arg-type]
        cc = nearest_cached(round(lat, 4), round(lng, 4))[0].cc
        keys = famous_keys("", "|".join(names))
        rows.append(
            {
                "key": key, "whc": "", "kind": "park", "city": "", "country": country_name(cc),
                "cc": cc, "lat": f"{lat:.5f}", "lng": f"{lng:.5f}", "names": "|".join(names),
                "keys": "|".join(keys),
            }
        )  # fmt: skip
    return rows


def _kind_ok(name: str, own: str, node: dict[str, object], ctx: dict[str, object]) -> bool:
    """Whether the own part may be read with a kind word: long enough, one volcano's, no
    country's, borne by few towns ("Chimborazo volcano": a province's name too)."""
    from mapsnb_sandbox.world.cities import city_index

    key = fold(own)
    clusters: dict[str, list[dict[str, object]]] = ctx["clusters"]  # type: ignore[assignment]
    alone = len(clusters.get(key, ())) == 1 and clusters[key][0] is node
    whole = len(clusters.get(fold(name), ())) == 1 and fold(name) not in ctx["others"]  # type: ignore[operator]
    others: frozenset[str] = ctx["others"]  # type: ignore[assignment]
    if len(key.replace(" ", "")) < KIND_LETTERS or not (alone and whole) or key in others:
        return False
    if _country(key):  # "Ecuador volcano", "Congo volcano": volcanoes there, not one
        return False
    return len(city_index().by_name.get(key, ())) < GENERIC_TOWNS


def main(argv: list[str]) -> int:
    nodes = read_nodes(Path(argv[1]), read_mountains(Path(argv[2])) if len(argv) > 2 else None)
    rows = build_rows(nodes)
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER)
        w = csv.DictWriter(fh, COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"{len(nodes)} named nodes -> {len(rows)} volcanoes, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
