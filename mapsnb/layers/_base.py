"""What every mapsnb layer shares: the name prefix, its frame, bounds, and what show() reads.

mapsnb's layers are ipyleaflet layers of their own classes (``PlacesLayer(ipyleaflet.GeoJSON)``,
``RoutesLayer(ipyleaflet.LayerGroup)``, …) that mix in :class:`MapsnbLayer`: traitlets saying what
:func:`~mapsnb.layers.show` needs (the data's bounds, credits, legend entries, controls, notes).
None of these traits is synced to the front end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import traitlets

from mapsnb import _html
from mapsnb._read.credits import frame_credits, present

#: Names of mapsnb layers start with this; :func:`show` replaces such layers.
PREFIX = "mapsnb:"

Bounds = tuple[tuple[float, float], tuple[float, float]]


class MapsnbLayer(traitlets.HasTraits):
    """What a mapsnb layer tells :func:`~mapsnb.layers.show` (mixed into its ipyleaflet class).

    Traits (kernel side only, never synced): ``data_bounds`` ``((south, west), (north, east))``
    of the data (``None`` when it has none), ``credits`` (attribution dicts of the data),
    ``synthetic`` (the data is the emulator's), ``legend_entries`` (``{label: colour}`` of the
    legend's first section), ``legend_sections`` (``[(title, {label: colour})]``),
    ``layer_controls`` (controls shown with the layer: its info box) and ``notes`` (warnings
    shown on the map, such as the WALK beta warning).
    """

    data_bounds = traitlets.Instance(tuple, allow_none=True, default_value=None)
    credits: traitlets.List[dict[str, Any]] = traitlets.List()
    synthetic = traitlets.Bool(False)
    legend_entries = traitlets.Dict()
    legend_sections: traitlets.List[tuple[str, dict[str, str]]] = traitlets.List()
    layer_controls: traitlets.List[Any] = traitlets.List()
    notes = traitlets.List(traitlets.Unicode())

    def describe(
        self,
        *,
        frame: pd.DataFrame | None,
        bounds: Bounds | None,
        legend_entries: Mapping[str, str] | None = None,
        legend_sections: Sequence[tuple[str, Mapping[str, str]]] = (),
        controls: Sequence[Any] = (),
        notes: Sequence[str] = (),
    ) -> None:
        """Set what :func:`show` reads: the credits of ``frame``, the bounds, legend, controls."""
        credits, synthetic = frame_credits(frame) if frame is not None else ([], False)
        with self.hold_trait_notifications():
            self.data_bounds = bounds
            self.credits = list(credits)
            self.synthetic = bool(synthetic)
            self.legend_entries = dict(legend_entries or {})
            self.legend_sections = [(title, dict(entries)) for title, entries in legend_sections]
            self.layer_controls = list(controls)
            self.notes = list(notes)


def _frame(obj: Any) -> pd.DataFrame:
    if isinstance(obj, pd.DataFrame):
        return obj
    if hasattr(obj, "to_frame"):
        return obj.to_frame()
    raise TypeError(f"expected a mapsnb result or a DataFrame, got {type(obj).__name__}")


def _bounds(lat: np.ndarray, lng: np.ndarray) -> Bounds | None:
    if len(lat) == 0:
        return None
    return (float(lat.min()), float(lng.min())), (float(lat.max()), float(lng.max()))


def _union(bounds: Iterable[Bounds | None]) -> Bounds | None:
    boxes = [b for b in bounds if b is not None]
    if not boxes:
        return None
    south = min(b[0][0] for b in boxes)
    west = min(b[0][1] for b in boxes)
    north = max(b[1][0] for b in boxes)
    east = max(b[1][1] for b in boxes)
    return (south, west), (north, east)


def _link(url: Any, text: str) -> str:
    """Return a link to an http(s) ``url`` (``""`` for a missing URL or any other scheme)."""
    return (_html.link(url, text) or "") if present(url) else ""
