"""Kinds with a faith's word, and kinds iD names only with one (found as a new user would,
2026-12-05; none of these queries is in ``tests/data/kinds_corpus.csv``): in a script without
capitals a faith's word before or after a kind ("হিন্দু মন্দির", Hindu temple) was taken for a
place beside the town, so nothing was listed; a kind iD names noun + faith ("כנסייה נוצרית",
Christian church) was not read from its noun alone ("כנסייה" read as a convention centre's stem).
Now the words of faiths of iD's religion field (``data/kind_religions.tsv``) qualify a kind, and
the noun iD names the kind's building by names the kind (``data/kind_nouns.tsv``)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.table import category_at


@pytest.mark.parametrize(
    ("text", "kind", "place"),
    [
        ("হিন্দু মন্দির চট্টগ্রাম", "hindu_temple", "চট্টগ্রাম"),
        ("চট্টগ্রাম হিন্দু মন্দির", "hindu_temple", "চট্টগ্রাম"),
        ("খ্রিষ্টান গির্জা সিলেট", "church", "সিলেট"),
        ("মুসলিম মসজিদ খুলনা", "mosque", "খুলনা"),
        ("کراچی مسلم مسجد", "mosque", "کراچی"),
        ("مسجد مسلمان شیراز", "mosque", "شیراز"),
        ("כנסייה בחיפה", "church", "בחיפה"),
        ("נצרת כנסייה", "church", "נצרת"),
        ("מסגד בעכו", "mosque", "בעכו"),
    ],
)
def test_a_kind_with_or_without_its_faith_is_read(text: str, kind: str, place: str) -> None:
    found = split_kind_and_place(text)
    assert found is not None, text
    category = category_at(found[0])
    assert category is not None and category.key == kind, (text, category)
    assert found[1] == place, (text, found)
