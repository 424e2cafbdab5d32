"""Every chart word is written in each of the 28 languages the emulator speaks."""

from __future__ import annotations

from pathlib import Path

from mapsnb.charts._words import word, words

TEXTS = Path(__file__).parents[2] / "mapsnb_sandbox" / "data" / "texts"


def emulator_languages() -> set[str]:
    return {p.name.split(".")[0].split("_")[0] for p in TEXTS.iterdir() if p.is_file()}


def test_every_word_has_every_emulator_language() -> None:
    languages = emulator_languages()
    assert len(languages) >= 28
    for english, table in words().items():
        assert languages <= set(table), (english, sorted(languages - set(table)))
        assert all(text.strip() for text in table.values()), english
        assert table["en"] == english


def test_word_uses_the_language_base_and_keeps_english_otherwise() -> None:
    assert word("local time", "ja-JP") == "現地時間"
    assert word("local time", "ru") == "местное время"
    assert word("local time", "xx") == "local time"
    assert word("local time", None) == "local time"
