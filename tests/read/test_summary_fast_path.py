"""The live form's fast path reads a paragraph naming two places as the general reader does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read import summary as sm

_WORD = st.sampled_from(["Zon", "Energie", "B.V.", "de", "Café", "St.", "Utrecht", "solar", "1"])
_TEXT = st.sampled_from(
    [
        " installs solar panels at 12 Oudegracht, Utrecht ",
        " is open. It sells ",
        " fits heat pumps ",
        ": a shop ",
        " St. Mark ",
    ]
)


def _general(summary: str) -> sm.SummaryInfo:
    candidates, paragraphs = sm._scan(summary)
    snippets = sm.find_snippets(sm.plain_text(summary)) if candidates else {}
    return sm.SummaryInfo(snippets, candidates=candidates, paragraphs=paragraphs)


@st.composite
def _two_places(draw: st.DrawFn) -> str:
    numbers = draw(st.lists(st.integers(0, 40), min_size=2, max_size=12, unique=True))
    parts = ["<p>Here are shops.</p>"]
    for k in range(0, len(numbers) - 1, 2):
        name = " ".join(draw(st.lists(_WORD, min_size=1, max_size=3)))
        other = " ".join(draw(st.lists(_WORD, min_size=1, max_size=3)))
        tag = draw(st.sampled_from(["strong", "b"]))
        again = f" Again [{numbers[k]}]." if draw(st.booleans()) else ""
        parts.append(
            f"<p><{tag}>{name}</{tag}>{draw(_TEXT)}[{numbers[k]}].{again}{draw(_TEXT)}"
            f"<{tag}>{other}</{tag}>{draw(st.sampled_from(['', ' ']))}[{numbers[k + 1]}]"
            f"{draw(_TEXT)}.</p>"
        )
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(summary=_two_places())
def test_two_places_a_paragraph_fast_path_reads_as_the_general_reader(summary: str) -> None:
    assert sm.live_places(summary) is not None  # the fast path is taken
    fast, general = sm.parse_summary(summary), _general(summary)
    assert fast.names == general.names
    assert list(fast.names) == list(general.names)
    assert fast.snippets == general.snippets
    assert fast.cited == general.cited
    for n in fast.cited:
        assert fast.place_name(n, " - Google Maps") == general.place_name(n, " - Google Maps")


def test_a_second_place_cited_again_elsewhere_leaves_the_fast_path() -> None:
    summary = "<p><b>A</b> x [0]. <b>B</b> [1] y.</p><p><b>C</b> z [1].</p>"
    assert sm.live_places(summary) is None
    assert sm.parse_summary(summary) == _general(summary)
