"""Library-wide defaults (module-level settings, in the manner of OSMnx).

Change them at run time, e.g. ``mapsnb.settings.default_timeout = 60``; a client reads them when
it is created.
"""

from __future__ import annotations

#: The live endpoint of Google's Maps agent tools.
live_url: str = "https://mapstools.googleapis.com/mcp"
#: Environment variable holding the API key.
api_key_env: str = "GOOGLE_MAPS_API_KEY"
#: Environment variable fixing the emulator's clock (ISO 8601, e.g. ``2026-09-18T08:00:00-07:00``).
sandbox_now_env: str = "MAPSNB_SANDBOX_NOW"

#: Protocol revision of the classic (session) handshake.
session_protocol_version: str = "2025-11-25"
#: Protocol revision of the stateless transport (no initialize, no session).
stateless_protocol_version: str = "2026-07-28"

#: Seconds before a request times out.
default_timeout: float = 30.0
#: Seconds a whole call may take, retries and waits included (``Client(deadline=...)``); an
#: unreachable or silent server then fails in bounded time. ``None``: no such bound.
default_deadline: float | None = 120.0
#: Largest answer accepted, in bytes after decompression (``Client(max_response_bytes=...)``).
max_response_bytes: int = 20_000_000
#: Times one call may renew a session the server forgot (HTTP 404) before giving up.
session_renewals: int = 3
#: Retries for 429, 5xx, connect errors and timeouts.
default_max_retries: int = 3
#: First backoff delay in seconds; doubles each retry (with jitter).
backoff_base: float = 0.5
#: Longest single wait in seconds, also caps ``Retry-After``.
backoff_max: float = 30.0

#: Calls per minute per tool that batches keep to (the published per-project quota); an int
#: for every tool or ``{"search_places": 100, ...}`` (other tools: 300).
calls_per_minute: int | dict[str, int] = 300

#: Calls per minute batches keep to on the emulator (in process, served, or a recording
#: replayed): ``None`` (default) does not throttle them, as the live quota does not apply
#: offline; an int (or a dict per tool, as ``calls_per_minute``) sets a rate. A batch's own
#: ``calls_per_minute=`` wins over both.
sandbox_calls_per_minute: int | dict[str, int] | None = None

#: Minutes a compute_routes retrieval token stays valid (TOOLS.md §2.4).
retrieval_token_minutes: int = 10

#: Client name sent in ``clientInfo``.
client_name: str = "mapsnb"

#: Environment variable turning the call cache on: ``1`` (default store), a path, or ``0``.
cache_env: str = "MAPSNB_CACHE"
#: Environment variable naming the folder of the default cache store.
cache_dir_env: str = "MAPSNB_CACHE_DIR"
#: Longest time, in days, a result may be cached or replayed without a warning (Google Maps
#: Platform terms allow caching for at most 30 days).
cache_max_days: int = 30
#: Environment variable naming a recording: every ``Client()`` replays it (no key needed), and
#: with a key also calls live for what it lacks and adds it (see ``record_mode_env``).
record_env: str = "MAPSNB_RECORD"
#: Environment variable choosing the recording mode: ``auto`` (default), ``replay`` or ``record``.
record_mode_env: str = "MAPSNB_RECORD_MODE"
#: Largest recording file read, in bytes: a bigger one is refused by name before it is read.
max_recording_bytes: int = 256_000_000
#: Environment variable naming a file where the in-process emulator appends one line per HTTP
#: request it answers (tests count network calls with it).
sandbox_call_log_env: str = "MAPSNB_SANDBOX_CALL_LOG"

#: The emulator's eras of the toolset: today's reference (6 tools) and the live list of 2026-08
#: (5 tools, ``lookup_weather`` without ``capabilities``, the legacy flat weather record).
sandbox_eras: tuple[str, ...] = ("2026-12", "2026-08")
