"""The six tools are described once (``mapsnb/_tools_spec/``), and everything reads that.

Change detection: each consumer's table is what the description gives (the client's written-out
methods, the builders and the input limits they check, known tools, billing, the batches'
arguments (their written-out signatures too), packing, tables and levels, ``RESULT_TYPES``, the
frames' columns, the docs' tables);
billing and the docs generator follow a changed description; no module outside the description
writes a tool's arguments or columns in a table of its own.
"""

from __future__ import annotations

import ast
import datetime as dt
import importlib.util
import inspect
import subprocess
import sys
import typing
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd
import pytest

import mapsnb
from mapsnb import _limits
from mapsnb._calls import arguments as rq
from mapsnb._calls import billing
from mapsnb._calls.batch import assembly, parts, planning
from mapsnb._calls.batch.batches import AsyncBatch, Batch
from mapsnb._calls.known_tools import KNOWN_TOOLS
from mapsnb._tools_spec import (
    ESSENTIALS,
    FIELD_LENGTHS,
    PRO,
    TOOLS,
    Argument,
    ProOption,
    Tool,
    frame_columns,
)
from mapsnb.errors import InvalidRequest
from mapsnb.frames import (
    _air_quality,
    _along_route,
    _places,
    _pollen,
    _resolution,
    _routes,
    _weather,
)
from mapsnb.results import RESULT_TYPES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mapsnb"
NAMES = list(TOOLS)
NOW = "2026-09-18T15:00:00+00:00"
CLOCK = dt.datetime(2026, 9, 18, 15, tzinfo=dt.UTC)


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "describe_tools", ROOT / "tools" / "describe_tools.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _written_type(annotation: str) -> str:
    """A method's annotation as the description writes it: no module prefix, no ``| None``."""
    return annotation.replace("rq.", "").removesuffix(" | None")


# ---------------------------------------------------------------------- the description
@pytest.mark.parametrize("name", NAMES)
def test_each_description_holds_together(name: str) -> None:
    tool = TOOLS[name]
    assert tool.name == name and len(set(tool.names)) == len(tool.names)
    assert tool.arguments[0].required  # the main argument: a batch's values
    assert tool.frames[0].name == "to_frame" and len({f.name for f in tool.frames}) == len(
        tool.frames
    )
    if tool.packed is not None:
        assert tool.packed == tool.main and tool.packed in tool.wire
    for option in tool.pro_options:
        assert option.argument in tool.wire, option
    for argument in tool.arguments:
        if argument.values and argument.name in tool.wire:
            assert argument.values == tool.wire[argument.name].values, argument.name
        if argument.bounds is not None:
            assert argument.type == "int" and argument.bounds[0] <= argument.bounds[1]


# --------------------------------------------------------------------------- the client
@pytest.mark.parametrize("client", [mapsnb.Client, mapsnb.AsyncClient])
@pytest.mark.parametrize("name", NAMES)
def test_each_public_method_takes_the_described_arguments(client: type, name: str) -> None:
    """The methods stay written out; their parameters are the description's, in its order."""
    tool = TOOLS[name]
    params = list(inspect.signature(getattr(client, name)).parameters.values())[1:]
    assert [p.name for p in params] == list(tool.names)
    for param, argument in zip(params, tool.arguments, strict=True):
        assert (param.default is param.empty) is argument.required, argument.name
        positional = param.kind is param.POSITIONAL_OR_KEYWORD
        assert positional is argument.required, f"{argument.name}: only required ones positional"
        assert _written_type(param.annotation) == argument.type, argument.name
    returned = inspect.signature(getattr(mapsnb.Client, name)).return_annotation
    assert returned == tool.result


@pytest.mark.parametrize("name", NAMES)
def test_the_builders_and_their_table_are_the_description(name: str) -> None:
    tool = TOOLS[name]
    assert rq.PARAMETERS[name] == tool.names == rq.tool_parameters(name)
    assert rq.BUILDERS[name][1] is tool.timed
    assert rq.BUILDERS[name][0].__name__ == f"{name}_args"
    assert tuple(TOOLS) == rq.TOOLS


# ----------------------------------------------------------------------- limits, checked
def test_the_input_limits_are_made_from_the_description() -> None:
    lengths: dict[str, set[int]] = {}
    sizes: dict[str, set[int]] = {}
    for tool in TOOLS.values():
        for a in tool.arguments:
            if a.max_length is not None:
                lengths.setdefault(a.name, set()).add(a.max_length)
            if a.max_items is not None:
                sizes.setdefault(a.name, set()).add(a.max_items)
    # a name means one limit whichever tool has it: the wire checks know no tool
    assert all(len(v) == 1 for v in [*lengths.values(), *sizes.values()]), (lengths, sizes)
    expected = {name: v.pop() for name, v in lengths.items()} | FIELD_LENGTHS
    assert expected == _limits.TEXT_LENGTHS
    assert {name: v.pop() for name, v in sizes.items()} == _limits.LIST_SIZES
    assert (_limits.MAX_BATCH, _limits.MAX_PAGE_SIZE) == (20, 10)


#: Arguments that make a valid call of each tool, and the route a text of one of the route's
#: own arguments replaces.
BASE: dict[str, dict[str, Any]] = {
    "search_places": {"text_query": "cafes in Lyon"},
    "lookup_weather": {"location": "Lyon"},
    "compute_routes": {"origin": "Porto", "destination": "Braga"},
    "search_along_route": {"text_query": "coffee", "encoded_polyline": "_p~iF~ps|U_ulLnnqC"},
    "resolve_names": {"queries": ["Louvre"]},
    "resolve_maps_urls": {"urls": ["https://maps.google.com/?cid=1"]},
}
_ROUTE_ARGS = {"retrieval_token", "encoded_polyline"}


def _arguments(name: str, argument: str, value: Any) -> dict[str, Any]:
    base = dict(BASE[name])
    if argument in _ROUTE_ARGS:
        base.pop("encoded_polyline")
    if argument == "hour":  # an hour needs its date
        base["date"] = CLOCK.date()
    return {**base, argument: value}


def _refused(name: str, given: dict[str, Any]) -> InvalidRequest:
    with pytest.raises(InvalidRequest) as caught:
        rq.tool_arguments(name, given, lambda: CLOCK)
    return caught.value


_CHECKED = [
    (name, a)
    for name, tool in TOOLS.items()
    for a in tool.arguments
    if a.max_length is not None or a.max_items is not None or a.bounds is not None
]


@pytest.mark.parametrize(("name", "argument"), _CHECKED, ids=[f"{n}-{a.name}" for n, a in _CHECKED])
def test_the_builders_check_the_described_limits(name: str, argument: Argument) -> None:
    """Each described limit is a named ``InvalidRequest`` before sending."""
    if argument.max_length is not None and argument.type == "str":
        error = _refused(name, _arguments(name, argument.name, "x" * (argument.max_length + 1)))
        assert error.field == argument.name  # the limit, or a stricter rule of the field
        if not argument.values and "code" not in argument.name and "time" not in argument.name:
            assert f"{argument.max_length:,}" in error.rule
    if argument.max_items is not None and not argument.values:  # an enum list is deduplicated
        item = BASE[name].get(argument.name, ["WEATHER"])
        items = [item[0] if isinstance(item, list) else "Lyon"] * (argument.max_items + 1)
        error = _refused(name, _arguments(name, argument.name, items))
        assert error.field.startswith(argument.name) and str(argument.max_items) in error.rule
    if argument.bounds is not None:
        low, high = argument.bounds
        for inside in (low, high):
            assert rq.tool_arguments(name, _arguments(name, argument.name, inside), lambda: CLOCK)
        for outside in (low - 1, high + 1):
            error = _refused(name, _arguments(name, argument.name, outside))
            assert error.field == argument.name


# ---------------------------------------------------------------- known tools, billing
def test_the_known_tools_are_the_described_wire_parameters() -> None:
    assert list(KNOWN_TOOLS) == NAMES
    for name, tool in TOOLS.items():
        assert list(KNOWN_TOOLS[name].items()) == list(tool.wire.items())


def _pro_arguments(option: ProOption, over: bool) -> dict[str, Any]:
    """Wire arguments on either side of a Pro option."""
    if option.above is not None:
        n = option.above + (1 if over else 0)
        return {option.argument: [{"address": "x"}] * n if option.argument.endswith("s") else n}
    if option.equals is not None:
        return {option.argument: option.equals if over else None}
    assert option.holds is not None
    held = {option.argument: [option.holds] if over else ["WEATHER"]}
    return held | ({"date": {"year": 2026, "month": 9, "day": 1}} if option.past else {})


@pytest.mark.parametrize("name", NAMES)
def test_billing_reads_the_tier_and_pro_options(name: str) -> None:
    tool = TOOLS[name]
    assert billing.tier(name, {}, CLOCK) == tool.tier
    for option in tool.pro_options:
        assert billing.tier(name, _pro_arguments(option, over=True), CLOCK) == PRO, option
        assert billing.tier(name, _pro_arguments(option, over=False), CLOCK) == ESSENTIALS
    assert (tool.tier == ESSENTIALS) is bool(tool.pro_options)  # a fixed tier has no options


def test_billing_follows_a_changed_description(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = TOOLS["resolve_names"]._replace(
        tier=ESSENTIALS,
        pro_options=(ProOption("queries", "more than 2 names", above=2),),
    )
    monkeypatch.setitem(TOOLS, "resolve_names", changed)
    assert billing.tier("resolve_names", {"queries": ["a", "b"]}) == ESSENTIALS
    assert billing.tier("resolve_names", {"queries": ["a", "b", "c"]}) == PRO


# ----------------------------------------------------------------------------- batches
@pytest.mark.parametrize("name", NAMES)
def test_the_batches_read_the_description(name: str) -> None:
    tool = TOOLS[name]
    params = list(inspect.signature(getattr(Batch, name)).parameters)
    assert params[2] == tool.main  # the main argument, written out
    assert getattr(AsyncBatch, name) is getattr(Batch, name)
    assert planning._MAIN[name] == tool.main
    assert planning._PARAMS[name] == tool.names[1:]
    assert planning._REQUIRED[name] == tuple(a.name for a in tool.arguments[1:] if a.required)
    assert parts.PACKED.get(name) == tool.packed
    assert assembly.POSITIONS[name] == tool.frame("to_frame").row
    weather = TOOLS["lookup_weather"].frames[1:]
    assert tuple(f.name for f in weather) == planning.TABLES
    assert {f.name: f.row for f in weather} == assembly.TABLE_POSITIONS
    integers = {a.name for t in TOOLS.values() for a in t.arguments if a.type == "int"}
    assert planning._INTEGERS == integers == {"hour", "page_size"}


def test_a_batch_plans_by_the_description() -> None:
    """Packing, the required destination and the unknown-argument list, as described."""
    with mapsnb.Client(now=NOW) as client:
        names = [f"Place {i}" for i in range(45)]
        plan = client.batch.resolve_names(names, dry_run=True)
        assert list(plan["rows"]) == [20, 20, 5]
        assert all(set(a) == {TOOLS["resolve_names"].packed} for a in plan["arguments"])
        df = pd.DataFrame({"origin": ["Porto"]})
        with pytest.raises(InvalidRequest, match="destination"):
            client.batch.compute_routes(df, "origin", dry_run=True)
        with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
            client.batch.search_places(["x"], dry_run=True, colour="red")  # type: ignore[call-arg]


#: What a batch method takes after the tool's arguments (``table``: a weather batch's table).
_BATCH_KEYWORDS = ("table", "max_concurrency", "progress", "dry_run", "resume", "calls_per_minute")


def _tool_parameters(method: Any) -> list[inspect.Parameter]:
    """The keyword-only parameters of batch ``method`` before its batch keywords."""
    params = [p for p in inspect.signature(method).parameters.values() if p.kind is p.KEYWORD_ONLY]
    return [p for p in params if p.name not in _BATCH_KEYWORDS]


@pytest.mark.parametrize("batch", [Batch, AsyncBatch])
@pytest.mark.parametrize("name", NAMES)
def test_the_batch_signatures_are_the_description(batch: type[Batch], name: str) -> None:
    """Each batch method writes out its tool's other arguments: the description's names, in
    its order, annotated with its types (or a column name), ``None`` ("not given") by default."""
    tool = TOOLS[name]
    method = getattr(batch, name)
    params = _tool_parameters(method)
    assert [p.name for p in params] == list(tool.names[1:])
    for param, argument in zip(params, tool.arguments[1:], strict=True):
        assert param.annotation == f"{argument.type} | Column | None", argument.name
        assert param.default is None, argument.name
    hints = typing.get_type_hints(method)  # the annotations name what the module imports
    assert all(p.name in hints for p in params)
    assert not any(p.kind is p.VAR_KEYWORD for p in inspect.signature(method).parameters.values())


@pytest.mark.parametrize("batch", [Batch, AsyncBatch])
def test_route_matrix_takes_described_compute_routes_arguments(batch: type[Batch]) -> None:
    """``route_matrix``'s arguments of ``compute_routes`` (one value for every pair), in the
    description's order and with its types."""
    described = {a.name: a for a in TOOLS["compute_routes"].arguments}
    params = _tool_parameters(batch.route_matrix)
    assert [p.name for p in params] == [n for n in described if n in {p.name for p in params}]
    assert {p.name for p in params} == _generator().MATRIX
    for param in params:
        assert param.annotation == f"{described[param.name].type} | None" and param.default is None
    typing.get_type_hints(batch.route_matrix)


def test_a_batch_takes_each_tool_argument_as_a_column_or_a_value() -> None:
    """The written-out keywords keep the batch's convention: a column name is per row, another
    value is for every row, ``None`` is not given, a near-miss of a column name is refused."""
    df = pd.DataFrame({"q": ["cafes", "bakeries"], "lang": ["fr", "de"]})
    with mapsnb.Client(now=NOW) as client:
        per_row = client.batch.search_places(df, "q", language_code="lang", dry_run=True)
        assert [a["language_code"] for a in per_row["arguments"]] == ["fr", "de"]
        fixed = client.batch.search_places(df, "q", language_code="it", dry_run=True)
        assert [a["language_code"] for a in fixed["arguments"]] == ["it", "it"]
        given_none = client.batch.search_places(df, "q", language_code=None, dry_run=True)
        left_out = client.batch.search_places(df, "q", dry_run=True)
        assert given_none["arguments"].tolist() == left_out["arguments"].tolist()
        assert all("language_code" not in a for a in left_out["arguments"])
        with pytest.raises(InvalidRequest, match="did you mean 'lang'"):
            client.batch.search_places(df, "q", language_code="lnag", dry_run=True)
        with pytest.raises(InvalidRequest, match="destination"):
            client.batch.compute_routes(["Porto"], destination=None, dry_run=True)


# ------------------------------------------------------------------ results and frames
@pytest.mark.parametrize("name", NAMES)
def test_the_result_types_are_the_described_ones(name: str) -> None:
    cls = RESULT_TYPES[name]
    assert cls.__name__ == TOOLS[name].result and cls.tool == name
    assert typing.get_type_hints(getattr(mapsnb.Client, name))["return"] is cls


def test_the_frames_column_lists_are_the_description() -> None:
    assert frame_columns("search_places") == _places.PLACE_COLUMNS
    assert frame_columns("search_along_route") == _along_route.ALONG_COLUMNS
    assert frame_columns("compute_routes") == _routes.ROUTE_COLUMNS
    assert frame_columns("compute_routes", "path_frame") == _routes.PATH_COLUMNS
    for name in ("resolve_names", "resolve_maps_urls"):
        label = _resolution.RESOLUTION_KEYS[name][2]
        assert [label, *_resolution.BATCH_COLUMNS] == frame_columns(name)
    weather = {
        "air_quality": _air_quality.AIR_QUALITY_COLUMNS,
        "pollutants": _air_quality.POLLUTANT_COLUMNS,
        "health_recommendations": _air_quality.HEALTH_COLUMNS,
        "current_weather": _weather.CURRENT_WEATHER_COLUMNS,
        "hourly_weather": _weather.WEATHER_COLUMNS,
        "daily_weather": _weather.DAILY_COLUMNS,
        "pollen": _pollen.POLLEN_COLUMNS,
    }
    for table, columns in weather.items():
        assert columns == frame_columns("lookup_weather", table), table
    # the weather frames are built with the measures' unit-free names, named for their units
    assert {"temperature", "wind_speed", "precip_amount", "visibility"} <= set(
        _weather._WEATHER_BASE
    )
    assert {"temperature_max", "feels_like_min", "wind_gust"} <= set(_weather._DAILY_BASE)


def _frames_of(client: mapsnb.Client) -> dict[tuple[str, str], pd.DataFrame]:
    routes = client.compute_routes("Porto", "Braga")
    env = client.lookup_weather("Lyon", capabilities=["WEATHER", "AIR_QUALITY", "POLLEN"])
    hourly = client.lookup_weather("Lyon", date=CLOCK.date(), hour=18)
    daily = client.lookup_weather("Lyon", date=CLOCK.date() + dt.timedelta(days=1))
    aq = client.lookup_weather("Lyon", capabilities=["AIR_QUALITY"])
    frames = {
        ("search_places", "to_frame"): client.search_places("bakeries in Lyon").to_frame(),
        ("compute_routes", "to_frame"): routes.to_frame(),
        ("compute_routes", "path_frame"): routes.path_frame(),
        ("search_along_route", "to_frame"): client.search_along_route(
            "coffee", route=routes
        ).to_frame(),
        ("resolve_names", "to_frame"): client.resolve_names(["Eiffel Tower"]).to_frame(),
        ("resolve_maps_urls", "to_frame"): client.resolve_maps_urls(
            ["https://maps.google.com/?cid=1"]
        ).to_frame(),
        ("lookup_weather", "hourly_weather"): hourly.hourly_weather,
        ("lookup_weather", "daily_weather"): daily.daily_weather,
    }
    for table in ("current_weather", "pollen"):
        frames["lookup_weather", table] = getattr(env, table)
    for table in ("air_quality", "pollutants", "health_recommendations"):
        frames["lookup_weather", table] = getattr(aq, table)
    return frames


def test_the_frames_have_the_described_columns() -> None:
    """Answers of the emulator read into frames whose columns start with the description's
    (unknown fields may follow as extra columns)."""
    with mapsnb.Client(now=NOW) as client, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        frames = _frames_of(client)
    described = {
        (name, frame.name) for name, tool in TOOLS.items() for frame in tool.frames if frame.columns
    }
    assert set(frames) == described
    for (name, table), df in frames.items():
        columns = frame_columns(name, table)
        assert list(df.columns[: len(columns)]) == columns, (name, table)


# -------------------------------------------------------------------------------- docs
def test_the_docs_tables_are_made_from_the_description() -> None:
    generator = _generator()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert generator.with_table(readme, generator.readme_table()) == readme, (
        "README.md's tool table is stale: run python tools/describe_tools.py"
    )
    reference = (ROOT / "docs" / "TOOLS.md").read_text(encoding="utf-8")
    assert reference == generator.reference(), "docs/TOOLS.md is stale: run tools/describe_tools.py"
    for tool in TOOLS.values():
        assert f"`client.{tool.name}(" in readme and f"`{tool.result}`" in readme
        assert all(f"| `{a.name}` | " in reference for a in tool.arguments)
    assert generator.main(["--check"]) == 0


def test_the_docs_follow_a_changed_description(monkeypatch: pytest.MonkeyPatch) -> None:
    generator = _generator()
    tool: Tool = TOOLS["resolve_maps_urls"]
    more = (*tool.arguments, Argument("region_code", "str", max_length=64))
    monkeypatch.setitem(TOOLS, tool.name, tool._replace(arguments=more))
    assert "`client.resolve_maps_urls(urls, *, region_code)`" in generator.readme_table()
    assert generator.reference() != (ROOT / "docs" / "TOOLS.md").read_text(encoding="utf-8")
    assert generator.main(["--check"]) == 1


def test_the_batch_methods_are_written_from_the_description() -> None:
    """``mapsnb/_calls/batch/methods.py`` is what the generator writes (its other parts kept)."""
    generator = _generator()
    source = generator.BATCHES.read_text(encoding="utf-8")
    assert generator.batch_methods(source) == source, (
        "the batch methods' arguments are stale: run python tools/describe_tools.py"
    )


def test_the_batch_methods_follow_a_changed_description(monkeypatch: pytest.MonkeyPatch) -> None:
    generator = _generator()
    source = generator.BATCHES.read_text(encoding="utf-8")
    tool: Tool = TOOLS["resolve_maps_urls"]
    more = (*tool.arguments, Argument("region_code", "str", max_length=64))
    monkeypatch.setitem(TOOLS, tool.name, tool._replace(arguments=more))
    written = generator.batch_methods(source)
    method = written.split("    def resolve_maps_urls(", 1)[1].split("    def ", 1)[0]
    assert "        region_code: str | Column | None = None,\n        max_concurrency" in method
    assert "        region_code\n            As in :meth:`Client.resolve_maps_urls`" in method
    assert "dict(\n            region_code=region_code,\n        )" in method
    assert written.replace(method, "") == source.replace(
        source.split("    def resolve_maps_urls(", 1)[1].split("    def ", 1)[0], ""
    )  # the other methods are as they were
    ast.parse(written)
    assert generator.batch_methods(written) == written  # written again: the same
    assert generator.main(["--check"]) == 1
    dropped = tool._replace(arguments=tool.arguments)
    monkeypatch.setitem(TOOLS, tool.name, dropped)
    assert generator.batch_methods(written) == source  # and back


# ----------------------------------------------------------------- written once, here
def _described_names() -> set[str]:
    """Every argument, wire parameter and column name the description holds."""
    names = {a.name for t in TOOLS.values() for a in t.arguments}
    names |= {p for t in TOOLS.values() for p in t.wire}
    names |= {c for t in TOOLS.values() for f in t.frames for c in f.columns}
    return names


def _literal_strings(node: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _second_descriptions(tree: ast.AST) -> list[tuple[int, list[str]]]:
    """Tables in ``tree`` keyed by two or more tool names whose values name the description's
    arguments, wire parameters or columns: where, and the names."""
    names = _described_names() - set(TOOLS)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
        if len(keys & set(TOOLS)) < 2:
            continue
        named = set().union(*(_literal_strings(v) for v in node.values)) & names
        if named:
            found.append((node.lineno, sorted(named)))
    return found


def test_no_module_writes_a_tools_shape_of_its_own() -> None:
    """A table keyed by tool names whose values name the description's arguments or columns
    is a second description: none outside ``_tools_spec/`` (the emulator, a server of its own,
    keeps its own)."""
    found = [
        f"{path.relative_to(ROOT)}:{line}: {named}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "_tools_spec" not in path.parts
        for line, named in _second_descriptions(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == []


def test_the_detector_finds_a_second_description() -> None:
    source = (
        'PARAMS = {"search_places": ("text_query", "page_size"), "resolve_names": ("queries",)}\n'
        'KINDS = {"search_places": "places", "compute_routes": "routes"}\n'
        'ONE = {"search_places": ("text_query",)}\n'
    )
    assert _second_descriptions(ast.parse(source)) == [(1, ["page_size", "queries", "text_query"])]


def test_import_mapsnb_does_not_load_the_description() -> None:
    """The description loads with the first call (its limits), not with ``import mapsnb``."""
    code = "import sys, mapsnb; print('mapsnb._tools_spec' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "False"
