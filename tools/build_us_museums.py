"""Write ``mapsnb_sandbox/data/us_museums.csv``: the notable museums, zoos, aquariums and
gardens of the United States as famous places of the emulator (issue 40), at the point the
source geocoded from their street address, by their own names.

Source: the Institute of Museum and Library Services' Museum Universe Data File, FY 2014 Q3
(``mudf14q3pub.csv``, https://www.imls.gov/research-evaluation/data-collection/museum-data-files;
a work of the US federal government, public domain), as the public repository
``FactMiners/mudf2Neo4j`` ships it (``mudf_import/mudf14q3pub_csv.zip``, MIT). Not Wikidata:
the file's points are IMLS's geocoding of each museum's address. Usage (needs Debian's
``wamerican`` word list, :data:`DICT`)::

    python tools/build_us_museums.py mudf14q3pub.csv

Kept: rows whose name holds a word of a museum's kind (museum, gallery, zoo, aquarium, garden,
arboretum, planetarium, science center, ...) and no word of an organisation (foundation,
society, association, ...), with a point, and an income or revenue of :data:`MIN_DOLLARS` or
more (the notability bar: the file lists 35,000 museums and related bodies). A name is given
bare only when it is distinctive (a word besides the generic words of :data:`GENERIC`) and no
other kept row 50 km or more away, no town, no country and no landmark the emulator holds
bears it ("Museum of Fine Arts" of Boston and of Houston, "Museum of Contemporary Art"), see
:func:`distinctive`; else it is
then given only with its town after a comma ("Museum of Contemporary Art, Chicago"). A row
whose name is already a landmark's within 2 km is that landmark: left out; so are museums
of different names at one point (an institution's office address: the Smithsonian's). Columns as
``famous_places.csv`` (``key`` ``us-museum-<MID>``, ``whc`` empty).
"""

from __future__ import annotations

import csv
import functools
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, famous_keys, fold
from tools.build_heritage_sites import write_famous

OUT = FAMOUS_CSV.with_name("us_museums.csv")
HEADER = (
    "# Notable US museums, zoos, aquariums and gardens as famous places (issue 40): IMLS Museum\n"
    "# Universe Data File FY 2014 Q3 (US federal work, public domain), income or revenue >= $2M,\n"
    "# at IMLS's geocoded address point. Written by tools/build_us_museums.py; see SOURCES.md.\n"
)
#: The notability bar: the row's income or revenue, in dollars.
MIN_DOLLARS = 2_000_000
_KIND = re.compile(
    r"\b(MUSEUMS?|GALLERY|GALLERIES|ZOO|ZOOLOGICAL|AQUARIUM|GARDENS?|ARBORETUM|PLANETARIUM"
    r"|EXPLORATORIUM|SCIENCE CENTER|HISTORIC SITE|CONSERVATORY|COLLECTIONS?|ART INSTITUTE"
    r"|INSTITUTE OF (?:FINE )?ARTS?)\b"
)
_ORG = re.compile(
    r"\b(FOUNDATION|SOCIETY|ASSOCIATION|TRUSTEES|FRIENDS|COUNCIL|INC|HOSPITAL|RESEARCH"
    r"|COMMISSION|AUTHORITY|DEPARTMENT|CORPORATION|FUND|GUILD|LEAGUE|AUXILIARY|VOLUNTEERS"
    r"|MEMBERS|OFFICE|PROGRAM|SCHOOL OF D)\b"
)
#: Words any museum's name may hold: a name of these only is no one museum's.
_GENERIC_WORDS = (
    "the of and for in at a an museum museums art arts fine gallery galleries history historical"
    " natural nature science sciences center centre national contemporary modern american"
    " america childrens children kids discovery zoo zoological park aquarium garden gardens"
    " botanical botanic arboretum planetarium heritage cultural culture folk design photography"
    " air space aviation railroad railway maritime technology industry military war house"
    " historic site living university college state city county memorial western african"
    " asian jewish women womens indian native collection collections hall fame sculpture"
    " decorative international world visual studio studios"
)
GENERIC = frozenset(_GENERIC_WORDS.split())
_LOWER_WORDS = "of the and for in at a an on to by"
_LOWER = frozenset(_LOWER_WORDS.split())
NAMESAKE_KM = 50.0
SAME_KM = 2.0
_KIND_OF = {"ZAW": "landmark", "BOT": "landmark"}
#: The file's abbreviations in town names.
_TOWN_WORDS = {"FT": "Fort", "ST": "St.", "MT": "Mount", "SPGS": "Springs", "PT": "Point"}


def town_name(city: str) -> str:
    """The file's town as written ("FT LAUDERDALE" -> "Fort Lauderdale")."""
    return title(" ".join(_TOWN_WORDS.get(w, w) for w in city.split()))


def title(name: str) -> str:
    """An upper-case name of the file written as a name ("Museum of the Rockies")."""
    words = name.strip().split()
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if i and low in _LOWER:
            out.append(low)
        elif "." in w.strip(".") or (len(w) <= 2 and w.isalpha() and low not in _LOWER):
            out.append(w)  # U.S., B & O
        else:
            word = "-".join(p.capitalize() for p in w.split("-"))
            out.append(re.sub(r"'S\b", "'s", word))
    return " ".join(out)


def _unit(name: str) -> tuple[str, str]:
    """An institution's name and its museum's, for a name "INSTITUTION, MUSEUM" whose first
    part names no kind ("SMITHSONIAN INSTITUTION, NATIONAL AIR AND SPACE MUSEUM"), else
    ``("", name)``."""
    head, comma, rest = name.partition(",")
    if comma and not _KIND.search(head) and _KIND.search(rest.split(",")[0]):
        return head.strip(), rest
    return "", name


def _clean(name: str) -> str:
    head = re.sub(r"\s+", " ", _unit(name)[1].split(",")[0]).strip()
    return re.sub(r"\s+(INCORPORATED|INC\.?|CORP\.?)$", "", head)


#: A spelling dictionary (Debian's ``wamerican``, SCOWL, permissive licence): its words in
#: lower case are ordinary words, not names.
DICT = Path("/usr/share/dict/words")


@functools.cache
def _ordinary() -> frozenset[str]:
    return frozenset(w for w in DICT.read_text(encoding="utf-8").split() if w.islower())


def distinctive(name: str) -> bool:
    """Whether ``name`` holds a word besides the generic words of :data:`GENERIC`, and, when
    it opens with one ("Museum of Anthropology", "Museum of Glass"), a word no dictionary
    lists in lower case or a town's name ("Museum of the Rockies", "Children's Museum of
    Phoenix")."""
    from mapsnb_sandbox.world.cities import city_index

    words = fold(name).split()
    own = [w for w in words if w not in GENERIC]
    if not own:
        return False
    named = (w not in _ordinary() or city_index().by_name.get(w) for w in own)
    return words[0] not in GENERIC or any(named)


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    from mapsnb.polyline import haversine_m

    return haversine_m(a[0], a[1], b[0], b[1]) / 1000


def _dollars(row: dict[str, str]) -> float:
    vals = [float(v) for v in (row["INCOME"], row["REVENUE"]) if v.strip()]
    return max(vals, default=0.0)


def _institutions(rows: list[dict[str, str]]) -> dict[str, float]:
    """The income of each institution a row names before its museum (:func:`_unit`): the
    most of the rows whose name opens with it (the Smithsonian's museums, federal, file no
    income of their own; its comptroller's office does)."""
    heads = {h for r in rows if (h := _unit(r["NAME"])[0])}
    out: dict[str, float] = dict.fromkeys(heads, 0.0)
    for r in rows:
        for h in heads:
            if r["NAME"].startswith(h):
                out[h] = max(out[h], _dollars(r))
    return out


def kept(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """The notable rows of the museum file (see the module docstring), the richest first: a
    museum of an institution (:func:`_unit`) by the institution's income."""
    parents = _institutions(rows)

    def dollars(r: dict[str, str]) -> float:
        return max(_dollars(r), parents.get(_unit(r["NAME"])[0], 0.0))

    out = [
        r
        for r in rows
        if r["LATITUDE"].strip()
        and dollars(r) >= MIN_DOLLARS
        and _KIND.search(_clean(r["NAME"]))
        and not _ORG.search(_clean(r["NAME"]))
    ]
    return sorted(out, key=lambda r: -dollars(r))


def _names_of(row: dict[str, str]) -> list[str]:
    names = [title(_clean(row["NAME"]))]
    alt = _clean(row["ALTNAME"])
    if alt and _KIND.search(alt) and not _ORG.search(alt):
        names.append(title(alt))
    bare = [n[4:] for n in names if n.lower().startswith("the ")]
    return list(dict.fromkeys(n for n in [*names, *bare] if len(fold(n)) >= 6))


def _existing() -> dict[str, list[tuple[float, float]]]:
    """Folded names of the landmarks the emulator holds -> their points."""
    from mapsnb_sandbox.world.landmarks import (
        HERITAGE_CSV,
        LANDMARKS_CSV,
        load_famous,
        load_landmarks,
    )

    out: dict[str, list[tuple[float, float]]] = {}
    for lm in load_famous(HERITAGE_CSV, load_famous(FAMOUS_CSV, load_landmarks(LANDMARKS_CSV))):
        for n in {fold(lm.name), *map(fold, lm.aliases), *lm.keys}:
            for k in {n, n.removeprefix("the ")}:
                out.setdefault(k, []).append((lm.lat, lm.lng))
    return out


def _town_or_country(key: str) -> bool:
    from mapsnb_sandbox.world.cities import city_index

    idx = city_index()
    return key in idx.countries or bool(idx.by_name.get(key))


def rows_of(rows: list[dict[str, str]]) -> list[dict[str, object]]:
    """The file's rows from the museum file's rows (see the module docstring)."""
    existing = _existing()
    museums = [(r, (float(r["LATITUDE"]), float(r["LONGITUDE"])), _names_of(r)) for r in kept(rows)]
    points: dict[str, list[tuple[float, float]]] = {}
    for _, at, names in museums:
        for n in names:
            points.setdefault(fold(n), []).append(at)
    out: list[dict[str, object]] = []
    seen: list[tuple[str, tuple[float, float]]] = []
    at_point: dict[tuple[float, float], set[str]] = {}
    for _, at, names in museums:
        at_point.setdefault(at, set()).add(fold(names[0]))
    for r, at, names in museums:
        keys = [fold(n) for n in names]
        if len(at_point[at]) > 1:
            continue  # museums of one office's address: its point, not theirs
        if any(_km(at, p) <= SAME_KM for k in keys for p in existing.get(k, ())):
            continue  # the emulator holds it already
        if any(k == s and _km(at, p) <= SAME_KM for k in keys for s, p in seen):
            continue  # the file lists it twice
        seen += [(k, at) for k in keys]
        city = town_name(r["CITY"])
        given = []
        for n, k in zip(names, keys, strict=True):
            shared = any(_km(at, p) >= NAMESAKE_KM for p in (*points[k], *existing.get(k, ())))
            if distinctive(n) and not shared and not _town_or_country(k):
                given.append(n)
            given.append(f"{n}, {city}")
        joined = "|".join(dict.fromkeys(given))
        key = f"us-museum-{r['MID']}"
        out.append({
            "key": key, "whc": "", "kind": _KIND_OF.get(r["DISCIPL"], "museum"), "city": city,
            "country": "United States", "cc": "US", "lat": round(at[0], 5), "lng": round(at[1], 5),
            "names": joined, "keys": "|".join(famous_keys(key, joined)),
        })  # fmt: skip
    return out


def main(path: str) -> None:
    with open(path, encoding="latin-1", newline="") as fh:
        rows = rows_of(list(csv.DictReader(fh)))
    write_famous(OUT, HEADER, rows)
    print(f"{len(rows)} museums -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
