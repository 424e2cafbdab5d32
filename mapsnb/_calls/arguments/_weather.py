"""Arguments of ``lookup_weather``: location, capabilities, local date and hour, options."""

from __future__ import annotations

import datetime as dt
import itertools
import numbers
from collections.abc import Iterable, Mapping
from typing import Any

from mapsnb._calls.arguments._locations import Location, location
from mapsnb._calls.arguments._times import wire_date
from mapsnb._calls.arguments._values import (
    CAPABILITIES,
    UNITS,
    WireArgs,
    check_bool,
    check_enum,
    check_language,
    check_region,
)
from mapsnb.errors import InvalidRequest


def lookup_weather_args(
    location_: Location,
    *,
    capabilities: str | Iterable[str] | None = None,
    date: dt.date | str | Mapping[str, int] | None = None,
    hour: int | None = None,
    units_system: str | None = None,
    language_code: str | None = None,
    include_pollutant_concentration: bool | None = None,
    index_region_code: str | None = None,
) -> dict[str, Any]:
    """Arguments of ``lookup_weather`` (TOOLS.md §5 items 12–22).

    ``capabilities`` left out means ``["WEATHER"]``, marked as a default (:class:`WireArgs`).

    Out-of-range dates are not blocked here (item 22): the server answers with the accepted range.
    """
    args = WireArgs(location=location(location_, "location"))
    if capabilities is None:  # sent only where the server lists them (the 2026-08 one did not)
        args.defaults = frozenset({"capabilities"})
    args["capabilities"] = _capabilities(["WEATHER"] if capabilities is None else capabilities)
    if hour is not None and date is None:
        raise InvalidRequest("hour", "needs date: give the local date too (hour alone is invalid)")
    if date is not None:
        args["date"] = wire_date(date)
    if hour is not None:
        args["hour"] = _hour(hour)
    if units_system is not None:
        args["weather_options"] = {"units_system": check_enum(units_system, "units_system", UNITS)}
    if language_code is not None:
        args["language_code"] = check_language(language_code)
    aq = _air_quality_options(include_pollutant_concentration, index_region_code)
    if aq:
        args["air_quality_options"] = aq
    return args


def _capabilities(capabilities: str | Iterable[str]) -> list[str]:
    """Return the distinct capability names, in the order given (at least one)."""
    caps = [capabilities] if isinstance(capabilities, str) else capabilities
    if isinstance(caps, Mapping) or not isinstance(caps, Iterable):
        raise InvalidRequest(
            "capabilities",
            "must be one or more of WEATHER, AIR_QUALITY, POLLEN, e.g. capabilities=['WEATHER']",
        )
    names: list[str] = []
    for cap in itertools.islice(caps, len(CAPABILITIES) * 4 + 1):
        name = check_enum(cap, "capabilities", CAPABILITIES)
        if name not in names:
            names.append(name)
    if not names:
        raise InvalidRequest(
            "capabilities", "must contain at least one of WEATHER, AIR_QUALITY, POLLEN"
        )
    return names


def _hour(hour: object) -> int:
    """Return a local hour from 0 to 23 (booleans refused)."""
    if isinstance(hour, bool) or not isinstance(hour, numbers.Integral) or not 0 <= int(hour) <= 23:
        raise InvalidRequest("hour", f"must be an integer from 0 to 23 (local time), got {hour!r}")
    return int(hour)


def _air_quality_options(
    include_pollutant_concentration: bool | None, index_region_code: str | None
) -> dict[str, Any]:
    """``air_quality_options``: only the options given (empty when none is)."""
    aq: dict[str, Any] = {}
    if include_pollutant_concentration is not None:
        aq["include_pollutant_concentration"] = check_bool(
            include_pollutant_concentration, "include_pollutant_concentration"
        )
    if index_region_code is not None:
        aq["index_region_code"] = check_region(index_region_code, "index_region_code")
    return aq
