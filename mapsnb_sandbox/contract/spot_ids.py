"""Ids of spots that decode with no table: bare points and typed street addresses.

A **bare point** has a feature id (:mod:`.features`): its cell half is the S2 leaf cell (level
30, about 1 cm) of the point, its fingerprint the town type tag (2 bits), the latitude (28 bits)
and longitude (29 bits) in millionths of a degree from -90 and -180, and a 5-bit check. Decoding
checks the check *and* that the cell half is the leaf cell of the decoded point (60 more bits), so
no town, landmark, business or country id decodes as a point (their cells are level 10).

A **street address** has a long id like Google's own ``Ei…`` ids (URL-safe base64 of a message
holding the address): ``12 <len> <label, UTF-8>`` (field 2, the street as typed, at most
:data:`MAX_LABEL_BYTES`), ``18 <geonameid>`` (field 3, the town), ``20 <degrees>`` (field 4,
the town's whole degrees of latitude and longitude: where to look it up), ``32 <len>
<postcode>`` (field 6: no longer written, as a street is one place whatever code was typed
with it; an id of 2026-12-05 that carries one still decodes, to that same street) and
``2d <check, 4 bytes>`` (field 5). Only the canonical encoding decodes; anything else is
``None``.
"""

from __future__ import annotations

import base64
import binascii

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.contract.features import decode_feature_id, feature_place_id, s2_cell_id

__all__ = [
    "MAX_LABEL_BYTES",
    "decode_point_id",
    "decode_street_id",
    "point_id",
    "point_of",
    "street_id",
    "street_label",
]

#: The type tag of a point's fingerprint (a town's: points stand where towns would).
_POINT_TAG = 1
_MICRO = 1_000_000
_LAT_SPAN, _LNG_SPAN = 180 * _MICRO, 360 * _MICRO
_LEAF = 30
#: The longest street label a street address id carries, in UTF-8 bytes.
MAX_LABEL_BYTES = 200
#: Longest id :func:`decode_street_id` reads (a label of MAX_LABEL_BYTES and the other fields).
_MAX_STREET_ID = 4 * (MAX_LABEL_BYTES + 40) // 3 + 4


def point_of(lat: float, lng: float) -> tuple[float, float]:
    """The point an id can carry: ``lat, lng`` to the nearest millionth of a degree; a pole
    has one point, longitude 0 (its cell tells no longitude apart, so an id there could be
    forged in its longitude and pass the check one time in 32)."""
    lat_m = round(lat * _MICRO)
    return lat_m / _MICRO, 0.0 if abs(lat_m) == 90 * _MICRO else round(lng * _MICRO) / _MICRO


def _point_check(lat_q: int, lng_q: int) -> int:
    return stable_int("world-point", lat_q, lng_q) & 0x1F


def point_id(lat: float, lng: float) -> str:
    """The ``ChIJ…`` id of the point ``lat, lng`` (to a millionth of a degree, see the module
    docstring)."""
    if not (-90 <= lat <= 90 and -180 <= lng <= 180):
        raise ValueError(f"not a point on Earth: {lat}, {lng}")
    lat, lng = point_of(lat, lng)
    lat_q = round(lat * _MICRO) + 90 * _MICRO
    lng_q = round(lng * _MICRO) + 180 * _MICRO
    fprint = _POINT_TAG << 62 | lat_q << 34 | lng_q << 5 | _point_check(lat_q, lng_q)
    return feature_place_id(s2_cell_id(lat, lng, _LEAF), fprint)


def decode_point_id(pid: str) -> tuple[float, float] | None:
    """The point of a :func:`point_id`, or ``None`` (any other id, a bad check or cell)."""
    decoded = decode_feature_id(pid)
    if decoded is None or decoded[1] >> 62 != _POINT_TAG or feature_place_id(*decoded) != pid:
        return None  # (the last character's spare bits must be zero: one id, one text)
    cell, fprint = decoded
    lat_q, lng_q = fprint >> 34 & 0xFFFFFFF, fprint >> 5 & 0x1FFFFFFF
    if lat_q > _LAT_SPAN or lng_q > _LNG_SPAN or _point_check(lat_q, lng_q) != fprint & 0x1F:
        return None
    lat, lng = (lat_q - 90 * _MICRO) / _MICRO, (lng_q - 180 * _MICRO) / _MICRO
    if (lat, lng) != point_of(lat, lng):
        return None  # a pole's longitude is 0
    return (lat, lng) if s2_cell_id(lat, lng, _LEAF) == cell else None


# --------------------------------------------------------------------------- street addresses


def street_label(text: str) -> str | None:
    """The label a street id carries for the typed street ``text`` (its words, single-spaced),
    or ``None`` when it is empty, longer than :data:`MAX_LABEL_BYTES` or not Unicode text."""
    label = " ".join(text.split())
    try:
        size = len(label.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate
        return None
    return label if 0 < size <= MAX_LABEL_BYTES else None


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(raw: bytes, at: int) -> tuple[int, int]:
    """The varint at ``raw[at:]`` and where it ends; ``ValueError`` when cut short or too long."""
    value = 0
    for shift in range(0, 35, 7):
        if at >= len(raw):
            raise ValueError("cut short")
        byte = raw[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at
    raise ValueError("varint too long")


def _street_check(label: str, geonameid: int, degrees: int, postcode: str) -> bytes:
    more = (postcode,) if postcode else ()  # ids typed without a postcode keep their check
    check = stable_int("world-street", label, geonameid, degrees, *more) & 0xFFFFFFFF
    return check.to_bytes(4, "little")


def _degrees(lat: float, lng: float) -> int:
    return (int(lat // 1) + 90) << 9 | int(lng // 1) % 360


def street_id(
    label: str, geonameid: int, town_lat: float, town_lng: float, postcode: str = ""
) -> str:
    """The long id of the street ``label`` (a :func:`street_label`) in the town ``geonameid``
    at ``town_lat, town_lng``, typed with ``postcode`` (see the module docstring)."""
    if street_label(label) != label or geonameid < 0 or len(postcode) > _MAX_POSTCODE:
        raise ValueError(f"not a street label: {label!r}")
    text, code = label.encode("utf-8"), postcode.encode("utf-8")
    degrees = _degrees(town_lat, town_lng)
    raw = b"\x12" + _varint(len(text)) + text + b"\x18" + _varint(geonameid)
    raw += b"\x20" + _varint(degrees)
    raw += b"\x32" + _varint(len(code)) + code if code else b""
    raw += b"\x2d" + _street_check(label, geonameid, degrees, postcode)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


#: The longest postcode a street id carries (the UK's "SW1A 2AA" has 8 characters).
_MAX_POSTCODE = 12


def _parse_street(raw: bytes) -> tuple[str, int, int, str]:
    """``(label, geonameid, degrees, postcode)`` of a street id's bytes; ``ValueError`` when
    malformed."""
    if raw[:1] != b"\x12":
        raise ValueError("no label")
    size, at = _read_varint(raw, 1)
    label = raw[at : at + size].decode("utf-8")
    at += size
    if raw[at : at + 1] != b"\x18":
        raise ValueError("no town")
    geonameid, at = _read_varint(raw, at + 1)
    if raw[at : at + 1] != b"\x20":
        raise ValueError("no degrees")
    degrees, at = _read_varint(raw, at + 1)
    postcode = ""
    if raw[at : at + 1] == b"\x32":
        size, at = _read_varint(raw, at + 1)
        postcode = raw[at : at + size].decode("utf-8")
    return label, geonameid, degrees, postcode


def decode_street_id(pid: str) -> tuple[str, int, int, int, str] | None:
    """``(label, geonameid, lat degree, lng degree, postcode)`` of a :func:`street_id`, or
    ``None`` (any other text, a bad check, a form that is not the canonical one)."""
    if not isinstance(pid, str) or not pid.startswith("E") or len(pid) > _MAX_STREET_ID:
        return None
    try:
        raw = base64.b64decode(pid + "=" * (-len(pid) % 4), altchars=b"-_", validate=True)
        label, geonameid, degrees, postcode = _parse_street(raw)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    if street_label(label) != label or degrees >> 9 > 180 or degrees & 0x1FF >= 360:
        return None
    if len(postcode) > _MAX_POSTCODE:
        return None
    lat_deg, lng_deg = (degrees >> 9) - 90, ((degrees & 0x1FF) + 180) % 360 - 180
    if street_id(label, geonameid, lat_deg, lng_deg, postcode) != pid:
        return None  # a bad check, trailing bytes, a non-canonical varint or padding
    return label, geonameid, lat_deg, lng_deg, postcode
