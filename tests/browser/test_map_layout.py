"""Nothing a map control covers is data: README's ``show(places)`` and ``show(routes, stops)``
rendered in Chromium at 400 px and 1,000 px (issue 30, item 1).

Each map is embedded as a static page (the widget state, as an exported page holds it) and opened
offline; the front-end packages come from the npm packages of ``tests/browser/export_js`` (see
``test_export.py``). In the rendered page, the bounding box of every visible control (zoom
buttons, legend, warnings, info boxes, the attribution line) must not overlap the bounding box
of any drawn marker (places, route ends, detour stops), and every marker must lie inside its map.
Screenshots: ``map-layout-<example>-<width>x<height>.png`` in the artifacts folder.
"""

from __future__ import annotations

import contextlib
import json
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import open_page
from .test_export import CDN, _npm_packages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOW = "2026-09-18T08:00:00-07:00"
ORIGIN = "https://maps.mapsnb.invalid/"
#: (width, height) of the map in px: a narrow and a wide default-height map, and a large one.
SIZES = [(400, 400), (1000, 400), (1000, 1000)]
RENDER_MS = 30_000
REQUIRE = "https://cdnjs.cloudflare.com/ajax/libs/require.js/2.3.4/require.min.js"
EMBED = "https://unpkg.com/@jupyter-widgets/html-manager@1.0.15/dist/embed-amd.js"
PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>map</title>
<script src="{require}"></script><script src="{embed}"></script>
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
<style>body {{ margin: 0; font-family: sans-serif; }} #map {{ width: {width}px; }}</style>
</head><body><div id="map">
<script type="application/vnd.jupyter.widget-view+json">{view}</script>
</div></body></html>"""

#: Every visible control's box and every drawn marker's box (filled paths: circle markers).
MEASURE = """() => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                width: r.width, height: r.height}; };
    const map = document.querySelector('.leaflet-container');
    if (!map) return null;
    const controls = [...map.querySelectorAll('.leaflet-control')]
        .filter(el => { const s = getComputedStyle(el);
            return s.display !== 'none' && s.visibility !== 'hidden'; })
        .map(el => ({name: el.className + ' ' + el.innerText.slice(0, 40), ...box(el)}))
        .filter(b => b.width > 0 && b.height > 0);
    const markers = [...map.querySelectorAll('.leaflet-overlay-pane path')]
        .filter(p => p.getAttribute('fill') !== 'none')
        .map((p, i) => ({name: 'marker ' + i, ...box(p)}));
    return {map: box(map), controls: controls, markers: markers};
}"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def layout_problems(measured: dict[str, Any], markers: int) -> list[str]:
    """What covers data or lies outside the map (an empty list when the layout is right)."""
    problems = []
    if len(measured["markers"]) != markers:
        problems.append(f"expected {markers} markers, found {len(measured['markers'])}")
    frame = measured["map"]
    for marker in measured["markers"]:
        inside = (
            marker["left"] >= frame["left"] - 0.5
            and marker["right"] <= frame["right"] + 0.5
            and marker["top"] >= frame["top"] - 0.5
            and marker["bottom"] <= frame["bottom"] + 0.5
        )
        if not inside:
            problems.append(f"{marker['name']} {marker} lies outside the map {frame}")
        for control in measured["controls"]:
            if _overlap(marker, control):
                problems.append(f"{control['name']!r} {control} covers {marker['name']} {marker}")
    for i, one in enumerate(measured["controls"]):
        for other in measured["controls"][i + 1 :]:
            if _overlap(one, other):
                problems.append(f"control {one['name']!r} overlaps {other['name']!r}")
    return problems


# ------------------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def examples() -> dict[str, tuple[Callable[[str], Any], int]]:
    """README's two maps (a fresh map of the given CSS height per call), the markers each draws."""
    import mapsnb

    client = mapsnb.Client(now=NOW, sandbox=True)
    places = client.search_places("coffee shops near Golden Gate Park", page_size=5)
    routes = client.compute_routes(
        "San Francisco, CA",
        "Lake Tahoe, CA",
        compute_alternative_routes=True,
        include_polyline=True,
    )
    stops = client.search_along_route("gas stations", route=routes)
    located = int(places.to_frame()[["lat", "lng"]].notna().all(axis=1).sum())
    along = int(stops.to_frame()[["lat", "lng"]].notna().all(axis=1).sum())
    from ipywidgets import Layout

    return {
        "places": (lambda h: mapsnb.show(places, layout=Layout(height=h)), located),
        "routes": (lambda h: mapsnb.show(routes, stops, layout=Layout(height=h)), 2 + along),
    }


def page_html(m: Any, width: int) -> str:
    """A static page displaying map ``m`` in a ``width`` px wide box."""
    from ipywidgets.embed import embed_data

    data = embed_data(views=[m])
    state = json.dumps(data["manager_state"]).replace("</", "<\\/")
    view = json.dumps(data["view_specs"][0]).replace("</", "<\\/")
    return PAGE.format(require=REQUIRE, embed=EMBED, state=state, view=view, width=width)


@pytest.fixture
def offline(browser: Any, artifacts: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page whose requests are answered from ``pages`` (by name) and the npm packages."""
    modules = _npm_packages()
    pages: dict[str, str] = {}
    with open_page(browser, artifacts, request.node.name) as bp:

        def handle(route: Any) -> None:
            url = route.request.url
            if url.startswith(ORIGIN) and url[len(ORIGIN) :] in pages:
                route.fulfill(body=pages[url[len(ORIGIN) :]], content_type="text/html")
                return
            for pattern, target in CDN:
                match = pattern.match(url)
                if match and (modules / target(match)).is_file():
                    kind = "text/css" if url.endswith(".css") else "application/javascript"
                    route.fulfill(path=str(modules / target(match)), content_type=kind)
                    return
            if url.startswith(ORIGIN):  # the widget manager asks the page's folder first
                route.fulfill(status=404, body="not found", content_type="text/plain")
                return
            route.abort("internetdisconnected")

        bp.page.context.set_offline(True)
        bp.page.context.route("**/*", handle)
        bp.pages = pages
        yield bp


def render(bp: Any, name: str, html: str, markers: int) -> dict[str, Any]:
    """Open ``html`` and wait until its markers are drawn; the measured boxes."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    bp.pages[name] = html
    bp.page.goto(ORIGIN + name, wait_until="load")
    with contextlib.suppress(PlaywrightTimeout):  # the check says what is missing
        bp.page.wait_for_function(
            """(n) => document.querySelectorAll(
                '.leaflet-overlay-pane path:not([fill="none"])').length >= n
                && document.querySelector('.leaflet-control-attribution')""",
            arg=markers,
            polling=250,
            timeout=RENDER_MS,
        )
    bp.page.wait_for_timeout(300)  # Leaflet's zoom animation, if any
    measured = bp.page.evaluate(MEASURE)
    assert measured is not None, "no map rendered"
    return measured


# --------------------------------------------------------------------------------- tests
@pytest.mark.parametrize("example", ["places", "routes"])
@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_control_covers_data(
    offline: Any,
    examples: dict[str, tuple[Callable[[str], Any], int]],
    artifacts: Path,
    example: str,
    width: int,
    height: int,
) -> None:
    make, markers = examples[example]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = make(f"{height}px")
    measured = render(offline, f"{example}-{width}.html", page_html(m, width), markers)
    offline.page.screenshot(path=str(artifacts / f"map-layout-{example}-{width}x{height}.png"))
    assert abs(measured["map"]["height"] - height) < 1 and abs(measured["map"]["width"] - width) < 8
    problems = layout_problems(measured, markers)
    assert problems == [], "\n".join(problems)
    attribution = [c for c in measured["controls"] if "attribution" in c["name"]]
    assert attribution and attribution[0]["height"] <= 20, attribution  # one line
    assert "synthetic" in attribution[0]["name"]  # the sandbox says so, visibly
    # the line expands to every source on click, upwards, staying inside the map
    offline.page.locator(".leaflet-control-attribution summary").first.click()
    opened = offline.page.locator(".leaflet-control-attribution").first
    assert "synthetic data from the mapsnb sandbox" in opened.inner_text()
    box = opened.bounding_box()
    assert box is not None and box["height"] > 20
    assert box["y"] >= measured["map"]["top"] - 1


def test_negative_control_the_check_sees_a_covering_box() -> None:
    measured = {
        "map": {"left": 0, "top": 0, "right": 400, "bottom": 400, "width": 400, "height": 400},
        "controls": [
            {"name": "box", "left": 200, "top": 300, "right": 400, "bottom": 400},
        ],
        "markers": [
            {"name": "marker 0", "left": 250, "top": 350, "right": 264, "bottom": 364},
            {"name": "marker 1", "left": 50, "top": 50, "right": 64, "bottom": 64},
        ],
    }
    problems = layout_problems(measured, 2)
    assert len(problems) == 1 and "covers marker 0" in problems[0]
