"""Letters as every name lookup reads them: text folded to the keys of the indexes
(:func:`fold_text`, remembered by :func:`fold`), and whether a letter is of the Latin script
(:func:`latin_letter`). A leaf: it imports nothing of the emulator, so every module may use it.
"""

from __future__ import annotations

import functools
import re
import unicodedata

__all__ = ["fold", "fold_text", "latin_letter"]

_WORDS = re.compile(r"[\W_]+")


def fold_text(text: str) -> str:
    """Lower-case, accent-free, punctuation-free form of ``text`` (any script is kept)."""
    if text.isascii():
        t = text.lower()
    else:
        t = unicodedata.normalize("NFKD", text.casefold())
        t = "".join(c for c in t if not unicodedata.combining(c)).replace("’", "")
    t = t.replace("&", " and ").replace("'", "")
    return _WORDS.sub(" ", t).strip()


@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lower-case, accent-free, punctuation-free form of ``text`` (any script is kept)."""
    return fold_text(text)


def latin_letter(c: str) -> bool:
    """Whether ``c`` is a letter of the Latin script, by its Unicode name: accented ("é", "ø"),
    Vietnamese's own ("ộ") and Azerbaijani's "ə" too; not "ª", "º" nor "µ"."""
    return c.isalpha() and unicodedata.name(c, "").startswith("LATIN")
