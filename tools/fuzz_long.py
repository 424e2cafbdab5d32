"""A longer fuzzing run of the property tests (arguments and protocol bodies), printing counts.

The suite runs a fixed, derandomized set of examples (the ``ci`` profile); this script draws fresh
random examples, ``--scale`` times as many, and prints how many examples each property ran and
what came out of them (sent / refused, answered / named errors).

    python tools/fuzz_long.py --scale 10
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ["tests/calls/test_properties_arguments.py", "tests/transport/test_properties_protocol.py"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale", type=float, default=10.0, help="times the suite's example counts"
    )
    args = parser.parse_args()
    env = {
        **os.environ,
        "MAPSNB_HYPOTHESIS_PROFILE": "long",
        "MAPSNB_HYPOTHESIS_SCALE": str(args.scale),
        "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
    }
    command = [sys.executable, "-m", "pytest", *FILES, "-q", "-p", "no:cacheprovider"]
    run = subprocess.run(
        [*command, "--hypothesis-show-statistics"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    test = None
    for line in run.stdout.splitlines():
        if line.endswith(":") and "::" in line:
            test = line.split("::")[-1].rstrip(":")
            print(test)
        elif test and re.search(r"passing examples|%, (sent|refused|raised|answered)", line):
            print("   ", line.strip())
    print(run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-2000:])
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())
