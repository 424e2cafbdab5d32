"""The output frame of a batch: the tool's tidy rows for every input row, 1:1 and in order.

Index: the input's index level(s) (unnamed ones are called ``input``), then the tool frame's own
row level (``citation`` for places, else ``item``). Columns: ``status``, ``error``,
``input_row`` (the input's position, 0-based: it tells apart rows of a duplicated index), then
the tool frame's columns. An input row with no tool rows (a failure, an empty answer) is one row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from .errors import InvalidRequest, ToolError

if TYPE_CHECKING:
    from ._batch import Job

STATUSES = ("ok", "empty", "not_found", "invalid", "error", "cancelled")
#: Rows that ``resume=`` keeps; the others (invalid, error, cancelled) are planned again.
KEEP_ON_RESUME = ("ok", "empty", "not_found")
_OWN = ["status", "error", "input_row"]
_BLANK = pd.DataFrame(index=pd.RangeIndex(1))

Piece = tuple[str, "str | None", "pd.DataFrame | None"]


def _table(result: Any, table: str | None) -> pd.DataFrame:
    return getattr(result, table) if table else result.to_frame()


def _failure(exc: BaseException) -> Piece:
    kind = "not_found" if isinstance(exc, ToolError) and exc.status == "NOT_FOUND" else "error"
    return kind, str(exc), None


def _packed(df: pd.DataFrame, rows: list[int], out: dict[int, Piece]) -> None:
    for j, pos in enumerate(rows):
        if j >= len(df):
            out[pos] = ("error", "missing from response", None)
            continue
        row = df.iloc[[j]].reset_index(drop=True)
        ok = bool(row["ok"].iloc[0]) if "ok" in row else True
        if ok:
            out[pos] = ("ok", None, row)
        else:
            message = row["error_message"].iloc[0] if "error_message" in row else None
            status = row["error_status"].iloc[0] if "error_status" in row else None
            text = ": ".join(str(x) for x in (status, message) if isinstance(x, str) and x)
            out[pos] = ("not_found", text or "not resolved", row)


def pieces(job: Job, outcomes: dict[int, Any]) -> dict[int, Piece]:
    """``{input position: (status, error, tool rows or None)}`` for every input row."""
    from ._batch import _PACKED

    out: dict[int, Piece] = dict(job.kept)
    for pos, message in job.invalid.items():
        out[pos] = ("invalid", message, None)
    for k, call in enumerate(job.calls):
        if k not in outcomes:
            for pos in call.rows:
                out[pos] = ("cancelled", "not run: the batch stopped before this call", None)
            continue
        outcome = outcomes[k]
        if isinstance(outcome, BaseException):
            for pos in call.rows:
                out[pos] = _failure(outcome)
        elif call.tool in _PACKED:
            _packed(outcome.to_frame(), call.rows, out)
        else:
            df = _table(outcome, job.table)
            out[call.rows[0]] = ("ok", None, df) if len(df) else ("empty", None, df)
    return out


def assemble(job: Job, outcomes: dict[int, Any], source: str) -> pd.DataFrame:
    """The batch's output frame (see the module doc)."""
    found = pieces(job, outcomes)
    n = len(job.index)
    frames: list[pd.DataFrame] = []
    items: list[Any] = []
    counts = np.zeros(n, dtype=np.int64)
    status: list[str] = []
    error: list[Any] = []
    item_name: str | None = None
    attributions: list[Any] = []
    for pos in range(n):
        state, message, df = found[pos]
        if df is not None and len(df):
            if item_name is None and df.index.name is not None:
                item_name = str(df.index.name)
            items.extend(df.index.tolist())
            for a in df.attrs.get("attributions", []) or []:
                if a not in attributions:
                    attributions.append(a)
            frames.append(df.reset_index(drop=True))
        else:
            items.append(0)
            frames.append(_BLANK)
        counts[pos] = len(frames[-1])
        status.extend([state] * len(frames[-1]))
        error.extend([message] * len(frames[-1]))
    if frames:
        body = pd.concat(_same_zones(frames), ignore_index=True)
    else:
        body = pd.DataFrame(index=pd.RangeIndex(0))
    body = body.drop(columns=[c for c in _OWN if c in body.columns])
    head = pd.DataFrame(
        {
            "status": pd.array(status, dtype="string"),
            "error": pd.array(error, dtype="string"),
            "input_row": np.repeat(np.arange(n, dtype=np.int64), counts),
        }
    )
    out = pd.concat([head, body], axis=1)
    out.index = _index(job.index, counts, items, item_name or "item")
    out.attrs = {
        "tool": job.tool,
        "source": source,
        "attributions": attributions,
        "calls": len(outcomes),
    }
    if job.table:
        out.attrs["table"] = job.table
    return out


def _same_zones(frames: list[pd.DataFrame]) -> list[pd.DataFrame]:
    """Convert tz-aware columns whose zone differs between frames to UTC (else concat gives
    object columns of mixed-zone timestamps)."""
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


def _index(index: pd.Index, counts: np.ndarray, items: list[Any], item_name: str) -> pd.Index:
    repeated = index.repeat(counts)
    if isinstance(index, pd.MultiIndex):
        levels = [repeated.get_level_values(i) for i in range(index.nlevels)]
        names = [n if n is not None else f"input_{i}" for i, n in enumerate(index.names)]
    else:
        levels = [repeated]
        names = [index.name if index.name is not None else "input"]
    if item_name in names:
        item_name = "item"
    return pd.MultiIndex.from_arrays([*levels, items], names=[*names, item_name])


def resume_pieces(partial: Any, tool: str, n: int) -> dict[int, Piece]:
    """Rows of a previous (partial) batch frame to keep: those whose status is final."""
    if not isinstance(partial, pd.DataFrame) or not {"status", "input_row"} <= set(partial):
        raise InvalidRequest("resume", "must be the frame of an earlier batch (its .partial)")
    if partial.attrs.get("tool", tool) != tool:
        raise InvalidRequest("resume", f"is a {partial.attrs['tool']} batch, not a {tool} batch")
    rows = partial["input_row"].to_numpy()
    if len(rows) and (set(np.unique(rows).tolist()) != set(range(n))):
        raise InvalidRequest(
            "resume", f"does not cover the same {n} input rows (pass the same input as before)"
        )
    out: dict[int, Piece] = {}
    flat = partial.reset_index(level=list(range(partial.index.nlevels - 1)), drop=True)
    for pos, group in flat.groupby("input_row", sort=True):
        states = set(group["status"].tolist())
        if len(states) != 1 or next(iter(states)) not in KEEP_ON_RESUME:
            continue
        state = next(iter(states))
        message = group["error"].iloc[0]
        df = group.drop(columns=_OWN)
        if state == "empty":
            df = df.iloc[0:0]
        elif state != "ok" and bool(df.isna().all(axis=None)):
            df = None
        out[int(pos)] = (state, None if pd.isna(message) else str(message), df)
    return out
