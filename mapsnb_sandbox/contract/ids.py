"""Place ids of the world's businesses: the fingerprint half of a feature id.

A business id is a well-formed feature id (:mod:`.features`): its cell half is the S2 cell
(level 10) holding the place, its fingerprint packs what regenerates the place, so any emulator
process decodes it with no lookup table: a 2-bit type tag (0 for a business), the grid cell's
row (16 bits) and column (17 bits), the kind code (12 bits), the index in the cell (8 bits) and
a 9-bit check. :mod:`mapsnb_sandbox.world.places` makes and finds the places.

Towns, landmarks and airports have well-formed ids too (:func:`tagged_id`): the type tag, a
number (a town's geonameid, a hash of a landmark's key), the whole degrees of latitude and
longitude (where to look the number up) and a check. Countries take town-tagged numbers above
every GeoNames id (:func:`country_id`), first-level regions the numbers above theirs
(:func:`region_id`: a country's number and the region's place in its country's list), islands
the numbers above regions' (:func:`island_id`: the island's row in its table). Above
countries' numbers were the hashed ids of spots in earlier versions, which decode as nothing
now unless they match a region's number and cell (bare points and street addresses have ids
that carry them: :mod:`.spot_ids`).
"""

from __future__ import annotations

import math

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.contract.features import decode_feature_id, feature_place_id, s2_cell_id

__all__ = [
    "AIRPORT",
    "LANDMARK",
    "TOWN",
    "business_id",
    "country_id",
    "decode_business_id",
    "decode_country_id",
    "decode_island_id",
    "decode_region_id",
    "decode_tagged_id",
    "island_id",
    "region_id",
    "tagged_id",
]

_BUSINESS_TAG = 0
#: Type tags of the other places: the top two bits of their fingerprint.
TOWN, LANDMARK, AIRPORT = 1, 2, 3
#: Town-tagged numbers from here up are no town's geonameid (GeoNames ids stay below 2**24):
#: first the 26 x 26 two-letter country codes, then the hashed spots of earlier versions.
_COUNTRY0 = 1 << 24
_SPOT0 = _COUNTRY0 + 26 * 26
#: A country's first-level regions: at most this many each (numbers from :data:`_SPOT0` up).
REGIONS_PER_COUNTRY = 512
_ROW0, _COL0 = 18_000, 36_000  # grid rows and columns start at -90 and -180 degrees


def _check(row: int, col: int, code: int, index: int) -> int:
    return stable_int("world-place", row, col, code, index) & 0x1FF


def business_fprint(row: int, col: int, code: int, index: int) -> int:
    """The fingerprint of the ``index``-th place of kind ``code`` in grid cell ``(row, col)``."""
    value = _BUSINESS_TAG << 62 | (row + _ROW0) << 46 | (col + _COL0) << 29 | code << 17
    return value | index << 9 | _check(row, col, code, index)


def business_id(lat: float, lng: float, row: int, col: int, code: int, index: int) -> str:
    """The ``ChIJ…`` id of a business at ``(lat, lng)`` (see the module docstring)."""
    return feature_place_id(s2_cell_id(lat, lng), business_fprint(row, col, code, index))


def decode_business_id(pid: str) -> tuple[int, int, int, int] | None:
    """``(row, col, code, index)`` of a business id, or ``None`` (any other id, a bad check)."""
    decoded = decode_feature_id(pid)
    if decoded is None or decoded[1] >> 62 != _BUSINESS_TAG:
        return None
    fprint = decoded[1]
    row, col = (fprint >> 46 & 0xFFFF) - _ROW0, (fprint >> 29 & 0x1FFFF) - _COL0
    code, index = fprint >> 17 & 0xFFF, fprint >> 9 & 0xFF
    if _check(row, col, code, index) != fprint & 0x1FF:
        return None
    return row, col, code, index


def _tag_check(tag: int, number: int, row: int, col: int) -> int:
    return stable_int("world-tagged", tag, number, row, col) & 0xFFFFF


def tagged_id(tag: int, number: int, lat: float, lng: float) -> str:
    """The id of a town, landmark or airport: tag 2 | number 25 | lat degree 8 | lng degree 9
    | check 20 bits, in the S2 cell (level 10) of its point."""
    number &= 0x1FFFFFF
    row, col = math.floor(lat) + 90, math.floor(lng) % 360
    fprint = tag << 62 | number << 37 | row << 29 | col << 20 | _tag_check(tag, number, row, col)
    return feature_place_id(s2_cell_id(lat, lng), fprint)


def decode_tagged_id(pid: str) -> tuple[int, int, int, int] | None:
    """``(tag, number, lat degree, lng degree)`` of a :func:`tagged_id`, or ``None``."""
    decoded = decode_feature_id(pid)
    if decoded is None or decoded[1] >> 62 == _BUSINESS_TAG:
        return None
    fprint = decoded[1]
    tag, number = fprint >> 62, fprint >> 37 & 0x1FFFFFF
    row, col = fprint >> 29 & 0xFF, fprint >> 20 & 0x1FF
    if _tag_check(tag, number, row, col) != fprint & 0xFFFFF:
        return None
    return tag, number, row - 90, (col + 180) % 360 - 180


def country_id(cc: str, lat: float, lng: float) -> str:
    """The id of the country ``cc`` (ISO 3166 alpha-2), in the cell of its point ``lat, lng``."""
    return tagged_id(TOWN, _COUNTRY0 + _country_number(cc), lat, lng)


def decode_country_id(pid: str) -> str | None:
    """The country code of a :func:`country_id`, or ``None``."""
    decoded = decode_tagged_id(pid)
    if decoded is None or decoded[0] != TOWN or not _COUNTRY0 <= decoded[1] < _SPOT0:
        return None
    a, b = divmod(decoded[1] - _COUNTRY0, 26)
    return chr(ord("A") + a) + chr(ord("A") + b)


def _country_number(cc: str) -> int:
    a, b = (ord(ch) - ord("A") for ch in cc.upper()[:2])
    return 26 * a + b


def region_id(cc: str, rank: int, lat: float, lng: float) -> str:
    """The id of the ``rank``-th first-level region of country ``cc`` (``0 <= rank <``
    :data:`REGIONS_PER_COUNTRY`), in the cell of its point ``lat, lng``."""
    number = _SPOT0 + _country_number(cc) * REGIONS_PER_COUNTRY + rank
    return tagged_id(TOWN, number, lat, lng)


def decode_region_id(pid: str) -> tuple[str, int, int, int] | None:
    """``(country code, rank, lat degree, lng degree)`` of a :func:`region_id`, or ``None``."""
    decoded = decode_tagged_id(pid)
    top = _SPOT0 + 26 * 26 * REGIONS_PER_COUNTRY
    if decoded is None or decoded[0] != TOWN or not _SPOT0 <= decoded[1] < top:
        return None
    country, rank = divmod(decoded[1] - _SPOT0, REGIONS_PER_COUNTRY)
    a, b = divmod(country, 26)
    return chr(ord("A") + a) + chr(ord("A") + b), rank, decoded[2], decoded[3]


#: Islands' numbers start above every region's.
_ISLAND0 = _SPOT0 + 26 * 26 * REGIONS_PER_COUNTRY
_ISLANDS = 1 << 16


def island_id(number: int, lat: float, lng: float) -> str:
    """The id of the ``number``-th island of the islands' table, in the cell of its point."""
    return tagged_id(TOWN, _ISLAND0 + number, lat, lng)


def decode_island_id(pid: str) -> tuple[int, int, int] | None:
    """``(number, lat degree, lng degree)`` of an :func:`island_id`, or ``None``."""
    decoded = decode_tagged_id(pid)
    if decoded is None or decoded[0] != TOWN or not _ISLAND0 <= decoded[1] < _ISLAND0 + _ISLANDS:
        return None
    return decoded[1] - _ISLAND0, decoded[2], decoded[3]
