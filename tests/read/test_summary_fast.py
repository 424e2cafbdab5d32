"""The summary reader's fast paths (issue 24) read exactly what its plain definitions read.

``find_snippets`` splits only the lines that cite and checks sentence ends on a short window; names
are read on first use. Both must give what the definitions give: every sentence of
``_sentences`` and a name per citation, for any text.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read import summary as S
from mapsnb._read import summary_html as H
from mapsnb._read import summary_names as N
from mapsnb._read import summary_sentences as T

PIECES = [
    "<p>", "</p>", "<strong>", "</strong>", "<b>", "</b>", "**", "[0]", "[1]", "[0, 1]",
    "[2][3]", " ", "  ", "\n", "\n\n", ". ", "St. ", "No. 3", "J. ", "Café Luna",
    "is located at", "12 Main St", ", USA", "(synthetic)", " - ", "has", "“", '("', "Dr.",
    "a", "B.V.", "\t", "!", "?", "...", "Mt.", "verylongwordwithoutspaces.", '("Dr. ',
    "'St. Mary's", "7.", "[4].", " x", "\u00a0", "É. ", "ı.", ").", "[\n\n1]",
    "[1\n \n, 2]", "<p [3]>", "<br/>", "<div class=\"[0]\">", "\n\t\n", "<P>", "<li>",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join) | st.text(max_size=80)


def reference_snippets(plain: str) -> dict[int, str]:
    """The definition: the first sentence (of :func:`_sentences`) citing each number."""
    out: dict[int, str] = {}
    for sentence in T._sentences(plain):
        for m in T.CITE.finditer(sentence):
            for n in T.cite_numbers(m.group(1)):
                out.setdefault(n, sentence)
    return out


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_snippets_are_the_first_sentence_citing_each_number(text: str) -> None:
    plain = H.plain_text(text)
    assert T.find_snippets(plain) == reference_snippets(plain)


@settings(max_examples=500, deadline=None)
@given(texts)
def test_names_read_one_by_one_equal_names_read_all_at_once(text: str) -> None:
    everything = S.parse_summary(text).names
    one_by_one = S.parse_summary(text)
    assert {n: one_by_one.name(n) for n in reversed(list(everything))} == everything
    assert set(everything) == S.parse_summary(text).cited


def reference_names(summary: str) -> dict[int, str | None]:
    """The definition, paragraph by paragraph (``PARAGRAPH.split``), every name read at once."""
    names: dict[int, str | None] = {}
    for paragraph in H.PARAGRAPH.split(summary):
        clusters = T._clusters(paragraph)
        if not clusters:
            continue
        first_start, _, first = clusters[0]
        fresh = [n for n in first if n not in names]
        if len(first) == 1 and fresh:
            name = None
            if N.is_first_sentence(paragraph[:first_start]):
                name = N.paragraph_subject(paragraph)
            names[fresh[0]] = name or N.bold_before(paragraph, first_start)
        for start, _, numbers in clusters:
            for n in numbers:
                if n not in names:
                    names[n] = N.bold_before(paragraph, start) if len(numbers) == 1 else None
                elif names[n] is None and len(numbers) == 1:
                    names[n] = N.bold_before(paragraph, start)
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
def test_cited_read_by_the_regex_engine_equals_the_one_pass_scan(text: str) -> None:
    """``_cited`` (whole-text fast path, else split paragraphs) keys what ``_scan`` keys."""
    candidates, _ = S._scan(text)
    assert S._cited(text) == frozenset(candidates)
    info = S.parse_summary(text)
    assert info.cited == frozenset(info.names)
