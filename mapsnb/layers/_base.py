"""What every mapsnb layer shares: the name prefix, its frame, bounds, and the tags show() reads."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from mapsnb import _html
from mapsnb._read.credits import frame_credits, present

#: Names of mapsnb layers start with this; :func:`show` replaces such layers.
PREFIX = "mapsnb:"

Bounds = tuple[tuple[float, float], tuple[float, float]]


def _frame(obj: Any) -> pd.DataFrame:
    if isinstance(obj, pd.DataFrame):
        return obj
    if hasattr(obj, "to_frame"):
        return obj.to_frame()
    raise TypeError(f"expected a mapsnb result or a DataFrame, got {type(obj).__name__}")


def _tag(layer: Any, *, frame: pd.DataFrame | None, bounds: Bounds | None, **extra: Any) -> None:
    """Attach what :func:`show` needs to a layer (plain Python attributes, not synced)."""
    credits, synthetic = frame_credits(frame) if frame is not None else ([], False)
    layer.mapsnb_bounds = bounds
    layer.mapsnb_attributions = credits
    layer.mapsnb_synthetic = synthetic
    layer.mapsnb_legend = extra.get("legend_entries", {})
    layer.mapsnb_legend_sections = extra.get("legend_sections", [])
    layer.mapsnb_controls = extra.get("controls", [])
    layer.mapsnb_warnings = extra.get("warnings", [])


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
    """A link to an http(s) ``url`` (``""`` for a missing URL or any other scheme)."""
    return (_html.link(url, text) or "") if present(url) else ""
