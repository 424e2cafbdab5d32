"""Frames of ``search_places``: one row per place, indexed by citation number ``[n]``.

Read from raw payloads as plain column lists first (``places_lists``, and ``places_lists_many``
for many answers of a batch at once), then made one table (``places_table``). Answers of the
common live shape take column-by-column fast paths (C loops over plain dicts); anything else the
tolerant row-by-row readers of :mod:`mapsnb._read.wire`. :func:`_place_columns` also reads the
places of along-route results (:mod:`mapsnb.frames._along_route`). Re-exported by
:mod:`mapsnb.frames`, whose docstring states the frames' contract.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from itertools import repeat
from typing import TYPE_CHECKING, Any

import pandas as pd

from mapsnb._read.summary import parse_summary
from mapsnb._read.wire import (
    _LIVE_SUFFIX,
    LINKS,
    collect_attributions,
    g,
    lat_lng,
    link,
    place_ids,
    records,
    text,
    title_name,
)
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
    _summary_columns,
    _typed_places,
)
from mapsnb.frames._tables import Lists, _add_extras, _known_extras, finish, frame

if TYPE_CHECKING:
    from mapsnb._read.summary import SummaryInfo

#: The columns of a places frame (the tools' description).
PLACE_COLUMNS = frame_columns("search_places")

_PLACE_KNOWN = {"place", "id", "location", "display_name", "name", "title"}
_KNOWN_CONTAINERS = {
    "google_maps_links": {c for c, _ in LINKS} | {c[:-1] + "i" for c, _ in LINKS},
    "attribution": {"title", "url"},
}


def _field_name(view: Mapping[str, Any]) -> str | None:
    """Return a name-like field of a PlaceView (``displayName``, ``name`` not a resource, ``title``)."""
    for key in ("displayName", "name", "title"):
        value = text(g(view, key))
        if value and not (key == "name" and value.startswith("places/")):
            return value
    return None


_NAME_KEYS = frozenset({"displayName", "display_name", "name", "title"})
#: A PlaceView with only these keys (and plain links and attribution) has no extra columns.
_PLAIN_VIEW = (
    frozenset({"place", "id", "location", "googleMapsLinks", "google_maps_links", "attribution"})
    | _NAME_KEYS
)
_LINK_KEYS = tuple(key for _, key in LINKS)
_PLAIN_LINKS = frozenset(_LINK_KEYS)
_PLAIN_CREDIT = frozenset({"title", "url"})
_SIMPLE_VIEW = frozenset({"place", "id", "location", "googleMapsLinks", "attribution"})
_LIVE_TEXT_COLUMNS = (*(column for column, _ in LINKS), "attribution_title", "attribution_url")


def _place_columns(
    views: Sequence[Mapping[str, Any]], summary: str
) -> tuple[dict[str, Any], list[dict[str, Any]], bool]:
    """Return the fixed place columns and the per-row extras of ``views`` (``[n]`` -> ``views[n]``).

    Also whether every view was of the simple live shape (its credits are then exactly the
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
    rows: list[list[Any]] = []
    extras: list[dict[str, Any]] = []
    simple = True
    for n, view in enumerate(views):
        row, extra, simple_view = _general_place_row(view, n, info)
        rows.append(row)
        extras.append(extra)
        simple = simple and simple_view
    names = ["place_id", "resource_name", "name", "lat", "lng", *(c for c, _ in LINKS)]
    names += ["attribution_title", "attribution_url"]
    values = [list(column) for column in zip(*rows, strict=True)] if rows else [[] for _ in names]
    cols: dict[str, Any] = dict(zip(names, values, strict=True))
    count = len(rows)
    cols["cited"] = [n in cited for n in range(count)]
    cols["summary_snippet"] = [snippets.get(n) for n in range(count)]
    return cols, extras, simple


def _general_place_row(
    view: Mapping[str, Any], n: int, info: SummaryInfo
) -> tuple[list[Any], dict[str, Any], bool]:
    """Return one PlaceView's place columns, its extras, and whether it is of the simple live shape.

    The columns as :func:`_place_columns` lists them (read by the general readers).
    """
    simple = type(view) is dict
    if not simple:
        view = dict(view)
    resource, pid = view.get("place"), view.get("id")
    if type(resource) is not str or type(pid) is not str:
        pid, resource = place_ids(view)
    lat, lng, exact = _view_point(view)
    links, plain_links, simple_links = _view_links(view)
    title, url, plain_credit, simple_credit = _view_credit(view)
    plain = view.keys() <= _PLAIN_VIEW and plain_links and plain_credit
    simple = simple and view.keys() <= _SIMPLE_VIEW and exact and simple_links and simple_credit
    name = None if view.keys().isdisjoint(_NAME_KEYS) else _field_name(view)
    if name is None:
        name = title_name(title)
        if name is None and n in info.cited:
            name = info.place_name(n, title)
    extra = _NO_EXTRAS if plain else _known_extras(view, _PLACE_KNOWN, _KNOWN_CONTAINERS)
    return [pid, resource, name, lat, lng, *links, title, url], extra, simple


def _view_point(view: Mapping[str, Any]) -> tuple[Any, Any, bool]:
    """Return ``lat``, ``lng`` of a view and whether they were plain floats in range (or absent).

    NaN without a location.
    """
    loc = view.get("location")
    if type(loc) is dict and len(loc) == 2:
        lat, lng = loc.get("latitude"), loc.get("longitude")
        if type(lat) is float and type(lng) is float and -90 <= lat <= 90 and -180 <= lng <= 180:
            return lat, lng, True
    elif loc is None and "location" not in view:
        return math.nan, math.nan, True
    lat, lng = lat_lng(loc)
    return lat, lng, False


def _view_links(view: Mapping[str, Any]) -> tuple[list[Any], bool, bool]:
    """Return the link columns of a view and two flags.

    Whether the links need no extras column, and whether they are of the simple live shape (a
    dict of strings, or none).
    """
    links = view.get("googleMapsLinks")
    if links is None:
        links = view.get("google_maps_links")
    if type(links) is dict and links.keys() <= _PLAIN_LINKS:
        values = [links.get(key) for key in _LINK_KEYS]
        simple = set(map(type, links.values())) <= _STRINGS
        return [v if type(v) is str else None for v in values], True, simple
    return [link(links, key) for key in _LINK_KEYS], not isinstance(links, Mapping), links is None


def _view_credit(view: Mapping[str, Any]) -> tuple[Any, Any, bool, bool]:
    """``attribution_title``, ``attribution_url`` of a view.

    Whether the attribution needs no extras column, and whether it is of the simple live shape (a
    plain dict, or none).
    """
    credit = view.get("attribution")
    if type(credit) is dict and credit.keys() <= _PLAIN_CREDIT:
        title, url = credit.get("title"), credit.get("url")
        title = title if type(title) is str else text(title)
        url = url if type(url) is str else text(url)
        return title, url, True, True
    title, url = text(g(credit, "title")), text(g(credit, "url"))
    return title, url, not isinstance(credit, Mapping), credit is None


def _live_place_columns(views: list[Any]) -> dict[str, Any] | None:
    """Read the fixed place columns of ``views`` column by column, else ``None``.

    Only when every view is of the simple live shape (what :func:`_place_columns` reads one by one,
    read in C loops). ``name`` holds the attribution titles' names (``None`` where a title names
    none).
    """
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


def places_frame(
    payload: Mapping[str, Any], *, source: str = "live", request: Mapping[str, Any] | None = None
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
        df,
        source,
        credits,
        kind="places",
        summary=summary or None,
        content_token=g(payload, "contentToken"),
    )


def places_lists(
    payload: Mapping[str, Any],
    request: Mapping[str, Any] | None = None,
    issued_at: datetime | None = None,
) -> Lists:
    """Return the rows of a ``search_places`` answer as plain column lists.

    With per-row extras and the answer's credits (the columns of :func:`places_frame`,
    unconverted): a batch extends them answer by answer and builds one frame at the end with
    :func:`places_table`.
    """
    items = g(payload, "places")
    views = records(items)
    cols, extras, simple = _place_columns(views, text(g(payload, "summary")) or "")
    in_columns = _credits_in_columns(payload, items, views, simple, _PLACES_TOP)
    return cols, extras, _column_credits(cols) if in_columns else collect_attributions(payload)


_PLACES_TOP = frozenset({"places", "summary", "contentToken", "content_token"})


def places_lists_many(
    payloads: Sequence[Mapping[str, Any]],
) -> tuple[dict[str, list[Any]], list[dict[str, Any]], list[int]] | None:
    """Read many ``search_places`` answers of the plain live shape as one set of column lists.

    With per-row extras (what :func:`places_lists` gives for each, joined) and each answer's row
    count, else ``None``. Their views are read together, column by column; each summary on its own
    (its ``[n]`` count from 0). Their credits are the attribution columns
    (:func:`add_credit_pairs`).
    """
    plain = _plain_answers(payloads, "places", _PLACES_TOP)
    cols = _live_place_columns(plain[0]) if plain else None
    if plain is None or cols is None:
        return None
    views, counts = plain
    return _summaries_many(cols, payloads, counts), [_NO_EXTRAS] * len(views), counts


def places_table(
    cols: Mapping[str, list[Any]], extras: Sequence[Mapping[str, Any]]
) -> pd.DataFrame:
    """Return the frame of :func:`places_lists`' columns (no index, no ``attrs``)."""
    typed = _typed_places(dict(cols))
    order = _add_extras(typed, extras, PLACE_COLUMNS)
    return frame(typed, order)
