"""Rebuild ``tests/data/road_holdout2.csv``: road distances where the first holdout has none.

The first holdout (``tools/build_road_holdout.py``) is North America, Europe, India and
Australia's capitals. This one is South America, Africa, the Middle East, Central and
South-East Asia and Oceania outside Australia's capitals, from two kinds of source:

* **Argentina** (``utn``): the road distance table between Argentina's 23 provincial capitals
  of a UTN (Universidad Tecnológica Nacional) travelling-salesman exercise, in
  ``arian-22/AlgoritmosGeneticos-UTN`` (``Ejercicio-03/src/tsp/ViajeroHeuristico.java``,
  commit b30ec84; every ordered pair, "kilometros"; facts, cited). Sampled per band by a hash
  of the names (:data:`QUOTA`).
* **Typed** (``typed``): published road distances of single pairs (:data:`TYPED`), each with
  the kind of source it is quoted from: a highway's article on Wikipedia, a national road
  authority's or motoring club's chart as travel pages quote it. Typed from those figures as
  commonly published (rounded as published); **not re-fetched in this session** (status in the
  ``source`` column), as ``road_mountains.csv`` was before h-verify.

No source is a cache of a router's live answers. Coordinates of every town: simplemaps'
*World Cities* basic v1.75 (CC BY 4.0, simplemaps.com; the copy of
``ArtemSerdechnyi/Weather-Bot`` commit 97e3035 that ``tools/build_names_holdout4.py`` reads),
which the emulator does not read; each looked up by name and country code. A pair is kept
only when its published distance lies between the great circle and 3x it plus 20 km (a check
of the truth against itself), when it is not a corpus pair (both ends within 30 km of a
``ROAD_PAIRS`` pair's ends), not a first-holdout pair and not a ``road_mountains.csv`` pair.

``python tools/build_road_holdout2.py UTN_JAVA WORLDCITIES_CSV``
"""

from __future__ import annotations

import csv
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.build_road_holdout import _gc_km, _in_corpus  # noqa: E402

OUT = ROOT / "tests" / "data" / "road_holdout2.csv"
BANDS = ((0, 50), (50, 300), (300, 1000), (1000, 1e9))
#: Argentina's rows kept per band.
QUOTA = (10, 40, 40, 20)

#: The UTN table's spellings -> simplemaps' ASCII names.
UTN_NAMES = {
    "San S. de Jujuy": "San Salvador de Jujuy",
    "San M de Tucuman": "San Miguel de Tucuman",
    "Sgo. del Estero": "Santiago del Estero",
    "Parana": "Parana",
    "Cordoba": "Cordoba",
    "Neuquen": "Neuquen",
    "Rio Gallegos": "Rio Gallegos",
}

_W = "Wikipedia, the highway's article"
_T = "travel and road-authority pages, as commonly published"
#: (a, cc_a, b, cc_b, km, continent, where the figure is published). Typed, see the docstring.
TYPED: tuple[tuple[str, str, str, str, float, str, str], ...] = (
    # South America
    ("Santiago", "CL", "Valparaiso", "CL", 116, "SA", f"{_W}: Ruta 68 (Chile)"),
    ("Santiago", "CL", "Vina del Mar", "CL", 120, "SA", f"{_W}: Ruta 68 (Chile)"),
    ("Santiago", "CL", "Rancagua", "CL", 87, "SA", f"{_W}: Ruta 5 (Chile)"),
    ("Santiago", "CL", "Talca", "CL", 255, "SA", f"{_W}: Ruta 5 (Chile)"),
    ("Santiago", "CL", "Concepcion", "CL", 500, "SA", _T),
    ("Santiago", "CL", "La Serena", "CL", 470, "SA", f"{_W}: Ruta 5 (Chile)"),
    ("Temuco", "CL", "Puerto Montt", "CL", 350, "SA", f"{_W}: Ruta 5 (Chile)"),
    ("Antofagasta", "CL", "Calama", "CL", 215, "SA", _T),
    ("Arica", "CL", "Iquique", "CL", 310, "SA", _T),
    ("Lima", "PE", "Ica", "PE", 300, "SA", f"{_W}: Pan-American Highway (Peru)"),
    ("Lima", "PE", "Arequipa", "PE", 1010, "SA", f"{_W}: Pan-American Highway (Peru)"),
    ("Lima", "PE", "Chiclayo", "PE", 770, "SA", f"{_W}: Pan-American Highway (Peru)"),
    ("Montevideo", "UY", "Colonia del Sacramento", "UY", 177, "SA", _T),
    ("Montevideo", "UY", "Salto", "UY", 495, "SA", _T),
    ("Sao Paulo", "BR", "Rio de Janeiro", "BR", 430, "SA", f"{_W}: Via Dutra"),
    ("Recife", "BR", "Salvador", "BR", 840, "SA", _T),
    ("Porto Alegre", "BR", "Florianopolis", "BR", 470, "SA", _T),
    ("Fortaleza", "BR", "Natal", "BR", 525, "SA", _T),
    ("Sao Paulo", "BR", "Campinas", "BR", 95, "SA", f"{_W}: Rodovia dos Bandeirantes"),
    ("Medellin", "CO", "Cartagena", "CO", 640, "SA", _T),
    ("Caracas", "VE", "Valencia", "VE", 170, "SA", _T),
    ("Santa Cruz", "BO", "Cochabamba", "BO", 475, "SA", _T),
    # Africa
    ("Nairobi", "KE", "Mombasa", "KE", 485, "AF", f"{_W}: A109 road (Kenya)"),
    ("Nairobi", "KE", "Kisumu", "KE", 345, "AF", _T),
    ("Nakuru", "KE", "Eldoret", "KE", 155, "AF", _T),
    ("Kampala", "UG", "Jinja", "UG", 80, "AF", f"{_W}: Kampala–Jinja Highway"),
    ("Kampala", "UG", "Mbarara", "UG", 270, "AF", f"{_W}: Kampala–Masaka Road"),
    ("Dar es Salaam", "TZ", "Morogoro", "TZ", 195, "AF", _T),
    ("Dar es Salaam", "TZ", "Dodoma", "TZ", 450, "AF", _T),
    ("Abuja", "NG", "Kaduna", "NG", 185, "AF", _T),
    ("Abuja", "NG", "Kano", "NG", 360, "AF", _T),
    ("Lagos", "NG", "Benin City", "NG", 315, "AF", _T),
    ("Accra", "GH", "Cape Coast", "GH", 145, "AF", _T),
    ("Dakar", "SN", "Touba", "SN", 190, "AF", _T),
    ("Abidjan", "CI", "Yamoussoukro", "CI", 230, "AF", _T),
    ("Johannesburg", "ZA", "Durban", "ZA", 568, "AF", f"{_W}: N3 road (South Africa)"),
    ("Johannesburg", "ZA", "Bloemfontein", "ZA", 400, "AF", f"{_W}: N1 (South Africa)"),
    ("Johannesburg", "ZA", "Cape Town", "ZA", 1400, "AF", f"{_W}: N1 (South Africa)"),
    ("Cape Town", "ZA", "Port Elizabeth", "ZA", 770, "AF", f"{_W}: N2 (South Africa)"),
    ("Cape Town", "ZA", "George", "ZA", 430, "AF", f"{_W}: N2 (South Africa)"),
    ("Durban", "ZA", "Pietermaritzburg", "ZA", 80, "AF", f"{_W}: N3 road (South Africa)"),
    ("Harare", "ZW", "Mutare", "ZW", 265, "AF", _T),
    ("Lusaka", "ZM", "Ndola", "ZM", 320, "AF", _T),
    ("Lilongwe", "MW", "Blantyre", "MW", 310, "AF", _T),
    ("Cairo", "EG", "Alexandria", "EG", 220, "AF", f"{_W}: Cairo–Alexandria desert road"),
    ("Cairo", "EG", "Suez", "EG", 135, "AF", _T),
    ("Casablanca", "MA", "Rabat", "MA", 90, "AF", f"{_W}: A1 motorway (Morocco)"),
    ("Rabat", "MA", "Tangier", "MA", 250, "AF", f"{_W}: A1 motorway (Morocco)"),
    ("Tunis", "TN", "Sousse", "TN", 140, "AF", f"{_W}: A1 motorway (Tunisia)"),
    ("Addis Ababa", "ET", "Dire Dawa", "ET", 450, "AF", _T),
    # Middle East
    ("Tehran", "IR", "Mashhad", "IR", 900, "AS", _T),
    ("Tehran", "IR", "Qom", "IR", 150, "AS", f"{_W}: Tehran–Qom Freeway"),
    ("Riyadh", "SA", "Jeddah", "SA", 950, "AS", _T),
    ("Jeddah", "SA", "Mecca", "SA", 80, "AS", _T),
    ("Jeddah", "SA", "Medina", "SA", 420, "AS", _T),
    ("Dubai", "AE", "Muscat", "OM", 420, "AS", _T),
    ("Amman", "JO", "Irbid", "JO", 85, "AS", _T),
    ("Baghdad", "IQ", "Mosul", "IQ", 400, "AS", _T),
    ("Damascus", "SY", "Aleppo", "SY", 355, "AS", f"{_W}: M5 highway (Syria)"),
    ("Tel Aviv-Yafo", "IL", "Haifa", "IL", 95, "AS", f"{_W}: Highway 2 (Israel)"),
    ("Istanbul", "TR", "Ankara", "TR", 450, "AS", _T),
    # Central Asia
    ("Almaty", "KZ", "Bishkek", "KG", 240, "AS", _T),
    ("Samarkand", "UZ", "Bukhara", "UZ", 270, "AS", _T),
    ("Nur-Sultan", "KZ", "Almaty", "KZ", 1210, "AS", _T),
    ("Nur-Sultan", "KZ", "Qaraghandy", "KZ", 215, "AS", _T),
    # South-East Asia
    ("Hanoi", "VN", "Ho Chi Minh City", "VN", 1700, "AS", f"{_W}: National Route 1 (Vietnam)"),
    ("Hanoi", "VN", "Vinh", "VN", 295, "AS", f"{_W}: National Route 1 (Vietnam)"),
    ("Hue", "VN", "Da Nang", "VN", 95, "AS", f"{_W}: National Route 1 (Vietnam)"),
    ("Ho Chi Minh City", "VN", "Can Tho", "VN", 170, "AS", _T),
    ("Ho Chi Minh City", "VN", "Nha Trang", "VN", 430, "AS", _T),
    ("Bangkok", "TH", "Hua Hin", "TH", 200, "AS", _T),
    (
        "Bangkok",
        "TH",
        "Phuket",
        "TH",
        864,
        "AS",
        "checked: traveldailynews.asia, Road trip Bangkok to Phuket",
    ),
    ("Bangkok", "TH", "Khon Kaen", "TH", 445, "AS", _T),
    ("Kuala Lumpur", "MY", "Johor Bahru", "MY", 330, "AS", f"{_W}: North–South Expressway"),
    ("Kuala Lumpur", "MY", "Melaka", "MY", 145, "AS", f"{_W}: North–South Expressway"),
    ("Kuala Lumpur", "MY", "Kuantan", "MY", 250, "AS", f"{_W}: East Coast Expressway"),
    ("Phnom Penh", "KH", "Siem Reap", "KH", 315, "AS", _T),
    ("Phnom Penh", "KH", "Ho Chi Minh City", "VN", 230, "AS", _T),
    ("Rangoon", "MM", "Mandalay", "MM", 620, "AS", f"{_W}: Yangon–Mandalay Expressway"),
    ("Jakarta", "ID", "Bandung", "ID", 150, "AS", _T),
    ("Surabaya", "ID", "Malang", "ID", 90, "AS", _T),
    ("Manila", "PH", "Baguio City", "PH", 250, "AS", _T),
    # Oceania (outside Australia's capital pairs)
    ("Auckland", "NZ", "Rotorua", "NZ", 230, "OC", _T),
    ("Wellington", "NZ", "Napier", "NZ", 320, "OC", _T),
    ("Christchurch", "NZ", "Dunedin", "NZ", 360, "OC", f"{_W}: State Highway 1 (New Zealand)"),
    ("Sydney", "AU", "Newcastle", "AU", 160, "OC", f"{_W}: M1 Pacific Motorway"),
    ("Cairns", "AU", "Townsville", "AU", 345, "OC", f"{_W}: Bruce Highway"),
    ("Suva", "FJ", "Nadi", "FJ", 190, "OC", _T),
)

Row = tuple[str, str, str, str, float, float, float, float, float, str, str]


def towns(path: Path) -> dict[tuple[str, str], tuple[float, float]]:
    """simplemaps' rows (semicolons, decimal commas): (ASCII name, ISO2) -> the biggest one's
    point."""
    out: dict[tuple[str, str], tuple[float, float, float]] = {}
    with path.open(encoding="utf-8-sig") as f:
        for r in csv.reader(f, delimiter=";"):
            key = (r[1], r[5])
            pop = float(r[9].replace(",", ".") or 0)
            if key not in out or pop > out[key][2]:
                out[key] = (float(r[2].replace(",", ".")), float(r[3].replace(",", ".")), pop)
    return {k: (v[0], v[1]) for k, v in out.items()}


def _row(a: str, ca: str, b: str, cb: str, km: float, cont: str, src: str, pts: dict) -> Row:
    pa, pb = pts[(a, ca)], pts[(b, cb)]
    return (a, ca, b, cb, pa[0], pa[1], pb[0], pb[1], km, cont, src)


def utn(path: Path, pts: dict) -> list[Row]:
    """Each unordered pair of the UTN table once (the first listing)."""
    rows: list[Row] = []
    seen: set[frozenset[str]] = set()
    pat = r'CiudadesDistancias\("([^"]+)","([^"]+)",(\d+)\)'
    for a, b, km in re.findall(pat, path.read_text(encoding="utf-8", errors="replace")):
        na, nb = UTN_NAMES.get(a, a), UTN_NAMES.get(b, b)
        if frozenset((na, nb)) in seen or na == nb:
            continue
        seen.add(frozenset((na, nb)))
        src = "utn: arian-22/AlgoritmosGeneticos-UTN b30ec84"
        rows.append(_row(na, "AR", nb, "AR", float(km), "SA", src, pts))
    return rows


def _status(where: str) -> str:
    """A typed row's ``source``: where the figure is published, and whether it was read again."""
    return where if where.startswith("checked:") else f"typed (not re-fetched): {where}"


def _plausible(r: Row) -> bool:
    gc = _gc_km((r[4], r[5]), (r[6], r[7]))
    return gc > 5 and gc <= r[8] <= 3 * gc + 20


def _earlier(r: Row) -> bool:
    """A pair of the first holdout or the mountain set (both ends within 30 km)."""
    a, b = (r[4], r[5]), (r[6], r[7])
    for name in ("road_holdout.csv", "road_mountains.csv"):
        with (ROOT / "tests" / "data" / name).open() as f:
            for e in csv.DictReader(line for line in f if not line.startswith("#")):
                p = (float(e["lat_a"]), float(e["lng_a"]))
                q = (float(e["lat_b"]), float(e["lng_b"]))
                if (_gc_km(a, p) < 30 and _gc_km(b, q) < 30) or (
                    _gc_km(a, q) < 30 and _gc_km(b, p) < 30
                ):
                    return True
    return False


def _keep(r: Row) -> bool:
    return _plausible(r) and not _in_corpus(r[:10]) and not _earlier(r)  # type: ignore[arg-type]


def sample(rows: list[Row]) -> list[Row]:
    """Up to :data:`QUOTA` kept rows per band, by a hash of the names."""
    good = sorted(
        (r for r in rows if _keep(r)),
        key=lambda r: hashlib.sha256(f"{r[0]}|{r[2]}".encode()).hexdigest(),
    )
    out: list[Row] = []
    for (lo, hi), quota in zip(BANDS, QUOTA, strict=True):
        out += [r for r in good if lo <= r[8] < hi][:quota]
    return out


def main() -> None:
    pts = towns(Path(sys.argv[2]))
    rows = sample(utn(Path(sys.argv[1]), pts))
    typed = (_row(*t[:6], _status(t[6]), pts) for t in TYPED)
    rows += [r for r in typed if _keep(r)]
    with OUT.open("w", newline="") as f:
        f.write(
            "# Built by tools/build_road_holdout2.py; published road distances, see its docstring\n"
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
            w.writerow([*r[:4], *(f"{x:.3f}" for x in r[4:8]), f"{r[8]:.0f}", r[9], r[10]])
    print(f"{len(rows)} pairs -> {OUT}")


if __name__ == "__main__":
    main()
