"""The desktop extension (issue 22, item 3): `mcpb validate` passes on manifest.json, `mcpb pack` (the official
CLI, at the version the Makefile pins) builds a small bundle of only what the server needs, and the server runs
from the unpacked bundle over stdio as a host starts it: the command, arguments and environment come from the
CLI package's own getMcpConfigForManifest (the code Claude Desktop loads extensions with), fed the folder a person
picked in the settings form.

The manifest's server type is `uv`: the host's uv makes the environment from the bundle's pyproject.toml. Here
that uv is told to stay offline and use an environment made beforehand (UV_OFFLINE, UV_NO_SYNC,
UV_PROJECT_ENVIRONMENT: the dependencies of the running environment through a path line, as in test_wheel.py), so
the test downloads nothing from the package index; the code that runs is the bundle's (`uv run` puts the
bundle's folder first on sys.path), which the test checks. npm fetches the CLI once; its cache serves it after."""

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from mcp import Client, StdioServerParameters
from mcp_helpers import envelope

from sweepy import __version__

pytestmark = pytest.mark.slow

MCPB = re.search(r"^MCPB := (\S+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
"""The CLI and its version exactly as `make mcpb` runs it."""
BUNDLED = {"manifest.json", "pyproject.toml", "README.md", "server.py", "sweepy"}
"""The bundle's top level: the manifest, what uv reads to build the environment, the entry point, the package."""
MAX_BUNDLE_BYTES = 8_000_000
"""The fonts (5.7 MB unpacked) and the place names (3 MB) are most of it; a stray .venv or results would not fit."""

RESOLVE = """
import { readFileSync } from "node:fs";
import { getMcpConfigForManifest } from "@anthropic-ai/mcpb";
const [manifestPath, extensionPath, userConfig, home] = process.argv.slice(1);
const manifest = JSON.parse(readFileSync(manifestPath, "utf-8"));
const config = await getMcpConfigForManifest({
  manifest, extensionPath, userConfig: JSON.parse(userConfig), pathSeparator: "/",
  systemDirs: {
    HOME: home, DOCUMENTS: `${home}/Documents`, DESKTOP: `${home}/Desktop`, DOWNLOADS: `${home}/Downloads`,
  },
});
console.log(JSON.stringify(config ?? null));
"""
"""What the host does with the manifest before it starts the server: ${__dirname}, ${/} and ${user_config.*}
replaced, defaults filled in, nothing at all while a required field is empty."""


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> "subprocess.CompletedProcess[str]":
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


@dataclass(frozen=True)
class Cli:
    prefix: Path

    def mcpb(self, *args: str, cwd: Path) -> "subprocess.CompletedProcess[str]":
        return _run([str(self.prefix / "node_modules" / ".bin" / "mcpb"), *args], cwd=cwd)

    def host_config(self, extension: Path, user_config: dict[str, str], home: Path) -> Any:
        manifest = str(extension / "manifest.json")
        resolved = _run(["node", "--input-type=module", "-e", RESOLVE, manifest, str(extension),
                         json.dumps(user_config), str(home)], cwd=self.prefix)  # fmt: skip
        assert resolved.returncode == 0, resolved.stderr
        return json.loads(resolved.stdout)


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    """The pinned CLI installed into a folder of its own (npm's cache answers after the first time)."""
    assert MCPB, "the Makefile pins the CLI as MCPB := @anthropic-ai/mcpb@VERSION"
    npm = shutil.which("npm")
    if npm is None:  # a contributor's machine needs only Python and make; CI's has Node, so this runs there
        pytest.skip("the desktop extension is built with Node's npm/npx: install Node.js (apt-get install nodejs npm)")
    prefix = tmp_path_factory.mktemp("mcpb-cli")
    args = [npm, "install", "--prefix", str(prefix), "--prefer-offline", "--no-audit", "--no-fund", MCPB.group(1)]
    installed = _run(args, cwd=prefix)
    assert installed.returncode == 0, installed.stderr[-2000:]
    return Cli(prefix)


@pytest.fixture(scope="module")
def bundle(cli: Cli, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mcpb pack` of the checkout, as `make mcpb` runs it (from the root, .mcpbignore deciding what goes in)."""
    out = tmp_path_factory.mktemp("dist") / f"sweepy-mcp-{__version__}.mcpb"
    packed = cli.mcpb("pack", ".", str(out), cwd=ROOT)
    assert packed.returncode == 0, packed.stdout[-2000:] + packed.stderr[-2000:]
    return out


def test_mcpb_validate_accepts_the_manifest(cli: Cli) -> None:
    validated = cli.mcpb("validate", "manifest.json", cwd=ROOT)
    assert validated.returncode == 0 and "Manifest schema validation passes!" in validated.stdout, validated.stdout
    manifest = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["manifest_version"], manifest["server"]["type"]) == ("0.4", "uv")
    assert manifest["server"]["mcp_config"]["args"] == ["run", "--directory", "${__dirname}", "server.py"]
    for prompt in manifest["prompts"]:  # each argument has its place in the text a directory shows
        assert set(re.findall(r"\$\{arguments\.(\w+)\}", prompt["text"])) == set(prompt["arguments"]), prompt


def test_the_bundle_holds_the_server_and_nothing_else(bundle: Path) -> None:
    names = zipfile.ZipFile(bundle).namelist()
    assert {name.split("/")[0] for name in names} == BUNDLED
    assert not [name for name in names if "__pycache__" in name or name.endswith((".pyc", ".egg-info"))]
    package = {
        str(path.relative_to(ROOT)).replace(os.sep, "/")
        for path in (ROOT / "sweepy").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert {name for name in names if name.startswith("sweepy/")} == package
    assert bundle.stat().st_size < MAX_BUNDLE_BYTES


def test_the_host_starts_nothing_until_a_workspace_is_picked(cli: Cli, bundle: Path, tmp_path: Path) -> None:
    extension = tmp_path / "extension"
    zipfile.ZipFile(bundle).extractall(extension)
    assert cli.host_config(extension, {}, tmp_path) is None  # never the bundle's own folder as the workspace
    config = cli.host_config(extension, {"workspace": str(tmp_path / "Sweepy"), "jooble_api_key": "k"}, tmp_path)
    assert config["command"] == "uv" and config["args"] == ["run", "--directory", str(extension), "server.py"]
    assert config["env"]["SWEEPY_HOME"] == str(tmp_path / "Sweepy")
    assert config["env"]["SWEEPY_STATE_DIR"] == str(tmp_path / "Sweepy" / "state")
    assert config["env"]["JOOBLE_API_KEY"] == "k"
    assert config["env"]["ADZUNA_APP_KEY"] == ""  # an empty key is unset for the engine, never "${user_config...}"


def _prepared_environment(tmp: Path) -> tuple[str, dict[str, str]]:
    """uv and the variables that make `uv run` use a ready environment offline instead of installing one."""
    from uv import find_uv_bin

    uv = find_uv_bin()
    env = {"UV_CACHE_DIR": str(tmp / "uv-cache"), "UV_OFFLINE": "1", "UV_PYTHON_DOWNLOADS": "never"}
    venv = tmp / "venv"
    made = _run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], cwd=tmp, env={**os.environ, **env})
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    where = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp)
    (Path(where.stdout.strip()) / "shared-dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    return uv, {**env, "UV_NO_SYNC": "1", "UV_PROJECT_ENVIRONMENT": str(venv)}


def _tree(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if "__pycache__" not in p.parts}


@pytest.mark.anyio
async def test_the_unpacked_bundle_serves_its_tools_and_prompts_and_sweeps_the_sample(
    cli: Cli, bundle: Path, tmp_path: Path
) -> None:
    extension, home, workspace = tmp_path / "extension", tmp_path / "person", tmp_path / "person" / "Sweepy"
    home.mkdir()
    zipfile.ZipFile(bundle).extractall(extension)
    manifest = json.loads((extension / "manifest.json").read_text(encoding="utf-8"))
    config = cli.host_config(extension, {"workspace": str(workspace)}, home)
    uv, uv_env = _prepared_environment(tmp_path)
    # A host passes the extension's env and little else; uv is found on PATH, as the manifest's command names it.
    env = {"HOME": str(home), "PATH": f"{Path(uv).parent}:/usr/bin:/bin", **uv_env, **config["env"]}
    which = _run([uv, *config["args"][:-1], "python", "-c", "import sweepy; print(sweepy.__file__)"], extension, env)
    assert Path(which.stdout.strip()) == extension / "sweepy" / "__init__.py", which.stderr  # the bundle's code
    before = _tree(extension)

    params = StdioServerParameters(command=config["command"], args=config["args"], env=env, cwd=tmp_path)
    async with Client(params) as client:
        tools = (await client.list_tools()).tools
        assert [(tool.name, tool.title) for tool in tools] == [(t["name"], t["description"]) for t in manifest["tools"]]
        prompts = (await client.list_prompts()).prompts
        assert [(p.name, [a.name for a in p.arguments or []]) for p in prompts] == [
            (p["name"], p["arguments"]) for p in manifest["prompts"]
        ]
        swept = envelope(
            await client.call_tool("run_sweep", {"profile_path": "example", "include_seen": True, "wait_seconds": 300})
        )
        assert swept["status"] == "ok" and swept["sweep_status"] == "completed", swept
        assert swept["discovered_count"] == 310 and swept["card_count"] > 0

    assert Path(swept["reports"]["json"]).parent == workspace / "results"
    assert (workspace / "state" / "history.db").is_file()
    assert [p for p in home.rglob("*") if p.is_file() and workspace not in p.parents] == []
    assert _tree(extension) == before  # the extension's folder is the host's to replace: nothing written there
