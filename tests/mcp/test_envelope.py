"""sweepy.mcp.protocol on a real in-process low-level Server: a crash inside a tool, and published output schemas."""

import json

import mcp.types as types
import pytest
from mcp import Client
from mcp.server import Server

from sweepy.mcp.protocol import Call, ToolTable, output_schema
from sweepy.service import arguments as a
from sweepy.service.tools import RECORDS
from sweepy.settings import Settings

pytestmark = pytest.mark.anyio


def crashing_server(settings: Settings | None = None) -> Server:
    async def list_sweeps(call: Call, args: a.ListSweeps) -> types.CallToolResult:  # a tool body with a bug in it
        raise RuntimeError("secret internal detail /home/someone/.ssh")

    table = ToolTable(settings or Settings.from_env(), {"list_sweeps": list_sweeps})
    return Server("t", on_list_tools=table.list_tools, on_call_tool=table.call_tool)


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_a_crash_in_a_tool_is_an_envelope_without_internals(mode: str) -> None:
    async with Client(crashing_server(), mode=mode) as client:
        result = await client.call_tool("list_sweeps", {})
    body = json.loads(result.content[0].text)
    assert result.is_error is True
    assert body == result.structured_content
    assert list(body) == ["status", "message"]
    assert body["status"] == "error"
    assert body["message"].startswith("list_sweeps stopped on an internal error in Sweepy (RuntimeError), not on")
    assert "secret" not in body["message"] and ".ssh" not in body["message"]


async def test_output_schemas_are_published_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    async with Client(crashing_server()) as client:
        assert (await client.list_tools()).tools[0].output_schema is None
    monkeypatch.setenv("SWEEPY_OUTPUT_SCHEMAS", "1")
    async with Client(crashing_server(Settings.from_env())) as client:
        assert (await client.list_tools()).tools[0].output_schema == output_schema(RECORDS["list_sweeps"])
