"""Whether a word of a query stands where its grammar puts a town's name.

A town's name that is also a common word (``data/ordinary_words.txt``, built by
``tools/build_ordinary_words.py``: "nice", "reading", "bath") is a town only after a preposition,
alone, or capitalised after the rest of the query; a text reads as one place's name when its
words are capitalised, a number or a kind of named place ("station", "square").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.qualifiers import known_qualifier
from mapsnb_sandbox.world.towns import GENERIC_WORDS, PREPOSITIONS

__all__ = [
    "bare_town_ok",
    "comma_parts",
    "east_asian_parts",
    "lone_postcode",
    "ordinary_words",
    "parse_lat_lng",
    "proper_name",
    "town_by_grammar",
    "typed_postcodes",
    "with_commas",
]


@functools.cache
def ordinary_words() -> frozenset[str]:
    """Folded town names that are also common words ("nice", "reading", "bath"; built by
    ``tools/build_ordinary_words.py`` from spelling dictionaries)."""
    path = Path(__file__).resolve().parents[2] / "data" / "ordinary_words.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))


def bare_town_ok(word: str, *, last: bool) -> bool:
    """Whether ``word`` (as typed), standing in a query with no preposition or comma before it,
    may name a town: any town name, but an ordinary word ("nice", "Reading") only capitalised
    after the rest of the query ("hotels Nice"), never before it ("nice cafe")."""
    if fold(word) not in ordinary_words():
        return True
    return last and word[:1].isupper()


#: Prepositions that are also English articles or words ("a", "no", "at"): an ordinary word
#: after them is a town only when capitalised.
_ARTICLES = frozenset(["a", "no", "na", "at", "um", "we", "v", "w"])


def town_by_grammar(label: str, words: list[str], start: int, end: int) -> bool:
    """Whether the town found in ``words[start:end]`` (the folded ``label``) stands where a
    query's grammar puts a town: after a preposition, or a name that is no ordinary word (else
    :func:`bare_town_ok`)."""
    typed = label.split()
    word = typed[start] if len(typed) == len(words) else words[start]
    before = words[start - 1] if start > 0 else ""
    if end - start > 1 or (before in PREPOSITIONS and before not in _ARTICLES):
        return True
    if any(len(w) >= 4 and w in GENERIC_WORDS for w in words[end:]):
        return True  # "Reading station", "Florence cathedral": a named place in the town
    if before in PREPOSITIONS:  # "a pool" is an article, "a Roma" a preposition
        return bare_town_ok(word, last=True)
    if word.islower() and len(words) - (end - start) >= 3:
        return False  # "lorem ipsum dolor sit amet": a lower-case word after a sentence
    return bare_town_ok(word, last=end == len(words) and start > 0)


def proper_name(label: str, town: str, named: set[str]) -> bool:
    """Whether ``label`` (the town's name aside) reads as one place's name: one capitalised
    word, a capitalised word of two letters or more past the first, a number, or a word of a
    kind of named place ("station", "square", "bridge")."""
    town_words = set(fold(town).split()) | named
    words = [w for w in label.split() if fold(w) and not set(fold(w).split()) <= town_words]
    if any(len(w) >= 4 and w in GENERIC_WORDS for w in fold(" ".join(words)).split()):
        return True
    if len(words) == 1:
        return words[0][:1].isupper()
    return any(w[:1].isupper() and len(w) > 1 for w in words[1:]) or any(c.isdigit() for c in label)


#: Commas of other scripts: Arabic and Persian "،", the full-width "，", the ideographic "、".
_COMMAS = re.compile("[،，、]")


def with_commas(text: str) -> str:
    """``text`` with the commas of other scripts as "," ("León، Guanajuato"): they part a town
    from its qualifiers as a comma does."""
    return _COMMAS.sub(",", text)


def comma_parts(text: str, split: Callable[[str], list[str] | None]) -> list[str]:
    """The comma parts of ``text``, a qualifier part (or a lone part) written without a comma
    read with one by ``split`` ("Kent OH" -> "Kent", "OH"), also once the postcode an address's
    last line ends with is dropped ("…, Sydney NSW 2000", "…, Toronto ON M5E 1E5"), or begins
    with in a part after the first ("…, 22100 Como CO", "…, 1012 LG Amsterdam", "…, 111 43
    Stockholm"; a lone part only where a qualifier follows the town: "22100 Como CO")."""
    parts = east_asian_parts(text) or [p for p in (s.strip() for s in text.split(",")) if p]
    parts = _numbered_streets(parts)  # "ул. Тверская, д. 7, Москва": "ул. Тверская 7"
    out = parts[:1] if len(parts) > 1 else []
    for typed in parts[len(out) :]:
        if out and lone_postcode(typed):
            continue  # "…, Saint Petersburg, 191186": read by :func:`typed_postcodes`
        part = _unposted(typed, split, later=bool(out))
        words = part.split()
        while len(words) > 2 and any(ch.isdigit() for ch in words[-1]):
            words.pop()
        if len(words) == len(part.split()):
            out += split(part) or [part]
        else:  # a last line: its state is one even where the town is unknown ("Garden Grove IA")
            state = [" ".join(words[:-1]), words[-1]] if known_qualifier(words[-1]) else None
            read = split(" ".join(words)) or state or [part]
            zip_code = " ".join(part.split()[len(words) :])  # a US state keeps its ZIP Code
            keep = re.fullmatch(r"\d{5}(-\d{4})?", zip_code) and len(read) > 1
            out += [*read[:-1], f"{read[-1]} {zip_code}" if keep else read[-1]]
    return out


#: A house number written as a part of its own after its street, with the word for "house" or
#: "number" some languages put before it ("Calle Mayor, 5, Madrid", "Via del Corso, 12, Roma",
#: "ул. Тверская, д. 7, Москва", "вул. Хрещатик, буд. 22, Київ").
_HOUSE_PART = re.compile(
    r"(?:(?:д|дом|буд|будинок|n|nº|n°|no|nr|núm|num|número|numero)\.?\s*)?"
    r"(?P<n>\d{1,4}[a-zа-яё]?(?:[/-]\d{1,4}[a-zа-яё]?)?)",
    re.IGNORECASE,
)


def _numbered_streets(parts: list[str]) -> list[str]:
    """``parts`` with a house number's own part joined to its street, after it or before it;
    an address written town first ("Москва, ул. Тверская, д. 7", as Russian post writes it)
    with its street first, as the reader takes an address ("ул. Тверская 7", "Москва")."""
    if (
        len(parts) > 2
        and re.fullmatch(r"\d{1,4}[a-z]?", parts[0], re.I)
        and not any(c.isdigit() for c in parts[1])
    ):  # "5, rue de Rivoli, 75001 Paris", as French addresses are often written
        parts = [f"{parts[0]} {parts[1]}", *parts[2:]]
    out: list[str] = []
    street = -1
    for k, part in enumerate(parts):
        number = _HOUSE_PART.fullmatch(part)
        postcode = bool(lone_postcode(part)) and not part.isdigit()  # "80-831": Gdańsk's
        last = k == len(parts) - 1 and bool(re.fullmatch(r"\d{4}", part))  # "Wien, 1010"
        postcode = postcode or last
        if number and out and not postcode and not any(c.isdigit() for c in out[-1]):
            out[-1], street = f"{out[-1]} {number['n']}", len(out) - 1
        else:
            out.append(part)
    if street > 0:
        out.insert(0, out.pop(street))
    return out


#: A Japanese address, largest unit first and no commas ("〒100-0005 東京都千代田区丸の内1-1"): a
#: prefecture, municipalities (city, ward, town, village, district) and the block with numbers.
_JA_ADDRESS = re.compile(
    r"^(?:〒?\s*\d{3}-?\d{4}\s*)?(?P<pref>東京都|北海道|京都府|大阪府|[^\s\d]{2,3}県)?"
    r"(?P<towns>[^\s\d]{1,10}[市区町村郡])(?P<block>[^\s\d]*\d\S*)$"
)
#: A Chinese one: province, city, district, road and number ("北京市朝阳区建国路88号").
_ZH_ADDRESS = re.compile(
    r"^(?P<prov>[^\s\d]{2,3}省)?(?P<city>[^\s\d]{2,4}?市)?(?P<dist>[^\s\d]{1,4}?[区县])?"
    r"(?P<road>[^\s\d]{1,8}?[路街道巷])(?P<num>\d+号)$"
)
#: A Korean road and building number ("세종대로 110", "테헤란로 152").
_KO_ROAD = re.compile(r"[\uac00-\ud7af]+(?:로|길)")


def east_asian_parts(text: str) -> list[str] | None:
    """The parts of a Japanese, Chinese or Korean address, smallest first as a comma list
    gives them: "東京都千代田区丸の内1-1" -> ["丸の内 1-1", "千代田区", "東京都"], "北京市朝阳区建国路88号"
    -> ["建国路 88号", "北京市"], "서울특별시 중구 세종대로 110" -> ["세종대로 110", "서울특별시"]; a
    city's ward is left out, as another city's ward of that name would be read ("中央区", Chūō,
    is Tokyo's and Osaka's); ``None`` for any other text."""
    if "," in text or not re.search("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", text):
        return None
    if m := _ZH_ADDRESS.match(text.strip()):
        road = f"{m['road']} {m['num']}"
        return [road, *(p for p in (m["city"] or m["dist"], m["prov"]) if p)]
    if m := _JA_ADDRESS.match(text.strip()):
        towns = re.findall(r"[^市区]+[市区]", m["towns"]) or [m["towns"]]  # cities and wards
        rest = m["towns"][len("".join(towns)) :] + m["block"]  # "本町1-1" of "…中央区本町1-1"
        block = rest if rest[:1].isdigit() else re.sub(r"(?<=\D)(?=\d)", " ", rest, count=1)
        towns = [t for t in towns if t.endswith("市")] or towns  # a city's wards are its own
        return [block, *reversed(towns), *([m["pref"]] if m["pref"] else [])]
    words = text.split()
    for k in range(1, len(words) - 1):
        if _KO_ROAD.fullmatch(words[k]) and re.fullmatch(r"\d+(?:-\d+)?", words[k + 1]):
            units = [w for w in words[:k] if w.endswith(("시", "도"))] or words[:k]
            return [f"{words[k]} {words[k + 1]}", *reversed(units)]
    return None


#: A postcode that opens an address's last line: digits with hyphens ("22100", "00-590",
#: "1100-053"), then Czech, Slovak, Swedish and Greek codes' second group ("110 00", "111 43")
#: or the Netherlands' two letters ("1012 LG").
_POSTCODE_HEAD = re.compile(r"\d[\d-]*\d")
_POSTCODE_TAIL = re.compile(r"\d{2,3}|[A-Z]{2}")


def typed_postcodes(text: str) -> set[str]:
    """The postcodes typed in a text's comma parts after the first, before or after the town
    ("…, 37002 Salamanca", "…, Sydney NSW 2000") or alone ("…, São Paulo, SP, 01310-100"), and a
    British or Canadian one at the end of the first ("Cambridge CB2 1TN")."""
    parts = text.split(",")
    out = set()
    if tail := _trailing_postcode(parts[0].split()):  # "Cambridge CB2 1TN"
        out.add("".join(parts[0].split()[-tail:]))
    for part in parts[1:]:
        words = part.split()
        if code := lone_postcode(part):  # "…, Saint Petersburg, 191186", "…, DC, 20500"
            out.add(code)
        elif lead := _leading_postcode(words):
            out.add("".join(words[:lead]))
        elif tail := _trailing_postcode(words):
            out.add("".join(words[-tail:]))
        elif len(words) > 1 and any(ch.isdigit() for ch in words[-1]):
            out.add(words[-1])
    return out


#: A comma part that is a postcode alone: a code of three digits or more, maybe with a letter
#: or two before it, letters after a hyphen or space ("191186", "01310-100", "20500-0003", "111
#: 43", "X5000ABC", "CP 1101", "1012 LG"), with no lower-case letter; or a British or Canadian
#: code (:data:`_UK_CA_POSTCODE`).
_LONE_POSTCODE = re.compile(
    r"(?:CP ?)?((?=(?:[^\d]*\d){3})[A-Z]{0,2}\d[\dA-Z]*(?:[ -](?:\d+|[A-Z]{2}))?)"
)


def lone_postcode(part: str) -> str:
    """The postcode a comma part is alone ("191186", "SW1A 2AA", "CP 1101" -> "1101"), else ``""``."""
    part = " ".join(part.split())
    if _UK_CA_POSTCODE.fullmatch(part):
        return part
    m = _LONE_POSTCODE.fullmatch(part)
    return m.group(1) if m else ""


#: A British postcode, outward and inward code ("PH1 5QS", "SW1A 2AA"), or a Canadian one
#: ("H3B 1A7"), as an address's last line ends.
_UK_CA_POSTCODE = re.compile(r"[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d")


def _unposted(part: str, split: Callable[[str], list[str] | None], *, later: bool) -> str:
    """``part`` less a British or Canadian postcode at its end ("Perth PH1 5QS": Perth) and a
    postcode at its start, in a part after the first (``later``) or before a qualifier ("22100
    Como CO")."""
    words = part.split()
    if tail := _trailing_postcode(words):
        words = words[:-tail]
    lead = _leading_postcode(words)
    if lead and (later or split(" ".join(words[lead:]))):
        words = words[lead:]
    return part if len(words) == len(part.split()) else " ".join(words)


def _trailing_postcode(words: list[str]) -> int:
    """How many of ``words`` (at least one left) are a British or Canadian postcode at their
    end."""
    for k in (2, 1):
        if len(words) > k and _UK_CA_POSTCODE.fullmatch(" ".join(words[-k:])):
            return k
    return 0


def _leading_postcode(words: list[str]) -> int:
    """How many of ``words`` (at least one left) are a postcode at their start."""
    if len(words) < 2 or not _POSTCODE_HEAD.fullmatch(words[0]) or len(words[0]) < 3:
        return 0
    tail = len(words) > 2 and _POSTCODE_TAIL.fullmatch(words[1]) and len(words[0]) in (3, 4)
    return 2 if tail else 1


_COORDS = re.compile(r"^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$")


def parse_lat_lng(text: str) -> tuple[float, float] | None:
    """``"37.78,-122.40"`` -> ``(37.78, -122.40)`` when in range, else ``None``."""
    m = _COORDS.match(text)
    if not m:
        return None
    lat, lng = float(m.group(1)), float(m.group(2))
    if -90 <= lat <= 90 and -180 <= lng <= 180:
        return lat, lng
    return None
