"""The Explorer as a Voila app, driven through the page in headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    ROUTE_END_MARKERS,
    BrowserPage,
    Expected,
    Server,
    check_explorer_rendered,
    compute_route,
    open_page,
    search_places,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def voila_page(browser: Any, artifacts: Path, voila_server: Server) -> Iterator[BrowserPage]:
    """The explorer notebook rendered by Voila (its kernel starts with the page)."""
    with open_page(browser, artifacts, "voila") as bp:
        bp.page.goto(voila_server.url("/"), wait_until="domcontentloaded")
        wait_for_widgets(bp.page)
        yield bp


def test_voila_places_form_draws_points_and_table(
    voila_page: BrowserPage, expected: Expected
) -> None:
    page = voila_page.page
    before = [f"before submit: {p}" for p in check_explorer_rendered(page)]
    search_places(page, expected)
    shot = voila_page.screenshot("places")
    problems = check_explorer_rendered(
        page, console=voila_page.console, points=expected.places, rows=expected.place_rows
    )
    assert before + problems == [], f"{before + problems} (screenshot: {shot})"
    assert shot.exists()


def test_voila_routes_form_draws_a_polyline(voila_page: BrowserPage, expected: Expected) -> None:
    page = voila_page.page
    compute_route(page, expected)
    shot = voila_page.screenshot("routes")
    problems = check_explorer_rendered(
        page,
        console=voila_page.console,
        points=ROUTE_END_MARKERS,
        lines=expected.routes,
        rows=expected.routes,
    )
    assert problems == [], f"{problems} (screenshot: {shot})"
