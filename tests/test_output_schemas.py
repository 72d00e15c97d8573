"""With SWEEPY_OUTPUT_SCHEMAS=1 every tool publishes its own outputSchema, and real answers of every tool,
successes and errors, validate against it (over stdio, as a host sees them)."""

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, profile_args, server_env, write_feed, write_resume

from sweepy.mcp.payloads import PAYLOADS
from sweepy.mcp.tools import TOOLS

pytestmark = pytest.mark.anyio


async def test_every_answer_validates_against_its_tools_schema(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    params = StdioServerParameters(
        command=sys.executable, args=[SERVER_PY], env=server_env(workspace, SWEEPY_OUTPUT_SCHEMAS="1")
    )
    answers: list[tuple[str, dict[str, Any]]] = []
    async with Client(params) as client:
        schemas = {tool.name: tool.output_schema for tool in (await client.list_tools()).tools}

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            result = await client.call_tool(name, arguments)
            body = json.loads(result.content[0].text)
            assert body == result.structured_content
            answers.append((name, body))
            return body

        created = await call("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        swept = await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60})
        await call("get_sweep_status", {"job_id": swept["job_id"], "wait_seconds": 0})
        jobs = (await call("get_jobs", {"limit": 3}))["jobs"]
        await call("submit_judgments", {"job_id": jobs[0]["job_id"], "match_pct": 80})
        await call("submit_judgments", {"judgments": [{"job_id": jobs[1]["job_id"], "match_pct": 70},
                                                      {"job_id": "nope", "match_pct": 1}]})  # fmt: skip
        await call("import_jobs", {"jobs_json": json.dumps([{"title": "Paralegal", "company": "New Firm",
                                                             "url": "https://jobs.lever.co/newfirm/1"}])})  # fmt: skip
        await call("track_jobs", {"items": [{"job_id": jobs[0]["job_id"], "status": "applied"},
                                            {"job_id": "nope", "status": "saved"}]})  # fmt: skip
        await call("get_outcomes", {})
        await call("watch_postings", {"job_ids": [jobs[0]["job_id"]], "wait_seconds": 60})
        await call("render_report", {})  # an error: the agent gate (cards not judged yet)
        await call("export_report", {"formats": ["csv", "json"]})
        await call("get_results", {})
        await call("convert_docx", {"docx_path": str(resume)})
        await call("convert_document", {"document_path": str(workspace / "resume.pdf")})
        await call("list_sweeps", {"limit": 5})
        await call("clear_history", {"profile_stem": created["profile_stem"]})
        # Errors: each tool's schema covers its error envelope too.
        await call("get_sweep_status", {"job_id": "no-such-sweep"})
        await call("get_jobs", {"profile_stem": "nobody"})
        await call("submit_judgments", {"job_id": "nope", "match_pct": 5})
        await call("create_profile", {**profile_args(resume, "feeds/postings.jsonl"), "output_filename": "/etc/x.yaml"})
        await call("convert_document", {"document_path": "missing.docx"})
    assert set(schemas) == set(TOOLS)
    assert all(isinstance(schema, dict) for schema in schemas.values())
    assert {name for name, _ in answers} >= set(PAYLOADS)  # every tool with its own schema was exercised
    for name, body in answers:
        jsonschema.validate(body, schemas[name])  # raises, naming the field, on any mismatch
        assert next(iter(body)) == "status"
    assert sum(body["status"] == "error" for _, body in answers) == 6
    gate = next(body for name, body in answers if name == "render_report")
    assert gate["unassessed_job_ids"] and gate["status"] == "error"


def test_a_running_and_a_completed_sweep_are_two_answers() -> None:
    from sweepy.mcp.payloads import SweepCompleted, SweepRunning, output_schema

    schema = output_schema("run_sweep")
    running = {"status": "ok", "sweep_status": "running", "job_id": "j", "elapsed_seconds": 0.5,
               "debug_log": "results/logs/j.log", "message": "running",
               "progress": {"step": 2, "total": 5, "label": "filter"}}  # fmt: skip
    jsonschema.validate(running, schema)
    assert SweepRunning.model_validate(running).progress.label == "filter"
    for missing in ("progress", "job_id"):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({k: v for k, v in running.items() if k != missing}, schema)
    # a "completed" answer must carry the counts: the running fields alone are not one
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**running, "sweep_status": "completed"}, schema)
    assert set(SweepCompleted.model_fields) - set(SweepRunning.model_fields) >= {"card_count", "job_ids", "sources"}
    jsonschema.validate({"status": "error", "message": "The sweep failed.", "sweep_status": "failed"}, schema)
