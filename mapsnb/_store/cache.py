"""The call cache: tool payloads on disk, keyed by the *tool call*, kept only as long as honest.

Why a call-level key
    A tool call is sent as a JSON-RPC message whose ``id`` changes on every call, with session
    and protocol headers that change too, so HTTP-level caches and VCR-style recorders never see
    the same request twice. The key here is what the call *means*: the tool name, its arguments
    in one canonical spelling (snake_case names, sorted keys, normalised values, nulls dropped)
    and the endpoint (the emulator and the live server never share an entry).

Why stdlib ``sqlite3``
    One file, no dependency, atomic writes, and safe for many threads and several processes at
    once: the store runs in WAL mode (readers never block the writer) with a busy timeout, each
    thread of each process has its own connection, and each write is one autocommitted statement.
    A read-only store (a shared course cache) is opened read-only and served, never written;
    a damaged one, or one of another schema version, is renamed aside (never deleted) and a new
    one started; a damaged row is skipped; a locked store makes the call a miss. Each says so
    with a :class:`CacheWarning` (see :mod:`mapsnb._store.cache_file`). The cache never raises.

Honest TTLs
    By tool and time mode (see :data:`DEFAULT_TTLS`); never more than the 30 days Google's Maps
    Platform terms allow for caching, and that cap is enforced on every read from the row's own
    stored time: a row whose ``expires_at`` says later (tampered, or written by another version)
    is not served past 30 days, and a row stored in the future (a writer with a skewed clock,
    beyond :data:`FUTURE_SLACK`) is not served at all. Errors are never cached (only successful
    payloads reach :meth:`Cache.put`). Any payload a JSON answer can hold is stored or, when it
    could not be read back, not stored with a :class:`CacheWarning`: the cache never fails a call.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import errno
import hashlib
import os
import sqlite3
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mapsnb import settings
from mapsnb._store import cache_file as store
from mapsnb._store.call_key import call_key, canonical, time_mode
from mapsnb._store.shared_file import checked_path
from mapsnb._transport.secrets import redact
from mapsnb.errors import InvalidRequest, MapsnbError

__all__ = [
    "DEFAULT_TTLS",
    "FUTURE_SLACK",
    "MAX_TTL",
    "Cache",
    "CacheStats",
    "CacheWarning",
    "Stored",
    "call_key",
    "canonical",
    "time_mode",
]

DAY = 86_400.0
#: The longest any payload is kept: Google Maps Platform terms allow 30 days.
MAX_TTL = settings.cache_max_days * DAY
#: Seconds a row's stored time may be ahead of this clock (clocks of writers drift a little).
FUTURE_SLACK = 300.0
#: The rows a read may serve at ``now`` (bound three times: expires, stored, stored).
_SERVABLE = f"expires_at > ? AND stored_at > ? - {MAX_TTL} AND stored_at <= ? + {FUTURE_SLACK}"
#: Seconds each time mode is kept by default.
DEFAULT_TTLS: dict[str, float] = {
    "current": 10 * 60.0,  # lookup_weather, current conditions
    "forecast": 3600.0,  # lookup_weather, a future (or today's) hour or day
    "history": 7 * DAY,  # lookup_weather, a past hour or day
    "places": 7 * DAY,  # search_places, search_along_route
    "routes": 1 * DAY,  # compute_routes (traffic changes)
    "resolution": 30 * DAY,  # resolve_names, resolve_maps_urls
    "other": 3600.0,  # any other tool (call_tool)
}


class CacheWarning(UserWarning):
    """The cache store is read-only, damaged (set aside), of another version, or busy."""


_WHAT = {"damaged": "was damaged", "schema": "was made by another mapsnb version"}


# ----------------------------------------------------------------------------- entries
@dataclass(frozen=True)
class Stored:
    """A tool call's payload and where it came from: the server, the cache or a recording.

    Attributes
    ----------
    payload
        The payload as the server sent it (a fresh copy).
    source
        The source results built from it report: the original one for the cache, ``"replay"``
        for a recording.
    stored_at
        When the server answered (UTC).
    issued_at
        The client's clock when the server answered (routes: retrieval tokens expire from there).
    origin
        ``"server"`` (just answered), ``"cache"`` or ``"replay"``.
    """

    payload: Any
    source: str
    stored_at: dt.datetime
    issued_at: dt.datetime | None
    origin: str = "cache"


@dataclass(frozen=True)
class CacheStats:
    """What :meth:`Cache.stats` reports; ``hits``/``misses``/``writes`` count this process."""

    path: str
    entries: int
    expired: int
    size_bytes: int
    hits: int
    misses: int
    writes: int


def _utc(seconds: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(seconds, dt.UTC)


def _decode(row: Any) -> Stored:
    """Return a stored row read back; raises ``ValueError`` (or the like) for a damaged one."""
    text, source, stored_at, issued_at = row
    if not isinstance(text, (str, bytes)) or not isinstance(source, str):
        raise TypeError("payload and source must be text")
    payload = store.bounded_json(text)
    if not isinstance(payload, dict):
        raise ValueError("the payload is not a JSON object")
    if isinstance(stored_at, bool) or not isinstance(stored_at, (int, float)):
        raise TypeError("stored_at must be a number")
    issued = None
    if issued_at is not None:
        if not isinstance(issued_at, str):
            raise TypeError("issued_at must be text")
        issued = dt.datetime.fromisoformat(issued_at)
        if issued.tzinfo is None:
            issued = issued.replace(tzinfo=dt.UTC)
    return Stored(payload, source, _utc(float(stored_at)), issued)


# ----------------------------------------------------------------------------- the store
class Cache:
    """A persistent cache of tool payloads (sqlite3), shared by threads, processes and clients.

    Parameters
    ----------
    path
        The store file; default ``$MAPSNB_CACHE_DIR`` or ``$XDG_CACHE_HOME/mapsnb`` (else
        ``~/.cache/mapsnb``), file ``calls.sqlite3``.
    ttl
        Seconds (or ``timedelta``) per time mode, to keep entries *shorter* than
        :data:`DEFAULT_TTLS` (keys: ``current``, ``forecast``, ``history``, ``places``,
        ``routes``, ``resolution``, ``other``); never more than 30 days.
    clock
        A function returning the time in seconds (default :func:`time.time`); tests fix it.
    read_only
        Open the store read-only: serve its entries, never write it (also chosen by itself
        when the store or its folder cannot be written, with one warning).

    Examples
    --------
    >>> client = mapsnb.Client(cache=True)                 # doctest: +SKIP
    >>> with client.cache.disabled():                      # doctest: +SKIP
    ...     fresh = client.lookup_weather("Paris", capabilities="WEATHER")
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        ttl: Mapping[str, float | dt.timedelta] | None = None,
        clock: Callable[[], float] | None = None,
        read_only: bool = False,
    ) -> None:
        self.path = checked_path(path, "path") if path is not None else default_path()
        if clock is not None and not callable(clock):
            raise InvalidRequest("clock", "must be a function returning the time in seconds")
        self.ttls = dict(DEFAULT_TTLS)
        if ttl is not None and not isinstance(ttl, Mapping):  # e.g. Cache(ttl=3600)
            raise InvalidRequest(
                "ttl", f"must map time modes to seconds: {', '.join(DEFAULT_TTLS)}"
            )
        for mode, value in (ttl or {}).items():
            if mode not in DEFAULT_TTLS:
                raise MapsnbError(
                    f"ttl: unknown time mode {mode!r}; modes: {', '.join(DEFAULT_TTLS)}"
                )
            if not isinstance(value, (dt.timedelta, int, float)) or isinstance(value, bool):
                raise InvalidRequest(f"ttl[{mode!r}]", "must be seconds or a timedelta")
            seconds = value.total_seconds() if isinstance(value, dt.timedelta) else float(value)
            if not 0 <= seconds <= MAX_TTL:
                raise MapsnbError(
                    f"ttl[{mode!r}]: must be from 0 to {settings.cache_max_days} days "
                    "(Google Maps Platform terms)"
                )
            self.ttls[mode] = seconds
        self.clock = clock or time.time
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._users = 0  # clients holding this cache (the last to close closes its connections)
        self._generation = 0
        self._checked = False
        self.read_only = bool(read_only)
        self._state = "unknown"  # then "rw", "ro" (found read-only) or "off"
        self._why_read_only = ""
        self._warned: set[str] = set()
        self._off: contextvars.ContextVar[bool] = contextvars.ContextVar(
            f"mapsnb_cache_off_{id(self)}", default=False
        )
        self.hits = self.misses = self.writes = 0

    def __repr__(self) -> str:
        return f"<mapsnb.Cache {str(self.path)!r}>"

    # -------------------------------------------------------------- connections
    def _connect(self) -> sqlite3.Connection:
        local = self._local
        if (
            getattr(local, "conn", None) is not None
            and local.pid == os.getpid()
            and local.generation == self._generation
        ):
            conn: sqlite3.Connection = local.conn
            return conn
        generation = self._generation
        if self._state == "unknown" and not self.read_only and not store.writable(self.path):
            if not self.path.is_file():
                raise PermissionError(errno.EACCES, "no write permission", str(self.path.parent))
            self._state = "ro"
            self._why_read_only = "no write permission"
        if self._state == "ro" or self.read_only:
            conn = store.open_read_only(self.path, integrity=not self._checked)
            if self._why_read_only:
                self._warn_once(
                    "read-only",
                    f"the mapsnb cache at {self.path} is read-only ({self._why_read_only}): "
                    "its entries are served, nothing new is stored and it is never changed",
                )
        else:
            conn = store.open_read_write(self.path, integrity=not self._checked)
            self._state = "rw"
        self._checked = True
        with self._lock:
            self._connections.append(conn)
        local.conn, local.pid, local.generation = conn, os.getpid(), generation
        return conn

    def _warn_once(self, kind: str, message: str) -> None:
        with self._lock:
            if kind in self._warned:
                return
            self._warned.add(kind)
        warnings.warn(message, CacheWarning, stacklevel=5)

    def _reset(self) -> None:
        with self._lock:
            self._drop_connections()
            self._checked = False

    def _failed(self, exc: BaseException, what: str) -> bool:
        """React to a failure; ``True`` when the operation is worth one more try."""
        kind = store.classify(exc)
        if kind == "busy":
            warnings.warn(
                f"the mapsnb cache is busy ({exc}); {what} skipped", CacheWarning, stacklevel=4
            )
            return False
        reading = self._state == "ro" or self.read_only
        if kind == "read-only" and not reading:
            self._reset()
            if self.path.is_file():
                self._state, self._why_read_only = "ro", str(exc)
                return True
            self._state = "off"
            self._warn_once(
                "off",
                f"the mapsnb cache at {self.path} cannot be created ({exc}): calls are not cached",
            )
            return False
        if kind in ("damaged", "schema") and not reading:
            self._reset()
            label = "damaged" if kind == "damaged" else f"schema-{getattr(exc, 'version', 0)}"
            try:
                moved = store.set_aside(self.path, label)
            except OSError as err:
                self._state = "off"
                self._warn_once(
                    "off",
                    f"the mapsnb cache at {self.path} is {_WHAT[kind]} ({exc}) and could not be "
                    f"set aside ({err.strerror or err}): calls are not cached",
                )
                return False
            warnings.warn(
                f"the mapsnb cache at {self.path} {_WHAT[kind]} ({exc}): it was set aside as "
                f"{moved.name} (not deleted) and a new, empty store was started",
                CacheWarning,
                stacklevel=4,
            )
            return True
        if reading and isinstance(exc, FileNotFoundError):
            self._state = "off"
            self._warn_once(
                "off", f"the mapsnb cache at {self.path} does not exist: nothing to read"
            )
            return False
        if reading and kind in ("damaged", "schema", "read-only"):
            self._reset()
            self._state = "off"
            self._warn_once(
                "off",
                f"the mapsnb cache at {self.path} is read-only and cannot be used ({exc}); "
                "it was left as it is and calls are not cached",
            )
            return False
        self._warn_once(kind, f"the mapsnb cache could not be used ({exc}); {what} skipped")
        return False

    def _run(
        self, what: str, op: Callable[[sqlite3.Connection], Any], default: Any, write: bool = False
    ) -> Any:
        """Run ``op`` on this thread's connection; never raise, never write a read-only store."""
        for _attempt in (0, 1):
            if self._state == "off" or (write and (self._state == "ro" or self.read_only)):
                return default
            try:
                return op(self._connect())
            except (sqlite3.Error, OSError) as exc:
                if not self._failed(exc, what):
                    return default
        return default

    # -------------------------------------------------------------- the API
    @property
    def enabled(self) -> bool:
        """False inside :meth:`disabled` (in this thread or task)."""
        return not self._off.get()

    @contextlib.contextmanager
    def disabled(self) -> Iterator[None]:
        """Neither read nor write the cache in this block (this thread or async task)."""
        token = self._off.set(True)
        try:
            yield
        finally:
            self._off.reset(token)

    def ttl(self, tool: str, arguments: Mapping[str, Any], now: dt.datetime) -> float:
        """Seconds a payload of this call is kept (its time mode's TTL, capped at 30 days)."""
        seconds = self.ttls[time_mode(tool, arguments, now)]
        if tool == "search_along_route" and "retrieval_token" in canonical(arguments):
            # keyed by a 10-minute token: nobody can ask the same question later
            seconds = min(seconds, settings.retrieval_token_minutes * 60.0)
        return min(seconds, MAX_TTL)

    def get(self, tool: str, arguments: Mapping[str, Any], endpoint: str) -> Stored | None:
        """Return the stored payload of this call, unless expired, disabled or absent."""
        if not self.enabled:
            return None
        key = _digest(call_key(tool, arguments, endpoint))
        now = self.clock()
        row = self._run(
            "a cache read",
            lambda c: c.execute(
                f"SELECT payload, source, stored_at, issued_at FROM calls WHERE key = ? AND {_SERVABLE}",
                (key, now, now, now),
            ).fetchone(),
            None,
        )
        stored = None
        if row is not None:
            try:
                stored = _decode(row)
            except (TypeError, ValueError, OverflowError, OSError, RecursionError) as exc:
                self._warn_once(
                    "row",
                    f"the mapsnb cache at {self.path} holds a damaged entry ({tool}: "
                    f"{type(exc).__name__}); it was skipped and the call answered from the source",
                )
        with self._lock:
            if stored is None:
                self.misses += 1
                return None
            self.hits += 1
        return stored

    def put(
        self,
        tool: str,
        arguments: Mapping[str, Any],
        endpoint: str,
        payload: Any,
        *,
        source: str,
        issued_at: dt.datetime,
    ) -> bool:
        """Store a successful payload; ``False`` when it was not stored (and why is warned)."""
        if not self.enabled or not isinstance(payload, Mapping):
            return False
        ttl = self.ttl(tool, arguments, issued_at)
        if ttl <= 0:
            return False
        call = call_key(tool, arguments, endpoint)
        try:
            text = store.json_text(dict(payload), separators=(",", ":"))
        except ValueError as exc:  # e.g. a 5,000-digit number: answered, not kept
            warnings.warn(f"{tool}: not cached, its answer {exc}", CacheWarning, stacklevel=3)
            return False
        if redact(call) != call or redact(text) != text:
            warnings.warn(
                f"{tool}: not cached, the call or its answer contains a credential",
                CacheWarning,
                stacklevel=3,
            )
            return False
        now = self.clock()
        row = (
            _digest(call),
            store.utf8_safe(tool),
            call,
            text,
            store.utf8_safe(source),
            now,
            now + ttl,
            issued_at.isoformat(),
        )

        def write(c: sqlite3.Connection) -> bool:
            c.execute("INSERT OR REPLACE INTO calls VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            return True

        stored = bool(self._run("a cache write", write, False, write=True))
        with self._lock:
            self.writes += stored
        return stored

    def clear(self) -> int:
        """Remove every entry; returns how many there were."""

        def wipe(c: sqlite3.Connection) -> int:
            return int(c.execute("DELETE FROM calls").rowcount)

        removed = int(self._run("clearing the cache", wipe, 0, write=True))
        self._run("compacting the cache", lambda c: c.execute("VACUUM"), None, write=True)
        return removed

    def prune(self) -> int:
        """Remove the entries a read would not serve (expired, or dated in the future)."""
        now = self.clock()
        return int(
            self._run(
                "pruning the cache",
                lambda c: (
                    c.execute(
                        f"DELETE FROM calls WHERE NOT ({_SERVABLE})", (now, now, now)
                    ).rowcount
                ),
                0,
                write=True,
            )
        )

    def stats(self) -> CacheStats:
        """Entries (live and expired), size on disk, and this process's hits, misses and writes."""
        now = self.clock()
        counts = self._run(
            "reading cache stats",
            lambda c: c.execute(
                f"SELECT COUNT(*), COALESCE(SUM(NOT ({_SERVABLE})), 0) FROM calls",
                (now, now, now),
            ).fetchone(),
            (0, 0),
        )
        size = 0
        for suffix in ("", "-wal"):
            with contextlib.suppress(OSError):
                size += Path(f"{self.path}{suffix}").stat().st_size
        return CacheStats(
            str(self.path),
            int(counts[0]) - int(counts[1]),
            int(counts[1]),
            size,
            self.hits,
            self.misses,
            self.writes,
        )

    def close(self) -> None:
        """Close this cache's connections (it reopens on next use)."""
        with self._lock:
            self._drop_connections()

    def acquire(self) -> None:
        """Count one more client using this cache (:meth:`release` when it closes)."""
        with self._lock:
            self._users += 1

    def release(self) -> None:
        """Count a client of this cache closed; the last one closes every thread's connection.

        Their file descriptors (the database, its WAL and shared memory) are reopened on next use.
        """
        with self._lock:
            self._users = max(0, self._users - 1)
            if self._users == 0:
                self._drop_connections()

    def _drop_connections(self) -> None:
        """Close every thread's connection; each reconnects on next use (hold ``_lock``)."""
        for conn in self._connections:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
        self._connections.clear()
        self._generation += 1


def _digest(call: str) -> str:
    return hashlib.sha256(call.encode()).hexdigest()


def default_path() -> Path:
    """``$MAPSNB_CACHE_DIR/calls.sqlite3``, else under ``$XDG_CACHE_HOME`` or ``~/.cache``."""
    folder = os.environ.get(settings.cache_dir_env)
    if not folder:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "mapsnb")
    return Path(folder) / "calls.sqlite3"


_SHARED: dict[str, Cache] = {}
_SHARED_LOCK = threading.Lock()


def open_cache(spec: Any) -> Cache | None:
    """Return the cache a client asked for: ``None`` reads ``MAPSNB_CACHE``; ``True``, a path or a Cache.

    ``MAPSNB_CACHE`` is ``1``/``true`` (the default store), a path, or ``0``/``false``/empty (off).
    Clients asking for the same file share one :class:`Cache` (one set of connections).
    """
    if spec is None:
        env = os.environ.get(settings.cache_env, "").strip()
        spec = False if env.lower() in ("", "0", "false", "no", "off") else env
        if isinstance(spec, str) and spec.lower() in ("1", "true", "yes", "on"):
            spec = True
    if spec is False:
        return None
    if isinstance(spec, Cache):
        return spec
    if spec is True:
        path = default_path()
    elif isinstance(spec, (str, os.PathLike)):
        path = checked_path(spec, "cache")
    else:
        raise MapsnbError(f"cache: must be True, False, a path or a mapsnb.Cache, got {spec!r}")
    key = str(path.expanduser().resolve())
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = Cache(path.expanduser())
        return _SHARED[key]
