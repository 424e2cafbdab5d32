"""The route chart: each route's shape in km east/north of the start, at equal aspect."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mapsnb.charts._chart import Chart, as_chart
from mapsnb.charts._parts import (
    attribute,
    finish,
    legend_outside,
    literal,
    new_axes,
    usable,
    wrong_frame,
)
from mapsnb.charts._scripts import chart_language
from mapsnb.charts._words import language_of, word
from mapsnb.errors import NothingToDraw

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["plot_routes"]

_KM_PER_DEGREE = 6371.0088 * math.pi / 180  # mean Earth radius, as mapsnb.polyline.haversine
_COLORS = ("#1a73e8", "#d93025", "#188038", "#f29900", "#9334e6")


#: The numbers and texts the route chart reads (an odd value there is left out, with a warning).
PATH_NUMBERS = ("route_index", "seq", "lat", "lng", "cum_distance_m")
ROUTE_NUMBERS = ("route_index", "distance_m", "duration_s")
ROUTE_TEXTS = ("origin", "destination", "travel_mode", "origin_name", "destination_name")


def _frames(obj: Any) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """Return the path frame and, for a ``RoutesResult``, its routes frame (distances, endpoints)."""
    import pandas as pd

    if isinstance(obj, pd.DataFrame):
        return obj, None
    if not hasattr(obj, "path_frame"):
        raise TypeError(f"expected a RoutesResult or routes.path_frame(), got {type(obj).__name__}")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the empty case is explained below
        path = obj.path_frame()
    return path, obj.to_frame()


def _why_no_path(obj: Any, routes: pd.DataFrame | None) -> str:
    request = getattr(obj, "request", None)
    if routes is not None and routes.empty:
        return "no route to plot: the call found no route between these places (see .warnings)"
    if isinstance(request, Mapping) and not request.get("include_polyline"):
        return (
            "no route shape to plot: routes come without their polyline unless asked; call "
            "compute_routes(..., include_polyline=True)"
        )
    return "no route shape to plot: the routes carry no polyline"


def plot_routes(
    result_or_frame: Any,
    *,
    names: Any = None,
    ax: Axes | Chart | None = None,
    language: str | None = None,
) -> Chart:
    """Each route's shape in kilometres east and north of the start, at equal aspect.

    One line per route (the recommended one first and thickest), labelled with its length, to a
    precision that tells the routes apart (1.18 km vs 1.29 km), and, for a ``RoutesResult``, its
    duration; the start and the end are marked. Without a basemap the axes are a local flat
    projection, so distances read true in km.

    Parameters
    ----------
    result_or_frame
        A ``RoutesResult`` asked with ``include_polyline=True``, or its ``path_frame()``.
    names
        Names for endpoints given by place id (a route's request keeps only the id): a
        ``PlacesResult``, a places frame (``place_id`` and ``name`` columns), a mapping of place
        id (or of an endpoint as labelled, such as ``"41.1456,-8.6106"``) to name, or a list of
        these. Without it, the names the client knows (``origin_name``, ``destination_name``);
        an id never shows (``"a place"``).
    ax
        Axes to draw on (a new figure otherwise).
    language
        The language of the chart's words (``"es"``, ``"ja"``, …); default the language the
        routes were asked in (``language_code``), else English. A script no installed font
        draws charts in English, with a note saying why.

    Returns a :class:`~mapsnb.charts.Chart` (its one panel's Axes).
    """
    path, routes = _frames(result_or_frame)
    if not {"route_index", "lat", "lng"} <= set(path.columns):
        raise ValueError(wrong_frame("plot_routes", path, "routes.path_frame()"))
    if len(path):
        path = usable(path, "plot_routes", numbers=PATH_NUMBERS)
        path = path.dropna(subset=["route_index", "lat", "lng"])
    if routes is not None and len(routes):
        routes = usable(routes, "plot_routes", numbers=ROUTE_NUMBERS, texts=ROUTE_TEXTS)
    if path.empty:
        raise NothingToDraw(_why_no_path(result_or_frame, routes))
    first = path.sort_values(["route_index", "seq"] if "seq" in path else ["route_index"]).iloc[0]
    lat0, lng0 = float(first["lat"]), float(first["lng"])
    east = (path["lng"].astype(float) - lng0) * _KM_PER_DEGREE * math.cos(math.radians(lat0))
    north = (path["lat"].astype(float) - lat0) * _KM_PER_DEGREE
    language, note = chart_language(language or language_of(result_or_frame, path.attrs))
    ax = new_axes(ax)
    handles, labels = [], []
    groups = list(path.groupby("route_index", sort=True))
    lengths = _length_labels([_length_m(int(i), part, routes) for i, part in groups])
    for k, (index, part) in enumerate(groups):
        rows = part.index
        (line,) = ax.plot(east[rows], north[rows], color=_COLORS[k % len(_COLORS)],
                          lw=3 if k == 0 else 1.8, alpha=1 if k == 0 else 0.8,
                          zorder=3 - min(k, 2), gid=f"route:{index}")  # fmt: skip
        handles.append(line)
        labels.append(_route_label(int(index), lengths[k], routes, language))
    start = ax.plot(0, 0, "o", color="#188038", ms=9, mec="white", zorder=5, gid="start")[0]
    last = path[path["route_index"] == first["route_index"]].iloc[-1]
    end_x = (float(last["lng"]) - lng0) * _KM_PER_DEGREE * math.cos(math.radians(lat0))
    end_y = (float(last["lat"]) - lat0) * _KM_PER_DEGREE
    end = ax.plot(end_x, end_y, "s", color="#d93025", ms=9, mec="white", zorder=5, gid="end")[0]
    known = _names(names)
    ends, named = _endpoints(routes), _end_names(routes)
    origin, destination = (_display(ends[k], known, named[k], language) for k in (0, 1))
    mode = ends[2]
    handles += [start, end]
    begin, finish_word = word("start", language), word("end", language)
    labels += [
        f"{begin}: {origin}" if origin else begin,
        f"{finish_word}: {destination}" if destination else finish_word,
    ]
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel(word("km east of the start", language))
    ax.set_ylabel(word("km north of the start", language))
    ax.grid(True, color="#e0e0e0", lw=0.6)
    title = word("Routes", language)
    if origin and destination:
        title += f": {origin} → {destination}"
    if mode:
        title += f" ({word(_MODES.get(mode.upper(), mode.lower()), language)})"
    ax.set_title(literal(title), fontsize=11, pad=8)
    legend_outside(ax, handles, labels, word("Route · length", language))
    attribute(ax, path, language)
    chart = as_chart(ax)
    finish(chart.figure, note)
    return chart


#: A travel mode as the chart's title names it (then in the chart's language).
_MODES = {
    "DRIVE": "drive",
    "WALK": "walk",
    "BICYCLE": "bicycle",
    "TWO_WHEELER": "two-wheeler",
    "TRANSIT": "transit",
}


def _length_m(index: int, part: pd.DataFrame, routes: pd.DataFrame | None) -> float:
    """Return a route's length in metres: the routes frame's ``distance_m``, else its path's end."""
    metres = float(part["cum_distance_m"].max()) if "cum_distance_m" in part else math.nan
    if routes is not None and "route_index" in routes and "distance_m" in routes:
        row = routes[routes["route_index"] == index]
        if len(row) and row["distance_m"].notna().iloc[0]:
            metres = float(row["distance_m"].iloc[0])
    return metres


def _length_labels(metres: list[float]) -> list[str]:
    """Write a length as ``"850 m"``, ``"1.18 km"``, ``"12.3 km"`` or ``"168 km"``.

    With more digits where two different lengths would otherwise read the same.
    """

    def fmt(m: float, extra: int) -> str:
        if math.isnan(m):
            return ""
        if m < 1000:
            return f"{m:,.0f} m"
        base = 2 if m < 10_000 else 1 if m < 100_000 else 0
        digits = min(base + extra, 3)
        return f"{m / 1000:,.{digits}f} km"

    for extra in range(4):
        labels = [fmt(m, extra) for m in metres]
        pairs = {(label, round(m)) for label, m in zip(labels, metres, strict=True) if label}
        if len({label for label, _ in pairs}) == len(pairs):
            return labels
    return labels


def _route_label(
    index: int, length: str, routes: pd.DataFrame | None, language: str | None = None
) -> str:
    recommended = f" ({word('recommended', language)})" if index == 0 else ""
    text = f"{word('route', language)} {index}{recommended}"
    if routes is not None and "route_index" in routes and "duration_s" in routes:
        row = routes[routes["route_index"] == index]
        if len(row) and row["duration_s"].notna().iloc[0]:
            minutes = round(float(row["duration_s"].iloc[0]) / 60)
            hours, minutes = divmod(minutes, 60)
            duration = f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
            return f"{text}: {length}, {duration}" if length else f"{text}: {duration}"
    return f"{text}: {length}" if length else text


def _names(names: Any) -> dict[str, str]:
    """Place id -> name from ``names`` (see :func:`plot_routes`)."""
    import pandas as pd

    if names is None:
        return {}
    if isinstance(names, Mapping):
        return {str(k).removeprefix("places/"): str(v) for k, v in names.items() if str(v)}
    if isinstance(names, (list, tuple)):
        out: dict[str, str] = {}
        for item in names:
            out.update(_names(item))
        return out
    frame = names if isinstance(names, pd.DataFrame) else names.to_frame()
    if not {"place_id", "name"} <= set(frame.columns):
        raise ValueError("names= needs a frame with place_id and name columns, or a mapping")
    return {
        str(pid): str(name)
        for pid, name in zip(frame["place_id"], frame["name"], strict=True)
        if isinstance(pid, str) and isinstance(name, str) and name
    }


def _display(
    label: str | None,
    known: Mapping[str, str],
    name: str | None = None,
    language: str | None = None,
) -> str | None:
    """Return an endpoint as it reads; a place id never shows.

    A name from ``names=``, else ``name`` (the routes frame's ``origin_name``: what the client
    knows), else the label.
    """
    if not label:
        return label
    pid = label.removeprefix("place_id:")
    found = known.get(label) or known.get(pid) or name
    if found:
        return found
    return word("a place", language) if label.startswith("place_id:") else label


def _end_names(routes: pd.DataFrame | None) -> tuple[str | None, str | None]:
    """Return the routes frame's ``origin_name`` and ``destination_name`` (``None`` where absent)."""
    if routes is None or routes.empty:
        return None, None
    row = routes.iloc[0]
    values = [row.get(c) for c in ("origin_name", "destination_name")]
    return tuple(str(v) if isinstance(v, str) and v else None for v in values)  # type: ignore[return-value]


def _endpoints(routes: pd.DataFrame | None) -> tuple[str | None, str | None, str | None]:
    if routes is None or routes.empty:
        return None, None, None
    row = routes.iloc[0]
    values = [row.get(c) for c in ("origin", "destination", "travel_mode")]
    return tuple(str(v) if isinstance(v, str) and v else None for v in values)  # type: ignore[return-value]
