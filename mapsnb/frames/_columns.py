"""The column passes the places and along-route frames share: plain answers, summaries, credits.

Many answers of the plain live shape are joined and read column by column (C loops over plain
dicts); their ``[n]`` citations and snippets come from each answer's own summary, their credits
from the attribution columns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.summary import SummaryInfo, parse_summary
from mapsnb._tools_spec import frame_columns
from mapsnb.frames._tables import flags, text_array

#: ``dict.get`` for ``map`` over lists of dicts (typed loosely: the lists are checked after).
_GET: Any = dict.get
_STRINGS = frozenset({str, type(None)})
_NO_EXTRAS: dict[str, Any] = {}


def _summary_columns(cols: dict[str, Any], info: SummaryInfo) -> dict[str, Any]:
    """``cols`` with the summary's names where the titles name none, ``cited`` and ``summary_snippet``."""
    count = len(cols["name"])
    cols["cited"], cols["summary_snippet"] = _summary_rows(cols, info, 0, count)
    return cols


def _summary_rows(
    cols: dict[str, Any], info: SummaryInfo, start: int, count: int
) -> tuple[list[bool], list[str | None]]:
    """Name the rows of one answer that no title names, by the summary; return their citations.

    The rows ``start:start + count`` of ``cols["name"]`` (``[n]`` counted from ``start``) get the
    summary's name (:meth:`SummaryInfo.place_name`); their ``cited`` and ``summary_snippet`` are
    returned.
    """
    rows = range(count)
    names = cols["name"]
    if None in names[start : start + count]:
        cited, titles = info.cited, cols["attribution_title"]
        for n in rows:
            if names[start + n] is None and n in cited:
                names[start + n] = info.place_name(n, titles[start + n])
    return list(map(info.cited.__contains__, rows)), list(map(info.snippets.get, rows))


def _summaries_many(
    cols: dict[str, Any], payloads: Sequence[Mapping[str, Any]], counts: list[int]
) -> dict[str, Any]:
    """:func:`_summary_columns` of each answer's rows of ``cols`` with its own summary."""
    cited: list[bool] = []
    snippets: list[str | None] = []
    start = 0
    for payload, count in zip(payloads, counts, strict=True):
        info = parse_summary(payload.get("summary"))
        answer_cited, answer_snippets = _summary_rows(cols, info, start, count)
        cited += answer_cited
        snippets += answer_snippets
        start += count
    cols["cited"], cols["summary_snippet"] = cited, snippets
    return cols


def _plain_answers(
    payloads: Sequence[Mapping[str, Any]], key: str, top: frozenset[str]
) -> tuple[list[Any], list[int]] | None:
    """Return the items under ``key`` of every payload, joined, and their counts, else ``None``.

    Only when each payload holds only ``top`` keys with texts beside its list (no credit can hide
    there) and some items.
    """
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


def _column_credits(cols: Mapping[str, list[Any]]) -> list[dict[str, Any]]:
    """Return unique ``{"title", "url"}`` credits of the attribution columns, in order.

    What :func:`~mapsnb._read.wire.collect_attributions` finds in simple payloads, without the walk.
    """
    pairs = dict.fromkeys(zip(cols["attribution_title"], cols["attribution_url"], strict=True))
    return [{"title": t, "url": u} for t, u in pairs if t is not None or u is not None]


def _credits_in_columns(
    payload: Mapping[str, Any], items: Any, views: Sequence[Any], simple: bool, top: frozenset[str]
) -> bool:
    """Return whether the credits can be read from the columns.

    Simple views, every item a dict, and no other field at the top that could hold an attribution.
    """
    return (
        simple
        and type(payload) is dict
        and payload.keys() <= top
        and type(items) is list
        and len(items) == len(views)
        and all(type(v) in _STRINGS for v in payload.values() if v is not items)
    )


#: The text columns of the places (and along-route) frames: all but the point and ``cited``.
_PLACE_TEXTS = tuple(c for c in frame_columns("search_places") if c not in ("lat", "lng", "cited"))


def _typed_places(cols: dict[str, Any]) -> dict[str, Any]:
    """Return the place columns with their dtypes (``lat``/``lng`` float64, ``cited`` boolean)."""
    typed = dict(cols)
    for name in _PLACE_TEXTS:  # texts: one dtype, also where a column is all missing
        values = typed[name]
        if type(values) is list and set(map(type, values)) <= _STRINGS:
            typed[name] = text_array(values)
    typed["lat"] = np.array(cols["lat"], dtype=np.float64)
    typed["lng"] = np.array(cols["lng"], dtype=np.float64)
    typed["cited"] = flags(cols["cited"])
    return typed


def _citation_index(n: int) -> pd.RangeIndex:
    return pd.RangeIndex(n, name="citation")
