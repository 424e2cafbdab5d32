"""Build ``mapsnb_sandbox/data/ordinary_words.txt``: town names that are also ordinary words.

"Nice", "Reading", "Bath", "Split", "Orange", "Mobile", "Temple" are towns, and words. A query
names such a town only where its grammar puts one ("cafe in Nice", "Nice, France", "Nice"
alone), not in "nice cafe" or "Reading glasses" (issue 29). The list is the set of folded
one-word town names of the emulator's city index (no town of a million people or more) that a spelling dictionary lists in lower case
(a common word, not a proper noun) in English, French, Spanish, Italian, Portuguese, Dutch,
or Swedish, plus German words in lower case (German capitalises its nouns).

Sources: Debian's word lists (``wamerican``, ``wbritish``: SCOWL, permissive licence;
``wfrench``, ``wspanish``, ``witalian``, ``wportuguese``, ``wdutch``, ``wswedish``, ``wngerman``: GPL/LGPL/CC word lists, only facts about which words exist are kept) in
``/usr/share/dict``. Usage::

    apt-get install wamerican wbritish wfrench wspanish witalian wportuguese wdutch wswedish \\
        wngerman
    python tools/build_ordinary_words.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapsnb_sandbox.world.cities import city_index  # noqa: E402
from mapsnb_sandbox.world.landmarks import fold  # noqa: E402

DICT = Path("/usr/share/dict")
LISTS = (
    "american-english",
    "british-english",
    "french",
    "spanish",
    "italian",
    "portuguese",
    "dutch",
    "swedish",
    "ngerman",
)
OUT = ROOT / "mapsnb_sandbox" / "data" / "ordinary_words.txt"
#: A name that is a town this big means the town wherever it stands ("Paris", "Lima").
MAX_POPULATION = 1_000_000
#: Shorter words are left out: towns of 1-3 letters are already skipped inside a text.
MIN_LETTERS = 4


def words() -> set[str]:
    """Folded words that some list gives in lower case (a common word)."""
    out: set[str] = set()
    for name in LISTS:
        path = DICT / name
        if not path.exists():
            raise SystemExit(f"missing {path}: install the word lists (see the docstring)")
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            w = line.strip().split("/")[0]
            if w and w[:1].islower() and " " not in w and "'" not in w and len(w) >= MIN_LETTERS:
                out.add(fold(w))
    return out


def main() -> None:
    idx = city_index()
    found = sorted(
        w
        for w in words()
        if " " not in w
        and w in idx.by_name
        and max(idx.cities[j].population for j in idx.by_name.get(w)) < MAX_POPULATION
    )
    header = (
        "# Town names that are ordinary words (tools/build_ordinary_words.py; Debian word lists"
        " in /usr/share/dict, see the script for their licences)\n"
    )
    OUT.write_text(header + "\n".join(found) + "\n", encoding="utf-8")
    print(f"{len(found)} words -> {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
