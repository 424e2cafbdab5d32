"""Static export: the pages of ``mapsnb export-notebooks`` draw their maps in Chromium, offline.

The notebooks are exported once by the real command (a subprocess, fresh kernels). Each page is
then opened in headless Chromium with the network blocked (``context.set_offline(True)``; every
request goes through one route handler): the exported files are served from a fake course-site
origin, and the CDN URLs the page asks for (require.js, ``@jupyter-widgets/html-manager``'s
``embed-amd.js``, ``jupyter-leaflet``) are answered from the npm packages pinned in
``tests/browser/export_js/package-lock.json``. Map tiles and MathJax stay blocked.

What must hold on every page: as many ``.leaflet-container`` as the page's embedded widget state
displays maps, each drawing as many features as its layers hold and, for the known notebooks, as
many as the frames of the same emulator calls have rows; the attribution visible on each map; no
widget error (error widget, "Error displaying widget", module errors in the console). Negative
controls: the same check reports the page with its widget state removed, and the page whose
``jupyter-leaflet`` cannot be loaded.
"""

from __future__ import annotations

import contextlib
import json
import mimetypes
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO, ROUTE_END_MARKERS, BrowserPage, Console, jupyter_env, open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

JS_DIR = Path(__file__).resolve().parent / "export_js"
MODULES = JS_DIR / "node_modules"
#: The files the pages need, inside the npm packages.
NEEDED = (
    "requirejs/require.js",
    "@jupyter-widgets/html-manager/dist/embed-amd.js",
    "jupyter-leaflet/dist/index.js",
)
NPM_CI = ["npm", "ci", "--prefix", str(JS_DIR), "--ignore-scripts", "--no-audit", "--no-fund"]
#: Where the test pretends the teacher uploaded the pages.
ORIGIN = "https://course.mapsnb.invalid/maps/"
NOW = "2026-09-18T08:00:00-07:00"
RENDER_MS = 30_000
#: A page whose maps cannot render: give up sooner (the check then says what is missing).
NEGATIVE_MS = 4_000
#: CDN URL -> file in ``node_modules``.
CDN: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Path]]] = [
    (
        re.compile(
            r"^https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^/]+/require(\.min)?\.js$"
        ),
        lambda m: Path("requirejs", "require.js"),
    ),
    (
        re.compile(r"^https://unpkg\.com/@jupyter-widgets/html-manager@[^/]+/dist/([\w.-]+)$"),
        lambda m: Path("@jupyter-widgets", "html-manager", "dist", m.group(1)),
    ),
    (
        re.compile(r"^https://cdn\.jsdelivr\.net/npm/jupyter-leaflet@[^/]+/dist/([\w.-]+)$"),
        lambda m: Path("jupyter-leaflet", "dist", m.group(1)),
    ),
]
#: Requests a page may make that stay unanswered offline: map tiles and MathJax.
MAY_FAIL = re.compile(
    r"^https://(tile\.openstreetmap\.org/|cdnjs\.cloudflare\.com/ajax/libs/mathjax/)"
)
#: The widget manager first asks the page's own folder for a module (then falls back to the CDN).
LOCAL_FIRST = re.compile(
    r"^Failed to load resource: the server responded with a status of 404 .*\["
    + re.escape(ORIGIN)
    + r"jupyter-leaflet\.js\]$"
)
MODULE_ERROR = re.compile(
    r"Script error for|No version of module|Could not create|Error displaying widget|"
    r"Class \S+ not found|Module \S+ not found",
    re.I,
)
STATE_SCRIPT = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S
)
VIEW_SCRIPT = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S
)


# ------------------------------------------------------------------------ npm packages
def _npm_packages() -> Path:
    """``node_modules`` of ``export_js/``; ``npm ci`` installs it (pinned lock file) if missing."""
    if all((MODULES / f).is_file() for f in NEEDED):
        return MODULES
    how = f"`{' '.join(NPM_CI)}` (needs node and npm, e.g. `apt-get install -y nodejs npm`)"
    if shutil.which("npm") is None:
        message = (
            f"npm not found: the static-export test serves the widget front end from npm "
            f"packages that are not installed in {MODULES}. Install them with {how}; "
            ".ci/run does this."
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    proc = subprocess.run(NPM_CI, capture_output=True, text=True, timeout=600, check=False)
    if proc.returncode != 0 or not all((MODULES / f).is_file() for f in NEEDED):
        pytest.fail(
            f"{' '.join(NPM_CI)} failed (exit {proc.returncode}); it needs the npm registry "
            f"once:\n{(proc.stdout + proc.stderr)[-3000:]}",
            pytrace=False,
        )
    return MODULES


# --------------------------------------------------------------------------- expectations
@dataclass(frozen=True)
class MapCounts:
    """Features a map draws: ``filled`` paths (points, areas), ``lines``, marker ``icons``."""

    filled: int = 0
    lines: int = 0
    icons: int = 0


def _refs(value: Any) -> Iterator[str]:
    """Every ``IPY_MODEL_<id>`` reference in a model's state, in order."""
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        yield value[len("IPY_MODEL_") :]
    elif isinstance(value, dict):
        for item in value.values():
            yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


def _layer_counts(state: dict[str, Any], model_id: str) -> Counter[str]:
    model = state.get(model_id, {})
    name, attrs = model.get("model_name", ""), model.get("state", {})
    counts: Counter[str] = Counter()
    if name in ("LeafletLayerGroupModel", "LeafletFeatureGroupModel"):
        for ref in _refs(attrs.get("layers", [])):
            counts += _layer_counts(state, ref)
    elif name == "LeafletGeoJSONModel":
        data = attrs.get("data") or {}
        features = data.get("features", [data] if data.get("type") == "Feature" else [])
        for feature in features:
            kind = (feature.get("geometry") or {}).get("type", "")
            if kind == "Point":
                counts["filled" if attrs.get("point_style") else "icons"] += 1
            elif kind.endswith("LineString"):
                counts["lines"] += 1
            elif kind:
                counts["filled"] += 1
    elif name == "LeafletPolylineModel":
        counts["lines"] += 1
    elif name in (
        "LeafletCircleMarkerModel",
        "LeafletCircleModel",
        "LeafletPolygonModel",
        "LeafletRectangleModel",
    ):
        counts["filled"] += 1
    elif name == "LeafletMarkerModel":
        counts["icons"] += 1
    return counts


def state_maps(page_html: str) -> list[MapCounts]:
    """The maps a page displays (from its embedded widget state), in page order, with counts."""
    found = STATE_SCRIPT.search(page_html)
    if not found:
        return []
    state = json.loads(found.group(1))["state"]
    maps: list[MapCounts] = []
    seen: set[str] = set()

    def walk(model_id: str) -> None:
        if model_id in seen or model_id not in state:
            return
        seen.add(model_id)
        model = state[model_id]
        if model["model_name"] == "LeafletMapModel":
            counts: Counter[str] = Counter()
            for ref in _refs(model["state"].get("layers", [])):
                counts += _layer_counts(state, ref)
            maps.append(MapCounts(**counts))
            return
        for ref in _refs(model["state"]):
            walk(ref)

    for view in VIEW_SCRIPT.findall(page_html):
        walk(json.loads(view)["model_id"])
    return maps


@dataclass(frozen=True)
class Expectations:
    """Per known page, the maps that the notebook's frames call for; the attribution text."""

    maps: dict[str, list[MapCounts]]
    attribution: str


@pytest.fixture(scope="module")
def frames() -> Expectations:
    """The notebooks' map calls, made in-process on the same deterministic emulator."""
    import mapsnb

    client = mapsnb.Client(now=NOW, sandbox=True)

    def located(result: Any) -> int:
        df = result.to_frame()
        return int(df[["lat", "lng"]].notna().all(axis=1).sum())

    places = client.search_places("coffee shops near Golden Gate Park")
    near = client.search_places(
        "coffee shops", location_bias=mapsnb.Circle(37.7694, -122.4862, 1500), page_size=5
    )
    routes = client.compute_routes(
        "San Francisco, CA",
        "Lake Tahoe, CA",
        compute_alternative_routes=True,
        include_polyline=True,
    )
    along = client.search_along_route("gas stations", route=routes)
    return Expectations(
        maps={
            "01-quickstart": [MapCounts(filled=located(places)), MapCounts(filled=located(near))],
            "02-routes-and-detours": [
                MapCounts(filled=ROUTE_END_MARKERS + located(along), lines=len(routes.to_frame()))
            ],
            "05-explorer": [MapCounts(filled=located(places))],  # the same query, from code
        },
        attribution=_provider(places.to_frame().attrs["attributions"][0]["title"]),
    )


def _provider(title: str) -> str:
    """The provider part of a live-style title ("<place> - <provider>"): every map shows it,
    whatever its places or routes are called."""
    provider = title.rsplit(" - ", 1)[-1]
    assert provider == "mapsnb sandbox (synthetic data)", title
    return provider


# ------------------------------------------------------------------------------ export
@dataclass
class Export:
    """The exported folder and the command's output."""

    outdir: Path
    output: str
    pages: list[Path] = field(default_factory=list)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Export:
    """``mapsnb export-notebooks`` of the repository's notebooks, run as a teacher would."""
    base = tmp_path_factory.mktemp("export")
    outdir = base / "site"
    env = jupyter_env(base)
    env["GOOGLE_MAPS_API_KEY"] = "test-key-must-not-be-used"  # the export drops it by default
    proc = subprocess.run(
        [sys.executable, "-m", "mapsnb.cli", "export-notebooks", str(outdir)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-4000:]
    pages = sorted(p for p in outdir.glob("*.html") if p.name != "index.html")
    return Export(outdir, output, pages)


# ------------------------------------------------------------------------------ browser
@dataclass
class Site:
    """Routes one browser context: exported files, CDN URLs from npm, everything else blocked."""

    root: Path
    modules: Path
    refuse: re.Pattern[str] | None = None
    served: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def handle(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(ORIGIN):
            path = self.root / url[len(ORIGIN) :].split("?", 1)[0]
            if path.is_file():
                self.served.append(url)
                route.fulfill(path=str(path))
            else:
                route.fulfill(status=404, body="not found", content_type="text/plain")
            return
        for pattern, target in CDN:
            match = pattern.match(url)
            if match and not (self.refuse and self.refuse.search(url)):
                path = self.modules / target(match)
                if path.is_file():
                    self.served.append(url)
                    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                    route.fulfill(path=str(path), content_type=kind)
                    return
        self.blocked.append(url)
        route.abort("internetdisconnected")


@pytest.fixture(scope="module")
def npm_modules() -> Path:
    """The npm packages' folder (installed by ``npm ci`` if missing; see :func:`_npm_packages`)."""
    return _npm_packages()


@pytest.fixture
def offline_page(
    browser: Any,
    npm_modules: Path,
    artifacts: Path,
    exported: Export,
    request: pytest.FixtureRequest,
) -> Iterator[tuple[BrowserPage, Site]]:
    """A fresh page in an offline context routed by a :class:`Site` over the exported folder."""
    site = Site(exported.outdir, npm_modules)
    with open_page(browser, artifacts, request.node.name) as bp:
        bp.page.context.set_offline(True)
        bp.page.context.route("**/*", site.handle)
        yield bp, site


DRAWN = """() => [...document.querySelectorAll('.leaflet-container')].map(c => {
    const paths = [...c.querySelectorAll('.leaflet-overlay-pane path')];
    const lines = paths.filter(p => p.getAttribute('fill') === 'none').length;
    return {filled: paths.length - lines, lines: lines,
            icons: c.querySelectorAll('.leaflet-marker-icon').length};
})"""
READY = """([maps, features]) => {
    if (document.querySelector('.jupyter-widgets-error-widget')
        || document.body.innerText.includes('Error displaying widget')) return true;
    const drawn = [...document.querySelectorAll('.leaflet-container')];
    const n = drawn.reduce((s, c) => s + c.querySelectorAll(
        '.leaflet-overlay-pane path, .leaflet-marker-icon').length, 0);
    return drawn.length >= maps && n >= features;
}"""
#: Scrolls the attribution into view and says whether it is on top at its centre, inside its map
#: (every map that draws something must credit it).
ATTRIBUTION_SHOWN = """([index, text]) => {
    const map = document.querySelectorAll('.leaflet-container')[index];
    if (!map) return 'no map';
    const hits = [...map.querySelectorAll('.leaflet-control-container *')]
        .filter(e => e.children.length === 0 && e.textContent.includes(text)
            && e.checkVisibility());  // not the text of a closed <details> or a hidden box
    // a map that draws nothing (a form cleared by a failed query) has no answer to credit
    const drawn = map.querySelectorAll('.leaflet-marker-icon, .leaflet-overlay-pane path').length;
    if (!hits.length) return drawn ? 'not in the map controls' : 'ok';
    const el = hits[0];
    el.scrollIntoView({block: 'center'});
    const r = el.getBoundingClientRect(), m = map.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return 'zero size';
    if (r.left < m.left - 1 || r.right > m.right + 1 || r.top < m.top - 1 || r.bottom > m.bottom + 1)
        return 'outside its map';
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || +style.opacity === 0)
        return 'hidden';
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!top || !(el === top || el.contains(top) || top.contains(el))) return 'covered';
    return 'ok';
}"""


def _console_problems(console: Console) -> list[str]:
    """Console errors except blocked tiles/MathJax and the loader's local-first 404."""
    kept = [e for e in console.relevant if not LOCAL_FIRST.search(e)]
    kept += [e for e in console.errors if MODULE_ERROR.search(e) and e not in kept]
    counts = Counter(e.strip().splitlines()[0] if e.strip() else "(empty)" for e in kept)
    return [f"console ({n}x): {e}" for e, n in counts.items()]


def check_page(
    bp: BrowserPage,
    site: Site,
    name: str,
    maps: list[MapCounts],
    attribution: str,
    timeout_ms: int = RENDER_MS,
) -> list[str]:
    """Open ``name`` from the site and list what is wrong (an empty list when all is well)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = bp.page
    page.goto(ORIGIN + name, wait_until="load")
    features = sum(m.filled + m.lines + m.icons for m in maps)
    if maps:
        with contextlib.suppress(PlaywrightTimeout):  # the checks below say what is missing
            page.wait_for_function(
                READY, arg=[len(maps), features], polling=250, timeout=timeout_ms
            )
    else:
        page.wait_for_load_state("networkidle")
    problems: list[str] = []
    drawn = [MapCounts(**d) for d in page.evaluate(DRAWN)]
    if len(drawn) != len(maps):
        problems.append(f"{name}: expected {len(maps)} map(s), found {len(drawn)}")
    for i, (want, got) in enumerate(zip(maps, drawn, strict=False)):
        if want != got:
            problems.append(f"{name}: map {i + 1} draws {got}, expected {want}")
        shown = page.evaluate(ATTRIBUTION_SHOWN, [i, attribution])
        if shown != "ok":
            problems.append(f"{name}: map {i + 1}: attribution {attribution!r} {shown}")
    errors = page.evaluate(
        """() => ({widgets: document.querySelectorAll('.jupyter-widgets-error-widget').length,
                  text: document.body.innerText.includes('Error displaying widget')})"""
    )
    if errors["widgets"]:
        problems.append(f"{name}: {errors['widgets']} .jupyter-widgets-error-widget element(s)")
    if errors["text"]:
        problems.append(f"{name}: the page says 'Error displaying widget'")
    problems += [f"{name}: {p}" for p in _console_problems(bp.console)]
    unexpected = [u for u in site.blocked if not MAY_FAIL.match(u)]
    if unexpected:
        problems.append(f"{name}: requests left unanswered offline: {unexpected}")
    return problems


# -------------------------------------------------------------------------------- tests
def test_export_writes_a_page_per_notebook_and_an_index(exported: Export) -> None:
    notebooks = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))
    assert [p.stem for p in exported.pages] == notebooks, exported.output
    index = (exported.outdir / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)">', index)
    assert links == [p.name for p in exported.pages]
    assert "forms and buttons need a running kernel" in index
    for page in exported.pages:
        text = page.read_text(encoding="utf-8")
        assert "test-key-must-not-be-used" not in text
        if "client.source" in text:  # the notebook prints the client's source
            assert re.search(r"<pre>sandbox\s*</pre>", text), page.name  # the emulator ran
    with_maps = [p for p in exported.pages if state_maps(p.read_text(encoding="utf-8"))]
    assert len(with_maps) >= 3, "the notebooks 01, 02 and 05 display maps"


def test_every_exported_page_renders_its_maps_offline(
    npm_modules: Path,
    offline_page: tuple[BrowserPage, Site],
    exported: Export,
    frames: Expectations,
    artifacts: Path,
) -> None:
    bp, site = offline_page
    problems: list[str] = []
    checked: dict[str, int] = {}
    for path in exported.pages:
        maps = state_maps(path.read_text(encoding="utf-8"))
        known = frames.maps.get(path.stem)
        if known is not None and known != maps:
            problems.append(f"{path.stem}: the widget state holds {maps}, the frames {known}")
        bp.console.errors.clear()
        site.blocked.clear()
        problems += check_page(bp, site, path.name, maps, frames.attribution)
        checked[path.stem] = len(maps)
        if path.stem == "02-routes-and-detours":
            bp.page.locator(".leaflet-container").first.scroll_into_view_if_needed()
            bp.page.screenshot(path=str(artifacts / "export-02-routes.png"))
    assert problems == [], "\n".join(problems)
    assert sum(checked.values()) >= 4, checked
    served = " ".join(site.served)
    assert "html-manager" in served and "jupyter-leaflet" in served and "require" in served


def test_negative_control_page_without_widget_state_shows_no_map(
    npm_modules: Path,
    offline_page: tuple[BrowserPage, Site],
    exported: Export,
    frames: Expectations,
) -> None:
    bp, site = offline_page
    original = exported.outdir / "01-quickstart.html"
    text = original.read_text(encoding="utf-8")
    maps = state_maps(text)
    stripped, n = STATE_SCRIPT.subn("", text)
    assert n == 1 and maps
    (exported.outdir / "negative-no-state.html").write_text(stripped, encoding="utf-8")
    problems = check_page(
        bp, site, "negative-no-state.html", maps, frames.attribution, timeout_ms=NEGATIVE_MS
    )
    assert any(f"expected {len(maps)} map(s), found 0" in p for p in problems), problems


def test_negative_control_missing_jupyter_leaflet_is_a_widget_error(
    npm_modules: Path,
    offline_page: tuple[BrowserPage, Site],
    exported: Export,
    frames: Expectations,
) -> None:
    bp, site = offline_page
    site.refuse = re.compile(r"jupyter-leaflet")
    maps = state_maps((exported.outdir / "02-routes-and-detours.html").read_text("utf-8"))
    problems = check_page(
        bp, site, "02-routes-and-detours.html", maps, frames.attribution, NEGATIVE_MS
    )
    joined = "\n".join(problems)
    assert "map(s), found 0" in joined, joined
    assert ".jupyter-widgets-error-widget" in joined or "Error displaying widget" in joined
    assert "Script error for" in joined, joined


# ------------------------------------------------------- fonts and the offline note (issue 30)
WIDGET_FONTS = """() => {
    const pick = s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length);
    // the forms' labels, inputs and buttons (a map's own boxes keep Leaflet's sans-serif font)
    const widgets = pick('.widget-subarea .widget-label, .widget-subarea input, '
        + '.widget-subarea button, .widget-subarea .widget-html-content')
        .filter(e => !e.closest('.leaflet-container'));
    const text = pick('.jp-RenderedMarkdown p')[0];
    return {page: text ? getComputedStyle(text).fontFamily : null,
            widgets: [...new Set(widgets.map(e => getComputedStyle(e).fontFamily))],
            n: widgets.length};
}"""
NOTES = """() => [...document.querySelectorAll('.mapsnb-widget-note')].map(e => ({
    shown: e.getClientRects().length > 0 && getComputedStyle(e).visibility === 'visible',
    text: e.innerText}))"""
CONTENT = """() => ({tables: document.querySelectorAll('.jp-OutputArea-output table').length,
                   images: document.querySelectorAll('.jp-OutputArea-output img').length})"""


def _generic(font_family: str) -> str:
    """The first generic family of a CSS font-family list (``serif``, the browsers' default,
    when it names none)."""
    names = [name.strip().strip("'\"").lower() for name in font_family.split(",")]
    return next((n for n in names if n in {"serif", "sans-serif", "monospace"}), "serif")


def test_exported_widgets_use_the_page_sans_serif_font(
    npm_modules: Path,
    offline_page: tuple[BrowserPage, Site],
    exported: Export,
    frames: Expectations,
) -> None:
    bp, site = offline_page
    maps = state_maps((exported.outdir / "05-explorer.html").read_text("utf-8"))
    problems = check_page(bp, site, "05-explorer.html", maps, frames.attribution)
    assert problems == [], problems
    fonts = bp.page.evaluate(WIDGET_FONTS)
    assert fonts["n"] >= 10 and fonts["page"], fonts  # the Explorer's labels, inputs, buttons
    assert _generic(fonts["page"]) == "sans-serif", fonts
    assert fonts["widgets"] == [fonts["page"]], fonts
    # the widgets rendered: their offline notes are not shown
    notes = bp.page.evaluate(NOTES)
    assert notes and not any(n["shown"] for n in notes), notes


@pytest.mark.parametrize("name", ["01-quickstart", "05-explorer"])
def test_exported_page_without_the_cdns_says_the_map_needs_internet(
    npm_modules: Path,
    offline_page: tuple[BrowserPage, Site],
    exported: Export,
    name: str,
) -> None:
    bp, site = offline_page
    site.refuse = re.compile(r".")  # every CDN request is aborted, as on a network without them
    text = (exported.outdir / f"{name}.html").read_text("utf-8")
    views = len(VIEW_SCRIPT.findall(text))
    assert views >= 1
    page = bp.page
    page.goto(ORIGIN + f"{name}.html", wait_until="load")
    page.wait_for_function(
        "(n) => [...document.querySelectorAll('.mapsnb-widget-note')].filter(e =>"
        " e.getClientRects().length && getComputedStyle(e).visibility === 'visible').length >= n",
        arg=views,
        polling=250,
        timeout=RENDER_MS,
    )
    notes = page.evaluate(NOTES)
    assert len(notes) == views and all(n["shown"] for n in notes), notes
    assert any("This map needs internet access" in n["text"] for n in notes), notes
    assert page.evaluate("() => document.querySelectorAll('.leaflet-container').length") == 0
    assert any("require" in u or "html-manager" in u for u in site.blocked), site.blocked
    content = page.evaluate(CONTENT)
    assert content["tables"] + content["images"] >= 1, content  # tables and charts still shown
    shot = bp.screenshot(f"no-cdn-{name}")
    assert shot.exists()
