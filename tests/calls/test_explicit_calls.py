"""A call's path can be read: arguments passed by name, signatures written out, no introspection.

No ``locals()``, ``inspect.signature`` or ``__dict__.update`` in ``mapsnb/``; each tool method
passes its arguments by name to its builder and names its result type; the batch methods'
signatures are plain Python (held to :class:`Options` here); the async twin a sync client runs
its batches on is built by its own constructor.
"""

from __future__ import annotations

import ast
import asyncio
import dataclasses
import datetime as dt
import inspect
import textwrap
import typing
from pathlib import Path

import pytest

import mapsnb
from mapsnb._calls import arguments as rq
from mapsnb._calls.batch.batches import AsyncBatch, Batch
from mapsnb._calls.batch.planning import Options
from mapsnb._calls.flow import Call
from mapsnb.results import PlacesResult, RoutesResult

PACKAGE = Path(mapsnb.__file__).resolve().parent
TOOLS = list(rq.BUILDERS)
NOW = "2026-09-18T15:00:00+00:00"
#: The builders' spelling of the parameters that shadow a check of the same name.
_SPELLED = {"location_": "location", "travel_mode_": "travel_mode"}
_SPELLED["routing_preference_"] = "routing_preference"


def _tricks(tree: ast.AST) -> list[tuple[int, str]]:
    """Where ``tree`` calls ``locals()``, uses ``inspect.signature``, updates a ``__dict__``
    (or ``vars(...)``) or makes an ``AsyncClient`` with ``__new__``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "locals":
            found.append((node.lineno, "locals()"))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "inspect" and node.attr == "signature":
                found.append((node.lineno, "inspect.signature"))
            if node.value.id == "AsyncClient" and node.attr == "__new__":
                found.append((node.lineno, "AsyncClient.__new__"))
        if isinstance(node, ast.ImportFrom) and node.module == "inspect":
            names = [alias.name for alias in node.names]
            found += (
                [(node.lineno, "from inspect import signature")] if "signature" in names else []
            )
        if isinstance(node, ast.Attribute) and node.attr == "update":
            target = node.value
            if isinstance(target, ast.Attribute) and target.attr == "__dict__":
                found.append((node.lineno, "__dict__.update"))
            if isinstance(target, ast.Call) and getattr(target.func, "id", None) == "vars":
                found.append((node.lineno, "vars(...).update"))
    return found


def test_the_detector_finds_each_trick() -> None:
    source = (
        "import inspect\nfrom inspect import signature\n"
        "def f(self, a):\n    g(locals())\n    inspect.signature(f)\n"
        "    self.__dict__.update(a)\n    vars(self).update(a)\n    AsyncClient.__new__(AsyncClient)\n"
    )
    assert [what for _, what in sorted(_tricks(ast.parse(source)))] == [
        "from inspect import signature",
        "locals()",
        "inspect.signature",
        "__dict__.update",
        "vars(...).update",
        "AsyncClient.__new__",
    ]


def test_no_introspection_tricks_in_the_package() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, what in _tricks(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    ]
    assert found == []


@pytest.mark.parametrize("tool", TOOLS)
def test_the_written_parameters_are_the_builders_and_the_methods(tool: str) -> None:
    """``PARAMETERS`` (what batches take), the builder and the client's method agree."""
    build, timed = rq.BUILDERS[tool]
    builder = [_SPELLED.get(p, p) for p in inspect.signature(build).parameters]
    assert builder == [*rq.PARAMETERS[tool], *(["now"] if timed else [])]
    method = list(inspect.signature(getattr(mapsnb.Client, tool)).parameters)[1:]
    assert method == list(rq.PARAMETERS[tool])


@pytest.mark.parametrize("tool", TOOLS)
def test_a_tool_method_passes_its_arguments_by_name_and_names_its_result_type(tool: str) -> None:
    method = getattr(mapsnb.Client, tool)
    tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
    calls = {ast.unparse(node.func): node for node in ast.walk(tree) if isinstance(node, ast.Call)}
    build = calls[f"rq.{tool}_args"]
    positional = [ast.unparse(a) for a in build.args]
    assert positional == list(rq.PARAMETERS[tool][: len(positional)]) and positional
    others = rq.PARAMETERS[tool][len(positional) :]
    passed = {_SPELLED.get(k.arg or "", k.arg): ast.unparse(k.value) for k in build.keywords}
    assert {k: v for k, v in passed.items() if k != "now"} == {name: name for name in others}
    assert ("now" in passed) is rq.BUILDERS[tool][1]
    result = typing.get_type_hints(method)["return"]
    typed = calls["self._typed_flow"]
    assert ast.unparse(typed.args[1]) == result.__name__  # the result type, where it is called


def _answers(client: mapsnb.Client) -> dict[str, object]:
    routes = client.compute_routes("Porto", "Braga")
    return {
        "search_places": client.search_places("bakeries in Lyon", page_size=2),
        "lookup_weather": client.lookup_weather("Lyon"),
        "compute_routes": routes,
        "search_along_route": client.search_along_route("coffee", route=routes),
        "resolve_names": client.resolve_names(["Eiffel Tower"]),
        "resolve_maps_urls": client.resolve_maps_urls(["https://maps.google.com/?cid=1"]),
    }


def test_each_tool_method_returns_its_annotated_result_type() -> None:
    with mapsnb.Client(now=NOW) as client:
        answers = _answers(client)
    for tool, answer in answers.items():
        expected = typing.get_type_hints(getattr(mapsnb.Client, tool))["return"]
        assert type(answer) is expected, tool
        assert answer.request == dict(answer.request) and answer.request, tool  # type: ignore[attr-defined]


def test_the_typed_flow_reads_the_answer_into_the_type_given() -> None:
    with mapsnb.Client(now=NOW) as client:
        arguments = rq.search_places_args("bakeries in Lyon", page_size=2)
        places = client._invoke(client._typed_flow(Call("search_places", arguments), PlacesResult))
        assert isinstance(places, PlacesResult) and places.places
        arguments = rq.compute_routes_args("Porto", "Braga", now=client.now())
        route = client._invoke(client._typed_flow(Call("compute_routes", arguments), RoutesResult))
        assert isinstance(route, RoutesResult) and route.routes


@pytest.mark.parametrize("tool", TOOLS)
def test_batch_methods_are_written_out_with_the_options_keywords(tool: str) -> None:
    """The main argument, the tool's other arguments, then the keywords of ``Options``; no
    ``**kwargs`` (tests/calls/test_tools_spec.py holds the tool's arguments to the description)."""
    method = getattr(Batch, tool)
    assert getattr(AsyncBatch, tool) is method  # one implementation, awaited or not
    assert not hasattr(method, "__wrapped__") and "__signature__" not in vars(method)
    params = list(inspect.signature(method).parameters.values())
    assert [p.name for p in params[:3]] == ["self", "data", rq.PARAMETERS[tool][0]]
    assert params[2].default is None
    assert [p.kind for p in params[3:]] == [inspect.Parameter.KEYWORD_ONLY] * len(params[3:])
    others = list(rq.PARAMETERS[tool][1:])
    table = ["table"] if tool == "lookup_weather" else []
    fields = dataclasses.fields(Options)
    assert [p.name for p in params[3:]] == [*others, *table, *(f.name for f in fields)]
    keywords = params[3 + len(others) + len(table) :]
    assert [(p.name, p.default) for p in keywords] == [(f.name, f.default) for f in fields]
    assert [p.annotation for p in keywords] == [f.type for f in fields]
    assert all(p.default is None for p in params[3 : 3 + len(others) + len(table)])


@pytest.mark.parametrize("tool", TOOLS)
def test_a_batch_method_passes_the_tools_arguments_by_name(tool: str) -> None:
    """Each tool argument goes into the ``arguments`` dict as ``name=name``, in its order."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(Batch, tool))))
    assign = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "arguments"
    )
    others = list(rq.PARAMETERS[tool][1:])
    assert assign.value is not None
    if not others:
        assert ast.unparse(assign.value) == "{}"
        return
    assert isinstance(assign.value, ast.Call) and ast.unparse(assign.value.func) == "dict"
    assert not assign.value.args
    passed = [(k.arg, ast.unparse(k.value)) for k in assign.value.keywords]
    assert passed == [(name, name) for name in others]


def test_batch_options_reach_the_plan() -> None:
    with mapsnb.Client(now=NOW) as client:
        plan = client.batch.search_places(["bakeries in Lyon", "cafés in Porto"], dry_run=True)
        assert list(plan["tool"]) == ["search_places", "search_places"]
        with pytest.raises(mapsnb.InvalidRequest, match="max_concurrency"):
            client.batch.search_places(["x"], max_concurrency=0, progress=False)
        with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
            client.batch.search_places(["x"], dry_run=True, colour="red")  # type: ignore[call-arg]


def test_the_async_twin_is_built_by_its_constructor_and_shares_the_client() -> None:
    client = mapsnb.Client(now=NOW, max_calls=50)
    http = client._async_http()  # to the emulator, as a batch's loop thread makes it
    try:
        twin = client._async_twin(http)
        assert isinstance(twin, mapsnb.AsyncClient)
        sync_only = {"_on_close", "_loop_thread", "_batch_partial"}
        assert set(vars(client)) - sync_only <= set(vars(twin))
        assert set(vars(twin)) - set(vars(client)) <= {"_loop"}
        for name in ("_meter", "_stats", "_names", "_tools", "_sandbox", "cache", "recording"):
            assert getattr(twin, name) is getattr(client, name), name
        for name in ("url", "source", "timeout", "deadline", "max_retries", "_session_id"):
            assert getattr(twin, name) == getattr(client, name), name
        assert twin._http is http and client._http is not http
        assert not twin._holds_cache and not twin._finalizer.alive  # http stays the caller's

        async def call() -> object:
            return await twin.search_places("bakeries in Lyon", page_size=2)

        assert isinstance(asyncio.run(call()), PlacesResult)
        usage = client.usage
        assert int(usage.loc[usage["tool"] == "search_places", "calls"].sum()) == 1
        assert not http.is_closed
    finally:
        asyncio.run(http.aclose())
        client.close()


def test_a_batch_counts_on_the_sync_client() -> None:
    with mapsnb.Client(now=NOW) as client:
        out = client.batch.search_places(["bakeries in Lyon", "cafés in Porto"], progress=False)
        assert set(out["status"]) == {"ok"}
        usage = client.usage
        assert int(usage.loc[usage["tool"] == "search_places", "calls"].sum()) == 2


def test_a_timed_builder_gets_the_clients_clock() -> None:
    """``compute_routes`` checks its times against the client's clock, not the machine's."""
    with mapsnb.Client(now=NOW) as client:
        late = dt.datetime(2026, 9, 18, 18, tzinfo=dt.UTC)
        assert client.compute_routes("Porto", "Braga", departure_time=late).routes
        with pytest.raises(mapsnb.InvalidRequest, match="departure_time"):
            client.compute_routes("Porto", "Braga", departure_time="2026-09-18T14:00:00Z")
