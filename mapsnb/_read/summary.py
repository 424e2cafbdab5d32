"""The one reader of ``search_places`` / ``search_along_route`` summaries.

A live summary is light HTML: an intro ``<p>`` that cites nothing, then one ``<p>`` per place whose
first sentence starts with the place's name as its subject (usually ``<strong>Name</strong>``,
sometimes plain text), with citations ``[n]`` closing every sentence, so the text right before the
first ``[n]`` is an address, not a name (REAL_SERVER.md, last section). Shared citations are
written ``[0, 1]`` or ``[0][1]``.

:func:`parse_summary` gives, per cited number, the place's name (``None`` when it cannot be known:
a name is never a country, state, postal code or street address), the first sentence citing it and
the set of cited numbers; :mod:`~mapsnb._read.summary_sentences` finds the sentences,
:mod:`~mapsnb._read.summary_names` the names, and :mod:`~mapsnb._read.summary_html` renders a
summary (``plain_text``, ``safe_html``). Every function runs in time linear in the summary's
length (``benchmarks/bench_summary.py``).
"""

from __future__ import annotations

import re
from typing import Any

from mapsnb._read.summary_html import PARAGRAPH, plain_text
from mapsnb._read.summary_live import LivePlace, live_name, live_places
from mapsnb._read.summary_names import bold_before, first_subject
from mapsnb._read.summary_sentences import CITE, cite_numbers, find_snippets, sentence_at

__all__ = ["SummaryInfo", "parse_summary"]


class SummaryInfo:
    """What a summary says about the places it cites.

    Attributes
    ----------
    names
        Cited number -> the place's name, or ``None`` when the summary does not say it clearly.
    snippets
        Cited number -> the first plain-text sentence citing it (its citations included).
    cited
        Every number cited anywhere in the summary.

    Names are worked out on first use (:meth:`name` for one, :attr:`names` for all): a frame
    whose places are named by their attribution titles never pays for reading the summary's.
    """

    __slots__ = (
        "_candidates", "_live", "_names", "_paragraphs", "_spans", "_text", "cited", "snippets"
    )  # fmt: skip

    def __init__(
        self,
        names: dict[int, str | None] | None = None,
        snippets: dict[int, str] | None = None,
        cited: frozenset[int] = frozenset(),
        *,
        paragraphs: list[str] | None = None,
        candidates: dict[int, list[tuple[int, int, bool]]] | None = None,
        text: str = "",
        spans: list[tuple[int, int]] | None = None,
        live: dict[int, LivePlace] | None = None,
    ) -> None:
        self._names: dict[int, str | None] = dict(names or {})
        self.snippets: dict[int, str] = snippets if snippets is not None else {}
        self.cited: frozenset[int] = cited
        self._paragraphs = paragraphs
        self._candidates = candidates
        self._text = text
        self._spans = spans or []
        self._live = live

    def _scanned(self) -> dict[int, list[tuple[int, int, bool]]]:
        """The name candidates, found on first use (one pass over the summary)."""
        if self._candidates is None:
            if self._text:
                self._candidates, self._spans = _scan(self._text)
            else:
                self._candidates = {}
        return self._candidates

    def name(self, n: int) -> str | None:
        """The name of citation ``n`` (``None`` when unknown)."""
        if n in self._names:
            return self._names[n]
        if self._live is not None:
            place = self._live.get(n)
            found = self._names[n] = live_name(place) if place is not None else None
            return found
        candidates = self._scanned()
        found = None
        for at, start, subject in candidates.get(n, ()):
            if self._paragraphs is not None:
                paragraph = self._paragraphs[at]
            else:
                a, b = self._spans[at]
                paragraph = self._text[a:b]
            if subject:
                found = first_subject(paragraph, start)
            found = found or bold_before(paragraph, start)
            if found:
                break
        if n in candidates:
            self._names[n] = found
        return found

    @property
    def names(self) -> dict[int, str | None]:
        """Every cited number -> its name (``None`` when unknown), in order of first citation."""
        if self._live is not None:
            return {n: self.name(n) for n in self._live}
        candidates = self._scanned()
        return {n: self.name(n) for n in candidates} if candidates else self._names

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SummaryInfo):
            return NotImplemented
        return (self.names, self.snippets, self.cited) == (other.names, other.snippets, other.cited)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"SummaryInfo(names={self.names!r}, snippets={self.snippets!r}, cited={self.cited!r})"
        )


def parse_summary(summary: str | None) -> SummaryInfo:
    """Names, snippets and cited numbers of a summary (see the module docstring).

    Never raises; anything that is not a string is an empty summary.
    """
    if not isinstance(summary, str) or not summary:
        return SummaryInfo()
    live = live_places(summary) if summary.startswith("<p>") else None
    if live is not None:  # the live form: names from its paragraphs' pieces
        snippets: dict[int, str] = {}
        for n, (_, inner, rest, digits, tail) in live.items():  # a place's line of plain text
            snippets[n] = sentence_at(f"{inner}{rest}[{digits}]{tail}", len(inner) + len(rest))
        return SummaryInfo(snippets=snippets, cited=frozenset(live), live=live)
    return SummaryInfo(
        snippets=find_snippets(plain_text(summary)), cited=_cited(summary), text=summary
    )


def _cited(summary: str) -> frozenset[int]:
    """Every number of the citations inside a paragraph (what :func:`_scan` keys), read by
    the regex engine. A citation can only be split by a blank line in it or sit inside a
    (block) tag; when no citation may, every one counts, else the paragraphs are split."""
    if "[" not in summary:
        return frozenset()
    if _MAYBE_IN_TAG.search(summary) is None and _MAYBE_SPLIT.search(summary) is None:
        groups = CITE.findall(summary)
    else:
        paragraphs = PARAGRAPH.split(summary)
        groups = CITE.findall("\0".join(p for p in paragraphs if "[" in p))
    if not any("," in g for g in groups):
        return frozenset(map(int, groups))
    return frozenset(n for g in groups for n in cite_numbers(g))


#: A ``[`` after a ``<`` with no ``>`` between: maybe a citation inside a tag.
_MAYBE_IN_TAG = re.compile(r"<[^<>]*\[")
#: A ``[`` then digits, commas, spaces and a line break: maybe a citation across a blank line.
_MAYBE_SPLIT = re.compile(r"\[[\d,\s]*\n")


Candidates = dict[int, list[tuple[int, int, bool]]]


def _scan(summary: str) -> tuple[Candidates, list[tuple[int, int]]]:
    """Per cited number, where its name may be read, in the order a reader meets them: its
    first citation when that opens a paragraph (the paragraph's subject, else the bold run
    before it), then every citation of it alone (the bold run before it). Multi-number
    citations name nobody. One pass over the citations and the paragraph breaks of the
    summary (a citation across a break, or inside a block tag, is none); also the spans of the
    paragraphs that cite. The names themselves are read on first use (SummaryInfo.name)."""
    candidates: Candidates = {}
    spans: list[tuple[int, int]] = []
    breaks = PARAGRAPH.finditer(summary)
    brk = next(breaks, None)
    start = 0  # of the current paragraph
    clusters: list[list[Any]] = []  # of the current paragraph: [start, end, numbers]
    for m in CITE.finditer(summary):
        at, end = m.span()
        while brk is not None and brk.end() <= at:
            if clusters:
                _opened(clusters, start, brk.start(), spans, candidates)
                clusters = []
            start = brk.end()
            brk = next(breaks, None)
        if brk is not None and brk.start() < end:
            continue  # split by a paragraph break: not a citation
        group = m.group(1)
        numbers = (int(group),) if "," not in group else tuple(cite_numbers(group))
        if clusters and not summary[clusters[-1][1] : at].strip():
            last = clusters[-1]
            last[1] = end
            last[2] = last[2] + tuple(n for n in numbers if n not in last[2])
        else:
            clusters.append([at, end, numbers])
    if clusters:
        _opened(clusters, start, brk.start() if brk else len(summary), spans, candidates)
    return candidates, spans


def _opened(
    clusters: list[list[Any]],
    start: int,
    stop: int,
    spans: list[tuple[int, int]],
    candidates: Candidates,
) -> None:
    """Record the name candidates of one paragraph's citation clusters."""
    at = len(spans)
    spans.append((start, stop))
    first_start, _, first = clusters[0]
    opened = len(first) == 1 and first[0] not in candidates
    if opened:
        candidates[first[0]] = [(at, first_start - start, True)]
    for k, (begin, _, numbers) in enumerate(clusters):
        if k == 0 and opened:
            continue
        single = len(numbers) == 1
        for n in numbers:
            found = candidates.get(n)
            if found is None:
                candidates[n] = [(at, begin - start, False)] if single else []
            elif single:
                found.append((at, begin - start, False))
