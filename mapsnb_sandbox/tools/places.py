"""``search_places`` in the emulator, and the synthetic businesses shared with the route tools.

A query only selects: the businesses are the world's (:mod:`mapsnb_sandbox.world.places`), each
one id, point and name whatever the tool; a kind the table lacks selects generic places
("Sandbox Place 12"), never places named after the query's words. Every business name contains
"Sandbox" or "(synthetic)". Texts come in the asked language (:mod:`.languages.texts`); the
query is answered by the readers of :mod:`.place_readers`.
"""

from __future__ import annotations

import html
import json
import re
from typing import TYPE_CHECKING, Any

from mapsnb._limits import MAX_PAGE_SIZE
from mapsnb_sandbox.contract.common import Context, arg, invalid, lat_lng_arg, token_for
from mapsnb_sandbox.languages.texts import DEFAULT_LANGUAGE, format_distance, language
from mapsnb_sandbox.tools.place_readers import Request, answer_query
from mapsnb_sandbox.world.kinds.table import (
    FREE_CODE,
    Category,
    categories,
    category_at,
    detect_category,
    free_category,
    reading_language,
)
from mapsnb_sandbox.world.places import Spot, kind_of_name, place_from_id, place_of, spots_named
from mapsnb_sandbox.world.resolved import Resolved, place_view
from mapsnb_sandbox.world.resolver import resolve

__all__ = [
    "Category",
    "business_resolved",
    "category_for",
    "detect_category",
    "make_business",
    "named_business",
    "search_places",
    "summary_language",
]

_REGION = re.compile(r"^[A-Za-z]{2}$")

if TYPE_CHECKING:
    CATEGORIES: tuple[Category, ...]


def __getattr__(name: str) -> Any:
    """``CATEGORIES``: every known kind, read from the data file on first use."""
    if name == "CATEGORIES":
        return categories()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --------------------------------------------------------------------------- businesses


def category_for(code: int, phrase: str = "") -> Category:
    """The kind with ``code``; a made-up kind of ``phrase`` for :data:`FREE_CODE`."""
    known = category_at(code) if code != FREE_CODE else None
    return known if known is not None else free_category(phrase or "place")


def make_business(spot: Spot) -> Resolved:
    """The world's place at ``spot`` as a :class:`Resolved` (its id decodes back to it)."""
    return place_of(spot)


def business_resolved(pid: str) -> Resolved | None:
    """Resolve a world place id issued by this emulator (any process)."""
    return place_from_id(pid)


#: A synthetic place's name (its three forms, :func:`mapsnb_sandbox.world.places.business_name`)
#: and what follows it: ", Town", " in Town", " near Town" or nothing.
_BUSINESS_NAME = re.compile(
    r"^\s*(?P<name>Sandbox \S.*? \d{1,3}|\S+ & \S+ \S.*? \(synthetic\)|\S+ \S.*? Sandbox \d{1,3})"
    r"(?:\s*,\s*|\s+(?:in|near|at)\s+|\s*$)(?P<rest>.*)$",
    re.I,
)
#: How far from its town (or the bias) a place named by its name is looked for.
_NAMED_REACH_M = (3000.0, 15_000.0)


def named_business(text: str, bias: tuple[float, float] | None = None) -> Resolved | None:
    """The world's place a synthetic name names ("Sandbox Pharmacy 208, Lisbon"): its kind's
    place of that name nearest the town named (else the bias), or ``None``."""
    m = _BUSINESS_NAME.match(text)
    code = None if m is None else kind_of_name(m.group("name"))
    if m is None or code is None:
        return None
    rest = m.group("rest").strip(" ,.")
    town = resolve(rest, bias=bias, role="town").place if rest else None
    center = (town.lat, town.lng) if town is not None else bias
    if center is None:
        return None
    for reach in _NAMED_REACH_M:
        hits = spots_named(m.group("name").strip(), code, center, reach)
        if hits:
            return place_of(hits[0][0])
    return None


def summary_language(code: str | None) -> str:
    """Two-letter summary language; unknown or missing means English."""
    return language(code)


def format_km(meters: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """``"850 m"`` / ``"1.4 km"`` in the locale's number format."""
    return format_distance(meters, lang)


def _validate(args: dict[str, Any]) -> Request:
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    text = arg(args, "text_query")
    if not isinstance(text, str) or not text.strip():
        raise invalid("text_query is required and must be a non-empty string")
    center = radius = None
    bias = arg(args, "location_bias")
    if bias is not None:
        if not isinstance(bias, dict) or not isinstance(bias.get("circle"), dict):
            raise invalid("location_bias must contain circle with a center")
        circle = bias["circle"]
        if circle.get("center") is None:
            raise invalid("location_bias.circle.center is required")
        center = lat_lng_arg(circle["center"], "location_bias.circle.center")
        radius = arg(circle, "radius_meters", where="location_bias.circle.")
        if radius is not None:
            if isinstance(radius, bool) or not isinstance(radius, (int, float)):
                raise invalid("location_bias.circle.radius_meters must be a number")
            if not 0 < radius <= 50_000:
                raise invalid(
                    f"location_bias.circle.radius_meters must be > 0 and <= 50000, got {radius}"
                )
    language = arg(args, "language_code")
    if language is not None and not isinstance(language, str):
        raise invalid("language_code must be a string such as 'en' or 'en_US'")
    region = arg(args, "region_code")
    if region is not None and (not isinstance(region, str) or not _REGION.match(region)):
        raise invalid(f"region_code must be a two-letter CLDR region code, got {region!r}")
    size = arg(args, "page_size")
    if size is None or (size == 0 and not isinstance(size, bool)):
        size = 5
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_PAGE_SIZE:
        raise invalid(f"page_size must be an integer between 1 and {MAX_PAGE_SIZE}, got {size!r}")
    extended = arg(args, "include_extended_details", False)
    if not isinstance(extended, bool):
        raise invalid("include_extended_details must be a boolean")
    return Request(
        text.strip(),
        center,
        float(radius) if radius is not None else None,
        summary_language(language),
        region.upper() if region else None,
        size,
        extended,
    )


def search_places(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``search_places`` tool: ``{"places", "summary", "contentToken"}``."""
    del ctx  # results do not depend on the clock
    req = _validate(args)
    with reading_language(arg(args, "language_code")):  # a language's own forms of kinds
        places, summary = answer_query(req)
    if not places:  # a single uncited paragraph, escaped like every summary
        summary = f"<p>{html.escape(summary, quote=False)}</p>"
    token = token_for("search_places", json.dumps(req.__dict__, sort_keys=True, default=str))
    return {"places": [place_view(p) for p in places], "summary": summary, "contentToken": token}
