"""Write ``mapsnb_sandbox/data/fr_museums.csv``: France's "Musées de France" (the museums the
State labels so, about 1,250) as famous places of the emulator (issue 40), at the point the
National Address Base (BAN) gives their street address, by their own French names.

Source: the Ministry of Culture's list "Musées de France" (data.gouv.fr, dataset
``musees-de-france-1``, 2019-2020; **Licence Ouverte / Open Licence 2.0**, Etalab), with the
BAN's geocoding of each address, as the public repository ``thomasdubdub/french-museums``
ships it (``french-museums.csv`` at c10995e, 2020-01-23; repository MIT). Not Wikidata, not
Wikipedia: the points are the BAN's (``coordonnees_ban``). Usage (needs Debian's ``wfrench``
and ``wamerican`` word lists)::

    python tools/build_fr_museums.py french-museums.csv

Kept: museums whose label was not withdrawn, with a BAN point within :data:`CP_KM` of their
postcode's point and near their town (:func:`_far_from_town`); rows with only a postcode's
point (about 370, the Musée Rodin's and the Catacombs' among them) are left out: a postcode's
middle is no museum's point. Names (:func:`names_of`): the file's name, its parts between " -
", " : " or commas that hold a word of a museum's or building's kind (:data:`KIND`: not
"Sèvres" of "Sèvres - Cité de la Céramique") and are no "établissement public", without a
parenthesis ("Musée Nissim de Camondo (Les Arts Décoratifs)"), and a name cut before a hyphen
that follows a proper name ("Musée Carnavalet-Histoire de Paris" -> "Musée Carnavalet"). No
name is a town's or country's. A name holding its town is given as it is; another bare only
when :func:`distinctive`, its own words name no other town and no museum of the list or
landmark the emulator holds 50 km or more away bears them (:func:`_given`), and always with
its town, after a comma and after "de" ("Musée des Beaux-Arts, Lyon", "Musée des Beaux-Arts
de Lyon"). A museum the world holds already (a name within 2 km: the Louvre, Orsay) is left
out. Columns as
``famous_places.csv`` (``key`` ``fr-museum-<REF>``, ``whc`` empty).
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
from tools.build_us_museums import NAMESAKE_KM, SAME_KM, _existing, _km, _town_or_country

OUT = FAMOUS_CSV.with_name("fr_museums.csv")
HEADER = (
    "# France's Musées de France as famous places (issue 40): Ministry of Culture's list\n"
    "# (data.gouv.fr, Licence Ouverte 2.0), at the National Address Base's point of their\n"
    "# address. Written by tools/build_fr_museums.py; see SOURCES.md.\n"
)
#: The most a museum's BAN point may lie from its postcode's point.
CP_KM = 20.0
#: Words of French museums' names that name no one museum.
_GENERIC_WORDS = (
    "le la les l de du des d et en a au aux sur sous the of and musee musees museum museums"
    " ecomusee galerie galeries maison chateau palais national nationale nationaux municipal"
    " municipale departemental departementale regional regionale art arts beaux histoire"
    " historique naturelle archeologie archeologique archeologiques moderne contemporain"
    " contemporaine ville centre site collections collection memorial patrimoine"
)
GENERIC = frozenset(_GENERIC_WORDS.split())
#: Words of a museum's or its building's kind: a part of a name without one ("Sèvres" of
#: "Sèvres - Cité de la Céramique", "Arthur Rimbaud") names no museum alone.
_KIND_WORDS = (
    "musee musees museum museon ecomusee galerie maison chateau palais villa hotel abbaye"
    " cloitre atelier fondation centre cite collection collections memorial auberge jardin"
    " carreau manufacture conservatoire donjon prieure chapelle tour moulin fort citadelle"
)
KIND = frozenset(_KIND_WORDS.split())
#: Spelling dictionaries (Debian's ``wfrench`` and ``wamerican``): their lower-case words are
#: ordinary words, not names.
DICTS = (Path("/usr/share/dict/french"), Path("/usr/share/dict/american-english"))
_PUBLIC = re.compile(r"^[ÉéEe]tablissement public", re.I)
_LOWER_WORDS = "de du des la le les sur sous en et aux au"
_LOWER = frozenset(_LOWER_WORDS.split())


@functools.cache
def _ordinary() -> frozenset[str]:
    words: set[str] = set()
    for path in DICTS:
        words |= {fold(w) for w in path.read_text(encoding="utf-8").split() if w.islower()}
    return frozenset(words)


def _words(name: str) -> list[str]:
    """The folded words of ``name``, an elided article apart ("l'Orangerie" -> l, orangerie)."""
    return fold(re.sub(r"[’']", " ", name)).split()


def distinctive(name: str) -> bool:
    """Whether ``name`` holds a word besides :data:`GENERIC` that no dictionary lists in
    lower case or that is a town's name ("Musée Carnavalet", "Musée de Grenoble"; not
    "Musée de l'Orangerie", "Musée des Beaux-Arts")."""
    from mapsnb_sandbox.world.cities import city_index

    own = [w for w in _words(name) if w not in GENERIC]
    return any(w not in _ordinary() or city_index().by_name.get(w) for w in own)


def _cut(name: str) -> str | None:
    """``name`` cut before a hyphen that follows a proper name and opens words ("Musée
    Carnavalet-Histoire de Paris" -> "Musée Carnavalet"), or ``None``."""
    m = re.match(r"^(.+?\s(\S+))-([A-ZÉ]\S*\s.+)$", name)
    if m is None or fold(m.group(2)) in _ordinary() or len(m.group(1).split()) < 2:
        return None
    return m.group(1)


def names_of(name: str) -> list[str]:
    """The names a museum of the file is found by (see the module docstring)."""
    plain = re.sub(r"\s*\([^)]*\)", "", re.sub(r"\s+", " ", name)).strip()
    parts = [p.strip() for p in re.split(r"\s+[-–:]\s+|,\s+", plain)]
    names = [p for p in parts if p and not _PUBLIC.match(p)]
    if len(names) > 1:  # a part is a museum's name by a word of its kind, not "Sèvres"
        names = [p for p in names if set(_words(p)) & KIND] or names[:1]
    names += [c for n in names if (c := _cut(n))]
    names += [f"Musée {n[7:]}" for n in names if n.startswith("Musées ")]  # one museum's
    return list(dict.fromkeys(n for n in names if len(fold(n)) >= 6))


def town_name(ville: str, at: tuple[float, float]) -> tuple[str, str]:
    """The museum's town as the emulator's index writes it (the nearest of the file's town's
    name within 30 km) and its country code, else the file's name title-cased, ``FR``."""
    from mapsnb_sandbox.world.cities import city_index

    plain = re.sub(r"\s+c[ée]dex.*$", "", ville, flags=re.I).strip()
    idx = city_index()
    towns = [idx.cities[i] for i in idx.by_name.get(fold(plain), ())]
    near = sorted((_km(at, (c.lat, c.lng)), c.name, c.cc) for c in towns)
    if near and near[0][0] <= 30:
        return near[0][1], near[0][2]
    words = re.split(r"([- ])", plain.lower())
    return "".join(w if w in _LOWER and i else w.capitalize() for i, w in enumerate(words)), "FR"


def _point(text: str) -> tuple[float, float] | None:
    lat, _, lng = text.partition(",")
    return (float(lat), float(lng)) if lng else None


def _far_from_town(ville: str, at: tuple[float, float]) -> bool:
    """Whether ``at`` lies farther from the nearest town of the file's town's name within 30
    km than 2 km + 2 km x sqrt(people / 100,000) (a BAN point read on a namesake street:
    Sault's museum 9.6 km from Sault, the Musée Granet 4.9 km from Aix's middle), when the index holds that town."""
    from math import sqrt

    from mapsnb_sandbox.world.cities import city_index

    plain = re.sub(r"\s+c[ée]dex.*$", "", ville, flags=re.I).strip()
    idx = city_index()
    towns = [idx.cities[i] for i in idx.by_name.get(fold(plain), ())]
    near = min(((_km(at, (c.lat, c.lng)), c.population) for c in towns), default=(99.0, 0))
    return near[0] <= 30 and near[0] > 2 + 2 * sqrt(near[1] / 100_000)


def kept(rows: list[dict[str, str]]) -> list[tuple[dict[str, str], tuple[float, float]]]:
    """The rows kept, with their BAN point (see the module docstring)."""
    out = []
    for r in rows:
        at, cp = _point(r["coordonnees_ban"]), _point(r["coordonnees_cp"])
        withdrawn = r["Date retrait appellation par Haut Conseil"].strip()
        if at is None or cp is None or withdrawn or _km(at, cp) > CP_KM:
            continue
        if not _far_from_town(r["VILLE"], at):
            out.append((r, at))
    return out


def own_words(name: str) -> frozenset[str]:
    """The words of ``name`` besides :data:`GENERIC` ("Musée National Picasso": picasso)."""
    return frozenset(w for w in _words(name) if w not in GENERIC)


Rivals = list[tuple[frozenset[str], tuple[float, float]]]


def rivals(rows: list[dict[str, str]], existing: dict[str, list[tuple[float, float]]]) -> Rivals:
    """The own words of every museum of the list with a point (kept or not: the Musée
    National Picasso of Paris, a postcode's point only, rivals Antibes' Musée Picasso) and of
    every landmark the emulator holds, with their points."""
    out: Rivals = [(own_words(k), p) for k, pts in existing.items() for p in pts]
    for r in rows:
        at = _point(r["coordonnees_ban"]) or _point(r["coordonnees_cp"])
        if at is not None:
            out += [(own_words(n), at) for n in names_of(r["NOM DU MUSEE"])]
    return out


def _given(names: list[str], at: tuple[float, float], city: str, rival: Rivals) -> str:
    """The row's ``names`` column: a name that is no town's or country's, bare where it names
    its own town ("Palais des Beaux-Arts de Lille"), or where :func:`distinctive`, naming no
    other town by its own words ("Musée Saint-Nazaire" of Bourbon-Lancy) and with no place
    50+ km away bearing its own words ("Musée Picasso" of Antibes and Paris); then every name
    not naming its town with it."""
    given, town = [], set(_words(city))
    for n in names:
        own = own_words(n)
        far = any(own <= o and _km(at, p) >= NAMESAKE_KM for o, p in rival)
        other_town = own != town and _town_or_country(" ".join(sorted(own, key=_words(n).index)))
        if _town_or_country(fold(n)):
            continue
        if town <= set(_words(n)) or (distinctive(n) and not far and not other_town):
            given.append(n)  # a name holding its town is qualified by it
    for n in names:
        if not town <= set(_words(n)):
            de = "d'" if fold(city)[:1] in "aeiouy" else "de "
            given += [f"{n}, {city}", f"{n} {de}{city}"]
    return "|".join(dict.fromkeys(given))


def rows_of(rows: list[dict[str, str]]) -> list[dict[str, object]]:
    """The file's rows from the list's rows (see the module docstring)."""
    existing = _existing()
    museums = [(r, at, names_of(r["NOM DU MUSEE"])) for r, at in kept(rows)]
    rival = rivals(rows, existing)
    out: list[dict[str, object]] = []
    seen: set[str] = set()
    for r, at, names in museums:
        keys = [fold(n) for n in names]
        if not names or r["REF MUSEE"] in seen:
            continue
        if any(_km(at, p) <= SAME_KM for k in keys for p in existing.get(k, ())):
            continue  # the emulator holds it already
        seen.add(r["REF MUSEE"])
        city, cc = town_name(r["VILLE"], at)
        joined = _given(names, at, city, rival)
        key = f"fr-museum-{r['REF MUSEE'].strip().lower()}"
        out.append({
            "key": key, "whc": "", "kind": "museum", "city": city, "country": "France",
            "cc": cc, "lat": round(at[0], 5), "lng": round(at[1], 5), "names": joined,
            "keys": "|".join(famous_keys(key, joined)),
        })  # fmt: skip
    return out


def main(path: str) -> None:
    with open(path, encoding="utf-8", newline="") as fh:
        rows = rows_of(list(csv.DictReader(fh, delimiter=";")))
    write_famous(OUT, HEADER, rows)
    print(f"{len(rows)} museums -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
