"""A town's name in the case a summary's preposition governs ("рядом с Москвой", "від Києва",
"w pobliżu Krakowa").

A text asks for a case in its format spec: ``{where:gen}``, ``{where:ins}``, ``{where:loc}``. The
forms come from ``data/town_cases.tsv`` (built by ``tools/build_town_cases.py`` from the
OpenCorpora, pymorphy3 Ukrainian and SGJP lexicons), looked up by the language and the name as the
summary spells it (in lower case when typed so; a name whose hyphens the query lost, "Ростов на
Дону", takes the table's hyphenated forms: "от Ростова-на-Дону"), read on the first text that
asks for a case. A name the table lacks keeps its nominative, as before: most such names are
foreign ones that do not change ("рядом с Токио") or coordinates. A spec may also say what
stands before the name in either case, ``{where:gen| |: }``: Polish writes "w pobliżu Krakowa"
when the genitive is known and keeps its colon ("w pobliżu: Warsaw") when it is not, since a
Polish nominative after "w pobliżu" reads as an error and the colon reads as a label.
"""

from __future__ import annotations

import functools

from mapsnb_sandbox.world.names.forms import town_case_rows

__all__ = ["CASES", "TownName", "town_forms"]

#: The cases a text may ask for, in the table's column order.
CASES = ("gen", "ins", "loc")


@functools.cache
def _table() -> dict[tuple[str, str], tuple[str, ...]]:
    table: dict[tuple[str, str], tuple[str, ...]] = {}
    for lang, nom, *forms in town_case_rows():
        for key, made in ((nom, forms), (nom.lower(), [f.lower() for f in forms])):  # "москва"
            table.setdefault((lang, key), tuple(made))
            table.setdefault((lang, key.replace("-", " ")), tuple(made))  # "Ростов на Дону"
    return table


def town_forms(name: str, lang: str) -> dict[str, str]:
    """The known case forms of the town ``name`` in ``lang`` (empty when the table lacks it)."""
    forms = _table().get((lang, name))
    if forms is None:
        return {}
    return {case: form for case, form in zip(CASES, forms, strict=True) if form}


class TownName(str):
    """A town's name (its nominative) that formats in the case its spec names."""

    lang: str

    def __new__(cls, name: str, lang: str) -> TownName:
        made = super().__new__(cls, name)
        made.lang = lang
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
        form = self.forms.get(case)
        if not before:
            return form or str(self)
        return f"{before[0]}{form}" if form else f"{before[1]}{self}"
