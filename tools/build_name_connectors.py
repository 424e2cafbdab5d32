"""Build ``mapsnb_sandbox/data/name_connectors.txt``: the words that join the parts of a place's
name ("Almoloya de Gutiérrez", "El Salto de los Salado", "Montreuil-en-Caux", "La Chapelle-aux-
Saints", "Boddin bei Hagenow", "Mo i Rana"), folded, one a line (issue 40, names round 25).

Source: libpostal's per-language dictionaries of "prepositions and articles mostly, very common
words" (``resources/dictionaries/<lang>/stopwords.txt``; openvenues/libpostal, MIT licence,
commit ``4c030d8`` of 2025-09-07). Every form of a line (the word and its spellings after
``|``) made of letters alone, folded as the town index folds names; abbreviations of one letter
after ``|`` ("von|v", "bei|b") are left out, and two words of names that are no function words
(``rio``, Portuguese "river"; ``nossa``/``nosso``, of "Nossa Senhora"): a capitalised one of
them is a name's own word.

Usage: ``python tools/build_name_connectors.py LIBPOSTAL_DIR`` (a checkout or the mirror's work
tree of libpostal). The emulator reads the text file only (``names/compounds.connectors``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.geodata import fold_text

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "name_connectors.txt"
COMMIT = "4c030d8ff2fcf59c26510f68823c28a2346034d4"
#: Forms of the lists that are words of names, not function words.
NAME_WORDS = frozenset({"rio", "nossa", "nosso"})


def words(root: Path) -> dict[str, set[str]]:
    """Folded connector -> the libpostal languages that list it."""
    out: dict[str, set[str]] = {}
    for path in sorted((root / "resources" / "dictionaries").glob("*/stopwords.txt")):
        lang = path.parent.name
        for line in path.read_text(encoding="utf-8").splitlines():
            forms = [f.strip() for f in line.split("|") if f.strip()]
            for k, form in enumerate(forms):
                if not form.replace(" ", "").isalpha() or " " in form:
                    continue
                if k > 0 and len(form) == 1:
                    continue  # "von|v": an abbreviation, also a name's initial
                key = fold_text(form)
                if key and key not in NAME_WORDS:
                    out.setdefault(key, set()).add(lang)
    return out


def main() -> None:
    found = words(Path(sys.argv[1]))
    head = (
        f"# Built by tools/build_name_connectors.py from libpostal {COMMIT[:7]} "
        "(resources/dictionaries/*/stopwords.txt; MIT). Folded word<TAB>languages.\n"
    )
    body = "".join(f"{w}\t{','.join(sorted(found[w]))}\n" for w in sorted(found))
    OUT.write_text(head + body, encoding="utf-8")
    print(f"{len(found)} words, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
