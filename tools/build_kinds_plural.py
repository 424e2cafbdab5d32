"""Build ``tests/data/kinds_plural.csv``: kind words in their plurals, a corpus from sources the
emulator does not read, for ``bench_kinds.py --corpus plural``.

Singulars: the names osm.org's search gives 20 OSM tags (openstreetmap-website
``config/locales/<lang>.yml``, GPL-2.0, translatewiki.net; the tags, towns and phrasing of
``tools/build_kinds_holdout.py``). Plurals: UniMorph's paradigms (https://github.com/unimorph,
CC BY-SA 3.0; Kirov et al. 2018, McCarthy et al. 2020): the nominative plural of a name's first
word that UniMorph has as a noun (its rest, a complement like "de tren", unchanged); a name with
another word UniMorph has as an adjective is left out (it would agree with the plural). Romanian
tables tag their columns one off, so its indefinite plural is read as the form after "niște"
("niște muzee"). Queries "PLURAL TOWN", "TOWN PLURAL" and the language's "kind in town".

The emulator's kind words come from iD's presets, Organic Maps' categories and its own tables
(its plurals from simplemma's lemma lists), never from these. The CSV derives from GPL-2.0 text,
so it is written locally and git-ignored, as the holdout is.

Usage::

    python tools/build_kinds_plural.py LOCALES UNIMORPH
    # LOCALES: openstreetmap-website's config/locales; UNIMORPH: a folder of UniMorph files
    # named by ISO 639-3 code (``git --git-dir=<unimorph/ron mirror> show HEAD:ron > DIR/ron``)
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_kinds_holdout import TAGS, TOWNS, _phrase

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "kinds_plural.csv"
#: osm.org locale -> (UniMorph file, the tag features of the plural users type).
#: Last: whether a name of more words than one is read (its head noun first): not in Turkish,
#: whose head is last and takes the plural before a compound's possessive.
UNIMORPH = {
    "ro": ("ron", "niște", True),
    "ru": ("rus", "N;NOM;PL", True),
    "uk": ("ukr", "N;NOM;PL", True),
    "el": ("ell", "N;NOM;PL", True),
    "es": ("spa", "PL", True),
    "tr": ("tur", "N;NOM;PL", False),
    "he": ("heb", "N;PL;NDEF", True),
}
#: Romanian s and t with a cedilla, as older tables write them, and with a comma below.
_COMMA = str.maketrans("şţŞŢ", "șțȘȚ")
_Forms = dict[str, str]  # lemma -> plural


def _paradigms(path: Path, wanted: str) -> tuple[_Forms, set[str]]:
    """A UniMorph file's nouns' plurals (the first form of the wanted features) and its
    adjectives' forms."""
    plurals: _Forms = {}
    adjectives: set[str] = set()
    for line in path.read_text(encoding="utf-8").translate(_COMMA).splitlines():
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        lemma, form, tags = parts
        feats = set(tags.split(";"))
        if "ADJ" in feats:
            adjectives.update((lemma.lower(), form.lower()))
        if "N" not in feats or " " in lemma:
            continue
        if wanted == "niște":
            if form.startswith("niște "):
                plurals.setdefault(lemma.lower(), form.split(" ", 1)[1])
        elif set(wanted.split(";")) <= feats and form.lower() != lemma.lower():
            plurals.setdefault(lemma.lower(), form)
    return plurals, adjectives


def _plural_phrase(word: str, plurals: _Forms, adjectives: set[str]) -> str | None:
    """The name with its first word, a noun, in the plural, or ``None`` (a first word that is
    none, another word that is an adjective's form)."""
    first, *rest = word.split()
    plural = plurals.get(first.lower())
    if plural is None or any(o.lower() in adjectives for o in rest):
        return None
    return " ".join([plural, *rest])


def _rows(locales: Path, lang: str, unimorph: Path) -> list[tuple[str, ...]]:
    file, wanted, phrases = UNIMORPH[lang]
    plurals, adjectives = _paradigms(unimorph / file, wanted)
    doc = yaml.safe_load((locales / f"{lang}.yml").read_text(encoding="utf-8"))
    prefix = next(iter(doc.values()))["geocoder"]["search_osm_nominatim"]["prefix"]
    town, located = TOWNS[lang]
    rows = []
    for tag, kinds in TAGS.items():
        key, value = tag.split(".")
        raw = (prefix.get(key) or {}).get(value)
        word = _phrase(raw, lang) if isinstance(raw, str) else None
        if not word or (" " in word and not phrases):
            continue
        plural = _plural_phrase(word, plurals, adjectives)
        if not plural:
            continue
        for form, query in (
            ("kind_town", f"{plural} {town}"),
            ("town_kind", f"{town} {plural}"),
            ("located", located.format(k=plural)),
        ):
            rows.append((lang, kinds, tag, plural, form, query))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("locales", help="openstreetmap-website's config/locales folder")
    parser.add_argument("unimorph", help="a folder of UniMorph files named by language")
    args = parser.parse_args()
    rows = [r for lang in UNIMORPH for r in _rows(Path(args.locales), lang, Path(args.unimorph))]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[row[0]] += 1
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(
            "# Built by tools/build_kinds_plural.py: osm.org's search names of 20 OSM tags "
            "(openstreetmap-website, GPL-2.0) in UniMorph's plurals (CC BY-SA 3.0)\n"
        )
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(("lang", "kind", "tag", "word", "form", "query"))
        writer.writerows(rows)
    print(f"{len(rows)} queries -> {OUT.relative_to(ROOT)}: {dict(counts)}")


if __name__ == "__main__":
    main()
