"""Shared pieces of the charts: figures, the attribution line, legends (time: ``_time_axes``).

Also the one escaping of text from answers (:func:`literal`: a ``$`` is a dollar, never math),
the clean-up of odd fields (:func:`usable`, with a ``PayloadShapeWarning``) and the messages that
say why a frame cannot be charted and what to ask instead.

matplotlib is imported inside the functions (charts import it on first use).
"""

from __future__ import annotations

import datetime as dt
import math
import re
import warnings
import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mapsnb.charts._scripts import families
from mapsnb.errors import PayloadShapeWarning

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.legend import Legend
    from matplotlib.text import Text

ATTRIBUTION_GID = "mapsnb-attribution"
FIGSIZE = (8.0, 4.0)

# What each chart reads, and where to get it (for the error messages).
_DOMAIN = {
    "air_quality": ("AIR_QUALITY", "env.air_quality"),
    "pollen": ("POLLEN", "env.pollen"),
    "weather": ("WEATHER", "env.hourly_weather / env.daily_weather / env.current_weather"),
}


# ------------------------------------------------------------------------ answers' text
def literal(value: Any) -> str:
    r"""``value`` as text matplotlib draws as written.

    Every ``$`` escaped, so a place called ``Bar $\x$`` or ``$5 & $10`` is never read as math text
    (which garbles or fails to draw).
    """
    return str(value).replace("$", r"\$")


def usable(
    df: pd.DataFrame,
    chart: str,
    *,
    times: Sequence[str] = (),
    numbers: Sequence[str] = (),
    texts: Sequence[str] = (),
) -> pd.DataFrame:
    """``df`` with the fields a chart reads made plain.

    Rows without a readable time dropped, numbers that are not finite numbers and texts that are not
    text made missing.

    An odd field is not an error: one :class:`PayloadShapeWarning` says what was left out and
    from which columns (as the frames do for the payload), and the chart draws the rest.
    """
    import pandas as pd

    out = df.copy()
    out.attrs = dict(df.attrs)
    odd: list[str] = []
    for column in texts:
        if column in out.columns:
            values = out[column]
            bad = _mask(values, lambda v: not (isinstance(v, str) or _missing(v)))
            if bad.any():
                out[column] = values.where(~bad, None)
                odd.append(f"{int(bad.sum())} {column!r} value(s) that are not text")
    for column in numbers:
        if column in out.columns:
            values = out[column]
            given = _mask(values, lambda v: not _missing(v))
            number = pd.Series([_finite(v) for v in values], index=values.index, dtype=float)
            lost = given & number.isna()
            out[column] = number
            if lost.any():
                odd.append(f"{int(lost.sum())} {column!r} value(s) that are not finite numbers")
    for column in times:
        if column in out.columns:
            keep = _mask(out[column], _is_time)
            if not keep.all():
                odd.append(f"{int((~keep).sum())} row(s) without a readable {column!r}")
                out = out[keep]
    if odd:
        warnings.warn(
            f"{chart}: left out {'; '.join(odd)}; the rest is drawn",
            PayloadShapeWarning,
            stacklevel=3,
        )
    return out


def _mask(values: pd.Series, test: Any) -> pd.Series:
    """Return a boolean Series: ``test`` of each value (whatever the column's dtype)."""
    import pandas as pd

    return pd.Series([bool(test(v)) for v in values], index=values.index, dtype=bool)


def _missing(value: Any) -> bool:
    import pandas as pd

    try:
        return value is None or bool(pd.isna(value))
    except (TypeError, ValueError):  # a list or dict: not missing, and not a scalar
        return False


def _finite(value: Any) -> float | None:
    """Return a finite float from a number (``None`` for text, lists, booleans, NaN, ±inf, 10**400)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            import numpy as np

            if isinstance(value, np.number) and not isinstance(value, np.bool_):
                value = value.item()
            else:
                return None
        except ImportError:  # pragma: no cover - numpy comes with pandas
            return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _is_time(value: Any) -> bool:
    import pandas as pd

    return isinstance(value, (pd.Timestamp, dt.datetime, dt.date)) and not pd.isna(value)


# ----------------------------------------------------------------------------- figures
def pick(obj: Any, *names: str) -> pd.DataFrame:
    """Return the first non-empty frame among ``names`` of a result, or ``obj`` if it is a frame."""
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        return obj
    frames = [getattr(obj, n) for n in names if hasattr(obj, n)]
    if not frames:
        raise TypeError(
            f"expected an EnvironmentResult or a DataFrame ({', '.join(names)}), "
            f"got {type(obj).__name__}"
        )
    return next((f for f in frames if len(f)), frames[0])


def new_axes(ax: Axes | Any | None, size: tuple[float, float] = FIGSIZE) -> Axes:
    """Return ``ax`` (a chart's first panel), or the Axes of a new figure.

    The new figure is of ``size`` inches at 100 dpi, with a constrained layout.
    """
    from mapsnb.charts._chart import one_axes

    given = one_axes(ax)
    if given is not None:
        return given
    import matplotlib.pyplot as plt

    fig, new = plt.subplots(figsize=size, dpi=100, layout="constrained")
    tidy_layout(fig)
    return new


def tidy_layout(fig: Figure) -> None:
    """Constrained-layout pads of the charts (the attribution has its own reserved margin)."""
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    engine = fig.get_layout_engine()
    if isinstance(engine, ConstrainedLayoutEngine):
        engine.set(h_pad=0.06, w_pad=0.06)


def attribution_text(df: pd.DataFrame, language: str | None = None) -> str:
    """Return the data's sources in at most two lines, in ``language``.

    ``"Source: <titles>"`` for a few; ``"Source: 40 places · Google Maps"`` for many; synthetic data
    always says so (``"Source: 40 places · mapsnb sandbox (synthetic data, not Google Maps)"``).
    """
    from mapsnb._read.credits import frame_credits
    from mapsnb.charts._words import base, word

    credits, synthetic = frame_credits(df)
    titles = list(dict.fromkeys(str(c["title"]) for c in credits if c.get("title")))
    if base(language) != "en":  # the emulator's titles are English: its label says it instead
        titles = [t for t in titles if "synthetic" not in t.lower()]
    count = _place_count(df, titles)
    head = f"{count} {word('places', language)} · " if count > 1 else ""
    if len(titles) > 3 or len(", ".join(titles)) > _FEW_SOURCES_CHARS:
        titles = list(dict.fromkeys(t.rsplit(" - ", 1)[-1] for t in titles))  # the providers
    elif titles:
        head = ""
    if synthetic and not any("synthetic" in t.lower() for t in titles):
        titles.append(f"mapsnb sandbox ({word('synthetic data, not Google Maps', language)})")
    return f"{word('Source', language)}: {head}{', '.join(titles) or '—'}"


#: A list of sources longer than this is summarised (count and providers): two lines at most.
_FEW_SOURCES_CHARS = 90


def _place_count(df: pd.DataFrame, titles: list[str]) -> int:
    """How many places the data covers: its ``place`` (or ``request``) values, else one."""
    for column in ("place", "request"):
        if column in df.columns and df[column].nunique() > 1:
            return int(df[column].nunique())
    return 1


#: The attribution's font size (points) and the share of the figure's width it may fill.
ATTRIBUTION_SIZE = 7.0
_ATTRIBUTION_WIDTH = 0.97


def attribute(ax: Axes, df: pd.DataFrame, language: str | None = None) -> None:
    """Put (or extend) the attribution at the bottom left of the figure, wrapped to its width.

    It is the figure's ``supxlabel``, so a constrained (or tight) layout reserves its height
    below every panel and tick label; a figure that already has its own ``supxlabel`` gets a
    plain text at its bottom instead.
    """
    fig = ax.get_figure(root=True)
    assert fig is not None
    add_line(fig, literal(attribution_text(df, language)))


#: Per attribution text of a figure, its lines before wrapping (an entry goes with its text).
_ATTRIBUTION_LINES: weakref.WeakKeyDictionary[Text, list[str]] = weakref.WeakKeyDictionary()


def add_line(fig: Figure, text: str) -> None:
    """Add ``text`` as a line of ``fig``'s attribution (made if there is none yet)."""
    existing = next((t for t in fig.texts if t.get_gid() == ATTRIBUTION_GID), None)
    lines: list[str] = list(_ATTRIBUTION_LINES.get(existing, [])) if existing else []
    if text in lines:
        return
    lines.append(text)
    wrapped = "\n".join(
        wrap_to(line, fig.get_figwidth() * 72 * _ATTRIBUTION_WIDTH) for line in lines
    )
    if existing is not None:
        existing.set_text(wrapped)
    else:
        style: dict[str, Any] = {
            "fontsize": ATTRIBUTION_SIZE,
            "color": "#555555",
            "ha": "left",
            "va": "bottom",
        }
        own = getattr(fig, "_supxlabel", None)
        if own is None:
            existing = fig.supxlabel(wrapped, x=0.01, **style)
        else:  # the figure's own supxlabel stays; the attribution goes below the layout
            existing = fig.text(0.01, 0.005, wrapped, **style)
        existing.set_gid(ATTRIBUTION_GID)
    _ATTRIBUTION_LINES[existing] = lines


def finish(fig: Any, note: str) -> None:
    """Draw every text of ``fig`` in :func:`families` and add ``note`` to its attribution.

    The families apply when fonts beyond DejaVu Sans are installed; ``note`` (if any) is a line of
    the figure's attribution.
    """
    from matplotlib.text import Text

    if len(families()) > 1:
        for text in fig.findobj(Text):
            text.set_fontfamily(list(families()))
        for ax in fig.axes:  # tick labels are made anew at each draw: tell the axes too
            ax.tick_params(which="both", labelfontfamily=list(families()))
    if note:
        add_line(fig, note)


def wrap_to(text: str, width_pt: float, size: float = ATTRIBUTION_SIZE) -> str:
    """``text`` broken at spaces into lines at most ``width_pt`` points wide at ``size`` pt."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font = FontProperties(family=list(families()), size=size)

    def width(s: str) -> float:
        return float(text_to_path.get_text_width_height_descent(s, font, ismath=False)[0])

    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in paragraph.split(" "):
            candidate = f"{line} {piece}" if line else piece
            if line and width(candidate) > width_pt:
                lines.append(line)
                line = piece
            else:
                line = candidate
        lines.append(line)
    return "\n".join(lines)


# ------------------------------------------------------------------------------ titles
def place_of(obj: Any, df: pd.DataFrame) -> str | None:
    """Return the place the data is about: ``df.attrs["place"]``, else the result's request."""
    place = df.attrs.get("place")
    if isinstance(place, str) and place:
        return place
    request = getattr(obj, "request", None)
    if isinstance(request, Mapping):
        from mapsnb.frames._environment import request_context

        found = request_context(request).get("place")
        return str(found) if found else None
    return None


#: The date (and hour) ``mapsnb.concat`` appends to a request's label: the title says it.
_DAY_SUFFIX = re.compile(r" \d{4}-\d{2}-\d{2}(?: \d{2}:00)?$")
#: At most this many places are drawn as panels of one figure.
MAX_PLACES = 12


#: A4 landscape in inches: at 200 dpi, 2339 × 1654 px.
PAGE = (11.69, 8.27)


def grid(count: int) -> tuple[int, int]:
    """Rows and columns of a grid of ``count`` place panels (stacked up to three)."""
    if count <= 3:
        return count, 1
    cols = 2 if count == 4 else 3
    return math.ceil(count / cols), cols


def place_groups(df: pd.DataFrame) -> list[tuple[str, pd.DataFrame]] | None:
    """Return the places of a frame holding several (``None`` for one), each in its own local time.

    A batch frame tells them apart by its ``place`` column, a ``mapsnb.concat`` frame by its
    ``request`` column when the requests are in different time zones (``attrs["time_zones"]``).
    Each part's ``attrs`` name its place and zone; its times are converted to that zone.
    """
    import pandas as pd

    zones = df.attrs.get("time_zones") or {}
    if "place" in df.columns and df["place"].nunique() > 1:
        key = "place"
    elif (
        "request" in df.columns
        and df["request"].nunique() > 1
        and len({zones.get(r) for r in df["request"].unique()}) > 1
    ):
        key = "request"
    else:
        return None
    parts = []
    for label, part in df.groupby(key, sort=False):
        part = part.copy()
        zone = zones.get(label)
        for column in ("time", "date"):
            if zone and column in part and isinstance(part[column].dtype, pd.DatetimeTZDtype):
                part[column] = part[column].dt.tz_convert(zone)
        place = _DAY_SUFFIX.sub("", str(label)) if key == "request" else str(label)
        part.attrs = {**df.attrs, "place": place, "time_zone": zone}
        part.attrs.pop("time_zones", None)
        parts.append((str(label), part))
    return parts


def refuse_places(function: str, parts: list[tuple[str, pd.DataFrame]]) -> str:
    """Why ``function`` does not draw several places at once, and how to draw one."""
    names = ", ".join(repr(label) for label, _ in parts[:5]) + (", …" if len(parts) > 5 else "")
    column = "place" if "place" in parts[0][1].columns else "request"
    return (
        f"{function} draws one place at a time; this frame holds {len(parts)} ({names}): select "
        f"one, e.g. {function}(df[df.{column} == {parts[0][0]!r}])"
    )


def legend_outside(
    ax: Axes, handles: Sequence[Artist], labels: Sequence[str], title: str, *, shift_in: float = 0
) -> Legend:
    """Place a legend to the right of the axes, so it never covers data.

    ``shift_in`` moves it that many inches further right, e.g. past a twin's labels.
    """
    from matplotlib.transforms import ScaledTranslation

    anchor = ax.transAxes + ScaledTranslation(0.08 + shift_in, 0, ax.figure.dpi_scale_trans)
    legend = ax.legend(
        handles,
        [literal(label) for label in labels],
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        bbox_transform=anchor,
        borderaxespad=0,
        fontsize=8,
        title=literal(title),
        title_fontsize=8,
        frameon=False,
        alignment="left",
    )
    legend.set_gid("legend")
    return legend


# ------------------------------------------------------------------------ error messages
def explain_empty(domain: str, df: pd.DataFrame, detail: str = "") -> str:
    """Why a frame of ``domain`` is empty, from what the call asked (``attrs``), and the fix."""
    cap, where = _DOMAIN[domain]
    asked = df.attrs.get("capabilities")
    mode = df.attrs.get("mode")
    head = f"no {domain.replace('_', ' ')} data to plot{detail}"
    if isinstance(asked, list) and cap not in asked:
        return f"{head}: the call did not ask for {cap}; add {cap!r} to capabilities"
    if domain == "weather":
        return f"{head}: {_weather_cause(df, mode)}"
    if domain == "pollen":
        ranged = "pollen is a daily forecast for today … today+4 (no history)"
    else:
        ranged = "air quality covers 30 days back … 4 days ahead (hourly)"
    if isinstance(asked, list):
        return f"{head}: {cap} was asked but the response has none for that time ({ranged})"
    return f"{head}: ask lookup_weather for {cap} and pass the result or {where} ({ranged})"


def _weather_cause(df: pd.DataFrame, mode: Any) -> str:
    columns = set(df.columns)
    hourly = measure(df, "temperature") is not None and "time" in columns
    daily = measure(df, "temperature_max") is not None
    if hourly and mode == "day":
        return (
            "a call with a date and no hour answers the DAILY forecast only (no current or hourly "
            "values); plot env.daily_weather (or the result itself), or ask each hour (date=…, "
            "hour=h) and stack the calls with mapsnb.concat"
        )
    if hourly and mode == "current":
        return (
            "a call without a date answers current conditions only; plot env.current_weather "
            "(or the result itself), or ask date=… with hour=h for hourly values"
        )
    if daily and mode in ("hour", "current"):
        return (
            f"a call {'with an hour' if mode == 'hour' else 'without a date'} has no daily "
            "forecast; plot the result itself, or ask date=… without hour for the daily forecast"
        )
    if isinstance(df.attrs.get("capabilities"), list):
        return (
            "WEATHER was asked but the response has none for that time (daily weather covers "
            "today … today+9, hourly 24 h back … 240 h ahead); see env.domains"
        )
    return "ask lookup_weather for WEATHER and pass the result (or its weather frame)"


def measure(df: pd.DataFrame, name: str) -> str | None:
    """Return the column of the weather measure ``name``: the fullest, if several.

    Its unit is in its name (``temperature_c``, ``temperature_f``, …); several when metric and
    imperial rows are stacked.
    """
    from mapsnb.frames._weather import unit_column

    found = [c for c in df.columns if unit_column([c], name) == c]
    if len(found) < 2:
        return found[0] if found else None
    fullest: str = max(found, key=lambda c: int(df[c].notna().sum()))
    return fullest


def wrong_frame(chart: str, df: pd.DataFrame, needs: str) -> str:
    """Return a message for a frame of the wrong kind: what it looks like and which chart fits it."""
    columns = set(df.columns)
    hint = ""
    if {"index_code", "aqi"} <= columns:
        hint = "; this looks like env.air_quality: use plot_air_quality"
    elif {"upi", "kind"} <= columns:
        hint = "; this looks like env.pollen: use plot_pollen"
    elif measure(df, "temperature") or measure(df, "temperature_max"):
        hint = "; this looks like a weather frame: use plot_weather"
    elif {"lat", "lng", "cum_distance_m"} <= columns:
        hint = "; this looks like routes.path_frame(): use plot_routes"
    shown = ", ".join(map(str, list(df.columns)[:6])) or "none"
    return f"{chart} needs {needs}; got a frame with columns {shown}{hint}"
