"""Keep the teaching notebooks clean before committing them.

What "clean" means: no widget state in the notebook metadata, execution counts 1, 2, 3, … in
cell order (as one clean top-to-bottom run gives; nbval refuses saved outputs without a count),
no per-cell timing metadata, no widget views (useless without their state), no stderr noise and
no output bigger than ``--max-output-kb`` (images included), and an error output kept as its
name and message only (a traceback's frames name the machine that ran it). Text outputs that help a reader on
GitHub stay.

Usage::

    python tools/strip_notebooks.py                 # clean notebooks/*.ipynb in place
    python tools/strip_notebooks.py --check         # exit 1 if any notebook is not clean
    python tools/strip_notebooks.py --clear FILE    # drop every output of FILE
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"}
KEEP_CELL_METADATA = ("tags", "jupyter", "editable", "deletable")
DEFAULT_MAX_KB = 100


def _size(value: Any) -> int:
    """Bytes of ``value`` as stored in the notebook's JSON."""
    return len(json.dumps(value, ensure_ascii=False).encode("utf-8"))


def clean_output(
    output: dict[str, Any], max_bytes: int, count: int | None = None
) -> dict[str, Any] | None:
    """A cleaned copy of one output, or ``None`` when it should go.

    Parameters
    ----------
    output
        A code cell output (nbformat v4).
    max_bytes
        The largest payload kept for one mimetype.
    count
        The execution count of the cell (kept on an ``execute_result``).
    """
    kind = output.get("output_type")
    if kind == "stream":
        if output.get("name") == "stderr" or _size(output.get("text", "")) > max_bytes:
            return None
        return copy.deepcopy(output)
    if kind == "error":  # the message a reader needs, not the frames (they name this machine)
        out = copy.deepcopy(output)
        out["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return out
    data = dict(output.get("data", {}))
    if WIDGET_VIEW in data or WIDGET_STATE in data:
        return None
    kept = {mime: value for mime, value in data.items() if _size(value) <= max_bytes}
    rich = [mime for mime in data if mime != "text/plain"]
    if rich and not any(mime in kept for mime in rich):
        return None  # a figure or table too big to keep: its text/plain alone is noise
    if not kept:
        return None
    out = copy.deepcopy(output)
    out["data"] = kept
    out["metadata"] = {
        mime: meta for mime, meta in output.get("metadata", {}).items() if mime in kept
    }
    if kind == "execute_result":
        out["execution_count"] = count
    return out


def clean_notebook(
    nb: nbformat.NotebookNode, *, max_bytes: int = DEFAULT_MAX_KB * 1000, clear: bool = False
) -> nbformat.NotebookNode:
    """A cleaned copy of ``nb`` (see the module docstring); ``clear`` drops every output."""
    nb = copy.deepcopy(nb)
    count = 0
    nb.metadata = nbformat.from_dict(
        {"kernelspec": dict(KERNELSPEC), "language_info": dict(LANGUAGE_INFO)}
    )
    for cell in nb.cells:
        cell.metadata = nbformat.from_dict(
            {k: v for k, v in cell.metadata.items() if k in KEEP_CELL_METADATA}
        )
        if cell.cell_type != "code":
            continue
        if clear:
            cell.execution_count = None
            cell.outputs = []
            continue
        count += 1
        cell.execution_count = count
        outputs = [clean_output(o, max_bytes, count) for o in cell.outputs]
        cell.outputs = [nbformat.from_dict(o) for o in outputs if o is not None]
    return nb


def problems(nb: nbformat.NotebookNode, *, max_bytes: int = DEFAULT_MAX_KB * 1000) -> list[str]:
    """What keeps ``nb`` from being clean (empty when it is clean)."""
    found: list[str] = []
    if "widgets" in nb.metadata:
        found.append("notebook metadata holds widget state")
    if nb.metadata.get("kernelspec", {}).get("name") != "python3":
        found.append("kernelspec name is not python3")
    code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    counts = [c.get("execution_count") for _, c in code]
    saved = any(c.outputs for _, c in code)
    if counts != list(range(1, len(code) + 1)) and (saved or any(counts)):
        found.append(f"execution counts are not 1..{len(code)} in order: {counts}")
    for i, cell in enumerate(nb.cells):
        extra = sorted(set(cell.metadata) - set(KEEP_CELL_METADATA))
        if extra:
            found.append(f"cell {i}: metadata {extra}")
    for i, cell in code:
        for output in cell.outputs:
            if clean_output(output, max_bytes, cell.get("execution_count")) != output:
                found.append(f"cell {i}: output {output.get('output_type')} is not clean")
    return found


def _paths(names: Sequence[str]) -> list[Path]:
    if names:
        return [Path(n) for n in names]
    return sorted((ROOT / "notebooks").glob("*.ipynb"))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="default: notebooks/*.ipynb")
    parser.add_argument("--check", action="store_true", help="report, do not write")
    parser.add_argument("--clear", action="store_true", help="drop every output")
    parser.add_argument("--max-output-kb", type=int, default=DEFAULT_MAX_KB)
    args = parser.parse_args(argv)
    max_bytes = args.max_output_kb * 1000
    status = 0
    for path in _paths(args.notebooks):
        nb = nbformat.read(path, as_version=4)
        if args.check:
            for problem in problems(nb, max_bytes=max_bytes):
                print(f"{path}: {problem}")
                status = 1
            continue
        cleaned = clean_notebook(nb, max_bytes=max_bytes, clear=args.clear)
        nbformat.validate(cleaned)
        nbformat.write(cleaned, path)
        print(f"cleaned {path}")
    return status


if __name__ == "__main__":
    sys.exit(main())
