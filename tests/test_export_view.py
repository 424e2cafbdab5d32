"""The view an exported page opens on (issue 30, item 1, at 1,000 px): fitted for the size the
map's layout gives it.

An exported notebook ran in a kernel with no front end, so the map's pixel size was never
measured: its embedded state holds the view mapsnb fitted from the layout. A map given
``1000px × 400px`` (in ``show``'s layout, set afterwards as a lesson does, or as a new Layout) is
fitted as a wide map, not as the square a map of unknown width is taken for; a map made smaller
after ``show`` is fitted again, so no data lies under a control or off the map. Asserted on the
center and zoom in the state an exported page embeds (``ipywidgets.embed``), and once through
``export_notebooks``.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import ipyleaflet
import pytest
from ipywidgets import Layout

import mapsnb
from mapsnb import layers
from mapsnb.layers._layout import corner_stacks, fit_view, map_size, world_px

NOW = "2026-09-18T08:00:00-07:00"
WIDE, SQUARE = (1000.0, 400.0), (400.0, 400.0)
MARKER_RADIUS = 9.0


@pytest.fixture(scope="module")
def drawn() -> tuple[Any, ...]:
    """README's routes with their stops, and the points their markers are drawn at."""
    client = mapsnb.Client(now=NOW, sandbox=True)
    routes = client.compute_routes(
        "San Francisco, CA", "Lake Tahoe, CA", compute_alternative_routes=True,
        include_polyline=True,
    )  # fmt: skip
    stops = client.search_along_route("gas stations", route=routes)
    path = routes.path_frame()
    main = path[path["route_index"] == 0]
    ends = [(main["lat"].iloc[i], main["lng"].iloc[i]) for i in (0, -1)]
    df = stops.to_frame().dropna(subset=["lat", "lng"])
    return routes, stops, ends + list(zip(df["lat"], df["lng"], strict=True))


def _show(drawn: tuple[Any, ...], **layout: str) -> ipyleaflet.Map:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return mapsnb.show(drawn[0], drawn[1], layout=Layout(**layout))


def embedded_view(m: ipyleaflet.Map) -> tuple[tuple[float, float], int]:
    """The center and zoom an exported page opens ``m`` at (its embedded widget state)."""
    from ipywidgets.embed import embed_data

    state = embed_data(views=[m])["manager_state"]["state"][m.model_id]["state"]
    return (float(state["center"][0]), float(state["center"][1])), int(state["zoom"])


def expected(m: ipyleaflet.Map, size: tuple[float, float]) -> tuple[tuple[float, float], int]:
    view = fit_view(layers.drawn(m).bounds, size[0], size[1], m.controls)
    return view.center, view.zoom


def hidden(m: ipyleaflet.Map, points: list, size: tuple[float, float]) -> list[str]:
    """The points drawn under a corner's controls or off a map of ``size`` at ``m``'s view."""
    (lat0, lng0), zoom = embedded_view(m)
    cx, cy = world_px(lat0, lng0, zoom)
    boxes = []
    for corner, (w, h) in corner_stacks(m.controls, size[0]).items():
        if w and h:
            left = 0.0 if corner.endswith("left") else size[0] - w
            top = 0.0 if corner.startswith("top") else size[1] - h
            boxes.append((left, top, left + w, top + h))
    found = []
    r = MARKER_RADIUS
    for lat, lng in points:
        x, y = world_px(lat, lng, zoom)
        x, y = x - cx + size[0] / 2, y - cy + size[1] / 2
        if not (r <= x <= size[0] - r and r <= y <= size[1] - r):
            found.append(f"{lat:.4f},{lng:.4f} off the map at {x:.0f},{y:.0f}")
        for left, top, right, bottom in boxes:
            if left - r < x < right + r and top - r < y < bottom + r:
                found.append(f"{lat:.4f},{lng:.4f} at {x:.0f},{y:.0f} under {left, top, right}")
    return found


def _close(a: tuple[tuple[float, float], int], b: tuple[tuple[float, float], int]) -> bool:
    return a[1] == b[1] and all(abs(x - y) < 1e-9 for x, y in zip(a[0], b[0], strict=True))


# ------------------------------------------------------------------ wide against square
def test_a_wide_layout_is_fitted_wide_and_an_open_width_square(drawn: tuple) -> None:
    square = _show(drawn, height="400px")
    wide = _show(drawn, height="400px", width="1000px")
    assert map_size(square)[:2] == SQUARE and map_size(wide)[:2] == WIDE
    assert _close(embedded_view(square), expected(square, SQUARE))
    assert _close(embedded_view(wide), expected(wide, WIDE))
    assert embedded_view(wide)[1] > embedded_view(square)[1]  # closer: the width is used
    assert hidden(wide, drawn[2], WIDE) == []
    for size in (SQUARE, WIDE):  # the square view holds at any wider size too
        assert hidden(square, drawn[2], size) == []


@pytest.mark.parametrize(
    "layout",
    [
        {"height": "400px", "width": "100%", "min_width": "1000px"},
        {"height": "400px", "width": "10.41666667in"},  # 1,000 px in CSS inches
        {"height": "4.16666667in", "width": "1000px"},
        {"min_height": "400px", "max_height": "400px", "width": "1000px", "max_width": "1200px"},
    ],
)
def test_every_absolute_size_the_layout_gives_is_read(drawn: tuple, layout: dict) -> None:
    m = _show(drawn, **layout)
    width, height, measured = map_size(m)
    assert not measured and abs(width - WIDE[0]) < 1e-3 and abs(height - WIDE[1]) < 1e-3
    assert _close(embedded_view(m), expected(m, WIDE))
    assert hidden(m, drawn[2], WIDE) == []


@pytest.mark.parametrize("width", ["100%", "auto", "30em", "1000", "calc(100% - 2px)"])
def test_a_width_the_layout_leaves_open_is_taken_as_square(drawn: tuple, width: str) -> None:
    m = _show(drawn, height="400px", width=width)
    assert map_size(m)[:2] == SQUARE
    for size in (SQUARE, WIDE):
        assert hidden(m, drawn[2], size) == []


# ------------------------------------------------------------ a layout given after show()
def test_a_width_set_after_show_is_the_exported_view(drawn: tuple) -> None:
    """``m = mapsnb.show(...); m.layout.width = "1000px"; m``: a lesson's cell."""
    m = _show(drawn, height="400px")
    square = embedded_view(m)
    m.layout.width = "1000px"
    assert _close(embedded_view(m), expected(m, WIDE)) and embedded_view(m)[1] > square[1]
    assert hidden(m, drawn[2], WIDE) == []
    m.layout = Layout(height="400px", width="400px")  # a new Layout: followed too
    assert _close(embedded_view(m), square)
    m.layout.width = "1000px"
    assert _close(embedded_view(m), expected(m, WIDE))


@pytest.mark.parametrize(("width", "height"), [("1000px", "250px"), ("300px", "400px")])
def test_a_map_made_smaller_after_show_keeps_its_data_clear(
    drawn: tuple, width: str, height: str
) -> None:
    m = _show(drawn, height="400px", width="1000px")
    m.layout.width, m.layout.height = width, height
    size = map_size(m)[:2]
    assert size == (float(width[:-2]), float(height[:-2]))
    assert hidden(m, drawn[2], size) == []


def test_a_moved_view_or_a_cleared_map_is_not_fitted_again(drawn: tuple) -> None:
    m = _show(drawn, height="400px")
    m.zoom = 3  # the author moved the map before exporting: kept
    m.layout.width = "1000px"
    assert m.zoom == 3
    other = _show(drawn, height="400px")
    mapsnb.layers.clear(other)
    before = embedded_view(other)
    other.layout.width = "1000px"
    assert embedded_view(other) == before
    assert not other.layout._trait_notifiers.get("width", {}).get("change")  # nothing follows


# --------------------------------------------------------------- through export_notebooks
LESSON = """import mapsnb
client = mapsnb.Client(now={now!r}, sandbox=True)
routes = client.compute_routes("San Francisco, CA", "Lake Tahoe, CA",
                               compute_alternative_routes=True, include_polyline=True)
stops = client.search_along_route("gas stations", route=routes)
m = mapsnb.show(routes, stops, layout={{"height": "400px"}})
m.layout.width = "1000px"
m"""


@pytest.mark.slow
def test_an_exported_page_opens_the_wide_view(tmp_path: Path, drawn: tuple) -> None:
    pytest.importorskip("nbclient")
    import nbformat

    from mapsnb._export import export_notebooks

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Routes"), nbformat.v4.new_code_cell(
        LESSON.format(now=NOW))]  # fmt: skip
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, tmp_path / "lesson.ipynb")
    (page,) = export_notebooks(tmp_path / "site", [tmp_path / "lesson.ipynb"])
    text = page.path.read_text(encoding="utf-8")
    state = re.search(
        r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', text, re.S
    )
    assert state, "no widget state in the page"
    maps = [
        m["state"] for m in json.loads(state.group(1))["state"].values()
        if m["model_name"] == "LeafletMapModel"
    ]  # fmt: skip
    assert len(maps) == 1 and maps[0]["layout"]
    here = _show(drawn, height="400px", width="1000px")
    center, zoom = expected(here, WIDE)
    assert maps[0]["zoom"] == zoom
    assert all(abs(a - b) < 1e-9 for a, b in zip(maps[0]["center"], center, strict=True))
