"""A name with ``&``, ``<`` and ``"`` is escaped exactly once on every HTML path (issue 22, item 1):
``_repr_html_``, map info boxes, the forms and an exported page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nbformat
import pytest

import mapsnb
from mapsnb import layers
from mapsnb.layers._places import _place_popup
from mapsnb.results import PlacesResult
from tests.servers.fault_server import FaultServer, rpc_result, tool_result

NAME = 'Tom & Jerry\'s "Best" Café'
SNIPPET = "Prices < 5 € & friendly staff"
PAYLOAD: dict[str, Any] = {
    "places": [
        {
            "place": "places/ChIJA",
            "id": "ChIJA",
            "location": {"latitude": 41.15, "longitude": -8.61},
            "googleMapsLinks": {"placeUrl": "https://maps.google.com/?q=a&b=%22c%22"},
            "attribution": {"title": "Maps & <Co>", "url": "https://example.org/?a=1&b=2"},
        }
    ],
    # the server's summary is HTML: its ampersand and quotes come as entities
    "summary": (
        "<p><strong>Tom &amp; Jerry's &quot;Best&quot; Café</strong> is at Rua A, Porto [0]. "
        "Prices &lt; 5 € &amp; friendly staff [0].</p>"
    ),
}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def shown_text(markup: str) -> str:
    """What a browser shows for ``markup`` (entities decoded once, tags dropped)."""
    parser = _Text()
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


def assert_once(markup: str, *expected: str, page: bool = False) -> None:
    assert "&amp;amp;" not in markup and "&amp;quot;" not in markup and "&amp;lt;" not in markup
    text = shown_text(markup)
    for piece in expected:
        assert piece in text, (piece, text)
    assert page or "<script" not in markup.lower()


@pytest.fixture
def result() -> PlacesResult:
    return PlacesResult.from_payload(PAYLOAD)


@pytest.fixture
def served() -> Iterator[mapsnb.Client]:
    with FaultServer() as fault:
        fault.on("tools/call", lambda r: rpc_result(r, tool_result(PAYLOAD)))
        yield mapsnb.Client(api_key="test-key-123456", url=fault.url, max_retries=0)


def test_name_is_read_once(result: PlacesResult) -> None:
    assert result.to_frame()["name"].iloc[0] == NAME
    assert SNIPPET in result.summary_text()


def test_repr_html_escapes_once(result: PlacesResult) -> None:
    assert_once(result._repr_html_(), NAME, SNIPPET, "Maps & <Co>")


def test_map_info_boxes_escape_once(result: PlacesResult) -> None:
    layer = layers.places_layer(result)
    feature = layer.data["features"][0]
    props = {**layer.shared_properties, **feature["properties"]}
    assert_once(_place_popup(props), NAME, "Maps & <Co>")
    layer._hover_callbacks(event="mouseover", properties=feature["properties"])
    assert_once(layer.info.value, NAME)


def test_form_escapes_once(served: mapsnb.Client) -> None:
    from mapsnb.widgets import PlaceSearchForm

    form = PlaceSearchForm(served)
    form.query.value = "cafe in Porto"
    assert form.submit() is not None, form.error.value
    assert_once(form.summary.value, NAME, SNIPPET)
    assert_once(form.table.value, NAME)
    assert_once(form.attribution.value, "Maps & <Co>")


CELL = """import json
from mapsnb.results import PlacesResult
with open("payload.json", encoding="utf-8") as f:
    payload = json.load(f)
PlacesResult.from_payload(payload)"""


def test_exported_page_escapes_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mapsnb._export import export_notebooks

    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Names"), nbformat.v4.new_code_cell(CELL)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    src = tmp_path / "nb" / "names.ipynb"
    src.parent.mkdir()
    (src.parent / "payload.json").write_text(json.dumps(PAYLOAD), encoding="utf-8")
    nbformat.write(nb, src)
    pages = export_notebooks(tmp_path / "out", [src], kernel_name="python3", timeout=120)
    page = pages[0].path.read_text(encoding="utf-8")
    assert "Tom &amp; Jerry" in page
    assert_once(page, NAME, SNIPPET, page=True)
