"""Arguments generated from every tool's inputSchema (hypothesis-jsonschema), mixed with hostile values
(traversal, NUL bytes, over-long path parts, huge numbers, wrong types), sent to one server.py over stdio as a
host would: every answer has `status` first, `isError` exactly on errors and no traceback; the server stays
alive; nothing is written outside the workspace and the state folder."""

import json
import os
import sys
from pathlib import Path
from typing import Any

from anyio.from_thread import start_blocking_portal
from conftest import ROOT, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, envelope, profile_args, server_env, write_feed, write_resume

HOSTILE_TEXT = [
    "../../outside/notes.yaml",
    "results/../../outside",
    "/etc/passwd",
    "a\x00b",
    "x/" * 2000 + "y.yaml",
    "p" * 300 + ".yaml",
    "..",
    "",
    " ",
    "null",
    "NaN",
    "名前" * 100,
    "[1, 2",
    '{"title": "x"}',
    "\u202eevil.pdf",
]


def hostile_text(index: int) -> str:
    return HOSTILE_TEXT[index]


# Drawn by index: strategies whose repr holds these long strings make hypothesis warn (warnings are errors).
TEXT = st.integers(min_value=0, max_value=len(HOSTILE_TEXT) - 1).map(hostile_text)
HOSTILE = st.one_of(
    TEXT,
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.lists(TEXT, max_size=3),
    st.dictionaries(st.sampled_from(["path", "enabled", "boards", "base_url"]), TEXT, max_size=2),
    st.builds(lambda: "z" * 1_000_000),  # built when drawn: a 1 MB literal would bloat every repr
)


def arguments(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Valid-looking arguments from the schema, or hostile values in any of its parameters (unknown keys too)."""
    names = [*schema.get("properties", {}), "unknown_key"]
    hostile = st.fixed_dictionaries({}, optional=dict.fromkeys(names, HOSTILE))
    return st.one_of(from_schema(schema), hostile)


def outside_files(tmp_path: Path, home: Path, state: Path) -> dict[str, bytes]:
    """Every file the server may not touch: beside the workspace, and Sweepy's own install folders."""
    files = {p: b for p, b in snapshot(tmp_path).items() if not p.startswith((str(home), str(state)))}
    return files | snapshot(ROOT / "results", ROOT / "profiles", ROOT / "sweepy" / "data")


def test_generated_and_hostile_arguments_never_break_the_envelope_or_escape(workspace: Path, tmp_path: Path) -> None:
    state = Path(os.environ["SWEEPY_STATE_DIR"])
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "notes.yaml").write_text("name: kept\n", encoding="utf-8")
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace))
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(Client(params)) as client:

        def call(name: str, args: dict[str, Any]) -> Any:
            return portal.call(lambda: client.call_tool(name, args))

        created = envelope(call("create_profile", profile_args(resume, "feeds/postings.jsonl")))
        assert envelope(call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60}))
        tools = {tool.name: tool.input_schema for tool in portal.call(client.list_tools).tools}
        before = outside_files(tmp_path, workspace, state)
        seen: set[str] = set()

        # Each example calls every tool once (in a drawn order), so every tool is called whatever the draws.
        @settings(max_examples=12, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        @given(st.data())
        def one_call(data: st.DataObject) -> None:
            for name in data.draw(st.permutations(sorted(tools))):
                args = data.draw(arguments(tools[name]), label=name)
                result = call(name, args)
                text = result.content[0].text
                body = json.loads(text)
                assert next(iter(body)) == "status", (name, args)
                assert body == result.structured_content
                assert result.is_error is (body["status"] == "error"), (name, body)
                assert "Traceback" not in text and 'File "' not in text, (name, body)
                if body["status"] == "error":
                    assert body["message"].strip(), (name, body)
                seen.add(name)

        one_call()
        alive = envelope(call("list_sweeps", {}))
    assert alive["status"] == "ok"  # the same server answered every call and is still up
    assert seen == set(tools)  # every tool was called
    assert outside_files(tmp_path, workspace, state) == before
    assert (tmp_path / "outside" / "notes.yaml").read_text(encoding="utf-8") == "name: kept\n"
