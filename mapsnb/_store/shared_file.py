"""Files several processes share: their paths checked, a lock between processes, who writes.

A recording is shared by every kernel that names it (one notebook each, or two open at once), so
it is rewritten only under :func:`locked`: an exclusive ``flock`` (POSIX) or ``msvcrt`` lock on
a hidden ``.<name>.lock`` file beside it, and where neither works (a file system without locks)
a lock folder created atomically, taken over once it is older than :data:`STALE` seconds.
:func:`writer` names this process in what it records (the notebook or script, and its pid).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mapsnb.errors import InvalidRequest

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

__all__ = ["STALE", "LockTimeout", "checked_path", "locked", "writer"]

#: Seconds after which a fallback lock folder is taken to be left by a process that died.
STALE = 120.0
#: Errors of a file system that offers no file locks.
_NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}


class LockTimeout(OSError):
    """Another process held the file's lock for longer than the wait allowed."""


def checked_path(value: Any, name: str) -> Path:
    """``value`` as a file path, else an :class:`InvalidRequest` naming ``name`` and the rule."""
    if isinstance(value, bool) or not isinstance(value, (str, os.PathLike)):
        raise InvalidRequest(
            name, f"must be a file path (str or os.PathLike), got {type(value).__name__}"
        )
    try:
        text = os.fsdecode(os.fspath(value))
    except (TypeError, ValueError, UnicodeError) as exc:
        raise InvalidRequest(name, f"must be a file path ({exc})") from None
    if "\x00" in text:
        raise InvalidRequest(name, "must be a file path without NUL characters ('\\x00')")
    if not text.strip():
        raise InvalidRequest(name, "must be a file path, got an empty one")
    return Path(text).expanduser()


@contextlib.contextmanager
def locked(path: Path, timeout: float = 30.0) -> Iterator[None]:
    """Hold the inter-process lock of ``path`` (waiting up to ``timeout`` seconds).

    Raises
    ------
    OSError
        The lock file cannot be created (a read-only folder), or :class:`LockTimeout`.
    """
    lock = path.with_name(f".{path.name}.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        if _os_lock(fd, timeout):
            try:
                yield
            finally:
                _os_unlock(fd)
            return
    finally:
        os.close(fd)
    with _folder_lock(Path(f"{lock}.d"), timeout):
        yield


def _os_lock(fd: int, timeout: float) -> bool:
    """Take the OS lock on ``fd``; ``False`` when this file system has none."""
    deadline = time.monotonic() + timeout
    delay = 0.002
    while True:
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            elif msvcrt is not None:  # pragma: no cover - Windows
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:  # pragma: no cover
                return False
            return True
        except OSError as exc:
            if exc.errno in _NO_LOCKS:
                return False
            if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK):
                raise
        if time.monotonic() > deadline:
            raise LockTimeout(errno.ETIMEDOUT, "another process holds its lock")
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


def _os_unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    elif msvcrt is not None:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


@contextlib.contextmanager
def _folder_lock(folder: Path, timeout: float) -> Iterator[None]:
    """Return the portable lock: a folder only one process can create (``mkdir`` is atomic)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            folder.mkdir()
            break
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - folder.stat().st_mtime > STALE:  # its holder died
                    folder.rmdir()
                    continue
        if time.monotonic() > deadline:
            raise LockTimeout(errno.ETIMEDOUT, "another process holds its lock")
        time.sleep(0.01)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            folder.rmdir()


def _notebook() -> str:
    """Return the notebook or script this process runs, when it can be told (a file name, no folders)."""
    names: list[Any] = [os.environ.get("JPY_SESSION_NAME")]
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython else None
    user = getattr(shell, "user_ns", None)
    if isinstance(user, dict):
        names += [user.get("__session__"), user.get("__vsc_ipynb_file__")]
    argv0 = sys.argv[0] if sys.argv and isinstance(sys.argv[0], str) else ""
    if argv0 not in ("", "-c", "-m") and "ipykernel" not in argv0:
        base = os.path.basename(argv0)
        names.append(
            f"{os.path.basename(os.path.dirname(argv0))} ({base})"
            if base == "__main__.py"
            else base
        )
    for name in names:
        if isinstance(name, str) and name.strip():
            return os.path.basename(name.strip().rstrip("/\\"))[:200]
    return ""


def writer() -> str:
    """Who records: ``"lesson1.ipynb (pid 4242)"``, or ``"pid 4242"`` when the name is unknown."""
    name = _notebook()
    return f"{name} (pid {os.getpid()})" if name else f"pid {os.getpid()}"
