"""Ids of spots (bare points, typed street addresses) decode in any process, with no table.

An id the emulator gave in one process (resolve_names, a lat_lng waypoint) is used again in a
fresh interpreter (a restarted server, a replayed recording): it resolves to the same place,
and a route from it is the same route. Encoding and decoding round-trip for any point and any
label; malformed and forged ids are NOT_FOUND, never an exception.
"""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import quote_plus

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._types import PlaceId
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError
from mapsnb_sandbox.contract.features import decode_feature_id, feature_place_id, s2_cell_id
from mapsnb_sandbox.contract.ids import tagged_id
from mapsnb_sandbox.contract.spot_ids import (
    MAX_LABEL_BYTES,
    decode_point_id,
    decode_street_id,
    point_id,
    point_of,
    street_id,
    street_label,
)
from mapsnb_sandbox.tools.locations import resolve_place_id
from mapsnb_sandbox.world.landmarks import fold, street_key
from mapsnb_sandbox.world.resolved import place_view, point_resolved
from tests.sandbox.earth.fresh_process import fresh_answer

#: Not holdout rows: a street in Tartu, a street in Athens written in Greek, a point in Tartu.
STREETS = ["9 Rüütli, Tartu", "5 Καραγιώργη Σερβίας, Αθήνα"]
POINT = (58.3780123, 26.7290456)

_ASK = """
import json, sys
from mapsnb._types import PlaceId
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.tools.locations import resolve_place_id
sb = Sandbox(now="2026-09-18T15:00:00Z")
out = []
for pid, url in json.loads(sys.argv[1]):
    r = resolve_place_id(pid)
    route = sb.call_tool("compute_routes", {
        "origin": {"place_id": pid},
        "destination": {"lat_lng": {"latitude": r.lat + 0.05, "longitude": r.lng}},
        "include_polyline": True,
    })["routes"][0]
    back = sb.call_tool("resolve_maps_urls", {"urls": [url]})["entities"][0]["place"]
    out.append([list(r.__dict__.values()), route["distanceMeters"], route["encodedPolyline"], back])
print(json.dumps(out))
"""


def _answer(sb: Sandbox, pid: str, url: str) -> list[Any]:
    """What :data:`_ASK` prints for one id, asked in this process."""
    r = resolve_place_id(pid)
    assert r is not None, pid
    route = sb.call_tool(
        "compute_routes",
        {
            "origin": {"place_id": pid},
            "destination": {"lat_lng": {"latitude": r.lat + 0.05, "longitude": r.lng}},
            "include_polyline": True,
        },
    )["routes"][0]
    back = sb.call_tool("resolve_maps_urls", {"urls": [url]})["entities"][0]["place"]
    return [list(r.__dict__.values()), route["distanceMeters"], route["encodedPolyline"], back]


def test_spot_ids_resolve_identically_in_a_fresh_interpreter() -> None:
    """Ids from resolve_names and from a lat_lng waypoint, used by place id in a new process:
    the same place, the same route from it, the same place read back from a link."""
    sb = Sandbox(now="2026-09-18T15:00:00Z")
    queries = [{"text": t} for t in STREETS]
    results = sb.call_tool("resolve_names", {"queries": queries})["results"]
    asked: list[tuple[str, str]] = []
    for text, res in zip(STREETS, results, strict=True):
        assert res["sandboxMatch"]["matchedAs"] == "street", text
        pid = res["entity"]["place"].removeprefix("places/")
        label = res["sandboxMatch"]["name"]
        assert decode_street_id(pid) is not None and label == text.split(",")[0]
        assert PlaceId(pid) == pid  # the client takes it as it takes any place id
        # the Maps URLs form keeps the label: the id itself rides in query_place_id
        asked.append(
            (
                pid,
                f"https://www.google.com/maps/search/?api=1&query={quote_plus(label)}"
                f"&query_place_id={pid}",
            )
        )
    point = point_resolved(*POINT)
    asked.append((point.place_id, place_view(point)["googleMapsLinks"]["placeUrl"]))
    here = [_answer(sb, pid, url) for pid, url in asked]
    there = fresh_answer(_ASK, asked, timeout=300)
    assert there == here
    for (pid, _), (resolved, _, _, back) in zip(asked, there, strict=True):
        assert resolved[4] == pid and back == f"places/{pid}"  # the id and the place read back
    assert [r[0][5] for r in there] == ["street_address", "street_address", "coordinates"]
    assert there[2][0][:2] == list(point_of(*POINT))


def test_a_street_address_link_is_its_point_feature_id() -> None:
    """googleMapsLinks hold a feature id, as live ones: a street address's links carry its point,
    so a link resolves back to the point (the typed label is lost from the link only)."""
    sb = Sandbox()
    res = sb.call_tool("resolve_names", {"queries": [{"text": STREETS[0]}]})["results"][0]
    street = resolve_place_id(res["entity"]["place"])
    assert street is not None and street.kind == "street_address"
    links = place_view(street)["googleMapsLinks"]
    point = point_id(street.lat, street.lng)
    cell, fprint = decode_feature_id(point)  # type: ignore[misc]
    assert all(f"!1s{cell:#x}:{fprint:#x}" in url for url in links.values())
    urls = [links["placeUrl"], links["directionsUrl"]]
    out = sb.call_tool("resolve_maps_urls", {"urls": urls})
    assert out["entities"][0]["place"] == f"places/{point}"
    back = resolve_place_id(point)
    assert back is not None and (back.lat, back.lng) == (street.lat, street.lng)


def test_old_spot_ids_and_unknown_towns_are_not_found() -> None:
    """An id of the earlier hashed form (a town-tagged number above every town's) and a street
    id naming a town that does not exist: NOT_FOUND, cleanly."""
    old = tagged_id(1, (1 << 24) + 26 * 26 + 12345, *POINT)
    unknown_town = street_id("9 Rüütli", 1, 58.0, 26.0)
    sb = Sandbox()
    for pid in (old, unknown_town):
        assert resolve_place_id(pid) is None
        with pytest.raises(SandboxToolError) as caught:
            sb.call_tool(
                "compute_routes",
                {"origin": {"place_id": pid}, "destination": {"address": "Tartu, Estonia"}},
            )
        assert caught.value.status == "NOT_FOUND"


def test_a_street_too_long_for_an_id_is_not_a_street() -> None:
    """A typed street part beyond MAX_LABEL_BYTES is read as something in the town, never given
    an id that cannot carry it."""
    text = "9 " + "Rüütli " * (MAX_LABEL_BYTES // 7) + ", Tartu"
    [res] = Sandbox().call_tool("resolve_names", {"queries": [{"text": text}]})["results"]
    assert res["sandboxMatch"]["matchedAs"] != "street"  # the town, approximately
    assert resolve_place_id(res["entity"]["place"]) is not None


# --------------------------------------------------------------------------- properties

_LATS = st.floats(-90, 90, allow_nan=False)
_LNGS = st.floats(-180, 180, allow_nan=False)
_LABELS = st.text(min_size=1, max_size=80).filter(lambda t: street_label(t) is not None)


@settings(max_examples=300, deadline=None)
@given(_LATS, _LNGS)
def test_point_ids_round_trip(lat: float, lng: float) -> None:
    pid = point_id(lat, lng)
    assert decode_point_id(pid) == point_of(lat, lng)
    assert point_id(*point_of(lat, lng)) == pid
    pole = abs(point_of(lat, lng)[0]) == 90  # one point: longitude 0
    assert abs(point_of(lat, lng)[0] - lat) <= 5e-7
    assert abs(point_of(lat, lng)[1] - lng) <= 5e-7 or pole
    assert decode_street_id(pid) is None


@settings(max_examples=300, deadline=None)
@given(_LABELS, st.integers(0, 2**31), _LATS, _LNGS, st.sampled_from(["", "75004", "SW1A 2AA"]))
def test_street_ids_round_trip(label: str, gid: int, lat: float, lng: float, code: str) -> None:
    text = street_label(label)
    assert text is not None
    pid = street_id(text, gid, lat, lng, code)
    decoded = decode_street_id(pid)
    assert decoded is not None
    assert decoded[:2] == (text, gid) and decoded[4] == code
    assert street_id(text, gid, decoded[2], decoded[3], code) == pid
    assert decode_point_id(pid) is None and decode_feature_id(pid) is None
    assert street_key(fold(text)) == street_key(fold(label))  # the key the geocoder gave it


def _forged(pid: str, at: int, char: str) -> str:
    return pid[:at] + char + pid[at + 1 :]


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@settings(max_examples=300, deadline=None)
@given(_LATS, _LNGS, _LABELS, st.integers(0, 400), st.sampled_from(_B64))
def test_forged_ids_are_not_found(lat: float, lng: float, label: str, at: int, char: str) -> None:
    """One character changed in a point's or a street's id: never an exception, and either
    nothing or (the same character) the same place."""
    text = street_label(label) or "1 Main Street"
    tartu = 588335  # GeoNames: Tartu, Estonia
    for pid, decode in (
        (point_id(lat, lng), decode_point_id),
        (street_id(text, tartu, 58.38, 26.72), decode_street_id),
    ):
        forged = _forged(pid, at % len(pid), char)
        assert decode(forged) is None or forged == pid, (pid, forged)  # type: ignore[operator]
        found = resolve_place_id(forged)
        assert found is None or forged == pid, (pid, forged)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.binary(max_size=120)))
def test_malformed_ids_are_not_found(junk: str | bytes) -> None:
    """Any text, and any bytes dressed as an ``E…`` or ``ChIJ…`` id: NOT_FOUND, no exception."""
    if isinstance(junk, bytes):
        wrapped = base64.urlsafe_b64encode(b"\x12" + junk).decode().rstrip("=")
        feature = base64.urlsafe_b64encode(b"\x0a\x12\x09" + junk[:17]).decode().rstrip("=")
        candidates = [wrapped, feature]
    else:
        candidates = [junk, "E" + junk, "ChIJ" + junk]
    for pid in candidates:
        assert decode_point_id(pid) is None or point_id(*decode_point_id(pid)) == pid  # type: ignore[misc]
        assert (
            decode_street_id(pid) is None
            or street_id(
                *decode_street_id(pid)  # type: ignore[misc]
            )
            == pid
        )
        resolve_place_id(pid)  # no exception


@pytest.mark.parametrize("lng", [-180.0, 180.0, 0.0])
@pytest.mark.parametrize("lat", [-90.0, 90.0, 0.0])
def test_the_ends_of_the_earth_have_point_ids(lat: float, lng: float) -> None:
    """Every corner of the grid has an id; at a pole every longitude names the one point."""
    pid = point_id(lat, lng)
    assert decode_point_id(pid) == (lat, 0.0 if abs(lat) == 90 else lng)  # a pole: one point
    cell, _ = decode_feature_id(pid)  # type: ignore[misc]
    assert cell == s2_cell_id(lat, lng, 30) and feature_place_id(cell, _) == pid


@pytest.mark.parametrize("lng", [-95.94915502946873, 12.5, 179.0])
def test_a_pole_id_forged_in_its_longitude_is_no_place(lng: float) -> None:
    """At a pole the cell tells no longitude apart; only the 5-bit check guarded the longitude
    bits ("ChIJAQAAAAAAAFARo3sQoABU6mo" of lat 90 read as 90, -96.08): every character of
    every such id changed to every other is nothing, or the same point."""
    pid = point_id(90.0, lng)
    for at in range(len(pid)):
        for char in _B64:
            forged = _forged(pid, at, char)
            assert decode_point_id(forged) in (None, (90.0, 0.0)), forged
