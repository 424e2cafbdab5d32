"""Value objects users pass as arguments: points, place ids, bias shapes."""

from __future__ import annotations

import math
import numbers
from typing import NamedTuple

from mapsnb.errors import InvalidRequest

__all__ = ["Circle", "LatLng", "PlaceId", "Viewport"]


def _check_coord(value: object, field: str, name: str, limit: float) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):  # numpy numbers too
        raise InvalidRequest(f"{field}.{name}", f"must be a number, got {value!r}")
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float
        number = math.inf
    if math.isnan(number) or not -limit <= number <= limit:
        raise InvalidRequest(
            f"{field}.{name}", f"must be within [-{limit:g}, {limit:g}], got {value!r}"
        )
    return number


def check_lat_lng(lat: object, lng: object, field: str) -> tuple[float, float]:
    """Return ``(lat, lng)`` as floats, or raise :class:`InvalidRequest` naming ``field``."""
    return _check_coord(lat, field, "latitude", 90.0), _check_coord(lng, field, "longitude", 180.0)


class LatLng(NamedTuple):
    """A point in degrees (WGS84).

    Examples
    --------
    >>> LatLng(37.7749, -122.4194)
    LatLng(lat=37.7749, lng=-122.4194)
    """

    lat: float
    lng: float

    def to_wire(self, field: str = "lat_lng") -> dict[str, float]:
        """``{"latitude": ..., "longitude": ...}``, range-checked."""
        lat, lng = check_lat_lng(self.lat, self.lng, field)
        return {"latitude": lat, "longitude": lng}


def _kind(value: object) -> str:
    """``None`` or the type of ``value`` (never its possibly long or secret text)."""
    return "None" if value is None else type(value).__name__


class PlaceId(str):
    """A Google Maps place id (``"ChIJ..."``); a ``places/ID`` resource name is accepted too."""

    __slots__ = ()

    def __new__(cls, value: str) -> PlaceId:
        if not isinstance(value, str):  # None, a number, bytes: never their str()
            raise InvalidRequest(
                "place_id", f"must be a string (a place id such as 'ChIJ...'), got {_kind(value)}"
            )
        text = str.strip(value)
        if text.startswith("places/"):
            text = text[len("places/") :]
        if not text:
            raise InvalidRequest("place_id", "must be a non-empty place id")
        bad = next((i for i, ch in enumerate(text) if not ch.isprintable()), None)
        if bad is not None:
            raise InvalidRequest(
                "place_id",
                f"must hold no control characters (U+{ord(text[bad]):04X} at position {bad}); "
                "a place id reads like 'ChIJ...'",
            )
        # the longest place id accepted (real ones are under 300 characters), from the one table
        # of limits; imported here so that ``import mapsnb`` does not load the tools' description
        from mapsnb._limits import TEXT_LENGTHS

        if len(text) > TEXT_LENGTHS["place_id"]:
            raise InvalidRequest(
                "place_id",
                f"must be at most {TEXT_LENGTHS['place_id']} characters, got {len(text)}",
            )
        return super().__new__(cls, text)

    def __repr__(self) -> str:
        return f"PlaceId({str(self)!r})"

    @property
    def resource_name(self) -> str:
        """``places/ID``."""
        return f"places/{self}"


class _CircleFields(NamedTuple):
    lat: float
    lng: float
    radius_m: float | None = None


def _is_pair(value: object) -> bool:
    return isinstance(value, (tuple, list)) and len(value) == 2


class Circle(_CircleFields):
    """A circular location bias for ``search_places``: centre and optional radius (≤ 50 km).

    ``Circle(lat, lng, radius_m)``, ``Circle((lat, lng), radius_m)`` or
    ``Circle((lat, lng), radius_m=...)``.

    Examples
    --------
    >>> Circle((48.85, 2.35), 1000)
    Circle(lat=48.85, lng=2.35, radius_m=1000)
    """

    __slots__ = ()

    def __new__(
        cls,
        lat: float | tuple[float, float],
        lng: float | None = None,
        radius_m: float | None = None,
    ) -> Circle:
        if _is_pair(lat):  # Circle((lat, lng), radius_m) or Circle(LatLng(...), radius_m=...)
            if lng is not None and radius_m is not None:
                raise InvalidRequest(
                    "location_bias",
                    "give Circle((lat, lng), radius_m) or Circle(lat, lng, radius_m)",
                )
            (lat, lng), radius_m = lat, (lng if lng is not None else radius_m)  # type: ignore[misc]
        return super().__new__(cls, lat, lng, radius_m)  # type: ignore[arg-type]

    def to_wire(self, field: str = "location_bias") -> dict[str, object]:
        """Return the wire form ``{"circle": {"center": ..., "radius_meters": ...}}``."""
        center = LatLng(self.lat, self.lng).to_wire(f"{field}.center")
        circle: dict[str, object] = {"center": center}
        if self.radius_m is not None:
            r = self.radius_m
            if isinstance(r, bool) or not isinstance(r, numbers.Real):
                raise InvalidRequest(f"{field}.radius_m", f"must be a number of metres, got {r!r}")
            try:
                number = float(r)
            except OverflowError:  # an int too large for a float
                number = math.inf
            if math.isnan(number):
                raise InvalidRequest(f"{field}.radius_m", f"must be a number of metres, got {r!r}")
            if not 0 < number <= 50_000:
                raise InvalidRequest(
                    f"{field}.radius_m", f"must be > 0 and ≤ 50000 metres, got {r!r}"
                )
            circle["radius_meters"] = int(number) if number.is_integer() else number
        return {"circle": circle}


class Viewport(NamedTuple):
    """A rectangular location bias for ``resolve_names``: south-west ``low``, north-east ``high``."""

    low: LatLng | tuple[float, float]
    high: LatLng | tuple[float, float]

    def to_wire(self, field: str = "location_bias") -> dict[str, object]:
        """Return the wire form ``{"viewport": {"low": ..., "high": ...}}``."""
        corners = {}
        for name, corner in (("low", self.low), ("high", self.high)):
            if corner is None:
                raise InvalidRequest(f"{field}.viewport.{name}", "is required")
            try:
                lat, lng = corner
            except (TypeError, ValueError):
                raise InvalidRequest(
                    f"{field}.viewport.{name}", f"must be a (lat, lng) pair, got {corner!r}"
                ) from None
            corners[name] = LatLng(lat, lng).to_wire(f"{field}.viewport.{name}")
        if corners["low"]["latitude"] > corners["high"]["latitude"]:
            raise InvalidRequest(f"{field}.viewport", "low.latitude must not exceed high.latitude")
        return {"viewport": corners}
