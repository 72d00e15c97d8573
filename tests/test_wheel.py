"""Install from a wheel (issue 14, item 8): a wheel built from this checkout, installed into a fresh virtual
environment outside it, with no SWEEPY_HOME, keeps its workspace in the user data folder, ships the example
profiles and the sample feed, and writes nothing into site-packages.

Slow but real: it builds the wheel with pip and runs the installed `sweepy` command in subprocesses. The build
is offline where the environment's setuptools has bdist_wheel built in (70.1+, which the dev extra installs);
an older one (which needs the separate `wheel` package) falls back to pip's isolated build, and the test is
skipped only when that cannot reach a package index either."""

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.slow


CLEAN_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
"""No PYTHONPATH, no SWEEPY_*: a fresh shell's environment, so nothing points back at the checkout."""


def _run(
    args: list[str], env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 300
) -> "subprocess.CompletedProcess[str]":
    env = {**CLEAN_ENV, "HOME": str(cwd or Path.home()), **(env or {})}
    return subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


def _build_wheel(tmp: Path) -> Path:
    """`pip wheel` of a copy of the project's packaged files (never building inside the checkout)."""
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "sweepy", src / "sweepy", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = tmp / "dist"
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist), str(src)]
    offline = _run([*pip, "--no-build-isolation", "--no-index"], cwd=tmp)
    if offline.returncode != 0:
        isolated = _run(pip, cwd=tmp, env={"HOME": os.environ.get("HOME", str(tmp))})  # pip's index settings
        if isolated.returncode != 0:
            pytest.skip(
                "cannot build the wheel: this environment's setuptools lacks bdist_wheel (needs 70.1+, which the dev "
                f"extra installs) and no package index answered:\n{offline.stderr[-600:]}\n{isolated.stderr[-600:]}"
            )
    (wheel,) = dist.glob("sweepy-*.whl")
    return wheel


def _fresh_venv(tmp: Path, wheel: Path) -> tuple[Path, Path]:
    """A new environment outside the checkout holding the wheel; its dependencies are read from the running
    environment's site-packages through a path line (not its .pth files: the editable checkout stays out)."""
    venv = tmp / "venv"
    assert _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp).returncode == 0
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    purelib = Path(
        _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    )
    (purelib / "shared-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    installed = _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)], cwd=tmp)
    assert installed.returncode == 0, installed.stderr
    return python, purelib


def _tree(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if "__pycache__" not in p.parts}


def test_an_installed_wheel_keeps_its_workspace_in_the_user_data_folder(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    python, purelib = _fresh_venv(tmp_path, wheel)
    where = _run([str(python), "-c", "import sweepy; print(sweepy.__file__)"], cwd=tmp_path)
    assert Path(where.stdout.strip()).parent == purelib / "sweepy"  # the wheel's copy, not the checkout
    shipped = {p.name for p in (purelib / "sweepy" / "data" / "profiles").iterdir()}
    assert shipped == {"example.yaml", "example_live.yaml", "paralegal_nyc.yaml"}
    assert (purelib / "sweepy" / "data" / "sample_postings.jsonl").is_file()
    packaged = zipfile.ZipFile(wheel).namelist()
    assert not [name for name in packaged if name.startswith(("sweepy/sample/", "tools/"))]  # the data generator
    assert not (purelib / "sweepy" / "sample").exists()

    home, data, cwd = tmp_path / "user", tmp_path / "user" / "data", tmp_path / "anywhere"
    cwd.mkdir(parents=True)
    env = {"HOME": str(home), "XDG_DATA_HOME": str(data)}
    sweepy = python.parent / "sweepy"
    before = _tree(purelib)

    init = _run([str(sweepy), "init"], env=env, cwd=cwd)
    assert init.returncode == 0, init.stderr
    workspace = data / "sweepy"
    assert init.stdout.splitlines()[0] == f"workspace: {workspace}"
    assert sorted(p.name for p in (workspace / "profiles").iterdir()) == sorted(shipped)
    swept = _run([str(sweepy), "sweep", "example"], env=env, cwd=cwd)
    assert swept.returncode == 0, swept.stderr
    json_line = next(line for line in swept.stdout.splitlines() if line.startswith("json: "))
    result = Path(json_line[len("json: ") :])
    assert result.parent == workspace / "results" and result.name.startswith("example_") and result.is_file()
    assert "discovered 310" in swept.stdout

    assert _tree(purelib) == before  # nothing written into site-packages
    assert sorted(p.name for p in cwd.iterdir()) == []  # nor into the folder it was run from
