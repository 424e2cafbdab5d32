"""Towns called by the leading words of their names ("Chamonix" of Chamonix-Mont-Blanc): GeoNames
lists the short form as another name; the emulator reads it where no other town's name starts
so. "Geneva to Chamonix" had no route (NOT_FOUND). And by the words after a "de" ("Gaia" of
Vila Nova de Gaia, "Bariloche" of San Carlos de Bariloche: NOT_FOUND before, under the index's
100,000 for other names)."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import resolve

#: Short forms and the point of the town they name (Wikipedia).
SHORT = {
    "Chamonix": (45.923, 6.870),
    "Noirmoutier, France": (47.003, -2.249),
    "Palavas": (43.529, 3.929),
    "Frenštát, Czechia": (49.548, 18.211),
    "Gaia": (41.124, -8.612),
    "Búzios, Brazil": (-22.747, -41.882),
    "Patagones, Argentina": (-40.801, -62.985),
}


@pytest.mark.parametrize("text", sorted(SHORT))
def test_a_short_form_is_its_town(text: str) -> None:
    hit = resolve(text)
    assert hit.place is not None, text
    assert haversine_m(hit.place.lat, hit.place.lng, *SHORT[text]) < 10_000, hit.place.address


def test_a_short_form_several_towns_share_names_none_of_them() -> None:
    """The words "Sankt Anton" start two Austrian towns' names (one spelt "St Anton"): no short form."""
    hit = resolve("Sankt Anton")
    assert hit.place is None or "Montafon" not in hit.place.name


def test_geneva_to_chamonix_has_a_route() -> None:
    box = Sandbox(now="2026-09-18T03:00:00+00:00")
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": "Geneva"}, "destination": {"address": "Chamonix"}},
    )
    assert 60_000 < out["routes"][0]["distanceMeters"] < 120_000


def test_a_tail_other_towns_end_with_names_none_of_them() -> None:
    """The word "Mayo" ends many towns' names ("Veinticinco de Mayo", "Primero de Mayo"): it names none
    of them surely."""
    hit = resolve("Mayo")
    assert hit.place is None or hit.confidence == "LOW"
