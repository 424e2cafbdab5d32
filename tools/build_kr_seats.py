"""Rebuild ``mapsnb_sandbox/data/kr_seats.tsv``: South Korea's county (군) and city (시) seats
and towns (읍) the town index lacks.

``python tools/build_kr_seats.py REPO`` where REPO is the git directory of Who's On First's
``whosonfirst-data/whosonfirst-data-admin-kr`` (a public GitHub snapshot of 2026; read at its
newest commit with ``git cat-file``, no work tree needed).

Source and licence: **Who's On First** (https://whosonfirst.org, data from Who's On First,
https://whosonfirst.org/docs/licenses/): Mapzen's own work CC0, its sources under their own
licences (GeoNames CC BY 4.0, Quattroshapes CC BY; Wikidata names CC0). This table is a derived
work under CC BY 4.0 (attribution: "Data from Who's On First").

Kept: current records (not ``mz:is_current`` 0, no ``wof:superseded_by``, not deprecated) of
place type ``county`` whose Korean name ends in 군 (a county) or 시 (a city; not a 구, a city's
ward), and of place type ``localadmin`` whose Korean name ends in 읍 (a town).
A county's or city's point is its seat's: the one town (읍) Who's On First places in it, or
among several the one of its name ("인제군": 인제읍), else the record's label point. Left out:
a place the resolver already answers within :data:`SAME_KM` by its Hangul name (the index's
GeoNames towns and their names, ``korean_town_names.tsv``), and a town (읍) of a county's name
whose county is kept (the county's seat stands for both names: "고령군", "대가야읍").

Weights: Korea's Local Autonomy Act (지방자치법, art. 10) makes a place a city (시) at 50,000
people and a town (읍) at 20,000; a county's seat is such a town. That is what a row weighs
against a town of the same name elsewhere (no population is given).

One row per place, tab-separated, in the columns of ``districts.tsv.z``: ``number lat lng
weight near_gid near_row near_col name names``. ``number`` is :data:`SEAT0` plus the WOF id
modulo 2**20 (the next free one on a clash): a town-tagged number no GeoNames town or district
uses. ``near_*`` is the index's South Korean town nearest the point (its time zone and region are the
seat's); ``name`` is the romanised name with its unit as Korea writes it ("Goryeong-gun",
"Hoengseong-eup"); ``names`` the folded keys: the Hangul name with and without its unit and the
romanised name with and without it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City, fold_text
from mapsnb_sandbox.world.names import districts
from mapsnb_sandbox.world.national.korean import latin_table
from mapsnb_sandbox.world.towns import named_ids
from tools.build_districts import DISTRICT0, records

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "kr_seats.tsv"
#: Numbers from here: above the districts' (:data:`tools.build_districts.DISTRICT0`) and below
#: 2**24, which GeoNames ids stay under.
SEAT0 = DISTRICT0 - (1 << 20)
#: A Hangul name the resolver already answers this near is that place.
SAME_KM = 25.0
#: A town of a county's name this near the county's label point is its seat.
SEAT_KM = 40.0
#: People a city (시) and a town (읍) have at least (Local Autonomy Act, art. 10).
WEIGHTS = {"시": 50_000, "군": 20_000, "읍": 20_000}
#: How Korea writes each unit after a romanised name.
UNITS = {"시": "si", "군": "gun", "읍": "eup"}


def _kor(p: dict[str, Any]) -> str:
    names = p.get("name:kor_x_preferred") or [""]
    return str(names[0]).replace(" ", "")


def _current(p: dict[str, Any]) -> bool:
    return (
        p.get("mz:is_current") != 0
        and not p.get("wof:superseded_by")
        and not p.get("edtf:deprecated")
    )


def _point(p: dict[str, Any]) -> tuple[float, float]:
    lat = p.get("lbl:latitude", p.get("geom:latitude"))
    lng = p.get("lbl:longitude", p.get("geom:longitude"))
    return float(lat), float(lng)


def _latin(p: dict[str, Any]) -> str:
    """The record's romanised name without a unit ("Goryeong", "Hoengseong")."""
    name = str(p.get("wof:name", ""))
    for u in UNITS.values():
        name = name.removesuffix(f"-{u}").removesuffix(f" {u}")
    return name


def _answered(kor: str, lat: float, lng: float) -> bool:
    """Whether the index (its own towns, no added row) names a South Korean town ``kor``
    within :data:`SAME_KM` of the point."""
    idx = city_index()
    for j in named_ids(idx, fold_text(kor)):
        c = idx.cities[j]
        near = haversine_m(c.lat, c.lng, lat, lng) / 1000 < SAME_KM
        if c.cc == "KR" and near:
            return True
    return False


def _free(key: str, weight: int) -> bool:
    """Whether folded ``key`` may name the row: a Hangul name that no town of the index of
    ``weight`` people or more bears ("남원": Namwon, not Jeju's Namwon-eup; "광주시": Gwangju;
    "강진군" is not Imsil's small Gangjin), a Latin one that no town bears at all ("dong")."""
    idx = city_index()
    ids = named_ids(idx, key)
    if key.isascii():  # "namwon": GeoNames' "Nangen", by korean_town_names.tsv
        return not ids and not latin_table(idx).get(key.replace(" ", ""))
    return all(idx.cities[j].population < weight for j in ids)


def _seat_town(county: dict[str, Any], towns: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The town (읍) a county's or city's seat is: the town of its name within
    :data:`SEAT_KM` of its label point ("인제군": 인제읍; Who's On First files some towns
    under an older record of their county), else its one town."""
    lat, lng = _point(county)
    stem = _kor(county)[:-1]
    named = [
        t
        for t in towns
        if _kor(t)[:-1] == stem and haversine_m(lat, lng, *_point(t)) / 1000 < SEAT_KM
    ]
    inside = [t for t in towns if t.get("wof:parent_id") == county.get("wof:id")]
    pick = named or (inside if len(inside) == 1 else [])
    return pick[0] if pick else None


def _seat(county: dict[str, Any], towns: list[dict[str, Any]]) -> tuple[float, float]:
    """A county's seat's point (:func:`_seat_town`), else its label point (a city's)."""
    town = _seat_town(county, towns) if _kor(county).endswith("군") else None
    return _point(town if town is not None else county)


def _nearest_kr(lat: float, lng: float) -> City:
    """The index's South Korean town nearest the point (not Kaesŏng for Paju's towns)."""
    kr = [c for c in city_index().cities if c.cc == "KR"]
    return min(kr, key=lambda c: haversine_m(c.lat, c.lng, lat, lng))


def _number(wof_id: int, used: set[int]) -> int:
    n = SEAT0 + wof_id % (1 << 20)
    while n in used:
        n += 1
    used.add(n)
    return n


def build(repo: str) -> list[str]:
    """The table's rows, checked against the index without them."""
    districts.SEATS = OUT.with_suffix(".none")  # the index as it is without the table
    recs = [p for p in records(repo) if _current(p)]
    towns = [p for p in recs if p.get("wof:placetype") == "localadmin" and _kor(p).endswith("읍")]
    counties = [
        p
        for p in recs
        if p.get("wof:placetype") == "county" and _kor(p)[-1:] in ("군", "시") and len(_kor(p)) > 2
    ]
    seat = {
        int(c["wof:id"]): _seat_town(c, towns) if _kor(c)[-1] == "군" else None for c in counties
    }
    seats = {_kor(t) for t in seat.values() if t is not None}
    places = [(c, _seat(c, towns), seat[int(c["wof:id"])]) for c in counties]
    places += [(t, _point(t), None) for t in towns if _kor(t) not in seats]
    used = {int(c.geonameid) for c in city_index().cities}
    out: list[str] = []
    for p, (lat, lng), seat in sorted(places, key=lambda r: int(r[0]["wof:id"])):
        kor = _kor(p)
        if _answered(kor, lat, lng):
            continue
        unit = kor[-1]
        latin = _latin(p)
        near = _nearest_kr(lat, lng)
        keys = [kor, kor[:-1], f"{latin}-{UNITS[unit]}", latin]
        if seat is not None:  # "대가야읍", Goryeong-gun's seat
            keys += [_kor(seat), _kor(seat)[:-1], f"{_latin(seat)}-eup", _latin(seat)]
        folded = "|".join(
            k for k in dict.fromkeys(fold_text(k) for k in keys if k) if _free(k, WEIGHTS[unit])
        )
        if not folded:
            continue  # "광주시": Gwangju's name too
        number = _number(int(p["wof:id"]), used)
        name = f"{latin}-{UNITS[unit]}"
        out.append(
            f"{number}\t{lat:.5f}\t{lng:.5f}\t{WEIGHTS[unit]}\t{near.geonameid}\t"
            f"{int(near.lat // 1)}\t{int(near.lng // 1)}\t{name}\t{folded}"
        )
    return out


def main() -> None:
    rows = build(sys.argv[1])
    head = (
        "# South Korea's county and city seats and towns (읍) the town index lacks: number, lat,"
        " lng, weight, nearest town's gid, row, col, name, folded names.\n# Who's On First"
        " whosonfirst-data-admin-kr (CC BY 4.0, data from Who's On First)."
        " Built by tools/build_kr_seats.py.\n"
    )
    OUT.write_text(head + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"{len(rows)} rows, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
