"""Place ids the emulator issues for synthetic businesses.

A business id is self-describing (location, category code, index, seed and a check), so an id
issued by one emulator process resolves in any other. This module sits below ``_geo`` and
``_places`` (it imports neither); ``_locations`` turns ids back into places.
"""

from __future__ import annotations

import base64
import hashlib
import struct

from ._common import place_id_for

__all__ = ["business_id", "decode_business_id", "place_id_for"]

_BIZ_KEY = b"mapsnb-sandbox-business-v1"


def _biz_mac(payload: bytes) -> bytes:
    return hashlib.sha256(_BIZ_KEY + payload).digest()[:4]


def business_id(lat: float, lng: float, category: int, index: int, seed: int) -> str:
    """Self-describing id of a synthetic business: ``ChIJ`` + 23 url-safe characters.

    Packs the location (1e-6 degrees), category code, index, a 3-byte seed and a 4-byte check.
    """
    payload = struct.pack(
        ">iiBB3s",
        round(lat * 1e6),
        round(lng * 1e6),
        category & 0xFF,
        index & 0xFF,
        (seed & 0xFFFFFF).to_bytes(3, "big"),
    )
    raw = base64.urlsafe_b64encode(payload + _biz_mac(payload)).decode()
    return "ChIJ" + raw.rstrip("=")


def decode_business_id(pid: str) -> tuple[float, float, int, int, int] | None:
    """Inverse of :func:`business_id`: ``(lat, lng, category, index, seed)`` or ``None``."""
    if not pid.startswith("ChIJ") or len(pid) != 27:
        return None
    try:
        data = base64.urlsafe_b64decode(pid[4:] + "=")
    except (ValueError, TypeError):
        return None
    if len(data) != 17 or _biz_mac(data[:13]) != data[13:]:
        return None
    lat_i, lng_i, cat, index, seed = struct.unpack(">iiBB3s", data[:13])
    lat, lng = lat_i / 1e6, lng_i / 1e6
    if not (-90 <= lat <= 90 and -180 <= lng <= 180):
        return None
    return lat, lng, cat, index, int.from_bytes(seed, "big")
