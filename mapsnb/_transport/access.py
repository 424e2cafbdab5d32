"""Why the server refused the credentials, and the fix: every 401/403 body shape, one cause table.

Sans-IO. :func:`read_refusal` reads the server's own message out of any body the live server
(or a proxy in front of it) sends with a refusal: a JSON-RPC result with ``isError`` (the cause in
its text, itself plain or a Google error), a JSON-RPC ``error``, a Google API error
``{"error": {"code", "message", "status", "details"}}``, an OAuth error, HTML, plain text or
nothing. :func:`access_error` turns it into an :class:`~mapsnb.errors.AuthError` whose ``cause``
and ``fix`` say what to do (REAL_SERVER.md, last section).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mapsnb._transport.secrets import redact, redact_obj
from mapsnb.errors import RPC_CODES, AuthError

SERVICE = "mapstools.googleapis.com"
SCOPE = "https://www.googleapis.com/auth/maps-platform.mapstools"
#: google.rpc statuses that mean "your credentials", not "your request".
ACCESS_STATUSES = frozenset({"PERMISSION_DENIED", "UNAUTHENTICATED"})
#: Projects of Google's own CLI clients: an API "not enabled" there means no quota project was set.
_GCLOUD_PROJECTS = frozenset({"764086051850", "32555940559"})
_LIMIT = 600

_STATUS_PREFIX = re.compile(
    r"^\s*(?:Error executing tool [\w.\-]+:\s*)?([A-Z][A-Z_]+[A-Z])\s*[:\-]\s*"
)
_PROJECT = (
    re.compile(r"--project[= ]([\w.:-]+)"),
    re.compile(r"projects/([\w.:-]+)"),
    re.compile(r"\bproject(?: number| id)?[ :#=]+'?\"?(\d{5,})"),
    # a project id: quoted, or unquoted only with a hyphen (so "project because" is no id)
    re.compile(r"\bproject[ :=]+['\"]([a-z][a-z0-9-]{4,28}[a-z0-9])['\"]"),
    re.compile(r"\bproject[ :=]+([a-z][a-z0-9]*-[a-z0-9-]*[a-z0-9])\b"),
)
_MCP_COMMAND = re.compile(r"gcloud beta services mcp enable [\w.]+(?: --project[= ][\w.:-]+)?")


@dataclass(frozen=True)
class Refusal:
    """What a refusal body says: the server's message, status, details and ErrorInfo reason."""

    message: str
    status: str | None = None
    details: list[Any] = field(default_factory=list)
    reason: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    #: The ``WWW-Authenticate: Bearer`` challenge's parameters (``error``, ``scope``, …).
    challenge: dict[str, str] = field(default_factory=dict)


#: One ``name=value`` or ``name="quoted value"`` parameter of an auth challenge (RFC 7235).
_CHALLENGE_PARAM = re.compile(r'([A-Za-z_][\w-]*)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]+)')


def bearer_challenge(header: str) -> dict[str, str]:
    """Return the parameters of the ``Bearer`` challenge of a ``WWW-Authenticate`` header.

    As RFC 6750 writes them, e.g. ``{"error": "insufficient_scope", "scope": "https://…"}``;
    empty when there is none.
    """
    m = re.search(r"(?:^|,)\s*Bearer\b", header[:4000], re.I)
    if m is None:
        return {}
    rest = header[m.end() : 4000]
    out: dict[str, str] = {}
    for p in _CHALLENGE_PARAM.finditer(rest):
        if rest[p.start() - 1 : p.start()].strip() not in ("", ","):
            break
        value = p.group(2)
        if value.startswith('"'):
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        out.setdefault(p.group(1).lower(), value[:500])
        after = rest[p.end() :].lstrip()
        if after and not after.startswith(","):
            break
    return out


def with_challenge(refusal: Refusal, header: str) -> Refusal:
    """Add the words of the ``WWW-Authenticate`` challenge to ``refusal``.

    Used when the refusal's own message says nothing (``Forbidden``, an empty body).
    """
    challenge = bearer_challenge(header)
    if not challenge:
        return refusal
    message = refusal.message
    if challenge.get("error") and (_generic(message) or "no message" in message):
        said = challenge.get("error_description") or challenge["error"].replace("_", " ")
        message = f"{message} ({said}; WWW-Authenticate: Bearer error={challenge['error']!r})"
    return _replace(refusal, message=message, challenge=challenge)


# ------------------------------------------------------------------------------ reading bodies
def read_refusal(body: Any, text: str, content_type: str = "", reason_phrase: str = "") -> Refusal:
    """Return the server's message in a refusal, whatever its shape.

    Parameters
    ----------
    body
        The decoded JSON of the body (or of its first SSE event), ``None`` if it is not JSON.
    text
        The raw body text, used when it is not JSON (HTML, plain text).
    content_type, reason_phrase
        The response's media type and HTTP reason, the last resort for an empty body.
    """
    if body is not None:
        found = _from_json(body)
        if found is not None:
            return found
    stripped = text.strip()
    if not stripped:
        return Refusal(reason_phrase or "no message (empty body)")
    if "html" in content_type or stripped[:1] == "<":
        return Refusal(_html_text(stripped))
    return _from_text(stripped)


def _from_json(body: Any) -> Refusal | None:
    if isinstance(body, list):  # Google's batch form: [{"error": {...}}]
        each = (_from_json(b) for b in body[:10] if isinstance(b, Mapping))
        return next((r for r in each if r is not None), None)
    if not isinstance(body, Mapping):
        return None
    result = body.get("result")
    if isinstance(result, Mapping):  # JSON-RPC result, isError: the cause is in the content
        return refusal_from_result(result)
    error = body.get("error")
    if isinstance(error, Mapping):
        data = error.get("data")
        inner = data.get("error", data) if isinstance(data, Mapping) else None
        if isinstance(inner, Mapping) and any(k in inner for k in ("message", "status", "details")):
            # a JSON-RPC error carrying a Google error in ``data``: the inner fields win
            found = _from_google({**error, **inner})
            outer = str(error.get("message") or "").strip()
            if (
                inner.get("message")
                and outer
                and outer not in found.message
                and not _generic(outer)
            ):
                found = _replace(found, message=f"{outer}: {found.message}")
            return found
        return _from_google(error)
    if isinstance(error, str):  # OAuth: {"error": "invalid_token", "error_description": "..."}
        desc = body.get("error_description")
        return Refusal(f"{error}: {desc}" if desc else error)
    if "message" in body or "status" in body:
        return _from_google(body)
    return None


def text_blocks(result: Mapping[str, Any]) -> list[str]:
    """Return the text of every ``text`` content block."""
    content = result.get("content")
    if not isinstance(content, list):
        return []
    return [
        str(b.get("text", ""))
        for b in content
        if isinstance(b, Mapping) and b.get("type", "text") == "text"
    ]


def refusal_from_result(result: Mapping[str, Any]) -> Refusal:
    """Return the refusal in a ``tools/call`` result with ``isError`` (text plain or a Google error)."""
    structured = result.get("structuredContent")
    if isinstance(structured, Mapping):
        found = _from_json(structured)
        if found is not None:
            return found
    text = "\n".join(text_blocks(result)).strip()
    if text[:1] in ("{", "["):
        try:
            found = _from_json(json.loads(text))
        except (ValueError, RecursionError):  # not JSON, hostile nesting, a 5,000-digit number
            found = None
        if found is not None:
            return found
    return _from_text(text) if text else Refusal("no message (empty error result)")


def _from_google(err: Mapping[str, Any]) -> Refusal:
    message = str(err.get("message") or "").strip()
    status = err.get("status")
    code = err.get("code")
    if not isinstance(status, str) or not status.isupper():
        status = RPC_CODES.get(code) if isinstance(code, int) and 0 < code <= 16 else None
    details = err.get("details")
    details = list(details) if isinstance(details, list) else []
    if not message:
        message = status or "no message"
    found = _from_text(message)
    reason, metadata = _error_info(details)
    return Refusal(found.message, status or found.status, details, reason, metadata)


def _from_text(text: str) -> Refusal:
    m = _STATUS_PREFIX.match(text)
    if m and m.group(1) in RPC_CODES.values():
        return Refusal(text[m.end() :].strip() or text, m.group(1))
    return Refusal(text)


def _error_info(details: list[Any]) -> tuple[str | None, dict[str, Any]]:
    for d in details:
        if isinstance(d, Mapping) and isinstance(d.get("reason"), str):
            meta = d.get("metadata")
            return d["reason"], dict(meta) if isinstance(meta, Mapping) else {}
    return None, {}


def _html_text(text: str) -> str:
    title = re.search(r"<title[^>]*>(.*?)</title>", text, re.I | re.S)
    body = re.sub(r"<(script|style|title)[^>]*>.*?</\1>", " ", text, flags=re.I | re.S)
    body = html.unescape(re.sub(r"<[^>]+>", " ", body))
    body = " ".join(body.split())
    head = " ".join(html.unescape(title.group(1)).split()) if title else ""
    if head and body.startswith(head):
        body = body[len(head) :].strip()
    return " — ".join(p for p in (head, body) if p) or "an HTML page with no text"


def _generic(message: str) -> bool:
    return message.lower().rstrip(".").strip() in {
        "forbidden",
        "unauthorized",
        "permission denied",
        "internal error",
        "error",
    }


def _replace(r: Refusal, **changes: Any) -> Refusal:
    return Refusal(**{**r.__dict__, **changes})


# ----------------------------------------------------------------------------------- causes
def project_of(text: str, metadata: Mapping[str, Any] | None = None) -> str | None:
    """Return the project number or id a message (or ErrorInfo metadata) names, if any."""
    for key in ("consumer", "containerInfo", "project"):
        value = (metadata or {}).get(key)
        if isinstance(value, str) and value:
            return value.removeprefix("projects/")
    for pattern in _PROJECT:
        m = pattern.search(text)
        if m:
            return m.group(1).rstrip(".")
    return None


_KEY_RESTRICTION = {
    "API_KEY_SERVICE_BLOCKED": "api",
    "API_KEY_HTTP_REFERRER_BLOCKED": "referrer",
    "API_KEY_IP_ADDRESS_BLOCKED": "ip",
    "API_KEY_ANDROID_APP_BLOCKED": "app",
    "API_KEY_IOS_APP_BLOCKED": "app",
}
_REASONS = {
    "BILLING_DISABLED": "billing_disabled",
    "SERVICE_DISABLED": "service_disabled",
    "API_KEY_INVALID": "invalid_key",
    "API_KEY_EXPIRED": "invalid_key",
    "ACCESS_TOKEN_SCOPE_INSUFFICIENT": "insufficient_scopes",
    "ACCESS_TOKEN_EXPIRED": "invalid_token",
    "ACCESS_TOKEN_TYPE_UNSUPPORTED": "invalid_token",
    "CREDENTIALS_MISSING": "missing_credentials",
    "USER_PROJECT_DENIED": "quota_project",
    "CONSUMER_INVALID": "quota_project",
    "IAM_PERMISSION_DENIED": "iam_permission",
}
#: (cause, words any of which, lower-cased, in the message mean it), most specific first.
_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("mcp_policy", ("mcp policy", "services mcp enable", "mcp is not enabled", "mcp access")),
    ("missing_credentials", ("unregistered callers", "missing required authentication")),
    ("insufficient_scopes", ("insufficient authentication scopes", "scope_insufficient")),
    (
        "quota_project",
        (
            "x-goog-user-project",
            "quota project",
            "user project",
            "another project",
            "different project",
        ),
    ),
    ("billing_disabled", ("billing",)),
    (
        "key_restricted",
        ("are blocked", "is blocked", "api key restriction", "ip address restriction"),
    ),
    (
        "service_disabled",
        ("has not been used in project", "is disabled", "not been enabled", "is not enabled"),
    ),
    ("invalid_key", ("api key not valid", "api key expired", "invalid api key", "api_key_invalid")),
    (
        "invalid_token",
        (
            "invalid authentication credentials",
            "invalid_token",
            "token expired",
            "invalid credentials",
        ),
    ),
    (
        "iam_permission",
        (
            "the caller does not have permission",
            "permission denied on resource",
            "serviceusage.services.use",
        ),
    ),
)


#: RFC 6750 ``error`` codes of a Bearer challenge and the causes they mean.
_CHALLENGE_CAUSES = {"insufficient_scope": "insufficient_scopes", "invalid_token": "invalid_token"}


def classify(refusal: Refusal, status_code: int) -> tuple[str, str | None, str | None]:
    """``(cause, restriction, project)`` of a refusal (``cause == "unknown"`` if none fits)."""
    text = refusal.message
    low = text.lower()
    project = project_of(text, refusal.metadata)
    by_words = next((c for c, words in _WORDS if any(w in low for w in words)), None)
    cause: str | None
    restriction = None
    if refusal.reason in _KEY_RESTRICTION:
        cause, restriction = "key_restricted", _KEY_RESTRICTION[refusal.reason]
    elif by_words in ("mcp_policy", "quota_project"):
        cause = by_words  # such messages come with reasons like SERVICE_DISABLED: words first
    elif refusal.reason in _REASONS:
        cause = _REASONS[refusal.reason]
    else:
        cause = by_words
    if cause == "key_restricted" and restriction is None:
        restriction = (
            "referrer"
            if "referer" in low or "referrer" in low
            else "ip"
            if "ip address" in low or "client ip" in low
            else "app"
            if re.search(r"\b(android|ios)\b", low)
            else "api"
        )
    if cause == "service_disabled" and project in _GCLOUD_PROJECTS:
        cause, project = "quota_project", None  # gcloud's own project: no quota project was named
    if cause is None:  # the body says nothing specific: the Bearer challenge may (RFC 6750)
        cause = _CHALLENGE_CAUSES.get(refusal.challenge.get("error", ""))
    if cause is None:
        cause = (
            "unauthenticated"
            if status_code == 401 or refusal.status == "UNAUTHENTICATED"
            else "unknown"
        )
    return cause, restriction, project


def fix_for(
    cause: str,
    project: str | None,
    restriction: str | None = None,
    message: str = "",
    scope: str | None = None,
) -> str:
    """Return the specific fix of a cause, in a sentence or two a user can act on.

    ``scope``: the one the server's Bearer challenge asks for.
    """
    p = project or "PROJECT"
    in_p = f"project {project}" if project else "the project"
    if cause == "mcp_policy":
        given = _MCP_COMMAND.search(message)
        command = (
            given.group(0)
            if given and "--project" in given.group(0)
            else (f"gcloud beta services mcp enable {SERVICE} --project={p}")
        )
        return f"Enable MCP access to the Maps tools in the project: `{command}`."
    if cause == "missing_credentials":
        return (
            "No credential reached the server: set GOOGLE_MAPS_API_KEY (or pass "
            "Client(api_key=...), sent as X-Goog-Api-Key) or give an OAuth token."
        )
    if cause == "insufficient_scopes":
        wanted = ",".join((scope or SCOPE).split())
        return (
            f"The OAuth token lacks the scope {scope or SCOPE} (cloud-platform alone lists the "
            "tools but every call fails): get a token with it, e.g. `gcloud auth "
            f"application-default login --scopes={wanted},https://www.googleapis.com/auth/cloud-platform`."
        )
    if cause == "quota_project":
        return (
            "Name the project to bill: Client(..., quota_project='MY_PROJECT') (sends "
            "X-Goog-User-Project) or `gcloud auth application-default set-quota-project "
            "MY_PROJECT`; the caller needs serviceusage.services.use on it."
        )
    if cause == "billing_disabled":
        return (
            f"Enable billing for {in_p} (even the $0 resolution tools need it): "
            f"https://console.cloud.google.com/billing/linkedaccount?project={p}"
        )
    if cause == "key_restricted":
        where = {
            "api": f"add the Maps tools API ({SERVICE}) to the key's API restrictions",
            "referrer": "a key restricted to HTTP referrers cannot be used from Python: "
            "use IP-address restrictions (or none) for a server-side key",
            "ip": "add this machine's public IP address to the key's IP restrictions",
            "app": "a key restricted to Android/iOS apps cannot be used from Python: "
            "use a key with IP-address restrictions",
        }[restriction or "api"]
        return (
            "The API key's restrictions refuse this call (Cloud Console > APIs & Services > "
            f"Credentials > the key): {where}."
        )
    if cause == "service_disabled":
        return f"Enable the service in a billed project: `gcloud beta services enable {SERVICE} --project={p}`."
    if cause == "invalid_key":
        return (
            "The API key is not valid (mistyped, deleted or expired): copy it again from Cloud "
            "Console > APIs & Services > Credentials into GOOGLE_MAPS_API_KEY."
        )
    if cause == "invalid_token":
        return (
            "The OAuth token is invalid or expired (they last about an hour): get a fresh one, "
            "e.g. `gcloud auth application-default print-access-token`."
        )
    if cause == "iam_permission":
        return (
            f"The caller lacks permission in {in_p} (mcp.tools.call): grant it the MCP Tool User "
            "role (roles/mcp.toolUser) and roles/serviceusage.serviceUsageConsumer, e.g. `gcloud "
            f"projects add-iam-policy-binding {p} --member=serviceAccount:SA_EMAIL "
            "--role=roles/mcp.toolUser` (and check the key or token belongs to the caller)."
        )
    if cause == "unauthenticated":
        return (
            "Check the API key (GOOGLE_MAPS_API_KEY) or the OAuth token: the server did not "
            "accept it."
        )
    return AuthError.HINT


def access_error(refusal: Refusal, status_code: int) -> AuthError:
    """Return an :class:`AuthError` with the redacted server message, its cause and its fix."""
    message = redact(refusal.message)
    if len(message) > _LIMIT:
        message = message[:_LIMIT] + "…"
    cause, restriction, project = classify(refusal, status_code)
    return AuthError(
        status_code,
        message,
        cause=cause,
        fix=redact(
            fix_for(cause, project, restriction, refusal.message, refusal.challenge.get("scope"))
        ),
        project=project,
        status=refusal.status,
        reason=refusal.reason,
        details=redact_obj(refusal.details),
    )


def is_refusal(body: Any) -> bool:
    """Return True for a Google error body (not JSON-RPC) that refuses the credentials.

    Google answers an invalid API key with HTTP 400 ``INVALID_ARGUMENT``/``API_KEY_INVALID``:
    it is an access problem whatever the status code.
    """
    if isinstance(body, list) and body:
        body = body[0]
    if (
        not isinstance(body, Mapping)
        or "jsonrpc" in body
        or not isinstance(body.get("error"), Mapping)
    ):
        return False
    found = _from_json(body)
    return found is not None and (
        found.status in ACCESS_STATUSES
        or found.reason in _REASONS
        or found.reason in _KEY_RESTRICTION
    )


def is_access_refusal(refusal: Refusal) -> bool:
    """Return True when a tool's error notice refuses access although it came as HTTP 200 + ``isError``.

    An access status, an access ErrorInfo reason, or (with no status at all) the words of an
    access cause: MCP policy, unregistered callers, scopes, an invalid key…
    """
    if refusal.status in ACCESS_STATUSES:
        return True
    if refusal.reason in _REASONS or refusal.reason in _KEY_RESTRICTION:
        return True
    if refusal.status is not None:
        return False
    low = refusal.message.lower()
    return any(w in low for _, words in _WORDS for w in words)


def http_status_of(status: str | None) -> int:
    """Return the HTTP status Google uses for a google.rpc status (401 or 403)."""
    return 401 if status == "UNAUTHENTICATED" else 403
