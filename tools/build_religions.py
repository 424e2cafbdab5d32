"""Build ``mapsnb_sandbox/data/religions.csv``: each country's 2010 religious composition.

Source: Pew Research Center, *The Future of World Religions: Population Growth Projections,
2010-2050* (2015), table "Religious Composition by Country, 2010-2050" (its 2010 column is
*The Global Religious Landscape*, 2012). Pew's terms of use: free to use with attribution
("Pew Research Center"). Read from the public copy of the table in
github.com/ParadiseN1/religion_composition (``Religious_Composition_by_Country_2010-2050.csv``,
";"-separated, counts rounded to 10,000; "<10,000" is written here as 0).

Usage: ``python tools/build_religions.py PATH/TO/Religious_Composition_by_Country_2010-2050.csv``

Output columns: ``cc`` (ISO 3166-1 alpha-2), ``population`` (2010, all religions), and the
percent of that population for each group: ``christians``, ``muslims``, ``hindus``,
``buddhists``, ``jews``, ``folk`` (folk religions). Names are mapped to codes by ``pycountry``
(its exact lookup of names and official names), except :data:`BY_HAND`.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

import pycountry

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "religions.csv"
GROUPS = {
    "christians": "Christians",
    "muslims": "Muslims",
    "hindus": "Hindus",
    "buddhists": "Buddhists",
    "jews": "Jews",
    "folk": "Folk Religions",
}
#: Pew's names that pycountry does not read (or reads as another country); the Channel
#: Islands are one row for two codes.
BY_HAND: dict[str, tuple[str, ...]] = {
    "Bosnia-Herzegovina": ("BA",),
    "Burma (Myanmar)": ("MM",),
    "Caribbean Netherlands": ("BQ",),
    "Channel Islands": ("JE", "GG"),
    "Democratic Republic of the Congo": ("CD",),
    "Republic of the Congo": ("CG",),
    "Faeroe Islands": ("FO",),
    "Falkland Islands (Malvinas)": ("FK",),
    "Federated States of Micronesia": ("FM",),
    "Ivory Coast": ("CI",),
    "Kosovo": ("XK",),
    "Laos": ("LA",),
    "Macau": ("MO",),
    "North Korea": ("KP",),
    "South Korea": ("KR",),
    "Palestinian territories": ("PS",),
    "Republic of Macedonia": ("MK",),
    "Reunion": ("RE",),
    "St. Helena": ("SH",),
    "St. Kitts and Nevis": ("KN",),
    "St. Lucia": ("LC",),
    "St. Pierre and Miquelon": ("PM",),
    "St. Vincent and the Grenadines": ("VC",),
    "Swaziland": ("SZ",),
    "Vatican City": ("VA",),
    "U.S. Virgin Islands": ("VI",),
    "British Virgin Islands": ("VG",),
    "Turkey": ("TR",),
    "Russia": ("RU",),
    "Iran": ("IR",),
    "Syria": ("SY",),
    "Vietnam": ("VN",),
    "Taiwan": ("TW",),
    "Moldova": ("MD",),
    "Tanzania": ("TZ",),
    "Bolivia": ("BO",),
    "Venezuela": ("VE",),
    "Niger": ("NE",),
    "Guinea": ("GN",),
    "Dominica": ("DM",),
    "Sudan": ("SD",),
    "Brunei": ("BN",),
    "Cape Verde": ("CV",),
    "Curacao": ("CW",),
    "Sint Maarten": ("SX",),
}


def count(text: str) -> int:
    """Pew's rounded count ("   2,168,330,000", "30 000"); "<10,000" is 0."""
    text = text.strip()
    return 0 if text.startswith("<") else int(re.sub(r"\D", "", text) or 0)


def codes(name: str) -> tuple[str, ...]:
    """ISO codes of a Pew country name."""
    if name in BY_HAND:
        return BY_HAND[name]
    return (pycountry.countries.lookup(name).alpha_2,)


def rows(path: Path) -> list[list[str]]:
    """One output row per country code, sorted by code."""
    out = []
    with path.open(encoding="utf-8-sig", newline="") as fh:
        for row in csv.DictReader(fh, delimiter=";"):
            if row["Year"].strip() != "2010" or row["level"].strip() != "1":
                continue
            total = count(row["All Religions"])
            shares = [100 * count(row[col]) / total if total else 0.0 for col in GROUPS.values()]
            for cc in codes(row["Country"].strip()):
                out.append([cc, str(total), *(f"{s:.3g}" if s else "0" for s in shares)])
    return sorted(out)


def main() -> None:
    found = rows(Path(sys.argv[1]))
    if len({r[0] for r in found}) != len(found):
        raise SystemExit("two rows for one code")
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["cc", "population", *GROUPS])
        w.writerows(found)
    print(f"{len(found)} countries -> {OUT}")


if __name__ == "__main__":
    main()
