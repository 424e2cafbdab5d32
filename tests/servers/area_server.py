"""A live-like MCP server holding a known set of places, for ``search_area``.

``search_places`` with a circle bias answers the places of its set within the circle, nearest
first (ties by id), at most ``page_size`` (default 5), in the live shape (attribution titles
``"<name> - Google Maps"``, an HTML summary citing each place); without a bias, a query naming
:data:`TOWN` answers that one town at :data:`TOWN_AT`. A place of the set in none of the
tiles' circles is never answered, so a search that finds every place proves its tiles covered
the area. It is the project's stateless JSON server (:mod:`tests.servers.stateless_json`), on a
real socket; every request is recorded, so tests count the calls. ``fail_calls`` (call numbers,
from 1) answer a tool error; from call ``unauthorised_after + 1`` on, every call is refused
(``PERMISSION_DENIED``); ``throttle_requests`` (request numbers) are answered HTTP 429.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from .stateless_json import StatelessJsonServer, json_result, text_result

TOWN = "Testville"
TOWN_AT = (38.70, -9.15)

SEARCH_PLACES_TOOL = {
    "name": "search_places",
    "description": "Search places.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "text_query": {"type": "string"},
            "location_bias": {"type": "object"},
            "language_code": {"type": "string"},
            "region_code": {"type": "string"},
            "page_size": {"type": "integer"},
            "include_extended_details": {"type": "boolean"},
        },
        "required": ["text_query"],
    },
}


def _metres(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance (the server's own, not mapsnb's)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    )
    return 2 * 6_371_008.8 * math.asin(min(1.0, math.sqrt(a)))


def known_places(seed: int = 31) -> list[tuple[str, float, float]]:
    """``(id, lat, lng)``: 60 places spread over 6 km around :data:`TOWN_AT`, and 40 in a
    dense cluster 300 m across (far more than a page in any tile there)."""
    rng = random.Random(seed)
    lat0, lng0 = TOWN_AT
    out = []
    for i in range(60):
        out.append(
            (
                f"ChIJspread{i:03d}",
                lat0 + rng.uniform(-0.027, 0.027),
                lng0 + rng.uniform(-0.034, 0.034),
            )
        )
    for i in range(40):
        r, a = 150 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
        out.append(
            (
                f"ChIJcluster{i:03d}",
                38.707 + r * math.cos(a) / 111_195,
                -9.140 + r * math.sin(a) / 87_000,
            )
        )
    return [(pid, round(lat, 6), round(lng, 6)) for pid, lat, lng in out]


#: The viewport of :func:`old_town_places`: about 4.4 km by 4.4 km south-west of the town.
OLD_TOWN_VIEW = ((38.68, -9.18), (38.72, -9.129))
OLD_TOWN_AT = (38.6985, -9.1520)


def old_town_places(seed: int = 42) -> list[tuple[str, float, float]]:
    """``(id, lat, lng)``: 300 places in :data:`OLD_TOWN_VIEW`: 100 spread over the whole
    viewport and 200 in a dense old town 500 m across around :data:`OLD_TOWN_AT` (a page of 10
    fills any tile there down to tiles of a few tens of metres)."""
    rng = random.Random(seed)
    (south, west), (north, east) = OLD_TOWN_VIEW
    out = [
        (f"ChIJwide{i:03d}", rng.uniform(south, north), rng.uniform(west, east)) for i in range(100)
    ]
    lat0, lng0 = OLD_TOWN_AT
    for i in range(200):
        r, a = 250 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
        out.append(
            (f"ChIJold{i:03d}", lat0 + r * math.cos(a) / 111_195, lng0 + r * math.sin(a) / 86_900)
        )
    return [(pid, round(lat, 6), round(lng, 6)) for pid, lat, lng in out]


def _view(pid: str, lat: float, lng: float, name: str) -> dict[str, Any]:
    return {
        "place": f"places/{pid}",
        "id": pid,
        "googleMapsLinks": {"placeUrl": f"https://maps.google.com/?cid={pid}"},
        "attribution": {"title": f"{name} - Google Maps", "url": "https://maps.google.com"},
        "location": {"latitude": lat, "longitude": lng},
    }


class AreaServer(StatelessJsonServer):
    """The server of :func:`known_places` (or of ``places``)."""

    def __init__(self, places: list[tuple[str, float, float]] | None = None) -> None:
        self.places = known_places() if places is None else places
        self.fail_calls: set[int] = set()
        self.unauthorised_after: int | None = None
        #: ``tools/call`` requests (numbered from 1, as received) answered HTTP 429 (quota)
        self.throttle_requests: set[int] = set()
        self._received = 0
        self._answered = 0
        super().__init__([SEARCH_PLACES_TOOL], self._handle)

    def _answer(self, body: Any, headers: Mapping[str, str]) -> tuple[int, Any]:
        if isinstance(body, dict) and body.get("method") == "tools/call":
            with self._lock:
                self._received += 1
                number = self._received
            if number in self.throttle_requests:
                return 429, {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED"}}
        return super()._answer(body, headers)

    def tool_calls(self) -> list[dict[str, Any]]:
        """The arguments of every ``tools/call`` received, in order."""
        import json

        return [json.loads(r.body)["params"]["arguments"] for r in self.calls("tools/call")]

    def _handle(
        self, name: str, args: dict[str, Any], headers: Mapping[str, str]
    ) -> dict[str, Any]:
        with self._lock:
            self._answered += 1
            number = self._answered
        if self.unauthorised_after is not None and number > self.unauthorised_after:
            return text_result("PERMISSION_DENIED: API key not authorised", is_error=True)
        if number in self.fail_calls:
            return text_result("INVALID_ARGUMENT: this tile is broken", is_error=True)
        size = args.get("page_size") or 5
        if not isinstance(size, int) or not 1 <= size <= 10:
            return text_result("INVALID_ARGUMENT: page_size must be 1-10", is_error=True)
        bias = (args.get("location_bias") or {}).get("circle")
        if bias is None:
            if TOWN.lower() in str(args.get("text_query", "")).lower():
                found = [("ChIJtown", *TOWN_AT)]
                names = [TOWN]
            else:
                found, names = [], []
        else:
            lat, lng = bias["center"]["latitude"], bias["center"]["longitude"]
            radius = float(bias.get("radius_meters", 0))
            near = sorted((_metres(lat, lng, p[1], p[2]), p[0], p) for p in self.places)
            found = [p for d, _, p in near if d <= radius][:size]
            names = [f"Café {p[0][4:]}" for p in found]
        paragraphs = [f"<p><strong>{n}</strong> is a café [{i}].</p>" for i, n in enumerate(names)]
        return json_result(
            {
                "places": [_view(p[0], p[1], p[2], n) for p, n in zip(found, names, strict=True)],
                "summary": "<p>Here are some places.</p>" + "".join(paragraphs),
            }
        )
