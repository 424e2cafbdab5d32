"""The air-quality chart: hourly AQI of one index over its own category bands (or one panel each).

The bands and colours are the index's own categories (:data:`mapsnb.charts._scales.SCALES`); the
y label says whether higher or lower is better. matplotlib is imported on first use.
"""

from __future__ import annotations

import datetime as dt
import math
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mapsnb.charts._chart import Chart, as_chart
from mapsnb.charts._parts import (
    MAX_PLACES,
    PAGE,
    attribute,
    explain_empty,
    finish,
    grid,
    legend_outside,
    literal,
    new_axes,
    pick,
    place_groups,
    place_of,
    refuse_places,
    tidy_layout,
    usable,
    wrap_to,
    wrong_frame,
)
from mapsnb.charts._scales import SCALES, Band, IndexScale, scale_for
from mapsnb.charts._scripts import chart_language, shown
from mapsnb.charts._time_axes import hour_axis, period, set_title, zone_of
from mapsnb.charts._words import base, category, language_of, word
from mapsnb.errors import NothingToDraw, PayloadShapeWarning

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

#: US EPA AQI categories: (low, high, label, colour).
EPA_BANDS: tuple[tuple[int, int, str, str], ...] = tuple(
    (int(b.low), int(b.high), b.label, b.color) for b in SCALES["usa_epa"].bands
)
#: Universal AQI categories (100 best … 0 worst): (low, high, label, colour).
UAQI_BANDS: tuple[tuple[int, int, str, str], ...] = tuple(
    (int(b.low), int(b.high), b.label, b.color) for b in SCALES["uaqi"].bands
)


#: The text columns the air-quality chart reads (an odd value there is left out, with a warning).
AQ_TEXTS = (
    "index_code",
    "index_name",
    "category",
    "color",
    "dominant_pollutant",
    "request",
    "place",
)


def _long_air_quality(df: pd.DataFrame) -> pd.DataFrame:
    """``env.air_quality`` as is; its wide view (``air_quality_wide``) back to long rows."""
    import pandas as pd

    if "index_code" in df.columns or not isinstance(df.index, pd.DatetimeIndex):
        return df
    long = (
        df.rename_axis("time").reset_index().melt("time", var_name="index_code", value_name="aqi")
    )
    long["index_name"] = long["index_code"].map(lambda c: SCALES[c].name if c in SCALES else c)
    long.attrs = dict(df.attrs)
    return long


def _default_index(codes: list[str]) -> str:
    local = [c for c in codes if c != "uaqi"]
    return local[0] if local else "uaqi"


def _now_marker(times: pd.Series, now: Any) -> Any:
    """Return the latest frame time at or before ``now`` (wall clock if None), if ``now`` is in range."""
    import pandas as pd

    tz = zone_of(times)
    moment = pd.Timestamp(now) if now is not None else pd.Timestamp.now(tz=dt.UTC)
    if moment.tzinfo is None:
        moment = moment.tz_localize(tz) if tz is not None else moment
    elif tz is None:
        moment = moment.tz_localize(None)
    before = times[times <= moment]
    step = times.diff().min() if len(times) > 1 else pd.Timedelta(hours=1)
    if before.empty or moment >= times.max() + step:
        return None
    return before.max()


def _y_range(scale: IndexScale, values: pd.Series) -> tuple[float, float]:
    """All categories of a category or "higher is better" scale.

    Else up to the band above the highest value (+10 %), showing at least two bands.
    """
    if scale.categorical or scale.higher_is_better or scale.higher_is_better is None:
        return scale.low, max(scale.high, float(values.max()) if len(values) else scale.high)
    top = float(values.max()) * 1.1 if len(values) else 0.0
    highs = sorted(b.high for b in scale.bands)
    limit = next((h for h in highs if h >= top), highs[-1])
    return scale.low, max(limit, highs[min(1, len(highs) - 1)])


def _draw_bands(
    ax: Axes,
    scale: IndexScale,
    low: float,
    high: float,
    names: dict[str, str],
    language: str | None = None,
) -> list[tuple[Any, str]]:
    """Category bands as horizontal spans; returns legend entries, one per category label.

    As ``names`` gives it: the answer's own words; else in ``language`` where known.
    """
    from matplotlib.patches import Patch

    entries: dict[str, list[Band]] = {}
    for band in scale.bands:
        if band.low >= high or band.high <= low:
            continue
        ax.axhspan(band.low, band.high, color=band.color, alpha=0.3, lw=0, gid=f"band:{band.label}")
        entries.setdefault(band.label, []).append(band)
    legend: list[tuple[Any, str]] = []
    for label, bands in entries.items():
        first, last = bands[0], bands[-1]
        if scale.categorical:
            lo, hi = round(first.low + 0.5), round(last.high - 0.5)
            span = f"{lo}" if lo == hi else f"{lo}–{hi}"
        else:
            span = f"{first.low:g}–{last.high:g}"
        color = bands[len(bands) // 2].color
        text = f"{span} {names.get(label) or category(label, language)}"
        legend.append((Patch(facecolor=color, edgecolor="#555555", lw=0.5), text))
    if scale.higher_is_better:
        legend.reverse()  # best first
    return legend


def _y_ticks(ax: Axes, scale: IndexScale, low: float, high: float) -> None:
    from matplotlib.ticker import MaxNLocator

    if scale.categorical:
        ax.set_yticks(range(math.ceil(low), math.floor(high) + 1))
    elif scale.higher_is_better is None:
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        edges = sorted({b.low for b in scale.bands} | {b.high for b in scale.bands})
        ax.set_yticks([e for e in edges if low <= e <= high])


def _series(sub: pd.DataFrame, code: str, one_answer: bool) -> list[tuple[str, pd.DataFrame]]:
    """One series per call (``request`` of ``mapsnb.concat``); never two values at one time.

    A frame stacking calls without a ``request`` column is refused; one answer (a result) giving
    an hour twice is an odd answer: its first value for that hour is drawn, with a warning.
    """
    if "request" in sub.columns and sub["request"].nunique() > 1:
        return [(str(r), part) for r, part in sub.groupby("request", sort=False)]
    twice = sub["time"].duplicated()
    if twice.any() and one_answer:
        warnings.warn(
            f"plot_air_quality: the answer gives index {code!r} {int(twice.sum())} more time(s) "
            "for an hour it already gave; the first value of each hour is drawn",
            PayloadShapeWarning,
            stacklevel=3,
        )
        return [("", sub[~twice])]
    if twice.any():
        raise ValueError(
            f"index {code!r} has several rows for one hour: the frame stacks several calls "
            "without telling them apart; stack results with mapsnb.concat (it adds a 'request' "
            "column, one line per call) or select one call's rows"
        )
    return [("", sub)]


def plot_air_quality(
    result_or_frame: Any,
    index: str | Sequence[str] | None = None,
    *,
    ax: Axes | Chart | None = None,
    now: Any = None,
) -> Chart:
    """Hourly AQI of one index over its category bands, with "now" and the worst hour marked.

    The bands and dot colours are the index's own categories (legend on the right, best first);
    category indexes (ATMO 1–6, DAQI 1–10, …) get integer ticks; the y label says whether higher
    or lower is better. A frame stacked from several calls (``mapsnb.concat``) of one place draws
    one line per call. A frame of several places (a batch over cities, or ``mapsnb.concat`` of
    places in different time zones) draws one panel per place, titled with the place and the
    period, each in its local time: up to three stacked (each with its own local index unless
    ``index`` names one), four to twelve in a grid on one A4-landscape page, all on one index
    (``index``, else the places' common local index, else UAQI) with one legend. Labels, dates
    and category names are in the language the data was asked in (``language_code``).

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult``, ``env.air_quality`` (long: one row per hour × index) or
        ``env.air_quality_wide``.
    index
        Index code (``"uaqi"``, ``"usa_epa"``, ``"fra_atmo"``, ...); default the local index if
        any, else UAQI. A list of codes, or ``"all"``, draws one panel per index (each on its
        own scale) in one figure.
    ax
        Axes to draw on (a new figure otherwise).
    now
        The current moment; default the clock of the client that made the call (the emulator's
        fixed clock offline), else the wall clock. A vertical line marks the latest hour at or
        before it when it falls within the data.

    Returns
    -------
    Chart
        Every panel's Axes (``chart[0]``, ``len(chart)``, ``chart.figure``); other attributes
        are the first panel's, as a matplotlib Axes.
    """
    df = _long_air_quality(pick(result_or_frame, "air_quality"))
    if not {"time", "index_code", "aqi"} <= set(df.columns):
        raise ValueError(wrong_frame("plot_air_quality", df, "env.air_quality"))
    df = usable(df, "plot_air_quality", times=["time"], numbers=["aqi"], texts=AQ_TEXTS)
    if df["aqi"].isna().all() or df["index_code"].isna().all():
        raise NothingToDraw(explain_empty("air_quality", df))
    language, note = chart_language(language_of(result_or_frame, df.attrs))
    places = place_groups(df)
    if places is not None:
        return _finished(_place_panels(places, index, ax, now, language), note)
    codes = [str(c) for c in df["index_code"].dropna().unique()]
    if index == "all" or (isinstance(index, Sequence) and not isinstance(index, str)):
        wanted = codes if index == "all" else [str(c).lower() for c in index]
        return _finished(_panels(result_or_frame, df, wanted, ax, now, language), note)
    code = (index or _default_index(codes)).lower()
    drawn = _draw(new_axes(ax), result_or_frame, df, code, now, language)
    legend_outside(drawn.ax, [h for h, _ in drawn.items], [t for _, t in drawn.items],
                   word("Dot colour = category", language))  # fmt: skip
    attribute(drawn.ax, df, language)
    return _finished(as_chart(drawn.ax), note)


class _Drawn:
    """One drawn panel: its Axes, legend entries, scale and y range."""

    def __init__(self, ax: Axes, items: list[tuple[Any, str]], scale: IndexScale) -> None:
        self.ax, self.items, self.scale = ax, items, scale


def _finished(chart: Chart, note: str) -> Chart:
    """``chart`` with its fonts and the note on its labels' language (:func:`finish`)."""
    finish(chart.figure, note)
    return chart


def _draw(
    ax: Axes,
    obj: Any,
    df: pd.DataFrame,
    code: str,
    now: Any,
    language: str | None,
    *,
    y_range: tuple[float, float] | None = None,
    compact: bool = False,
) -> _Drawn:
    """Draw index ``code`` of ``df`` on ``ax`` (no legend, no attribution)."""
    import pandas as pd

    codes = [str(c) for c in df["index_code"].dropna().unique()]
    if code not in codes:
        raise ValueError(f"index {code!r} not in this data (available: {', '.join(codes)})")
    sub = df[(df["index_code"] == code) & df["aqi"].notna()].sort_values("time")
    scale = scale_for(code, sub)
    name = (
        shown(sub["index_name"].iloc[0], scale.name)
        if "index_name" in sub and len(sub)
        else scale.name
    )
    series = _series(sub, code, not isinstance(obj, pd.DataFrame))
    if len(series) == 1:
        sub = series[0][1]  # an hour given twice by one answer: its first value
    values = sub["aqi"].astype(float)
    low, high = y_range or _y_range(scale, values)
    entries = _draw_bands(ax, scale, low, high, _category_names(sub, scale, language), language)
    ax.set_ylim(low, high)
    _y_ticks(ax, scale, low, high)
    styles = ("-", "--", ":", "-.")
    handles: list[tuple[Any, str]] = []
    for k, (label, part) in enumerate(series):
        times, aqi = part["time"], part["aqi"].astype(float)
        (line,) = ax.plot(times, aqi, color="#202124", lw=1.8, ls=styles[k % len(styles)],
                          drawstyle="steps-mid" if scale.categorical else "default",
                          gid="aqi", zorder=2)  # fmt: skip
        dots = [_dot_color(scale, v) for v in aqi]
        ax.scatter(times, aqi, c=dots, s=26, edgecolors="#202124", linewidths=0.6, zorder=3,
                   gid="aqi-dots")  # fmt: skip
        handles.append((line, f"{name}{f' · {label}' if label else ''}"))
    times = sub["time"]
    step = times.drop_duplicates().diff().min() if times.nunique() > 1 else pd.Timedelta(hours=1)
    hour_axis(ax, times, step, language, every=6 if compact else None)
    hourly = times.nunique() > 1
    if not hourly:  # one reading: its hour is the tick, its value the label, no "now" line
        import matplotlib.dates as mdates
        from matplotlib.ticker import FixedLocator

        ax.xaxis.set_major_locator(FixedLocator([float(mdates.date2num(times.iloc[0]))]))
    _annotate_worst(ax, sub, scale, low, high, language)
    marker = _now_marker(times, now if now is not None else df.attrs.get("now"))
    if marker is not None and hourly:
        now_line = ax.axvline(marker, color="#1a73e8", ls="--", lw=1.5, gid="now")
        handles.append((now_line, f"{word('now', language)} ({pd.Timestamp(marker):%H:%M})"))
    direction = f" ({word(scale.direction, language)})" if scale.direction else ""
    place = place_of(obj, df)
    if compact:  # a grid panel: the index is the figure's title, the panel names the place
        ax.set_ylabel(literal(name), fontsize=8)
        title = ", ".join(p for p in (shown(place or ""), period(times, language)) if p)
        ax.set_title(literal(wrap_to(title, _panel_width_pt(ax), 9)), fontsize=9, pad=4)
        ax.tick_params(labelsize=7.5)
        ax.xaxis.label.set_fontsize(7.5)
    else:
        ax.set_ylabel(literal(f"{name}{direction}"))
        what = f"{name}, {word('hourly', language)}" if hourly else name
        set_title(ax, what, place, period(times, language))
    return _Drawn(ax, handles + entries, scale)


def _panel_width_pt(ax: Axes) -> float:
    """About how wide a panel's title may be, in points (its slot before the layout)."""
    fig = ax.get_figure(root=True)
    assert fig is not None
    return float(ax.get_position().width * fig.get_figwidth() * 72 * 1.1)


def _category_names(sub: pd.DataFrame, scale: IndexScale, language: str | None) -> dict[str, str]:
    """Band label → the answer's own category text, when the answer is not in English."""
    if base(language) == "en":
        return {}
    names: dict[str, str] = {}
    if "category" not in sub:
        return names
    for value, text in zip(sub["aqi"].astype(float), sub["category"], strict=True):
        band = scale.band_of(value)
        if band is not None and isinstance(text, str) and text:
            names.setdefault(band.label, text)
    return names


def _panels(
    obj: Any, df: pd.DataFrame, codes: list[str], ax: Any, now: Any, language: str | None
) -> Chart:
    """One panel per index, stacked, sharing the time axis."""
    import matplotlib.pyplot as plt

    if ax is not None:
        raise ValueError("several indexes draw one panel each: pass ax=None, or one index per ax")
    if not codes:
        raise ValueError("no index to plot: index=[] names none")
    height = min(PAGE[1], 0.6 + 3.0 * len(codes))
    fig, axes = plt.subplots(len(codes), 1, figsize=(8.0, height), dpi=100, sharex=True,
                             layout="constrained", squeeze=False)  # fmt: skip
    tidy_layout(fig)
    source = obj if df.attrs.get("place") is None else df
    for code, panel in zip(codes, axes[:, 0], strict=True):
        drawn = _draw(panel, source, df, code, now, language)
        legend_outside(panel, [h for h, _ in drawn.items], [t for _, t in drawn.items],
                       word("Dot colour = category", language))  # fmt: skip
    for panel in axes[:-1, 0]:
        panel.set_xlabel("")
    attribute(axes[0, 0], df, language)
    return as_chart(list(axes[:, 0]))


def _place_panels(
    places: list[tuple[str, pd.DataFrame]],
    index: Any,
    ax: Any,
    now: Any,
    language: str | None,
) -> Chart:
    """One panel per place, each titled with its place and period, in its own local time."""
    import matplotlib.pyplot as plt

    if ax is not None or len(places) > MAX_PLACES:
        if ax is not None:
            why = "pass ax=None"
        else:
            column = "place" if "place" in places[0][1].columns else "request"
            why = (
                f"at most {MAX_PLACES} places fit one printable page (A4 landscape); draw them "
                f"{MAX_PLACES} at a time, e.g. names = df.{column}.unique(); "
                f"plot_air_quality(df[df.{column}.isin(names[:{MAX_PLACES}])])"
            )
        raise ValueError(f"{refuse_places('plot_air_quality', places)} ({why})")
    if index == "all" or (isinstance(index, Sequence) and not isinstance(index, str)):
        raise ValueError(
            "several places and several indexes: pass one index (e.g. 'uaqi', comparable "
            "everywhere) or select one place"
        )
    rows, cols = grid(len(places))
    if cols == 1:
        size = (8.0, min(PAGE[1], 0.6 + 2.5 * rows))
    else:
        size = (PAGE[0], min(PAGE[1], 0.8 + 2.5 * rows))
    fig, axes = plt.subplots(rows, cols, figsize=size, dpi=100, layout="constrained",
                             squeeze=False)  # fmt: skip
    tidy_layout(fig)
    panels = list(axes.flat)
    for spare in panels[len(places) :]:
        spare.set_visible(False)
    if cols == 1:  # stacked: each place its own local index and legend
        for (_label, part), panel in zip(places, panels, strict=False):
            drawn = _draw(panel, part, part, (index or _local(part)).lower(), now, language)
            legend_outside(panel, [h for h, _ in drawn.items], [t for _, t in drawn.items],
                           word("Dot colour = category", language))  # fmt: skip
        attribute(panels[0], pd_concat([part for _, part in places]), language)
        return as_chart(panels[: len(places)])
    code = _shared_index(places, index)
    both = pd_concat([part for _, part in places])
    scale = scale_for(code, both[both["index_code"] == code])
    values = both.loc[both["index_code"] == code, "aqi"].dropna().astype(float)
    y_range = _y_range(scale, values)
    items: dict[str, Any] = {}
    for (_label, part), panel in zip(places, panels, strict=False):
        drawn = _draw(panel, part, part, code, now, language, y_range=y_range, compact=True)
        for handle, text in drawn.items:
            if handle.get_gid() == "aqi":  # the line: the figure's title names the index
                continue
            if handle.get_gid() == "now":
                text = word("now", language)
            items.setdefault(text, handle)
    name = str(both.loc[both["index_code"] == code, "index_name"].dropna().iloc[0]) \
        if "index_name" in both else scale.name  # fmt: skip
    direction = f" ({word(scale.direction, language)})" if scale.direction else ""
    hourly = any(part["time"].nunique() > 1 for _, part in places)
    fig.suptitle(literal(f"{name}{direction}" + (f", {word('hourly', language)}" if hourly else "")),
                 fontsize=11)  # fmt: skip
    legend = fig.legend(list(items.values()), [literal(t) for t in items], loc="outside right upper",
                        fontsize=8, frameon=False, title=word("Dot colour = category", language),
                        title_fontsize=8, alignment="left")  # fmt: skip
    legend.set_gid("legend")
    attribute(panels[0], both, language)
    return as_chart(panels[: len(places)])


def pd_concat(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """Return the places' rows as one frame (``attrs`` of the first, for the attribution)."""
    import pandas as pd

    out = pd.concat(parts, ignore_index=True)
    out.attrs = dict(parts[0].attrs)
    return out


def _local(part: pd.DataFrame) -> str:
    return _default_index([str(c) for c in part["index_code"].dropna().unique()])


def _shared_index(places: list[tuple[str, pd.DataFrame]], index: Any) -> str:
    """Return the one index of a grid: ``index``, else the places' common local index, else UAQI."""
    if isinstance(index, str) and index:
        return index.lower()
    local = {_local(part) for _, part in places}
    return local.pop() if len(local) == 1 else "uaqi"


def _dot_color(scale: IndexScale, value: float) -> str:
    band = scale.band_of(value)
    return band.color if band is not None else "#9e9e9e"


def _annotate_worst(
    ax: Axes, sub: pd.DataFrame, scale: IndexScale, low: float, high: float, language: str | None
) -> None:
    """Mark the worst hour (highest value; lowest where higher is better), inside the axes.

    The label leans right of an early hour, left of a late one, and goes where there is room.
    """
    import matplotlib.dates as mdates

    if sub.empty or scale.higher_is_better is None:
        return
    values = sub["aqi"].astype(float)
    pos = int(values.argmin() if scale.higher_is_better else values.argmax())
    row = sub.iloc[pos]
    value = float(row["aqi"])
    pollutant = row.get("dominant_pollutant")
    one = sub["time"].nunique() == 1  # one reading: its value, not a "worst" of one
    label = f"{int(value)}" if one else f"{word('worst', language)}: {int(value)}"
    if isinstance(pollutant, str) and pollutant:
        label += f" ({pollutant})"
    share = (value - low) / ((high - low) or 1.0)
    # below a low worst (higher is better) or a point near the top; above otherwise ...
    below = share > 0.88 if not scale.higher_is_better else share > 0.12
    # ... unless that side has no room for the label (small panels)
    fig = ax.get_figure(root=True)
    assert fig is not None
    tall = ax.get_position().height * fig.get_figheight() * 72 * 0.8
    need = 26.0
    if below and share * tall < need <= (1 - share) * tall:
        below = False
    elif not below and (1 - share) * tall < need <= share * tall:
        below = True
    x0, x1 = ax.get_xlim()
    across = (float(mdates.date2num(row["time"])) - x0) / ((x1 - x0) or 1.0)
    ha = "left" if across < 1 / 3 else "right" if across > 2 / 3 else "center"
    ax.annotate(
        literal(label),
        xy=(row["time"], value),
        xytext=(0, -12 if below else 12),
        textcoords="offset points",
        ha=ha,
        va="top" if below else "bottom",
        fontsize=8 if tall > 120 else 7,
        bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.85},
        arrowprops={"arrowstyle": "-", "color": "#555555"},
        annotation_clip=False,
        gid="peak",
    )
