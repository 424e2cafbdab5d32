"""Build ``mapsnb_sandbox/data/country_aliases.tsv.z``: everyday names of countries CLDR lacks.

``python tools/build_country_aliases.py --wikidata country_aliases.csv --subdivisions DIR``

* ``C <cc> <name>``: a country's labels and "also known as" aliases on Wikidata in the project's
  28 languages ("Amerika", "EEUU", "Америка", "أمريكا", "ארה\"ב", "SUA", "Англия" for the UK).
  Source: Wikidata (CC0) as Andrew Whitby's SPARQL export ``country_aliases/country_aliases.csv``
  of the GitHub repository ``econandrew/sparql_queries`` (MIT; commit 51c11b8, 2017), given as
  ``--wikidata``.
* ``A GB <admin1> <name>``: England, Scotland, Wales and Northern Ireland, the first-level regions
  of the United Kingdom in the emulator's town index, by their CLDR subdivision names ("gbeng":
  "Angleterre", "Inghilterra", "Англия"). Source: the npm package ``cldr-subdivisions-full``
  48.2.0 (Unicode licence v3; ``npm pack cldr-subdivisions-full``, unpacked ``package/subdivisions``
  folder given as ``--subdivisions``).

Rows have the format of ``regions.tsv.z`` (zlib-compressed, tab-separated, names folded, :func:`fold_text`) and are read next to
it by :func:`mapsnb_sandbox.world.names.qualifiers.regions`. A name is left out where it is
already in ``regions.tsv.z`` (any kind of row), names another country too, is the own name of a
town of 100,000 people or more, has fewer than three letters (two for Chinese, Japanese and
Korean) or is initials only ("a b d", "و م ا"), Latin syllables apart ("to go", "o man"), holds a digit or a symbol, names a kind of place
("car", ``category_names.tsv``), or is an English word in lower case ("states") not written in
capitals by its source ("SUA" is kept).
"""

from __future__ import annotations

import argparse
import collections
import csv
import functools
import json
import re
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from mapsnb_sandbox.languages.texts import SUPPORTED
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "country_aliases.tsv.z"
#: The languages a search is asked in.
LANGS = frozenset(SUPPORTED)
#: CLDR subdivision code -> the emulator's first-level region of GB (GeoNames' admin1 code).
UK_PARTS = {"gbeng": "ENG", "gbsct": "SCT", "gbwls": "WLS", "gbnir": "NIR"}
BIG = 100_000
DICT = Path("/usr/share/dict")


def _cjk(name: str) -> bool:
    return any(
        "\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af"
        for ch in name
    )


def usable(folded: str, written: str) -> bool:
    """Whether a folded name is long enough, no initials, letters only, of five words at most
    as written (folding cuts Brahmic words at their vowel signs: "संयुक्त राज्य अमेरिका" is
    three words, not six), no word of a kind ("car"), and no common word ("states") unless written in capitals ("SUA");
    of three Latin letters only in capitals ("ABD", "UAE"; not "Sri")."""
    letters, words = folded.replace(" ", ""), folded.split()
    least = 2 if _cjk(letters) else 4 if _BRAHMIC.search(letters) else 3
    too_long = len(written.split()) > 5
    if not letters.isalpha() or len(letters) < least or too_long or folded in kind_words():
        return False
    if letters.isascii() and (
        (folded in common_words() and not written.isupper())
        or (len(letters) == 3 and not written.isupper())
    ):
        return False
    if letters.isascii() and (min(map(len, words)) == 1 or max(map(len, words)) <= 2):
        return False  # Vietnamese syllables apart: "to go" (Togo), "o man" (Oman), "ma li"
    return any(len(w) > 1 for w in words)


#: Scripts whose vowel signs folding drops ("यूएस" folds as "य एस"): four letters at least.
_BRAHMIC = re.compile(r"[\u0900-\u0dff\u0e00-\u0e7f]")


@functools.cache
def kind_words() -> frozenset[str]:
    """Folded names of kinds in any language (``category_names.tsv``, ``kind_nouns.tsv``): a
    country's name is no kind's ("car", "bar")."""
    out: set[str] = set()
    for name in ("category_names.tsv", "kind_nouns.tsv"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                for cell in line.split("\t")[2:]:
                    out.update(fold_text(t) for t in re.split(r"[|;,]", cell))
    return frozenset(out)


@functools.cache
def common_words() -> frozenset[str]:
    """Folded English words a spelling dictionary lists in lower case (Debian's ``wamerican``,
    ``/usr/share/dict/american-english``, SCOWL; English words turn up in queries of every
    language): "states", "the us"."""
    path = DICT / "american-english"
    text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
    return frozenset(fold_text(w) for w in text.split() if w.islower())


def _table() -> dict[str, set[tuple[str, ...]]]:
    """Folded name -> the ``regions.tsv.z`` rows naming it (without the name)."""
    out: dict[str, set[tuple[str, ...]]] = collections.defaultdict(set)
    for line in zlib.decompress((DATA / "regions.tsv.z").read_bytes()).decode().splitlines():
        f = line.split("\t")
        if f[0] == "C":
            out[f[2]].add(("C", f[1]))
        elif f[0] == "A":
            out[f[3]].add(("A", f[1], f[2]))
        elif f[0] == "B":
            out[f[2]].add(("B", f[1]))
    return out


def _big_town(folded: str) -> bool:
    idx = city_index()
    return any(idx.cities[j].population >= BIG for j in idx.by_name.get(folded, ()))


def wikidata_names(path: Path) -> Iterator[tuple[str, str]]:
    """(label or alias, country code) of Wikidata in :data:`LANGS`."""
    with path.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["language"] in LANGS and len(row["iso2c"]) == 2:
                yield row["label"], row["iso2c"]


def iso_names() -> Iterator[tuple[str, str]]:
    """(name, country code): ISO 3166-1 names, common and official names in :data:`LANGS`
    (iso-codes' translations as ``pycountry`` ships them, LGPL: "Statele Unite", "Соединённые
    штаты"; the official names' long forms a query may qualify a town with: "संयुक्त राज्य
    अमेरिका", "ریاستہائے متحدہ امریکا")."""
    import gettext

    import pycountry

    for lang in sorted(LANGS):
        catalog = gettext.translation(
            "iso3166-1", pycountry.LOCALES_DIR, languages=[lang], fallback=True
        )
        for c in pycountry.countries:
            for attr in ("name", "common_name", "official_name"):
                if hasattr(c, attr):
                    yield catalog.gettext(getattr(c, attr)), c.alpha_2


def initials(cldr: Path) -> Iterator[tuple[str, str]]:
    """(letters, country code): CLDR's territory names written in dotted initials, the dots left
    out ("S.U.A." -> "SUA", "EE. UU." -> "EEUU"); ``cldr`` the unpacked npm package
    ``cldr-localenames-full`` (Unicode licence v3)."""
    for lang in sorted(LANGS):
        path = cldr / "main" / lang / "territories.json"
        names = json.loads(path.read_text(encoding="utf-8"))["main"][lang]
        for key, name in names["localeDisplayNames"]["territories"].items():
            cc = key.split("-")[0]
            if len(cc) == 2 and cc.isalpha() and "." in name:
                yield "".join(ch for ch in name if ch.isalpha()), cc


def subdivision_names(folder: Path) -> Iterator[tuple[str, str]]:
    """(CLDR name, GeoNames admin1 code) of England, Scotland, Wales, Northern Ireland."""
    for lang in sorted(LANGS):
        path = folder / lang / f"{lang}.json"
        names = json.loads(path.read_text(encoding="utf-8"))["subdivisions"]
        for code, name in names["localeDisplayNames"]["subdivisions"].items():
            if code in UK_PARTS:
                yield name, UK_PARTS[code]


def _kept(
    pairs: Iterable[tuple[str, str]], table: dict[str, set[tuple[str, ...]]]
) -> dict[str, str]:
    """Folded name -> its one code, for each usable name new to the table."""
    codes: dict[str, set[str]] = collections.defaultdict(set)
    written: dict[str, str] = {}
    for name, code in pairs:
        folded = fold_text(name)
        codes[folded].add(code)
        if folded not in written or written[folded].islower():
            written[folded] = name  # (in capitals where any source writes it so)
    return {
        n: next(iter(c))
        for n, c in sorted(codes.items())
        if len(c) == 1 and n not in table and usable(n, written[n]) and not _big_town(n)
    }


def rows(args: argparse.Namespace) -> list[tuple[str, ...]]:
    """The new rows, each name checked against the table and the town index."""
    table = _table()
    countries = [*wikidata_names(args.wikidata), *iso_names(), *initials(args.cldr)]
    out: list[tuple[str, ...]] = [("C", cc, n) for n, cc in _kept(countries, table).items()]
    parts = _kept(subdivision_names(args.subdivisions), table)
    named = {r[2] for r in out}
    return out + [("A", "GB", code, n) for n, code in parts.items() if n not in named]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wikidata", type=Path, required=True, help="country_aliases.csv")
    parser.add_argument("--subdivisions", type=Path, required=True, help="cldr subdivisions dir")
    parser.add_argument("--cldr", type=Path, required=True, help="unpacked cldr-localenames-full")
    args = parser.parse_args()
    new = rows(args)
    data = zlib.compress("".join("\t".join(r) + "\n" for r in new).encode(), 9)
    OUT.write_bytes(data)
    print(f"{len(new)} rows, {len(data)} bytes -> {OUT}")


if __name__ == "__main__":
    main()
