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

__all__ = ["language_of", "pollen_name", "word", "words"]

_RAW: dict[str, Any] | None = None


def _raw() -> dict[str, Any]:
    """``words.json`` as read (package data), once."""
    global _RAW
    if _RAW is None:
        from importlib.resources import files

        _RAW = json.loads(files("mapsnb.charts").joinpath("words.json").read_text("utf-8"))
    return _RAW


def words() -> dict[str, dict[str, str]]:
    """English text → {language: text}, read once from ``words.json`` (package data)."""
    return {k: v for k, v in _raw().items() if not k.startswith("_")}


def word(text: str, language: str | None) -> str:
    """``text`` in ``language`` (its base, ``"pt-BR"`` → ``"pt"``), else as given."""
    if not language:
        return text
    return words().get(text, {}).get(base(language), text)


def category(label: str, language: str | None) -> str:
    """Return an air-quality category name (``"Good"``, ``"Very poor"``) in ``language``.

    The names the answers give in that language (``words.json``), else as given.
    """
    if base(language) == "en":
        return label
    for key in (label, f"{label} air quality", f"{label} air pollution"):
        for english, table in _raw()["_air quality categories"].items():
            if english.casefold() == key.casefold() and base(language) in table:
                return str(table[base(language)])
    return label


def pollen_category(value: int, english: str, language: str | None) -> str:
    """Return the Universal Pollen Index category ``value`` (0–5) in ``language``, else ``english``.

    The names are those the answers give.
    """
    names = _raw()["_pollen index"].get(base(language))
    if base(language) == "en" or not names or not 0 <= value < len(names):
        return english
    return str(names[value]) or english


def pollen_name(code: str, language: str | None) -> str | None:
    """Return a pollen type's or plant's name (``"GRASS"``, ``"BIRCH"``) in ``language``, else ``None``."""
    raw = _raw()
    for section in ("_pollen types", "_pollen plants"):
        found = raw[section].get(base(language), {}).get(code)
        if found:
            return str(found)
    return None


def base(language: str | None) -> str:
    """``"pt"`` of ``"pt-BR"`` / ``"pt_BR"``; ``"en"`` when unknown."""
    return (language or "en").replace("_", "-").split("-")[0].lower() or "en"


def language_of(obj: Any, attrs: Mapping[str, Any]) -> str | None:
    """Return the language the data was asked in.

    The frame's ``attrs`` (a batch or ``concat`` frame has ``language`` only when all its calls
    asked one) or the result's request.
    """
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
    """``value`` (a date) written with a CLDR ``pattern`` in ``language`` by Babel.

    ``None`` for English, an unknown language or without Babel (the caller writes English).
    """
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
