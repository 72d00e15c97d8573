"""submit_judgments over real stdio (server.py subprocesses): the assistant's whole loop, stale judgments after
the resume changes, and fifty overlapping calls from five server processes that lose nothing."""

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import docx
import pytest
from conftest import App
from mcp import Client, StdioServerParameters
from mcp_helpers import (
    RESUME_LINES,
    SERVER_PY,
    SMALL_FEED,
    SMALL_FEED_CARDS,
    envelope,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)

from sweepy.service import arguments as a
from sweepy.store.session import SessionStore

pytestmark = pytest.mark.anyio


@dataclass(frozen=True)
class Server:
    client: Client

    async def ok(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Call a tool and return its payload, which must be an ok envelope."""
        payload = envelope(await self.client.call_tool(name, arguments))
        assert payload["status"] == "ok", payload
        return payload


@asynccontextmanager
async def server(workspace: Path) -> AsyncIterator[Server]:
    """A fresh `python server.py` with a connected client."""
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace))
    async with Client(params) as client:
        yield Server(client)


async def test_the_assistant_judges_cards_and_matches_come_first(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    async with server(workspace) as client:
        await client.ok("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        swept = await client.ok("run_sweep", {"wait_seconds": 60})
        assert swept["sweep_status"] == "completed"
        ids = [job["job_id"] for job in (await client.ok("get_jobs", {}))["jobs"]]
        assert ids == swept["job_ids"] and len(ids) == SMALL_FEED_CARDS
        last, sixth, fifth = ids[-1], ids[-2], ids[-3]

        single = await client.ok(
            "submit_judgments",
            {"job_id": last, "match_pct": 88, "resume_track": "Litigation", "resume_color": "#1f6feb",
             "alignment": "Six years of Relativity review.", "app_format": "Greenhouse portal"},
        )  # fmt: skip
        assert (single["job"]["match_kind"], single["job"]["match_score"]) == ("MATCH", 88)
        assert (single["assessed_count"], single["unassessed_count"]) == (1, SMALL_FEED_CARDS - 1)

        batch = await client.ok(
            "submit_judgments",
            {"judgments": [
                {"job_id": sixth, "match_pct": 74, "domain": "Corporate"},
                {"job_id": "0000not-a-card", "match_pct": 99},
                {"job_id": fifth, "match_pct": 81, "benefits": "Health, 401k"},
            ]},
        )  # fmt: skip
        assert batch["applied"] == 2
        # what changed on each card, and where it ranks now (the single card, judged first, is 1st)
        assert batch["jobs"] == [{"job_id": sixth, "rank": 3, "match_pct": 74, "changed": ["match_pct", "domain"]},
                                 {"job_id": fifth, "rank": 2, "match_pct": 81,
                                  "changed": ["match_pct", "benefits"]}]  # fmt: skip
        [reject] = batch["rejected"]
        assert (reject["index"], reject["job_id"]) == (1, "0000not-a-card")
        assert "get_jobs" in reject["reason"]
        assert (batch["assessed_count"], batch["unassessed_count"]) == (3, SMALL_FEED_CARDS - 3)

        jobs = (await client.ok("get_jobs", {}))["jobs"]
        assert [job["job_id"] for job in jobs[:3]] == [last, fifth, sixth]
        assert [(job["match_kind"], job["match_pct"]) for job in jobs[:3]] == [("MATCH", 88), ("MATCH", 81),
                                                                               ("MATCH", 74)]  # fmt: skip
        assert (jobs[0]["resume_track"], jobs[0]["resume_color"], jobs[0]["app_format"]) == (
            "Litigation", "#1f6feb", "Greenhouse portal"
        )  # fmt: skip
        assert (jobs[1]["benefits"], jobs[2]["domain"]) == ("Health, 401k", "Corporate")
        assert all("match_kind" not in job and "match_pct" not in job for job in jobs[3:])  # KEYWORD OVERLAP
        assert all("judgment_stale" not in job for job in jobs)


async def test_a_changed_resume_makes_judgments_stale_until_judged_again(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    async with server(workspace) as client:
        await client.ok("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        ids = (await client.ok("run_sweep", {"wait_seconds": 60}))["job_ids"]
        judged = ids[:2]
        await client.ok("submit_judgments", {"judgments": [{"job_id": j, "match_pct": 70} for j in judged]})
        fresh = await client.ok("get_jobs", {})
        assert fresh["stale_count"] == 0 and "judgment_stale" not in json.dumps(fresh["jobs"])

        before = resume.read_bytes()
        updated = docx.Document(str(resume))  # the person updates the resume: same path, other bytes
        updated.add_paragraph("2026: Senior Paralegal, e-discovery lead.")
        updated.save(str(resume))
        assert resume.read_bytes() != before
        stale = await client.ok("get_jobs", {})
        flagged = [job["job_id"] for job in stale["jobs"] if job.get("judgment_stale")]
        assert sorted(flagged) == sorted(judged)  # both at 70: ranked by title, not in sweep order
        assert stale["stale_count"] == 2
        assert "judge them again" in stale["message"]
        partial = await client.ok("submit_judgments", {"job_id": judged[0], "comp": "$75,000"})
        assert partial["stale_count"] == 2  # a comp line is not a new verdict on the fit

        again = await client.ok("submit_judgments", {"judgments": [{"job_id": j, "match_pct": 65} for j in judged]})
        assert (again["stale_count"], again["assessed_count"]) == (0, 2)
        cleared = await client.ok("get_jobs", {})
        assert cleared["stale_count"] == 0
        assert not any(job.get("judgment_stale") for job in cleared["jobs"])
        assert [job["match_pct"] for job in cleared["jobs"][:2]] == [65, 65]


def many_paralegal_roles(count: int) -> list[dict[str, Any]]:
    """`count` distinct Paralegal roles in New York (one company each, so none is a duplicate)."""
    return [
        {
            "title": "Paralegal",
            "company": f"Firm {n:03d} LLP",
            "url": f"https://firm{n:03d}.example.com/jobs/{n}",
            "location": "New York, NY",
            "description": f"Litigation support and e-discovery in Relativity for team {n}.",
            "posted_at": "2026-11-18",
        }
        for n in range(count)
    ]


async def test_fifty_overlapping_calls_from_five_processes_lose_nothing(app: App, workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "many.jsonl", many_paralegal_roles(50))
    profile = app.service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/many.jsonl"))).dump()
    job, _joined = app.service.start_sweep(profile["profile_path"], deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    ids = app.service.sweep_payload(job).dump()["job_ids"]
    assert len(ids) == 50
    expected = {job_id: (n % 101, f"verdict {n} " + RESUME_LINES[n % 4]) for n, job_id in enumerate(ids)}
    shares = [ids[p::5] for p in range(5)]  # interleaved, so neighbouring cards are written by different processes
    ready = anyio.Event()
    connected = 0

    async def process(share: list[str]) -> None:
        nonlocal connected
        async with server(workspace) as client:
            connected += 1
            if connected == len(shares):
                ready.set()
            await ready.wait()  # every process is up before the first call: the calls overlap
            async with anyio.create_task_group() as calls:
                for job_id in share:
                    pct, summary = expected[job_id]
                    arguments = {"job_id": job_id, "match_pct": pct, "summary": summary}
                    calls.start_soon(client.ok, "submit_judgments", arguments)

    with anyio.fail_after(120):
        async with anyio.create_task_group() as processes:
            for share in shares:
                processes.start_soon(process, share)

    for stem in (None, "alex_rivera_paralegal"):
        cards = SessionStore(workspace / "results").load(stem).cards
        assert {c.job_id: (c.match_pct, c.summary) for c in cards} == expected, stem
        assert all(c.match_kind == "MATCH" for c in cards)
    assert app.service.get_jobs(a.GetJobs(results_dir="results")).dump()["message"].startswith("50 cards; all judged")
