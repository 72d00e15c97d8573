"""Which profile, over real stdio (server.py subprocesses): create_profile makes the first profile the default and
no later one unless asked (make_default), the choice outlives the server in the state folder's state.json, and
run_sweep, get_sweep_status, get_jobs, render_report and export_report name the profile they used."""

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, ok, profile_args, server_env, write_feed, write_resume

pytestmark = pytest.mark.anyio

ALEX = "profiles/alex_rivera_paralegal.yaml"
DANA = "profiles/dana_lee_legal_assistant.yaml"


@dataclass(frozen=True)
class Server:
    client: Client

    async def ok(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return await ok(self.client, name, arguments)


@asynccontextmanager
async def server(workspace: Path) -> AsyncIterator[Server]:
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace))
    async with Client(params) as client:
        yield Server(client)


def state(workspace: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((workspace.parent / "state" / "state.json").read_text(encoding="utf-8"))
    return loaded


def two_profiles(workspace: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """create_profile arguments for Alex (paralegal) and Dana (legal assistant), both on the small feed, both
    with the keyword gate so that render_report needs no judgments."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    alex = profile_args(resume, "feeds/postings.jsonl", assessment="keyword")
    dana = profile_args(resume, "feeds/postings.jsonl", name="Dana Lee", titles=["Legal Assistant", "Paralegal"],
                        assessment="keyword")  # fmt: skip
    return alex, dana


async def test_the_first_profile_is_the_default_and_a_later_one_only_when_asked(workspace: Path) -> None:
    alex_args, dana_args = two_profiles(workspace)
    async with server(workspace) as s:
        alex = await s.ok("create_profile", alex_args)
        assert (alex["is_default"], alex["default_profile"]) == (True, str(workspace / ALEX))
        assert "It is now the default profile" in alex["message"]
        assert str(workspace.parent / "state" / "state.json") in alex["message"]

        dana = await s.ok("create_profile", dana_args)
        assert dana["profile_path"] == str(workspace / DANA)
        assert (dana["is_default"], dana["default_profile"]) == (False, str(workspace / ALEX))
        assert f"The default profile stays {ALEX}" in dana["message"]
        assert f"call run_sweep with profile_path '{DANA}' to sweep this one" in dana["message"]
        assert "make_default: true" in dana["message"]
        assert state(workspace)["default_profile"] == str(workspace / ALEX)

        swept = await s.ok("run_sweep", {"wait_seconds": 60})
        assert swept["sweep_status"] == "completed"
        assert (swept["profile_stem"], swept["profile_path"]) == ("alex_rivera_paralegal", ALEX)
        status = await s.ok("get_sweep_status", {"job_id": swept["job_id"], "wait_seconds": 0})
        assert (status["profile_stem"], status["profile_path"]) == ("alex_rivera_paralegal", ALEX)
        jobs = await s.ok("get_jobs", {"limit": 2})
        assert (jobs["profile_stem"], jobs["profile_path"]) == ("alex_rivera_paralegal", ALEX)
        report = await s.ok("render_report", {"playbook": "Apply to the litigation roles first."})
        assert (report["profile_stem"], report["profile_path"]) == ("alex_rivera_paralegal", ALEX)
        exported = await s.ok("export_report", {"formats": ["csv"]})
        assert (exported["profile_stem"], exported["profile_path"]) == ("alex_rivera_paralegal", ALEX)

    async with server(workspace) as s:  # a new server reads the default from the state folder
        swept = await s.ok("run_sweep", {"wait_seconds": 60, "include_seen": True})
        assert swept["profile_path"] == ALEX
        dana = await s.ok("create_profile", {**dana_args, "make_default": True})
        assert (dana["is_default"], dana["default_profile"]) == (True, str(workspace / DANA))
        swept = await s.ok("run_sweep", {"wait_seconds": 60, "include_seen": True})
        assert (swept["profile_stem"], swept["profile_path"]) == ("dana_lee_legal_assistant", DANA)
        exported = await s.ok("export_report", {"formats": ["csv"]})
        assert (exported["profile_stem"], exported["profile_path"]) == ("dana_lee_legal_assistant", DANA)
        again = await s.ok("create_profile", dana_args)  # rewriting the default keeps it the default
        assert (again["is_default"], again["default_profile"]) == (True, str(workspace / DANA))
    assert state(workspace)["default_profile"] == str(workspace / DANA)


async def test_make_default_false_leaves_the_default_unset_and_says_so(workspace: Path) -> None:
    alex_args, _ = two_profiles(workspace)
    async with server(workspace) as s:
        alex = await s.ok("create_profile", {**alex_args, "make_default": False})
        assert (alex["is_default"], alex["default_profile"]) == (False, None)
        assert alex["message"].startswith(f"Profile written to {workspace / ALEX}. It was not made the default profile")
        assert f"call run_sweep with profile_path '{ALEX}'" in alex["message"]
        swept = await s.ok("run_sweep", {"profile_path": ALEX, "wait_seconds": 60})
        assert (swept["profile_stem"], swept["profile_path"]) == ("alex_rivera_paralegal", ALEX)
    assert not (workspace.parent / "state" / "state.json").exists()


async def test_a_state_folder_of_an_earlier_version_keeps_its_last_profile_as_the_default(workspace: Path) -> None:
    alex_args, dana_args = two_profiles(workspace)
    async with server(workspace) as s:
        await s.ok("create_profile", {**alex_args, "make_default": False})
        (workspace.parent / "state").mkdir(exist_ok=True)
        (workspace.parent / "state" / "state.json").write_text(
            json.dumps({"last_profile": str(workspace / ALEX)}), encoding="utf-8"
        )  # what an earlier version wrote
        dana = await s.ok("create_profile", dana_args)
        assert (dana["is_default"], dana["default_profile"]) == (False, str(workspace / ALEX))
        swept = await s.ok("run_sweep", {"wait_seconds": 0})  # running or completed, it names its profile
        assert swept["sweep_status"] in ("running", "completed")
        assert (swept["profile_stem"], swept["profile_path"]) == ("alex_rivera_paralegal", ALEX)
        done = await s.ok("get_sweep_status", {"job_id": swept["job_id"], "wait_seconds": 60})
        assert (done["sweep_status"], done["profile_path"]) == ("completed", ALEX)


async def test_a_profile_outside_the_workspace_is_named_by_its_whole_path(workspace: Path, tmp_path: Path) -> None:
    alex_args, _ = two_profiles(workspace)
    outside = tmp_path / "elsewhere" / "alex.yaml"
    async with server(workspace) as s:
        await s.ok("create_profile", alex_args)
        outside.parent.mkdir()
        outside.write_bytes((workspace / ALEX).read_bytes())
        swept = await s.ok("run_sweep", {"profile_path": str(outside), "wait_seconds": 60})
        assert (swept["profile_stem"], swept["profile_path"]) == ("alex", str(outside))
        jobs = await s.ok("get_jobs", {"limit": 1})
        assert (jobs["profile_stem"], jobs["profile_path"]) == ("alex", str(outside))


def property_names(schema: Any) -> set[str]:
    """Every property any object of a schema declares, its definitions included."""
    if isinstance(schema, list):
        return set().union(*map(property_names, schema)) if schema else set()
    if not isinstance(schema, dict):
        return set()
    names = set(schema["properties"]) if isinstance(schema.get("properties"), dict) else set()
    return names.union(*map(property_names, schema.values()))


async def test_the_output_schemas_publish_the_profile_fields(workspace: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable, args=[SERVER_PY], env=server_env(workspace, SWEEPY_OUTPUT_SCHEMAS="1")
    )
    async with Client(params) as client:
        schemas = {tool.name: tool.output_schema for tool in (await client.list_tools()).tools}
    for tool in ("run_sweep", "get_sweep_status", "get_jobs", "render_report", "export_report"):
        assert {"profile_stem", "profile_path"} <= property_names(schemas[tool]), tool
    for tool in ("render_report", "export_report"):
        assert {"profile_stem", "profile_path"} <= set(schemas[tool]["then"]["required"]), tool
    assert {"is_default", "default_profile"} <= set(schemas["create_profile"]["then"]["required"])
