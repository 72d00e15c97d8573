"""A sweep of web engines over real stdio: server.py as a subprocess, the engines pointed at the loopback fake
board server through `base_url`, as a person's mirror or proxy would be."""

import json
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fakeboards import FakeBoards, jooble
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, envelope, server_env, write_resume

pytestmark = pytest.mark.anyio


async def test_run_sweep_reaches_the_boards_and_reports_every_source(workspace: Path, boards: FakeBoards) -> None:
    resume = write_resume(workspace / "resume.docx")
    sources: dict[str, Any] = {"greenhouse": {"boards": ["acme", "nosuch"], "base_url": boards.url}}
    env = server_env(workspace, SWEEPY_ALLOW_PRIVATE_URLS="1")  # the fake boards are on loopback
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            payload = envelope(await client.call_tool(name, arguments))
            assert payload["status"] == "ok", payload
            return payload

        created = await call(
            "create_profile",
            {"name": "Alex Rivera", "titles": ["Paralegal"], "location": "New York, NY",
             "resume_path": str(resume), "sources_config": sources},
        )  # fmt: skip
        assert created["enabled_engines"] == ["greenhouse"]
        swept = await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60})
        again = await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60,
                                         "include_seen": True})  # fmt: skip
        jobs = await call("get_jobs", {})

    assert swept["sweep_status"] == "completed"
    assert swept["discovered_count"] == 2
    assert [(s["engine"], s["source"], s["status"], s["postings"], s["requests"], s["cached"], s["reason"])
            for s in swept["sources"]] == [
        ("greenhouse", "acme", "ok", 2, 1, 0, None),
        ("greenhouse", "nosuch", "skipped", 0, 1, 0, "http_error"),
    ]  # fmt: skip
    assert [(s["source"], s["reason"]) for s in swept["skipped_sources"]] == [("nosuch", "http_error")]
    # The second sweep within the profile's cache TTL asks nothing for the board that answered.
    assert [(s["source"], s["requests"], s["cached"]) for s in again["sources"]] == [("acme", 0, 1), ("nosuch", 1, 0)]
    assert boards.hits("/v1/boards/acme/jobs") == 1
    cards = {c["title"]: c for c in jobs["jobs"]}
    assert set(cards) == {"Senior Paralegal", "Litigation Paralegal"}
    senior = cards["Senior Paralegal"]
    assert (senior["company"], senior["workplace"]) == ("Acme", "remote")
    # get_jobs leaves out an engine equal to the platform, and a platform the url's host names
    assert "engine" not in senior and "platform" not in senior
    assert (senior["salary"]["annual_min"], senior["salary"]["annual_max"]) == (150000, 190000)
    assert senior["url"] == "https://job-boards.greenhouse.io/acme/jobs/4012345001"
    result = json.loads(Path(swept["reports"]["json"]).read_text(encoding="utf-8"))
    assert [s["source"] for s in result["sources"]] == ["acme", "nosuch"]


async def test_several_engines_in_one_sweep_and_a_key_that_never_reaches_the_outputs(
    workspace: Path, boards: FakeBoards
) -> None:
    resume = write_resume(workspace / "resume.docx")
    base = {"base_url": boards.url}
    sources: dict[str, Any] = {
        "greenhouse": {"boards": ["acme"], **base},
        "lever": {"sites": ["acme"], **base},
        "ashby": {"boards": ["acme"], **base},
        "remotive": base,
        "jooble": base,  # the key travels in the URL path: /api/{key}
    }
    env = server_env(workspace, JOOBLE_API_KEY=jooble.KEY, SWEEPY_TRUST_BASE_URLS="1", SWEEPY_ALLOW_PRIVATE_URLS="1")
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:
        created = envelope(await client.call_tool("create_profile", {
            "name": "Alex Rivera", "titles": ["Paralegal", "Broken"], "location": "New York, NY",
            "resume_path": str(resume), "sources_config": sources,
        }))  # fmt: skip
        assert created["status"] == "ok", created
        swept = envelope(await client.call_tool("run_sweep", {"profile_path": created["profile_path"],
                                                              "wait_seconds": 60}))  # fmt: skip
        jobs = envelope(await client.call_tool("get_jobs", {}))

    reports = {(s["engine"], s["source"]): s for s in swept["sources"]}
    assert set(reports) == {
        ("greenhouse", "acme"), ("lever", "acme"), ("ashby", "acme"), ("remotive", "remotive"),
        ("jooble", "Paralegal"), ("jooble", "Broken"),
    }  # fmt: skip
    assert reports["jooble", "Broken"]["status"] == "skipped"  # the fake answers a 500 for this title
    assert all(r["status"] == "ok" and r["postings"] > 0 for k, r in reports.items() if k != ("jooble", "Broken"))
    assert swept["discovered_count"] == sum(r["postings"] for r in reports.values())
    named = ("greenhouse", "lever", "ashby", "jooble", "remotive")  # a platform its url's host names is left out
    found_by = {c.get("engine", c.get("platform")) or next(n for n in named if n in c["url"]) for c in jobs["jobs"]}
    assert found_by >= {"greenhouse", "lever", "ashby", "jooble"}
    assert len(boards.requests(f"/api/{quote(jooble.KEY, safe='')}")) == 2  # the key reached the API
    # ...and nothing Sweepy wrote or answered shows it.
    shown = json.dumps([created, swept, jobs])
    assert jooble.KEY not in shown and quote(jooble.KEY, safe="") not in shown
    for root in (workspace, Path(os.environ["SWEEPY_STATE_DIR"])):
        for path in root.rglob("*"):
            assert jooble.KEY not in path.name
            if path.is_file():
                text = path.read_bytes().decode("utf-8", errors="replace")
                assert jooble.KEY not in text and quote(jooble.KEY, safe="") not in text, path
