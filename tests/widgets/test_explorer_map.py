"""The Explorer's shared map shows the latest lookup only, and every form's labels fit.

Trait level (no browser): the map's layers and controls after two lookups of different tabs.
"""

from __future__ import annotations

from typing import Any

import ipyleaflet
import ipywidgets as w
import pytest

import mapsnb
from mapsnb.layers._layout import map_size, world_px
from mapsnb.widgets import EnvironmentForm, Explorer, PlaceSearchForm, ResolveForm, RouteForm

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


def drawn(m: ipyleaflet.Map) -> list[Any]:
    """Everything on ``m`` but its base tiles, the land-and-sea background under them and
    Leaflet's own zoom/attribution controls."""
    base = (ipyleaflet.TileLayer, ipyleaflet.ZoomControl, ipyleaflet.AttributionControl)
    return [
        item
        for item in (*m.layers, *m.controls)
        if not isinstance(item, base)
        and not str(getattr(item, "name", "")).startswith("background:")
    ]


def texts(m: ipyleaflet.Map) -> str:
    """The HTML of every widget control on ``m`` (sources, legends, notes), joined."""
    parts = []
    for control in m.controls:
        widget = getattr(control, "widget", None)
        parts.append(str(getattr(widget, "value", "")))
        parts.append(str(getattr(control, "legend", "")))
    return "\n".join(parts)


def places(app: Explorer) -> None:
    app.places.query.value = "coffee shops near Golden Gate Park"
    assert app.places.submit() is not None, app.places.error.value


def test_environment_for_an_address_removes_the_places_drawn_before(
    client: mapsnb.Client,
) -> None:
    app = Explorer(client)
    base = {id(item) for item in (*app.map.layers, *app.map.controls)}
    places(app)
    cafes = drawn(app.map)
    assert any(isinstance(layer, ipyleaflet.Layer) for layer in cafes)
    assert any(isinstance(c, ipyleaflet.Control) for c in cafes)  # the sources box at least
    app.tabs.selected_index = 2
    app.environment.location.value = "Nairobi"
    assert app.environment.submit() is not None, app.environment.error.value
    left = [item for item in cafes if item in app.map.layers or item in app.map.controls]
    assert left == [], f"still on the map after the Nairobi lookup: {left}"
    # the typed name was resolved through the client: Nairobi is marked and the map centred on it
    credits = app.map.attribution_control_instance
    new = [
        x for x in (*app.map.layers, *app.map.controls) if id(x) not in base and x is not credits
    ]
    assert len(new) == 1 and isinstance(new[0], ipyleaflet.Marker), new
    marker = new[0]
    assert marker.location == pytest.approx([-1.28333, 36.81667], abs=0.05)
    assert "Nairobi" in marker.title
    assert app.map.center == pytest.approx(marker.location)
    # with the lookup's credits (the Nairobi answer's, not the cafés')
    assert credits in app.map.controls and "Nairobi" in credits.prefix
    assert "synthetic" in credits.prefix
    cafe_names = [str(n) for n in app.places.frame["name"]]
    assert not any(name in credits.prefix for name in cafe_names if len(name) > 3)
    # the next lookup removes the marker in turn
    app.tabs.selected_index = 0
    places(app)
    assert marker not in app.map.layers
    assert [x for x in drawn(app.map) if x in cafes] == []  # new objects, same number
    assert len(drawn(app.map)) == len(cafes)


def test_environment_resolves_the_typed_name_before_the_lookup(client: mapsnb.Client) -> None:
    calls: list[str] = []
    app = Explorer(mapsnb.Client(now=NOW))
    for tool in ("resolve_names", "lookup_weather"):
        real = getattr(app.client, tool)

        def spy(*args: Any, _real: Any = real, _tool: str = tool, **kwargs: Any) -> Any:
            calls.append(_tool)
            return _real(*args, **kwargs)

        setattr(app.client, tool, spy)
    app.environment.location.value = "Lima"
    assert app.environment.submit() is not None, app.environment.error.value
    assert calls == ["resolve_names", "lookup_weather"]
    (marker,) = [x for x in app.map.layers if isinstance(x, ipyleaflet.Marker)]
    assert marker.location[0] == pytest.approx(-12.04, abs=0.1)
    assert marker.location[1] == pytest.approx(-77.03, abs=0.1)
    # a coordinate pair is marked as typed, with no resolution call
    calls.clear()
    app.environment.location.value = "-33.45, -70.66"
    assert app.environment.submit() is not None, app.environment.error.value
    assert calls == ["lookup_weather"]
    markers = [x for x in app.map.layers if isinstance(x, ipyleaflet.Marker)]
    assert [tuple(m.location) for m in markers] == [(-33.45, -70.66)]
    assert marker not in app.map.layers  # the Lima marker went with the new lookup


def test_environment_notes_a_name_that_does_not_resolve(client: mapsnb.Client) -> None:
    from mapsnb.errors import ToolError

    app = Explorer(mapsnb.Client(now=NOW))
    places(app)
    cafes = drawn(app.map)

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise ToolError("resolution is down", code=14, tool="resolve_names")

    app.client.resolve_names = refuse  # the lookup itself still runs
    app.environment.location.value = "Nairobi"
    assert app.environment.submit() is not None, app.environment.error.value
    assert not [x for x in cafes if x in app.map.layers or x in app.map.controls]
    assert not any(isinstance(x, ipyleaflet.Marker) for x in app.map.layers)
    notes = [c for c in app.map.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert len(notes) == 1 and "Nairobi" in notes[0].widget.value
    assert "no coordinates" in notes[0].widget.value


def test_each_tab_replaces_what_the_other_tabs_drew(client: mapsnb.Client) -> None:
    app = Explorer(client)
    places(app)
    after_places = drawn(app.map)
    app.tabs.selected_index = 1
    app.routes.origin.value, app.routes.destination.value = "San Francisco, CA", "Oakland, CA"
    assert app.routes.submit() is not None, app.routes.error.value
    after_routes = drawn(app.map)
    assert after_routes and not set(map(id, after_places)) & set(map(id, after_routes))
    app.tabs.selected_index = 2
    app.environment.location.value = "-1.28333, 36.81667"  # Nairobi, as coordinates
    assert app.environment.submit() is not None, app.environment.error.value
    after_environment = drawn(app.map)
    assert not set(map(id, after_routes)) & set(map(id, after_environment))
    markers = [x for x in after_environment if isinstance(x, ipyleaflet.Marker)]
    assert [tuple(m.location) for m in markers] == [(-1.28333, 36.81667)]
    assert app.map.center[0] == pytest.approx(-1.28333)
    # the sources box credits this lookup, not the cafés
    cafe_names = [str(n) for n in app.places.frame["name"]]
    shown = texts(app.map)
    assert not any(name in shown for name in cafe_names if len(name) > 3)


def test_a_failed_lookup_clears_what_another_tab_drew(client: mapsnb.Client) -> None:
    app = Explorer(client)
    places(app)
    cafes = drawn(app.map)
    app.routes.origin.value, app.routes.destination.value = "", ""
    app.routes.submit()
    assert app.routes.error.value  # refused input
    assert not [x for x in cafes if x in app.map.layers or x in app.map.controls]


class LiveLike:
    """A resolution as a live server answers it: a place id, no coordinates."""

    def __init__(self, result: Any) -> None:
        self.result = result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.result, name)

    def to_frame(self) -> Any:
        return self.result.to_frame().assign(matched_lat=float("nan"), matched_lng=float("nan"))


def test_environment_notes_a_name_resolved_without_coordinates(client: mapsnb.Client) -> None:
    app = Explorer(mapsnb.Client(now=NOW))
    real = app.client.resolve_names
    app.client.resolve_names = lambda *a, **k: LiveLike(real(*a, **k))
    app.environment.location.value = "Nairobi"
    assert app.environment.submit() is not None, app.environment.error.value
    assert not any(isinstance(x, ipyleaflet.Marker) for x in app.map.layers)
    notes = [c for c in app.map.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert len(notes) == 1 and "without coordinates" in notes[0].widget.value
    # the Resolve tab says the same on the map
    resolve(app, "Lima")
    assert places_on(app.map) == []
    notes = [c for c in app.map.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert len(notes) == 1 and "no coordinates" in notes[0].widget.value


def resolve(app: Explorer, text: str) -> Any:
    app.tabs.selected_index = 3
    app.resolve.queries.value = text
    result = app.resolve.submit()
    assert result is not None, app.resolve.error.value
    return result


def in_view(m: ipyleaflet.Map, lat: float, lng: float) -> bool:
    """Whether ``(lat, lng)`` is inside ``m``'s view (its centre, zoom and size)."""
    width, height, _ = map_size(m)
    x0, y0 = world_px(m.center[0], m.center[1], m.zoom)
    x, y = world_px(lat, lng, m.zoom)
    return abs(x - x0) < width / 2 and abs(y - y0) < height / 2


def places_on(m: ipyleaflet.Map) -> list[ipyleaflet.GeoJSON]:
    return [x for x in m.layers if isinstance(x, ipyleaflet.GeoJSON) and x.name == "mapsnb:places"]


def test_resolve_draws_the_resolved_places_on_the_shared_map(client: mapsnb.Client) -> None:
    app = Explorer(client)
    places(app)
    cafes = drawn(app.map)
    resolve(app, "Nairobi\nLima\nxqzzy no such place 42")
    assert not [x for x in cafes if x in app.map.layers or x in app.map.controls]
    frame = app.resolve.frame
    found = frame.loc[frame["ok"].astype(bool)]
    assert len(found) == 2 and not bool(frame["ok"].iloc[2])
    (layer,) = places_on(app.map)
    features = layer.data["features"]
    spots = sorted(tuple(f["geometry"]["coordinates"]) for f in features)
    assert spots == sorted(zip(found["matched_lng"], found["matched_lat"], strict=True))
    names = {f["properties"]["name"] for f in features}
    assert names == set(found["matched_name"])
    # a click on a place shows its name and a Google Maps link to it in the info box
    nairobi = next(f for f in features if f["properties"]["name"] == "Nairobi")
    layer._handle_mouse_events(
        None, {"event": "click", "feature": nairobi, "properties": nairobi["properties"]}, None
    )
    assert "Nairobi" in layer.info.value and "query_place_id=" in layer.info.value
    pid = str(found.loc[found["matched_name"] == "Nairobi", "place_id"].iloc[0])
    assert pid in layer.info.value
    # the view is fitted to both places: both inside the map, neither at the world view
    for lat, lng in zip(found["matched_lat"], found["matched_lng"], strict=True):
        assert in_view(app.map, lat, lng), (lat, lng, app.map.center, app.map.zoom)
    assert app.map.zoom >= 2
    # the sources credit the resolution (synthetic sandbox data)
    assert "synthetic" in app.map.attribution_control_instance.prefix
    # the next lookup (any tab, here Resolve again) removes them
    resolve(app, "Eiffel Tower")
    assert layer not in app.map.layers
    (again,) = places_on(app.map)
    assert [f["properties"]["name"] for f in again.data["features"]] == ["Eiffel Tower"]
    app.tabs.selected_index = 0
    places(app)
    assert again not in app.map.layers


def test_resolve_with_nothing_located_says_so_on_the_map(client: mapsnb.Client) -> None:
    app = Explorer(client)
    places(app)
    cafes = drawn(app.map)
    resolve(app, "xqzzy no such place 42")
    assert not [x for x in cafes if x in app.map.layers or x in app.map.controls]
    assert places_on(app.map) == []
    notes = [c for c in app.map.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert len(notes) == 1 and "nothing to draw" in notes[0].widget.value


def test_a_standalone_resolve_form_draws_on_the_map_it_is_given(client: mapsnb.Client) -> None:
    assert ResolveForm(client).map is None  # no map of its own
    m = ipyleaflet.Map()
    form = ResolveForm(client, m)
    form.queries.value = "Lima"
    assert form.submit() is not None, form.error.value
    (layer,) = places_on(m)
    assert layer.data["features"][0]["properties"]["name"] == "Lima"


def described(root: w.Widget) -> list[w.Widget]:
    """Every widget with a description or caption in ``root``'s tree."""
    found = [root] if getattr(root, "description", "") else []
    for child in getattr(root, "children", ()):
        found += described(child)
    return found


@pytest.mark.parametrize("make", [PlaceSearchForm, RouteForm, EnvironmentForm, ResolveForm])
def test_every_label_is_sized_to_its_text(client: mapsnb.Client, make: Any) -> None:
    form = make(client)
    if isinstance(form, RouteForm):
        form.add_waypoint("Berkeley, CA")
    widgets = described(form)
    assert len(widgets) >= 3
    for widget in widgets:
        style = getattr(widget, "style", None)
        if style is not None and hasattr(style, "description_width"):
            assert style.description_width == "initial", widget.description
        if isinstance(widget, (w.Button, w.Checkbox)):
            assert widget.layout.width == "auto", widget.description
    rows = [x for x in _tree(form) if isinstance(x, w.HBox)]
    assert rows and all(row.layout.flex_flow == "row wrap" for row in rows)


def _tree(root: w.Widget) -> list[w.Widget]:
    out = [root]
    for child in getattr(root, "children", ()):
        out += _tree(child)
    return out
