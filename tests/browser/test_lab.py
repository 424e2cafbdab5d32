"""The Explorer in JupyterLab 4, driven through the page in headless Chromium.

One notebook page (and kernel) is shared by the Places and Routes tests: it is opened and run
once, then the tabs are used through the DOM. The negative control opens a copy of the notebook
with the jupyter-leaflet lab extension disabled (``page_config.json``): the same check must then
report problems.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    FATAL_CONSOLE,
    ROUTE_END_MARKERS,
    WAIT_MS,
    BrowserPage,
    Expected,
    Server,
    check_explorer_rendered,
    compute_route,
    lab_extensions_disabled,
    open_page,
    search_places,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser

KERNEL_IDLE = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => e.innerText.trim().endsWith('| Idle'))"""


def open_and_run(server: Server, bp: BrowserPage, notebook: str = "explorer.ipynb") -> None:
    """Open ``notebook`` with a fresh kernel, wait for the kernel, run all cells, await widgets."""
    for session in server.request("GET", "/api/sessions") or []:
        if session.get("path") == notebook:  # kernels outlive page loads
            server.request("DELETE", f"/api/sessions/{session['id']}")
    page = bp.page
    page.goto(server.url(f"/lab/tree/{notebook}?reset"), wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp !== undefined", polling=250, timeout=WAIT_MS)
    # the toolbar says idle before the kernel's websocket is up: wait for the status bar
    page.wait_for_function(KERNEL_IDLE, polling=250, timeout=WAIT_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_for_widgets(page)


@pytest.fixture(scope="module")
def lab_page(browser: Any, artifacts: Path, lab_server: Server) -> Iterator[BrowserPage]:
    """The explorer notebook, run in JupyterLab."""
    with open_page(browser, artifacts, "lab") as bp:
        open_and_run(lab_server, bp)
        yield bp


def test_lab_places_form_draws_points_and_table(lab_page: BrowserPage, expected: Expected) -> None:
    page = lab_page.page
    before = [f"before submit: {p}" for p in check_explorer_rendered(page)]
    search_places(page, expected)
    shot = lab_page.screenshot("places")
    problems = check_explorer_rendered(
        page,
        console=lab_page.console,
        points=expected.places,
        rows=expected.place_rows,
    )
    assert before + problems == [], f"{before + problems} (screenshot: {shot})"
    assert expected.places > 0
    assert shot.exists()


def test_lab_routes_form_draws_a_polyline(lab_page: BrowserPage, expected: Expected) -> None:
    page = lab_page.page
    compute_route(page, expected)
    shot = lab_page.screenshot("routes")
    problems = check_explorer_rendered(
        page,
        console=lab_page.console,
        points=ROUTE_END_MARKERS,
        lines=expected.routes,
        rows=expected.routes,
    )
    assert problems == [], f"{problems} (screenshot: {shot})"
    assert expected.routes >= 1


def test_lab_without_jupyter_leaflet_fails_the_check(
    browser: Any, artifacts: Path, lab_server: Server
) -> None:
    """Negative control: with the map's front-end extension disabled the check must fail."""
    notebook = "explorer-no-leaflet.ipynb"  # its own session and kernel
    shutil.copyfile(lab_server.cwd / "explorer.ipynb", lab_server.cwd / notebook)
    with (
        open_page(browser, artifacts, "lab-no-leaflet") as bp,
        lab_extensions_disabled(lab_server, ["jupyter-leaflet"]),
    ):
        open_and_run(lab_server, bp, notebook)
        bp.screenshot("rendered")
        problems = check_explorer_rendered(bp.page, console=bp.console)
    assert problems, "the check passed although jupyter-leaflet was disabled"
    assert any(".leaflet-container" in p for p in problems), problems
    assert any("error-widget" in p or FATAL_CONSOLE.search(p) for p in problems), problems
