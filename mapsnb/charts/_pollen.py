"""The pollen chart: daily Universal Pollen Index (0–5) per pollen type or plant, as bars.

matplotlib is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mapsnb.charts._chart import Chart, as_chart
from mapsnb.charts._parts import (
    attribute,
    explain_empty,
    finish,
    legend_outside,
    literal,
    new_axes,
    pick,
    place_groups,
    place_of,
    refuse_places,
    usable,
    wrong_frame,
)
from mapsnb.charts._scales import UPI_COLORS, UPI_LABELS, color_or
from mapsnb.charts._scripts import chart_language, shown
from mapsnb.charts._time_axes import date_span, set_title
from mapsnb.charts._words import base, language_of, pollen_category, pollen_name, word
from mapsnb.errors import NothingToDraw

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes


def plot_pollen(
    result_or_frame: Any, kind: str = "type", *, ax: Axes | Chart | None = None
) -> Chart:
    """Daily Universal Pollen Index (0–5) per pollen type or plant, as bars (grouped by day).

    Bars take the UPI category colour (legend on the right); out-of-season entries are grey and
    hatched; entries without an index (NA) get no bar and a note ("out of season" when the data
    says so, else "no data"). Several days (a
    ``pd.concat`` or ``mapsnb.concat`` of daily calls) give one bar per day, the day written
    under it; the title names the place and the date range.

    Parameters
    ----------
    result_or_frame
        An ``EnvironmentResult`` or ``env.pollen`` (or several days of it stacked).
    kind
        ``"type"`` (grass, tree, weed) or ``"plant"``.
    ax
        Axes to draw on (a new figure otherwise).

    Returns a :class:`~mapsnb.charts.Chart` (its one panel's Axes). Labels, dates and category
    names are in the language the data was asked in (``language_code``).
    """
    df = pick(result_or_frame, "pollen")
    places = place_groups(df)
    if places is not None:
        raise ValueError(refuse_places("plot_pollen", places))
    if kind not in ("type", "plant"):
        raise ValueError(f"kind must be 'type' or 'plant', got {kind!r}")
    if len(df) and not {"upi", "date"} <= set(df.columns):
        raise ValueError(wrong_frame("plot_pollen", df, "env.pollen"))
    if len(df):
        df = usable(df, "plot_pollen", times=["date"], numbers=["upi"], texts=POLLEN_TEXTS)
    sub = df[df["kind"] == kind] if "kind" in df.columns else df
    if sub.empty:
        raise NothingToDraw(explain_empty("pollen", df, f" ({kind})" if len(df) else ""))
    language, note = chart_language(language_of(result_or_frame, df.attrs))
    sub = sub.assign(_label=_labels(sub, language, in_english=bool(note)))
    names = list(dict.fromkeys(sub["_label"]))
    dates = sorted(sub["date"].unique())
    bars = len(names) * max(len(dates), 1)
    level = 1.1 * len(names) + 3.0 if len(dates) > 1 else 0.0  # room for level group labels
    ax = new_axes(ax, (min(20.0, max(8.0, 0.28 * bars + 3.0, level)), 4.0))
    width = 0.8 / max(len(dates), 1)
    dated = len(dates) > 1
    ticks: list[tuple[float, Any]] = []
    for d_i, day in enumerate(dates):
        for _, row in sub[sub["date"] == day].iterrows():
            x = names.index(row["_label"]) - 0.4 + width * (d_i + 0.5)
            ticks.append((x, day))
            _pollen_bar(ax, row, x, width, note=not dated, language=language)
    labels = [literal(_group_label(sub, name, language) if dated else name) for name in names]
    tilt = kind == "plant" and not dated  # several days: a group is wide enough to stay level
    ax.set_xticks(range(len(names)), labels, rotation=30 if tilt else 0,
                  ha="right" if tilt else "center", fontsize=8 if dated else 9)  # fmt: skip
    if dated:
        import pandas as pd

        ax.xaxis.remove_overlapping_locs = False  # a day tick may sit on its group's tick
        ticks.sort(key=lambda item: item[0])
        days = [pd.Timestamp(day) for _, day in ticks]
        ax.set_xticks([x for x, _ in ticks], [_day_tick(d, language) for d in days], minor=True,
                      fontsize=7)  # fmt: skip
        ax.tick_params(axis="x", which="major", pad=26, length=0)
        ax.tick_params(axis="x", which="minor", length=2)
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.set_ylim(0, 5.6)
    ax.set_yticks(range(6))
    ax.set_ylabel(
        f"{word('Universal Pollen Index (0–5)', language)}\n{word('lower is better', language)}"
    )
    what = word(f"Pollen by {kind}", language)
    set_title(ax, what, place_of(result_or_frame, df), date_span(dates, language))
    _pollen_legend(ax, sub, language)
    attribute(ax, df, language)
    chart = as_chart(ax)
    finish(chart.figure, note)
    return chart


def _day_tick(day: Any, language: str | None) -> str:
    r"""Return ``"Fri\n18"``: the weekday over the day of the month, in ``language``."""
    from mapsnb.charts._words import babel_date

    return babel_date(day, "EEE\nd", language) or f"{day:%a}\n{day.day}"


#: The text columns the pollen chart reads (an odd value there is left out, with a warning).
POLLEN_TEXTS = ("name", "code", "kind", "color", "place", "request")


def _labels(
    sub: pd.DataFrame, language: str | None = None, *, in_english: bool = False
) -> list[str]:
    """Return each row's bar label: its name in ``language`` if the chart can draw it.

    The name is the answer's, or ours where the answer kept the English name; else the code's
    English name; else its code, else ``"?"``. ``in_english``: the chart fell back to English (no
    font for the language), so a code's English name is used even where the answer's name could
    be drawn.
    """
    names = sub["name"] if "name" in sub else [None] * len(sub)
    codes = sub["code"] if "code" in sub else [None] * len(sub)
    found = []
    for n, c in zip(names, codes, strict=True):
        code = c if isinstance(c, str) and c else ""
        name = n if isinstance(n, str) and n else ""
        if code and base(language) != "en" and (not name or name == _english(code)):
            name = pollen_name(code, language) or name
        if in_english and code:
            found.append(_english(code))
        elif name:
            found.append(shown(name, _english(code) if code else "?"))
        else:
            found.append(code or "?")
    return found


def _english(code: str) -> str:
    """Return a pollen code's English name (``TREE`` → ``Tree``), else the code written as a word.

    ``JAPANESE_CEDAR`` → ``Japanese cedar``.
    """
    return pollen_name(code, "en") or code.replace("_", " ").capitalize()


def _group_label(sub: pd.DataFrame, name: str, language: str | None = None) -> str:
    """``name``, plus "no data" / "out of season" when that holds on every day."""
    rows = sub[sub["_label"] == name]
    season = rows["in_season"].map(_flag) if "in_season" in rows else rows["upi"].isna()
    if season.eq(False).all():  # said to be out of season (with or without an index)
        return f"{name}\n({word('out of season', language)})"
    if rows["upi"].isna().all():
        return f"{name}\n({word('no data', language)})"
    return name


def _pollen_legend(ax: Axes, sub: pd.DataFrame, language: str | None) -> None:
    """Return the UPI categories (in the answer's own words when it is not in English)."""
    from matplotlib.patches import Patch

    own: dict[int, str] = {}
    if base(language) != "en" and "category" in sub:
        for upi, category in zip(sub["upi"], sub["category"], strict=True):
            if isinstance(category, str) and category and _finite_int(upi) is not None:
                own.setdefault(int(upi), category)
    handles = [Patch(facecolor=c, edgecolor="#555555", lw=0.5) for c in UPI_COLORS]
    labels = [
        f"{k} {own.get(k) or pollen_category(k, label, language)}"
        for k, label in enumerate(UPI_LABELS)
    ]
    handles.append(Patch(facecolor="#dddddd", edgecolor="#999999", hatch="//", lw=0.5))
    labels.append(word("out of season", language))
    legend_outside(ax, handles, labels, word("Bar colour = category", language))


def _finite_int(value: Any) -> int | None:
    import pandas as pd

    try:
        return None if pd.isna(value) else int(value)
    except (TypeError, ValueError):
        return None


def _flag(value: Any) -> bool | None:
    """Return a yes/no field: ``True``/``False``, or ``None`` when missing or not a flag."""
    import numpy as np

    return bool(value) if isinstance(value, (bool, np.bool_)) else None


def _pollen_bar(
    ax: Axes, row: Any, x: float, width: float, *, note: bool, language: str | None = None
) -> None:
    import pandas as pd

    upi = row["upi"]
    if pd.isna(upi):
        if not note:  # several days: the group label says it
            return
        out = _flag(row.get("in_season")) is False  # no index because out of season
        ax.text(x, 0.1, word("out of season" if out else "no data", language), rotation=90, ha="center",
                va="bottom", fontsize=7, color="#777777",
                gid="out-of-season" if out else "no-data")  # fmt: skip
        return
    value = int(upi)
    in_season = bool(_flag(row.get("in_season")))  # missing = not in season (spec)
    color = color_or(row.get("color"), UPI_COLORS[min(max(value, 0), 5)])
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
    if value == 0:  # a zero bar is invisible: a stub shows the day was forecast
        ax.bar(x, 0.08, width * 0.9, color=bar.get_facecolor(), edgecolor=bar.get_edgecolor(),
               hatch=bar.get_hatch(), lw=0.5, gid="zero-stub")  # fmt: skip
    if not in_season and note:
        ax.text(x, value + 0.1, word("out of season", language), rotation=90, ha="center", va="bottom",
                fontsize=7, color="#777777", gid="out-of-season")  # fmt: skip
