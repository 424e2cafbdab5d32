"""Issue 40, volcanoes round 30: a Japanese volcano OpenStreetMap names in kanji is also found
by its Hepburn romaji, the reading from the GSI list of Japan's main mountains
(``tools/japanese_readings.py``): "Yoteizan", "Mount Yotei" for 羊蹄山; the towns that bear the
stem keep it ("Iwaki", "Kirishima"). Volcanoes chosen for this test, none of the fourth landmark
holdout's (none erupted since 1900); points from Wikipedia."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve
from tools.japanese_readings import japanese_forms, reading, romaji

#: Romaji and the volcano's point as Wikipedia gives it (Mount Yōtei, Hokkaido; Mount Bandai,
#: Fukushima; Mount Iwaki, Aomori; Mount Rishiri, Hokkaido).
VOLCANOES = [
    ("Yoteizan", (42.8267, 140.8114)),
    ("Mount Yotei", (42.8267, 140.8114)),
    ("Bandaisan", (37.6008, 140.0722)),
    ("Mount Bandai", (37.6008, 140.0722)),
    ("Iwakisan", (40.6556, 140.3031)),
    ("Mount Iwaki", (40.6556, 140.3031)),
    ("Rishirizan", (45.1786, 141.2417)),
    ("Mount Rishiri volcano", (45.1786, 141.2417)),
]
#: An answer this near Wikipedia's point is the volcano.
AT_M = 10_000
#: Towns whose names are a volcano's stem: found as the towns, as before (a guard).
TOWNS = ["Iwaki", "Kirishima", "Unzen", "Oyama"]


@pytest.mark.parametrize(("text", "point"), VOLCANOES, ids=[t for t, _ in VOLCANOES])
def test_volcano_by_its_romaji(text: str, point: tuple[float, float]) -> None:
    p = resolve(text).place
    assert p is not None and haversine_m(p.lat, p.lng, *point) < AT_M, (text, p)
    assert p.confidence == "LOW"  # one broad source


@pytest.mark.parametrize("text", TOWNS)
def test_towns_keep_the_stem_guard(text: str) -> None:
    p = resolve(text).place
    assert p is not None and p.kind == "locality" and p.country_code == "JP", (text, p)


@pytest.mark.parametrize(
    ("kana", "latin"),
    [
        ("ふじさん", "Fujisan"),
        ("とうきょう", "Tokyo"),  # long vowels as one
        ("にっこう", "Nikko"),  # a small tsu doubles
        ("しょうわしんざん", "Showashinzan"),
        ("マッチャ", "Matcha"),  # katakana; "っち" is "tch"
        ("じゅうにひとえ", "Junihitoe"),
    ],
)
def test_romaji(kana: str, latin: str) -> None:
    assert romaji(kana) == latin


def test_reading_of_a_name_two_mountains_bear_is_none() -> None:
    gsi = {"駒ヶ岳": [("こまがたけ", 42.06, 140.68), ("こまがたけ", 35.79, 137.80)]}
    assert reading("駒ヶ岳", 42.06, 140.68, gsi) is None
    assert reading("カムイヌプリ", 43.57, 144.56, gsi) == "カムイヌプリ"  # kana as written
    far = {"富士山": [("ふじさん", 35.36, 138.73)]}
    assert reading("富士山", 36.5, 138.73, far) is None  # 100 km off: another mountain


def test_forms() -> None:
    gsi = {"富士山": [("ふじさん", 35.36, 138.73)]}
    assert japanese_forms("富士山", 35.36, 138.73, gsi) == ["Fujisan", "Fujizan", "Mount Fuji"]
    assert japanese_forms("大岳", 40.66, 140.88, {"大岳": [("おおだけ", 40.66, 140.88)]}) == [
        "Odake"
    ]  # no "Mount O"


#: A big town's other name beats a small volcano's (``tools/build_volcanoes.VARIANT_SHARE``:
#: "Sourabaya", the old spelling of Surabaya, 3 million, over Mount Sourabaya, 915 m), and a
#: town's name in its own script is no variant spelling ("平顶山" is Pingdingshan).
BIG_TOWNS = [("Sourabaya", "ID"), ("平顶山", "CN")]


@pytest.mark.parametrize(("text", "cc"), BIG_TOWNS, ids=[t for t, _ in BIG_TOWNS])
def test_a_big_towns_other_name_wins(text: str, cc: str) -> None:
    p = resolve(text).place
    assert p is not None and p.kind == "locality" and p.country_code == cc, (text, p)


def test_a_name_in_another_script_is_no_variant_spelling() -> None:
    from mapsnb_sandbox.world.cities import city_index
    from tools.build_volcanoes import _variant_only

    idx = city_index()
    town = max((idx.cities[j] for j in idx.by_name.get("平顶山", ())), key=lambda c: c.population)
    assert not _variant_only("平顶山", town)


#: Japan's main mountains (``japan_mountains.csv``, the GSI list; none a volcano of the fourth
#: landmark holdout) by romaji and kanji, and their point as Wikipedia gives it (Mount
#: Tanigawa, Gunma/Niigata; Mount Ibuki, Shiga).
MOUNTAINS = [
    ("Mount Tanigawa", (36.8372, 138.9300)),
    ("Tanigawadake", (36.8372, 138.9300)),
    ("谷川岳", (36.8372, 138.9300)),
    ("Ibukiyama", (35.4181, 136.4061)),
    ("Mount Ibuki", (35.4181, 136.4061)),
]


@pytest.mark.parametrize(("text", "point"), MOUNTAINS, ids=[t for t, _ in MOUNTAINS])
def test_japans_mountains(text: str, point: tuple[float, float]) -> None:
    p = resolve(text).place
    assert p is not None and haversine_m(p.lat, p.lng, *point) < AT_M, (text, p)
    assert p.confidence == "LOW" and p.kind == "park"  # one list; no "Tanigawa volcano"


def test_no_mountain_is_called_a_volcano() -> None:
    from mapsnb_sandbox.world.index.landmark_rows import JAPAN_MOUNTAINS_CSV

    text = JAPAN_MOUNTAINS_CSV.read_text(encoding="utf-8")
    assert "volcano" not in text.split("key,whc", 1)[1]
