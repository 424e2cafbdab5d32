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


_SEPARATORS = st.sampled_from(["", " ", "\u00a0", "\t"])


@st.composite
def _shared_citations(draw: st.DrawFn) -> tuple[str, bool]:
    """A summary whose paragraphs cite other places side by side (``… [4][5].``: place 5 first
    cited in paragraph 4's shared cluster, named by its own paragraph later), with second places
    and repeated citations; and whether it has the live form (no first or second place's
    citation opens a cluster of several numbers, which names nobody)."""
    numbers = draw(st.lists(st.integers(0, 40), min_size=2, max_size=10, unique=True))
    primaries = numbers[: max(1, len(numbers) // 2 + 1)]
    seconds = iter(numbers[len(primaries) :])
    pool = [*numbers, 41]  # 41: cited side by side, named nowhere
    live = True
    parts = ["<p>Here are shops.</p>"]
    for n in primaries:
        tag = draw(st.sampled_from(["strong", "b"]))
        name = " ".join(draw(st.lists(_WORD, min_size=1, max_size=3)))
        # the place's own citation, maybe again side by side: [n][n] is one number
        own = draw(_SEPARATORS).join([f"[{n}]"] * draw(st.integers(1, 2)))
        opening = draw(st.sampled_from(["", f"{draw(_SEPARATORS)}[{draw(st.sampled_from(pool))}]"]))
        live = live and (not opening or opening.endswith(f"[{n}]"))
        shared = draw(_SEPARATORS).join(
            f"[{m}]" for m in draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
        )
        body = f"<p><{tag}>{name}</{tag}>{draw(_TEXT)}{own}{opening}.{draw(_TEXT)}{shared}."
        second = next(seconds, None)
        if second is not None and draw(st.booleans()):
            after = draw(
                st.sampled_from([".", f"{draw(_SEPARATORS)}[{draw(st.sampled_from(pool))}]."])
            )
            live = live and after == "."
            body += f" Nearby, <{tag}>{name} 2</{tag}> [{second}]{after}{draw(_TEXT)}"
        parts.append(f"{body}</p>")
    return "".join(parts), live


@settings(max_examples=500, deadline=None)
@given(case=_shared_citations())
def test_shared_citations_fast_path_reads_as_the_general_reader(case: tuple[str, bool]) -> None:
    summary, live = case
    assert (sm.live_places(summary) is not None) == live
    fast, general = sm.parse_summary(summary), _general(summary)
    assert fast.names == general.names
    assert list(fast.names) == list(general.names)  # rows in order of first citation
    assert fast.snippets == general.snippets
    assert fast.cited == general.cited
    for n in fast.cited:
        assert fast.place_name(n, " - Google Maps") == general.place_name(n, " - Google Maps")


def test_the_adjacent_shape_takes_the_fast_path() -> None:
    summary = (
        "<p>Here are shops.</p><p><b>A</b> is at 1 Main St [0]. Both offer quotes [0][1].</p>"
        "<p><b>B</b> is at 2 Main St [1]. Both offer quotes [1][2].</p><p><b>C</b> x [2].</p>"
    )
    live = sm.live_places(summary)
    assert live is not None
    info = sm.parse_summary(summary)
    assert info.names == {0: "A", 1: "B", 2: "C"} == _general(summary).names
    assert info.snippets[1] == "Both offer quotes [0][1]."  # first cited in paragraph 0
    assert info == _general(summary)
