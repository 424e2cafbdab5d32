"""Run a script in a fresh interpreter (no cache of an earlier call) and read its answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]


def fresh_answer(script: str, arg: object, *, timeout: float) -> Any:
    """The JSON ``script`` prints last, run with ``arg`` (as JSON) in a new process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(arg)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=timeout,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
