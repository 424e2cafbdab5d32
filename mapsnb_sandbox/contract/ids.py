"""Place ids the emulator issues for synthetic businesses.

A business id is self-describing (location, category code, index, seed and a check), so an id
issued by one emulator process resolves in any other. This module sits below :mod:`.resolved`
and :mod:`mapsnb_sandbox.tools.places` (it imports neither);
:mod:`mapsnb_sandbox.tools.locations` turns ids back into places.
"""

from __future__ import annotations

import base64
import hashlib
import struct

from mapsnb_sandbox.contract.common import place_id_for

__all__ = ["business_id", "decode_business", "decode_business_id", "place_id_for"]

_BIZ_KEY = b"mapsnb-sandbox-business-v1"


def _biz_mac(payload: bytes) -> bytes:
    return hashlib.sha256(_BIZ_KEY + payload).digest()[:4]


def _pack(lat: float, lng: float, category: int, index: int, seed: int) -> bytes:
    # category: 12 bits (low byte, then the high nibble above the 4-bit index)
    return struct.pack(
        ">iiBB3s",
        round(lat * 1e6),
        round(lng * 1e6),
        category & 0xFF,
        ((category >> 8) & 0xF) << 4 | (index & 0xF),
        (seed & 0xFFFFFF).to_bytes(3, "big"),
    )


def business_id(
    lat: float, lng: float, category: int, index: int, seed: int, phrase: str = ""
) -> str:
    """Self-describing id of a synthetic business: ``ChIJ`` + url-safe characters.

    Packs the location (1e-6 degrees), a 12-bit category code, a 4-bit index, a 3-byte seed,
    the words of a made-up kind (``phrase``, at most 45 bytes, for kinds the table lacks) and a
    4-byte check. Without a phrase the id is ``ChIJ`` + 23 characters.
    """
    words = phrase.encode()[:45].decode(errors="ignore").encode()
    payload = _pack(lat, lng, category, index, seed) + words
    if words:  # a whole number of base64 groups: no padding to strip
        payload += b"\0" * (-(len(payload) + 4) % 3)
    raw = base64.urlsafe_b64encode(payload + _biz_mac(payload)).decode()
    return "ChIJ" + raw.rstrip("=")


def decode_business(pid: str) -> tuple[float, float, int, int, int, str] | None:
    """Inverse of :func:`business_id`: ``(lat, lng, category, index, seed, phrase)`` or ``None``."""
    if not pid.startswith("ChIJ") or len(pid) < 27 or len(pid) > 100:
        return None
    try:
        data = base64.urlsafe_b64decode(pid[4:] + "=" * (-len(pid[4:]) % 4))
    except (ValueError, TypeError):
        return None
    if len(data) < 17 or _biz_mac(data[:-4]) != data[-4:]:
        return None
    lat_i, lng_i, low, packed, seed = struct.unpack(">iiBB3s", data[:13])
    lat, lng = lat_i / 1e6, lng_i / 1e6
    if not (-90 <= lat <= 90 and -180 <= lng <= 180):
        return None
    try:
        phrase = data[13:-4].rstrip(b"\0").decode()
    except UnicodeDecodeError:
        return None
    category = (packed >> 4) << 8 | low
    return lat, lng, category, packed & 0xF, int.from_bytes(seed, "big"), phrase


def decode_business_id(pid: str) -> tuple[float, float, int, int, int] | None:
    """``(lat, lng, category, index, seed)`` of a synthetic business id, or ``None``."""
    decoded = decode_business(pid)
    return None if decoded is None else decoded[:5]
