"""What a host sends on the wire that the SDK clients never would: arguments that are not an object, and
JSON-looking strings. server.py runs as a subprocess speaking newline-delimited JSON-RPC (2025-11-25)."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcp_helpers import SERVER_PY, server_env


class Wire:
    def __init__(self, workspace: Path) -> None:
        env = server_env(workspace)
        self.process = subprocess.Popen(
            [sys.executable, SERVER_PY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
        )
        self.next_id = 0
        init = self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                           "clientInfo": {"name": "wire-test", "version": "0"}})  # fmt: skip
        assert init["result"]["protocolVersion"] == "2025-11-25"
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        assert self.process.stdout is not None
        while True:  # every stdout line must be JSON-RPC; notifications are skipped
            reply = json.loads(self.process.stdout.readline())
            if reply.get("id") == self.next_id:
                return reply

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)
        self.process.stdout.close()


def tool_result(reply: dict[str, Any]) -> dict[str, Any]:
    result = reply["result"]
    body = json.loads(result["content"][0]["text"])
    assert body == result["structuredContent"]
    assert next(iter(body)) == "status"
    return body | {"isError": result["isError"]}


def test_arguments_that_are_not_an_object_get_the_error_envelope(workspace: Path) -> None:
    wire = Wire(workspace)
    try:
        for arguments in (["x"], "abc", 7):
            reply = wire.request("tools/call", {"name": "get_jobs", "arguments": arguments})
            assert tool_result(reply) == {
                "status": "error",
                "message": "Arguments for get_jobs must be a JSON object.",
                "isError": True,
            }
    finally:
        wire.close()


def test_json_looking_strings_stay_strings_except_arrays_and_objects(workspace: Path) -> None:
    wire = Wire(workspace)
    try:
        stem = tool_result(wire.request("tools/call", {"name": "clear_history", "arguments": {"profile_stem": "null"}}))
        assert stem["isError"] is True  # "null" is a (missing) profile named null, never "no argument"
        assert stem["message"].startswith("No profile named 'null'")
        flag = tool_result(wire.request("tools/call", {"name": "run_sweep", "arguments": {"deduplicate": "true"}}))
        assert flag["isError"] is True and "'deduplicate'" in flag["message"]
        listed = tool_result(wire.request("tools/call", {"name": "list_sweeps", "arguments": {"limit": 2}}))
        assert listed == {"status": "ok", "sweeps": [], "next_cursor": None, "isError": False}
    finally:
        wire.close()
