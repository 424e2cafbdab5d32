""":func:`concat` of many results' frames; the zone alignment and credit merging batches share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import g
from mapsnb.errors import UnsupportedInput
from mapsnb.frames._along_route import along_route_lists, along_route_lists_many, along_route_table
from mapsnb.frames._columns import _column_credits
from mapsnb.frames._environment import request_language
from mapsnb.frames._places import places_lists, places_lists_many, places_table
from mapsnb.frames._routes import _endpoints, waypoint_label
from mapsnb.frames._tables import finish, text_array


def request_label(request: Any) -> str:
    """Return a short label for a request: the text query, ``"A → B"``, the location, ``"N queries"``."""
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
    """Stack results and frames of the toolkit into one frame, keeping their ``attrs`` merged.

    The frame has ``request`` and ``request_index`` first.

    Each item is a typed result (its ``to_frame()`` is stacked) or a DataFrame the toolkit
    made (a result's ``to_frame()``, a batch frame, a ``search_area`` frame, a GeoDataFrame, a
    filtered or plain copy), or a mix. ``request`` is ``keys[i]`` when given, else a short
    label derived from ``r.request`` (a result), the query of a ``search_area`` frame, or the
    frame's own ``request`` column. A named index (``citation``, ``place``, a batch's
    ``input``) becomes columns; a frame's own ``request_index`` becomes ``extra_request_index``.
    Results with a time zone (``lookup_weather``) add a ``time_zone`` column (each row's zone);
    time columns whose zones differ between the results are then in UTC, with ``local_time``
    beside ``time`` (each row's wall clock in its zone), else in their one zone.

    ``attrs``: ``attributions`` (each once, in order), ``source``, ``units`` (their union), a
    ``search_area`` frame's ``coverage`` (a list when several frames have one), ``time_zones``
    and what every item agrees on (``place``, ``mode``, ``capabilities``, ``time_zone``,
    ``now``). ``attrs["language"]`` is the ``language_code`` every result was asked in
    (charts then write their words in it); results asked in different languages, or some in
    none, leave it unset (charts write English).

    Raises
    ------
    UnsupportedInput
        An item that is neither a result nor a DataFrame (its position and type named), one
        frame or result instead of a list of them, or results of several kinds (stack their
        ``to_frame()`` instead). It is a ``TypeError``.
    ValueError
        ``keys`` of another length than the items.
    """
    results = _items(results)
    is_result = [_is_result(r) for r in results]
    kinds = _one_kind(results, is_result)
    if keys is not None and len(keys) != len(results):
        raise ValueError(f"keys has {len(keys)} items for {len(results)} results")
    if all(is_result) and kinds and kinds[0] in _LISTED:
        stacked = _listed_concat(results, keys, kinds[0])
        if stacked is not None:
            return with_language(stacked, [getattr(r, "request", None) for r in results])
    frames: list[pd.DataFrame] = []
    zones: dict[Any, str] = {}  # request -> its time zone: charts draw each in local time
    for i, item in enumerate(results):
        label = keys[i] if keys is not None else None
        df, label, zone = _labelled(item, i, is_result[i], label, keys is not None)
        if zone is not None:
            zones[label if label is not _OWN else i] = zone
        frames.append(df)
    out = _concat_attrs(_stacked(frames, bool(zones)), results, frames)
    if zones:
        out.attrs["time_zones"] = zones
    if zones or "time_zone" in out.columns:
        out = with_local_time(out)
    return with_language(out, [getattr(r, "request", None) for r in results])


def _one_kind(results: list[Any], is_result: list[bool]) -> list[str]:
    """Return the kinds of the results among ``results`` (at most one: :class:`UnsupportedInput`)."""
    kinds = list(
        dict.fromkeys(type(r).__name__ for r, ok in zip(results, is_result, strict=True) if ok)
    )
    if len(kinds) > 1:
        raise UnsupportedInput(
            f"concat needs results of one kind, got {', '.join(kinds)}; "
            "to stack them anyway, pass their .to_frame()"
        )
    return kinds


def _labelled(
    item: Any, i: int, is_result: bool, key: Any, keyed: bool
) -> tuple[pd.DataFrame, Any, str | None]:
    """Return item ``i``'s frame with its label and its time zone.

    The frame has ``request`` (``key`` when ``keyed``, else its label), ``request_index`` and
    ``time_zone`` first.
    """
    df = item.to_frame() if is_result else _plain(item)
    if any(name is not None for name in df.index.names):
        df = df.reset_index()
    label = key if keyed else _label(item, df, is_result)
    zone = df.attrs.get("time_zone")
    zone = zone if isinstance(zone, str) else None
    own = ["request_index"]
    if label is not _OWN:
        own.append("request")
    if zone is not None:  # the frame's zone becomes a column of its rows
        own.append("time_zone")
    df = df.rename(columns={c: f"extra_{c}" for c in own if c in df.columns})
    df.insert(0, "request_index", i)
    if label is not _OWN:
        df.insert(0, "request", label)
    if zone is not None:
        df.insert(2, "time_zone", text_array([zone] * len(df)))
    return df, label, zone


def _stacked(frames: list[pd.DataFrame], zoned: bool) -> pd.DataFrame:
    """``frames`` one under the other, ``request``, ``request_index`` (and ``time_zone``) first."""
    order: dict[str, None] = {"request": None, "request_index": None}
    if zoned:
        order["time_zone"] = None
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
    return out


#: The label of a frame that has its own ``request`` column: kept as it is.
_OWN: Any = object()


def _items(results: Any) -> list[Any]:
    """Return the items of ``results``, each a result or a DataFrame (:class:`UnsupportedInput`)."""
    if isinstance(results, pd.DataFrame) or _is_result(results):
        raise UnsupportedInput(
            f"concat takes a list of results or frames, got one {type(results).__name__}: "
            "pass [it] (or several)"
        )
    if isinstance(results, (str, bytes, Mapping)) or not isinstance(results, Iterable):
        raise UnsupportedInput(
            f"concat takes a list of results or frames, got {type(results).__name__} "
            f"{results!r:.60}"
        )
    items = list(results)
    for i, item in enumerate(items):
        if not (isinstance(item, pd.DataFrame) or _is_result(item)):
            raise UnsupportedInput(
                f"concat: item {i} is {type(item).__name__} {item!r:.60}, neither a result "
                "(client.search_places(...), …) nor a DataFrame of the toolkit"
            )
    return items


def _plain(df: pd.DataFrame) -> pd.DataFrame:
    """Return a shallow pandas copy of a frame, with its ``attrs``.

    A GeoDataFrame's geometry is kept as a column.
    """
    out = pd.DataFrame(df, copy=False)
    out.attrs = dict(df.attrs)
    return out


def _is_result(item: Any) -> bool:
    """Whether ``item`` is a typed result (it has ``to_frame`` and ``request``)."""
    return (
        not isinstance(item, pd.DataFrame)
        and callable(getattr(item, "to_frame", None))
        and hasattr(item, "request")
    )


def _label(item: Any, df: pd.DataFrame, is_result: bool) -> Any:
    """Return the ``request`` label of an item.

    A result's request, a ``search_area`` frame's query, else :data:`_OWN` for a frame with a
    ``request`` column, else ``""``.
    """
    if is_result:
        return request_label(getattr(item, "request", None))
    coverage = df.attrs.get("coverage")
    query = getattr(coverage, "text_query", None)
    if isinstance(query, str) and query:
        return query
    if "request" in df.columns:
        return _OWN
    return ""


def with_language(df: pd.DataFrame, requests: Iterable[Any]) -> pd.DataFrame:
    """``df`` with ``attrs["language"]``: the one ``language_code`` all ``requests`` asked.

    A mix of languages (or of asked and not asked) removes it, as nothing says one language.
    """
    languages = {request_language(r) for r in requests}
    language = languages.pop() if len(languages) == 1 else None
    if language is None:
        df.attrs.pop("language", None)
    else:
        df.attrs["language"] = language
    return df


#: Results whose answers are read as column lists, many at a time (what a batch does): the
#: reader of one answer, of many plain ones, and the table they make.
_LISTED: dict[str, tuple[Any, Any, Any, str]] = {
    "PlacesResult": (places_lists, places_lists_many, places_table, "places"),
    "AlongRouteResult": (
        along_route_lists,
        along_route_lists_many,
        along_route_table,
        "along_route",
    ),
}


def _listed_concat(
    results: list[Any], keys: Sequence[Any] | None, kind: str
) -> pd.DataFrame | None:
    """Stack places or along-route results read straight from their payloads (:func:`concat`).

    Read through the batch's readers (plain answers many at a time): the rows and dtypes of each
    ``to_frame()`` stacked, without a frame per result. ``None`` when no result has rows.
    """
    one, many, table, frame_kind = _LISTED[kind]
    payloads = [getattr(r, "_raw", None) or {} for r in results]
    read = many(payloads) if payloads else None
    attributions: list[Any] = []
    seen: set[Any] = set()
    if read is not None:
        cols, extras, counts = read
        attributions = _column_credits(cols)  # each distinct pair once, in order
    else:
        cols, extras, counts = {}, [], []
        for result, payload in zip(results, payloads, strict=True):
            answer, answer_extras, credits = one(payload, getattr(result, "request", None))
            add_credits(attributions, seen, credits)
            for name, values in answer.items():
                cols.setdefault(name, []).extend(values)
            extras += answer_extras
            counts.append(len(answer_extras))
    if not extras:
        return None
    n = len(results)
    labels = list(keys) if keys is not None else [request_label(r.request) for r in results]
    repeats = np.asarray(counts, dtype=np.int64)
    body = table(cols, extras)
    taken = {c: f"extra_{c}" for c in ("request", "request_index", "citation") if c in body}
    if taken:
        body = body.rename(columns=taken)
    label_column = pd.Series(labels, dtype=object).infer_objects().to_numpy().repeat(repeats)
    head = pd.DataFrame(
        {
            "request": label_column,
            "request_index": np.arange(n, dtype=np.int64).repeat(repeats),
            "citation": np.concatenate([np.arange(c, dtype=np.int64) for c in counts]),
        }
    )
    if pd.api.types.is_object_dtype(head["request"].dtype) and all(
        isinstance(x, str) for x in labels
    ):
        head["request"] = text_array(label_column)
    out = pd.concat([head, body], axis=1)
    sources = [str(getattr(r, "source", None) or "") for r in results]
    out.attrs = {}
    source = ", ".join(dict.fromkeys(s for s in sources if s))
    return finish(out, source, attributions, kind=frame_kind)


def with_local_time(df: pd.DataFrame, zone_column: str = "time_zone") -> pd.DataFrame:
    """``df`` with ``local_time`` beside ``time`` when its rows are in several zones.

    ``time`` is then the UTC instant (see :func:`align_zones`); ``local_time`` is each row's
    wall clock in its ``zone_column`` zone (tz-naive: the zones differ row by row). One zone,
    or no ``time``/``zone_column``: ``df`` unchanged (``time`` is already local).
    """
    if zone_column not in df.columns or "time" not in df.columns or "local_time" in df.columns:
        return df
    time = df["time"]
    if not isinstance(time.dtype, pd.DatetimeTZDtype) or str(time.dtype.tz) != "UTC":
        return df
    zones = df[zone_column]
    found = [z for z in pd.unique(zones.dropna()) if isinstance(z, str)]
    if len(found) < 2:
        return df
    local = pd.Series(pd.NaT, index=df.index, dtype="datetime64[ns]")
    for zone in found:
        mask = (zones == zone).to_numpy(dtype=bool, na_value=False)
        try:
            wall = time[mask].dt.tz_convert(zone).dt.tz_localize(None)
        except (KeyError, ValueError):  # a zone pandas does not know: no wall clock
            continue
        local[mask] = wall.astype("datetime64[ns]")
    out = df.copy() if df.attrs else df
    out.insert(out.columns.get_loc("time") + 1, "local_time", local.to_numpy())
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


def add_credit_pairs(found: list[Any], seen: set[Any], titles: list[Any], urls: list[Any]) -> None:
    """Add the ``{"title", "url"}`` credits of two attribution columns (:func:`add_credits`).

    A row with neither credits nothing; each distinct pair is looked at once.
    """
    for title, url in dict.fromkeys(zip(titles, urls, strict=True)):
        key = (2, title, url)  # the key add_credits gives such a dict
        if key not in seen and (title is not None or url is not None):
            seen.add(key)
            found.append({"title": title, "url": url})


def add_credits(found: list[Any], seen: set[Any], items: Iterable[Any] | None) -> None:
    """Append the items not yet in ``found`` (equal ones once), in order.

    ``seen`` holds the keys of ``found``, so this is linear: a batch of 10,000 live answers has
    ~100,000 distinct credits, and a scan of ``found`` per item would be quadratic.
    """
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


def _concat_attrs(
    out: pd.DataFrame, results: list[Any], frames: list[pd.DataFrame]
) -> pd.DataFrame:
    sources = [
        str(
            (getattr(r, "source", None) if not isinstance(r, pd.DataFrame) else None)
            or df.attrs.get("source", "")
        )
        for r, df in zip(results, frames, strict=True)
    ]
    attributions: list[dict[str, Any]] = []
    seen: set[Any] = set()
    for df in frames:
        add_credits(attributions, seen, df.attrs.get("attributions"))
    out.attrs = {}
    units = [u for df in frames if isinstance(u := df.attrs.get("units"), dict)]
    if units:  # each column's unit is in its name: the frames' units never disagree
        out.attrs["units"] = {k: v for u in units for k, v in u.items()}
    coverage = [c for df in frames if (c := df.attrs.get("coverage")) is not None]
    if coverage:  # search_area frames: what each covered
        out.attrs["coverage"] = coverage[0] if len(coverage) == 1 else coverage
    for key in (
        "kind",
        "place",
        "mode",
        "capabilities",
        "time_zone",
        "now",
        "tool",
    ):  # kept when all agree
        values = [df.attrs.get(key) for df in frames]
        if values and values[0] is not None and all(v == values[0] for v in values):
            out.attrs[key] = values[0]
    return finish(out, ", ".join(dict.fromkeys(s for s in sources if s)), attributions)
