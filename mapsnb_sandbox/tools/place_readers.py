"""How ``search_places`` answers a query read into parts: a table of readers over the read query
(:data:`READERS`, the first that answers wins), each answering with one place, the world's places
of a kind around a town or the location bias, or a sentence that nothing is there.
"""

from __future__ import annotations

from dataclasses import dataclass

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.earth.water import near_land
from mapsnb_sandbox.languages.texts import format_distance, format_number, say, texts, weekday_names
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
    Category,
    categories,
    category_key,
    find_category,
    free_category,
)
from mapsnb_sandbox.world.landmarks import (
    asks_for_a_kind,
    landmark_shaped,
    landmark_with_id,
    unknown_landmark,
)
from mapsnb_sandbox.world.names.islands import island_only
from mapsnb_sandbox.world.places import kind_at, local_kind, place_of, select, spot_from_id
from mapsnb_sandbox.world.regions import search_centre
from mapsnb_sandbox.world.resolved import Resolved, island_meant
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

__all__ = ["READERS", "Request", "answer_query"]

_KINDS = {"locality": "city", "coordinates": "point", "country": "country",
          "administrative_area_level_1": "region"}  # fmt: skip
#: A point farther than this from any town, off land, is an empty area: no places there.
_EMPTY_AREA_M = 25_000.0


@dataclass(frozen=True)
class Request:
    """A ``search_places`` call's arguments, checked: what every reader reads."""

    text: str
    center: tuple[float, float] | None
    radius: float | None
    language: str
    region: str | None
    page_size: int
    extended: bool


def _anchor(place_text: str, req: Request) -> Resolved | None:
    """The town the place part of a query names (:func:`_anchoring`), or ``None``."""
    return _anchoring(place_text, req).place


def _anchoring(text: str, req: Request) -> Resolution:
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


def _single_place(r: Resolved, req: Request, attr: str | None) -> tuple[list[Resolved], str]:
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
    c: Category, anchor: tuple[float, float], anchor_name: Anchor, key: str, req: Request
) -> tuple[list[Resolved], str]:
    """The world's places of kind ``c`` a circle selects: the bias circle when ``anchor`` is
    its centre, else a circle of the kind's spread around the town (around a famous place that
    has none near, further out: :data:`~mapsnb_sandbox.world.places.FAR_REACH_M`); never new
    places."""
    lang, c = req.language, local_kind(c, req.text, anchor)  # "temple" in Kyoto: Buddhist
    radius = req.radius if anchor == req.center and req.radius else c.spread_m
    famous = landmark_with_id(key)  # "hotels near Mount Elbrus": Terskol's, 20 km
    far = famous is not None and not famous.one_source  # one list's volcano: a namesake's town?
    # a kind the table lacks selects generic places: none named after the query's words
    chosen = island_only(key, anchor, select(anchor, radius, c.code, req.page_size, far=far))
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


#: Where a search looks for a kind's places: the circle's centre, the place as the summary shows
#: it, and the summary's key.
_Centre = tuple[tuple[float, float], Anchor, str]


def _around(c: Category, req: Request, place_text: str | None) -> tuple[list[Resolved], str]:
    """Places of kind ``c`` near the place the query names, else near the location bias."""
    what = c.plural_in(req.language)
    centre = _named_centre(place_text, what, req) if place_text else _bias_centre(what, req)
    if isinstance(centre, str):  # no centre: the sentence that says why
        return [], centre
    return _nearby(c, *centre, req)


def _named_centre(place_text: str, what: str, req: Request) -> _Centre | str:
    """The centre of the place ``place_text`` names ("Stephansplatz Wien": Vienna; "Gare de Lyon
    Paris": the station; a region: its towns), or why there is none (an unknown or unsure town)."""
    place_text = place_in_town(place_text, bias=req.center, region=req.region) or place_text
    found = _anchoring(place_text, req)
    anchor = island_meant(req.text, place_text, found.place)
    unsure = anchor is not None and unsure_namesake(place_text, anchor)  # "Monterey"
    if anchor is None or unsure or spelt_apart(place_text, found):
        key = "unsure_town" if unsure else "unknown_town"
        return say(req.language, key, place=place_text, what=what)
    where = shown_anchor(anchor, place_text, req.language)  # "北京", "Norvegia"
    return search_centre(anchor.place_id, anchor.lat, anchor.lng), where, anchor.place_id


def _bias_centre(what: str, req: Request) -> _Centre | str:
    """The location bias' centre, or why there is none (no bias, open water)."""
    if req.center is None:
        return say(req.language, "needs_location", q=req.text, what=what)
    key = f"{req.center[0]:.4f},{req.center[1]:.4f}"
    if _empty_area(req.center):
        return say(req.language, "empty_area", where=Anchor(key, "point"), what=what)
    return req.center, Anchor(key, "point"), key


# --------------------------------------------------------------------------- the pipeline
#: What a reader answers: the places and the summary, or ``None`` to pass to the next reader.
_Answer = tuple[list[Resolved], str] | None


def _exact_place(q: Query, req: Request) -> _Answer:
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


def _unknown_landmark(q: Query, req: Request) -> _Answer:
    """A landmark's name the emulator does not know ("Pirin National Park"): no place."""
    if not _names_unknown_landmark(q, search=True):
        return None
    if _kind_in_a_place(q, req):
        return None  # "train station London": a kind and a town, no landmark's name
    return [], say(req.language, "unknown_phrase", q=q.text)


def _kind_in_a_place(q: Query, req: Request) -> bool:
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


def _kind_and_place(q: Query, req: Request) -> _Answer:
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


def _kind_in_any_language(q: Query, req: Request) -> _Answer:
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


def _landmark(q: Query, req: Request) -> _Answer:
    """A landmark the text names ("Louvre in Paris")."""
    r = q.whole.place
    if r is None or r.kind in _KINDS or q.whole.how == "approximate":
        return None
    return _single_place(r, req, q.attr)


def _one_unknown_place(q: Query, req: Request) -> _Answer:
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


def _made_up_kind_in_town(q: Query, req: Request) -> _Answer:
    """A kind the table lacks, in a town the resolver knows; not a cut after a capitalised word,
    which a name's connector follows ("Morville En Beauce": no kind "… Morville" in Beauce)."""
    for left, right in splits(q.text):
        named = title_cased(left) or left.split()[-1][:1].isupper()  # "Morville En Beauce"
        phrase = None if named else made_up_kind(left)  # "Kujataa au Groenland"
        if phrase and right and _anchor(right, req) is not None:
            return _around(free_category(phrase), req, right)
    return None


def _unread_words(q: Query, req: Request) -> _Answer:
    """A town and words nothing reads ("kilise İstanbul" is no answer of Istanbul); words
    that cannot be told apart from the town ("北京药店") leave it to :func:`_the_place`."""
    r = q.whole.place
    if r is None or q.whole.how != "partial":
        return None
    unread = unread_words(q.text, r, bias=req.center, region=req.region)
    return ([], say(req.language, "unread_words", words=unread, where=r.name)) if unread else None


def _the_place(q: Query, req: Request) -> _Answer:
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


def _unknown_town(q: Query, req: Request) -> _Answer:
    """Words and a place after a preposition that names nothing known."""
    cuts = [(left, right) for left, right in splits(q.text) if left and right]
    if not cuts:
        return None
    return [], say(req.language, "unknown_town", place=cuts[-1][1], what=cuts[-1][0])


def _made_up_kind_near_bias(q: Query, req: Request) -> _Answer:
    """A kind the table lacks, around the location bias."""
    phrase = made_up_kind(q.text)
    if phrase and req.center is not None:
        return _around(free_category(phrase), req, None)
    return None


#: The readers of a query, in order: the first that answers wins.
READERS = (
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


def answer_query(req: Request) -> tuple[list[Resolved], str]:
    """Read the query into parts, resolve its text once, and let the first reader answer."""
    q = read_query(req.text, req.center, req.region)
    for reader in READERS:
        answer = reader(q, req)
        if answer is not None:
            return answer
    return [], say(req.language, "unknown_phrase", q=req.text)
