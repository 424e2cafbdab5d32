"""Frames of ``search_along_route``: one row per result in rank order, with its detour.

The place columns are read as for ``search_places`` (:mod:`mapsnb.frames._places`); the detour
duration and distance text follow, the text parsed to metres (:func:`parse_distance_m`). Plain
column lists first (``along_route_lists``, ``along_route_lists_many``), then one table
(``along_route_table``). Re-exported by :mod:`mapsnb.frames`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from itertools import chain, repeat
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import collect_attributions, duration_ns, g, records, text
from mapsnb._tools_spec import frame_columns
from mapsnb.frames._columns import (
    _GET,
    _NO_EXTRAS,
    _STRINGS,
    _citation_index,
    _column_credits,
    _credits_in_columns,
    _plain_answers,
    _summaries_many,
    _typed_places,
)
from mapsnb.frames._places import _live_place_columns, _place_columns
from mapsnb.frames._tables import Lists, _add_extras, _known_extras, finish, frame, timedeltas

#: The columns of an along-route frame (the tools' description).
ALONG_COLUMNS = frame_columns("search_along_route")

_DIST_NUMBER = re.compile(
    r"(?<![\w.,])([-\u2212]?)(\d[\d.,'\u00a0\u202f\u2009 ]*?)\s*([^\W\d_]+)\.?\s*$"
)
_METRES = {
    **dict.fromkeys(["m", "meter", "meters", "metre", "metres", "м", "метр", "метров"], 1.0),
    **dict.fromkeys(["km", "kilometer", "kilometers", "kilometre", "kilometres", "км"], 1000.0),
    **dict.fromkeys(["mi", "mile", "miles"], 1609.344),
    **dict.fromkeys(["ft", "feet", "foot"], 0.3048),
    **dict.fromkeys(["yd", "yard", "yards"], 0.9144),
}


def _number(raw: str) -> tuple[float, int]:
    """Return the number in localized ``raw`` and how many decimals it was written with."""
    s = re.sub(r"[\s\u00a0\u202f\u2009']", "", raw).strip(".,")
    if "," in s and "." in s:
        if s.rfind(",") > s.rfind("."):
            s = s.replace(".", "").replace(",", ".")
        else:
            s = s.replace(",", "")
    elif "," in s:
        parts = s.split(",")
        grouped = len(parts) > 2 or (len(parts[1]) == 3 and parts[0] not in ("", "0"))
        s = s.replace(",", "") if grouped else s.replace(",", ".")
    elif s.count(".") > 1:
        s = s.replace(".", "")
    return float(s), len(s.partition(".")[2])


def parse_distance_m(value: Any) -> float:
    """Metres from localized distance text (``"1.9 km"``, ``"1,2 km"``, ``"1,234 ft"``, ``"0.5 mi"``).

    Units m, km, mi, ft, yd (and spelled-out or Cyrillic forms); NaN when unparseable. The
    metres are rounded to the precision the text had: ``"0.3 mi"`` (±0.05 mi) gives 500.0, not
    482.8032, and ``"1.9 km"`` gives 1900.0.
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, str):
        return math.nan
    m = _DIST_NUMBER.search(value)
    if not m:
        return math.nan
    factor = _METRES.get(m.group(3).lower())
    if factor is None:
        return math.nan
    try:
        number, decimals = _number(m.group(2))
    except ValueError:
        return math.nan
    metres = number * (-factor if m.group(1) else factor)
    step = factor * 10.0**-decimals
    unit = 10.0 ** math.floor(math.log10(step))
    return round(metres / unit) * unit if math.isfinite(metres) else math.nan


def along_route_frame(
    payload: Mapping[str, Any], *, source: str = "live", request: Mapping[str, Any] | None = None
) -> pd.DataFrame:
    """``search_along_route`` results, one row per result in rank order (index ``citation``).

    The place columns of :func:`places_frame` plus ``rank`` (0-based), ``detour_s`` (float),
    ``detour`` (Timedelta), ``detour_distance_text`` and ``detour_m`` (parsed from the text),
    then unknown fields flattened.
    """
    summary = text(g(payload, "summary")) or ""
    cols, extras, credits = along_route_lists(payload)
    df = along_route_table(cols, extras).set_axis(_citation_index(len(extras)), axis=0)
    return finish(
        df,
        source,
        credits,
        kind="along_route",
        summary=summary or None,
        content_token=g(payload, "contentToken"),
    )


_DETOUR_KNOWN = {"detour_summary": {"detour_duration", "localized_detour_distance"}}


def along_route_lists(
    payload: Mapping[str, Any],
    request: Mapping[str, Any] | None = None,
    issued_at: datetime | None = None,
) -> Lists:
    """Return the rows of a ``search_along_route`` answer as plain column lists.

    With per-row extras and credits (see :func:`places_lists`; ``detour`` holds nanoseconds until
    :func:`along_route_table`).
    """
    items = g(payload, "results")
    results = records(items)
    cols, extras, simple = _along_columns(results, payload)
    in_columns = _credits_in_columns(payload, items, results, simple, _ALONG_TOP)
    return cols, extras, _column_credits(cols) if in_columns else collect_attributions(payload)


def _along_columns(
    results: list[Mapping[str, Any]], payload: Mapping[str, Any]
) -> tuple[dict[str, list[Any]], list[dict[str, Any]], bool]:
    live = _live_results(results)
    if live is not None:
        places, durations, found = live
        cols, extras, simple = _place_columns(places, text(g(payload, "summary")) or "")
        return _detour_columns(cols, durations, found), extras, simple
    views: list[Mapping[str, Any]] = []
    outer: list[dict[str, Any]] = []
    detour_ns: list[int | None] = []
    texts: list[str | None] = []
    simple = True
    for result in results:
        place = g(result, "place")
        views.append(place if isinstance(place, Mapping) else result)
        detour = g(result, "detourSummary")
        took = g(detour, "detourDuration")
        detour_ns.append(_text_ns(took) if type(took) is str else duration_ns(took))
        texts.append(text(g(detour, "localizedDetourDistance")))
        plain = type(result) is dict and len(result) <= 2 and result.keys() <= _PLAIN_RESULT
        if plain and detour is not None:
            plain = type(detour) is dict and detour.keys() <= _PLAIN_DETOUR
        simple = (
            simple
            and plain
            and type(place) is dict
            and "detour_summary" not in result
            and (detour is None or set(map(type, detour.values())) <= _STRINGS)
        )
        outer.append(
            _known_extras(result, {"place"}, _DETOUR_KNOWN)
            if isinstance(place, Mapping) and not plain
            else _NO_EXTRAS
        )
    cols, extras, simple_views = _place_columns(views, text(g(payload, "summary")) or "")
    merged = [b if not a else {**a, **b} if b else a for a, b in zip(extras, outer, strict=True)]
    return _detour_columns(cols, detour_ns, texts), merged, simple and simple_views


def along_route_lists_many(
    payloads: Sequence[Mapping[str, Any]],
) -> tuple[dict[str, list[Any]], list[dict[str, Any]], list[int]] | None:
    """:func:`places_lists_many` for ``search_along_route`` answers (ranks count from 0 in each answer)."""
    plain = _plain_answers(payloads, "results", _ALONG_TOP)
    live = _live_results(plain[0]) if plain else None
    cols = _live_place_columns(live[0]) if live else None
    if plain is None or live is None or cols is None:
        return None
    _, durations, texts = live
    counts = plain[1]
    cols = _detour_columns(_summaries_many(cols, payloads, counts), durations, texts)
    cols["rank"] = list(chain.from_iterable(map(range, counts)))
    return cols, [_NO_EXTRAS] * len(durations), counts


def _detour_columns(
    cols: dict[str, list[Any]], detour_ns: list[int | None], texts: list[str | None]
) -> dict[str, list[Any]]:
    cols["rank"] = list(range(len(detour_ns)))
    cols["detour"] = detour_ns
    cols["detour_distance_text"] = texts
    cols["detour_m"] = [_text_m(t) if type(t) is str else parse_distance_m(t) for t in texts]
    return cols


def _live_results(results: list[Any]) -> tuple[list[Any], list[Any], list[Any]] | None:
    """Read the places, detours (ns) and distance texts of live-shaped ``results`` by column.

    Every result must be of the live shape (``{place, detourSummary {detourDuration,
    localizedDetourDistance}}``, texts or nothing), read column by column in C loops; else
    ``None``.
    """
    if type(results) is not list or set(map(type, results)) != {dict}:
        return None
    if not all(map(_LIVE_RESULT.issuperset, results)):
        return None
    places = list(map(_GET, results, repeat("place")))
    detours = list(map(_GET, results, repeat("detourSummary"), repeat(_NO_EXTRAS)))
    if set(map(type, places)) != {dict} or set(map(type, detours)) != {dict}:
        return None
    if not all(map(_LIVE_DETOUR.issuperset, detours)):
        return None
    took = list(map(_GET, detours, repeat("detourDuration")))
    texts = list(map(_GET, detours, repeat("localizedDetourDistance")))
    if not set(map(type, took)) | set(map(type, texts)) <= _STRINGS:
        return None
    return places, [_text_ns(t) if t is not None else None for t in took], texts


_LIVE_RESULT = frozenset({"place", "detourSummary"})
_LIVE_DETOUR = frozenset({"detourDuration", "localizedDetourDistance"})


#: Detour texts repeat ("312s", "1.9 km"): each distinct one is read once.
_text_ns = lru_cache(maxsize=4096)(duration_ns)
_text_m = lru_cache(maxsize=4096)(parse_distance_m)
_ALONG_TOP = frozenset({"results", "summary", "contentToken", "content_token"})
_PLAIN_RESULT = frozenset({"place", "detourSummary", "detour_summary"})
_PLAIN_DETOUR = frozenset(
    {"detourDuration", "detour_duration", "localizedDetourDistance", "localized_detour_distance"}
)


def along_route_table(
    cols: Mapping[str, list[Any]], extras: Sequence[Mapping[str, Any]]
) -> pd.DataFrame:
    """Return the frame of :func:`along_route_lists`' columns (no index, no ``attrs``)."""
    typed = _typed_places(dict(cols))
    detour_ns = cols["detour"]
    typed["rank"] = np.array(cols["rank"], dtype=np.int64)
    typed["detour_s"] = np.array([np.nan if x is None else x / 1e9 for x in detour_ns])
    typed["detour"] = timedeltas(detour_ns)
    typed["detour_m"] = np.array(cols["detour_m"], dtype=np.float64)
    order = _add_extras(typed, extras, ALONG_COLUMNS)
    return frame(typed, order)
