"""Write ``mapsnb_sandbox/data/japan_mountains.csv``: Japan's main mountains as famous places at
the Geospatial Information Authority of Japan's summit point, by their names in kanji and in
romaji, so that "浅間山", "Asamayama" and "Mount Asama" find the mountain (round 30).

Source: the GSI's list of Japan's main mountains (国土地理院「日本の主な山岳一覧」, 1,059 summits
with their kana and height; GSI content terms of use, compatible with CC BY 4.0), as
github.com/kagura2718/JapanMountain transcribes it (``JapanMountain.json``, commit
``5bf84a03``, CC0). The Smithsonian's list (the fourth landmark holdout's truth) is not read.
Usage::

    python tools/build_japan_mountains.py JapanMountain.json

Names of a summit: the main name ("浅間山"; "霧島山" of "霧島山<韓国岳>", not the peak's own,
"韓国岳", "神山": lesser names, often generic ones), with its romaji (:func:`japanese_readings.japanese_forms`: Asamayama, Mount
Asama), read by the rules of ``tools/build_volcanoes.py`` (:func:`build_volcanoes.build_rows`:
a name several summits 50 km apart bear is no one's, "駒ヶ岳"; a town keeps its name unless
the mountain has 2 m of height per person of it; short names, ordinary words, countries' and
regions' names left out; no "<own> volcano": not every mountain is one; no stem alone,
"Asama" of "Mount Asama": a mountain is often named after its village, which the town index
may lack, "Takatori", "Minobu"). A name ``volcanoes.csv`` or a curated table already holds stays
theirs. Key ``gsi-mountain-<n>``, n the summit's place in the list; LOW answers
(``Landmark.one_source``).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.index.landmark_rows import (
    JAPAN_MOUNTAINS_CSV,
    MOUNTAIN_KEY,
    VOLCANOES_CSV,
)
from tools.build_volcanoes import COLUMNS, build_rows
from tools.japanese_readings import japanese_forms, read_mountains

HEADER = (
    "# Japan's main mountains as famous places (issue 40, round 30): the GSI list of Japan's\n"
    "# main mountains (国土地理院「日本の主な山岳一覧」, CC BY 4.0 compatible; transcribed by\n"
    "# github.com/kagura2718/JapanMountain, CC0), at the GSI's point, by their kanji and romaji\n"
    "# names. Written by tools/build_japan_mountains.py; see SOURCES.md.\n"
)


def read_summits(path: Path) -> list[dict[str, object]]:
    """One node per name of each summit (its main name, in kanji and romaji)."""
    gsi = read_mountains(path)
    out: list[dict[str, object]] = []
    for i, m in enumerate(json.loads(path.read_text(encoding="utf-8"))["data"]):
        lat, lng = float(m["lat"]), float(m["lng"])
        name = m["name"].partition("<")[0].strip()  # a peak's own name is a lesser one
        if name:
            for form in (name, *japanese_forms(name, lat, lng, gsi)):
                out.append(
                    {"name": form, "lat": lat, "lng": lng, "height": float(m["altitude"]), "osm": i}
                )
    return out


def _volcano_names() -> frozenset[str]:
    """The folded names of ``volcanoes.csv`` (they stay the volcanoes')."""
    with VOLCANOES_CSV.open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        return frozenset(k for row in rows for k in row["keys"].split("|") if k)


def main(argv: list[str]) -> int:
    nodes = read_summits(Path(argv[1]))
    rows = build_rows(nodes, key_prefix=MOUNTAIN_KEY, taken=_volcano_names(), volcanoes=False)
    with JAPAN_MOUNTAINS_CSV.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER)
        w = csv.DictWriter(fh, COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    size = JAPAN_MOUNTAINS_CSV.stat().st_size
    print(f"{len(nodes)} names -> {len(rows)} mountains, {size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
