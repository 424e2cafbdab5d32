"""Which texts the installed fonts can draw, and which are written right to left.

matplotlib draws a character missing from every font as an empty box (with a "Glyph … missing
from font(s)" warning) and does no bidi shaping, so a chart of a Japanese result on a machine
with only DejaVu fonts, or of an Arabic one anywhere, would be unreadable. :func:`chart_language`
says which language a chart can be written in (else English) and the note line that says why.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

__all__ = ["chart_language", "drawable", "families", "right_to_left", "shown"]

#: Fonts tried after DejaVu Sans, when installed (matplotlib ≥ 3.6 falls back along the list).
_FALLBACKS = (
    "Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK KR", "IPAGothic", "Noto Sans Devanagari",
    "Noto Sans Bengali", "Noto Sans Thai", "Noto Sans Arabic", "Noto Sans Hebrew",
)  # fmt: skip

#: Language → (its English name, the Debian package with a font for it).
_NAMES = {
    "ja": ("Japanese", "fonts-ipafont-gothic"), "zh": ("Chinese", "fonts-noto-cjk"),
    "ko": ("Korean", "fonts-noto-cjk"), "hi": ("Hindi", "fonts-noto-core"),
    "bn": ("Bengali", "fonts-noto-core"), "th": ("Thai", "fonts-noto-core"),
    "ar": ("Arabic", ""), "fa": ("Persian", ""), "ur": ("Urdu", ""), "he": ("Hebrew", ""),
}  # fmt: skip


@cache
def families() -> tuple[str, ...]:
    """``DejaVu Sans`` then every installed fallback family."""
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return ("DejaVu Sans", *(name for name in _FALLBACKS if name in installed))


@cache
def _charmap(path: str) -> frozenset[int]:
    from matplotlib.ft2font import FT2Font

    return frozenset(FT2Font(path).get_charmap())


@cache
def _covered() -> frozenset[int]:
    """Every code point some font of :func:`families` has."""
    from matplotlib import font_manager

    found: set[int] = set()
    for family in families():
        prop = font_manager.FontProperties(family=family)
        try:
            path = font_manager.findfont(prop, fallback_to_default=False)
        except ValueError:
            continue
        found |= _charmap(str(path))
    return frozenset(found)


def drawable(text: Any) -> bool:
    """Whether the installed fonts have a glyph for every visible character of ``text``."""
    covered = _covered()
    return all(
        ord(ch) in covered or ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf")
        for ch in str(text)
    )


def right_to_left(text: Any) -> bool:
    """Whether ``text`` has right-to-left letters (Hebrew, Arabic: matplotlib does not shape them)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in str(text))


def shown(text: Any, fallback: Any = "") -> str:
    """``text`` if the chart can draw it (drawable, left to right), else ``fallback``."""
    value = str(text)
    return value if drawable(value) and not right_to_left(value) else str(fallback)


@cache
def chart_language(language: str | None) -> tuple[str | None, str]:
    """Return ``(language, "")`` when a chart can be written in ``language``, else ``("en", note)``.

    The note line says why (no font installed; right-to-left text).
    """
    from mapsnb.charts._words import base, words

    code = base(language)
    sample = "".join(table.get(code, "") for table in words().values())
    name, package = _NAMES.get(code, (code, ""))
    if right_to_left(sample):
        return "en", f"Labels in English: matplotlib does not shape right-to-left text ({name})"
    if not drawable(sample):
        hint = f" (e.g. apt install {package})" if package else ""
        return "en", f"Labels in English: no font for {name} is installed{hint}"
    return language, ""
