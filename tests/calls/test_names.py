"""Names instead of ids: the client's name book, and routes' ends named in results and frames
(sync and async clients, recordings and cache replays; the book is never stored)."""

from __future__ import annotations

import asyncio
import json
import math
import re
from pathlib import Path

import pytest

import mapsnb
from mapsnb._read.names import NameBook, point_label, route_end_names, url_place_name

NOW = "2026-06-01T12:00:00Z"
#: A point printed with 4 or more decimals ("-1.2906,36.8283"): noise nobody reads.
NOISE = re.compile(r"-?\d+\.\d{4,}")
PAIR = re.compile(r"^-?\d+\.\d{3}, -?\d+\.\d{3}$")


def _offset(lat: float, lng: float, metres_north: float) -> tuple[float, float]:
    return lat + metres_north / 111_195.0, lng


def _texts(routes: mapsnb.results.RoutesResult) -> list[str]:
    """Every text of a route result people read: its ends' names and its credits."""
    df = routes.to_frame()
    path = routes.path_frame()
    texts = [str(v) for v in (*df["origin_name"], *df["destination_name"]) if isinstance(v, str)]
    texts += [str(c["title"]) for c in (*df.attrs["attributions"], *path.attrs["attributions"])]
    return texts


def _no_ids(texts: list[str]) -> None:
    for text in texts:
        assert "ChIJ" not in text and "place_id" not in text and "places/" not in text, text
        assert not text.startswith("place "), text
        assert not NOISE.search(text), text


@pytest.fixture
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


def test_a_route_from_a_searched_place_is_named_in_the_result_and_frames(client) -> None:
    places = client.search_places("museum in Paris", page_size=3).to_frame()
    louvre = client.resolve_names(["Louvre Museum"]).to_frame()
    assert client.names.get(places["place_id"].iloc[0]) == places["name"].iloc[0]
    routes = client.compute_routes(
        mapsnb.PlaceId(places["place_id"].iloc[0]),
        mapsnb.PlaceId(louvre["place_id"].iloc[0]),
        include_polyline=True,
    )
    expected = (places["name"].iloc[0], louvre["matched_name"].iloc[0])
    assert routes.end_names == expected
    df = routes.to_frame()
    assert (df["origin_name"].iloc[0], df["destination_name"].iloc[0]) == expected
    assert df["origin"].iloc[0].startswith("place_id:")  # the end as asked is kept
    credit = df.attrs["attributions"][0]["title"]
    assert credit.startswith(f"{expected[0]} to {expected[1]}")  # the provider's words stay
    assert df["attribution_title"].iloc[0] == credit
    assert routes.raw["routes"][0]["attribution"]["title"] == credit  # shown as given
    _no_ids(_texts(routes))


def test_a_route_between_coordinates_reads_as_rounded_pairs_or_near_places(client) -> None:
    far = client.compute_routes((-1.2906, 36.8283), (-1.2798, 36.8163), include_polyline=True)
    assert all(PAIR.match(name or "") for name in far.end_names), far.end_names
    assert far.end_names[0] == point_label(-1.2906, 36.8283) == "-1.291, 36.828"
    _no_ids(_texts(far))

    places = client.search_places("cafes in Nairobi", page_size=5).to_frame()
    lat, lng, name = places["lat"].iloc[1], places["lng"].iloc[1], places["name"].iloc[1]
    other = places.iloc[2]
    near = client.compute_routes(
        _offset(lat, lng, 150), (other["lat"], other["lng"]), include_polyline=True
    )
    assert near.end_names == (f"near {name}", other["name"])
    _no_ids(_texts(near))


def test_an_address_end_teaches_its_point(client) -> None:
    asked = client.compute_routes("Moi Avenue, Nairobi", (-1.2798, 36.8163), include_polyline=True)
    assert asked.end_names[0] == "Moi Avenue, Nairobi"
    start = asked.routes[0].path()[0]
    later = client.compute_routes(_offset(*start, 120), (-1.2798, 36.8163), include_polyline=True)
    assert later.end_names[0] == "near Moi Avenue, Nairobi"


def test_a_place_never_seen_reads_as_its_point_never_its_id(client) -> None:
    stranger = mapsnb.Client(now=NOW).search_places("museum in Lyon", page_size=2).to_frame()
    routes = client.compute_routes(
        mapsnb.PlaceId(stranger["place_id"].iloc[0]),
        mapsnb.PlaceId(stranger["place_id"].iloc[1]),
        include_polyline=True,
    )
    assert stranger["place_id"].iloc[0] not in client.names
    assert all(PAIR.match(name or "") for name in routes.end_names), routes.end_names
    start = routes.routes[0].path()[0]
    assert routes.end_names[0] == point_label(*start)
    _no_ids(_texts(routes))


def test_the_async_client_names_routes_too() -> None:
    async def run() -> tuple[tuple[str | None, str | None], str, str]:
        async with mapsnb.AsyncClient(now=NOW) as client:
            places = (await client.search_places("bakery in Lima", page_size=2)).to_frame()
            routes = await client.compute_routes(
                mapsnb.PlaceId(places["place_id"].iloc[0]),
                mapsnb.PlaceId(places["place_id"].iloc[1]),
                include_polyline=True,
            )
            return routes.end_names, places["name"].iloc[0], places["name"].iloc[1]

    ends, first, second = asyncio.run(run())
    assert ends == (first, second)


def test_names_come_back_in_replays_and_are_never_stored(tmp_path: Path) -> None:
    record, cache = tmp_path / "calls.json", tmp_path / "calls.sqlite3"

    def session(c: mapsnb.Client) -> mapsnb.results.RoutesResult:
        places = c.search_places("museum in Paris", page_size=2).to_frame()
        return c.compute_routes(
            mapsnb.PlaceId(places["place_id"].iloc[0]),
            mapsnb.PlaceId(places["place_id"].iloc[1]),
            include_polyline=True,
        )

    with mapsnb.Client(now=NOW, record=record, mode="record", cache=cache) as live:
        first = session(live)
    assert None not in first.end_names
    stored = record.read_text(encoding="utf-8")
    for derived in ("origin_name", "end_names", "destination_name"):
        assert derived not in stored
    route_payloads = [c for c in json.loads(stored)["calls"] if c["tool"] == "compute_routes"]
    assert next(c.get("payload", c.get("result")) for c in route_payloads) == first.raw

    with mapsnb.Client(record=record, mode="replay") as replay:
        assert replay.source == "replay"
        assert session(replay).end_names == first.end_names
    with mapsnb.Client(now=NOW, cache=cache) as cached:
        again = session(cached)
        assert again.recorded_at is not None  # from the cache
        assert again.end_names == first.end_names
    # a fresh client that did not see the search: no name, no id either
    with mapsnb.Client(now=NOW, cache=cache) as fresh:
        routes = fresh.compute_routes(
            mapsnb.PlaceId(first.request["origin"]["place_id"]),
            mapsnb.PlaceId(first.request["destination"]["place_id"]),
            include_polyline=True,
        )
        assert len(fresh.names) == 0
        assert all(PAIR.match(name or "") for name in routes.end_names)


def test_the_name_book_is_bounded_and_forgets_the_oldest() -> None:
    book = NameBook(max_places=3)
    for i in range(5):
        book.add(f"ChIJ{i}", f"Place {i}", 10 + i * 0.01, 20.0)
    assert len(book) == 6 and book.get("ChIJ0") is None and book.get("places/ChIJ4") == "Place 4"
    assert book.near(10.0, 20.0) is None  # its point went with it
    assert book.near(10.04, 20.0) == "Place 4"
    assert book.near(*_offset(10.04, 20.0, 200)) == "near Place 4"
    assert book.near(*_offset(10.04, 20.0, 600)) is None
    book.add("ChIJ9", "ChIJ9")  # an id is never a name
    book.add("ChIJ8", "  ")
    assert "ChIJ9" not in book and "ChIJ8" not in book


def test_route_end_names_without_a_book_never_show_ids() -> None:
    request = {"origin": {"place_id": "ChIJAbc"}, "destination": {"address": "Lima"}}
    assert route_end_names(request, {"routes": []}) == (None, "Lima")
    point = {"origin": {"lat_lng": {"latitude": 48.8566, "longitude": 2.3522}}, "destination": "x"}
    assert route_end_names(point)[0] == "48.857, 2.352"
    assert math.isclose(float(route_end_names(point)[0].split(", ")[1]), 2.352)


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("https://www.google.com/maps/place/Louvre+Museum/@48.86,2.33,17z", "Louvre Museum"),
        ("https://www.google.com/maps/search/?api=1&query=Caf%C3%A9+Luna", "Café Luna"),
        ("https://www.google.com/maps/place//data=!4m2!3m1!1s0x4368", None),
        ("https://maps.app.goo.gl/abc", None),
    ],
)
def test_a_maps_link_names_its_place(url: str, name: str | None) -> None:
    assert url_place_name(url) == name
