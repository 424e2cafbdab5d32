"""README.md stays true: its two set-up commands are where CI looks, and its example runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _block(marker: str) -> str:
    body = README.split(f"<!-- {marker} -->", 1)[1].split(f"<!-- /{marker} -->", 1)[0]
    return "\n".join(line for line in body.strip().splitlines() if not line.startswith("```"))


def test_exactly_two_setup_commands_near_the_top() -> None:
    top = README[: README.index("## At a glance")]
    assert _block("open-command") == 'pip install -e ".[notebooks]" && jupyter lab notebooks/'
    assert _block("test-command") == 'pip install -e ".[test]" && python -m pytest'
    assert len(re.findall(r"^```bash$", top, flags=re.M)) == 2


def test_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)
    code = README.split("## At a glance", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert namespace["client"].source == "sandbox"
    assert len(namespace["places"].to_frame()) == 5
    assert len(namespace["env"].air_quality) == 48
