"""The SDK contract Sweepy's MCP layer stands on, pinned to the version range pyproject allows: a release inside
the range that breaks one of these fails here, by name, instead of in a host.

Sweepy uses only the SDK's documented surface: the low-level `Server` (its on_* handlers, add_request_handler,
middleware list and create_initialization_options), `ServerRequestContext.session` (report_progress,
send_log_message, elicit_form, client_capabilities), `mcp_types` models and `MODERN_PROTOCOL_VERSIONS`."""

import importlib.metadata
import inspect
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from conftest import ROOT
from mcp import Client
from mcp.server import Server
from mcp.server.session import ServerSession
from mcp.types.version import MODERN_PROTOCOL_VERSIONS
from packaging.requirements import Requirement
from packaging.version import Version

from sweepy.mcp.server import ServiceOnDemand, create_server, sweepy_tools
from sweepy.service import arguments as a
from sweepy.service.tools import RECORDS as TOOLS
from sweepy.settings import Settings

pytestmark = pytest.mark.anyio


def pinned(name: str) -> Requirement:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    return next(Requirement(d) for d in dependencies if Requirement(d).name == name)


def test_the_installed_sdk_is_inside_the_pinned_range() -> None:
    requirement = pinned("mcp")
    installed = Version(importlib.metadata.version("mcp"))
    assert requirement.specifier.contains(installed), f"mcp {installed} is outside {requirement}"
    assert Version(importlib.metadata.version("mcp-types")) == installed  # the SDK pins its types to itself


def test_the_sdk_surface_sweepy_calls_exists() -> None:
    handlers = inspect.signature(Server.__init__).parameters
    for name in ("instructions", "version", "title", "on_list_tools", "on_call_tool", "on_list_prompts",
                 "on_get_prompt", "on_list_resources", "on_list_resource_templates", "on_read_resource"):  # fmt: skip
        assert name in handlers, name
    for method in ("report_progress", "elicit_form"):
        assert inspect.iscoroutinefunction(getattr(ServerSession, method)), method
    assert callable(ServerSession.send_log_message)  # deprecated in 2026-07-28 (wrapped), still served
    assert isinstance(ServerSession.client_capabilities, property)
    assert "2026-07-28" in MODERN_PROTOCOL_VERSIONS
    assert {"input_responses", "request_state"} <= set(types.CallToolRequestParams.model_fields)
    assert isinstance(create_server().middleware, list)


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_the_server_declares_itself_and_its_three_lists(mode: str) -> None:
    async with Client(create_server(), mode=mode) as client:
        tools = (await client.list_tools()).tools
        prompts = (await client.list_prompts()).prompts
        resources = (await client.list_resources()).resources
        templates = (await client.list_resource_templates()).resource_templates
        assert client.server_capabilities is not None
        assert client.server_capabilities.prompts is not None and client.server_capabilities.resources is not None
    assert {tool.name for tool in tools} == set(TOOLS)
    assert all(item.title for item in [*tools, *prompts, *resources, *templates])


async def test_instructions_and_version_reach_the_client() -> None:
    from sweepy import __version__

    for mode in ("auto", "legacy"):
        async with Client(create_server(), mode=mode) as client:
            info, instructions = client.server_info, client.instructions
        assert info is not None and (info.name, info.version, info.title) == (
            "sweepy",
            __version__,
            "Sweepy job search",
        )
        assert instructions is not None and "create_profile" in instructions and "run_sweep" in instructions


def schema(model: type[a.Arguments], field: str) -> dict[str, Any]:
    prop: dict[str, Any] = model.model_json_schema(by_alias=True)["properties"][field]
    return next((option for option in prop.get("anyOf", []) if option.get("type") != "null"), prop)


# (tool model, field, the published limit, a value past it)
LIMITS: list[tuple[type[a.Arguments], str, dict[str, Any], Any]] = [
    (a.SubmitJudgments, "match_pct", {"minimum": 0, "maximum": 100}, 101),
    (a.SubmitJudgments, "job_id", {"maxLength": 200}, "x" * 201),
    (a.SubmitJudgments, "summary", {"maxLength": 4000}, "x" * 4001),
    (a.SubmitJudgments, "resume_track", {"maxLength": 120}, "x" * 121),
    (a.SubmitJudgments, "comp", {"maxLength": 1000}, "x" * 1001),
    (a.ListSweeps, "limit", {"minimum": 1, "maximum": 100}, 0),
    (a.ListSweeps, "cursor", {"maxLength": 512}, "c" * 513),
    (a.GetJobs, "offset", {"minimum": 0}, -1),
    (a.RenderReport, "playbook", {"maxLength": 20_000}, "p" * 20_001),
    (a.ExportReport, "candidate_name", {"maxLength": 200}, "n" * 201),
    (
        a.ExportReport,
        "formats",
        {"minItems": 1, "items": {"enum": ["pdf", "png", "csv", "json", "ics"], "type": "string"}},
        ["xlsx"],
    ),
    (a.ImportJobs, "jobs_json", {"maxLength": 5_000_000}, "[" * 5_000_001),
    (a.CreateProfile, "assessment", {"enum": ["agent", "keyword"]}, "strict"),
]


@pytest.mark.parametrize(("model", "field", "published", "past"), LIMITS, ids=lambda v: str(v)[:24])
def test_every_limit_validation_enforces_is_published(
    model: type[a.Arguments], field: str, published: dict[str, Any], past: Any
) -> None:
    prop = schema(model, field)
    assert {key: prop.get(key) for key in published} == published
    tools = sweepy_tools(ServiceOnDemand(Settings.from_env()))
    (tool,) = [name for name, defined in tools.tools.items() if defined.arguments is model]
    answer = tools.parse(
        tool, {"name": "x", "jobs_json": "[]", **{field: past}} if tool != "submit_judgments" else {field: past}
    )
    assert isinstance(answer, str) and answer.startswith(f"Invalid arguments for {tool}: '{field}"), answer


HEAVY = ("sweepy.service.facade", "sweepy.pipeline", "sweepy.engines", "sweepy.store.session", "sweepy.store.profiles")
"""What the first tool call imports: a host's start (initialize and the three lists) must not wait for it."""


def test_a_host_start_does_not_import_the_service(tmp_path: Path) -> None:
    """initialize, tools/list, prompts/list and resources/list from a fresh interpreter, then which of Sweepy's
    heavy modules were loaded: none (the cold-start benchmark's ratio rests on this), until a tool is called."""
    script = f"""
import json, sys, anyio
from mcp import Client
from sweepy.mcp.server import create_server
HEAVY = {HEAVY!r}
def loaded():
    return sorted(m for m in sys.modules if m.startswith(HEAVY))
async def main():
    async with Client(create_server()) as client:
        tools = (await client.list_tools()).tools
        await client.list_prompts()
        await client.list_resources()
        before = loaded()
        await client.call_tool("list_sweeps", {{}})
        print(json.dumps({{"tools": len(tools), "before": before, "after": loaded()}}))
anyio.run(main)
"""
    env = {**os.environ, "SWEEPY_HOME": str(tmp_path), "SWEEPY_STATE_DIR": str(tmp_path / "state")}
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["tools"] > 0 and seen["before"] == []
    assert "sweepy.service.facade" in seen["after"]
