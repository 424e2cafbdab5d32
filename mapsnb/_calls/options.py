"""Checking the options of ``Client``/``AsyncClient`` once, at construction.

Each checker returns the normalised value or raises :class:`~mapsnb.errors.InvalidRequest`
naming the option and the rule, so a bad option fails where it is given, not at the first call.
No message shows a credential (URLs pass through :func:`mapsnb._redact.redact_url`).
"""

from __future__ import annotations

import datetime as dt
import math
import operator
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from mapsnb._redact import redact_url
from mapsnb.errors import InvalidRequest

#: An HTTP header name (RFC 9110 ``token``).
_HEADER_NAME = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$")
_NOW_EXAMPLE = "'2026-09-18T08:00:00-07:00'"


#: The longest ``timeout=`` or ``deadline=`` accepted (a socket cannot wait much longer).
MAX_SECONDS = 86_400.0


def seconds(value: Any, field: str) -> float | None:
    """Return a finite number of seconds above 0, at most a day (``None`` stays ``None``)."""
    if value is None:
        return None
    if isinstance(value, bool) or not _is_real(value):
        raise InvalidRequest(field, f"must be a number of seconds, got {type(value).__name__}")
    try:
        number = float(value)
    except (OverflowError, ValueError):
        number = math.inf
    if not math.isfinite(number) or not 0 < number <= MAX_SECONDS:
        raise InvalidRequest(
            field,
            f"must be a finite number of seconds above 0 and at most {MAX_SECONDS:,.0f} "
            f"(a day), got {value!r:.40}",
        )
    return number


def whole(value: Any, field: str, minimum: int, maximum: int | None = None) -> int:
    """Return an ``int`` (not a bool, not a float) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool):
        raise InvalidRequest(field, f"must be a whole number, got {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise InvalidRequest(
            field, f"must be a whole number (an int), got {type(value).__name__} {value!r:.40}"
        ) from None
    if number < minimum or (maximum is not None and number > maximum):
        bound = f"from {minimum} to {maximum:,}" if maximum is not None else f">= {minimum}"
        raise InvalidRequest(field, f"must be {bound}, got {number}")
    return number


def optional_whole(value: Any, field: str, minimum: int) -> int | None:
    """:func:`whole`, with ``None`` meaning no limit."""
    return None if value is None else whole(value, field, minimum)


def url(value: Any) -> str:
    """Return an ``http``/``https`` URL with a host, no whitespace and no control characters."""
    if not isinstance(value, str):
        raise InvalidRequest("url", f"must be a string, got {type(value).__name__}")
    shown = redact_url(value)
    for i, ch in enumerate(value):
        if ch.isspace() or not ch.isprintable():
            where = "at its end (a trailing newline?)" if i >= len(value.rstrip()) else f"at {i}"
            raise InvalidRequest(
                "url", f"contains whitespace or a control character (U+{ord(ch):04X}) {where}"
            )
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port out of range or not a number
    except ValueError as exc:
        raise InvalidRequest("url", f"is not a valid URL ({exc}): {shown!r:.200}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise InvalidRequest("url", f"must start with http:// or https://, got {shown!r:.200}")
    if not parts.hostname:
        raise InvalidRequest("url", f"names no host: {shown!r:.200}")
    problem = url_problem(value)
    if problem:
        raise InvalidRequest("url", f"is not a valid URL ({problem}): {shown!r:.200}")
    return value


def url_problem(value: str) -> str | None:
    """Why httpx cannot send to ``value`` (an invalid IDNA host name, …), or ``None``."""
    import httpx

    try:
        httpx.Request("POST", value)  # also builds the Host header (IDNA)
    except (httpx.InvalidURL, ValueError) as exc:  # idna's errors are ValueErrors
        return redact_url(str(exc))[:200]
    return None


def headers(value: Any) -> dict[str, str]:
    """Return a dict of header names (RFC 9110 tokens) to printable ASCII values (values never shown)."""
    from mapsnb._transport.secrets import normalise

    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidRequest("headers", f"must be a dict of str to str, got {type(value).__name__}")
    out: dict[str, str] = {}
    for name, text in value.items():
        if not isinstance(name, str) or not _HEADER_NAME.match(name):
            raise InvalidRequest(
                "headers", f"{name!r:.60} is not an HTTP header name (letters, digits, -_.!#…)"
            )
        if not isinstance(text, str):
            raise InvalidRequest(
                f"headers[{name!r}]", f"must be a string, got {type(text).__name__}"
            )
        out[name] = normalise(text, f"headers[{name!r}]")
    return out


def now(value: Any) -> dt.datetime | None:
    """Return the emulator's fixed clock as an aware UTC datetime (``None``: the real clock)."""
    if value is None:
        return None
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError as exc:
            raise InvalidRequest(
                "now",
                f"must be an ISO 8601 date-time such as {_NOW_EXAMPLE}, got {text!r:.60} ({exc})",
            ) from None
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        raise InvalidRequest("now", f"must be a date-time, not a date: e.g. {_NOW_EXAMPLE}")
    if not isinstance(value, dt.datetime):
        raise InvalidRequest(
            "now",
            f"must be a datetime or an ISO 8601 string such as {_NOW_EXAMPLE}, "
            f"got {type(value).__name__}",
        )
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    try:
        utc: dt.datetime = value.astimezone(dt.UTC)
        return utc
    except (OverflowError, ValueError):
        raise InvalidRequest("now", f"is out of range: {value!r:.60}") from None


def choice(value: Any, field: str, allowed: tuple[Any, ...]) -> Any:
    """``value`` when it is one of ``allowed``."""
    if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
        names = ", ".join(repr(a) for a in allowed)
        raise InvalidRequest(field, f"must be one of {names}, got {value!r:.60}")
    return value


def calls_per_minute(value: Any) -> float:
    """Return a finite rate of at least 1 call per minute."""
    if isinstance(value, bool) or not _is_real(value):
        raise InvalidRequest(
            "calls_per_minute", f"must be a number, got {type(value).__name__} {value!r:.40}"
        )
    try:
        rate = float(value)
    except (OverflowError, ValueError):
        rate = math.inf
    if not math.isfinite(rate) or rate < 1:
        raise InvalidRequest("calls_per_minute", f"must be a finite number >= 1, got {value!r:.40}")
    return rate


def _is_real(value: Any) -> bool:
    import numbers

    return isinstance(value, numbers.Real)
