"""Issue 41: the notebooks' words keep in step with the API and the package. Every `` `name` ``
in their Markdown that looks like an API name (a dotted path from ``mapsnb`` or a notebook's
variable, a call, a keyword ``name=``, a ``snake_case`` name) exists today; no notebook cites a
file the package does not ship; an index level named in the text is one a batch makes; a button
the text tells students to press is one a form shows."""

from __future__ import annotations

import builtins
import inspect
import json
import re
from functools import cache
from pathlib import Path

import pandas as pd
import pytest

import mapsnb
from mapsnb import charts, frames, layers, lessons, results, widgets

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NOW = "2026-09-18T08:00:00-07:00"
#: Names a notebook's text uses for what a reader holds (results, frames, forms).
GENERIC_ROOTS = {"df", "result", "env", "routes", "client", "app", "form", "nb"}
#: Files a notebook tells the teacher to make (not shipped, on purpose), and why.
MADE_BY_THE_TEACHER = {"notebooks/lesson.json": "the recording 01 shows how to make"}
#: Command lines quoted in the text (not Python).
COMMANDS = ("mapsnb ", "voila ", "python ", "pip ", "jupyter ", "-p ")


def _markdown(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return re.sub(r"```.*?```", "", text, flags=re.S)


def _assigned(path: Path) -> set[str]:
    """The names a notebook's code binds (its variables)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    return (
        set(re.findall(r"^(\w+)\s*=", code, flags=re.M))
        | set(re.findall(r"\bfor (\w+) in\b", code))
        | set(re.findall(r"\bas (\w+)\b", code))
    )


def _parameters(function: object) -> set[str]:
    try:
        return set(inspect.signature(function).parameters)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return set()


@cache
def vocabulary() -> frozenset[str]:
    """Every public name, method, attribute, parameter, column and index level of the API."""
    found: set[str] = set(dir(builtins))
    client = mapsnb.Client(sandbox=True, now=NOW)
    modules = (mapsnb, charts, layers, widgets, lessons, frames, results, mapsnb.errors)
    classes = [mapsnb.Client, mapsnb.AsyncClient, type(client.batch), type(client.cache),
               charts.Chart, widgets.Explorer, lessons.Lesson, pd.DataFrame, pd.Series,
               pd.Index]  # fmt: skip
    for module in modules:
        for name in dir(module):
            found.add(name)
            value = getattr(module, name)
            if inspect.isclass(value):
                classes.append(value)
            elif callable(value):
                found |= _parameters(value)
    for cls in classes:
        for name in dir(cls):
            found.add(name)
            found |= _parameters(getattr(cls, name, None))
        found |= _parameters(cls)
        found |= set(getattr(cls, "model_fields", {}))
    found |= _columns(client)
    found |= {v for v in vars(mapsnb.settings).values() if isinstance(v, str)}  # variables
    app = widgets.Explorer(client)  # what forms and the Explorer set on themselves
    for instance in (app, *app.forms, lessons.Lesson(client, "Lima, Peru", date="2026-09-18")):
        found |= set(vars(instance))
    return frozenset(found)


def _columns(client: mapsnb.Client) -> set[str]:
    """The columns, index levels and ``attrs`` keys of the frames the tools' answers make."""
    from mapsnb._calls.batch import assembly

    found: set[str] = set(assembly.TABLE_POSITIONS.values()) | set(assembly.POSITIONS.values())
    from mapsnb._calls import batch

    found |= {str(s) for s in getattr(batch, "STATUSES", ())}
    places = client.search_places("cafés in Porto, Portugal", page_size=3)
    ids = places.to_frame().place_id
    routes = client.compute_routes(mapsnb.PlaceId(ids.iloc[0]), mapsnb.PlaceId(ids.iloc[1]),
                                   include_polyline=True)  # fmt: skip
    env = client.lookup_weather("Porto, Portugal", capabilities=["AIR_QUALITY", "POLLEN",
                                "WEATHER"], date="2026-09-18")  # fmt: skip
    now = client.lookup_weather("Porto, Portugal", capabilities=["WEATHER"])
    made = [places.to_frame(), routes.to_frame(), routes.path_frame(),
            client.search_along_route("bakery", route=routes).to_frame(),
            env.air_quality, env.pollen, env.daily_weather, now.current_weather,
            client.resolve_names(["Louvre Museum"]).to_frame(),
            client.resolve_maps_urls(["https://maps.google.com/?q=Paris"]).to_frame(),
            client.batch.lookup_weather(pd.DataFrame({"city": ["Lyon", "Xyzzyville"]}), "city",
                                        capabilities=["AIR_QUALITY"], table="air_quality",
                                        progress=False)]  # fmt: skip
    for frame in made:
        found |= {str(c) for c in frame.columns} | {str(n) for n in frame.index.names}
        found |= {str(k) for k in frame.attrs}
        if "status" in frame.columns:
            found |= {str(s) for s in frame["status"].dropna()}
    return found


def _checked_names(span: str, roots: set[str]) -> list[str]:
    """The names of a backticked span that must exist (empty when it is no API name)."""
    span = re.sub(r"\"[^\"]*\"|'[^']*'|<[^>]*>", "", span).strip()
    if not span or span.startswith(COMMANDS) or "/" in span or span[0] in "?[(-":
        return []
    names: list[str] = []
    for path in re.findall(r"[A-Za-z_][\w.]*", span):
        parts = path.split(".")
        if len(parts) > 1:
            if parts[0] not in roots:  # a domain, a module outside mapsnb
                continue
            names += [p for p in parts[1:] if p]
        elif re.search(rf"\b{re.escape(path)}\s*[(=]", span) or (
            "_" in path.strip("_") and path.islower()
        ):
            names.append(path)
    return names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_api_name_in_the_text_exists(path: Path) -> None:
    known = vocabulary()
    roots = {"mapsnb"} | GENERIC_ROOTS | _assigned(path)
    spans = re.findall(r"`([^`\n]+)`", _markdown(path))
    missing = {n for span in spans for n in _checked_names(span, roots) if n not in known}
    assert not missing, f"{path.name}: names the API does not have: {sorted(missing)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_notebook_cites_a_file_that_is_not_shipped(path: Path) -> None:
    # the prose (a shell example or a cell that makes a file is left out)
    text = re.sub(r"https?://\S+", "", _markdown(path))
    for name in set(re.findall(r"[\w./-]+\.(?:md|txt|csv|json|py|toml)\b", text)):
        shipped = (ROOT / name).exists() or (path.parent / name).exists()
        assert shipped or name in MADE_BY_THE_TEACHER, f"{path.name}: {name}"
    assert "TOOLS.md" not in text and "REAL_SERVER" not in text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_index_levels_and_buttons_named_as_the_api_has_them(path: Path) -> None:
    from mapsnb._calls.batch import assembly

    text = _markdown(path)
    levels = set(assembly.TABLE_POSITIONS.values()) | set(assembly.POSITIONS.values())
    for level in re.findall(r"`(\w+)` level", text):
        assert level in levels, f"{path.name}: no batch makes an index level {level!r}"
    buttons = {form.submit_label for form in (widgets.EnvironmentForm, widgets.PlaceSearchForm,
               widgets.RouteForm, widgets.ResolveForm)} | {"Search along this route", "Add stop",
               "Interrupt"}  # fmt: skip
    for button in re.findall(r"\b(?:[Pp]ress|[Cc]lick) \*\*([^*]+)\*\*", text):
        assert button in buttons, f"{path.name}: no button says {button!r}"


def test_the_check_finds_a_stale_name() -> None:
    roots = {"mapsnb", "client"}
    assert _checked_names("client.search_place(...)", roots) == ["search_place"]
    assert "search_place" not in vocabulary() and "search_places" in vocabulary()
    assert _checked_names("mapsnb new-lesson OUT.ipynb", roots) == []
