"""What a ``lookup_weather`` answer and request say across its domains: credits, request context.

The frames themselves are in :mod:`mapsnb.frames._weather`, :mod:`mapsnb.frames._air_quality` and
:mod:`mapsnb.frames._pollen`; the request context titles charts and explains errors.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from typing import Any

import pandas as pd

from mapsnb._read.wire import domain_attributions, g, num
from mapsnb.errors import OmittedDataWarning
from mapsnb.frames._tables import text_array


def environment_attributions(payload: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Attributions per domain: ``{"weather": [...], "air_quality": [...], "pollen": [...]}``.

    Each list holds unique ``{"title", "url"}`` dicts of that domain's container; a domain
    absent from the response has an empty list. Legacy flat mode credits ``weather``.
    """
    return domain_attributions(payload)


def _place_label(location: Any) -> str | None:
    if isinstance(location, str):
        return location or None
    if not isinstance(location, Mapping):
        return None
    for key in ("address", "name"):
        if isinstance(g(location, key), str) and g(location, key):
            return str(g(location, key))
    point = g(location, "latLng") if isinstance(g(location, "latLng"), Mapping) else location
    lat, lng = num(g(point, "latitude")), num(g(point, "longitude"))
    if not (math.isnan(lat) or math.isnan(lng)):
        return (
            f"{abs(lat):.2f}°{'N' if lat >= 0 else 'S'} {abs(lng):.2f}°{'E' if lng >= 0 else 'W'}"
        )
    if g(location, "placeId"):
        return f"place {g(location, 'placeId')}"
    return None


def request_language(request: Any) -> str | None:
    """Return the ``language_code`` a request asked (``languageCode`` on the wire), else ``None``."""
    if not isinstance(request, Mapping):
        return None
    found = g(request, "languageCode")
    return found if isinstance(found, str) and found else None


def request_context(request: Any, zone: str | None = None) -> dict[str, Any]:
    """Return what a ``lookup_weather`` call asked, for titles and messages.

    Returns ``place`` (the location as asked), ``mode`` (``"current"``, ``"hour"`` or ``"day"``:
    no date, ``date`` + ``hour``, ``date`` only), ``capabilities``, ``language`` (the
    ``language_code`` asked: charts write their words in it) and ``time_zone``; keys whose
    value is unknown are left out.
    """
    out: dict[str, Any] = {}
    if not isinstance(request, Mapping):
        return {"time_zone": zone} if zone else out
    place = _place_label(g(request, "location"))
    if place:
        out["place"] = place
    day, hour = g(request, "date"), g(request, "hour")
    out["mode"] = "current" if day is None else ("day" if hour is None else "hour")
    caps = g(request, "capabilities")
    if isinstance(caps, (list, tuple)):
        out["capabilities"] = [str(c) for c in caps]
    language = request_language(request)
    if language:
        out["language"] = language
    if zone:
        out["time_zone"] = zone
    return out


#: A ``lookup_weather`` answer's tables by capability, the first non-empty one of each its
#: default table (``to_frame()``): hours, else now, else days of weather; the air-quality
#: indexes; pollen. What else holds rows is named in an :class:`OmittedDataWarning`.
CAPABILITY_TABLES: dict[str, tuple[str, ...]] = {
    "WEATHER": ("hourly_weather", "current_weather", "daily_weather"),
    "AIR_QUALITY": ("air_quality", "pollutants"),
    "POLLEN": ("pollen",),
}


def capabilities_frame(tables: dict[str, dict[str, pd.DataFrame]]) -> pd.DataFrame:
    """Return the default table of a ``lookup_weather`` answer: every capability it answered.

    ``tables`` maps each capability (``"WEATHER"``, ``"AIR_QUALITY"``, ``"POLLEN"``) to its
    tables by accessor name, in the order of :data:`CAPABILITY_TABLES`. One capability with
    rows: its first non-empty table as it is. Several: one tidy long frame, a ``capability``
    column first, then the union of their columns (each row fills its own capability's; a
    weather row has no ``aqi``, an air-quality row no ``temperature_c``; the answer's point,
    ``returned_lat``/``returned_lng``, is on every row), rows by capability.
    Another table of a capability that holds rows (``daily_weather`` beside hours, the
    ``pollutants`` beside the indexes) does not fit: an :class:`OmittedDataWarning` names it.
    """
    chosen, left, first_empty = _picked(tables)
    if left:
        warnings.warn(
            "lookup_weather: the default table leaves out rows that do not fit it; they are on "
            + ", ".join(f"result.{name}" for name in left),
            OmittedDataWarning,
            stacklevel=3,
        )
    if not chosen:
        return first_empty if first_empty is not None else pd.DataFrame()
    if len(chosen) == 1:
        return chosen[0][1]
    return _long_frame(chosen)


def _picked(
    tables: dict[str, dict[str, pd.DataFrame]],
) -> tuple[list[tuple[str, pd.DataFrame]], list[str], pd.DataFrame | None]:
    """Return each capability's first non-empty table and the names of the other non-empty ones.

    Also the first table of all, to return when none holds rows.
    """
    chosen: list[tuple[str, pd.DataFrame]] = []
    left: list[str] = []
    first_empty: pd.DataFrame | None = None
    for capability, by_name in tables.items():
        picked = None
        for name, df in by_name.items():
            first_empty = df if first_empty is None else first_empty
            if not len(df):
                continue
            if picked is None:
                picked = df
            else:
                left.append(name)
        if picked is not None:
            chosen.append((capability, picked))
    return chosen, left, first_empty


def _long_frame(chosen: list[tuple[str, pd.DataFrame]]) -> pd.DataFrame:
    """Several capabilities' tables as one long frame, a ``capability`` column first."""
    parts = []
    for capability, df in chosen:
        part = df.reset_index(drop=True)
        part.insert(0, "capability", text_array([capability] * len(part)))
        parts.append(part)
    attributions: list[Any] = []
    for _, df in chosen:
        for item in df.attrs.get("attributions") or []:
            if item not in attributions:
                attributions.append(item)
    units = {k: v for _, df in chosen for k, v in (df.attrs.get("units") or {}).items()}
    attrs = {k: v for _, df in chosen for k, v in df.attrs.items() if k not in ("units",)}
    with warnings.catch_warnings():  # empty columns of one part: no dtype guess to warn about
        warnings.simplefilter("ignore", FutureWarning)
        out = pd.concat(parts, ignore_index=True)
    for column in ("returned_lat", "returned_lng"):  # one answer, one point: every row's
        if column in out.columns:
            found = out[column].dropna().unique()
            if len(found) == 1:
                out[column] = out[column].fillna(found[0])
    out.attrs = {**attrs, "attributions": attributions}
    if units:
        out.attrs["units"] = units
    return out
