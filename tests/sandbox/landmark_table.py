"""A landmark table of a test's own for the emulator, for the length of a fixture."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from mapsnb_sandbox.world.geocode import use_landmarks


@contextlib.contextmanager
def landmark_table(tmp_path: Path, table: str) -> Iterator[None]:
    """The emulator reads its landmarks from ``table`` (``landmarks.csv`` text) in the block,
    and its own table again after it."""
    path = tmp_path / "landmarks.csv"
    path.write_text(table, encoding="utf-8")
    use_landmarks(path)
    try:
        yield
    finally:
        use_landmarks(None)
