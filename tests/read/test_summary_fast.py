"""The summary reader's fast paths (issues 24, 42) read exactly what its plain definitions read.

``find_snippets`` splits only the lines that cite, as far as their last new number, and checks
sentence ends on a short window; the scan finds each paragraph's citation clusters with one
``findall``; names are read on first use. All must give what the definitions below give (every
sentence of :func:`sentences`, a name per citation by :func:`reference_names`), for any text.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read import summary as S

PIECES = [
    "<p>", "</p>", "<strong>", "</strong>", "<b>", "</b>", "**", "[0]", "[1]", "[0, 1]",
    "[2][3]", " ", "  ", "\n", "\n\n", ". ", "St. ", "No. 3", "J. ", "Café Luna",
    "is located at", "12 Main St", ", USA", "(synthetic)", " - ", "has", "“", '("', "Dr.",
    "a", "B.V.", "\t", "!", "?", "...", "Mt.", "verylongwordwithoutspaces.", '("Dr. ',
    "'St. Mary's", "7.", "[4].", " x", "\u00a0", "É. ", "ı.", ").", "[\n\n1]",
    "[1\n \n, 2]", "<p [3]>", "<br/>", "<div class=\"[0]\">", "\n\t\n", "<P>", "<li>",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join) | st.text(max_size=80)


def sentences(plain: str) -> list[str]:
    """Sentences of plain text; the citations after a sentence's period stay with it."""
    out: list[str] = []
    for line in plain.split("\n"):
        start = 0
        for m in S.END.finditer(line):
            if not S.is_sentence_end(line, m.end()):
                continue
            stop = m.end()
            while True:  # keep trailing citations: "... USA. [3]" or "... USA [3]."
                k = stop
                while k < len(line) and line[k] in " \t":
                    k += 1
                c = S.CITE.match(line, k)
                if c is None:
                    break
                stop = c.end()
            out.append(line[start:stop].strip())
            start = stop
        out.append(line[start:].strip())
    return [s for s in out if s]


def clusters(text: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """Citation groups of ``text`` as ``(start, end, numbers)``; adjacent groups (``[0][1]``,
    ``[0] [1]``) are merged into one."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for m in S.CITE.finditer(text):
        numbers = tuple(S.cite_numbers(m.group(1)))
        if out and not text[out[-1][1] : m.start()].strip():
            start, _, before = out[-1]
            out[-1] = (start, m.end(), before + tuple(n for n in numbers if n not in before))
        else:
            out.append((m.start(), m.end(), numbers))
    return out


def reference_snippets(plain: str) -> dict[int, str]:
    """The definition: the first sentence (of :func:`_sentences`) citing each number."""
    out: dict[int, str] = {}
    for sentence in sentences(plain):
        for m in S.CITE.finditer(sentence):
            for n in S.cite_numbers(m.group(1)):
                out.setdefault(n, sentence)
    return out


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_snippets_are_the_first_sentence_citing_each_number(text: str) -> None:
    plain = S.plain_text(text)
    assert S.find_snippets(plain) == reference_snippets(plain)


@settings(max_examples=500, deadline=None)
@given(texts)
def test_names_read_one_by_one_equal_names_read_all_at_once(text: str) -> None:
    everything = S.parse_summary(text).names
    one_by_one = S.parse_summary(text)
    assert {n: one_by_one.name(n) for n in reversed(list(everything))} == everything
    assert set(everything) == S.parse_summary(text).cited


def reference_names(summary: str) -> dict[int, str | None]:
    """The definition, paragraph by paragraph (``PARAGRAPH.split``), every name read at once:
    the first citation of a paragraph, when it cites one number, names it by the paragraph's
    subject or the bold run before it; any later citation of one number by that bold run; the
    first that gives a name, in reading order, is the name."""
    names: dict[int, str | None] = {}
    for paragraph in S.PARAGRAPH.split(summary):
        for k, (start, _, numbers) in enumerate(clusters(paragraph)):
            for n in numbers:
                names.setdefault(n, None)
            if len(numbers) != 1 or names[numbers[0]] is not None:
                continue
            name = None
            if k == 0 and S.is_first_sentence(paragraph[:start]):
                name = S.paragraph_subject(paragraph)
            names[numbers[0]] = name or S.bold_before(paragraph, start)
    return names


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_one_pass_names_equal_the_paragraph_by_paragraph_definition(text: str) -> None:
    info = S.parse_summary(text)
    expected = reference_names(text)
    assert info.names == expected and list(info.names) == list(expected)
    assert info.cited == frozenset(expected)


CITED_PIECES = [*PIECES, '<a title="[5]">', "a < b ", "<", ">", "[6,\n\n7]", "[8\n]", ", "]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(CITED_PIECES), max_size=40).map("".join))
def test_cited_numbers_are_those_of_the_paragraph_by_paragraph_definition(text: str) -> None:
    info = S.parse_summary(text)
    assert info.cited == frozenset(info.names) == frozenset(reference_names(text))
