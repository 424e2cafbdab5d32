"""Air-quality frames of ``lookup_weather``: indexes, pollutants, health advice and the wide view.

Air-quality ``dateTime`` is local civil time plus ``utcOffset``; ``time`` columns are
``datetime64[ns, <zone>]`` (the payload's zone, else a uniform fixed offset, else UTC), so that an
air-quality hour and a weather hour that denote the same instant compare (and merge) equal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta, timezone
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import (
    domain_attributions,
    g,
    has,
    hex_color,
    instant_ns,
    num,
    records,
    rounded,
    snake,
    text,
    time_zone,
)
from mapsnb._tools_spec import frame_columns
from mapsnb.frames._tables import _listed, finish, frame, times

#: The columns of the air-quality, pollutants and health frames (the tools' description).
AIR_QUALITY_COLUMNS = frame_columns("lookup_weather", "air_quality")
POLLUTANT_COLUMNS = frame_columns("lookup_weather", "pollutants")
HEALTH_COLUMNS = frame_columns("lookup_weather", "health_recommendations")
_AQ_HOUR_KEYS = ("hourlyResults", "hourly", "hours", "hourlyForecasts", "results", "hourlyResult")


def _aq_hours(payload: Any) -> list[Mapping[str, Any]]:
    aq = g(payload, "airQuality")
    if not isinstance(aq, Mapping):
        return []
    hours = _listed(aq, _AQ_HOUR_KEYS)
    if not hours and (has(aq, "indexes") or has(aq, "pollutants")):
        hours = [aq]
    return hours


def _aq_times(payload: Any, hours: Sequence[Mapping[str, Any]]) -> pd.DatetimeIndex:
    """One instant per hour: payload zone if known, else a uniform fixed offset, else UTC."""
    zone = time_zone(payload)
    ns: list[int | None] = []
    offsets: set[int] = set()
    for hour in hours:
        value = g(hour, "dateTime")
        if value is None:
            value = g(hour, "time")
        n, off = instant_ns(value, zone)
        ns.append(n)
        if n is not None and off is not None:
            offsets.add(off)
    if zone is None and len(offsets) == 1:
        zone = timezone(timedelta(seconds=offsets.pop()))
    return times(ns, zone)


def _expand(stamps: pd.DatetimeIndex, owners: list[int]) -> pd.DatetimeIndex:
    return stamps.take(np.asarray(owners, dtype=np.intp)) if owners else stamps[:0]


def air_quality_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
    """Air-quality indexes, one row per hour x index (``aqi`` is ``Int64``, ``color`` hex)."""
    hours = _aq_hours(payload)
    stamps = _aq_times(payload, hours)
    owners: list[int] = []
    cols: dict[str, Any] = {c: [] for c in AIR_QUALITY_COLUMNS[1:]}
    code, name, aqi, display, cat, dom, color = cols.values()
    for i, hour in enumerate(hours):
        for idx in records(g(hour, "indexes")):
            owners.append(i)
            code.append(g(idx, "code"))
            name.append(g(idx, "displayName"))
            aqi.append(rounded(g(idx, "aqi")))
            shown = g(idx, "aqiDisplay")
            display.append(None if shown is None else str(shown))
            cat.append(g(idx, "category"))
            dom.append(g(idx, "dominantPollutant"))
            color.append(hex_color(g(idx, "color")))
    cols["aqi"] = pd.array(aqi, dtype="Int64")
    cols["time"] = _expand(stamps, owners)
    df = frame(cols, AIR_QUALITY_COLUMNS)
    return finish(df, source, domain_attributions(payload)["air_quality"], kind="air_quality")


def pollutants_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
    """Pollutant concentrations, one row per hour x pollutant (``value`` float, ``units`` text)."""
    hours = _aq_hours(payload)
    stamps = _aq_times(payload, hours)
    owners: list[int] = []
    cols: dict[str, Any] = {c: [] for c in POLLUTANT_COLUMNS[1:]}
    code, name, full, value, units = cols.values()
    for i, hour in enumerate(hours):
        for item in records(g(hour, "pollutants")):
            owners.append(i)
            code.append(g(item, "code"))
            name.append(g(item, "displayName"))
            full.append(g(item, "fullName"))
            conc = g(item, "concentration")
            value.append(num(conc, "value"))
            units.append(g(conc, "units") if isinstance(conc, Mapping) else None)
    cols["value"] = np.asarray(value, dtype=np.float64)
    cols["time"] = _expand(stamps, owners)
    df = frame(cols, POLLUTANT_COLUMNS)
    return finish(df, source, domain_attributions(payload)["air_quality"], kind="air_quality")


def health_recommendations_frame(
    payload: Mapping[str, Any], *, source: str = "live"
) -> pd.DataFrame:
    """Health advice, one row per hour x group (``group`` in snake_case, e.g. ``elderly``)."""
    hours = _aq_hours(payload)
    stamps = _aq_times(payload, hours)
    owners: list[int] = []
    groups: list[str] = []
    texts: list[Any] = []
    for i, hour in enumerate(hours):
        recs = g(hour, "healthRecommendations")
        if not isinstance(recs, Mapping):
            continue
        for key, value in recs.items():
            owners.append(i)
            groups.append(snake(str(key)))
            texts.append(text(value))
    cols = {"time": _expand(stamps, owners), "group": groups, "text": texts}
    df = frame(cols, HEALTH_COLUMNS)
    return finish(df, source, domain_attributions(payload)["air_quality"], kind="air_quality")


def _label(value: Any) -> Any:
    """Return a column label: the value if hashable, else (a dict, a list) its text."""
    try:
        hash(value)
    except TypeError:
        return str(value)
    return value


def air_quality_wide(long: pd.DataFrame) -> pd.DataFrame:
    """Return the air-quality frame pivoted wide: one row per ``time``, one ``aqi`` column per index code.

    ``long`` is ``env.air_quality`` (one row per hour × index). The result is indexed by
    ``time`` (sorted) and keeps ``attrs``, so ``wide.plot()`` draws one line per index; a frame
    stacked from several calls (``mapsnb.concat``) keeps one column per ``request`` and index,
    named ``"<request> · <index_code>"``.
    """
    if long.empty or not {"time", "index_code", "aqi"} <= set(long.columns):
        wide = pd.DataFrame(index=pd.DatetimeIndex([], name="time"))
    else:
        # a code (or request) of an unforeseen shape, an object, is named by its text
        named = long.assign(
            **{c: long[c].map(_label) for c in ("index_code", "request") if c in long}
        )
        keys = ["index_code"]
        if "request" in named.columns and named["request"].nunique() > 1:
            keys = ["request", "index_code"]
        rows = named.dropna(subset=["time", "index_code"]).drop_duplicates(["time", *keys])
        wide = rows.pivot(index="time", columns=keys, values="aqi").sort_index()
        if len(keys) > 1:
            wide.columns = [f"{r} · {c}" for r, c in wide.columns]
        else:
            wide = wide[list(dict.fromkeys(rows["index_code"]))]  # order as received
        wide = wide.astype("Int64")
        wide.columns.name = None
    wide.attrs = dict(long.attrs)
    return wide
