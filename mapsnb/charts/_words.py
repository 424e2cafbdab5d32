"""The charts' own words (axis labels, legend titles, notes) and dates in the result's language.

A result asked with ``language_code="fr"`` answers its categories in French; its chart then says
"heure locale", "plus bas = meilleur" and "ven. 18 sept. 2026" too. Words exist for the
languages the emulator speaks; any other language (or none) keeps English. Dates are written by
Babel when it is installed (imported on first use), else in English.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["language_of", "word", "words"]

_WORDS: dict[str, dict[str, str]] | None = None


def words() -> dict[str, dict[str, str]]:
    """English text → {language: text}, read once from ``words.json`` (package data)."""
    global _WORDS
    if _WORDS is None:
        from importlib.resources import files

        raw = json.loads(files("mapsnb.charts").joinpath("words.json").read_text("utf-8"))
        _WORDS = {k: v for k, v in raw.items() if not k.startswith("_")}
    return _WORDS


def word(text: str, language: str | None) -> str:
    """``text`` in ``language`` (its base, ``"pt-BR"`` → ``"pt"``), else as given."""
    if not language:
        return text
    return words().get(text, {}).get(base(language), text)


def category(label: str, language: str | None) -> str:
    """An air-quality category name (``"Good"``, ``"Very poor"``) in ``language``: the built-in
    emulator's words for the categories (those of the answers it gives), else as given."""
    if base(language) == "en":
        return label
    try:
        from mapsnb_sandbox.languages.texts import texts
    except ImportError:  # pragma: no cover - part of the package
        return label
    try:
        table = texts(base(language))["aq_categories"]
    except (KeyError, LookupError, OSError):
        return label
    folded = {str(k).casefold(): str(v) for k, v in table.items()}
    for key in (label, f"{label} air quality", f"{label} air pollution"):
        if key.casefold() in folded:
            return folded[key.casefold()]
    return label


def pollen_category(value: int, english: str, language: str | None) -> str:
    """The Universal Pollen Index category ``value`` (0–5) in ``language`` (the emulator's
    words, as its answers give them), else ``english``."""
    if base(language) == "en":
        return english
    try:
        from mapsnb_sandbox.languages.texts import pollen_index

        return pollen_index(base(language), value)[0] or english
    except (ImportError, KeyError, LookupError, IndexError, OSError):
        return english


def base(language: str | None) -> str:
    """``"pt"`` of ``"pt-BR"`` / ``"pt_BR"``; ``"en"`` when unknown."""
    return (language or "en").replace("_", "-").split("-")[0].lower() or "en"


def language_of(obj: Any, attrs: Mapping[str, Any]) -> str | None:
    """The language the data was asked in: the frame's ``attrs`` (a batch or ``concat`` frame
    has ``language`` only when all its calls asked one) or the result's request."""
    for key in ("language", "language_code"):
        found = attrs.get(key)
        if isinstance(found, str) and found:
            return found
    request = getattr(obj, "request", None)
    if isinstance(request, Mapping):
        found = request.get("language_code") or request.get("languageCode")
        if isinstance(found, str) and found:
            return found
    return None


def babel_date(value: Any, pattern: str, language: str | None) -> str | None:
    """``value`` (a date) written with a CLDR ``pattern`` in ``language`` by Babel; ``None``
    for English, an unknown language or without Babel (the caller writes English)."""
    if base(language) == "en":
        return None
    try:
        from babel.core import Locale, UnknownLocaleError
        from babel.dates import format_date
    except ImportError:  # pragma: no cover - babel is a dependency, but stay usable without
        return None
    try:
        locale = Locale.parse((language or "en").replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    return str(format_date(value, pattern, locale=locale))
