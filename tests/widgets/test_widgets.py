"""Pure-Python tests of the ipywidgets forms and the Explorer (geemap style: set values, click).

Everything runs on the in-process emulator with a fixed clock; the one "server error" test points
a client at 127.0.0.1:9 (nothing listens there) so no network is ever used.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import mapsnb
from mapsnb.results import WALK_WARNING, ResolvedNames, ResolvedUrls
from mapsnb.widgets import (
    EnvironmentForm,
    Explorer,
    PlaceSearchForm,
    ResolveForm,
    RouteForm,
    explore,
)
from mapsnb.widgets._base import WORKING
from mapsnb.widgets._resolve import FAILED_STYLE, SAVE_TEXT

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


@pytest.fixture
def dead_client() -> mapsnb.Client:
    """A client whose server does not exist (connection refused on 127.0.0.1:9). Its fake key is
    long: the process redacts a live key from every output, and a one-letter key ("x") was
    cut out of the emulator's encoded polylines ("@x@" -> "@***@") for later tests."""
    key = "fake-key-for-a-dead-server-0000"
    return mapsnb.Client(url="http://127.0.0.1:9/mcp", api_key=key, max_retries=0, timeout=0.5)


def click_map(form_map: Any, lat: float, lng: float) -> None:
    """Simulate a click on an ipyleaflet map (the message the front end sends)."""
    form_map._handle_leaflet_event(
        None, {"event": "interaction", "type": "click", "coordinates": [lat, lng]}, None
    )


def spy(form: Any, method: str, button: Any, again: Callable[[], Any]) -> dict[str, Any]:
    """Wrap ``form.client.<method>`` (on that client instance only): record the busy state at
    call time and try a nested submission, which must be ignored."""
    real = getattr(form.client, method)
    seen: dict[str, Any] = {"calls": 0}

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        seen["calls"] += 1
        seen["disabled"] = button.disabled
        seen["description"] = button.description
        seen["progress"] = form.progress.layout.display
        seen["nested"] = again()
        return real(*args, **kwargs)

    setattr(form.client, method, wrapper)
    return seen


# ------------------------------------------------------------------------------- places
def places_form(client: mapsnb.Client) -> PlaceSearchForm:
    form = PlaceSearchForm(client)
    form.query.value = "coffee in San Francisco"
    return form


def test_places_search_fills_result_table_and_map(client: mapsnb.Client) -> None:
    form = places_form(client)
    base_layers = len(form.map.layers)
    result = form.submit()
    assert result is form.result
    assert form.error.value == ""
    assert len(form.frame) == 5
    for name in form.frame["name"]:
        assert name.replace("&", "&amp;") in form.table.value
    assert "synthetic data" in form.attribution.value
    assert "5 place(s)" in form.status.value
    drawn = len(form.map.layers)
    assert drawn > base_layers
    assert any(layer.name.startswith("mapsnb:") for layer in form.map.layers)
    form.query.value = "tea in San Francisco"
    form.search_button.click()
    assert form.error.value == ""
    assert form.result is not result
    assert len(form.map.layers) == drawn  # replaced, not piled up


def test_places_css_classes_and_own_map(client: mapsnb.Client) -> None:
    form = places_form(client)
    assert "mapsnb-submit" in form.search_button._dom_classes
    assert "mapsnb-table" in form.table._dom_classes
    assert "mapsnb-error" in form.error._dom_classes
    assert "mapsnb-map" in form.map._dom_classes
    assert form.map in form.children  # a form without a given map shows its own


def test_places_bias_from_map_click_is_sent(client: mapsnb.Client) -> None:
    form = places_form(client)
    assert form.location_bias is None
    click_map(form.map, 37.7694, -122.4862)
    assert form.use_bias.value is True
    assert (form.lat.value, form.lng.value) == (37.7694, -122.4862)
    form.radius_km.value = 1.5
    form.submit()
    assert form.error.value == ""
    circle = form.result.request["location_bias"]["circle"]
    assert circle["center"] == {"latitude": 37.7694, "longitude": -122.4862}
    assert circle["radius_meters"] == 1500
    bias = [layer for layer in form.map.layers if layer.name == "mapsnb:bias"]
    assert len(bias) == 1 and bias[0].radius == 1500  # the bias is drawn with the places


def test_places_radius_slider_is_capped_at_50_km(client: mapsnb.Client) -> None:
    form = places_form(client)
    form.radius_km.value = 80
    assert form.radius_km.value == 50


def test_places_pro_note(client: mapsnb.Client) -> None:
    form = places_form(client)
    assert form.pro_note.value == ""
    form.page_size.value = 6
    assert "Pro" in form.pro_note.value and "page size" in form.pro_note.value
    form.page_size.value = 5
    assert form.pro_note.value == ""
    form.extended.value = True
    assert "extended details" in form.pro_note.value


@pytest.mark.parametrize(
    ("setup", "field"),
    [
        (lambda f: setattr(f.query, "value", "   "), "text_query"),
        (
            lambda f: (setattr(f.use_bias, "value", True), setattr(f.lat, "value", 123.0)),
            "location_bias",
        ),
        (lambda f: setattr(f.region, "value", "840"), "region_code"),
    ],
)
def test_places_bad_input_names_the_field(
    client: mapsnb.Client, setup: Callable[[PlaceSearchForm], Any], field: str
) -> None:
    form = places_form(client)
    calls: list[Any] = []
    form.on_result(calls.append)
    setup(form)
    assert form.submit() is None
    assert field in form.error.value
    assert "Invalid input" in form.error.value
    assert "Traceback" not in form.error.value
    assert form.result is None and calls == []
    assert not form.search_button.disabled
    assert form.search_button.description == "Search"


def test_places_busy_state_and_no_double_submission() -> None:
    form = places_form(mapsnb.Client(now=NOW))
    seen = spy(form, "search_places", form.search_button, form.submit)
    result = form.submit()
    assert seen["calls"] == 1
    assert seen["disabled"] is True
    assert seen["description"] == WORKING
    assert seen["progress"] != "none"
    assert seen["nested"] is None
    assert result is not None and form.result is result
    assert form.search_button.disabled is False
    assert form.search_button.description == "Search"
    assert form.progress.layout.display == "none"


def test_places_server_error_is_readable(dead_client: mapsnb.Client) -> None:
    form = places_form(dead_client)
    form.search_button.click()
    assert form.result is None
    assert "Could not reach the server" in form.error.value
    assert "search_places" in form.error.value
    assert "Traceback" not in form.error.value
    assert not form.search_button.disabled


def test_on_result_called_once_per_success(client: mapsnb.Client) -> None:
    form = places_form(client)
    got: list[Any] = []
    assert form.on_result(got.append) == got.append
    form.submit()
    form.query.value = ""
    form.submit()  # fails: no callback
    form.query.value = "bakery in San Francisco"
    form.search_button.click()
    assert len(got) == 2
    assert got[-1] is form.result


# ------------------------------------------------------------------------------- routes
def route_form(client: mapsnb.Client) -> RouteForm:
    form = RouteForm(client)
    form.origin.value = "San Francisco, CA"
    form.destination.value = "Oakland, CA"
    return form


def test_routes_compute_draw_and_replace(client: mapsnb.Client) -> None:
    form = route_form(client)
    form.alternatives.value = True
    base_layers = len(form.map.layers)
    result = form.submit()
    assert form.error.value == "", form.error.value
    assert result is form.result and len(result.routes) >= 2
    assert len(form.frame) == len(result.routes)
    assert result.request["include_polyline"] is True
    assert result.request["compute_alternative_routes"] is True
    assert "route_index" in form.table.value and "synthetic data" in form.attribution.value
    drawn = len(form.map.layers)
    assert drawn > base_layers
    form.search_button.click()
    assert form.error.value == ""
    assert len(form.map.layers) == drawn


def test_routes_search_along_sorted_by_detour(client: mapsnb.Client) -> None:
    form = route_form(client)
    form.submit()
    routes_only = len(form.map.layers)
    form.along_query.value = "coffee"
    along = form.search_along()
    assert form.error.value == "", form.error.value
    assert along is form.along_result
    detours = list(form.along_frame["detour_s"])
    assert detours == sorted(detours) and len(detours) > 0
    for name in form.along_frame["name"]:
        assert name.replace("&", "&amp;") in form.along_table.value
    with_detours = len(form.map.layers)
    assert with_detours > routes_only
    form.along_button.click()
    assert len(form.map.layers) == with_detours
    assert form.result.routes  # the route stays the form's result


def test_routes_search_along_needs_a_route(client: mapsnb.Client) -> None:
    form = route_form(client)
    form.along_query.value = "coffee"
    assert form.search_along() is None
    assert "route" in form.error.value and "compute a route first" in form.error.value


def test_routes_waypoints_keep_order(client: mapsnb.Client) -> None:
    form = route_form(client)
    for stop in ("Berkeley, CA", "Emeryville, CA", "Alameda, CA"):
        form.add_waypoint(stop)
    form.add_waypoint_button.click()  # a blank row is ignored
    assert len(form.waypoints.children) == 4
    form.remove_waypoint(1)
    assert form.waypoint_values == ["Berkeley, CA", "Alameda, CA"]
    # the row's own remove button
    form.waypoints.children[0].children[1].click()
    assert form.waypoint_values == ["Alameda, CA"]
    assert form.waypoints.children[0].children[0].description == "Stop 1"
    form.submit()
    assert form.error.value == "", form.error.value
    sent = form.result.request["intermediate_waypoints"]
    assert [w["address"] for w in sent] == ["Alameda, CA"]


def test_routes_walk_warning(client: mapsnb.Client) -> None:
    form = route_form(client)
    assert form.warning.value == ""
    form.travel_mode.value = "WALK"
    assert "beta" in form.warning.value
    form.origin.value, form.destination.value = "Honolulu, HI", "Los Angeles, CA"
    form.submit()  # the Pacific lies between: no walk (as live)
    assert form.error.value == "", form.error.value
    assert WALK_WARNING.split(":")[0] in form.warning.value
    assert "No route found" in form.table.value
    assert form.status.value.startswith("No route found: no WALK route"), form.status.value
    form.travel_mode.value = "DRIVE"
    assert form.warning.value == ""


def test_routes_bad_time_and_traffic_names_the_field(client: mapsnb.Client) -> None:
    form = route_form(client)
    form.time.value = "tomorrow at 8"
    form.submit()
    assert "departure_time" in form.error.value and form.result is None
    form.time_kind.value = "Arrive by"
    form.submit()
    assert "arrival_time" in form.error.value
    form.time.value = "2026-09-19T08:00:00-07:00"
    form.travel_mode.value = "WALK"
    form.traffic.value = True
    form.submit()
    assert "routing_preference" in form.error.value
    form.traffic.value = False
    form.submit()
    assert form.error.value == "", form.error.value
    assert form.result.request["arrival_time"] == "2026-09-19T08:00:00-07:00"


def test_routes_busy_state() -> None:
    form = route_form(mapsnb.Client(now=NOW))
    seen = spy(form, "compute_routes", form.search_button, form.search_along)
    form.submit()
    assert seen["calls"] == 1
    assert seen["disabled"] is True and seen["nested"] is None
    assert form.along_button.disabled is False and form.search_button.disabled is False


def test_routes_server_error(dead_client: mapsnb.Client) -> None:
    form = route_form(dead_client)
    form.submit()
    assert "Could not reach the server" in form.error.value and form.result is None


# -------------------------------------------------------------------------- environment
def env_form(client: mapsnb.Client) -> EnvironmentForm:
    form = EnvironmentForm(client)
    form.location.value = "San Francisco, CA"
    return form


def test_environment_charts_and_tables(client: mapsnb.Client) -> None:
    import datetime as dt

    form = env_form(client)
    form.pollen.value = True
    form.date.value = dt.date(2026, 9, 18)
    got: list[Any] = []
    form.on_result(got.append)
    result = form.search_button.click() or form.result
    assert form.error.value == "", form.error.value
    assert got == [result]
    assert set(result.domains) == {"weather", "air_quality", "pollen"}
    assert len(form.frame) > 0
    assert "<table" in form.table.value and "synthetic data" in form.attribution.value
    images = [o for o in form.output.outputs if "image/png" in o["data"]]
    assert len(images) == 3, [o["data"].get("text/plain") for o in form.output.outputs]
    assert all(len(o["data"]["image/png"]) > 1000 for o in images)
    assert "America/Los_Angeles" in form.status.value


def test_environment_hour_needs_date(client: mapsnb.Client) -> None:
    form = env_form(client)
    form.hour.value = 9
    form.submit()
    assert "hour" in form.error.value and form.result is None
    assert form.output.outputs == ()


def test_environment_no_capability(client: mapsnb.Client) -> None:
    form = env_form(client)
    form.weather.value = form.air_quality.value = False
    form.submit()
    assert "capabilities" in form.error.value


def test_environment_marks_clicked_location(client: mapsnb.Client) -> None:
    form = env_form(client)
    base_layers = len(form.map.layers)
    click_map(form.map, 37.8, -122.27)
    assert form.location.value == "37.80000, -122.27000"
    form.submit()
    assert form.error.value == "", form.error.value
    assert form.result.request["location"] == {"lat_lng": {"latitude": 37.8, "longitude": -122.27}}
    marked = len(form.map.layers)
    assert marked > base_layers
    form.submit()
    assert len(form.map.layers) == marked


# ------------------------------------------------------------------------------ resolve
def test_resolve_names_marks_failed_rows_and_links_save(client: mapsnb.Client) -> None:
    form = ResolveForm(client)
    assert form.map is None
    form.queries.value = "San Francisco, CA\n\nStarbucks\nFerry Building, San Francisco\n"
    result = form.submit()
    assert form.error.value == "", form.error.value
    assert isinstance(result, ResolvedNames)
    assert list(form.frame["query"]) == [
        "San Francisco, CA",
        "Starbucks",
        "Ferry Building, San Francisco",
    ]
    rows = form.table.value.split("<tr")[2:]  # skip the header row
    assert len(rows) == 3
    assert FAILED_STYLE in rows[1] and "Starbucks" in rows[1]
    assert FAILED_STYLE not in rows[0] and FAILED_STYLE not in rows[2]
    assert "INVALID_ARGUMENT" in rows[1]
    assert result.save_to_maps_url and result.save_to_maps_url in form.save_link.value
    assert SAVE_TEXT in form.save_link.value and "target='_blank'" in form.save_link.value
    assert "1 failed" in form.status.value


def test_resolve_switches_to_urls(client: mapsnb.Client) -> None:
    form = ResolveForm(client)
    form.queries.value = (
        "https://www.google.com/maps/place/San+Francisco,+CA/@37.77,-122.41,12z\n"
        "https://maps.app.goo.gl/xyz"
    )
    assert form.uses_urls
    form.search_button.click()
    assert isinstance(form.result, ResolvedUrls)
    assert len(form.frame) == 2
    form.mode.value = "Names"
    assert not form.uses_urls


def test_resolve_empty_input(client: mapsnb.Client) -> None:
    form = ResolveForm(client)
    form.submit()
    assert "queries" in form.error.value and form.result is None


def test_resolve_busy_and_server_error(dead_client: mapsnb.Client) -> None:
    form = ResolveForm(mapsnb.Client(now=NOW))
    form.queries.value = "San Francisco, CA"
    seen = spy(form, "resolve_names", form.search_button, form.submit)
    form.submit()
    assert seen["calls"] == 1 and seen["disabled"] is True and seen["nested"] is None
    dead = ResolveForm(dead_client)
    dead.queries.value = "San Francisco, CA"
    dead.submit()
    assert "Could not reach the server" in dead.error.value


# ----------------------------------------------------------------------------- explorer
def test_explorer_tabs_share_one_map(client: mapsnb.Client) -> None:
    app = explore(client)
    assert isinstance(app, Explorer)
    assert len(app.tabs.children) == 4
    assert app.places.map is app.routes.map is app.environment.map is app.map
    assert app.resolve.map is app.map
    assert {f.client for f in app.forms} == {client}
    assert [app.tabs.get_title(i) for i in range(4)] == [
        "Places",
        "Routes",
        "Environment",
        "Resolve",
    ]
    # embedded forms leave their tables to the Explorer's areas
    assert app.places.results_box not in app.places.children
    assert app.tables.children[0] is app.places.results_box
    assert app.map in app.children[0].children


def test_explorer_tab_switch_and_status(client: mapsnb.Client) -> None:
    app = Explorer(client)
    assert "Sandbox" in app.status.value
    app.places.query.value = "coffee in San Francisco"
    app.places.submit()
    assert app.status.value.startswith("<b>Places</b>") and "5 place(s)" in app.status.value
    layers_after_places = len(app.map.layers)
    app.tabs.selected_index = 1
    assert app.tables.selected_index == 1 and app.charts.selected_index == 1
    assert app.routes.active and not app.places.active
    click_map(app.map, 37.9, -122.3)
    assert not app.places.use_bias.value  # only the selected tab reacts to clicks
    app.tabs.selected_index = 2
    click_map(app.map, 37.9, -122.3)
    assert app.environment.location.value == "37.90000, -122.30000"
    app.routes.origin.value, app.routes.destination.value = "San Francisco, CA", "Oakland, CA"
    app.routes.submit()
    assert app.routes.error.value == ""
    assert app.status.value.startswith("<b>Routes</b>") and "route(s)" in app.status.value
    assert len(app.map.layers) > 1 and layers_after_places > 1


def test_explorer_displays_as_a_widget(client: mapsnb.Client) -> None:
    app = Explorer(client)
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_import_mapsnb_does_not_import_ipywidgets() -> None:
    code = (
        "import sys, mapsnb\n"
        "assert 'ipywidgets' not in sys.modules and 'ipyleaflet' not in sys.modules\n"
        "print('ok')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.stdout.strip() == "ok", out.stderr
    assert mapsnb.explore is explore  # the lazy attribute resolves to the widgets' function


def test_queued_double_click_is_dropped_but_a_later_click_runs(monkeypatch) -> None:
    """A click handled right after a call finished (queued while busy) is not a new search."""
    import time

    from mapsnb.widgets import _base

    form = mapsnb.widgets.PlaceSearchForm(mapsnb.Client(now="2026-09-18T08:00:00-07:00"))
    calls: list[str] = []
    real = form.client.search_places

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(form.client, "search_places", counting)
    form.query.value = "coffee shops near Golden Gate Park"
    form.search_button.click()
    form.search_button.click()  # arrives as the first call ends: a double click
    assert len(calls) == 1
    time.sleep(_base.CLICK_DEBOUNCE_S + 0.05)
    form.search_button.click()  # a deliberate second search
    assert len(calls) == 2


def test_explorer_status_follows_the_latest_call_even_when_its_text_repeats(
    client: mapsnb.Client,
) -> None:
    """A form whose status text repeats (same count, same source) still takes the status line."""
    app = Explorer(client)
    app.places.query.value = "coffee in San Francisco"
    app.places.submit()
    app.routes.origin.value, app.routes.destination.value = "San Francisco, CA", "Oakland, CA"
    app.routes.submit()
    assert app.status.value.startswith("<b>Routes</b>")
    app.places.submit()  # same query: the form's status text does not change
    assert app.places.error.value == ""
    assert app.status.value.startswith("<b>Places</b>"), app.status.value


def _visible_labels(widget: Any) -> list[str]:
    """The descriptions and label texts a user sees in ``widget`` and everything inside it."""
    import ipywidgets as w

    found = []
    if getattr(widget, "description", ""):
        found.append(widget.description)
    if isinstance(widget, w.Label):
        found.append(widget.value)
    for child in getattr(widget, "children", ()):
        found += _visible_labels(child)
    return found


@pytest.mark.parametrize("make", [PlaceSearchForm, RouteForm, EnvironmentForm, ResolveForm])
def test_error_labels_name_an_input_the_user_can_see(client: mapsnb.Client, make: Any) -> None:
    """The label an error line gives a field is the label of its input in the form."""
    form = make(client)
    if isinstance(form, RouteForm):
        form.add_waypoint()
    shown = _visible_labels(form)
    for field, label in form.field_labels.items():
        assert any(text.startswith(label) for text in shown), (field, label, shown)


def test_environment_hour_none_is_not_called_now_and_times_are_explained(
    client: mapsnb.Client,
) -> None:
    """With a date, no hour means the whole local day, not "now"."""
    form = env_form(client)
    label = dict((v, k) for k, v in form.hour.options)[None]
    assert label.lower() != "now"
    assert "local" in form.time_help.value and "whole" in form.time_help.value
    assert form.time_help in _visible_children(form)


def _visible_children(widget: Any) -> list[Any]:
    out = []
    for child in getattr(widget, "children", ()):
        out += [child, *_visible_children(child)]
    return out


def test_routes_search_along_after_the_token_expired_says_why_detours_lack_times() -> None:
    """Past the 10-minute token the form searches along the polyline: no detour times, a note."""
    form = route_form(mapsnb.Client(now=NOW))
    form.submit()
    form.along_query.value = "coffee"
    form.search_along()
    assert "10-minute" not in form.along_summary.value  # a fresh token: detour times are there
    form.client = mapsnb.Client(now="2026-09-18T08:15:00-07:00")  # 15 minutes later
    along = form.search_along()
    assert form.error.value == "", form.error.value
    assert "encoded_polyline" in along.request
    assert form.along_frame["detour_s"].isna().all()
    assert "10-minute" in form.along_summary.value and "Route" in form.along_summary.value


def test_a_failed_new_query_clears_the_previous_places_results(client: mapsnb.Client) -> None:
    """Issue 22 item 6: "Kraków", then "Atlantisville": no Kraków chart, table or marker left."""
    form = EnvironmentForm(client)
    form.location.value = "50.0614, 19.9366"
    assert form.submit() is not None, form.error.value
    assert form.output.outputs and form.table.value
    assert any(str(layer.name).startswith("mapsnb:") for layer in form.map.layers)
    form.location.value = "Atlantisville"
    assert form.submit() is None
    assert form.error.value
    assert form.output.outputs == ()
    assert form.table.value == "" and form.attribution.value == ""
    assert form.result is None and form.frame is None
    assert not any(str(layer.name).startswith("mapsnb:") for layer in form.map.layers)
    assert "cleared" in form.status.value


def test_a_failed_search_clears_places_summary_and_map(client: mapsnb.Client) -> None:
    form = PlaceSearchForm(client)
    form.query.value = "coffee in Kraków"
    assert form.submit() is not None
    assert form.summary.value and form.table.value
    form.page_size.value = 10
    form.query.value = ""
    assert form.submit() is None
    assert "Query" in form.error.value
    assert form.summary.value == "" and form.table.value == ""
    assert not any(str(layer.name).startswith("mapsnb:") for layer in form.map.layers)


def test_a_failed_along_search_keeps_the_route(client: mapsnb.Client) -> None:
    form = RouteForm(client)
    form.origin.value, form.destination.value = "Ferry Building", "Golden Gate Park"
    assert form.submit() is not None
    form.along_query.value = ""
    assert form.search_along() is None
    assert form.result is not None and form.table.value


def test_environment_form_map_credits_the_answer_it_marks(client: mapsnb.Client) -> None:
    import ipyleaflet

    from mapsnb.widgets import EnvironmentForm

    form = EnvironmentForm(client)
    form.location.value = "41.1456, -8.6106"
    form.submit()
    boxes = [c.widget.value for c in form.map.controls if hasattr(c, "widget")]
    boxes += [c.prefix for c in form.map.controls if isinstance(c, ipyleaflet.AttributionControl)]
    credits = [t for t in boxes if "Sources:" in t]
    assert credits, boxes
    assert "mapsnb sandbox (synthetic data)" in credits[0] and "none given" not in credits[0]
