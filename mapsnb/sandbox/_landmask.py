"""Is there land near a point? The emulator's "could anything grow or stand here?".

Read on the 1 km land grid that ships with the package (``_water``, made from
``global-land-mask``'s GEBCO grid by ``tools/build_land_mask.py``): no import of the package,
which would inflate a 1 GB array, and no first-use build.
"""

from __future__ import annotations

from ._water import is_land

__all__ = ["is_land", "near_land"]

_STEP = 0.1  # degrees (about 11 km): coasts and small islands count as near land


def near_land(lat: float, lng: float) -> bool:
    """Whether land lies within about 11 km of ``(lat, lng)``."""
    return any(
        is_land(max(-90.0, min(90.0, lat + dy * _STEP)), lng + dx * _STEP)
        for dy in (0, -1, 1)
        for dx in (0, -1, 1)
    )
