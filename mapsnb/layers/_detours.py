"""Detour points: places along a route coloured by their detour minutes, with a legend."""

from __future__ import annotations

import math
from typing import Any

import ipyleaflet
import numpy as np
import pandas as pd
import traitlets

from mapsnb.errors import NothingToDraw
from mapsnb.layers._base import PREFIX, MapsnbLayer, _bounds, _frame
from mapsnb.layers._features import _coords, _place_features
from mapsnb.layers._places import PlacesLayer, _geojson_points

#: YlOrRd, light (short detour) to dark (long detour).
DETOUR_RAMP = ("#ffffb2", "#fed976", "#feb24c", "#fd8d3c", "#f03b20", "#bd0026")


def _detour_bins(minutes: np.ndarray) -> np.ndarray:
    """Bin edges (minutes) over the data range, one bin per ramp colour."""
    finite = minutes[np.isfinite(minutes)]
    lo = float(np.floor(finite.min())) if len(finite) else 0.0
    hi = float(np.ceil(finite.max())) if len(finite) else 1.0
    hi = max(hi, lo + 1.0)
    return np.linspace(lo, hi, len(DETOUR_RAMP) + 1)


def detour_color(minutes: float, edges: np.ndarray) -> str:
    """Return the ramp colour of ``minutes`` for bin ``edges`` (grey when unknown)."""
    if not math.isfinite(minutes):
        return "#9e9e9e"
    k = int(np.searchsorted(edges, minutes, side="right")) - 1
    return DETOUR_RAMP[min(max(k, 0), len(DETOUR_RAMP) - 1)]


class DetoursLayer(MapsnbLayer, ipyleaflet.LayerGroup):
    """Places along a route coloured by detour (what :func:`detours_layer` returns).

    ``points`` is their :class:`~mapsnb.layers._places.PlacesLayer`, ``legend`` the ``{bin label:
    colour}`` of the detour bins.
    """

    points = traitlets.Instance(PlacesLayer, allow_none=True)
    legend = traitlets.Dict()


def detours_layer(along_result: Any) -> DetoursLayer:
    """Places along a route coloured by detour minutes (YlOrRd ramp), with a legend.

    Parameters
    ----------
    along_result
        An ``AlongRouteResult`` or its frame (``lat``, ``lng``, ``detour_s``).

    Returns
    -------
    DetoursLayer
        An ``ipyleaflet.LayerGroup`` named ``"mapsnb:detours"``, holding one GeoJSON; ``group.legend`` is the
        ``{bin label: colour}`` dict of the detour bins (a section of the legend
        :func:`show` adds).
    """
    df = _frame(along_result)
    if "detour_s" not in df.columns:
        raise NothingToDraw("cannot draw detours: the frame has no detour_s column")
    lat, lng, ok = _coords(df)
    work = df.loc[ok].copy()
    minutes = pd.to_numeric(work["detour_s"], errors="coerce").to_numpy(float, na_value=np.nan)
    minutes = minutes / 60.0
    work["detour_min"] = minutes
    edges = _detour_bins(minutes)
    feats, _, _, shared = _place_features(work)
    for feat, m in zip(feats, minutes.tolist(), strict=True):
        feat["properties"]["style"] = {"fillColor": detour_color(m, edges)}
    geo = _geojson_points(
        feats, name=f"{PREFIX}detour points", style={"color": "#333333"}, shared=shared
    )
    labels = {
        f"{edges[k]:.1f}–{edges[k + 1]:.1f} min": color for k, color in enumerate(DETOUR_RAMP)
    }
    group = DetoursLayer(layers=[geo], name=f"{PREFIX}detours", points=geo, legend=labels)
    group.describe(
        frame=df,
        bounds=_bounds(lat[ok], lng[ok]),
        controls=[geo.info_control],
        legend_sections=[("Detour", labels)],
    )
    return group
