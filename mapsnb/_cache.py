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
    A corrupted or truncated store is moved aside and rebuilt empty with a
    :class:`CacheWarning`; a locked one makes the call a miss. The cache never raises.

Honest TTLs
    By tool and time mode (see :data:`DEFAULT_TTLS`); never more than the 30 days Google's Maps
    Platform terms allow for caching. Errors are never cached (only successful payloads reach
    :meth:`Cache.put`).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import hashlib
import json
import math
import os
import re
import sqlite3
import threading
import time
import unicodedata
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import settings
from ._secrets import redact
from .errors import InvalidRequest, MapsnbError

__all__ = [
    "DEFAULT_TTLS",
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
_SCHEMA = """
CREATE TABLE IF NOT EXISTS calls (
    key TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    call TEXT NOT NULL,
    payload TEXT NOT NULL,
    source TEXT NOT NULL,
    stored_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    issued_at TEXT
)
"""
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _to_wal(conn: sqlite3.Connection) -> None:
    mode = conn.execute("PRAGMA journal_mode").fetchone()
    if not mode or str(mode[0]).lower() != "wal":
        conn.execute("PRAGMA journal_mode=WAL")


def _with_retries(op: Callable[[], Any], seconds: float = 10.0) -> Any:
    """Run ``op``, retrying a "database is locked" answer for up to ``seconds``."""
    deadline = time.monotonic() + seconds
    delay = 0.005
    while True:
        try:
            return op()
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.2)


class CacheWarning(UserWarning):
    """The cache store was unreadable (rebuilt) or busy (the call went to the server)."""


# ----------------------------------------------------------------------------- keys
def canonical(value: Any) -> Any:
    """One spelling of a JSON-like value: snake_case names, no nulls, normalised numbers and text.

    Sorting happens when the value is dumped (:func:`call_key`). Lists keep their order (the
    order of waypoints and of batch queries matters).
    """
    if isinstance(value, Mapping):
        return {
            _CAMEL.sub("_", str(k)).lower(): canonical(v) for k, v in value.items() if v is not None
        }
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return repr(value)
        value = round(value, 9)  # below a millimetre: float noise, not a different place
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value).strip()
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return str(value)


def call_key(tool: str, arguments: Mapping[str, Any], endpoint: str = "") -> str:
    """The canonical text of a tool call (tool, arguments, endpoint), sorted and compact."""
    return json.dumps(
        {"tool": tool, "arguments": canonical(arguments), "endpoint": endpoint},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def _wire_date(value: Any) -> dt.date | None:
    try:
        if isinstance(value, Mapping):
            return dt.date(int(value["year"]), int(value["month"]), int(value["day"]))
        if isinstance(value, str):
            return dt.date.fromisoformat(value[:10])
    except (KeyError, TypeError, ValueError):
        return None
    return None


def time_mode(tool: str, arguments: Mapping[str, Any], now: dt.datetime) -> str:
    """The key of :data:`DEFAULT_TTLS` for a call made at ``now`` (the client's clock).

    A weather date is a *local* date at the location: it counts as history only once it has
    ended everywhere (14 hours of zone offset on either side), so a doubt means the shorter TTL.
    """
    if tool == "lookup_weather":
        args = canonical(arguments)
        day = _wire_date(args.get("date"))
        hour = args.get("hour")
        if day is None:
            return "current" if hour is None else "forecast"
        start = dt.datetime.combine(day, dt.time(), tzinfo=dt.timezone.utc)
        if isinstance(hour, int):
            start += dt.timedelta(hours=hour)
        end = start + dt.timedelta(hours=1 if isinstance(hour, int) else 24)
        return "history" if end + dt.timedelta(hours=14) <= now else "forecast"
    return {
        "search_places": "places",
        "search_along_route": "places",
        "compute_routes": "routes",
        "resolve_names": "resolution",
        "resolve_maps_urls": "resolution",
    }.get(tool, "other")


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
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc)


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
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
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
        self._generation = 0
        self._checked = False
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
            return local.conn
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            self.path, timeout=30.0, isolation_level=None, check_same_thread=False
        )
        try:
            conn.execute("PRAGMA busy_timeout=30000")
            # switching to WAL takes an exclusive lock and sqlite answers "locked" at once
            # (no busy wait) while another process switches too: retry briefly
            _with_retries(lambda: _to_wal(conn))
            conn.execute("PRAGMA synchronous=NORMAL")
            if not self._checked:
                row = conn.execute("PRAGMA quick_check").fetchone()
                if not row or row[0] != "ok":
                    raise sqlite3.DatabaseError(f"integrity check failed: {row and row[0]}")
            _with_retries(lambda: conn.execute(_SCHEMA))
        except BaseException:
            conn.close()
            raise
        self._checked = True
        with self._lock:
            self._connections.append(conn)
        local.conn, local.pid, local.generation = conn, os.getpid(), self._generation
        return conn

    def _rebuild(self, exc: Exception) -> None:
        with self._lock:
            self._drop_connections()
            self._checked = False
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    Path(f"{self.path}{suffix}").unlink()
        warnings.warn(
            f"the mapsnb cache at {self.path} was unreadable ({exc}); it was rebuilt empty",
            CacheWarning,
            stacklevel=4,
        )

    def _run(self, what: str, op: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        """Run ``op`` on this thread's connection; rebuild a corrupt store once, never raise."""
        for attempt in (0, 1):
            try:
                return op(self._connect())
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "busy" in str(exc) or attempt:
                    warnings.warn(
                        f"the mapsnb cache is busy ({exc}); {what} skipped",
                        CacheWarning,
                        stacklevel=3,
                    )
                    return default
                self._rebuild(exc)
            except (sqlite3.DatabaseError, OSError) as exc:
                if attempt:
                    warnings.warn(
                        f"the mapsnb cache is unusable ({exc}); {what} skipped",
                        CacheWarning,
                        stacklevel=3,
                    )
                    return default
                self._rebuild(exc)
        return default  # pragma: no cover

    # -------------------------------------------------------------- the API
    @property
    def enabled(self) -> bool:
        """False inside :meth:`disabled` (in this thread or task)."""
        return not self._off.get()

    @contextlib.contextmanager
    def disabled(self) -> Iterator[None]:
        """Calls in this block (this thread or async task) neither read nor write the cache."""
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
        """The stored payload of this call, unless expired, disabled or absent."""
        if not self.enabled:
            return None
        key = _digest(call_key(tool, arguments, endpoint))
        now = self.clock()
        row = self._run(
            "a cache read",
            lambda c: c.execute(
                "SELECT payload, source, stored_at, issued_at FROM calls "
                "WHERE key = ? AND expires_at > ?",
                (key, now),
            ).fetchone(),
            None,
        )
        try:
            payload = json.loads(row[0]) if row is not None else None
            issued = dt.datetime.fromisoformat(row[3]) if row is not None and row[3] else None
        except (TypeError, ValueError):
            row = None
        with self._lock:
            if row is None:
                self.misses += 1
                return None
            self.hits += 1
        return Stored(payload, str(row[1]), _utc(float(row[2])), issued)

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
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        if redact(call) != call or redact(text) != text:
            warnings.warn(
                f"{tool}: not cached, the call or its answer contains a credential",
                CacheWarning,
                stacklevel=3,
            )
            return False
        now = self.clock()
        row = (_digest(call), tool, call, text, source, now, now + ttl, issued_at.isoformat())

        def write(c: sqlite3.Connection) -> bool:
            c.execute("INSERT OR REPLACE INTO calls VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
            return True

        stored = bool(self._run("a cache write", write, False))
        with self._lock:
            self.writes += stored
        return stored

    def clear(self) -> int:
        """Remove every entry; returns how many there were."""

        def wipe(c: sqlite3.Connection) -> int:
            return int(c.execute("DELETE FROM calls").rowcount)

        removed = int(self._run("clearing the cache", wipe, 0))
        self._run("compacting the cache", lambda c: c.execute("VACUUM"), None)
        return removed

    def prune(self) -> int:
        """Remove expired entries; returns how many."""
        now = self.clock()
        return int(
            self._run(
                "pruning the cache",
                lambda c: c.execute("DELETE FROM calls WHERE expires_at <= ?", (now,)).rowcount,
                0,
            )
        )

    def stats(self) -> CacheStats:
        """Entries (live and expired), size on disk, and this process's hits, misses and writes."""
        now = self.clock()
        counts = self._run(
            "reading cache stats",
            lambda c: c.execute(
                "SELECT COUNT(*), COALESCE(SUM(expires_at <= ?), 0) FROM calls", (now,)
            ).fetchone(),
            (0, 0),
        )
        size = sum(
            Path(f"{self.path}{s}").stat().st_size
            for s in ("", "-wal")
            if Path(f"{self.path}{s}").exists()
        )
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
    """The cache a client asked for: ``None`` reads ``MAPSNB_CACHE``; ``True``, a path or a Cache.

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
        path = Path(spec)
    else:
        raise MapsnbError(f"cache: must be True, False, a path or a mapsnb.Cache, got {spec!r}")
    key = str(path.expanduser().resolve())
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = Cache(path.expanduser())
        return _SHARED[key]
