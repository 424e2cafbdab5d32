"""Korean town names in Hangul: a name with its unit's word ("목포시", "고령군", "물금읍") is
the name's town, and a name the index keeps only in Latin letters ("남원": Namwon, kept as
"Nangen") is found by its Revised Romanization (``data/hangul_latin.json``) among South and
North Korea's towns' own names and their GeoNames other names (``data/korean_town_names.tsv``,
``tools/build_korean_town_names.py``)."""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path

from mapsnb_sandbox.world.geodata import CityIndex, fold_text
from mapsnb_sandbox.world.names.districts import is_district
from mapsnb_sandbox.world.national.rows import city_numbers

__all__ = ["hangul_ids", "latin_table", "romanized", "unit_stems"]

_DATA = Path(__file__).resolve().parents[2] / "data"
#: The countries that write their towns' names in Hangul.
HANGUL_COUNTRIES = ("KR", "KP")
#: North Korea, whose towns a name cut from a South Korean unit's word does not name.
NORTH = "KP"
_FIRST, _LAST = 0xAC00, 0xD7A3


def _syllables(key: str) -> str:
    """``key`` (folded: Hangul split into jamo) in whole syllables again, spaces dropped."""
    return unicodedata.normalize("NFC", key).replace(" ", "")


def _hangul(text: str) -> bool:
    return bool(text) and all(_FIRST <= ord(c) <= _LAST for c in text)


@functools.cache
def _rules() -> dict[str, object]:
    rules: dict[str, object] = json.loads((_DATA / "hangul_latin.json").read_text("utf-8"))
    return rules


def unit_stems(text: str) -> list[str]:
    """``text`` (Hangul syllables) without the word of its local unit ("목포시" -> "목포",
    "세종특별자치시" -> "세종"), when two syllables or more are left; else nothing."""
    for suffix in _rules()["unit_suffixes"]:  # type: ignore[attr-defined]
        if text.endswith(suffix) and len(text) - len(suffix) >= 2:
            return [text[: -len(suffix)]]
    return []


def romanized(text: str, *, older: bool = False) -> str:
    """``text`` (Hangul syllables) in the Revised Romanization, without hyphens or spaces:
    "남원" -> "namwon", "광양" -> "gwangyang", "신라" -> "silla", "종로" -> "jongno"; ``older``:
    in McCune-Reischauer without its marks ("영천" -> "yongchon", "거제" -> "koje")."""
    rules = _rules()
    initials = rules["mr_initials" if older else "initials"]
    medials = rules["mr_medials" if older else "medials"]
    voiced: dict[str, str] = rules["mr_voiced"] if older else {}  # type: ignore[assignment]
    finals, linked, joins = rules["finals"], rules["linked_finals"], rules["joins"]
    parts = [divmod(ord(c) - _FIRST, 28) for c in text]
    out: list[str] = []
    for i, (lead, final) in enumerate(parts):
        first, vowel = divmod(lead, 21)
        start = initials[first]  # type: ignore[index]
        before = finals[parts[i - 1][1]] if i else ""  # type: ignore[index]
        if i and before not in ("k", "t", "p"):
            start = voiced.get(str(first), start)  # McCune-Reischauer's voiced stops
        if i and start == "" and before:  # a final read onto a vowel: "gwang|yang"
            out[-1] = out[-1][: len(out[-1]) - len(before)] + linked[parts[i - 1][1]]  # type: ignore[index]
        elif i and f"{before}+{start}" in joins:  # type: ignore[operator]
            end, start = joins[f"{before}+{start}"].split("|")  # type: ignore[index]
            out[-1] = out[-1][: len(out[-1]) - len(before)] + end
        out.append(start + medials[vowel] + finals[final])  # type: ignore[index]
    return "".join(out)


def _latin_forms(text: str) -> list[str]:
    """``text``'s two romanizations (:func:`romanized`)."""
    return [romanized(text), romanized(text, older=True)]


#: The table of :func:`latin_table`, kept with the index it numbers.
_TABLE: list[tuple[CityIndex, dict[str, list[int]]]] = []


def latin_table(idx: CityIndex) -> dict[str, list[int]]:
    """Letters-only Latin name -> city numbers of Korea's towns: their own names in the
    index (without GeoNames' English "City") and the other names of ``korean_town_names.tsv``;
    Hangul names of that table too."""
    if _TABLE and _TABLE[0][0] is idx:
        return _TABLE[0][1]
    number = city_numbers(idx)
    out: dict[str, list[int]] = {}
    for j, c in enumerate(idx.cities):
        if c.cc in HANGUL_COUNTRIES:  # "Donghae City" is "donghae" too
            for name in dict.fromkeys([c.name, c.name.removesuffix(" City")]):
                out.setdefault(_letters(name), []).append(j)
    for line in (_DATA / "korean_town_names.tsv").read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            name, gid = line.split("\t")
            k = number.get(int(gid))
            if k is not None and k not in out.get(name, ()):
                out.setdefault(name, []).append(k)
    _TABLE[:] = [(idx, out)]
    return out


def _letters(name: str) -> str:
    return "".join(c for c in fold_text(name) if c.isalnum())


def hangul_ids(idx: CityIndex, key: str, script_names: Mapping[str, Sequence[int]]) -> list[int]:
    """City numbers of the Korean towns folded Hangul ``key`` names that the index's names and
    ``script_names`` (``town_names.tsv.z``'s, folded) miss: the name without its unit's word
    ("목포시": "목포"), else a town of Korea by the table's Hangul names or by the name's
    romanization, whole ("goyangsi", "tongjineup") or else without the unit's word ("namwon"
    of "남원시"; no city's district then: "성산읍" is no Seongsan-gu); most populous first. A
    name cut from its unit's word (South Korea's units) names no town of North Korea: the
    counties the 1953 armistice line split bear one name on both sides ("옹진군", "고성군",
    "철원군"), and the index may hold only the North's."""
    text = _syllables(key)
    if not _hangul(text):
        return []
    stems = unit_stems(text)
    for stem in stems:
        folded = fold_text(stem)
        found = [*(idx.by_name.get(folded) or script_names.get(folded, ()))]
        if found := [j for j in found if idx.cities[j].cc != NORTH]:
            return found
    table = latin_table(idx)
    whole = [j for form in (text, *_latin_forms(text)) for j in table.get(form, ())]
    cut = [j for stem in stems for f in (stem, *_latin_forms(stem)) for j in table.get(f, ())]
    cut = [j for j in cut if not is_district(idx.cities[j].geonameid)]  # "Seongsan" (-gu)
    ids = list(dict.fromkeys(whole or [j for j in cut if idx.cities[j].cc != NORTH]))
    return sorted(ids, key=lambda j: -idx.cities[j].population)
