"""mapsnb keeps what it knows about other libraries' objects in its own classes and registries:
no module of ``mapsnb/`` sets a ``mapsnb_*`` attribute on an object (an ipyleaflet map or layer,
a matplotlib Axes), by assignment or ``setattr`` (issue 44)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "mapsnb"
MARK = "mapsnb_"


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module-level names bound to a string (``DRAWN = "mapsnb_form_drawn"``)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    found[target.id] = node.value.value
    return found


def _name_of(node: ast.expr, constants: dict[str, str]) -> str | None:
    """The attribute name a ``setattr`` argument spells (a string or a module constant)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.JoinedStr) and node.values:  # f"mapsnb_{x}"
        return _name_of(node.values[0], constants)
    return None


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return [t for target in node.targets for t in ast.walk(target)]  # a, b.x = …
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def pasted_attributes(source: str, path: str = "<source>") -> list[str]:
    """Where ``source`` sets a ``mapsnb_*`` attribute on an object (``path:line name``)."""
    tree = ast.parse(source)
    constants = _constants(tree)
    found = []
    for node in ast.walk(tree):
        for target in _targets(node):
            if isinstance(target, ast.Attribute) and target.attr.startswith(MARK):
                found.append(f"{path}:{target.lineno} {target.attr}")
        if isinstance(node, ast.Call) and len(node.args) >= 2:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if called in {"setattr", "__setattr__"}:
                name = _name_of(node.args[1], constants)
                if name is not None and name.startswith(MARK):
                    found.append(f"{path}:{node.lineno} {name}")
    return found


def test_the_scan_finds_every_way_of_pasting_an_attribute() -> None:
    source = """
DRAWN = "mapsnb_form_drawn"
layer.mapsnb_bounds = bounds
a.mapsnb_x, b.mapsnb_y = 1, 2
m.mapsnb_list += [1]
handler.mapsnb_detach: object = None
setattr(m, DRAWN, [])
setattr(m, "mapsnb_fit", None)
object.__setattr__(m, "mapsnb_prefix", "x")
setattr(m, f"mapsnb_{name}", 1)
layer.bounds = bounds
setattr(m, "other", 1)
"""
    found = [hit.split()[1] for hit in pasted_attributes(source)]
    assert found == [
        "mapsnb_bounds", "mapsnb_x", "mapsnb_y", "mapsnb_list", "mapsnb_detach",
        "mapsnb_form_drawn", "mapsnb_fit", "mapsnb_prefix", "mapsnb_",
    ]  # fmt: skip


def test_no_module_pastes_a_mapsnb_attribute_on_an_object() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        found += pasted_attributes(path.read_text(), str(path.relative_to(ROOT.parent)))
    assert found == [], "mapsnb_* attributes set on objects:\n" + "\n".join(found)
