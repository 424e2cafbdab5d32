"""Properties: any value a JSON answer can hold goes through every store writer and reader.

Lone surrogates (``"\\udce9"`` is valid JSON), astral and control characters, integers of any
length (past Python's 4,300-digit conversion limit too), floats and nesting around the bound
(64 levels) go into arguments and payloads of :meth:`Cache.put`/:meth:`Cache.get` and of
:meth:`Recording.add` (record and auto), its replay, :func:`load`, ``describe`` and ``check``.
Each write either keeps the value exactly (read back equal; lone surrogates in an answer read back
as U+FFFD, as when a server's answer is decoded: issue 43) or is skipped with the store's named
warning; nothing raises, and the file and the store stay readable.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapsnb._store.cache import Cache, CacheWarning
from mapsnb._store.recording import (
    Recording,
    RecordingWriteWarning,
    check,
    describe,
    load,
)
from mapsnb._transport.protocol import whole_text
from tests.hypothesis_setup import examples

ODD_TEXT = ["\udce9", "\ud800", "a\udfffb", "caf\u00e9", "\U0001f600", "\x00\x1b[2J", "\u202e", ""]
#: Decimal digits of odd integers (drawn by their length: hypothesis cannot print 5,000 digits).
ODD_DIGITS = [4299, 4300, 4301, 5000, 19, 20]
texts = st.sampled_from(ODD_TEXT) | st.text(max_size=6) | st.text(st.characters(), max_size=4)
#: Keys that are not a credential field's name (a recording holding ``"apikey": …`` is refused
#: by design: :func:`find_secrets`).
keys = texts.filter(lambda t: t.lower() not in {"apikey", "api_key", "authorization"})
leaves = (
    texts
    | st.builds(
        lambda n, sign: sign * 10 ** (n - 1), st.sampled_from(ODD_DIGITS), st.sampled_from([1, -1])
    )
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
    | st.none()
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=6,
) | st.integers(min_value=55, max_value=70).map(lambda n: _nested(n))


def _nested(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


def _as_parsed(value: Any) -> Any:
    """``value`` as a JSON parser gives it (strings through JSON: no split surrogate pairs)."""
    if isinstance(value, str):
        return json.loads(json.dumps(value))
    if isinstance(value, list):
        return [_as_parsed(v) for v in value]
    if isinstance(value, dict):
        return {_as_parsed(k): _as_parsed(v) for k, v in value.items()}
    return value


@pytest.fixture(scope="module")
def fast_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="mapsnb-store-text-", dir=shm))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("store-text")


@pytest.fixture(scope="module")
def cache(fast_dir: Path) -> Iterator[Cache]:
    store = Cache(fast_dir / "calls.sqlite3")
    yield store
    store.close()


NOW = dt.datetime.now(dt.UTC)


@examples(300)
@given(argument=values, payload=values)
def test_any_json_value_is_cached_exactly_or_skipped_by_name(
    cache: Cache, argument: Any, payload: Any
) -> None:
    arguments = {"text_query": _as_parsed(argument)}
    answer = {"v": _as_parsed(payload)}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        stored = cache.put("search_places", arguments, "e", answer, source="live", issued_at=NOW)
        got = cache.get("search_places", arguments, "e")
    assert all(issubclass(w.category, CacheWarning) for w in caught), caught
    if stored:
        assert got is not None and got.payload == whole_text(answer)
    else:
        assert caught, "a payload that is not stored says why"


@examples(200)
@given(argument=values, payload=values, mode=st.sampled_from(["record", "auto"]))
def test_any_json_value_is_recorded_exactly_or_skipped_by_name(
    fast_dir: Path, argument: Any, payload: Any, mode: str
) -> None:
    path = fast_dir / f"lesson-{mode}.json"
    path.unlink(missing_ok=True)
    arguments = {"text_query": _as_parsed(argument)}
    answer = {"v": _as_parsed(payload)}
    plain = {"text_query": "coffee"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        recording = Recording(path, mode)  # type: ignore[arg-type]
        recording.add("search_places", plain, {"ok": 1}, source="live", clock=NOW)
        recording.add("search_places", arguments, answer, source="live", clock=NOW)
        data = load(path)
        replay = Recording(path, "replay")
        assert replay.lookup("search_places", plain, live=False) is not None
        describe(path)
        check(path)
    assert all(issubclass(w.category, RecordingWriteWarning) for w in caught), caught
    assert data["skipped"] == []  # mapsnb never writes a call it cannot read
    if len(data["calls"]) == 2 or arguments == plain:
        got = replay.lookup("search_places", arguments, live=False)
        assert got is not None and got.payload == whole_text(answer)
    else:
        assert any("not recorded" in str(w.message) for w in caught)
