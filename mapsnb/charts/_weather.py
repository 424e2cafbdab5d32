"""The weather chart: temperature (line or daily min–max) with precipitation-probability bars."""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING, Any

from mapsnb.charts._chart import Chart, as_chart, remember_precip
from mapsnb.charts._parts import (
    MAX_PLACES,
    PAGE,
    attribute,
    explain_empty,
    finish,
    grid,
    legend_outside,
    literal,
    measure,
    new_axes,
    pick,
    place_groups,
    place_of,
    refuse_places,
    tidy_layout,
    usable,
    wrong_frame,
)
from mapsnb.charts._scripts import chart_language, shown
from mapsnb.charts._time_axes import date_span, hour_axis, set_title
from mapsnb.charts._words import language_of, word
from mapsnb.errors import NothingToDraw

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["plot_weather"]


def plot_weather(result_or_frame: Any, *, ax: Axes | Chart | None = None) -> Chart:
    """Temperature with precipitation probability bars (twin axis); several places as small multiples.

    Hourly data (``env.hourly_weather``, ``current_weather`` or a ``mapsnb.concat`` of hourly
    calls) draws a temperature line; daily data (``env.daily_weather``) draws the min–max range.
    The title names the place and the local date(s); the legend sits right of the chart. The
    precipitation-probability axis is ``chart.precip_ax`` (a panel's: ``precip_axes(panel)``). A frame of several places (a
    batch over cities, or ``mapsnb.concat`` of places in different time zones) draws one panel
    per place, each in its local time: up to three stacked, four to twelve in a grid on one
    A4-landscape page, with one legend and one attribution. Returns a
    :class:`~mapsnb.charts.Chart` (every panel's Axes; other attributes are the first one's).

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult`` (hourly if present, else daily, else current) or a weather frame.
    ax
        Axes to draw on (a new figure otherwise; one place only).

    Raises
    ------
    ValueError
        When there is nothing to draw, saying why (for example: a call with a date and no hour
        answers the daily forecast, so its ``hourly_weather`` is empty) and what to ask instead;
        for more than twelve places, or ``ax`` with several places.
    """
    df = pick(result_or_frame, "hourly_weather", "daily_weather", "current_weather")
    columns = set(df.columns)
    temp, hi, lo = (measure(df, m) for m in ("temperature", "temperature_max", "temperature_min"))
    if not (("time" in columns and temp) or ("date" in columns and hi and lo)):
        raise ValueError(wrong_frame("plot_weather", df, "a weather frame (env.hourly_weather, …)"))
    daily = "temperature_max" in columns
    if len(df):
        df = usable(df, "plot_weather", times=["date" if daily else "time"], numbers=NUMBERS)
    if df.empty:
        raise NothingToDraw(explain_empty("weather", df))
    language, note = chart_language(language_of(result_or_frame, df.attrs))
    places = place_groups(df)
    if places is not None:
        chart = _place_panels(places, ax, language)
        attribute(chart[0], df, language)
    else:
        drawn = new_axes(ax)
        handles, labels = _draw(drawn, result_or_frame, df, language, compact=False)
        legend_outside(drawn, handles, labels, "", shift_in=0.55)
        attribute(drawn, df, language)
        chart = as_chart(drawn)
    finish(chart.figure, note)
    return chart


def _draw(
    ax: Axes, obj: Any, df: pd.DataFrame, language: str | None, *, compact: bool
) -> tuple[list[Any], list[str]]:
    """Draw one place's weather on ``ax`` (no legend, no attribution); its legend entries."""
    columns = set(df.columns)
    temp, hi, lo = (measure(df, m) for m in ("temperature", "temperature_max", "temperature_min"))
    units = df.attrs.get("units") if isinstance(df.attrs.get("units"), dict) else {}
    if hi is not None and lo is not None and "date" in columns:
        df = df.sort_values("date")
        x = df["date"]
        _daily(ax, df, lo, hi, language)
        unit = _unit(units, hi)
        width: Any = 0.6
        what, when = word("Daily weather", language), date_span(x, language)
    else:
        assert temp is not None
        df = df.sort_values("time")
        x = df["time"]
        ax.plot(x, df[temp].astype(float), color="#d93025", lw=2, marker="o",
                ms=3 if len(df) > 1 else 7,
                label=word("temperature", language), gid="temperature", zorder=3)  # fmt: skip
        unit = _unit(units, temp)
        step = x.drop_duplicates().diff().min() if x.nunique() > 1 else dt.timedelta(hours=1)
        width = (step / dt.timedelta(days=1)) * 0.8
        hour_axis(ax, x, step, language, every=6 if compact else None)
        if len(df) == 1:  # current conditions: one point, its value written beside it
            _one_value(ax, x.iloc[0], float(df[temp].iloc[0]), unit)
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
    remember_precip(ax, twin)
    if compact:  # a panel of several places: the place and the period, small
        ax.set_title(literal(", ".join(p for p in (shown(place_of(obj, df) or ""), when) if p)),
                     fontsize=9, pad=4)  # fmt: skip
        for axis in (ax, twin):
            axis.tick_params(labelsize=7.5)
            axis.yaxis.label.set_fontsize(7.5)
        ax.xaxis.label.set_fontsize(7.5)
    else:
        set_title(ax, what, place_of(obj, df), when)
    handles, labels = ax.get_legend_handles_labels()
    extra = twin.get_legend_handles_labels()
    return handles + extra[0], labels + extra[1]


def _one_value(ax: Axes, when: Any, value: float, unit: str) -> None:
    """Return current conditions: one point, its value written beside it."""
    if math.isnan(value):
        return
    ax.set_ylim(value - 3, value + 3)
    ax.annotate(literal(f"{value:g} {unit}".strip()), (when, value), xytext=(8, 0),
                textcoords="offset points", va="center", fontsize=9, gid="value")  # fmt: skip


def _place_panels(places: list[tuple[str, pd.DataFrame]], ax: Any, language: str | None) -> Chart:
    """One panel per place (stacked up to three, else a grid on one A4 page), one legend."""
    import matplotlib.pyplot as plt

    if ax is not None or len(places) > MAX_PLACES:
        why = "pass ax=None" if ax is not None else (
            f"at most {MAX_PLACES} places fit one printable page (A4 landscape); draw them "
            f"{MAX_PLACES} at a time"
        )  # fmt: skip
        raise ValueError(f"{refuse_places('plot_weather', places)} ({why})")
    rows, cols = grid(len(places))
    size = (8.0, min(PAGE[1], 0.6 + 2.5 * rows)) if cols == 1 else (
        PAGE[0], min(PAGE[1], 0.8 + 2.5 * rows))  # fmt: skip
    fig, axes = plt.subplots(rows, cols, figsize=size, dpi=100, layout="constrained",
                             squeeze=False)  # fmt: skip
    tidy_layout(fig)
    panels = list(axes.flat)
    for spare in panels[len(places) :]:
        spare.set_visible(False)
    items: dict[str, Any] = {}
    what = ""
    for (_label, part), panel in zip(places, panels, strict=False):
        handles, labels = _draw(panel, part, part, language, compact=True)
        items.update({text: handle for handle, text in zip(handles, labels, strict=True)})
        what = what or _what(part, language)
    fig.suptitle(literal(what), fontsize=11)
    legend = fig.legend(list(items.values()), [literal(t) for t in items],
                        loc="outside right upper", fontsize=8, frameon=False)  # fmt: skip
    legend.set_gid("legend")
    return as_chart(panels[: len(places)])


def _what(df: pd.DataFrame, language: str | None) -> str:
    """``"Hourly weather"``, ``"Daily weather"`` or ``"Current weather"`` of a panel's rows."""
    if "temperature_max" in df.columns or measure(df, "temperature_max"):
        return word("Daily weather", language)
    return word("Hourly weather" if len(df) > 1 else "Current weather", language)


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

    from mapsnb.charts._time_axes import day_ticks
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
