"""The server's tools/list fitted to typed calls (mapsnb._calls.toolset): rules and hostile lists."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapsnb._calls import arguments as rq
from mapsnb._calls.toolset import Toolset, ToolsetCache
from mapsnb.errors import InvalidRequest, ToolNotOffered
from tests.hypothesis_setup import examples

SERVER = "http://127.0.0.1:1/mcp"


def _weather_tool(*props: str) -> dict[str, Any]:
    return {"name": "lookup_weather", "inputSchema": {"properties": {p: {} for p in props}}}


def test_defaults_go_only_where_listed() -> None:
    args = rq.lookup_weather_args("Paris")
    assert args == {"location": {"address": "Paris"}, "capabilities": ["WEATHER"]}
    old = Toolset.from_list([_weather_tool("location")], SERVER)
    new = Toolset.from_list([_weather_tool("location", "capabilities")], SERVER)
    assert old.adapt("lookup_weather", args) == {"location": {"address": "Paris"}}
    assert new.adapt("lookup_weather", args) == args


def test_names_match_across_spellings() -> None:
    toolset = Toolset.from_list([_weather_tool("LOCATION", "Capabilities")], SERVER)
    args = rq.lookup_weather_args("Paris", capabilities="POLLEN")
    assert toolset.adapt("lookup_weather", args)["capabilities"] == ["POLLEN"]
    assert toolset.lists("lookup_weather", "capabilities")
    assert not toolset.lists("search_places", "text_query")


def test_a_user_set_parameter_not_listed_names_what_the_server_offers() -> None:
    toolset = Toolset.from_list([_weather_tool("location", "unitsSystem")], SERVER)
    args = rq.lookup_weather_args("Paris", include_pollutant_concentration=True)
    with pytest.raises(InvalidRequest) as info:
        toolset.adapt("lookup_weather", args)
    assert info.value.field == "air_quality_options"
    text = str(info.value)
    assert "include_pollutant_concentration" in text and SERVER in text and "unitsSystem" in text


def test_an_unlisted_tool() -> None:
    with pytest.raises(ToolNotOffered) as info:
        Toolset.from_list([_weather_tool("location")], SERVER).adapt("search_places", {})
    assert info.value.offered == ("lookup_weather",) and info.value.field == "search_places"


@pytest.mark.parametrize("schema", [None, "x", {}, {"type": "object"}, {"properties": 5}])
def test_a_schema_without_properties_constrains_nothing(schema: Any) -> None:
    toolset = Toolset.from_list([{"name": "lookup_weather", "inputSchema": schema}], SERVER)
    args = rq.lookup_weather_args("Paris", hour=3, date="2026-09-18")
    assert toolset.adapt("lookup_weather", args) == args


def test_the_cache_is_claimed_once() -> None:
    cache = ToolsetCache()
    assert cache.claim() and not cache.claim()
    cache.release()
    assert cache.claim()
    cache.settle(None)
    assert cache.state is False and cache.toolset is None and not cache.claim()


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
_tool = st.fixed_dictionaries(
    {
        "name": st.sampled_from([*rq.TOOLS, "x"]) | _json,
        "inputSchema": _json
        | st.fixed_dictionaries(
            {
                "properties": st.dictionaries(
                    st.sampled_from(["location", "capabilities", "hour", "date"]), _json
                )
            }
        ),
    }
)


@examples(300)
@given(tools=_json | st.lists(_tool | _json, max_size=6))
def test_hostile_tool_lists_give_only_named_errors(tools: Any) -> None:
    toolset = Toolset.from_list(tools, SERVER)
    for args in (
        rq.lookup_weather_args("Paris"),
        rq.lookup_weather_args("Paris", capabilities="POLLEN", date="2026-09-18", hour=3),
    ):
        try:
            out = toolset.adapt("lookup_weather", args)
        except InvalidRequest:  # ToolNotOffered included
            continue
        assert set(out) <= set(args)
