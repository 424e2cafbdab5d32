"""Sentences of a summary: citations ``[n]``, sentence ends, the first sentence citing a place.

:func:`_sentences` and :func:`_clusters` are the plain definitions that the fast readers
(:func:`find_snippets`, the one-pass scan of :mod:`mapsnb._read.summary`) must agree with
(``tests/read/test_summary_fast.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: One citation group: ``[3]`` or ``[0, 1]`` (at most 6 digits per number: bounded ``int()``).
CITE = re.compile(r"\[\s*(\d{1,6}(?:\s*,\s*\d{1,6})*)\s*\]")
#: Citation groups right after a sentence's end (spaces or tabs between them).
_TRAILING_CITES = re.compile(r"(?:[ \t]*\[\s*\d{1,6}(?:\s*,\s*\d{1,6})*\s*\])+")
END = re.compile(r"[.!?]+(?=\s|$)")
#: The ends of :data:`END` in a line without ``!`` or ``?``, less those that never close a
#: sentence: a lone period followed (past spaces) by an ASCII lower-case letter or a digit
#: (:func:`is_sentence_end`). Led by a literal period, so the regex engine skips fast.
DOT_END = re.compile(r"\.(?:\.+(?=\s|$)|(?=\s|$)(?![ \t\u00a0]*[a-z0-9]))")


def word_set(text: str) -> frozenset[str]:
    """The words of a whitespace-separated list."""
    return frozenset(text.split())


#: Abbreviations whose period does not end a sentence (``St.``, ``No. 3``, ``Co.``), also the
#: street words of Polish, Czech, Russian and Ukrainian addresses ("ul. Szkolna 98", "ул.").
ABBREV = word_set(
    """
    av ave blvd bros co corp dr etc ft inc jr ltd mr mrs ms mt no nr pl rd sq sr st vs
    ul al os nám tř ул пр пл просп вул бул
    """
)
_QUOTES = "(\"'“‘"
#: Characters that, right before a period, end a word that is no abbreviation or initial.
_NOT_A_WORD_END = frozenset("])0123456789")
_WINDOW = 12  # characters looked at before a period for its word (abbreviations are short)


def cite_numbers(group: str) -> list[int]:
    """The numbers of one citation group's inside (``"3"`` or ``"0, 1"``)."""
    if "," not in group:
        return [int(group)]
    return [int(x) for x in group.split(",")]


def _clusters(text: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """Citation groups of ``text`` as ``(start, end, numbers)``; adjacent groups (``[0][1]``,
    ``[0] [1]``) are merged into one."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for m in CITE.finditer(text):
        group = m.group(1)
        numbers = (int(group),) if "," not in group else tuple(cite_numbers(group))
        if out and not text[out[-1][1] : m.start()].strip():
            start, _, before = out[-1]
            out[-1] = (start, m.end(), before + tuple(n for n in numbers if n not in before))
        else:
            out.append((m.start(), m.end(), numbers))
    return out


def is_sentence_end(text: str, end: int) -> bool:
    """Whether the period run ending at ``end`` closes a sentence (not ``St.``, ``J.``, ``No. 3``)."""
    i = end
    while i > 0 and text[i - 1] in ".!?":
        i -= 1
    if text[i:end] != ".":
        return True
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


def _sentences(plain: str) -> list[str]:
    """Sentences of plain text; the citations after a sentence's period stay with it."""
    out: list[str] = []
    for line in plain.split("\n"):
        start = 0
        for m in END.finditer(line):
            if not is_sentence_end(line, m.end()):
                continue
            stop = m.end()
            while True:  # keep trailing citations: "... USA. [3]" or "... USA [3]."
                k = stop
                while k < len(line) and line[k] in " \t":
                    k += 1
                c = CITE.match(line, k)
                if c is None:
                    break
                stop = c.end()
            out.append(line[start:stop].strip())
            start = stop
        out.append(line[start:].strip())
    return [s for s in out if s]


def find_snippets(plain: str) -> dict[int, str]:
    """Cited number -> the first sentence citing it (only lines that cite are split; the
    sentences are those of :func:`_sentences`)."""
    out: dict[int, str] = {}
    for line in plain.split("\n"):
        if "[" in line:
            line_snippets(line, out)
    return out


def line_snippets(line: str, out: dict[int, str]) -> None:
    """Record in ``out`` the first sentence of ``line`` (one line of plain text) citing each
    number that ``out`` does not hold yet."""
    start = 0
    for stop in sentence_stops(line):
        _cite_sentence(line, start, stop, out)
        start = stop
    if start < len(line):
        _cite_sentence(line, start, len(line), out)


def sentence_at(line: str, at: int) -> str:
    """The sentence of ``line`` (stripped) that holds the citation starting at ``at``."""
    start = 0
    for stop in sentence_stops(line):
        if stop > at:  # a stop never falls inside a citation
            return line[start:stop].strip()
        start = stop
    return line[start:].strip()


def sentence_stops(line: str) -> Iterator[int]:
    """Where the sentences of ``line`` end, each past the citations that follow its end."""
    size = len(line)
    ends = END if "!" in line or "?" in line else DOT_END
    for m in ends.finditer(line):
        stop = m.end()
        if (
            m.start() == stop - 1
            and line[stop - 2 : stop - 1] in _NOT_A_WORD_END
            and line[stop - 1] == "."
        ):
            # "…[3]." or "…7." : a single period after a citation, a digit or a bracket
            # ends no abbreviation or initial; only what follows can say "not an end"
            if stop < size:
                k = stop
                while k < size and line[k] in " \t\u00a0":
                    k += 1
                nxt = line[k : k + 1]
                if nxt.islower() or nxt.isdigit():
                    continue
        elif not is_sentence_end(line, stop):
            continue
        if stop < size:
            trailing = _TRAILING_CITES.match(line, stop)  # "... USA. [3]" keeps its [3]
            if trailing is not None:
                stop = trailing.end()
        yield stop


def _cite_sentence(line: str, start: int, stop: int, out: dict[int, str]) -> None:
    """Record ``line[start:stop]`` (stripped) for the numbers it cites first."""
    sentence = None
    for group in CITE.findall(line, start, stop):
        for n in (int(group),) if "," not in group else cite_numbers(group):
            if n not in out:
                if sentence is None:
                    sentence = line[start:stop].strip()
                out[n] = sentence
