"""With SWEEPY_OUTPUT_SCHEMAS=1 every tool publishes its own outputSchema, and real answers of every tool,
successes and errors, validate against it (over stdio, as a host sees them)."""

import ast
import json
import sys
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import jsonschema
import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, envelope, profile_args, server_env, write_feed, write_resume
from pydantic import ValidationError

import sweepy.service
from sweepy.domain.cards import Card, EligibilityFinding, GhostSignal, ScoreParts
from sweepy.domain.postings import Salary
from sweepy.service import SweepyService
from sweepy.service.answers import Answer
from sweepy.service.answers_cards import JobCard
from sweepy.service.tools import RECORDS as TOOLS
from sweepy.store.session import SessionStore
from sweepy.store.session_model import Session

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
        later = {"scheduled_for": "2099-01-05T09:00", "schedule_timezone": "America/New_York", "repeat": "weekly"}
        scheduled = await call("run_sweep", {"profile_path": created["profile_path"], **later})
        await call("get_sweep_status", {"job_id": scheduled["job_id"], "wait_seconds": 0})  # a schedule, waiting
        await call("list_sweeps", {})  # a sweep run at once and a schedule
        await call("cancel_sweep", {"job_id": scheduled["job_id"]})
        await call("cancel_sweep", {"job_id": scheduled["job_id"]})  # again: ok, already cancelled
        await call("get_sweep_status", {"job_id": scheduled["job_id"], "wait_seconds": 0})  # cancelled
        jobs = (await call("get_jobs", {"limit": 3}))["jobs"]
        await call("submit_judgments", {"job_id": jobs[0]["job_id"], "match_pct": 80})
        await call("submit_judgments", {"judgments": [{"job_id": jobs[1]["job_id"], "match_pct": 70},
                                                      {"job_id": "nope", "match_pct": 1}]})  # fmt: skip
        await call("import_jobs", {"jobs_json": json.dumps([{"title": "Paralegal", "company": "New Firm",
                                                             "url": "https://jobs.lever.co/newfirm/1"}])})  # fmt: skip
        await call("track_jobs", {"items": [{"job_id": jobs[0]["job_id"], "status": "applied"},
                                            {"job_id": "nope", "status": "saved"}]})  # fmt: skip
        await call("get_outcomes", {})
        await call("get_applications", {"limit": 1})
        watched = await call("watch_postings", {"job_ids": [jobs[0]["job_id"]], "wait_seconds": 60})
        await call("get_sweep_status", {"job_id": watched["job_id"], "wait_seconds": 0})  # a watch, polled
        await call("render_report", {})  # an error: the agent gate (cards not judged yet)
        await call("export_report", {"formats": ["csv", "json"]})
        await call("get_results", {})
        await call("convert_docx", {"docx_path": str(resume)})
        await call("convert_document", {"document_path": str(workspace / "resume.pdf")})
        await call("list_sweeps", {"limit": 5})
        await call("clear_history", {"profile_stem": created["profile_stem"], "dry_run": True})
        await call("clear_history", {"profile_stem": created["profile_stem"]})
        # Errors: each tool's schema covers its error envelope too.
        await call("get_sweep_status", {"job_id": "no-such-sweep"})
        await call("get_jobs", {"profile_stem": "nobody"})
        await call("submit_judgments", {"job_id": "nope", "match_pct": 5})
        await call("create_profile", {**profile_args(resume, "feeds/postings.jsonl"), "output_filename": "/etc/x.yaml"})
        await call("convert_document", {"document_path": "missing.docx"})
    assert set(schemas) == set(TOOLS)
    assert all(isinstance(schema, dict) for schema in schemas.values())
    assert {name for name, _ in answers} >= set(TOOLS)  # every tool's schema was exercised
    for name, body in answers:
        jsonschema.validate(body, schemas[name])  # raises, naming the field, on any mismatch
        assert next(iter(body)) == "status"
    assert sum(body["status"] == "error" for _, body in answers) == 6
    gate = next(body for name, body in answers if name == "render_report")
    assert gate["unassessed_job_ids"] and gate["status"] == "error"
    # An optional field is in the JSON exactly when the service set it (a null when it set None).
    dry, cleared = (body for name, body in answers if name == "clear_history")
    assert (dry["dry_run"], "would_clear" in dry) == (True, True)
    assert "dry_run" not in cleared and "would_clear" not in cleared
    polled = [body for name, body in answers if name == "get_sweep_status" and body["status"] == "ok"]
    assert polled[-1]["watched_count"] == 1 and "card_count" not in polled[-1]
    assert swept["migrated"] is None and "history_saved" not in swept  # as the sweep's answer always read


WAITED = {"run_sweep": "sweep_answer", "get_sweep_status": "sweep_payload", "watch_postings": "watch_answer"}
"""The tools whose service method starts a job the face waits on: this method answers it."""


def _models(annotation: Any) -> set[Any]:
    """The classes a return annotation names, through Annotated and unions."""
    if get_origin(annotation) is Annotated:
        return _models(get_args(annotation)[0])
    if get_origin(annotation) in (Union, UnionType):
        return set().union(*(_models(arg) for arg in get_args(annotation)))
    return {annotation}


def test_every_tools_service_method_is_annotated_with_the_models_the_tool_publishes() -> None:
    """No dict creeps back: each tool's service method takes its record's argument model, and it (or, for a
    job the face waits on, the method that answers the job) returns exactly the record's answer models."""
    for tool, record in TOOLS.items():
        hints = get_type_hints(getattr(SweepyService, record.method))
        assert hints["args"] is record.arguments, tool
        returned = _models(get_type_hints(getattr(SweepyService, WAITED.get(tool, record.method)))["return"])
        assert returned == _models(record.answer_model()), tool
        assert all(isinstance(model, type) and issubclass(model, Answer) for model in returned), tool


def test_the_service_layer_imports_nothing_from_the_mcp_face() -> None:
    service = Path(sweepy.service.__file__).parent
    for path in sorted(service.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module is not None
        ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        assert not [m for m in imported if m == "mcp" or m.startswith(("mcp.", "sweepy.mcp"))], path.name


def test_a_running_and_a_completed_sweep_are_two_answers() -> None:
    from sweepy.mcp.protocol import output_schema
    from sweepy.service.answers import SweepCompleted, SweepRunning
    from sweepy.service.tools import RECORDS

    schema = output_schema(RECORDS["run_sweep"])
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


EVERY_FIELD = Card(
    job_id="full1", title="Litigation Paralegal", company="Contoso LLP", location="New York, NY", workplace="hybrid",
    place_note="the posting names only the state", url="https://contoso.example/jobs/1",
    apply_url="https://jobs.lever.co/contoso/1/apply", platform="lever",
    engine="jobspy", also_on=["indeed"], posted_at="2026-11-02", salary_status="predicted",
    salary=Salary(min=30.5, max=40.0, currency="USD", period="hour", text="$30.50 - $40 an hour plus tips",
                  predicted=True, ote=True),
    description="Document review in Relativity. " * 40, match_score=88, match_kind="MATCH", keyword_score=41,
    matched_terms=["paralegal", "Relativity", "document review"], missing_must_haves=["e-discovery"],
    score_parts=ScoreParts(title=25, must_haves=0, resume=11, place=10, penalty=-5), top_terms=["privilege logs"],
    seen_before=True, is_new=True, imported=True, employment_type="contract", closes_at="2026-12-31",
    open_to=["public"],
    experience_years_min=3, experience_quote="3+ years of litigation experience.",
    verification="verified", verification_reason="ok", match_pct=88, resume_track="Litigation",
    resume_color="teal", domain="Law", summary="Review lead.", requirements="3 years.", alignment="Strong.",
    has_extended_response=True, app_format="Online form", comp="$63k-$83k", benefits="Health", page_theme="navy",
    judged_resume="an earlier resume",
    eligibility=[EligibilityFinding(kind="sponsorship", verdict="blocks",
                                    quote="We are unable to sponsor visas for this role.")],
    employer_url="https://contoso.example/careers/1",
    ghost_signals=[GhostSignal(signal="reposted", evidence="posted 3 times since 2026-09-01")],
    pay_transparency="missing", pay_jurisdiction="New York City", pay_law="NYC Local Law 32 (2022-11-01)",
)  # fmt: skip
"""A card with every field get_jobs can show set (its judgment made against another resume: stale)."""


async def test_a_card_with_every_field_validates_and_an_undeclared_key_does_not(workspace: Path) -> None:
    folder = workspace / "results"
    url = "https://jobs.lever.co/boroughlegal/2"
    plain = Card(job_id="plain1", title="Paralegal", company="Borough Legal Aid", url=url, apply_url=url)
    SessionStore(folder).activate(Session(profile_stem="alex", sweep_id="s1", cards=[EVERY_FIELD, plain]))
    params = StdioServerParameters(
        command=sys.executable, args=[SERVER_PY], env=server_env(workspace, SWEEPY_OUTPUT_SCHEMAS="1")
    )
    async with Client(params) as client:
        schemas = {tool.name: tool.output_schema for tool in (await client.list_tools()).tools}
        tracked = await client.call_tool("track_jobs", {"items": [{"job_id": "full1", "status": "interview",
                                                                   "date": "2026-11-20"}]})  # fmt: skip
        assert envelope(tracked)["accepted_count"] == 1
        page = envelope(await client.call_tool("get_jobs", {"limit": 5}))
        judged = envelope(await client.call_tool("submit_judgments", {"job_id": "full1", "benefits": "Dental"}))
    jsonschema.validate(page, schemas["get_jobs"])
    jsonschema.validate(judged, schemas["submit_judgments"])
    card, other = page["jobs"]
    assert list(card) == list(JobCard.model_fields)  # every declared field, in the declared order
    assert (card["eligible"], card["judgment_stale"], card["application"]) == (
        False, True, {"status": "interview", "since": "2026-11-20"}
    )  # fmt: skip
    assert card["salary"] == {"min": 30.5, "max": 40, "currency": "USD", "period": "hour", "annual_min": 63440,
                              "annual_max": 83200, "text": "$30.50 - $40 an hour plus tips", "predicted": True,
                              "ote": True}  # fmt: skip
    shown = [name for name in JobCard.model_fields if name not in ("description", "application")]
    assert list(judged["job"]) == shown  # submit_judgments: the card without its excerpt
    assert judged["job"]["benefits"] == "Dental"
    required = {name for name, field in JobCard.model_fields.items() if field.is_required()}
    assert set(other) == required | {"url", "engine"}  # a bare card: what every card has, its link and engine ""
    # The published schema is closed: an undeclared key, at the card's level or in its salary, fails, and so does
    # a card without one of the fields every card has.
    for wrong in ({**card, "notes": "x"}, {**card, "salary": {**card["salary"], "bonus": 5}},
                  {k: v for k, v in card.items() if k != "title"}):  # fmt: skip
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**page, "jobs": [wrong]}, schemas["get_jobs"])


def test_a_key_the_service_adds_without_declaring_it_fails_validation() -> None:
    brief = EVERY_FIELD.brief(None)
    assert JobCard.model_validate(brief).model_dump(mode="json", exclude_unset=True) == brief  # what it sends
    with pytest.raises(ValidationError, match="notes"):
        JobCard.model_validate({**brief, "notes": "added by a service"})
    with pytest.raises(ValidationError, match="bonus"):
        JobCard.model_validate({**brief, "salary": {**brief["salary"], "bonus": 5}})
