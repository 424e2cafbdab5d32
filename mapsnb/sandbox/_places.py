"""``search_places`` in the emulator, and the synthetic businesses shared with the route tools.

A synthetic business is fully determined by its category, an index and a seed; its place id
(``_ids.business_id``) packs these with its location, so any emulator process can resolve it.
Every business name contains "Sandbox" or "(synthetic)".
"""

from __future__ import annotations

import html
import json
import math
import re
from dataclasses import dataclass
from typing import Any

from mapsnb.polyline import haversine_m

from ._addresses import local_address
from ._common import Context, arg, invalid, stable_int, token_for
from ._geo import (
    Resolved,
    fold,
    lat_lng_arg,
    place_view,
    resolve_text,
    resolve_text_match,
    timezone_at,
)
from ._ids import business_id, decode_business_id
from ._summaries import PlaceLine, singular, summary_html

__all__ = [
    "CATEGORIES",
    "Category",
    "business_resolved",
    "detect_category",
    "make_business",
    "scatter",
    "search_places",
    "summary_language",
]


@dataclass(frozen=True)
class Category:
    """A business category: wire key, display labels, query synonyms, scatter radius."""

    key: str
    label: str
    plural: str
    synonyms: tuple[str, ...]
    spread_m: float


#: Order matters: a category's code is its index here (it is packed into place ids).
CATEGORIES: tuple[Category, ...] = (
    Category(
        "coffee",
        "Coffee",
        "coffee places",
        (
            "coffee", "coffee shop", "coffee shops", "cafe", "cafes", "coffeehouse", "espresso",
            "cafeteria", "cafeterias", "кофе", "кофейня", "кофейни", "кафе",
        ),
        1500,
    ),
    Category(
        "restaurant",
        "Kitchen",
        "restaurants",
        (
            "restaurant", "restaurants", "food", "dinner", "lunch", "eatery", "eateries",
            "diner", "diners", "restaurante", "restaurantes", "ресторан", "рестораны",
            "ресторанов", "bistro", "brunch",
        ),
        1500,
    ),
    Category(
        "ev_charger",
        "EV Charging",
        "EV charging stations",
        (
            "ev charger", "ev chargers", "ev charging", "charging station", "charging stations",
            "electric vehicle charging", "supercharger", "superchargers", "carregador",
            "carregadores", "зарядная станция", "зарядные станции", "электрозаправка",
        ),
        2000,
    ),
    Category(
        "gas_station",
        "Fuel",
        "gas stations",
        (
            "gas station", "gas stations", "petrol station", "petrol stations", "fuel", "gas",
            "petrol", "posto de gasolina", "postos de gasolina", "posto", "postos", "азс",
            "заправка", "заправки", "gasolinera", "gasolineras",
        ),
        2000,
    ),
    Category(
        "park",
        "Green",
        "parks",
        ("park", "parks", "parque", "parques", "парк", "парки", "playground", "dog park"),
        3000,
    ),
    Category(
        "library",
        "Library",
        "libraries",
        (
            "library", "libraries", "public library", "public libraries", "biblioteca",
            "bibliotecas", "библиотека", "библиотеки", "bibliotheque",
        ),
        2500,
    ),
    Category(
        "rest_stop",
        "Rest Area",
        "rest stops",
        (
            "rest stop", "rest stops", "rest area", "rest areas", "service area",
            "service areas", "truck stop", "truck stops", "area de descanso", "зона отдыха",
        ),
        4000,
    ),
    Category(
        "hotel",
        "Inn",
        "hotels",
        (
            "hotel", "hotels", "motel", "motels", "lodging", "inn", "inns", "hostel", "hostels",
            "hoteis", "гостиница", "гостиницы", "отель", "отели",
        ),
        1500,
    ),
    Category(
        "museum",
        "Museum",
        "museums",
        ("museum", "museums", "museu", "museus", "museo", "museos", "musee", "музей", "музеи"),
        2000,
    ),
    Category(
        "pharmacy",
        "Pharmacy",
        "pharmacies",
        (
            "pharmacy", "pharmacies", "drugstore", "drugstores", "chemist", "farmacia",
            "farmacias", "аптека", "аптеки",
        ),
        1500,
    ),
    Category(
        "supermarket",
        "Market",
        "supermarkets",
        (
            "supermarket", "supermarkets", "grocery", "groceries", "grocery store",
            "grocery stores", "supermercado", "supermercados", "супермаркет", "супермаркеты",
        ),
        1500,
    ),
    Category(
        "bar",
        "Tavern",
        "bars",
        (
            "bar", "bars", "pub", "pubs", "brewery", "breweries", "cocktail bar",
            "cocktail bars", "wine bar", "бар", "бары",
        ),
        1500,
    ),
    Category(
        "bakery",
        "Bakery",
        "bakeries",
        ("bakery", "bakeries", "padaria", "padarias", "boulangerie", "пекарня", "пекарни"),
        1500,
    ),
    Category(
        "pizza",
        "Pizza",
        "pizza places",
        ("pizza", "pizzas", "pizzeria", "pizzerias", "pizzaria", "pizzarias", "пицца", "пиццерия"),
        1500,
    ),
    Category(
        "vegetarian",
        "Greens Kitchen",
        "vegetarian restaurants",
        (
            "vegetarian", "vegan", "plant based", "vegetariano", "vegetarianos", "vegano",
            "вегетарианский", "вегетарианские",
        ),
        1500,
    ),
    Category(
        "bookstore",
        "Books",
        "bookstores",
        (
            "bookstore", "bookstores", "bookshop", "bookshops", "book store", "book stores",
            "livraria", "livrarias", "librería", "librairie", "книжный магазин", "книжные магазины",
        ),
        1500,
    ),
)  # fmt: skip

_BY_KEY = {c.key: i for i, c in enumerate(CATEGORIES)}
#: Detection order: specific categories before generic ones ("vegetarian restaurants").
_PRIORITY = (
    "vegetarian", "pizza", "ev_charger", "rest_stop", "gas_station", "bakery", "coffee",
    "bookstore", "pharmacy", "supermarket", "library", "museum", "hotel", "bar", "park",
    "restaurant",
)  # fmt: skip
_PATTERNS = {
    key: re.compile(
        r"(?<!\w)("
        + "|".join(
            re.escape(fold(s)) for s in sorted(CATEGORIES[_BY_KEY[key]].synonyms, key=len)[::-1]
        )
        + r")(?!\w)"
    )
    for key in _PRIORITY
}
_SPLIT = re.compile(
    r"\s+(?:near(?:by)?|in|around|close to|next to|by|at|within|perto de|perto do|perto da|"
    r"em|no|na|cerca de|en|près de|pres de|à|в|во|около|рядом с)\s+",
    re.IGNORECASE,
)
_ATTRIBUTES = {
    "opening hours": "hours",
    "hours": "hours",
    "open hours": "hours",
    "phone number": "phone",
    "phone": "phone",
    "telephone": "phone",
    "address": "address",
    "website": "website",
    "reviews": "reviews",
    "rating": "reviews",
}
_ADJ = ("Cedar", "Harbor", "Maple", "Juniper", "Copper", "Lantern", "Willow", "Granite")
_NOUN = ("Pine", "Finch", "Stone", "Anchor", "Meadow", "Oak", "Sparrow", "Brook")
_STREETS = ("Market St", "Oak Ave", "Main St", "Elm St", "Park Blvd", "Hill Rd", "Lake Dr")
_INTRO = {
    "en": "Here are {n} {what} near {where} (synthetic sandbox data).",
    "pt": "Aqui estão {n} resultados ({what}) perto de {where} (dados sintéticos do sandbox).",
    "es": "Aquí hay {n} resultados ({what}) cerca de {where} (datos sintéticos del sandbox).",
    "fr": "Voici {n} résultats ({what}) près de {where} (données synthétiques du sandbox).",
    "ru": "Вот {n} мест ({what}) рядом с {where} (синтетические данные песочницы).",
    "ja": "{where} 付近の {what} {n} 件 (サンドボックスの合成データ)。",
}
_KINDS = {"locality": "city", "coordinates": "point", "country": "country"}
_REGION = re.compile(r"^[A-Za-z]{2}$")
_EXACT = {"name", "alias", "address", "street", "coords"}


# --------------------------------------------------------------------------- businesses


def business_name(cat: int, index: int, seed: int) -> str:
    """Display name of a synthetic business (always says "Sandbox" or "(synthetic)")."""
    c = CATEGORIES[cat % len(CATEGORIES)]
    style = seed % 3
    if style == 0:
        return f"Sandbox {c.label} No. {index + 1}"
    if style == 1:
        adj, noun = _ADJ[(seed >> 2) % len(_ADJ)], _NOUN[(seed >> 5) % len(_NOUN)]
        return f"{adj} & {noun} {c.label} (synthetic)"
    return f"{_ADJ[(seed >> 8) % len(_ADJ)]} {c.label} Sandbox {index + 1}"


def make_business(lat: float, lng: float, cat: int, index: int, seed: int) -> Resolved:
    """A synthetic business as a :class:`Resolved` (its id decodes back to these inputs)."""
    seed &= 0xFFFFFF
    lat, lng = round(lat, 6), round(lng, 6)
    address, city, cc = local_address(lat, lng, seed)  # the country's own format (issue 21)
    return Resolved(
        lat,
        lng,
        business_name(cat, index, seed),
        address,
        business_id(lat, lng, cat, index, seed),
        CATEGORIES[cat % len(CATEGORIES)].key,
        city,
        cc,
        timezone_at(lat, lng),
        "HIGH",
    )


def business_resolved(pid: str) -> Resolved | None:
    """Resolve a synthetic business id issued by this emulator (any process)."""
    decoded = decode_business_id(pid)
    if decoded is None:
        return None
    lat, lng, cat, index, seed = decoded
    if cat >= len(CATEGORIES):
        return None
    return make_business(lat, lng, cat, index, seed)


def offset_point(lat: float, lng: float, dist_m: float, bearing: float) -> tuple[float, float]:
    """The point ``dist_m`` metres from ``(lat, lng)`` on ``bearing`` radians (flat earth)."""
    dlat = dist_m * math.cos(bearing) / 111_320
    dlng = dist_m * math.sin(bearing) / (111_320 * max(0.05, math.cos(math.radians(lat))))
    return max(-89.9, min(89.9, lat + dlat)), (lng + dlng + 180) % 360 - 180


def scatter(
    anchor: tuple[float, float], cat: int, key: str, count: int, spread_m: float
) -> list[Resolved]:
    """``count`` deterministic businesses of category ``cat`` within ``spread_m`` of ``anchor``."""
    out = []
    for i in range(count):
        h = stable_int("scatter", cat, key, i)
        frac = ((h & 0xFFFF) / 0xFFFF) ** 0.5
        dist = 120 + frac * max(0.0, spread_m - 120)
        bearing = ((h >> 16) & 0xFFFF) / 0xFFFF * 2 * math.pi
        lat, lng = offset_point(anchor[0], anchor[1], dist, bearing)
        out.append(make_business(lat, lng, cat, i, h >> 32))
    return out


def detect_category(text: str) -> int | None:
    """Category code named in ``text`` (most specific first), or ``None``."""
    f = fold(text)
    for key in _PRIORITY:
        if _PATTERNS[key].search(f):
            return _BY_KEY[key]
    return None


def summary_language(code: str | None) -> str:
    """Two-letter summary language; unknown or missing means English."""
    lang = (code or "en").replace("-", "_").split("_")[0].lower()
    return lang if lang in _INTRO else "en"


def format_km(meters: float) -> str:
    """``"850 m"`` / ``"1.4 km"``."""
    return f"{round(meters, -1):.0f} m" if round(meters, -1) < 1000 else f"{meters / 1000:.1f} km"


# --------------------------------------------------------------------------- validation


@dataclass(frozen=True)
class _Request:
    text: str
    center: tuple[float, float] | None
    radius: float | None
    language: str
    region: str | None
    page_size: int
    extended: bool


def _validate(args: dict[str, Any]) -> _Request:
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
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 10:
        raise invalid(f"page_size must be an integer between 1 and 10, got {size!r}")
    extended = arg(args, "include_extended_details", False)
    if not isinstance(extended, bool):
        raise invalid("include_extended_details must be a boolean")
    return _Request(
        text.strip(),
        center,
        float(radius) if radius is not None else None,
        summary_language(language),
        region.upper() if region else None,
        size,
        extended,
    )


# --------------------------------------------------------------------------- search


def _strip_attribute(text: str) -> tuple[str, str | None]:
    f = fold(text)
    for phrase, attr in _ATTRIBUTES.items():
        if f.endswith(" " + phrase):
            cut = re.compile(r"\W+".join(map(re.escape, phrase.split())) + r"\W*$", re.I)
            stripped = cut.sub("", text).strip(" ,?")
            if stripped:
                return stripped, attr
    return text, None


def _split_query(text: str) -> tuple[str, str | None]:
    """``"coffee shops near Golden Gate Park"`` -> ``("coffee shops", "Golden Gate Park")``."""
    for m in _SPLIT.finditer(text):
        left = text[: m.start()]
        if detect_category(left) is not None:
            return left, text[m.end() :].strip(" ,?")
    return text, None


def _attribute_text(r: Resolved, attr: str) -> str:
    h = stable_int("attr", r.place_id)
    if attr == "hours":
        return (
            f"opening hours (synthetic): Mon–Fri {7 + h % 3}:00–{17 + h % 5}:00, "
            f"Sat–Sun {9 + h % 2}:00–{16 + h % 4}:00"
        )
    if attr == "phone":
        return f"phone number (synthetic): +1 555-01{h % 100:02d}"
    if attr == "website":
        return f"website (synthetic): https://example.com/sandbox/{r.place_id[-8:]}"
    if attr == "reviews":
        return f"rating (synthetic): {3.6 + (h % 14) / 10:.1f} of 5 from {20 + h % 900} reviews"
    return f"address: {r.address}"


def _kind(r: Resolved) -> str:
    if r.kind in _BY_KEY:
        return singular(CATEGORIES[_BY_KEY[r.kind]].plural)
    return _KINDS.get(r.kind, r.kind.replace("_", " "))


def _single_place(r: Resolved, req: _Request, attr: str | None) -> tuple[list[Resolved], str]:
    line = PlaceLine(
        r, _kind(r), attribute=_attribute_text(r, attr) if attr else None, extended=req.extended
    )
    intro = "Here is the place that matches your search (synthetic sandbox data)."
    return [r], summary_html(intro, [line], r.place_id)


def _nearby(
    cat: int, anchor: tuple[float, float], anchor_name: str, key: str, req: _Request
) -> tuple[list[Resolved], str]:
    c = CATEGORIES[cat]
    spread = min(c.spread_m, req.radius) if req.radius else c.spread_m
    found = scatter(anchor, cat, key, 10, spread)
    dist = {b.place_id: haversine_m(anchor[0], anchor[1], b.lat, b.lng) for b in found}
    ref = req.center if req.center is not None else anchor
    found.sort(key=lambda b: (haversine_m(ref[0], ref[1], b.lat, b.lng), b.place_id))
    places = found[: req.page_size]
    intro = _INTRO[req.language].format(n=len(places), what=c.plural, where=anchor_name)
    lines = [
        PlaceLine(
            b,
            singular(c.plural),
            distance=f"{format_km(dist[b.place_id])} from {anchor_name}",
            extended=req.extended,
        )
        for b in places
    ]
    return places, summary_html(intro, lines, key)


def _search(req: _Request) -> tuple[list[Resolved], str]:
    text, attr = _strip_attribute(req.text)
    hit = resolve_text_match(text, bias=req.center, region=req.region)
    cat_text, place_text = _split_query(text)
    cat = detect_category(cat_text)
    if hit is not None and (hit[1] in _EXACT or cat is None):
        return _single_place(hit[0], req, attr)
    if cat is None:
        return [], f"No places matching “{req.text}” were found (synthetic sandbox data)."
    if place_text:
        anchor = resolve_text(place_text, bias=req.center, region=req.region)
        if anchor is None:
            return [], f"No place called “{place_text}” was found (synthetic sandbox data)."
        return _nearby(cat, (anchor.lat, anchor.lng), anchor.name, anchor.place_id, req)
    if req.center is not None:
        where = f"{req.center[0]:.4f},{req.center[1]:.4f}"
        key = f"{req.center[0]:.4f},{req.center[1]:.4f}"
        return _nearby(cat, req.center, where, key, req)
    return [], (
        f"The query “{req.text}” needs a location: add a place to the query "
        "(e.g. “… in San Francisco”) or set location_bias. No places returned."
    )


def search_places(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``search_places`` tool: ``{"places", "summary", "contentToken"}``."""
    del ctx  # results do not depend on the clock
    req = _validate(args)
    places, summary = _search(req)
    if not places:  # a single uncited paragraph, escaped like every summary
        summary = f"<p>{html.escape(summary, quote=False)}</p>"
    token = token_for("search_places", json.dumps(req.__dict__, sort_keys=True, default=str))
    return {"places": [place_view(p) for p in places], "summary": summary, "contentToken": token}
