"""The emulator without the held-out third of the UNESCO list, in a child process.

The emulator's world holds the whole list (``data/heritage_sites.csv``). The rules for a landmark
the world does not hold (``resolver.UNKNOWN_LANDMARK``, the namesake-abroad rules) are tested on
the properties of :func:`~mapsnb_sandbox.world.landmarks.held_out`, withheld here as
``bench_landmarks.py --withhold`` withholds them (``MAPSNB_SANDBOX_WITHHOLD_THIRD=1``): a child
process reads that before it builds its landmark table, and this process keeps the whole world.

``python -m tests.sandbox.world.withheld`` is the child: one JSON request per line on stdin
(``{"tool": name, "args": {...}}`` or ``{"resolve": text}``), one JSON answer per line on stdout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]


class WithheldWorld:
    """A child emulator whose world leaves the held-out third out; close it when done."""

    def __init__(self) -> None:
        from mapsnb_sandbox.world.landmarks import WITHHOLD_ENV

        env = {**os.environ, WITHHOLD_ENV: "1", "PYTHONPATH": str(ROOT)}
        self._child = subprocess.Popen(
            [sys.executable, "-m", "tests.sandbox.world.withheld"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT,
        )  # fmt: skip

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._child.stdin is not None and self._child.stdout is not None
        self._child.stdin.write(json.dumps(request) + "\n")
        self._child.stdin.flush()
        answer: dict[str, Any] = json.loads(self._child.stdout.readline())
        return answer

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """The tool's answer, or ``{"error": {"status": ..., "message": ...}}``."""
        return self._ask({"tool": name, "args": args})

    def resolve(self, text: str) -> dict[str, Any]:
        """What the one resolver made of ``text``: ``how`` and the place's name (or ``None``)."""
        return self._ask({"resolve": text})

    def close(self) -> None:
        """End the child."""
        if self._child.stdin is not None:
            self._child.stdin.close()
        self._child.wait(timeout=30)


def _answer(request: dict[str, Any]) -> dict[str, Any]:
    from mapsnb_sandbox import Sandbox, SandboxToolError
    from mapsnb_sandbox.world.resolver import resolve

    if "resolve" in request:
        found = resolve(request["resolve"])
        place = found.place
        return {"how": found.how, "name": None if place is None else place.name,
                "confidence": None if place is None else place.confidence}  # fmt: skip
    try:
        out: dict[str, Any] = Sandbox().call_tool(request["tool"], request["args"])
    except SandboxToolError as err:
        return {"error": {"status": err.status, "message": str(err)}}
    return out


def main() -> None:
    """Answer requests from stdin until it closes."""
    for line in sys.stdin:
        print(json.dumps(_answer(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
