"""Every answer points the right way, over real stdio (server.py subprocesses): the schemas name the bundled
sample feed and the session store, a bare sample-feed name is answered with the exact path that works, a resume
kept outside the workspace gets a pdf_path inside it, a card's id passed as a sweep's is recognised, and get_jobs
refuses limit 0 as list_sweeps does."""

import sys
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, snapshot
from mcp import Client, StdioServerParameters
from mcp_helpers import (
    SERVER_PY,
    SMALL_FEED,
    error_payload,
    ok,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)
from pydantic import ValidationError

from sweepy.errors import InvalidArgument
from sweepy.service import SweepyService
from sweepy.service import arguments as a

pytestmark = pytest.mark.anyio

SAMPLE = "sweepy/data/sample_postings.jsonl"


@dataclass(frozen=True)
class Server:
    client: Client
    roots: tuple[Path, ...]

    async def ok(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return await ok(self.client, name, arguments)

    async def refused(self, name: str, arguments: dict[str, Any]) -> str:
        """The error message of a call that must change no file in the workspace or the state folder."""
        before = snapshot(*self.roots)
        payload = error_payload(await self.client.call_tool(name, arguments))
        assert snapshot(*self.roots) == before
        message: str = payload["message"]
        return message


@asynccontextmanager
async def server(workspace: Path) -> AsyncIterator[Server]:
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace))
    async with Client(params) as client:
        yield Server(client, (workspace, workspace.parent / "state"))


def described(schema: dict[str, Any], name: str) -> str:
    description: str = schema["properties"][name]["description"]
    return description


async def test_the_schemas_name_the_sample_feed_the_session_store_and_a_pdf_path(workspace: Path) -> None:
    async with server(workspace) as s:
        tools = {tool.name: tool.input_schema for tool in (await s.client.list_tools()).tools}
    assert f'{{"feed": {{"path": "{SAMPLE}"}}}}' in described(tools["create_profile"], "sources_config")
    assert not [name for name, schema in tools.items() if "report_session" in str(schema)]
    with_results = sorted(name for name, schema in tools.items() if "results_dir" in schema["properties"])
    assert len(with_results) >= 7
    for name in with_results:
        assert "sessions.db" in described(tools[name], "results_dir") or name == "render_report", name
    assert "the saved session" in described(tools["render_report"], "results_dir")
    limit = tools["get_jobs"]["properties"]["limit"]
    assert {"type": "integer", "minimum": 1} in limit["anyOf"]
    for tool in ("convert_document", "convert_docx"):
        assert "docs/resume.pdf" in described(tools[tool], "pdf_path")
    assert "make_default" in tools["create_profile"]["properties"]


async def test_the_sample_feed_by_its_name_alone_gets_the_exact_path_that_works(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    async with server(workspace) as s:
        message = await s.refused("create_profile", profile_args(resume, "sample_postings.jsonl"))
        assert f"feed path 'sample_postings.jsonl' does not exist (looked for {workspace}/sample_postings.jsonl, " in (
            message
        )
        assert f'The bundled sample feed is "{SAMPLE}": pass that path exactly.' in message
        other = await s.refused("create_profile", profile_args(resume, "feeds/jobs.jsonl"))
        assert "bundled sample feed" not in other  # only its own name points to the sample
        await s.ok("create_profile", profile_args(resume, SAMPLE))
        swept = await s.ok("run_sweep", {"wait_seconds": 60})
        assert swept["sweep_status"] == "completed" and swept["card_count"] > 0
        assert [(line["engine"], line["status"]) for line in swept["sources"]] == [("feed", "ok")]


async def test_a_resume_outside_the_workspace_is_offered_a_pdf_path_inside_it(workspace: Path, tmp_path: Path) -> None:
    kept = tmp_path / "documents" / "resume.md"
    kept.parent.mkdir()
    kept.write_text("# Alex Rivera\n\nLitigation paralegal: e-discovery in Relativity.\n", encoding="utf-8")
    async with server(workspace) as s:
        message = await s.refused("convert_document", {"document_path": str(kept)})
        assert f"document_path {str(kept)!r} is outside the workspace ({workspace})" in message
        assert 'Call again with pdf_path "docs/resume.pdf"' in message
        assert not kept.with_suffix(".pdf").exists()
        converted = await s.ok("convert_document", {"document_path": str(kept), "pdf_path": "docs/resume.pdf"})
    assert converted["pdf_path"] == str(workspace / "docs" / "resume.pdf")
    assert (workspace / "docs" / "resume.pdf").read_bytes().startswith(b"%PDF")


async def test_a_docx_or_pdf_outside_the_workspace_needs_no_default_beside_it(workspace: Path, tmp_path: Path) -> None:
    docx_file = write_resume(tmp_path / "documents" / "Alex CV.docx")
    pdf_file = tmp_path / "documents" / "alex.pdf"
    pdf_file.write_bytes((ROOT / "sweepy" / "data" / "sample_resume.pdf").read_bytes())
    async with server(workspace) as s:
        message = await s.refused("convert_docx", {"docx_path": str(docx_file)})
        assert 'Call again with pdf_path "docs/Alex CV.pdf"' in message
        passed = await s.ok("convert_document", {"document_path": str(pdf_file)})  # a PDF is written nowhere
        assert (passed["method"], passed["pdf_path"], passed["backup_path"]) == ("passthrough", str(pdf_file), None)
        assert f"{pdf_file} is already a PDF; nothing was written. Use it as resume_path." == passed["message"]
    assert not (tmp_path / "documents" / "Alex CV.pdf").exists()


async def test_a_card_id_passed_to_get_sweep_status_points_to_get_jobs(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    async with server(workspace) as s:
        await s.ok("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        swept = await s.ok("run_sweep", {"wait_seconds": 60})
        card = swept["job_ids"][0]
        for given in (card, f"{card}-2"):
            message = await s.refused("get_sweep_status", {"job_id": given, "wait_seconds": 0})
            assert message.startswith(f"{given!r} is a card id (the job_id of a get_jobs card), not a sweep's job_id.")
            assert "Call get_jobs for the session's cards" in message
        unknown = str(uuid.uuid4())
        message = await s.refused("get_sweep_status", {"job_id": unknown, "wait_seconds": 0})
        assert message.startswith(f"No sweep with job_id {unknown!r} in this server process")
        assert "card id" not in message
        status = await s.ok("get_sweep_status", {"job_id": swept["job_id"], "wait_seconds": 0})
        assert status["job_ids"] == swept["job_ids"]


async def test_get_jobs_refuses_limit_0_as_list_sweeps_does(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    async with server(workspace) as s:
        await s.ok("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        await s.ok("run_sweep", {"wait_seconds": 60})
        for limit in (0, -3):
            jobs = await s.refused("get_jobs", {"limit": limit})
            sweeps = await s.refused("list_sweeps", {"limit": limit})
            assert "'limit'" in jobs and "greater than or equal to 1" in jobs
            assert jobs.replace("get_jobs", "list_sweeps") == sweeps
        one = await s.ok("get_jobs", {"limit": 1})
        assert one["count"] == 1 and one["next_offset"] == 1


def test_the_service_refuses_limit_0_too(workspace: Path) -> None:
    with pytest.raises(ValidationError, match="limit\n  Input should be greater than or equal to 1"):
        a.GetJobs(limit=0)
    with pytest.raises(InvalidArgument) as caught:  # a model built without validation meets the service's check
        SweepyService().get_jobs(a.GetJobs.model_construct(limit=0))
    assert caught.value.message == (
        "limit 0 is out of range: give how many cards to return, at least 1, or leave limit out for all of them."
    )
