"""The whole sweep's byte budget (issue 24 item 3): every web source's answers share `orchestrator.max_bytes`;
past it the remaining pages stop as `too_large`, and the postings of the pages read before are kept, to the
cards. Real HTTP to the loopback Lever board, whose `heavy` sites serve pages of about 1 MB."""

import functools
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from fakeboards import FakeBoards
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, ok, server_env, write_resume

from sweepy.domain.profile import Orchestrator
from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.http import DEFAULT_SWEEP_BYTES, build_client, open_network
from sweepy.pipeline.discover import Discovery, discover
from sweepy.settings import Settings

SITES = ["heavy1", "heavy2", "heavy3", "heavy4"]
WHOLE_SITE = 230  # three pages: 100, 100, 30


def page_bytes(boards: FakeBoards) -> int:
    """The largest first page of the heavy sites, as the sweep reads it."""
    return max(len(httpx.get(f"{boards.url}/v0/postings/{site}?mode=json&skip=0&limit=100").content) for site in SITES)


def sweep_sites(boards: FakeBoards, state: Path, sweep_bytes: int, **block: Any) -> Discovery:
    workspace = Settings.from_env().workspace()
    config = get_engine("lever").parse_config({"sites": SITES, "base_url": boards.url, **block}, workspace)
    with open_network(build_client, state, None, None) as network:
        request = DiscoverRequest(["Paralegal"], "New York, NY", workspace, {}, network=network)
        return discover({"lever": config}, request, timeout=60, max_bytes=sweep_bytes)


def test_past_the_sweep_budget_the_remaining_pages_stop_as_too_large_and_the_pages_read_are_kept(
    boards: FakeBoards, tmp_path: Path
) -> None:
    # Room for four and a half pages of the twelve: the four sources read at once, so which of them fill the budget
    # is the scheduler's choice (on a busy machine one source may read two pages before another's first ends); a
    # page read whole is kept, one cut by the budget is not.
    budget = int(page_bytes(boards) * 4.5)
    found = sweep_sites(boards, tmp_path, budget)
    postings = {report.source: report.postings for report in found.sources}
    assert set(postings) == set(SITES)
    assert all(count in (0, 100, 200, WHOLE_SITE) for count in postings.values()), postings
    assert 100 <= sum(postings.values()) == len(found.postings) <= 400, postings  # whole pages within the budget
    stopped = [report for report in found.sources if report.status == "skipped"]
    assert stopped and {(r.reason, r.counts_as_failure) for r in stopped} == {("too_large", False)}
    for report in stopped:
        assert f"pass its budget of {budget / 1_000_000:.1f} MB (orchestrator.max_bytes)" in report.detail
        if report.postings:  # a source whose first page the budget cut kept nothing, and its detail says no more
            assert report.detail.endswith(f"kept the {report.postings} postings of the pages read before it")
    assert [s.reason for s in found.skipped_sources] == ["too_large"] * len(stopped)
    assert {p.source for p in found.postings} == {source for source, count in postings.items() if count}


def test_under_the_sweep_budget_every_page_is_read(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep_sites(boards, tmp_path, DEFAULT_SWEEP_BYTES)
    assert [(r.source, r.status, r.postings) for r in found.sources] == [(s, "ok", WHOLE_SITE) for s in SITES]


def test_a_source_own_budget_still_names_its_engine_block(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep_sites(boards, tmp_path, DEFAULT_SWEEP_BYTES, max_bytes=page_bytes(boards) + 1_000)
    assert {(r.status, r.reason, r.postings) for r in found.sources} == {("skipped", "too_large", 100)}
    assert all("(max_bytes)" in r.detail and "orchestrator" not in r.detail for r in found.sources)


def test_the_sweep_budget_is_200_mb_by_default_and_bounded() -> None:
    assert Orchestrator().max_bytes == DEFAULT_SWEEP_BYTES == 200_000_000
    assert Orchestrator.model_validate({"max_bytes": 5_000}).max_bytes == 5_000
    for wrong in (999, 10_000_000_001):
        with pytest.raises(ValueError, match="max_bytes"):
            Orchestrator.model_validate({"max_bytes": wrong})


@pytest.mark.anyio
async def test_a_sweep_past_its_budget_completes_with_the_pages_read_as_cards(
    workspace: Path, boards: FakeBoards
) -> None:
    budget = int(page_bytes(boards) * 4.5)
    resume = write_resume(workspace / "resume.docx")
    env = server_env(workspace, SWEEPY_ALLOW_PRIVATE_URLS="1")  # the fake boards are on loopback
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:
        call = functools.partial(ok, client)

        created = await call(
            "create_profile",
            {"name": "Alex Rivera", "titles": ["Paralegal"], "location": "New York, NY",
             "resume_path": str(resume), "sources_config": {"lever": {"sites": SITES, "base_url": boards.url}},
             "orchestrator_config": {"max_bytes": budget}},
        )  # fmt: skip
        swept = await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 120})
        jobs = await call("get_jobs", {"limit": 1000})

    assert swept["sweep_status"] == "completed"
    kept = {s["source"]: s["postings"] for s in swept["sources"]}
    assert all(count in (0, 100, 200, WHOLE_SITE) for count in kept.values()), kept  # whole pages only
    assert 100 <= swept["discovered_count"] == sum(kept.values()) <= 400, kept
    stopped = swept["skipped_sources"]
    assert stopped and {s["reason"] for s in stopped} == {"too_large"}
    assert all("(orchestrator.max_bytes)" in s["detail"] for s in stopped)
    # Every posting read before the stop is a card: distinct paralegal roles in New York, nothing filters them.
    assert swept["card_count"] == swept["discovered_count"] == len(jobs["jobs"])
    assert {job["url"].split("/")[3] for job in jobs["jobs"]} == {site for site, count in kept.items() if count}
