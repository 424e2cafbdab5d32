"""``route_matrix``: a ``compute_routes`` batch over every (origin, destination) pair.

Read into one tidy frame (``origin``, ``destination``, ``distance_m``, ``duration_s``,
``status``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from mapsnb.errors import InvalidRequest
from mapsnb.frames import TEXT

#: The columns of a route matrix, in order (then ``origin_name``, ``destination_name``,
#: ``travel_mode`` where the answers have them).
MATRIX_COLUMNS = [
    "origin",
    "destination",
    "origin_index",
    "destination_index",
    "distance_m",
    "duration_s",
    "status",
    "error",
]
#: Pairs one matrix may ask (625 pairs: 25 x 25); a larger matrix is many batches' worth of
#: quota and should be asked as batches, knowingly.
MAX_PAIRS = 625


def _places(values: Any, field: str) -> list[Any]:
    """Return the origins or destinations as a list (a Series' values, a list, a tuple of places)."""
    if isinstance(values, pd.DataFrame):
        raise InvalidRequest(field, "must be a list or a Series of places, not a DataFrame")
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidRequest(
            field, f"must be a list of places (addresses, (lat, lng), PlaceId), got {values!r:.60}"
        )
    found = list(values.tolist() if isinstance(values, pd.Series) else values)
    if not found:
        raise InvalidRequest(field, "must name at least one place")
    return found


def label(place: Any) -> str:
    """How a place reads in the matrix: the text as given, ``"lat,lng"``, a place id."""
    if isinstance(place, str):
        return place
    if isinstance(place, tuple) and len(place) == 2:
        return f"{place[0]},{place[1]}"
    return str(place)


def pairs_frame(origins: Any, destinations: Any) -> pd.DataFrame:
    """Every (origin, destination) pair, origins first: the batch's input rows.

    Raises
    ------
    InvalidRequest
        ``origins`` or ``destinations`` not a non-empty list, or more than :data:`MAX_PAIRS`.
    """
    starts, ends = _places(origins, "origins"), _places(destinations, "destinations")
    if len(starts) * len(ends) > MAX_PAIRS:
        raise InvalidRequest(
            "origins",
            f"{len(starts)} x {len(ends)} = {len(starts) * len(ends)} pairs, more than "
            f"{MAX_PAIRS}; split the matrix into several calls",
        )
    o = np.repeat(np.arange(len(starts)), len(ends))
    d = np.tile(np.arange(len(ends)), len(starts))
    column = np.empty(len(o), dtype=object)
    column[:] = [starts[i] for i in o]
    target = np.empty(len(d), dtype=object)
    target[:] = [ends[j] for j in d]
    return pd.DataFrame(
        {
            "origin": column,
            "destination": target,
            "origin_index": o.astype(np.int64),
            "destination_index": d.astype(np.int64),
        }
    )


def matrix_frame(batch: pd.DataFrame, pairs: pd.DataFrame) -> pd.DataFrame:
    """One row per pair, in the order of :func:`pairs_frame`, from the batch's output.

    The first route of each pair (its ``distance_m``, ``duration_s``), ``status`` and ``error``.
    """
    first = batch.groupby("input_row", sort=True).head(1).set_index("input_row")
    first = first.reindex(np.arange(len(pairs)))
    out = pd.DataFrame(
        {
            "origin": pd.array([label(p) for p in pairs["origin"]], dtype=TEXT),
            "destination": pd.array([label(p) for p in pairs["destination"]], dtype=TEXT),
            "origin_index": pairs["origin_index"].to_numpy(),
            "destination_index": pairs["destination_index"].to_numpy(),
            "distance_m": pd.to_numeric(first.get("distance_m"), errors="coerce").to_numpy(
                dtype=float, na_value=np.nan
            ),
            "duration_s": pd.to_numeric(first.get("duration_s"), errors="coerce").to_numpy(
                dtype=float, na_value=np.nan
            ),
            "status": pd.array(first["status"].to_numpy(), dtype=TEXT),
            "error": pd.array(first["error"].to_numpy(), dtype=TEXT),
        }
    )
    for name in ("origin_name", "destination_name", "travel_mode"):
        if name in first.columns:
            out[name] = first[name].to_numpy()
    out.attrs = dict(batch.attrs)
    return out
