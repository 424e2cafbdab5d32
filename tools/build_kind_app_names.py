"""Build ``mapsnb_sandbox/data/kind_app_names.tsv``: kinds' names in the supported languages from
OsmAnd's names of POI types and categories, read as search terms after iD's names.

Source: OsmAnd's ``OsmAnd/res/values-XX/phrases.xml`` (github osmandapp/OsmAnd; translations are
accepted under the MIT licence, per the repository's LICENSE, "Pull-requests and translations"),
as typed in ``tools/osmand_phrases.csv`` (the strings read, with the commit of each language's
file): ``<string name="poi_bus_station">Terminal bus</string>``. Neither kinds corpus comes from
it (CLDR's emoji names; openstreetmap-website's locales; UniMorph's plurals).

Rules (stated once, applied to every kind and language):

- **Mapping.** A kind takes the strings named ``poi_`` + one of its OSM values by the iD
  builder's mapping (``build_category_names.PRESETS``: gas_station -> ``amenity/fuel`` ->
  ``poi_fuel``; the value alone and its path joined, ``railway_station``), its key, or one of
  its English names in the singular with ``_`` for spaces ("filling station" ->
  ``poi_filling_station``; not "garages", OsmAnd's lock-up garages). A string two kinds take
  gives nothing.
- **Names.** A string's names are its ``;``-separated parts; parts of under three letters
  ("Ya", yes) are left out.
- **Own names only.** A name OsmAnd gives two strings or more in one language ("Cafenea", of
  the coffee shop and the cafeteria; "Stasiun kereta api", of the station and the halt), a name
  the table gives another kind in that language ("Stasiun pengisian", the EV charger's), and a
  name the kind already has there are left out. English is left out (the table's is curated).

Usage::

    python tools/build_kind_app_names.py [CSV]   # default tools/osmand_phrases.csv
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_category_names import _PREFIXES, PRESETS
from build_kind_type_names import _table

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "mapsnb_sandbox" / "data"
OUT = DATA / "kind_app_names.tsv"
EXTRACT = Path(__file__).resolve().parent / "osmand_phrases.csv"
_LEAST = 3


def read_extract(path: Path) -> dict[str, dict[str, list[str]]]:
    """``language -> string name -> names`` of the typed extract."""
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    out: dict[str, dict[str, list[str]]] = defaultdict(dict)
    for row in csv.DictReader(lines):
        names = [" ".join(p.split()) for p in row["value"].split(";")]
        kept = [n for n in dict.fromkeys(names) if sum(ch.isalpha() for ch in n) >= _LEAST]
        out[row["lang"]][row["string"]] = kept
    return out


def _english(key: str) -> list[str]:
    with (DATA / "categories.csv").open(encoding="utf-8", newline="") as fh:
        for rec in csv.DictReader(fh):
            if rec["key"] == key:
                return [w.strip() for w in rec["en"].split("|") if w.strip()]
    return []


def strings_of(key: str) -> set[str]:
    """The OsmAnd string names a kind takes by the mapping rule."""
    paths = list(PRESETS.get(key, ()))
    paths += [f"{p}/{b}" for p in _PREFIXES for b in (key, key.removesuffix("_store"))]
    values = {key} | {p.split("/")[-1] for p in paths} | {p.replace("/", "_") for p in paths}
    english = {w.casefold() for w in _english(key)}
    singular = {w for w in english if w[:-1] not in english and w[:-2] not in english}
    values |= {w.replace(" ", "_") for w in singular}
    return {f"poi_{v}" for v in values}


def _owners(keys: list[str], strings: set[str]) -> dict[str, str]:
    """``string -> kind`` for strings exactly one kind takes."""
    takers: dict[str, set[str]] = defaultdict(set)
    for key in keys:
        for name in strings_of(key) & strings:
            takers[name].add(key)
    return {s: next(iter(k)) for s, k in takers.items() if len(k) == 1}


def rows(extract: dict[str, dict[str, list[str]]]) -> list[tuple[str, str, str]]:
    """``(key, language, name)`` by the rules above."""
    spoken = {p.stem for p in (DATA / "texts").glob("*.json")} - {"en"}
    keys, _named, names = _table()
    out = []
    for lang in sorted(set(extract) & spoken):
        by_string = extract[lang]
        uses: dict[str, int] = defaultdict(int)
        for values in by_string.values():
            for value in values:
                uses[value.casefold()] += 1
        for string, key in sorted(_owners(keys, set(by_string)).items()):
            for name in by_string[string]:
                if uses[name.casefold()] == 1 and not names[lang].get(name.casefold()):
                    out.append((key, lang, name))
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", nargs="?", default=str(EXTRACT), help="the typed extract")
    found = rows(read_extract(Path(parser.parse_args().csv)))
    head = (
        "# Kind names from OsmAnd's POI type and category names, search terms after iD's: "
        "github osmandapp/OsmAnd OsmAnd/res/values-XX/phrases.xml (translations under the MIT "
        "licence per its LICENSE), typed in tools/osmand_phrases.csv. "
        "Built by tools/build_kind_app_names.py.\n"
    )
    OUT.write_text(head + "".join(f"{k}\t{lang}\t{n}\n" for k, lang, n in found), encoding="utf-8")
    print(f"{len(found)} names -> {OUT}")


if __name__ == "__main__":
    main()
