"""Which points the emulator's roads can join: a small, deterministic land-connectivity model.

The live service finds no walking or driving route across open sea; nor does the emulator.
Every point belongs to a *landmass*, chosen from the nearest town's country and a few
coordinate boxes (first match wins):

* Afro-Eurasia, North and Central America (the Darién Gap has no road), South America,
  Australia, and island countries each as one landmass (Great Britain, Ireland, Iceland,
  Sri Lanka, Madagascar, Taiwan, Cuba, Hispaniola, Cyprus, Malta, …);
* boxes for major islands inside a country: Northern Ireland (on Ireland), Sicily, Sardinia,
  Corsica, Crete, the Balearic and Canary Islands, Zealand and Bornholm, Gotland, Hokkaido,
  Okinawa, Jeju, Hainan, Sakhalin, Java, Sumatra, Bali, Borneo, Sulawesi, New Guinea, Timor,
  Luzon, Mindoro, Palawan, Samar–Leyte, Mindanao, Tasmania, New Zealand's South Island, the
  Hawaiian islands, Vancouver Island, Newfoundland, Prince Edward Island, Margarita;
* nothing (no route) in Antarctica or more than 400 km from any town (open sea).

Smaller islands go with the landmass of their country (or of the box around them); the other
Visayas (Panay, Negros, Cebu, Bohol) are not told apart. Landmasses are joined by the links of
``data/landmass_links.csv``:
fixed links and the main car ferries, which a DRIVE (or TWO_WHEELER) route may use — the live
service's driving routes take car ferries too — and rail links, which only TRANSIT uses.
WALK and BICYCLE routes never leave their landmass (a walk from Palermo to Rome has no route);
within one they take the bridges and the city ferries of ``links.csv`` that carry them (the
Star Ferry, the Bosphorus ferries).
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path
from typing import NamedTuple

__all__ = ["Link", "connected", "landmass", "landmass_links"]

Point = tuple[float, float]

AFRO_EURASIA = "Afro-Eurasia"
NORTH_AMERICA = "North and Central America"
SOUTH_AMERICA = "South America"
#: Farther than this from any town of 1,000 people, a point is open sea: no road reaches it.
OPEN_SEA_M = 400_000


class _Box(NamedTuple):
    name: str
    countries: frozenset[str]
    lat0: float
    lat1: float
    lng0: float
    lng1: float


def _box(name: str, ccs: str, lat0: float, lat1: float, lng0: float, lng1: float) -> _Box:
    return _Box(name, frozenset(ccs.split()), lat0, lat1, lng0, lng1)


#: Islands inside a country (or shared by several), first match wins.
BOXES: tuple[_Box, ...] = (
    # Europe
    _box("Ireland", "GB", 54.0, 55.35, -8.3, -5.4),  # Northern Ireland
    _box("Isle of Wight", "GB", 50.55, 50.77, -1.6, -1.05),
    _box("Orkney and Shetland", "GB", 58.69, 61.0, -3.6, 0.0),
    _box("Sicily", "IT", 36.5, 38.32, 12.0, 15.62),
    _box("Sardinia", "IT", 38.8, 41.32, 8.0, 9.9),
    _box("Corsica", "FR", 41.3, 43.05, 8.5, 9.6),
    _box("Balearic Islands", "ES", 38.6, 40.15, 1.1, 4.4),
    _box("Canary Islands", "ES", 27.5, 29.5, -18.3, -13.3),
    _box("Crete", "GR", 34.8, 35.72, 23.4, 26.4),
    _box("Zealand", "DK", 54.5, 56.2, 10.85, 12.8),  # with Lolland, Falster, Amager
    _box("Bornholm", "DK", 54.9, 55.4, 14.6, 15.3),
    _box("Gotland", "SE", 56.85, 58.0, 18.0, 19.4),
    # East Asia
    _box("Hokkaido", "JP", 41.6, 46.0, 139.0, 146.0),
    _box("Hokkaido", "JP", 41.35, 41.6, 139.0, 140.6),
    _box("Okinawa", "JP", 24.0, 28.5, 122.0, 131.5),
    _box("Jeju", "KR", 33.0, 33.7, 126.0, 127.0),
    _box("Hainan", "CN", 18.0, 20.2, 108.5, 111.2),
    _box("Sakhalin", "RU", 45.8, 54.5, 141.58, 145.0),
    # Philippines (Visayas: the country's default)
    _box("Mindoro", "PH", 12.1, 13.55, 120.2, 121.6),
    _box("Palawan", "PH", 7.8, 12.4, 116.9, 120.3),
    _box("Luzon", "PH", 12.5, 21.0, 119.5, 124.5),
    _box("Samar and Leyte", "PH", 9.9, 12.65, 124.25, 126.0),
    _box("Mindanao", "PH", 4.5, 9.0, 121.8, 126.7),
    _box("Mindanao", "PH", 9.0, 9.95, 125.2, 126.7),
    # Indonesia, Malaysia, Brunei, Timor, New Guinea
    _box("Java", "ID", -9.0, -5.88, 105.1, 114.42),  # with Madura (bridged)
    _box("Bali", "ID", -9.0, -8.0, 114.42, 115.75),
    _box("Sumatra", "ID", -6.2, 6.0, 94.9, 106.3),
    _box("Sulawesi", "ID", -6.2, 2.0, 118.7, 125.5),
    _box("Borneo", "ID MY BN", -4.5, 7.5, 108.5, 119.3),
    _box("New Guinea", "ID", -9.2, -0.2, 130.8, 141.1),
    _box("Timor", "ID TL", -10.5, -8.1, 123.4, 127.4),
    _box("New Britain and New Ireland", "PG", -7.0, -1.5, 148.3, 156.5),
    # Oceania
    _box("Tasmania", "AU", -44.0, -39.5, 143.5, 149.0),
    _box("South Island", "NZ", -47.5, -41.35, 165.0, 175.0),
    _box("South Island", "NZ", -41.35, -40.4, 172.0, 174.4),
    _box("Chatham Islands", "NZ", -45.0, -43.0, -177.5, -175.5),
    # North America
    _box("Kauai", "US", 21.8, 22.3, -159.9, -159.2),
    _box("Oahu", "US", 21.2, 21.75, -158.35, -157.6),
    _box("Molokai", "US", 21.0, 21.25, -157.35, -156.7),
    _box("Lanai", "US", 20.7, 20.95, -157.1, -156.78),
    _box("Maui", "US", 20.5, 21.05, -156.72, -155.95),
    _box("Hawaii Island", "US", 18.8, 20.3, -156.1, -154.7),
    _box("Hawaiian Islands", "US", 18.5, 23.0, -161.0, -154.5),
    _box("Vancouver Island", "CA", 48.3, 50.95, -128.6, -123.3),
    _box(NORTH_AMERICA, "CA", 51.35, 52.0, -60.0, -55.9),  # Labrador's coast
    _box("Newfoundland", "CA", 46.6, 51.7, -59.5, -52.5),
    _box("Prince Edward Island", "CA", 46.35, 47.1, -64.45, -61.9),
    _box("Prince Edward Island", "CA", 45.9, 46.35, -63.75, -61.9),
    # South America
    _box("Margarita Island", "VE", 10.7, 11.2, -64.45, -63.75),  # with Coche and Cubagua
)

#: Countries that are not on their continent's main landmass (the country's default landmass).
COUNTRIES: dict[str, str] = {
    "GB": "Great Britain",
    "IE": "Ireland",
    "IS": "Iceland",
    "FO": "Faroe Islands",
    "IM": "Isle of Man",
    "JE": "Jersey",
    "GG": "Guernsey",
    "AX": "Åland",
    "SJ": "Svalbard",
    "MT": "Malta",
    "CY": "Cyprus",
    "JP": "Honshu, Kyushu and Shikoku",
    "TW": "Taiwan",
    "KR": "South Korea",  # no road crosses the Demilitarized Zone: its roads end there
    "LK": "Sri Lanka",
    "MV": "Maldives",
    "PH": "Visayas",
    "ID": "Indonesian islands",
    "BN": "Borneo",
    "TL": "Timor",
    "PG": "New Guinea",
    "AU": "Australia",
    "NZ": "North Island",
    "MG": "Madagascar",
    "CV": "Cape Verde",
    "ST": "São Tomé and Príncipe",
    "MU": "Mauritius",
    "RE": "Réunion",
    "SC": "Seychelles",
    "KM": "Comoros",
    "YT": "Mayotte",
    "SH": "Saint Helena",
    "CU": "Cuba",
    "HT": "Hispaniola",
    "DO": "Hispaniola",
    "JM": "Jamaica",
    "PR": "Puerto Rico",
    "BS": "The Bahamas",
    "TT": "Trinidad and Tobago",
    "BB": "Barbados",
    "BM": "Bermuda",
    "KY": "Cayman Islands",
    "GL": "Greenland",
    "PM": "Saint Pierre and Miquelon",
    "FK": "Falkland Islands",
}
#: Small Caribbean and Pacific island countries: each its own landmass.
_ISLAND_CONTINENTS = {"OC"}
_ISLAND_CARIBBEAN = set(
    [
        "AG",
        "AI",
        "AW",
        "BL",
        "BQ",
        "CW",
        "DM",
        "GD",
        "GP",
        "KN",
        "LC",
        "MF",
        "MQ",
        "MS",
        "SX",
        "TC",
        "VC",
        "VG",
        "VI",
    ]
)


class Link(NamedTuple):
    """A way between two landmasses: ``kind`` is ``"road"`` (a bridge or tunnel cars use),
    ``"ferry"`` (a car ferry) or ``"rail"`` (trains only)."""

    a: str
    b: str
    kind: str
    name: str


#: Where the landmass links are listed (columns ``a, b, kind, name``).
LANDMASS_LINKS_CSV = Path(__file__).resolve().parents[1] / "data" / "landmass_links.csv"


@functools.cache
def landmass_links() -> tuple[Link, ...]:
    """The links between landmasses (``data/landmass_links.csv``, read once)."""
    with LANDMASS_LINKS_CSV.open(encoding="utf-8", newline="") as fh:
        return tuple(Link(r["a"], r["b"], r["kind"], r["name"]) for r in csv.DictReader(fh))


def __getattr__(name: str) -> tuple[Link, ...]:
    if name == "LINKS":  # kept for callers of the former literal
        return landmass_links()
    raise AttributeError(name)


#: Link kinds each travel mode may use.
MODE_LINKS: dict[str, frozenset[str]] = {
    "DRIVE": frozenset({"road", "ferry"}),
    "TWO_WHEELER": frozenset({"road", "ferry"}),
    "TRANSIT": frozenset({"road", "ferry", "rail"}),
    "WALK": frozenset(),
    "BICYCLE": frozenset(),
}


def landmass(cc: str, continent: str, lat: float, lng: float, town_m: float) -> str | None:
    """The landmass of a point, given its nearest town's country and continent codes and the
    distance to that town; ``None`` at sea or in Antarctica (no road reaches the point)."""
    if continent == "AN" or town_m > OPEN_SEA_M:
        return None
    for box in BOXES:
        if cc in box.countries and box.lat0 <= lat < box.lat1 and box.lng0 <= lng < box.lng1:
            return box.name
    if cc in COUNTRIES:
        return COUNTRIES[cc]
    if continent in _ISLAND_CONTINENTS or cc in _ISLAND_CARIBBEAN:
        return f"the islands of {cc}"
    if continent in ("EU", "AS", "AF"):
        return AFRO_EURASIA
    if continent == "NA":
        return NORTH_AMERICA
    if continent == "SA":
        return SOUTH_AMERICA
    return f"the land of {cc}"


@functools.lru_cache(maxsize=8)
def _components(mode: str) -> dict[str, str]:
    """Landmass -> a representative of its connected component for ``mode``."""
    kinds = MODE_LINKS.get(mode, MODE_LINKS["DRIVE"])
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for link in landmass_links():
        if link.kind in kinds:
            ra, rb = find(link.a), find(link.b)
            if ra != rb:
                parent[max(ra, rb)] = min(ra, rb)
    return {x: find(x) for x in parent}


def connected(a: str | None, b: str | None, mode: str) -> bool:
    """Whether a ``mode`` route can join landmasses ``a`` and ``b``."""
    if a is None or b is None:
        return False
    if a == b:
        return True
    comp = _components(mode)
    return comp.get(a, a) == comp.get(b, b)
