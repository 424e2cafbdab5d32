"""Rebuild ``mapsnb_sandbox/data/districts.tsv.z``: districts and neighbourhoods of big cities.

``python tools/build_districts.py REPO...`` (then ``--cn ADCODES_CSV``: China's city
districts, :func:`append_cn`) where each REPO is a git directory of one of Who's On
First's per-country repositories ``whosonfirst-data/whosonfirst-data-admin-XX`` (a public GitHub
snapshot; the builder reads the newest commit with ``git cat-file``, no work tree needed).

Source and licence: **Who's On First** (https://whosonfirst.org, data from Who's On First,
https://whosonfirst.org/docs/licenses/): Mapzen's own work CC0, its sources under their own
licences, the ones kept here CC BY (GeoNames CC BY 4.0, Quattroshapes and Zetashapes CC BY,
GeoPlanet CC BY 3.0 US; Wikidata names CC0). This table is a derived work under CC BY 4.0
(attribution: "Data from Who's On First").

Kept: records of place type ``borough``, ``macrohood``, ``neighbourhood``, ``microhood``,
``county`` or ``localadmin`` that are current (``mz:is_current`` not 0, no
``wof:superseded_by``, not deprecated) whose label point lies within :data:`MAX_KM` of a GeoNames
town of :data:`CITY_POPULATION` people or more that is also the emulator's town at that point
(``cities.nearest_cached``: a suburb town nearer by wins its own ground); not a town the index
already has (its GeoNames id, or a town of the same folded name within :data:`SAME_KM`). Names:
the record's name and its preferred names in the emulator's 28 languages, folded, and for a ward
(``borough``, ``county``, ``localadmin``) its name with "district" as English names it ("Jongno
District"); not a country's or a first-level region's name. A district whose own name a town of
the index bears keeps that name only: Wikidata's translations of "Buenos Aires" (Medellín) or
"Bridgetown" (Cape Town) are the famous namesake's. A name districts of two cities share is kept:
bare, it names no one place (``cities.rival``: LOW); with its city, that city's. A district is
shown by WOF's name, or where that is plain ASCII, by the preferred name in its country's first
official language (CLDR via Babel, ``pycountry``) that is that name with its marks ("Malasaña",
not "Malasana").

One row per district, tab-separated: ``number lat lng weight city_gid city_row city_col name
names`` (``names`` ``|``-separated folded keys). ``number`` is the record's GeoNames id when
Who's On First gives one (``gn:id``), else :data:`DISTRICT0` plus the WOF id modulo 2**20: a
town-tagged number no GeoNames town uses. ``weight`` is the record's population when it has one,
else the median of the known populations of its place type (the class's typical size): what a
district weighs against a town of the same name elsewhere.
"""

from __future__ import annotations

import functools
import json
import statistics
import subprocess
import sys
import threading
import unicodedata
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index, nearest_cached
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.names.districts import is_district
from mapsnb_sandbox.world.names.qualifiers import regions

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "districts.tsv.z"
PLACE_TYPES = ("borough", "macrohood", "neighbourhood", "microhood", "county", "localadmin")
#: Place types of administrative wards, which English also names "<name> District".
ADMIN_TYPES = ("borough", "county", "localadmin")
CITY_POPULATION = 1_000_000
MAX_KM = 20.0
DISTRICT0 = (1 << 24) - (1 << 20)
#: A record named as a town of the index this close is that town (WOF's and GeoNames' points of
#: one ward can lie kilometres apart: Taling Chan, Bangkok).
SAME_KM = 15.0
#: A place type's median population counts from this many known populations.
MIN_KNOWN = 10
#: ISO 639-3 codes of the emulator's 28 languages (``data/texts``).
LANGS = [
    "eng",
    "por",
    "spa",
    "fra",
    "deu",
    "ita",
    "pol",
    "rus",
    "jpn",
    "zho",
    "hin",
    "ara",
    "ind",
    "tur",
    "vie",
    "kor",
    "fas",
    "ben",
    "urd",
    "swa",
    "tha",
    "ukr",
    "nld",
    "swe",
    "ell",
    "heb",
    "ron",
    "ces",
]


def records(repo: str) -> Iterator[dict[str, Any]]:
    """The properties of every record (no alternate geometries) of one WOF repository."""
    ls = subprocess.run(
        ["git", "-C", repo, "ls-tree", "-r", "--name-only", "HEAD", "data"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    files = [f for f in ls if f.endswith(".geojson") and "-alt-" not in f]
    proc = subprocess.Popen(
        ["git", "-C", repo, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def feed() -> None:
        for f in files:
            stdin.write(f"HEAD:{f}\n".encode())
        stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    for _ in files:
        head = stdout.readline().split()
        if len(head) < 3 or head[1] != b"blob":
            continue
        body = stdout.read(int(head[2]))
        stdout.read(1)
        try:
            yield json.loads(body)["properties"]
        except (ValueError, KeyError):
            continue
    proc.wait()


def _current(p: dict[str, Any]) -> bool:
    return (
        p.get("wof:placetype") in PLACE_TYPES
        and p.get("mz:is_current") != 0
        and not p.get("wof:superseded_by")
        and not p.get("edtf:deprecated")
        and bool(p.get("wof:name"))
    )


def _candidate(p: dict[str, Any]) -> dict[str, Any] | None:
    """The district a record is, or None (not in a big city, a town already known)."""
    lat = p.get("lbl:latitude", p.get("geom:latitude"))
    lng = p.get("lbl:longitude", p.get("geom:longitude"))
    if lat is None or lng is None or not _current(p):
        return None
    city, metres = nearest_cached(round(lat, 4), round(lng, 4))
    if city.population < CITY_POPULATION or metres > MAX_KM * 1000:
        return None
    idx = city_index()
    name = p["wof:name"].strip()
    key = fold_text(name)
    for j in idx.by_name.get(key, ()):
        c = idx.cities[j]
        if not is_district(c.geonameid) and haversine_m(c.lat, c.lng, lat, lng) < SAME_KM * 1000:
            return None  # a town the index has ("Shibuya", "Kreuzberg", Kasugai by Nagoya)
    gn = (p.get("wof:concordances") or {}).get("gn:id") or p.get("gn:geonameid")
    if isinstance(gn, int) and gn in _town_gids():
        return None  # the same GeoNames place
    names = {key}
    if not any(not is_district(idx.cities[j].geonameid) for j in idx.by_name.get(key, ())):
        for lang in LANGS:  # (a town's name: its translations follow the famous namesake)
            for n in p.get(f"name:{lang}_x_preferred") or ():
                names.add(fold_text(n))
    if p["wof:placetype"] in ADMIN_TYPES and not key.endswith(" district"):
        names.add(f"{key} district")  # English names a ward so ("Jongno District")
    pop = p.get("wof:population") or p.get("gn:population") or 0
    return {
        "wof": int(p["wof:id"]),
        "display": _display(p, name, city.cc),
        "gn": int(gn) if isinstance(gn, int | str) and str(gn).isdigit() else 0,
        "pt": p["wof:placetype"],
        "lat": round(float(lat), 5),
        "lng": round(float(lng), 5),
        "pop": int(pop) if isinstance(pop, int | float) else 0,
        "city": city,
        "name": name,
        "names": {n for n in names if len(n) >= 3},
    }


@functools.cache
def _own_language(cc: str) -> str:
    """The ISO 639-3 code of the first official language of the country ``cc`` (CLDR via
    Babel), or ``""``."""
    from babel.languages import get_official_languages  # the builder's own dependency
    from pycountry import languages

    official = get_official_languages(cc, de_facto=True)
    found = languages.get(alpha_2=official[0]) if official else None
    return str(found.alpha_3) if found is not None else ""


def _unmarked(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def _display(p: dict[str, Any], name: str, cc: str) -> str:
    """The name a district is shown by: WOF's name, or where that is plain ASCII, the
    preferred name in its country's first official language that is the same name with its
    marks ("Malasaña", "Břevnov", not "Malasana", "Brevnov")."""
    lang = _own_language(cc)
    if not name.isascii() or not lang:
        return name
    for own in p.get(f"name:{lang}_x_preferred") or ():
        own = str(own).strip()
        if own != name and _unmarked(own) == name:
            return own
    return name


@functools.cache
def _town_gids() -> frozenset[int]:
    """The GeoNames ids of the index's towns (not of districts a table already adds)."""
    return frozenset(g for g in city_index().cities.gids() if not is_district(g))


def _weights(found: list[dict[str, Any]]) -> dict[str, int]:
    """The median known population of each place type (the typical size of the class); a type
    with fewer than :data:`MIN_KNOWN` known takes the smallest median of the others (a handful
    of microhoods with a count says nothing of the rest)."""
    known: dict[str, list[int]] = defaultdict(list)
    for d in found:
        if d["pop"] > 0:
            known[d["pt"]].append(d["pop"])
    medians = {pt: int(statistics.median(ps)) for pt, ps in known.items() if len(ps) >= MIN_KNOWN}
    least = min(medians.values(), default=1_000)
    return {pt: medians.get(pt, least) for pt in PLACE_TYPES}


def _dedupe(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One district per name and city (the record with the most names), numbered."""
    best: dict[tuple[str, int], dict[str, Any]] = {}
    for d in found:
        k = (fold_text(d["name"]), d["city"].geonameid)
        if k not in best or len(d["names"]) > len(best[k]["names"]):
            best[k] = d
    town_gids = _town_gids()
    used: set[int] = set()
    out = []
    for d in sorted(best.values(), key=lambda d: d["wof"]):
        number = d["gn"] if 0 < d["gn"] < DISTRICT0 else 0
        if not number or number in town_gids or number in used:
            number = DISTRICT0 + d["wof"] % (1 << 20)
        if number in used or number in town_gids:
            continue
        used.add(number)
        out.append({**d, "number": number})
    return out


def _dropped_names() -> set[str]:
    """Names of countries and of first-level regions (a Kaohsiung neighbourhood called
    "Shandong" is no answer to a bare "Shandong")."""
    rg = regions()
    return set(city_index().countries) | set(rg.countries) | set(rg.admin1)


def _row(d: dict[str, Any], weight: int, names: list[str]) -> str:
    c = d["city"]
    cells = f"{int(c.lat // 1)}\t{int(c.lng // 1)}"
    name = d["display"].replace("\t", " ").replace("|", "/")
    return (
        f"{d['number']}\t{d['lat']}\t{d['lng']}\t{weight}\t{c.geonameid}\t{cells}\t{name}\t"
        + "|".join(names)
    )


def cn_districts(adcodes: Path, taken: set[int]) -> list[dict[str, Any]]:
    """China's city districts (区) near a city of :data:`CITY_POPULATION` people, from ``cpca``
    0.5.5's ``resources/adcodes.csv`` (MIT; the National Bureau of Statistics' 2018 division
    codes, seats as longitude and latitude): named in Chinese with and without "区" and in
    Pinyin ("朝阳区", "朝阳", "Haidian", "Haidian District"; Pinyin alone only for a district of
    :data:`CITY_POPULATION` people that no county of ``cn_counties.tsv`` names), at the seat;
    numbered :data:`DISTRICT0` plus the code; weighing the city's people shared by the districts
    of its prefecture's code."""
    import csv

    from build_cn_counties import pinyin  # tools/, beside this file

    with adcodes.open(encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r["name"].endswith("区") and r["latitude"]]
    rows = [r for r in rows if r["adcode"][4:6] != "00" and len(r["name"]) >= 3]
    shares = Counter(r["adcode"][:4] for r in rows)
    cn = OUT.with_name("cn_counties.tsv").read_text(encoding="utf-8").splitlines()
    counties = {line.split("\t")[0] for line in cn if not line.startswith("#")}
    found = []
    for r in rows:
        code, name = r["adcode"][:6], r["name"]
        at = {"lbl:latitude": float(r["latitude"]), "lbl:longitude": float(r["longitude"])}
        d = _candidate({"wof:id": int(code), "wof:name": name, "wof:placetype": "borough", **at})
        if d is None or DISTRICT0 + int(code) in taken:
            continue
        latin = pinyin(name[:-1]).capitalize()
        stem = fold_text(name[:-1])  # not a province's name without its "省" ("河北")
        region = {stem + "省", stem + "自治区"} & set(regions().admin1)
        keys = {fold_text(name)} | (set() if region else {stem})
        pop = d["city"].population // shares[code[:4]]
        if fold_text(latin) not in counties and pop >= CITY_POPULATION:
            keys.add(fold_text(latin))  # Pinyin names many places: "Xinhua" is Hunan's county
        number = DISTRICT0 + int(code)
        names = keys | {f"{fold_text(latin)} district"}
        found.append({**d, "display": latin, "names": names, "pop": pop, "number": number})
    return found


def append_cn(adcodes: Path) -> None:
    """Add :func:`cn_districts` to the table as it is (``--cn ADCODES_CSV``): those whose city
    holds no district of that name yet."""
    lines = zlib.decompress(OUT.read_bytes()).decode("utf-8").rstrip("\n").split("\n")
    rows = [line.split("\t") for line in lines[1:]]
    taken = {int(r[0]) for r in rows} | set(_town_gids())
    held = {(r[4], n) for r in rows for n in r[8].split("|")}
    dropped = _dropped_names()
    added = 0
    for d in cn_districts(adcodes, taken):
        names = sorted(n for n in d["names"] if n not in dropped and len(n) >= 2)
        if names and not any((str(d["city"].geonameid), n) in held for n in names):
            lines.append(_row(d, min(d["pop"], d["city"].population // 2), names))
            added += 1
    OUT.write_bytes(zlib.compress(("\n".join(lines) + "\n").encode("utf-8"), 9))
    print(f"{OUT}: {added} Chinese districts added, {OUT.stat().st_size / 1e3:.0f} kB")


def main(repos: list[str]) -> None:
    found = []
    for repo in repos:
        n = len(found)
        found += [d for p in records(repo) if (d := _candidate(p)) is not None]
        print(f"{repo}: {len(found) - n} districts", file=sys.stderr)
    found = _dedupe(found)
    weights, dropped = _weights(found), _dropped_names()
    lines = ["# number\tlat\tlng\tweight\tcity_gid\tcity_row\tcity_col\tname\tnames"]
    for d in sorted(found, key=lambda d: d["number"]):
        names = sorted(n for n in d["names"] if n not in dropped)
        if names:
            weight = min(d["pop"] or weights[d["pt"]], d["city"].population // 2)
            lines.append(_row(d, weight, names))
    OUT.write_bytes(zlib.compress(("\n".join(lines) + "\n").encode("utf-8"), 9))
    print(f"{OUT}: {len(lines) - 1} districts, {OUT.stat().st_size / 1e3:.0f} kB; {weights}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--cn"]:
        append_cn(Path(sys.argv[2]))
    else:
        main(sys.argv[1:])
