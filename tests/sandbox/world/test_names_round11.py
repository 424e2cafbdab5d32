"""Names round 11 (issue 40): a town GeoNames leaves uncounted rivals a big city's neighbourhood.

A bare name that a neighbourhood of a big city (``data/districts.tsv.z``, weighed at its class's
typical size: 750 for a Taipei ``li``) and a county seat elsewhere bear was read as the
neighbourhood, LOW, and a search listed places around it: GeoNames gives many seats no count
(0), and :func:`~mapsnb_sandbox.world.doubts.rivalled` counted them as no rival, while a
counted village of 150 was one. An uncounted town now rivals as
:data:`~mapsnb_sandbox.world.doubts.UNCOUNTED_PEOPLE` (1,000): no town is surely meant, so
the search lists nothing. ``resolve`` is unchanged (the neighbourhood, LOW).

Inputs are names outside every corpus and holdout.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import resolve


def _search(text: str) -> list[dict[str, object]]:
    out = Sandbox().call_tool("search_places", {"text_query": text})
    places: list[dict[str, object]] = out["places"]
    return places


@pytest.mark.parametrize(
    ("town", "text"),
    [
        ("Penglai", "bakery in Penglai"),  # Taipei's li, or Penglai, Sichuan (no count)
        ("Yongchun", "pharmacy in Yongchun"),  # Taipei's li, or Yongchun, Fujian
    ],
)
def test_a_neighbourhood_rivalled_by_an_uncounted_seat_anchors_no_search(
    town: str, text: str
) -> None:
    found = resolve(town, role="town").place
    # LOW, or no place (round 13: "Penglai" is also Shandong's county-level city, which the
    # index lacks: the neighbourhood, LOW already, is no answer)
    assert found is None or found.confidence == "LOW"
    assert _search(text) == []


def test_neighbourhoods_no_seat_rivals_are_still_searched() -> None:
    places = _search("coffee in Cihangir")  # Istanbul's Cihangir
    assert places
    loc = places[0]["location"]
    assert isinstance(loc, dict) and abs(loc["latitude"] - 41.03) < 0.1
