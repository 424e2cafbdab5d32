"""Recordings: tool calls kept in one JSON file, replayed without a network or a key.

A recording is human-readable and diff-friendly (indented, sorted keys, one entry per call in
the order they were made)::

    {"calls": [{"arguments": {...}, "clock": "2026-09-18T15:00:02+00:00", "payload": {...},
                "recorded_at": "2026-09-18T15:00:02Z", "source": "live",
                "tool": "search_places"}, ...],
     "mapsnb_recording": 1, "now": "2026-09-18T15:00:00+00:00"}

``recorded_at`` is when the server answered (the real UTC time: the 30-day age counts from it),
``clock`` the client's clock then (it differs on the emulator's fixed clock; a replayed route's
retrieval tokens expire 10 minutes after it). ``now`` is the client's clock when recording began:
in replay, ``client.now()`` returns it, so a notebook that computes "today" asks for the recorded
dates again. Calls are matched by their
canonical form (:func:`mapsnb._store.cache.call_key`, without the endpoint). Before anything is
written the whole text is scanned for credentials (this session's key and token, and anything
shaped like a key, token or auth header); if one is found nothing is written.

Modes: ``record`` calls the server for every call and writes a fresh recording; ``replay``
answers only from the file (a call not in it raises :class:`mapsnb.ReplayMiss`); ``auto``
replays what the file holds and, when the client can call a server (a key, a token or a url),
calls it for the rest and adds them.
"""

from __future__ import annotations

import copy
import datetime as dt
import difflib
import json
import os
import re
import tempfile
import threading
import warnings
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import httpx

from mapsnb import settings
from mapsnb._read.credits import SYNTHETIC_SOURCES, payload_is_synthetic
from mapsnb._store.cache import Stored, call_key
from mapsnb._store.recording_file import FORMAT, FUTURE_SLACK, load, parse_time, printable
from mapsnb._transport.secrets import redact
from mapsnb.errors import MapsnbError, ReplayMiss, ToolError

__all__ = [
    "NoNetwork",
    "Recording",
    "RecordingAgeWarning",
    "RecordingWriteWarning",
    "check",
    "describe",
    "find_secrets",
    "load",
    "synthetic",
]

Mode = Literal["record", "replay", "auto"]
MODES = ("record", "replay", "auto")
#: Tool failures that say something about the request (recorded); others (quota, outages) are not.
RECORDED_ERRORS = frozenset(
    {"INVALID_ARGUMENT", "NOT_FOUND", "FAILED_PRECONDITION", "OUT_OF_RANGE"}
)
_SECRET_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("a Google API key", re.compile(r"AIza[0-9A-Za-z_\-]{35}")),
    ("an OAuth access token", re.compile(r"ya29\.[0-9A-Za-z_\-]{10,}")),
    ("a bearer token", re.compile(r"Bearer\s+[A-Za-z0-9._~+/=\-]{16,}")),
    ("a key in a URL", re.compile(r"[?&](?:key|api_key|access_token)=[A-Za-z0-9._\-]{16,}")),
    (
        "an auth header or credential field",
        re.compile(
            r"\"(?:x-goog-api-key|authorization|api_key|apikey|access_token|x-goog-user-project)\""
            r"\s*:",
            re.IGNORECASE,
        ),
    ),
]


class RecordingAgeWarning(UserWarning):
    """A replayed recording is older than the 30 days Google's terms allow content to be kept."""


class RecordingWriteWarning(UserWarning):
    """A recording cannot be written (a read-only folder): new calls are kept in memory only."""


def find_secrets(text: str) -> list[str]:
    """What in ``text`` looks like a credential (empty when nothing does)."""
    found = ["a credential of this session"] if redact(text) != text else []
    found += [what for what, pattern in _SECRET_PATTERNS if pattern.search(text)]
    return found


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
        self.path = Path(path)
        self.mode: Mode = mode
        self._lock = threading.Lock()
        self._unwritable = False
        exists = self.path.exists()
        if mode == "replay" and not exists:
            raise MapsnbError(f"recording {self.path}: no such file to replay")
        data = load(self.path) if exists and mode != "record" else {"calls": []}
        self.stamp = _stamp(self.path)
        self.calls: list[dict[str, Any]] = list(data["calls"])
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
        """True when a call missing from the recording raises instead of going to a server.

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
        """The recorded answer to this call; ``None`` when the client should call the server.

        Raises
        ------
        ReplayMiss
            The call is not recorded and this client replays only.
        """
        if self.mode == "record":
            return None
        with self._lock:
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
        """True when ``token`` came from a recorded routes payload (so it has long expired)."""
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
        """The :class:`ReplayMiss` for this call, naming the closest recorded calls."""
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
        entry = {
            "tool": tool,
            "arguments": json.loads(json.dumps(dict(arguments))),
            "recorded_at": _iso(recorded_at or _utcnow()),
            "clock": clock.isoformat(),
            "source": source,
        }
        if isinstance(payload, ToolError):
            error = {"code": payload.code, "status": payload.status, "message": payload.message}
            if payload.details:
                error["details"] = payload.details
            entry["error"] = json.loads(json.dumps(error, default=str))
        else:
            entry["payload"] = json.loads(json.dumps(payload))
        key = call_key(tool, arguments)
        with self._lock:
            calls = list(self.calls)
            index = dict(self._index)
            started = self.started or clock
            if key in index:
                if "error" in entry and "error" not in calls[index[key]]:
                    # the same call once succeeded (a token fresh then, expired now): keep that
                    return
                calls[index[key]] = entry
            else:
                index[key] = len(calls)
                calls.append(entry)
            try:
                self._write(calls, started)
            except OSError as exc:  # a read-only course folder: answer, keep it for this session
                if not self._unwritable:
                    self._unwritable = True
                    warnings.warn(
                        f"the recording {printable(self.path)} cannot be written "
                        f"({exc.strerror or exc}): calls it lacks are answered and kept for this "
                        "session only",
                        RecordingWriteWarning,
                        stacklevel=4,
                    )
            self.calls, self._index, self.started = calls, index, started

    def set_tools(self, tools: list[Any]) -> None:
        """Record the server's ``tools/list`` (written with the next call)."""
        with self._lock:
            self.tools = json.loads(json.dumps(tools))

    def _write(self, calls: list[dict[str, Any]], started: dt.datetime) -> None:
        data: dict[str, Any] = {"mapsnb_recording": FORMAT, "now": started.isoformat()}
        data["calls"] = calls
        if self.tools is not None:
            data["tools"] = self.tools
        text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        found = find_secrets(text)
        if found:
            raise MapsnbError(
                f"refusing to write the recording {self.path}: it would contain "
                f"{', '.join(found)}; nothing was written"
            )
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, self.path)
            self.stamp = _stamp(self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _printable_tree(value: Any) -> Any:
    """``value`` with every text escaped by :func:`printable` (loaded values nest 64 deep at most)."""
    if isinstance(value, str):
        return printable(value, 300)
    if isinstance(value, dict):
        return {printable(k, 100): _printable_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_printable_tree(v) for v in value]
    return value


def _stamp(path: Path) -> tuple[int, int] | None:
    """The file's modification time and size (``None`` when absent): to notice other writers."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


_SHARED: dict[tuple[str, str], Recording] = {}
_SHARED_LOCK = threading.Lock()


def open_recording(spec: Any, mode: str | None) -> Recording | None:
    """The recording a client asked for: ``None`` reads ``MAPSNB_RECORD`` (and its mode).

    Clients naming the same file in the same mode share one :class:`Recording`, so a notebook
    with several clients records all their calls (and ``record`` starts the file afresh once).
    """
    if spec is None:
        spec = os.environ.get(settings.record_env, "").strip() or None
        if spec is None:
            if mode is not None:
                raise MapsnbError(
                    f"mode={mode!r} needs a recording: record='lesson.json' or {settings.record_env}"
                )
            return None
        mode = mode or os.environ.get(settings.record_mode_env, "").strip().lower() or None
    if spec is False:
        return None
    if isinstance(spec, Recording):
        return spec
    if not isinstance(spec, (str, os.PathLike)):
        raise MapsnbError(f"record: must be a path to a JSON file, got {spec!r}")
    path = Path(spec).expanduser()
    key = (str(path.resolve()), mode or "auto")
    with _SHARED_LOCK:
        if key not in _SHARED or _SHARED[key].stamp != _stamp(path):  # new, or changed since
            _SHARED[key] = Recording(path, key[1])  # type: ignore[arg-type]
        return _SHARED[key]


class NoNetwork(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """The transport of a client that replays only: any request is refused (nothing is sent)."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording

    def _refuse(self, request: httpx.Request) -> httpx.Response:
        raise MapsnbError(
            f"this client replays {self.recording.path} and has no network: "
            f"{request.method} {request.headers.get('mcp-method', '')} was not sent "
            "(only tool calls are recorded)"
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self._refuse(request)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return self._refuse(request)


# ----------------------------------------------------------------------------- CLI helpers
def synthetic(calls: list[dict[str, Any]]) -> int:
    """How many recorded calls were answered by the emulator (synthetic data)."""
    return sum(
        str(c.get("source")) in SYNTHETIC_SOURCES
        or ("payload" in c and payload_is_synthetic(c["payload"]) is True)
        for c in calls
    )


def describe(path: str | os.PathLike[str]) -> str:
    """A summary of a recording: its clock, calls, dates and sources (safe to print)."""
    data = load(path)
    calls = data["calls"]
    times = sorted(t for c in calls if (t := parse_time(c.get("recorded_at"))))
    sources = Counter(printable(c.get("source", "?"), 100) for c in calls)
    fake = synthetic(calls)
    lines = [
        f"recording {printable(os.fspath(path), 500)}",
        f"  clock (client.now() in replay): {printable(data.get('now') or 'not set')}",
        f"  calls: {len(calls)}"
        + (f", recorded {times[0].date()} to {times[-1].date()}" if times else ""),
        "  sources: " + (", ".join(f"{s} ({n})" for s, n in sources.most_common()) or "none"),
    ]
    if fake:
        lines.append(f"  synthetic: {fake} of {len(calls)} call(s) answered by the emulator")
    tools = Counter(c["tool"] for c in calls)
    lines.append("  tools: " + (", ".join(f"{t} ({n})" for t, n in tools.most_common()) or "none"))
    for i, call in enumerate(calls):
        args = json.dumps(call["arguments"], sort_keys=True, ensure_ascii=False)
        args = args if len(args) <= 100 else args[:99] + "…"
        failed = f" -> {call['error'].get('status') or 'error'}" if "error" in call else ""
        line = f"{call['recorded_at']} {call.get('source', '?')} {call['tool']} {args}{failed}"
        lines.append(f"  [{i}] {printable(line, 400)}")
    return "\n".join(lines)


def check(path: str | os.PathLike[str]) -> list[str]:
    """Problems of a recording (empty when it is valid, secret-free, recent and not future)."""
    where = printable(os.fspath(path), 500)
    try:
        data = load(path)
    except MapsnbError as exc:
        return [str(exc)]
    problems = []
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    found = find_secrets(text)
    if found:
        problems.append(f"recording {where}: contains {', '.join(found)}")
    times = [t for c in data["calls"] if (t := parse_time(c.get("recorded_at")))]
    now = _utcnow()
    limit = dt.timedelta(days=settings.cache_max_days)
    if times and now - min(times) > limit:
        problems.append(
            f"recording {where}: made on {min(times).date()}, more than "
            f"{settings.cache_max_days} days ago (Google Maps Platform terms); record it again"
        )
    future = [t for t in times if t - now > FUTURE_SLACK]
    if future:
        problems.append(
            f"recording {where}: {len(future)} call(s) dated in the future (up to "
            f"{max(future).date()}): its dates are wrong, so its age cannot be checked"
        )
    return problems
