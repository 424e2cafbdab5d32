"""Times of the argument builders: RFC 3339 timestamps (routes) and local civil dates (weather)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping

from mapsnb.errors import InvalidRequest

_RFC3339 = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})", re.ASCII
)


def parse_timestamp(value: object, field: str) -> tuple[str, dt.datetime]:
    """Return an aware datetime or RFC 3339 string as ``(wire text, aware datetime)``."""
    if isinstance(value, dt.datetime):
        try:
            offset = value.utcoffset()
        except (ValueError, TypeError, OverflowError) as exc:  # a broken tzinfo
            raise InvalidRequest(field, f"has an unusable UTC offset ({exc})") from None
        if offset is None:
            raise InvalidRequest(
                field, "must be timezone-aware (a naive datetime has no UTC offset)"
            )
        if offset % dt.timedelta(minutes=1):
            # RFC 3339 offsets have no seconds (+05:00:30 is not one): send the instant in UTC
            try:
                value = value.astimezone(dt.UTC)
            except OverflowError:
                raise InvalidRequest(field, "is out of range once converted to UTC") from None
        return value.isoformat(), value
    if isinstance(value, str):
        if not _RFC3339.fullmatch(value.strip()):
            raise InvalidRequest(
                field,
                f"must be an RFC 3339 timestamp with a UTC offset, e.g. 2026-09-19T08:00:00-07:00, "
                f"got {value!r}",
            )
        text = value.strip()
        # canonical form for the server's protobuf Timestamp parser: "T" and "Z" upper case
        text = text[:10] + "T" + text[11:]
        if text.endswith("z"):
            text = text[:-1] + "Z"
        try:  # 1 to 9 fractional digits (RFC 3339), read to the microsecond
            parsed = dt.datetime.fromisoformat(text)
        except ValueError as exc:
            raise InvalidRequest(
                field, f"is not a real date and time ({exc}), got {value!r}"
            ) from None
        return text, parsed
    raise InvalidRequest(field, f"must be an aware datetime or an RFC 3339 string, got {value!r}")


def _as_datetime(value: object) -> object:
    """Return a ``numpy.datetime64`` as a ``datetime``/``date`` (other values unchanged)."""
    if type(value).__name__ == "datetime64" and type(value).__module__ == "numpy":
        import numpy as np

        try:
            return np.datetime64(value, "us").item()  # type: ignore[call-overload]
        except (ValueError, OverflowError, TypeError):
            return value
    return value


def wire_date(value: object) -> dict[str, int]:
    """Return a local civil date as the wire ``{year, month, day}``.

    From a ``date``, a midnight timestamp, ``YYYY-MM-DD`` or ``{year, month, day}``.
    """
    field = "date"
    value = _as_datetime(value)
    if isinstance(value, dt.datetime):  # also pandas.Timestamp: a date when it is midnight
        try:
            midnight = value.time() == dt.time(0) and not getattr(value, "nanosecond", 0)
            day = value.date()
        except (ValueError, TypeError, OverflowError):  # pandas.NaT
            raise InvalidRequest(field, f"must be a real calendar date, got {value!r}") from None
        if not midnight:
            raise InvalidRequest(
                field,
                f"must be a date (local civil date), not a datetime with a time of day ({value.time()}); "
                "pass hour= separately",
            )
        value = day
    if isinstance(value, dt.date):
        d = value
    elif isinstance(value, str):
        try:
            d = dt.date.fromisoformat(value.strip())
        except ValueError:
            raise InvalidRequest(
                field, f"must be a real calendar date YYYY-MM-DD, got {value!r}"
            ) from None
    elif isinstance(value, Mapping):
        try:
            d = dt.date(int(value["year"]), int(value["month"]), int(value["day"]))
        except (KeyError, TypeError, ValueError, OverflowError):
            raise InvalidRequest(
                field, f"must be a real calendar date {{year, month, day}}, got {value!r}"
            ) from None
    else:
        raise InvalidRequest(
            field,
            f"must be a datetime.date, a midnight pandas.Timestamp / numpy.datetime64, "
            f"or 'YYYY-MM-DD', got {value!r}",
        )
    return {"year": d.year, "month": d.month, "day": d.day}
