"""The MCP exchange: JSON-RPC requests over streamable HTTP, with retries and sessions.

The protocol logic lives in generators that *yield* what they need (an ``httpx.Request`` to
send, a :class:`Sleep` or a :class:`Renew`) and *receive* the outcome (an ``httpx.Response``
or the ``httpx.TransportError`` raised); the clients of :mod:`mapsnb._calls.client` drive them
with httpx, sync or async, so retries, sessions and error mapping are written once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
from collections import Counter
from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from mapsnb import settings
from mapsnb._calls import options as opt
from mapsnb._redact import redact_url
from mapsnb._transport import protocol as proto
from mapsnb._transport.limits import Budget
from mapsnb._transport.secrets import redact
from mapsnb._version import __version__
from mapsnb.errors import (
    DeadlineExceeded,
    InvalidRequest,
    MapsnbError,
    ProtocolError,
    RateLimited,
    TransportError,
)

logger = logging.getLogger("mapsnb")

Protocol = Literal["auto", "session", "stateless"]
_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
#: The end of every network failure message: how to work offline and how to check access.
NETWORK_HINT = (
    "To work offline use mapsnb.Client(sandbox=True) (or unset "
    f"{settings.api_key_env}); to check access run `mapsnb doctor`"
)


@dataclass(frozen=True)
class Sleep:
    seconds: float


@dataclass(frozen=True)
class Renew:
    """Ask the driver for a (new) session, unless one newer than ``generation`` exists already."""

    generation: int
    counts_as_retry = False  # for usage counts: the refused request was not run


class AnswerTimeout(httpx.TimeoutException):
    """The whole answer did not arrive within ``timeout`` (a slow or trickling server)."""


#: Outcomes after which the server may already have run (and billed) a tool call.
_MAYBE_RUN = (httpx.ReadTimeout, httpx.ReadError, httpx.RemoteProtocolError, AnswerTimeout)


class CallStats:
    """Retry counts of one client, per tool (or JSON-RPC method), safe across threads.

    Attributes
    ----------
    retries
        Every re-sent request (after a 429, a 5xx, a network error or a timeout).
    repeated_calls
        Re-sent ``tools/call`` requests the server may already have run — after a 5xx, a read
        timeout or a dropped connection: such a call may be billed twice.
    """

    def __init__(self) -> None:
        self.retries: Counter[str] = Counter()
        self.repeated_calls: Counter[str] = Counter()
        self._lock = threading.Lock()

    def count(self, what: str, *, repeated: bool) -> None:
        with self._lock:
            self.retries[what] += 1
            if repeated:
                self.repeated_calls[what] += 1

    def __repr__(self) -> str:
        return (
            f"CallStats(retries={dict(self.retries)}, repeated_calls={dict(self.repeated_calls)})"
        )


#: A call's logic: yields commands (an ``httpx.Request``, :class:`Sleep`, :class:`Renew`),
#: receives their outcomes, returns the call's value; a driver does the I/O.
Flow = Generator[Any, Any, Any]


class Steps:
    """The commands of a flow, one by one: set ``.answer`` to each one's outcome before the next.

    ``.value`` is what the flow returned. Drivers (sync or async) only do the I/O; the flow is
    closed on leaving the ``with`` block, however it is left.
    """

    def __init__(self, flow: Flow) -> None:
        self.flow, self.answer, self.value = flow, None, None
        self._started = False

    def __iter__(self) -> Steps:
        return self

    def __next__(self) -> Any:
        answer, self.answer = self.answer, None
        try:
            if not self._started:
                self._started = True
                return next(self.flow)
            return self.flow.send(answer)
        except StopIteration as stop:
            self.value = stop.value
            raise StopIteration from None

    def __enter__(self) -> Steps:
        return self

    def __exit__(self, *exc: object) -> None:
        self.flow.close()


class Exchange:
    """Requests of one client: headers, retries, the session handshake, JSON-RPC calls."""

    # set by the client's constructor (mapsnb._calls.flow.BaseClient)
    _http: Any  # httpx.Client or httpx.AsyncClient
    _key: Any
    _token: Any
    _extra_headers: dict[str, str]
    _stats: CallStats
    _mode: Literal["session", "stateless"]
    _session_id: str | None
    _negotiated: str | None
    _initialized: bool
    _generation: int
    _ids: Iterator[int]
    _sandbox: Any
    url: str
    source: str
    protocol: Protocol
    quota_project: str | None
    timeout: float
    max_retries: int
    deadline: float | None

    def _headers(self) -> dict[str, str]:
        h = {
            "Content-Type": "application/json",
            "Accept": proto.ACCEPT,
            "User-Agent": f"mapsnb/{__version__}",
        }
        if self._key is not None:
            h["X-Goog-Api-Key"] = self._key.reveal()
        if self._token is not None:
            h["Authorization"] = f"Bearer {self._token.reveal()}"
        if self.quota_project:
            h["X-Goog-User-Project"] = self.quota_project
        h.update(self._extra_headers)
        return h

    def _budget(self) -> Budget:
        """Return the time limit of one whole call (``deadline``)."""
        return Budget(self.deadline, "the call (deadline=)", self._network_hint())

    def _network_hint(self) -> str:
        """Return what to do when the server cannot be reached (nothing for the in-process emulator)."""
        if self._sandbox is not None or self.source == "replay":
            return ""
        return NETWORK_HINT

    def _attempt(self, request: httpx.Request, budget: Budget) -> float:
        """Seconds for one exchange (``timeout``, cut to what is left of the deadline)."""
        if self._http.is_closed:
            raise MapsnbError(f"this {type(self).__name__} is closed; create a new one")
        budget.check()
        left = budget.remaining()
        seconds = self.timeout if left is None else min(self.timeout, left)
        request.extensions["timeout"] = httpx.Timeout(seconds).as_dict()
        return seconds

    # ---------------------------------------------------------------------- requests
    def _post(
        self,
        message: dict[str, Any],
        *,
        session: bool,
        mode: str | None = None,
        sid: str | None = None,
        version: str | None = None,
    ) -> httpx.Request:
        headers = self._headers()
        method = message.get("method", "")
        if (mode or self._mode) == "stateless":
            headers["MCP-Protocol-Version"] = settings.stateless_protocol_version
            headers["Mcp-Method"] = method
            if method == "tools/call":
                headers["Mcp-Name"] = message["params"]["name"]
            params = message.setdefault("params", {})
            params["_meta"] = {**params.get("_meta", {}), **proto.stateless_meta()}
        elif session:
            sid = sid or self._session_id
            if sid:
                headers["Mcp-Session-Id"] = sid
            headers["MCP-Protocol-Version"] = (
                version or self._negotiated or settings.session_protocol_version
            )
        problem = None
        try:
            return httpx.Request("POST", self.url, headers=headers, content=json.dumps(message))
        except (httpx.InvalidURL, ValueError):  # idna's errors are ValueErrors
            problem = opt.url_problem(self.url) or "httpx refused it"
        # raised here, outside the handler: no frame or context left holding the headers
        del headers
        raise InvalidRequest("url", f"is not a valid URL ({problem}): {redact_url(self.url)!r}")

    def _backoff(self, attempt: int) -> float:
        delay = settings.backoff_base * (2**attempt)
        return float(min(settings.backoff_max, delay * (0.5 + random.random() / 2)))

    def _send(self, build: Any, what: str, *, billable: bool = False) -> Flow:
        """Send ``build()`` with retries (429 honouring Retry-After, 5xx, network errors).

        Retries are counted in ``self._stats``; for a ``billable`` request (a tool call), a retry
        after an outcome the server may have acted on is also counted as a repeated call.
        """
        attempt = 0
        while True:
            outcome = yield build()
            if isinstance(outcome, httpx.Response) and outcome.status_code not in _RETRY_STATUS:
                return outcome
            if attempt >= self.max_retries:
                raise self._final_error(outcome, what, attempt + 1)
            delay = self._backoff(attempt)
            if isinstance(outcome, httpx.Response) and outcome.status_code == 429:
                after = proto.retry_after(outcome)
                if after is not None:
                    delay = min(settings.backoff_max, after)
            repeated = billable and (
                isinstance(outcome, _MAYBE_RUN)
                or (isinstance(outcome, httpx.Response) and outcome.status_code >= 500)
            )
            self._stats.count(what, repeated=repeated)
            logger.log(
                logging.INFO if repeated else logging.DEBUG,
                "%s: retry %d in %.2fs after %s%s",
                what,
                attempt + 1,
                delay,
                _describe(outcome),
                " (the server may have run the first call: it may be billed twice)"
                if repeated
                else "",
            )
            attempt += 1
            yield Sleep(delay)

    def _final_error(self, outcome: Any, what: str, attempts: int) -> MapsnbError:
        tail = f"{what} failed after {attempts} attempt(s)"
        if isinstance(outcome, httpx.Response):
            if outcome.status_code == 429:
                return RateLimited(
                    f"{tail}: HTTP 429 Too Many Requests (quota); slow down or raise the quota",
                    proto.retry_after(outcome),
                )
            return TransportError(
                f"{tail}: HTTP {outcome.status_code} {outcome.reason_phrase}. "
                f"Body starts: {proto.snippet(proto.body_text(outcome), 200)!r}. {self._network_hint()}"
            )
        if isinstance(outcome, httpx.TimeoutException):
            return DeadlineExceeded(
                f"{tail}: timed out ({type(outcome).__name__}: {outcome}); "
                f"timeout={self.timeout:g} s bounds each whole answer. {self._network_hint()}"
            )
        return TransportError(
            f"{tail}: network error ({type(outcome).__name__}: {outcome}) reaching "
            f"{redact_url(self.url)}. {self._network_hint()}"
        )

    def _initialize(self) -> Flow:
        """Return the session handshake: ``initialize`` then ``notifications/initialized``.

        The new session is published only once the handshake is complete, so calls in flight
        keep a consistent (old) session meanwhile; drivers run it under their lock.
        """
        msg_id = next(self._ids)
        message = proto.request_message(msg_id, "initialize", proto.initialize_params())
        resp = yield from self._send(
            lambda: self._post(message, session=False, mode="session"), "initialize"
        )
        self._check_http(resp, None)
        reply = proto.read_message(resp, msg_id)
        if reply is None or "error" in reply:
            error = (reply or {}).get("error") or "empty answer"
            raise ProtocolError(f"initialize was refused: {_rpc_message(error)}")
        result = reply.get("result")
        if not isinstance(result, Mapping):
            raise ProtocolError(
                "initialize: the result is not an object", proto.snippet(proto.body_text(resp))
            )
        version = result.get("protocolVersion")
        if not isinstance(version, str) or not version.isprintable() or not version.isascii():
            version = settings.session_protocol_version
        sid = resp.headers.get("mcp-session-id") or None
        note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
        resp = yield from self._send(
            lambda: self._post(note, session=True, mode="session", sid=sid, version=version),
            "initialized",
        )
        self._check_http(resp, sid)
        self._session_id, self._negotiated, self._mode = sid, version, "session"
        self._initialized = True
        self._generation += 1

    def _check_http(self, resp: httpx.Response, sid: str | None) -> None:
        if resp.status_code in (401, 403):
            raise proto.auth_error(resp)
        if 300 <= resp.status_code < 400:
            where = redact_url(resp.headers.get("location", "")) or "nowhere (no Location)"
            raise ProtocolError(
                f"HTTP {resp.status_code}: the server redirects to {where[:200]}; mapsnb follows "
                f"no redirect (it could carry the key to another host): give that URL as url="
            )
        if resp.status_code == 404 and not sid:
            raise ProtocolError(
                f"HTTP 404 Not Found from {self.url}: the MCP endpoint URL should end in /mcp",
                proto.snippet(proto.body_text(resp)),
            )

    def _rpc(self, method: str, params: dict[str, Any] | None, tool: str | None = None) -> Flow:
        """One JSON-RPC request; returns its ``result``.

        A session the server forgot (HTTP 404) is renewed through the driver, one
        re-initialisation at a time; calls in flight then retry with the new session.
        """
        if self._mode == "session" and not self._initialized:
            yield Renew(self._generation)
        renewals = 0
        switched = False
        while True:
            msg_id = next(self._ids)
            message = proto.request_message(
                msg_id, method, json.loads(json.dumps(params)) if params else {}
            )
            sent: dict[str, Any] = {}

            def build(m: dict[str, Any] = message, sent: dict[str, Any] = sent) -> httpx.Request:
                sent.update(gen=self._generation, mode=self._mode, sid=self._session_id)
                return self._post(m, session=True, mode=sent["mode"], sid=sent["sid"])

            resp = yield from self._send(build, tool or method, billable=tool is not None)
            sid = sent["sid"] if sent["mode"] == "session" else None
            if resp.status_code == 404 and sid:
                renewals += 1
                if renewals > settings.session_renewals:
                    raise ProtocolError(
                        f"{tool or method}: the server forgot the session {renewals} times "
                        "in a row (HTTP 404 for a fresh session)",
                        proto.snippet(proto.body_text(resp)),
                    )
                logger.debug("session %s expired; renewing", "(id hidden)")
                yield Renew(sent["gen"])
                continue
            self._check_http(resp, sid)
            if (
                sent["mode"] == "stateless"
                and self.protocol == "auto"
                and not switched
                and _wants_session(resp, msg_id)
            ):
                switched = True
                yield Renew(sent["gen"])
                continue
            reply = proto.read_message(resp, msg_id)
            if reply is None:
                raise ProtocolError(f"HTTP {resp.status_code}: empty answer to {method}")
            if "error" in reply and "jsonrpc" in reply and reply.get("id") is None:
                # id null: the request itself was refused (no session, bad version, bad JSON)
                raise ProtocolError(
                    f"HTTP {resp.status_code}: the server refused the {method} request: "
                    f"{_rpc_message(reply['error'])}",
                    proto.snippet(proto.body_text(resp)),
                )
            if "error" in reply:
                raise proto.tool_error_from_rpc(reply["error"], tool)
            result = reply["result"]
            if not isinstance(result, Mapping):
                raise ProtocolError(
                    f"{method}: result is not an object", proto.snippet(proto.body_text(resp))
                )
            return result

    def _list_flow(self) -> Flow:
        tools: list[dict[str, Any]] = []
        cursor: str | None = None
        seen: set[str] = set()
        while True:
            result = yield from self._rpc("tools/list", {"cursor": cursor} if cursor else None)
            page = result.get("tools", [])
            if not isinstance(page, list):
                raise ProtocolError("tools/list: 'tools' is not a list", proto.snippet(str(page)))
            tools.extend(page)
            cursor = result.get("nextCursor")
            if not cursor or not isinstance(cursor, str) or cursor in seen:
                return tools
            seen.add(cursor)

    def _delete_request(self) -> httpx.Request | None:
        if self._mode != "session" or not self._session_id:
            return None
        headers = self._headers()
        headers["Mcp-Session-Id"] = self._session_id
        headers["MCP-Protocol-Version"] = self._negotiated or settings.session_protocol_version
        self._session_id = None
        self._initialized = False
        return httpx.Request("DELETE", self.url, headers=headers)


def _describe(outcome: Any) -> str:
    if isinstance(outcome, httpx.Response):
        return f"HTTP {outcome.status_code}"
    return type(outcome).__name__


def _rpc_message(error: Any) -> str:
    return redact(str(error.get("message", error) if isinstance(error, Mapping) else error))


def _wants_session(resp: httpx.Response, msg_id: int) -> bool:
    """Return True when a stateless request was refused because the server wants a session.

    A JSON-RPC answer to the request itself (its id) is the tool's own error, whatever it says.
    """
    if resp.status_code not in (400, 406, 412, 422):
        return False
    with contextlib.suppress(ProtocolError):
        reply = proto.read_message(resp, msg_id)
        if reply is not None and reply.get("id") == msg_id:
            return False
    text = redact(proto.body_text(resp)).lower()
    return any(
        word in text
        for word in ("session", "initialize", "unsupported protocol", "protocol version")
    )
