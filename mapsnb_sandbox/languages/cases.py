"""A town's name in the case a summary's preposition governs ("рядом с Москвой", "від Києва",
"w pobliżu Krakowa").

A text asks for a case in its format spec: ``{where:gen}``, ``{where:ins}``, ``{where:loc}``. The
forms come from ``data/town_cases.tsv`` (built by ``tools/build_town_cases.py`` from the
OpenCorpora, pymorphy3 Ukrainian and SGJP lexicons; islands' names from ``data/island_cases.tsv``,
the same lexicons: "рядом с Критом"), looked up by the language and the name as the
summary spells it (in lower case when typed so; a name whose hyphens the query lost, "Ростов на
Дону", takes the table's hyphenated forms: "от Ростова-на-Дону"), read on the first text that
asks for a case. A name the table lacks keeps its nominative, as before: most such names are
foreign ones that do not change ("рядом с Токио") or coordinates. A spec may also say what
stands before the name in either case, ``{where:gen| |: }``: Polish writes "w pobliżu Krakowa"
when the genitive is known and keeps its colon ("w pobliżu: Warsaw") when it is not, since a
Polish nominative after "w pobliżu" reads as an error and the colon reads as a label.

Where the case form is unknown, a language may name what the place is in that case and keep the
name in the nominative as an apposition (its texts' ``apposition`` table, by :data:`PLACE_KINDS`):
"poblíž města Praha", "рядом с городом Токио", "în jurul punctului 45.1,26.2", "κοντά στην πόλη
Θεσσαλονίκη". Czech has no open lexicon (MorfFlex is CC BY-NC-SA), Greek's article follows a
gender its endings do not tell (neuter plurals "τα Ιωάννινα", "τα Χανιά" end like feminines "η
Αθήνα"; "η Ρόδος" like "ο Βόλος"), Romanian's genitive article is irregular ("Bucureștiului"):
the noun carries the case and the article, and a name in apposition stays in the nominative.
"""

from __future__ import annotations

import functools

from mapsnb_sandbox.world.landmark_names.cases import name_case_rows
from mapsnb_sandbox.world.names.forms import town_case_rows
from mapsnb_sandbox.world.names.islands import island_case_rows

__all__ = ["AREAS", "CASES", "PLACE_KINDS", "Anchor", "TownName", "place_kind", "town_forms"]

#: The cases of the table's columns, in order.
_TABLE_CASES = ("gen", "ins", "loc")
#: The cases a text may ask for: the table's, and the accusative (Greek, by apposition only).
CASES = (*_TABLE_CASES, "acc")
#: What a named place is: the key of a language's apposition nouns ("города", "země", "πόλη").
PLACE_KINDS = ("town", "district", "region", "country", "point", "island", "place")
#: The kinds that contain a search's places: a summary says "in Norway", not "near Norway".
AREAS = frozenset({"region", "country"})
#: The place kind of a resolved place's type (any other type is a "place": a landmark, an address).
_KIND_OF_TYPE = {
    "locality": "town",
    "postal_town": "town",
    "sublocality": "district",
    "neighborhood": "district",
    "administrative_area_level_2": "district",
    "administrative_area_level_1": "region",
    "country": "country",
    "coordinates": "point",
}


def place_kind(place_type: str) -> str:
    """The :data:`PLACE_KINDS` entry of a resolved place's ``kind`` ("country" -> "country")."""
    return _KIND_OF_TYPE.get(place_type, "place")


class Anchor(str):
    """A place's shown name that knows what the place is (a :data:`PLACE_KINDS` entry)."""

    kind: str

    def __new__(cls, name: str, kind: str) -> Anchor:
        made = super().__new__(cls, name)
        made.kind = kind
        return made


#: Languages whose rows are only read back: Czech's country locatives (rules, not a lexicon)
#: follow "v", "ve" or "na" by the name ("v Indii", "ve Francii", "na Slovensku"), which a
#: text's one preposition cannot; its apposition ("v zemi Slovensko") stays right.
_READ_ONLY = frozenset({"cs"})


@functools.cache
def _table() -> dict[tuple[str, str], tuple[str, ...]]:
    table: dict[tuple[str, str], tuple[str, ...]] = {}
    rows = (*town_case_rows(), *name_case_rows(), *island_case_rows())  # towns first
    for lang, nom, *forms in rows:
        if lang in _READ_ONLY:
            continue
        for key, made in ((nom, forms), (nom.lower(), [f.lower() for f in forms])):  # "москва"
            table.setdefault((lang, key), tuple(made))
            table.setdefault((lang, key.replace("-", " ")), tuple(made))  # "Ростов на Дону"
    return table


def town_forms(name: str, lang: str) -> dict[str, str]:
    """The known case forms of the town ``name`` in ``lang`` (empty when the table lacks it)."""
    forms = _table().get((lang, name))
    if forms is None:
        return {}
    return {case: form for case, form in zip(_TABLE_CASES, forms, strict=True) if form}


class TownName(str):
    """A place's name (its nominative) that formats in the case its spec names: its own form
    in that case, else the apposition noun of its kind in that case before the name, else the
    name (or the spec's text for an unknown form)."""

    lang: str
    kind: str
    nouns: dict[str, str]

    def __new__(
        cls, name: str, lang: str, kind: str = "town", nouns: dict[str, str] | None = None
    ) -> TownName:
        made = super().__new__(cls, name)
        made.lang, made.kind, made.nouns = lang, kind, nouns or {}
        return made

    @property
    def forms(self) -> dict[str, str]:
        """The name's case forms (:func:`town_forms`; the table is read on first use)."""
        return town_forms(str(self), self.lang)

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        case, *before = spec.split("|")
        if case not in CASES or len(before) not in (0, 2):
            raise ValueError(f"a town's format spec is CASE or CASE|KNOWN|UNKNOWN, not {spec!r}")
        form = None if self.kind == "point" else self.forms.get(case)
        if form is None and self.nouns.get(case):
            form = f"{self.nouns[case]} {self}"  # "města Praha", "городом Токио"
        if not before:
            return form or str(self)
        return f"{before[0]}{form}" if form else f"{before[1]}{self}"
