"""The weather chart: temperature (line or daily min–max) with precipitation-probability bars."""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING, Any

from mapsnb.charts._chart import Chart, as_chart
from mapsnb.charts._parts import (
    attribute,
    date_span,
    explain_empty,
    finish,
    hour_axis,
    legend_outside,
    literal,
    measure,
    new_axes,
    pick,
    place_groups,
    place_of,
    refuse_places,
    set_title,
    usable,
    wrong_frame,
)
from mapsnb.charts._scripts import chart_language
from mapsnb.charts._words import language_of, word
from mapsnb.errors import NothingToDraw

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["plot_weather"]


def plot_weather(result_or_frame: Any, *, ax: Axes | Chart | None = None) -> Chart:
    """Temperature with precipitation probability bars (twin axis).

    Hourly data (``env.hourly_weather``, ``current_weather`` or a ``mapsnb.concat`` of hourly
    calls) draws a temperature line; daily data (``env.daily_weather``) draws the min–max range.
    The title names the place and the local date(s); the legend sits right of the chart. The
    precipitation-probability axis is ``chart.mapsnb_precip_ax``. Returns a
    :class:`~mapsnb.charts.Chart` (its one panel's Axes; other attributes are that Axes').

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult`` (hourly if present, else daily, else current) or a weather frame.
    ax
        Axes to draw on (a new figure otherwise).

    Raises
    ------
    ValueError
        When there is nothing to draw, saying why (for example: a call with a date and no hour
        answers the daily forecast, so its ``hourly_weather`` is empty) and what to ask instead.
    """
    df = pick(result_or_frame, "hourly_weather", "daily_weather", "current_weather")
    places = place_groups(df)
    if places is not None:
        raise ValueError(refuse_places("plot_weather", places))
    columns = set(df.columns)
    temp, hi, lo = (measure(df, m) for m in ("temperature", "temperature_max", "temperature_min"))
    if not (("time" in columns and temp) or ("date" in columns and hi and lo)):
        raise ValueError(wrong_frame("plot_weather", df, "a weather frame (env.hourly_weather, …)"))
    daily = "temperature_max" in columns
    if len(df):
        df = usable(df, "plot_weather", times=["date" if daily else "time"], numbers=NUMBERS)
    if df.empty:
        raise NothingToDraw(explain_empty("weather", df))
    ax = new_axes(ax)
    language, note = chart_language(language_of(result_or_frame, df.attrs))
    units = df.attrs.get("units") if isinstance(df.attrs.get("units"), dict) else {}
    daily = hi is not None and "date" in columns
    if daily:
        assert hi is not None and lo is not None
        df = df.sort_values("date")
        x = df["date"]
        _daily(ax, df, lo, hi, language)
        unit = _unit(units, hi)
        width: Any = 0.6
        what, when = word("Daily weather", language), date_span(x, language)
    else:
        df = df.sort_values("time")
        x = df["time"]
        assert temp is not None
        ax.plot(x, df[temp].astype(float), color="#d93025", lw=2, marker="o",
                ms=3 if len(df) > 1 else 7,
                label=word("temperature", language), gid="temperature", zorder=3)  # fmt: skip
        unit = _unit(units, temp)
        step = x.drop_duplicates().diff().min() if x.nunique() > 1 else dt.timedelta(hours=1)
        width = (step / dt.timedelta(days=1)) * 0.8
        hour_axis(ax, x, step, language)
        if len(df) == 1:  # current conditions: one point, its value written beside it
            value = float(df[temp].iloc[0])
            if not math.isnan(value):
                ax.set_ylim(value - 3, value + 3)
                ax.annotate(literal(f"{value:g} {unit}".strip()), (x.iloc[0], value), xytext=(8, 0),
                            textcoords="offset points", va="center", fontsize=9, gid="value")  # fmt: skip
        what = word("Hourly weather" if len(df) > 1 else "Current weather", language)
        when = date_span(x, language) + (f", {x.iloc[0]:%H:%M}" if len(df) == 1 else "")
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole degrees
    temperature = word("temperature", language)
    ax.set_ylabel(literal(f"{temperature} ({unit})" if unit else temperature))
    chance = word("chance of precipitation (%)", language)
    twin = ax.twinx()
    if "precip_probability_pct" in df.columns:
        prob = df["precip_probability_pct"].astype(float).fillna(0.0)
        twin.bar(x, prob, width=width, color="#1a73e8", alpha=0.25, label=chance,
                 gid="precip")  # fmt: skip
    twin.set_ylim(0, 100)
    twin.set_ylabel(chance, color="#1a73e8")
    ax.set_zorder(twin.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.mapsnb_precip_ax = twin  # type: ignore[attr-defined]
    set_title(ax, what, place_of(result_or_frame, df), when)
    handles, labels = ax.get_legend_handles_labels()
    extra = twin.get_legend_handles_labels()
    legend_outside(ax, handles + extra[0], labels + extra[1], "", shift_in=0.55)
    attribute(ax, df, language)
    chart = as_chart(ax)
    finish(chart.figure, note)
    return chart


#: The numbers the weather chart reads (an odd value there is left out, with a warning).
NUMBERS = (
    *(
        f"{name}_{unit}"
        for name in ("temperature", "temperature_min", "temperature_max")
        for unit in ("c", "f")
    ),
    "precip_probability_pct",
)


def _unit(units: dict[str, Any], column: str) -> str:
    unit = units.get(column)
    return unit if isinstance(unit, str) else ""


def _daily(ax: Axes, df: pd.DataFrame, low: str, high: str, language: str | None) -> None:
    import matplotlib.dates as mdates

    from mapsnb.charts._parts import day_ticks
    from mapsnb.charts._words import babel_date

    x = df["date"]
    lo = df[low].astype(float)
    hi = df[high].astype(float)
    if len(df) > 1:
        ax.fill_between(
            x, lo, hi, color="#d93025", alpha=0.12, label=word("min–max", language), gid="band"
        )
    ax.vlines(x, lo, hi, color="#d93025", lw=6, alpha=0.5, gid="range")
    ax.plot(x, hi, color="#d93025", marker="o", lw=1.5, label=word("max", language), gid="max")
    ax.plot(x, lo, color="#1967d2", marker="o", lw=1.5, label=word("min", language), gid="min")
    ax.xaxis.set_major_locator(mdates.DayLocator())
    if len(df) > 4:  # many days: weekday over day number, the month in the axis label
        ax.xaxis.set_major_formatter(day_ticks("%a\n%d", "EEE\nd", None, language))
        first_day, last_day = x.min(), x.max()
        months = dict.fromkeys(
            babel_date(d, "MMM y", language) or f"{d:%b %Y}" for d in (first_day, last_day)
        )
        ax.set_xlabel(f"{word('local date', language)} ({' – '.join(months)})")
    else:
        ax.xaxis.set_major_formatter(day_ticks("%a %d %b", "EEE d MMM", None, language))
        ax.set_xlabel(word("local date", language))
    first, last = x.min(), x.max()
    ax.set_xlim(first - dt.timedelta(days=0.6), last + dt.timedelta(days=0.6))
    values = [float(v) for v in (lo.min(), hi.max(), lo.max(), hi.min())]
    finite = [v for v in values if math.isfinite(v)]
    if finite:
        ax.set_ylim(min(finite) - 3, max(finite) + 3)
