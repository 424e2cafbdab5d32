"""``BaseClient``, what both clients share: options, emulator or server, answers, typed results.

An answer comes from a recording, the cache or the server (then kept in both), through the
server's own ``tools/list``; :mod:`mapsnb._calls.rpc` below sends the requests and
:mod:`mapsnb._calls.client` above drives the flows with httpx.
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from mapsnb import settings
from mapsnb._calls import options as opt
from mapsnb._calls.rpc import CallStats, Exchange, Flow, Protocol, Sleep, logger
from mapsnb._calls.toolset import Toolset, ToolsetCache
from mapsnb._calls.usage import Gate, Meter
from mapsnb._read.credits import payload_is_synthetic
from mapsnb._read.names import NameBook
from mapsnb._redact import _Secret, redact_url, url_credentials
from mapsnb._store.cache import Cache, Stored, open_cache
from mapsnb._store.recording import Recording
from mapsnb._store.recording_open import NoNetwork, open_recording
from mapsnb._transport import protocol as proto
from mapsnb._transport.secrets import header_secrets, install_log_filter, normalise, secret
from mapsnb.errors import (
    InvalidRequest,
    MapsnbError,
    ProtocolError,
    ToolError,
)
from mapsnb.results import RoutesResult, ToolResult

if TYPE_CHECKING:
    from mapsnb._transport.sandbox import SandboxLink

SANDBOX_URL = "http://sandbox.mapsnb.invalid/mcp"


@dataclass(frozen=True)
class Call:
    """A prepared tool call: the tool's name and its validated wire arguments."""

    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Answered:
    """A call's payload, the request as sent and the stored answer.

    What a batch reads its rows from (the places, along-route, routes and resolution tools) without
    building a typed result per call.
    """

    raw: Mapping[str, Any]
    request: dict[str, Any]
    answer: Stored

    @property
    def issued_at(self) -> dt.datetime | None:
        """The client's clock when the server answered (routes: tokens expire from there)."""
        return self.answer.issued_at


class BaseClient(Exchange):
    """What ``Client`` and ``AsyncClient`` share: configuration, answers, results."""

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
        # and so are those of extra headers (X-Goog-Api-Key, Authorization, X-...-Token)
        self._header_secrets = header_secrets(extra_headers)
        key = self._key.reveal() if self._key else None
        in_headers = bool(self._header_secrets)
        self.deadline = settings.default_deadline if deadline_s is None else deadline_s
        self.max_response_bytes = (
            int(settings.max_response_bytes) if max_response_bytes is None else max_response_bytes
        )
        self._stats = CallStats()
        self._names = NameBook()  # names of the places answered (derived: never stored)
        self._tools = ToolsetCache()  # the server's tools/list, fetched before the first call
        self.cache: Cache | None = open_cache(cache)
        if self.cache is not None:
            self.cache.acquire()  # released by close(): the last client closes its connections
        self._holds_cache = self.cache is not None
        self.recording = open_recording(record, mode)
        self._live = bool(key or token or url or sandbox or in_headers)  # may call a server
        replay_only = self.recording is not None and self.recording.replay_only(self._live)
        self.quota_project = (
            None if quota_project is None else normalise(quota_project, "quota_project")
        )
        self.timeout = settings.default_timeout if timeout_s is None else timeout_s
        self.max_retries = settings.default_max_retries if max_retries is None else max_retries
        use_sandbox = (
            sandbox
            if sandbox is not None
            else (url is None and not key and not token and not in_headers)
        )
        self._sandbox: SandboxLink | None = None
        if replay_only and not sandbox:
            self.url = url or settings.live_url
            self.source = "replay"
        elif use_sandbox:
            from mapsnb._transport.sandbox import SandboxLink

            era = sandbox if isinstance(sandbox, str) else settings.sandbox_eras[0]
            self._sandbox = SandboxLink(now=fixed_now, era=era)
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
        kinds = self._credential_kinds()
        auth = " ".join(f"{k}=***" for k in kinds) if kinds else "no credentials"
        source = getattr(self, "source", "?")
        shown = redact_url(getattr(self, "url", "?"))
        return f"<{type(self).__name__} source={source!r} url={shown!r} {auth}>"

    def _credential_kinds(self) -> list[str]:
        """Which credentials this client sends, never their values.

        ``api_key``, ``token``, ``headers['X-Goog-Api-Key']``, ``url`` (a half-built client has some
        too).
        """
        kinds = [k for k, a in (("api_key", "_key"), ("token", "_token")) if getattr(self, a, None)]
        names = dict.fromkeys(name for name, _ in getattr(self, "_header_secrets", ()))
        kinds += [f"headers[{name!r}]" for name in names]
        if getattr(self, "_url_secrets", None):
            kinds.append("url")
        return kinds

    @property
    def is_sandbox(self) -> bool:
        """True when calls go to the built-in emulator."""
        return self._sandbox is not None

    def now(self) -> dt.datetime:
        """Return the clock requests are validated against (the emulator's clock in sandbox mode).

        In replay, the time the recording began, so "today" means the recorded day.
        """
        recorded = self.recording.clock if self.recording is not None else None
        if recorded is not None:
            return recorded
        if self._sandbox is not None:
            return self._sandbox.now()
        return dt.datetime.now(dt.UTC)

    def _transport(self) -> Any:
        if self.source == "replay":
            return NoNetwork(self.recording)  # type: ignore[arg-type]
        if self._sandbox is None:
            return None
        return self._sandbox.transport()

    def _call_flow(self, name: str, arguments: dict[str, Any]) -> Flow:
        result = yield from self._rpc(
            "tools/call", {"name": name, "arguments": arguments}, tool=name
        )
        if result.get("isError"):
            raise proto.tool_error_from_result(result, name)
        return proto.tool_payload(result, name)

    def _answer_flow(self, name: str, arguments: dict[str, Any], gate: Gate | None = None) -> Flow:
        """Return a :class:`Stored` answer: from the recording or the cache, else from the server.

        The recording or the cache answer when they hold the call; a server's answer is then stored in
        them.
        """
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

    def _release_cache(self) -> None:
        """Let go of the cache once (closing the client): the last client closes its files."""
        if self._holds_cache and self.cache is not None:
            self._holds_cache = False
            self.cache.release()

    def _endpoint(self) -> str:
        """Who answers, for cache keys: the URL, or the emulator and its clock when fixed."""
        if self._sandbox is None:
            return redact_url(self.url.split("?")[0])  # no user:password@ in a cache key
        if self._sandbox.fixed:
            return f"sandbox@{self._sandbox.now().isoformat()}"
        return "sandbox"

    def _payload_flow(self, name: str, arguments: dict[str, Any]) -> Flow:
        answer = yield from self._answer_flow(name, arguments)
        return answer.payload

    def _metered(self, name: str, arguments: dict[str, Any], gate: Gate | None = None) -> Flow:
        """``_call_flow`` under the budget and counted in :attr:`usage` (see mapsnb._calls.usage)."""
        return self._meter.metered(
            self._call_flow(name, arguments),
            name,
            arguments,
            now=self.now(),
            sleep=Sleep,
            gate=gate,
        )

    def _toolset_flow(self) -> Flow:
        """Return the server's :class:`Toolset`, fetched once for the client's life (``None``: unknown)."""
        cache = self._tools
        while cache.state is None:
            if not cache.claim():
                yield Sleep(0.002)  # another call of this client is fetching it
                continue
            toolset: Toolset | None = None
            try:
                toolset = yield from self._fetch_toolset()
            except BaseException:
                cache.release()
                raise
            cache.settle(toolset)
        return cache.toolset

    def _fetch_toolset(self) -> Flow:
        """Return the emulator's own list, the recorded one (replay), or ``tools/list`` (recorded)."""
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

    def _answered_flow(self, call: Call, gate: Gate | None = None) -> Flow:
        """Return the call's payload (a JSON object) with the request as sent: :class:`Answered`."""
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

    def _typed_flow(
        self, call: Call, result_type: type[ToolResult], gate: Gate | None = None
    ) -> Flow:
        """Read the call's answer into ``result_type`` (the caller names it).

        With its clock, its stored time and, for routes, when their tokens were issued.
        """
        answered: Answered = yield from self._answered_flow(call, gate)
        answer = answered.answer
        result = result_type.from_payload(
            answered.raw, request=answered.request, source=answer.source
        )
        result._asked_at = self.now()  # the client's clock: charts mark "now" with it
        if answer.origin != "server":
            result._recorded_at = answer.stored_at
        if isinstance(result, RoutesResult):
            # a stored route's tokens expired 10 minutes after it was first answered
            result._issued_at = answer.issued_at
        self._names.learn(result)  # and a route's ends get their names
        return result

    # ------------------------------------------------------------ usage and batches
    @property
    def names(self) -> NameBook:
        """The names of the places this client has answered, for its lifetime.

        Searches, resolutions, routes' ends as asked: ``client.names.get(place_id)``. Routes' titles,
        frames and maps use them instead of ids; never stored in the cache or a recording.
        """
        return self._names

    @property
    def usage(self) -> Any:
        """Calls made by this client, by tool and billing tier.

        A DataFrame with columns ``tool, tier, calls, errors, retries, cache_hits`` (single calls
        and batches alike).
        """
        return self._meter.frame()

    @property
    def call_stats(self) -> CallStats:
        """Re-sent requests per tool: ``.retries`` (all) and ``.repeated_calls``.

        Tool calls the server may already have run and billed: after a 5xx, a read timeout, a
        dropped link.
        """
        return self._stats

    # ----------------------------------------------------------------- tool methods
    def _invoke(self, flow: Flow) -> Any:  # pragma: no cover - implemented by subclasses
        raise NotImplementedError
