"""The packaged town index unzipped on a thread while a first call does its other work."""

from __future__ import annotations

import threading
import zlib
from pathlib import Path

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world import geodata
from mapsnb_sandbox.world.indexfile import Unzipped


def test_the_thread_hands_over_the_same_bytes_once(tmp_path: Path) -> None:
    packed = tmp_path / "cities.idx.z"
    packed.write_bytes(zlib.compress(b"index bytes" * 1000))
    unzipped = Unzipped(packed)
    unzipped.start()
    assert any(t.name == "mapsnb-sandbox-index" for t in threading.enumerate()) or (
        unzipped._result is not None  # already done
    )
    assert unzipped.take() == b"index bytes" * 1000
    unzipped.start()  # a later sandbox: the index has its bytes, nothing is read again
    assert unzipped._thread is None and unzipped._result is None


def test_a_read_error_comes_out_of_take(tmp_path: Path) -> None:
    unzipped = Unzipped(tmp_path / "missing.idx.z")
    unzipped.start()
    with pytest.raises(FileNotFoundError):
        unzipped.take()
    bad = tmp_path / "bad.idx.z"
    bad.write_bytes(b"not zlib")
    with pytest.raises(zlib.error):
        Unzipped(bad).take()  # no thread: read here, the same errors


def test_a_sandbox_starts_the_unzipping_and_the_index_is_the_packaged_one() -> None:
    Sandbox()  # starts the thread (or finds the index already loaded in this process)
    index = geodata.load_city_index(lambda gid: f"id{gid}")
    assert len(index.cities) > 100_000 and geodata._unzipped._result is None
