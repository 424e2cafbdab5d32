"""Recordings: tool calls kept in one JSON file, replayed without a network or a key.

A recording is human-readable and diff-friendly: one JSON object, its header (format, ``now``,
``tools``) indented with sorted keys, then its ``calls`` last, one indented entry per call in the
order they were made (``arguments``, ``clock``, ``payload``, ``recorded_at``, ``source``, ``tool``,
``writer``). A new call is *appended* (written over the file's closing ``]}``), so recording N
calls writes O(N) bytes; a call recorded again is appended too and replaces the earlier entry on
reading (the file is compacted when such repeats pile up). Older recordings (all keys sorted) are
read as they are and rewritten once in this layout. A file larger than
``settings.max_recording_bytes`` is refused unread (:class:`RecordingTooLarge`).

``recorded_at`` is when the server answered (the real UTC time: the 30-day age counts from it),
``clock`` the client's clock then (it differs on the emulator's fixed clock; a replayed route's
retrieval tokens expire 10 minutes after it). ``now`` is the client's clock when recording began:
in replay, ``client.now()`` returns it. Calls are matched by their canonical form
(:func:`mapsnb._store.cache.call_key`, without the endpoint). Before anything is written it is
scanned for credentials (this session's key and token, and anything shaped like a key, token or
auth header); if one is found nothing is written.

Modes: ``record`` calls the server for every call and records it; ``replay`` answers only
from the file (a call not in it raises :class:`mapsnb.ReplayMiss`); ``auto`` replays what the
file holds and, when the client can call a server (a key, a token or a url), calls it for the
rest and adds them.

A recording is shared by every process that names it (one kernel per notebook, two kernels open
at once): each write happens under an inter-process lock (:func:`mapsnb._store.shared_file.locked`)
and *merges* this process's new calls into the file as it is on disk then, so no call another
process recorded is lost; a call recorded again replaces its older entry. Each entry says who
recorded it (``writer``: the notebook or script and its pid), and ``recording show`` lists them.
A call that could not be read back (nested past the bound, an integer too long) is not recorded,
with a :class:`RecordingWriteWarning`, and the call is still answered.
"""

from __future__ import annotations

import copy
import datetime as dt
import difflib
import json
import os
import shutil
import threading
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from mapsnb import settings
from mapsnb._store.cache import Stored, call_key
from mapsnb._store.cache_file import json_text
from mapsnb._store.recording_checks import check, describe, find_secrets, ignore_lines, synthetic
from mapsnb._store.recording_file import (
    FORMAT,
    MAX_DEPTH,
    RecordingEntryWarning,
    RecordingTooLarge,
    append_calls,
    call_text,
    entry_problem,
    file_text,
    load,
    parse_time,
    printable,
    write_whole,
)
from mapsnb._store.shared_file import checked_path, locked, writer
from mapsnb.errors import MapsnbError, ReplayMiss, ToolError

__all__ = [
    "Recording",
    "RecordingAgeWarning",
    "RecordingEntryWarning",
    "RecordingTooLarge",
    "RecordingWriteWarning",
    "check",
    "describe",
    "file_stamp",
    "find_secrets",
    "ignore_lines",
    "load",
    "synthetic",
]

Mode = Literal["record", "replay", "auto"]
MODES = ("record", "replay", "auto")
#: Tool failures that say something about the request (recorded); others (quota, outages) are not.
RECORDED_ERRORS = frozenset(
    {"INVALID_ARGUMENT", "NOT_FOUND", "FAILED_PRECONDITION", "OUT_OF_RANGE"}
)


class RecordingAgeWarning(UserWarning):
    """A replayed recording is older than the 30 days Google's terms allow content to be kept."""


class RecordingWriteWarning(UserWarning):
    """A call could not be recorded (unreadable), the file was read-only, or was set aside."""


def _iso(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Recording:
    """One recording file, shared by every client of this process that names it.

    Parameters
    ----------
    path
        The JSON file (created on the first recorded call).
    mode
        ``"record"``, ``"replay"`` or ``"auto"``.
    """

    def __init__(self, path: str | os.PathLike[str], mode: Mode = "auto") -> None:
        if mode not in MODES:
            raise MapsnbError(f"mode must be 'record', 'replay' or 'auto', got {mode!r}")
        self.path = checked_path(path, "record")
        self.mode: Mode = mode
        self._lock = threading.Lock()
        self._unwritable = False
        #: Calls recorded by this process and not yet in the file (a read-only folder).
        self._pending: dict[str, dict[str, Any]] = {}
        try:
            exists = self.path.exists()
        except OSError as exc:
            raise MapsnbError(
                f"record: recording {printable(self.path, 500)}: {exc.strerror or exc}"
            ) from None
        if mode == "replay" and not exists:
            raise MapsnbError(f"recording {self.path}: no such file to replay")
        before = file_stamp(self.path)
        data = load(self.path) if exists and mode != "record" else {"calls": []}
        self.stamp = file_stamp(self.path)
        #: The file's stamp when ``calls``, ``_file_now`` and ``tools`` last held all it holds.
        self._synced = before if mode != "record" and before == self.stamp else None
        if data.get("skipped"):  # the next write keeps a copy of the file as it is
            self._synced = None
        self._file_now = data.get("now")
        self.calls: list[dict[str, Any]] = list(data["calls"])
        self._entries = int(data.get("entries", len(self.calls)))  # in the file, repeats too
        self.started = parse_time(data.get("now"))
        #: The server's ``tools/list`` as recorded with the calls (replay stands in for it).
        self.tools: list[Any] | None = (
            data.get("tools") if isinstance(data.get("tools"), list) else None
        )
        self._index = {call_key(c["tool"], c["arguments"]): i for i, c in enumerate(self.calls)}
        self._replaying = mode == "replay" or (mode == "auto" and bool(self.calls))
        if self.calls:
            self._warn_age()

    def __repr__(self) -> str:
        return f"<mapsnb Recording {str(self.path)!r} mode={self.mode!r} calls={len(self.calls)}>"

    def replay_only(self, live: bool) -> bool:
        """Return True when a call missing from the recording raises instead of going to a server.

        ``live`` says whether the client can call a server (a key, a token, a url or the
        emulator asked for explicitly).
        """
        return self.mode == "replay" or (self.mode == "auto" and not live)

    @property
    def clock(self) -> dt.datetime | None:
        """The client's clock in replay: when recording began (``None`` while recording)."""
        return self.started if self._replaying else None

    def oldest(self) -> dt.datetime | None:
        """When the oldest call was recorded."""
        times = [t for c in self.calls if (t := parse_time(c.get("recorded_at")))]
        return min(times) if times else None

    def _warn_age(self) -> None:
        oldest = self.oldest()
        limit = dt.timedelta(days=settings.cache_max_days)
        if self.mode != "record" and oldest is not None and _utcnow() - oldest > limit:
            warnings.warn(
                f"the recording {self.path} was made on {oldest.date()}, more than "
                f"{settings.cache_max_days} days ago: Google Maps Platform terms allow keeping "
                "content at most 30 days; record it again with a key "
                f"({settings.record_mode_env}=record)",
                RecordingAgeWarning,
                stacklevel=4,
            )

    # -------------------------------------------------------------- lookups
    def lookup(self, tool: str, arguments: Mapping[str, Any], *, live: bool) -> Stored | None:
        """Return the recorded answer to this call; ``None`` when the client should call the server.

        Raises
        ------
        ReplayMiss
            The call is not recorded and this client replays only.
        """
        if self.mode == "record":
            return None
        with self._lock:
            self._refresh()
            i = self._index.get(call_key(tool, arguments))
            entry = self.calls[i] if i is not None else None
        if entry is not None and "error" in entry:  # the tool failed when recorded: fail again
            error = entry["error"]
            raise ToolError(
                str(error.get("message", "")),
                code=int(error.get("code", 2)),
                status=error.get("status"),
                details=copy.deepcopy(error.get("details")),
                tool=tool,
            )
        if entry is not None:
            recorded = parse_time(entry["recorded_at"]) or _utcnow()
            clock = parse_time(entry.get("clock")) or self.started or recorded
            return Stored(copy.deepcopy(entry["payload"]), "replay", recorded, clock, "replay")
        if self.replay_only(live):
            raise self.miss(tool, arguments)
        token = arguments.get("retrieval_token") if tool == "search_along_route" else None
        if isinstance(token, str) and self._recorded_token(token):
            raise self.miss(
                tool,
                arguments,
                hint="Its retrieval token comes from a recorded route and has expired (tokens "
                "work for 10 minutes): compute the route again, or pass its encoded_polyline.",
            )
        return None

    def _recorded_token(self, token: str) -> bool:
        """Return True when ``token`` came from a recorded routes payload (so it has long expired)."""
        limit = dt.timedelta(minutes=settings.retrieval_token_minutes)
        with self._lock:
            calls = list(self.calls)
        return any(
            c["tool"] == "compute_routes"
            and "payload" in c  # a recorded failure holds no token
            and token in json.dumps(c["payload"])
            and _utcnow() - (parse_time(c["recorded_at"]) or _utcnow()) >= limit
            for c in calls
        )

    def miss(
        self, tool: str, arguments: Mapping[str, Any], count: int = 3, hint: str = ""
    ) -> ReplayMiss:
        """Return the :class:`ReplayMiss` for this call, naming the closest recorded calls."""
        wanted = call_key(tool, arguments)
        with self._lock:
            calls = list(self.calls)

        def score(call: Mapping[str, Any]) -> float:
            ratio = difflib.SequenceMatcher(
                None, wanted, call_key(call["tool"], call["arguments"])
            ).ratio()
            return ratio + (1.0 if call["tool"] == tool else 0.0)

        closest = sorted(calls, key=score, reverse=True)[:count]
        missing = not calls and not self.path.exists()
        hint = hint or (
            "Check the path, or make the recording: run the notebook with a key and "
            f"{settings.record_env}=<file> ({settings.record_mode_env}=record)."
            if missing
            else "Run the cell that made this call with a key to add it "
            f"({settings.record_env}=<file> and {settings.api_key_env} set, mode 'auto')."
        )
        return ReplayMiss(
            tool,
            dict(arguments),
            str(self.path),
            [(c["tool"], _printable_tree(c["arguments"])) for c in closest],  # from the file
            hint,
            missing=missing,
        )

    # -------------------------------------------------------------- writing
    def add(
        self,
        tool: str,
        arguments: Mapping[str, Any],
        payload: Any,
        *,
        source: str,
        clock: dt.datetime,
        recorded_at: dt.datetime | None = None,
    ) -> None:
        """Record a call and rewrite the file (scanned for credentials first).

        ``payload`` is the tool's payload, or the :class:`ToolError` the server answered (replay
        raises it again, so a notebook that shows an error still shows it).

        Raises
        ------
        MapsnbError
            The recording would contain a credential; the file is left as it was.
        """
        if isinstance(payload, ToolError) and payload.status not in RECORDED_ERRORS:
            return
        entry: dict[str, Any] = {
            "tool": tool,
            "recorded_at": _iso(recorded_at or _utcnow()),
            "clock": clock.isoformat(),
            "source": source,
            "writer": writer(),
        }
        try:
            entry["arguments"] = _plain(dict(arguments))
            if isinstance(payload, ToolError):
                error = {"code": payload.code, "status": payload.status, "message": payload.message}
                if payload.details:
                    error["details"] = payload.details
                entry["error"] = _plain(error, default=str)
            else:
                entry["payload"] = _plain(payload)
            problem = entry_problem(entry)
            if problem is not None:
                raise ValueError(problem)
        except ValueError as exc:  # the file could not be read back: answer, do not record
            warnings.warn(
                f"{printable(tool, 100)}: not recorded in {printable(self.path, 500)}: "
                f"{printable(exc, 300)}; the call is answered, a replay of it would miss",
                RecordingWriteWarning,
                stacklevel=3,
            )
            return
        found = find_secrets(json_text(entry, MAX_DEPTH + 1))
        if found:
            raise MapsnbError(
                f"refusing to write the recording {printable(self.path, 500)}: it would contain "
                f"{', '.join(found)}; nothing was written"
            )
        key = call_key(tool, arguments)
        with self._lock:
            i = self._index.get(key)
            known = self._pending.get(key) or (self.calls[i] if i is not None else None)
            if known is not None and "error" in entry and "error" not in known:
                # the same call once succeeded (a token fresh then, expired now): keep that
                return
            if self.started is None:
                self.started = clock
            self._pending[key] = entry
            self._flush(key)

    def set_tools(self, tools: list[Any]) -> None:
        """Record the server's ``tools/list`` (written with the next call)."""
        try:
            plain = _plain(tools)
        except ValueError as exc:
            warnings.warn(
                f"the server's tools/list is not recorded in {printable(self.path, 500)}: "
                f"{printable(exc, 300)}",
                RecordingWriteWarning,
                stacklevel=3,
            )
            return
        with self._lock:
            self.tools = plain

    # -------------------------------------------------------------- sharing the file
    def _refresh(self) -> None:
        """Take in the calls other processes added to the file since it was read (hold _lock)."""
        stamp = file_stamp(self.path)
        if stamp is None or stamp == self.stamp:
            return
        try:
            data = load(self.path, warn=False)
        except MapsnbError:  # broken by someone else: keep what this process knows
            return
        self.calls, self._index = _merge(data["calls"], self._pending)
        self._entries = data["entries"]
        if self.tools is None and isinstance(data.get("tools"), list):
            self.tools = data["tools"]
        self.stamp = file_stamp(self.path)
        self._synced = stamp if stamp == self.stamp and not data["skipped"] else None
        self._file_now = data.get("now")

    def _flush(self, key: str) -> None:
        """Merge the pending calls into the file under its lock, then forget them (hold _lock)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with locked(self.path):
                data = self._on_disk()
                known = self._index if data["calls"] is self.calls else None
                calls, index = _merge(data["calls"], self._pending, known)
                tools = self.tools if self.tools is not None else data.get("tools")
                now = self._file_clock(parse_time(data.get("now")))
                if not self._appended(data, tools, now):
                    self._write(calls, now, tools)
        except MapsnbError:
            self._pending.pop(key, None)  # the file would hold a credential: not written
            raise
        except (OSError, ValueError) as exc:  # a read-only course folder: answer, keep in memory
            self.calls, self._index = _merge(self.calls, self._pending, self._index)
            if not self._unwritable:
                self._unwritable = True
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                warnings.warn(
                    f"the recording {printable(self.path)} cannot be written "
                    f"({printable(why, 300)}): calls it lacks are answered and kept for this "
                    "session only",
                    RecordingWriteWarning,
                    stacklevel=5,
                )
            return
        self._pending.clear()
        self.calls, self._index = calls, index
        self.tools = tools if isinstance(tools, list) else None

    def _appended(self, data: dict[str, Any], tools: Any, now: dt.datetime) -> bool:
        """Write the pending calls at the end of the file, the rest untouched (hold both locks).

        ``False`` (nothing written) when the file must be rewritten whole: it is new, its clock or
        ``tools/list`` changes, calls recorded again pile up (more than half its entries), it
        skipped calls, or it has an older layout.
        """
        entries = data.get("entries", len(data["calls"]))
        if (
            not self.path.exists()
            or data.get("skipped")
            or now.isoformat() != data.get("now")
            or tools != data.get("tools")
            or entries + len(self._pending) > 2 * len(data["calls"]) + 16
        ):
            return False
        texts = [call_text(e, first=entries + i == 0) for i, e in enumerate(self._pending.values())]
        found = find_secrets("".join(texts))
        if found:
            raise MapsnbError(
                f"refusing to write the recording {printable(self.path, 500)}: it would contain "
                f"{', '.join(found)}; nothing was written"
            )
        if not append_calls(self.path, texts, empty=entries == 0):
            return False
        self.stamp = self._synced = file_stamp(self.path)  # under the lock: this very file
        self._entries = entries + len(texts)
        return True

    def _file_clock(self, on_disk: dt.datetime | None) -> dt.datetime:
        """Return the file's ``now``: kept, unless this process records afresh later (mode record)."""
        own = self.started or _utcnow()
        if on_disk is None or (self.mode == "record" and own > on_disk):
            return own
        return on_disk

    def _on_disk(self) -> dict[str, Any]:
        """Return the file as other processes left it; an unreadable one is set aside, never lost."""
        now = file_stamp(self.path)
        if now is None:
            return {"calls": []}
        if now == self._synced:  # nobody wrote since this process read or wrote it
            return {
                "calls": self.calls,
                "now": self._file_now,
                "tools": self.tools,
                "entries": self._entries,
            }
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
        aside = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        try:
            data = load(self.path, warn=False)
        except RecordingTooLarge:  # never set aside unread: the user says what to do with it
            raise
        except MapsnbError as exc:
            os.replace(self.path, aside)
            warnings.warn(
                f"{printable(exc, 500)}: it was set aside as {printable(aside.name)} (not deleted) "
                "and a new recording was started",
                RecordingWriteWarning,
                stacklevel=6,
            )
            return {"calls": []}
        if data["skipped"]:
            shutil.copy2(self.path, aside)
            warnings.warn(
                f"the recording {printable(self.path)} holds {len(data['skipped'])} call(s) that "
                f"cannot be read ({printable(data['skipped'][0], 300)}): they are left out of it "
                f"now, and the file as it was is kept as {printable(aside.name)}",
                RecordingWriteWarning,
                stacklevel=6,
            )
        return data

    def _write(self, calls: list[dict[str, Any]], started: dt.datetime, tools: Any) -> None:
        data: dict[str, Any] = {"mapsnb_recording": FORMAT, "now": started.isoformat()}
        if isinstance(tools, list):
            data["tools"] = tools
        text = file_text(data, calls)
        found = find_secrets(text)
        if found:
            raise MapsnbError(
                f"refusing to write the recording {printable(self.path, 500)}: it would contain "
                f"{', '.join(found)}; nothing was written"
            )
        write_whole(self.path, text)
        self.stamp = self._synced = file_stamp(self.path)  # under the lock: this very file
        self._file_now = data["now"]
        self._entries = len(calls)


def _plain(value: Any, default: Any = None) -> Any:
    """``value`` as the plain JSON a recording holds (``ValueError`` if it cannot be read back)."""
    return json.loads(json_text(value, MAX_DEPTH, default=default))


def _merge(
    calls: list[dict[str, Any]],
    pending: Mapping[str, dict[str, Any]],
    known: Mapping[str, int] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Add ``pending`` to ``calls`` (a success never replaced by an error) and index them by key."""
    merged = list(calls)
    index = dict(known or {call_key(c["tool"], c["arguments"]): i for i, c in enumerate(calls)})
    for key, entry in pending.items():
        if key not in index:
            index[key] = len(merged)
            merged.append(entry)
        elif "error" not in entry or "error" in merged[index[key]]:
            merged[index[key]] = entry
    return merged, index


def _printable_tree(value: Any) -> Any:
    """``value`` with every text escaped by :func:`printable` (loaded values nest 64 deep at most)."""
    if isinstance(value, str):
        return printable(value, 300)
    if isinstance(value, dict):
        return {printable(k, 100): _printable_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_printable_tree(v) for v in value]
    return value


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """Return the file's identity, modification time and size (``None`` when absent).

    To notice other writers (each write replaces the file).
    """
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size
