"""Frames of the resolution tools (``resolve_names``, ``resolve_maps_urls``): one row per input.

:func:`resolution_lists` reads an answer into plain column lists and its credits (a batch extends
them call by call), :func:`resolution_frame` makes the frame. Answers of the wire's own plain
shape are read column by column in C loops; anything else row by row, tolerantly.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import repeat
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import collect_attributions, failures, g, num, path, text
from mapsnb._tools_spec import TOOLS, frame_columns
from mapsnb.errors import RPC_CODES
from mapsnb.frames._tables import finish, flags, text_array

#: The columns of a resolution frame after the input's (``query`` or ``url``): the tools'
#: description.
BATCH_COLUMNS = frame_columns("resolve_names")[1:]

_MISSING = object()


def _input_text(item: Any, keys: Sequence[str]) -> str | None:
    if isinstance(item, str):
        return item
    for key in keys:
        value = g(item, key)
        if value is not None:
            return str(value)
    return None


def _error(failure: Any) -> tuple[int | None, str | None, str | None]:
    if not isinstance(failure, Mapping):
        return None, None, None if failure is None else str(failure)
    raw_code = g(failure, "code")
    status = g(failure, "status")
    code: int | None = None
    if isinstance(raw_code, str) and not raw_code.lstrip("-").isdigit():
        status = status or raw_code
    elif raw_code is not None and abs(num(raw_code)) < 2**31:  # NaN compares False
        code = int(num(raw_code))
    if not isinstance(status, str):
        status = RPC_CODES.get(code) if code is not None else None
    return code, status, text(g(failure, "message"))


#: Per resolution tool: the payload's list, the request's list (the wire list a batch packs)
#: and the input column's name (the first of its frame, in the tools' description).
RESOLUTION_KEYS = {
    tool: (items_key, TOOLS[tool].packed or "", frame_columns(tool)[0])
    for tool, items_key in (("resolve_names", "results"), ("resolve_maps_urls", "entities"))
}


def resolution_lists(
    payload: Mapping[str, Any], request: Mapping[str, Any] | None, tool: str
) -> tuple[dict[str, list[Any]], list[dict[str, Any]]]:
    """Return the rows of a ``resolve_names`` / ``resolve_maps_urls`` answer as plain column lists.

    With the answer's credits (the columns of :func:`resolved_names_frame`, unconverted): a batch
    extends them call by call and builds one frame at the end with :func:`resolution_frame`.
    """
    items_key, inputs_key, label = RESOLUTION_KEYS[tool]
    items = g(payload, items_key)
    items = items if isinstance(items, list) else []
    failed = failures(payload)
    inputs = g(request, inputs_key)
    if isinstance(inputs, list):
        n = len(inputs)
    else:
        inputs = []
        n = max([len(items), *(i + 1 for i in failed)])
    keys = ("text", "textQuery", "query") if label == "query" else ("url", "mapsUrl")
    read = _plain_columns(items, inputs, failed, keys, n, label) if n else None
    if read is None:
        return _row_columns(items, inputs, failed, keys, n, label), collect_attributions(payload)
    cols, no_matches = read
    credit_free = no_matches and _plain_top(payload, items_key)  # no credit can hide in it
    return cols, [] if credit_free else collect_attributions(payload)


def _row_columns(
    items: list[Any],
    inputs: list[Any],
    failed: dict[int, Any],
    keys: Sequence[str],
    n: int,
    label: str,
) -> dict[str, list[Any]]:
    """Return the columns of any answer, read row by row."""
    cols: dict[str, list[Any]] = {c: [] for c in [label, *BATCH_COLUMNS]}
    for i in range(n):
        element = items[i] if i < len(items) else _MISSING
        if type(element) is dict:  # the wire's own shape: plain reads, no ABC checks
            inner = element.get("entity")
            entity: Any = inner if type(inner) is dict else element
            if type(inner) is not dict and inner is not None and isinstance(inner, Mapping):
                entity = inner
            found = entity.get("place")
            pid = entity.get("id")
            pid = pid if type(pid) is str or pid is None else text(pid)
            confidence = element.get("confidence")
            if type(confidence) is not str and confidence is not None:
                confidence = text(confidence)
        else:
            entity = g(element, "entity") if has_entity(element) else element
            found = g(entity, "place") if isinstance(entity, Mapping) else None
            pid = text(g(entity, "id"))
            confidence = text(g(element, "confidence"))
        resource = found if isinstance(found, str) and found else None
        failure = failed.get(i)
        code, status, message = (None, None, None) if failure is None else _error(failure)
        if element is _MISSING and failure is None:
            message = "missing from response"
        ok = resource is not None and failure is None
        if pid is None and resource is not None:
            pid = resource.split("/", 1)[1] if resource.startswith("places/") else resource
        cols[label].append(_input_text(inputs[i], keys) if i < len(inputs) else None)
        cols["ok"].append(ok)
        cols["place_id"].append(pid)
        cols["resource_name"].append(resource)
        cols["confidence"].append(confidence)
        cols["error_code"].append(code)
        cols["error_status"].append(status)
        cols["error_message"].append(message)
        name, lat, lng = _matched(g(element, "sandboxMatch"))
        cols["matched_name"].append(name)
        cols["matched_lat"].append(lat)
        cols["matched_lng"].append(lng)
    return cols


def _matched(match: Any) -> tuple[str | None, float, float]:
    """Return the name and place of what the emulator matched (its ``sandboxMatch``); none for live answers."""
    if match is None:  # live answers: no emulator match (skip the reads of nothing)
        return None, math.nan, math.nan
    lat = num(path(match, "location", "latitude"))
    return text(g(match, "name")), lat, num(path(match, "location", "longitude"))


_PLAIN_ITEM = frozenset({"entity", "confidence", "sandboxMatch"})
_PLAIN_ENTITY = frozenset({"place", "id"})
_PLAIN_FAILURE = frozenset({"code", "message", "status", "details"})
_TEXTS = frozenset({str, type(None)})
_EMPTY: dict[str, Any] = {}
_GET: Any = dict.get  # for ``map`` over lists of dicts (checked after)


def _plain_columns(
    items: list[Any],
    inputs: list[Any],
    failed: dict[int, Any],
    keys: Sequence[str],
    n: int,
    label: str,
) -> tuple[dict[str, list[Any]], bool] | None:
    """Read the columns of an answer of the wire's plain shape column by column, else ``None``.

    Every element is a dict of ``entity {place, id}``, ``confidence`` and the emulator's
    ``sandboxMatch``, one per input (what :func:`_row_columns` reads); also whether no element has
    a ``sandboxMatch``.
    """
    if len(items) != n or set(map(type, items)) != {dict}:
        return None
    if not all(map(_PLAIN_ITEM.issuperset, items)):
        return None
    entities = list(map(_GET, items, repeat("entity"), repeat(_EMPTY)))
    if set(map(type, entities)) != {dict} or not all(map(_PLAIN_ENTITY.issuperset, entities)):
        return None
    places = list(map(_GET, entities, repeat("place")))
    pids = list(map(_GET, entities, repeat("id")))
    confidences = list(map(_GET, items, repeat("confidence")))
    if not set(map(type, places)) | set(map(type, pids)) | set(map(type, confidences)) <= _TEXTS:
        return None
    resources = [p or None for p in places]
    pids = [
        pid if pid is not None or r is None else r[7:] if r.startswith("places/") else r
        for pid, r in zip(pids, resources, strict=True)
    ]
    ok = [r is not None for r in resources]
    codes: list[Any] = [None] * n
    statuses: list[Any] = [None] * n
    messages: list[Any] = [None] * n
    for i, failure in failed.items():
        if i < n and failure is not None:  # (a null entry is no failure)
            ok[i] = False
            codes[i], statuses[i], messages[i] = _error(failure)
    texts: list[Any] = []
    if set(map(type, inputs)) == {dict}:
        texts = list(map(_GET, inputs, repeat(keys[0])))
    if set(map(type, texts)) != {str}:
        texts = [_input_text(item, keys) for item in inputs]
    matches = list(map(_GET, items, repeat("sandboxMatch")))
    no_matches = not any(m is not None for m in matches)
    if no_matches:
        names: list[Any] = [None] * n
        lats, lngs = [math.nan] * n, [math.nan] * n
    else:
        names, lats, lngs = (list(column) for column in zip(*map(_matched, matches), strict=True))
    cols = {
        label: texts,
        "ok": ok,
        "place_id": pids,
        "resource_name": resources,
        "confidence": confidences,
        "error_code": codes,
        "error_status": statuses,
        "error_message": messages,
        "matched_name": names,
        "matched_lat": lats,
        "matched_lng": lngs,
    }
    return cols, no_matches


def _plain_top(payload: Mapping[str, Any], items_key: str) -> bool:
    """Return whether no credit can hide in ``payload`` outside plain elements.

    Only the items, plain failures and the save-to-Maps link at the top.
    """
    if type(payload) is not dict or not payload.keys() <= {
        items_key,
        "failedRequests",
        "saveToMapsUrl",
    }:
        return False
    if type(payload.get("saveToMapsUrl")) not in _TEXTS:
        return False
    failed = payload.get("failedRequests")
    if failed is None:
        return True
    return type(failed) is dict and all(
        type(f) is dict and f.keys() <= _PLAIN_FAILURE and not f.get("details")
        for f in failed.values()
    )


def resolution_frame(
    columns: dict[str, list[Any]], tool: str, *, consume: bool = False
) -> pd.DataFrame:
    """Return the frame of :func:`resolution_lists`' columns (``ok`` boolean, ``error_code`` Int64).

    With ``consume``, each list is taken out of ``columns`` as its column is made (a batch's
    lists are freed one by one instead of living beside the whole frame).
    """
    label = RESOLUTION_KEYS[tool][2]
    take = columns.pop if consume else columns.__getitem__
    out: dict[str, Any] = {}
    for name in [label, *BATCH_COLUMNS]:
        values = take(name)
        if name == "ok":
            out[name] = flags(values)
        elif name == "error_code":
            out[name] = pd.array(values, dtype="Int64")
        elif name in ("matched_lat", "matched_lng"):
            out[name] = np.asarray(values, dtype=np.float64)
        else:  # text
            out[name] = text_array(values)
        del values
    return pd.DataFrame(out, columns=[label, *BATCH_COLUMNS], copy=False)


def _batch_frame(
    payload: Mapping[str, Any], request: Mapping[str, Any] | None, tool: str
) -> pd.DataFrame:
    cols, credits = resolution_lists(payload, request, tool)
    df = resolution_frame(cols, tool)
    return finish(
        df, "live", credits, kind="resolution", save_to_maps_url=g(payload, "saveToMapsUrl")
    )


def has_entity(element: Any) -> bool:
    """Whether a batch element wraps its place in an ``entity`` object."""
    return isinstance(g(element, "entity"), Mapping)


def resolved_names_frame(
    payload: Mapping[str, Any], *, source: str = "live", request: Mapping[str, Any] | None = None
) -> pd.DataFrame:
    """``resolve_names``, one row per input query, in input order.

    Columns: ``query, ok, place_id, resource_name, confidence, error_code (Int64),
    error_status, error_message``; ``attrs["save_to_maps_url"]``. Inputs the response does not
    cover are failures with ``error_message`` ``"missing from response"``.
    """
    df = _batch_frame(payload, request, "resolve_names")
    df.attrs["source"] = source
    df.attrs["kind"] = "resolution"
    return df


def resolved_urls_frame(
    payload: Mapping[str, Any], *, source: str = "live", request: Mapping[str, Any] | None = None
) -> pd.DataFrame:
    """``resolve_maps_urls``, one row per input URL, in input order.

    Columns as :func:`resolved_names_frame` with ``url`` instead of ``query``.
    """
    df = _batch_frame(payload, request, "resolve_maps_urls")
    df.attrs["source"] = source
    df.attrs["kind"] = "resolution"
    return df
