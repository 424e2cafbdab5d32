"""What is said about a recording before it is shared: credentials in it, ``show`` and ``check``.

:func:`find_secrets` scans text for this session's key and token and for anything shaped like a
key, token or auth header (a recording is never written with one). :func:`describe` is
``mapsnb recording show`` (calls, dates, sources, who recorded what, calls that cannot be read);
:func:`check` is ``mapsnb recording check`` (parseable, no credentials, recent, not future).
Everything they return is safe to print.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mapsnb import settings
from mapsnb._read.credits import SYNTHETIC_SOURCES, payload_is_synthetic
from mapsnb._store.cache_file import json_text
from mapsnb._store.recording_file import FUTURE_SLACK, load, parse_time, printable
from mapsnb._transport.secrets import redact
from mapsnb.errors import MapsnbError

__all__ = ["check", "describe", "find_secrets", "ignore_lines", "synthetic"]

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


def find_secrets(text: str) -> list[str]:
    """Return what in ``text`` looks like a credential (empty when nothing does)."""
    found = ["a credential of this session"] if redact(text) != text else []
    found += [what for what, pattern in _SECRET_PATTERNS if pattern.search(text)]
    return found


def ignore_lines(path: str | os.PathLike[str]) -> list[str]:
    """Return the ``.gitignore`` lines of what mapsnb writes beside a recording.

    Its lock, files set aside and half-written temporaries: commit the recording, not these.
    """
    name = Path(path).name
    return [f".{name}.lock", f".{name}.lock.d/", f"{name}.unreadable-*", f".{name}.*.tmp"]


def synthetic(calls: list[dict[str, Any]]) -> int:
    """How many recorded calls were answered by the emulator (synthetic data)."""
    return sum(
        str(c.get("source")) in SYNTHETIC_SOURCES
        or ("payload" in c and payload_is_synthetic(c["payload"]) is True)
        for c in calls
    )


def describe(path: str | os.PathLike[str]) -> str:
    """Return a summary of a recording: its clock, calls, dates, sources and writers (safe to print)."""
    data = load(path, warn=False)
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
    writers = Counter(_writer(c) for c in calls)
    lines.append(
        "  written by: "
        + ("; ".join(f"{w}: {n} call(s)" for w, n in writers.most_common()) or "nobody")
    )
    lines.append("  .gitignore (beside it): " + printable(" ".join(ignore_lines(path)), 600))
    for problem in data["skipped"]:
        lines.append(f"  skipped (cannot be read): {printable(problem, 400)}")
    for i, call in enumerate(calls):
        args = json_text(call["arguments"], sort_keys=True)
        args = args if len(args) <= 100 else args[:99] + "…"
        failed = f" -> {call['error'].get('status') or 'error'}" if "error" in call else ""
        line = f"{call['recorded_at']} {call.get('source', '?')} {call['tool']} {args}{failed}"
        lines.append(f"  [{i}] {printable(line, 400)} by {_writer(call)}")
    return "\n".join(lines)


def _writer(call: Mapping[str, Any]) -> str:
    """Who recorded a call, printable (``"unknown"`` before writers were recorded)."""
    return printable(call.get("writer") or "unknown", 200)


def check(path: str | os.PathLike[str]) -> list[str]:
    """Problems of a recording (empty when it is valid, secret-free, recent and not future)."""
    where = printable(os.fspath(path), 500)
    try:
        data = load(path, warn=False)
    except MapsnbError as exc:
        return [str(exc)]
    problems = [
        f"recording {where}: {printable(problem, 400)} (it is skipped, the others replay)"
        for problem in data["skipped"]
    ]
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    found = find_secrets(text)
    if found:
        problems.append(f"recording {where}: contains {', '.join(found)}")
    times = [t for c in data["calls"] if (t := parse_time(c.get("recorded_at")))]
    now = dt.datetime.now(dt.UTC)
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
