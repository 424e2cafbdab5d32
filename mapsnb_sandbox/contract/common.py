"""The emulator's base: tool errors, argument access, the call clock, stable ids, attribution.

Everything else in :mod:`mapsnb_sandbox` builds on these: :class:`SandboxToolError` and
:func:`invalid` (how a tool fails), :func:`check_limits` (the input limits of
:mod:`mapsnb._limits`, checked before any tool runs), :func:`arg` and :func:`lat_lng_arg`
(reading wire arguments in either spelling), :class:`Context` (the emulator's "now" for one call), :func:`stable_int`,
:func:`place_id_for` and :func:`token_for` (deterministic ids), :func:`attribution` and
:func:`place_url` (how every answer names its synthetic source), and :class:`Once` (the run-once
loader the lazily built indexes share).
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gc
import hashlib
import math
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from mapsnb._limits import MAX_DEPTH, MAX_KEYS, list_limit, text_limit
from mapsnb_sandbox.contract.features import feature_hex, feature_place_id

#: Where the emulator is documented: the README section "Offline mode (the emulator)".
EMULATOR_DOCS_URL = "https://github.com/mapsnb/mapsnb#offline-mode-the-emulator"

#: Attribution carried by every sandbox result.
SANDBOX_ATTRIBUTION: dict[str, str] = {
    "title": "mapsnb sandbox — synthetic data",
    "url": EMULATOR_DOCS_URL,
}

#: What every emulator attribution title ends with, after the live server's " - " pattern.
SYNTHETIC_LABEL = "mapsnb sandbox (synthetic data)"
_FEATURE = re.compile(r"!1s0x([0-9a-f]{1,16}):0x([0-9a-f]{1,16})(?![0-9a-f])", re.I)
_PLACE_DATA = re.compile(r"!1s0x([0-9a-f]{2,200})(?![0-9a-f])")

_CAMEL = re.compile(r"_([a-z0-9])")

RPC_CODES = {
    "INVALID_ARGUMENT": 3,
    "DEADLINE_EXCEEDED": 4,
    "NOT_FOUND": 5,
    "FAILED_PRECONDITION": 9,
    "OUT_OF_RANGE": 11,
    "INTERNAL": 13,
}


class SandboxToolError(Exception):
    """A tool failure, reported the way the live server reports it: a google.rpc status name
    and an English developer message. The MCP layer turns it into an ``isError`` result whose
    text is ``"STATUS: message"``."""

    def __init__(self, status: str, message: str) -> None:
        self.status = status
        self.code = RPC_CODES.get(status, 2)
        self.message = message
        super().__init__(f"{status}: {message}")


def synthetic_title(label: str) -> str:
    """An attribution title in the live pattern, with the synthetic label: live says
    ``"<label> - Google Maps"``, the emulator ``"<label> - mapsnb sandbox (synthetic data)"``."""
    return f"{label} - {SYNTHETIC_LABEL}"


def attribution(label: str) -> dict[str, str]:
    """The attribution of one emulated place, route or forecast (see :func:`synthetic_title`)."""
    return {"title": synthetic_title(label), "url": EMULATOR_DOCS_URL}


def waypoint_label(waypoint: Any) -> str:
    """A wire waypoint as asked: its address, place id or point."""
    if isinstance(waypoint, dict):
        for key in ("address", "place_id", "placeId"):
            if isinstance(waypoint.get(key), str):
                return str(waypoint[key])
        point = waypoint.get("lat_lng", waypoint.get("latLng"))
        if isinstance(point, dict):
            return f"{point.get('latitude')},{point.get('longitude')}"
    return "waypoint"


def feature_data(place_id: str) -> str:
    """The ``0x<cell>:0x<fprint>`` feature id of a well-formed id (REAL_SERVER.md round 4); for
    any other id, the hex of its bytes. :func:`place_id_in_url` reads either back."""
    feature = feature_hex(place_id)
    return feature if feature is not None else f"0x{place_id.encode().hex()}"


_PLACE_DATA_URL = "https://www.google.com/maps/place//data="


def place_url(place_id: str) -> str:
    """A placeUrl in the live form: ``/maps/place//data=!4m2!3m1!1s0x<cell>:0x<fprint>``."""
    return f"{_PLACE_DATA_URL}!4m2!3m1!1s{feature_data(place_id)}"


def maps_links(place_id: str) -> dict[str, str]:
    """The five Google Maps deep links of a place, each driven by its feature id as live
    (REAL_SERVER.md round 4; the Places API's ``googleMapsLinks`` forms): directions with only
    the destination filled in and the DRIVE mode (``!3e0``), reviews (``!9m1!1b1``), photos
    (``!10e5``) and the review form (``!12e1``)."""
    data = feature_data(place_id)
    place = _PLACE_DATA_URL
    return {
        "placeUrl": f"{place}!4m2!3m1!1s{data}",
        "directionsUrl": (
            f"https://www.google.com/maps/dir//''/data=!4m7!4m6!1m1!4e2!1m2!1m1!1s{data}!3e0"
        ),
        "reviewsUrl": f"{place}!4m4!3m3!1s{data}!9m1!1b1",
        "photosUrl": f"{place}!4m3!3m2!1s{data}!10e5",
        "writeAReviewUrl": f"{place}!4m3!3m2!1s{data}!12e1",
    }


def place_id_in_url(path: str) -> str | None:
    """The place id of a :func:`place_url` (its path) or of a live feature id, or ``None``."""
    feature = _FEATURE.search(path)
    if feature is not None:
        return feature_place_id(int(feature.group(1), 16), int(feature.group(2), 16))
    m = _PLACE_DATA.search(path)
    if m is None or len(m.group(1)) % 2:
        return None
    try:
        return bytes.fromhex(m.group(1)).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None


def invalid(message: str) -> SandboxToolError:
    """An ``INVALID_ARGUMENT`` tool error."""
    return SandboxToolError("INVALID_ARGUMENT", message)


_SURROGATE = re.compile("[\ud800-\udfff]")
_MAX_NAME = 128
_INT_RANGE = 2**64  # no field of the tools holds more (int32, int64, double)


def check_limits(arguments: Any) -> None:
    """INVALID_ARGUMENT, naming the field, when a call's arguments break an input limit of
    :mod:`mapsnb._limits`: a text too long or holding a lone surrogate (not Unicode text), a list
    with too many items, an object with too many keys or too long a key, nesting too deep, an
    integer beyond 64 bits.

    It reads every value once and nothing beyond a limit, so an oversized call costs little.
    """
    stack: list[tuple[Any, str, int]] = [(arguments, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        where = path or "arguments"
        if isinstance(value, str):
            limit = text_limit(path)
            size = len(value.strip())
            if size > limit:
                raise invalid(f"{where} must be at most {limit} characters, got {size}")
            if _SURROGATE.search(value):
                raise invalid(f"{where} must be Unicode text: it holds a lone surrogate")
            continue
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _INT_RANGE:
            raise invalid(f"{where} is out of range: an integer beyond 64 bits")
        if not isinstance(value, (dict, list)):
            continue
        if depth >= MAX_DEPTH:
            raise invalid(f"{where} is nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(value, list):
            limit = list_limit(path)
            if len(value) > limit:
                raise invalid(f"{where} must hold at most {limit} entries, got {len(value)}")
            stack.extend(
                (v, f"{path}[{i}]", depth + 1) for i, v in reversed(list(enumerate(value)))
            )
            continue
        if len(value) > MAX_KEYS:
            raise invalid(f"{where} must have at most {MAX_KEYS} fields, got {len(value)}")
        items = []
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > _MAX_NAME or _SURROGATE.search(key):
                raise invalid(f"{where} has a field name that is not a short text")
            items.append((item, f"{path}.{key}" if path else key, depth + 1))
        stack.extend(reversed(items))


def camel(name: str) -> str:
    """``"text_query"`` -> ``"textQuery"``."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), name)


def arg(obj: dict[str, Any] | None, name: str, default: Any = None, *, where: str = "") -> Any:
    """Read field ``name`` (snake_case) from ``obj`` in either spelling.

    Giving the same field in both spellings is INVALID_ARGUMENT (TOOLS.md §1.5).
    """
    if not obj:
        return default
    alt = camel(name)
    if alt != name and name in obj and alt in obj:
        raise invalid(f"{where}{name} is given twice, as {name} and {alt}")
    if name in obj:
        return obj[name]
    return obj.get(alt, default)


def _check_coord(v: Any, field: str, name: str, lim: int) -> float:
    if v is None:
        raise invalid(f"{field}.{name} is required")
    if isinstance(v, bool) or not isinstance(v, (int, float)) or math.isnan(v):
        raise invalid(f"{field}.{name} must be a number")
    if not -lim <= v <= lim:
        raise invalid(f"{field}.{name} must be between {-lim} and {lim}, got {v}")
    return float(v)


def lat_lng_arg(value: Any, field: str) -> tuple[float, float]:
    """Validate a wire LatLng ``{latitude, longitude}``; INVALID_ARGUMENT naming ``field``."""
    if not isinstance(value, dict):
        raise invalid(f"{field} must be an object with latitude and longitude")
    lat = _check_coord(value.get("latitude"), field, "latitude", 90)
    lng = _check_coord(value.get("longitude"), field, "longitude", 180)
    return lat, lng


def stable_hash(*parts: Any, length: int = 16) -> bytes:
    """Deterministic bytes from ``parts`` (same input, same output, across runs)."""
    h = hashlib.sha256("\x1f".join(map(repr, parts)).encode()).digest()
    return h[:length]


def stable_int(*parts: Any) -> int:
    """A deterministic non-negative integer from ``parts``."""
    return int.from_bytes(stable_hash(*parts, length=8), "big")


def place_id_for(*parts: Any) -> str:
    """A deterministic, realistic-looking place id (``ChIJ`` + 23 url-safe characters)."""
    raw = base64.urlsafe_b64encode(stable_hash("place", *parts, length=18)).decode()
    return "ChIJ" + raw[:23]


def token_for(*parts: Any) -> str:
    """A deterministic opaque token."""
    return base64.urlsafe_b64encode(stable_hash("token", *parts, length=24)).decode().rstrip("=")


@dataclass(frozen=True)
class Context:
    """Per-call context: the emulator's "now" (aware, UTC)."""

    now: datetime

    def __post_init__(self) -> None:
        if self.now.tzinfo is None:
            object.__setattr__(self, "now", self.now.replace(tzinfo=UTC))


_T = TypeVar("_T")
_LOAD_LOCK = threading.RLock()


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic GC: building ~34,000 records otherwise triggers many full collections
    (about a third of the cold-start time)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Once(Generic[_T]):
    """A zero-argument index builder, run once: threads asking at the same time during a cold
    start wait for the one build instead of each building their own copy."""

    def __init__(self, build: Callable[[], _T]) -> None:
        self._build = build
        self._value: _T | None = None
        functools.update_wrapper(self, build)

    def __call__(self) -> _T:
        value = self._value
        if value is None:
            with _LOAD_LOCK:
                if self._value is None:
                    with _gc_paused():
                        self._value = self._build()
                value = self._value
        return value

    def cache_clear(self) -> None:
        self._value = None
