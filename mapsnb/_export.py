"""Static export of notebooks: executed, widget state embedded, plus an index page.

``mapsnb export-notebooks OUTDIR`` runs each notebook top to bottom in a fresh kernel (nbclient,
``store_widget_state=True``) and writes it as a standalone HTML page (nbconvert's ``lab``
template) next to an ``index.html`` listing them: a folder a teacher uploads to a course site.

Maps survive the export: the page carries the widgets' state and loads the widget manager
(``@jupyter-widgets/html-manager``) and ``jupyter-leaflet`` from a public CDN, so maps can be
panned and zoomed with no kernel. Forms and buttons cannot run anything there: that needs a kernel
(Binder or a local Jupyter). Each widget output carries a short note that the widget manager's
view replaces (CSS hides the note once the view is in the page): a reader without internet
access, or whose network blocks the CDNs, reads why the map is missing instead of an empty
``Out[4]:``. Widgets use the page's sans-serif UI font (nbconvert's page leaves them in the
browser's default serif).

By default the kernels run without ``GOOGLE_MAPS_API_KEY``: the pages show the built-in
emulator's labelled synthetic data, free and reproducible. ``live=True`` keeps the key (billed).

Pages are named by the notebook's path relative to the folder holding them all
(``week1/lesson.ipynb`` -> ``week1/lesson.html``), so two ``lesson.ipynb`` never become one page;
a name already taken (``index.html`` is the index's) gets a ``-2`` suffix, never overwritten.
Markdown is rendered, then cleaned with an allow-list (bleach, nbconvert's own sanitizer): a
``<script>``, an event handler or a ``javascript:`` link in a lesson's text never reaches a page.
The HTML that widgets hold in the embedded state (forms' tables, statuses, map info boxes: the
widget manager writes it into the page as markup) is cleaned the same way, links only to http(s):
mapsnb escapes an answer's text at the source (``mapsnb/_html.py``), and the page does not depend
on it.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mapsnb import _html, settings
from mapsnb._export_cells import for_students
from mapsnb._version import __version__

__all__ = [
    "ExportedPage",
    "export_notebooks",
    "find_notebooks",
    "finish_page",
    "page_names",
    "safe_html",
]

#: Seconds a single cell may run before the export fails.
CELL_TIMEOUT = 120
#: Widget output MIME type whose presence means a page has widgets to draw.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The html-manager release line matching each ipywidgets major version. nbconvert's default
#: range ``*`` would load whatever the CDN serves as latest, which a future major release breaks.
HTML_MANAGER_RANGES = {8: "^1.0.0", 7: "^0.20.0"}


@dataclass(frozen=True)
class ExportedPage:
    """One exported notebook.

    Attributes
    ----------
    source
        The notebook that was executed.
    path
        The HTML page written.
    title
        The notebook's first Markdown heading (else its file name).
    widgets
        Number of widget outputs (maps, forms) the page draws from its embedded state.
    error
        Why the notebook failed (its first line), ``None`` when it ran: a failed notebook has
        no page (``path`` is where it would be) and the index marks it.
    """

    source: Path
    path: Path
    title: str
    widgets: int
    error: str | None = None


def find_notebooks(paths: Sequence[str | os.PathLike[str]] = ()) -> list[Path]:
    """Return the notebooks to export: ``paths`` (files or folders), else ``./notebooks``, sorted.

    Raises
    ------
    FileNotFoundError
        A path does not exist, or no notebook was found (the message says what to pass).
    """
    roots = [Path(p) for p in paths] or [Path("notebooks")]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            found += sorted(p for p in root.glob("*.ipynb") if not p.name.startswith("."))
        elif root.is_file() and root.suffix == ".ipynb":
            found.append(root)
        else:
            raise FileNotFoundError(
                f"{root}: no such notebook or folder (give .ipynb files or a folder holding them;"
                " by default ./notebooks, i.e. run from the repository root)"
            )
    if not found:
        raise FileNotFoundError(f"no .ipynb files in {', '.join(map(str, roots))}")
    return list(dict.fromkeys(p.resolve() for p in found))


def _title(nb: Any, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = re.search(r"^#\s+(.+?)\s*$", cell.source, flags=re.M)
            if match:
                return match.group(1)
    return fallback


def _widget_outputs(nb: Any) -> int:
    return sum(
        WIDGET_VIEW in output.get("data", {})
        for cell in nb.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
    )


def _kernel_env(live: bool) -> dict[str, str]:
    env = dict(os.environ)
    if not live:
        env.pop(settings.api_key_env, None)
    return env


#: What rendered Markdown may hold (everything else is stripped): text, links, images, tables.
_TAGS = """a abbr b blockquote br caption code col colgroup dd del details div dl dt em figcaption
figure h1 h2 h3 h4 h5 h6 hr i img kbd li mark ol p pre q s small span strong sub summary sup table
tbody td tfoot th thead tr u ul"""
SAFE_TAGS = frozenset(_TAGS.split())
_SAFE_ATTRIBUTES = {"*": ["class", "id", "title", "lang", "dir"], "ol": ["start"]}
_CELL_ATTRIBUTES = ["align", "colspan", "rowspan"]


_HIDDEN = re.compile(
    r"<(script|style|iframe|object|embed|template|noscript|textarea)\b.*?</\1\s*>", re.I | re.S
)


def _link(tag: str, name: str, value: str) -> bool:
    if name in _SAFE_ATTRIBUTES["*"]:
        return True
    if tag == "a":  # links: no data: URL (a page of its own could run script)
        return name == "href" and not value.strip().lower().startswith("data:")
    if tag == "img":
        return name in ("src", "alt", "width", "height")
    return tag in ("td", "th") and name in _CELL_ATTRIBUTES


def safe_html(text: str) -> str:
    """Return rendered Markdown cleaned with an allow-list.

    No script, style, frame, form or event handler, links only to http(s), mailto, anchors and
    relative paths (images also ``data:``).
    """
    import bleach  # type: ignore[import-untyped]

    return str(
        bleach.clean(
            _HIDDEN.sub("", text),  # what such elements hold is no text for the reader either
            tags=SAFE_TAGS,
            attributes=_link,
            protocols={"http", "https", "mailto", "data"},
            strip=True,
            strip_comments=True,
        )
    )


#: Widget models whose ``value`` the widget manager writes into the page as markup.
HTML_MODELS = frozenset({"HTMLModel", "HTMLMathModel"})
#: What a widget's HTML may hold besides the Markdown allow-list: styles, links to new tabs.
_WIDGET_ATTRIBUTES = ("class", "id", "title", "lang", "dir", "style")
#: What a widget's HTML may hold: the Markdown's tags but images (no request leaves the page).
WIDGET_TAGS = SAFE_TAGS - {"img"}
#: CSS properties mapsnb's widgets use beyond bleach's list (values cannot load anything).
WIDGET_CSS = frozenset({"max-width", "padding", "margin"})


def _widget_attribute(tag: str, name: str, value: str) -> bool:
    if name in _WIDGET_ATTRIBUTES:
        return True
    if tag == "a":
        return (name == "href" and _html.safe_url(value) is not None) or (name in ("target", "rel"))
    return tag in ("td", "th") and name in _CELL_ATTRIBUTES


def safe_widget_html(text: str) -> str:
    """Return a widget's HTML cleaned with the allow-list.

    No script, frame, form or event handler, links only to http(s), inline styles kept (CSS
    properties checked).
    """
    import bleach
    from bleach.css_sanitizer import (  # type: ignore[import-untyped]
        ALLOWED_CSS_PROPERTIES,
        CSSSanitizer,
    )

    css = CSSSanitizer(allowed_css_properties=ALLOWED_CSS_PROPERTIES | WIDGET_CSS)
    return str(
        bleach.clean(
            _HIDDEN.sub("", text),
            tags=WIDGET_TAGS,
            attributes=_widget_attribute,
            protocols={"http", "https"},
            strip=True,
            strip_comments=True,
            css_sanitizer=css,
        )
    )


def clean_widget_state(nb: Any) -> int:
    """Clean the HTML of every HTML widget in ``nb``'s embedded widget state (in place).

    The number of values changed.
    """
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    changed = 0
    for model in (state.get("state") or {}).values():
        attrs = model.get("state") if isinstance(model, dict) else None
        if model.get("model_name") not in HTML_MODELS or not isinstance(attrs, dict):
            continue
        value = attrs.get("value")
        if isinstance(value, str) and value:
            clean = safe_widget_html(value)
            changed += clean != value
            attrs["value"] = clean
    return changed


#: The page's own CSS: widgets in its UI font, and the offline notes (shown only when no widget
#: view took their place after a few seconds; printed when no view did).
PAGE_CSS = """<style id="mapsnb-page-style">
.widget-subarea, .widget-subarea input, .widget-subarea button, .widget-subarea select,
.widget-subarea textarea, .mapsnb-widget-note {
  font-family: var(--jp-ui-font-family, system-ui, -apple-system, 'Segoe UI', helvetica, arial,
    sans-serif);
}
.mapsnb-widget-note {
  font-size: var(--jp-ui-font-size1, 13px); color: #5f4b00; background: #fff8e1;
  border: 1px solid #f0d58c; border-radius: 4px; padding: 6px 10px; margin: 4px 0;
  max-width: 42rem; visibility: hidden; animation: mapsnb-note-show 0s linear 3s forwards;
}
@keyframes mapsnb-note-show { to { visibility: visible; } }
.mapsnb-widget-note:has(+ .widget-subarea) { display: none; }
.mapsnb-widget-note:has(+ .widget-subarea .jupyter-widgets-error-widget) { display: block; }
@media print { .mapsnb-widget-note { visibility: visible; animation: none; } }
</style>
"""
#: The note of a widget output holding a map, and of any other widget (a form).
MAP_NOTE = (
    "This map needs internet access: its scripts (Leaflet and the Jupyter widget manager) load "
    "from public CDNs, which this page could not reach. The tables and charts on this page do "
    "not need them."
)
WIDGET_NOTE = (
    "This interactive widget needs internet access to be drawn (its scripts load from public "
    "CDNs) and a running kernel to be used."
)
MAP_MODELS = frozenset({"LeafletMapModel"})
_VIEW_TAG = re.compile(
    r'(<script type="application/vnd\.jupyter\.widget-view\+json">\s*(\{.*?\})\s*</script>)',
    re.S,
)


def _widget_models(nb: Any) -> dict[str, Any]:
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    models = state.get("state") if isinstance(state, dict) else None
    return models if isinstance(models, dict) else {}


def _holds_map(models: dict[str, Any], model_id: str) -> bool:
    """Return True when the widget ``model_id`` is a map or holds one (an Explorer, a form)."""
    seen: set[str] = set()
    todo = [model_id]
    while todo:
        current = todo.pop()
        if current in seen or not isinstance(models.get(current), dict):
            continue
        seen.add(current)
        model = models[current]
        if model.get("model_name") in MAP_MODELS:
            return True
        todo += list(_model_refs(model.get("state")))
    return False


def _model_refs(value: Any) -> Iterable[str]:
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        yield value[len("IPY_MODEL_") :]
    elif isinstance(value, dict):
        for item in value.values():
            yield from _model_refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _model_refs(item)


def finish_page(body: str, nb: Any) -> str:
    """``body`` (an exported page) with mapsnb's CSS and a note before every widget view."""
    import json

    models = _widget_models(nb)

    def note(match: re.Match[str]) -> str:
        try:
            model_id = str(json.loads(match.group(2)).get("model_id", ""))
        except (ValueError, AttributeError):
            return match.group(1)
        text = MAP_NOTE if _holds_map(models, model_id) else WIDGET_NOTE
        return f'<div class="mapsnb-widget-note" role="note">{_html.text(text)}</div>' + (
            match.group(1)
        )

    body = _VIEW_TAG.sub(note, body)
    head = body.lower().find("</head>")
    return body if head < 0 else body[:head] + PAGE_CSS + body[head:]


def _sanitize_markdown(exporter: Any) -> None:
    """Make ``exporter`` clean every Markdown cell (and Markdown output) it renders."""
    import jinja2

    render = exporter.markdown2html

    @jinja2.pass_context
    def markdown2html(context: Any, source: str) -> str:
        return safe_html(render(context, source))

    exporter.register_filter("markdown2html", markdown2html)


def _html_exporter() -> Any:
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab")
    _sanitize_markdown(exporter)
    try:
        import ipywidgets

        major = int(ipywidgets.__version__.split(".")[0])
    except (ImportError, ValueError):  # pragma: no cover - ipywidgets is a dependency
        major = 0
    if major in HTML_MANAGER_RANGES:
        exporter.html_manager_semver_range = HTML_MANAGER_RANGES[major]
    return exporter


def export_notebook(
    notebook: Path,
    outdir: Path,
    *,
    timeout: int = CELL_TIMEOUT,
    kernel_name: str | None = None,
    live: bool = False,
    exporter: Any = None,
    name: str | None = None,
    solutions: bool = False,
) -> ExportedPage:
    """Execute ``notebook`` in its own folder and write it to ``outdir/<name>`` as HTML.

    ``name`` defaults to its stem plus ``.html``. Cells tagged ``solution``/``remove-cell`` are
    left out unless ``solutions``; an expected error (``raises-exception``) is shown as its message
    (:mod:`mapsnb._export_cells`).

    Raises
    ------
    nbclient.exceptions.CellExecutionError
        A cell failed (the message names the cell and shows the traceback); a cell tagged
        ``raises-exception`` may fail.
    """
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    options: dict[str, Any] = {}
    if kernel_name:
        options["kernel_name"] = kernel_name
    client = NotebookClient(
        nb,
        timeout=timeout,
        store_widget_state=True,
        resources={"metadata": {"path": str(notebook.parent)}},
        **options,
    )
    client.execute(env=_kernel_env(live))
    for_students(nb, solutions=solutions)
    clean_widget_state(nb)
    exporter = exporter or _html_exporter()
    title = _title(nb, notebook.stem)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": title}})
    body = finish_page(body, nb)
    path = outdir / (name or f"{notebook.stem}.html")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    return ExportedPage(notebook, path, title, _widget_outputs(nb))


INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #222; }}
li {{ margin: 0.4rem 0; }}
li.failed {{ color: #a50e0e; }}
.note {{ color: #555; font-size: 0.9rem; }}
</style>
</head>
<body>
<h1>{title}</h1>
<ol>
{items}
</ol>
<p class="note">These pages were executed by mapsnb {version}{data_note}. Maps can be panned and
zoomed (they load their JavaScript from public CDNs); forms and buttons need a running kernel,
for example on Binder.</p>
</body>
</html>
"""


def page_names(notebooks: Sequence[Path]) -> list[str]:
    """Each notebook's page: its path relative to the folder holding them all, ``.html``.

    Two notebooks never share a page, and none takes ``index.html`` (the index): a name taken
    already (compared ignoring case, as some file systems do) gets ``-2``, ``-3``, ... added.
    """
    folders = [os.fspath(nb.parent) for nb in notebooks]
    base = Path(os.path.commonpath(folders)) if folders else Path()
    taken = {"index.html"}
    names = []
    for nb in notebooks:
        stem = nb.relative_to(base).with_suffix("").as_posix()
        name, n = f"{stem}.html", 1
        while name.casefold() in taken:
            n += 1
            name = f"{stem}-{n}.html"
        taken.add(name.casefold())
        names.append(name)
    return names


def write_index(pages: Iterable[ExportedPage], outdir: Path, *, title: str, live: bool) -> Path:
    """Write ``outdir/index.html``: a list of links to ``pages``, with a note on what works."""
    items = "\n".join(_index_item(p, outdir) for p in pages)
    data_note = "" if live else " on its built-in emulator (synthetic data, no API key)"
    path = outdir / "index.html"
    path.write_text(
        INDEX.format(
            title=_html.text(title), items=items, version=__version__, data_note=data_note
        ),
        encoding="utf-8",
    )
    return path


def _index_item(page: ExportedPage, outdir: Path) -> str:
    """Return a page's line of the index: a link, or its title marked failed with the reason."""
    if page.error is None:
        return f'<li><a href="{_html.attr(_href(page.path, outdir))}">{_html.text(page.title)}</a></li>'
    return (
        f'<li class="failed">{_html.text(page.title)} <strong>(failed: not exported)</strong>'
        f' <span class="note">{_html.text(page.error)}</span></li>'
    )


def _failure(notebook: Path, name: str, outdir: Path, exc: BaseException) -> ExportedPage:
    """Return the index entry of a notebook that could not be run or written."""
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", str(exc))  # no terminal colours on a page
    lines = [line for line in text.splitlines() if line.strip()]
    found = next((line for line in reversed(lines) if ": " in line), lines[-1] if lines else "")
    reason = f"{type(exc).__name__}: {found.strip()}"[:300]
    try:
        import nbformat

        title = _title(nbformat.read(notebook, as_version=4), notebook.stem)
    except Exception:
        title = notebook.stem
    return ExportedPage(notebook, outdir / name, title, 0, error=reason)


def _href(page: Path, outdir: Path) -> str:
    try:
        relative = page.relative_to(outdir).as_posix()
    except ValueError:
        relative = page.name
    return urllib.parse.quote(relative)


def export_notebooks(
    outdir: str | os.PathLike[str],
    notebooks: Sequence[str | os.PathLike[str]] = (),
    *,
    timeout: int = CELL_TIMEOUT,
    kernel_name: str | None = None,
    live: bool = False,
    title: str = "mapsnb notebooks",
    progress: Callable[[Path], None] | None = None,
    solutions: bool = False,
) -> list[ExportedPage]:
    """Execute ``notebooks`` and write static HTML pages plus ``index.html`` to ``outdir``.

    A notebook that fails (a cell raises, times out, the kernel dies, the file is not a
    notebook) stops only itself: every other one is exported and the index lists it, marked
    failed with the reason (its :attr:`ExportedPage.error`).

    Parameters
    ----------
    outdir
        Folder for the pages (created if needed; pages of an earlier export of the same
        notebooks are replaced). Pages are named by each notebook's relative path
        (:func:`page_names`).
    notebooks
        Notebook files or folders; default: ``./notebooks``.
    timeout
        Seconds a cell may run.
    kernel_name
        Kernel to run them with; default: each notebook's own kernelspec.
    live
        Keep ``GOOGLE_MAPS_API_KEY`` for the kernels (live, billed calls). By default it is
        removed, so the pages show the emulator's labelled synthetic data.
    title
        Heading of the index page.
    progress
        Called with each notebook's path before it runs.
    solutions
        Keep the cells tagged ``solution`` and ``remove-cell`` (left out by default).

    Returns
    -------
    list of ExportedPage
        One per notebook, in order (failed ones with their ``error``).
    """
    out = Path(outdir)
    exporter = _html_exporter()
    pages = []
    found = find_notebooks(notebooks)
    for nb, name in zip(found, page_names(found), strict=True):
        if progress is not None:
            progress(nb)
        try:
            page = export_notebook(nb, out, timeout=timeout, kernel_name=kernel_name,
                                   live=live, exporter=exporter, name=name,
                                   solutions=solutions)  # fmt: skip
        except Exception as exc:
            page = _failure(nb, name, out, exc)
        pages.append(page)
    write_index(pages, out, title=title, live=live)
    return pages
