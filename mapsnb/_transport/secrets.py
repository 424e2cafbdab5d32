"""Keeping credentials out of reprs, exceptions, logs, payloads and pickles.

A credential is normalised when it is wrapped (surrounding whitespace stripped; control and
non-ASCII characters refused without echoing it); :mod:`mapsnb._redact` then keeps it (and any
long run of it) out of every text mapsnb produces.
"""

from __future__ import annotations

import logging

from mapsnb._redact import (
    _SECRETS,
    MASK,
    MIN_RUN,
    _Secret,
    escapes_may_hide_secret,
    mentions_secret,
    redact,
    redact_obj,
)
from mapsnb.errors import InvalidRequest

__all__ = [
    "MASK",
    "MIN_RUN",
    "RedactingFilter",
    "escapes_may_hide_secret",
    "header_secrets",
    "install_log_filter",
    "is_credential_header",
    "mentions_secret",
    "normalise",
    "redact",
    "redact_obj",
    "secret",
]


def normalise(value: str, field: str = "api_key") -> str:
    """``value`` without surrounding whitespace; refuses control and non-ASCII characters.

    The error names the field and the position, never the credential itself.
    """
    if not isinstance(value, str):
        raise InvalidRequest(field, f"must be a string, got {type(value).__name__}")
    text = value.strip()
    for i, ch in enumerate(text):
        if not " " <= ch <= "~":
            kind = "a control" if ch < " " or ch == "\x7f" else "a non-ASCII"
            raise InvalidRequest(
                field,
                f"contains {kind} character at position {i} (U+{ord(ch):04X}); "
                "copy it again without hidden characters",
            )
    return text


def secret(value: str | None, field: str = "api_key") -> _Secret | None:
    """Wrap a normalised credential (``None`` stays ``None``; a blank one is refused)."""
    if value is None:
        return None
    text = normalise(value, field)
    if not text:
        raise InvalidRequest(
            field, "is blank (leave it out, or None, to use the built-in emulator)"
        )
    return _Secret(text)


#: Header names that carry a credential whatever they are called otherwise.
_CREDENTIAL_HEADERS = frozenset(
    {"x-goog-api-key", "authorization", "proxy-authorization", "cookie", "x-api-key"}
)
#: Words that make a header name a credential's (``X-My-Token``, ``X-Client-Secret``, ...).
_CREDENTIAL_WORDS = ("key", "token", "secret", "auth", "password", "passwd", "session", "cookie")
#: Headers that name something, not a credential, although a word above may appear in them.
_NOT_CREDENTIALS = frozenset({"x-goog-user-project", "mcp-session-id"})


def is_credential_header(name: str) -> bool:
    """Tell whether a header carries a credential.

    ``X-Goog-Api-Key``, ``Authorization`` and any name with key/token/secret/auth in it do;
    ``X-Goog-User-Project`` names a project, not one.
    """
    low = name.lower()
    if low in _NOT_CREDENTIALS:
        return False
    return low in _CREDENTIAL_HEADERS or any(w in low for w in _CREDENTIAL_WORDS)


def header_secrets(headers: dict[str, str]) -> list[tuple[str, _Secret]]:
    """Return the credentials extra headers carry, registered as live: ``(header name, secret)``.

    An ``Authorization: Bearer TOKEN`` registers the whole value and ``TOKEN`` (a server may
    echo either); a blank value is no credential.
    """
    found: list[tuple[str, _Secret]] = []
    for name, value in headers.items():
        if not value or not is_credential_header(name):
            continue
        found.append((name, _Secret(value)))
        scheme, _, rest = value.partition(" ")
        if rest.strip() and scheme.isalpha():  # "Bearer ya29...", "Basic dXNlcjpwYXNz"
            found.append((name, _Secret(rest.strip())))
    return found


class RedactingFilter(logging.Filter):
    """A logging filter that removes live credentials from records (message, args, traceback)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not _SECRETS:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: leave it to the handler to report
            return True
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
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
        "httpcore.socks",
        "mapsnb",
    ):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
