"""``Client`` and ``AsyncClient``: MCP streamable HTTP over httpx, one code path for both.

The protocol logic lives in generators that *yield* what they need (an ``httpx.Request`` to
send, or a :class:`_Sleep`) and *receive* the outcome (an ``httpx.Response`` or the
``httpx.TransportError`` raised). ``Client`` drives them with a sync ``httpx.Client``,
``AsyncClient`` with an ``httpx.AsyncClient``; retries, sessions and error mapping are shared.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import json
import logging
import os
import random
import re
import threading
import time
import warnings
import weakref
from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import httpx

from mapsnb import settings
from mapsnb._calls import arguments as rq
from mapsnb._calls import options as opt
from mapsnb._calls.toolset import Toolset, ToolsetCache
from mapsnb._calls.usage import Gate, Meter
from mapsnb._read.credits import payload_is_synthetic
from mapsnb._redact import _Secret, redact_url, url_credentials
from mapsnb._store.cache import Cache, Stored, open_cache
from mapsnb._store.recording import NoNetwork, Recording, open_recording
from mapsnb._transport import protocol as proto
from mapsnb._transport.limits import BodyReader, Budget, bound_sockets, ending_at
from mapsnb._transport.secrets import install_log_filter, normalise, redact, secret
from mapsnb._types import Circle, LatLng, Viewport
from mapsnb._version import __version__
from mapsnb.errors import (
    DeadlineExceeded,
    InvalidRequest,
    MapsnbError,
    ProtocolError,
    RateLimited,
    ToolError,
    TransportError,
)
from mapsnb.results import (
    RESULT_TYPES,
    AlongRouteResult,
    EnvironmentResult,
    PlacesResult,
    ResolvedNames,
    ResolvedUrls,
    RoutesResult,
    ToolResult,
)

logger = logging.getLogger("mapsnb")

Protocol = Literal["auto", "session", "stateless"]
_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
#: ``asyncio.timeout`` (3.11+): a deadline without the extra task ``wait_for`` makes on 3.11.
_timeout = getattr(asyncio, "timeout", None)
SANDBOX_URL = "http://sandbox.mapsnb.invalid/mcp"
#: The end of every network failure message: how to work offline and how to check access.
NETWORK_HINT = (
    "To work offline use mapsnb.Client(sandbox=True) (or unset "
    f"{settings.api_key_env}); to check access run `mapsnb doctor`"
)


@dataclass(frozen=True)
class _Sleep:
    seconds: float


@dataclass(frozen=True)
class _Call:
    """A prepared tool call: validated wire arguments and the result type."""

    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Answered:
    """A call's payload, the request as sent and the stored answer: what a batch reads its
    rows from (the places, along-route, routes and resolution tools) without building a typed
    result per call."""

    raw: Mapping[str, Any]
    request: dict[str, Any]
    answer: Stored

    @property
    def issued_at(self) -> dt.datetime | None:
        """The client's clock when the server answered (routes: tokens expire from there)."""
        return self.answer.issued_at


@dataclass(frozen=True)
class _Renew:
    """Ask the driver for a (new) session, unless one newer than ``generation`` exists already."""

    generation: int
    counts_as_retry = False  # for usage counts: the refused request was not run


class _AnswerTimeout(httpx.TimeoutException):
    """The whole answer did not arrive within ``timeout`` (a slow or trickling server)."""


#: Outcomes after which the server may already have run (and billed) a tool call.
_MAYBE_RUN = (httpx.ReadTimeout, httpx.ReadError, httpx.RemoteProtocolError, _AnswerTimeout)
_TOOL_NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,128}$")


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


_Flow = Generator[Any, Any, Any]
if TYPE_CHECKING:
    from mapsnb._calls.doctor import CheckReport


class _BaseClient:
    """What ``Client`` and ``AsyncClient`` share: configuration, requests, protocol, results."""

    _http: Any  # httpx.Client or httpx.AsyncClient, made by ``_open``

    def __init__(
        self,
        api_key: str | None = None,
        *,
        url: str | None = None,
        token: str | None = None,
        quota_project: str | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        sandbox: bool | str | None = None,
        now: dt.datetime | str | None = None,
        protocol: Protocol = "auto",
        headers: Mapping[str, str] | None = None,
        cache: bool | str | os.PathLike[str] | Cache | None = None,
        record: str | os.PathLike[str] | Recording | Literal[False] | None = None,
        mode: Literal["record", "replay", "auto"] | None = None,
        max_calls: int | None = None,
        max_pro_calls: int | None = None,
        deadline: float | None = None,
        max_response_bytes: int | None = None,
    ) -> None:
        install_log_filter()
        # checked first, before anything is opened: a bad option fails here, named
        url = None if url is None else opt.url(url)
        timeout_s = opt.seconds(timeout, "timeout")
        deadline_s = opt.seconds(deadline, "deadline")
        max_retries = None if max_retries is None else opt.whole(max_retries, "max_retries", 0, 100)
        max_calls = opt.optional_whole(max_calls, "max_calls", 0)
        max_pro_calls = opt.optional_whole(max_pro_calls, "max_pro_calls", 0)
        max_response_bytes = (
            None
            if max_response_bytes is None
            else opt.whole(max_response_bytes, "max_response_bytes", 1)
        )
        extra_headers = opt.headers(headers)
        fixed_now = opt.now(now)
        opt.choice(protocol, "protocol", ("auto", "session", "stateless"))
        opt.choice(sandbox, "sandbox", (None, True, False, *settings.sandbox_eras))
        if cache is not None and not isinstance(cache, (bool, str, os.PathLike, Cache)):
            raise InvalidRequest(
                "cache",
                f"must be True, False, a path or a mapsnb.Cache, got {type(cache).__name__}",
            )
        self._meter = Meter(max_calls, max_pro_calls)
        key = api_key if api_key is not None else os.environ.get(settings.api_key_env) or None
        if key is not None and api_key is None and not key.strip():
            key = None  # a blank environment variable counts as unset
        self._key = secret(key)
        self._token = secret(token, "token")
        # credentials carried by the URL (?key=…, user:password@) are live credentials too
        self._url_secrets = [_Secret(v) for v in url_credentials(url or "")]
        key = self._key.reveal() if self._key else None
        self.deadline = settings.default_deadline if deadline_s is None else deadline_s
        self.max_response_bytes = (
            int(settings.max_response_bytes) if max_response_bytes is None else max_response_bytes
        )
        self._stats = CallStats()
        self._tools = ToolsetCache()  # the server's tools/list, fetched before the first call
        self.cache: Cache | None = open_cache(cache)
        self.recording = open_recording(record, mode)
        self._live = bool(key or token or url or sandbox)  # may call a server for misses
        replay_only = self.recording is not None and self.recording.replay_only(self._live)
        self.quota_project = (
            None if quota_project is None else normalise(quota_project, "quota_project")
        )
        self.timeout = settings.default_timeout if timeout_s is None else timeout_s
        self.max_retries = settings.default_max_retries if max_retries is None else max_retries
        use_sandbox = sandbox if sandbox is not None else (url is None and not key and not token)
        self._sandbox: Any = None
        self._sandbox_fixed = False
        if replay_only and not sandbox:
            self.url = url or settings.live_url
            self.source = "replay"
        elif use_sandbox:
            from mapsnb.sandbox import Sandbox, parse_now

            era = sandbox if isinstance(sandbox, str) else settings.sandbox_eras[0]
            self._sandbox = Sandbox(now=fixed_now, tools=era)
            # a fixed clock is part of what the emulator answers (cache keys say which)
            fixed = fixed_now or parse_now(os.environ.get(settings.sandbox_now_env))
            self._sandbox_fixed = fixed is not None
            self.url = SANDBOX_URL
            self.source = "sandbox"
        else:
            self.url = url or settings.live_url
            host = urlsplit(self.url).hostname or self.url
            self.source = "live" if host == urlsplit(settings.live_url).hostname else host
        # another host may be a served emulator: its first attributed answer says (see
        # _answer_flow); the live server, the emulator and replays need no look
        self._origin_open = self.source not in ("live", "sandbox", "replay")
        self.protocol: Protocol = protocol
        self._mode: Literal["session", "stateless"] = (
            "session" if protocol == "session" else "stateless"
        )
        self._session_id: str | None = None
        self._negotiated: str | None = None
        self._initialized = False
        self._generation = 0  # bumped by every completed initialize
        self._ids = itertools.count(1)
        self._extra_headers = extra_headers
        self._open()

    def _open(self) -> None:  # pragma: no cover - implemented by subclasses
        """Create the httpx client (sync or async) and the initialization lock."""
        raise NotImplementedError

    # ------------------------------------------------------------------ configuration
    def __repr__(self) -> str:
        # a half-built client (its constructor raised) still has a repr
        if getattr(self, "_key", None):
            auth = "api_key=***"
        elif getattr(self, "_token", None):
            auth = "token=***"
        elif getattr(self, "_url_secrets", None):
            auth = "credentials in the url (hidden)"
        else:
            auth = "no credentials"
        source = getattr(self, "source", "?")
        shown = redact_url(getattr(self, "url", "?"))
        return f"<{type(self).__name__} source={source!r} url={shown!r} {auth}>"

    @property
    def is_sandbox(self) -> bool:
        """True when calls go to the built-in emulator."""
        return self._sandbox is not None

    def now(self) -> dt.datetime:
        """The clock requests are validated against (the emulator's clock in sandbox mode).

        In replay, the time the recording began, so "today" means the recorded day.
        """
        recorded = self.recording.clock if self.recording is not None else None
        if recorded is not None:
            return recorded
        if self._sandbox is not None:
            return self._sandbox.now()
        return dt.datetime.now(dt.UTC)

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

    def _transport(self) -> Any:
        if self.source == "replay":
            return NoNetwork(self.recording)  # type: ignore[arg-type]
        return self._sandbox.transport() if self._sandbox is not None else None

    def _budget(self) -> Budget:
        """The time limit of one whole call (``deadline``)."""
        return Budget(self.deadline, "the call (deadline=)", self._network_hint())

    def _network_hint(self) -> str:
        """What to do when the server cannot be reached (nothing for the in-process emulator)."""
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
        return min(settings.backoff_max, delay * (0.5 + random.random() / 2))

    def _send(self, build: Any, what: str, *, billable: bool = False) -> _Flow:
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
            yield _Sleep(delay)

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
                f"Body starts: {proto.snippet(outcome.text, 200)!r}. {self._network_hint()}"
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

    def _initialize(self) -> _Flow:
        """The session handshake: ``initialize`` then ``notifications/initialized``.

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
            raise ProtocolError("initialize: the result is not an object", proto.snippet(resp.text))
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
                proto.snippet(resp.text),
            )

    def _rpc(self, method: str, params: dict[str, Any] | None, tool: str | None = None) -> _Flow:
        """One JSON-RPC request; returns its ``result``.

        A session the server forgot (HTTP 404) is renewed through the driver, one
        re-initialisation at a time; calls in flight then retry with the new session.
        """
        if self._mode == "session" and not self._initialized:
            yield _Renew(self._generation)
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
                        proto.snippet(resp.text),
                    )
                logger.debug("session %s expired; renewing", "(id hidden)")
                yield _Renew(sent["gen"])
                continue
            self._check_http(resp, sid)
            if (
                sent["mode"] == "stateless"
                and self.protocol == "auto"
                and not switched
                and _wants_session(resp, msg_id)
            ):
                switched = True
                yield _Renew(sent["gen"])
                continue
            reply = proto.read_message(resp, msg_id)
            if reply is None:
                raise ProtocolError(f"HTTP {resp.status_code}: empty answer to {method}")
            if "error" in reply and "jsonrpc" in reply and reply.get("id") is None:
                # id null: the request itself was refused (no session, bad version, bad JSON)
                raise ProtocolError(
                    f"HTTP {resp.status_code}: the server refused the {method} request: "
                    f"{_rpc_message(reply['error'])}",
                    proto.snippet(resp.text),
                )
            if "error" in reply:
                raise proto.tool_error_from_rpc(reply["error"], tool)
            result = reply["result"]
            if not isinstance(result, Mapping):
                raise ProtocolError(f"{method}: result is not an object", proto.snippet(resp.text))
            return result

    def _call_flow(self, name: str, arguments: dict[str, Any]) -> _Flow:
        result = yield from self._rpc(
            "tools/call", {"name": name, "arguments": arguments}, tool=name
        )
        if result.get("isError"):
            raise proto.tool_error_from_result(result, name)
        return proto.tool_payload(result, name)

    def _answer_flow(self, name: str, arguments: dict[str, Any], gate: Gate | None = None) -> _Flow:
        """A :class:`Stored` answer: from the recording or the cache when they hold the call,
        else from the server (then stored in them)."""
        stored: Stored | None = None
        if self.recording is not None:
            stored = self.recording.lookup(name, arguments, live=self._live)  # or ReplayMiss
        endpoint = self._endpoint()
        if stored is None and self.cache is not None:
            stored = self.cache.get(name, arguments, endpoint)
            if stored is not None and self.recording is not None:  # record what was answered
                self.recording.add(
                    name,
                    arguments,
                    stored.payload,
                    source=stored.source,
                    clock=stored.issued_at or self.now(),
                    recorded_at=stored.stored_at,
                )
        if stored is not None:
            self._meter.cache_hit(name, arguments, self.now())  # not sent, not billed
            return stored
        try:
            payload = yield from self._metered(name, arguments, gate)
        except ToolError as exc:  # never cached; recorded, so that replay shows it too
            if self.recording is not None:
                self.recording.add(name, arguments, exc, source=self.source, clock=self.now())
            raise
        now = self.now()
        if self._origin_open and isinstance(payload, Mapping):
            # a served emulator tells who it is in its attributions (Client(url=...) of one);
            # the first attributed answer settles it, later ones are not walked again
            synthetic = payload_is_synthetic(payload)
            if synthetic is not None:
                self._origin_open = False
                if synthetic:
                    self.source = "sandbox"
        if isinstance(payload, Mapping):  # errors raised above: never stored
            if self.cache is not None:
                self.cache.put(
                    name, arguments, endpoint, payload, source=self.source, issued_at=now
                )
            if self.recording is not None:
                self.recording.add(name, arguments, payload, source=self.source, clock=now)
        return Stored(payload, self.source, dt.datetime.now(dt.UTC), now, "server")

    def _endpoint(self) -> str:
        """Who answers, for cache keys: the URL, or the emulator and its clock when fixed."""
        if self._sandbox is None:
            return redact_url(self.url.split("?")[0])  # no user:password@ in a cache key
        if self._sandbox_fixed:
            return f"sandbox@{self._sandbox.now().isoformat()}"
        return "sandbox"

    def _payload_flow(self, name: str, arguments: dict[str, Any]) -> _Flow:
        answer = yield from self._answer_flow(name, arguments)
        return answer.payload

    def _list_flow(self) -> _Flow:
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

    def _metered(self, name: str, arguments: dict[str, Any], gate: Gate | None = None) -> _Flow:
        """``_call_flow`` under the budget and counted in :attr:`usage` (see mapsnb._calls.usage)."""
        return self._meter.metered(
            self._call_flow(name, arguments),
            name,
            arguments,
            now=self.now(),
            sleep=_Sleep,
            gate=gate,
        )

    def _toolset_flow(self) -> _Flow:
        """This server's :class:`Toolset`, fetched once for the client's life (``None``: unknown)."""
        cache = self._tools
        while cache.state is None:
            if not cache.claim():
                yield _Sleep(0.002)  # another call of this client is fetching it
                continue
            toolset: Toolset | None = None
            try:
                toolset = yield from self._fetch_toolset()
            except BaseException:
                cache.release()
                raise
            cache.settle(toolset)
        return cache.toolset

    def _fetch_toolset(self) -> _Flow:
        """The emulator's own list, the recorded one (replay), or ``tools/list`` (recorded)."""
        if self._sandbox is not None:
            return Toolset.from_list(self._sandbox.list_tools(), "mapsnb sandbox (in-process)")
        server = self.url.split("?")[0]
        recording = self.recording
        if recording is not None and recording.mode != "record" and recording.tools is not None:
            return Toolset.from_list(recording.tools, server)
        if self.source == "replay":  # a recording made before lists were recorded: unknown
            return None
        try:
            tools = yield from self._list_flow()
        except MapsnbError as exc:  # calls then go out as the reference builds them
            logger.debug("tools/list failed (%s); arguments are not checked against it", exc)
            return None
        if recording is not None:
            recording.set_tools(tools)
        return Toolset.from_list(tools, server)

    def _answered_flow(self, call: _Call, gate: Gate | None = None) -> _Flow:
        """The call's payload (a JSON object) with the request as sent: :class:`Answered`."""
        arguments = call.arguments
        toolset = yield from self._toolset_flow()
        if toolset is not None:
            arguments = toolset.adapt(call.name, arguments)
        answer: Stored = yield from self._answer_flow(call.name, arguments, gate)
        payload = answer.payload
        if not isinstance(payload, Mapping):
            raise ProtocolError(
                f"{call.name}: expected a JSON object payload", proto.snippet(str(payload))
            )
        return Answered(payload, arguments, answer)

    def _typed_flow(self, call: _Call, gate: Gate | None = None) -> _Flow:
        answered: Answered = yield from self._answered_flow(call, gate)
        answer = answered.answer
        cls: type[ToolResult] = RESULT_TYPES[call.name]
        result = cls.from_payload(answered.raw, request=answered.request, source=answer.source)
        result._asked_at = self.now()  # the client's clock: charts mark "now" with it
        if answer.origin != "server":
            result._recorded_at = answer.stored_at
        if isinstance(result, RoutesResult):
            # a stored route's tokens expired 10 minutes after it was first answered
            result._issued_at = answer.issued_at
        return result

    # ------------------------------------------------------------ usage and batches
    @property
    def usage(self) -> Any:
        """Calls made by this client, by tool and billing tier: a DataFrame with columns
        ``tool, tier, calls, errors, retries, cache_hits`` (single calls and batches alike)."""
        return self._meter.frame()

    @property
    def call_stats(self) -> CallStats:
        """Re-sent requests per tool: ``.retries`` (all) and ``.repeated_calls`` (tool calls the
        server may already have run and billed: after a 5xx, a read timeout, a dropped link)."""
        return self._stats

    @property
    def batch(self) -> Any:
        """Batch calls over lists, Series and DataFrames (see :mod:`mapsnb._calls.batch.planning`)."""
        from mapsnb._calls.batch.planning import AsyncBatch, Batch

        return AsyncBatch(self) if isinstance(self, AsyncClient) else Batch(self)

    # ----------------------------------------------------------------- tool methods
    def _invoke(self, flow: _Flow) -> Any:  # pragma: no cover - implemented by subclasses
        raise NotImplementedError

    def list_tools(self) -> Any:
        """``tools/list``: the server's tools with their input schemas (raw dicts)."""
        return self._invoke(self._list_flow())

    def check(self) -> CheckReport:
        """Verify access with one cheap real call and compare the server's tools with mapsnb's.

        Lists the tools, calls ``resolve_names(["Eiffel Tower"])`` (billed $0; ``tools/list``
        needs no credential, so it proves nothing) and flags new or missing tools and
        parameters. Never raises for an access failure: the report says what failed and the fix.

        Returns
        -------
        CheckReport
            ``.ok``; ``print(report)`` gives a redacted report to paste into a bug report.
        """
        from mapsnb._calls.doctor import check_flow

        return self._drive(check_flow(self))  # type: ignore[attr-defined]

    def call_tool(self, name: str, arguments: Mapping[str, Any]) -> Any:
        """Call any tool with raw wire arguments and return its raw payload (no validation)."""
        if not isinstance(name, str) or not _TOOL_NAME.match(name):
            raise InvalidRequest(
                "name", f"must be a tool name of 1-128 ASCII letters, digits, _ . -, got {name!r}"
            )
        if not isinstance(arguments, Mapping):
            raise InvalidRequest("arguments", "must be a dict of wire arguments")
        try:
            json.dumps(arguments, allow_nan=False)
        except (ValueError, TypeError, RecursionError) as exc:
            raise InvalidRequest(
                "arguments",
                f"must be JSON (no NaN or infinity, only dicts, lists, str, numbers, bools, None): {exc}",
            ) from None
        return self._invoke(self._payload_flow(name, dict(arguments)))

    def search_places(
        self,
        text_query: str,
        *,
        location_bias: Circle | Mapping[str, Any] | None = None,
        language_code: str | None = None,
        region_code: str | None = None,
        page_size: int | None = None,
        include_extended_details: bool | None = None,
    ) -> PlacesResult:
        """Search Google Maps for places; a summary citing the places it returns.

        Parameters
        ----------
        text_query
            What to look for, with its place: ``"coffee shops near Golden Gate Park"``.
        location_bias
            ``Circle(lat, lng, radius_m)``, ``Circle((lat, lng), radius_m)`` or
            ``(lat, lng, radius_m)`` (radius ≤ 50 km) to prefer results near it.
        page_size
            1–10 places (above 5 is billed as Pro).
        include_extended_details
            Richer qualitative details (billed as Pro).
        """
        args = rq.search_places_args(
            text_query,
            location_bias=location_bias,
            language_code=language_code,
            region_code=region_code,
            page_size=page_size,
            include_extended_details=include_extended_details,
        )
        return self._invoke(self._typed_flow(_Call("search_places", args)))

    def lookup_weather(
        self,
        location: rq.Location,
        *,
        capabilities: str | Iterable[str] | None = None,
        date: dt.date | str | None = None,
        hour: int | None = None,
        units_system: str | None = None,
        language_code: str | None = None,
        include_pollutant_concentration: bool | None = None,
        index_region_code: str | None = None,
    ) -> EnvironmentResult:
        """Weather, air quality and pollen for one location: now, one local hour, or one local day.

        Parameters
        ----------
        location
            Address, ``(lat, lng)``, ``LatLng`` or ``PlaceId``.
        capabilities
            Any of ``"WEATHER"``, ``"AIR_QUALITY"``, ``"POLLEN"``. Left out: ``["WEATHER"]``
            where the server's ``tools/list`` lists ``capabilities`` (today's toolset), nothing
            where it does not (the 2026-08 toolset, which answers the flat weather record).
        date, hour
            Local civil date (and hour 0–23) at the location; none for current conditions.
            A midnight ``pandas.Timestamp``/``numpy.datetime64`` counts as a date.
        """
        args = rq.lookup_weather_args(
            location,
            capabilities=capabilities,
            date=date,
            hour=hour,
            units_system=units_system,
            language_code=language_code,
            include_pollutant_concentration=include_pollutant_concentration,
            index_region_code=index_region_code,
        )
        return self._invoke(self._typed_flow(_Call("lookup_weather", args)))

    def compute_routes(
        self,
        origin: rq.Location,
        destination: rq.Location,
        *,
        intermediate_waypoints: Sequence[rq.Location] | None = None,
        travel_mode: str | None = None,
        departure_time: dt.datetime | str | None = None,
        arrival_time: dt.datetime | str | None = None,
        routing_preference: str | None = None,
        location_bias: LatLng | tuple[float, float] | None = None,
        compute_alternative_routes: bool | None = None,
        include_polyline: bool | None = None,
    ) -> RoutesResult:
        """Routes from ``origin`` to ``destination`` (optionally through waypoints, in order).

        ``routes[0]`` is the recommended route; retrieval tokens (DRIVE) work for 10 minutes with
        :meth:`search_along_route`.

        ``travel_mode`` is ``"DRIVE"`` (the default), ``"WALK"`` (beta: show its warning),
        ``"BICYCLE"`` or ``"TRANSIT"`` (any case); ``routing_preference`` is
        ``"TRAFFIC_UNAWARE"`` (the default) or ``"TRAFFIC_AWARE_OPTIMAL"`` (Pro tier; not with
        WALK or BICYCLE), with or without the ``ROUTING_PREFERENCE_`` prefix.
        """
        args = rq.compute_routes_args(
            origin,
            destination,
            intermediate_waypoints=intermediate_waypoints,
            travel_mode_=travel_mode,
            departure_time=departure_time,
            arrival_time=arrival_time,
            routing_preference_=routing_preference,
            location_bias=location_bias,
            compute_alternative_routes=compute_alternative_routes,
            include_polyline=include_polyline,
            now=self.now(),
        )
        return self._invoke(self._typed_flow(_Call("compute_routes", args)))

    def search_along_route(
        self,
        text_query: str,
        *,
        route: RoutesResult | None = None,
        retrieval_token: str | None = None,
        origin: rq.Location | None = None,
        destination: rq.Location | None = None,
        encoded_polyline: str | None = None,
        travel_mode: str | None = None,
        routing_preference: str | None = None,
        include_extended_details: bool | None = None,
        language_code: str | None = None,
        region_code: str | None = None,
    ) -> AlongRouteResult:
        """Places along a route, ranked, with the detour each adds.

        Give exactly one route: ``route=`` (a :class:`RoutesResult`), ``retrieval_token=``,
        ``encoded_polyline=`` or ``origin=`` with ``destination=``. ``travel_mode`` is
        ``"DRIVE"`` (the default), ``"WALK"`` or ``"BICYCLE"`` (not ``"TRANSIT"``); a ``route=``
        is searched the way it was computed.
        """
        args = rq.search_along_route_args(
            text_query,
            route=route,
            retrieval_token=retrieval_token,
            origin=origin,
            destination=destination,
            encoded_polyline=encoded_polyline,
            travel_mode_=travel_mode,
            routing_preference_=routing_preference,
            include_extended_details=include_extended_details,
            language_code=language_code,
            region_code=region_code,
            now=self.now(),
        )
        return self._invoke(self._typed_flow(_Call("search_along_route", args)))

    def resolve_names(
        self,
        queries: Iterable[str],
        *,
        location_bias: Viewport | Mapping[str, Any] | None = None,
        region_code: str | None = None,
    ) -> ResolvedNames:
        """Resolve up to 20 specific place names or addresses to place ids (1:1 with inputs)."""
        args = rq.resolve_names_args(queries, location_bias=location_bias, region_code=region_code)
        return self._invoke(self._typed_flow(_Call("resolve_names", args)))

    def resolve_maps_urls(self, urls: Iterable[str]) -> ResolvedUrls:
        """Resolve up to 20 Google Maps URLs to place ids (1:1 with inputs)."""
        args = rq.resolve_maps_urls_args(urls)
        return self._invoke(self._typed_flow(_Call("resolve_maps_urls", args)))

    def _delete_request(self) -> httpx.Request | None:
        if self._mode != "session" or not self._session_id:
            return None
        headers = self._headers()
        headers["Mcp-Session-Id"] = self._session_id
        headers["MCP-Protocol-Version"] = self._negotiated or settings.session_protocol_version
        self._session_id = None
        self._initialized = False
        return httpx.Request("DELETE", self.url, headers=headers)


def _abandon_async(http: httpx.AsyncClient, loop: list[asyncio.AbstractEventLoop]) -> None:
    """Finalizer of an AsyncClient never closed: close it on its loop if that still runs."""
    if http.is_closed:
        return
    if loop and loop[0].is_running() and not loop[0].is_closed():
        with contextlib.suppress(RuntimeError):
            loop[0].call_soon_threadsafe(lambda: loop[0].create_task(http.aclose()))
            return
    warnings.warn(
        "an AsyncClient was never closed: use `async with mapsnb.AsyncClient() as client:` "
        "or `await client.aclose()`",
        ResourceWarning,
        stacklevel=2,
    )


_TLS: list[Any] = []
_TLS_LOCK = threading.Lock()


def _tls_context() -> Any:
    """The TLS context of every client's connections (made once: it takes ~50 ms)."""
    with _TLS_LOCK:
        if not _TLS:
            _TLS.append(httpx.create_ssl_context())
        return _TLS[0]


def _describe(outcome: Any) -> str:
    if isinstance(outcome, httpx.Response):
        return f"HTTP {outcome.status_code}"
    return type(outcome).__name__


def _rpc_message(error: Any) -> str:
    return redact(str(error.get("message", error) if isinstance(error, Mapping) else error))


def _wants_session(resp: httpx.Response, msg_id: int) -> bool:
    """True when a stateless request was refused because the server wants a session.

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


class Client(_BaseClient):
    """Synchronous client of Google's Maps agent tools (or the built-in emulator).

    Parameters
    ----------
    api_key
        Google Maps Platform API key; default: the ``GOOGLE_MAPS_API_KEY`` environment variable.
        Sent as ``X-Goog-Api-Key``, never in the URL. Surrounding whitespace is stripped; a
        control or non-ASCII character inside is refused (``InvalidRequest``, key not shown).
    url
        MCP endpoint; default the live endpoint when a key or token is given. With no key,
        no token and no url, the client runs on the built-in emulator (``source == "sandbox"``).
    token, quota_project
        OAuth bearer token and the project billed for it (``X-Goog-User-Project``).
    timeout, max_retries
        Seconds for one whole answer (connect, send, and read to its last byte: a trickling
        server cannot stretch it); retries of 429/5xx/network errors/timeouts. A retry after a
        5xx or a timeout may repeat a call the server already ran (and billed): such retries are
        counted per tool in ``client.call_stats.repeated_calls``. Failing: :class:`~mapsnb.errors.DeadlineExceeded`.
    deadline
        Seconds for the whole call, retries and waits included (default 120 s,
        ``mapsnb.settings.default_deadline``; ``None`` there removes the bound), so an
        unreachable or silent server fails in bounded time; exceeding it raises
        :class:`~mapsnb.errors.DeadlineExceeded`. Every network failure says how to work
        offline (``Client(sandbox=True)``) and how to check access (``mapsnb doctor``).
    max_response_bytes
        Largest answer accepted, after decompression (default 20 MB,
        ``mapsnb.settings.max_response_bytes``); a larger one raises
        :class:`~mapsnb.errors.ResponseTooLarge`.
    sandbox
        ``True`` forces the emulator, ``False`` forbids it; an era (``"2026-08"``: five tools,
        ``lookup_weather`` without ``capabilities``, the legacy record) forces the emulator of
        that era's toolset (default ``"2026-12"``, the reference).
    now
        The emulator's fixed clock (aware datetime or ISO string); default ``MAPSNB_SANDBOX_NOW``.
    protocol
        ``"auto"`` (stateless, falling back to a session when the server wants one),
        ``"session"`` or ``"stateless"``.
    headers
        Extra HTTP headers sent with every request.
    cache
        ``True`` (the default store), a path or a :class:`mapsnb.Cache`: answer repeated tool
        calls from disk within honest TTLs. Default ``MAPSNB_CACHE``, else off. Opt out for some
        calls with ``with client.cache.disabled(): ...``.
    record, mode
        A recording (JSON file) and ``"record"``, ``"replay"`` or ``"auto"`` (default): replay
        its calls with no network and no key (``source == "replay"``); ``auto`` with a key,
        token or url also calls the server for what it lacks and adds it. Default
        ``MAPSNB_RECORD`` and ``MAPSNB_RECORD_MODE``; ``record=False`` ignores them.
    max_calls, max_pro_calls
        Budget: the most calls (any tier) and Pro-tier calls this client may make; a call or
        batch that would pass one raises :class:`~mapsnb.BudgetExceeded` before sending.

    Examples
    --------
    >>> with mapsnb.Client() as client:          # doctest: +SKIP
    ...     df = client.search_places("coffee near Golden Gate Park").to_frame()
    """

    def _open(self) -> None:
        transport = self._transport()
        if transport is None:  # one TLS context per process, not one (~50 ms) per client
            self._http = httpx.Client(timeout=self.timeout, verify=_tls_context())
        else:
            self._http = httpx.Client(timeout=self.timeout, transport=transport)
        bound_sockets(self._http)  # timeout and deadline hold while headers trickle in too
        self._lock = threading.Lock()
        self._on_close: list[Any] = []  # more to close with the client (a batch loop thread)
        # a client never closed still releases its sockets when it is garbage-collected
        self._finalizer = weakref.finalize(self, self._http.close)

    def _async_http(self) -> httpx.AsyncClient:
        """A new ``httpx.AsyncClient`` to this client's server (or emulator, or recording)."""
        transport = self._transport()
        if transport is not None:
            return httpx.AsyncClient(timeout=self.timeout, transport=transport)
        return httpx.AsyncClient(timeout=self.timeout, verify=_tls_context())

    def _async_twin(self, http: httpx.AsyncClient) -> AsyncClient:
        """An AsyncClient sharing this client's settings, emulator, budget and usage (batches),
        on ``http`` (owned by the caller: the twin never closes it)."""
        twin = AsyncClient.__new__(AsyncClient)
        twin.__dict__.update(self.__dict__)
        twin._http = http
        twin._lock, twin._loop = None, []
        # its own finalizer, detached: the copied one would close this client's sync pool
        twin._finalizer = weakref.finalize(twin, _abandon_async, http, twin._loop)
        twin._finalizer.detach()
        return twin

    def _invoke(self, flow: _Flow) -> Any:
        budget = self._budget()
        if self._mode == "session" and not self._initialized:
            self._renew(_Renew(self._generation), budget)
        return self._drive(flow, budget)

    def _renew(self, command: _Renew, budget: Budget) -> None:
        with self._lock:  # one (re-)initialisation at a time; the others wait, then reuse it
            if self._generation == command.generation:
                self._drive(self._initialize(), budget)

    def _drive(self, flow: _Flow, budget: Budget | None = None) -> Any:
        budget = budget or self._budget()
        try:
            command = next(flow)
            while True:
                outcome: Any = None
                if isinstance(command, _Sleep):
                    budget.check(command.seconds)
                    time.sleep(command.seconds)
                elif isinstance(command, _Renew):
                    self._renew(command, budget)
                else:
                    outcome = self._exchange(command, budget)
                command = flow.send(outcome)
        except StopIteration as stop:
            return stop.value
        finally:
            flow.close()

    def _exchange(self, request: httpx.Request, budget: Budget) -> Any:
        """Send ``request`` and read its whole answer within the time and size limits."""
        seconds = self._attempt(request, budget)
        ends = time.monotonic() + seconds
        try:
            with ending_at(ends):  # each socket operation gets at most the time left
                response = self._http.send(request, stream=True)
                try:
                    reader = BodyReader(response, self.max_response_bytes)
                    if (whole := reader.preloaded()) is not None:
                        return whole
                    for chunk in response.iter_raw():
                        reader.feed(chunk)
                        if time.monotonic() > ends:
                            raise _AnswerTimeout(f"the whole answer took more than {seconds:g} s")
                    return reader.finish()
                finally:
                    response.close()
        except httpx.TransportError as exc:
            if isinstance(exc, httpx.TimeoutException) and budget.expired():
                raise budget.error() from None
            return exc

    def close(self) -> None:
        """End the MCP session (DELETE) if there is one and close the connections."""
        request = self._delete_request()
        if request is not None and not self._http.is_closed:
            with contextlib.suppress(httpx.HTTPError), ending_at(time.monotonic() + self.timeout):
                self._http.send(request)
        while self._on_close:
            self._on_close.pop()()
        self._finalizer()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient(_BaseClient):
    """Asynchronous client; the same arguments and methods as :class:`Client`, awaited.

    Examples
    --------
    >>> async with mapsnb.AsyncClient() as client:          # doctest: +SKIP
    ...     places, routes = await asyncio.gather(
    ...         client.search_places("coffee in Paris"),
    ...         client.compute_routes("Eiffel Tower", "Louvre Museum"),
    ...     )
    """

    if TYPE_CHECKING:  # the shared methods return awaitables here (see ``_invoke``)

        async def list_tools(self) -> Any: ...
        async def check(self) -> CheckReport: ...  # type: ignore[override]
        async def call_tool(self, name: str, arguments: Mapping[str, Any]) -> Any: ...
        async def search_places(self, *args: Any, **kwargs: Any) -> PlacesResult: ...  # type: ignore[override]
        async def lookup_weather(self, *args: Any, **kwargs: Any) -> EnvironmentResult: ...  # type: ignore[override]
        async def compute_routes(self, *args: Any, **kwargs: Any) -> RoutesResult: ...  # type: ignore[override]
        async def search_along_route(self, *args: Any, **kwargs: Any) -> AlongRouteResult: ...  # type: ignore[override]
        async def resolve_names(self, *args: Any, **kwargs: Any) -> ResolvedNames: ...  # type: ignore[override]
        async def resolve_maps_urls(self, *args: Any, **kwargs: Any) -> ResolvedUrls: ...  # type: ignore[override]

    def _open(self) -> None:
        transport = self._transport()
        if transport is None:  # one TLS context per process (see _tls_context)
            self._http = httpx.AsyncClient(timeout=self.timeout, verify=_tls_context())
        else:
            self._http = httpx.AsyncClient(timeout=self.timeout, transport=transport)
        self._lock: asyncio.Lock | None = None
        self._loop: list[asyncio.AbstractEventLoop] = []  # the loop the client last ran on
        self._finalizer = weakref.finalize(self, _abandon_async, self._http, self._loop)

    def _async_lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop[:1] != [loop]:
            self._lock, self._loop[:] = asyncio.Lock(), [loop]
        return self._lock

    async def _invoke(self, flow: _Flow) -> Any:
        budget = self._budget()
        self._async_lock()
        if self._mode == "session" and not self._initialized:
            await self._renew(_Renew(self._generation), budget)
        return await self._drive(flow, budget)

    async def _renew(self, command: _Renew, budget: Budget) -> None:
        async with self._async_lock():  # one (re-)initialisation at a time
            if self._generation == command.generation:
                await self._drive(self._initialize(), budget)

    async def _drive(self, flow: _Flow, budget: Budget | None = None) -> Any:
        budget = budget or self._budget()
        try:
            command = next(flow)
            while True:
                outcome: Any = None
                if isinstance(command, _Sleep):
                    budget.check(command.seconds)
                    await asyncio.sleep(command.seconds)
                elif isinstance(command, _Renew):
                    await self._renew(command, budget)
                else:
                    outcome = await self._exchange(command, budget)
                command = flow.send(outcome)
        except StopIteration as stop:
            return stop.value
        finally:
            flow.close()

    async def _exchange(self, request: httpx.Request, budget: Budget) -> Any:
        """Send ``request`` and read its whole answer within the time and size limits."""
        seconds = self._attempt(request, budget)

        async def exchange() -> httpx.Response:
            response = await self._http.send(request, stream=True)
            try:
                reader = BodyReader(response, self.max_response_bytes)
                if (whole := reader.preloaded()) is not None:
                    return whole
                async for chunk in response.aiter_raw():
                    reader.feed(chunk)
                return reader.finish()
            finally:
                await response.aclose()

        try:
            if _timeout is None:  # Python 3.10
                return await asyncio.wait_for(exchange(), seconds)
            async with _timeout(seconds):  # no task per exchange, unlike wait_for on 3.11
                return await exchange()
        except TimeoutError:
            if budget.expired():
                raise budget.error() from None
            return _AnswerTimeout(f"the whole answer took more than {seconds:g} s")
        except httpx.TransportError as exc:
            if isinstance(exc, httpx.TimeoutException) and budget.expired():
                raise budget.error() from None
            return exc

    async def aclose(self) -> None:
        """End the MCP session (DELETE) if there is one and close the connections."""
        request = self._delete_request()
        if request is not None and not self._http.is_closed:
            with contextlib.suppress(httpx.HTTPError):
                await self._http.send(request)
        await self._http.aclose()
        self._finalizer.detach()

    close = aclose

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
