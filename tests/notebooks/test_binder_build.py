"""Build ``binder/`` the way mybinder.org (repo2docker) builds it, offline.

``tools/binder_wheels.py`` (run by README's test command before pytest) reads ``binder/`` as
repo2docker does and downloads the pinned requirements as wheels for *that* Python. Here:

1. the pins must resolve from those wheels alone, for that Python (``pip install --dry-run
   --python-version X.Y --only-binary=:all: --no-index``): no interpreter of that version needed;
2. README, ``pyproject.toml`` and ``binder/`` tell one Python story;
3. ``binder/start`` sets what README says it sets;
4. when that exact Python is on the machine, a fresh venv of it gets the wheels, ``postBuild`` and
   ``start`` run from the repository root with ``$HOME`` elsewhere, as on Binder, a fresh session's
   first call builds nothing, and notebook 01 runs top to bottom in that environment.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from tests._venvs import copy_repo
from tests._venvs import run as _run

#: The whole build (venv, pip from local wheels, postBuild, a notebook run): its steps have
#: limits of their own (900 + 600 + 600 s); on a loaded 2-core machine the build alone took
#: over 300 s, the suite's default limit.
BUILD_LIMIT_S = 2400
ROOT = Path(__file__).resolve().parents[2]
COPIED = ("pyproject.toml", "README.md", "mapsnb", "mapsnb_sandbox", "binder", "notebooks")
_spec = importlib.util.spec_from_file_location("binder_wheels", ROOT / "tools/binder_wheels.py")
assert _spec and _spec.loader
binder_wheels = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(binder_wheels)

VERSION, REASON = binder_wheels.binder_python(ROOT / "binder")
WHEELS = binder_wheels.wheel_dir(VERSION)
REQUIREMENTS = ROOT / "binder" / "requirements.txt"


def _offline_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV", "CONDA", "JUPYTER", "MAPSNB_"))
        and k != "GOOGLE_MAPS_API_KEY"
    }
    env.update(
        PIP_CONFIG_FILE=os.devnull,
        PIP_NO_INDEX="1",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PYTHONNOUSERSITE="1",
    )
    env.update(extra)
    return env


def _wheels_ready() -> Path:
    failed = WHEELS / "FAILED.txt"
    assert not failed.exists(), (
        f"binder/requirements.txt does not resolve as wheels for Python {VERSION} ({REASON}): "
        f"mybinder.org's build fails.\n{failed.read_text(encoding='utf-8')[-3000:]}"
    )
    ok = WHEELS / "OK.txt"
    assert ok.exists(), (
        f"no wheels for Python {VERSION} in {WHEELS}: run `python tools/binder_wheels.py` "
        "(README's test command does), which downloads them or says why Binder cannot build"
    )
    digest = binder_wheels.requirements_digest(REQUIREMENTS)
    assert ok.read_text(encoding="utf-8").strip() == digest, (
        f"the wheels in {WHEELS} were fetched for another binder/requirements.txt: "
        "run `python tools/binder_wheels.py` again"
    )
    return WHEELS


def test_binder_reading_follows_repo2docker(tmp_path: Path) -> None:
    binder = tmp_path / "binder"
    binder.mkdir()
    assert binder_wheels.binder_python(binder)[0] == "3.10"  # repo2docker's default
    (binder / "environment.yml").write_text("dependencies:\n  - python=3.11\n  - pip\n")
    assert binder_wheels.binder_python(binder)[0] == "3.11"
    (binder / "runtime.txt").write_text("python-3.13\n")
    assert binder_wheels.binder_python(binder)[0] == "3.13"  # runtime.txt wins
    (binder / "runtime.txt").write_text("r-2024-01-01\n")  # an R runtime names no Python
    assert binder_wheels.binder_python(binder)[0] == "3.11"


def test_binder_pins_resolve_as_wheels_for_binders_python(tmp_path: Path) -> None:
    wheels = _wheels_ready()
    out = _run(
        [
            *binder_wheels.pip_command(wheels),
            "install",
            "--dry-run",
            "--ignore-installed",
            "--no-index",
            "--find-links",
            wheels,
            "--python-version",
            VERSION,
            "--only-binary=:all:",
            "--target",
            tmp_path / "target",
            "-r",
            REQUIREMENTS,
        ],
        _offline_env(),
        ROOT,
    )
    line = next(x for x in out.splitlines() if x.startswith("Would install"))
    resolved = {token.lower().replace("_", "-") for token in line.split()[2:]}
    for pin in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        pin = pin.split("#")[0].strip()
        if pin:
            name, version = pin.split("==")
            wanted = f"{name.lower().replace('_', '-')}-{version}"
            assert wanted in resolved, f"{pin} is not in the resolution for Python {VERSION}"


def _python_range() -> tuple[int, int]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'requires-python\s*=\s*">=\s*3\.(\d+)"', text)
    assert match, "pyproject.toml states requires-python as '>=3.N'"
    return 3, int(match.group(1))


def test_one_python_story() -> None:
    low = _python_range()
    binder = tuple(int(p) for p in VERSION.split("."))
    assert binder >= low, f"Binder builds with {VERSION} ({REASON}), below requires-python"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.findall(r"needs \*\*Python (3\.\d+) or newer\*\*", readme)
    assert stated == [f"3.{low[1]}"], f"README states the Python range once: {stated}"
    assert f"python-{VERSION}" in readme, "README says which Python Binder uses"
    assert not re.search(r"Python 3\.\d+ or newer", readme.replace(f"**Python 3.{low[1]}", "")), (
        "a second, different Python range is stated in README"
    )
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'target-version = "py3{low[1]}"' in pyproject  # ruff lints for the lowest Python
    assert f'python_version = "3.{low[1]}"' in pyproject  # and mypy checks for it


def test_start_sets_what_readme_says(tmp_path: Path) -> None:
    repo = copy_repo(tmp_path / "repo", ("binder", "notebooks"))
    env = _offline_env(HOME=str(tmp_path / "home"))
    probe = ["bash", repo / "binder" / "start", "sh", "-c", 'echo "REC=${MAPSNB_RECORD:-}"']
    assert "REC=\n" in _run(probe, env, repo)  # no recording: the emulator
    (repo / "notebooks" / "lesson.json").write_text("{}")
    assert f"REC={repo / 'notebooks' / 'lesson.json'}\n" in _run(probe, env, repo)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`binder/start` sets `MAPSNB_RECORD` to `notebooks/lesson.json`" in readme


def _exact_python(version: str) -> Path | None:
    """An interpreter of exactly ``version`` on this machine (PATH or pyenv), if any."""
    candidates = [shutil.which(f"python{version}")]
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates += sorted(
        str(p) for p in pyenv_root.glob(f"versions/{version}.*/bin/python{version}")
    )
    for candidate in candidates:
        if not candidate:
            continue
        proc = subprocess.run(
            [candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode == 0 and proc.stdout.strip() == version:
            return Path(candidate)
    return None


FIRST_CALL = """
import json, os, time
from pathlib import Path
cache = Path.home() / ".cache"
def state():
    return {str(p): p.stat().st_mtime_ns for p in cache.rglob("*") if p.is_file()}
before = state()
import mapsnb
client = mapsnb.Client()
t0 = time.perf_counter(); client.search_places("coffee in Paris", page_size=3)
t1 = time.perf_counter(); client.search_places("bakeries in Lyon", page_size=3)
t2 = time.perf_counter()
after = state()
changed = sorted(p for p in after if before.get(p) != after[p] and "binder-wheels" not in p)
print("FIRST=" + json.dumps({"first": t1 - t0, "warm": t2 - t1, "changed": changed}))
"""


@pytest.mark.slow
@pytest.mark.timeout(BUILD_LIMIT_S)
def test_binder_builds_and_runs_with_binders_python(tmp_path: Path) -> None:
    python = _exact_python(VERSION)
    if python is None:
        pytest.skip(
            f"Python {VERSION} (what Binder builds with: {REASON}) is not on this machine; "
            "the wheel resolution above still checked the pins for it"
        )
    wheels = _wheels_ready()
    repo = copy_repo(tmp_path / "repo", COPIED)
    home = tmp_path / "home"
    home.mkdir()
    venv = tmp_path / "venv"
    _run([python, "-m", "venv", venv], _offline_env(), tmp_path)
    env = _offline_env(
        HOME=str(home),
        PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        JUPYTER_PLATFORM_DIRS="1",
        MPLBACKEND="Agg",
    )
    vpy = venv / "bin" / "python"
    # Binder: pip install -r binder/requirements.txt, then postBuild, from the repository root
    _run(
        [vpy, "-m", "pip", "install", "--no-index", "--find-links", wheels, "-r", REQUIREMENTS],
        env,
        repo,
        timeout=900,
    )
    post = _run(["bash", repo / "binder" / "postBuild"], env, repo, timeout=600)
    assert "jupyter-leaflet" in post
    assert "@jupyter-widgets/jupyterlab-manager" in post
    version = _run([vpy, "-c", "import sys; print(sys.version)"], env, repo)
    assert version.startswith(VERSION + ".")

    # a fresh session, started through binder/start: its first call builds nothing
    first = _run(["bash", repo / "binder" / "start", vpy, "-c", FIRST_CALL], env, repo)
    report = json.loads(first.split("FIRST=", 1)[1].splitlines()[0])
    assert report["changed"] == [], f"the first call of a fresh session wrote {report}"
    print(f"Binder first call {report['first']:.3f} s, warm {report['warm']:.3f} s")

    # notebook 01, on a kernel of that environment, started through binder/start
    _run([vpy, "-m", "ipykernel", "install", "--sys-prefix", "--name", "python3"], env, repo)
    spec = json.loads((venv / "share/jupyter/kernels/python3/kernel.json").read_text())
    assert Path(spec["argv"][0]).parent == venv / "bin"
    notebook = repo / "notebooks" / "01-quickstart.ipynb"
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(
        nbformat.v4.new_code_cell("import mapsnb, sys\nprint(mapsnb.__file__)\nprint(sys.version)")
    )
    nbformat.write(nb, notebook)
    executed = tmp_path / "executed.ipynb"
    _run(
        [
            "bash",
            repo / "binder" / "start",
            venv / "bin" / "jupyter",
            "nbconvert",
            "--execute",
            "--to",
            "notebook",
            "--output",
            executed,
            "--ExecutePreprocessor.kernel_name=python3",
            "--ExecutePreprocessor.timeout=240",
            notebook,
        ],
        env,
        repo,
        timeout=600,
    )
    done = nbformat.read(executed, as_version=4)
    code = [c for c in done.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not errors, errors
    probe = "".join(o.get("text", "") for o in code[-1].outputs).splitlines()
    assert Path(probe[0]).resolve() == (repo / "mapsnb" / "__init__.py").resolve()
    assert probe[1].startswith(VERSION + ".")
