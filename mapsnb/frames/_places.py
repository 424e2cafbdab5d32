"""Frames of the search tools: ``search_places`` and ``search_along_route``, one row per place.

Read from raw payloads as plain column lists first (``places_lists``, ``along_route_lists``, and
``*_lists_many`` for many answers of a batch at once), then made one table (``places_table``,
``along_route_table``). Answers of the common live shape take column-by-column fast paths (C
loops over plain dicts); anything else the tolerant row-by-row readers of :mod:`mapsnb._read.wire`.
Re-exported by :mod:`mapsnb.frames`, whose docstring states the frames' contract.
"""

from __future__ import annotations

import functools
import gc
import math
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from itertools import chain, repeat
from typing import Any, ParamSpec, TypeVar

import numpy as np
import pandas as pd

from mapsnb._read.summary import SummaryInfo, parse_summary
from mapsnb._read.wire import (
    _LIVE_SUFFIX,
    LINKS,
    bounded,
    collect_attributions,
    duration_ns,
    g,
    lat_lng,
    link,
    place_ids,
    records,
    snake,
    text,
    title_name,
)
from mapsnb.frames._environment import finish, frame, timedeltas

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
    anything else the general readers of :mod:`mapsnb._read.wire`. ``name``: a name field of the
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
    cols["cited"], cols["summary_snippet"] = _summary_rows(cols["name"], info, 0, len(cols["name"]))
    return cols


def _summary_rows(
    names: list[Any], info: SummaryInfo, start: int, count: int
) -> tuple[list[bool], list[str | None]]:
    """Give the rows ``start:start + count`` of ``names`` (one answer, ``[n]`` counted from
    ``start``) that no title names the summary's name; return those rows' ``cited`` and
    ``summary_snippet``."""
    rows = range(count)
    if None in names[start : start + count]:
        cited = info.cited
        for n in rows:
            if names[start + n] is None and n in cited:
                names[start + n] = info.name(n)
    return list(map(info.cited.__contains__, rows)), list(map(info.snippets.get, rows))


_SIMPLE_VIEW = frozenset({"place", "id", "location", "googleMapsLinks", "attribution"})
_STRINGS = frozenset({str, type(None)})


def _column_credits(cols: Mapping[str, list]) -> list[dict]:
    """Unique ``{"title", "url"}`` credits of the attribution columns, in order (what
    :func:`~mapsnb._read.wire.collect_attributions` finds in simple payloads, without the walk)."""
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
        if type(found) is not list or not _STRINGS.issuperset(
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
    cited: list[bool] = []
    snippets: list[str | None] = []
    start = 0
    for payload, count in zip(payloads, counts, strict=True):
        info = parse_summary(payload.get("summary"))
        answer_cited, answer_snippets = _summary_rows(cols["name"], info, start, count)
        cited += answer_cited
        snippets += answer_snippets
        start += count
    cols["cited"], cols["summary_snippet"] = cited, snippets
    return cols


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
        places, durations, found = live
        cols, extras, simple = _place_columns(places, text(g(payload, "summary")) or "")
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
    _, durations, texts = live
    counts = plain[1]
    cols = _detour_columns(_summaries_many(cols, payloads, counts), durations, texts)
    cols["rank"] = list(chain.from_iterable(map(range, counts)))
    return cols, [_NO_EXTRAS] * len(durations), counts


def _detour_columns(
    cols: dict[str, list], detour_ns: list[int | None], texts: list[str | None]
) -> dict[str, list]:
    cols["rank"] = list(range(len(detour_ns)))
    cols["detour"] = detour_ns
    cols["detour_distance_text"] = texts
    cols["detour_m"] = [_text_m(t) if type(t) is str else parse_distance_m(t) for t in texts]
    return cols


def _live_results(results: list[Any]) -> tuple[list, list, list] | None:
    """The places, detour durations (ns) and distance texts of ``results`` when every result
    is of the live shape (``{place, detourSummary {detourDuration, localizedDetourDistance}}``,
    texts or nothing), read column by column in C loops; else ``None``."""
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
