"""Hebrew kinds as people write them (found as a new user would, 2026-12-05): a plural whose
singular ends in a final letter ("מלונות", hotels, of "מלון") was read by a motel's stem
("מלונית"), and a kind in the construct state ("בית מלון", house of hotel: a hotel; "בתי מרקחת",
pharmacies; "תחנות דלק", fuel stations) listed nothing: "בית" was taken for a place beside the
town. Now a plural shares its singular's stem in medial letters, and the forms of a head that
opens kinds' names (``kind_heads`` of ``data/query_words.json``) are read with the kind."""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.table import category_at


@pytest.mark.parametrize(
    ("text", "kind", "place"),
    [
        ("מלונות בירושלים", "hotel", "בירושלים"),
        ("בית מלון בתל אביב", "hotel", "בתל אביב"),
        ("בתי מלון באילת", "hotel", "באילת"),
        ("בית דואר בחיפה", "post_office", "בחיפה"),
        ("בנקים בנתניה", "bank", "בנתניה"),
        ("תחנות דלק באילת", "gas_station", "באילת"),
        ("תחנות רכבת בתל אביב", "train_station", "בתל אביב"),
        ("בתי חולים בחיפה", "hospital", "בחיפה"),
    ],
)
def test_a_hebrew_plural_or_construct_kind_is_read(text: str, kind: str, place: str) -> None:
    found = split_kind_and_place(text)
    assert found is not None, text
    category = category_at(found[0])
    assert category is not None and category.key == kind, (text, category)
    assert found[1] == place, (text, found)
