"""An exported page runs no markup from an answer, in Chromium (issue 32, item 3).

A notebook asks a real local server (``tests/servers/fault_server.py``) whose answers carry
markup: a ``javascript:`` ``saveToMapsUrl``, an ``<img onerror>`` time zone and place name, and a
cache file whose ``source`` someone sharing it rewrote. The notebook shows the Resolve, Environment
and Places forms; ``mapsnb export-notebooks``' own functions execute it and write the page, which
headless Chromium opens offline (the widget front end served from the pinned npm packages, as in
``test_export.py``). The page must show the hostile text as text, hold no element the answers
tried to inject, run none of their handlers (``window.pwn`` stays unset) and link only to http(s).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest

from .conftest import REPO, open_page
from .test_export import ORIGIN, RENDER_MS, Site, _npm_packages

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RUN = "window.pwn = (window.pwn || 0) + 1"
SOURCE = f'<img src="x" id="pwn-source" onerror="{RUN}">cache'
ZONE = f'<b id="pwn-zone">Europe/Paris</b><img src="x" onerror="{RUN}">'
NAME = f'<img src="x" id="pwn-name" onerror="{RUN}">Tour Eiffel'
ANSWERS = {
    "resolve_names": {
        "results": [{"entity": {"place": "places/ChIJA"}, "confidence": "HIGH"}],
        "saveToMapsUrl": f"javascript:{RUN}",
    },
    "lookup_weather": {
        "timeZone": ZONE,
        "weather": {
            "currentConditions": {
                "currentTime": "2026-09-18T08:00:00Z",
                "temperature": {"degrees": 18.0, "unit": "CELSIUS"},
            }
        },
    },
    "search_places": {
        "places": [
            {
                "place": "places/ChIJA",
                "id": "ChIJA",
                "location": {"latitude": 48.8584, "longitude": 2.2945},
                "googleMapsLinks": {"placeUrl": f"javascript:{RUN}"},
                "attribution": {"title": f"{NAME} - Google Maps", "url": f"javascript:{RUN}"},
            }
        ],
        "summary": f"<p>{NAME.replace('<', '&lt;')} [0].</p>",
    },
}
CELL = """import json, sqlite3
from pathlib import Path

from IPython.display import display

import mapsnb
from mapsnb.widgets import EnvironmentForm, PlaceSearchForm, ResolveForm
from tests.servers.fault_server import FaultServer, rpc_result, tool_result

answers = json.loads(Path("answers.json").read_text(encoding="utf-8"))
source = Path("source.txt").read_text(encoding="utf-8")
cache = Path("course-cache.sqlite")


def answer(request):
    return rpc_result(request, tool_result(answers[request.json["params"]["name"]]))


with FaultServer() as fault:
    fault.on("tools/call", *[answer] * 10)
    client = mapsnb.Client(api_key="test-key-123456", url=fault.url, max_retries=0, cache=cache)
    resolve = ResolveForm(client)
    resolve.queries.value = "Eiffel Tower"
    environment = EnvironmentForm(client)
    environment.location.value = "Paris"
    environment.air_quality.value = False
    places = PlaceSearchForm(client)
    places.query.value = "Eiffel Tower"
    for form in (resolve, environment, places):
        assert form.submit() is not None, form.error.value
    with sqlite3.connect(cache) as db:  # what someone sharing the course cache may write
        db.execute("UPDATE calls SET source = ?", (source,))
    cached = PlaceSearchForm(mapsnb.Client(api_key="test-key-123456", url=fault.url, cache=cache))
    cached.query.value = "Eiffel Tower"
    assert cached.submit().source == source, cached.error.value
display(resolve, environment, places, cached)"""

STATE = """() => ({
    pwn: window.pwn === undefined ? null : window.pwn,
    injected: [...document.querySelectorAll('[id^="pwn-"]')].map(e => e.id),
    handlers: [...document.querySelectorAll('.jupyter-widgets *')]
        .flatMap(e => [...e.attributes].filter(a => a.name.startsWith('on')).map(a => a.name)),
    links: [...document.querySelectorAll('a[href]')]
        .filter(a => !['http:', 'https:'].includes(a.protocol)).map(a => a.getAttribute('href')),
    saveLinks: document.querySelectorAll('.mapsnb-save-link a').length,
    statuses: [...document.querySelectorAll('.mapsnb-status')].map(e => e.innerText),
})"""
RENDERED = """() => [...document.querySelectorAll('.mapsnb-status')]
    .filter(e => e.innerText.trim()).length >= 4"""


@pytest.fixture(scope="module")
def page_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The exported page of the hostile notebook (executed in a fresh kernel)."""
    from mapsnb._export import export_notebooks

    base = tmp_path_factory.mktemp("hostile")
    source = base / "nb" / "hostile.ipynb"
    source.parent.mkdir()
    (source.parent / "answers.json").write_text(json.dumps(ANSWERS), encoding="utf-8")
    (source.parent / "source.txt").write_text(SOURCE, encoding="utf-8")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Hostile answers"), nbformat.v4.new_code_cell(CELL)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, source)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYTHONPATH", str(REPO))  # the kernel imports this checkout and its test server
        export_notebooks(base / "site", [source], kernel_name="python3", timeout=120)
    return base / "site"


def test_an_exported_page_runs_no_markup_from_answers(
    browser: Any, artifacts: Path, page_dir: Path
) -> None:
    site = Site(page_dir, _npm_packages())
    with open_page(browser, artifacts, "export-hostile") as bp:
        bp.page.context.set_offline(True)
        bp.page.context.route("**/*", site.handle)
        bp.page.goto(ORIGIN + "hostile.html", wait_until="load")
        bp.page.wait_for_function(RENDERED, polling=250, timeout=RENDER_MS)
        bp.page.wait_for_load_state("networkidle")  # a handler would have run by now
        bp.page.wait_for_timeout(500)
        state = bp.page.evaluate(STATE)
    assert state["pwn"] is None, f"an answer's handler ran {state['pwn']} time(s)"
    assert state["injected"] == [], state["injected"]
    assert state["handlers"] == [], state["handlers"]
    assert state["links"] == [], state["links"]
    assert state["saveLinks"] == 0
    # the forms rendered, and show the answers' text as text
    statuses = " | ".join(state["statuses"])
    assert "Europe/Paris" in statuses and 'id="pwn-source"' in statuses, statuses
