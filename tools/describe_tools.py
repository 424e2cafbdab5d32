"""Write the tool tables of the docs and the batch methods' arguments from the tools' description.

The six tools are described once, in ``mapsnb/_tools_spec/``; README.md's tool table,
docs/TOOLS.md and, in ``mapsnb/_calls/batch/methods.py``, each batch method's tool arguments
(its keyword-only parameters, their docstring entries and the dict that passes them on by name)
are made from that description, never written by hand (``tests/calls/test_tools_spec.py`` checks
that what is committed is what this script makes). What ships is plain Python.

Usage::

    python tools/describe_tools.py            # rewrite what differs from the description
    python tools/describe_tools.py --check    # exit 1 if any file differs from the description
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapsnb._tools_spec import (  # noqa: E402
    ESSENTIALS,
    FIELD_LENGTHS,
    MAX_BATCH,
    TOOLS,
    Argument,
    Frame,
    Tool,
)

README = ROOT / "README.md"
REFERENCE = ROOT / "docs" / "TOOLS.md"
BATCHES = ROOT / "mapsnb" / "_calls" / "batch" / "methods.py"
#: The ``compute_routes`` arguments ``route_matrix`` takes (one value for every pair).
MATRIX = frozenset({"travel_mode", "departure_time", "routing_preference"})
#: README's table sits between these two lines.
MARKER = "tools-table"


def _code(text: str) -> str:
    """``text`` as inline code inside a Markdown table cell."""
    return "`" + text.replace("|", "\\|") + "`"


def _signature(tool: Tool) -> str:
    """The method as a call: its required arguments, then ``*``, then the others."""
    first = [a.name for a in tool.arguments if a.required]
    rest = [a.name for a in tool.arguments if not a.required]
    names = [*first, *(["*", *rest] if rest else [])]
    return f"client.{tool.name}({', '.join(names)})"


def _accessor(frame: Frame) -> str:
    """``.to_frame()``, ``.path_frame()`` (methods) or ``.hourly_weather`` (a property)."""
    return f".{frame.name}()" if frame.name.endswith("frame") else f".{frame.name}"


def _billing(tool: Tool) -> str:
    """The tool's tier, and the options that make a call Pro."""
    if not tool.pro_options:
        return tool.tier
    pro = ", ".join(option.says for option in tool.pro_options)
    return f"{tool.tier}; Pro with {pro}" if tool.tier == ESSENTIALS else tool.tier


def _limits(argument: Argument, quote: str = "`") -> str:
    """An argument's limits in words (its values quoted with ``quote``)."""
    said = []
    if argument.bounds is not None:
        said.append(f"{argument.bounds[0]} to {argument.bounds[1]}")
    if argument.max_items is not None:
        said.append(f"at most {argument.max_items} items")
    if argument.max_length is not None:
        each = " each" if argument.max_items is not None else ""
        said.append(f"at most {argument.max_length:,} characters{each}")
    if argument.values:
        said.append("one of " + ", ".join(f"{quote}{v}{quote}" for v in argument.values))
    return "; ".join(said)


def readme_table() -> str:
    """README's table: each tool's method, result type, frames and billing."""
    rows = [
        "| tool | method | result | frames | billing |",
        "|---|---|---|---|---|",
    ]
    for tool in TOOLS.values():
        frames = ", ".join(_code(_accessor(frame)) for frame in tool.frames)
        rows.append(
            f"| `{tool.name}` | {_code(_signature(tool))} | `{tool.result}` | {frames} "
            f"| {_billing(tool)} |"
        )
    return "\n".join(rows) + "\n"


def _tool_section(tool: Tool) -> list[str]:
    """docs/TOOLS.md's section of one tool."""
    lines = [
        f"## `{tool.name}`",
        "",
        f"{tool.says[:1].upper()}{tool.says[1:]}: `{_signature(tool)}` returns `{tool.result}`.",
        "",
        "| argument | type | required | limits |",
        "|---|---|---|---|",
    ]
    for argument in tool.arguments:
        required = "yes" if argument.required else ""
        lines.append(
            f"| `{argument.name}` | {_code(argument.type)} | {required} | {_limits(argument)} |"
        )
    packed = f"; rows packed {MAX_BATCH} a call into `{tool.packed}`" if tool.packed else ""
    lines += [
        "",
        f"Billing: {_billing(tool)}. Batches: `client.batch.{tool.name}(data, {tool.main})`, "
        f"the main argument `{tool.main}`{packed}. Wire parameters: "
        + ", ".join(
            f"`{name}`" + (" (required)" if param.required else "")
            for name, param in tool.wire.items()
        )
        + ".",
        "",
        "| frame | a row is | columns |",
        "|---|---|---|",
    ]
    for frame in tool.frames:
        columns = ", ".join(f"`{c}`" for c in frame.columns) or "those of the tables it stacks"
        lines.append(f"| {_code(_accessor(frame))} | {frame.row}: {frame.says} | {columns} |")
    return [*lines, ""]


def reference() -> str:
    """docs/TOOLS.md: every tool's arguments, billing, batches and frames."""
    lines = [
        "# The six tools",
        "",
        "<!-- Made by tools/describe_tools.py from mapsnb/_tools_spec/: do not edit by hand. -->",
        "",
        "What mapsnb knows of each tool, from its one description (`mapsnb/_tools_spec/`): the",
        "arguments of the client's method (the batch method takes the same, the first one as",
        "its main argument), their limits (checked before anything is sent), the billing tier,",
        "the top-level wire parameters `mapsnb doctor` compares with the server's `tools/list`,",
        "and the frames of the result with their columns (weather columns in metric units).",
        "Texts inside arguments are limited too: "
        + ", ".join(f"`{name}` {n:,} characters" for name, n in FIELD_LENGTHS.items())
        + " (a location's address or place id, a query's text).",
        "",
    ]
    for tool in TOOLS.values():
        lines += _tool_section(tool)
    return "\n".join(lines)


def with_table(readme: str, table: str) -> str:
    """``readme`` with the text between its table markers replaced by ``table``."""
    start, end = f"<!-- {MARKER} -->\n", f"<!-- /{MARKER} -->"
    head, found, rest = readme.partition(start)
    if not found or end not in rest:
        raise SystemExit(f"README.md has no {start.strip()} ... {end} block")
    return head + start + table + end + rest.split(end, 1)[1]


# ------------------------------------------------------------------------ batch methods
#: The batch's own keywords that may come first after the tool's arguments (``table``: a
#: weather batch's table, then the keywords of ``Options``).
_AFTER = ("table", "max_concurrency")
#: A docstring's parameter entry, and the entry of the first of :data:`_AFTER`.
_ENTRY = re.compile(r" {8}\S")
_ENTRY_AFTER = re.compile(r" {8}(table|max_concurrency)\b")
#: An edit of ``methods.py``: lines ``start`` to ``end`` (0-based, end excluded) become ``lines``.
_Edit = tuple[int, int, list[str]]


def batch_arguments(method: str) -> tuple[Tool, list[tuple[Argument, str]]]:
    """The tool batch method ``method`` runs, and the arguments it writes out with their
    annotations: each one a value or, for a tool's method, a column name (``Column``)."""
    if method == "route_matrix":
        routes = TOOLS["compute_routes"]
        return routes, [(a, f"{a.type} | None") for a in routes.arguments if a.name in MATRIX]
    tool = TOOLS[method]
    return tool, [(a, f"{a.type} | Column | None") for a in tool.arguments[1:]]


def _entry(tool: Tool, argument: Argument, matrix: bool) -> list[str]:
    """A docstring's entry for ``argument``: as in the client's method, with its limits."""
    limits = _limits(argument, quote="``")
    text = (
        ("Required; as in" if argument.required else "As in")
        + f" :meth:`Client.{tool.name}`"
        + (f" ({limits})" if limits else "")
        + (", the same for every pair" if matrix else "")
        + "."
    )
    wrapped = textwrap.wrap(
        text,
        width=100,
        initial_indent=" " * 12,
        subsequent_indent=" " * 12,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [f"        {argument.name}\n", *(line + "\n" for line in wrapped)]


def _fail(method: str, what: str) -> SystemExit:
    return SystemExit(f"{BATCHES.relative_to(ROOT)}: {method} has no {what}")


def _signature_edit(node: ast.FunctionDef) -> _Edit:
    """The tool's arguments: the keyword-only parameters before the batch's own keywords."""
    _, arguments = batch_arguments(node.name)
    kwonly = node.args.kwonlyargs
    after = next((a for a in kwonly if a.arg in _AFTER), None)
    if after is None:
        raise _fail(node.name, "keyword max_concurrency")
    written = [f"        {a.name}: {annotation} = None,\n" for a, annotation in arguments]
    return kwonly[0].lineno - 1, after.lineno - 1, written


def _docstring_edit(node: ast.FunctionDef, lines: list[str]) -> _Edit:
    """Their docstring entries: after the main argument's entry, before the batch keywords'."""
    tool, arguments = batch_arguments(node.name)
    matrix = node.name == "route_matrix"
    doc = node.body[0]
    main = "        origins, destinations\n" if matrix else f"        {tool.main}\n"
    inside = range(doc.lineno - 1, doc.end_lineno or doc.lineno)
    at = next((i for i in inside if lines[i] == main), None)
    if at is None:
        raise _fail(node.name, f"docstring entry {main.strip()!r}")
    start = next(i for i in inside if i > at and _ENTRY.match(lines[i]))
    end = next((i for i in inside if i >= start and _ENTRY_AFTER.match(lines[i])), None)
    if end is None:
        raise _fail(node.name, "docstring entry max_concurrency")
    return start, end, [line for a, _ in arguments for line in _entry(tool, a, matrix)]


def _passing_edit(node: ast.FunctionDef) -> _Edit:
    """The ``arguments`` dict that passes them on by name (``name=name``)."""
    _, arguments = batch_arguments(node.name)
    assign = next(
        (
            s
            for s in node.body
            if isinstance(s, ast.AnnAssign) and ast.unparse(s.target) == "arguments"
        ),
        None,
    )
    if assign is None or assign.end_lineno is None:
        raise _fail(node.name, "`arguments: dict[str, Any] = ...`")
    passed = [f"            {a.name}={a.name},\n" for a, _ in arguments]
    written = ["        arguments: dict[str, Any] = dict(\n", *passed, "        )\n"]
    if not passed:
        written = ["        arguments: dict[str, Any] = {}\n"]
    return assign.lineno - 1, assign.end_lineno, written


def batch_methods(source: str) -> str:
    """``source`` (``methods.py``) with each batch method's tool arguments, their docstring
    entries and the dict passing them on written from the description."""
    tree = ast.parse(source)
    methods = {
        node.name: node
        for cls in tree.body
        if isinstance(cls, ast.ClassDef) and cls.name == "BatchMethods"
        for node in cls.body
        if isinstance(node, ast.FunctionDef)
    }
    lines = source.splitlines(keepends=True)
    edits: list[_Edit] = []
    for name in (*TOOLS, "route_matrix"):
        if name not in methods:
            raise SystemExit(f"{BATCHES.relative_to(ROOT)}: BatchMethods has no {name}")
        node = methods[name]
        edits += [_signature_edit(node), _docstring_edit(node, lines), _passing_edit(node)]
    for start, end, new in sorted(edits, reverse=True):
        lines[start:end] = new
    return "".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a table is stale")
    args = parser.parse_args(argv)
    wanted = {
        README: with_table(README.read_text(encoding="utf-8"), readme_table()),
        REFERENCE: reference(),
        BATCHES: batch_methods(BATCHES.read_text(encoding="utf-8")),
    }
    stale = [
        path
        for path, text in wanted.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from the tools' description", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
