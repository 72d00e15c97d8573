"""render_report and export_report over real stdio (server.py as a subprocess): the flow from a sweep to a PDF,
the gate in each mode, SWEEPY_REQUIRE_JUDGMENTS for export too, and the write guard."""

from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot
from mcp_helpers import envelope, error_payload, profile_args, server_env, write_feed, write_resume
from report_helpers import REPORT_CARDS, REPORT_FEED, judge, page_count, pdf_text, squeeze
from test_protocol import connect

pytestmark = pytest.mark.anyio


async def ok(client: Any, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    payload = envelope(await client.call_tool(name, arguments))
    assert payload["status"] == "ok", payload
    return payload


async def swept(client: Any, workspace: Path, **changes: Any) -> dict[str, Any]:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", REPORT_FEED)
    created = await ok(client, "create_profile", profile_args(resume, "feeds/postings.jsonl", **changes))
    payload = await ok(client, "run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60})
    assert payload["sweep_status"] == "completed"
    return payload


async def test_agent_gate_then_judged_report_then_exports(workspace: Path, tmp_path: Path) -> None:
    async with connect("auto", server_env(workspace)) as client:
        first = await swept(client, workspace)
        before = snapshot(workspace)
        refused = error_payload(await client.call_tool("render_report", {"playbook": "**Plan**"}))
        assert len(refused["unassessed_job_ids"]) == len(refused["unassessed_titles"]) == REPORT_CARDS
        assert set(refused["unassessed_job_ids"]) == set(first["job_ids"])
        assert refused["stale_job_ids"] == []
        assert snapshot(workspace) == before

        judge(workspace / "results", workspace / "resume.docx")
        report = await ok(client, "render_report", {"playbook": "**Plan**: apply to the top three."})
        pdf = Path(report["pdf_report"])
        assert pdf == Path(first["reports"]["json"]).with_suffix(".pdf")
        assert report["pages"] == page_count(pdf)
        assert (report["card_count"], report["playbook_saved"]) == (REPORT_CARDS, True)
        assert squeeze("Plan: apply to the top three.") in pdf_text(pdf)
        assert (await ok(client, "get_results", {}))["pdf_report"] == str(pdf)

        outside = error_payload(await client.call_tool("render_report", {"output_filename": str(tmp_path / "x.pdf")}))
        assert "outside Sweepy's allowed folders" in outside["message"]
        assert not (tmp_path / "x.pdf").exists()

        exported = await ok(client, "export_report", {"formats": ["pdf", "png", "csv", "json"], "output_dir": "out"})
        assert exported["errors"] == [] and exported["roles_exported"] == REPORT_CARDS
        generated = exported["generated"]
        assert set(generated) == {"pdf", "pdf_pages", "png", "csv", "csv_rows", "json"}
        assert len(generated["png"]) == generated["pdf_pages"] == page_count(Path(generated["pdf"]))
        assert all(Path(p).parent == workspace / "out" for p in [generated["pdf"], *generated["png"]])

        bad = error_payload(await client.call_tool("export_report", {"formats": ["pdf", "xlsx"]}))
        assert "xlsx" in bad["message"]
        guarded = error_payload(await client.call_tool("export_report", {"output_dir": str(tmp_path / "o")}))
        assert "outside Sweepy's allowed folders" in guarded["message"]
        assert not (tmp_path / "o").exists()

        # a new version of the resume makes every judgment stale: the gate lists them to judge again
        (workspace / "resume.docx").write_bytes((workspace / "resume.docx").read_bytes() + b"\0")
        stale = error_payload(await client.call_tool("render_report", {}))
        assert sorted(stale["stale_job_ids"]) == sorted(stale["unassessed_job_ids"]) == sorted(first["job_ids"])


async def test_keyword_profile_renders_unless_judgments_are_required(workspace: Path) -> None:
    async with connect("auto", server_env(workspace)) as client:
        await swept(client, workspace, assessment="keyword")
        mixed = await ok(client, "render_report", {})
        assert mixed["playbook_saved"] is False
        assert "KEYWORDOVERLAP" in pdf_text(Path(mixed["pdf_report"]))
        assert (await ok(client, "export_report", {"formats": ["csv"]}))["errors"] == []
    judge(workspace / "results", workspace / "resume.docx", only=4)
    async with connect("auto", server_env(workspace, SWEEPY_REQUIRE_JUDGMENTS="1")) as client:
        for tool in ("render_report", "export_report"):
            refused = error_payload(await client.call_tool(tool, {}))
            assert len(refused["unassessed_job_ids"]) == REPORT_CARDS - 4, tool
            assert "SWEEPY_REQUIRE_JUDGMENTS=1" in refused["message"]
