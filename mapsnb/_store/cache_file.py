r"""The cache's sqlite file: opened read-write or read-only, its schema checked, set aside if bad.

What can be wrong with a store, and what is done
    *read-only* (a shared course cache, a read-only folder or file system): opened with sqlite's
    ``mode=ro`` URI (``immutable=1`` when even the WAL index cannot be created), its entries are
    served and nothing is ever written, renamed or deleted. *Damaged* (not a database, failed
    integrity check) or made by *another schema version*: renamed to
    ``<name>.damaged-<time>`` or ``<name>.schema-<version>-<time>`` (never deleted) and a new
    store is started. *Busy*: the operation is skipped. :func:`classify` sorts the errors.

Also here, the JSON text both stores write and read: :func:`json_text` writes any value a JSON
answer can hold (a lone surrogate such as ``"\udce9"`` is written as its ``\u`` escape, so
UTF-8 files and sqlite take it) and refuses, by a ``ValueError`` naming the rule, what could not
be read back (nesting deeper than :data:`MAX_DEPTH`, an integer too long for Python to convert);
:func:`bounded_json` reads with the same bound (a stored row or a recording file may be hostile:
100,000 nested lists must not become a ``RecursionError``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import json
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mapsnb._transport.protocol import may_hold_surrogates, whole_text

__all__ = [
    "COLUMNS",
    "SCHEMA_VERSION",
    "Damaged",
    "OtherSchema",
    "bounded_json",
    "classify",
    "depth",
    "json_text",
    "open_read_only",
    "open_read_write",
    "set_aside",
    "utf8_safe",
    "writable",
]

#: ``PRAGMA user_version`` of a store this mapsnb writes (0: made before versions were kept).
SCHEMA_VERSION = 1
COLUMNS = ["key", "tool", "call", "payload", "source", "stored_at", "expires_at", "issued_at"]
SCHEMA = """
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
#: Deepest nesting a stored value may have, checked on write and on read (payloads are a few
#: levels deep): the cache's payloads and a recording's arguments, payloads and errors.
MAX_DEPTH = 64
#: Longest integer (in digits) Python converts from and to text (``sys.int_info``'s limit).
MAX_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 10**9
_SURROGATE = re.compile("[\ud800-\udfff]")
SIDE_FILES = ("-wal", "-shm", "-journal")


class Damaged(sqlite3.DatabaseError):
    """The store failed sqlite's integrity check."""


class OtherSchema(sqlite3.DatabaseError):
    """The store was written by another version of mapsnb (another table layout)."""

    def __init__(self, version: int, columns: list[str]) -> None:
        self.version = version
        super().__init__(f"schema version {version}, columns {', '.join(columns) or 'none'}")


def classify(exc: BaseException) -> str:
    """``"busy"``, ``"read-only"``, ``"damaged"``, ``"schema"`` or ``"other"``."""
    if isinstance(exc, OtherSchema):
        return "schema"
    if isinstance(exc, Damaged):
        return "damaged"
    if isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "read-only"
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    text = str(exc).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return "busy"
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return "read-only"
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return "read-only"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text:
        return "damaged"
    if "not a database" in text or "file is encrypted" in text:
        return "damaged"
    return "other"


def writable(path: Path) -> bool:
    """Whether this process may write the store and its side files (permission bits, mounts)."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)


def with_retries(op: Callable[[], Any], seconds: float = 10.0) -> Any:
    """Run ``op``, retrying a "database is locked" answer for up to ``seconds``."""
    deadline = time.monotonic() + seconds
    delay = 0.005
    while True:
        try:
            return op()
        except sqlite3.OperationalError as exc:
            if classify(exc) != "busy" or time.monotonic() > deadline:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.2)


def _to_wal(conn: sqlite3.Connection) -> None:
    mode = conn.execute("PRAGMA journal_mode").fetchone()
    if not mode or str(mode[0]).lower() != "wal":
        conn.execute("PRAGMA journal_mode=WAL")


def _check(conn: sqlite3.Connection, *, integrity: bool, create: bool) -> None:
    """Raise :class:`Damaged` or :class:`OtherSchema`; create the table when ``create``."""
    if integrity:
        row = conn.execute("PRAGMA quick_check").fetchone()
        if not row or row[0] != "ok":
            raise Damaged(f"integrity check failed: {row and row[0]}")
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    columns = [str(r[1]) for r in conn.execute("PRAGMA table_info(calls)")]
    ours = columns == COLUMNS if "calls" in tables else not tables
    if not ours or version not in (0, SCHEMA_VERSION):
        raise OtherSchema(version, columns)
    if create and (version != SCHEMA_VERSION or not tables):
        with_retries(lambda: conn.execute(SCHEMA))
        with_retries(lambda: conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}"))


def open_read_write(path: Path, *, integrity: bool) -> sqlite3.Connection:
    """Return a read-write connection in WAL mode (the table created, the schema checked)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):  # made as the umask says (sqlite: 0644 at most)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA busy_timeout=30000")
        _check(conn, integrity=integrity, create=False)  # before anything is written
        # switching to WAL takes an exclusive lock and sqlite answers "locked" at once
        # (no busy wait) while another process switches too: retry briefly
        with_retries(lambda: _to_wal(conn))
        conn.execute("PRAGMA synchronous=NORMAL")
        _check(conn, integrity=False, create=True)
    except BaseException:
        conn.close()
        raise
    return conn


def open_read_only(path: Path, *, integrity: bool) -> sqlite3.Connection:
    """Return a connection that writes nothing, not even side files.

    ``mode=ro`` while a writer keeps the WAL index, else ``immutable=1``; raises
    ``FileNotFoundError`` when there is no store.
    """
    if not path.is_file():
        raise FileNotFoundError(errno.ENOENT, "no cache store", str(path))
    uri = path.resolve().as_uri()
    # without a live WAL index, ``mode=ro`` would create one next to the store: read it as is
    queries = ["?mode=ro&immutable=1"]
    if Path(f"{path}-shm").exists():
        queries.insert(0, "?mode=ro")
    for query in queries:
        conn = sqlite3.connect(
            uri + query, uri=True, timeout=30.0, isolation_level=None, check_same_thread=False
        )
        try:
            conn.execute("PRAGMA busy_timeout=30000")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError as exc:
            conn.close()
            if classify(exc) == "read-only" and query != queries[-1]:
                continue
            raise
        try:
            _check(conn, integrity=integrity, create=False)
        except BaseException:
            conn.close()
            raise
        return conn
    raise sqlite3.OperationalError("unable to open database file")  # pragma: no cover


def set_aside(path: Path, label: str) -> Path:
    """Rename the store (and its side files) to ``<name>.<label>-<UTC time>``; never delete."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    os.replace(path, target)
    for suffix in SIDE_FILES:
        with contextlib.suppress(FileNotFoundError):
            os.replace(f"{path}{suffix}", f"{target}{suffix}")
    return target


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Return the nesting depth of a parsed JSON value (level by level), stopping past ``limit``."""
    depth, level = 0, [value]
    while level:
        containers = [v for v in level if isinstance(v, (dict, list))]
        if not containers:
            break
        depth += 1
        if depth > limit:
            break
        level = []
        for item in containers:
            level.extend(item.values() if isinstance(item, dict) else item)
    return depth


def json_text(value: Any, max_depth: int = MAX_DEPTH, **options: Any) -> str:
    """``value`` as JSON text that any UTF-8 writer takes and :func:`bounded_json` reads back.

    ``options`` go to :func:`json.dumps` (``ensure_ascii`` is False: text stays readable, only
    lone surrogates are escaped).

    Raises
    ------
    ValueError
        ``value`` is nested deeper than ``max_depth`` or holds an integer longer than
        :data:`MAX_INT_DIGITS` digits (the message says which); nothing is written.
    """
    levels = depth(value, max_depth)
    if levels > max_depth:
        raise ValueError(f"nested more than {max_depth} levels deep (the most a store reads)")
    try:
        text = json.dumps(value, ensure_ascii=False, **options)
    except ValueError as exc:
        if "digits" in str(exc):
            raise ValueError(
                f"holds an integer longer than {MAX_INT_DIGITS} digits (Python cannot read it back)"
            ) from None
        raise ValueError(f"not JSON ({exc})") from None
    except (TypeError, RecursionError) as exc:
        raise ValueError(f"not JSON ({exc})") from None
    return utf8_safe(text)


def utf8_safe(text: str) -> str:
    r"""``text`` with each lone surrogate written as its JSON ``\u`` escape (valid UTF-8)."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def bounded_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` that raises ``ValueError`` (never ``RecursionError``) for deep nesting.

    Lone surrogates in its strings are replaced (text read back is whole, as from a server).

    Raises
    ------
    ValueError
        Not JSON, an integer too long to read, or nested deeper than ``max_depth``.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"JSON nested deeper than {max_depth} levels") from None
    if depth(value, max_depth) > max_depth:
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    return whole_text(value) if may_hold_surrogates(text) else value
