"""import_jobs over real stdio: records and get_jobs cards become session cards, bad entries and duplicates are
skipped with reasons, and the link checker's verdicts against a loopback job site, with and without the
SWEEPY_ALLOW_PRIVATE_URLS gate."""

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot
from linksite import running_site
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, envelope, profile_args, server_env, write_feed, write_resume

pytestmark = pytest.mark.anyio


@asynccontextmanager
async def swept(workspace: Path, **env: str) -> AsyncIterator[Any]:
    """A stdio server whose active session holds a sweep of the small feed."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace, **env))
    async with Client(params) as client:
        created = envelope(await client.call_tool("create_profile", profile_args(resume, "feeds/postings.jsonl")))
        done = envelope(await client.call_tool("run_sweep", {"profile_path": created["profile_path"],
                                                             "wait_seconds": 60}))  # fmt: skip
        assert done["sweep_status"] == "completed", done
        yield client


def role(n: int, url: str, **fields: Any) -> dict[str, Any]:
    return {"title": "Paralegal", "company": f"Imported Firm {n}", "url": url, "location": "New York, NY", **fields}


async def call(client: Any, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return envelope(await client.call_tool(name, arguments))


async def test_records_and_cards_import_and_bad_or_duplicate_entries_say_why(workspace: Path) -> None:
    async with swept(workspace) as client:
        before = await call(client, "get_jobs", {})
        existing = before["jobs"][0]
        entries = [
            role(
                1,
                "https://jobs.lever.co/imported1/abc",
                description="Westlaw, e-filing and Relativity review.",
                salary="$80,000 - $90,000 a year",
            ),
            existing,  # a card get_jobs returned: already in the session
            {"title": "No link", "company": "Somewhere"},
            role(2, "https://jobs.lever.co/imported1/abc?utm_source=x"),  # the first entry's URL again
            role(3, "ftp://example.org/job"),
            "not an object",
        ]
        result = await call(client, "import_jobs", {"jobs_json": json.dumps(entries)})
        after = await call(client, "get_jobs", {})
    assert result["status"] == "ok"
    assert [(i["title"], i["company"], i["verification"]) for i in result["imported"]] == [
        ("Paralegal", "Imported Firm 1", "not_checked"),
    ]
    skipped = {s["index"]: s for s in result["skipped"]}
    assert skipped[1]["reason"] == f"duplicates card {existing['job_id']}"
    assert skipped[1]["duplicate_of"] == existing["job_id"]
    assert skipped[2]["reason"] == "missing required field 'url'"
    assert skipped[3]["reason"] == "duplicates entry 0 of this import"
    assert skipped[4]["reason"] == "url 'ftp://example.org/job' is not an http(s) URL"
    assert skipped[5]["reason"] == "record must be an object, got str"
    assert after["total"] == before["total"] + 1
    card = next(c for c in after["jobs"] if c["company"] == "Imported Firm 1")
    assert card["engine"] == "import"
    assert not {"verification", "match_kind"} & set(card)  # get_jobs leaves out defaults: not_checked, KEYWORD OVERLAP
    assert card["match_score"] > 0 and "Relativity" in card["matched_terms"]  # scored against the profile
    assert card["salary"]["annual_min"] == 80000


@pytest.mark.parametrize(
    "jobs_json",
    [
        "not json",
        "[]",
        '{"title": "x"}',
        "[NaN]",
        json.dumps([role(n, f"https://x.example/{n}") for n in range(501)]),
        "[" * 100_000 + "]" * 100_000,  # nested too deep for the parser: RecursionError before the fix
    ],
    ids=lambda v: v[:12],
)
async def test_a_jobs_json_that_is_not_an_array_of_roles_is_an_error_and_changes_nothing(
    workspace: Path, jobs_json: str
) -> None:
    async with swept(workspace) as client:
        before = snapshot(workspace / "results")
        result = await client.call_tool("import_jobs", {"jobs_json": jobs_json})
    payload = envelope(result)
    assert payload["status"] == "error" and result.is_error
    assert "jobs_json" in payload["message"]
    assert snapshot(workspace / "results") == before


LINKS = {
    "/posting": ("verified", "ok"),
    "/chain/3": ("verified", "ok"),
    "/missing": ("dead", "not_found"),
    "/gone": ("dead", "gone"),
    "/closed": ("dead", "closed_posting"),
    "/acme/jobs/123": ("dead", "redirect_to_index"),
    "/forbidden": ("unverified", "forbidden"),
    "/limited": ("unverified", "rate_limited"),
    "/broken": ("unverified", "server_error"),
    "/challenge": ("unverified", "anti_bot"),
    "/to-metadata": ("unverified", "blocked_address"),
}


async def test_validate_sorts_links_into_verified_unverified_and_dead(workspace: Path) -> None:
    with running_site() as site:
        entries = [role(n, site.url(path)) for n, path in enumerate(LINKS)]
        async with swept(workspace, SWEEPY_ALLOW_PRIVATE_URLS="1") as client:
            result = await call(client, "import_jobs", {"jobs_json": json.dumps(entries), "validate": True})
            jobs = (await call(client, "get_jobs", {}))["jobs"]
    imported = {i["company"]: i["verification"] for i in result["imported"]}
    skipped = {s["index"]: s["reason"] for s in result["skipped"]}
    for n, (path, (verdict, reason)) in enumerate(LINKS.items()):
        if verdict == "dead":
            assert skipped[n].startswith(f"dead link ({reason})"), path
        else:
            assert imported[f"Imported Firm {n}"] == verdict, path
            card = next(c for c in jobs if c["company"] == f"Imported Firm {n}")
            assert card["verification_reason"] == reason, path
    assert not any(s.path.startswith("/latest") for s in site.seen)  # the metadata hop was never followed


async def test_without_the_gate_every_loopback_link_is_refused_and_never_requested(workspace: Path) -> None:
    with running_site() as site:
        entries = [role(n, site.url(path)) for n, path in enumerate(["/posting", "/missing", "/chain/2"])]
        async with swept(workspace) as client:
            result = await call(client, "import_jobs", {"jobs_json": json.dumps(entries), "validate": True})
            jobs = (await call(client, "get_jobs", {}))["jobs"]
        assert site.seen == []
    # Refused at import already: the hosts are loopback literals, so nothing is stored and nothing is fetched.
    assert result["imported"] == [] and not any(c["engine"] == "import" for c in jobs)
    assert [s["reason"].split(":")[0] for s in result["skipped"]] == ["blocked_address"] * 3
