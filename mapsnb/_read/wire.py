"""The one reader of tool payloads: every rule for reading a payload dict lives here.

The live server speaks proto3 JSON (camelCase), the reference's examples snake_case, and fields
appear over time (REAL_SERVER.md). Everything here therefore reads **either spelling**, both
link spellings (``placeUrl``/``placeUri``), both Duration forms (``"3.5s"`` and
``{seconds, nanos}``), RFC 3339 strings and civil-time dicts, and never raises on an unforeseen
shape: a value it cannot read comes back as ``None`` or NaN. Numbers are finite or NaN
(``1e400`` reads as NaN), walks are iterative and bounded, so hostile payloads cost linear time.

This module is pure Python (no pandas): results, frames, layers, charts and widgets all read
payloads through it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta, tzinfo
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

__all__ = [
    "WEATHER_RECORD_KEYS",
    "bounded",
    "collect_attributions",
    "domain_attributions",
    "duration_ns",
    "failures",
    "g",
    "has",
    "hex_color",
    "instant_ns",
    "is_legacy_weather",
    "lat_lng",
    "link",
    "num",
    "path",
    "place_ids",
    "records",
    "rfc3339",
    "rounded",
    "seconds",
    "snake",
    "text",
    "time_zone",
    "title_name",
    "unnamed_title",
]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_EPOCH_NAIVE = datetime(1970, 1, 1)
_US = timedelta(microseconds=1)
_DURATION = re.compile(r"^\s*([+-])?(\d{0,12})(?:\.(\d*))?\s*s?\s*$")
_FRACTION = re.compile(r"\.(\d+)")
#: The largest offset or duration read (100 years): anything larger is not a real value.
_MAX_SECONDS = 100 * 366 * 86400
#: How deep :func:`collect_attributions` looks (payload containers are a few levels deep).
_ATTRIBUTION_DEPTH = 6


# ----------------------------------------------------------------------------- names, access
@lru_cache(maxsize=2048)
def snake(name: str) -> str:
    """``"writeAReviewUrl"`` -> ``"write_a_review_url"`` (snake_case names pass through)."""
    return re.sub(r"([A-Z])", r"_\1", name).lower().lstrip("_")


def g(obj: Any, key: str, default: Any = None) -> Any:
    """Field ``key`` (given in camelCase) of ``obj`` in either spelling; ``default`` if absent."""
    if type(obj) is not dict and not isinstance(obj, Mapping):
        return default
    value = obj.get(key)
    if value is None:
        alt = snake(key)
        if alt != key:
            value = obj.get(alt)
    return default if value is None else value


def path(obj: Any, *keys: str) -> Any:
    """Nested :func:`g`: ``path(d, "wind", "speed", "value")``."""
    for key in keys:
        obj = g(obj, key)
        if obj is None:
            return None
    return obj


def has(obj: Any, key: str) -> bool:
    """Whether ``obj`` has ``key`` in either spelling (even with a null value)."""
    return isinstance(obj, Mapping) and (key in obj or snake(key) in obj)


def records(obj: Any) -> list[Mapping[str, Any]]:
    """Return the dict elements of a list (anything else gives an empty list)."""
    if isinstance(obj, list):
        return [x for x in obj if type(x) is dict or isinstance(x, Mapping)]
    return []


def bounded(value: Any, max_depth: int = 16) -> Any:
    """``value`` if it nests at most ``max_depth`` levels, else a short marker string.

    Values this deep are not data anyone reads in a table, and printing them would recurse.
    """
    level = [value]
    for _ in range(max_depth + 1):
        nxt: list[Any] = []
        for node in level:
            if isinstance(node, Mapping):
                nxt.extend(v for v in node.values() if isinstance(v, (Mapping, list)))
            elif isinstance(node, list):
                nxt.extend(v for v in node if isinstance(v, (Mapping, list)))
        if not nxt:
            return value
        level = nxt
    return f"<{type(value).__name__} nested over {max_depth} levels deep: see .raw>"


# ----------------------------------------------------------------------------- scalars
def num(value: Any, sub: str | None = None) -> float:
    """Return a finite float from a number, numeric string or (with ``sub``) a wrapper dict; else NaN."""
    if sub is not None and isinstance(value, Mapping):
        value = g(value, sub)
    if value is None or isinstance(value, bool):
        return math.nan
    if isinstance(value, (int, float, str)):
        try:
            out = float(value)
        except (ValueError, OverflowError):
            return math.nan
        return out if math.isfinite(out) else math.nan
    return math.nan


def rounded(value: Any, sub: str | None = None) -> int | None:
    """:func:`num` rounded to an int; None when absent, unreadable or beyond ±2**53."""
    out = num(value, sub)
    return None if math.isnan(out) or abs(out) > 2**53 else round(out)


def text(value: Any, sub: str = "text") -> str | None:
    """Return a string from a string, a number or a ``{"text": ...}`` wrapper; None otherwise."""
    if isinstance(value, Mapping):
        value = g(value, sub)
    if value is None or isinstance(value, (Mapping, list)):
        return None
    return value if isinstance(value, str) else str(value)


def _whole(value: Any) -> int:
    """Return an int from an int, an integral float or a numeric string (ValueError otherwise)."""
    if isinstance(value, bool):
        raise ValueError("a bool is not a number")
    if isinstance(value, int):
        return value
    out = num(value)
    if math.isnan(out) or out != int(out):
        raise ValueError(f"not a whole number: {value!r}")
    return int(out)


def duration_ns(value: Any) -> int | None:
    """Nanoseconds of a protobuf Duration: ``"754s"``, ``"3.5s"``, ``{seconds, nanos}``, a number.

    None when absent, unreadable or beyond 100 years.
    """
    if value is None or isinstance(value, bool):
        return None
    ns: int | None
    if isinstance(value, (int, float)):
        secs = num(value)
        ns = None if math.isnan(secs) or abs(secs) > _MAX_SECONDS else round(secs * 1e9)
    elif isinstance(value, Mapping):
        if not (has(value, "seconds") or has(value, "nanos")):
            return None
        try:
            ns = _whole(g(value, "seconds", 0)) * 1_000_000_000 + _whole(g(value, "nanos", 0))
        except ValueError:
            return None
    elif isinstance(value, str):
        m = _DURATION.match(value)
        if not m or not (m.group(2) or m.group(3)):
            return None
        ns = int(m.group(2) or 0) * 1_000_000_000 + int((m.group(3) or "")[:9].ljust(9, "0"))
        ns = -ns if m.group(1) == "-" else ns
    else:
        return None
    if ns is None or abs(ns) > _MAX_SECONDS * 1_000_000_000:
        return None
    return ns


def seconds(value: Any) -> float:
    """Seconds of a Duration as a float (NaN when absent or unreadable)."""
    ns = duration_ns(value)
    return math.nan if ns is None else ns / 1e9


def parse_duration(value: Any) -> float | None:
    """Seconds of a Duration, or None when absent or unreadable (for typed results)."""
    ns = duration_ns(value)
    return None if ns is None else ns / 1e9


# ----------------------------------------------------------------------------- time
def rfc3339(value: Any) -> datetime | None:
    """Return an aware datetime from an RFC 3339 string (naive strings are read as UTC); else None."""
    if not isinstance(value, str) or not value.strip():
        return None
    s = value.strip()
    if s[-1:] in "zZ":
        s = s[:-1] + "+00:00"
    s = _FRACTION.sub(lambda m: "." + m.group(1)[:6].ljust(6, "0"), s, count=1)
    try:
        moment = datetime.fromisoformat(s)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def time_zone(payload: Any) -> tzinfo | None:
    """Return the location's zone from ``timeZone`` (a string or ``{"id": ...}``), else None."""
    tz = g(payload, "timeZone")
    if tz is None:
        tz = g(g(payload, "weather"), "timeZone")
    if isinstance(tz, Mapping):
        tz = g(tz, "id") or g(tz, "name")
    if not isinstance(tz, str) or not tz or len(tz) > 64:
        return None
    try:
        return ZoneInfo(tz)
    except (ValueError, KeyError, OSError):
        return None


def instant_ns(value: Any, zone: tzinfo | None = None) -> tuple[int | None, int | None]:
    """Epoch nanoseconds and UTC offset (seconds, if stated) of a timestamp.

    Accepts an RFC 3339 string, or a civil-time dict ``{year, month, day, hours, minutes,
    seconds, nanos, utcOffset}``. A dict without ``utcOffset`` is read in ``zone`` (UTC if None).
    ``(None, None)`` when unreadable; offsets beyond ±18 h are unreadable.
    """
    if isinstance(value, str):
        moment = rfc3339(value)
        if moment is None:
            return None, None
        off = moment.utcoffset()
        try:
            ns = (moment - _EPOCH) // _US * 1000
        except OverflowError:
            return None, None
        return ns, None if off is None else int(off.total_seconds())
    if not isinstance(value, Mapping):
        return None, None
    try:
        local = datetime(
            _whole(g(value, "year")),
            _whole(g(value, "month")),
            _whole(g(value, "day")),
            _whole(g(value, "hours", 0)),
            _whole(g(value, "minutes", 0)),
            _whole(g(value, "seconds", 0)),
        )
        extra = _whole(g(value, "nanos", 0))
    except (TypeError, ValueError, OverflowError):
        return None, None
    if not 0 <= extra < 1_000_000_000:
        return None, None
    off_ns = duration_ns(g(value, "utcOffset"))
    if off_ns is not None and abs(off_ns) > 18 * 3600 * 1_000_000_000:
        return None, None
    if off_ns is None and isinstance(g(value, "timeZone"), (str, Mapping)):
        zone = time_zone({"timeZone": g(value, "timeZone")}) or zone
    try:
        if off_ns is None and zone is not None:
            aware = local.replace(tzinfo=zone)
            off = aware.utcoffset() or timedelta(0)
            return (aware - _EPOCH) // _US * 1000 + extra, int(off.total_seconds())
        off_ns = off_ns or 0
        return (local - _EPOCH_NAIVE) // _US * 1000 + extra - off_ns, off_ns // 1_000_000_000
    except OverflowError:
        return None, None


def civil_date(value: Any) -> str | None:
    """``"YYYY-MM-DD"`` from a ``{year, month, day}`` dict or a date(-time) string; else None."""
    try:
        if isinstance(value, Mapping):
            day = datetime(
                _whole(g(value, "year")), _whole(g(value, "month")), _whole(g(value, "day"))
            )
            return day.strftime("%Y-%m-%d")
        if isinstance(value, str) and len(value) >= 10:
            return datetime.strptime(value[:10], "%Y-%m-%d").strftime("%Y-%m-%d")
    except (TypeError, ValueError, OverflowError):
        return None
    return None


# ----------------------------------------------------------------------------- places
#: Link columns and their payload names; the tools' reference says ``…Url``, the Places API
#: (and some of Google's clients) ``…Uri``: both are read.
LINKS: tuple[tuple[str, str], ...] = (
    ("place_url", "placeUrl"),
    ("directions_url", "directionsUrl"),
    ("reviews_url", "reviewsUrl"),
    ("photos_url", "photosUrl"),
    ("write_a_review_url", "writeAReviewUrl"),
)


def link(links: Any, key: str) -> str | None:
    """Return a link of ``googleMapsLinks`` by its ``…Url`` name, also read as ``…Uri``."""
    value = g(links, key)
    if value is None and key.endswith("Url"):
        value = g(links, key[:-3] + "Uri")
    return value if isinstance(value, str) else None


def place_ids(view: Any) -> tuple[str | None, str | None]:
    """``(place_id, resource_name)`` of a PlaceView (``id`` and/or ``place: "places/ID"``)."""
    resource = g(view, "place")
    if not isinstance(resource, str):
        name = g(view, "name")
        resource = name if isinstance(name, str) and name.startswith("places/") else None
    pid = text(g(view, "id"))
    if pid is None and resource:
        pid = resource.split("/", 1)[1] if resource.startswith("places/") else resource
    if resource is None and pid:
        resource = f"places/{pid}"
    return pid, resource


#: What ends an attribution title that names a place: " - <provider>", the provider being
#: Google Maps (live: ``"<place name> - Google Maps"``) or the emulator's synthetic-data label
#: (``"<place name> - mapsnb sandbox (synthetic data)"``). Any dash, any spacing.
_TITLE_PROVIDER = re.compile(
    r"\s[-\u2013\u2014]\s+(?:Google\s+Maps|mapsnb\s+sandbox"
    r"(?:\s*\(synthetic\s+data\)|\s+[-\u2013\u2014:]\s*synthetic\s+data)?)\s*$",
    re.IGNORECASE,
)
_LIVE_SUFFIX = " - Google Maps"


def title_name(title: Any) -> str | None:
    """Return the place name an attribution title carries.

    ``"Café Luna - Google Maps"`` -> ``"Café Luna"`` (only the trailing ``" - <provider>"`` goes;
    the title itself is never edited).

    ``None`` when the title names no place: not a string, no provider suffix (a bare
    ``"Google Maps"`` or a partner's credit) or nothing before it.
    """
    if type(title) is not str or len(title) > 1000:
        return None
    if title.endswith(_LIVE_SUFFIX):
        name = title[: -len(_LIVE_SUFFIX)].strip()
    else:
        m = _TITLE_PROVIDER.search(title)
        if m is None:
            return None
        name = title[: m.start()].strip()
    return name or None


def unnamed_title(title: Any) -> bool:
    """Return whether ``title`` credits a provider for a place without a name.

    ``" - Google Maps"`` (live answers for a street address; REAL_SERVER.md, evidence round 4).
    """
    if type(title) is not str or len(title) > 1000:
        return False
    m = _TITLE_PROVIDER.search(title)
    return m is not None and not title[: m.start()].strip()


def lat_lng(loc: Any) -> tuple[float, float]:
    """``(lat, lng)`` of a LatLng (or ``{latLng: ...}``); a proto3-omitted zero reads 0.0."""
    inner = g(loc, "latLng")
    loc = inner if isinstance(inner, Mapping) else loc
    if not isinstance(loc, Mapping) or not (has(loc, "latitude") or has(loc, "longitude")):
        return math.nan, math.nan
    lat, lng = num(g(loc, "latitude", 0.0)), num(g(loc, "longitude", 0.0))
    if not (-90 <= lat <= 90 and -180 <= lng <= 180):
        return math.nan, math.nan
    return lat, lng


def failures(payload: Any) -> dict[int, Any]:
    """``failedRequests`` as ``{input position: Status}`` (keys are JSON strings on the wire).

    Keys that are not whole numbers are dropped (they cannot name an input).
    """
    raw = g(payload, "failedRequests")
    pairs: list[tuple[Any, Any]] = []
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, list):  # a list of {index, status} entries
        pairs = [(g(item, "index"), g(item, "status", item)) for item in records(raw)]
    out: dict[int, Any] = {}
    for key, value in pairs:
        try:
            pos = _whole(key.strip() if isinstance(key, str) else key)
        except (TypeError, ValueError, OverflowError):
            continue
        if 0 <= pos < 1_000_000:
            out[pos] = value
    return out


# ----------------------------------------------------------------------------- colours
def hex_color(color: Any) -> str | None:
    """``"#rrggbb"`` from a ``{red, green, blue}`` dict of floats 0–1 (missing parts are 0)."""
    if type(color) is dict and color.keys() <= _RGB:  # the wire's shape: each colour once
        rgb = (color.get("red", 0.0), color.get("green", 0.0), color.get("blue", 0.0))
        if type(rgb[0]) is float and type(rgb[1]) is float and type(rgb[2]) is float:
            return _hex_rgb(rgb)
    return _hex(color)


_RGB = frozenset({"red", "green", "blue"})


def _hex(color: Any) -> str | None:
    if not isinstance(color, Mapping):
        return None
    parts = [num(g(color, k, 0)) for k in ("red", "green", "blue")]
    parts = [0.0 if math.isnan(p) else max(0.0, min(p, 1e6)) for p in parts]  # no overflow
    scale = 1.0 if any(p > 1.0 for p in parts) else 255.0
    return "#" + "".join(f"{max(0, min(255, round(p * scale))):02x}" for p in parts)


@lru_cache(maxsize=1024)
def _hex_rgb(rgb: tuple[float, float, float]) -> str | None:
    """:func:`_hex` of a colour given as three floats (pollen and AQI colours repeat)."""
    return _hex(dict(zip(("red", "green", "blue"), rgb, strict=True)))


# ----------------------------------------------------------------------------- attributions
def _credit(item: Any) -> dict[str, str | None] | None:
    if type(item) is dict:
        title, url = item.get("title"), item.get("url")
        title = title if type(title) is str else text(title)
        url = url if type(url) is str else text(url)
    elif not isinstance(item, Mapping):
        return None
    else:
        title, url = text(g(item, "title")), text(g(item, "url"))
    if title is None and url is None:
        return None
    return {"title": title, "url": url}


def _add(found: list[dict[str, str | None]], seen: set[tuple[Any, Any]], value: Any) -> None:
    for item in value if isinstance(value, list) else [value]:
        credit = _credit(item)
        if credit is not None and (key := (credit["title"], credit["url"])) not in seen:
            seen.add(key)
            found.append(credit)


#: Leaf types of decoded JSON: never walked into (checked before the slower ABC test).
_LEAVES = frozenset({str, int, float, bool, type(None)})


def _walk(obj: Any, depth: int) -> Iterator[Any]:
    """``attribution``/``attributions`` values under ``obj``, breadth first, to ``depth``."""
    level = [obj]
    leaves = _LEAVES
    for _ in range(depth + 1):
        nxt: list[Any] = []
        for node in level:
            kind = type(node)
            if kind is dict or (kind is not list and isinstance(node, Mapping)):
                for key, value in node.items():
                    if key == "attribution" or key == "attributions":
                        yield value
                    elif type(value) not in leaves and isinstance(value, (Mapping, list)):
                        nxt.append(value)
            elif kind is list or isinstance(node, list):
                nxt.extend(
                    v for v in node if type(v) not in leaves and isinstance(v, (Mapping, list))
                )
        if not nxt:
            return
        level = nxt


def collect_attributions(obj: Any, depth: int = _ATTRIBUTION_DEPTH) -> list[dict[str, str | None]]:
    """Return unique ``{"title", "url"}`` credits under ``attribution(s)`` keys, in order (strings only)."""
    found: list[dict[str, str | None]] = []
    seen: set[tuple[Any, Any]] = set()
    for value in _walk(obj, depth):
        _add(found, seen, value)
    return found


# ----------------------------------------------------------------------------- weather modes
#: Fields that mark a weather record (and, at the top level, the legacy flat mode).
WEATHER_RECORD_KEYS = (
    "temperature",
    "weatherCondition",
    "feelsLikeTemperature",
    "relativeHumidity",
    "wind",
    "precipitation",
    "maxTemperature",
)
#: The capability-mode containers and the domain names they hold.
CONTAINERS = (("weather", "weather"), ("air_quality", "airQuality"), ("pollen", "pollen"))


def is_legacy_weather(payload: Any) -> bool:
    """Legacy flat mode: weather fields at the top level and no capability container."""
    if not isinstance(payload, Mapping) or any(has(payload, c) for _, c in CONTAINERS):
        return False
    return any(has(payload, k) for k in WEATHER_RECORD_KEYS)


def domain_attributions(payload: Any) -> dict[str, list[dict[str, str | None]]]:
    """Credits per domain: ``{"weather": [...], "air_quality": [...], "pollen": [...]}``.

    A domain absent from the response has an empty list; legacy flat mode credits ``weather``.
    """
    out: dict[str, list[dict[str, str | None]]] = {d: [] for d, _ in CONTAINERS}
    if not isinstance(payload, Mapping):
        return out
    top = g(payload, "attribution")
    if top is None:
        top = g(payload, "attributions")
    if is_legacy_weather(payload):
        found: list[dict[str, str | None]] = []
        _add(found, set(), top)
        out["weather"] = found
        return out
    for domain, container in CONTAINERS:
        box = g(payload, container)
        if not isinstance(box, Mapping):
            continue
        found = []
        seen: set[tuple[Any, Any]] = set()
        for value in (g(box, "attribution"), g(box, "attributions"), top):
            _add(found, seen, value)
        out[domain] = found
    return out
