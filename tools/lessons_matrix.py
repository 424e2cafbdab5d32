"""Run ``mapsnb new-lesson`` for 12 towns on 6 continents × 4 languages and print timings.

Each lesson is written with :func:`mapsnb.lessons.new_lesson` and executed top to bottom in a
fresh kernel on the built-in emulator (no key); a row says how long it took, which steps had
no answer (each said so in a sentence) and whether anything failed that the lesson did not
mean to show. Exit status: the number of lessons that failed.

Usage::

    PYTHONPATH=$PWD python tools/lessons_matrix.py             # 48 lessons, about 10 minutes
    PYTHONPATH=$PWD python tools/lessons_matrix.py --towns 3 --languages en ja
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from mapsnb.lessons import new_lesson

#: Two towns on each of six continents.
TOWNS = (
    "Accra, Ghana", "Nairobi, Kenya",  # Africa
    "Tokyo, Japan", "Hanoi, Vietnam",  # Asia
    "Porto, Portugal", "Kraków, Poland",  # Europe
    "Toronto, Canada", "Mexico City, Mexico",  # North America
    "Lima, Peru", "Buenos Aires, Argentina",  # South America
    "Sydney, Australia", "Auckland, New Zealand",  # Oceania
)  # fmt: skip
LANGUAGES = ("en", "es", "fr", "ja")


def run(city: str, language: str, folder: Path) -> tuple[float, list[str], str]:
    """Seconds, unanswered steps and the unexpected failure ('' when none) of one lesson."""
    path = new_lesson(folder / f"{city.split(',')[0]}-{language}.ipynb", city, language=language)
    nb = nbformat.read(path, as_version=4)
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_MAPS_API_KEY", "MAPSNB_RECORD")}
    start = time.perf_counter()
    try:
        NotebookClient(nb, timeout=120, kernel_name="python3").execute(env=env)
    except Exception as exc:  # a row of the report
        text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", str(exc)).strip()  # no terminal colours
        return time.perf_counter() - start, [], text.splitlines()[-1][:120]
    seconds = time.perf_counter() - start
    summary = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    missing = [line.split()[1] for line in summary.splitlines() if line.strip().startswith("–")]
    return seconds, missing, ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the matrix and print one row per lesson; the number that failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--towns", type=int, default=len(TOWNS), help="the first N towns")
    parser.add_argument("--languages", nargs="+", default=list(LANGUAGES))
    args = parser.parse_args(argv)
    failed, times = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for city in TOWNS[: args.towns]:
            for language in args.languages:
                seconds, missing, error = run(city, language, Path(tmp))
                times.append(seconds)
                failed += bool(error)
                state = f"FAILED {error}" if error else "ok"
                note = f"  no answer: {', '.join(missing)}" if missing else ""
                print(f"{city:26} {language:3} {seconds:6.1f} s  {state}{note}", flush=True)
    print(f"{len(times)} lessons, {failed} failed; slowest {max(times):.1f} s, "
          f"median {sorted(times)[len(times) // 2]:.1f} s, total {sum(times):.0f} s")  # fmt: skip
    return failed


if __name__ == "__main__":
    sys.exit(main())
