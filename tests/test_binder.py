"""Reproduce the Binder set-up from ``binder/`` alone, offline, in a fresh virtual env.

Binder installs ``binder/requirements.txt`` and then runs ``binder/postBuild``. Here:

1. a copy of the repository (its files only) goes to a temporary directory, so the system's own
   editable install of mapsnb stays untouched;
2. a fresh venv (``tests/_venvs.py``) sees the packages the tests run with (those ``.ci/run`` or
   README's test command installed; so nothing is downloaded) but has its own ``sys.prefix``:
   this works from an activated venv, a plain system Python and CI alike, unlike
   ``--system-site-packages``, which would expose the base interpreter. The console scripts of
   the Jupyter packages are written into its ``bin/`` as pip would when installing them there,
   and ``JUPYTER_PATH`` adds the running interpreter's ``share/jupyter`` (their data files: lab
   extensions, kernel specs) after the venv's own;
3. ``pip install --no-index -r binder/requirements.txt`` proves every pin is satisfied;
4. ``binder/postBuild`` runs from the copy with the venv's ``bin`` first on ``PATH``;
5. the venv's ``jupyter labextension list`` must report both front-end extensions enabled and OK;
6. ``notebooks/01-quickstart.ipynb`` is executed by a kernel of the venv's python, and mapsnb
   must come from the copy.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import nbformat
import pytest

from tests._venvs import clean_env, copy_repo, make_venv, outer_data_dirs
from tests._venvs import run as _run

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("pyproject.toml", "README.md", "mapsnb", "binder", "notebooks")
EXTENSIONS = ("jupyter-leaflet", "@jupyter-widgets/jupyterlab-manager")
SCRIPT_PREFIXES = ("jupyter", "voila")

WRITE_SCRIPTS = """
import importlib.metadata as md, os, sys
bindir = sys.argv[1]
for ep in md.entry_points(group="console_scripts"):
    if not ep.name.startswith(tuple(sys.argv[2:])):
        continue
    path = os.path.join(bindir, ep.name)
    if os.path.exists(path):
        continue
    module, _, attr = ep.value.partition(":")
    with open(path, "w") as f:
        f.write(
            f"#!{sys.executable}\\n"
            "import importlib, sys\\n"
            f"obj = importlib.import_module({module!r})\\n"
            f"for part in {attr.strip()!r}.split('.'):\\n"
            "    obj = getattr(obj, part)\\n"
            "sys.exit(obj())\\n"
        )
    os.chmod(path, 0o755)
"""

PROBE = "import mapsnb, sys\nprint('MAPSNB_FILE=' + mapsnb.__file__)\nprint('KERNEL_PYTHON=' + sys.executable)"


def _env(venv: Path, home: Path) -> dict[str, str]:
    # the data files (lab extensions, kernels) of the running interpreter's packages, as the
    # .pth of tests/_venvs.py does for their code; the venv's own come first
    data = [venv / "share" / "jupyter", *(d / "share" / "jupyter" for d in outer_data_dirs())]
    return clean_env(
        venv,
        JUPYTER_PATH=os.pathsep.join(str(d) for d in dict.fromkeys(data)),
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        IPYTHONDIR=str(home / "ipython"),
        MPLCONFIGDIR=str(home / "mpl"),
    )


def _extension_lines(listing: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in listing.splitlines():
        words = line.split()
        if words and words[0] in EXTENSIONS:
            found[words[0]] = line
    return found


@pytest.mark.slow
def test_binder_setup_reproduces_offline(tmp_path: Path) -> None:
    repo = copy_repo(tmp_path / "repo", COPIED)
    venv = tmp_path / "venv"
    home = tmp_path / "home"
    home.mkdir()
    env = _env(venv, home)
    python = make_venv(venv, env, tmp_path)
    _run([python, "-c", WRITE_SCRIPTS, venv / "bin", *SCRIPT_PREFIXES], env, tmp_path)
    assert (venv / "bin" / "jupyter").exists(), (
        f"the venv made from {sys.executable} does not see the Jupyter packages of the running "
        f"interpreter ({', '.join(sys.path)}); bin/ holds {sorted(os.listdir(venv / 'bin'))}"
    )

    # 1. every pin of binder/requirements.txt is already satisfied: nothing to download
    pins = _run(
        [python, "-m", "pip", "install", "--no-index", "-r", repo / "binder" / "requirements.txt"],
        env,
        repo,
    )
    assert "Successfully installed" not in pins, pins

    # 2. postBuild, from the copy, with the venv first on PATH
    # (postBuild builds with --no-build-isolation: the pinned set must bring a setuptools >= 70.1,
    # which has bdist_wheel built in, or pip fails with "invalid command 'bdist_wheel'")
    post = _run(["bash", repo / "binder" / "postBuild"], env, repo)
    assert "jupyter-leaflet" in post
    where = _run([python, "-c", "import mapsnb; print(mapsnb.__file__)"], env, tmp_path)
    assert (
        Path(where.strip().splitlines()[-1]).resolve()
        == (repo / "mapsnb" / "__init__.py").resolve()
    )

    # 3. the venv's JupyterLab sees both front-end extensions, enabled and OK
    listing = _run([venv / "bin" / "jupyter", "labextension", "list"], env, repo)
    lines = _extension_lines(listing)
    assert set(lines) == set(EXTENSIONS), listing
    for line in lines.values():
        assert line.split()[2:4] == ["enabled", "OK"], line

    # 4. the quickstart runs top to bottom on a kernel of the venv's python
    _run([python, "-m", "ipykernel", "install", "--sys-prefix", "--name", "python3"], env, repo)
    spec = json.loads((venv / "share/jupyter/kernels/python3/kernel.json").read_text())
    assert Path(spec["argv"][0]).parent == venv / "bin"
    notebook = repo / "notebooks" / "01-quickstart.ipynb"
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(PROBE))
    nbformat.write(nb, notebook)
    executed = tmp_path / "executed.ipynb"
    _run(
        [
            venv / "bin" / "jupyter",
            "nbconvert",
            "--execute",
            "--to",
            "notebook",
            "--output",
            executed,
            "--ExecutePreprocessor.kernel_name=python3",
            "--ExecutePreprocessor.timeout=180",
            notebook,
        ],
        env,
        repo / "notebooks",
        timeout=400,
    )
    done = nbformat.read(executed, as_version=4)
    code = [c for c in done.cells if c.cell_type == "code"]
    assert all(o.output_type != "error" for c in code for o in c.outputs)
    assert code[0].outputs[0].text.strip() == "sandbox"
    probe = "".join(o.get("text", "") for o in code[-1].outputs)
    values = dict(line.split("=", 1) for line in probe.splitlines() if "=" in line)
    assert Path(values["MAPSNB_FILE"]).resolve() == (repo / "mapsnb" / "__init__.py").resolve()
    assert Path(values["KERNEL_PYTHON"]).parent == venv / "bin"
