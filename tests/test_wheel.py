"""Install from the built distribution (issue 14, item 8; issue 22, item 1): the sdist and the wheel built from a
copy of this checkout with `python -m build`, the wheel installed with uv into a fresh virtual environment outside
the checkout, as `uvx sweepy-mcp` does. With no SWEEPY_HOME it keeps every file in the user data folder, ships the
example profiles and the sample feed, writes nothing into site-packages, and `sweepy-mcp` serves over stdio from a
bare `env -i` environment.

Slow but real, and offline: the build runs without isolation (`--no-isolation`: the dev extra's setuptools 70.1+
has bdist_wheel built in, so nothing is fetched), and uv installs only our wheel (`--offline --no-index
--no-deps`); the new environment reads the dependencies from the running environment's site-packages through a
path line, so nothing is downloaded at test time."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ROOT
from mcp import Client, StdioServerParameters
from mcp_helpers import envelope

from sweepy.service.tools import RECORDS as TOOLS

pytestmark = pytest.mark.slow


CLEAN_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
"""No PYTHONPATH, no SWEEPY_*: a fresh shell's environment, so nothing points back at the checkout."""

SHIPPED_PROFILES = {"example.yaml", "example_live.yaml", "paralegal_nyc.yaml"}


def _run(
    args: list[str], env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 300
) -> "subprocess.CompletedProcess[str]":
    env = {**CLEAN_ENV, "HOME": str(cwd or Path.home()), **(env or {})}
    return subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


@dataclass(frozen=True)
class Installed:
    wheel: Path
    sdist: Path
    python: Path
    purelib: Path

    def script(self, name: str) -> Path:
        return self.python.parent / name


def _build(tmp: Path) -> tuple[Path, Path]:
    """`python -m build` of a copy of the project's packaged files (never building inside the checkout): the sdist
    first, then the wheel from the unpacked sdist, so a wheel that builds proves the sdist is complete."""
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "sweepy", src / "sweepy", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = tmp / "dist"
    built = _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(src)], cwd=tmp)
    assert built.returncode == 0, f"python -m build failed (the dev extra installs build):\n{built.stderr[-2000:]}"
    (wheel,) = dist.glob("sweepy_mcp-*.whl")
    (sdist,) = dist.glob("sweepy_mcp-*.tar.gz")
    return wheel, sdist


def _install_with_uv(tmp: Path, wheel: Path) -> tuple[Path, Path]:
    """A new environment made by uv outside the checkout holding the wheel; its dependencies are read from the
    running environment's site-packages through a path line (not its .pth files: the editable checkout stays
    out). uv's cache is a folder of its own and its downloads are off, so it can neither reach nor fill a cache."""
    from uv import find_uv_bin

    uv = find_uv_bin()
    env = {"UV_CACHE_DIR": str(tmp / "uv-cache"), "UV_OFFLINE": "1", "UV_PYTHON_DOWNLOADS": "never", "HOME": str(tmp)}
    venv = tmp / "venv"
    made = _run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], env=env, cwd=tmp)
    assert made.returncode == 0, made.stderr
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    purelib = Path(
        _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    )
    (purelib / "shared-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    pip = [uv, "pip", "install", "--quiet", "--python", str(python), "--offline", "--no-index", "--no-deps"]
    installed = _run([*pip, str(wheel)], env=env, cwd=tmp)
    assert installed.returncode == 0, installed.stderr
    return python, purelib


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Built and installed once for the module: both tests read it and write only into their own home."""
    tmp = tmp_path_factory.mktemp("wheel")
    wheel, sdist = _build(tmp)
    python, purelib = _install_with_uv(tmp, wheel)
    return Installed(wheel, sdist, python, purelib)


def _tree(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if "__pycache__" not in p.parts}


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_the_distribution_is_sweepy_mcp_with_both_commands_and_the_package_data(installed: Installed) -> None:
    wheel = zipfile.ZipFile(installed.wheel)
    (metadata,) = [name for name in wheel.namelist() if name.endswith(".dist-info/METADATA")]
    assert "\nName: sweepy-mcp\n" in wheel.read(metadata).decode()
    (entry_points,) = [name for name in wheel.namelist() if name.endswith(".dist-info/entry_points.txt")]
    scripts = wheel.read(entry_points).decode()
    assert "sweepy = sweepy.cli:main" in scripts and "sweepy-mcp = sweepy.server_entry:serve" in scripts
    assert installed.script("sweepy").is_file() and installed.script("sweepy-mcp").is_file()
    with tarfile.open(installed.sdist) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"pyproject.toml", "README.md", "sweepy/data/sample_postings.jsonl"} <= names
    assert {f"sweepy/data/profiles/{name}" for name in SHIPPED_PROFILES} <= names


def test_an_installed_wheel_keeps_its_workspace_in_the_user_data_folder(installed: Installed, tmp_path: Path) -> None:
    python, purelib, wheel = installed.python, installed.purelib, installed.wheel
    where = _run([str(python), "-c", "import sweepy; print(sweepy.__file__)"], cwd=tmp_path)
    assert Path(where.stdout.strip()).parent == purelib / "sweepy"  # the wheel's copy, not the checkout
    shipped = {p.name for p in (purelib / "sweepy" / "data" / "profiles").iterdir()}
    assert shipped == SHIPPED_PROFILES
    assert (purelib / "sweepy" / "data" / "sample_postings.jsonl").is_file()
    packaged = zipfile.ZipFile(wheel).namelist()
    assert not [name for name in packaged if name.startswith(("sweepy/sample/", "tools/"))]  # the data generator
    assert not (purelib / "sweepy" / "sample").exists()

    home, data, cwd = tmp_path / "user", tmp_path / "user" / "data", tmp_path / "anywhere"
    cwd.mkdir(parents=True)
    env = {"HOME": str(home), "XDG_DATA_HOME": str(data)}
    sweepy = installed.script("sweepy")
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
    assert [p for p in _files(home) if workspace not in p.parents] == []  # the state folder is in it too


@pytest.mark.anyio
async def test_sweepy_mcp_serves_every_tool_and_sweeps_the_sample_from_a_bare_environment(
    installed: Installed, tmp_path: Path
) -> None:
    # What a host does: start the command with almost nothing in the environment (Claude Desktop passes little
    # more than HOME and PATH). `env -i` drops everything the test process has, SWEEPY_HOME and PYTHONPATH too.
    home, cwd = tmp_path / "person", tmp_path / "launched-from"
    home.mkdir()
    cwd.mkdir()
    before = _tree(installed.purelib)
    bare = ["-i", f"HOME={home}", "PATH=/usr/bin:/bin", str(installed.script("sweepy-mcp"))]
    params = StdioServerParameters(command=shutil.which("env") or "/usr/bin/env", args=bare, cwd=cwd)
    async with Client(params) as client:
        assert {tool.name for tool in (await client.list_tools()).tools} == set(TOOLS)
        swept = envelope(
            await client.call_tool("run_sweep", {"profile_path": "example", "include_seen": True, "wait_seconds": 300})
        )
        assert swept["status"] == "ok" and swept["sweep_status"] == "completed", swept
        assert swept["discovered_count"] == 310 and swept["card_count"] > 0
        jobs = envelope(await client.call_tool("get_jobs", {"limit": 3}))
        assert [job["job_id"] for job in jobs["jobs"]] == swept["job_ids"][:3]

    where = "import platformdirs; print(platformdirs.user_data_path('sweepy', appauthor=False))"
    workspace = Path(_run([str(installed.python), "-c", where], env={"HOME": str(home)}).stdout.strip())
    assert home in workspace.parents  # ~/.local/share/sweepy on Linux: the person's, not the checkout's
    written = _files(home)
    assert [p for p in written if workspace not in p.parents] == []  # files only in the user data folder
    assert Path(swept["reports"]["json"]).parent == workspace / "results"
    assert (workspace / "state" / "history.db").is_file()  # the state folder is inside it
    assert sorted(cwd.iterdir()) == []
    assert _tree(installed.purelib) == before


def test_an_installed_wheel_keeps_using_an_existing_state_folder(installed: Installed, tmp_path: Path) -> None:
    # Someone who ran Sweepy before (from a checkout, or an earlier wheel) has ~/.sweepy with the postings already
    # reported to them: a new install carries on with that history instead of starting a second one.
    home = tmp_path / "returning"
    (home / ".sweepy").mkdir(parents=True)
    swept = _run([str(installed.script("sweepy")), "sweep", "example"], env={"HOME": str(home)}, cwd=tmp_path)
    assert swept.returncode == 0, swept.stderr
    assert (home / ".sweepy" / "history.db").is_file()
    assert [p.name for p in home.rglob("history.db")] == ["history.db"]


def test_an_installed_sweepy_registers_uvx_sweepy_mcp_in_claude_desktop(installed: Installed, tmp_path: Path) -> None:
    # The README's first lines, with --config on a temporary file: outside a checkout the entry is the uvx one.
    config = tmp_path / "Claude" / "claude_desktop_config.json"
    config.parent.mkdir()
    config.write_text('{"mcpServers": {"other": {"command": "npx", "args": ["x"]}}}\n', encoding="utf-8")
    ran = _run([str(installed.script("sweepy")), "install", "claude-desktop", "--config", str(config)], cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert json.loads(config.read_text(encoding="utf-8")) == {
        "mcpServers": {"other": {"command": "npx", "args": ["x"]}, "sweepy": {"command": "uvx", "args": ["sweepy-mcp"]}}
    }
    assert ran.stdout.splitlines()[:3] == [
        f"Claude Desktop: {config}",
        f"backup of the old file: {next(config.parent.glob('claude_desktop_config.json.bak-*'))}",
        "added mcpServers.sweepy",
    ]
