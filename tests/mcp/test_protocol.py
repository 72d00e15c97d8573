"""The MCP contract over real stdio (server.py as a subprocess), in both protocol eras.

auto: `mcp.Client(StdioServerParameters(...))` negotiates 2026-07-28 (server/discover).
legacy: `stdio_client` + `ClientSession` + `initialize()` negotiates 2025-11-25.
"""

import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, ClientSession, StdioServerParameters, stdio_client
from mcp_helpers import (
    SERVER_PY,
    SMALL_FEED,
    SMALL_FEED_CARDS,
    SMALL_FEED_DISCOVERED,
    SMALL_FEED_DROPPED,
    envelope,
    error_payload,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)

pytestmark = pytest.mark.anyio

ERAS = ["auto", "legacy"]

# Transcribed by hand from the behaviour-hint table of shared/spec/TOOLS.md (not imported from sweepy.service.tools)
# and, for the tools it does not list, Sweepy's own:
# tool: (readOnly, destructive, idempotent, openWorld)
HINTS: dict[str, tuple[bool, bool, bool, bool]] = {
    "create_profile": (False, True, True, False),
    "run_sweep": (False, True, False, True),
    "get_sweep_status": (False, False, True, False),
    "get_jobs": (False, False, True, False),
    "get_results": (True, False, True, False),
    "clear_history": (False, True, True, False),
    "list_sweeps": (True, False, True, False),
    "import_jobs": (False, True, True, True),
    "convert_document": (False, True, True, False),
    "convert_docx": (False, True, True, False),
    "submit_judgments": (False, True, True, False),
    "render_report": (False, True, True, False),
    "export_report": (False, True, True, False),
    "track_jobs": (False, False, True, False),
    # Not in TOOLS.md's table; issue 26 corrects Sweepy's own hint: it saves the watch state, so it is not read-only.
    "watch_postings": (False, False, False, True),
    "get_outcomes": (True, False, True, False),
    "get_applications": (True, False, True, False),
    "cancel_sweep": (False, False, True, False),
}
CORE_TOOLS = {"create_profile", "run_sweep", "get_sweep_status", "get_jobs", "submit_judgments", "render_report",
              "get_applications", "cancel_sweep"}  # fmt: skip


@asynccontextmanager
async def connect(era: str, env: dict[str, str]) -> AsyncIterator[Any]:
    """A connected client of a fresh `python server.py`, after asserting the negotiated protocol version."""
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    if era == "auto":
        async with Client(params) as client:
            assert client.protocol_version == "2026-07-28"
            yield client
    else:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            init = await session.initialize()
            assert init.protocol_version == "2025-11-25"
            assert init.server_info.name == "sweepy"
            yield session


def assert_counts_are_ints(payload: dict[str, Any]) -> None:
    for key in (
        "discovered_count",
        "new_count",
        "previously_seen_count",
        "active_count",
        "card_count",
        "assessed_count",
        "skipped_records",
    ):
        assert type(payload[key]) is int, key


def assert_top_roles(payload: dict[str, Any]) -> None:
    top = payload["top_roles"]
    assert len(top) == min(5, payload["card_count"])
    scores = [role["match_score"] for role in top]
    assert scores == sorted(scores, reverse=True)
    assert [role["job_id"] for role in top] == payload["job_ids"][: len(top)]
    assert payload["top_match"] == (top[0] if top else None)


@pytest.mark.parametrize("era", ERAS)
async def test_tools_list_names_hints_titles_and_strict_schemas(era: str, workspace: Path) -> None:
    async with connect(era, server_env(workspace)) as client:
        listing = await client.list_tools()
    tools = {tool.name: tool for tool in listing.tools}
    assert set(tools) == set(HINTS)
    assert len(listing.tools) == len(HINTS)
    for name, (read_only, destructive, idempotent, open_world) in HINTS.items():
        tool = tools[name]
        assert isinstance(tool.title, str) and tool.title.strip(), name
        hints = tool.annotations
        assert hints is not None, name
        assert hints.read_only_hint is read_only, name
        assert hints.destructive_hint is destructive, name
        assert hints.idempotent_hint is idempotent, name
        assert hints.open_world_hint is open_world, name
        assert tool.input_schema["type"] == "object", name
        assert tool.input_schema["additionalProperties"] is False, name
        assert tool.description and tool.description.strip(), name
    # titles, location and resume_path are optional on the wire: a host that can ask the person gets a form.
    assert tools["create_profile"].input_schema["required"] == ["name"]
    assert "required" not in tools["run_sweep"].input_schema


@pytest.mark.parametrize("era", ERAS)
async def test_full_flow(era: str, workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    async with connect(era, server_env(workspace)) as client:

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            payload = envelope(await client.call_tool(name, arguments))
            assert payload["status"] == "ok", payload
            return payload

        async def sweep_to_completion(started: dict[str, Any]) -> dict[str, Any]:
            payload = started
            for _ in range(20):
                if payload["sweep_status"] == "completed":
                    return payload
                assert payload["sweep_status"] == "running"
                assert payload["job_id"] == started["job_id"]
                assert payload["progress"]["total"] == 5
                payload = await call("get_sweep_status", {"job_id": started["job_id"], "wait_seconds": 10})
            raise AssertionError(f"sweep {started['job_id']} did not complete: {payload}")

        # create_profile → the feed engine and the resume
        created = await call("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        profile = Path(created["profile_path"])
        assert profile == workspace / "profiles" / "alex_rivera_paralegal.yaml"
        assert profile.is_file()
        assert created["profile_stem"] == "alex_rivera_paralegal"
        assert created["enabled_engines"] == ["feed"]
        assert "run_sweep" in created["message"]

        # run_sweep without waiting, then get_sweep_status until completed
        started = await call("run_sweep", {"profile_path": str(profile), "wait_seconds": 0})
        assert started["sweep_status"] in ("running", "completed")
        first = await sweep_to_completion(started)
        assert first["job_id"] == started["job_id"]
        assert_counts_are_ints(first)
        assert first["discovered_count"] == SMALL_FEED_DISCOVERED
        assert first["card_count"] == len(first["job_ids"]) == SMALL_FEED_CARDS
        assert first["new_count"] == first["active_count"] == SMALL_FEED_CARDS
        assert first["previously_seen_count"] == 0
        assert first["assessed_count"] == 0
        assert first["assessment_required"] is True
        assert first["dropped"] == SMALL_FEED_DROPPED
        assert first["skipped_records"] == 1
        assert first["skipped_sources"] == []
        assert len(set(first["job_ids"])) == SMALL_FEED_CARDS
        assert Path(first["reports"]["json"]).is_file()
        assert Path(first["reports"]["csv"]).is_file()
        assert Path(first["reports"]["json"]).parent == workspace / "results"
        assert_top_roles(first)
        assert first["top_match"]["title"] == "Litigation Paralegal"
        assert first["top_match"]["match_kind"] == "KEYWORD OVERLAP"

        # get_jobs: every card, best first, the same ids as the sweep
        jobs = await call("get_jobs", {})
        assert jobs["count"] == len(jobs["jobs"]) == SMALL_FEED_CARDS
        assert [job["job_id"] for job in jobs["jobs"]] == first["job_ids"]
        scores = [job["match_score"] for job in jobs["jobs"]]
        assert scores == sorted(scores, reverse=True)
        assert jobs["profile_stem"] == "alex_rivera_paralegal"
        assert jobs["source_result"] == first["reports"]["json"]
        limited = await call("get_jobs", {"limit": 2})
        assert limited["count"] == 2
        assert [job["job_id"] for job in limited["jobs"]] == first["job_ids"][:2]

        # get_results reads the file the sweep wrote
        results = await call("get_results", {})
        assert results["result_file"] == first["reports"]["json"]
        assert results["csv_report"] == first["reports"]["csv"]
        assert results["total_roles"] == SMALL_FEED_CARDS
        assert [role["job_id"] for role in results["top_roles"]] == first["job_ids"]
        assert all(role["match_kind"] == "KEYWORD OVERLAP" for role in results["top_roles"])
        assert "get_jobs" in results["message"]
        assert [r["job_id"] for r in (await call("get_results", {"limit": 3}))["top_roles"]] == first["job_ids"][:3]

        # a repeat sweep reports nothing new: every posting was shown before
        repeat = await call("run_sweep", {"profile_path": str(profile), "wait_seconds": 30})
        repeat = await sweep_to_completion(repeat)
        assert repeat["job_id"] != first["job_id"]
        assert repeat["active_count"] == repeat["card_count"] == repeat["new_count"] == 0
        assert repeat["previously_seen_count"] == SMALL_FEED_CARDS
        assert repeat["job_ids"] == [] and repeat["top_roles"] == [] and repeat["top_match"] is None
        assert "include_seen" in repeat["message"]

        # clear_history forgets them, so the next sweep reports them again
        cleared = await call("clear_history", {"profile_path": str(profile)})
        assert cleared["scope"] == "alex_rivera_paralegal"
        assert cleared["cleared"] == SMALL_FEED_CARDS
        assert cleared["remaining"] == 0
        again = await call("run_sweep", {"profile_path": str(profile), "wait_seconds": 30})
        again = await sweep_to_completion(again)
        assert again["job_id"] not in (first["job_id"], repeat["job_id"])
        assert again["new_count"] == again["card_count"] == SMALL_FEED_CARDS
        assert again["previously_seen_count"] == 0
        assert again["job_ids"] == first["job_ids"]
        assert again["reports"]["json"] != first["reports"]["json"]
        assert Path(again["reports"]["json"]).is_file()

        # list_sweeps pages one sweep at a time, newest first, until next_cursor is null
        newest_first = [again["job_id"], repeat["job_id"], first["job_id"]]
        everything = await call("list_sweeps", {})
        assert [s["id"] for s in everything["sweeps"]] == newest_first
        assert "next_cursor" not in everything
        assert all(s["status"] == "completed" and s["progress"] == 100 for s in everything["sweeps"])
        assert all(s["kind"] == "sweep" for s in everything["sweeps"])
        assert {s["payload"]["profile_stem"] for s in everything["sweeps"]} == {"alex_rivera_paralegal"}
        paged: list[str] = []
        page = await call("list_sweeps", {"limit": 1})
        while True:
            assert len(page["sweeps"]) == 1
            paged.append(page["sweeps"][0]["id"])
            if page["next_cursor"] is None:
                break
            assert len(paged) < len(newest_first)
            page = await call("list_sweeps", {"limit": 1, "cursor": page["next_cursor"]})
        assert paged == newest_first

        bad_cursor = error_payload(await client.call_tool("list_sweeps", {"limit": 1, "cursor": "not-a-cursor"}))
        assert "cursor" in bad_cursor["message"]
        assert "list_sweeps without cursor" in bad_cursor["message"]


@pytest.mark.parametrize("era", ERAS)
async def test_sdk_made_errors_keep_the_envelope(era: str, workspace: Path) -> None:
    async with connect(era, server_env(workspace)) as client:
        unknown = error_payload(await client.call_tool("no_such_tool", {}))
        assert "no_such_tool" in unknown["message"]
        assert "Unknown tool" in unknown["message"]
        assert "run_sweep" in unknown["message"]  # it lists the tools that do exist

        wrong_type = error_payload(await client.call_tool("get_jobs", {"limit": "ten"}))
        assert "get_jobs" in wrong_type["message"]
        assert "'limit'" in wrong_type["message"]
        assert "integer" in wrong_type["message"]

        wrong_type = error_payload(await client.call_tool("run_sweep", {"deduplicate": "yes", "wait_seconds": 0}))
        assert "'deduplicate'" in wrong_type["message"]
        assert "boolean" in wrong_type["message"]

        unknown_key = error_payload(await client.call_tool("list_sweeps", {"page": 2}))
        assert "unknown key 'page'" in unknown_key["message"]
        assert "list_sweeps" in unknown_key["message"]

        out_of_range = error_payload(await client.call_tool("list_sweeps", {"limit": 101}))
        assert "'limit'" in out_of_range["message"]
        assert "100" in out_of_range["message"]

        # nothing was started by the rejected run_sweep
        assert envelope(await client.call_tool("list_sweeps", {}))["sweeps"] == []
    assert not (workspace / "results").exists()


@pytest.mark.parametrize("era", ERAS)
async def test_core_tools_only(era: str, workspace: Path) -> None:
    async with connect(era, server_env(workspace, SWEEPY_TOOLS="core")) as client:
        listing = await client.list_tools()
        names = {tool.name for tool in listing.tools}
        assert names == CORE_TOOLS
        assert len(listing.tools) == len(CORE_TOOLS)
        for tool in listing.tools:
            assert tool.annotations is not None
            read_only, destructive, idempotent, open_world = HINTS[tool.name]
            assert tool.annotations.read_only_hint is read_only
            assert tool.annotations.destructive_hint is destructive
            assert tool.annotations.idempotent_hint is idempotent
            assert tool.annotations.open_world_hint is open_world
        # Visibility, not permission (TOOLS.md): a hidden tool still answers when called by name.
        hidden = envelope(await client.call_tool("list_sweeps", {}))
        assert hidden == {"status": "ok", "sweeps": []}
        unknown = error_payload(await client.call_tool("nope", {}))
        assert unknown["message"].startswith("Unknown tool 'nope'.")
