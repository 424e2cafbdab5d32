"""Fetch the wheels Binder would install, for the Python Binder would pick.

mybinder.org builds with repo2docker, which reads only ``binder/`` when that folder exists:
``runtime.txt`` (``python-X.Y``), else an ``environment.yml`` naming ``python=X.Y``, else its
default Python, **3.10** (repo2docker 2026.08). This script reads ``binder/`` the same way and
downloads every pin of ``binder/requirements.txt`` (and their dependencies) **as wheels for that
Python**, with ``pip download --only-binary=:all: --python-version X.Y``, so the interpreter need
not be installed. When the pins cannot resolve for that Python, pip's error is written to
``FAILED.txt`` in the wheel folder and the script exits 1: Binder's build would stop there too.

``tests/notebooks/test_binder_build.py`` then checks the resolution offline, from these wheels only, and,
when that exact Python is on the machine, installs them into a fresh venv of it and runs
``postBuild``, ``start`` and notebook 01 as Binder does. README's test command runs this first.

Usage: ``python tools/binder_wheels.py [--repo DIR] [--dest DIR]`` (default destination:
``$MAPSNB_BINDER_WHEELS``, else ``~/.cache/mapsnb/binder-wheels``; a sub-folder per Python).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

#: repo2docker's default Python when ``binder/`` names none (``major_pythons = {"3": "3.10"}``).
DEFAULT_PYTHON = "3.10"
RUNTIME = re.compile(r"^\s*python-(\d+)\.(\d+)(?:\.\d+)?\s*$")
CONDA_PYTHON = re.compile(r"^\s*-\s*python\s*[=~<>]*=?\s*(\d+)\.(\d+)", re.MULTILINE)


def binder_python(binder: Path) -> tuple[str, str]:
    """The Python version repo2docker would build ``binder/`` with, and why.

    Returns
    -------
    tuple of str
        ``("3.12", "binder/runtime.txt says python-3.12")`` and the like.
    """
    runtime = binder / "runtime.txt"
    if runtime.is_file():
        text = runtime.read_text(encoding="utf-8").strip()
        match = RUNTIME.match(text)
        if match:
            version = f"{match.group(1)}.{match.group(2)}"
            return version, f"binder/runtime.txt says {text}"
    for name in ("environment.yml", "environment.yaml"):
        env = binder / name
        if env.is_file():
            match = CONDA_PYTHON.search(env.read_text(encoding="utf-8"))
            if match:
                version = f"{match.group(1)}.{match.group(2)}"
                return version, f"binder/{name} asks for python={version}"
    return DEFAULT_PYTHON, f"binder/ names no Python: repo2docker's default, {DEFAULT_PYTHON}"


def requirements_digest(requirements: Path) -> str:
    """A short digest of ``requirements.txt``: a wheel folder is current when it matches."""
    return hashlib.sha256(requirements.read_bytes()).hexdigest()[:16]


def wheel_dir(version: str, dest: Path | None = None) -> Path:
    """Where the wheels for Python ``version`` are kept."""
    if dest is None:
        default = Path.home() / ".cache" / "mapsnb" / "binder-wheels"
        dest = Path(os.environ.get("MAPSNB_BINDER_WHEELS", default))
    return dest / f"py{version}"


def pip_command(folder: Path) -> list[str]:
    """A current pip, run from its wheel in ``folder``.

    Older pips (23.x) check a dependency's ``Requires-Python`` against the running interpreter
    even with ``--python-version``, so the resolution for another Python needs a newer one.
    """
    wheels = sorted((folder / "_pip").glob("pip-*.whl"))
    if not wheels:
        return [sys.executable, "-m", "pip"]
    return [sys.executable, str(wheels[-1] / "pip")]


def _run_pip(cmd: list[str]) -> tuple[int, str]:
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    lines = (proc.stdout + proc.stderr).splitlines()
    return proc.returncode, "\n".join(x for x in lines if not x.startswith("WARNING: Location"))


def download(repo: Path, dest: Path | None = None) -> tuple[int, Path]:
    """Download the wheels; returns pip's exit code and the wheel folder."""
    version, reason = binder_python(repo / "binder")
    requirements = repo / "binder" / "requirements.txt"
    folder = wheel_dir(version, dest)
    folder.mkdir(parents=True, exist_ok=True)
    for marker in ("FAILED.txt", "OK.txt"):
        (folder / marker).unlink(missing_ok=True)
    print(f"Binder's Python: {version} ({reason}); wheels into {folder}", flush=True)
    fetch_pip = ["download", "--quiet", "--no-deps", "--only-binary=:all:", "pip"]
    code, errors = _run_pip(
        [sys.executable, "-m", "pip", *fetch_pip, "--dest", str(folder / "_pip")]
    )
    cmd = [
        *pip_command(folder),
        "download",
        "--quiet",
        "--only-binary=:all:",
        "--python-version",
        version,
        "--dest",
        str(folder),
        "-r",
        str(requirements),
    ]
    if code == 0:
        code, errors = _run_pip(cmd)
    if code != 0:
        (folder / "FAILED.txt").write_text(
            f"Python {version} ({reason}):\n{errors}\n", encoding="utf-8"
        )
        print(errors, file=sys.stderr)
        print(
            f"binder/requirements.txt does not resolve as wheels for Python {version}: "
            "mybinder.org's build would fail here.",
            file=sys.stderr,
        )
    else:
        (folder / "OK.txt").write_text(requirements_digest(requirements) + "\n", encoding="utf-8")
    return code, folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--dest", type=Path, default=None)
    args = parser.parse_args(argv)
    code, _ = download(args.repo, args.dest)
    return 1 if code else 0


if __name__ == "__main__":
    sys.exit(main())
