"""Keeping credentials out of reprs, exceptions and logs."""

from __future__ import annotations

import logging
import weakref
from collections.abc import Mapping
from typing import Any

_SECRETS: weakref.WeakValueDictionary[int, _Secret] = weakref.WeakValueDictionary()


class _Secret:
    """Holds a credential; its repr and str never show it."""

    __slots__ = ("__weakref__", "_value")

    def __init__(self, value: str) -> None:
        self._value = value
        _SECRETS[id(self)] = self

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "'***'"

    __str__ = __repr__


def secret(value: str | None) -> _Secret | None:
    """Wrap a credential (``None`` stays ``None``)."""
    return _Secret(value) if value else None


def redact(text: str) -> str:
    """Replace every live credential in ``text`` by ``***``."""
    for s in list(_SECRETS.values()):
        if s._value and s._value in text:
            text = text.replace(s._value, "***")
    return text


def redact_obj(obj: Any) -> Any:
    """A copy of a JSON-like value with every live credential in its strings replaced by ``***``."""
    if isinstance(obj, str):
        return redact(obj)
    if isinstance(obj, Mapping):
        return {redact_obj(k): redact_obj(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [redact_obj(v) for v in obj]
    return obj


class RedactingFilter(logging.Filter):
    """A logging filter that removes live credentials from records (messages and arguments)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if _SECRETS:
            message = record.getMessage()
            clean = redact(message)
            if clean != message:
                record.msg, record.args = clean, None
        return True


_FILTER = RedactingFilter()


def install_log_filter() -> None:
    """Attach the redacting filter to the loggers that see HTTP traffic (idempotent)."""
    for name in (
        "httpx",
        "httpcore",
        "httpcore.connection",
        "httpcore.http11",
        "httpcore.http2",
        "httpcore.proxy",
        "mapsnb",
    ):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
