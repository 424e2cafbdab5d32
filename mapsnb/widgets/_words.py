"""The forms' own words (labels, buttons) in the language a form is made with.

Read once from ``widgets/words.json`` (package data): English text → {language: text}; a
language without words keeps English. Each form takes ``language=``: its labels use it and its
calls ask the answers (and so the charts) in it.
"""

from __future__ import annotations

import json
from functools import cache

__all__ = ["label"]


@cache
def _labels() -> dict[str, dict[str, str]]:
    from importlib.resources import files

    raw = json.loads(files("mapsnb").joinpath("widgets", "words.json").read_text("utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def label(text: str, language: str | None) -> str:
    """``text`` (an English label) in ``language`` (its base: ``"pt-BR"`` → ``"pt"``), else as given."""
    if not language:
        return text
    base = language.replace("_", "-").split("-")[0].lower()
    return _labels().get(text, {}).get(base, text)
