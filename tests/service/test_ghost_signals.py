"""Repost and stale-posting evidence from two real sweeps over the same history, on a clock the test moves."""

import datetime as dt
from pathlib import Path
from typing import Any

from mcp_helpers import profile_args, write_feed, write_resume

from sweepy.pipeline import SweepContext, SweepOptions, commit_history, run
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.settings import Settings
from sweepy.store.history import DAY
from sweepy.store.profiles import load_profile

START = 1_780_000_000.0  # 2026-05-28 UTC


def record(url: str, title: str = "Paralegal", company: str = "Northwind Labs, Inc.") -> dict[str, Any]:
    return {"title": title, "company": company, "url": url, "location": "New York, NY",
            "description": "Litigation support with e-discovery and Relativity."}  # fmt: skip


def sweep(workspace: Path, profile: Path, now: float) -> dict[str, list[tuple[str, str]]]:
    ctx = SweepContext(load_profile(profile), profile, Settings.from_env().workspace(), SweepOptions(include_seen=True),
                       today=dt.date.fromtimestamp(now), clock=lambda: now)  # fmt: skip
    out = run(ctx)
    commit_history(ctx, out)
    return {card.url: [(g.signal, g.evidence) for g in card.ghost_signals] for card in out.cards}


def test_a_role_reposted_under_a_new_url_and_a_posting_open_for_months(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    feed = workspace / "feed.jsonl"
    write_feed(feed, [record("https://jobs.lever.co/northwind/aaa"), record("https://jobs.lever.co/other/keep",
                                                                             company="Globex")])  # fmt: skip
    created = SweepyService().create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl"))).dump()
    profile = Path(created["profile_path"])

    first = sweep(workspace, profile, START)
    assert first == {"https://jobs.lever.co/northwind/aaa": [], "https://jobs.lever.co/other/keep": []}

    # 70 days later Northwind posts the same role under a new URL; Globex's posting is still up.
    write_feed(feed, [record("https://jobs.lever.co/northwind/bbb"), record("https://jobs.lever.co/other/keep",
                                                                             company="Globex")])  # fmt: skip
    second = sweep(workspace, profile, START + 70 * DAY)
    assert second["https://jobs.lever.co/northwind/bbb"] == [
        ("reposted", "the same role was posted once under another URL, first seen 2026-05-28")
    ]
    assert second["https://jobs.lever.co/other/keep"] == [("open_long", "first seen 2026-05-28, 70 days ago")]
