"""A town's name with a one-character kind glued after it, as Japanese, Korean and Chinese
write a town's station or temple (found as a new user would, 2026-12-06): "京都駅" (Kyoto
Station) and "서울역" (Seoul Station) listed nothing and could not be routed to, while
"Kyoto Station" and "京都の駅" were read. Now the kind closes the word and the rest is the
town: a search lists that kind near it, ``resolve_names`` and routes take the town (LOW, the
station itself being unknown). A station the world holds (``data/famous_stations.csv``:
"京都駅", "서울역", "广州站") is that station. Truth: the towns' and stations' coordinates from
their Wikipedia articles."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

TOWNS = [
    ("松本駅", "ja", (36.2380, 137.9720)),
    ("旭川駅", "ja", (43.7706, 142.3650)),
    ("전주역", "ko", (35.8242, 127.1480)),
    ("춘천역", "ko", (37.8813, 127.7298)),
    ("洛阳站", "zh", (34.6197, 112.4540)),  # "站": the supplement's one-character Chinese name
]
#: Stations the world now holds (``data/famous_stations.csv``, h-stations18b): the station
#: itself, not its town (the examples above until then); truth: the stations' Wikipedia points.
KNOWN = [
    ("京都駅", "ja", (34.9858, 135.7589)),
    ("札幌駅", "ja", (43.0686, 141.3508)),
    ("서울역", "ko", (37.5547, 126.9707)),
    ("대전역", "ko", (36.3324, 127.4342)),
    ("广州站", "zh", (23.1494, 113.2572)),
]


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(("text", "lang", "town"), TOWNS)
def test_a_search_lists_the_kind_near_the_town(
    box: Sandbox, text: str, lang: str, town: tuple[float, float]
) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out.get("places") or []
    assert len(places) > 1, out["summary"]
    where = places[0]["location"]
    assert haversine_m(where["latitude"], where["longitude"], *town) < 25_000


@pytest.mark.parametrize(("text", "lang", "town"), TOWNS)
def test_resolve_names_gives_the_town_low(
    box: Sandbox, text: str, lang: str, town: tuple[float, float]
) -> None:
    out = box.call_tool("resolve_names", {"queries": [{"text": text}], "language_code": lang})
    result = out["results"][0]
    assert result["confidence"] == "LOW", result
    where = result["sandboxMatch"]["location"]
    assert haversine_m(where["latitude"], where["longitude"], *town) < 25_000


@pytest.mark.parametrize(("text", "lang", "station"), KNOWN)
def test_a_station_the_world_holds_is_that_station(
    box: Sandbox, text: str, lang: str, station: tuple[float, float]
) -> None:
    out = box.call_tool("resolve_names", {"queries": [{"text": text}], "language_code": lang})
    result = out["results"][0]
    assert result["confidence"] in ("HIGH", "MEDIUM"), result
    where = result["sandboxMatch"]["location"]
    assert haversine_m(where["latitude"], where["longitude"], *station) < 1_500


def test_a_route_between_two_stations(box: Sandbox) -> None:
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": "東京駅"}, "destination": {"address": "京都駅"}},
    )
    assert 350_000 < out["routes"][0]["distanceMeters"] < 600_000


@pytest.mark.parametrize("text", ["マラボ", "東京駅"])
def test_a_town_or_a_known_station_stays_itself(box: Sandbox, text: str) -> None:
    out = box.call_tool("resolve_names", {"queries": [{"text": text}], "language_code": "ja"})
    assert out["results"][0]["confidence"] != "LOW", out
