"""Qualified, foreign-script and inflected town names (issue 40, classes 1 and 2) on the corpus
of ``tools/build_names_corpus.py``: truth from IANA ``zone.tab`` and a GeoNames dump the emulator
does not read.

Its classes, languages and a fixed sample's floors (every 6th row by a stable hash) are checked
with the holdouts' in ``test_names_holdouts.py`` (``[corpus]``); ``benchmarks/bench_names.py``
runs all rows and prints the shares per class and per language. Here: named cases.
"""

from __future__ import annotations

from datetime import UTC, datetime

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.along_route import search_along_route
from mapsnb_sandbox.world.geocode import resolve_text, skeleton
from mapsnb_sandbox.world.kinds.reading import kind_named
from mapsnb_sandbox.world.kinds.table import categories


def test_historic_and_ceremonial_regions_qualify_towns() -> None:
    cases = {
        "Windsor, Berkshire": (51.48, -0.61),  # not Windsor, Ontario
        "Chantilly, Picardie": (49.19, 2.47),  # not Chantilly, Virginia
        "Sheffield, Yorkshire": (53.38, -1.47),
    }
    for text, (lat, lng) in cases.items():
        r = resolve_text(text)
        assert r is not None and abs(r.lat - lat) < 0.2 and abs(r.lng - lng) < 0.2, (text, r)
        assert r.confidence == "MEDIUM"


def test_a_qualifier_that_leaves_namesakes_of_like_size_is_not_confident() -> None:
    r = resolve_text("Middletown, United States")
    assert r is not None and r.confidence == "LOW"
    assert resolve_text("Paris, France").confidence == "MEDIUM"  # type: ignore[union-attr]


def test_indic_names_folded_to_consonants_are_no_confident_match() -> None:
    # "Maceió" in Bengali folds to the letters of Masaya's Bengali name: never Masaya, surely
    r = resolve_text("মাসেয়ো")
    assert r is None or r.name == "Maceió" or r.confidence == "LOW"
    assert skeleton("ম স য") and not skeleton("dhaka") and not skeleton("巴黎")
    assert resolve_text("बामाको") is None or resolve_text("बामाको").name != "Boma"  # type: ignore[union-attr]
    assert resolve_text("ঢাকা").confidence == "MEDIUM"  # type: ignore[union-attr]


def test_search_along_route_knows_the_kinds_of_search_places() -> None:
    keys = {
        "nhà hàng": "restaurant",
        "ガソリンスタンド": "gas_station",
        "eczane": "pharmacy",
        "薬局": "pharmacy",
        "パン屋": "bakery",  # the Japanese lesson's query
        "trạm xăng": "gas_station",  # not the tram of "tram"
        "coffee shops": "coffee",
    }
    for text, key in keys.items():
        code = kind_named(text)
        assert code is not None and categories()[code].key == key, text
    ctx = Context(now=datetime(2026, 9, 18, 8, 0, tzinfo=UTC))
    args = {
        "text_query": "nhà hàng",
        "route_endpoints": {
            "origin": {"address": "Hanoi"},
            "destination": {"address": "Hai Phong"},
        },
        "language_code": "vi",
    }
    out = search_along_route(args, ctx)
    assert out["results"], out["summary"]


def _first_place(text: str, lang: str = "en") -> tuple[float, float] | None:
    from mapsnb_sandbox.tools.places import search_places

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    places = search_places({"text_query": text, "language_code": lang}, ctx)["places"]
    if not places:
        return None
    return places[0]["location"]["latitude"], places[0]["location"]["longitude"]


def test_search_forms_keep_their_qualifiers() -> None:
    cases = {
        "pharmacy in Paris, Texas": (33.66, -95.56),
        "car rental in Queenstown, NZ": (-45.03, 168.66),
        "gas station near Kuta, Niger State": (9.87, 6.71),
        "restaurants in Richmond, British Columbia": (49.17, -123.14),
        "hotels in Albany, Western Australia": (-35.03, 117.88),
        "pubs in Windsor, Berkshire": (51.48, -0.61),
        "pubs in Windsor Berkshire": (51.48, -0.61),
        "restaurants in Victoria, Seychelles": (-4.62, 55.46),
        "pharmacy in Kent OH": (41.15, -81.36),
        "Bowling Green, KY": (36.99, -86.44),  # no bowling alley: the town
        "Essen, North Rhine-Westphalia": (51.46, 7.01),  # "Essen" is no kind here
    }
    for text, (lat, lng) in cases.items():
        got = _first_place(text)
        assert got is not None and abs(got[0] - lat) < 0.3 and abs(got[1] - lng) < 0.3, (text, got)
    r = resolve_text("Salamanca, Spain")  # the city, not the district of Madrid
    assert r is not None and abs(r.lat - 40.97) < 0.1 and r.confidence == "MEDIUM"


def test_an_unknown_qualifier_of_a_shared_name_is_not_dropped_in_a_search() -> None:
    assert _first_place("pharmacy in Springfield, Qwzxland") is None
    assert _first_place("pharmacy in Paris, Qwzxland") is None


def test_kinds_and_towns_in_other_languages_and_scripts() -> None:
    cases = {
        ("cs", "lékárna v Ostravě"): (49.83, 18.28),
        ("uk", "ресторани у Львові"): (49.84, 24.03),
        ("bn", "চট্টগ্রামে রেস্তোরাঁ"): (22.34, 91.83),
        ("ur", "لاہور میں ہوٹل"): (31.55, 74.34),
        ("ja", "札幌のホテル"): (43.06, 141.35),
        ("cs", "restaurace Singapur"): (1.29, 103.85),
        ("zh", "加德满都的药店"): (27.70, 85.32),
        ("vi", "trạm xăng ở Hà Nội"): (21.03, 105.85),
    }
    for (lang, text), (lat, lng) in cases.items():
        got = _first_place(text, lang)
        assert got is not None and abs(got[0] - lat) < 0.3 and abs(got[1] - lng) < 0.3, (text, got)


def test_a_country_named_in_any_language_is_the_country() -> None:
    """CLDR's names of the country ("Niemcy", "ドイツ", "Німеччина"), and a country's English
    name over a small town of that name ("Egypt", Arkansas; "Germania", Argentina)."""
    from mapsnb_sandbox.world.resolver import resolve

    for text, cc in {
        "Niemcy": "DE",
        "ドイツ": "DE",
        "Німеччина": "DE",
        "Německo": "DE",
        "জার্মানি": "DE",
        "Germania": "DE",
        "Egypt": "EG",
        "Almanya": "DE",  # not Alanya by a near spelling
    }.items():
        r = resolve(text).place
        assert r is not None and r.country_code == cc, (text, r)
    r = resolve("Mexico").place  # a city of millions keeps its name
    assert r is not None and r.name == "Mexico City"
