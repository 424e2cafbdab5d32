"""Each batch method's docstring is its own: it names its tool and documents every parameter."""

from __future__ import annotations

import inspect
import re

import pytest

from mapsnb._calls.batch.batches import AsyncBatch, Batch
from mapsnb._calls.known_tools import KNOWN_TOOLS


def _documented(doc: str) -> list[str]:
    """The parameter names of a numpydoc ``Parameters`` section, in order."""
    section = doc.split("Parameters\n        ----------\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^ {8}(\*{0,2}\w+)$", section, flags=re.M)


@pytest.mark.parametrize("tool", list(KNOWN_TOOLS))
def test_each_batch_method_documents_its_own_tool(tool: str) -> None:
    method = getattr(Batch, tool)
    doc = method.__doc__
    assert doc, tool
    assert doc.startswith(f"Run ``{tool}`` for every row"), doc.splitlines()[0]
    assert f":meth:`Client.{tool}`" in doc  # its other arguments are that method's
    others = [name for name in KNOWN_TOOLS if name != tool]
    assert [name for name in others if re.search(rf"\b{name}\b", doc)] == [], doc
    assert getattr(AsyncBatch, tool).__doc__ == doc


@pytest.mark.parametrize("tool", list(KNOWN_TOOLS))
def test_each_batch_method_documents_every_parameter_of_its_signature(tool: str) -> None:
    method = getattr(Batch, tool)
    params = list(inspect.signature(method).parameters.values())[1:]  # without self
    names = [("**" if p.kind is p.VAR_KEYWORD else "") + p.name for p in params]
    assert _documented(method.__doc__) == names
