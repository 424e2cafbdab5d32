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
    fill_text,
    open_page,
    search_places,
    select_tab,
    submit_and_wait,
    wait_for_widgets,
    wait_quietly,
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


# --------------------------------------------------------------- the app at 1,000 px (issue 30)
NAIROBI = "Nairobi"
#: Text in the forms that is cut: block elements wider inside than out, text clipped by an
#: ancestor that hides overflow, input values and placeholders wider than their box.
CUT_LABELS = """() => {
    const panel = document.querySelector(
        '.mapsnb-explorer .widget-tab > .widget-tab-contents > .lm-Widget:not(.lm-mod-hidden)');
    const tabs = [...document.querySelectorAll('.mapsnb-explorer .lm-TabBar-tabLabel')];
    const cut = [];
    const textOf = e => [...e.childNodes].filter(n => n.nodeType === 3)
        .map(n => n.textContent).join('').trim();
    for (const e of [...panel.querySelectorAll('*'), ...tabs]) {
        const text = textOf(e);
        if (!text || e.closest('.mapsnb-table, .mapsnb-output')) continue;
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;  // not displayed
        const s = getComputedStyle(e);
        if (s.display !== 'inline' && e.scrollWidth > e.clientWidth + 1) {
            cut.push(`${text} (${e.scrollWidth} > ${e.clientWidth} px)`);
            continue;
        }
        const range = document.createRange();
        range.selectNodeContents(e);
        const t = range.getBoundingClientRect();
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX === 'visible') continue;
            const b = a.getBoundingClientRect();
            if (t.right > b.right + 1 || t.left < b.left - 1) {
                cut.push(`${text} (clipped by ${a.className})`);
                break;
            }
        }
    }
    const ctx = document.createElement('canvas').getContext('2d');
    for (const i of panel.querySelectorAll('input[type=text], input[type=number], select')) {
        const s = getComputedStyle(i);
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        // a number input keeps room for its spin buttons, a select for its arrow
        const chrome = i.type === 'number' || i.tagName === 'SELECT' ? 16 : 0;
        const room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - chrome;
        const shown = i.tagName === 'SELECT'
            ? [i.options[i.selectedIndex]?.text || ''] : [i.value, i.placeholder];
        for (const t of shown)
            if (t && ctx.measureText(t).width > room + 1)
                cut.push(`input ${JSON.stringify(t)} (${Math.round(ctx.measureText(t).width)} > ${Math.round(room)} px)`);
    }
    return cut;
}"""
MAP_STATE = """() => {
    const map = document.querySelector('.mapsnb-explorer .leaflet-container');
    return {
        paths: map.querySelectorAll('.leaflet-overlay-pane path').length,
        icons: map.querySelectorAll('.leaflet-marker-icon').length,
        titles: [...map.querySelectorAll('.leaflet-marker-icon')].map(i => i.title || ''),
        controls: [...map.querySelectorAll('.leaflet-control-container .widget-html')]
            .map(e => e.innerText.trim()).filter(t => t),
        attribution: (map.querySelector('.leaflet-control-attribution') || {}).innerText || '',
        credits: (map.querySelector('.leaflet-control-attribution') || {}).textContent || '',
    };
}"""


def cut_labels_in_every_tab(page: Any) -> list[str]:
    """What :data:`CUT_LABELS` finds in each of the four tabs (then back to Places)."""
    cut: list[str] = []
    for title in ("Places", "Routes", "Environment", "Resolve"):
        select_tab(page, title)
        cut += [f"{title}: {c}" for c in page.evaluate(CUT_LABELS)]
    select_tab(page, "Places")
    return cut


@pytest.fixture(scope="module")
def narrow_app(
    browser: Any, artifacts: Path, voila_server: Server, expected: Expected
) -> Iterator[tuple[BrowserPage, dict[str, Any], dict[str, Any]]]:
    """The app at 1,000 px after two lookups: places in San Francisco, environment in Nairobi;
    the map's state after each."""
    with open_page(browser, artifacts, "voila-1000", width=1000) as bp:
        page = bp.page
        page.goto(voila_server.url("/"), wait_until="domcontentloaded")
        wait_for_widgets(page)
        search_places(page, expected)
        after_places = page.evaluate(MAP_STATE)
        bp.screenshot("1-places-san-francisco")
        select_tab(page, "Environment")
        fill_text(page, "Location", NAIROBI)
        submit_and_wait(page)
        page.wait_for_function(
            "() => document.querySelector('.mapsnb-explorer > .mapsnb-status')"
            ".innerText.includes('Environment')",
            polling=250,
        )
        wait_quietly(
            page,
            "() => !document.querySelector('.mapsnb-explorer .leaflet-overlay-pane path')"
            " && document.querySelector('.mapsnb-explorer .leaflet-marker-icon')",
        )
        after_nairobi = page.evaluate(MAP_STATE)
        bp.screenshot("2-environment-nairobi")
        yield bp, after_places, after_nairobi


def test_voila_serves_only_the_app(voila_page: BrowserPage) -> None:
    page = voila_page.page
    state = page.evaluate(
        """() => {
            const app = document.querySelector('.mapsnb-explorer');
            const all = document.body.innerText;
            return {app: !!app, outside: all.replace(app ? app.innerText : '', '').trim(),
                    code: document.querySelectorAll('.jp-InputArea, .jp-CodeMirrorEditor').length,
                    markdown: document.querySelectorAll('.jp-MarkdownOutput').length,
                    text: all};
        }"""
    )
    assert state["app"], "no Explorer on the page"
    assert state["code"] == 0 and state["markdown"] == 0, state
    assert state["outside"] == "", f"text outside the app: {state['outside'][:300]!r}"
    for tutorial in ("getpass", "import mapsnb", "Learning goals", "Exercise"):
        assert tutorial not in state["text"], tutorial


def test_voila_lookup_replaces_what_the_previous_lookup_drew(
    narrow_app: tuple[BrowserPage, dict[str, Any], dict[str, Any]], expected: Expected
) -> None:
    bp, after_places, after_nairobi = narrow_app
    assert after_places["paths"] == expected.places, after_places
    assert "synthetic" in after_places["attribution"], after_places  # the cafés' credits
    assert "Coffee" in after_places["credits"], after_places
    # the cafés are gone; Nairobi, typed by name, is resolved and marked, with its own credits
    assert after_nairobi["paths"] == 0 and after_nairobi["icons"] == 1, after_nairobi
    assert NAIROBI in after_nairobi["titles"][0], after_nairobi
    assert "Coffee" not in after_nairobi["credits"], after_nairobi
    assert NAIROBI in after_nairobi["credits"], after_nairobi
    assert after_nairobi["controls"] == [], after_nairobi  # no note, no café boxes
    problems = check_explorer_rendered(bp.page, console=bp.console)
    assert problems == [], problems


def test_voila_resolve_draws_the_resolved_places(
    narrow_app: tuple[BrowserPage, dict[str, Any], dict[str, Any]],
) -> None:
    bp, _, _ = narrow_app
    page = bp.page
    select_tab(page, "Resolve")
    box = page.locator(
        ".mapsnb-explorer .widget-tab > .widget-tab-contents > .lm-Widget:not(.lm-mod-hidden)"
        " textarea"
    ).first
    box.click()
    box.fill("Nairobi\nLima")
    box.press("Tab")
    submit_and_wait(page)
    drawn = wait_quietly(
        page,
        "() => document.querySelectorAll('.mapsnb-explorer .leaflet-overlay-pane path')"
        ".length === 2 && !document.querySelector('.mapsnb-explorer .leaflet-marker-icon')",
    )
    state = page.evaluate(MAP_STATE)
    shot = bp.screenshot("3-resolve-nairobi-lima")
    select_tab(page, "Places")
    assert drawn and state["paths"] == 2 and state["icons"] == 0, f"{state} ({shot})"
    problems = check_explorer_rendered(page, console=bp.console)
    assert problems == [], problems


def test_voila_no_label_is_cut_at_1000_px_and_wider(
    narrow_app: tuple[BrowserPage, dict[str, Any], dict[str, Any]],
) -> None:
    bp, _, _ = narrow_app
    page = bp.page
    cut = cut_labels_in_every_tab(page)
    assert cut == [], f"cut at 1,000 px: {cut} (screenshot: {bp.screenshot('cut-1000')})"
    page.set_viewport_size({"width": 1400, "height": 1000})
    try:
        cut = cut_labels_in_every_tab(page)
        assert cut == [], f"cut at 1,400 px: {cut} (screenshot: {bp.screenshot('cut-1400')})"
    finally:
        page.set_viewport_size({"width": 1000, "height": 1000})
