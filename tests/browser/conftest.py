"""Real-browser fixtures: JupyterLab and Voila servers on 127.0.0.1 and headless Chromium.

Every server runs in its own process group with Jupyter's config, data, runtime, settings and
workspace dirs (and HOME) in a temp dir, serving a temp root so that nothing touches the repo.
Chromium is Debian's ``/usr/bin/chromium`` driven by Python Playwright (never
``playwright install``). Without it the tests FAIL, unless ``MAPSNB_SKIP_BROWSER=1`` is set.
Screenshots go to ``$MAPSNB_ARTIFACTS`` if set, else to a pytest temp dir.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "notebooks" / "05-explorer.ipynb"
#: The one-cell app notebook Voila serves: the Explorer and nothing else.
APP_NOTEBOOK = REPO / "notebooks" / "apps" / "explorer.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The emulator clock used by the notebook and by the tests' expected values.
NOW = "2026-09-18T08:00:00-07:00"
PLACE_QUERY = "coffee shops near Golden Gate Park"
ROUTE_ORIGIN, ROUTE_DESTINATION = "San Francisco, CA", "Oakland, CA"
WAIT_MS = 60_000
#: A drawn route has start and end circle markers (filled paths) besides its polyline(s).
ROUTE_END_MARKERS = 2
SERVER_START_S = 60.0
#: A remote asset (map tiles, Voila's CDN icon font) failing to load offline: ignored. The same
#: failure for a 127.0.0.1 URL is kept.
IGNORED_CONSOLE = re.compile(
    r"^Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED"
    r"|ADDRESS_UNREACHABLE|NETWORK_ACCESS_DENIED) \[https?://(?!127\.0\.0\.1|localhost)"
)
#: Errors that do not concern the page's widgets. Voila 0.5.13 (built on JupyterLab 4.2 core)
#: loads every lab extension, and Notebook 7.6's ``@jupyter-notebook/lab-extension`` cannot get
#: the shared ``@jupyterlab/docregistry`` there ("RUNTIME-012"); that extension is not used by
#: Voila pages. Checked (issue 30): the app page logs it with no mapsnb widget involved
#: ("The getter for the shared module is not a function ... #RUNTIME-012 ... shareKey
#: @jupyterlab/docregistry") and it is gone when Voila runs with
#: ``--VoilaConfiguration.extension_denylist='["@jupyter-notebook/lab-extension"]'``.
KNOWN_BENIGN = (
    re.compile(r"RUNTIME-012[\s\S]*@jupyter-notebook/lab-extension/static/remoteEntry"),
)
FATAL_CONSOLE = re.compile(r"No version of module|Could not create (a )?(model|view)", re.I)
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


# ------------------------------------------------------------------------ availability
def _require_browser() -> None:
    """Skip on explicit request (``MAPSNB_SKIP_BROWSER=1``), fail when Chromium is missing."""
    if os.environ.get("MAPSNB_SKIP_BROWSER") == "1":
        pytest.skip("MAPSNB_SKIP_BROWSER=1: browser tests disabled explicitly")
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} not found: the browser tests need Debian's Chromium "
            "(run `apt-get install -y chromium`; never `playwright install`), "
            "or set MAPSNB_SKIP_BROWSER=1 to skip them explicitly.",
            pytrace=False,
        )


# --------------------------------------------------------------------------- processes
def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def jupyter_env(base: Path) -> dict[str, str]:
    """The environment for a server whose every Jupyter/IPython dir (and HOME) is under ``base``."""
    env = dict(os.environ)
    env.pop("GOOGLE_MAPS_API_KEY", None)  # the emulator, always
    pyenv = Path.home() / ".pyenv"
    if "PYENV_ROOT" not in env and pyenv.is_dir():
        env["PYENV_ROOT"] = str(pyenv)  # shims keep working with HOME moved
    dirs = {
        "HOME": "home",
        "IPYTHONDIR": "ipython",
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTERLAB_SETTINGS_DIR": "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": "lab-workspaces",
    }
    for var, sub in dirs.items():
        (base / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(base / sub)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("JUPYTER_PATH", None)
    return env


@dataclass
class Server:
    """A server process in its own process group, logging to ``log``."""

    name: str
    argv: list[str]
    env: dict[str, str]
    cwd: Path
    log: Path
    base_url: str
    ready_path: str
    token: str = ""
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    def start(self) -> Server:
        """Start the process (does not wait)."""
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                self.argv,
                env=self.env,
                cwd=self.cwd,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        return self

    def url(self, path: str) -> str:
        """An absolute URL on this server (with the token, if any)."""
        sep = "&" if "?" in path else "?"
        return (
            f"{self.base_url}{path}{sep}token={self.token}" if self.token else self.base_url + path
        )

    def log_tail(self, n: int = 40) -> str:
        """The last ``n`` lines of the server's log."""
        lines = self.log.read_text(errors="replace").splitlines()
        return "\n".join(lines[-n:])

    def wait_ready(self, timeout: float = SERVER_START_S) -> None:
        """Poll ``ready_path`` until it answers 200; fail with the log tail otherwise."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"{self.name} exited ({self.proc.returncode}):\n{self.log_tail()}")
            with (
                contextlib.suppress(OSError, urllib.error.URLError),
                urllib.request.urlopen(self.url(self.ready_path), timeout=2) as resp,
            ):
                if resp.status == 200:
                    return
            time.sleep(0.2)
        pytest.fail(f"{self.name} not ready after {timeout:.0f} s:\n{self.log_tail()}")

    def request(self, method: str, path: str) -> Any:
        """A JSON REST call to the server (``None`` for an empty answer)."""
        req = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def stop(self) -> None:
        """Terminate the process group (SIGTERM, then SIGKILL after 10 s)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        pgid = os.getpgid(self.proc.pid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)  # kernels left in the group


# ---------------------------------------------------------------------------- notebooks
def write_explorer_notebook(dest: Path, source: Path = NOTEBOOK) -> Path:
    """Copy ``source`` (default ``notebooks/05-explorer.ipynb``) to ``dest`` (or write a minimal
    one if it is missing)."""
    if source.exists():
        shutil.copyfile(source, dest)
        return dest
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            f'import mapsnb\n\nclient = mapsnb.Client(now="{NOW}")\n'
            "app = mapsnb.explore(client)\napp"
        )
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(nb, dest)
    return dest


# ------------------------------------------------------------------------- expectations
@dataclass(frozen=True)
class Expected:
    """What the Explorer should show for the tests' inputs (computed with the emulator)."""

    places: int
    place_rows: int
    routes: int


@pytest.fixture(scope="session")
def expected() -> Expected:
    """Run the tests' queries in-process with the same deterministic emulator as the kernel."""
    import mapsnb

    client = mapsnb.Client(now=NOW, sandbox=True)  # the servers' kernels have no key either
    places = client.search_places(PLACE_QUERY, page_size=5)
    located = places.to_frame().dropna(subset=["lat", "lng"])
    routes = client.compute_routes(ROUTE_ORIGIN, ROUTE_DESTINATION, include_polyline=True)
    return Expected(
        places=len(located), place_rows=len(places.to_frame()), routes=len(routes.routes)
    )


# ------------------------------------------------------------------------------ servers
@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots and server logs go: ``$MAPSNB_ARTIFACTS`` or a pytest temp dir."""
    env = os.environ.get("MAPSNB_ARTIFACTS")
    path = Path(env) if env else tmp_path_factory.mktemp("browser-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _lab_server(base: Path, artifacts: Path) -> Server:
    env = jupyter_env(base)
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"])
    for rel, value in LAB_SETTINGS.items():
        target = settings / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(value))
    root = base / "root"
    root.mkdir()
    write_explorer_notebook(root / "explorer.ipynb")
    port, token = free_port(), secrets.token_hex(16)
    argv = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--ServerApp.allow_root=True",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        f"--IdentityProvider.token={token}",
        "--ServerApp.open_browser=False",
        "--LabApp.expose_app_in_browser=True",
    ]
    base_url = f"http://127.0.0.1:{port}"
    return Server("lab", argv, env, root, artifacts / "lab.log", base_url, "/api/status", token)


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Server]:
    """A JupyterLab server (temp root holding ``explorer.ipynb``), news and autosave off."""
    _require_browser()
    server = _lab_server(tmp_path_factory.mktemp("lab"), artifacts).start()
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def lab_extensions_disabled(server: Server, names: Sequence[str]) -> Iterator[None]:
    """Disable lab extensions for pages loaded meanwhile (``labconfig/page_config.json`` in the
    server's ``JUPYTER_CONFIG_DIR``; JupyterLab reads it on every page request)."""
    labconfig = Path(server.env["JUPYTER_CONFIG_DIR"]) / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    page_config = labconfig / "page_config.json"
    page_config.write_text(json.dumps({"disabledExtensions": dict.fromkeys(names, True)}))
    try:
        yield
    finally:
        page_config.unlink()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Server]:
    """A Voila server rendering the app notebook ``notebooks/apps/explorer.ipynb``
    (single-notebook mode, served at ``/``), as ``voila notebooks/apps/explorer.ipynb`` does."""
    _require_browser()
    base = tmp_path_factory.mktemp("voila")
    env = jupyter_env(base)
    root = base / "root"
    root.mkdir()
    assert APP_NOTEBOOK.is_file(), f"{APP_NOTEBOOK} is missing: Voila would have no app to serve"
    notebook = write_explorer_notebook(root / "explorer.ipynb", APP_NOTEBOOK)
    connections = base / "connections"
    connections.mkdir()
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--Voila.connection_dir_root={connections}",
    ]
    server = Server(
        "voila",
        argv,
        env,
        root,
        artifacts / "voila.log",
        f"http://127.0.0.1:{port}",
        "/voila/static/voila.js",
    ).start()
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------------------ browser
@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright."""
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Console:
    """Console errors and uncaught page errors seen by one page (full text, with the URL)."""

    errors: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        """Record ``page``'s console errors (with the failing URL) and page errors."""

        def on_console(msg: Any) -> None:
            if msg.type == "error":
                url = (msg.location or {}).get("url", "")
                self.errors.append(f"{msg.text} [{url}]" if url else msg.text)

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc.stack or exc}"))

    @property
    def relevant(self) -> list[str]:
        """The errors except offline tile failures and known-benign ones (fatal ones kept)."""
        return [
            e
            for e in self.errors
            if FATAL_CONSOLE.search(e)
            or not (IGNORED_CONSOLE.search(e) or any(r.search(e) for r in KNOWN_BENIGN))
        ]


@dataclass
class BrowserPage:
    """A fresh page, its console log and where to save screenshots."""

    page: Any
    console: Console
    artifacts: Path
    name: str

    def screenshot(self, label: str) -> Path:
        """Save a full-page screenshot ``<test>-<label>.png`` and return its path."""
        path = self.artifacts / f"{self.name}-{label}.png"
        with contextlib.suppress(Exception):
            self.page.screenshot(path=str(path), full_page=True, timeout=15_000)
        return path


@contextlib.contextmanager
def open_page(browser: Any, artifacts: Path, name: str, width: int = 1400) -> Iterator[BrowserPage]:
    """A new ``width`` x 1000 page in its own context, screenshotted as ``<name>-final.png`` at
    exit."""
    context = browser.new_context(viewport={"width": width, "height": 1000})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    console = Console()
    console.attach(page)
    wrapped = BrowserPage(page, console, artifacts, re.sub(r"[^A-Za-z0-9_.-]+", "_", name))
    try:
        yield wrapped
    finally:
        wrapped.screenshot("final")
        context.close()


# ------------------------------------------------------------------------- DOM helpers
def wait_for_widgets(page: Any, timeout_ms: int = WAIT_MS) -> None:
    """Wait until the map rendered, or a widget visibly failed (so negatives don't hang)."""
    page.wait_for_function(
        """() => document.querySelector('.leaflet-container')
            || document.querySelector('.jupyter-widgets-error-widget')
            || document.body.innerText.includes('Error displaying widget')""",
        polling=250,
        timeout=timeout_ms,
    )


def active_panel(page: Any) -> Any:
    """The Explorer's selected tab page (a locator)."""
    return page.locator(
        ".mapsnb-explorer .widget-tab > .widget-tab-contents > .lm-Widget:not(.lm-mod-hidden)"
    ).first


def select_tab(page: Any, title: str) -> None:
    """Click the Explorer tab called ``title`` and wait until it is the selected one."""
    tab = page.locator(".mapsnb-explorer .lm-TabBar-tab", has_text=title).first
    tab.click()
    page.wait_for_function(
        """(title) => {
            const t = document.querySelector('.mapsnb-explorer .lm-TabBar-tab.lm-mod-current');
            return t && t.innerText.trim() === title;
        }""",
        arg=title,
        polling=250,
        timeout=WAIT_MS,
    )


def fill_text(page: Any, label: str, value: str) -> None:
    """Type ``value`` into the Text input labelled ``label`` in the selected tab."""
    box = (
        active_panel(page)
        .locator(".widget-text")
        .filter(has=page.locator("label", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")))
    )
    field_ = box.locator("input").first
    field_.click()
    field_.fill(value)
    field_.press("Tab")  # blur: the value is synced in any case before the click below


def submit_and_wait(page: Any, timeout_ms: int = WAIT_MS) -> None:
    """Click the selected tab's ``.mapsnb-submit`` and wait until the call finished.

    A form disables its buttons while a call runs: a MutationObserver installed before the
    click sees the button become disabled and then enabled again (however fast the call was).
    An error line showing up also ends the wait.
    """
    button = active_panel(page).locator(".mapsnb-submit").first
    button.evaluate(WATCH_BUSY)
    button.click()
    page.wait_for_function(CALL_DONE, polling=250, timeout=timeout_ms)


WATCH_BUSY = """(button) => {
    const state = {sawBusy: false, done: false};
    window.__mapsnbCall = state;
    new MutationObserver((records, observer) => {
        if (records.some(r => r.oldValue === null)) state.sawBusy = true;
        if (state.sawBusy && !button.disabled) { state.done = true; observer.disconnect(); }
    }).observe(button, {attributes: true, attributeFilter: ['disabled'], attributeOldValue: true});
}"""
CALL_DONE = """() => window.__mapsnbCall.done
    || [...document.querySelectorAll('.mapsnb-explorer .mapsnb-error')].some(e => e.innerText.trim())"""


def overlay_paths(page: Any) -> dict[str, int]:
    """Counts of vector paths on the map: ``filled`` (points, polygons) and ``lines``."""
    return page.evaluate(
        """() => {
            const paths = [...document.querySelectorAll('.mapsnb-explorer .leaflet-overlay-pane path')];
            const lines = paths.filter(p => p.getAttribute('fill') === 'none').length;
            return {filled: paths.length - lines, lines: lines};
        }"""
    )


def check_explorer_rendered(
    page: Any,
    *,
    console: Console | None = None,
    points: int | None = None,
    lines: int | None = None,
    rows: int | None = None,
) -> list[str]:
    """What is wrong with the rendered Explorer (an empty list when all is well).

    Checks that the map rendered, that no widget failed (``.jupyter-widgets-error-widget`` or
    "Error displaying widget"), that the error line is empty, the table rows, the numbers of
    point and line paths on the map (when given) and the console (tile failures ignored).
    """
    state = page.evaluate(
        """() => ({
            maps: document.querySelectorAll('.mapsnb-explorer .leaflet-container').length,
            errorWidgets: document.querySelectorAll('.jupyter-widgets-error-widget').length,
            errorText: document.body.innerText.includes('Error displaying widget'),
            tabs: document.querySelectorAll('.mapsnb-explorer .lm-TabBar-tab').length,
            rows: document.querySelectorAll('.mapsnb-explorer .mapsnb-table table tbody tr')
                .length,
            formErrors: [...document.querySelectorAll('.mapsnb-explorer .mapsnb-error')]
                .map(e => e.innerText.trim()).filter(t => t),
        })"""
    )
    problems: list[str] = []
    if state["maps"] != 1:
        problems.append(f"expected 1 .leaflet-container in the Explorer, found {state['maps']}")
    if state["errorWidgets"]:
        problems.append(f"{state['errorWidgets']} .jupyter-widgets-error-widget element(s)")
    if state["errorText"]:
        problems.append("the page says 'Error displaying widget'")
    if state["tabs"] != 4:
        problems.append(f"expected 4 Explorer tabs, found {state['tabs']}")
    if state["formErrors"]:
        problems.append(f"form error line(s): {state['formErrors']}")
    if rows is not None and state["rows"] < rows:
        problems.append(f"expected >= {rows} table rows, found {state['rows']}")
    drawn = overlay_paths(page)
    if points is not None and drawn["filled"] != points:
        problems.append(f"expected {points} point paths on the map, found {drawn['filled']}")
    if lines is not None and drawn["lines"] != lines:
        problems.append(f"expected {lines} line paths on the map, found {drawn['lines']}")
    if console is not None:
        # fatal ones (No version of module ...) included; first line only, counted
        counts = Counter(
            e.strip().splitlines()[0] if e.strip() else "(empty)" for e in console.relevant
        )
        problems += [f"console ({n}x): {e}{_hint(e)}" for e, n in counts.items()]
    return problems


def wait_quietly(page: Any, js: str, arg: Any = None, timeout_ms: int = WAIT_MS) -> bool:
    """Like ``page.wait_for_function`` but returns False on timeout (the check reports why)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(js, arg=arg, polling=250, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


ROWS_SHOWN = """(n) => document.querySelectorAll('.mapsnb-explorer .mapsnb-table table tbody tr')
    .length >= n"""
PATHS_DRAWN = """([points, lines]) => {
    const paths = [...document.querySelectorAll('.mapsnb-explorer .leaflet-overlay-pane path')];
    const l = paths.filter(p => p.getAttribute('fill') === 'none').length;
    return (points === null || paths.length - l === points) && (lines === null || l === lines);
}"""


def search_places(page: Any, expected: Expected) -> None:
    """Places tab: type :data:`PLACE_QUERY`, submit, wait for the table and the points."""
    select_tab(page, "Places")
    fill_text(page, "Query", PLACE_QUERY)
    submit_and_wait(page)
    wait_quietly(page, ROWS_SHOWN, expected.place_rows)
    wait_quietly(page, PATHS_DRAWN, [expected.places, None])


def compute_route(page: Any, expected: Expected) -> None:
    """Routes tab: type origin and destination, submit, wait for the table and the polyline."""
    select_tab(page, "Routes")
    fill_text(page, "Origin", ROUTE_ORIGIN)
    fill_text(page, "Destination", ROUTE_DESTINATION)
    submit_and_wait(page)
    wait_quietly(page, ROWS_SHOWN, expected.routes)
    wait_quietly(page, PATHS_DRAWN, [ROUTE_END_MARKERS, expected.routes])


def _hint(error: str) -> str:
    """A pointer to the known cause of a console error, if any."""
    if "Widget is not attached" in error:
        return (
            " (jupyter-leaflet 0.20 throws this when a layer whose widget popup was never"
            " opened is removed from the map, e.g. when mapsnb.show replaces its layers;"
            " unsetting the popup first only turns it into 'Error setting state')"
        )
    return ""
