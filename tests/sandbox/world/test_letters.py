"""One test of a Latin letter for the resolver (``world/index/letters.py``, round 25).

``named_towns`` (never cut a text inside a word of Latin letters) and ``names/spelling`` with
``doubts/towns`` (Latin words in a text of another script, the asker's spelling of a town) had a
test each, which disagreed on 504 rare characters; Azerbaijani "ə" is the one the corpora hold.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world import named_towns
from mapsnb_sandbox.world.doubts import towns as doubts
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.names import spelling


@pytest.mark.parametrize("letter", ["a", "Z", "é", "ø", "ł", "ß", "ộ", "ə", "Ə", "ɛ", "ꞌ"])
def test_latin_letters_of_every_block_are_latin(letter: str) -> None:
    assert latin_letter(letter)


@pytest.mark.parametrize("char", ["ª", "º", "µ", "ж", "α", "ש", "ا", "東", "한", "1", "-", " "])
def test_other_scripts_signs_and_digits_are_not(char: str) -> None:
    assert not latin_letter(char)


def test_the_resolver_reads_latin_letters_with_one_test() -> None:
    assert named_towns.latin_letter is latin_letter
    assert spelling.latin_letter is latin_letter
    assert doubts.latin_letter is latin_letter


def test_a_latin_text_with_schwa_holds_no_latin_words_apart() -> None:
    """ "autogara Gədəbəy" is all Latin letters: no Latin words stand apart in another script
    (the old test split it at each "ə")."""
    from mapsnb_sandbox.world.resolver import resolve

    town = resolve("Gədəbəy, Azerbaijan").place
    assert town is not None and town.country_code == "AZ"
    assert not doubts.latin_words_apart("autogara Gədəbəy", town)
