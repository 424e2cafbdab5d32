"""Write ``mapsnb_sandbox/data/heritage_sites.csv``: the UNESCO World Heritage List as famous
places of the emulator, at the list's point, found by their official English and French names
(issue 40).

Source: the list's export ``whc-sites-2019.xls`` (© UNESCO, CC BY-SA 3.0 IGO;
https://whc.unesco.org/en/syndication): the file is an adaptation under the same licence (see
``data/SOURCES.md``). Usage (needs ``xlrd``, a build-time tool only)::

    python tools/build_heritage_sites.py whc-sites-2019.xls

The properties whose ``id_no`` is a multiple of 3 (:func:`~mapsnb_sandbox.world.landmarks.held_out`:
the part of the holdout ``tests/data/landmark_holdout.csv`` that measures how the emulator does on
places it does not hold) come last, after the rest has taken its names, so that the emulator with
them withheld (``MAPSNB_SANDBOX_WITHHOLD_THIRD=1``, ``bench_landmarks.py --withhold``) reads
exactly what it read before they were added. Left out: the
transboundary ones (their point is one country's); when one row of ``famous_places.csv`` (its
``whc`` column) is the property (of one component, within 3 km), the property's official names are
added to that row (a row with only ``key``, ``whc``, ``names`` and ``keys``: its point is
Wikipedia's); a property of which ``famous_places.csv`` holds several places, or one place of a
large or serial property, keeps its own row at the list's point (since landmarks round 12: its
names name none of those places, and leaving it out lost them). A name is not given when it is also a town's
name (unless it is the property's official name and every town by it is a namesake far
away: "Babylon"), a country's, or another place's, nor a short form of a few generic words. Columns as ``famous_places.csv``: ``key`` (``whc-<id_no>``), ``whc``, ``kind``
(``landmark``; ``park`` for a natural property), ``city`` (empty), ``country``, ``cc``, ``lat``,
``lng``, ``names``, ``keys`` (folded, :func:`~mapsnb_sandbox.world.landmarks.famous_keys`).
"""

from __future__ import annotations

import csv
import functools
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, famous_keys, fold, held_out
from tools.build_landmark_holdout import clean, short_forms, tolerance_km

OUT = FAMOUS_CSV.with_name("heritage_sites.csv")
COLUMNS = ["key", "whc", "kind", "city", "country", "cc", "lat", "lng", "names", "keys"]


HEADER = (
    "# UNESCO World Heritage properties as famous places (issue 40): the list's export whc-sites-2019\n"
    "# (c) UNESCO, CC BY-SA 3.0 IGO; this file is an adaptation under the same licence. The list\n"
    "# (transboundary ones and famous_places.csv's own left out; id_no % 3 == 0 last, withheld on\n"
    "# request), at the list's point, by their official English and French names and the part before\n"
    "# a comma, dash or colon. Written by tools/build_heritage_sites.py; see SOURCES.md.\n"
)


@functools.cache
def _landmark_names() -> frozenset[str]:
    """Folded names of the curated landmarks and ``famous_places.csv`` (not this file's own)."""
    from mapsnb_sandbox.world.landmarks import LANDMARKS_CSV, load_famous, load_landmarks

    names: set[str] = set()
    for lm in load_famous(FAMOUS_CSV, load_landmarks(LANDMARKS_CSV)):
        names.update(fold(n) for n in (lm.name, *lm.aliases))
        names.update(lm.keys)
    return frozenset(names)


#: A property's official name that is a town's is kept when every town by that name is smaller
#: than this and farther than :data:`NAMESAKE_KM` from the property ("Babylon" is the site, not
#: Babylon, New York; "Paphos" and "Tipasa" stay the towns around their sites).
NAMESAKE_KM = 50.0


def _taken(key: str, *, official: bool, at: tuple[float, float]) -> bool:
    """Whether folded ``key`` is a country's, a landmark's or famous place's name, or a town's
    (but see :data:`NAMESAKE_KM` for an ``official`` name of a property at ``at``)."""
    from mapsnb.polyline import haversine_m
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.landmarks import FAMOUS_TOWN_POPULATION

    idx = city_index()
    if key in idx.countries or key in _landmark_names():
        return True
    towns = [idx.cities[j] for j in idx.by_name.get(key)]
    if not towns:
        return False
    far = all(
        c.population < FAMOUS_TOWN_POPULATION
        and haversine_m(c.lat, c.lng, *at) > NAMESAKE_KM * 1000
        for c in towns
    )
    return not (official and far)


def _names(row: dict[str, object]) -> list[str]:
    at = (float(str(row["latitude"])), float(str(row["longitude"])))
    out: list[str] = []
    for lang in ("en", "fr"):
        name = clean(str(row[f"name_{lang}"]))
        if not name:
            continue
        for n in [name, *short_forms(name)]:
            key = fold(n)
            if len(key) >= 4 and n not in out and not _taken(key, official=n == name, at=at):
                out.append(n)
    return out


#: A property one famous place may stand for: of one component, within this radius (km).
ONE_PLACE_KM = 3.0


def _one_place(row: dict[str, object]) -> bool:
    """Whether the property is small and of one component (see :data:`ONE_PLACE_KM`)."""
    from tools.build_landmark_holdout import SERIAL

    serial = bool(SERIAL.search(clean(str(row["name_en"]))))
    return not serial and tolerance_km(row["area_hectares"], serial=False) <= ONE_PLACE_KM


def rows_of(sheet_rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The file's rows from the list's rows (see the module docstring)."""
    with FAMOUS_CSV.open(encoding="utf-8") as fh:
        famous: dict[str, list[str]] = {}
        for f in csv.DictReader(line for line in fh if not line.startswith("#")):
            famous.setdefault(f["whc"], []).append(f["key"])
    out: list[dict[str, object]] = []
    seen: set[str] = set()
    last = sorted(sheet_rows, key=lambda r: held_out(int(float(str(r["id_no"])))))  # stable
    for r in last:
        whc = int(float(str(r["id_no"])))
        if str(r["transboundary"]).strip() in ("1", "1.0"):
            continue
        keys = famous.get(str(whc), [])
        names = [n for n in _names(r) if fold(n) not in seen]
        if not names:
            continue
        seen.update(fold(n) for n in names)
        joined = "|".join(names)
        # several famous places in one property, or one in a large or serial property: its names
        # name none of them, so the property keeps its own row at the list's point
        if len(keys) == 1 and _one_place(r):  # the property is one famous place: its names too
            out.append({"key": keys[0], "whc": whc, "names": joined,
                        "keys": "|".join(famous_keys(keys[0], joined))})  # fmt: skip
            continue
        out.append({
            "key": f"whc-{whc}", "whc": whc,
            "kind": "park" if str(r["category"]) == "Natural" else "landmark",
            "city": "", "country": clean(str(r["states_name_en"])),
            "cc": str(r["iso_code"]).strip().upper()[:2],
            "lat": round(float(str(r["latitude"])), 5), "lng": round(float(str(r["longitude"])), 5),
            "names": joined, "keys": "|".join(famous_keys(f"whc-{whc}", joined)),
        })  # fmt: skip
    return out


def write_famous(out: Path, header: str, rows: list[dict[str, object]]) -> None:
    """Write ``rows`` as a famous-places CSV (:data:`COLUMNS`) under its ``header`` comment."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    out.write_text(header + buf.getvalue(), encoding="utf-8")


def main(path: str) -> None:
    import xlrd  # type: ignore[import-untyped]  # build-time only

    sheet = xlrd.open_workbook(path).sheet_by_index(0)
    head = [str(v) for v in sheet.row_values(0)]
    rows = rows_of(
        [dict(zip(head, sheet.row_values(i), strict=True)) for i in range(1, sheet.nrows)]
    )
    write_famous(OUT, HEADER, rows)
    print(f"{len(rows)} properties -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
