"""Documented flaws of the water check's OSM truth (``water_truth.bin``): places where the
truth calls water what two full-resolution sources call land.

The check samples OSM's land polygons on a grid of up to 1/600° (about 185 x 100 m): a cell is
water when its centre is, so a road along a quay reads as water for up to half a cell. Each
entry below is a box of such a flaw, proved with OSM's own polygons at full resolution and with
GSHHG at full resolution (the second, independent shore), both through ``roaring-landmask``
0.11.0 (MIT): every point of a 5 m grid over the box is land in the sources the entry names
(``tools/check_truth_artifacts.py`` verifies it). The emulator never reads this list; the
benchmark reports its shares with and without these boxes (``over_water_m(artifacts=False)``).
Two entries are rectangles of water with straight edges that OSM's polygons (as carried) cut
into built land, Colaba and Simon's Town: there GSHHG alone has land over the whole box. Water
both sources have (Phuket's mangrove inlet) or that OSM draws with a natural shore (a
harbour's edge at Korsør or Kotor) is not listed: it stays the emulator's error.

Entries of ``source="ne"`` are flaws of the third truth, Natural Earth's open water
(``water_truth_ne.bin``): a 1:10m shore drawn a few hundred metres off puts a road on an
island's tip or between two bridges in open water; both full-resolution shores have land over
the whole box.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Artifact:
    """A box (degrees) where the ``source`` truth's water is a flaw, ``proof`` how it was shown,
    ``land_in`` the full-resolution sources that have land over the whole box."""

    place: str
    lat0: float
    lat1: float
    lng0: float
    lng1: float
    proof: str
    land_in: tuple[str, ...] = ("osm", "gshhg")
    source: str = "osm"

    def holds(self, lat: float, lng: float) -> bool:
        """Whether the point lies in the box."""
        return self.lat0 <= lat <= self.lat1 and self.lng0 <= lng <= self.lng1


_GRID = (
    "the 1/600° truth cell's centre is in the water; OSM's polygon at full resolution and "
    "GSHHG at full resolution have land over the whole box"
)

_NE = (
    "Natural Earth's 1:10m shore puts open water (sea more than about 1 km from its land) "
    "here; OSM's polygon at full resolution and GSHHG at full resolution have land over the "
    "whole box"
)

#: The documented flaws, by place.
ARTIFACTS: tuple[Artifact, ...] = (
    Artifact("Korsør harbour front (Great Belt)", 55.3300, 55.3308, 11.1442, 11.1448, _GRID),
    Artifact(
        "Kotor, the shore south of the old town (Bay of Kotor)",
        42.4216,
        42.4221,
        18.7707,
        18.7713,
        _GRID,
    ),
    Artifact("Bergen, Bryggen quay (Puddefjorden)", 60.3978, 60.3981, 5.3274, 5.3279, _GRID),
    Artifact(
        "Auckland, Shoal Bay shore (Waitematā)", -36.8020, -36.8016, 174.7811, 174.7817, _GRID
    ),
    Artifact(
        "Simon's Town, the town centre (False Bay)",
        -34.1930,
        -34.1893,
        18.4266,
        18.4340,
        "OSM's land polygons as roaring-landmask carries them cut a rectangle of water with "
        "straight edges (18.4271° E, 34.1938° S) into Simon's Town, putting its centre, where "
        "the corpus's point stands, 195 m into the sea (93 % of this box; GeoNames puts the "
        "town at 34.1934° S, 18.4359° E, at the rectangle's corner); GSHHG at full "
        "resolution has land over the whole box",
        land_in=("gshhg",),
    ),
    Artifact(
        "Mumbai, Colaba by Colaba Causeway (Back Bay)",
        18.9188,
        18.9240,
        72.8290,
        72.8350,
        "OSM's land polygons as roaring-landmask carries them cut a rectangle of water across "
        "Colaba (straight edges at 18.9186° and 18.9232° N, half of this box, built land "
        "that Colaba Causeway crosses); GSHHG at full resolution has land over the whole box",
        land_in=("gshhg",),
    ),
    Artifact(
        "Mombasa Island's south shore by the Likoni ferry (Kilindini Harbour)",
        -4.0597,
        -4.0553,
        39.6650,
        39.6677,
        _NE,
        source="ne",
    ),
    Artifact(
        "La Puntilla, between the Daule and Babahoyo bridges (Guayas)",
        -2.1853,
        -2.1824,
        -79.8856,
        -79.8790,
        _NE,
        source="ne",
    ),
)


def is_artifact(lat: float, lng: float, source: str = "osm") -> bool:
    """Whether the point lies in a documented flaw of the ``source`` truth."""
    return any(a.source == source and a.holds(lat, lng) for a in ARTIFACTS)
