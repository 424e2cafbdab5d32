"""The live form's one-pass reading (issue 31) reads what the general reading reads.

Summaries of the live form (``<p><strong>Name</strong> … [n] …</p>`` per place) are generated
with the pieces that make names hard (sentence ends, abbreviations, enumerations, labels ending
in ``:``, addresses, countries); each must give the names, snippets and cited numbers of the
paragraph-by-paragraph definition, and anything that is not of the form must not take the path.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read import summary as S
from tests.read.test_summary_fast import reference_names, reference_snippets

WORDS = [
    "Café Luna", "Zonne Energie 12 B.V.", "St. Mary's", "1. ", "- ", "Top pick:", "France",
    "12 Main St", " ", "  ", ". ", "! ", "? ", "is located at", "has", ", ", "Dr.", "J. ",
    "No. 3", "a", "(synthetic)", " - ", "…", "...", "É. ", "7.", "Mt. Fuji", "Texas", ":",
    "3511 AB", "Rua Augusta 5", "\t", "\u00a0", "x",
]  # fmt: skip
parts = st.lists(st.sampled_from(WORDS), max_size=8).map("".join)


@st.composite
def live_summaries(draw: st.DrawFn) -> str:
    """Paragraphs (or a list's items) of the live form; a place may be cited again in its own."""
    numbers = draw(st.lists(st.integers(0, 30), unique=True, max_size=6))
    block = draw(st.sampled_from(["p", "li"]))
    out = [f"<{block}>{draw(parts)}</{block}>"] if draw(st.booleans()) else []
    for n in numbers:
        tag = draw(st.sampled_from(["strong", "b"]))
        again = f"{draw(parts)}[{n}]" if draw(st.booleans()) else ""
        out.append(
            f"<{block}><{tag}>{draw(parts)}</{tag}>{draw(parts)}[{n}]{again}{draw(parts)}</{block}>"
        )
        if draw(st.booleans()):
            out.append(f"<{block}>{draw(parts)}</{block}>")
    if block == "li" and out:
        out = [draw(st.sampled_from(["<ul>", "<ol>"])), *out, "</ul>"]
    return "".join(out)


def general(summary: str) -> S.SummaryInfo:
    """The general reading of ``summary`` (the live path turned off)."""
    candidates, paragraphs = S._scan(summary)
    snippets = S.find_snippets(S.plain_text(summary))
    return S.SummaryInfo(snippets, candidates=candidates, paragraphs=paragraphs)


@settings(max_examples=1500, deadline=None)
@given(live_summaries())
def test_the_live_form_reads_what_the_definition_reads(summary: str) -> None:
    info = S.parse_summary(summary)
    if S.parse_summary(summary).cited:
        assert S.live_places(summary) is not None, summary
    assert info.names == reference_names(summary) == general(summary).names
    assert info.snippets == reference_snippets(S.plain_text(summary))
    assert info.cited == general(summary).cited
    one_by_one = S.parse_summary(summary)
    assert {n: one_by_one.name(n) for n in reversed(list(info.names))} == info.names


def test_other_numbers_cited_in_a_paragraph_take_the_live_form() -> None:
    for summary in (
        "<p><strong>A</strong> x [0].</p>",
        "<p><strong>A</strong> x [0]. y [1].</p>",  # another number, named nowhere
        "<p><strong>A</strong> x [0][0]. y [0][1].</p><p><strong>B</strong> z [1].</p>",
    ):
        assert S.live_places(summary) is not None, summary
        assert S.parse_summary(summary) == general(summary)
        assert S.parse_summary(summary).names == reference_names(summary)


def test_other_forms_take_the_general_reading() -> None:
    for other in (
        "<p><strong>A</strong> x [0]. <em>y</em></p>",  # other markup
        "<p><strong>A</strong> x [0, 1].</p>",  # a shared citation
        "<p><strong>A</strong> x [0].</p><p><strong>B</strong> y [0].</p>",  # in two paragraphs
        "<p><strong>A</strong> x [0][1].</p>",  # its first citation shared: names nobody
        "<p><strong>A</strong> x [0]. <b>B</b> [1][2].</p>",  # a second place's, shared
        "<li><strong>A</strong> x [0].</p>",  # unbalanced
        "<p><strong>A</strong> x [0] [1].</p>",  # two citations side by side
        "<p><strong>A &amp; B</strong> x [0].</p>",  # an entity
        "<p><strong>A</strong> x\n\n[0].</p>",  # a blank line
        "<p><strong>A</strong> x [0].</p>tail",  # text outside paragraphs
        "<P><STRONG>A</STRONG> x [0].</P>",  # upper case tags
    ):
        assert S.live_places(other) is None, other
        assert S.parse_summary(other).names == reference_names(other)
