"""Rebuild ``tests/data/road_holdout.csv``: a holdout of published road distances (issue 40).

Truth for the road-distance class that neither the emulator nor the hand-typed corpus
(``tests/sandbox/earth/crossings_corpus.py`` ``ROAD_PAIRS``) reads; four published distance
tables, fetched from public GitHub repositories (build-time inputs, not shipped):

* **North America** (US and Canada): ``miles.dat`` of Knuth's Stanford GraphBase
  (``ascherer/sgb``, commit da6f944; "may be freely copied"): Rand McNally's highway mileages
  of 1949 between 128 cities, with each city's latitude and longitude (hundredths of a degree)
  in the file itself. Miles x 1.609344.
* **Europe**: R's ``eurodist`` (``wch/r-source``, ``src/library/datasets/data/eurodist.R``,
  GPL-2 as part of R): road distances in km between 21 cities "taken from a table in The
  Cambridge Encyclopaedia" (several of its routes take ferries: Copenhagen, Stockholm, Athens
  from Rome, the ports of Calais, Cherbourg and Hook of Holland).
* **India** (Asia): the road distance chart between Indian cities in the course assignment
  ``sakshi8398/Artificial-Intelligence`` (``AI-A2/depth_first_search.pl``, commit d4ad14d;
  the ``roaddistance.csv`` chart of an AI course, no licence given: facts, cited).
* **Australia** (Oceania): the capital-to-capital road distances in
  ``KMT-logistics-app/KMT_logistics_app`` (``models/constants/cities.py``, commit 7769838; no
  licence given: facts, cited).

Africa and South America: no such table was found in the stored repositories; not covered.

Coordinates: from the source when it has them (GraphBase); else each town's centre as
Wikipedia gives it, typed by hand (:data:`TYPED`). A pair is kept only when its published
distance is at least the great circle and at most 3x it plus 20 km (drops a table's typos,
e.g. India's "Calcutta-Panjim 974 km" for 1,600 km apart; a check of the truth against itself,
never against the emulator), and when it is not a pair of the corpus (both ends within 30 km
of a corpus pair's ends). Deterministic sample per source and band of published km (< 50,
50-300, 300-1,000, > 1,000; :data:`QUOTA`), by a hash of the pair's names.

``python tools/build_road_holdout.py MILES_DAT EURODIST_R INDIA_PL AUSTRALIA_PY``.
"""

from __future__ import annotations

import csv
import hashlib
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "tests" / "data" / "road_holdout.csv"
MILE_KM = 1.609344
BANDS = ((0, 50), (50, 300), (300, 1000), (1000, 1e9))
#: Rows kept per source and band (fewer when the source has fewer).
QUOTA = {
    "sgb": (30, 45, 40, 20),
    "eurodist": (30, 30, 25, 25),
    "india": (30, 25, 30, 25),
    "australia": (30, 30, 30, 30),
}

Row = tuple[str, str, str, str, float, float, float, float, float, str]

#: Town centres as Wikipedia gives them (lat, lng), typed by hand: name -> (country, lat, lng).
TYPED: dict[str, tuple[str, float, float]] = {
    # eurodist
    "Athens": ("GR", 37.984, 23.728),
    "Barcelona": ("ES", 41.385, 2.173),
    "Brussels": ("BE", 50.850, 4.352),
    "Calais": ("FR", 50.951, 1.858),
    "Cherbourg": ("FR", 49.640, -1.616),
    "Cologne": ("DE", 50.938, 6.960),
    "Copenhagen": ("DK", 55.676, 12.568),
    "Geneva": ("CH", 46.204, 6.143),
    "Gibraltar": ("GI", 36.140, -5.353),
    "Hamburg": ("DE", 53.551, 9.994),
    "Hook of Holland": ("NL", 51.977, 4.133),
    "Lisbon": ("PT", 38.722, -9.139),
    "Lyon": ("FR", 45.764, 4.836),
    "Madrid": ("ES", 40.417, -3.704),
    "Marseille": ("FR", 43.296, 5.370),
    "Milan": ("IT", 45.464, 9.190),
    "Munich": ("DE", 48.137, 11.576),
    "Paris": ("FR", 48.857, 2.352),
    "Rome": ("IT", 41.903, 12.496),
    "Stockholm": ("SE", 59.329, 18.069),
    "Vienna": ("AT", 48.208, 16.373),
    # India
    "Agartala": ("IN", 23.831, 91.287),
    "Agra": ("IN", 27.177, 78.008),
    "Ahmedabad": ("IN", 23.023, 72.571),
    "Prayagraj": ("IN", 25.436, 81.846),
    "Amritsar": ("IN", 31.634, 74.872),
    "Asansol": ("IN", 23.684, 86.983),
    "Bengaluru": ("IN", 12.972, 77.595),
    "Vadodara": ("IN", 22.307, 73.181),
    "Bhopal": ("IN", 23.260, 77.413),
    "Bhubaneswar": ("IN", 20.296, 85.825),
    "Mumbai": ("IN", 19.076, 72.878),
    "Kolkata": ("IN", 22.573, 88.364),
    "Kozhikode": ("IN", 11.259, 75.780),
    "Chandigarh": ("IN", 30.733, 76.779),
    "Kochi": ("IN", 9.931, 76.267),
    "Coimbatore": ("IN", 11.017, 76.956),
    "Delhi": ("IN", 28.614, 77.209),
    "Gwalior": ("IN", 26.218, 78.183),
    "Hubli": ("IN", 15.365, 75.124),
    "Hyderabad": ("IN", 17.385, 78.487),
    "Imphal": ("IN", 24.817, 93.937),
    "Indore": ("IN", 22.720, 75.858),
    "Jabalpur": ("IN", 23.181, 79.987),
    "Jaipur": ("IN", 26.912, 75.787),
    "Jamshedpur": ("IN", 22.805, 86.203),
    "Jalandhar": ("IN", 31.326, 75.576),
    "Kanpur": ("IN", 26.449, 80.332),
    "Kolhapur": ("IN", 16.705, 74.243),
    "Lucknow": ("IN", 26.847, 80.947),
    "Ludhiana": ("IN", 30.901, 75.857),
    "Chennai": ("IN", 13.083, 80.271),
    "Madurai": ("IN", 9.925, 78.120),
    "Meerut": ("IN", 28.984, 77.706),
    "Nagpur": ("IN", 21.146, 79.088),
    "Nashik": ("IN", 19.998, 73.790),
    "Panaji": ("IN", 15.491, 73.828),
    "Patna": ("IN", 25.594, 85.138),
    "Puducherry": ("IN", 11.942, 79.808),
    "Pune": ("IN", 18.520, 73.857),
    "Ranchi": ("IN", 23.344, 85.310),
    "Shillong": ("IN", 25.579, 91.893),
    "Shimla": ("IN", 31.105, 77.173),
    "Surat": ("IN", 21.170, 72.831),
    "Thiruvananthapuram": ("IN", 8.524, 76.937),
    "Varanasi": ("IN", 25.318, 82.974),
    "Vijayawada": ("IN", 16.506, 80.648),
    "Visakhapatnam": ("IN", 17.687, 83.219),
    # Australia
    "Sydney": ("AU", -33.869, 151.209),
    "Melbourne": ("AU", -37.814, 144.963),
    "Adelaide": ("AU", -34.929, 138.601),
    "Alice Springs": ("AU", -23.698, 133.881),
    "Brisbane": ("AU", -27.470, 153.026),
    "Darwin": ("AU", -12.463, 130.846),
    "Perth": ("AU", -31.953, 115.857),
}

#: The sources' spellings -> the names above.
ALIASES = {
    "Gibralta": "Gibraltar",
    "Lyons": "Lyon",
    "Marseilles": "Marseille",
    "allahbad": "Prayagraj",
    "bangalore": "Bengaluru",
    "banglore": "Bengaluru",
    "baroda": "Vadodara",
    "bhubaneshwar": "Bhubaneswar",
    "bombay": "Mumbai",
    "calcutta": "Kolkata",
    "calicut": "Kozhikode",
    "cochin": "Kochi",
    "jullundur": "Jalandhar",
    "madras": "Chennai",
    "nasik": "Nashik",
    "panjim": "Panaji",
    "pondicherry": "Puducherry",
    "trivandrum": "Thiruvananthapuram",
    "vishakapatnam": "Visakhapatnam",
    "Alice springs": "Alice Springs",
}


def _name(raw: str) -> str:
    name = ALIASES.get(raw.strip(), raw.strip())
    return name if name in TYPED else name.title()


def _gc_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def sgb(path: Path) -> list[Row]:
    """Pairs of the GraphBase's ``miles.dat``: each city, then its miles to the cities before
    it, nearest-listed first."""
    cities: list[tuple[str, str, float, float]] = []
    dists: list[list[int]] = []
    head = re.compile(r"^(.+), ([A-Z]{2})\[(\d+),(\d+)\]\d+$")
    for line in path.read_text().splitlines():
        if line.startswith("*"):
            continue
        m = head.match(line)
        if m:
            lat, lng = int(m[3]) / 100, -int(m[4]) / 100
            cc = "CA" if m[2] in {"BC", "MB", "ON", "QC", "AB", "SK", "NS", "NB"} else "US"
            cities.append((f"{m[1]}, {m[2]}", cc, lat, lng))
            dists.append([])
        else:
            dists[-1] += [int(x) for x in line.split()]
    rows: list[Row] = []
    for k, (name, cc, lat, lng) in enumerate(cities):
        for j, miles in enumerate(dists[k]):
            other = cities[k - 1 - j]
            rows.append(
                (name, cc, other[0], other[1], lat, lng, other[2], other[3], miles * MILE_KM, "sgb")
            )
    return rows


def eurodist(path: Path) -> list[Row]:
    """Pairs of R's ``eurodist`` (a ``dist`` object: the lower triangle by columns)."""
    text = path.read_text()
    numbers = [float(x) for x in re.findall(r"\d+", text.split("Size")[0])]
    labels = re.findall(r"\"([A-Za-z ]+)\"", text.split("Labels")[1].split("class")[0])
    n = len(labels)
    rows: list[Row] = []
    k = 0
    for i in range(n):
        for j in range(i + 1, n):
            rows.append(_typed_row(labels[i], labels[j], numbers[k], "eurodist"))
            k += 1
    return rows


def _typed_row(a: str, b: str, km: float, source: str) -> Row:
    na, nb = _name(a), _name(b)
    ca, cb = TYPED[na], TYPED[nb]
    return (na, ca[0], nb, cb[0], ca[1], ca[2], cb[1], cb[2], km, source)


def india(path: Path) -> list[Row]:
    """Pairs of the ``edge(a, b, km).`` facts (each pair once, the first fact kept)."""
    rows: list[Row] = []
    seen: set[frozenset[str]] = set()
    for a, b, km in re.findall(r"edge\((\w+),\s*(\w+),\s*(\d+)\)", path.read_text()):
        key = frozenset((_name(a), _name(b)))
        if len(key) == 2 and key not in seen:
            seen.add(key)
            rows.append(_typed_row(a, b, float(km), "india"))
    return rows


def australia(path: Path) -> list[Row]:
    """Pairs of the capitals' matrix ``dst`` in ``cities.py``."""
    text = path.read_text()
    names = re.findall(r"= '([A-Za-z ]+)'", text)
    matrix = [[int(x) for x in r.split(",")] for r in re.findall(r"\[(\d[\d, ]+)\]", text)]
    return [
        _typed_row(names[i], names[j], float(matrix[i][j]), "australia")
        for i in range(len(names))
        for j in range(i + 1, len(names))
    ]


def _plausible(r: Row) -> bool:
    gc = _gc_km((r[4], r[5]), (r[6], r[7]))
    return gc > 5 and gc <= r[8] <= 3 * gc + 20


def _in_corpus(r: Row) -> bool:
    from tests.sandbox.earth.crossings_corpus import ROAD_PAIRS

    a, b = (r[4], r[5]), (r[6], r[7])
    for _, p, q, _ in ROAD_PAIRS:
        same = _gc_km(a, p) < 30 and _gc_km(b, q) < 30
        if same or (_gc_km(a, q) < 30 and _gc_km(b, p) < 30):
            return True
    return False


def _key(r: Row) -> str:
    return hashlib.sha256(f"{r[0]}|{r[2]}".encode()).hexdigest()


def sample(rows: list[Row], source: str) -> list[Row]:
    """Up to :data:`QUOTA` plausible rows per band, not in the corpus, by hash order."""
    out: list[Row] = []
    good = sorted((r for r in rows if _plausible(r) and not _in_corpus(r)), key=_key)
    for (lo, hi), quota in zip(BANDS, QUOTA[source], strict=True):
        out += [r for r in good if lo <= r[8] < hi][:quota]
    return out


def main() -> None:
    miles, euro, ind, aus = (Path(p) for p in sys.argv[1:5])
    rows = sample(sgb(miles), "sgb") + sample(eurodist(euro), "eurodist")
    rows += sample(india(ind), "india") + sample(australia(aus), "australia")
    continent = {"sgb": "NA", "eurodist": "EU", "india": "AS", "australia": "OC"}
    with OUT.open("w", newline="") as f:
        f.write(
            "# Built by tools/build_road_holdout.py; published road distances, see its docstring\n"
        )
        w = csv.writer(f)
        w.writerow(
            [
                "a",
                "cc_a",
                "b",
                "cc_b",
                "lat_a",
                "lng_a",
                "lat_b",
                "lng_b",
                "km",
                "continent",
                "source",
            ]
        )
        for r in rows:
            w.writerow(
                [*r[:4], *(f"{x:.3f}" for x in r[4:8]), f"{r[8]:.0f}", continent[r[9]], r[9]]
            )
    print(f"{len(rows)} pairs -> {OUT}")


if __name__ == "__main__":
    main()
