"""Summary parsing (mapsnb._read.summary): the live-style corpus, citations, rendering, hostile input."""

from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mapsnb._read.summary import SummaryInfo, parse_summary, plain_text, safe_html

CORPUS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "summaries").glob("*.json"))


def _load(path: Path) -> tuple[str, dict[int, str | None]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["summary"], {int(k): v for k, v in data["names"].items()}


def test_corpus_is_big_and_varied() -> None:
    assert len(CORPUS) >= 15
    texts = [_load(p)[0] for p in CORPUS]
    expected = [v for p in CORPUS for v in _load(p)[1].values()]
    assert any("&amp;" in t for t in texts) and any("'" in t or "’" in t for t in texts)
    assert any("[0, 1]" in t for t in texts) and any("[0][1]" in t for t in texts)
    assert any(" est " in t for t in texts)  # a non-English summary
    assert None in expected and any(v and any(c.isdigit() for c in v) for v in expected)
    assert any(v and any(ord(c) > 127 for c in v) for v in expected)


def test_corpus_names() -> None:
    right = total = 0
    wrong_where_none: list[tuple[str, int, str]] = []
    for path in CORPUS:
        summary, names = _load(path)
        info = parse_summary(summary)
        for n, expected in names.items():
            total += 1
            got = info.names.get(n)
            right += got == expected
            if expected is None and got is not None:
                wrong_where_none.append((path.stem, n, got))
    assert right / total >= 0.95, (right, total)
    assert not wrong_where_none


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_corpus_every_number_is_cited_and_has_a_snippet(path: Path) -> None:
    summary, names = _load(path)
    info = parse_summary(summary)
    assert info.cited == frozenset(names)
    for n in names:
        assert f"[{n}" in info.snippets[n] or f", {n}]" in info.snippets[n]
        assert "<" not in info.snippets[n]


@pytest.mark.parametrize(
    "name",
    ["USA", "France", "California", "CA", "94301", "WC2E 9EB", "600 Guerrero St", "Calle Mayor, 5"],
)
def test_a_name_is_never_a_country_state_postcode_or_street(name: str) -> None:
    assert parse_summary(f"<p><strong>{name}</strong> is a place [0].</p>").names == {0: None}
    assert parse_summary(f"<p>Near <b>{name}</b> [0].</p>").names == {0: None}


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("<p><strong>Tartine</strong> has bread at 600 Guerrero St, CA 94110, USA [0].</p>",
         "Tartine"),
        ("<p>Zuni Café is at 1658 Market St, San Francisco, CA 94102, USA [0].</p>", "Zuni Café"),
        ("<p>The Mill [0] bakes daily.</p>", "The Mill"),
        ("<p>1. <strong>Nopa</strong> is open late [0].</p>", "Nopa"),
        ("<p><strong>Top pick:</strong> Nopa has a rating of 4.5 [0].</p>", "Nopa"),
        ("<p>Musée d'Orsay is located at 1 Rue de la Légion d'Honneur, Paris, France [0].</p>",
         "Musée d'Orsay"),
        # the old one-paragraph shape: a bold run right before the citation still names it
        ("Options include <strong>Blue Bottle Coffee</strong> [0], known for pour-overs.",
         "Blue Bottle Coffee"),
        ("Visit **Tartine Bakery** [0] today.", "Tartine Bakery"),
        # unsure: None, never a fragment
        ("<p>Here are shops. Union Square has many [0].</p>", None),
        ("<p>Good bread: Tartine Bakery [0].</p>", None),
        ("<p>Visit Tartine Bakery today [0].</p>", None),
        ("<p>Located at 1 Main St, Springfield, USA [0].</p>", None),
        ("<p>the corner shop by the park [0] sells bread</p>", None),
        ("Nothing cites it.", None),
    ],
)  # fmt: skip
def test_name_shapes(summary: str, expected: str | None) -> None:
    assert parse_summary(summary).name(0) == expected


def test_shared_citations_are_cited_but_not_named() -> None:
    info = parse_summary("<p>Good spots [0, 1] abound.</p><p>A [2][3] B.</p>")
    assert info.cited == {0, 1, 2, 3}
    assert info.names == {0: None, 1: None, 2: None, 3: None}


def test_a_later_paragraph_does_not_rename_a_place() -> None:
    info = parse_summary(
        "<p><strong>Nopa</strong> is at 560 Divisadero St, USA [0].</p>"
        "<p><strong>Other Name</strong> also mentions it [0].</p>"
    )
    assert info.names == {0: "Nopa"}


def test_snippets_keep_abbreviations_and_trailing_citations() -> None:
    info = parse_summary("<p>Try St. Mary's Cathedral [0] at noon. Then Mt. Tam [1]. Done.</p>")
    assert info.snippets == {0: "Try St. Mary's Cathedral [0] at noon.", 1: "Then Mt. Tam [1]."}
    info = parse_summary("<p>Nopa is good. [0] It is open. [0][1]</p>")
    assert info.snippets == {0: "Nopa is good. [0]", 1: "It is open. [0][1]"}


def test_plain_text_and_safe_html() -> None:
    raw = "<p><strong>Ben &amp; Jerry's</strong> [0]</p><script>x()</script><p>**Two** [1]</p>"
    assert plain_text(raw) == "\nBen & Jerry's [0]\nx()\nTwo [1]\n"
    safe = safe_html(raw)
    assert "<script>" not in safe and "&lt;script&gt;" in safe
    assert safe.startswith("<p><strong>Ben &amp; Jerry&#x27;s</strong>")  # escaped once
    assert safe_html("&lt;script&gt;x&lt;/script&gt; &amp;amp;") == (
        "&lt;script&gt;x&lt;/script&gt; &amp;amp;"
    )
    assert safe_html('<p onclick="x">') == "&lt;p onclick=&quot;x&quot;&gt;"


@pytest.mark.parametrize("value", [None, 3, b"[0]", "", "[]", "[-1]", "[" + "9" * 5000 + "]"])
def test_hostile_or_empty_input_gives_an_empty_answer(value: object) -> None:
    info = parse_summary(value)  # type: ignore[arg-type]
    assert isinstance(info, SummaryInfo) and not info.names and not info.cited
    assert plain_text(value) == ("" if not isinstance(value, str) else value)  # type: ignore[arg-type]


def _cpu(text: str) -> float:
    """Best CPU time of 5 runs (CPU, not wall time: other processes on the machine don't count),
    garbage collection paused."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(5):
            t0 = time.process_time()
            _ = parse_summary(text).names  # names are read on first use: read them all
            best = min(best, time.process_time() - t0)
    finally:
        gc.enable()
    return best


def _lines_run(text: str) -> int:
    """Python lines executed by ``parse_summary(text)``: a deterministic operation count."""
    count = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        _ = parse_summary(text).names  # names are read on first use: read them all
    finally:
        sys.settrace(None)
    return count


UNITS = [
    "<p><strong>Place {i}</strong> is at {i} Main St, Springfield, USA [{i}]. Open [{i}].</p>",
    "<p>Cedar &amp; Pine {i} has a rating of 4.2 and is at {i} Oak Ave, Lyon, France [{i}].</p>",
    "Try <b>Shop {i}</b> [{i}] or the one next door [{i}, 1]. ",
    "<strong>x {i} <b [{i}] ** < a St. ",
]


@pytest.mark.parametrize("unit", UNITS)
def test_operations_grow_linearly(unit: str) -> None:
    small = "".join(unit.format(i=i) for i in range(50))
    large = "".join(unit.format(i=i) for i in range(50 * 16))
    per_char_small = _lines_run(small) / len(small)
    per_char_large = _lines_run(large) / len(large)
    assert per_char_large < 1.5 * per_char_small, (per_char_small, per_char_large)


@pytest.mark.parametrize("unit", UNITS[::2])
def test_cpu_time_grows_linearly(unit: str) -> None:
    small = "".join(unit.format(i=i) for i in range(100))
    large = "".join(unit.format(i=i) for i in range(100 * 16))
    ratio = _cpu(large) / max(_cpu(small), 1e-6)
    assert ratio < 100, ratio  # 16x the text: linear ~16, quadratic ~256


def test_random_markup_never_raises_and_names_are_clean() -> None:
    """3,000 seeded random mixes of tags, citations, entities, dots and words: no exception,
    names are stripped strings without markup, every named number is cited."""
    import random

    pieces = [
        "<p>", "</p>", "<strong>", "</strong>", "<b>", "</b>", "**", "<br>", "<li>", "<", ">",
        "[0]", "[1]", "[0, 1]", "[2][3]", "[", "]", ",", ".", ". ", "St. ", "No. 3 ", "&amp;",
        "&#39;", "&bogus;", "Blue ", "Bottle ", "has ", "is ", "USA", "CA 94301", "12 Main St",
        "(x) ", "d'Orsay ", "L'As ", "— ", "\n\n", " ", "é", "日本 ", "1. ", "- ",
    ]  # fmt: skip
    rng = random.Random(15)
    for _ in range(3000):
        summary = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        info = parse_summary(summary)
        assert set(info.names) == info.cited
        for name in info.names.values():
            assert name is None or (name == name.strip() and name and "<" not in name)
        safe = safe_html(summary)
        assert "<strong" not in safe.replace("<strong>", "")


def test_a_live_style_summary_does_not_name_every_place_usa() -> None:
    """Issue 10: fed a live summary, the old reader took the words before ``[n]`` ("USA")."""
    from mapsnb import frames

    summary, names = _load(CORPUS[[p.stem for p in CORPUS].index("palo_alto_coffee")])
    payload = {"places": [{"id": f"P{n}"} for n in names], "summary": summary}
    assert frames.places_frame(payload)["name"].tolist() == list(names.values())
