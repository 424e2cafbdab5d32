"""``search_places`` in the emulator, and the synthetic businesses shared with the route tools.

A query only selects: the businesses are the world's (:mod:`mapsnb_sandbox.world.places`), each
one id, point and name whatever the tool; a kind the table lacks selects generic places
("Sandbox Place 12"), never places named after the query's words. Every business name contains
"Sandbox" or "(synthetic)". Texts come in the asked language (:mod:`.languages.texts`).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mapsnb._limits import MAX_PAGE_SIZE
from mapsnb_sandbox.contract.common import Context, arg, invalid, lat_lng_arg, stable_int, token_for
from mapsnb_sandbox.earth.water import near_land
from mapsnb_sandbox.languages.texts import (
    DEFAULT_LANGUAGE,
    format_distance,
    format_number,
    language,
    say,
    texts,
    weekday_names,
)
from mapsnb_sandbox.tools.query import (
    Query,
    country_before_kind,
    made_up_kind,
    named_kind,
    place_in_town,
    read_query,
    rest_of,
    spelt_apart,
    split_query,
    splits,
    sure_town,
    title_cased,
    unread_words,
    words_as_typed,
)
from mapsnb_sandbox.tools.summaries import (
    UNRATED_KINDS,
    Anchor,
    PlaceLine,
    distance_from,
    intro_key,
    shown_anchor,
    street_and_where,
    summary_html,
)
from mapsnb_sandbox.world.cities import country_at
from mapsnb_sandbox.world.kinds.reading import kind_and_town, split_kind_and_place
from mapsnb_sandbox.world.kinds.table import (
    FREE_CODE,
    Category,
    categories,
    category_at,
    category_key,
    detect_category,
    find_category,
    free_category,
    reading_language,
)
from mapsnb_sandbox.world.landmarks import asks_for_a_kind, landmark_shaped, unknown_landmark
from mapsnb_sandbox.world.names.islands import island_only
from mapsnb_sandbox.world.places import (
    Spot,
    kind_at,
    kind_of_name,
    local_kind,
    place_from_id,
    place_of,
    select,
    spot_from_id,
    spots_named,
)
from mapsnb_sandbox.world.regions import search_centre
from mapsnb_sandbox.world.resolved import Resolved, island_meant, place_view
from mapsnb_sandbox.world.resolver import (
    GENERIC_WORDS,
    UNKNOWN_LANDMARK,
    Resolution,
    bare_guess,
    bare_town_ok,
    fold,
    names_one_place,
    resolve,
    unsure_namesake,
)

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

_KINDS = {"locality": "city", "coordinates": "point", "country": "country",
          "administrative_area_level_1": "region"}  # fmt: skip
_REGION = re.compile(r"^[A-Za-z]{2}$")
#: A point farther than this from any town, off land, is an empty area: no places there.
_EMPTY_AREA_M = 25_000.0

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
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_PAGE_SIZE:
        raise invalid(f"page_size must be an integer between 1 and {MAX_PAGE_SIZE}, got {size!r}")
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


def _anchor(place_text: str, req: _Request) -> Resolved | None:
    """The town the place part of a query names (:func:`_anchoring`), or ``None``."""
    return _anchoring(place_text, req).place


def _anchoring(text: str, req: _Request) -> Resolution:
    """The resolver on a query's place part as a town, with the request's bias, region, language."""
    return resolve(text, bias=req.center, region=req.region, role="town", language=req.language)


def _attribute_text(r: Resolved, attr: str, lang: str) -> str:
    h = stable_int("attr", r.place_id)
    if r.kind in UNRATED_KINDS:  # a town's hours, phone or rating: none, its address only
        return say(lang, "attr_address", address=r.address)
    if attr == "hours":
        mon, fri, sat, sun = weekday_names(lang)
        return say(lang, "attr_hours", mon=mon, fri=fri, sat=sat, sun=sun, a=7 + h % 3,
                   b=17 + h % 5, c=9 + h % 2, d=16 + h % 4)  # fmt: skip
    if attr == "phone":
        return say(lang, "attr_phone", phone=f"+1 555-01{h % 100:02d}")
    if attr == "website":
        return say(lang, "attr_website", url=f"https://example.com/sandbox/{r.place_id[-8:]}")
    if attr == "reviews":
        rating = format_number(round(3.6 + (h % 14) / 10, 1), lang, "0.0")
        return say(lang, "attr_reviews", rating=rating, n=20 + h % 900)
    return say(lang, "attr_address", address=r.address)


def _kind(r: Resolved, lang: str) -> tuple[str, str]:
    """What a place is, in ``lang``, and its text group."""
    spot = spot_from_id(r.place_id)
    c = None if spot is None else kind_at(spot.code)
    if c is not None:
        return c.singular_in(lang), c.group
    known = category_key(r.kind)
    if known is not None:  # a landmark museum, park, stadium, university, airport, ...
        return known.singular_in(lang), "outdoor" if known.group == "outdoor" else "default"
    english = _KINDS.get(r.kind, r.kind.replace("_", " "))
    return str(texts(lang).get("place_kinds", {}).get(english, english)), "outdoor"


def _address_summary(r: Resolved, lang: str) -> str:
    """An address result as live writes it (REAL_SERVER.md, round 4): the address in bold, then
    where it is (``**6-8 Mercury Street** in Tin Hau, Hong Kong [0].``), then the note."""
    street, rest = street_and_where(r, lang)
    where = say(lang, "address_where", where=rest)
    return f"**{street}**{where} [0].\n\n{say(lang, 'intro_single')}"


def _single_place(r: Resolved, req: _Request, attr: str | None) -> tuple[list[Resolved], str]:
    if r.kind == "street_address" and not attr:  # an address: the live address form
        return [r], _address_summary(r, req.language)
    kind, group = _kind(r, req.language)
    line = PlaceLine(
        r,
        kind,
        attribute=_attribute_text(r, attr, req.language) if attr else None,
        extended=req.extended,
        group=group,
        lang=req.language,
    )
    return [r], summary_html(say(req.language, "intro_single"), [line], r.place_id)


def _nearby(
    c: Category, anchor: tuple[float, float], anchor_name: str, key: str, req: _Request
) -> tuple[list[Resolved], str]:
    """The world's places of kind ``c`` a circle selects: the bias circle when ``anchor`` is
    its centre, else a circle of the kind's spread around the town; never new places."""
    lang, c = req.language, local_kind(c, req.text, anchor)  # "temple" in Kyoto: Buddhist
    radius = req.radius if anchor == req.center and req.radius else c.spread_m
    # a kind the table lacks selects generic places: none named after the query's words
    chosen = island_only(key, anchor, select(anchor, radius, c.code, req.page_size))
    if not chosen:  # nothing of the kind within reach (a remote place): said, not invented
        return [], say(lang, "no_match", q=req.text)
    places = [place_of(spot) for spot, _ in chosen]
    one = len(places) == 1 and not c.synthetic_kind  # "Here is 1 airport", not "1 airports"
    text = "intro_free" if c.synthetic_kind else "intro_nearby_one" if one else "intro_nearby"
    what = c.singular_in(lang) if one else c.plural_in(lang)
    intro = say(lang, intro_key(text, anchor_name), n=len(places), what=what, where=anchor_name)
    lines = [
        PlaceLine(
            b,
            "" if c.synthetic_kind else c.singular_in(lang),  # never "a waakye" (issue 40)
            distance=distance_from(anchor_name, format_distance(dist, lang), lang),
            extended=req.extended,
            group=c.group,
            lang=lang,
        )
        for b, (_, dist) in zip(places, chosen, strict=True)
    ]
    return places, summary_html(intro, lines, key)


def _empty_area(center: tuple[float, float]) -> bool:
    """Whether ``center`` is open water far from any town (no places to invent there)."""
    if near_land(center[0], center[1]):
        return False
    return country_at(center[0], center[1])[2] > _EMPTY_AREA_M


def _around(c: Category, req: _Request, place_text: str | None) -> tuple[list[Resolved], str]:
    """Places of kind ``c`` near the place the query names, else near the location bias."""
    lang, what = req.language, c.plural_in(req.language)
    if place_text:  # ("Stephansplatz Wien": Vienna; "Gare de Lyon Paris": the station)
        place_text = place_in_town(place_text, bias=req.center, region=req.region) or place_text
        found = _anchoring(place_text, req)
        anchor = island_meant(req.text, place_text, found.place)
        unsure = anchor is not None and unsure_namesake(place_text, anchor)  # "Monterey"
        if anchor is None or unsure or spelt_apart(place_text, found):
            key = "unsure_town" if unsure else "unknown_town"
            return [], say(lang, key, place=place_text, what=what)
        where = shown_anchor(anchor, place_text, req.language)  # "北京", "Norvegia"
        at = search_centre(anchor.place_id, anchor.lat, anchor.lng)  # a region: its towns
        return _nearby(c, at, where, anchor.place_id, req)
    if req.center is not None:
        key = f"{req.center[0]:.4f},{req.center[1]:.4f}"
        if _empty_area(req.center):
            return [], say(lang, "empty_area", where=Anchor(key, "point"), what=what)
        return _nearby(c, req.center, Anchor(key, "point"), key, req)
    return [], say(lang, "needs_location", q=req.text, what=what)


# --------------------------------------------------------------------------- the pipeline
#: What a reader answers: the places and the summary, or ``None`` to pass to the next reader.
_Answer = tuple[list[Resolved], str] | None


def _exact_place(q: Query, req: _Request) -> _Answer:
    """The text is one place's name, alias, address or coordinates."""
    return _single_place(q.whole.place, req, q.attr) if q.whole.exact and q.whole.place else None


def _names_unknown_landmark(q: Query, *, search: bool) -> bool:
    """Whether the text names a landmark the emulator does not know (``unknown_landmark``)."""
    r = q.whole.place
    if kind_and_town(
        q.text, r.name if r else None, is_town=lambda t: sure_town(t, bias=None, region=None)
    ):
        return False  # "museum Paris", "музеи Москвы": a kind in a town
    if q.whole.how == UNKNOWN_LANDMARK:  # the resolver's rule; a search may still ask a kind
        return not (search and asks_for_a_kind(q.text))
    if r is not None and (r.kind != "locality" or r.confidence != "LOW"):
        return False
    return unknown_landmark(q.text, r.name if r is not None else None, q.whole.how, search=search)


def _unknown_landmark(q: Query, req: _Request) -> _Answer:
    """A landmark's name the emulator does not know ("Pirin National Park"): no place."""
    if not _names_unknown_landmark(q, search=True):
        return None
    if _kind_in_a_place(q, req):
        return None  # "train station London": a kind and a town, no landmark's name
    return [], say(req.language, "unknown_phrase", q=q.text)


def _kind_in_a_place(q: Query, req: _Request) -> bool:
    """Whether the text is a kind and, around it, a town's, region's, country's or known
    landmark's whole name ("train station London", "ξενοδοχεία κοντά στην Ακρόπολη")."""
    split = split_kind_and_place(q.text)
    if split is None or split[1] is None or landmark_shaped(q.text, besides=split[1]):
        return False  # (a landmark's word in the place's name is the place's: "Pays de Galles")
    known = _anchoring(split[1], req).how in ("city", "region", "country", "name", "alias")
    return known or bool(place_in_town(split[1], bias=req.center, region=req.region))


def _whole_town(q: Query) -> bool:
    """Whether the text is a town's whole name of 2+ words ("San Cristóbal"): no kind in it."""
    r = q.whole.place
    return (
        q.whole.how == "city" and r is not None and " " in q.text.strip()
        and fold(r.name) == fold(q.text)
    )  # fmt: skip


def _qualified_town(q: Query) -> bool:
    """Whether the text is a town and its qualifiers, surely ("Richmond, British Columbia",
    "Bowling Green, KY"): a kind word in the qualifier or the town's own name names no kind."""
    head, comma, _ = q.text.partition(",")
    r = q.whole.place
    if not comma or q.whole.how != "city" or r is None or r.confidence != "MEDIUM":
        return False
    return split_kind_and_place(head) is None or fold(r.name) == fold(head)


def _longer_kind(text: str, found: tuple[int, int, int]) -> tuple[int, int, int]:
    """``found`` widened to the next words where with them it names another kind ("trạm xăng",
    no "tram") or its own by a longer name ("distributeur automatique de billets")."""
    typed, folded = text.split(), fold(text).split()  # as typed, aligned: "Tha Mai", a name's
    words = typed if len(typed) == len(folded) else folded
    for end in range(min(found[2] + 3, len(words)), found[2], -1):
        hit = split_kind_and_place(" ".join(words[found[1] : end]))
        if hit is not None and hit[1] is None and (hit[0] != found[0] or end > found[2] + 1):
            return hit[0], found[1], end
    return found


def _kind_and_place(q: Query, req: _Request) -> _Answer:
    """A kind of the table, and the place after a preposition ("cafes in Paris, Texas") or,
    with no bias, the words around it ("Lyon schools")."""
    if _qualified_town(q) or _whole_town(q):
        return None
    cat_text, place_text = split_query(q.text)
    found = find_category(cat_text)
    if found is None:
        return None
    found = _longer_kind(cat_text, found)
    if place_text is None and _kind_inside_town(q.text, found):
        return None  # "hoteluri în Novi Sad": "Sad" is the town's word, not a courthouse
    if named_kind(q.text, cat_text, place_text, found, bias=req.center, region=req.region):
        unknown = place_text is not None and q.whole.place is None  # "Temple of the Moon
        return ([], say(req.language, "unknown_phrase", q=q.text)) if unknown else None  # near..."
    if place_text is None and req.center is None:
        place_text = rest_of(q.text, found[1], found[2])
        if place_text and place_text.islower() and _anchor(place_text, req) is None:
            place_text = None  # lower-case words, no town
    return _around(categories()[found[0]], req, place_text)


def _kind_inside_town(text: str, found: tuple[int, int, int]) -> bool:
    """Whether the table's kind ``found`` (code, word span) lies inside the town another
    language's kind leaves (:func:`split_kind_and_place`: "hoteluri" and "Novi Sad")."""
    split = split_kind_and_place(text)
    if split is None or split[1] is None or split[0] == found[0]:
        return False
    words = " ".join(fold(text).split()[found[1] : found[2]])
    return f" {words} " in f" {fold(split[1])} "


def _kind_in_any_language(q: Query, req: _Request) -> _Answer:
    """A kind and a town in any language and script (:func:`split_kind_and_place`)."""
    split = split_kind_and_place(q.text)
    if split is None:
        return None
    if _qualified_town(q) or _whole_town(q):
        return None
    kind, place = split
    sure = sure_town(place, bias=req.center, region=req.region)
    titled = title_cased(q.text) and not asks_for_a_kind(q.text)  # German capitals: "am X"
    if titled and len(words_as_typed(q.text)) > 1 and not sure:
        return None  # "Jantar Mantar", "Samarkand – Crossroad of Cultures": a name, no kind
    if place is not None and " " not in place:
        first = q.text.split()[0] == place
        named = any(w in GENERIC_WORDS for w in fold(q.text).split()[1:])
        if not named and not bare_town_ok(place, last=not first):
            place = None  # an ordinary word, not a town
    if place is None or not q.text.isascii() or _anchor(place, req) is not None:
        return _around(categories()[kind], req, place)
    if country_before_kind(q.text, place):  # "Nambour, Canada hotel": no Nambour there
        return _around(categories()[kind], req, place)
    return None


def _landmark(q: Query, req: _Request) -> _Answer:
    """A landmark the text names ("Louvre in Paris")."""
    r = q.whole.place
    if r is None or r.kind in _KINDS or q.whole.how == "approximate":
        return None
    return _single_place(r, req, q.attr)


def _one_unknown_place(q: Query, req: _Request) -> _Answer:
    """One place the emulator does not know, in a town it knows ("Union Station, Denver"); not
    a town of elsewhere (:func:`unsure_namesake`: "Kurchatov, Pavlodar")."""
    r = q.whole.place
    if q.whole.how == UNKNOWN_LANDMARK:  # "Sanctuary of Bom Jesus do Monte in Braga"
        return [], say(req.language, "unknown_phrase", q=q.text)
    if r is None or q.whole.how != "approximate" or not names_one_place(q.text, r.city):
        return None
    if _names_unknown_landmark(q, search=False):  # "Sanctuary of Bom Jesus do Monte in Braga"
        return [], say(req.language, "unknown_phrase", q=q.text)
    if unsure_namesake(q.text, r):
        return None
    return _single_place(r, req, q.attr)


def _made_up_kind_in_town(q: Query, req: _Request) -> _Answer:
    """A kind the table lacks, in a town the resolver knows."""
    for left, right in splits(q.text):
        phrase = None if title_cased(left) else made_up_kind(left)  # "Kujataa au Groenland"
        if phrase and right and _anchor(right, req) is not None:
            return _around(free_category(phrase), req, right)
    return None


def _unread_words(q: Query, req: _Request) -> _Answer:
    """A town and words nothing reads ("kilise İstanbul" is no answer of Istanbul); words
    that cannot be told apart from the town ("北京药店") leave it to :func:`_the_place`."""
    r = q.whole.place
    if r is None or q.whole.how != "partial":
        return None
    unread = unread_words(q.text, r, bias=req.center, region=req.region)
    return ([], say(req.language, "unread_words", words=unread, where=r.name)) if unread else None


def _the_place(q: Query, req: _Request) -> _Answer:
    """Whatever place the resolver found for the whole text, unless no town is surely meant
    (:func:`unsure_namesake`: "Kurchatov, Pavlodar" is not Pavlodar)."""
    r = q.whole.place
    if r is None or ("," in q.text and unsure_namesake(q.text, r)):
        return None
    if bare_guess(q.text, r, q.whole.how):  # "Susa": Sousse's other name; "San Pedro"
        return [], say(req.language, "no_match", q=q.text)
    if _names_unknown_landmark(q, search=False):  # "Cités du modernisme de Berlin"
        return [], say(req.language, "unknown_phrase", q=q.text)
    return _single_place(r, req, q.attr)


def _unknown_town(q: Query, req: _Request) -> _Answer:
    """Words and a place after a preposition that names nothing known."""
    cuts = [(left, right) for left, right in splits(q.text) if left and right]
    if not cuts:
        return None
    return [], say(req.language, "unknown_town", place=cuts[-1][1], what=cuts[-1][0])


def _made_up_kind_near_bias(q: Query, req: _Request) -> _Answer:
    """A kind the table lacks, around the location bias."""
    phrase = made_up_kind(q.text)
    if phrase and req.center is not None:
        return _around(free_category(phrase), req, None)
    return None


#: The readers of a query, in order: the first that answers wins.
_READERS = (
    _exact_place,
    _unknown_landmark,
    _kind_and_place,
    _kind_in_any_language,
    _landmark,
    _one_unknown_place,
    _made_up_kind_in_town,
    _unread_words,
    _the_place,
    _unknown_town,
    _made_up_kind_near_bias,
)


def _search(req: _Request) -> tuple[list[Resolved], str]:
    """Read the query into parts, resolve its text once, and let the first reader answer."""
    q = read_query(req.text, req.center, req.region)
    for reader in _READERS:
        answer = reader(q, req)
        if answer is not None:
            return answer
    return [], say(req.language, "unknown_phrase", q=req.text)


def search_places(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``search_places`` tool: ``{"places", "summary", "contentToken"}``."""
    del ctx  # results do not depend on the clock
    req = _validate(args)
    with reading_language(arg(args, "language_code")):  # a language's own forms of kinds
        places, summary = _search(req)
    if not places:  # a single uncited paragraph, escaped like every summary
        summary = f"<p>{html.escape(summary, quote=False)}</p>"
    token = token_for("search_places", json.dumps(req.__dict__, sort_keys=True, default=str))
    return {"places": [place_view(p) for p in places], "summary": summary, "contentToken": token}
