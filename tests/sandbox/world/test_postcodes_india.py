"""India's synthetic addresses carry a real PIN of their area (issue 40, "addresses with the
town's real postal format and plausible codes"): "Mumbai, Maharashtra 433120" (Mumbai's PINs are
400xxx), "Kolkata 714308" (700xxx), "Bengaluru 561525" (560xxx) were started only in the
state's range.

Truth: each city's sorting district, the first three digits of its PINs, typed by hand: eleven
read from page text (a list of the cities' head offices' PINs: Delhi 110001, Mumbai 400001,
Chennai 600001, Kolkata 700001, Bangalore 560001, Hyderabad 500001, Pune 411001, Ahmedabad
380001, Surat 395001, Jaipur 302001, Lucknow 226001; Chandigarh 16 from the PIN circles' list),
the rest from the cities' Wikipedia infoboxes. The emulator reads India Post's directory of
post offices and their points, not this table.
"""

from __future__ import annotations

import heapq
import math
import re

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world import addresses
from mapsnb_sandbox.world.addresses import area_postcode
from mapsnb_sandbox.world.geocode import resolve_text

#: City -> the first three digits of its PINs (its sorting district).
PIN_DISTRICTS = {
    "Mumbai": "400",
    "Delhi": "110",
    "Kolkata": "700",
    "Chennai": "600",
    "Bengaluru": "560",
    "Hyderabad": "500",
    "Ahmedabad": "380",
    "Pune": "411",
    "Jaipur": "302",
    "Lucknow": "226",
    "Kanpur": "208",
    "Nagpur": "440",
    "Patna": "800",
    "Indore": "452",
    "Bhopal": "462",
    "Surat": "395",
    "Chandigarh": "160",
    "Coimbatore": "641",
}
_PIN = re.compile(r", (?:[A-Z][A-Za-z ]+ )?([1-9][0-9]{5}), India\b")


def pins_of_search(city: str) -> list[str]:
    """The PINs of the addresses ``search_places`` gives for a pharmacy in ``city``."""
    out = Sandbox(now="2026-09-18T15:00:00+00:00").call_tool(
        "search_places", {"text_query": f"pharmacy in {city}"}
    )
    return _PIN.findall(out["summary"])


@pytest.mark.parametrize("city", sorted(PIN_DISTRICTS))
def test_a_search_in_an_indian_city_gives_its_sorting_district_s_pins(city: str) -> None:
    pins = pins_of_search(city)
    assert pins, city
    assert all(p.startswith(PIN_DISTRICTS[city]) for p in pins), (city, pins)


@pytest.mark.parametrize("city", ["Mumbai", "Kolkata", "Bengaluru"])
def test_points_around_a_city_centre_take_its_pins(city: str) -> None:
    hit = resolve_text(f"{city}, India")
    assert hit is not None, city
    for k, (dlat, dlng) in enumerate([(0, 0), (0.01, 0), (0, -0.01), (-0.008, 0.008)]):
        pin = area_postcode("IN", hit.lat + dlat, hit.lng + dlng, seed=k)
        assert re.fullmatch(r"[1-9][0-9]{5}", pin), pin
        assert pin.startswith(PIN_DISTRICTS[city]), (city, pin)


def test_a_pin_is_read_from_the_point_not_the_town() -> None:
    """Two points of one search far apart take different PINs (each its own area's)."""
    north = area_postcode("IN", 19.23, 72.86, seed=0)  # Borivali, Mumbai
    south = area_postcode("IN", 18.93, 72.83, seed=0)  # Fort, Mumbai
    assert north != south
    assert north.startswith("400") and south.startswith("400"), (north, south)


@pytest.mark.parametrize("cc", ["IN", "JP", "FI", "GB"])
def test_the_latitude_band_finds_the_same_nearest_areas_as_all_of_them(cc: str) -> None:
    """``_nearest_areas`` reads a band of latitudes (India has 18,887 areas), never another
    answer than comparing every area, near the edge of the country and far off it too."""
    areas = addresses._postcode_areas(cc)
    lats, lngs = [a[0] for a in areas], [a[1] for a in areas]
    for k in range(60):
        lat = min(lats) - 2 + (max(lats) - min(lats) + 4) * ((k * 37) % 60) / 60
        lng = min(lngs) - 2 + (max(lngs) - min(lngs) + 4) * ((k * 23) % 60) / 60
        scale = math.cos(math.radians(lat)) ** 2
        every = heapq.nsmallest(
            addresses.AREAS_TRIED,
            areas,
            key=lambda a: (a[0] - lat) ** 2 + scale * (a[1] - lng) ** 2,
        )
        assert addresses._nearest_areas(cc, lat, lng) == every, (cc, lat, lng)
