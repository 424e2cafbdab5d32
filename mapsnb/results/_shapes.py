"""Plain-shape checks: whether a payload surely validates, read column by column over plain dicts.

A payload whose fields all have these shapes validates without a problem: its result can be
built without validating (see ``ToolResult.from_payload``). Anything else is validated at once.
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import Any

from mapsnb._read import wire as _wire


def _opt_str(value: Any) -> bool:
    return value is None or type(value) is str


_STRINGS = frozenset({str, type(None)})
_NUMBERS = frozenset({int, float})
_DICT_OR_NONE = frozenset({dict, type(None)})


def _field_types(views: list[dict[str, Any]], key: str, default: Any = None) -> set[type]:
    return set(map(type, map(dict.get, views, repeat(key), repeat(default))))


_LINKS = ("placeUrl", "directionsUrl", "writeAReviewUrl", "reviewsUrl", "photosUrl")
_PLAIN_LINKS = frozenset(_LINKS)
_PLAIN_CREDIT = frozenset({"title", "url"})
_PLAIN_LOCATION = frozenset({"latitude", "longitude"})
_LIVE_VIEW = {"place", "id", "location", "googleMapsLinks", "attribution"}


def _boxes(views: list[dict[str, Any]], key: str, keys: frozenset[str]) -> list[Any] | None:
    """Return the ``key`` dicts of ``views`` (absent ones left out) when each holds only ``keys``."""
    found = list(map(dict.get, views, repeat(key)))
    if not set(map(type, found)) <= _DICT_OR_NONE:
        return None
    boxes = list(filter(None, found))
    return boxes if all(map(keys.issuperset, boxes)) else None


def _plain_view(view: Any) -> bool:
    """Whether one PlaceView validates as is (for short lists: no per-column set-up)."""
    if type(view) is not dict:
        return False
    get = view.get
    links, credit, where = get("googleMapsLinks"), get("attribution"), get("location")
    if (  # the live shape, checked without building sets of types
        view.keys() == _LIVE_VIEW
        and type(get("place")) is str
        and type(get("id")) is str
        and type(links) is dict
        and type(credit) is dict
        and type(where) is dict
        and links.keys() <= _PLAIN_LINKS
        and _STRINGS.issuperset(map(type, links.values()))
        and credit.keys() <= _PLAIN_CREDIT
        and _STRINGS.issuperset(map(type, credit.values()))
        and where.keys() <= _PLAIN_LOCATION
        and _NUMBERS.issuperset(map(type, where.values()))
    ):
        return True
    if not (
        {type(get("place")), type(get("id")), type(get("google_maps_links"))} <= _STRINGS
        and get("google_maps_links") is None
        and {type(links), type(credit), type(where)} <= _DICT_OR_NONE
    ):
        return False
    if links is not None and not (
        links.keys() <= _PLAIN_LINKS and set(map(type, links.values())) <= _STRINGS
    ):
        return False
    if credit is not None and not (
        credit.keys() <= _PLAIN_CREDIT and set(map(type, credit.values())) <= _STRINGS
    ):
        return False
    return where is None or (
        where.keys() <= _PLAIN_LOCATION and set(map(type, where.values())) <= _NUMBERS
    )


def _plain_views(views: list[Any]) -> bool:
    """Whether every PlaceView of ``views`` validates as is (column by column, in C loops)."""
    if len(views) < 32:
        return all(map(_plain_view, views))
    if set(map(type, views)) != {dict}:
        return False
    if not (_field_types(views, "place") | _field_types(views, "id")) <= _STRINGS:
        return False
    if not _field_types(views, "google_maps_links") <= {type(None)}:
        return False
    links = _boxes(views, "googleMapsLinks", _PLAIN_LINKS)
    credits = _boxes(views, "attribution", _PLAIN_CREDIT)
    where = _boxes(views, "location", _PLAIN_LOCATION)
    if links is None or credits is None or where is None:
        return False
    # the boxes hold only their keys (an absent one reads as None, or 0.0 for a coordinate,
    # both allowed): the types of their values are what a pass per key would find
    texts = set(map(type, chain.from_iterable(map(dict.values, links))))
    texts |= set(map(type, chain.from_iterable(map(dict.values, credits))))
    numbers = set(map(type, chain.from_iterable(map(dict.values, where))))
    return texts <= _STRINGS and numbers <= _NUMBERS


def _plain_text_fields(data: dict[str, Any], *keys: str) -> bool:
    return all(_opt_str(data.get(key)) for key in keys)


def _plain_items(items: list[Any]) -> bool:
    """Whether every along-route result of ``items`` validates as is (column by column)."""
    if not items:
        return True
    if set(map(type, items)) != {dict}:
        return False
    places = list(map(dict.get, items, repeat("place")))
    if not set(map(type, places)) <= _DICT_OR_NONE or not _plain_views(list(filter(None, places))):
        return False
    for key in ("detourSummary", "detour_summary"):
        detours = list(map(dict.get, items, repeat(key)))
        if not set(map(type, detours)) <= _DICT_OR_NONE:
            return False
        found = list(filter(None, detours))
        texts = ("localizedDetourDistance", "localized_detour_distance")
        if not (_field_types(found, texts[0]) | _field_types(found, texts[1])) <= _STRINGS:
            return False
        durations = list(map(dict.get, found, repeat("detourDuration")))
        durations += map(dict.get, found, repeat("detour_duration"))
        if not set(map(type, durations)) <= _STRINGS:
            return False
        if not all(_wire.duration_ns(d) is not None for d in set(durations) - {None, ""}):
            return False
    return True


def _plain_entity(entity: Any) -> bool:
    return entity is None or (type(entity) is dict and _opt_str(entity.get("place")))


def _plain_resolution(data: dict[str, Any]) -> bool:
    for key in ("failedRequests", "failed_requests"):
        failed = data.get(key)
        if failed is not None and (
            type(failed) is not dict or not all(type(k) is str for k in failed)
        ):
            return False
    return _plain_text_fields(data, "saveToMapsUrl", "save_to_maps_url")
