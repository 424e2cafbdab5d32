"""Free text to a place: landmarks, towns, countries, coordinates and streets in known towns.

Matching is case-insensitive with accents folded (:func:`.landmarks.fold`); towns also by other
names, inflected or misspelt (:mod:`.towns`). Places found are :class:`Resolved` (:mod:`.resolved`);
answers are cached per text, bias and region, so the landmark table's switch (tests) lives here."""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.spot_ids import street_label
from mapsnb_sandbox.world import landmarks as _landmarks
from mapsnb_sandbox.world.addresses import street_case
from mapsnb_sandbox.world.cities import (
    COUNTRY_RIVAL_SHARE,
    REGION_RIVAL_SHARE,
    city_index,
    district,
    marks_apart,
    own_name_rival,
    rival,
    skeleton,
    spelling_ranks,
)
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.landmark_names.picking import (
    joined_volcano,
    landmark_named,
    landmark_ok,
    pick_landmark,
    score_point,
)
from mapsnb_sandbox.world.landmark_names.spelling import spelled_ids
from mapsnb_sandbox.world.landmarks import fold, landmark_index, street_key
from mapsnb_sandbox.world.named_towns import (
    by_postcode,
    leading_qualifiers,
    named_otherwise,
    named_town,
    postcode_fits,
    town_before_kind,
)
from mapsnb_sandbox.world.names.districts import names_its_city
from mapsnb_sandbox.world.names.grammar import (
    bare_town_ok,
    comma_parts,
    ordinary_words,
    parse_lat_lng,
    proper_name,
    town_by_grammar,
    typed_postcodes,
    with_commas,
)
from mapsnb_sandbox.world.names.islands import bigger_island, island_answer
from mapsnb_sandbox.world.names.qualifiers import outranked_district, region_at_home
from mapsnb_sandbox.world.regions import (
    capital_namesake,
    province_over_region,
    province_town,
    region_answer,
    region_of_country,
    spelt_rival,
    worded_region,
)
from mapsnb_sandbox.world.resolved import (
    Resolved,
    city_resolved,
    country_resolved,
    island_resolved,
    landmark_resolved,
    point_resolved,
    region_resolved,
    street_resolved,
)
from mapsnb_sandbox.world.towns import (
    COUNTRY_OVER_TOWN,
    FUZZY_POPULATION,
    PREPOSITIONS,
    Qualifiers,
    TownHit,
    city_ok,
    country_named,
    find_town,
    foreign_name,
    fuzzy_town,
    known_qualifier,
    name_rank,
    name_variants,
    named_ids,
    named_more_abroad,
    own_name,
    own_namesakes,
    qualifier_hits,
    qualifiers,
    region_abroad,
    typed_postal_code,
)

__all__ = [
    "FILLER_WORDS",
    "bare_town_ok",
    "district",
    "ordinary_words",
    "parse_lat_lng",
    "region_as_sure",
    "resolve_text",
    "resolve_text_match",
    "skeleton",
    "split_qualifiers",
    "use_landmarks",
    "with_commas",
]

_HOUSE_NUMBER = re.compile(r"^(?:\d+[a-z]?\s+\S|.*\S\s+\d+(?:[a-z]|丁目|番地?|号|號|번지)?$)")
#: Words dropped around a landmark name once the town is taken out ("the", "de", "w").
FILLER_WORDS = frozenset(
    "the a an of at de la le l du des del di da do der die das w v в у τησ του των".split()  # noqa: SIM905
    # "X in Town": the preposition before a named town ("Louvre in Paris", "Torre em Lisboa")
    + "in near em en im bei au aux à na nel во на около σε στη στην στο στον".split()  # noqa: SIM905
)


def use_landmarks(path: Path | None = None) -> None:
    """Switch the landmark table to another CSV (``None``: the packaged one); for tests."""
    _landmarks.LANDMARKS_CSV = (
        path or Path(__file__).resolve().parents[1] / "data" / "landmarks.csv"
    )
    landmark_index.cache_clear()
    _resolve_text_cached.cache_clear()


#: Near a bias, a town by another of its names (a rank below its own) counts this many times
#: as far: "Newcastle" from Leeds is Newcastle upon Tyne, 140 km, not Newcastle, Co. Down, 481.
OTHER_NAME_FARTHER = 2.0


def _fitting(raw: list[int], q: Qualifiers) -> tuple[list[int], list[int]]:
    """The towns of ``raw`` the qualifiers hold for, each with how many of the places they
    name hold for it; none when those hold for none ("Springfield, Boston": the named town
    may have a street of that name)."""
    idx = city_index()
    ids = by_postcode([j for j in dict.fromkeys(raw) if city_ok(idx.cities[j], q)], q)
    parts = sorted(q.regions | (q.cities - q.unknown))
    hits = [qualifier_hits(parts, idx.cities[j]) for j in ids]
    return ([], []) if parts and not q.ccs and not any(hits) else (ids, hits)


def _pick_city(
    name: str,
    q: Qualifiers,
    bias: tuple[float, float] | None,
    region: str | None,
    *,
    typed: str = "",
) -> tuple[City, bool] | None:
    """The town ``name`` means, and whether the qualifiers confirm it: most qualifiers that hold,
    then named by its own name (:func:`.towns.name_rank`), then nearest to the bias (or in
    ``region``), then the most populous. None when known qualifiers hold for none. ``typed``
    is the name as written (:func:`_spelling_ranks`)."""
    idx = city_index()
    raw = named_ids(idx, name)
    ids, hits = _fitting(raw, q)
    if not ids and raw:  # "Париж, Техас": Paris of Texas, by the name of Paris, France
        raw = own_namesakes(idx, raw, key=name)
        ids, hits = _fitting(raw, q)
    if not ids and q.cities:  # "Chaoyang, Beijing": its Chaoyang District (a county's elsewhere)
        raw = named_ids(idx, f"{name} district")
        ids, hits = _fitting(raw, q)
    if not (cands := [idx.cities[j] for j in ids]):
        return None
    parts = sorted(q.regions | (q.cities - q.unknown))
    counts = [raw.count(j) for j in ids]  # "Agara": one other name of Agra, or the village
    ranks = spelling_ranks(name, typed, cands, name_rank(name, cands, counts, typed))
    qualified = bool(parts or q.ccs or q.states)  # a bare name may mean a district

    def key(k: int) -> tuple[float, ...]:
        c = cands[k]
        near = score_point(c.lat, c.lng, c.cc, bias, region)
        inner = outranked_district(c, cands) if qualified else False
        if bias is not None:  # "Newcastle" from Leeds: upon Tyne (its other name), not Co. Down
            return (-hits[k], near * OTHER_NAME_FARTHER ** ranks[k], ranks[k], inner, -c.population)
        return (-hits[k], ranks[k], near, inner, -c.population)

    best = min(range(len(cands)), key=key)
    own = [own_name(name, c) for c in cands]
    doubt = named_more_abroad(cands[best], cands, counts, counts[best])  # "Kuito", Cuíto's
    city = bool(parts) and names_its_city(cands[best], parts, idx.by_name) > 0
    if not own[best] and not city and (counts[best] < 2 if any(own) else doubt):
        return cands[best], False  # (a district whose own city is named: "Wenshan, Taipei")
    if not own[best] and not qualified and foreign_name(name, cands[best], typed):
        return cands[best], False  # bare "Trident": Trento's in Croatian and Slovak only
    # "Olszanka, Mazowieckie, Poland"; a part naming nothing known leaves it unconfirmed
    confirmed = (max(hits) > 0 or not parts) and not q.unknown
    confirmed = confirmed and not marks_apart(typed, cands[best])  # "Kaceřov": no Kačerov
    keys = [key(k) for k in range(len(cands))]
    country_only = bool(q.ccs) and not parts and not q.states
    # a region qualifier, or one other name of the town (one language's), decides less
    single = not own[best] and raw.count(ids[best]) < 2
    regional = bool(q.states or q.regions - q.cities)
    least = REGION_RIVAL_SHARE if regional else COUNTRY_RIVAL_SHARE if single else None
    if bias is None and region is None:  # "Middletown, USA", bare "Orléans", "Кінгстон"
        doubt = rival(best, cands, keys, country_only=country_only, bare=not qualified, least=least)
        if doubt or (not own[best] and own_name_rival(cands[best], lambda o: city_ok(o, q))):
            confirmed = False  # no one answer
    return cands[best], confirmed


def split_qualifiers(text: str) -> list[str] | None:
    """``"Kent OH"`` -> ``["Kent", "OH"]`` (read as ``"Kent, OH"``), else ``None``: a text with
    no comma whose last 1-3 words name a region or country, its other words a town, whole no town
    (or a town elsewhere, before a state's postal code in capitals: :func:`typed_postal_code`);
    else qualifiers before the town, as Japanese, Chinese and Korean write them ("法国巴黎")."""
    words = text.split()
    if named_ids(city_index(), fold(text)):
        return None
    for k in (3, 2, 1):
        if len(words) - k < 1:
            continue
        town, qual = " ".join(words[:-k]), " ".join(words[-k:])
        if known_qualifier(qual) and (
            _pick_city(fold(town), qualifiers([qual]), None, None)
            or (typed_postal_code(qual) and named_ids(city_index(), fold(town)))
        ):  # a town the qualifier holds for (not "Ha Long" in "Bay"), or a state's code after
            return [town, qual]  # a town's name: "Cincinnati IA" is "Cincinnati, IA"
    return leading_qualifiers(text)


@functools.lru_cache(maxsize=4096)
def _resolve_text_cached(
    text: str, bias: tuple[float, float] | None, region: str | None
) -> tuple[Resolved, str] | None:
    if coords := parse_lat_lng(text):
        return point_resolved(*coords), "coords"
    li = landmark_index()
    parts = comma_parts(text, split_qualifiers)  # "Kent OH", "…, Sydney NSW 2000"
    if not parts:
        return None
    full = fold(text)
    head = fold(parts[0])
    q = qualifiers(parts[1:])
    q.postcodes.update(typed_postcodes(text))  # "…, 37002 Salamanca": Spain's
    empty = Qualifiers(set(), set(), set(), set(), set())
    # 1. exact landmark: whole text, full address, or head qualified by the rest
    for key, quals in ((full, empty), (head, q)):
        lm = pick_landmark(spelled_ids(li.by_name.get(key, ()), text), quals, bias, region)
        if lm:
            how = "name" if head == fold(lm.name) or key == fold(lm.name) else "alias"
            least = _landmarks.FAMOUS_TOWN_POPULATION if lm.famous else FUZZY_POPULATION
            if how == "alias" and (quals.ccs or quals.states or quals.regions):
                least = 1  # a qualified town's own name: "Montblanc, France", not Mont Blanc
            whole = lm.kind == "airport" or lm.whole_name_only  # airports, the stations' table
            if (how == "alias" or whole) and _own_name_town(key, q, least=least):
                continue  # "Paulista": a town of 300,000; "Ganzhou": a city, not Zhangye's airport
            exact = (how == "name" or lm.kind == "street_address") and lm.kind != "neighborhood"
            sure = "HIGH" if exact else "MEDIUM"
            unplaced = not (quals.cities or quals.ccs or bias or region)
            if unplaced and li.named_apart(key, lm):
                sure = "LOW"  # "Royal Botanic Gardens": Sydney's, and Kew's
            return landmark_resolved(lm, sure, text), how
    street = street_key(text)
    if street in li.by_full_address:
        return landmark_resolved(li.items[li.by_full_address[street]], "HIGH"), "address"
    lm = pick_landmark(li.by_street.get(street_key(parts[0]), ()), q, bias, region)
    if lm:
        return landmark_resolved(lm, "HIGH"), "address"
    # 2. a city ("Paris", "Springfield, IL", "Paris, France", "London, Ontario") or a country
    found = _city_or_country(head, full, len(parts), q, bias, region, typed=parts[0])
    if found is not None:
        return found
    # 3. a house-number street (a label an id can carry) in a known city (placed, not found: LOW)
    if (
        _HOUSE_NUMBER.match(head)
        and street_label(parts[0])
        and (town := named_town(q, bias, region) or _town_of_region(parts[1:], q, bias, region))
    ):
        label = street_case(parts[0].strip())  # "12 rue de rivoli": "12 Rue de Rivoli"'s
        return street_resolved(label, street_key(head), town[0]), "street"
    if len(parts) == 1 and (lm := _landmarks.named_with_its_place(full)) is not None:
        return landmark_resolved(lm, "MEDIUM", text), "fuzzy"  # "el Coliseo", "Petra Jordan"
    if len(parts) == 1 and (lm := joined_volcano(parts[0])) is not None:
        return landmark_resolved(lm, "LOW", text), "alias"  # "Gede-Pangrango": both names
    # 4. a landmark by its whole name, or anything else in a town the text names
    found = _in_named_town(parts, head, q, bias, region)
    glued = None if found or len(parts) > 1 else town_before_kind(parts[0], q)  # "京都駅"
    return (city_resolved(glued, "LOW"), "approximate") if glued else found


def region_as_sure(c: City, head: str, q: Qualifiers) -> bool:
    """Whether ``head``, with at most a country after it, names a first-level region of town
    ``c``'s country as surely as ``c`` (:func:`.names.qualifiers.region_at_home`); a region or
    town qualifier decides ("Puebla, Baja California": the town)."""
    if q.regions or q.states or q.cities:
        return False
    return region_at_home(c, head, BARE_TOWN_POPULATION)


def _town_of_region(
    parts: list[str], q: Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> tuple[City, bool] | None:
    """The town a state qualifier also names, as the other parts qualify it ("…, Washington, DC")."""
    if q.cities:
        return None
    for i, part in enumerate(parts):
        others = qualifiers(parts[:i] + parts[i + 1 :])  # "…, Hong Kong": none
        picked = _pick_city(fold(part), others, bias, region)
        if picked and city_ok(picked[0], others):
            return picked[0], True
    return None


def _city_or_country(
    head: str,
    full: str,
    n_parts: int,
    q: Qualifiers,
    bias: tuple[float, float] | None,
    region: str | None,
    *,
    typed: str = "",
) -> tuple[Resolved, str] | None:
    """The town the text names, or the country its whole text names ("Niemcy"): a country
    beats a town under :data:`.towns.COUNTRY_OVER_TOWN` of its name ("Egypt", Arkansas)."""
    picked = _pick_city(head, q, bias, region, typed=typed)
    big = picked is not None and picked[0].population >= COUNTRY_OVER_TOWN  # wins either way
    named_country = None if big else country_named(full, n_parts, typed=typed)  # "Egypt", "Niemcy"
    if named_country and picked and _own_name_over_foreign(picked[0], full, typed):
        named_country = None  # "Granada": the city's own name, Grenada's only in Spanish
    if picked and not (named_country and picked[0].population < COUNTRY_OVER_TOWN):
        bare = n_parts == 1 and not postcode_fits(picked[0], q)  # "Cambridge CB2 1TN" is not bare
        sure = picked[1] and not (bare and _weak_bare_town(picked[0], head, bias, region))
        sure = sure and not (skeleton(head) and picked[0].population < SKELETON_POPULATION)
        sure = sure and worded_region(head) is None  # "estado de São Paulo": the state
        sure = sure and not bigger_island(head, picked[0], bare=bare)  # "Jeju Island"
        if not sure and not named_country and (area := _region(head, q, picked[0], bias, region)):
            return area, "city" if area.kind == "locality" else "region"  # "Bali", not Bāli
        sure = sure and not region_as_sure(picked[0], head, q)  # "El Progreso, Guatemala": either
        return city_resolved(picked[0], "MEDIUM" if sure else "LOW"), "city"
    if named_country and (own := region_of_country(head, named_country)):
        return region_resolved(own), "region"  # "Scotland": the region, not the UK
    country = country_resolved(named_country) if named_country and not q.cities else None
    if country is not None:
        foreign = full not in city_index().countries
        if foreign and picked and fold(picked[0].name) == full:
            country = replace(country, confidence="LOW")  # "Surinam": also a town's own name
        return country, "country"
    if picked is None and not named_country and (area := _region(head, q, None, bias, region)):
        return area, "city" if area.kind == "locality" else "region"  # "Hokkaido", "Mallorca"
    seat = picked[0] if picked else province_town(head, typed=typed)  # "provincia de Málaga"
    seat = seat if picked or seat is None or city_ok(seat, q) else None  # "l'Orne, Canada": none
    if seat is None and n_parts == 1 and (named := province_town(head, bare=True, typed=typed)):
        return city_resolved(named, "LOW"), "region"  # "Guipúzcoa": a province's other name
    return (city_resolved(seat, "LOW" if picked else "MEDIUM"), "city") if seat else None


def _region(
    head: str, q: Qualifiers, town: City | None, bias: tuple[float, float] | None, cc: str | None
) -> Resolved | None:
    """The region folded ``head`` names where no town (``town``: the LOW one) answers surely
    (:func:`.regions.region_answer`); LOW only where no town is spelt near ("Lopburi") or the
    town is a tenth its size ("Alaska": a barangay of Luzon)."""
    near = town is not None and _at_bias(town, bias, cc)
    found = region_answer(head, q, town, near_bias=near)
    if found and (seat := province_over_region(head, q.ccs, found[0], home=cc)):
        return city_resolved(seat, "MEDIUM")  # "provincia de Toledo": Spain's, not Belize's
    isle = None if found and found[1] else island_answer(head, q, town, near_bias=near)
    if isle and (found is None or (isle[1] and isle[0].cc == found[0].cc)):  # "Corse", not LOW
        return island_resolved(isle[0], "MEDIUM" if isle[1] else "LOW")
    dwarfed = found is not None and town is not None and town.population * 10 < found[0].people
    if found is None or not (found[1] or town is None or dwarfed):
        return None  # an unsure region replaces no town but one under a tenth its size
    idx = city_index()
    if not (found[1] or dwarfed) and fuzzy_town(
        idx, head, lambda j: city_ok(idx.cities[j], q) and spelt_rival(idx.cities[j], found[0])
    ):
        return None
    sure = "MEDIUM" if found[1] else "LOW"
    if not worded_region(head) and (seat := capital_namesake(found[0])) is not None:
        return city_resolved(seat, sure)  # "Radźszahi": Rajshahi, the town, in Polish
    return region_resolved(found[0], sure)


def _at_bias(c: City, bias: tuple[float, float] | None, region: str | None) -> bool:
    """Whether town ``c`` is in the caller's region or within 100 km of its bias."""
    near = bias is not None and haversine_m(c.lat, c.lng, *bias) < 100_000
    return near or bool(region and c.cc == region)


#: A town this big keeps its own name over a country's in another language ("Granada").
OWN_NAME_OVER_FOREIGN_COUNTRY = 100_000


def _own_name_over_foreign(c: City, full: str, typed: str) -> bool:
    """Whether big town ``c`` has ``full``, no English country name, as typed ("França": France)."""
    as_typed = typed.isascii() or typed.strip().casefold() == c.name.casefold()
    big = c.population >= OWN_NAME_OVER_FOREIGN_COUNTRY and as_typed
    return big and fold(c.name) == full and full not in city_index().countries


#: A bare name (no qualifier, no "kind in town") is weak evidence of a town smaller than this:
#: famous places share names with small towns ("Cappadocia", Italy; "Pão de Açúcar", Alagoas;
BARE_TOWN_POPULATION = 30_000  # "White House", Tennessee): such an answer is LOW
#: ... and of a town below this whose name also names a town of another country ("Petra":
#: Greece and Mallorca; "Alhambra": California and Spain).
BARE_HOMONYM_POPULATION = 150_000

#: A name folded to its consonants (:func:`skeleton`) is sure only of a town this big.
SKELETON_POPULATION = 1_000_000


def _weak_bare_town(
    c: City, name: str, bias: tuple[float, float] | None, region: str | None
) -> bool:
    """Whether bare ``name``'s town ``c`` is LOW: small, a bigger region abroad's name, a town's
    abroad (no ward: "Lansing") half as big (1 % for ``c``'s other name); not at the bias/region."""
    if _at_bias(c, bias, region):
        return False
    if c.population < BARE_TOWN_POPULATION or region_abroad(c, name):
        return True  # small, or "Bali": Indonesia's province rather than Bāli, Rajasthan
    idx = city_index()
    named = (idx.cities[j] for n in name_variants(name) for j in idx.by_name.get(n, ()))
    abroad = [o for o in named if o.cc != c.cc and (district(c) or not district(o))]
    rival = 2 if fold(c.name) == name else 100  # "San Pedro"; "Susa": Sousse's other name
    if any(fold(o.name) == name and o.population * rival >= c.population for o in abroad):
        return True
    return c.population < BARE_HOMONYM_POPULATION and bool(abroad)


def _own_name_town(key: str, q: Qualifiers, *, least: int = FUZZY_POPULATION) -> bool:
    """Whether a town of ``least``+ people is called ``key`` by its own name."""
    idx = city_index()
    return any(
        fold(c.name) == key and c.population >= least and city_ok(c, q)
        for c in (idx.cities[j] for j in idx.by_name.get(key, ()))
    )


def _in_named_town(
    parts: list[str],
    head: str,
    q: Qualifiers,
    bias: tuple[float, float] | None,
    region: str | None,
) -> tuple[Resolved, str] | None:
    """Steps after the exact ones: the town the text names (a comma part, else a run of words
    in the head), a landmark by its whole name in it, else the town itself with LOW confidence
    ("approximate": unread words name no place); with no town, a misspelt town or landmark name."""
    idx = city_index()
    words = head.split()
    named = named_town(q, bias, region)
    town, exact = named if named else (None, False)
    named_words: list[str] = []
    weak = town_first = False
    town_j = -1  # the index number of a town read in the head's words
    if town is None and not q.cities:
        as_typed = [w for w in parts[0].split() if fold(w)]  # word for word, else None
        typed_words = as_typed if [fold(w) for w in as_typed] == words else None
        hit = find_town(idx, words, lambda j: city_ok(idx.cities[j], q), typed=typed_words)
        if hit is not None and not town_by_grammar(parts[0], words, hit[1], hit[2]):
            hit = None  # "Nice weather", "Reading glasses": a word, not the town
        if hit is not None and _weak_town_in_words(hit, words, len(parts), bias, region):
            hit, weak = None, True  # "Trevi Fountain", "Hermitage Museum": not those towns
        near = _whole_near_spelling(head, words, hit, q) if hit is not None else None
        if near is not None:  # "Nijniy Novgorod": Nizhniy Novgorod, not Velikiy Novgorod
            return city_resolved(near, "LOW"), "fuzzy"
        if hit is not None:
            town, exact, town_j = idx.cities[hit.j], True, hit.j
            named_words = words[hit[1] : hit[2]]
            town_first = hit[1] == 0
            words = words[: hit[1]] + words[hit[2] :]
    rest = " ".join(w for w in words if w not in FILLER_WORDS)
    lm = landmark_named(rest, town, bias, region) if rest else None
    areas = Qualifiers(q.ccs, q.states, set(), q.regions - q.cities, set())  # not its words
    if lm is not None and town is None and not landmark_ok(lm, q if lm.one_source else areas):
        lm = None  # "Paulista, PE": the town of Pernambuco; "Dutton, ON": no Alaskan volcano
    if lm is not None:
        return landmark_resolved(lm, "MEDIUM"), "fuzzy"
    if town is None:
        if q.cities or len(words) > 3 or weak:
            return None
        j = fuzzy_town(idx, head, lambda j: city_ok(idx.cities[j], q))
        return (city_resolved(idx.cities[j], "LOW"), "fuzzy") if j is not None else None
    if not rest:  # a bare word read only by another form of a town's name: "Assise", LOW
        typed = " ".join(named_words)  # "Iide, Japan": no case form of Iida, LOW
        # the words are a name of this town, not another town's ("Chinchu" is Quanzhou's old
        # name, and no case form of Chincha: "Chinchu, Peru" is LOW)
        spelt = town_j in idx.by_name.get(typed, ())
        own = spelt or town_j in named_ids(idx, typed) or not typed.isascii()
        read = (len(parts) > 1 and own) or bool(words) or spelt
        read = read and not _articled_name(parts[0], words, named_words)
        return city_resolved(town, "MEDIUM" if exact and read else "LOW"), "city"
    if named_words and named_otherwise(town, rest, head.split(), named_words):
        return None  # "Gunung Kinabalu", "East Goshen": another place, maybe far from the town
    if named_words and not proper_name(
        parts[0], town.name, set(named_words)
    ):  # "riad in Chefchaouen": the town, words unread
        if town_first and parts[0].isascii():  # (Korean, Japanese: the town comes first)
            return None  # "Chelsea boots", "Brussels sprouts": no town where the grammar puts one
        return city_resolved(town, "LOW"), "partial"
    return city_resolved(town, "LOW"), "approximate"  # the town: never a place named after words


#: Articles that open names of places in the Romance languages and English, folded.
_NAME_ARTICLES = frozenset("la le les el los las il lo the".split())  # noqa: SIM905


def _articled_name(part: str, words: list[str], named: list[str]) -> bool:
    """Whether ``part`` as typed is a capitalised article and then a town's name, ``named``:
    another place's name ("La Miranda, Colombia" is a village, "La Granada" no Granada), so the
    town is LOW; the article of "la France" or "in the Hague" is written in lower case."""
    typed = part.split()
    if len(words) != 1 or len(typed) != len(named) + 1 or not typed[0][:1].isupper():
        return False
    return words[0] == fold(typed[0]) and words[0] in _NAME_ARTICLES


def _whole_near_spelling(head: str, words: list[str], hit: TownHit, q: Qualifiers) -> City | None:
    """A bigger town whose name, of as many words, the whole ``head`` is a near spelling of
    (:func:`.towns.fuzzy_town`), when a town was read in all its words but one ("Nijniy
    Novgorod" is Nizhniy Novgorod, not the "Novgorod" of Velikiy Novgorod); else ``None``."""
    if not 2 <= len(words) <= 3 or hit[2] - hit[1] != len(words) - 1:
        return None
    if hit[1] > 0 and words[hit[1] - 1] in PREPOSITIONS:
        return None  # "hotel w Krakowie": the town after its preposition
    idx = city_index()
    j = fuzzy_town(idx, head, lambda j: city_ok(idx.cities[j], q))
    if j is None or j == hit.j or len(fold(idx.cities[j].name).split()) != len(words):
        return None
    near = idx.cities[j]
    return near if near.population > idx.cities[hit.j].population else None


def _weak_town_in_words(
    hit: TownHit,
    words: list[str],
    n_parts: int,
    bias: tuple[float, float] | None,
    region: str | None,
) -> bool:
    """Whether a town found inside a bare text's words, not after a preposition, is too weak a
    reading to place the text there (:func:`_weak_bare_town`)."""
    if n_parts > 1 or (hit[1] > 0 and words[hit[1] - 1] in PREPOSITIONS):
        return False
    name = " ".join(words[hit[1] : hit[2]])
    return _weak_bare_town(city_index().cities[hit.j], name, bias, region)


def resolve_text_match(
    text: str, *, bias: tuple[float, float] | None = None, region: str | None = None
) -> tuple[Resolved, str] | None:
    """Like :func:`resolve_text`, also how it matched: ``"name"``, ``"alias"``, ``"address"``,
    ``"street"``, ``"coords"`` (exact), ``"city"``, ``"country"``, ``"fuzzy"``, ``"approximate"``."""
    if not isinstance(text, str) or not text.strip():
        return None
    if bias is not None:
        bias = (round(float(bias[0]), 5), round(float(bias[1]), 5))
    text = with_commas(text.strip())
    return _resolve_text_cached(text, bias, region.upper() if region else None)


def resolve_text(
    text: str, *, bias: tuple[float, float] | None = None, region: str | None = None
) -> Resolved | None:
    """Resolve free text (landmark, alias, address, city, "City, ST", "City, Country",
    ``"lat,lng"``) to a place, or ``None`` when unknown.

    Matching is case-insensitive with accents folded; towns are also found by their other
    names ("Cracow", "Lisboa", "Москва"), inflected ("w Krakowie") or misspelt ("Lisbonn").
    A town the text names wins over a landmark elsewhere; a landmark matches on its whole name
    (or alias) only. ``bias`` (a point) and ``region`` (a country code) break ties between
    equally named candidates. Confidence is HIGH for an exact landmark name or address, MEDIUM
    for aliases and towns, LOW for a misspelt town and for a station, square or street the
    emulator does not know in a town it knows (placed near the town's centre, "approximate")."""
    hit = resolve_text_match(text, bias=bias, region=region)
    return hit[0] if hit else None
