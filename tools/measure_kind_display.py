"""Measure kinds' display names in the 20 languages beyond ``categories.csv``'s eight.

For ~70 common kinds and each language (ar bn cs el fa he hi id ja ko nl ro sv sw th tr uk ur vi
zh) it lists the emulator's display name of the kind (``kind_table()``, the first name of its
row in ``data/category_names.tsv``) and flags it against two yardsticks independent of iD:

- **CLDR** (Unicode; npm ``cldr-annotations-full`` and ``cldr-annotations-derived-full``,
  Unicode licence v3; the emulator does not read them): the short name (``tts``, before any
  comma) and keywords of the emoji of 21 kinds (:data:`EMOJI`: 🏥 hospital, ⛽ fuel pump...).
- **Organic Maps** (``data/categories.txt``, Apache-2.0; the builder reads it, so this one is
  agreement, not truth): the words of the kind's blocks (own lines, then the groups only blocks
  of that kind use, its ``@category_...`` group first).

A display name is flagged by a yardstick that has words for the pair when it is none of them
(accents and case aside); ``FLAG`` when every yardstick that has the pair flags it.

Usage::

    python tools/measure_kind_display.py --id-package DIR --organicmaps FILE --cldr DIR [--list]

``--id-package``: the unpacked ``@openstreetmap/id-tagging-schema`` (for the builder's
mapping); ``--cldr``: a folder holding the two unpacked CLDR packages as ``cldr/package`` and
``cldrd/package``.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from build_category_names import _bare  # noqa: E402

LANGS = [
    "ar",
    "bn",
    "cs",
    "el",
    "fa",
    "he",
    "hi",
    "id",
    "ja",
    "ko",
    "nl",
    "ro",
    "sv",
    "sw",
    "th",
    "tr",
    "uk",
    "ur",
    "vi",
    "zh",
]
KINDS = [
    "hotel",
    "restaurant",
    "cafe",
    "bank",
    "atm",
    "hospital",
    "school",
    "university",
    "pharmacy",
    "supermarket",
    "museum",
    "park",
    "train_station",
    "bus_station",
    "bus_stop",
    "airport",
    "gas_station",
    "parking",
    "police",
    "post_office",
    "library",
    "bakery",
    "dentist",
    "doctor",
    "movie_theater",
    "bar",
    "fast_food_restaurant",
    "convenience_store",
    "department_store",
    "mosque",
    "church",
    "synagogue",
    "hindu_temple",
    "shinto_shrine",
    "buddhist_temple",
    "stadium",
    "national_park",
    "subway_station",
    "taxi_stand",
    "car_rental",
    "car_repair",
    "car_wash",
    "gym",
    "swimming_pool",
    "zoo",
    "beach",
    "performing_arts_theater",
    "veterinary_care",
    "hair_salon",
    "laundry",
    "book_store",
    "clothing_store",
    "shopping_mall",
    "market",
    "embassy",
    "city_hall",
    "courthouse",
    "fire_station",
    "ev_charger",
    "tourist_information_center",
    "campground",
    "night_club",
    "ice_cream_shop",
    "florist",
    "hostel",
    "motel",
    "playground",
    "amusement_park",
    "aquarium",
    "art_gallery",
    "public_bathroom",
    "ferry_terminal",
]
#: Emoji whose CLDR short name is a kind of place (the 17 of ``tools/build_kinds_corpus.py``
#: and four more), and the emulator's key for it.
EMOJI = {
    "🏥": "hospital", "🏦": "bank", "🏨": "hotel", "🏫": "school", "🏪": "convenience_store",
    "🏬": "department_store", "🏤": "post_office", "🕌": "mosque", "⛪": "church",
    "🕍": "synagogue", "🛕": "hindu_temple", "⛩": "shinto_shrine", "🏟": "stadium",
    "🚉": "train_station", "🚏": "bus_stop", "⛽": "gas_station", "🏞": "national_park",
    "🎦": "movie_theater", "🚇": "subway_station", "🚻": "public_bathroom", "🏕": "campground",
}  # fmt: skip

Words = dict[tuple[str, str], list[str]]


def organic_maps(path: Path, id_package: Path) -> Words:
    """``(kind, language) -> words`` of Organic Maps (the builder's mapping of blocks to kinds)."""
    import build_category_names as b
    import category_names_om as om

    with (ROOT / "mapsnb_sandbox" / "data" / "categories.csv").open(encoding="utf-8") as fh:
        keys = [r["key"] for r in csv.DictReader(fh)]
    known = set(json.loads((id_package / "dist" / "presets.min.json").read_text(encoding="utf-8")))
    groups, blocks = om.parse(path)
    kinds = om.kinds_of_blocks(blocks, keys, b._presets_of, known)
    users: dict[str, set[frozenset[str]]] = {}
    for block, ks in zip(blocks, kinds, strict=True):
        for g in block.groups if ks else ():
            users.setdefault(g, set()).add(ks)
    out: Words = {}
    for block, ks in zip(blocks, kinds, strict=True):
        own = sorted(
            (g for g in block.groups if users.get(g) == {ks}),
            key=lambda g: not g.startswith("category_"),
        )
        words: dict[str, list[str]] = {}
        for text in [*(groups.get(g, {}) for g in own), block.words]:
            for lang, ws in om._lang_words(text).items():
                words.setdefault(lang, []).extend(ws)
        for key in ks:
            for lang, ws in words.items():
                if ws:
                    out.setdefault((key, lang), ws)
    return out


def cldr(folder: Path) -> Words:
    """``(kind, language) -> words``: CLDR's short names and keywords of the kinds' emoji."""
    out: Words = {}
    for lang in LANGS:
        for sub, top in (("cldr", "annotations"), ("cldrd", "annotationsDerived")):
            path = folder / sub / "package" / top / lang / f"{top}.json"
            if not path.exists():
                continue
            doc = json.loads(path.read_text(encoding="utf-8"))[top]["annotations"]
            for emoji, key in EMOJI.items():
                entry = doc.get(emoji) or doc.get(emoji + "\ufe0f") or {}
                names = [t.split(",")[0].strip() for t in entry.get("tts", [])]
                if names or entry.get("default"):
                    out.setdefault((key, lang), []).extend(names + entry.get("default", []))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--id-package", required=True, type=Path)
    parser.add_argument("--organicmaps", required=True, type=Path)
    parser.add_argument("--cldr", required=True, type=Path)
    parser.add_argument("--list", action="store_true", help="print every pair")
    ns = parser.parse_args()
    from mapsnb_sandbox.world.kinds.table import kind_table

    table = {c.key: c for c in kind_table().rows}
    sticks = {"Organic Maps": organic_maps(ns.organicmaps, ns.id_package), "CLDR": cldr(ns.cldr)}
    had = dict.fromkeys(sticks, 0)
    off = dict.fromkeys(sticks, 0)
    flagged = measured = 0
    for lang in LANGS:
        for key in KINDS:
            shown = table[key].names.get(lang, ("-",))[0]
            marks = []
            for name, words in sticks.items():
                if (key, lang) in words:
                    had[name] += 1
                    if _bare(shown) not in {_bare(w) for w in words[(key, lang)]}:
                        off[name] += 1
                        marks.append(name)
            present = [n for n in sticks if (key, lang) in sticks[n]]
            measured += bool(present)
            flag = bool(present) and len(marks) == len(present)
            flagged += flag
            if ns.list:
                print(f"{lang}\t{key}\t{shown}\t{','.join(marks)}{' FLAG' if flag else ''}")
    for name in sticks:
        print(f"{name}: {had[name]} pairs, display name none of its words: {off[name]} "
              f"({off[name] / had[name]:.1%})")  # fmt: skip
    print(f"flagged by every yardstick that has the pair: {flagged} of {measured} "
          f"({flagged / measured:.1%})")  # fmt: skip


if __name__ == "__main__":
    main()
