"""Arguments generated from every tool's inputSchema (hypothesis-jsonschema), mixed with hostile values
(traversal, NUL bytes, over-long path parts, huge numbers, wrong types), sent to one server.py over stdio as a
host would: every answer has `status` first, `isError` exactly on errors and no traceback; the server stays
alive; nothing is written outside the workspace and the state folder. And, in-process, each tool's published
inputSchema against its validation: what the schema allows is taken, what it refuses is refused (issue 26)."""

import functools
import json
import os
import sys
from pathlib import Path
from typing import Any

import jsonschema
import mcp.types as types
import pytest
from anyio.from_thread import start_blocking_portal
from conftest import ROOT, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, envelope, profile_args, server_env, write_feed, write_resume

from sweepy.errors import SweepyError
from sweepy.mcp.protocol import Call, ToolTable
from sweepy.service import SweepyService
from sweepy.service.arguments import REQUIRED_PROFILE_FIELDS
from sweepy.service.tools import TOOLS
from sweepy.settings import Settings

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


async def _never_called(call: Call, args: Any) -> types.CallToolResult:
    raise AssertionError("only the validation is exercised")


# -- the published schema is the validation (issue 26 item 2), in-process -----------------------------------------
@functools.cache
def table() -> ToolTable:
    """The tools as tools/list publishes them and tools/call validates them (the bodies are never run here)."""
    return ToolTable(Settings.from_env(), {record.name: _never_called for record in TOOLS})


BASE: dict[str, Any] = {
    "name": "Alex Rivera",
    "job_id": "j1",
    "jobs_json": "[]",
    "document_path": "notes.md",
    "docx_path": "resume.docx",
    "items": [{"job_id": "j1", "status": "applied"}],
}
"""A valid value for each required argument, so that one changed argument decides the call."""


BATCHES = ("judgments", "items")
"""Batch arguments: each entry is validated on its own, so that a malformed one alone is rejected (listed in the
answer with its reason) and the others are applied."""


def entries_valid(schema: dict[str, Any], prop: dict[str, Any], value: Any) -> bool:
    """Whether every entry of a batch value is one the schema allows (a value that is no list: True)."""
    if not isinstance(value, list):
        return True
    items = next((alt["items"] for alt in prop.get("anyOf", [prop]) if "items" in alt), {})
    entry = jsonschema.Draft202012Validator({**items, "$defs": schema.get("$defs", {})})
    return all(entry.is_valid(item) for item in value)


def published(name: str) -> dict[str, Any]:
    return table().tools[name].arguments.model_json_schema(by_alias=True)


def refusal(name: str, args: dict[str, Any]) -> str | None:
    """None when the tool's validation takes `args`, else its words."""
    parsed = table().parse(name, args)
    return parsed if isinstance(parsed, str) else None


def probes(prop: dict[str, Any]) -> list[Any]:
    """Values at and past every limit a property's schema states (for each alternative of an anyOf), and of
    every JSON type. Not JSON text for an array or an object: standing in for one is the documented exception."""
    values: list[Any] = [None, True, 0, -1, 7, 1.5, 10**12, "x", "", " ", "  x  ", "Teal", "teal", "#1f6feb", "#12345",
                         "2026-12-03", "26-12-3", [], ["x"], [[]], {}, {"x": 1}]  # fmt: skip
    for alternative in prop.get("anyOf", [prop]):
        for bound, delta in (("minimum", 0), ("minimum", -1), ("maximum", 0), ("maximum", 1)):
            if bound in alternative:
                values.append(alternative[bound] + delta)
        for bound, delta in (("minLength", 0), ("minLength", -1), ("maxLength", 0), ("maxLength", 1)):
            if bound in alternative and alternative[bound] + delta >= 0:
                values.append("x" * (alternative[bound] + delta))
        item = alternative.get("items", {})
        one = "x" if item.get("type") == "string" else {"job_id": "j1", "status": "applied"}
        for bound, delta in (("minItems", 0), ("minItems", -1), ("maxItems", 0), ("maxItems", 1)):
            if bound in alternative and alternative[bound] + delta >= 0:
                values.append([one] * (alternative[bound] + delta))
        values += [*alternative.get("enum", [])[:2], [*item.get("enum", [])[:2]], ["not-a-choice"]]
    return values


@pytest.mark.parametrize("name", [record.name for record in TOOLS])
def test_each_argument_is_refused_exactly_when_its_published_schema_refuses_it(name: str) -> None:
    """Both ways, at every stated limit: what the schema allows, validation takes; what it refuses (a type, a
    range, a length, an item count, an enum, a pattern), validation refuses, naming that argument."""
    schema = published(name)
    checker = jsonschema.Draft202012Validator(schema)
    base = {key: BASE[key] for key in schema.get("required", [])}
    assert checker.is_valid(base) and refusal(name, base) is None
    for key, prop in schema["properties"].items():
        for value in probes(prop):
            if key in BATCHES and not entries_valid(schema, prop, value):
                continue  # an entry the schema refuses is refused on its own in the answer, not the whole call
            args = base | {key: value}
            words = refusal(name, args)
            if checker.is_valid(args):
                assert words is None, (name, key, value, words)
            else:
                assert words is not None and words.startswith(f"Invalid arguments for {name}: '{key}"), (
                    name, key, value, words)  # fmt: skip


@pytest.mark.parametrize("name", [record.name for record in TOOLS])
def test_an_unknown_key_or_a_missing_required_one_is_refused(name: str) -> None:
    schema = published(name)
    base = {key: BASE[key] for key in schema.get("required", [])}
    assert schema["additionalProperties"] is False
    assert f"Invalid arguments for {name}: unknown key 'unknown_key'" in (
        refusal(name, base | {"unknown_key": 1}) or ""
    )
    for key in base:
        assert f"'{key}'" in (refusal(name, {k: v for k, v in base.items() if k != key}) or ""), (name, key)


@pytest.mark.parametrize("name", [record.name for record in TOOLS])
@settings(max_examples=60, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_whatever_the_schema_allows_validation_takes(name: str, data: st.DataObject) -> None:
    """Arguments generated from the published inputSchema are never refused by the tool's validation."""
    args = data.draw(from_schema(published(name)))
    assert refusal(name, args) is None, (name, args)


PROFILE_SET = ("cache_config", "orchestrator_config", "history_config", "eligibility_config", "platforms")
"""create_profile's free-form blocks (their own keys are the profile's, documented, not published): left out."""


@settings(max_examples=25, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_create_profile_refuses_no_generated_argument_for_a_limit_the_profile_enforces(
    workspace: Path, data: st.DataObject
) -> None:
    """The profile model's limits are the arguments' (sweepy.domain.profile_fields): whatever the schema allows
    never comes back as "Profile built from these arguments is invalid", the refusal of a limit the schema
    did not state."""
    schema = published("create_profile")
    for key in REQUIRED_PROFILE_FIELDS:  # optional in the schema only so that the face can ask the person
        schema["properties"][key] = next(alt for alt in schema["properties"][key]["anyOf"] if alt["type"] != "null")
    schema["required"] = [*schema["required"], *REQUIRED_PROFILE_FIELDS]
    resume = workspace / "resume.docx"
    if not resume.exists():
        write_resume(resume)
        write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    fixed = {"resume_path": "resume.docx", "sources_config": {"feed": {"path": "feeds/postings.jsonl"}},
             "output_filename": "profiles/fuzzed.yaml"}  # fmt: skip
    args = data.draw(from_schema(schema)) | fixed
    for key in PROFILE_SET:
        args.pop(key, None)
    parsed = table().parse("create_profile", args)
    assert not isinstance(parsed, str), parsed
    try:
        SweepyService().create_profile(parsed[1])  # type: ignore[arg-type]
    except SweepyError as exc:
        assert not exc.message.startswith("Profile built from these arguments is invalid"), (args, exc.message)
