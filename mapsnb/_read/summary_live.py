"""The live form of a summary, read in one pass of the regex engine.

Nearly every live summary is a run of ``<p>`` paragraphs: an intro that cites nothing, then one
paragraph per place, ``<p><strong>Name</strong> text [n] text</p>``, with no other markup, no
entity and no other citation (REAL_SERVER.md, last section). :func:`live_places` checks that the
whole summary has that form and gives, per cited number, the pieces of its paragraph; the names
read from them are what the general reading (:mod:`mapsnb._read.summary`) reads, shown by
``tests/read/test_summary_live.py``. Any other summary gives ``None``: the general reading reads it.
"""

from __future__ import annotations

import re

from mapsnb._read.summary_names import (
    ENUMERATION,
    bold_before,
    clean_name,
    paragraph_subject,
)
from mapsnb._read.summary_sentences import DOT_END, END, is_sentence_end

__all__ = ["LivePlace", "live_name", "live_places"]

#: A part of a live paragraph: no markup, entity, bold, citation bracket or line break.
_PART = r"[^<>&*\[\]\n]"
_PLACE = rf"<p><(strong|b)>({_PART}{{0,200}})</\1>({_PART}*)\[(\d{{1,6}})\]({_PART}*)</p>"
_FORM = re.compile(rf"(?:<p>{_PART}*</p>|{_PLACE})+")
_PLACES = re.compile(_PLACE)

#: Per cited number: the bold tag, the bold text, the text up to the citation, the citation's
#: digits and the text after it.
LivePlace = tuple[str, str, str, str, str]


def live_places(summary: str) -> dict[int, LivePlace] | None:
    """Cited number -> its paragraph's pieces, in order, when ``summary`` has the live form and
    each number is cited once; else ``None``."""
    if _FORM.fullmatch(summary) is None:
        return None
    found = _PLACES.findall(summary)
    places = {int(p[3]): p for p in found}
    return places if len(places) == len(found) else None


def live_name(place: LivePlace) -> str | None:
    """The name of a live paragraph's place (``first_subject`` or ``bold_before``, read once)."""
    tag, inner, rest, digits, tail = place
    plain = (inner + rest).strip()
    m = ENUMERATION.match(plain)
    if m:
        plain = plain[m.end() :]
    ended = ("!" in plain or "?" in plain or DOT_END.search(plain) is not None) and any(
        is_sentence_end(plain, e.end()) for e in END.finditer(plain)
    )
    text = inner.strip()
    if not ended and not text.endswith(":"):
        return clean_name(text)
    paragraph = f"<{tag}>{inner}</{tag}>{rest}[{digits}]{tail}"
    start = len(paragraph) - len(tail) - len(digits) - 2
    found = None if ended else paragraph_subject(paragraph)
    return found or bold_before(paragraph, start)
