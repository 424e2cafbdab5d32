"""Build ``mapsnb_sandbox/data/postcodes.tsv.z``: real postcodes by area for the countries whose
synthetic addresses carry one (``python tools/build_postcodes.py DIR``).

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
synthetic, started in their region's range (``postcode_ranges.csv``): Japan, India, Mexico,
Greece.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
import zipfile
import zlib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "mapsnb_sandbox" / "data" / "postcodes.tsv.z"
FORMATS = ROOT / "mapsnb_sandbox" / "data" / "address_formats.json"
WHOLE_UP_TO, MAX_GROUPS, MAX_TAILS = 4000, 1500, 8
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


def _groups(codes: dict[str, tuple[float, float]]) -> dict[str, list[str]]:
    """``prefix -> codes``: each code alone, or grouped by their longest short-enough prefix."""
    if len(codes) <= WHOLE_UP_TO:
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
    for prefix, members in sorted(_groups(codes).items()):
        lat = sum(codes[c][0] for c in members) / len(members)
        lng = sum(codes[c][1] for c in members) / len(members)
        members.sort()
        step = max(1, len(members) // MAX_TAILS)
        tails = [c[len(prefix) :] for c in members[::step][:MAX_TAILS]]
        out.append(f"{cc}\t{prefix}\t{lat:.2f}\t{lng:.2f}\t{','.join(tails)}")
    return out


def main(folder: Path) -> None:
    formats = json.loads(FORMATS.read_text(encoding="utf-8"))
    lines = ["# cc\tprefix\tlat\tlng\ttails (GeoNames postal codes, CC BY 4.0)"]
    for cc, spec in sorted(formats.items()):
        shape = spec.get("postcode", "") if isinstance(spec, dict) else ""
        path = folder / f"{cc}.zip"
        if cc == "US" or not shape or not path.exists():
            continue
        codes = _codes(path, cc, shape)
        rows = _rows(cc, codes)
        lines += rows
        print(f"{cc}: {len(codes)} codes -> {len(rows)} rows")
    OUT.write_bytes(zlib.compress(("\n".join(lines) + "\n").encode("utf-8"), 9))
    print(f"{len(lines) - 1} rows -> {OUT} ({OUT.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
