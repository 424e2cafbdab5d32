"""What an exported page shows of each cell: solutions left out, expected errors as messages.

A course page is for students: cells tagged ``solution`` or ``remove-cell`` are left out unless
the export keeps the solutions; a cell tagged ``raises-exception`` (an error the lesson means to
show, such as a ``NOT_FOUND``) shows its error's name and message, never the red traceback; a
stream a cell wrote to stderr (warnings, logs) is left out. The index lists failed notebooks too.
"""

from __future__ import annotations

from typing import Any

from mapsnb import _html

__all__ = ["EXPECTED_ERROR", "HIDDEN_TAGS", "for_students"]

#: Cells left out of a page unless the export keeps the solutions.
HIDDEN_TAGS = frozenset({"solution", "remove-cell"})
#: The tag of a cell whose error the lesson means to show (nbclient lets it fail).
EXPECTED_ERROR = "raises-exception"


def _message(output: Any) -> Any:
    """Return an expected error's output as its name and message (no traceback)."""
    import nbformat

    text = f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"
    html = (
        '<div class="mapsnb-expected-error" role="note" style="border-left:3px solid #f0a800;'
        f'padding:4px 10px;background:#fff8e1"><b>{_html.text(output.get("ename", "Error"))}'
        f"</b>: {_html.text(output.get('evalue', ''))}</div>"
    )
    return nbformat.v4.new_output(
        "display_data", data={"text/plain": text, "text/html": html}, metadata={}
    )


def for_students(nb: Any, *, solutions: bool = False) -> Any:
    """``nb`` (executed) as a course page shows it, changed in place and returned."""
    kept = []
    for cell in nb.cells:
        tags = set(cell.get("metadata", {}).get("tags", []))
        if tags & HIDDEN_TAGS and not solutions:
            continue
        if cell.cell_type == "code":
            outputs = []
            for output in cell.outputs:
                if output.get("output_type") == "error" and EXPECTED_ERROR in tags:
                    output = _message(output)
                elif output.get("output_type") == "stream" and output.get("name") == "stderr":
                    continue
                outputs.append(output)
            cell.outputs = outputs
        kept.append(cell)
    nb.cells = kept
    return nb
