"""Build ``mapsnb_sandbox/data/kind_nouns.tsv``: a kind's bare noun where iD names the kind
only as noun + qualifier ("כנסייה נוצרית", Christian church; "מסגד מוסלמי", Muslim mosque).

Source: the OpenStreetMap iD editor's presets, npm package ``@openstreetmap/id-tagging-schema``
(ISC licence, (c) iD contributors). iD names the kind's building by the noun alone (its
``building/church`` preset is "כנסייה"); that name is kept, per language of the emulator's
texts, when it is a whole part of one of the kind's own iD names and of no other kind's names
in that language (so "מקדש", temple, of Hindu, Buddhist and Shinto temples names none of them).

Usage::

    python tools/build_kind_nouns.py [--package DIR_OR_TGZ]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from build_category_names import (
    BUILDINGS,
    DATA,
    PACKAGE,
    _clean,
    _language_files,
    _presets_in,
    _whole_part,
    build,
    id_presets,
)

OUT = DATA / "kind_nouns.tsv"


def _nouns(
    names: dict[str, list[str]], presets: dict[str, dict[str, str]]
) -> list[tuple[str, str]]:
    """(kind, noun) of one language: its building preset's whole name, inside one of the kind's
    names and no other kind's."""
    out: list[tuple[str, str]] = []
    for key, preset in BUILDINGS.items():
        noun = _clean(presets.get(preset, {}).get("name", ""))
        own = names.get(key, [])
        if not noun or "/" in noun or noun in own or not any(_whole_part(noun, n) for n in own):
            continue
        others = (w for k, ws in names.items() if k != key for w in ws)
        if not any(w == noun or _whole_part(noun, w) for w in others):
            out.append((key, noun))
    return out


def nouns(dist: Path) -> list[tuple[str, str, str]]:
    """(kind, language, noun) for the languages of the emulator's texts."""
    names: dict[str, dict[str, list[str]]] = {}
    for key, lang, words in build(dist):
        names.setdefault(lang, {})[key] = words
    files = _language_files(dist)
    out: list[tuple[str, str, str]] = []
    for lang in sorted(p.stem for p in (DATA / "texts").glob("*.json")):
        if lang in files:
            found = _nouns(names.get(lang, {}), _presets_in(files[lang]))
            out += [(key, lang, noun) for key, noun in found]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", help="unpacked package folder or .tgz (default: npm pack)")
    ns = parser.parse_args()
    with id_presets(ns.package) as (dist, version):
        rows = nouns(dist)
    with OUT.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(
            f"# A kind's bare noun where iD names the kind only with a qualifier: the name of its "
            f"building preset, npm {PACKAGE} {version}, ISC licence, (c) iD contributors. "
            "Built by tools/build_kind_nouns.py.\n"
        )
        for key, lang, noun in rows:
            fh.write(f"{key}\t{lang}\t{noun}\n")
    print(f"{OUT.relative_to(DATA.parents[1])}: {len(rows)} rows")


if __name__ == "__main__":
    main()
