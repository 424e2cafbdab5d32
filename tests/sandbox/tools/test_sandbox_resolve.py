"""resolve_names and resolve_maps_urls in the emulator (TOOLS.md §6 facts 6-15)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mapsnb_sandbox.contract.common import Context, SandboxToolError
from mapsnb_sandbox.tools import locations as _locations
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.tools.resolve import resolve_maps_urls, resolve_names
from mapsnb_sandbox.world import geocode as _geo
from mapsnb_sandbox.world import landmarks as _landmarks
from tests.sandbox.landmark_table import landmark_table

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
EIFFEL = "ChIJLU7jZClu5kcR4PcOOO6p3I0"

LANDMARKS = """key,name,aliases,kind,address,city,region,country_code,lat,lng,place_id
eiffel_tower,Eiffel Tower,Tour Eiffel|Torre Eiffel,landmark,"Champ de Mars, 75007 Paris, France",Paris,Île-de-France,FR,48.8584,2.2945,ChIJLU7jZClu5kcR4PcOOO6p3I0
googleplex,Googleplex,Google HQ,landmark,"1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",Mountain View,CA,US,37.422,-122.0841,
sf_moma,San Francisco Museum of Modern Art,SF MoMA,museum,"151 3rd St, San Francisco, CA 94103, USA",San Francisco,CA,US,37.78571,-122.40107,
union_station_la,Union Station,LA Union Station,station,"800 N Alameda St, Los Angeles, CA 90012, USA",Los Angeles,CA,US,34.0562,-118.2365,
union_station_dc,Union Station,Washington Union Station,station,"50 Massachusetts Ave NE, Washington, DC 20002, USA",Washington,DC,US,38.8973,-77.0063,
"""


@pytest.fixture(autouse=True)
def landmarks(tmp_path: Path) -> Iterator[None]:
    with landmark_table(tmp_path, LANDMARKS):
        yield


def names(*texts: str, **extra: object) -> dict:
    return resolve_names({"queries": [{"text": t} for t in texts], **extra}, CTX)


def urls(*items: str) -> dict:
    return resolve_maps_urls({"urls": list(items)}, CTX)


def place_of(entry: dict) -> str:
    return entry["entity"]["place"] if "entity" in entry else entry["place"]


# --------------------------------------------------------------------------- resolve_names


def test_batch_is_one_to_one_with_failures_as_empty() -> None:
    out = names(
        "Eiffel Tower, Paris", "Xyzzy Plughland", "Starbucks", "San Francisco", "restaurants"
    )
    res = out["results"]
    assert len(res) == 5
    match = res[0].pop("sandboxMatch")  # sandbox-only: what the query was matched to
    assert match["name"] == "Eiffel Tower" and match["matchedAs"] == "name"
    assert res[0] == {"entity": {"place": f"places/{EIFFEL}"}, "confidence": "HIGH"}
    assert res[1] == {} and res[2] == {} and res[4] == {}
    assert res[3]["confidence"] == "MEDIUM" and res[3]["entity"]["place"].startswith("places/ChIJ")
    failed = out["failedRequests"]
    assert set(failed) == {"1", "2", "4"}  # string keys, only failed indices
    assert failed["1"]["code"] == 5 and failed["2"]["code"] == 3 and failed["4"]["code"] == 3
    for status in failed.values():
        assert set(status) == {"code", "message", "details"}
        assert status["details"] == [] and status["message"]
    assert out["saveToMapsUrl"].startswith("https://www.google.com/maps/")


@pytest.mark.parametrize(
    "text", ["Starbucks", "McDonald's", "walmart", "Subway", "coffee shops", "restaurants"]
)
def test_generic_and_chain_queries_fail_with_code_3(text: str) -> None:
    out = names(text)
    assert out["results"] == [{}] and out["failedRequests"]["0"]["code"] == 3
    assert "saveToMapsUrl" not in out


def test_confidence_levels() -> None:
    res = names("Googleplex", "1600 Amphitheatre Pkwy, Mountain View, CA", "SF MoMA", "Paris")[
        "results"
    ]
    assert [r["confidence"] for r in res] == ["HIGH", "HIGH", "MEDIUM", "MEDIUM"]
    assert res[0]["entity"] == res[1]["entity"]
    assert all(r["confidence"] in ("HIGH", "MEDIUM") for r in res)


def test_no_failed_requests_when_all_succeed() -> None:
    out = names("Eiffel Tower", "Googleplex")
    assert "failedRequests" not in out and len(out["results"]) == 2


def test_batch_limits_and_query_shape() -> None:
    assert len(names(*["Paris"] * 20)["results"]) == 20
    for bad in ({"queries": []}, {"queries": [{"text": "Paris"}] * 21}, {}, {"queries": "Paris"}):
        with pytest.raises(SandboxToolError) as err:
            resolve_names(bad, CTX)
        assert err.value.status == "INVALID_ARGUMENT" and "queries" in err.value.message
    for bad_q in ({"text": ""}, {}, {"text": 3}):
        with pytest.raises(SandboxToolError) as err:
            resolve_names({"queries": [{"text": "Paris"}, bad_q]}, CTX)
        assert "queries[1].text" in err.value.message


def test_viewport_bias_wins_over_region_code() -> None:
    dc_box = {
        "viewport": {
            "low": {"latitude": 38.8, "longitude": -77.1},
            "high": {"latitude": 39.0, "longitude": -76.9},
        }
    }
    la = names(
        "Union Station",
        region_code="US",
        location_bias={
            "viewport": {
                "low": {"latitude": 33.9, "longitude": -118.4},
                "high": {"latitude": 34.2, "longitude": -118.1},
            }
        },
    )
    dc = names("Union Station", region_code="US", location_bias=dc_box)
    assert la["results"][0]["entity"] != dc["results"][0]["entity"]
    paris_fr = names("Paris", region_code="FR")["results"][0]["entity"]
    paris_us = names("Paris", region_code="US")["results"][0]["entity"]
    assert paris_fr != paris_us
    tx_box = {
        "viewport": {
            "low": {"latitude": 33.5, "longitude": -95.8},
            "high": {"latitude": 33.8, "longitude": -95.3},
        }
    }
    biased = names("Paris", region_code="FR", locationBias=tx_box)["results"][0]["entity"]
    assert biased == paris_us  # location_bias beats region_code
    for bad in ({"viewport": {"low": {"latitude": 1, "longitude": 1}}}, {"circle": {}}):
        with pytest.raises(SandboxToolError) as err:
            names("Paris", location_bias=bad)
        assert err.value.status == "INVALID_ARGUMENT" and "location_bias" in err.value.message
    with pytest.raises(SandboxToolError):
        names("Paris", region_code="250")


def test_save_url_covers_resolved_places_deterministically() -> None:
    a = names("Eiffel Tower", "Googleplex")["saveToMapsUrl"]
    assert a == names("Eiffel Tower", "Googleplex", "Xyzzy Plughland")["saveToMapsUrl"]
    assert a != names("Eiffel Tower")["saveToMapsUrl"]


def test_resolved_ids_work_downstream() -> None:
    pid = place_of(names("SF MoMA")["results"][0]).removeprefix("places/")
    assert (
        _locations.resolve_location({"place_id": pid}, CTX).name
        == "San Francisco Museum of Modern Art"
    )
    city = place_of(names("Lisbon")["results"][0]).removeprefix("places/")
    assert _locations.resolve_location({"place_id": city}, CTX).name == "Lisbon"


# --------------------------------------------------------------------------- resolve_maps_urls


def test_url_shapes() -> None:
    moma = _geo.resolve_text("SF MoMA").place_id
    out = urls(
        "https://www.google.com/maps/place/Eiffel+Tower/@48.8584,2.2945,17z/data=!3m1",
        f"https://www.google.com/maps/search/?api=1&query=Whatever&query_place_id={moma}",
        "https://maps.google.com/?q=37.7749,-122.4194",
        "https://www.google.com/maps/place/Unnamed+Spot/@10.5,20.25,15z",
    )
    ents = out["entities"]
    assert ents[0] == {"place": f"places/{EIFFEL}"}
    assert ents[1] == {"place": f"places/{moma}"}
    p2 = _locations.resolve_place_id(ents[2]["place"])
    assert (p2.lat, p2.lng, p2.kind) == (37.7749, -122.4194, "coordinates")
    p3 = _locations.resolve_place_id(ents[3]["place"])
    assert (p3.lat, p3.lng) == (10.5, 20.25)  # unknown name: the point itself
    assert "failedRequests" not in out and out["saveToMapsUrl"]


def test_short_and_cid_links_fail_clearly() -> None:
    out = urls(
        "https://maps.app.goo.gl/code1",
        "https://goo.gl/maps/abcdef",
        "https://maps.google.com/?cid=7",
        "https://www.google.com/maps?cid=12345678901234567",
    )
    assert out["entities"] == [{}, {}, {}, {}] and "saveToMapsUrl" not in out
    for i in range(4):
        rec = out["failedRequests"][str(i)]
        assert rec.keys() == {"code", "message"} and rec["code"] == 5  # the live record's shape
        assert "cannot expand" in rec["message"] and "offline" in rec["message"]


def test_bad_urls_fail_per_index() -> None:
    out = urls(
        "https://www.google.com/maps/dir/Paris/Lyon",
        "https://example.com/maps/place/Eiffel+Tower",
        "https://www.google.com/maps/place/Xyzzy+Plughland",
        "not a url",
        "https://www.google.com/maps/place/Eiffel+Tower",
        "https://maps.google.com/?saddr=Paris&daddr=Lyon",
    )
    assert out["entities"][:4] == [{}, {}, {}, {}] and out["entities"][5] == {}
    assert out["entities"][4] == {"place": f"places/{EIFFEL}"}
    codes = {k: v["code"] for k, v in out["failedRequests"].items()}
    assert codes == {"0": 3, "1": 3, "2": 5, "3": 3, "5": 3}
    assert "single place" in out["failedRequests"]["0"]["message"]


def test_url_batch_limits() -> None:
    assert len(urls(*["https://maps.google.com/?q=48.85,2.35"] * 20)["entities"]) == 20
    for bad in ({"urls": []}, {"urls": ["https://maps.google.com/?q=Paris"] * 21}, {}):
        with pytest.raises(SandboxToolError) as err:
            resolve_maps_urls(bad, CTX)
        assert err.value.status == "INVALID_ARGUMENT" and "urls" in err.value.message


def test_search_result_links_resolve_back() -> None:
    out = search_places({"text_query": "museums in Madrid"}, CTX)
    link = out["places"][0]["googleMapsLinks"]["placeUrl"]
    assert urls(link)["entities"][0] == {"place": out["places"][0]["place"]}


def test_determinism() -> None:
    args = {"queries": [{"text": "Eiffel Tower"}, {"text": "Starbucks"}]}
    assert resolve_names(args, CTX) == resolve_names(dict(args), CTX)


def test_packaged_landmarks_load_with_spec_ids() -> None:
    _geo.use_landmarks(None)
    items = _landmarks.landmarks()
    assert len(items) >= 50
    ids = {lm.place_id for lm in items}
    assert {EIFFEL, "ChIJOwE_Id1w5EAR4Q27FkL6T_0", "ChIJt_5xIthw5EARoJ71mGq7t74"} <= ids
    assert len(ids) == len(items)  # ids are unique
    assert all(-90 <= lm.lat <= 90 and -180 <= lm.lng <= 180 for lm in items)
    assert _geo.resolve_text("Eiffel Tower").place_id == EIFFEL
