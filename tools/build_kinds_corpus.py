"""Build ``tests/data/kinds_corpus.csv``: kind words in the 28 languages from a source the
emulator does not read, the short names Unicode CLDR gives the emoji of kinds of places.

Source: CLDR's emoji annotations, npm package ``cldr-annotations-full`` (Unicode licence v3):
``annotations/<lang>/annotations.json``, each emoji's ``tts`` (its short name: "hospital",
"ہسپتال", "病院"; the part before a comma where CLDR adds a descriptor, Hindi's "बैंक, भवन").
Seventeen emoji name a kind the emulator has (:data:`KINDS`); each language's name of each is
asked with its capital or largest town (:data:`TOWNS`, as the language writes it) in two
orders, kind first ("hospital Lahore") and town first ("Lahore hospital"): 28 x 17 x 2 = 952
queries. The emulator's kind words come from OpenStreetMap's iD presets and its own tables,
never from CLDR's annotations.

Usage::

    python tools/build_kinds_corpus.py DIR   # DIR: the unpacked npm package (``package/``)
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "kinds_corpus.csv"
#: Emoji whose CLDR short name is a kind of place, and the emulator's key for it.
KINDS = {
    "🏥": "hospital",
    "🏦": "bank",
    "🏨": "hotel",
    "🏫": "school",
    "🏪": "convenience_store",
    "🏬": "department_store",
    "🏤": "post_office",
    "🕌": "mosque",
    "⛪": "church",
    "🕍": "synagogue",
    "🛕": "hindu_temple",
    "⛩️": "shinto_shrine",
    "🏟️": "stadium",
    "🚉": "train_station",
    "🚏": "bus_stop",
    "⛽": "gas_station",
    "🏞️": "national_park",
}
#: Per language, a big town of a country that speaks it, as the language writes it.
TOWNS = {
    "en": "London", "pt": "Lisboa", "es": "Madrid", "fr": "Paris", "de": "Berlin",
    "it": "Roma", "pl": "Warszawa", "ru": "Москва", "ja": "東京", "zh": "北京",
    "hi": "दिल्ली", "ar": "القاهرة", "id": "Jakarta", "tr": "İstanbul", "vi": "Hà Nội",
    "ko": "서울", "fa": "تهران", "bn": "ঢাকা", "ur": "لاہور", "sw": "Nairobi",
    "th": "กรุงเทพ", "uk": "Київ", "nl": "Amsterdam", "sv": "Stockholm", "el": "Αθήνα",
    "he": "ירושלים", "ro": "București", "cs": "Praha",
}  # fmt: skip


def _name(annotations: dict[str, dict[str, list[str]]], emoji: str) -> str | None:
    entry = annotations.get(emoji) or annotations.get(emoji.replace("\ufe0f", ""))
    # a name before its descriptor: Hindi's "बैंक, भवन" (bank, building) is "बैंक"
    return entry["tts"][0].split(",")[0].strip() if entry and entry.get("tts") else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("package", help="the unpacked cldr-annotations-full package")
    folder = Path(parser.parse_args().package) / "annotations"
    version = json.loads((folder.parent / "package.json").read_text(encoding="utf-8"))["version"]
    rows = []
    for lang, town in TOWNS.items():
        doc = json.loads((folder / lang / "annotations.json").read_text(encoding="utf-8"))
        annotations = doc["annotations"]["annotations"]
        for emoji, key in KINDS.items():
            name = _name(annotations, emoji)
            if name:
                rows.append((lang, key, name, town, f"{name} {town}"))
                rows.append((lang, key, name, town, f"{town} {name}"))
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(
            f"# Built by tools/build_kinds_corpus.py from npm cldr-annotations-full {version} "
            "(Unicode licence v3): CLDR emoji short names of kinds of places\n"
        )
        writer = csv.writer(fh)
        writer.writerow(["lang", "kind", "word", "town", "query"])
        writer.writerows(rows)
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} queries")


if __name__ == "__main__":
    main()
