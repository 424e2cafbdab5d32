"""Chinese and Japanese nouns are head-final: of two kinds glued in one word, the last is the
kind asked and the text before it the place (issue 40, round 20). "弗吉尼亚海滩面包店" (a bakery
of Virginia Beach) listed beaches in Virginia, 287 km off; "北京公园酒店" parks in Beijing."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.table import category_at


@pytest.mark.parametrize(
    ("text", "kind", "place"),
    [
        ("弗吉尼亚海滩面包店", "bakery", "弗吉尼亚海滩"),
        ("北京公园酒店", "hotel", "北京公园"),
        ("東京ビーチのパン屋", "bakery", "東京ビーチ"),
        ("上海面包店", "bakery", "上海"),  # one kind: as before
        ("バングラデシュのホテル", "hotel", "バングラデシュ"),
        ("東ティモールのホテル", "hotel", "東ティモール"),
    ],
)
def test_the_last_glued_kind_is_the_kind(text: str, kind: str, place: str) -> None:
    found = split_kind_and_place(text)
    assert found is not None
    assert (category_at(found[0]).key, found[1]) == (kind, place)


@pytest.mark.parametrize("text", ["弗吉尼亚海滩面包店", "東京ビーチのパン屋"])
def test_a_place_the_world_lacks_lists_no_other_kind(text: str) -> None:
    out = Sandbox().call_tool("search_places", {"text_query": text, "language_code": "zh"})
    assert not out.get("places"), out["summary"]
