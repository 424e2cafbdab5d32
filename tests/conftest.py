"""Shared fixtures: real local servers (official-SDK MCP server, scripted fault server)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from tests.servers.fault_server import FaultServer  # noqa: E402


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the browser tests last.

    Playwright's sync API keeps an event loop running on the main thread while its
    session-scoped browser is open, so any later ``asyncio.run`` (async client tests, the SDK
    client) would fail with "cannot be called from a running event loop". README's command runs
    the suite on two ``pytest-xdist`` workers, a file at a time (``--dist loadfile``), handing
    files out in this order (``--no-loadscope-reorder``; xdist's default sorts them by size): a
    worker takes a browser file only once every other file is handed out.

    Browser tests and notebook cells (nbval: a kernel per notebook) are ``slow`` too, so that
    ``pytest -m "not slow"`` is the fast part; a browser test gets ``BROWSER_LIMIT_S`` (a Lab
    or Voila start on a loaded 2-core machine) unless it sets a limit of its own.
    """
    for item in items:
        browser = item.get_closest_marker("browser") is not None
        notebook = item.path.suffix == ".ipynb"
        if browser or notebook:
            item.add_marker(pytest.mark.slow)
        if browser and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(BROWSER_LIMIT_S))
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


#: Seconds a browser test may take (the suite's default is pyproject's 300 s).
BROWSER_LIMIT_S = 600


@pytest.fixture(scope="session")
def sdk_url() -> Iterator[Callable[[str], str]]:
    """``sdk_url(mode)``: the /mcp URL of an SDK server in ``mode``, started once per session."""
    from tests.servers.sdk_server import ServerThread, build_app

    started: dict[str, ServerThread] = {}

    def url(mode: str) -> str:
        if mode not in started:
            started[mode] = ServerThread(build_app(mode)).start()  # type: ignore[arg-type]
        return started[mode].url

    yield url
    for server in started.values():
        server.stop()


@pytest.fixture
def fault() -> Iterator[FaultServer]:
    """A fresh scripted fault server (sessions on) for one test."""
    with FaultServer() as server:
        yield server


@pytest.fixture
def fast_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make retry backoff tiny so fault tests stay fast."""
    import mapsnb

    monkeypatch.setattr(mapsnb.settings, "backoff_base", 0.01)


@pytest.fixture
def no_env_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remove ``GOOGLE_MAPS_API_KEY`` from the environment."""
    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` in the main thread, as in a terminal or a kernel.

    A process started with SIGINT ignored (a background job of a shell without job control)
    keeps it ignored, and ``_thread.interrupt_main`` then does nothing: the tests that interrupt
    a batch install Python's own handler for their duration.
    """
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
