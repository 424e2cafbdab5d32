"""Build ``tests/data/country_alias_searches.csv``: a kind in a country by a name CLDR lacks.

Each country's other names in 24 languages, from two datasets the emulator does not read:

- ``i18n-iso-countries`` 7.14.0 (npm, MIT, (c) widdix GmbH): ``langs/XX.json``, a country's
  names where it lists several ("Amerika", "ABD" in Turkish; "ארה״ב" in Hebrew);
- ``mledoze/countries`` (GitHub, ODbL 1.0; commit 5e9f370): ``countries.json``, each country's
  common name in ~25 languages ("Stati Uniti d'America", "Amerika Serikat").

Kept: a name whose folded form is no name of ``data/regions.tsv.z`` (the CLDR and ISO names
the emulator had) and has three letters or more (two in Chinese, Japanese, Korean), written as
``tools/build_country_corpus.py`` writes a country after its language's preposition ("hôtels
aux États-Unis d'Amérique", "Amerika'da oteller"). The truth is the country's code;
``python benchmarks/bench_countries.py --corpus tests/data/country_alias_searches.csv`` judges
the places by Natural Earth's polygons.

``python tools/build_alias_corpus.py I18N_DIR COUNTRIES_JSON`` (``npm pack
i18n-iso-countries``, its unpacked ``package`` folder; ``countries.json`` of the repository).
"""

from __future__ import annotations

import json
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_country_corpus import NOT_COUNTRIES, TEMPLATES, WRITERS, _class, write

from mapsnb_sandbox.world.geodata import fold_text

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "country_alias_searches.csv"
#: mledoze's language codes (ISO 639-3) -> the project's.
MLEDOZE = {"ara": "ar", "deu": "de", "fra": "fr", "ita": "it", "jpn": "ja", "kor": "ko",
           "nld": "nl", "per": "fa", "por": "pt", "spa": "es", "swe": "sv", "tur": "tr",
           "urd": "ur", "zho": "zh"}  # fmt: skip


def i18n_names(folder: Path) -> Iterator[tuple[str, str, str]]:
    """(language, country code, name) of ``i18n-iso-countries``, every name of a list."""
    for lang in TEMPLATES:
        path = folder / "langs" / f"{lang}.json"
        if path.exists():
            for cc, names in json.loads(path.read_text(encoding="utf-8"))["countries"].items():
                for name in names if isinstance(names, list) else [names]:
                    yield lang, cc, name


def mledoze_names(path: Path) -> Iterator[tuple[str, str, str]]:
    """(language, country code, name): mledoze's common names (not the official ones: "the
    Republic of ...", which no one types)."""
    for c in json.loads(path.read_text(encoding="utf-8")):
        yield "en", c["cca2"], c["name"]["common"]
        for code, t in c["translations"].items():
            if code in MLEDOZE:
                yield MLEDOZE[code], c["cca2"], t["common"]


def _known() -> set[str]:
    data = ROOT / "mapsnb_sandbox" / "data" / "regions.tsv.z"
    return {
        line.split("\t")[-1] for line in zlib.decompress(data.read_bytes()).decode().split("\n")
    }


def rows(i18n: Path, mledoze: Path) -> list[tuple[str, str, str, str]]:
    """``(class, language, query, country code)`` for each name new to the table."""
    known, seen = _known(), set()
    out = []
    for lang, cc, name in [*i18n_names(i18n), *mledoze_names(mledoze)]:
        folded = fold_text(name)
        cjk = not folded.isascii() and lang in ("ja", "zh", "ko")
        if cc in NOT_COUNTRIES or folded in known or len(folded) < (2 if cjk else 3):
            continue
        if (lang, folded) in seen:
            continue
        seen.add((lang, folded))
        writer = WRITERS.get(lang)
        written = writer(name) if writer else name
        cls = "bare" if written == name else _class(written, name)
        out.append((cls, lang, TEMPLATES[lang].replace("{X}", written), cc))
    return sorted(out, key=lambda r: (r[1], r[3], r[2]))


def main() -> None:
    write(rows(Path(sys.argv[1]), Path(sys.argv[2])), OUT)


if __name__ == "__main__":
    main()
