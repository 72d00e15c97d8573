"""Lines on stdin that are no JSON-RPC message get the JSON-RPC error (issue 24 item 9): raw bytes written to
server.py's stdin, each reply read back as the line the server wrote. Before, the SDK dropped each such line
without a reply, and a host waiting on the id hung."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcp_helpers import SERVER_PY, server_env

HELLO = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "wire-test", "version": "0"}}


class RawWire:
    def __init__(self, workspace: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, SERVER_PY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=server_env(workspace)
        )
        self.write(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": HELLO}).encode())
        assert self.reply()["id"] == 0
        self.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')

    def write(self, line: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def reply(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:  # notifications are skipped; every line must be JSON-RPC
            message: dict[str, Any] = json.loads(self.process.stdout.readline())
            if "id" in message:
                return message

    def refused(self, line: bytes) -> tuple[Any, int, str]:
        """Write `line`, then a ping: the error for `line` must come first (a line dropped without a reply would
        leave only the ping's answer)."""
        self.write(line)
        self.write(b'{"jsonrpc": "2.0", "id": "after", "method": "ping"}')
        first = self.reply()
        assert first.get("id") != "after", "the line got no reply"
        assert self.reply() == {"jsonrpc": "2.0", "id": "after", "result": {}}
        return _error(first)

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=10) == 0
        self.process.stdout.close()


def _error(reply: dict[str, Any]) -> tuple[Any, int, str]:
    assert set(reply) == {"jsonrpc", "id", "error"}
    return reply["id"], reply["error"]["code"], reply["error"]["message"]


def test_each_malformed_line_gets_its_json_rpc_error_and_the_server_goes_on(workspace: Path) -> None:
    wire = RawWire(workspace)
    try:
        assert wire.refused(b"this is not json") == (
            None,
            -32700,
            "Parse error: the line is not JSON (Expecting value: line 1 column 1 (char 0); it starts 'this is "
            "not json'). Send each JSON-RPC message as one line of JSON.",
        )
        assert wire.refused(b'{"jsonrpc": "2.0", "id": 7, "method": "ping", "params": {"x": "\\ud800"}}') == (
            7,
            -32700,
            "Parse error: the message holds the lone UTF-16 surrogate \\ud800, which is not Unicode text. Send "
            "text as UTF-8 (or a surrogate pair).",
        )
        assert wire.refused(b'{"jsonrpc": "2.0", "id": 8, "method": "ping", "params": {"x": "\xed\xa0\x80"}}') == (
            None,
            -32700,
            "Parse error: the line is not UTF-8 (byte 0xed at character 63). Send each JSON-RPC message as one "
            "line of UTF-8 JSON.",
        )
        deep = b'{"jsonrpc": "2.0", "id": "d", "method": "ping", "params": {"x": ' + b"[" * 300 + b"]" * 300 + b"}}"
        assert wire.refused(deep) == (
            "d",
            -32600,
            "Invalid request: the message nests deeper than 200 levels of arrays and objects. Send flatter params.",
        )
        assert wire.refused(b'{"jsonrpc": "2.0", "id": ' + b"9" * 5000 + b', "method": "ping"}') == (
            None,
            -32600,
            "Invalid request: the id is a number of 5,000 digits; use a string or an integer of at most 15 digits.",
        )
        identifier, code, message = wire.refused(b"[1, 2]")
        assert (identifier, code) == (None, -32600) and "got a JSON list; batches are not served" in message
        # No reply is possible to a blank line or to a response for an id the server never sent: the next
        # reply is the ping's, and the server still answers.
        wire.write(b"")
        wire.write(b'{"jsonrpc": "2.0", "id": 999, "result": {}}')
        wire.write(b'{"jsonrpc": "2.0", "id": 9, "method": "ping"}')
        assert wire.reply() == {"jsonrpc": "2.0", "id": 9, "result": {}}
    finally:
        wire.close()


def test_while_the_wire_reads_stdin_fd_0_is_the_null_device_and_after_it_is_the_pipe_again() -> None:
    probe = (
        "import os, stat\n"
        "from sweepy.mcp.wire import claimed_stdin\n"
        "with claimed_stdin() as wire:\n"
        "    print(repr(wire.readline()), repr(os.read(0, 100)), stat.S_ISFIFO(os.fstat(0).st_mode))\n"
        "print(stat.S_ISFIFO(os.fstat(0).st_mode))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], input=b"first line\n", capture_output=True,
                          cwd=Path(SERVER_PY).parent, check=True)  # fmt: skip
    # A child or a stray read inside sees end of file (the null device); the wire reads the host's pipe.
    assert done.stdout.decode().splitlines() == ["b'first line\\n' b'' False", "True"]
