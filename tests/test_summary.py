"""Summary parsing (mapsnb._summary): the live-style corpus, citations, rendering, hostile input."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from mapsnb._summary import SummaryInfo, parse_summary, plain_text, safe_html

CORPUS = sorted((Path(__file__).parent / "fixtures" / "summaries").glob("*.json"))


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
    assert safe.startswith("<p><strong>Ben &amp;amp; Jerry&#x27;s</strong>")
    assert safe_html('<p onclick="x">') == "&lt;p onclick=&quot;x&quot;&gt;"


@pytest.mark.parametrize("value", [None, 3, b"[0]", "", "[]", "[-1]", "[" + "9" * 5000 + "]"])
def test_hostile_or_empty_input_gives_an_empty_answer(value: object) -> None:
    info = parse_summary(value)  # type: ignore[arg-type]
    assert isinstance(info, SummaryInfo) and not info.names and not info.cited
    assert plain_text(value) == ("" if not isinstance(value, str) else value)  # type: ignore[arg-type]


def _best(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        parse_summary(text)
        best = min(best, time.perf_counter() - t0)
    return best


@pytest.mark.parametrize(
    "unit",
    [
        "<p><strong>Place {i}</strong> is at {i} Main St, Springfield, USA [{i}]. Open [{i}].</p>",
        "Try <b>Shop {i}</b> [{i}] or the one next door [{i}, 1]. ",
        "<strong>x {i} <b [{i}] ** < a St. ",
    ],
)
def test_parsing_scales_linearly(unit: str) -> None:
    small = "".join(unit.format(i=i) for i in range(60))
    large = "".join(unit.format(i=i) for i in range(60 * 16))
    ratio = _best(large) / max(_best(small), 1e-6)
    assert ratio < 64, ratio  # 16x the text: linear ~16, quadratic ~256
