"""Helpers shared by the MCP tests: the envelope check, a resume and a small feed."""

import json
import os
from pathlib import Path
from typing import Any

import docx
from mcp import Client
from mcp.types import CallToolResult

ROOT = Path(__file__).resolve().parents[1]
SERVER_PY = str(ROOT / "server.py")

# Hand-written: 11 records. 7 Paralegal roles that fit "New York, NY" (local, metro, remote US, hybrid), plus
# one tracking-parameter copy (dropped as a duplicate), one off-title, one off-location and one malformed record.
SMALL_FEED: list[dict[str, Any]] = [
    {
        "title": "Litigation Paralegal",
        "company": "Hudson & Pike LLP",
        "url": "https://boards.greenhouse.io/hudsonpike/jobs/1001",
        "location": "New York, NY",
        "description": "Manage e-discovery in Relativity, court filings on NYSCEF, legal research on Westlaw, "
        "deposition prep, trial binders and document review for a litigation team.",
        "salary": "$70,000 - $85,000 a year",
        "posted_at": "2026-11-18",
        "platform": "greenhouse",
    },
    {
        "title": "Paralegal",
        "company": "Borough Legal Aid",
        "url": "https://jobs.lever.co/boroughlegal/2002",
        "location": "Brooklyn, NY",
        "description": "Client intake, legal research and court filings for housing cases.",
        "salary": "$58,000",
        "posted_at": "2026-11-17",
        "platform": "lever",
    },
    {
        "title": "Paralegal",
        "company": "Borough Legal Aid",
        "url": "https://jobs.lever.co/boroughlegal/2002?utm_source=newsletter&utm_medium=email",
        "location": "Brooklyn, NY",
        "description": "Client intake, legal research and court filings for housing cases.",
        "salary": "$58,000",
        "posted_at": "2026-11-17",
        "platform": "lever",
    },
    {
        "title": "Corporate Paralegal",
        "company": "Northwind Capital",
        "url": "https://jobs.ashbyhq.com/northwind/3003",
        "location": "Remote - US",
        "description": "Entity management, board minutes and contract review. Fully remote within the US.",
        "salary": "$75,000 - $90,000 a year",
        "posted_at": "2026-11-16",
        "platform": "ashby",
    },
    {
        "title": "Senior Paralegal",
        "company": "Greyfield Partners",
        "url": "https://boards.greenhouse.io/greyfield/jobs/4004",
        "location": "Hybrid - New York, NY",
        "description": "E-discovery, Relativity review workflows and privilege logs. Hybrid: three days in office.",
        "salary": "$90,000 - $110,000 a year",
        "posted_at": "2026-11-15",
        "platform": "greenhouse",
    },
    {
        "title": "Immigration Paralegal",
        "company": "Ferry Street Law",
        "url": "https://ferrystreet.example.com/careers/5005",
        "location": "Jersey City, NJ",
        "description": "Prepare visa petitions and keep case files current.",
        "salary": "$30/hr",
        "posted_at": "2026-11-14",
        "platform": "indeed",
    },
    {
        "title": "Paralegal II",
        "company": "Queensbridge Health",
        "url": "https://queensbridge.example.com/jobs/6006",
        "location": "Queens, NY",
        "description": "Contract management and regulatory filings; legal research support.",
        "salary": None,
        "posted_at": "2026-11-13",
        "platform": "linkedin",
    },
    {
        "title": "Contract Paralegal",
        "company": "Lantern eDiscovery",
        "url": "https://lantern.example.com/jobs/7007",
        "location": "Remote",
        "description": "Document review in Relativity for a six-month e-discovery project.",
        "salary": "$35 - $40 an hour",
        "posted_at": "2026-11-12",
        "platform": "indeed",
    },
    {
        "title": "Software Engineer",
        "company": "Copperline Payments",
        "url": "https://boards.greenhouse.io/copperline/jobs/8008",
        "location": "New York, NY",
        "description": "Python services on Kubernetes.",
        "salary": "$150,000 - $180,000 a year",
        "posted_at": "2026-11-12",
        "platform": "greenhouse",
    },
    {
        "title": "Paralegal",
        "company": "Lakeshore Litigation Group",
        "url": "https://lakeshore.example.com/jobs/9009",
        "location": "Chicago, IL",
        "description": "On-site litigation support in our Chicago office.",
        "salary": "$60,000",
        "posted_at": "2026-11-11",
        "platform": "indeed",
    },
    {
        "title": "Paralegal",
        "url": "https://nocompany.example.com/jobs/1010",
        "location": "New York, NY",
        "description": "This record has no company, so the feed engine skips it.",
    },
]
SMALL_FEED_CARDS = 7
SMALL_FEED_DISCOVERED = 10  # the malformed record is skipped, not discovered
SMALL_FEED_DROPPED = {"duplicate": 1, "location": 1, "title": 1}

RESUME_LINES = (
    "Alex Rivera — Litigation Paralegal, New York, NY",
    "Six years of litigation support: e-discovery in Relativity, court filings on NYSCEF and e-filing,",
    "legal research on Westlaw and LexisNexis, deposition and trial preparation, privilege logs.",
    "Skills: e-discovery, Relativity, legal research, court filings, document review, case management.",
)


def envelope(result: CallToolResult) -> dict[str, Any]:
    """The contract's answer shape: one JSON text block equal to structuredContent, "status" first, isError on
    failure, and never a traceback; after it only resource links (to files a tool wrote)."""
    assert result.content[0].type == "text"
    assert all(block.type == "resource_link" for block in result.content[1:])
    text = result.content[0].text  # type: ignore[union-attr]
    assert "Traceback" not in text
    payload = json.loads(text)
    assert payload == result.structured_content
    assert next(iter(payload)) == "status"
    assert payload["status"] in ("ok", "error")
    assert result.is_error is (payload["status"] == "error")
    return payload


async def ok(client: Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A tool call over `client` that must succeed: its envelope, asserted `"status": "ok"`."""
    payload = envelope(await client.call_tool(name, arguments))
    assert payload["status"] == "ok", payload
    return payload


def error_payload(result: CallToolResult) -> dict[str, Any]:
    """An error envelope: isError true, status error, a non-empty message."""
    payload = envelope(result)
    assert result.is_error is True
    assert payload["status"] == "error"
    assert isinstance(payload["message"], str) and len(payload["message"]) > 20
    return payload


def write_resume(path: Path) -> Path:
    document = docx.Document()
    for line in RESUME_LINES:
        document.add_paragraph(line)
    path.parent.mkdir(parents=True, exist_ok=True)
    document.save(str(path))
    return path


def write_feed(path: Path, records: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


def profile_args(resume: Path, feed: str, **changes: Any) -> dict[str, Any]:
    """create_profile arguments for a paralegal in New York sweeping `feed` with the feed engine."""
    args: dict[str, Any] = {
        "name": "Alex Rivera",
        "titles": ["Paralegal"],
        "location": "New York, NY",
        "resume_path": str(resume),
        "must_have_skills": ["e-discovery", "Relativity"],
        "sources_config": {"feed": {"enabled": True, "path": feed}},
    }
    args.update(changes)
    return args


def server_env(workspace: Path, **extra: str) -> dict[str, str]:
    """The child gets only what we pass: the isolated workspace and state folder, PATH and HOME."""
    env = {
        "SWEEPY_HOME": os.environ["SWEEPY_HOME"],
        "SWEEPY_STATE_DIR": os.environ["SWEEPY_STATE_DIR"],
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(workspace.parent),
    }
    env.update(extra)
    return env
