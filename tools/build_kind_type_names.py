"""Build ``mapsnb_sandbox/data/kind_type_names.tsv``: a kind's name in a supported language where
iD's presets give it none, from Organic Maps' display names of OSM types.

Source: Organic Maps ``data/strings/types_strings.txt`` (github organicmaps/organicmaps, read at
00b3288, Apache-2.0, (c) Organic Maps contributors): ``[type.railway.station]`` blocks with one
``lang = Name`` line per language, the name the app shows a place of that type by ("ro = Gară").
Neither benchmark corpus comes from it (CLDR's emoji names; openstreetmap-website's locales).

Rules (stated once, applied to every kind and language):

- **Mapping.** A kind takes the block of the first of its OSM types that the file has, by the
  iD builder's mapping (``build_category_names._presets_of``: train_station ->
  ``railway/station``), as ``tools/category_names_om.py`` does.
- **Only where iD is silent.** A name is added for a kind and one of the 28 supported
  languages (not the eight of ``categories.csv``'s own columns) only where ``category_names.tsv`` has no iD name of that kind there (its second
  column empty or no row): iD's names stay first everywhere else.
- **Own names only.** A name the file gives two types or more in one language ("فروشگاه", shop,
  of every Persian shop), a name with a slash, and a name the table gives another kind are
  left out; a block that only refers to another (``ref =``) gives nothing.

Usage::

    python tools/build_kind_type_names.py FILE   # FILE: types_strings.txt (or blocks of it)
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_category_names import OWN, _presets_of
from category_names_om import LANGS

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "mapsnb_sandbox" / "data"
OUT = DATA / "kind_type_names.tsv"
_HEADER = re.compile(r"^\s*\[type\.([^\]]+)\]\s*$")
_LINE = re.compile(r"^\s*([A-Za-z-]+)\s*=\s*(.+?)\s*$")


def parse(path: Path) -> dict[str, dict[str, str]]:
    """``osm/type -> language -> name`` of the file's type blocks (Organic Maps' regional codes
    read as the emulator's languages, the first listed first)."""
    blocks: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        header = _HEADER.match(line)
        if header:
            parts = header.group(1).split(".")
            current = blocks.setdefault(
                "/".join(parts[:2]) + "".join(f"_{p}" for p in parts[2:]), {}
            )
            continue
        match = _LINE.match(line)
        if current is None or match is None or match.group(1) in ("ref", "comment"):
            continue
        lang = LANGS.get(match.group(1), match.group(1))
        current.setdefault(lang, match.group(2))
    return blocks


def _table() -> tuple[list[str], dict[tuple[str, str], bool], dict[str, dict[str, set[str]]]]:
    """The kinds' keys, whether iD names ``(key, language)``, and ``language -> folded name ->
    kinds`` of every name in the table."""
    with (DATA / "categories.csv").open(encoding="utf-8", newline="") as fh:
        keys = [row["key"] for row in csv.DictReader(fh)]
    named: dict[tuple[str, str], bool] = {}
    names: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for line in (DATA / "category_names.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, lang, *columns = line.split("\t")
        named[(key, lang)] = bool(columns and columns[0])
        for column in columns:
            for name in filter(None, column.split("|")):
                names[lang][name.casefold()].add(key)
    return keys, named, names


def rows(blocks: dict[str, dict[str, str]]) -> list[tuple[str, str, str]]:
    """``(key, language, name)`` by the rules above."""
    spoken = sorted(p.stem for p in (DATA / "texts").glob("*.json") if p.stem not in OWN)
    keys, named, names = _table()
    uses: dict[tuple[str, str], int] = defaultdict(int)
    for block in blocks.values():
        for lang, name in block.items():
            uses[(lang, name.casefold())] += 1
    out = []
    for key in keys:
        types = _presets_of(key, set(blocks))
        block = blocks[types[0]] if types else {}
        for lang in spoken:
            name = block.get(lang, "")
            others = names[lang].get(name.casefold(), set()) - {key}
            if not name or named.get((key, lang)) or "/" in name or others:
                continue
            if uses[(lang, name.casefold())] == 1:
                out.append((key, lang, name))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="Organic Maps data/strings/types_strings.txt")
    found = rows(parse(Path(parser.parse_args().file)))
    head = (
        "# Kind names where iD's presets have none: Organic Maps data/strings/types_strings.txt "
        "(github organicmaps/organicmaps, Apache-2.0, (c) Organic Maps contributors). "
        "Built by tools/build_kind_type_names.py.\n"
    )
    OUT.write_text(head + "".join(f"{k}\t{lang}\t{n}\n" for k, lang, n in found), encoding="utf-8")
    print(f"{len(found)} names -> {OUT}")


if __name__ == "__main__":
    main()
