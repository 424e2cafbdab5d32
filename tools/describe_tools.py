"""Write the tool tables of README.md and docs/TOOLS.md from the tools' description.

The six tools are described once, in ``mapsnb/_tools_spec/``; the docs' tables are made from
that description, never written by hand (``tests/calls/test_tools_spec.py`` checks that what is
committed is what this script makes).

Usage::

    python tools/describe_tools.py            # rewrite README.md's table and docs/TOOLS.md
    python tools/describe_tools.py --check    # exit 1 if either differs from the description
"""

from __future__ import annotations

import argparse
import sys
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


def _limits(argument: Argument) -> str:
    """An argument's limits in words."""
    said = []
    if argument.bounds is not None:
        said.append(f"{argument.bounds[0]} to {argument.bounds[1]}")
    if argument.max_items is not None:
        said.append(f"at most {argument.max_items} items")
    if argument.max_length is not None:
        each = " each" if argument.max_items is not None else ""
        said.append(f"at most {argument.max_length:,} characters{each}")
    if argument.values:
        said.append("one of " + ", ".join(f"`{v}`" for v in argument.values))
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a table is stale")
    args = parser.parse_args(argv)
    wanted = {
        README: with_table(README.read_text(encoding="utf-8"), readme_table()),
        REFERENCE: reference(),
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
