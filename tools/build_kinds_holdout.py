"""Build ``tests/data/kinds_holdout.csv``: a holdout of kind words in the supported languages from
a source the emulator does not read, the names openstreetmap.org's search gives OSM tags.

Source: the openstreetmap-website repository (github openstreetmap/openstreetmap-website at 9da0fa5, 2026-08-20, GPL-2.0;
translations by translatewiki.net's OpenStreetMap translators), ``config/locales/<lang>.yml``,
``geocoder.search_osm_nominatim.prefix.<key>.<value>``: the name osm.org shows before a search
result of that tag ("Pharmacy", "ঔষধালয়", "薬局"), the strings Nominatim's special phrases on the
OSM wiki were made from. The emulator's kind words come from iD's presets (translated on
Transifex), Organic Maps' categories and its own tables, never from these files. Twenty common
kinds (:data:`TAGS`), each asked with a big town of the language (:data:`TOWNS`, not the CLDR
corpus's), kind first, town first, and as the language says "kind in town" (its preposition,
postposition or case ending, written by hand: "w Krakowie", "Ankara'da", "大阪の"). Swahili and
Urdu have no locale file there, so 26 languages. A phrase holding "/" (two names in one) is
skipped; a part in brackets is dropped ("Поліція (міліція)").

The ``kind`` column lists the emulator's keys (Google's place types) that answer the tag, ``|``
between them and ``*`` for any (``restaurant|*_restaurant``).

The CSV is derived from GPL-2.0 text, so it is written locally and git-ignored, never shipped
with this Apache-2.0 repository; only the figures measured on it are.

Usage::

    python tools/build_kinds_holdout.py DIR   # DIR: openstreetmap-website's config/locales
"""

from __future__ import annotations

import argparse
import csv
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "kinds_holdout.csv"
#: OSM tag (key.value) -> the Google place types that answer a search for it.
TAGS = {
    "amenity.pharmacy": "pharmacy|drugstore",
    "amenity.hospital": "hospital",
    "amenity.bank": "bank",
    "tourism.hotel": "hotel|lodging|resort_hotel|extended_stay_hotel",
    "amenity.restaurant": "restaurant|*_restaurant",
    "amenity.cafe": "cafe|coffee|coffee_shop",
    "shop.supermarket": "supermarket|grocery_store",
    "shop.bakery": "bakery",
    "amenity.school": "school|primary_school|secondary_school",
    "amenity.post_office": "post_office",
    "amenity.police": "police|neighborhood_police_station",
    "amenity.fuel": "gas_station",
    "railway.station": "train_station|transit_station",
    "amenity.bus_station": "bus_station|bus_stop|transit_station",
    "tourism.museum": "museum",
    "amenity.library": "library",
    "leisure.park": "park",
    "amenity.cinema": "movie_theater",
    "amenity.atm": "atm",
    "amenity.dentist": "dentist|dental_clinic",
}
#: Per language (locale file): a big town as the language writes it, and "kind in town" with
#: ``{k}`` for the kind, by the language's grammar (Polish, Czech, Russian and Ukrainian
#: locatives; Turkish and Bengali case endings; Hindi's postposition; Japanese, Chinese and
#: Korean genitives; Hebrew's prefix; Thai written without spaces).
TOWNS = {
    "en": ("Manchester", "{k} in Manchester"),
    "pt": ("Porto", "{k} no Porto"),
    "es": ("Barcelona", "{k} en Barcelona"),
    "fr": ("Lyon", "{k} à Lyon"),
    "de": ("Hamburg", "{k} in Hamburg"),
    "it": ("Milano", "{k} a Milano"),
    "pl": ("Kraków", "{k} w Krakowie"),
    "ru": ("Санкт-Петербург", "{k} в Санкт-Петербурге"),
    "ja": ("大阪", "大阪の{k}"),
    "zh-CN": ("上海", "上海的{k}"),
    "hi": ("मुंबई", "मुंबई में {k}"),
    "ar": ("الإسكندرية", "{k} في الإسكندرية"),
    "id": ("Surabaya", "{k} di Surabaya"),
    "tr": ("Ankara", "Ankara'da {k}"),
    "vi": ("Đà Nẵng", "{k} ở Đà Nẵng"),
    "ko": ("부산", "부산의 {k}"),
    "fa": ("مشهد", "{k} در مشهد"),
    "bn": ("চট্টগ্রাম", "চট্টগ্রামে {k}"),
    "th": ("เชียงใหม่", "{k}ในเชียงใหม่"),
    "uk": ("Харків", "{k} у Харкові"),
    "nl": ("Rotterdam", "{k} in Rotterdam"),
    "sv": ("Göteborg", "{k} i Göteborg"),
    "el": ("Θεσσαλονίκη", "{k} στη Θεσσαλονίκη"),
    "he": ("חיפה", "{k} בחיפה"),
    "ro": ("Cluj-Napoca", "{k} în Cluj-Napoca"),
    "cs": ("Brno", "{k} v Brně"),
}


def _phrase(text: str, lang: str) -> str | None:
    """The search word of an osm.org name: brackets dropped, none for two names in one; lower
    case as typed, but German nouns and all-capital words (ATM, ΑΤΜ) kept."""
    if "/" in text:
        return None
    text = " ".join(re.sub(r"\([^)]*\)", " ", text).split())
    if lang == "de":
        return text
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in text.split())


def _rows(locales: Path, lang: str) -> list[tuple[str, str, str, str, str, str]]:
    doc = yaml.safe_load((locales / f"{lang}.yml").read_text(encoding="utf-8"))
    prefix = next(iter(doc.values()))["geocoder"]["search_osm_nominatim"]["prefix"]
    town, located = TOWNS[lang]
    code = lang.split("-")[0]
    rows = []
    for tag, kinds in TAGS.items():
        key, value = tag.split(".")
        raw = (prefix.get(key) or {}).get(value)
        word = _phrase(raw, lang) if isinstance(raw, str) else None
        if not word:
            continue
        for form, query in (
            ("kind_town", f"{word} {town}"),
            ("town_kind", f"{town} {word}"),
            ("located", located.format(k=word)),
        ):
            rows.append((code, kinds, tag, word, form, query))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("locales", help="openstreetmap-website's config/locales folder")
    locales = Path(parser.parse_args().locales)
    rows = [row for lang in TOWNS for row in _rows(locales, lang)]
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(
            "# Built by tools/build_kinds_holdout.py from openstreetmap-website config/locales "
            "(GPL-2.0, translatewiki.net): osm.org's search names of 20 OSM tags\n"
        )
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(("lang", "kind", "tag", "word", "form", "query"))
        writer.writerows(rows)
    print(f"{len(rows)} queries -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
