"""Kinds as English names them (found as a new user would, 2026-12-05): the summary said "5
parking lot", "5 atms", "5 mexican restaurants", "5 hindu temples"; "thai food Bangkok" read
no kind and "sushi near Tsukiji" listed Asian restaurants. A kind's English names in
``data/categories.csv`` are singular then plural, with a proper adjective's capital; a
cuisine's food names its restaurants."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Search = Callable[[str], tuple[int, str]]  # the ``search`` fixture of conftest.py


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("parking Leeds", "parking lots"),
        ("atm Lisbon", "ATMs"),
        ("mexican restaurants Denver", "Mexican restaurants"),
        ("hindu temple Leicester", "Hindu temples"),
        ("vietnamese food Paris", "Vietnamese restaurants"),
        ("indonesian cuisine Amsterdam", "Indonesian restaurants"),
        ("sushi Vancouver", "sushi restaurants"),
        ("ramen Sapporo", "ramen restaurants"),
    ],
)
def test_a_kind_is_said_as_english_says_it(search: Search, text: str, said: str) -> None:
    n, summary = search(text)
    assert n >= 1, summary
    assert f" {said} near" in summary, summary
