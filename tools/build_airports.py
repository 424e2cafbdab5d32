"""Rebuild ``mapsnb_sandbox/data/airports.tsv.z``: the world's airports with an IATA code.

``python tools/build_airports.py`` (needs the ``airports`` extra: ``airportsdata``). Source: the
``airportsdata`` package (MIT licence; its data from public aeronautical sources), every airport
with an IATA code. One tab-separated, zlib-compressed row per airport:
``iata name aliases city cc lat lng country keys``; aliases are ``|``-separated: the name without
"International", "<IATA> Airport", "<town> Airport" when the town (its first word) has one
airport, and the name without its town's words ("Heathrow Airport"; never a bare word:
"Kilimanjaro" is the mountain). Airports the curated
``landmarks.csv`` already has (within 5 km) are left out. ``keys``: the name and aliases folded
(``landmarks.fold``, ``|``-separated), so that a first call indexes 8,000 airports without
folding 20,000 names. ``python tools/build_airports.py --keys`` adds or renews that column alone
(the rows as they are, no ``airportsdata`` needed): run it when ``fold`` changes.
"""

from __future__ import annotations

import collections
import re
import sys
import zlib
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.landmarks import LANDMARKS_CSV, fold, load_landmarks

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "airports.tsv.z"
_KIND_WORDS = ("international", "airport", "airfield", "aerodrome", "regional", "municipal")


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\t", " ").replace("|", "/")).strip()


def _aliases(iata: str, name: str, city: str, town_airport: str | None) -> list[str]:
    out = [f"{iata} Airport"]
    if town_airport:
        out.append(town_airport)
    short = _clean(re.sub(r"\bInternational\b", "", name))
    if short != name:
        out.append(short)
    city_words = set(fold(city).split())
    core = [w for w in name.split() if fold(w) not in city_words | set(_KIND_WORDS)]
    core_name = " ".join(core).strip(" -/")
    if core_name and "airport" in fold(name) and len(core) < len(name.split()) - 1:
        out.append(f"{core_name} Airport")
    return [a for a in dict.fromkeys(out) if fold(a) != fold(name)]


def folded_keys(name: str, aliases: str) -> str:
    """The ``keys`` column: ``name`` and its ``|``-separated aliases folded, once each."""
    return "|".join(dict.fromkeys(k for k in map(fold, [name, *aliases.split("|")]) if k))


def _write(rows: list[str]) -> None:
    OUT.write_bytes(zlib.compress(("\n".join(rows) + "\n").encode("utf-8"), 9))
    print(f"{len(rows)} airports, {OUT.stat().st_size:,} bytes -> {OUT}")


def renew_keys() -> None:
    """Add or renew the ``keys`` column of the packaged rows (nothing else changes)."""
    lines = zlib.decompress(OUT.read_bytes()).decode("utf-8").splitlines()
    rows = []
    for line in lines:
        cols = line.split("\t")[:8]
        rows.append("\t".join([*cols, folded_keys(cols[1], cols[2])]))
    _write(rows)


def main() -> None:
    if "--keys" in sys.argv:
        renew_keys()
        return
    import airportsdata

    countries = city_index().country_names
    curated = [lm for lm in load_landmarks(LANDMARKS_CSV) if lm.kind == "airport"]
    rows = []
    table = airportsdata.load("IATA")
    per_town = collections.Counter((fold(a["city"]).split() or [""])[0] for a in table.values())
    for iata, a in sorted(table.items()):
        lat, lng = float(a["lat"]), float(a["lon"])
        if any(haversine_m(lat, lng, lm.lat, lm.lng) < 5000 for lm in curated):
            continue
        name, city, cc = _clean(a["name"]), _clean(a["city"]), a["country"].upper()
        first = city.split()[0] if city else ""
        town_airport = f"{first} Airport" if first and per_town[fold(first)] == 1 else None
        aliases = "|".join(_aliases(iata, name, city, town_airport))
        country = countries.get(cc, cc)
        cols = [iata, name, aliases, city, cc, f"{lat:.5f}", f"{lng:.5f}", country]
        rows.append("\t".join([*cols, folded_keys(name, aliases)]))
    _write(rows)


if __name__ == "__main__":
    main()
