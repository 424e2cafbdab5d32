"""Tidy pandas DataFrames from raw tool payloads, plus :func:`concat` and :func:`to_geodataframe`.

Every function takes the **raw payload dict** of one tool call (either key spelling, missing
optional fields tolerated, unknown fields kept as extra columns) and returns a DataFrame whose
``attrs`` hold ``source`` (``"live"``, ``"sandbox"`` or a host) and ``attributions`` (unique
``{"title", "url"}`` dicts found in the payload, in order). Column names are a contract relied on
by layers, charts and widgets; see each function.

The environment frames (``lookup_weather``) live in :mod:`mapsnb._frames_env`, the resolution
frames in :mod:`mapsnb._frames_resolution`; both are re-exported here.
"""

from __future__ import annotations

import functools
import gc
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import numpy as np
import pandas as pd

from mapsnb import settings
from mapsnb._frames_env import (
    air_quality_frame,
    current_weather_frame,
    daily_weather_frame,
    environment_attributions,
    finish,
    frame,
    health_recommendations_frame,
    hourly_weather_frame,
    pollen_frame,
    pollutants_frame,
    timedeltas,
    times,
)
from mapsnb._frames_resolution import BATCH_COLUMNS as BATCH_COLUMNS  # re-exported
from mapsnb._frames_resolution import resolved_names_frame, resolved_urls_frame
from mapsnb._summary import SummaryInfo, parse_summary
from mapsnb._wire import (
    _LIVE_SUFFIX,
    LINKS,
    bounded,
    collect_attributions,
    duration_ns,
    g,
    lat_lng,
    link,
    num,
    path,
    place_ids,
    records,
    snake,
    text,
    title_name,
)
from mapsnb.polyline import cumulative_m, decode

if TYPE_CHECKING:
    import geopandas

__all__ = [
    "air_quality_frame",
    "along_route_frame",
    "concat",
    "current_weather_frame",
    "daily_weather_frame",
    "environment_attributions",
    "health_recommendations_frame",
    "hourly_weather_frame",
    "parse_distance_m",
    "places_frame",
    "pollen_frame",
    "pollutants_frame",
    "resolved_names_frame",
    "resolved_urls_frame",
    "route_path_frame",
    "routes_frame",
    "to_geodataframe",
]

PLACE_COLUMNS = [
    "place_id",
    "resource_name",
    "name",
    "lat",
    "lng",
    "place_url",
    "directions_url",
    "reviews_url",
    "photos_url",
    "write_a_review_url",
    "attribution_title",
    "attribution_url",
    "cited",
    "summary_snippet",
]
ALONG_COLUMNS = [*PLACE_COLUMNS, "rank", "detour_s", "detour", "detour_distance_text", "detour_m"]
ROUTE_COLUMNS = [
    "route_index",
    "distance_m",
    "duration_s",
    "duration",
    "encoded_polyline",
    "retrieval_token",
    "token_expires_at",
    "attribution_title",
    "attribution_url",
    "travel_mode",
    "origin",
    "destination",
]
PATH_COLUMNS = ["route_index", "seq", "lat", "lng", "cum_distance_m"]
#: One answer's rows before they become a frame: column lists, per-row extras, credits.
Lists = tuple[dict[str, list], list[dict], list[dict]]

_PLACE_KNOWN = {"place", "id", "location", "display_name", "name", "title"}
_KNOWN_CONTAINERS = {
    "google_maps_links": {c for c, _ in LINKS} | {c[:-1] + "i" for c, _ in LINKS},
    "attribution": {"title", "url"},
}

# --------------------------------------------------------------------------------------------
# Extras: unknown fields flattened to columns
# --------------------------------------------------------------------------------------------


#: How many levels of unknown nested objects become columns; deeper ones stay objects.
_FLATTEN_DEPTH = 4


def _flatten(
    obj: Mapping, prefix: str, out: dict[str, Any], skip: set[str] | None = None, depth: int = 1
) -> None:
    """Add ``obj``'s fields to ``out`` as ``prefix + snake_name`` (nested dicts joined by ``_``)."""
    for key, value in obj.items():
        name = snake(str(key))
        if skip is not None and name in skip:
            continue
        if isinstance(value, Mapping) and value and depth < _FLATTEN_DEPTH:
            _flatten(value, f"{prefix}{name}_", out, depth=depth + 1)
        else:
            out[f"{prefix}{name}"] = bounded(value)


def _known_extras(obj: Mapping, known: set[str], containers: Mapping[str, set[str]]) -> dict:
    """Unknown fields of ``obj``, including unknown sub-fields of known containers."""
    out: dict[str, Any] = {}
    for key, value in obj.items():
        name = snake(str(key))
        if name in containers:
            if isinstance(value, Mapping):
                _flatten(value, f"{name}_", out, skip=containers[name])
        elif name not in known:
            if isinstance(value, Mapping) and value:
                _flatten(value, f"{name}_", out)
            else:
                out[name] = bounded(value)
    return out


def _add_extras(cols: dict[str, Any], extras: Sequence[Mapping], order: list[str]) -> list[str]:
    """Add extra columns (union of keys, first-seen order; absent -> None); return the order."""
    if not any(extras):  # the live shape: no extra fields at all
        return order
    names: dict[str, None] = {}
    for row in extras:
        names.update(dict.fromkeys(row))
    taken = set(order)
    for name in names:
        column = name if name not in taken else f"extra_{name}"
        cols[column] = [row.get(name) for row in extras]
        taken.add(column)
        order = [*order, column]
    return order


def _field_name(view: Mapping) -> str | None:
    """A name-like field of a PlaceView (``displayName``, ``name`` not a resource, ``title``)."""
    for key in ("displayName", "name", "title"):
        value = text(g(view, key))
        if value and not (key == "name" and value.startswith("places/")):
            return value
    return None


# --------------------------------------------------------------------------------------------
# Places
# --------------------------------------------------------------------------------------------


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _gc_paused(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` with the cyclic garbage collector paused while it runs (when it was on): a table
    build makes many containers and no cycles, and every collection meanwhile would walk the
    payload's objects again."""

    @functools.wraps(fn)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return paused


_NAME_KEYS = frozenset({"displayName", "display_name", "name", "title"})
#: A PlaceView with only these keys (and plain links and attribution) has no extra columns.
_PLAIN_VIEW = (
    frozenset({"place", "id", "location", "googleMapsLinks", "google_maps_links", "attribution"})
    | _NAME_KEYS
)
_LINK_KEYS = tuple(key for _, key in LINKS)
_PLAIN_LINKS = frozenset(_LINK_KEYS)
_PLAIN_CREDIT = frozenset({"title", "url"})
_NO_EXTRAS: dict[str, Any] = {}


def _place_columns(
    views: Sequence[Mapping], summary: str
) -> tuple[dict[str, Any], list[dict], bool]:
    """The fixed place columns and the per-row extras of ``views`` (``[n]`` -> ``views[n]``),
    and whether every view was of the simple live shape (its credits are then exactly the
    ``attribution_title``/``attribution_url`` columns).

    One pass over plain dicts (no object per place): the common live shape takes a fast path,
    anything else the general readers of :mod:`mapsnb._wire`. ``name``: a name field of the
    view, else its attribution title (``"<name> - Google Maps"``), else the summary's name for
    ``[n]`` (read only for the places that need it).
    """
    info = parse_summary(summary)
    cited, snippets = info.cited, info.snippets
    if type(views) is list and views:
        live = _live_place_columns(views)
        if live is not None:
            return _summary_columns(live, info), [_NO_EXTRAS] * len(views), True
    pids: list[Any] = []
    resources: list[Any] = []
    names: list[Any] = []
    lats: list[float] = []
    lngs: list[float] = []
    links_cols: list[list[Any]] = [[] for _ in LINKS]
    titles: list[Any] = []
    urls: list[Any] = []
    extras: list[dict] = []
    nan = math.nan
    simple = True
    for n, view in enumerate(views):
        if type(view) is not dict:
            view = dict(view)
            simple = False
        plain = view.keys() <= _PLAIN_VIEW
        simple = simple and view.keys() <= _SIMPLE_VIEW
        resource, pid = view.get("place"), view.get("id")
        if type(resource) is not str or type(pid) is not str:
            pid, resource = place_ids(view)
        loc = view.get("location")
        if type(loc) is dict and len(loc) == 2:
            lat, lng = loc.get("latitude"), loc.get("longitude")
            if not (
                type(lat) is float
                and type(lng) is float
                and -90 <= lat <= 90
                and -180 <= lng <= 180
            ):
                lat, lng = lat_lng(loc)
                simple = False
        elif loc is None and "location" not in view:
            lat = lng = nan
        else:
            lat, lng = lat_lng(loc)
            simple = False
        links = view.get("googleMapsLinks")
        if links is None:
            links = view.get("google_maps_links")
        if type(links) is dict and links.keys() <= _PLAIN_LINKS:
            for column, key in zip(links_cols, _LINK_KEYS, strict=True):
                value = links.get(key)
                column.append(value if type(value) is str else None)
            simple = simple and set(map(type, links.values())) <= _STRINGS
        else:
            plain = plain and not isinstance(links, Mapping)
            simple = simple and links is None
            for column, key in zip(links_cols, _LINK_KEYS, strict=True):
                column.append(link(links, key))
        credit = view.get("attribution")
        if type(credit) is dict and credit.keys() <= _PLAIN_CREDIT:
            title, url = credit.get("title"), credit.get("url")
            title = title if type(title) is str else text(title)
            url = url if type(url) is str else text(url)
        else:
            plain = plain and not isinstance(credit, Mapping)
            simple = simple and credit is None
            title, url = text(g(credit, "title")), text(g(credit, "url"))
        name = None if view.keys().isdisjoint(_NAME_KEYS) else _field_name(view)
        if name is None:
            name = title_name(title)
            if name is None and n in cited:
                name = info.name(n)
        pids.append(pid)
        resources.append(resource)
        names.append(name)
        lats.append(lat)
        lngs.append(lng)
        titles.append(title)
        urls.append(url)
        extras.append(_NO_EXTRAS if plain else _known_extras(view, _PLACE_KNOWN, _KNOWN_CONTAINERS))
    count = len(pids)
    cols: dict[str, Any] = {
        "place_id": pids,
        "resource_name": resources,
        "name": names,
        "lat": lats,
        "lng": lngs,
    }
    for (link_column, _), values in zip(LINKS, links_cols, strict=True):
        cols[link_column] = values
    cols["attribution_title"] = titles
    cols["attribution_url"] = urls
    cols["cited"] = [n in cited for n in range(count)]
    cols["summary_snippet"] = [snippets.get(n) for n in range(count)]
    return cols, extras, simple


def _live_place_columns(views: list[Any]) -> dict[str, Any] | None:
    """The fixed place columns of ``views`` when every view is of the simple live shape (what
    :func:`_place_columns` reads one by one, read column by column in C loops), else ``None``.
    ``name`` holds the attribution titles' names (``None`` where a title names none)."""
    if set(map(type, views)) != {dict} or not all(map(_SIMPLE_VIEW.issuperset, views)):
        return None
    pids = list(map(_GET, views, repeat("id")))
    resources = list(map(_GET, views, repeat("place")))
    if not set(map(type, pids)) | set(map(type, resources)) <= {str}:
        return None
    locs = list(map(_GET, views, repeat("location")))
    if set(map(type, locs)) != {dict} or set(map(len, locs)) != {2}:
        return None
    lats = list(map(_GET, locs, repeat("latitude")))
    lngs = list(map(_GET, locs, repeat("longitude")))
    if not (
        set(map(type, lats)) | set(map(type, lngs)) <= {float}
        and all(map((-90.0).__le__, lats))  # NaN fails these
        and all(map((90.0).__ge__, lats))
        and all(map((-180.0).__le__, lngs))
        and all(map((180.0).__ge__, lngs))
    ):
        return None
    cols: dict[str, Any] = {"place_id": pids, "resource_name": resources, "name": None}
    cols["lat"], cols["lng"] = lats, lngs
    links = list(map(_GET, views, repeat("googleMapsLinks")))
    credits = list(map(_GET, views, repeat("attribution")))
    if (
        set(map(type, links)) != {dict}
        or set(map(type, credits)) != {dict}
        or not all(map(_PLAIN_LINKS.issuperset, links))
        or not all(map(_PLAIN_CREDIT.issuperset, credits))
    ):
        return None
    for column, key in LINKS:
        cols[column] = list(map(_GET, links, repeat(key)))
    titles = cols["attribution_title"] = list(map(_GET, credits, repeat("title")))
    cols["attribution_url"] = list(map(_GET, credits, repeat("url")))
    if not set().union(*(set(map(type, cols[c])) for c in _LIVE_TEXT_COLUMNS)) <= _STRINGS:
        return None
    if (
        set(map(type, titles)) == {str}
        and all(map(str.endswith, titles, repeat(_LIVE_SUFFIX)))
        and max(map(len, titles)) <= 1000
    ):
        cut = -len(_LIVE_SUFFIX)
        cols["name"] = [title[:cut].strip() or None for title in titles]
    else:
        cols["name"] = list(map(title_name, titles))
    return cols


#: ``dict.get`` for ``map`` over lists of dicts (typed loosely: the lists are checked after).
_GET: Any = dict.get
_LIVE_TEXT_COLUMNS = (*(column for column, _ in LINKS), "attribution_title", "attribution_url")


def _summary_columns(cols: dict[str, Any], info: SummaryInfo) -> dict[str, Any]:
    """``cols`` with the summary's names where the titles name none, ``cited`` and
    ``summary_snippet``."""
    names = cols["name"]
    if None in names:
        cited = info.cited
        for n, name in enumerate(names):
            if name is None and n in cited:
                names[n] = info.name(n)
    rows = range(len(names))
    cols["cited"] = list(map(info.cited.__contains__, rows))
    cols["summary_snippet"] = list(map(info.snippets.get, rows))
    return cols


_SIMPLE_VIEW = frozenset({"place", "id", "location", "googleMapsLinks", "attribution"})
_STRINGS = frozenset({str, type(None)})


def _column_credits(cols: Mapping[str, list]) -> list[dict]:
    """Unique ``{"title", "url"}`` credits of the attribution columns, in order (what
    :func:`~mapsnb._wire.collect_attributions` finds in simple payloads, without the walk)."""
    pairs = dict.fromkeys(zip(cols["attribution_title"], cols["attribution_url"], strict=True))
    return [{"title": t, "url": u} for t, u in pairs if t is not None or u is not None]


def _credits_in_columns(
    payload: Mapping, items: Any, views: Sequence, simple: bool, top: frozenset[str]
) -> bool:
    """Whether the credits can be read from the columns: simple views, every item a dict,
    and no other field at the top that could hold an attribution."""
    return (
        simple
        and type(payload) is dict
        and payload.keys() <= top
        and type(items) is list
        and len(items) == len(views)
        and all(type(v) in _STRINGS for v in payload.values() if v is not items)
    )


def _typed_places(cols: dict[str, Any]) -> dict[str, Any]:
    """The place columns with their dtypes (``lat``/``lng`` float64, ``cited`` bool)."""
    typed = dict(cols)
    typed["lat"] = np.array(cols["lat"], dtype=np.float64)
    typed["lng"] = np.array(cols["lng"], dtype=np.float64)
    typed["cited"] = np.array(cols["cited"], dtype=bool)
    return typed


def _citation_index(n: int) -> pd.RangeIndex:
    return pd.RangeIndex(n, name="citation")


@_gc_paused
def places_frame(
    payload: Mapping, *, source: str = "live", request: Mapping | None = None
) -> pd.DataFrame:
    """``search_places`` places, one row per place, indexed by citation number ``[n]``.

    Columns: ``place_id, resource_name, name, lat, lng, place_url, directions_url, reviews_url,
    photos_url, write_a_review_url, attribution_title, attribution_url, cited,
    summary_snippet``, then unknown fields flattened (``openingHours.openNow`` ->
    ``opening_hours_open_now``). ``name`` comes from a name-like field, else from the summary
    text citing the place. ``attrs`` also holds ``summary`` and ``content_token``.
    """
    summary = text(g(payload, "summary")) or ""
    cols, extras, credits = places_lists(payload)
    df = places_table(cols, extras).set_axis(_citation_index(len(extras)), axis=0)
    return finish(
        df, source, credits, summary=summary or None, content_token=g(payload, "contentToken")
    )


@_gc_paused
def places_lists(
    payload: Mapping, request: Mapping | None = None, issued_at: datetime | None = None
) -> Lists:
    """The rows of a ``search_places`` answer as plain column lists, per-row extras and the
    answer's credits (the columns of :func:`places_frame`, unconverted): a batch extends them
    answer by answer and builds one frame at the end with :func:`places_table`."""
    items = g(payload, "places")
    views = records(items)
    cols, extras, simple = _place_columns(views, text(g(payload, "summary")) or "")
    in_columns = _credits_in_columns(payload, items, views, simple, _PLACES_TOP)
    return cols, extras, _column_credits(cols) if in_columns else collect_attributions(payload)


_PLACES_TOP = frozenset({"places", "summary", "contentToken", "content_token"})


@_gc_paused
def places_lists_many(
    payloads: Sequence[Mapping],
) -> tuple[dict[str, list], list[dict], list[int]] | None:
    """The rows of many ``search_places`` answers of the plain live shape as one set of column
    lists and per-row extras (what :func:`places_lists` gives for each, joined) and each
    answer's row count, else ``None``. Their views are read together, column by column; each
    summary on its own (its ``[n]`` count from 0). Their credits are the attribution columns
    (:func:`add_credit_pairs`)."""
    plain = _plain_answers(payloads, "places", _PLACES_TOP)
    cols = _live_place_columns(plain[0]) if plain else None
    if plain is None or cols is None:
        return None
    views, counts = plain
    return _summaries_many(cols, payloads, counts), [_NO_EXTRAS] * len(views), counts


def _plain_answers(
    payloads: Sequence[Mapping], key: str, top: frozenset[str]
) -> tuple[list, list[int]] | None:
    """The items under ``key`` of every payload, joined, and their counts, when each payload
    holds only ``top`` keys with texts beside its list (no credit can hide there) and some
    items; else ``None``."""
    items: list[Any] = []
    counts: list[int] = []
    for payload in payloads:
        if type(payload) is not dict or not payload.keys() <= top:
            return None
        found = payload.get(key)
        if type(found) is not list or not _TEXTS.issuperset(
            type(v) for k, v in payload.items() if k != key
        ):
            return None
        items += found
        counts.append(len(found))
    return (items, counts) if items else None


def _summaries_many(
    cols: dict[str, Any], payloads: Sequence[Mapping], counts: list[int]
) -> dict[str, Any]:
    """:func:`_summary_columns` of each answer's rows of ``cols`` with its own summary."""
    names = cols["name"]
    cited: list[bool] = []
    snippets: list[str | None] = []
    start = 0
    for payload, count in zip(payloads, counts, strict=True):
        info = parse_summary(payload.get("summary"))
        rows = range(count)
        if None in names[start : start + count]:  # as _summary_columns
            for n in rows:
                if names[start + n] is None and n in info.cited:
                    names[start + n] = info.name(n)
        cited += map(info.cited.__contains__, rows)
        snippets += map(info.snippets.get, rows)
        start += count
    cols["cited"], cols["summary_snippet"] = cited, snippets
    return cols


_TEXTS = frozenset({str, type(None)})


def places_table(cols: Mapping[str, list], extras: Sequence[Mapping]) -> pd.DataFrame:
    """The frame of :func:`places_lists`' columns (no index, no ``attrs``)."""
    typed = _typed_places(dict(cols))
    order = _add_extras(typed, extras, PLACE_COLUMNS)
    return frame(typed, order)


# --------------------------------------------------------------------------------------------
# Search along route
# --------------------------------------------------------------------------------------------

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
    """The number in localized ``raw`` and how many decimals it was written with."""
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


@_gc_paused
def along_route_frame(
    payload: Mapping, *, source: str = "live", request: Mapping | None = None
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
        df, source, credits, summary=summary or None, content_token=g(payload, "contentToken")
    )


_DETOUR_KNOWN = {"detour_summary": {"detour_duration", "localized_detour_distance"}}


@_gc_paused
def along_route_lists(
    payload: Mapping, request: Mapping | None = None, issued_at: datetime | None = None
) -> Lists:
    """The rows of a ``search_along_route`` answer as plain column lists, per-row extras and
    credits (see :func:`places_lists`; ``detour`` holds nanoseconds until
    :func:`along_route_table`)."""
    items = g(payload, "results")
    results = records(items)
    cols, extras, simple = _along_columns(results, payload)
    in_columns = _credits_in_columns(payload, items, results, simple, _ALONG_TOP)
    return cols, extras, _column_credits(cols) if in_columns else collect_attributions(payload)


def _along_columns(
    results: list[Mapping], payload: Mapping
) -> tuple[dict[str, list], list[dict], bool]:
    live = _live_results(results)
    if live is not None:
        places, took, found = live
        cols, extras, simple = _place_columns(places, text(g(payload, "summary")) or "")
        durations = [_text_ns(t) if t is not None else None for t in took]
        return _detour_columns(cols, durations, found), extras, simple
    views: list[Mapping] = []
    outer: list[dict] = []
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


@_gc_paused
def along_route_lists_many(
    payloads: Sequence[Mapping],
) -> tuple[dict[str, list], list[dict], list[int]] | None:
    """:func:`places_lists_many` for ``search_along_route`` answers (ranks count from 0 in
    each answer)."""
    plain = _plain_answers(payloads, "results", _ALONG_TOP)
    live = _live_results(plain[0]) if plain else None
    cols = _live_place_columns(live[0]) if live else None
    if plain is None or live is None or cols is None:
        return None
    _, took, texts = live
    counts = plain[1]
    durations = [_text_ns(t) if t is not None else None for t in took]
    cols = _detour_columns(_summaries_many(cols, payloads, counts), durations, texts)
    cols["rank"] = list(chain.from_iterable(map(range, counts)))
    return cols, [_NO_EXTRAS] * len(took), counts


def _detour_columns(
    cols: dict[str, list], detour_ns: list[int | None], texts: list[str | None]
) -> dict[str, list]:
    cols["rank"] = list(range(len(detour_ns)))
    cols["detour"] = detour_ns
    cols["detour_distance_text"] = texts
    cols["detour_m"] = [_text_m(t) if type(t) is str else parse_distance_m(t) for t in texts]
    return cols


def _live_results(results: list[Any]) -> tuple[list, list, list] | None:
    """The places, detour durations and distance texts of ``results`` when every result is of
    the live shape (``{place, detourSummary {detourDuration, localizedDetourDistance}}``, texts
    or nothing), read column by column in C loops; else ``None``."""
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
    return places, took, texts


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


def along_route_table(cols: Mapping[str, list], extras: Sequence[Mapping]) -> pd.DataFrame:
    """The frame of :func:`along_route_lists`' columns (no index, no ``attrs``)."""
    typed = _typed_places(dict(cols))
    detour_ns = cols["detour"]
    typed["rank"] = np.array(cols["rank"], dtype=np.int64)
    typed["detour_s"] = np.array([np.nan if x is None else x / 1e9 for x in detour_ns])
    typed["detour"] = timedeltas(detour_ns)
    typed["detour_m"] = np.array(cols["detour_m"], dtype=np.float64)
    order = _add_extras(typed, extras, ALONG_COLUMNS)
    return frame(typed, order)


# --------------------------------------------------------------------------------------------
# Routes
# --------------------------------------------------------------------------------------------


def _coord(x: float) -> str:
    return f"{x:.7f}".rstrip("0").rstrip(".")


def waypoint_label(value: Any) -> str | None:
    """A display string for a waypoint: the address, ``"lat,lng"`` or ``"place_id:ID"``."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        if g(value, "address"):
            return str(g(value, "address"))
        if g(value, "placeId"):
            return f"place_id:{g(value, 'placeId')}"
        for candidate in (g(value, "latLng"), path(value, "location", "latLng"), value):
            lat, lng = lat_lng(candidate)
            if not (math.isnan(lat) or math.isnan(lng)):
                return f"{_coord(lat)},{_coord(lng)}"
        return None
    if isinstance(value, Sequence) and len(value) == 2:
        return f"{_coord(float(value[0]))},{_coord(float(value[1]))}"
    return str(value)


def _endpoints(request: Mapping | None) -> tuple[Any, Any]:
    if not isinstance(request, Mapping):
        return None, None
    ends = g(request, "routeEndpoints")
    src = ends if isinstance(ends, Mapping) else request
    return g(src, "origin"), g(src, "destination")


def _travel_mode(request: Mapping | None) -> str:
    mode = g(request, "travelMode")
    if not isinstance(mode, str) or mode in ("", "ROUTE_TRAVEL_MODE_UNSPECIFIED"):
        return "DRIVE"
    return mode.upper()


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _polyline_of(route: Mapping) -> str | None:
    encoded = g(route, "encodedPolyline")
    if encoded is None:
        encoded = path(route, "polyline", "encodedPolyline")
    return encoded if isinstance(encoded, str) else None


def routes_frame(
    payload: Mapping,
    *,
    source: str = "live",
    request: Mapping | None = None,
    issued_at: datetime | None = None,
) -> pd.DataFrame:
    """``compute_routes`` routes, one row per route (``route_index`` 0 = recommended).

    Columns: ``route_index, distance_m, duration_s, duration, encoded_polyline,
    retrieval_token, token_expires_at, attribution_title, attribution_url, travel_mode, origin,
    destination``, then unknown fields flattened. ``token_expires_at`` is ``issued_at`` +
    ``settings.retrieval_token_minutes`` (UTC) for routes with a token, NaT otherwise. Empty
    ``routes`` gives an empty frame.
    """
    cols, extras, credits = routes_lists(payload, request, issued_at)
    return finish(routes_table(cols, extras), source, credits)


_ROUTE_KNOWN = {"distance_meters", "duration", "encoded_polyline", "retrieval_token", "attribution"}


def routes_lists(
    payload: Mapping, request: Mapping | None = None, issued_at: datetime | None = None
) -> Lists:
    """The rows of a ``compute_routes`` answer as plain column lists, per-row extras and
    credits (see
    :func:`places_lists`; ``duration`` and ``token_expires_at`` hold nanoseconds until
    :func:`routes_table`)."""
    routes = records(g(payload, "routes"))
    origin, destination = _endpoints(request)
    mode = _travel_mode(request)
    cols: dict[str, list] = {c: [] for c in ROUTE_COLUMNS}
    extras: list[dict] = []
    expiry_ns: int | None = None
    if issued_at is not None:
        expiry = _as_utc(issued_at) + timedelta(minutes=settings.retrieval_token_minutes)
        expiry_ns = (expiry - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1) * 1000
    for i, route in enumerate(routes):
        token = g(route, "retrievalToken")
        attribution = g(route, "attribution")
        cols["route_index"].append(i)
        cols["distance_m"].append(num(g(route, "distanceMeters")))
        cols["duration"].append(duration_ns(g(route, "duration")))
        cols["encoded_polyline"].append(_polyline_of(route))
        cols["retrieval_token"].append(token)
        cols["token_expires_at"].append(expiry_ns if token else None)
        cols["attribution_title"].append(text(g(attribution, "title")))
        cols["attribution_url"].append(text(g(attribution, "url")))
        poly = g(route, "polyline")
        extra = _known_extras(route, _ROUTE_KNOWN, {"attribution": {"title", "url"}})
        if isinstance(poly, Mapping) and _polyline_of(route) == path(poly, "encodedPolyline"):
            extra = {k: v for k, v in extra.items() if k != "polyline_encoded_polyline"}
        extras.append(extra)
    n = len(routes)
    del cols["duration_s"]  # derived from ``duration`` by routes_table
    cols["travel_mode"] = [mode] * n
    cols["origin"] = [waypoint_label(origin)] * n
    cols["destination"] = [waypoint_label(destination)] * n
    return cols, extras, collect_attributions(payload)


def routes_table(cols: Mapping[str, list], extras: Sequence[Mapping]) -> pd.DataFrame:
    """The frame of :func:`routes_lists`' columns (no ``attrs``)."""
    typed: dict[str, Any] = dict(cols)
    dur_ns = cols["duration"]
    typed["route_index"] = np.array(cols["route_index"], dtype=np.int64)
    typed["distance_m"] = np.array(cols["distance_m"], dtype=np.float64)
    typed["duration_s"] = np.array([np.nan if x is None else x / 1e9 for x in dur_ns])
    typed["duration"] = timedeltas(dur_ns)
    typed["token_expires_at"] = times(cols["token_expires_at"], UTC)
    order = _add_extras(typed, extras, ROUTE_COLUMNS)
    return frame(typed, order)


def route_path_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Route vertices, one row per vertex: ``route_index, seq, lat, lng, cum_distance_m``.

    ``cum_distance_m`` is the cumulative haversine distance from the start of each route.
    Routes without (or with a malformed) polyline contribute no rows.
    """
    cols: dict[str, list[np.ndarray]] = {c: [] for c in PATH_COLUMNS}
    for i, route in enumerate(records(g(payload, "routes"))):
        encoded = _polyline_of(route)
        try:
            points = decode(encoded) if encoded else []
        except ValueError:
            points = []
        xy = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        n = len(xy)
        cols["route_index"].append(np.full(n, i, dtype=np.int64))
        cols["seq"].append(np.arange(n, dtype=np.int64))
        cols["lat"].append(xy[:, 0])
        cols["lng"].append(xy[:, 1])
        cols["cum_distance_m"].append(cumulative_m(xy[:, 0], xy[:, 1]))
    kinds = {"route_index": np.int64, "seq": np.int64}
    typed = {c: np.concatenate([np.empty(0, kinds.get(c, np.float64)), *cols[c]]) for c in cols}
    return finish(frame(typed, PATH_COLUMNS), source, collect_attributions(payload))


# --------------------------------------------------------------------------------------------
# concat and GeoDataFrame
# --------------------------------------------------------------------------------------------


def request_label(request: Any) -> str:
    """A short label for a request: the text query, ``"A → B"``, the location, ``"N queries"``."""
    if not isinstance(request, Mapping) or not request:
        return ""
    query = g(request, "textQuery")
    if isinstance(query, str) and query:
        return query
    origin, destination = _endpoints(request)
    if origin is not None or destination is not None:
        return f"{waypoint_label(origin)} → {waypoint_label(destination)}"
    if g(request, "location") is not None:
        label = waypoint_label(g(request, "location")) or ""
        day = g(request, "date")
        if isinstance(day, Mapping):
            label += f" {int(g(day, 'year', 0)):04d}-{int(g(day, 'month', 0)):02d}-"
            label += f"{int(g(day, 'day', 0)):02d}"
            if g(request, "hour") is not None:
                label += f" {int(g(request, 'hour')):02d}:00"
        return label
    for key, noun in (("queries", "queries"), ("urls", "urls")):
        value = g(request, key)
        if isinstance(value, list):
            return f"{len(value)} {noun}"
    return ""


def concat(results: Iterable[Any], *, keys: Sequence[Any] | None = None) -> pd.DataFrame:
    """Stack ``r.to_frame()`` of many results of one kind, with ``request`` and ``request_index``.

    ``request`` is ``keys[i]`` when given, else a short label derived from ``r.request``.
    A named index (``citation``) becomes a column; a frame's own ``request`` column becomes
    ``extra_request``. Time columns whose zones differ between the results are converted to UTC.
    Mixed kinds raise ``TypeError``.
    """
    results = list(results)
    kinds = list(dict.fromkeys(type(r).__name__ for r in results))
    if len(kinds) > 1:
        raise TypeError(f"concat needs results of one kind, got {', '.join(kinds)}")
    if keys is not None and len(keys) != len(results):
        raise ValueError(f"keys has {len(keys)} items for {len(results)} results")
    frames: list[pd.DataFrame] = []
    zones: dict[Any, str] = {}  # request -> its time zone: charts draw each in local time
    for i, result in enumerate(results):
        df = result.to_frame()
        if any(name is not None for name in df.index.names):
            df = df.reset_index()
        label = keys[i] if keys is not None else request_label(getattr(result, "request", None))
        taken = {c: f"extra_{c}" for c in ("request", "request_index") if c in df.columns}
        df = df.rename(columns=taken)
        df.insert(0, "request_index", i)
        df.insert(0, "request", label)
        if df.attrs.get("time_zone"):
            zones[label] = df.attrs["time_zone"]
        frames.append(df)
    order: dict[str, None] = {"request": None, "request_index": None}
    for df in frames:
        order.update(dict.fromkeys(df.columns))
    filled = align_zones([df for df in frames if len(df)])
    if filled:
        out = pd.concat(filled, ignore_index=True).reindex(columns=list(order))
    elif frames:
        out = frames[0].iloc[0:0].reindex(columns=list(order))
    else:
        out = pd.DataFrame({"request": [], "request_index": np.array([], dtype=np.int64)})
    out["request_index"] = out["request_index"].astype(np.int64)
    out = _concat_attrs(out, results, frames)
    if zones:
        out.attrs["time_zones"] = zones
    return out


def align_zones(frames: list[pd.DataFrame]) -> list[pd.DataFrame]:
    """Convert tz-aware columns whose zone differs between frames to UTC, where present.

    ``pd.concat`` would otherwise give an object column of mixed-zone Timestamps.
    """
    zones: dict[Any, set[str]] = {}
    for df in frames:
        for column, dtype in df.dtypes.items():
            if isinstance(dtype, pd.DatetimeTZDtype):
                zones.setdefault(column, set()).add(str(dtype.tz))
    mixed = [c for c, found in zones.items() if len(found) > 1]
    if not mixed:
        return frames
    out = []
    for df in frames:
        present = [c for c in mixed if c in df.columns]
        if present:
            df = df.copy()
            for column in present:
                if isinstance(df[column].dtype, pd.DatetimeTZDtype):
                    df[column] = df[column].dt.tz_convert("UTC")
        out.append(df)
    return out


_CREDIT_KEYS = frozenset({"title", "url"})


def add_credit_pairs(found: list[Any], seen: set[Any], titles: list, urls: list) -> None:
    """:func:`add_credits` of the ``{"title", "url"}`` credits of two attribution columns
    (a row with neither credits nothing), each distinct pair looked at once."""
    for title, url in dict.fromkeys(zip(titles, urls, strict=True)):
        key = (2, title, url)  # the key add_credits gives such a dict
        if key not in seen and (title is not None or url is not None):
            seen.add(key)
            found.append({"title": title, "url": url})


def add_credits(found: list[Any], seen: set[Any], items: Iterable[Any] | None) -> None:
    """Append the items not yet in ``found`` (equal ones once), in order. ``seen`` holds the
    keys of ``found``, so this is linear: a batch of 10,000 live answers has ~100,000 distinct
    credits, and a scan of ``found`` per item would be quadratic."""
    for item in items or ():
        try:
            if type(item) is dict and item.keys() <= _CREDIT_KEYS:  # {"title", "url"}
                key: Any = (len(item), item.get("title"), item.get("url"))
            else:
                key = frozenset(item.items()) if type(item) is dict else (type(item), item)
            hash(key)
        except TypeError:  # an unhashable credit: compare it with the list
            if item not in found:
                found.append(item)
            continue
        if key not in seen:
            seen.add(key)
            found.append(item)


def _concat_attrs(out: pd.DataFrame, results: list, frames: list[pd.DataFrame]) -> pd.DataFrame:
    sources = [
        str(getattr(r, "source", None) or df.attrs.get("source", ""))
        for r, df in zip(results, frames, strict=True)
    ]
    attributions: list[dict] = []
    seen: set[Any] = set()
    for df in frames:
        add_credits(attributions, seen, df.attrs.get("attributions"))
    out.attrs = {}
    units = [df.attrs.get("units") for df in frames]
    if units and units[0] is not None and all(u == units[0] for u in units):
        out.attrs["units"] = units[0]
    for key in ("place", "mode", "capabilities", "time_zone", "now"):  # kept when all agree
        values = [df.attrs.get(key) for df in frames]
        if values and values[0] is not None and all(v == values[0] for v in values):
            out.attrs[key] = values[0]
    return finish(out, ", ".join(dict.fromkeys(s for s in sources if s)), attributions)


def _geopandas() -> Any:
    try:
        import geopandas
        import shapely  # noqa: F401
    except ImportError as exc:
        raise ImportError(
            "to_geodataframe needs geopandas and shapely: pip install 'mapsnb[geo]'"
        ) from exc
    return geopandas


def to_geodataframe(df: pd.DataFrame, *, geometry: str = "points") -> geopandas.GeoDataFrame:
    """A GeoDataFrame (EPSG:4326) from a frame of this module.

    ``geometry="points"``: Points from ``lat``/``lng`` (rows without coordinates get None); a
    routes frame (``encoded_polyline``, no ``lat``) gives LineStrings decoded from it.
    ``geometry="lines"``: LineStrings from ``encoded_polyline``, or one LineString per
    ``route_index`` from a :func:`route_path_frame`.

    Raises
    ------
    ImportError
        If geopandas is not installed (``pip install 'mapsnb[geo]'``).
    """
    gpd = _geopandas()
    from shapely.geometry import LineString

    has_points = {"lat", "lng"} <= set(df.columns)
    if geometry == "points" and has_points:
        lat = pd.to_numeric(df["lat"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        lng = pd.to_numeric(df["lng"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        points = gpd.points_from_xy(lng, lat)
        points[~(np.isfinite(lat) & np.isfinite(lng))] = None
        out = gpd.GeoDataFrame(df.copy(), geometry=points, crs="EPSG:4326")
    elif geometry in ("points", "lines") and "encoded_polyline" in df.columns:
        geoms = []
        for encoded in df["encoded_polyline"]:
            try:
                pts = decode(encoded) if isinstance(encoded, str) and encoded else []
            except ValueError:
                pts = []
            geoms.append(LineString([(lng, lat) for lat, lng in pts]) if len(pts) > 1 else None)
        out = gpd.GeoDataFrame(df.copy(), geometry=geoms, crs="EPSG:4326")
    elif geometry == "lines" and has_points and "route_index" in df.columns:
        rows = []
        for index, part in df.groupby("route_index", sort=True):
            part = part.sort_values("seq") if "seq" in part.columns else part
            coords = list(zip(part["lng"], part["lat"], strict=True))
            length = float(part["cum_distance_m"].max()) if "cum_distance_m" in part else np.nan
            line = LineString(coords) if len(coords) > 1 else None
            rows.append(
                {
                    "route_index": index,
                    "n_vertices": len(coords),
                    "length_m": length,
                    "geometry": line,
                }
            )
        out = (
            gpd.GeoDataFrame(rows, geometry="geometry", crs="EPSG:4326")
            if rows
            else gpd.GeoDataFrame(
                {"route_index": [], "n_vertices": [], "length_m": []}, geometry=[], crs="EPSG:4326"
            )
        )
    else:
        raise ValueError(
            f"cannot build {geometry!r} geometry: need lat/lng columns or encoded_polyline"
        )
    out.attrs = dict(df.attrs)
    return out
