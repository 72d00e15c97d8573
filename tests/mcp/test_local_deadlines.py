"""Issue 25 item 5 over real stdio, where the 80,000-posting sweep came back empty: a local feed is not cut by the
per-source deadline meant for the network, and a sweep whose every source timed out is an error that says so.

The server's deadline clock moves 100 s at every look (tests/ticking_server.py), so any source the deadline holds
is past it at the first look; nothing sleeps, and no assertion reads a real clock."""

import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import SMALL_FEED, error_payload, ok, profile_args, server_env, write_feed, write_resume

pytestmark = pytest.mark.anyio
TICKING_SERVER = str(Path(__file__).resolve().parents[1] / "ticking_server.py")
BOARD = {"boards": ["acme"], "base_url": "http://127.0.0.1:9"}  # never asked: its deadline has passed first


def server(workspace: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[TICKING_SERVER],
                                 env=server_env(workspace, TEST_CLOCK_STEP="100"))  # fmt: skip


async def test_a_local_feed_outlives_the_network_deadline_and_a_web_board_does_not(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    sources = {"feed": {"enabled": True, "path": "feeds/postings.jsonl"}, "greenhouse": BOARD}
    async with Client(server(workspace)) as client:
        await ok(client, "create_profile", profile_args(resume, "feeds/postings.jsonl", sources_config=sources))
        swept = await ok(client, "run_sweep", {"wait_seconds": 120})
    assert (swept["sweep_status"], swept["card_count"]) == ("completed", 7)
    by_engine = {s["engine"]: s for s in swept["sources"]}
    feed, board = by_engine["feed"], by_engine["greenhouse"]
    assert (feed["status"], feed["postings"]) == ("ok", len(SMALL_FEED) - 1)  # one record is malformed
    assert feed["elapsed_seconds"] >= 100  # far past the profile's 30 s, on the sweep's own clock
    assert (board["status"], board["reason"]) == ("skipped", "timeout")


async def test_a_sweep_whose_every_source_timed_out_is_an_error_that_says_so(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    args = profile_args(resume, "feeds/postings.jsonl", sources_config={"greenhouse": BOARD})
    async with Client(server(workspace)) as client:
        await ok(client, "create_profile", args)
        failed = error_payload(await client.call_tool("run_sweep", {"wait_seconds": 120}))
        status = error_payload(await client.call_tool("get_sweep_status", {"wait_seconds": 0}))
    assert failed["sweep_status"] == status["sweep_status"] == "failed"
    assert failed["message"].startswith("Every source of the sweep timed out (greenhouse/acme: no complete answer")
    assert "orchestrator.timeout_per_source_seconds" in failed["message"]
    assert status["message"] == failed["message"]
    assert not list((workspace / "results").glob("*.json"))  # no empty result was written as a success
