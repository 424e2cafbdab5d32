"""matplotlib charts of ``lookup_weather`` results: air quality, pollen, weather.

Each function takes an ``EnvironmentResult`` or the matching DataFrame (``env.air_quality``,
``env.pollen``, ``env.hourly_weather`` / ``env.daily_weather``), draws on ``ax`` (or a new
figure), writes the data's attribution at the bottom of the figure ("synthetic data" for sandbox
results) and returns the Axes. matplotlib is imported on first use; no backend is forced and
``plt.show()`` is never called.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import TYPE_CHECKING, Any

from ._credits import credits_text, frame_credits

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = [
    "EPA_BANDS",
    "UAQI_BANDS",
    "UPI_COLORS",
    "UPI_LABELS",
    "plot_air_quality",
    "plot_pollen",
    "plot_weather",
]

#: US EPA AQI categories: (low, high, label, colour).
EPA_BANDS: tuple[tuple[int, int, str, str], ...] = (
    (0, 50, "Good", "#00e400"),
    (50, 100, "Moderate", "#ffff00"),
    (100, 150, "Unhealthy for sensitive groups", "#ff7e00"),
    (150, 200, "Unhealthy", "#ff0000"),
    (200, 300, "Very unhealthy", "#8f3f97"),
    (300, 500, "Hazardous", "#7e0023"),
)
#: Universal AQI categories (100 best … 0 worst): (low, high, label, colour).
UAQI_BANDS: tuple[tuple[int, int, str, str], ...] = (
    (0, 20, "Poor", "#ff0000"),
    (20, 40, "Low", "#ff8c00"),
    (40, 60, "Moderate", "#ffff00"),
    (60, 80, "Good", "#84cf33"),
    (80, 100, "Excellent", "#009e3a"),
)
#: Universal Pollen Index category per value 0–5.
UPI_LABELS = ("None", "Very low", "Low", "Moderate", "High", "Very high")
UPI_COLORS = ("#bfbfbf", "#009e3a", "#84cf33", "#ffd600", "#ff8c00", "#ff0000")
_BANDS = {"usa_epa": EPA_BANDS, "uaqi": UAQI_BANDS}
_ATTRIBUTION_GID = "mapsnb-attribution"


# --------------------------------------------------------------------------- helpers
def _pick(obj: Any, *names: str) -> pd.DataFrame:
    """The first non-empty frame among ``names`` of a result, or ``obj`` if it is a frame."""
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        return obj
    frames = [getattr(obj, n) for n in names if hasattr(obj, n)]
    if not frames:
        raise TypeError(f"expected an EnvironmentResult or a DataFrame, got {type(obj).__name__}")
    return next((f for f in frames if len(f)), frames[0])


def _axes(ax: Axes | None, size: tuple[float, float] = (8.0, 4.0)) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    fig, new = plt.subplots(figsize=size, layout="constrained")
    engine = fig.get_layout_engine()
    if isinstance(engine, ConstrainedLayoutEngine):  # always, given layout="constrained"
        engine.set(h_pad=0.2)  # room for the attribution line
    return new


def attribution_text(df: pd.DataFrame) -> str:
    """``"Source: <titles>"``, plus the sandbox note for synthetic data."""
    return credits_text(*frame_credits(df))


def _attribute(ax: Axes, df: pd.DataFrame) -> None:
    """Put (or update) the attribution line at the bottom of the figure."""
    fig = ax.figure
    text = attribution_text(df)
    for existing in fig.texts:
        if existing.get_gid() == _ATTRIBUTION_GID:
            if text not in existing.get_text():
                existing.set_text(f"{existing.get_text()}\n{text}")
            return
    fig.text(0.01, 0.005, text, fontsize=7, color="#555555", ha="left", va="bottom").set_gid(
        _ATTRIBUTION_GID
    )


def _zone(times: pd.Series) -> dt.tzinfo | None:
    return getattr(times.dt, "tz", None)


def _time_axis(ax: Axes, times: pd.Series) -> None:
    import matplotlib.dates as mdates

    tz = _zone(times)
    locator: mdates.DateLocator = mdates.AutoDateLocator(tz=tz, maxticks=8)
    if times.nunique() < 2:  # one record (current conditions): no range to pick ticks from
        locator = mdates.HourLocator(tz=tz)
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator, tz=tz))
    ax.set_xlabel(f"local time ({tz})" if tz is not None else "time")


# ------------------------------------------------------------------------- air quality
def _default_index(codes: list[str]) -> str:
    local = [c for c in codes if c != "uaqi"]
    return local[0] if local else "uaqi"


def _now_marker(times: pd.Series, now: Any) -> Any:
    """The latest frame time at or before ``now`` (wall clock if None), if ``now`` is in range."""
    import pandas as pd

    tz = _zone(times)
    moment = pd.Timestamp(now) if now is not None else pd.Timestamp.now(tz=dt.timezone.utc)
    if moment.tzinfo is None:
        moment = moment.tz_localize(tz) if tz is not None else moment
    elif tz is None:
        moment = moment.tz_localize(None)
    before = times[times <= moment]
    step = times.diff().min() if len(times) > 1 else pd.Timedelta(hours=1)
    if before.empty or moment >= times.max() + step:
        return None
    return before.max()


def plot_air_quality(
    result_or_frame: Any, index: str | None = None, *, ax: Axes | None = None, now: Any = None
) -> Axes:
    """Hourly AQI of one index as steps over its category bands, with "now" and the peak marked.

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult`` or ``env.air_quality``.
    index
        Index code (``"uaqi"``, ``"usa_epa"``, ...); default the local index if any, else UAQI.
    ax
        Axes to draw on (a new figure otherwise).
    now
        The current moment; default the wall clock. A vertical line marks the latest hour at or
        before it when it falls within the data.

    Returns
    -------
    matplotlib.axes.Axes
    """
    df = _pick(result_or_frame, "air_quality")
    if df.empty or "aqi" not in df.columns:
        raise ValueError("no air quality data to plot (ask lookup_weather for AIR_QUALITY)")
    codes = [str(c) for c in df["index_code"].dropna().unique()]
    code = (index or _default_index(codes)).lower()
    if code not in codes:
        raise ValueError(f"index {code!r} not in this data (available: {', '.join(codes)})")
    sub = df[df["index_code"] == code].sort_values("time")
    sub = sub[sub["aqi"].notna()]
    ax = _axes(ax)
    times, aqi = sub["time"], sub["aqi"].astype(float)
    name = str(sub["index_name"].iloc[0]) if "index_name" in sub and len(sub) else code
    bands = _BANDS.get(code)
    top = float(aqi.max()) if len(aqi) else 0.0
    if bands:
        limit = next((hi for lo, hi, _, _ in bands if hi >= top * 1.1), bands[-1][1])
        limit = max(limit, 100) if code == "usa_epa" else 100
        for lo, hi, label, color in bands:
            if lo < limit:
                ax.axhspan(lo, hi, color=color, alpha=0.18, lw=0, label=label, gid=f"band:{label}")
        ax.set_ylim(0, limit)
    ax.plot(times, aqi, drawstyle="steps-post", color="#202124", lw=2, marker="o", ms=3,
            label=name, gid="aqi")  # fmt: skip
    if not bands and "color" in sub:
        ax.scatter(times, aqi, c=sub["color"].fillna("#202124").tolist(), zorder=3, s=20)
    _annotate_peak(ax, sub)
    marker = _now_marker(times, now)
    if marker is not None:
        ax.axvline(marker, color="#1a73e8", ls="--", lw=1.5, label="now", gid="now")
    _time_axis(ax, times)
    ax.set_ylabel(name)
    ax.set_title(f"{name}, hourly" + (" (100 = best)" if code == "uaqi" else ""))
    ax.legend(loc="upper left", fontsize=7, ncols=2, framealpha=0.8)
    _attribute(ax, df)
    return ax


def _annotate_peak(ax: Axes, sub: pd.DataFrame) -> None:
    if sub.empty:
        return
    code = str(sub["index_code"].iloc[0])
    # "worst" hour: highest value, except on UAQI where lower is worse
    pos = sub["aqi"].astype(float).argmin() if code == "uaqi" else sub["aqi"].astype(float).argmax()
    row = sub.iloc[int(pos)]
    pollutant = row.get("dominant_pollutant")
    label = f"worst: {int(row['aqi'])}"
    if isinstance(pollutant, str) and pollutant:
        label += f" ({pollutant})"
    ax.annotate(
        label,
        xy=(row["time"], float(row["aqi"])),
        xytext=(0, -18 if code == "uaqi" else 12),
        textcoords="offset points",
        ha="center",
        fontsize=8,
        arrowprops={"arrowstyle": "-", "color": "#555555"},
        gid="peak",
    )


# ------------------------------------------------------------------------------ pollen
def plot_pollen(result_or_frame: Any, kind: str = "type", *, ax: Axes | None = None) -> Axes:
    """Daily Universal Pollen Index (0–5) per pollen type or plant as grouped bars.

    Bars take the UPI category colour; out-of-season entries are grey, hatched and labelled
    "out of season"; entries without an index (NA) get no bar and a "no data" note.

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult`` or ``env.pollen``.
    kind
        ``"type"`` (grass, tree, weed) or ``"plant"``.
    ax
        Axes to draw on (a new figure otherwise).
    """
    df = _pick(result_or_frame, "pollen")
    if kind not in ("type", "plant"):
        raise ValueError(f"kind must be 'type' or 'plant', got {kind!r}")
    sub = df[df["kind"] == kind] if "kind" in df.columns else df
    if sub.empty:
        raise ValueError(f"no pollen {kind} data to plot (ask lookup_weather for POLLEN)")
    ax = _axes(ax, (max(6.0, 0.7 * sub["code"].nunique() + 2), 4.0))
    names = list(dict.fromkeys(sub["name"].fillna(sub["code"]).astype(str)))
    dates = sorted(sub["date"].dropna().unique())
    width = 0.8 / max(len(dates), 1)
    for d_i, day in enumerate(dates):
        day_rows = sub[sub["date"] == day]
        for _, row in day_rows.iterrows():
            label = str(row["name"]) if isinstance(row["name"], str) else str(row["code"])
            x = names.index(label) - 0.4 + width * (d_i + 0.5)
            _pollen_bar(ax, row, x, width, len(dates) > 1)
    ax.set_xticks(range(len(names)), names, rotation=45 if kind == "plant" else 0, ha="center")
    ax.set_ylim(0, 5.9)
    ax.set_yticks(range(6), [f"{k} {label}" for k, label in enumerate(UPI_LABELS)], fontsize=8)
    ax.set_ylabel("Universal Pollen Index")
    days = ", ".join(_day(d) for d in dates)
    ax.set_title(f"Pollen by {kind}, {days}")
    _attribute(ax, df)
    return ax


def _day(value: Any) -> str:
    import pandas as pd

    return pd.Timestamp(value).strftime("%a %d %b")


def _pollen_bar(ax: Axes, row: Any, x: float, width: float, dated: bool) -> None:
    import pandas as pd

    upi = row["upi"]
    if pd.isna(upi):
        ax.text(x, 0.1, "no data", rotation=90, ha="center", va="bottom", fontsize=7,
                color="#777777", gid="no-data")  # fmt: skip
        return
    value = int(upi)
    season = row.get("in_season")
    in_season = bool(season) if pd.notna(season) else False  # missing = not in season (spec)
    color = row.get("color")
    color = color if isinstance(color, str) and color else UPI_COLORS[min(max(value, 0), 5)]
    bar = ax.bar(
        x,
        value,
        width * 0.9,
        color=color if in_season else "#dddddd",
        edgecolor="#555555" if in_season else "#999999",
        hatch=None if in_season else "//",
        gid="upi",
    )[0]
    bar.set_label("_nolegend_")
    if not in_season:
        ax.text(x, value + 0.1, "out of season", rotation=90, ha="center", va="bottom",
                fontsize=7, color="#777777", gid="out-of-season")  # fmt: skip
    elif dated:
        ax.text(x, value + 0.1, _day(row["date"]), rotation=90, ha="center", va="bottom",
                fontsize=6)  # fmt: skip


# ----------------------------------------------------------------------------- weather
def plot_weather(result_or_frame: Any, *, ax: Axes | None = None) -> Axes:
    """Temperature with precipitation probability bars (twin axis).

    Hourly data (``env.hourly_weather``, or ``current_weather``) draws a temperature line;
    daily data (``env.daily_weather``) draws the min–max band. The precipitation-probability
    axis is ``ax.mapsnb_precip_ax``.

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult`` (hourly if present, else daily, else current) or a weather frame.
    ax
        Axes to draw on (a new figure otherwise).
    """
    df = _pick(result_or_frame, "hourly_weather", "daily_weather", "current_weather")
    if df.empty:
        raise ValueError("no weather data to plot (ask lookup_weather for WEATHER)")
    ax = _axes(ax)
    units = df.attrs.get("units") or {}
    if "temperature_max" in df.columns:
        x = df["date"]
        _daily(ax, df)
        unit = units.get("temperature_max", "")
        ax.set_xlabel("date")
        width = 0.6
    else:
        df = df.sort_values("time")
        x = df["time"]
        ax.plot(x, df["temperature"].astype(float), color="#d93025", lw=2, marker="o", ms=3,
                label="temperature", gid="temperature", zorder=3)  # fmt: skip
        unit = units.get("temperature", "")
        step = x.diff().min() if len(x) > 1 else None
        width = (step / dt.timedelta(days=1)) * 0.8 if step is not None else 1 / 30
        _time_axis(ax, x)
    ax.set_ylabel(f"temperature ({unit})" if unit else "temperature")
    twin = ax.twinx()
    if "precip_probability_pct" in df.columns:
        prob = df["precip_probability_pct"].astype(float).fillna(0.0)
        twin.bar(x, prob, width=width, color="#1a73e8", alpha=0.25, label="precipitation %",
                 gid="precip")  # fmt: skip
    twin.set_ylim(0, 100)
    twin.set_ylabel("precipitation probability (%)")
    ax.set_zorder(twin.get_zorder() + 1)
    ax.patch.set_visible(False)
    ax.mapsnb_precip_ax = twin  # type: ignore[attr-defined]
    if "temperature_max" in df.columns:
        ax.set_title("Daily weather")
    else:
        ax.set_title("Hourly weather" if len(df) > 1 else "Current weather")
    handles = ax.get_legend_handles_labels()
    extra = twin.get_legend_handles_labels()
    ax.legend(handles[0] + extra[0], handles[1] + extra[1], loc="upper left", fontsize=7)
    _attribute(ax, df)
    return ax


def _daily(ax: Axes, df: pd.DataFrame) -> None:
    x = df["date"]
    lo = df["temperature_min"].astype(float)
    hi = df["temperature_max"].astype(float)
    if len(df) > 1:
        ax.fill_between(x, lo, hi, color="#d93025", alpha=0.2, label="min–max", gid="band")
    ax.vlines(x, lo, hi, color="#d93025", lw=6, alpha=0.5, gid="range")
    ax.plot(x, hi, color="#d93025", marker="o", lw=1.5, label="max", gid="max")
    ax.plot(x, lo, color="#1967d2", marker="o", lw=1.5, label="min", gid="min")
    import matplotlib.dates as mdates

    ax.xaxis.set_major_locator(mdates.DayLocator())
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%a %d %b"))
    if len(df) == 1:
        day = x.iloc[0]
        ax.set_xlim(day - dt.timedelta(days=1), day + dt.timedelta(days=1))
    if not math.isnan(float(hi.max())):
        ax.set_ylim(float(lo.min()) - 3, float(hi.max()) + 3)
