"""The forms show a hostile answer as text, end to end over a real local server (issue 32, item 3).

A ``saveToMapsUrl`` of another scheme gives no link (as ``ResolvedNames``' own HTML repr), the
payload's ``timeZone`` and a cached answer's ``source`` (a cache file a course shares may say
anything there) are escaped in the status line.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb.widgets import EnvironmentForm, PlaceSearchForm, ResolveForm
from tests.servers.fault_server import FaultServer, Reply, rpc_result, tool_result
from tests.widgets.html_checks import assert_safe, scan, shown

SCRIPT = "<img src=x onerror=pwn()><script>pwn()</script>"
PLACES = {
    "places": [
        {
            "place": "places/ChIJA",
            "id": "ChIJA",
            "location": {"latitude": 48.85, "longitude": 2.29},
            "attribution": {"title": "Tour Eiffel - Google Maps", "url": "https://maps.google.com"},
        }
    ],
    "summary": "<p>Tour Eiffel [0].</p>",
}


def _served(payload: Any) -> Iterator[tuple[FaultServer, mapsnb.Client]]:
    with FaultServer() as fault:
        fault.on("tools/call", *[lambda r: rpc_result(r, tool_result(payload))] * 5)
        yield fault, mapsnb.Client(api_key="test-key-123456", url=fault.url, max_retries=0)


@pytest.mark.parametrize(
    "url", ["javascript:pwn()", " JavaScript:pwn()", "data:text/html,<script>pwn()</script>"]
)
def test_resolve_form_links_only_http_save_urls(url: str) -> None:
    payload = {"results": [{"entity": {"place": "places/ChIJA"}}], "saveToMapsUrl": url}
    for _fault, client in _served(payload):
        form = ResolveForm(client)
        form.queries.value = "Eiffel Tower"
        result = form.submit()
        assert result is not None, form.error.value
        assert result.save_to_maps_url == url  # the answer said so; the form links it not
        assert form.save_link.value == ""
        assert "href" not in result._repr_html_()


def test_resolve_form_links_an_https_save_url() -> None:
    payload = {"results": [{"entity": {"place": "places/ChIJA"}}], "saveToMapsUrl": "https://x.y/"}
    for _fault, client in _served(payload):
        form = ResolveForm(client)
        form.queries.value = "Eiffel Tower"
        assert form.submit() is not None
        assert ("a", [("href", "https://x.y/"), ("target", "_blank"), ("rel", "noopener")]) in (
            scan(form.save_link.value).tags
        )


def test_environment_form_writes_the_time_zone_as_text() -> None:
    payload = {
        "timeZone": SCRIPT,
        "weather": {"currentConditions": {"temperature": {"degrees": 18.0, "unit": "CELSIUS"}}},
    }
    for _fault, client in _served(payload):
        form = EnvironmentForm(client)
        form.location.value = "Paris"
        form.air_quality.value = False
        form.submit()
        assert_safe(form.status.value, "status")
        assert SCRIPT in shown(form.status.value)


def test_a_cached_answers_source_is_written_as_text(tmp_path: Path) -> None:
    cache = tmp_path / "course-cache.sqlite"
    for fault, _client in _served(PLACES):
        client = mapsnb.Client(api_key="test-key-123456", url=fault.url, cache=cache)
        form = PlaceSearchForm(client)
        form.query.value = "Eiffel Tower"
        assert form.submit() is not None, form.error.value
        with sqlite3.connect(cache) as db:  # what someone sharing the cache file may write
            assert db.execute("UPDATE calls SET source = ?", (SCRIPT,)).rowcount == 1
        fault.on("tools/call", Reply(500, "the answer must come from the cache"))
        again = mapsnb.Client(api_key="test-key-123456", url=fault.url, cache=cache)
        form = PlaceSearchForm(again)
        form.query.value = "Eiffel Tower"
        result = form.submit()
        assert result is not None and result.source == SCRIPT, form.error.value
        assert_safe(form.status.value, "status")
        assert f"source: {SCRIPT}" in shown(form.status.value)
