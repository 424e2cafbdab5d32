"""Sans-IO pieces of MCP streamable HTTP: JSON-RPC messages, bodies, envelopes, errors.

Nothing here does I/O; :mod:`mapsnb._calls.client` drives it with httpx, sync or async.
"""

from __future__ import annotations

import codecs
import json
import re
import warnings
import weakref
from collections.abc import Mapping
from datetime import UTC
from typing import Any

import httpx

from mapsnb import settings
from mapsnb._transport import access as access
from mapsnb._transport.access import text_blocks
from mapsnb._transport.secrets import (
    escapes_may_hide_secret,
    mentions_secret,
    redact,
    redact_obj,
)
from mapsnb._version import __version__
from mapsnb.errors import (
    RPC_CODES,
    RPC_STATUSES,
    AuthError,
    PayloadShapeWarning,
    ProtocolError,
    ToolError,
)

META_PROTOCOL = "io.modelcontextprotocol/protocolVersion"
META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo"
META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
ACCEPT = "application/json, text/event-stream"
_STATUS_PREFIX = re.compile(r"^\s*([A-Z][A-Z_]+[A-Z])\s*[:\-]\s*(.*)$", re.S)
#: What the official Python SDK puts before the message of a tool that raised.
_SDK_PREFIX = re.compile(r"^\s*Error executing tool [\w.\-]+:\s*")
#: The proto-JSON notice of an argument the server could not read (REAL_SERVER.md, 2026-12).
_INVALID_VALUE = re.compile(r"Invalid value at '([^']{1,200})'")
#: JSON-RPC error codes mapped to google.rpc statuses.
_JSONRPC_STATUS = {-32602: "INVALID_ARGUMENT", -32601: "UNIMPLEMENTED", -32603: "INTERNAL"}


def client_info() -> dict[str, str]:
    """``clientInfo`` of this library."""
    return {"name": settings.client_name, "version": __version__}


def request_message(msg_id: int, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
    """Return a JSON-RPC 2.0 request."""
    msg: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def initialize_params() -> dict[str, Any]:
    """Params of ``initialize`` for the session-style handshake."""
    return {
        "protocolVersion": settings.session_protocol_version,
        "capabilities": {},
        "clientInfo": client_info(),
    }


def stateless_meta() -> dict[str, Any]:
    """``params._meta`` of a stateless (2026-07-28) request."""
    return {
        META_PROTOCOL: settings.stateless_protocol_version,
        META_CAPABILITIES: {},
        META_CLIENT_INFO: client_info(),
    }


def snippet(text: str, limit: int = 300) -> str:
    """Return the start of a body, for error messages (live credentials replaced by ``***``)."""
    text = redact(text)
    return text[:limit] + ("…" if len(text) > limit else "")


def parse_sse(text: str) -> list[str]:
    r"""Return the data of each complete event in an SSE body (multi-line ``data:`` joined by ``\n``).

    An event is complete when a blank line ends it; a final event without one is incomplete
    (a truncated stream) and left out.
    """
    events: list[str] = []
    data: list[str] = []
    has_data = False
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[:-1]:
        if line == "":
            if has_data:
                events.append("\n".join(data))
            data, has_data = [], False
        elif line.startswith(":"):
            continue
        else:
            name, _, value = line.partition(":")
            if value.startswith(" "):
                value = value[1:]
            if name == "data":
                data.append(value)
                has_data = True
    return events


#: A lone surrogate in decoded text (a valid pair has become one astral character by then).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: What can put a lone surrogate into decoded JSON: a ``\uD800``–``\uDFFF`` escape, or one raw.
_MAY_HOLD_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


def whole_text(value: Any) -> Any:
    r"""``value`` (decoded JSON) with every lone surrogate replaced by U+FFFD, in place.

    ``"\ud800"`` is valid JSON but not valid Unicode: such text cannot be encoded as UTF-8, so
    it would break whatever writes it later (a chart saved as PDF, a terminal, an HTML page).
    Text from answers is made whole once, where it is decoded (here and in the stores' readers).
    Dict keys are replaced too; iterative, so any nesting depth is fine.
    """
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if any(isinstance(k, str) and _LONE_SURROGATE.search(k) for k in node):
                pairs = list(node.items())  # rebuilt in order, keys made whole
                node.clear()
                node.update((_LONE_SURROGATE.sub("\ufffd", k), v) for k, v in pairs)
            items: Any = node.items()
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        for key, item in list(items):
            if isinstance(item, str):
                if _LONE_SURROGATE.search(item):
                    node[key] = _LONE_SURROGATE.sub("\ufffd", item)
            elif isinstance(item, (dict, list)):
                stack.append(item)
    return value


def may_hold_surrogates(text: str | bytes) -> bool:
    """Return True when decoding the JSON ``text`` may give a lone surrogate (a cheap test first)."""
    if isinstance(text, bytes):
        return b"\\u" in text or b"\xed" in text  # an escape, or CESU/surrogatepass bytes
    return _MAY_HOLD_SURROGATE.search(text) is not None


def _loads(text: str, *, lenient: bool = False) -> Any:
    """Parse JSON, raising only named errors.

    :class:`json.JSONDecodeError` for text that is not JSON (also for absurd nesting) and
    :class:`ProtocolError` for JSON Python cannot hold (an integer of thousands of digits;
    ``lenient`` reads it as a float instead, for refusals). Lone surrogates in its strings are
    replaced (:func:`whole_text`).
    """
    try:
        value = json.loads(text, parse_int=_lenient_int) if lenient else json.loads(text)
        return whole_text(value) if may_hold_surrogates(text) else value
    except RecursionError:
        raise json.JSONDecodeError("JSON nested too deeply", text[:40], 0) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # "Exceeds the limit (4300 digits) for integer string conversion"
        raise ProtocolError(
            f"the answer holds a number mapsnb cannot read ({str(exc).split(';')[0]})",
            snippet(text, 120),
        ) from None


def _lenient_int(digits: str) -> int | float:
    """Return an int, or a float (``inf``) when it has too many digits for an int."""
    return int(digits) if len(digits) < 4000 else float(digits)


def _answers(msg: Any, msg_id: int) -> bool:
    """Return True when ``msg`` is a JSON-RPC response to request ``msg_id`` (same id, same type)."""
    return (
        isinstance(msg, Mapping)
        and type(msg.get("id")) is type(msg_id)
        and msg.get("id") == msg_id
        and ("result" in msg or "error" in msg)
    )


def _strict(content: bytes, encoding: str) -> str | None:
    try:
        return content.decode(encoding)
    except (UnicodeError, LookupError):  # an unknown or lying charset
        return None


def _is_utf8(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def body_text(response: httpx.Response) -> str:
    """Return the body as text, BOM dropped; never raises for a lying or unknown charset.

    JSON and SSE are UTF-8 (RFC 8259, the SSE standard): a body that is valid UTF-8 reads as
    such whatever its ``charset`` says (a ``charset=utf-32`` on a UTF-8 body); otherwise the
    declared charset (a real UTF-16 or Latin-1 body); otherwise UTF-8 with replacement
    characters. A declared charset that is not what the body is gives a PayloadShapeWarning.
    """
    known = _TEXTS.get(response)
    if known is not None:  # read once per answer (and warned about once)
        return known
    content = response.content
    declared = response.charset_encoding
    other = declared if declared and not _is_utf8(declared) else None
    text = _strict(content, "utf-8")
    if text is not None and "\x00" not in text:
        if other is not None and _strict(content, other) != text:
            _warn_charset(other, "it is UTF-8; read as UTF-8")
    elif other is not None and (text := _strict(content, other)) is not None:
        pass
    else:
        text = content.decode("utf-8", errors="replace")
        if other is not None:
            _warn_charset(other, "it is neither that nor UTF-8; read as UTF-8, bad bytes replaced")
    text = text[1:] if text.startswith("\ufeff") else text
    _TEXTS[response] = text
    return text


#: The text of each answer still in memory (several readers look at one answer's body).
_TEXTS: weakref.WeakKeyDictionary[httpx.Response, str] = weakref.WeakKeyDictionary()


def _warn_charset(declared: str, what: str) -> None:
    warnings.warn(
        f"the answer says charset={declared[:40]!r} but {what}",
        PayloadShapeWarning,
        stacklevel=4,
    )


def _parse(text: str, *, lenient: bool = False) -> Any:
    r"""Return the JSON value of (already redacted) ``text``, its decoded strings redacted too.

    A credential spelled with JSON escapes (``\u0041IzaSy…``) is caught by :func:`redact` on
    the text already; this is the second net, on the strings as decoded.
    """
    value = _loads(text, lenient=lenient)
    if escapes_may_hide_secret(text) and mentions_secret(json.dumps(value, ensure_ascii=False)):
        value = redact_obj(value)
    return value


def read_message(response: httpx.Response, msg_id: int) -> dict[str, Any] | None:
    """Return the JSON-RPC response with ``msg_id`` in a JSON or SSE body.

    Returns ``None`` for an empty body (202 Accepted). Raises :class:`ProtocolError` for bodies
    that are not JSON-RPC, a JSON answer to another request (another id), or an SSE stream that
    ends before the response. An error with id ``null`` (the request itself refused) is returned.
    """
    # redacted before it is bound: a server echoing the key leaves it in no local (tracebacks
    # that show locals) and in no parsed value
    text = redact(body_text(response), urls=False)
    ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if not text.strip():
        return None
    if ctype == "text/event-stream":
        candidates: list[Any] = []
        for data in parse_sse(text):
            try:
                candidates.append(_parse(data))
            except json.JSONDecodeError:
                raise ProtocolError(
                    "an SSE event carried data that is not JSON", snippet(data)
                ) from None
        for msg in candidates:
            if _answers(msg, msg_id):
                return dict(msg)
        raise ProtocolError(
            f"the event stream ended without the response to request {msg_id} (truncated SSE?)",
            snippet(text),
        )
    try:
        body = _parse(text)
    except ProtocolError:  # a number Python cannot hold: a refusal is still read as one
        if response.status_code >= 400 and access.is_refusal(_maybe_json(text, lenient=True)):
            raise auth_error(response) from None
        raise
    except json.JSONDecodeError:
        hint = " Does the URL end in /mcp?" if ctype.startswith("text/html") else ""
        raise ProtocolError(
            f"HTTP {response.status_code}: the body is not JSON ({ctype or 'no content type'}).{hint}",
            snippet(text),
        ) from None
    if response.status_code >= 400 and access.is_refusal(body):
        raise auth_error(response)  # e.g. HTTP 400 API_KEY_INVALID in a Google error body
    if isinstance(body, list):
        body = next((m for m in body if _answers(m, msg_id)), None)
    if not isinstance(body, Mapping) or ("result" not in body and "error" not in body):
        raise ProtocolError(f"HTTP {response.status_code}: not a JSON-RPC response", snippet(text))
    if not _answers(body, msg_id) and not ("error" in body and body.get("id") is None):
        raise ProtocolError(
            f"HTTP {response.status_code}: the answer is for request id {body.get('id')!r}, "
            f"not {msg_id}",
            snippet(text),
        )
    return dict(body)


def split_status(text: str) -> tuple[str | None, str]:
    """``"NOT_FOUND: no such place"`` -> ``("NOT_FOUND", "no such place")``.

    A leading ``"Error executing tool NAME: "`` (added by the official Python SDK) is skipped.
    """
    m = _STATUS_PREFIX.match(_SDK_PREFIX.sub("", text, count=1))
    if m and m.group(1) in RPC_STATUSES:
        return m.group(1), m.group(2).strip()
    return None, text.strip()


def _status_from(obj: Mapping[str, Any]) -> tuple[int | None, str | None]:
    status = obj.get("status")
    code = obj.get("code")
    if isinstance(status, str) and status in RPC_STATUSES:
        return RPC_STATUSES[status], status
    if isinstance(code, int) and 0 <= code <= 16:
        return code, RPC_CODES[code]
    return None, None


def tool_error_from_rpc(error: Any, tool: str | None) -> ToolError | AuthError:
    """Return a :class:`ToolError` from a JSON-RPC ``error`` object (or whatever stands in its place).

    An :class:`AuthError` when it says PERMISSION_DENIED or UNAUTHENTICATED.
    """
    if not isinstance(error, Mapping):
        error = {"message": "" if error is None else str(error)}
    refusal = access.read_refusal({"error": error}, "")
    if refusal.status in access.ACCESS_STATUSES:
        return access.access_error(refusal, access.http_status_of(refusal.status))
    message = str(error.get("message", "")).strip()
    data = error.get("data")
    code: int | None = None
    status: str | None = None
    if isinstance(data, Mapping):
        inner = data.get("error", data)
        if isinstance(inner, Mapping):
            code, status = _status_from(inner)
            message = str(inner.get("message") or message)
    if status is None and isinstance(error.get("status"), str):  # a Google API error body
        code, status = _status_from(error)
    if status is None:
        status, message = split_status(message)
    if status is None:
        rpc_code = error.get("code")
        status = (
            _JSONRPC_STATUS.get(rpc_code, "UNKNOWN") if isinstance(rpc_code, int) else "UNKNOWN"
        )
    if code is None:
        code = RPC_STATUSES.get(status, 2)
    err = ToolError(
        redact(message) or "tool call failed",
        code=code,
        status=status,
        details=redact_obj(data),
        tool=tool,
    )
    err.jsonrpc_code = error.get("code")  # type: ignore[attr-defined]
    return err


def tool_error_from_result(result: Mapping[str, Any], tool: str | None) -> ToolError | AuthError:
    """Return a :class:`ToolError` from a ``tools/call`` result with ``isError: true``.

    An :class:`AuthError` when the result says PERMISSION_DENIED or UNAUTHENTICATED.
    """
    refusal = access.refusal_from_result(result)
    if access.is_access_refusal(refusal):  # also a plain access text in an HTTP 200 result
        return access.access_error(refusal, access.http_status_of(refusal.status))
    structured = result.get("structuredContent")
    text = "\n".join(text_blocks(result)).strip()
    for candidate in (structured, _maybe_json(text)):
        if isinstance(candidate, Mapping):
            inner = candidate.get("error", candidate)
            if isinstance(inner, Mapping) and "message" in inner:
                code, status = _status_from(inner)
                status = status or "UNKNOWN"
                return ToolError(
                    redact(str(inner["message"])),
                    code=code if code is not None else RPC_STATUSES.get(status, 2),
                    status=status,
                    details=redact_obj(inner.get("details")),
                    tool=tool,
                )
    status, message = split_status(text)
    bad = _INVALID_VALUE.search(message)
    if bad is not None and status in (None, "INVALID_ARGUMENT"):
        status = "INVALID_ARGUMENT"
        message = f"{message} (the server could not read the argument {bad.group(1)!r})"
    status = status or "UNKNOWN"
    return ToolError(
        redact(message) or "tool call failed",
        code=RPC_STATUSES.get(status, 2),
        status=status,
        tool=tool,
        field=bad.group(1) if bad is not None else None,
    )


def _maybe_json(text: str, *, lenient: bool = False) -> Any:
    if not text or text[0] not in "[{":
        return None
    try:
        return _parse(text, lenient=lenient)
    except json.JSONDecodeError:
        return None


def tool_payload(result: Mapping[str, Any], tool: str | None = None) -> Any:
    """Return the payload of a ``tools/call`` result.

    ``structuredContent`` if present, else the JSON of the text blocks. A result that is not
    JSON (a notice such as ``Invalid value at 'origin'``, even without ``isError``) raises the
    :class:`ToolError` (or :class:`AuthError`) it says, never passes for a payload.
    """
    structured = result.get("structuredContent")
    if structured is not None:
        return structured
    texts = text_blocks(result)
    parsed = [_maybe_json(t.strip()) for t in texts]
    if len(texts) == 1 and parsed[0] is not None:
        return parsed[0]
    if texts and all(p is not None for p in parsed):
        return parsed
    joined = _maybe_json("\n".join(texts).strip())
    if joined is None:
        raise tool_error_from_result(result, tool)
    return joined


def auth_error(response: httpx.Response) -> AuthError:
    """Return an :class:`AuthError` for a 401/403: the server's message (any body shape), cause and fix."""
    text = redact(body_text(response), urls=False)
    ctype = response.headers.get("content-type", "").split(";")[0].strip().lower()
    body: Any = None
    for chunk in parse_sse(text) if ctype == "text/event-stream" else [text]:
        body = _maybe_json(chunk.strip(), lenient=True)
        if body is not None:
            break
    refusal = access.read_refusal(body, text, ctype, response.reason_phrase)
    refusal = access.with_challenge(refusal, response.headers.get("www-authenticate", ""))
    return access.access_error(refusal, response.status_code)


def retry_after(response: httpx.Response) -> float | None:
    """Seconds from a ``Retry-After`` header (delta-seconds or an HTTP date)."""
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    from datetime import datetime
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:  # "-0000" or no zone at all: HTTP dates are GMT
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())
