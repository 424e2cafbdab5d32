"""Kind names from a second source, Organic Maps' search categories (Apache-2.0), beside the
iD presets (``tools/category_names_om.py``, the tsv's fourth column): kinds iD has no name for
in a language (national parks; Hindi department stores) and names iD lacks (Ukrainian
"Залізничний вокзал", Korean "스타디움") are read. The queries' words are none of
``tests/data/kinds_corpus.csv``'s (CLDR's), nor their towns.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.ids import decode_business_id
from mapsnb_sandbox.world.kinds.table import category_at

TOOLS = Path(__file__).resolve().parents[3] / "tools"
TABLE = TOOLS.parent / "mapsnb_sandbox" / "data" / "categories.csv"


def _first_kind(box: Sandbox, text: str, lang: str) -> str | None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out.get("places") or []  # (a curated landmark of the kind may come first)
    decoded = next((d for p in places if (d := decode_business_id(p["id"]))), None)
    kind = category_at(decoded[2]) if decoded else None
    return kind.key if kind else None


@pytest.mark.parametrize(
    ("lang", "text", "kind"),
    [
        ("uk", "Залізничний вокзал Харків", "train_station"),
        ("el", "Σιδηροδρομικός σταθμός Θεσσαλονίκη", "train_station"),
        ("ar", "محطة سكك حديدية الإسكندرية", "train_station"),
        ("tr", "Ulusal park Ankara", "national_park"),
        ("sw", "Hifadhi ya taifa Nairobi", "national_park"),
        ("ro", "Magazin mixt Cluj-Napoca", "convenience_store"),
        ("ko", "스타디움 부산", "stadium"),
        ("id", "Toko serba ada Surabaya", "department_store"),
        ("hi", "डिपार्टमेंट स्टोर मुंबई", "department_store"),
        ("th", "ป้ายรถเมล์ เชียงใหม่", "bus_stop"),
        ("el", "πρατήριο Πάτρα", "gas_station"),
        ("ar", "بترول الإسكندرية", "gas_station"),
    ],
)
def test_a_kind_organic_maps_names_is_read(box: Sandbox, lang: str, text: str, kind: str) -> None:
    assert _first_kind(box, text, lang) == kind


SAMPLE = """\
@category_hospital
sv:4Sjukhus

@shop
uk:Магазин

amenity-hospital|@category_hospital
sv:klinik

amenity-doctors|@category_hospital
sv:Läkarmottagning|klinik|sjukhus

railway-station
uk:3Залізничний вокзал|станція

amenity-cafe
uk:3Кафе|3ресторан

amenity-restaurant
uk:3Ресторан|3кафе

amenity-fuel|@fuel
uk:3заправка|U+26FD

@fuel
uk:бензин
"""


@pytest.fixture(scope="module")
def om() -> ModuleType:
    """``tools/category_names_om.py``."""
    sys.path.insert(0, str(TOOLS))
    import category_names_om

    return category_names_om


def _presets(key: str, known: set[str]) -> list[str]:
    table = {
        "hospital": ["amenity/hospital"],
        "doctor": ["amenity/doctors"],
        "train_station": ["public_transport/station_train", "railway/station"],
        "cafe": ["amenity/cafe"],
        "restaurant": ["amenity/restaurant"],
        "gas_station": ["amenity/fuel"],
        "ev_charger": ["amenity/charging_station"],
    }
    return [p for p in table.get(key, []) if p in known]


def test_organic_maps_rules(om: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "categories.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    groups, blocks = om.parse(path)
    keys = [
        "hospital",
        "doctor",
        "train_station",
        "cafe",
        "restaurant",
        "gas_station",
        "ev_charger",
    ]
    kinds = om.kinds_of_blocks(blocks, keys, _presets, set())
    assert kinds[2] == {"train_station"}  # its first preset is not in the file: the next one
    words = om.unshared(*om.own_words(groups, blocks, kinds), kinds)
    got = {(min(ks), lang): [w for w, _ in ws] for (ks, lang), ws in words.items()}
    assert got[("doctor", "sv")] == ["Läkarmottagning"]  # "sjukhus": in the hospital's group
    assert ("cafe", "uk") not in got and ("restaurant", "uk") not in got  # each other's words
    assert got[("gas_station", "uk")] == ["заправка", "бензин"]  # its own group, no emoji
    rows = [
        ("ev_charger", "uk", ["Зарядна станція", "станція"]),
        ("train_station", "uk", ["Залізнична станція", "станція"]),
    ]
    merged = om.merge(rows, words, TABLE, lambda w: len(w) >= 3)
    assert merged[0] == ("ev_charger", "uk", ["Зарядна станція"], [])
    assert merged[1] == (
        "train_station",
        "uk",
        ["Залізнична станція", "станція"],
        ["Залізничний вокзал"],
    )
