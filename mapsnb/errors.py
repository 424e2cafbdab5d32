"""Exceptions raised by mapsnb.

Every error derives from :class:`MapsnbError`. Messages never contain the API key or
the bearer token (see :func:`mapsnb._redact.redact`).
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = [
    "RPC_CODES",
    "AuthError",
    "BudgetExceeded",
    "DeadlineExceeded",
    "EmptyResultWarning",
    "InvalidRequest",
    "MapsnbError",
    "NothingToDraw",
    "OmittedDataWarning",
    "PayloadShapeWarning",
    "PolylineError",
    "ProtocolError",
    "RateLimited",
    "ReplayMiss",
    "ResponseTooLarge",
    "ToolError",
    "ToolNotOffered",
    "TransportError",
    "UnsupportedInput",
]

#: ``google.rpc.Code`` names by number.
RPC_CODES: dict[int, str] = {
    0: "OK",
    1: "CANCELLED",
    2: "UNKNOWN",
    3: "INVALID_ARGUMENT",
    4: "DEADLINE_EXCEEDED",
    5: "NOT_FOUND",
    6: "ALREADY_EXISTS",
    7: "PERMISSION_DENIED",
    8: "RESOURCE_EXHAUSTED",
    9: "FAILED_PRECONDITION",
    10: "ABORTED",
    11: "OUT_OF_RANGE",
    12: "UNIMPLEMENTED",
    13: "INTERNAL",
    14: "UNAVAILABLE",
    15: "DATA_LOSS",
    16: "UNAUTHENTICATED",
}
#: ``google.rpc.Code`` numbers by name.
RPC_STATUSES: dict[str, int] = {v: k for k, v in RPC_CODES.items()}


class MapsnbError(Exception):
    """Base class of every mapsnb error.

    Its message (``str``, ``repr``, ``args``) never holds a live credential: every string
    argument passes through :func:`mapsnb._redact.redact`.
    """

    def __init__(self, *args: Any) -> None:
        from mapsnb._redact import redact

        super().__init__(*(redact(a) if isinstance(a, str) else a for a in args))


class InvalidRequest(MapsnbError, ValueError):
    """A request broke a documented rule; it was not sent (nothing was billed).

    Parameters
    ----------
    field
        The parameter at fault, as a dotted path (``"location_bias.radius_m"``).
    rule
        The rule it broke, in plain words.
    """

    def __init__(self, field: str, rule: str) -> None:
        self.field = field
        self.rule = rule
        super().__init__(f"{field}: {rule}")


class ToolNotOffered(InvalidRequest):
    """The server's own ``tools/list`` does not offer this tool; nothing was sent.

    Attributes
    ----------
    tool
        The tool asked for.
    server
        Who was asked (the endpoint URL, or ``"sandbox"``).
    offered
        The tools that server lists.
    """

    def __init__(self, tool: str, server: str, offered: tuple[str, ...]) -> None:
        self.tool = tool
        self.server = server
        self.offered = offered
        super().__init__(
            tool,
            f"the server {server} does not offer this tool (its tools/list has "
            f"{', '.join(o[:80] for o in offered[:30]) or 'no tools'}); it is from a newer or "
            "older toolset than this server's",
        )


class ToolError(MapsnbError):
    """The server ran the tool and reported a failure.

    Attributes
    ----------
    code
        ``google.rpc.Code`` number (3 for ``INVALID_ARGUMENT``), or the JSON-RPC error code.
    status
        ``google.rpc.Code`` name such as ``"INVALID_ARGUMENT"`` (``"UNKNOWN"`` if not given).
    message
        The server's message.
    details
        Any structured details the server attached.
    tool
        The tool that failed, when known.
    field
        The argument the server could not read (``"origin"`` from ``Invalid value at
        'origin'``), when it names one.
    """

    def __init__(
        self,
        message: str,
        *,
        code: int = 2,
        status: str | None = None,
        details: Any = None,
        tool: str | None = None,
        field: str | None = None,
    ) -> None:
        self.field = field
        self.code = code
        self.status = status or RPC_CODES.get(code, "UNKNOWN")
        self.message = message
        self.details = details if details is not None else []
        self.tool = tool
        where = f"{tool}: " if tool else ""
        super().__init__(f"{where}{self.status}: {message}")


class AuthError(MapsnbError):
    """HTTP 401/403 (or a tool answer saying PERMISSION_DENIED/UNAUTHENTICATED): access refused.

    Attributes
    ----------
    status_code
        The HTTP status (401 or 403; the one Google uses for the status when the refusal came
        inside a 200 answer).
    message, server_message
        The server's own message (credentials redacted).
    cause
        Why, as a short name: ``"mcp_policy"``, ``"missing_credentials"``,
        ``"insufficient_scopes"``, ``"quota_project"``, ``"billing_disabled"``,
        ``"key_restricted"``, ``"service_disabled"``, ``"invalid_key"``, ``"invalid_token"``,
        ``"iam_permission"``, ``"unauthenticated"`` or ``"unknown"``.
    fix
        What to do about it (a command or a console setting).
    project
        The project number or id the server named, if any.
    status, reason
        The ``google.rpc`` status and the ErrorInfo reason (``"SERVICE_DISABLED"``), if given.
    """

    HINT = (
        "Check the API key (GOOGLE_MAPS_API_KEY) or token; enable the service in a billed project "
        "with `gcloud beta services enable mapstools.googleapis.com`, and if the message mentions "
        "an MCP policy, `gcloud beta services mcp enable mapstools.googleapis.com`."
    )

    def __init__(
        self,
        status_code: int,
        message: str,
        *,
        cause: str = "unknown",
        fix: str | None = None,
        project: str | None = None,
        status: str | None = None,
        reason: str | None = None,
        details: Any = None,
    ) -> None:
        self.status_code = status_code
        self.message = self.server_message = message
        self.cause = cause
        self.fix = fix or self.HINT
        self.project = project
        self.status = status
        self.reason = reason
        self.details = details if details is not None else []
        super().__init__(f"HTTP {status_code}: {message}\nCause: {cause}. Fix: {self.fix}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the error despite its keyword-only arguments."""
        keys = ("cause", "fix", "project", "status", "reason", "details")
        rebuild = functools.partial(AuthError, **{k: getattr(self, k) for k in keys})
        return (rebuild, (self.status_code, self.message))


class RateLimited(MapsnbError):
    """HTTP 429 persisted after all retries."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        self.retry_after = retry_after
        super().__init__(message)


class TransportError(MapsnbError):
    """The network failed (connect error, timeout, 5xx) after all retries."""


class DeadlineExceeded(TransportError):
    """An answer did not arrive whole within ``timeout``, or the call outlasted ``deadline``.

    ``timeout`` counts after all retries; ``deadline`` bounds the whole call.
    """


class ResponseTooLarge(TransportError):
    """An answer (after decompression) was larger than the client's ``max_response_bytes``.

    Not retried: the same request would get the same answer.
    """


class PolylineError(MapsnbError, ValueError):
    """An encoded polyline is malformed or holds more points than a route may.

    Malformed: a character out of range, a truncated or overlong coordinate. The most points a
    route may hold is :data:`mapsnb.polyline.MAX_POINTS`.
    """


class ProtocolError(MapsnbError):
    """The server's answer was not valid MCP (bad JSON, truncated SSE, wrong URL).

    Attributes
    ----------
    snippet
        The first few hundred characters of the offending body.
    """

    def __init__(self, message: str, snippet: str = "") -> None:
        self.snippet = snippet
        super().__init__(f"{message}" + (f"\nBody starts: {snippet!r}" if snippet else ""))


class BudgetExceeded(MapsnbError):
    """A call or batch would pass the client's ``max_calls`` or ``max_pro_calls``.

    That call or batch was not sent (calls sent before it were; a 429 is never counted: it is not
    billed).

    Attributes
    ----------
    limit_name
        ``"max_calls"`` or ``"max_pro_calls"``.
    limit
        The limit set on the client.
    used
        Calls of that kind already made by the client.
    needed
        Calls of that kind the refused call or batch would have made.
    """

    def __init__(
        self, limit_name: str, limit: int, used: int, needed: int, *, scope: str = "call"
    ) -> None:
        self.limit_name = limit_name
        self.limit = limit
        self.used = used
        self.needed = needed
        self.scope = scope
        kind = "Pro calls" if limit_name == "max_pro_calls" else "calls"
        # what was not sent: this call (or batch) — never "nothing" when calls went out before
        unsent = f"this {scope} was not sent" + ("" if used else " (nothing was sent)")
        super().__init__(
            f"budget: {needed} more {kind} would exceed {limit_name}={limit} ({used} made so far); "
            f"{unsent}. Raise the limit (Client(..., "
            f"{limit_name}=N)), send fewer rows, or check the plan with dry_run=True"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the error despite its keyword-only argument."""
        return (
            _budget_exceeded,
            (self.limit_name, self.limit, self.used, self.needed, self.scope),
        )


class ReplayMiss(MapsnbError):
    """A call is not in the recording being replayed (and this client may not call live).

    Attributes
    ----------
    tool, arguments
        The call that was asked for.
    recording
        The recording's path.
    closest
        The most similar recorded calls, ``(tool, arguments)`` pairs, closest first.
    missing
        True when the recording file does not exist (the message says so).
    """

    def __init__(
        self,
        tool: str,
        arguments: dict[str, Any],
        recording: str,
        closest: list[tuple[str, dict[str, Any]]],
        hint: str = "",
        missing: bool = False,
    ) -> None:
        self.tool = tool
        self.arguments = arguments
        self.recording = recording
        self.closest = closest
        lines = [f"{tool} {_short(arguments)} is not in the recording {recording}"]
        if closest:
            lines.append("closest recorded calls:")
            lines.extend(f"  {name} {_short(args)}" for name, args in closest)
        else:
            lines.append(
                f"the file {recording} does not exist"
                if missing
                else "the recording holds no calls"
            )
        if hint:
            lines.append(hint)
        super().__init__("\n".join(lines))


def _budget_exceeded(name: str, limit: int, used: int, needed: int, scope: str) -> BudgetExceeded:
    return BudgetExceeded(name, limit, used, needed, scope=scope)


def _short(arguments: Any, limit: int = 300) -> str:
    import json

    text = json.dumps(arguments, sort_keys=True, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class NothingToDraw(MapsnbError, ValueError):
    """A map layer or chart has nothing to draw; the message says why and what to ask for."""


class UnsupportedInput(MapsnbError, TypeError):
    """A helper was given something it cannot read.

    For example ``mapsnb.concat`` of an object that is neither a result nor a frame of the toolkit,
    or of kinds that do not stack; the message names the item, what it is, and what the helper
    takes.
    """


class EmptyResultWarning(UserWarning):
    """A result or frame is empty for a reason the user can fix; the message says how."""


class OmittedDataWarning(UserWarning):
    """A default table left out rows the answer holds (they do not fit it).

    The message names the accessor that has them (``result.daily_weather``, ``result.pollutants``).
    """


class PayloadShapeWarning(UserWarning):
    """A tool payload did not match the expected shape; the result keeps it as ``.raw``."""
