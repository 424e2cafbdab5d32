"""The town a comma part of an address names ("12 Main St, Portland, ME", "Plaza Mayor 1, 37002
Salamanca", "Calle Ancha 2, León, España"): among towns of that name, those the other parts
hold (state, region, country, postcode), best named first."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.addresses import code_near
from mapsnb_sandbox.world.cities import city_index, district
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.kinds.words import town_then_kind
from mapsnb_sandbox.world.landmarks import NATURAL_WORDS, fold
from mapsnb_sandbox.world.names.qualifiers import query_phrases, without_article
from mapsnb_sandbox.world.towns import (
    Qualifiers,
    city_ok,
    fuzzy_town,
    known_qualifier,
    name_rank,
    named_ids,
    own_namesakes,
    qualifiers,
    regions,
    town_ids,
)

__all__ = [
    "COMPASS_QUARTERS",
    "COMPASS_WORDS",
    "best_town",
    "by_postcode",
    "leading_qualifiers",
    "named_otherwise",
    "named_town",
    "plain_line",
    "postcode_fits",
    "town_before_kind",
]

_CITY_M = 30_000.0
"""How far from a city another part names a town counts as in it (a big city's reach)."""


def best_town(ids: list[int], bias: tuple[float, float] | None, region: str | None) -> City:
    """The town of ``ids`` (best named first) nearest the bias, else of ``region``'s country,
    else the first that is no big city's district ("…, Salamanca, Spain": the city, not
    Madrid's Salamanca district, a little bigger)."""
    cities = [city_index().cities[j] for j in ids]
    if bias is not None and len(cities) > 1:
        ranks = name_rank(fold(cities[0].name), cities, [1] * len(cities))
        cities = [c for c, r in zip(cities, ranks, strict=True) if r == min(ranks)]
        return min(cities, key=lambda c: haversine_m(c.lat, c.lng, bias[0], bias[1]))
    if region:
        return next((c for c in cities if c.cc == region.upper()), cities[0])
    return next((c for c in cities if not district(c)), cities[0])


def named_town(
    q: Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> tuple[City, bool] | None:
    """The town a comma part names, also inflected ("w Krakowie") or misspelt ("Lisbonn"):
    ``(town, exact)``; a part also a region's name, a town of that region's country or of
    another part's region ("Schwarzbach, Brandenburg": no Kentucky town; "…, Portland, ME")."""
    idx = city_index()

    def ok_for(name: str) -> Callable[[int], bool]:
        lands = _region_countries(name) if name in q.regions else frozenset()

        def ok(j: int) -> bool:
            c = idx.cities[j]
            held = bool(q.states) or any(regions().holds(p, c) for p in q.regions - {name})
            typed = c.cc in lands | q.ccs or postcode_fits(c, q)  # "…, León, Spain", "24003 León"
            return city_ok(c, q) and (not lands or typed or held)

        return ok

    names = sorted(q.cities, key=lambda n: (-len(n), n))  # not set order: hash-seeded
    for name in names:
        ids = _held_by_others(by_postcode(town_ids(idx, name, ok_for(name)), q), q, name)
        if ids:
            return best_town(ids, bias, region), True
    for name in names:
        j = fuzzy_town(idx, name, ok_for(name))
        if j is not None:
            return idx.cities[j], False
    return None


def _region_countries(name: str) -> frozenset[str]:
    """The countries of the regions folded ``name`` names (first- and second-level, countries)."""
    rg = regions()
    lands = {cc for cc, _ in rg.admin1.get(name, ())} | {b[0] for b in rg.admin2.get(name, ())}
    return frozenset(lands | set(rg.countries.get(name, ())))


def _held_by_others(ids: list[int], q: Qualifiers, name: str) -> list[int]:
    """The towns of ``ids`` that a region another part names holds, or that lie in the city
    another part names, if any ("Calle Serrano 10, Salamanca, Madrid": Madrid's Salamanca
    district, not the bigger Salamanca of Mexico; "…, Richmond, London": not Virginia's)."""
    idx = city_index()
    held_in = q.regions - {name}
    cities = [idx.cities[k] for p in q.cities - {name} for k in town_ids(idx, p, _any)[:1]]

    def held(c: City) -> bool:
        near = any(haversine_m(c.lat, c.lng, t.lat, t.lng) < _CITY_M for t in cities)
        return near or any(regions().holds(p, c) for p in held_in)

    return [j for j in ids if held(idx.cities[j])] or ids


def _any(j: int) -> bool:
    return True


def by_postcode(ids: list[int], q: Qualifiers) -> list[int]:
    """The towns of ``ids`` near which a postcode of ``q`` lies in their country, if any
    ("Plaza Mayor 1, 37002 Salamanca": Spain's Salamanca, not Mexico's, which is bigger)."""
    idx = city_index()
    return [j for j in ids if postcode_fits(idx.cities[j], q)] or ids


def postcode_fits(c: City, q: Qualifiers) -> bool:
    """Whether a postcode typed in ``q`` is one of town ``c``'s country's near it."""
    return any(code_near(c.cc, c.lat, c.lng, p) for p in q.postcodes)


#: An address's last line written alone, its postcode before or after its town ("75001 Paris",
#: "10115 Berlin", "1012 NX Amsterdam", "111 43 Stockholm", "100-0001 Tokyo", "Roma 00184").
_CODE_FIRST = re.compile(r"(?P<code>\d[\d-]{2,}\d(?: (?:\d{2,3}|[A-Z]{2}))?) (?P<town>\D.*)")
_CODE_LAST = re.compile(r"(?P<town>\D.*?) (?P<code>\d[\d-]{2,}\d(?: (?:\d{2,3}|[A-Z]{2}))?)")


def _posted(text: str) -> str:
    """``text`` as "town, postcode" when it is a town and a postcode of that town's country near
    it, without a comma ("75001 Paris" -> "Paris, 75001", as "…, 75001 Paris" ends an address):
    a code of one of the town's areas, or of the area round the town the name means by its
    first two characters; else ``text`` ("1600 Pennsylvania": no town; "1234 Springfield")."""
    if "," in text:
        return text
    m = _CODE_FIRST.fullmatch(text) or _CODE_LAST.fullmatch(text)
    if m is None:
        return text
    idx, code = city_index(), m.group("code")
    towns = [idx.cities[j] for j in named_ids(idx, fold(m.group("town")))[:20]]
    near = [c for c in towns if code_near(c.cc, c.lat, c.lng, code, chars=2)]
    sure = any(code_near(c.cc, c.lat, c.lng, code) for c in near)  # "37002 Salamanca": Spain's
    fits = sure or (near and near[0] == towns[0])  # the town the name means ("00184 Roma")
    return f"{m.group('town')}, {code}" if fits else text


def plain_line(text: str) -> str:
    """``text`` as the town it names, once its postcode (:func:`_posted`) or the words for the
    town's centre (:func:`_centre_less`) are read."""
    return _centre_less(_posted(text))


#: What joins a word for a town's centre to the town's name after it ("centre-ville de Lyon",
#: "centro storico di Roma", "Zentrum von Wien", "κέντρο της Αθήνας"; folded).
_CENTRE_JOINS = frozenset(
    fold(w)
    for w in "d' de du des del della di do da van von of the της του".split()  # noqa: SIM905
)


def _centre_less(text: str) -> str:
    """``text`` without the words for a town's centre before or after the town's name, when the
    rest names a town ("downtown Seattle", "Manchester city centre", "Innenstadt Zürich",
    "centro de Madrid", "центр Москвы", "서울 시내", "京都市内"), else ``text`` ("Centro Cultural
    Banco do Brasil"). No comma: "Centro, Rio de Janeiro" is read by its parts. A town's own
    name that holds such a word stays whole ("La Paz Centro", Nicaragua's: no La Paz)."""
    if "," in text or not text.strip() or named_ids(city_index(), fold(text)):
        return text
    bare = without_article(text) or text  # "el centro de Sevilla", "das Zentrum von Wien"
    words = bare.replace("\u2019", "'").replace("d'", "d' ").split()
    for w in query_phrases("town_centre"):  # words for a town's centre, longest first
        for rest in _centre_rests(bare, words, w):
            key = fold(rest)
            if key and named_ids(city_index(), key):
                return rest
            if key and (ids := town_ids(city_index(), key, _any)):  # "centrum Krakowa"
                return city_index().cities[ids[0]].name
    return text


def _centre_rests(text: str, words: list[str], w: str) -> Iterator[str]:
    """What is left of ``text`` (in ``words``) once centre word ``w`` (folded) is taken from its
    start (with a joining word after it) or its end; glued in scripts without spaces."""
    glued = not w.isascii() and " " not in text.strip()  # "京都市内", "서울시내", "ใจกลางกรุงเทพ"
    for n in range(1, min(len(text), 12)) if glued else ():
        if fold(text[-n:]) == w:
            yield text[:-n]
        if fold(text[:n]) == w:
            yield text[n:]
    for k in range(1, min(len(words), 4)):
        if fold(" ".join(words[:k])) == w:
            rest = words[k:]
            yield " ".join(rest[1:] if fold(rest[0]) in _CENTRE_JOINS else rest)
        if fold(" ".join(words[-k:])) == w:
            yield " ".join(words[:-k])


def town_before_kind(typed: str, q: Qualifiers) -> City | None:
    """The town whose whole name a one-character kind closes ("京都駅", Kyoto Station; "서울역",
    Seoul Station): the place is not known, its town is, as for "Kyoto Station"."""
    glued = town_then_kind(typed.strip())
    if glued is None:
        return None
    idx = city_index()
    key = fold(typed.strip()[: glued[1]])
    ids = town_ids(idx, key, lambda j: city_ok(idx.cities[j], q), inflected=False)
    return idx.cities[ids[0]] if ids else None


#: A text of Japanese, Chinese or Korean letters (a town may follow in Latin ones: "フランスNîmes").
_EAST_ASIAN = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
#: What may join a country or region written before its town: Japanese "の" and "・", Chinese
#: "的", a space (Korean "프랑스 파리"); glued is as common ("法国巴黎", "オレゴン州ポートランド").
_JOINERS = "の的・· \u3000"


def leading_qualifiers(text: str) -> list[str] | None:
    """``"フランスのパリ"`` -> ``["パリ", "フランス"]``, the town first as a comma list gives it:
    Japanese, Chinese and Korean write the country and region before the town ("法国巴黎",
    "美国得克萨斯州巴黎", "미국 텍사스주 파리"); a text with no comma that opens with one or two
    such names and ends with the name of a town they hold. ``None`` for any other text, and for a
    text that is a town's whole name ("京都市" is no "京都" before a town)."""
    typed = text.strip()
    idx = city_index()
    if "," in typed or not _EAST_ASIAN.match(typed) or named_ids(idx, fold(typed)):
        return None
    return _after_leads(typed, [])


def _after_leads(text: str, quals: list[str]) -> list[str] | None:
    """The town ``text`` ends with and the one or two names before it, with ``quals`` (the
    names read before ``text``): each name ``text`` may open with, longest first ("上海浦东新区":
    not "上海浦东", then "新区", but "上海" and "浦东新区")."""
    idx = city_index()
    for lead, rest in _leading_names(text) if len(quals) < 2 else ():
        held, ids = qualifiers([lead, *quals]), named_ids(idx, fold(rest))
        if any(city_ok(idx.cities[j], held) for j in ids + own_namesakes(idx, ids, key=fold(rest))):
            return [rest, lead, *quals]  # "テキサス州パリ": Paris, Texas, by Paris, France's name
        if (deeper := _after_leads(rest, [lead, *quals])) is not None:
            return deeper
    return None


#: Words closing the name of a city's ward ("해운대구", "天河区"): a big city's name may open
#: the text as a qualifier does ("부산 해운대구", "广州天河区").
_WARDS = ("区", "區", "구")
#: A city this big has wards a text names after it.
WARD_CITY = 1_000_000


def _leading_names(text: str) -> list[tuple[str, str]]:
    """The country or region names ``text`` opens with (or a big city's, before a ward),
    longest first, each with the rest after its joiner; never cut inside a word of Latin
    letters ("프랑스 Jambles" is no "Jam" before a "bles")."""
    out = []
    for end in range(len(text) - 1, 0, -1):
        if latin_letter(text[end - 1]) and latin_letter(text[end]):
            continue
        rest, lead = text[end:].lstrip(_JOINERS), text[:end].rstrip(_JOINERS)
        if rest and (known_qualifier(lead) or (rest.endswith(_WARDS) and _ward_city(lead))):
            out.append((lead, rest))
    return out


def _ward_city(name: str) -> bool:
    idx = city_index()
    return any(idx.cities[j].population >= WARD_CITY for j in named_ids(idx, fold(name)))


#: Compass words that make a name of their own before a town's name ("East Goshen").
COMPASS_WORDS = frozenset(["north", "south", "east", "west"])
#: Towns this big have quarters named by a compass word ("North London", "South Delhi").
COMPASS_QUARTERS = 100_000


def named_otherwise(town: City, rest: str, words: list[str], named: list[str]) -> bool:
    """Whether the unread words and the town's name name another place: a mountain named after
    the town ("Gunung Kinabalu"), or a town of its own (the only unread word a compass word just
    before the name of a town under :data:`COMPASS_QUARTERS` people: "East Goshen", "West
    Chester", which the index lacks), not a part of this town."""
    if set(rest.split()) <= NATURAL_WORDS:
        return True
    if rest not in COMPASS_WORDS or town.population >= COMPASS_QUARTERS:
        return False
    n = len(named)
    return any(words[i + 1 : i + 1 + n] == named for i, w in enumerate(words) if w == rest)
