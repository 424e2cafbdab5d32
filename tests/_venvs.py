"""Fresh virtual envs for tests that install into them, offline.

``python -m venv --system-site-packages`` exposes the packages of the *base* interpreter. Run from
an activated virtual env (the usual way to run README's test command) that is the interpreter the
venv was made from, without any of the packages the tests run with. So the env made here has no
site packages of its own but a ``.pth`` file listing the site dirs of the *running* interpreter
(a venv's, a system Python's or CI's): everything already installed is seen, after the env's own
packages, and nothing needs downloading. Its ``bin/`` has no pip: ``python -m pip`` runs the
running interpreter's pip for the env's python, which installs into the env.
"""

from __future__ import annotations

import os
import re
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: Processed after the env's own ``.pth`` files (an editable install of the copy comes first).
PTH_NAME = "zzz-tests-outer-site-packages.pth"


def outer_site_dirs() -> list[str]:
    """The running interpreter's site-packages directories, in order, existing ones only."""
    dirs = [*site.getsitepackages(), sysconfig.get_path("purelib"), sysconfig.get_path("platlib")]
    return [d for d in dict.fromkeys(dirs) if Path(d).is_dir()]


def outer_data_dirs() -> list[Path]:
    """Where the running interpreter's packages put data files (``share/jupyter`` lives there)."""
    roots = [sysconfig.get_path("data"), sys.prefix, sys.base_prefix]
    return [Path(r) for r in dict.fromkeys(roots)]


def run(cmd: list[str | Path], env: dict[str, str], cwd: Path, timeout: float = 240) -> str:
    """Run ``cmd``; fail the test with its output when it fails. Returns stdout + stderr."""
    proc = subprocess.run(
        [str(c) for c in cmd],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    output = ANSI.sub("", proc.stdout + proc.stderr)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{output[-4000:]}"
    return output


def clean_env(venv: Path, **extra: str) -> dict[str, str]:
    """The environment of a shell that activated ``venv``, with pip offline and unconfigured.

    No ``PIP_*``, ``PYTHON*``, ``JUPYTER*``, conda or outer ``VIRTUAL_ENV`` variables, no API
    key; the machine's pip config files are ignored and pip may not use any index.
    """
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "JUPYTER", "PYTHON", "VIRTUAL_ENV", "CONDA"))
        and k not in ("GOOGLE_MAPS_API_KEY", "MAPSNB_SANDBOX_NOW")
    }
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        PIP_CONFIG_FILE=os.devnull,  # no index or find-links from the machine's pip config
        PIP_NO_INDEX="1",  # nothing may be downloaded
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PYTHONNOUSERSITE="1",
    )
    env.update(extra)
    return env


def make_venv(venv: Path, env: dict[str, str], cwd: Path) -> Path:
    """Create ``venv`` (no pip of its own) seeing the running interpreter's packages.

    Returns
    -------
    Path
        The env's ``bin/python``.
    """
    run([sys.executable, "-m", "venv", "--without-pip", venv], env, cwd)
    python = venv / "bin" / "python"
    purelib = run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], env, cwd
    )
    target = Path(purelib.strip().splitlines()[-1])
    target.mkdir(parents=True, exist_ok=True)
    (target / PTH_NAME).write_text("\n".join(outer_site_dirs()) + "\n", encoding="utf-8")
    return python


def copy_repo(dest: Path, names: tuple[str, ...]) -> Path:
    """A copy of the repository's ``names`` (files or folders) in ``dest``, without caches."""
    import shutil

    root = Path(__file__).resolve().parents[1]
    ignore = shutil.ignore_patterns(
        "__pycache__", "*.egg-info", ".ipynb_checkpoints", "node_modules", ".pytest_cache"
    )
    dest.mkdir()
    for name in names:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=ignore)
        else:
            shutil.copy2(source, dest / name)
    return dest
