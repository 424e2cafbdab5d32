"""The name readers' shortcuts for the live form (issue 31, item 3) read what their general
readings read: ``paragraph_subject`` of a plain ``<strong>Name</strong>`` opening, the first-
sentence test of a prefix with no period that may end a sentence, ``clean_name``'s street-address
test split in two. The references below are those functions as they were before the shortcuts.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read import summary as N
from mapsnb._read.summary_text import CITE, END, is_sentence_end, plain_text
from tests.read.test_summary_fast import PIECES

texts = st.lists(
    st.sampled_from([*PIECES, "<STRONG>", "</B >", "&amp;", "Inc.", "1. "]), max_size=30
).map("".join) | st.text(max_size=60)

_STREET_ADDRESS = re.compile(
    rf"^\d+[A-Za-z]?(?:[-/]\d+)?\s+(?:\S+\s+){{0,5}}(?:{N._STREET_TYPES})\.?(?:\s+\S+)?$|"
    r",\s*\d|"
    r"^(?:rue|calle|carrer|avenida|avenue|av\.|via|viale|rua|piazza|plaza|praça|straße|strasse|"
    r"ulitsa|улица|ул\.)\b.*\d",
    re.IGNORECASE,
)


def clean(name: str) -> str | None:
    name = " ".join(CITE.sub(" ", name).split()).strip(" ,:;-–—*_\"'“”‘’")
    if not name or len(name) > N._MAX_NAME or len(name.split()) > 16:
        return None
    folded = name.lower().rstrip(".")
    if folded in N._COUNTRIES or folded in N._STATES or N._POSTAL.match(name):
        return None
    if _STREET_ADDRESS.search(name):
        return None
    if not any(c.isalpha() for c in name) or any(c in N._MARKUP for c in name):
        return None
    return name


def is_first_sentence(prefix: str) -> bool:
    plain = plain_text(prefix).strip()
    m = N.ENUMERATION.match(plain)
    plain = plain[m.end() :] if m else plain
    return not any(is_sentence_end(plain, m.end()) for m in END.finditer(plain))


def paragraph_subject(paragraph: str) -> str | None:
    head = paragraph[:1200].lstrip()
    m = N.ENUMERATION.match(head)
    if m:
        head = head[m.end() :]
    bold = N._BOLD_START.match(head)
    inner = rest = None
    if bold:
        close = re.compile(rf"</{bold.group(1)}\s*>", re.IGNORECASE).search(head, bold.end())
        if close:
            inner, rest = head[bold.end() : close.start()], head[close.end() :]
    elif head.startswith("**"):
        close_at = head.find("**", 2)
        if close_at > 2:
            inner, rest = head[2:close_at], head[close_at + 2 :]
    if inner is not None and rest is not None:
        text = plain_text(inner).strip()
        if not text.endswith(":"):
            return clean(text)
        return N._plain_subject(plain_text(rest)) or clean(text)
    return N._plain_subject(plain_text(head))


@settings(max_examples=2000, deadline=None)
@given(texts)
def test_the_shortcuts_read_what_the_general_readings_read(text: str) -> None:
    assert N.clean_name(text) == clean(text)
    assert N.is_first_sentence(text) == is_first_sentence(text)
    assert N.paragraph_subject(text) == paragraph_subject(text)


@settings(max_examples=2000, deadline=None)
@given(texts, texts, st.integers(0, 80))
def test_the_first_subject_is_the_subject_of_a_first_sentence(
    opening: str, text: str, cut: int
) -> None:
    for paragraph in (f"<strong>{opening}</strong>{text}", f" <b>{opening}</B >{text}", text):
        start = min(cut, len(paragraph))
        expected = paragraph_subject(paragraph) if is_first_sentence(paragraph[:start]) else None
        assert N.first_subject(paragraph, start) == expected


def test_the_live_form_takes_the_shortcut() -> None:
    paragraph = "<strong>Zonne Energie 3 B.V.</strong> installs panels at 12 Oudegracht, Utrecht "
    assert N._SIMPLE_BOLD.match(paragraph) is not None
    assert N.paragraph_subject(paragraph + "[3].") == "Zonne Energie 3 B.V."
    assert N.is_first_sentence(paragraph) and N.DOT_END.search(plain_text(paragraph)) is None
    assert N.clean_name("12 Main St") is None and N.clean_name("Bar, 3 floors") is None
