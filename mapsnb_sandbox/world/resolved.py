"""Resolved places: built from a town, landmark, point, street, country, region or island; found
again by id.

A :class:`Resolved` (a place the emulator knows) comes from a town, a curated landmark, a bare
point, a house-number street or a country (a place the emulator does not know in a town it
knows is answered as the town, LOW: never a place named after unread words). Every id decodes
with no table kept by a process: landmark and town ids are found in their indexes, a point's id
carries the point and a street address's long id its typed label and town
(:mod:`mapsnb_sandbox.contract.spot_ids`), so any emulator process, restarted or not, finds
them again with :func:`resolve_geo_id`. Synthetic businesses are resolved by
:func:`mapsnb_sandbox.tools.locations.resolve_place_id`. :func:`place_view` is how any of them
reads on the wire.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from mapsnb_sandbox.contract.common import attribution, maps_links, stable_int
from mapsnb_sandbox.contract.ids import country_id, decode_country_id
from mapsnb_sandbox.contract.spot_ids import (
    MAX_LABEL_BYTES,
    decode_point_id,
    decode_street_id,
    point_id,
    point_of,
    street_id,
    street_label,
)
from mapsnb_sandbox.earth.water import is_land
from mapsnb_sandbox.world.addresses import town_address
from mapsnb_sandbox.world.cities import (
    city_address,
    city_index,
    city_place_id,
    country_name,
    district,
    nearest_cached,
    nearest_city,
    own_zone,
    shown_name,
    timezone_at,
)
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.landmarks import Landmark, fold, landmark_with_id, street_key
from mapsnb_sandbox.world.names.islands import (
    ISLAND_KIND,
    Island,
    island_after_preposition,
    island_of_id,
    island_place_id,
    near_island,
)
from mapsnb_sandbox.world.regions import REGION_KIND, Region, region_of_id, region_place_id

__all__ = [
    "Resolved",
    "city_resolved",
    "country_resolved",
    "island_meant",
    "island_resolved",
    "landmark_resolved",
    "place_view",
    "point_resolved",
    "region_resolved",
    "resolve_geo_id",
    "street_resolved",
]


@dataclass(frozen=True)
class Resolved:
    """A place the emulator knows: a landmark, a city, a point or a synthetic business."""

    lat: float
    lng: float
    name: str
    address: str
    place_id: str
    kind: str
    city: str
    country_code: str
    tz: str
    confidence: str


def _in_town(
    town: City, lat: float, lng: float, name: str, address: str, pid: str, kind: str, conf: str
) -> Resolved:
    """A :class:`Resolved` in ``town`` (its name, country and its country's own time zone)."""
    tz = own_zone(town.cc, town.tz, town.lat, town.lng)
    town_name = shown_name(town.name, town.cc)
    return Resolved(lat, lng, name, address, pid, kind, town_name, town.cc, tz, conf)


def city_resolved(c: City, confidence: str = "MEDIUM") -> Resolved:
    """A city as a :class:`Resolved`."""
    name = shown_name(c.name, c.cc)
    return _in_town(
        c, c.lat, c.lng, name, city_address(c), city_place_id(c), "locality", confidence
    )


def _latin(text: str) -> bool:
    """Whether ``text`` has letters, all of the Latin script."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(latin_letter(c) for c in letters)


def shown_landmark_name(lm: Landmark, text: str = "") -> str:
    """The name landmark ``lm`` shows to ``text``: its own, or to a text in the Latin script
    when its own name is in another, its first Latin name ("Klyuchevskoy": Klyuchevskaya Sopka,
    not Ключевская Сопка; "Asosan": Asosan, not 阿蘇山)."""
    if not text or _latin(lm.name) or not _latin(text):
        return lm.name
    return next((a for a in lm.aliases if _latin(a)), lm.name)


def landmark_resolved(lm: Landmark, confidence: str, text: str = "") -> Resolved:
    """A curated landmark as a :class:`Resolved` (its town the nearest one when it names none),
    named as it shows to the asker's ``text`` (:func:`shown_landmark_name`); one only a broad
    list knows (:attr:`Landmark.one_source`) is a LOW answer."""
    confidence = "LOW" if lm.one_source else confidence
    address = lm.address or ", ".join(p for p in (lm.city, lm.region, lm.country_code) if p)
    city = lm.city or nearest_city(lm.lat, lm.lng)[0]
    return Resolved(
        lm.lat,
        lm.lng,
        shown_landmark_name(lm, text),
        address,
        lm.place_id,
        lm.kind,
        city,
        lm.country_code,
        timezone_at(lm.lat, lm.lng),
        confidence,
    )


def point_resolved(lat: float, lng: float) -> Resolved:
    """A bare coordinate pair, to a millionth of a degree (what its id carries), as a
    :class:`Resolved` named after the nearest city: the same from the pair or from its id."""
    lat, lng = point_of(lat, lng)
    c, _ = nearest_cached(round(lat, 4), round(lng, 4))
    return Resolved(
        lat,
        lng,
        f"{lat:.5f},{lng:.5f}",
        f"{lat:.5f},{lng:.5f} (near {shown_name(c.name, c.cc)}, {country_name(c.cc)})",
        point_id(lat, lng),
        "coordinates",
        shown_name(c.name, c.cc),
        c.cc,
        timezone_at(lat, lng),
        "HIGH",
    )


#: Turns tried round a town's centre for a dry point (a street is never in the sea or a lake).
_TURNS = 12


def _near_town(town: City, salt: str, key: str, base: int, spread: int) -> tuple[float, float]:
    """A deterministic point on land ``base`` to ``base + spread`` metres from the town's
    centre: the hashed bearing, else the next of :data:`_TURNS` bearings round it, else nearer
    the centre (central Rio's streets are not in Guanabara Bay)."""
    h = stable_int(salt, key, town.geonameid)
    dist = base + (h >> 12) % spread
    scale = 111_320 * max(0.2, math.cos(math.radians(town.lat)))
    for d in (dist, dist / 3, 0):
        for turn in range(_TURNS):
            ang = (h % 3600) / 3600 * 2 * math.pi + turn * 2 * math.pi / _TURNS
            lat = town.lat + d * math.cos(ang) / 111_320
            lng = town.lng + d * math.sin(ang) / scale
            if is_land(lat, lng):
                return round(lat, 6), round(lng, 6)
    return round(town.lat, 6), round(town.lng, 6)


def street_resolved(label: str, key: str, town: City) -> Resolved:
    """A house-number address (``key``: its folded street part) in a known town: a
    deterministic point 300 m to 3 km from the centre and the postcode of that point, both
    drawn from ``key`` and the town alone, so a street is one place whatever else was typed
    with it ("12 Rue de Rivoli, 75004 Paris", "12 Rue de Rivoli, Paris, France": one id, one
    point, one postcode; a typed code only says which town). The emulator does not know the
    street, so the confidence is LOW (placed, not found). Its id carries the label
    (single-spaced, at most :data:`~mapsnb_sandbox.contract.spot_ids.MAX_LABEL_BYTES`:
    :func:`street_label`) and the town; ``ValueError`` for a longer label. A big city's
    district's address names the city, as its places' do (:func:`.addresses.local_address`)."""
    lat, lng = _near_town(town, "street", key, 300, 2700)
    street = street_label(label)
    if street is None:
        raise ValueError(f"not a street label of at most {MAX_LABEL_BYTES} bytes: {label!r}")
    pid = street_id(street, town.geonameid, town.lat, town.lng)
    city = nearest_cached(round(lat, 4), round(lng, 4))[0] if district(town) else town
    seed = stable_int("street-postcode", key, town.geonameid)  # not the label's case
    address = town_address("", street, city, lat, lng, seed)  # "…, Madrid", not Salamanca
    return _in_town(town, lat, lng, street, address, pid, "street_address", "LOW")


def country_resolved(cc: str) -> Resolved | None:
    """A country (at its biggest town) as a :class:`Resolved`, or ``None`` for an unknown code."""
    idx = city_index()
    if cc not in idx.biggest:
        return None
    c = idx.cities[idx.biggest[cc]]
    name = idx.country_names.get(cc, cc)
    return Resolved(
        c.lat,
        c.lng,
        name,
        name,
        country_id(cc, c.lat, c.lng),
        "country",
        shown_name(c.name, cc),
        cc,
        own_zone(cc, c.tz, c.lat, c.lng),
        "MEDIUM",
    )


def region_resolved(r: Region, confidence: str = "MEDIUM") -> Resolved:
    """A first-level region as a :class:`Resolved` ("Tuscany, Italy"; its town the nearest)."""
    return _area_resolved(r, region_place_id(r), REGION_KIND, confidence)


def island_meant(text: str, place_text: str, anchor: Resolved | None) -> Resolved | None:
    """``anchor``, or the island ``place_text`` names after an island's preposition in ``text``
    ("hotels on Santiago", "Hotels auf São Miguel") where the anchor lies off it (Santiago de
    Chile, abroad): the preposition says the asker means the island."""
    isle = island_after_preposition(text, place_text)
    if isle is None or (anchor is not None and near_island(anchor.lat, anchor.lng, isle)):
        return anchor
    if anchor is not None and anchor.country_code == isle.cc:
        return anchor  # "hotels on Greenland": the country is the island's
    return island_resolved(isle)


def island_resolved(i: Island, confidence: str = "MEDIUM") -> Resolved:
    """An island as a :class:`Resolved` ("Mallorca, Spain"; at its biggest town)."""
    return _area_resolved(i, island_place_id(i), ISLAND_KIND, confidence)


def _area_resolved(a: Region | Island, place_id: str, kind: str, confidence: str) -> Resolved:
    """An area named as "<name>, <country>", its town (and time zone) the nearest town's."""
    near, _ = nearest_cached(round(a.lat, 4), round(a.lng, 4))
    return Resolved(
        a.lat,
        a.lng,
        a.name,
        f"{a.name}, {country_name(a.cc)}",
        place_id,
        kind,
        shown_name(near.name, near.cc),
        a.cc,
        own_zone(a.cc, near.tz, a.lat, a.lng),
        confidence,
    )


def _street_of(
    label: str, geonameid: int, lat_deg: int, lng_deg: int, postcode: str
) -> Resolved | None:
    """The street address a street id names: ``label`` in the town ``geonameid``, looked up in
    its whole-degree cell, or ``None`` (no such town). An id that carries the postcode it was
    typed with (written before a street became one place) names the same street."""
    idx = city_index()
    for j in idx.grid.get((lat_deg, lng_deg)):
        town = idx.cities[j]
        if town.geonameid == geonameid:
            return street_resolved(label, street_key(fold(label)), town)  # as geocoded
    return None


def resolve_geo_id(pid: str) -> Resolved | None:
    """A landmark, city or coordinate place id (or ``places/<id>``); businesses are resolved by
    :func:`mapsnb_sandbox.tools.locations.resolve_place_id`."""
    if not isinstance(pid, str):
        return None
    pid = pid.strip().removeprefix("places/")
    landmark = landmark_with_id(pid)
    if landmark is not None:
        return landmark_resolved(landmark, "HIGH")
    point = decode_point_id(pid)
    if point is not None:
        return point_resolved(*point)
    street = decode_street_id(pid)
    if street is not None:
        return _street_of(*street)
    idx = city_index()
    j = idx.place_ids.get(pid, idx.cities)
    if j is not None:
        return city_resolved(idx.cities[j])
    country = decode_country_id(pid)
    if country is not None:
        return country_resolved(country)
    region = region_of_id(pid)
    if region is not None:
        return region_resolved(region)
    island = island_of_id(pid)
    return island_resolved(island) if island is not None else None


# --------------------------------------------------------------------------- wire output


def _link_id(r: Resolved) -> str:
    """The id a place's links carry: its own, but a street address's point (links are made of
    a feature id, as live ones; the typed label is lost from the links only)."""
    return point_id(r.lat, r.lng) if r.kind == "street_address" else r.place_id


def place_view(r: Resolved) -> dict[str, Any]:
    """The wire PlaceView (camelCase) of a resolved place. A street address is answered as live
    answers one (REAL_SERVER.md, round 4): an attribution title naming nothing before the dash
    and no ``location`` (the summary's bold subject names it)."""
    view: dict[str, Any] = {
        "place": f"places/{r.place_id}",
        "id": r.place_id,
        "googleMapsLinks": maps_links(_link_id(r)),
        "attribution": attribution("" if r.kind == "street_address" else r.name),
    }
    if r.kind != "street_address":
        view["location"] = {"latitude": round(r.lat, 7), "longitude": round(r.lng, 7)}
    return view
