"""A summary's text: its display, its citations and its sentences.

Display: :func:`plain_text`, :func:`safe_html`. Sentences: where each ends (not after ``St.``,
``J.``, ``No. 3``) and the first citing each number, for the reader of :mod:`mapsnb._read.summary`.
Linear time; the abbreviations are data (``summary_words.json``, read here once for both modules).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from mapsnb import _html

__all__ = [
    "ABBREV",
    "CITE",
    "DOT_END",
    "END",
    "GROUP",
    "PARAGRAPH",
    "TAG",
    "WORDS",
    "cite_numbers",
    "find_snippets",
    "is_sentence_end",
    "plain_text",
    "safe_html",
    "sentences_at",
]

_BLOCK = re.compile(r"</?(?:p|br|div|li|ul|ol|h\d|tr|table)\b[^<>]*>", re.IGNORECASE)
PARAGRAPH = re.compile(r"</?(?:p|div|li|ul|ol|h\d|tr|table)\b[^<>]*>|<br\s*/?>|\n[ \t]*\n", re.I)
TAG = re.compile(r"<[^<>]*>")
_SAFE_TAG = re.compile(r"&lt;(/?)(p|strong|b|em|i|br|ul|li)\s*/?&gt;")
_MARKDOWN_BOLD = re.compile(r"\*\*(?!\s)([^*<>]+?)(?<!\s)\*\*")


def plain_text(summary: str | None) -> str:
    """Return the summary as plain text: block tags become line breaks; tags, entities, ``**`` go."""
    if not isinstance(summary, str):
        return ""
    if "<" not in summary and "&" not in summary and "*" not in summary:
        return summary  # plain already (a name, a bold run's text)
    return html.unescape(TAG.sub("", _BLOCK.sub("\n", summary))).replace("**", "")


def safe_html(summary: str | None) -> str:
    """Return the summary as HTML safe to display: light formatting kept, the rest escaped once.

    Kept: ``<p>``, ``<strong>``, ``<b>``, ``<em>``, ``<i>``, ``<br>``, ``<ul>``, ``<li>``; Markdown
    bold as ``<strong>`` (a lone ``**`` goes); entities such as ``&amp;`` read, not re-escaped.
    """
    if not isinstance(summary, str):
        return ""
    text = _SAFE_TAG.sub(r"<\1\2>", _html.text(html.unescape(summary)))
    if "**" in text:
        text = _MARKDOWN_BOLD.sub(r"<strong>\1</strong>", text).replace("**", "")
    return text


#: One citation group: ``[3]`` or ``[0, 1]`` (at most 6 digits per number: bounded ``int()``).
GROUP = r"\[\s*\d{1,6}(?:\s*,\s*\d{1,6})*\s*\]"
CITE = re.compile(r"\[\s*(\d{1,6}(?:\s*,\s*\d{1,6})*)\s*\]")
END = re.compile(r"[.!?]+(?=\s|$)")
#: The ends of :data:`END` in a line without ``!`` or ``?``, less a lone period before (past
#: spaces) an ASCII lower-case letter or a digit, never an end. Led by a period: fast to skip.
DOT_END = re.compile(r"\.(?:\.+(?=\s|$)|(?=\s|$)(?![ \t\u00a0]*[a-z0-9]))")
#: :data:`END`, :data:`DOT_END`, each with the character after it past spaces (group 1) and the
#: citations right after it (group 2).
_AFTER = rf"(?=[ \t\u00a0]*([\s\S]?))((?:[ \t]*{GROUP})*)"
_END_CITES, _DOT_END_CITES = re.compile(END.pattern + _AFTER), re.compile(DOT_END.pattern + _AFTER)
WORDS = json.loads(Path(__file__).with_name("summary_words.json").read_text(encoding="utf-8"))
#: Abbreviations whose period ends no sentence (``St.``, ``No. 3``, ``ul.``, ``ул.``).
ABBREV = frozenset(WORDS["abbreviations"])
_QUOTES = "(\"'“‘"
_MARKS = (".", "!", "?")  # what may end a sentence
#: Characters that, right before a period, end a word that is no abbreviation or initial.
_NOT_A_WORD_END = frozenset("])0123456789")
_WINDOW = 12  # characters looked at before a period for its word (abbreviations are short)


def cite_numbers(group: str) -> list[int]:
    """Return the numbers of one citation group's inside (``"3"`` or ``"0, 1"``)."""
    return [int(x) for x in group.split(",")]


def is_sentence_end(text: str, end: int) -> bool:
    """Whether the period run ending at ``end`` closes a sentence (not ``St.``, ``J.``, ``No. 3``)."""
    if text[end - 1 : end] != "." or text[end - 2 : end - 1] in _MARKS:  # not one period
        return True
    i = end - 1
    window = text[max(0, i - _WINDOW) : i]
    tokens = window.split()
    if window[-1:].isspace() or not tokens:
        word = ""
    elif len(tokens) > 1 or window[0].isspace() or i <= _WINDOW:
        word = tokens[-1]
    elif any(c in _QUOTES for c in window):  # one long token: find where it starts
        j = i
        while j > 0 and not text[j - 1].isspace():
            j -= 1
        word = text[j:i]
    else:  # a token longer than the window: not an abbreviation, not an initial
        word = window
    word = word.lstrip(_QUOTES).lower()
    if word in ABBREV or (len(word) == 1 and word.isalpha()):
        return False
    k = end
    while k < len(text) and text[k] in " \t\u00a0":
        k += 1
    nxt = text[k : k + 1]
    return not (nxt.islower() or nxt.isdigit())


def find_snippets(plain: str) -> dict[int, str]:
    """Cited number -> the first sentence citing it (lines split only as far as needed)."""
    out: dict[int, str] = {}
    for line in plain.split("\n"):
        if "[" in line:
            line_snippets(line, out)
    return out


def line_snippets(line: str, out: dict[int, str]) -> None:
    """Record in ``out`` the first sentence of ``line`` citing each number ``out`` lacks."""
    first: dict[int, int] = {}  # new number -> where it is first cited
    for m in CITE.finditer(line):
        group = m.group(1)
        for n in cite_numbers(group) if "," in group else (int(group),):
            if n not in out and n not in first:
                first[n] = m.start()
    if first:
        out.update(zip(first, sentences_at(line, first.values()), strict=True))


def sentences_at(line: str, starts: Iterable[int]) -> list[str]:
    """Return the sentence of ``line`` (stripped) holding each citation of ``starts`` (ascending)."""
    stops = sentence_stops(line)
    start = stop = 0
    sentence = ""
    out = []
    for at in starts:
        if stop <= at:  # on to the sentence holding this citation (a stop is never inside one)
            start = stop
            for stop in stops:
                if stop > at:
                    break
                start = stop
            else:
                stop = len(line)
            sentence = line[start:stop].strip()  # once a sentence: linear time
        out.append(sentence)
    return out


def sentence_stops(line: str) -> Iterator[int]:
    """Where the sentences of ``line`` end, each past the citations that follow its end."""
    ends = _END_CITES if "!" in line or "?" in line else _DOT_END_CITES
    for m in ends.finditer(line):
        stop = m.start(2)  # the end of the period run; its citations ("... USA. [3]") follow
        if (
            m.start() == stop - 1
            and line[stop - 1] == "."
            and line[stop - 2 : stop - 1] in _NOT_A_WORD_END
        ):
            # "…[3]." or "…7." : a single period after a citation, a digit or a bracket
            # ends no abbreviation or initial; only what follows can say "not an end"
            nxt = m.group(1)
            if nxt.islower() or nxt.isdigit():
                continue
        elif not is_sentence_end(line, stop):
            continue
        yield m.end()
