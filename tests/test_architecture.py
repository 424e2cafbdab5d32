"""The import graph (read with ``ast``): no loops, nothing imports the package ``__init__``,
payload dicts are read in one place, and UI layers stay out of the core."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mapsnb"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str, *, top_level: bool = False) -> list[tuple[str, list[str]]]:
    """``(imported module, names)`` for every import of ``module`` (function-level ones too,
    unless ``top_level``; ``if TYPE_CHECKING:`` blocks excluded)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, list[str]]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                found.extend((a.name, []) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = package
                for _ in range(child.level - 1):
                    base = base.rpartition(".")[0]
                target = (
                    f"{base}.{child.module}"
                    if child.level and child.module
                    else base
                    if child.level
                    else child.module or ""
                )
                found.append((target, [a.name for a in child.names]))
            if not (top_level and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))):
                visit(child)

    visit(tree)
    return found


def _edges(module: str, *, top_level: bool = False) -> set[str]:
    out: set[str] = set()
    for target, names in _imports(module, top_level=top_level):
        if not target.startswith("mapsnb"):
            continue
        submodules = {f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES}
        if submodules:
            out |= submodules
        if target in MODULES and (not names or len(submodules) < len(names)):
            out.add(target)
    out.discard(module)
    return out


GRAPH = {m: _edges(m) for m in MODULES}


def test_no_module_imports_the_package_init() -> None:
    offenders = sorted(
        m for m, deps in GRAPH.items() if "mapsnb" in deps and not m.startswith("mapsnb.__")
    )
    assert offenders == [], f"these modules import names from mapsnb/__init__.py: {offenders}"


def test_the_import_graph_has_no_loop() -> None:
    # package __init__ modules re-export their children; their edges are not loops of logic
    graph = {
        m: {d for d in deps if not (MODULES[d].name == "__init__.py" and m.startswith(d + "."))}
        for m, deps in GRAPH.items()
    }
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                cycle = [*stack[stack.index(dep) :], dep]
                pytest.fail("import loop: " + " -> ".join(cycle))
            if dep not in state:
                walk(dep)
        stack.pop()
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module)


@pytest.mark.parametrize(
    ("module", "forbidden"),
    [
        ("mapsnb._read.wire", {"pandas", "numpy", "ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb._read.credits", {"pandas", "ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb.results", {"ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb._calls.client", {"ipyleaflet", "ipywidgets", "matplotlib", "pandas"}),
        ("mapsnb.frames", {"ipyleaflet", "ipywidgets", "matplotlib"}),
    ],
)
def test_core_modules_do_not_import_the_ui(module: str, forbidden: set[str]) -> None:
    top = {target.split(".")[0] for target, _ in _imports(module)}
    assert not (top & forbidden), f"{module} imports {sorted(top & forbidden)}"


def test_data_flows_one_way() -> None:
    """Lower layers never import higher ones at import time (transport -> calls -> results ->
    frames -> UI); ``result.to_frame()`` imports :mod:`mapsnb.frames` on first use only."""
    order = [
        {"mapsnb._read.wire", "mapsnb._read.credits", "mapsnb.errors", "mapsnb._version"},
        {"mapsnb.results"},
        {"mapsnb.frames", "mapsnb.frames._environment"},
        {"mapsnb.layers", "mapsnb.charts"},
        {"mapsnb.widgets"},
    ]
    for level, group in enumerate(order):
        higher = set().union(*order[level + 1 :])
        for module in group:
            reached = {
                d
                for d in _edges(module, top_level=True)
                if any(d == h or d.startswith(h + ".") for h in higher)
            }
            assert not reached, f"{module} imports the higher layer(s) {sorted(reached)}"


def test_payload_dicts_are_read_by_the_wire_reader_only() -> None:
    """Layers, charts and widgets read frames and typed results, never ``result.raw``."""
    for module, path in MODULES.items():
        if module.startswith(("mapsnb.layers", "mapsnb.charts", "mapsnb.widgets")):
            source = path.read_text(encoding="utf-8")
            assert ".raw" not in source and "._raw" not in source, module


def test_the_architecture_document_names_every_module() -> None:
    doc = (PACKAGE.parent / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = sorted(
        m
        for m in MODULES
        if m.count(".") == 1 and f"{m.split('.')[1]}" not in doc and not m.endswith("__init__")
    )
    assert missing == [], f"docs/ARCHITECTURE.md does not mention {missing}"
