"""The charts' time: local dates and hours on the x axis, the zone label, the title's period.

Dates and hours are written in the chart's language (Babel's words and order); ticks never
show an offset date. matplotlib is imported inside the functions (charts import it on first use).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mapsnb.charts._parts import literal
from mapsnb.charts._scripts import shown

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes


def day_label(value: Any, year: bool = True, language: str | None = None) -> str:
    """``"Fri 18 Sep 2026"`` (without the year if ``year`` is false), in ``language``."""
    import pandas as pd

    from mapsnb.charts._words import babel_date

    stamp = pd.Timestamp(value)
    local = babel_date(stamp.date(), "EEE d MMM y" if year else "EEE d MMM", language)
    if local is not None:
        return local
    return f"{stamp:%a} {stamp.day} {stamp:%b}" + (f" {stamp.year}" if year else "")


def date_span(values: Sequence[Any] | pd.Series, language: str | None = None) -> str:
    """Return the local dates covered, in ``language`` (Babel's words and order).

    For example ``"Fri 18 Sep 2026"``, ``"18–22 Sep 2026"``, ``"30 Sep – 2 Oct 2026"``.
    """
    import pandas as pd

    from mapsnb.charts._words import babel_date

    days = sorted({pd.Timestamp(v).date() for v in values if not pd.isna(v)})
    if not days:
        return ""
    first, last = days[0], days[-1]
    if first == last:
        return day_label(first, language=language)
    local = babel_date(first, "d MMM y", language)
    if local is not None:
        return f"{local} – {babel_date(last, 'd MMM y', language)}"
    if (first.year, first.month) == (last.year, last.month):
        return f"{first.day}–{last.day} {last:%b %Y}"
    if first.year == last.year:
        return f"{first.day} {first:%b} – {last.day} {last:%b %Y}"
    return f"{first.day} {first:%b %Y} – {last.day} {last:%b %Y}"


def period(times: pd.Series, language: str | None = None) -> str:
    """Return what a panel covers: its local dates, plus the hour when it holds one time only."""
    import pandas as pd

    span = date_span(times, language)
    distinct = times.dropna().unique()
    if len(distinct) == 1:
        return f"{span}, {pd.Timestamp(distinct[0]):%H:%M}" if span else ""
    return span


def set_title(ax: Axes, what: str, place: str | None, when: str) -> None:
    """Write ``"<what> — <place>, <when>"`` above the axes, as written (:func:`literal`).

    Parts that are unknown are left out.
    """
    where = ", ".join(p for p in (shown(place or ""), when) if p)
    ax.set_title(literal(f"{what} — {where}" if where else what), fontsize=11, pad=8)


# ---------------------------------------------------------------------------- time axis
def zone_of(times: pd.Series) -> dt.tzinfo | None:
    """Return the time zone of a datetime column (None if naive)."""
    return getattr(times.dt, "tz", None)


def zone_label(times: pd.Series, language: str | None = None) -> str:
    """``"local time (Europe/Paris, UTC+02:00)"``; offsets are those of the first time."""
    from mapsnb.charts._words import word

    tz = zone_of(times)
    if tz is None:
        return word("time", language)
    first = times.dropna()
    offset = first.iloc[0].strftime("%z") if len(first) else ""
    utc = f"UTC{offset[:3]}:{offset[3:]}" if offset else ""
    return f"{word('local time', language)} ({', '.join(p for p in (str(tz), utc) if p)})"


def hour_axis(
    ax: Axes, times: pd.Series, step: Any, language: str | None = None, every: int | None = None
) -> None:
    """Put hour ticks (``HH:MM``) on the x axis for up to a day and a half, day ticks beyond.

    Hours each ``every`` hours (default 1 or 3); never an offset date. The x range runs half a
    ``step`` either side.
    """
    import matplotlib.dates as mdates

    tz = zone_of(times)
    if len(times):
        ax.set_xlim(times.min() - step / 2, times.max() + step / 2)
    span = (times.max() - times.min()) if len(times) else dt.timedelta(0)
    if span <= dt.timedelta(hours=36):
        hours = every or (3 if span > dt.timedelta(hours=12) else 1)
        locator: mdates.DateLocator = mdates.HourLocator(byhour=range(0, 24, hours), tz=tz)
        ax.xaxis.set_major_locator(locator)
        ax.xaxis.set_major_formatter(mdates.DateFormatter("%H:%M", tz=tz))
    else:
        ax.xaxis.set_major_locator(mdates.DayLocator(tz=tz))
        ax.xaxis.set_major_formatter(day_ticks("%a %d", "EEE d", tz, language))
        ax.xaxis.set_minor_locator(mdates.HourLocator(byhour=range(0, 24, 6), tz=tz))
    ax.set_xlabel(zone_label(times, language))


def day_ticks(english: str, cldr: str, tz: Any, language: str | None) -> Any:
    """Return a date tick formatter: ``english`` (strftime) or, in another language, Babel's ``cldr``."""
    import matplotlib.dates as mdates
    from matplotlib.ticker import FuncFormatter

    from mapsnb.charts._words import babel_date

    if babel_date(dt.date(2026, 1, 1), cldr, language) is None:
        return mdates.DateFormatter(english, tz=tz)

    def local(x: float, _pos: Any = None) -> str:
        return babel_date(mdates.num2date(x, tz=tz).date(), cldr, language) or ""

    return FuncFormatter(local)
