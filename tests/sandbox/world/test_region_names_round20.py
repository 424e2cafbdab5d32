"""Region names round 20 (issue 40): first-level regions named in the 28 languages.

"캘리포니아 호텔", "فنادق في كاليفورنيا", "هتل در کالیفرنیا", "ξενοδοχεία στη Βαυαρία" listed
nothing and "Paris, تكساس" was Paris, France: ``regions.tsv.z`` held a region's name only in the
languages of GeoNames, iso-codes and CLDR. Natural Earth's admin-1 labels (Wikidata's) are now
rows of their region (``tools/region_ne_names.py``), as written and without a region word
("مقاطعة غيونغي" and "غيونغي", "马哈拉施特拉邦" and "马哈拉施特拉", "경기도" and "경기").

Truth: each region's extent as Wikipedia gives it (a box, typed here); the towns' coordinates as
English Wikipedia gives them.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

#: (south, west, north, east) of each region.
CALIFORNIA = (32.5, -124.5, 42.0, -114.1)
BAVARIA = (47.2, 8.9, 50.6, 13.9)
MAHARASHTRA = (15.6, 72.6, 22.1, 80.9)
GYEONGGI = (36.8, 126.3, 38.3, 127.9)
ONTARIO = (41.6, -95.2, 56.9, -74.3)
GUANGDONG = (20.1, 109.6, 25.6, 117.4)


def _listed_inside(query: str, lang: str, box: tuple[float, float, float, float]) -> None:
    places = search_places({"text_query": query, "language_code": lang}, CTX).get("places") or []
    assert places, query
    s, w, n, e = box
    for p in places:
        loc = p["location"]
        assert s <= loc["latitude"] <= n and w <= loc["longitude"] <= e, (query, loc)


@pytest.mark.parametrize(
    ("lang", "query", "box"),
    [
        ("ko", "캘리포니아 호텔", CALIFORNIA),
        ("ar", "فنادق في كاليفورنيا", CALIFORNIA),
        ("fa", "هتل در کالیفرنیا", CALIFORNIA),
        ("ur", "کیلی فورنیا میں ہوٹل", CALIFORNIA),
        ("bn", "ক্যালিফোর্নিয়া হোটেল", CALIFORNIA),
        ("ko", "바이에른 호텔", BAVARIA),
        ("he", "מלונות בבוואריה", BAVARIA),
        ("el", "ξενοδοχεία στη Βαυαρία", BAVARIA),
        ("tr", "Bavyera otelleri", BAVARIA),
        ("ar", "فنادق في ماهاراشترا", MAHARASHTRA),
        ("el", "ξενοδοχεία στη Μαχαράστρα", MAHARASHTRA),
        ("fa", "هتل در انتاریو", ONTARIO),
        ("hi", "ओण्टारियो में होटल", ONTARIO),
        ("vi", "khách sạn ở Quảng Đông", GUANGDONG),
        ("ja", "広東のホテル", GUANGDONG),
        ("he", "מלונות בגואנגדונג", GUANGDONG),
    ],
)
def test_a_region_by_its_name_in_the_language(
    lang: str, query: str, box: tuple[float, float, float, float]
) -> None:
    _listed_inside(query, lang, box)


@pytest.mark.parametrize(
    ("lang", "query", "box"),
    [
        ("zh", "马哈拉施特拉邦的酒店", MAHARASHTRA),  # "邦", an Indian state, glued
        ("zh", "馬哈拉什特拉的酒店", MAHARASHTRA),  # without it
        ("ko", "경기 호텔", GYEONGGI),  # "경기도" without "도"
        ("ko", "광둥 호텔", GUANGDONG),  # "광둥성" without "성"
        ("ar", "فنادق في مقاطعة غيونغي", GYEONGGI),  # "province of", apart
        ("ur", "گیئونگی صوبہ میں ہوٹل", GYEONGGI),
    ],
)
def test_a_region_with_or_without_its_region_word(
    lang: str, query: str, box: tuple[float, float, float, float]
) -> None:
    _listed_inside(query, lang, box)


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("Paris, تكساس", (33.6609, -95.5555)),
        ("Paris, টেক্সাস", (33.6609, -95.5555)),
        ("Springfield, ایلینوی", (39.7989, -89.6544)),
        ("Springfield, إلينوي", (39.7989, -89.6544)),
        ("London, انتاریو", (42.9849, -81.2453)),
        ("Kingston, انٹاریو", (44.2312, -76.4860)),
        ("Augsburg, بافاريا", (48.3705, 10.8978)),
    ],
)
def test_a_town_qualified_by_its_region_in_the_language(
    text: str, truth: tuple[float, float]
) -> None:
    found = resolve(text)
    assert found.place is not None, found.reason
    assert found.confidence in ("MEDIUM", "HIGH"), text
    assert haversine_m(found.place.lat, found.place.lng, *truth) < 15_000


def _forms() -> object:
    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    from region_ne_names import forms, type_words

    return lambda name, lang, english: forms(name, lang, type_words(), english=english)


@pytest.mark.parametrize(
    ("name", "lang", "english", "bare"),
    [
        ("استان اردهان", "fa", "Ardahan", "اردهان"),
        ("Tahran Eyaleti", "tr", "Tehran", "tahran"),
        ("Estado de São Paulo", "pt", "São Paulo", "sao paulo"),
        ("広東省", "ja", "Guangdong", "広東"),
        (
            "バイエルン自由州",
            "ja",
            "Bavaria",
            "ハイエルン",
        ),  # the longest word: not "バイエルン自由"
        ("경기도", "ko", "Gyeonggi", "경기"),
    ],
)
def test_the_builder_strips_a_region_word_the_language_lists(
    name: str, lang: str, english: str, bare: str
) -> None:
    from mapsnb_sandbox.world.geodata import fold_text

    got = _forms()(name, lang, english)  # type: ignore[operator]
    assert got == {fold_text(name), fold_text(bare)}


@pytest.mark.parametrize(
    ("name", "lang", "english"),
    [
        ("उत्तर प्रदेश", "hi", "Uttar Pradesh"),  # "Pradesh" is the name's: "Uttar" is "north"
        ("অরুণাচল প্রদেশ", "bn", "Arunachal Pradesh"),
        ("Kalifornien", "de", "California"),
    ],
)
def test_the_builder_keeps_a_word_of_the_name(name: str, lang: str, english: str) -> None:
    from mapsnb_sandbox.world.geodata import fold_text

    assert _forms()(name, lang, english) == {fold_text(name)}  # type: ignore[operator]


@pytest.mark.parametrize(
    ("town", "state"),
    [
        ("Ahmedabad, India", ", Gujarat "),  # was "Gudzsarat"
        ("Jaipur, India", ", Rajasthan "),  # was "Radzsasztan", the longest of the table's names
        ("Kohima, India", ", Nagaland "),  # was "Nagafold"
        ("Ranchi, India", ", Jharkhand "),
    ],
)
def test_an_address_names_its_state_as_geonames_writes_it(town: str, state: str) -> None:
    from mapsnb_sandbox.world.addresses import local_address
    from mapsnb_sandbox.world.geocode import resolve_text

    hit = resolve_text(town)
    assert hit is not None, town
    address, _, _ = local_address(hit.lat, hit.lng, seed=5)
    assert state in address, address


@pytest.mark.parametrize(
    ("label", "town"),
    [("アビア州", True), ("アビア", True), ("カリフォルニア州", False), ("バイエルン", False)],
)
def test_the_builder_leaves_out_a_kana_name_of_a_town(label: str, town: bool) -> None:
    """Folded, kana lose their voicing marks: "アビア" (Abia, Nigeria) is "アピア" (Apia)."""
    from mapsnb_sandbox.world.geodata import fold_text

    _forms()
    from region_ne_names import GLUED_TYPE_WORDS, _kana_town

    bare = next((label[: -len(w)] for w in GLUED_TYPE_WORDS["ja"] if label.endswith(w)), label)
    assert _kana_town(fold_text(bare), label) is town
