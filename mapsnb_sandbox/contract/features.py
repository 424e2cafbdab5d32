"""Feature ids: the S2 cell and fingerprint a live ``ChIJ…`` place id encodes.

A live place id is URL-safe base64 of ``0a 12 09 <cell, 8 bytes LE> 11 <fprint, 8 bytes LE>``
(REAL_SERVER.md, evidence round 4); the cell half is an S2 cell id in the place's region, and
the placeUrl, directions and ``?cid=`` links are made of the same two numbers. This module holds
the byte layout and a small pure-Python S2 cell id (lat/lng to a cell at a level); it imports
nothing of the emulator.
"""

from __future__ import annotations

import base64
import math

__all__ = [
    "S2_LEVEL",
    "decode_feature_id",
    "feature_hex",
    "feature_place_id",
    "s2_cell_id",
]

#: The level of the cell half of the emulator's ids (cells of about 10 km).
S2_LEVEL = 10
_HEAD = b"\x0a\x12\x09"
_MID = b"\x11"
_MAX_LEVEL = 30
#: Hilbert curve tables: position of (i, j) sub-cell per orientation, and orientation change.
_IJ_TO_POS = ((0, 1, 3, 2), (0, 3, 1, 2), (2, 3, 1, 0), (2, 1, 3, 0))
_POS_TO_ORIENTATION = (1, 0, 0, 3)


def _face_uv(lat: float, lng: float) -> tuple[int, float, float]:
    """The cube face of a point and its (u, v) on that face."""
    phi, theta = math.radians(lat), math.radians(lng)
    x, y, z = math.cos(phi) * math.cos(theta), math.cos(phi) * math.sin(theta), math.sin(phi)
    ax, ay, az = abs(x), abs(y), abs(z)
    face = 0 if ax >= ay and ax >= az else 1 if ay >= az else 2
    if (x, y, z)[face] < 0:
        face += 3
    axis = face % 3  # divide by the face's own axis only (the others may be zero)
    if axis == 0:
        u, v = (y / x, z / x) if face == 0 else (z / x, y / x)
    elif axis == 1:
        u, v = (-x / y, z / y) if face == 1 else (z / y, -x / y)
    else:
        u, v = (-x / z, -y / z) if face == 2 else (-y / z, -x / z)
    return face, u, v


def _st_ij(u: float) -> int:
    """A face coordinate to a leaf-cell index (S2's quadratic projection)."""
    s = 0.5 * math.sqrt(1 + 3 * u) if u >= 0 else 1 - 0.5 * math.sqrt(1 - 3 * u)
    return max(0, min((1 << _MAX_LEVEL) - 1, math.floor(s * (1 << _MAX_LEVEL))))


def s2_cell_id(lat: float, lng: float, level: int = S2_LEVEL) -> int:
    """The S2 cell id (64-bit, unsigned) of the cell at ``level`` holding ``(lat, lng)``."""
    face, u, v = _face_uv(lat, lng)
    i, j = _st_ij(u), _st_ij(v)
    orientation, pos = face & 1, 0
    for k in range(_MAX_LEVEL - 1, _MAX_LEVEL - 1 - level, -1):
        p = _IJ_TO_POS[orientation][((i >> k) & 1) << 1 | ((j >> k) & 1)]
        pos = pos << 2 | p
        orientation ^= _POS_TO_ORIENTATION[p]
    lsb = 1 << (2 * (_MAX_LEVEL - level))
    return (face << 61) | (pos << (2 * (_MAX_LEVEL - level) + 1)) | lsb


def feature_place_id(cell: int, fprint: int) -> str:
    """The ``ChIJ…`` place id (27 characters) of the feature ``cell:fprint``."""
    raw = _HEAD + cell.to_bytes(8, "little") + _MID + fprint.to_bytes(8, "little")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_feature_id(pid: str) -> tuple[int, int] | None:
    """``(cell, fprint)`` of a well-formed ``ChIJ…`` place id, or ``None``."""
    if not isinstance(pid, str) or len(pid) != 27 or not pid.startswith("ChIJ"):
        return None
    try:
        raw = base64.urlsafe_b64decode(pid + "=")
    except (ValueError, TypeError):
        return None
    if len(raw) != 20 or raw[:3] != _HEAD or raw[11:12] != _MID:
        return None
    return int.from_bytes(raw[3:11], "little"), int.from_bytes(raw[12:], "little")


def feature_hex(pid: str) -> str | None:
    """``"0x<cell hex>:0x<fprint hex>"`` of a well-formed place id (as placeUrls say it)."""
    decoded = decode_feature_id(pid)
    return None if decoded is None else f"{decoded[0]:#x}:{decoded[1]:#x}"
