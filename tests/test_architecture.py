"""The package's layout, read from its files with ``ast``: one folder per layer, each importing
only the layers below it (imports inside functions and under ``TYPE_CHECKING`` counted), no
import circle between modules or between folders, small modules that say what they hold, and
every public path still importing the names it has always exported."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mapsnb"
ROOT = PACKAGE.parent
#: The emulator: a sibling package in the same distribution, behind the MCP boundary.
SANDBOX = ROOT / "mapsnb_sandbox"
PACKAGES = ("mapsnb", "mapsnb_sandbox")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for root in (PACKAGE, SANDBOX) for p in root.rglob("*.py")}

#: The layers, lowest first: a module may import its own layer and those before it.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "foundations",
        (
            "mapsnb.errors",
            "mapsnb.settings",
            "mapsnb._version",
            "mapsnb._types",
            "mapsnb._redact",
            "mapsnb._limits",
            "mapsnb._tools_spec",
            "mapsnb._html",
            "mapsnb.polyline",
        ),
    ),
    ("emulator: public names, kept", ("mapsnb.sandbox",)),
    ("transport", ("mapsnb._transport",)),
    ("reading payloads", ("mapsnb._read",)),
    ("store", ("mapsnb._store",)),
    ("typed results", ("mapsnb.results",)),
    ("frames", ("mapsnb.frames",)),
    ("tool calls", ("mapsnb._calls",)),
    ("maps and charts", ("mapsnb.charts", "mapsnb.layers")),
    ("widgets", ("mapsnb.widgets",)),
    ("lessons", ("mapsnb.lessons",)),
    ("entry points", ("mapsnb.cli", "mapsnb._export", "mapsnb._export_cells")),
    ("package", ("mapsnb",)),
    # the emulator's own layers: a module imports its own layer and those before it
    ("emulator: the live contract", ("mapsnb_sandbox.contract",)),
    ("emulator: the physical world", ("mapsnb_sandbox.earth",)),
    ("emulator: the human world", ("mapsnb_sandbox.world",)),
    ("emulator: languages", ("mapsnb_sandbox.languages",)),
    ("emulator: weather", ("mapsnb_sandbox.weather",)),
    ("emulator: the six tools", ("mapsnb_sandbox.tools",)),
    ("emulator: in-process", ("mapsnb_sandbox.emulator",)),
    ("emulator: served", ("mapsnb_sandbox.serve",)),
    ("emulator: package", ("mapsnb_sandbox",)),
]

#: The toolkit modules that may import the emulator: the transport's link, the command line
#: (``mapsnb sandbox serve``) and the short shim that keeps ``mapsnb.sandbox`` importable.
SANDBOX_GATES = frozenset({"mapsnb._transport.sandbox", "mapsnb.cli", "mapsnb.sandbox"})
#: What the emulator may import of the toolkit (or nothing).
TOOLKIT_FOR_SANDBOX = frozenset({"mapsnb.polyline", "mapsnb._limits", "mapsnb.settings"})

#: Imports that run upward, each inside a function only, with the reason.
LAZY_UPWARD = {
    # ``result.to_frame()`` builds its DataFrame on first use: pandas is not loaded before
    ("mapsnb.results", "mapsnb.frames"): "to_frame() and friends import the frames on first use",
}


def _rank(module: str) -> int:
    best, rank = -1, -1
    for i, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), i
    assert rank >= 0, f"{module} belongs to no layer of LAYERS"
    return rank


def _package(module: str) -> str:
    return module.split(".")[0]


def _folder(module: str) -> str:
    """The layer folder a module belongs to (for the folder-level graph)."""
    return LAYERS[_rank(module)][0]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str) -> list[tuple[str, list[str], bool]]:
    """``(imported module, names, lazy)`` for every import of ``module``: top-level, inside
    functions (``lazy``) and under ``if TYPE_CHECKING:`` alike."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, list[str], bool]] = []

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.extend((a.name, [], lazy) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = package
                for _ in range(child.level - 1):
                    base = base.rpartition(".")[0]
                if child.level:
                    target = f"{base}.{child.module}" if child.module else base
                else:
                    target = child.module or ""
                found.append((target, [a.name for a in child.names], lazy))
            inner = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            visit(child, lazy or inner)

    visit(tree, False)
    return found


def _edges(module: str, *, lazy: bool | None = None) -> set[str]:
    """The package modules ``module`` imports (``lazy``: only those inside functions, or only
    those at import time; ``None``: all)."""
    out: set[str] = set()
    for target, names, inside in _imports(module):
        if target.split(".")[0] not in PACKAGES:
            continue
        if lazy is not None and inside != lazy:
            continue
        submodules = {f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES}
        out |= submodules
        if target in MODULES and (not names or len(submodules) < len(names)):
            out.add(target)
    out.discard(module)
    return out


GRAPH = {m: _edges(m) for m in MODULES}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return [*stack[stack.index(dep) :], dep]
            if dep not in state and (found := walk(dep)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return None


def _reexport(module: str, dep: str) -> bool:
    """A package ``__init__`` importing its own children only re-exports them."""
    return MODULES[module].name == "__init__.py" and dep.startswith(module + ".")


def _exempt(module: str, dep: str) -> bool:
    return any(
        (module == a or module.startswith(a + ".")) and (dep == b or dep.startswith(b + "."))
        for a, b in LAZY_UPWARD
    )


def test_every_module_belongs_to_a_layer() -> None:
    for module in MODULES:
        _rank(module)


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = sorted(
        f"{m} ({_folder(m)}) imports {d} ({_folder(d)})"
        for m, deps in GRAPH.items()
        for d in deps
        if _package(d) == _package(m)
        and _rank(d) > _rank(m)
        and not _reexport(m, d)
        and not _exempt(m, d)
    )
    assert upward == [], "imports that run up the layers:\n" + "\n".join(upward)


def test_only_the_gates_import_the_emulator() -> None:
    """The toolkit reaches the emulator through the MCP boundary only."""
    crossing = sorted(
        f"{m} imports {d}"
        for m, deps in GRAPH.items()
        if _package(m) == "mapsnb" and m not in SANDBOX_GATES
        for d in deps
        if _package(d) == "mapsnb_sandbox"
    )
    assert crossing == [], "toolkit modules importing the emulator:\n" + "\n".join(crossing)


def test_the_emulator_imports_only_foundations_of_the_toolkit() -> None:
    wrong = sorted(
        f"{m} imports {d}"
        for m, deps in GRAPH.items()
        if _package(m) == "mapsnb_sandbox"
        for d in deps
        if _package(d) == "mapsnb" and d not in TOOLKIT_FOR_SANDBOX
    )
    assert wrong == [], "the emulator imports toolkit modules:\n" + "\n".join(wrong)


def test_import_mapsnb_does_not_import_the_emulator() -> None:
    import subprocess
    import sys

    code = (
        "import sys, mapsnb; mapsnb.Client; "
        "print(sorted(m for m in sys.modules if m.startswith('mapsnb_sandbox')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_the_documented_upward_imports_are_lazy() -> None:
    for module in MODULES:
        eager = _edges(module, lazy=False)
        wrong = sorted(d for d in eager if _rank(d) > _rank(module) and _exempt(module, d))
        assert wrong == [], f"{module} imports {wrong} at import time (allowed only lazily)"


def test_there_is_no_import_circle_between_modules() -> None:
    graph = {m: {d for d in deps if not _reexport(m, d)} for m, deps in GRAPH.items()}
    found = _cycle(graph)
    assert found is None, "import circle: " + " -> ".join(found or [])


def test_there_is_no_import_circle_between_folders() -> None:
    folders: dict[str, set[str]] = {}
    for module, deps in GRAPH.items():
        for dep in deps:
            if _folder(dep) != _folder(module) and not _reexport(module, dep):
                folders.setdefault(_folder(module), set()).add(_folder(dep))
    found = _cycle(folders)
    assert found is None, "import circle between folders: " + " -> ".join(found or [])


def test_no_module_imports_the_package_init() -> None:
    offenders = sorted(m for m, deps in GRAPH.items() if "mapsnb" in deps and m != "mapsnb")
    assert offenders == [], f"these modules import names from mapsnb/__init__.py: {offenders}"


@pytest.mark.parametrize(
    ("module", "forbidden"),
    [
        ("mapsnb._read.wire", {"pandas", "numpy", "ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb._read.credits", {"pandas", "ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb.results", {"ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb._calls", {"ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb._calls.client", {"pandas"}),
        ("mapsnb.frames", {"ipyleaflet", "ipywidgets", "matplotlib"}),
        ("mapsnb_sandbox", {"pandas", "ipyleaflet", "ipywidgets", "matplotlib"}),
    ],
)
def test_core_modules_do_not_import_the_ui(module: str, forbidden: set[str]) -> None:
    inside = [m for m in MODULES if m == module or m.startswith(module + ".")]
    for name in inside:
        top = {target.split(".")[0] for target, _, _ in _imports(name)}
        assert not (top & forbidden), f"{name} imports {sorted(top & forbidden)}"


def test_payload_dicts_are_read_by_the_wire_reader_only() -> None:
    """Layers, charts and widgets read frames and typed results, never ``result.raw``."""
    for module, path in MODULES.items():
        if module.startswith(("mapsnb.layers", "mapsnb.charts", "mapsnb.widgets")):
            source = path.read_text(encoding="utf-8")
            assert ".raw" not in source and "._raw" not in source, module


def test_every_module_is_small_and_says_what_it_holds() -> None:
    too_long, undocumented = [], []
    for module, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 600:
            too_long.append(f"{module}: {text.count(chr(10))} lines")
        doc = ast.get_docstring(ast.parse(text))
        if not doc or not doc.splitlines()[0].strip():
            undocumented.append(module)
    assert too_long == [], f"modules over 600 lines: {too_long}"
    assert undocumented == [], f"modules without a docstring saying what they hold: {undocumented}"


def test_no_folder_holds_more_than_twelve_modules() -> None:
    crowded = {}
    folders = [root for root in (PACKAGE, SANDBOX)]
    folders += [p for root in (PACKAGE, SANDBOX) for p in root.rglob("*") if p.is_dir()]
    for folder in folders:
        if folder.name in ("__pycache__", "data") or "data" in folder.relative_to(ROOT).parts:
            continue
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        if len(modules) > 12:
            crowded[str(folder.relative_to(ROOT))] = len(modules)
    assert crowded == {}, f"folders with more than 12 modules: {crowded}"


def test_package_inits_only_reexport() -> None:
    """A package ``__init__`` holds its docstring, imports and ``__all__`` (the root package
    also its lazy attributes)."""
    for module, path in MODULES.items():
        if path.name != "__init__.py" or module in PACKAGES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                continue  # the docstring
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
                "__all__"
            ]:
                continue
            pytest.fail(f"{module}/__init__.py holds more than re-exports (line {node.lineno})")


def test_the_architecture_document_names_every_folder_and_module() -> None:
    """Each folder as ``name/`` and each module by its path inside the package."""
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = []
    for module, path in MODULES.items():
        if module in PACKAGES:
            continue
        root = PACKAGE if _package(module) == "mapsnb" else SANDBOX
        rel = path.relative_to(root)
        shown = f"{rel.parent.as_posix()}/" if path.name == "__init__.py" else rel.as_posix()
        full = f"{root.name}/{shown}"
        if f"`{full}`" not in doc and (root is SANDBOX or f"`{shown}`" not in doc):
            missing.append(shown)
    assert missing == [], f"docs/ARCHITECTURE.md does not name {sorted(missing)}"


#: Every public name each public path exported before the layout became one folder per layer.
PUBLIC = {
    "mapsnb": (
        "AsyncClient AuthError BudgetExceeded Cache Circle Client DeadlineExceeded "
        "EmptyResultWarning InvalidRequest LatLng MapsnbError NothingToDraw PayloadShapeWarning "
        "PlaceId ProtocolError RateLimited ReplayMiss ResponseTooLarge ToolError ToolNotOffered "
        "TransportError Viewport __version__ concat errors explore settings show"
    ),
    "mapsnb.errors": (
        "AuthError BudgetExceeded DeadlineExceeded EmptyResultWarning InvalidRequest MapsnbError "
        "NothingToDraw PayloadShapeWarning PolylineError ProtocolError RPC_CODES RateLimited "
        "ReplayMiss ResponseTooLarge ToolError ToolNotOffered TransportError"
    ),
    "mapsnb.settings": (
        "api_key_env backoff_base backoff_max cache_dir_env cache_env cache_max_days "
        "calls_per_minute client_name default_deadline default_max_retries default_timeout "
        "live_url max_response_bytes record_env record_mode_env retrieval_token_minutes "
        "sandbox_call_log_env sandbox_eras sandbox_now_env session_protocol_version "
        "session_renewals stateless_protocol_version"
    ),
    "mapsnb.polyline": "MAX_POINTS PolylineError cumulative_m decode encode haversine_m path_length_m",
    "mapsnb.results": (
        "AlongRouteResult Attribution EnvironmentResult PayloadShapeWarning PlaceView "
        "PlacesResult ResolvedNames ResolvedUrls Route RoutesResult SANDBOX_NOTE ToolResult "
        "parse_duration"
    ),
    "mapsnb.frames": (
        "air_quality_frame along_route_frame concat current_weather_frame daily_weather_frame "
        "environment_attributions health_recommendations_frame hourly_weather_frame "
        "parse_distance_m places_frame pollen_frame pollutants_frame resolved_names_frame "
        "resolved_urls_frame route_path_frame routes_frame to_geodataframe"
    ),
    "mapsnb.charts": (
        "EPA_BANDS SCALES UAQI_BANDS UPI_COLORS UPI_LABELS attribution_text plot_air_quality "
        "plot_pollen plot_routes plot_weather"
    ),
    "mapsnb.layers": (
        "CLUSTER_THRESHOLD bias_layer clear detours_layer places_layer route_layer show"
    ),
    "mapsnb.widgets": "EnvironmentForm Explorer PlaceSearchForm ResolveForm RouteForm explore",
    "mapsnb.sandbox": "SANDBOX_ATTRIBUTION Sandbox SandboxToolError parse_now",
    "mapsnb_sandbox": "SANDBOX_ATTRIBUTION Sandbox SandboxToolError parse_now",
    "mapsnb.cli": "main",
}


@pytest.mark.parametrize("path", sorted(PUBLIC))
def test_every_public_path_imports_its_names(path: str) -> None:
    module = importlib.import_module(path)
    missing = [name for name in PUBLIC[path].split() if not hasattr(module, name)]
    assert missing == [], f"{path} no longer exports {missing}"


def test_the_console_script_and_python_m_still_point_at_the_cli() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^mapsnb = "mapsnb\.cli:main"$', pyproject, re.M)
    assert "__main__" in (PACKAGE / "cli.py").read_text(encoding="utf-8")
