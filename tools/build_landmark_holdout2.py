"""Write ``tests/data/landmark_holdout2.csv``: famous places that are not on the UNESCO list
(museums, attractions, skyscrapers), asked by their common names, with Wikidata's point as
truth (issue 40's second independent landmark check).

Source: Wikidata query results (CC0) kept in the public repository ``rithmschool/numbers_api``
(``wikidata/attractionsRawData.js`` at commit 7b240f2, ``wikidata/museumsRawData.js`` at 0531381:
items with a coordinate ``P625`` and an annual visitor count ``P1174``; ``wikidata/skyscrapers.js``
at 373a51d: skyscrapers with a height and an English Wikipedia article). The emulator reads none
of these files. Usage (``MIRROR``: a git directory of that repository)::

    python tools/build_landmark_holdout2.py MIRROR

Selection, systematic: the attractions with 100,000 visitors a year or more, the museums with the
most visitors (``MUSEUMS``), the first ``SKYSCRAPERS`` skyscrapers by Wikidata's height (those of
300 m or more up to Burj Khalifa's 828, a label not starting with a digit: a street address is no
landmark's common name); an item is left out when its English label names a UNESCO property
(``landmark_holdout.csv``: a property's name within the label or the label within it, 100 km
apart), or is only generic words ("National Museum", "National Gallery": no one place). Queries:
the English label (``lang`` en) and, for some, the name a user of another of the 28 supported
languages types (:data:`OTHER_NAMES`, written by hand for this file; the truth stays Wikidata's
point). Tolerance: 2 km (3 km for a park, 30 km for a national park or a mountain).
"""

from __future__ import annotations

import csv
import json
import math
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "landmark_holdout2.csv"
UNESCO = ROOT / "tests" / "data" / "landmark_holdout.csv"
FILES = {
    "attraction": ("7b240f2", "wikidata/attractionsRawData.js"),
    "museum": ("0531381", "wikidata/museumsRawData.js"),
    "skyscraper": ("373a51d", "wikidata/skyscrapers.js"),
}
ATTRACTION_VISITORS = 100_000
MUSEUMS = 75
SKYSCRAPERS = 40
HEADER = (
    "# Issue 40's second landmark holdout: famous places not on the UNESCO list (museums and\n"
    "# attractions with Wikidata's visitor counts, skyscrapers by height), truth Wikidata's point\n"
    "# (CC0, query results kept in github.com/rithmschool/numbers_api), which the emulator does\n"
    "# not read; names in other languages typed by hand. Written by tools/build_landmark_holdout2.py.\n"
)
COLUMNS = ["qid", "kind", "lang", "query", "lat", "lng", "tol_km"]
_GENERIC = frozenset(
    [
        "national",
        "museum",
        "gallery",
        "art",
        "of",
        "the",
        "and",
        "fine",
        "arts",
        "modern",
        "contemporary",
        "museo",
        "musee",
        "palace",
        "people's",
        "centre",
        "center",
        "for",
        "science",
        "industry",
    ]
)

#: Names users of other languages type, by Wikidata item (written by hand for this corpus).
OTHER_NAMES: dict[str, dict[str, str]] = {
    "Q550": {"fr": "les Champs-Élysées", "ru": "Елисейские Поля", "ja": "シャンゼリゼ通り"},
    "Q160409": {"ja": "セントラル・パーク", "de": "Central Park New York"},
    "Q99309": {"it": "Pantheon di Roma", "es": "Panteón de Agripa"},
    "Q305419": {"es": "Basílica de Santa María de Guadalupe"},
    "Q80290": {
        "zh": "故宫",
        "ja": "紫禁城",
        "fr": "Cité interdite",
        "de": "Verbotene Stadt",
        "ko": "자금성",
    },
    "Q12512": {
        "it": "Basilica di San Pietro",
        "es": "Basílica de San Pedro",
        "pl": "Bazylika św. Piotra",
        "de": "Petersdom",
        "pt": "Basílica de São Pedro",
    },
    "Q28785": {"fr": "Basilique du Sacré-Cœur de Montmartre"},
    "Q71719": {"es": "Paseo de la Fama de Hollywood"},
    "Q1074318": {"zh": "中国国家博物馆"},
    "Q10285": {"it": "Colosseo", "tr": "Kolezyum", "el": "Κολοσσαίο"},
    "Q243": {
        "fr": "Tour Eiffel",
        "ar": "برج إيفل",
        "hi": "एफिल टॉवर",
        "fa": "برج ایفل",
        "sw": "Mnara wa Eiffel",
        "cs": "Eiffelova věž",
        "sv": "Eiffeltornet",
        "he": "מגדל אייפל",
        "uk": "Ейфелева вежа",
        "th": "หอไอเฟล",
        "bn": "আইফেল টাওয়ার",
        "ur": "ایفل ٹاور",
        "ro": "Turnul Eiffel",
    },
    "Q132783": {"ru": "Эрмитаж", "uk": "Ермітаж", "de": "Eremitage Sankt Petersburg"},
    "Q48435": {"es": "Sagrada Familia", "ja": "サグラダ・ファミリア"},
    "Q351": {
        "es": "Parque nacional de Yellowstone",
        "de": "Yellowstone-Nationalpark",
        "fr": "Parc national de Yellowstone",
    },
    "Q699614": {"de": "BMW Welt München"},
    "Q18068": {
        "it": "Duomo di Milano",
        "de": "Mailänder Dom",
        "fr": "Cathédrale de Milan",
        "nl": "Dom van Milaan",
    },
    "Q170495": {"tr": "Topkapı Sarayı", "ru": "Дворец Топкапы"},
    "Q35525": {
        "es": "Casa Blanca",
        "fr": "Maison-Blanche",
        "de": "Weißes Haus",
        "pl": "Biały Dom",
        "vi": "Nhà Trắng",
    },
    "Q506234": {"it": "Vittoriano"},
    "Q134883": {"fr": "Tour CN", "zh": "加拿大国家电视塔"},
    "Q173527": {"el": "Κνωσός", "fr": "Cnossos"},
    "Q550514": {"it": "Basilica di San Nicola di Bari"},
    "Q19675": {
        "fr": "Musée du Louvre",
        "es": "Museo del Louvre",
        "zh": "卢浮宫",
        "ja": "ルーヴル美術館",
        "ko": "루브르 박물관",
        "ar": "متحف اللوفر",
        "ru": "Лувр",
        "pt": "Museu do Louvre",
    },
    "Q160236": {"es": "Museo Metropolitano de Arte", "ja": "メトロポリタン美術館"},
    "Q182955": {"it": "Musei Vaticani", "es": "Museos Vaticanos", "pl": "Muzea Watykańskie"},
    "Q460889": {"es": "Museo Reina Sofía"},
    "Q23402": {"ja": "オルセー美術館"},
    "Q160112": {"de": "Prado-Museum", "fr": "Musée du Prado"},
    "Q178065": {"fr": "Centre Pompidou"},
    "Q183334": {"ru": "Третьяковская галерея"},
    "Q106715016": {"it": "Galleria degli Uffizi"},
    "Q157298": {"de": "Pergamonmuseum"},
    "Q95569": {"de": "Kunsthistorisches Museum Wien"},
    "Q4872": {"ru": "Музей изобразительных искусств имени Пушкина"},
    "Q1050032": {"es": "Museo Picasso de Barcelona"},
    "Q176251": {"es": "Museo Thyssen-Bornemisza"},
    "Q82941": {"pt": "Museu de Arte de São Paulo"},
    "Q46815": {"he": "מוזיאון ישראל"},
    "Q12495": {"ar": "برج خليفة", "ru": "Бурдж-Халифа", "hi": "बुर्ज ख़लीफ़ा"},
    "Q18547": {"zh": "上海中心大厦"},
    "Q189476": {"ar": "أبراج البيت"},
    "Q494895": {"ko": "롯데월드타워"},
    "Q83101": {"zh": "台北101"},
    "Q80852": {"zh": "上海环球金融中心"},
    "Q223207": {"zh": "东方明珠电视塔"},
    "Q4255374": {"ru": "Лахта-центр"},
    "Q18640924": {"vi": "Tòa nhà Landmark 81"},
    "Q83063": {"id": "Menara Petronas"},
    "Q317034": {"zh": "環球貿易廣場"},
    "Q7969454": {"id": "Menara Merdeka 118"},
    "Q197833": {"zh": "中信大厦"},
    "Q1077308": {"zh": "平安国际金融中心"},
}


def fold(text: str) -> str:
    """Lower-case ``text`` without accents or punctuation."""
    t = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", t).split())


def _git_show(mirror: Path, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={mirror}", "show", f"{commit}:{path}"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip


def _items_js(text: str) -> list[dict[str, object]]:
    """The items of a JavaScript array of ``{location, visitors, cordinates, locationLabel}``."""
    out = []
    for block in re.findall(r"\{(.*?)\n  \}", text, re.S):
        q = re.search(r"entity/(Q\d+)", block)
        p = re.search(r"Point\(([-\d.eE]+) ([-\d.eE]+)\)", block)
        label = re.search(r'locationLabel:\s*"(.*?)",?\s*$', block, re.S | re.M)
        visitors = re.search(r'visitors:\s*"?(\d+)', block)
        if q and p and label:
            out.append({
                "qid": q.group(1), "lng": float(p.group(1)), "lat": float(p.group(2)),
                "label": label.group(1), "rank": int(visitors.group(1)) if visitors else 0,
            })  # fmt: skip
    return out


def _items_json(text: str) -> list[dict[str, object]]:
    """The items of a SPARQL JSON result array (``skyscrapers.js``), ranked by height."""
    rows = json.loads(text[text.index("[") : text.index("module.exports")].strip().rstrip(";"))
    out = []
    for r in rows:
        if "height" not in r or "site" not in r:
            continue
        lng, lat = re.findall(r"[-\d.eE]+", r["cordinates"]["value"])[:2]
        out.append({
            "qid": r["location"]["value"].rsplit("/", 1)[1], "lng": float(lng), "lat": float(lat),
            "label": r["locationLabel"]["value"], "rank": float(r["height"]["value"]),
        })  # fmt: skip
    return out


def _best(items: list[dict[str, object]]) -> list[dict[str, object]]:
    """One item per Wikidata id (its highest rank), highest rank first."""
    best: dict[str, dict[str, object]] = {}
    for it in items:
        q = str(it["qid"])
        if q not in best or float(it["rank"]) > float(best[q]["rank"]):  # type: ignore[arg-type]
            best[q] = it
    return sorted(best.values(), key=lambda it: -float(it["rank"]))  # type: ignore[arg-type]


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = (
        math.sin((la2 - la1) / 2) ** 2
        + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    )
    return 12742 * math.asin(math.sqrt(h))


def _unesco() -> list[tuple[str, tuple[float, float]]]:
    with UNESCO.open(encoding="utf-8") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return [(fold(r["query"]), (float(r["lat"]), float(r["lng"]))) for r in rows]


def _names_unesco(label: str, at: tuple[float, float], unesco: list) -> bool:
    f = f" {fold(label)} "
    unesco = [(n.removeprefix("the "), p) for n, p in unesco]
    return any(
        (f" {name} " in f or f in f" {name} ") and _km(at, point) <= 100 for name, point in unesco
    )


def _tolerance(label: str) -> float:
    words = fold(label).split()
    if ("national" in words and "park" in words) or {"mount", "mountain"} & set(words):
        return 30.0
    return 3.0 if "park" in words else 2.0


def select(mirror: Path) -> list[dict[str, object]]:
    """The corpus's places, in kind order, each with ``kind`` set."""
    picked = {
        "attraction": [
            it for it in _best(_items_js(_git_show(mirror, *FILES["attraction"])))
            if float(it["rank"]) >= ATTRACTION_VISITORS  # type: ignore[arg-type]
        ],
        "museum": [
            it for it in _best(_items_js(_git_show(mirror, *FILES["museum"])))
            if float(it["rank"]) > 0  # type: ignore[arg-type]
        ],
        "skyscraper": [
            it for it in _best(_items_json(_git_show(mirror, *FILES["skyscraper"])))
            if 300 <= float(it["rank"]) <= 828 and not str(it["label"])[:1].isdigit()  # type: ignore[arg-type]
        ],
    }  # fmt: skip
    unesco, seen, out = _unesco(), set(), []
    for kind, cap in (("attraction", 10_000), ("museum", MUSEUMS), ("skyscraper", SKYSCRAPERS)):
        n = 0
        for it in picked[kind]:
            label, at = str(it["label"]), (float(it["lat"]), float(it["lng"]))  # type: ignore[arg-type]
            if n >= cap or it["qid"] in seen or re.fullmatch(r"Q\d+", label):
                continue
            if set(fold(label).split()) <= _GENERIC or _names_unesco(label, at, unesco):
                continue
            seen.add(it["qid"])
            out.append({**it, "kind": kind})
            n += 1
    return out


def main() -> None:
    mirror = Path(sys.argv[1])
    rows = []
    for it in select(mirror):
        names = {"en": str(it["label"]), **OTHER_NAMES.get(str(it["qid"]), {})}
        for lang, text in names.items():
            rows.append([
                it["qid"], it["kind"], lang, text, f"{float(it['lat']):.5f}",  # type: ignore[arg-type]
                f"{float(it['lng']):.5f}", _tolerance(str(it["label"])),  # type: ignore[arg-type]
            ])  # fmt: skip
    with OUT.open("w", encoding="utf-8", newline="") as f:
        f.write(HEADER)
        w = csv.writer(f, lineterminator="\n")
        w.writerow(COLUMNS)
        w.writerows(rows)
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} queries, {len({r[0] for r in rows})} places")


if __name__ == "__main__":
    main()
