"""Build ``mapsnb_sandbox/data/postcodes.tsv.z``: real postcodes by area for the countries whose
synthetic addresses carry one (``python tools/build_postcodes.py DIR --india IN_DIR --japan
JP_DIR --localgov CSV``).

``DIR`` holds the per-country zips of the public repository ``zauberware/postal-codes-json-xml-csv``
(``data/XX.zip``, each with ``zipcodes.xx.csv``): GeoNames' postal code dump (CC BY 4.0,
https://download.geonames.org/export/zip/) as CSV, updated 2026-03-30. Fetch it with the search
tool's ``fetch`` and ``git show HEAD:data/XX.zip > DIR/XX.zip``.

A country with a few thousand codes keeps each code and its mean point; a bigger one keeps, per
leading part of its codes (the longest that gives at most ``MAX_GROUPS`` parts), the mean point
and up to ``MAX_TAILS`` real endings. Rows: ``cc prefix lat lng tails`` (tails ``,``-joined,
empty for a whole code). Codes GeoNames gives only in part (the UK's outward codes, Canada's
forward sortation areas, the Netherlands' four digits) are completed by the emulator in the
country's format. The US keeps ``us_zip3.tsv`` (USPS, by state). Not covered by the dump, kept
synthetic, started in their region's range (``postcode_ranges.csv``): Mexico, Greece (Mexico's
SEPOMEX catalogue has no points, and its terms forbid passing it on).

India (``--india IN_DIR``): India Post's "All India Pincode
Directory" (Department of Posts, data.gov.in, https://data.gov.in/node/6818285, Government Open
Data License - India), every post office with its PIN and point, as the public repository
``devzoy/indian-pincode`` (MIT) ships it, one JSON file per PIN's first three digits
(``src/node/data/details/XXX.json``, commit df857084, 2025-11-27; ``INDIA_DIR`` holds those
files). Its points are noisy: some are degrees-minutes-seconds written as decimals (Kolkata's
"22.3425" for 22 deg 34' 25"), read so when that lies nearer the sorting district's median; a
point outside India or over ``MAX_KM`` from its district's median is dropped. Each PIN keeps the
median of its head and sub offices' points (a PIN is its delivery office's; its branch offices'
only where it has none; a head office's point copied to another PIN's office left to the head
office; points given to two decimals only where there is no finer one), whole
(``WHOLE_BY_COUNTRY``).

Japan (``--japan JP_DIR --localgov CSV``): Japan Post's postcodes (its KEN_ALL table, which Japan
Post lets anyone redistribute, via zipcloud) as the public repository ``kufu/jpostcode-data``
(MIT) ships them, one JSON file per first three digits (``data/json/XXX.json``, commit e68e3ad2,
updated 2026-08-04; big customers' own codes left out), each under its municipality; the
municipalities' office points from ``code4fukui/localgovjp`` (``localgovjp-utf8.csv``, CC0,
commit 232edc3a, 2026-07-09). One row per municipality: its office's point and up to
``MAX_TAILS`` of its codes, so a point takes a real code of the municipality whose office is
nearest (Tokyo's and the big cities' wards each their own).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import re
import statistics
import zipfile
import zlib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "mapsnb_sandbox" / "data" / "postcodes.tsv.z"
FORMATS = ROOT / "mapsnb_sandbox" / "data" / "address_formats.json"
WHOLE_UP_TO, MAX_GROUPS, MAX_TAILS = 4000, 1500, 8
#: Countries whose codes are all kept whole (India's 19,000 PINs: a city's sorting district
#: is its first three digits, and an area's mean point would straddle districts).
WHOLE_BY_COUNTRY = {"IN": 25000}
#: India: a post office's point over this far from its PIN's sorting district's median is wrong.
MAX_KM = 150.0
INDIA_BOX = (6.0, 37.5, 68.0, 97.5)
#: Codes for post-office boxes and big customers, not streets (the postal services' own lists:
#: PostNord Danmark 0800-0999; Australia Post's PO Box ranges by state).
NOT_STREETS = {
    "DK": ((800, 999),),
    "AU": ((200, 299), (900, 999), (1000, 1999), (5800, 5999), (6800, 6999), (7800, 7999),
           (8000, 9999)),
}  # fmt: skip
#: Codes GeoNames lists under a post-office box office, a parcel centre or a CEDEX.
NOT_STREET_PLACES = re.compile(r"\(PO Boxes\)|\bPO Box|Postboks|Pakkecent|\bCEDEX\b", re.I)
#: Countries whose dump appends big customers' codes (Germany's "Großkundenpostleitzahlen",
#: each under the firm's or office's name) with a numeric state key, where street codes have
#: the state's letters ("BE"): those rows are left out.
BIG_CUSTOMERS_BY_NUMERIC_STATE = frozenset({"DE"})
#: Codes given in part: what a part looks like (the emulator completes it in the format).
PARTIAL = {
    "GB": re.compile(r"^[A-Z]{1,2}[0-9][0-9A-Z]?$"),
    "CA": re.compile(r"^[A-Z][0-9][A-Z]$"),
    "NL": re.compile(r"^[0-9]{4}$"),
}


def _shape_re(shape: str) -> re.Pattern[str]:
    body = "".join("[0-9]" if c == "#" else "[A-Z]" if c == "A" else re.escape(c) for c in shape)
    return re.compile(f"^{body}$")


def _street_code(cc: str, code: str, row: dict[str, str]) -> bool:
    if NOT_STREET_PLACES.search(row["place"]):
        return False
    if cc in BIG_CUSTOMERS_BY_NUMERIC_STATE and row["state_code"].isdigit():
        return False
    number = int(code) if code.isdigit() else -1
    return not any(lo <= number <= hi for lo, hi in NOT_STREETS.get(cc, ()))


def _codes(path: Path, cc: str, shape: str) -> dict[str, tuple[float, float]]:
    """``code -> mean point`` of the street codes of one country's zip that fit its format."""
    fits = PARTIAL.get(cc) or _shape_re(shape)
    points: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with zipfile.ZipFile(path) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".csv"))
        for row in csv.DictReader(io.TextIOWrapper(zf.open(name), encoding="utf-8")):
            code = row["zipcode"].strip().upper().removeprefix("L-")
            if not (fits.match(code) and _street_code(cc, code, row)):
                continue
            if row["latitude"] and row["longitude"]:
                points[code].append((float(row["latitude"]), float(row["longitude"])))
    return {
        c: (sum(p[0] for p in ps) / len(ps), sum(p[1] for p in ps) / len(ps))
        for c, ps in points.items()
    }


def _groups(codes: dict[str, tuple[float, float]], whole: int) -> dict[str, list[str]]:
    """``prefix -> codes``: each code alone, or grouped by their longest short-enough prefix."""
    if len(codes) <= whole:
        return {c: [c] for c in codes}
    longest = min(len(c) for c in codes)
    for p in range(longest - 1, 0, -1):
        groups: dict[str, list[str]] = defaultdict(list)
        for c in codes:
            groups[c[:p]].append(c)
        if len(groups) <= MAX_GROUPS:
            return groups
    return {"": list(codes)}


def _rows(cc: str, codes: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    whole = WHOLE_BY_COUNTRY.get(cc, WHOLE_UP_TO)
    for prefix, members in sorted(_groups(codes, whole).items()):
        lat = sum(codes[c][0] for c in members) / len(members)
        lng = sum(codes[c][1] for c in members) / len(members)
        members.sort()
        step = max(1, len(members) // MAX_TAILS)
        tails = [c[len(prefix) :] for c in members[::step][:MAX_TAILS]]
        out.append(f"{cc}\t{prefix}\t{lat:.2f}\t{lng:.2f}\t{','.join(tails)}")
    return out


Point = tuple[float, float]


def _km(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], (a[1] - b[1]) * math.cos(math.radians(a[0]))) * 111.2


def _median(points: list[Point]) -> Point:
    return statistics.median(p[0] for p in points), statistics.median(p[1] for p in points)


def _dms(x: float) -> float | None:
    """``x`` read as degrees.MMSS ("22.3425" = 22 deg 34' 25"), or None if it cannot be."""
    frac = f"{x:.6f}".split(".")[1]
    minutes, seconds = int(frac[:2]), int(frac[2:4])
    if minutes >= 60 or seconds >= 60:
        return None
    return math.floor(x) + minutes / 60 + seconds / 3600


def _fixed(p: Point, centre: Point) -> Point:
    """``p``, or ``p`` read as degrees-minutes-seconds when that lies nearer ``centre``."""
    lat, lng = _dms(p[0]), _dms(p[1])
    if lat is None or lng is None:
        return p
    return (lat, lng) if _km((lat, lng), centre) < _km(p, centre) else p


def _india_offices(folder: Path) -> dict[str, list[tuple[float, float, str]]]:
    """``PIN -> [(lat, lng, office type), ...]`` of its post offices inside India."""
    south, north, west, east = INDIA_BOX
    out: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    for path in sorted(folder.glob("*.json")):
        for pin, offices in json.loads(path.read_text(encoding="utf-8")).items():
            for office in offices:
                try:
                    lat, lng = float(office["lat"]), float(office["lng"])
                except (KeyError, ValueError):
                    continue
                inside = south <= lat <= north and west <= lng <= east
                if inside and re.fullmatch(r"[1-9][0-9]{5}", pin):
                    out[pin].append((lat, lng, office.get("type", "")))
    return out


def _delivery_points(offices: dict[str, list[tuple[float, float, str]]]) -> dict[str, list[Point]]:
    """``PIN -> points`` of its head and sub offices (a PIN is its delivery office's), of its
    branch offices only where it has none; a head office's point copied to another PIN's
    office is left to the head office's PIN."""
    heads = {(lat, lng): pin for pin, offs in offices.items() for lat, lng, t in offs if t == "HO"}
    out: dict[str, list[Point]] = {}
    for pin, offs in offices.items():
        own = [(lat, lng, t) for lat, lng, t in offs if heads.get((lat, lng), pin) == pin]
        fine = [(lat, lng, t) for lat, lng, t in own if not _rough(lat, lng)]
        main = [(lat, lng) for lat, lng, t in fine if t != "BO"]
        if points := main or [(lat, lng) for lat, lng, _ in fine or own]:
            out[pin] = points
    return out


def _rough(lat: float, lng: float) -> bool:
    """A point given to two decimals or fewer: a guess ("22.44, 75.50"), used only where the
    PIN has no finer one."""
    return round(lat, 2) == lat and round(lng, 2) == lng


def _india_codes(folder: Path) -> dict[str, Point]:
    """``PIN -> median point`` of its offices, each read as decimal or as
    degrees-minutes-seconds, whichever lies nearer its sorting district's median (refined
    twice), those still over ``MAX_KM`` away dropped."""
    offices = _delivery_points(_india_offices(folder))
    centres: dict[str, Point] = {}
    for _ in range(3):
        by_district: dict[str, list[Point]] = defaultdict(list)
        for pin, points in offices.items():
            centre = centres.get(pin[:3])
            by_district[pin[:3]] += [_fixed(p, centre) if centre else p for p in points]
        centres = {d: _median(ps) for d, ps in by_district.items()}
    out = {}
    for pin, points in offices.items():
        centre = centres[pin[:3]]
        good = [q for q in (_fixed(p, centre) for p in points) if _km(q, centre) <= MAX_KM]
        if good:
            out[pin] = _median(good)
    return out


def _japan_city_points(localgov: Path) -> dict[tuple[int, str], Point]:
    """``(prefecture code, municipality) -> its office's point`` (``localgovjp-utf8.csv``)."""
    with localgov.open(encoding="utf-8-sig") as f:
        return {
            (int(r["pid"]), re.sub(r"\s", "", r["city"])): (float(r["lat"]), float(r["lng"]))
            for r in csv.DictReader(f)
        }


def _japan_city_of(key: tuple[int, str], points: dict[tuple[int, str], Point]) -> Point | None:
    """The point of a municipality as Japan Post names it: "石狩郡当別町" is 当別町 (its district
    dropped), a ward newer than the office table (浜松市中央区, 2024) its city's."""
    pref, city = key
    for name in (city, re.sub(r"^.+?郡", "", city), re.sub(r"(?<=市).+区$", "", city)):
        if (pref, name) in points:
            return points[(pref, name)]
    return None


def _common_start(first: str, last: str) -> str:
    """The characters the first and last of sorted codes (so all of them) start with."""
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


def _japan_rows(folder: Path, localgov: Path) -> list[str]:
    """One row per municipality: its office's point and up to ``MAX_TAILS`` of its street
    codes ("160-0022"), as Japan Post lists them (big customers' own codes left out)."""
    points = _japan_city_points(localgov)
    by_city: dict[tuple[int, str], set[str]] = defaultdict(set)
    for path in sorted(folder.glob("*.json")):
        for entries in json.loads(path.read_text(encoding="utf-8")).values():
            for e in entries if isinstance(entries, list) else [entries]:
                if not e["office_name"] and re.fullmatch(r"[0-9]{7}", e["postcode"]):
                    code = f"{e['postcode'][:3]}-{e['postcode'][3:]}"
                    by_city[(e["prefecture_code"], e["city"])].add(code)
    rows = []
    for key, codes in sorted(by_city.items()):
        point = _japan_city_of(key, points)
        if point is None:
            continue
        members = sorted(codes)
        prefix = _common_start(members[0], members[-1])
        step = max(1, len(members) // MAX_TAILS)
        tails = [c[len(prefix) :] for c in members[::step][:MAX_TAILS]]
        rows.append(f"JP\t{prefix}\t{point[0]:.3f}\t{point[1]:.3f}\t{','.join(tails)}")
    return rows


def _country_rows(cc: str, shape: str, args: argparse.Namespace) -> list[str]:
    """The rows of one country: India's and Japan's from their own sources, else GeoNames'."""
    path = args.geonames / f"{cc}.zip"
    if cc == "IN" and args.india:
        return _rows(cc, _india_codes(args.india))
    if cc == "JP" and args.japan:
        return _japan_rows(args.japan, args.localgov)
    if cc == "US" or not shape or not path.exists():
        return []
    return _rows(cc, _codes(path, cc, shape))


def main(args: argparse.Namespace) -> None:
    formats = json.loads(FORMATS.read_text(encoding="utf-8"))
    lines = [
        "# cc\tprefix\tlat\tlng\ttails (GeoNames postal codes, CC BY 4.0; IN: India Post's"
        " All India Pincode Directory, GODL-India; JP: Japan Post's codes, localgovjp CC0)"
    ]
    for cc, spec in sorted(formats.items()):
        shape = spec.get("postcode", "") if isinstance(spec, dict) else ""
        if rows := _country_rows(cc, shape, args):
            lines += rows
            print(f"{cc}: {len(rows)} rows")
    OUT.write_bytes(zlib.compress(("\n".join(lines) + "\n").encode("utf-8"), 9))
    print(f"{len(lines) - 1} rows -> {OUT} ({OUT.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("geonames", type=Path, help="the per-country zips of GeoNames' dump")
    parser.add_argument("--india", type=Path, help="India Post's directory, XXX.json files")
    parser.add_argument("--japan", type=Path, help="jpostcode-data's data/json/XXX.json files")
    parser.add_argument("--localgov", type=Path, help="localgovjp's localgovjp-utf8.csv")
    main(parser.parse_args())
