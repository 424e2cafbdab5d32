"""The one lookup of the small places the town index lacks that bear a name (GeoNames'
``cities500`` places of 500 to 1,000 people, ``data/small_places.tsv.z``), counted near and far
from the place a text was read as: the doubts that weigh them ask it alike
(:func:`.lacked.small_namesake`: "Lagorce, France"; :func:`.towns.small_place_elsewhere`:
"Laveyron", no Rodez).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.towns import small_places_named

__all__ = ["NAMESAKE_KM", "SmallNamesakes", "small_namesakes"]

#: A namesake this near the place read is the place's neighbour: no doubt.
NAMESAKE_KM = 50


@dataclass(frozen=True)
class SmallNamesakes:
    """How many small places of a name lie under :data:`NAMESAKE_KM` from the place read
    (``near``) and how many that far or farther (``far``)."""

    near: int = 0
    far: int = 0

    @property
    def elsewhere(self) -> bool:
        """Whether some small place of the name lies far from the place read."""
        return self.far > 0

    @property
    def only_elsewhere(self) -> bool:
        """Whether small places bear the name and all lie far from the place read."""
        return self.far > 0 and not self.near


def small_namesakes(
    key: str, lat: float, lng: float, ccs: AbstractSet[str] = frozenset()
) -> SmallNamesakes:
    """The small places whose own name is folded ``key`` (of a country of ``ccs`` if any),
    counted near and far from the point ``lat``, ``lng``."""
    far = NAMESAKE_KM * 1000
    points = small_places_named(key, ccs)
    n_far = sum(haversine_m(lat, lng, a, b) >= far for a, b in points)
    return SmallNamesakes(near=len(points) - n_far, far=n_far)
