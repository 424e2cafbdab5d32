"""Build ``mapsnb_sandbox/data/kind_religions.tsv``: the words of faiths in the 28 languages.

Source: the OpenStreetMap iD editor's presets, npm package ``@openstreetmap/id-tagging-schema``
(ISC licence, (c) iD contributors): ``dist/translations/<lang>.min.json`` gives the options of
the ``religion`` field per language ("हिन्दू" ... "হিন্দু", "ہندو", "יהודי"). A query puts one
before or after a kind ("হিন্দু মন্দির ঢাকা", Hindu temple Dhaka) to qualify it: no town.
Only words of scripts with spaces and without capitals (Arabic, Bengali, Hebrew, ...) are kept:
there a capital cannot tell a name from a word that qualifies a kind; in scripts without spaces
the word is glued into the kind's own name ("โบสถ์ยิว", synagogue: Jewish church). Options iD leaves in English, and "none", are left out.

Usage::

    python tools/build_kind_religions.py [--package DIR_OR_TGZ]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from build_category_names import _NO_SPACE, DATA, PACKAGE, _clean, id_presets

OUT = DATA / "kind_religions.tsv"
SKIP = frozenset({"none"})


def _options(path: Path, lang: str) -> dict[str, str]:
    """The religion field's options of a translation file (value -> label)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    fields = doc.get(lang, {}).get("presets", {}).get("fields", {})
    return dict(fields.get("religion", {}).get("options", {}))


def _uncased(word: str) -> bool:
    """Whether ``word`` has no capital form and spaces (Arabic, Bengali, not Han)."""
    return word.upper() == word.lower() and not _NO_SPACE.search(word)


def build(dist: Path) -> dict[str, list[str]]:
    """Language -> its words of faiths (not English's left untranslated)."""
    langs = sorted(p.stem for p in (DATA / "texts").glob("*.json"))
    english = _options(dist / "translations" / "en.min.json", "en")
    out: dict[str, list[str]] = {}
    for lang in langs:
        path = dist / "translations" / f"{lang}.min.json"
        if not path.exists():
            continue
        opts = _options(path, lang)
        words = [
            _clean(label)
            for value, label in opts.items()
            if value not in SKIP and label != english.get(value) and _uncased(label)
        ]
        if words:
            out[lang] = list(dict.fromkeys(w for w in words if w))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", help="unpacked package folder or .tgz (default: npm pack)")
    ns = parser.parse_args()
    with id_presets(ns.package) as (dist, version):
        words = build(dist)
    with OUT.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(
            f"# Words of faiths per language: the religion field's options of the OpenStreetMap iD "
            f"presets, npm {PACKAGE} {version}, ISC licence, (c) iD contributors. "
            "Built by tools/build_kind_religions.py.\n"
        )
        for lang, ws in words.items():
            fh.write(f"{lang}\t{'|'.join(ws)}\n")
    print(
        f"{OUT.relative_to(DATA.parents[1])}: {len(words)} languages, {OUT.stat().st_size:,} bytes"
    )


if __name__ == "__main__":
    main()
