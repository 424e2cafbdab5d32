"""Value objects users pass in: LatLng, PlaceId, Circle, Viewport."""

from __future__ import annotations

import math

import pytest

import mapsnb
from mapsnb import Circle, InvalidRequest, LatLng, PlaceId, Viewport


# ------------------------------------------------------------------------------ LatLng
def test_latlng_is_a_named_pair() -> None:
    p = LatLng(37.7749, -122.4194)
    assert (p.lat, p.lng) == (37.7749, -122.4194)
    lat, lng = p
    assert (lat, lng) == (37.7749, -122.4194)
    assert p == (37.7749, -122.4194)
    assert repr(p) == "LatLng(lat=37.7749, lng=-122.4194)"


def test_latlng_to_wire_gives_floats() -> None:
    wire = LatLng(1, -2).to_wire()
    assert wire == {"latitude": 1.0, "longitude": -2.0}
    assert all(type(v) is float for v in wire.values())


@pytest.mark.parametrize("lat, lng", [(90, 180), (-90, -180), (0, 0)])
def test_latlng_bounds_are_inclusive(lat: float, lng: float) -> None:
    assert LatLng(lat, lng).to_wire() == {"latitude": float(lat), "longitude": float(lng)}


@pytest.mark.parametrize(
    "lat, lng, bad",
    [
        (91, 0, "latitude"),
        (-91, 0, "latitude"),
        (math.nan, 0, "latitude"),
        (math.inf, 0, "latitude"),
        (0, 181, "longitude"),
        (0, -180.0001, "longitude"),
        (0, math.nan, "longitude"),
        ("1", 0, "latitude"),
        (True, 0, "latitude"),
        (0, None, "longitude"),
    ],
)
def test_latlng_to_wire_rejects(lat: object, lng: object, bad: str) -> None:
    with pytest.raises(InvalidRequest) as info:
        LatLng(lat, lng).to_wire("origin.lat_lng")  # type: ignore[arg-type]
    assert info.value.field == f"origin.lat_lng.{bad}"
    assert "must" in info.value.rule
    assert str(info.value) == f"{info.value.field}: {info.value.rule}"


def test_invalid_request_is_a_value_error() -> None:
    with pytest.raises(ValueError, match=r"^x\.latitude: must be within"):
        LatLng(100, 0).to_wire("x")


# ------------------------------------------------------------------------------ PlaceId
def test_place_id_is_a_str() -> None:
    pid = PlaceId("ChIJOwE_Id1w5EAR4Q27FkL6T_0")
    assert isinstance(pid, str)
    assert pid == "ChIJOwE_Id1w5EAR4Q27FkL6T_0"
    assert repr(pid) == "PlaceId('ChIJOwE_Id1w5EAR4Q27FkL6T_0')"
    assert pid.resource_name == "places/ChIJOwE_Id1w5EAR4Q27FkL6T_0"


def test_place_id_accepts_resource_name_and_strips() -> None:
    assert PlaceId("places/ChIJabc") == "ChIJabc"
    assert PlaceId("  ChIJabc \n") == "ChIJabc"
    assert PlaceId(PlaceId("places/ChIJabc")).resource_name == "places/ChIJabc"


@pytest.mark.parametrize("value", ["", "   ", "places/"])
def test_place_id_rejects_empty(value: str) -> None:
    with pytest.raises(InvalidRequest) as info:
        PlaceId(value)
    assert info.value.field == "place_id"
    assert "non-empty" in info.value.rule


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "must be a string"),
        (42, "must be a string"),
        (3.5, "must be a string"),
        (b"ChIJabc", "must be a string"),
        (["ChIJabc"], "must be a string"),
        ("ChIJ\x00abc", "control characters (U+0000"),
        ("ChIJ\nabc", "control characters (U+000A"),
        ("ChIJ\u202eabc", "control characters (U+202E"),
        ("places/ChIJ\x7f", "control characters (U+007F"),
        ("x" * 1025, "at most 1024 characters"),
    ],
)
def test_place_id_refuses_what_is_not_a_place_id(value: object, words: str) -> None:
    """``PlaceId(None)`` once became the place id ``"None"``: every bad value is named."""
    with pytest.raises(InvalidRequest) as info:
        PlaceId(value)  # type: ignore[arg-type]
    assert info.value.field == "place_id"
    assert words in info.value.rule
    assert "'None'" not in str(info.value)


def test_a_place_id_refusal_never_echoes_a_long_value() -> None:
    with pytest.raises(InvalidRequest) as info:
        PlaceId("y" * 5000)
    assert "y" * 100 not in str(info.value)


# ------------------------------------------------------------------------------ Circle
def test_circle_to_wire_snake_case_and_integer_radius() -> None:
    assert Circle(34.052235, -118.243683, 5000).to_wire() == {
        "circle": {
            "center": {"latitude": 34.052235, "longitude": -118.243683},
            "radius_meters": 5000,
        }
    }
    wire = Circle(1, 2, 5000.0).to_wire()
    assert wire["circle"]["radius_meters"] == 5000  # type: ignore[index]
    assert type(wire["circle"]["radius_meters"]) is int  # type: ignore[index]
    assert Circle(1, 2, 12.5).to_wire()["circle"]["radius_meters"] == 12.5  # type: ignore[index]


def test_circle_without_radius_omits_it() -> None:
    c = Circle(1, 2)
    assert c.radius_m is None
    assert c.to_wire() == {"circle": {"center": {"latitude": 1.0, "longitude": 2.0}}}


def test_circle_repr() -> None:
    assert repr(Circle(1.5, 2.5, 300)) == "Circle(lat=1.5, lng=2.5, radius_m=300)"


@pytest.mark.parametrize("radius", [50_000, 1, 0.5])
def test_circle_radius_accepted(radius: float) -> None:
    assert Circle(0, 0, radius).to_wire()["circle"]["radius_meters"] == radius  # type: ignore[index]


@pytest.mark.parametrize("radius", [0, -1, 50_001, 50_000.5, math.nan, math.inf, "100", True])
def test_circle_radius_rejected(radius: object) -> None:
    with pytest.raises(InvalidRequest) as info:
        Circle(0, 0, radius).to_wire()  # type: ignore[arg-type]
    assert info.value.field == "location_bias.radius_m"
    assert "metres" in info.value.rule


def test_circle_center_checked() -> None:
    with pytest.raises(InvalidRequest) as info:
        Circle(95, 0, 10).to_wire()
    assert info.value.field == "location_bias.center.latitude"


# ------------------------------------------------------------------------------ Viewport
def test_viewport_to_wire_accepts_tuples_and_latlng() -> None:
    vp = Viewport(LatLng(37.7, -122.5), (37.8, -122.3))
    assert vp.to_wire() == {
        "viewport": {
            "low": {"latitude": 37.7, "longitude": -122.5},
            "high": {"latitude": 37.8, "longitude": -122.3},
        }
    }
    assert repr(vp) == "Viewport(low=LatLng(lat=37.7, lng=-122.5), high=(37.8, -122.3))"


def test_viewport_may_cross_the_antimeridian() -> None:
    wire = Viewport((-10, 170), (10, -170)).to_wire()
    assert wire["viewport"]["low"]["longitude"] == 170.0  # type: ignore[index]


@pytest.mark.parametrize(
    "low, high, field",
    [
        ((1, 2), None, "location_bias.viewport.high"),
        (None, (1, 2), "location_bias.viewport.low"),
        ((1, 2), 5, "location_bias.viewport.high"),
        ((1, 2, 3), (4, 5), "location_bias.viewport.low"),
        ((1, 2), (91, 5), "location_bias.viewport.high.latitude"),
        ((10, 0), (5, 1), "location_bias.viewport"),
    ],
)
def test_viewport_rejects(low: object, high: object, field: str) -> None:
    with pytest.raises(InvalidRequest) as info:
        Viewport(low, high).to_wire()  # type: ignore[arg-type]
    assert info.value.field == field
    assert info.value.rule


def test_types_are_exported_from_the_package() -> None:
    assert mapsnb.LatLng is LatLng
    assert mapsnb.PlaceId is PlaceId
    assert mapsnb.Circle is Circle
    assert mapsnb.Viewport is Viewport


def test_client_signatures_are_the_documented_contract() -> None:
    import inspect

    expected = ["api_key", "url", "token", "quota_project", "timeout", "max_retries"]
    for cls in (mapsnb.Client, mapsnb.AsyncClient):
        params = list(inspect.signature(cls).parameters)
        assert params[: len(expected)] == expected, cls
        assert inspect.signature(cls).parameters["url"].kind is inspect.Parameter.KEYWORD_ONLY
    client = mapsnb.Client()
    assert client.timeout == 30.0 and client.max_retries == 3
