"""Street addresses the way each country writes them, for the emulator's synthetic places.

Formats, postcode shapes and common street names live in ``data/address_formats.json``
(read lazily, once): "12 Rue Pasteur, 69002 Lyon, France", "Hauptstraße 5, 04109 Leipzig,
Germany", "682 Elm St, Springfield, IL 62701, USA". A place's postcode is a real one of its
area: the USPS ZIP Codes (``data/us_zip3.tsv``), GeoNames' postcodes of 31 more countries,
India Post's PINs and Japan Post's codes (``data/postcodes.tsv.z``), completed in the
country's format where GeoNames gives only a part ("SW1A" + " 2AB"); elsewhere a town's postcodes share their leading digits (from the town) and
the rest come from the place's seed: deterministic, plausible, synthetic.
"""

from __future__ import annotations

import bisect
import csv
import functools
import heapq
import json
import math
import re
import zlib
from pathlib import Path
from typing import Any

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.earth.water import crosses_open_water
from mapsnb_sandbox.world.geodata import City

__all__ = [
    "ADDRESS_FORMATS",
    "POSTCODES",
    "US_ZIP3",
    "area_postcode",
    "code_near",
    "format_address",
    "local_address",
    "street_case",
    "town_address",
    "us_zip",
]

ADDRESS_FORMATS = Path(__file__).resolve().parents[1] / "data" / "address_formats.json"
#: The three-digit ZIP prefixes of the USPS ZIP Codes by state and area (``tools/build_us_zip3.py``).
US_ZIP3 = Path(__file__).resolve().parents[1] / "data" / "us_zip3.tsv"
#: Real postcodes by area of 31 more countries (GeoNames), India (India Post's directory) and
#: Japan (Japan Post's codes by municipality), built by ``tools/build_postcodes.py``.
POSTCODES = Path(__file__).resolve().parents[1] / "data" / "postcodes.tsv.z"
#: A postcode area: its point, its codes' common start and their endings.
Area = tuple[float, float, str, tuple[str, ...]]
#: The leading digits of postcodes by first-level region where GeoNames' dump lacks the country
#: (Mexico, Greece, and Japan's and India's fallback: the postal services' tables).
POSTCODE_RANGES = Path(__file__).resolve().parents[1] / "data" / "postcode_ranges.csv"
_LETTERS = "ABCDEFGHJKLMNPRSTUVWXY"
#: A house number's place in a format with the label some countries write before it ("No:",
#: "No.", "#"): dropped whole when the street typed already holds its number.
_NUMBER_SLOT = re.compile(r"(?:No[:.] ?|# )?\{number\}")


@functools.cache
def _formats() -> dict[str, Any]:
    with ADDRESS_FORMATS.open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


_KNOWN: list[tuple[object, dict[tuple[str, str], str]]] = []


def _known_postcodes() -> dict[tuple[str, str], str]:
    """``(town, country code) -> a real postcode`` read from the curated landmarks' addresses
    ("…, 69003 Lyon, France"): a town's synthetic postcodes start like its real ones. Kept
    per landmark table (tests switch tables)."""
    from mapsnb_sandbox.world.landmarks import landmark_index

    table = landmark_index()
    if _KNOWN and _KNOWN[0][0] is table:
        return _KNOWN[0][1]
    out: dict[tuple[str, str], str] = {}
    _KNOWN[:] = [(table, out)]
    for lm in table.items:
        for part in lm.address.split(","):
            words = part.split()
            if len(words) >= 2 and words[0][:1].isdigit() and " ".join(words[1:]) == lm.city:
                out.setdefault((lm.city, lm.country_code), words[0])
    return out


@functools.cache
def _us_zip3() -> dict[str, list[tuple[float, float, str, str]]]:
    """``state -> [(lat, lng, prefix, last two digits of its ZIP Codes), ...]``."""
    out: dict[str, list[tuple[float, float, str, str]]] = {}
    for line in US_ZIP3.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            prefix, state, lat, lng, tails = line.split("\t")
            out.setdefault(state, []).append((float(lat), float(lng), prefix, tails))
    return out


def us_zip(state: str, lat: float, lng: float, seed: int) -> str:
    """A real ZIP Code of ``state`` near the point: one of the ZIP Codes of the state's
    three-digit prefix whose ZIP Codes lie nearest on average (USPS, ``data/us_zip3.tsv``);
    ``""`` for a state the table lacks."""
    areas = _us_zip3().get(state)
    if not areas:
        return ""
    scale = math.cos(math.radians(lat)) ** 2
    _, _, prefix, tails = min(areas, key=lambda a: (a[0] - lat) ** 2 + scale * (a[1] - lng) ** 2)
    k = seed % (len(tails) // 2)
    return prefix + tails[2 * k : 2 * k + 2]


@functools.cache
def _postcode_text() -> str:
    return zlib.decompress(POSTCODES.read_bytes()).decode("utf-8")


@functools.cache
def _postcode_areas(cc: str) -> tuple[Area, ...]:
    """``[(lat, lng, prefix, real endings of its codes), ...]`` of ``cc`` in
    ``postcodes.tsv.z`` (its rows sorted by country: only that country's are read); the US's
    three-digit ZIP prefixes (``us_zip3.tsv``: typed ZIP Codes are read as other codes)."""
    if cc == "US":
        zip3 = (a for areas in _us_zip3().values() for a in areas)
        return tuple(
            (lat, lng, prefix, tuple(tails[i : i + 2] for i in range(0, len(tails), 2)))
            for lat, lng, prefix, tails in zip3
        )
    text = _postcode_text()
    first, last = text.find(f"\n{cc}\t"), text.rfind(f"\n{cc}\t")
    if first < 0:
        return ()
    end = text.find("\n", last + 1)
    out = []
    for line in text[first + 1 : end if end >= 0 else None].splitlines():
        _, prefix, lat, lng, tails = line.split("\t")
        out.append((float(lat), float(lng), prefix, tuple(tails.split(","))))
    return tuple(out)


#: How many of the nearest postcode areas are tried for one on the point's side of the water.
AREAS_TRIED = 4


@functools.cache
def _areas_by_lat(cc: str) -> tuple[list[float], list[int]]:
    """The latitudes of ``cc``'s postcode areas in order, and each one's index."""
    areas = _postcode_areas(cc)
    order = sorted(range(len(areas)), key=lambda i: areas[i][0])
    return [areas[i][0] for i in order], order


def _nearest_areas(cc: str, lat: float, lng: float) -> list[Area]:
    """The ``AREAS_TRIED`` postcode areas of ``cc`` nearest the point, the same as over all of
    them but read from a band of latitudes widened until it must hold them (India's 18,887)."""
    areas = _postcode_areas(cc)
    scale = math.cos(math.radians(lat)) ** 2

    def far(a: Area) -> float:
        return (a[0] - lat) ** 2 + scale * (a[1] - lng) ** 2

    lats, order = _areas_by_lat(cc)
    band = 0.25
    while True:
        lo, hi = bisect.bisect_left(lats, lat - band), bisect.bisect_right(lats, lat + band)
        near = heapq.nsmallest(AREAS_TRIED, (areas[i] for i in sorted(order[lo:hi])), key=far)
        if hi - lo == len(areas) or (len(near) == AREAS_TRIED and far(near[-1]) <= band**2):
            return near
        band *= 2


def code_near(cc: str, lat: float, lng: float, code: str, *, chars: int = 0) -> bool:
    """Whether postcode ``code``, as typed, begins as one of ``cc``'s postcode areas nearest the
    point does ("37002" near Salamanca, Spain: its area "370"; no Salamanca of Mexico, whose
    codes the table lacks, nor Córdoba, Argentina's "5000", for "14008"); with ``chars``, as
    the area's first ``chars`` characters do ("00184" of Rome, whose nearest areas are "0011",
    "0014", ...)."""
    typed = re.sub(r"[\W_]", "", code).upper()
    prefixes = (re.sub(r"[\W_]", "", a[2]).upper() for a in _nearest_areas(cc, lat, lng))
    return any(len(p) >= 2 and typed.startswith(p[:chars] if chars else p) for p in prefixes)


def area_postcode(cc: str, lat: float, lng: float, seed: int) -> str:
    """A real postcode of ``cc`` whose area lies nearest the point (GeoNames' postcodes, by
    their mean point), the nearest whose point is not across open water from it (central Rio
    is not Niterói's across the bay); one of the area's codes by ``seed``; ``""`` for a country
    not covered."""
    near = _nearest_areas(cc, lat, lng)
    if not near:
        return ""
    dry = (a for a in near if not crosses_open_water([(lat, lng), (a[0], a[1])]))
    _, _, prefix, tails = next(dry, near[0])
    return prefix + tails[seed % len(tails)]


@functools.cache
def _postcode_ranges() -> dict[tuple[str, str], tuple[int, int, int]]:
    """``(cc, admin1) -> (first, last, digits)``: the range a region's postcodes start in."""
    lines = POSTCODE_RANGES.read_text(encoding="utf-8").splitlines()
    rows = csv.DictReader(line for line in lines if not line.startswith("#"))
    return {
        (r["cc"], r["admin1"]): (int(r["first"]), int(r["last"]), len(r["first"])) for r in rows
    }


def _ranged(postcode: str, cc: str, admin1: str, town_key: str) -> str:
    """``postcode`` starting with digits of its region's range (the town picks which)."""
    span = _postcode_ranges().get((cc, admin1))
    if span is None:
        return postcode
    first, last, digits = span
    lead = f"{first + stable_int('postcode-range', town_key) % (last - first + 1):0{digits}d}"
    out, k = list(postcode), 0
    for i, c in enumerate(out):
        if c.isdigit() and k < digits:
            out[i], k = lead[k], k + 1
    return "".join(out)


def _in_shape(code: str, shape: str, town_key: str, seed: int) -> str:
    """``code`` in the country's ``shape``: a code given in part (the UK's outward code,
    Canada's first three, the Dutch four digits) gets a synthetic second part."""
    if " " in shape and " " not in code and len(code) < len(shape):
        return f"{code} {_postcode(shape.split(' ', 1)[1], town_key, seed)}"
    return code


def _postcode(shape: str, town_key: str, seed: int, known: str = "") -> str:
    """A postcode of ``shape`` ('#' digit, 'A' letter): the first half fixed by the town (the
    leading digits of ``known``, a real postcode of the town, when it has the same shape)."""
    fixed = max(1, sum(c in "#A" for c in shape) // 2)
    town, own = stable_int("postcode", town_key), stable_int("postcode", town_key, seed)
    same = len(known) == len(shape) and all(
        (c == "#") == k.isdigit() for c, k in zip(shape, known, strict=True)
    )
    out, k = [], 0
    for i, c in enumerate(shape):
        if c not in "#A":
            out.append(c)
            continue
        if same and k < fixed + 1:
            out.append(known[i])
            k += 1
            continue
        h = (town if k < fixed else own) >> (5 * k)
        out.append(str(h % 10) if c == "#" else _LETTERS[h % len(_LETTERS)])
        k += 1
    return "".join(out)


def format_address(
    number: int | str,
    street: str,
    city: str,
    cc: str,
    *,
    country: str,
    region: str = "",
    postcode: str = "",
) -> str:
    """An address in ``cc``'s usual order (missing parts dropped cleanly)."""
    fmt = _formats().get(cc, _formats()["default"])["format"]
    if not str(number):  # "İstiklal Caddesi 100", never "İstiklal Caddesi 100 No:"
        fmt = _NUMBER_SLOT.sub("", fmt)
    text = fmt.format(
        number=number, street=street, city=city, region=region, postcode=postcode, country=country
    )
    parts = [" ".join(p.split()).removesuffix(" -").removeprefix("- ") for p in text.split(",")]
    return ", ".join(p for p in parts if p and p not in ("-", "- -"))


def _region(cc: str, admin1: str) -> str:
    """The state or province an address of ``cc`` names ("CA", "ON", "NSW", "Maharashtra"), as
    the country's ``region`` field in ``data/address_formats.json`` says to write it."""
    style = _formats().get(cc, {}).get("region", "")
    if style == "code":
        return admin1 if admin1.isalpha() else ""
    if style:
        from mapsnb_sandbox.world.regions import state_in_address

        return state_in_address(cc, admin1, abbreviated=style == "abbreviation")
    return ""


def _postcode_at(town: City, lat: float, lng: float, seed: int) -> str:
    """A postcode of the point in ``town``: a real one of its area where the tables have the
    country, else a synthetic one in the country's shape fixed by the town (built only then)."""
    shape = _formats().get(town.cc, _formats()["default"]).get("postcode", "")
    if town.cc == "US":  # a real ZIP Code of the town's state and area (issue 40)
        return us_zip(town.admin1, lat, lng, seed) or _synthetic_postcode(town, shape, seed)
    if not shape:
        return ""
    if real := area_postcode(town.cc, lat, lng, seed):
        return _in_shape(real, shape, str(town.geonameid), seed)
    return _ranged(
        _synthetic_postcode(town, shape, seed), town.cc, town.admin1, str(town.geonameid)
    )


def _synthetic_postcode(town: City, shape: str, seed: int) -> str:
    """A synthetic postcode of ``shape`` fixed by the town (started like a real one of it)."""
    known = _known_postcodes().get((town.name, town.cc), "")
    return _postcode(shape, str(town.geonameid), seed, known)


def town_address(
    number: int | str,
    street: str,
    town: City,
    lat: float,
    lng: float,
    seed: int | None = None,
) -> str:
    """``number street`` at the point in ``town``, in the country's format with the area's
    postcode (picked by ``seed``, by default one of the street and number) and the state where
    addresses name one ("Carrer de Mallorca 401, 08013 Barcelona, Spain"); a town with no
    country gives its own address."""
    from mapsnb_sandbox.world.cities import city_address, country_name, shown_name

    if not town.cc.strip():  # no country (open sea)
        return city_address(town)
    if seed is None:
        seed = stable_int("address", street, number, town.geonameid)
    return format_address(
        number,
        street,
        shown_name(town.name, town.cc),
        town.cc,
        country=country_name(town.cc) if town.cc != "GB" else "UK",
        region=_region(town.cc, town.admin1),
        postcode=_postcode_at(town, lat, lng, seed),
    )


#: Words a street's name keeps in lower case after its first ("Rue de Rivoli", "Via
#: dell'Indipendenza", "Avenida de las Américas"), and compass points in capitals ("… Ave NW").
_LOWER_WORDS = frozenset(
    {"de", "du", "des", "la", "le", "les", "las", "los", "l", "d", "del", "dell", "della"}
    | {"delle", "dei", "degli", "di", "da", "das", "do", "dos", "y", "van", "von", "der"}
    | {"den", "am", "an", "im", "zu", "of", "the", "and", "all", "nell", "sull"}
)
_COMPASS = frozenset({"n", "s", "e", "w", "nw", "ne", "sw", "se"})


def _capital(word: str) -> str:
    """``word`` with a capital after each hyphen ("Karl-Marx-Allee")."""
    return "-".join(w[:1].upper() + w[1:] for w in word.split("-"))


def _word_case(word: str, *, first: bool) -> str:
    """One word of a street written in lower case, in a street sign's case."""
    if not first and word in _COMPASS:
        return word.upper()
    if not first and word in _LOWER_WORDS:
        return word
    head, mark, tail = word.partition("'")  # "dell'indipendenza", "o'connell"
    if mark and tail:
        lead = head if not first and head in _LOWER_WORDS else _capital(head)
        return f"{lead}'{_capital(tail)}"
    return _capital(word)


def street_case(label: str) -> str:
    """A street typed all in lower case or all in capitals, written as street signs write it
    ("12 rue de rivoli" and "12 RUE DE RIVOLI" -> "12 Rue de Rivoli", "1600 pennsylvania ave nw"
    -> "1600 Pennsylvania Ave NW"), so either is the same street (one id) as the usual form;
    a label in mixed case, or in a script without case, as typed."""
    if label.lower() != label and label.upper() != label:
        return label
    words = label.lower().split()
    return " ".join(_word_case(w, first=i == 0) for i, w in enumerate(words))


def local_address(lat: float, lng: float, seed: int) -> tuple[str, str, str]:
    """``(address, town, country code)`` of a synthetic place at the point, in the local
    format of the nearest town's country."""
    from mapsnb_sandbox.world.cities import nearest_cached, shown_name

    town, _ = nearest_cached(round(lat, 4), round(lng, 4))
    streets = _formats().get(town.cc, _formats()["default"])["streets"]
    street = streets[(seed >> 11) % len(streets)]
    number = 1 + seed % 120 if town.cc != "US" else 100 + seed % 1900
    return (
        town_address(number, street, town, lat, lng, seed),
        shown_name(town.name, town.cc),
        town.cc,
    )
