"""Property: any mix of constructor options builds a client or raises a named error
(issue 23 item 10) — ``InvalidRequest`` naming the option, never a raw exception — and a
half-built client still has a repr without the key. Construction only: nothing is sent."""

from __future__ import annotations

import datetime as dt
import math
import traceback
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mapsnb
from mapsnb.errors import InvalidRequest
from tests.hypothesis_setup import SCALE

KEY = "AIza" + "FAKE-options-0123456789abcdefghijklmnop"  # fake, split so no scanner flags it
URL = "http://127.0.0.1:9/mcp"

_junk = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=2),
    st.just(object()),
)
_numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-10, 10**7),
    st.sampled_from([math.nan, math.inf, -math.inf, -1, 0, 0.0, 1e-9, 2.0, 10**400]),
)
_seconds = st.one_of(_numbers, _junk)
_counts = st.one_of(st.integers(-3, 10**6), st.floats(allow_nan=True), _junk)
_header_names = st.one_of(
    st.sampled_from(["X-Test", "x_ok", "bad name", "colon:", "", "é", "X\nInjected"]),
    st.text(max_size=6),
    st.integers(),
)
_header_values = st.one_of(
    st.sampled_from(["v", "", " padded ", "a\r\nb", "é", "\x00"]), st.text(max_size=6), _junk
)
_headers = st.one_of(
    st.dictionaries(_header_names, _header_values, max_size=3),  # type: ignore[arg-type]
    _junk,
)
_now = st.one_of(
    st.datetimes(
        timezones=st.sampled_from(
            [None, dt.UTC, dt.timezone(dt.timedelta(hours=-7)), dt.timezone.max]
        )
    ),
    st.dates(),
    st.sampled_from(
        ["2026-02-30", "tomorrow", "2026-09-18T08:00:00-07:00", "2026-09-18", "", "  ", "Z"]
    ),
    st.integers(),
    _junk,
)
_urls = st.one_of(
    st.just(URL),
    st.sampled_from(
        [
            URL + "\n",
            " " + URL,
            "http://[::1/mcp",
            "http://[::1]:99999/mcp",
            "http://127.0.0.1:port/mcp",
            "ftp://127.0.0.1/mcp",
            "http:///mcp",
            "127.0.0.1/mcp",
            "http://u:p@127.0.0.1:9/mcp?key=" + KEY,
            "http://[::1]:9/mcp",
        ]
    ),
    st.text(max_size=20),
    st.builds(lambda t: f"http://{t}/mcp", st.text(max_size=12)),
    _junk,
)
OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "url": _urls,
    "timeout": _seconds,
    "deadline": _seconds,
    "max_retries": _counts,
    "max_calls": _counts,
    "max_pro_calls": _counts,
    "max_response_bytes": st.one_of(_counts, st.just(math.inf)),
    "headers": _headers,
    "now": _now,
    "protocol": st.one_of(st.sampled_from(["auto", "session", "stateless", "AUTO"]), _junk),
    "sandbox": st.sampled_from([None, False, 0, 1, "yes"]),
    "cache": st.sampled_from([False, None, 3600, 1.5]),
}


_OPTION_SETS = st.fixed_dictionaries({}, optional=OPTIONS)


def _no_key(text: str) -> None:
    low = text.lower()
    for i in range(len(KEY) - 11):
        assert KEY[i : i + 12].lower() not in low, f"key fragment {i} leaked in {text[:200]!r}"


@settings(max_examples=int(2000 * SCALE))
@given(options=_OPTION_SETS)
def test_constructor_options_build_or_raise_a_named_error(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GOOGLE_MAPS_API_KEY", "MAPSNB_RECORD", "MAPSNB_CACHE", "MAPSNB_SANDBOX_NOW"):
        monkeypatch.delenv(name, raising=False)
    options.setdefault("url", URL)
    try:
        client = mapsnb.Client(KEY, record=False, **options)
    except InvalidRequest as exc:
        field = exc.field.split("[")[0].split(".")[0]
        assert field in options or field in ("api_key", "url"), (field, options)
        _no_key(str(exc) + repr(exc))
        # a half-built client (in the frames of the traceback) still has a safe repr
        for frame, _ in traceback.walk_tb(exc.__traceback__):
            me = frame.f_locals.get("self")
            if isinstance(me, mapsnb.Client):
                _no_key(repr(me))
        return
    try:
        text = repr(client)
        _no_key(text)
        assert client.timeout > 0 and math.isfinite(client.timeout)
        assert client.deadline is None or (client.deadline > 0 and math.isfinite(client.deadline))
        assert isinstance(client.max_retries, int) and client.max_retries >= 0
        assert isinstance(client.max_response_bytes, int) and client.max_response_bytes > 0
        assert isinstance(client.now(), dt.datetime) and client.now().tzinfo is not None
    finally:
        client.close()


# --------------------------------------------------- one named regression per hole
@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("timeout", math.nan),
        ("timeout", -1),
        ("timeout", math.inf),
        ("deadline", math.nan),
        ("max_retries", math.inf),
        ("max_retries", -1),
        ("max_calls", -1),
        ("max_calls", 2.0),
        ("max_pro_calls", "3"),
        ("max_response_bytes", math.inf),
        ("headers", {"bad name": "x"}),
        ("headers", {"X-Ok": 5}),
        ("headers", [("X-Ok", "v")]),
        ("now", "2026-02-30"),
        ("now", 1_790_000_000),
        ("now", "tomorrow"),
        ("url", URL + "\n"),
        ("url", "http://[::1/mcp"),
        ("url", "ftp://127.0.0.1/mcp"),
        ("protocol", "AUTO"),
        ("cache", 3600),
    ],
)
def test_each_option_hole_raises_a_named_error_at_construction(option: str, value: Any) -> None:
    options: dict[str, Any] = {"url": URL, option: value}
    with pytest.raises(InvalidRequest) as info:
        mapsnb.Client(KEY, record=False, **options)
    assert info.value.field.startswith(option)
    assert isinstance(info.value, ValueError)
    assert option in str(info.value)


def test_now_tomorrow_names_the_option() -> None:
    """Issue 22 item 9: ``Client(now="tomorrow")`` names ``now=`` (emulator mode too)."""
    with pytest.raises(InvalidRequest, match=r"^now: .*ISO 8601.*'tomorrow'"):
        mapsnb.Client(now="tomorrow")


def test_cache_ttl_must_be_a_mapping(tmp_path: Any) -> None:
    with pytest.raises(InvalidRequest, match="ttl"):
        mapsnb.Cache(tmp_path / "c.sqlite", ttl=3600)  # type: ignore[arg-type]


def test_a_half_built_client_still_has_a_repr() -> None:
    bare = mapsnb.Client.__new__(mapsnb.Client)
    assert repr(bare).startswith("<Client")
    with pytest.raises(InvalidRequest) as info:
        mapsnb.Client(KEY, url=URL, timeout=math.nan)
    selves = [
        frame.f_locals["self"]
        for frame, _ in traceback.walk_tb(info.value.__traceback__)
        if isinstance(frame.f_locals.get("self"), mapsnb.Client)
    ]
    assert selves, "the constructor's frame holds the half-built client"
    for me in selves:
        assert repr(me).startswith("<Client")


@pytest.mark.parametrize("rate", [0, 0.5, math.nan, math.inf, -3, "fast", {"search_places": 0}])
def test_calls_per_minute_below_one_or_nan_is_refused_before_sending(rate: Any) -> None:
    with (
        mapsnb.Client(record=False) as client,
        pytest.raises(InvalidRequest, match="calls_per_minute"),
    ):
        client.batch.search_places(["cafe in Lyon"], calls_per_minute=rate, progress=False)
    assert client.usage["calls"].sum() == 0


def test_duplicate_column_names_are_refused() -> None:
    import pandas as pd

    df = pd.DataFrame([["Lyon", "Paris"]], columns=["city", "city"])
    with mapsnb.Client(record=False) as client, pytest.raises(InvalidRequest, match="duplicate"):
        client.batch.search_places(df, text_query="city", progress=False)


def test_a_resume_frame_without_an_error_column_is_refused() -> None:
    with mapsnb.Client(record=False) as client:
        first = client.batch.search_places(["cafe in Lyon", "cafe in Paris"], progress=False)
        with pytest.raises(InvalidRequest, match="resume"):
            client.batch.search_places(
                ["cafe in Lyon", "cafe in Paris"],
                resume=first.drop(columns=["error"]),
                progress=False,
            )
