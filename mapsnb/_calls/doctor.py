"""``client.check()`` and ``mapsnb doctor``: does access work, and has the server drifted.

``tools/list`` answers with no credential at all, so it proves nothing about access: the check
makes one cheap real call, ``resolve_names(["Eiffel Tower"])`` (billed $0), and compares the
server's tool list with the six tools and parameters mapsnb knows (new or missing ones are
flagged, not errors). The report holds no key or token and is meant to be pasted into a bug
report; what a server sent is printed with every control character escaped (a tool name or a
message can neither hide "NOT OK" nor forge "OK").
"""

from __future__ import annotations

import datetime as dt
import html
import json
import platform
import re
import time
from collections.abc import Generator, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpx

from mapsnb import settings
from mapsnb._calls.known_tools import KNOWN_TOOLS, name_key
from mapsnb._calls.rpc import NETWORK_HINT
from mapsnb._calls.toolset import Toolset
from mapsnb._store.recording_file import printable
from mapsnb._transport import protocol as proto
from mapsnb._transport.secrets import redact, redact_obj
from mapsnb.errors import (
    AuthError,
    DeadlineExceeded,
    MapsnbError,
    RateLimited,
    ResponseTooLarge,
    ToolError,
    TransportError,
)

if TYPE_CHECKING:
    from mapsnb._calls.flow import BaseClient

#: The cheap real call: a resolution tool is billed $0 (it needs billing enabled).
ACCESS_TOOL = "resolve_names"
ACCESS_ARGUMENTS: dict[str, Any] = {"queries": [{"text": "Eiffel Tower"}]}
ACCESS_CALL = 'resolve_names(["Eiffel Tower"])'
#: Longest text of one report row (a server's message included) before it is cut with "…".
ROW_LIMIT = 4_000


@dataclass(frozen=True)
class ToolDrift:
    """How one tool on the server differs from what mapsnb knows.

    ``state`` is ``"ok"``, ``"new"`` (the server has a tool mapsnb does not know), ``"missing"``
    (a known tool the server does not list) or ``"changed"``. Parameter names are given as the
    server spells them for new ones, as mapsnb spells them for missing ones.
    """

    name: str
    state: str
    new_params: tuple[str, ...] = ()
    missing_params: tuple[str, ...] = ()
    now_required: tuple[str, ...] = ()
    new_values: tuple[str, ...] = ()
    missing_values: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line: what changed."""
        if self.state == "new":
            return f"+ {self.name}: a tool mapsnb does not know (use client.call_tool)"
        if self.state == "missing":
            return f"- {self.name}: not listed by the server"
        parts = [
            (f"new parameters {', '.join(self.new_params)}", self.new_params),
            (f"parameters not listed {', '.join(self.missing_params)}", self.missing_params),
            (f"now required {', '.join(self.now_required)}", self.now_required),
            (f"new values {', '.join(self.new_values)}", self.new_values),
            (f"values not listed {', '.join(self.missing_values)}", self.missing_values),
        ]
        return f"~ {self.name}: " + "; ".join(text for text, items in parts if items)


def _enum_values(schema: Any, depth: int = 0) -> set[str]:
    """Return the enum strings of a property schema (through ``items``/``anyOf``/``oneOf``/``allOf``)."""
    if not isinstance(schema, Mapping) or depth > 4:
        return set()
    found = {v for v in schema.get("enum") or [] if isinstance(v, str)}
    found |= _enum_values(schema.get("items"), depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        members = schema.get(key)
        if isinstance(members, list):
            for member in members:
                found |= _enum_values(member, depth + 1)
    return {v for v in found if not v.endswith("_UNSPECIFIED")}


def compare_tools(server_tools: Iterable[Any]) -> list[ToolDrift]:
    """Each known tool and each server tool, compared (names across snake/camel, any case)."""
    listed: dict[str, Mapping[str, Any]] = {}
    for tool in server_tools:
        if isinstance(tool, Mapping) and isinstance(tool.get("name"), str):
            listed.setdefault(name_key(tool["name"]), tool)
    drift = [_compare_tool(name, listed.pop(name_key(name), None)) for name in KNOWN_TOOLS]
    return drift + [ToolDrift(str(tool["name"]), "new") for tool in listed.values()]


def _compare_tool(name: str, tool: Mapping[str, Any] | None) -> ToolDrift:
    if tool is None:
        return ToolDrift(name, "missing")
    params = KNOWN_TOOLS[name]
    schema = tool.get("inputSchema")
    schema = schema if isinstance(schema, Mapping) else {}
    props = schema.get("properties")
    props = props if isinstance(props, Mapping) else {}
    required = schema.get("required")
    required_keys = sorted(
        {name_key(r) for r in required if isinstance(r, str)} if isinstance(required, list) else ()
    )
    served = {name_key(str(p)): str(p) for p in props}  # key -> the server's spelling
    known = {name_key(p): p for p in params}  # key -> mapsnb's spelling
    new_values: list[str] = []
    missing_values: list[str] = []
    for key, pname in known.items():
        if params[pname].values and key in served:
            values = _enum_values(props[served[key]])
            if values:  # a schema that lists no values says nothing about them
                extra = sorted(values - set(params[pname].values))
                new_values += [f"{served[key]}={v}" for v in extra]
                missing_values += [f"{pname}={v}" for v in params[pname].values if v not in values]
    now_required = [known[k] for k in required_keys if k in known and not params[known[k]].required]
    now_required += [served[k] for k in required_keys if k in served and k not in known]
    fields = {
        "new_params": tuple(p for k, p in served.items() if k not in known),
        "missing_params": tuple(p for k, p in known.items() if k not in served),
        "now_required": tuple(now_required),
        "new_values": tuple(new_values),
        "missing_values": tuple(missing_values),
    }
    return ToolDrift(name, "changed" if any(fields.values()) else "ok", **fields)


@dataclass
class CheckReport:
    """What ``client.check()`` / ``mapsnb doctor`` found. ``print()`` it for a report to paste.

    Attributes
    ----------
    ok
        True when the real call succeeded (drift never makes it false).
    offline
        True when the built-in emulator was checked (no key or token): nothing reached Google.
    access
        ``"verified"``, ``"refused"`` (an :class:`~mapsnb.AuthError`), ``"failed"`` or
        ``"not checked"``.
    error
        The failure of the real call, if any: type, HTTP status, cause, fix, server message.
    tools
        One :class:`ToolDrift` per known tool and per unknown server tool.
    """

    ok: bool
    offline: bool
    endpoint: str
    source: str
    credentials: str
    protocol: str
    access: str
    access_detail: str
    call_ms: float | None = None
    list_ms: float | None = None
    tool_count: int | None = None
    list_error: str | None = None
    error: dict[str, Any] | None = None
    tools: list[ToolDrift] = field(default_factory=list)
    versions: dict[str, str] = field(default_factory=dict)
    checked_at: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def drift(self) -> list[ToolDrift]:
        """The tools that differ from what mapsnb knows."""
        return [t for t in self.tools if t.state != "ok"]

    def to_dict(self) -> dict[str, Any]:
        """Return the report as JSON-ready data (no credentials)."""
        data = asdict(self)
        data["drift"] = [asdict(t) for t in self.drift]
        redacted: dict[str, Any] = redact_obj(data)
        return redacted

    def to_json(self) -> str:
        """:meth:`to_dict` as indented ASCII JSON (``mapsnb doctor --json``).

        Every control character escaped, so it is as safe to print as :meth:`lines`.
        """
        return json.dumps(self.to_dict(), indent=2).replace("\x7f", "\\u007f")

    def lines(self) -> list[str]:
        """Return the report, line by line, safe to print.

        No key or token, and every control, format or line-separator character of a server's text
        escaped (:func:`terminal_safe`).
        """
        others = " · ".join(f"{k} {v}" for k, v in self.versions.items() if k != "mapsnb")
        rows = [
            ("checked at", self.checked_at),
            ("mapsnb", f"{self.versions.get('mapsnb', '?')} · {others}"),
            ("endpoint", f"{self.endpoint} ({self.source})"),
            ("credentials", self.credentials),
            ("protocol", self.protocol),
        ]
        if self.list_error:
            rows.append(("tools/list", f"failed: {self.list_error}"))
        elif self.tool_count is not None:
            why = (
                ""
                if self.offline
                else " (answers without credentials: proves nothing about access)"
            )
            rows.append(("tools/list", f"{self.tool_count} tools in {_ms(self.list_ms)}{why}"))
        rows.append(("access", self.access_detail))
        if self.error:
            server = self.error.get("server_message")
            # the error's own text may span lines (ProtocolError: "Body starts: …"): one row
            message = str(self.error.get("message")).replace("\n", " ")
            rows.append(("", f"server said: {server}" if server else f"error: {message}"))
            if self.error.get("fix"):
                rows.append(("", f"fix: {self.error['fix']}"))
        if self.tools:
            if self.drift:
                rows.append(("tools", "drift (flagged, not an error; mapsnb keeps working):"))
                rows += [("", t.describe()) for t in self.drift]
            else:
                rows.append(("tools", f"the {len(KNOWN_TOOLS)} known tools, parameters as known"))
        rows += [("note", n) for n in self.notes]
        out = ["mapsnb doctor report (no key or token in it: safe to paste into a bug report)"]
        out += [f"  {label:<12} {terminal_safe(text)}" for label, text in rows]
        verdict = (
            "OK: checked the built-in emulator only (no key or token)."
            if self.ok and self.offline
            else "OK: live access works."
            if self.ok and self.source == "live"
            else f"OK: access to {self.source} works."
            if self.ok
            else "NOT OK: see access above."
        )
        out.append(f"RESULT: {terminal_safe(verdict)}")  # one line, always the last
        return [redact(line) for line in out]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return f"<CheckReport ok={self.ok} access={self.access!r} endpoint={self.endpoint!r}>"

    def _repr_html_(self) -> str:
        color = "#1a7f37" if self.ok else "#cf222e"
        head = "access OK" if self.ok else "access NOT OK"
        if self.offline:
            head += " (emulator only)"
        body = html.escape(str(self))
        return (
            f"<div><b style='color:{color}'>mapsnb doctor: {html.escape(head)}</b>"
            f"<pre style='white-space:pre-wrap'>{body}</pre></div>"
        )


def terminal_safe(text: Any) -> str:
    r"""Write ``text`` as one report row, whatever a server sent.

    Redacted, then every character a terminal could act on (C0/C1 controls such as ESC, CR and LF,
    bidi and other format characters, line and paragraph separators) written as
    ``\x..``/``\u....``.
    """
    return printable(redact(str(text)), ROW_LIMIT)


def _ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.0f} ms"


def _endpoint(client: BaseClient) -> str:
    if client.is_sandbox:
        return "built-in emulator (in-process, no network)"
    parts = urlsplit(client.url)
    shown = f"{parts.scheme}://{parts.hostname or ''}{f':{parts.port}' if parts.port else ''}{parts.path}"
    return shown + ("?… (query hidden)" if parts.query else "")


def _credentials(client: BaseClient) -> str:
    names = {"api_key": "API key", "token": "OAuth token", "url": "credentials in the URL"}
    kinds = [names.get(k, k) for k in client._credential_kinds()]
    text = " + ".join(kinds) + " (hidden)" if kinds else "none"
    if client.quota_project:
        text += f" · quota project {client.quota_project}"
    return text


def _protocol_mode(client: BaseClient) -> str:
    if client._mode == "session":
        version = client._negotiated or settings.session_protocol_version
        return f"session (MCP {version}; asked for {client.protocol!r})"
    return f"stateless (MCP {settings.stateless_protocol_version}; asked for {client.protocol!r})"


def _versions() -> dict[str, str]:
    return {
        "mapsnb": proto.client_info()["version"],
        "Python": platform.python_version(),
        "httpx": httpx.__version__,
        "OS": f"{platform.system()} {platform.machine()}".strip(),
    }


def _without_hint(text: str) -> str:
    """Return an error's text without the network hint that ends it ("… run `mapsnb doctor`")."""
    return text.replace(NETWORK_HINT, "").rstrip()


def _network_fix(exc: TransportError, client: BaseClient) -> str:
    """Return what to do when no usable answer came: by kind of failure, never "run mapsnb doctor"."""
    host = urlsplit(client.url).hostname or "the server"
    unchecked = "Access (the key or token) was not checked"
    proxy = "a proxy (HTTPS_PROXY / HTTP_PROXY, NO_PROXY: httpx follows them)"
    offline = (
        f"To work offline meanwhile: unset {settings.api_key_env} or use "
        "mapsnb.Client(sandbox=True) (the built-in emulator, synthetic data)."
    )
    if isinstance(exc, ResponseTooLarge):
        return (
            f"The answer from {host} was larger than max_response_bytes: check that the URL is "
            "the MCP endpoint (it ends in /mcp)."
        )
    if isinstance(exc, DeadlineExceeded):
        return (
            f"No whole answer from {host} in time: check the network and {proxy}; on a slow "
            "link allow longer (mapsnb doctor --timeout 30, or Client(timeout=30)). "
            f"{unchecked}. {offline}"
        )
    status = re.search(r": HTTP (5\d\d)\b", str(exc))
    if status:
        return (
            f"{host} answered HTTP {status.group(1)} after retries: the server, or {proxy} in "
            "between, is failing. Retry in a few minutes (Google's status: "
            "https://status.cloud.google.com) and check the URL (--url). "
            f"{unchecked}. {offline}"
        )
    return (
        f"No answer from {host}: check the network connection, {proxy}, a firewall "
        f"and the URL (--url; it ends in /mcp). {unchecked}: no request reached the server. "
        + offline
    )


def _describe_error(exc: MapsnbError, client: BaseClient) -> dict[str, Any]:
    message = redact(_without_hint(str(exc)))
    info: dict[str, Any] = {"type": type(exc).__name__, "message": message}
    if isinstance(exc, AuthError):
        info.update(
            status_code=exc.status_code,
            cause=exc.cause,
            fix=exc.fix,
            server_message=exc.server_message,
            project=exc.project,
            reason=exc.reason,
        )
    elif isinstance(exc, ToolError):
        info.update(status=exc.status, server_message=exc.message)
    elif isinstance(exc, RateLimited):
        info.update(fix="Wait a minute and retry, or raise the per-minute quota in Cloud Console.")
    elif isinstance(exc, TransportError):
        info.update(fix=_network_fix(exc, client))
    return info


def check_flow(client: BaseClient) -> Generator[Any, Any, CheckReport]:
    """Return the check, as a flow the client drives (sync or async): list, one real call, compare."""
    notes: list[str] = []
    tools: list[Any] | None = None
    list_ms = call_ms = None
    list_error = None
    started = time.perf_counter()
    known = client._tools.toolset
    if known is not None and not client.is_sandbox:  # the list this client's calls follow
        tools = [dict(t) for t in known.tools]
        notes.append("tools/list: the list this client already fetched (once per client).")
    else:
        try:
            tools = yield from client._list_flow()
            list_ms = (time.perf_counter() - started) * 1000
            if client._tools.claim():  # later calls of this client follow it (no second list)
                client._tools.settle(Toolset.from_list(tools, client.url.split("?")[0]))
        except MapsnbError as exc:
            list_error = redact(_without_hint(str(exc).splitlines()[0]))
    error: dict[str, Any] | None = None
    started = time.perf_counter()
    try:
        payload = yield from client._call_flow(ACCESS_TOOL, dict(ACCESS_ARGUMENTS))
        call_ms = (time.perf_counter() - started) * 1000
        access = "verified"
        results = payload.get("results") if isinstance(payload, Mapping) else None
        shape = (
            f"{len(results)} result(s)"
            if isinstance(results, list)
            else "an answer of an unforeseen shape"
        )
        billed = "" if client.is_sandbox else " (billed $0)"
        detail = f"OK: {ACCESS_CALL} answered in {_ms(call_ms)} with {shape}{billed}"
    except AuthError as exc:
        access, error = "refused", _describe_error(exc, client)
        detail = f"REFUSED: HTTP {exc.status_code} on {ACCESS_CALL} (cause: {exc.cause})"
    except MapsnbError as exc:
        access, error = "failed", _describe_error(exc, client)
        detail = f"FAILED: {ACCESS_CALL} raised {type(exc).__name__}"
    if client.is_sandbox:
        notes.append(
            f"No API key or token ({settings.api_key_env} is not set): checked the built-in "
            "emulator only (synthetic data); nothing was sent to Google."
        )
    elif client.source != "live":
        notes.append(f"Not Google's endpoint ({settings.live_url}): checked {client.source} only.")
    drift = compare_tools(tools) if tools is not None else []
    if any(t.state == "missing" or t.missing_params for t in drift):
        notes.append(
            "mapsnb follows this server's own tools/list: a tool it does not list raises "
            "ToolNotOffered, a parameter it does not list is refused before sending, and a "
            "default it does not list (lookup_weather's capabilities) is left out."
        )
    if tools is not None and not client.is_sandbox and list_error is None and access != "verified":
        notes.append("tools/list worked but the call did not: the tool list needs no credential.")
    return CheckReport(
        ok=access == "verified",
        offline=client.is_sandbox,
        endpoint=_endpoint(client),
        source=client.source,
        credentials=_credentials(client),
        protocol=_protocol_mode(client),
        access=access,
        access_detail=detail,
        call_ms=call_ms,
        list_ms=list_ms,
        tool_count=len(tools) if tools is not None else None,
        list_error=list_error,
        error=error,
        tools=drift,
        versions=_versions(),
        checked_at=dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        notes=notes,
    )
