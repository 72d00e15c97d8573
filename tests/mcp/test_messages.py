"""Messages that point the right way (issue 14, item 9): failed sources are named as the reason for an empty
sweep, core mode names no hidden tool, an unusable location is warned about, an empty sweep becomes the active
session, exports default to a sweep with roles and carry imported ones."""

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fakeboards import FakeBoards, Fault
from mcp import Client
from mcp_helpers import SMALL_FEED, envelope, profile_args, write_feed, write_resume
from report_helpers import sweep

from sweepy.errors import NotFound, SweepyError
from sweepy.mcp.server import create_server
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.service.tools import RECORDS as TOOLS

HIDDEN = sorted(name for name, spec in TOOLS.items() if not spec.core)


def profile(service: SweepyService, workspace: Path, feed: list[dict[str, Any]], **changes: Any) -> str:
    resume = write_resume(workspace / "resume.docx")
    name = changes.pop("feed_name", "postings.jsonl")
    write_feed(workspace / "feeds" / name, feed)
    created = service.create_profile(a.CreateProfile(**profile_args(resume, f"feeds/{name}", **changes))).dump()
    return str(created["profile_path"])


def test_when_every_source_failed_the_message_says_so_with_the_reasons(workspace: Path, boards: FakeBoards) -> None:
    boards.fault(r"^/v0/postings/", Fault("not_json"))
    service = SweepyService()
    resume = write_resume(workspace / "resume.docx")
    sources = {"greenhouse": {"boards": ["nosuch"], "base_url": boards.url},
               "lever": {"sites": ["acme"], "base_url": boards.url}}  # fmt: skip
    created = service.create_profile(a.CreateProfile(**profile_args(resume, "x", sources_config=sources))).dump()
    payload = sweep(service, created["profile_path"])
    message = payload["message"]
    assert payload["card_count"] == 0
    assert message.startswith("No postings: every source of the sweep failed (2 of 2), so nothing was searched.")
    assert "greenhouse/nosuch: http_error" in message and "lever/acme: bad_response" in message
    assert "Widen" not in message


def test_an_empty_result_from_sources_that_answered_still_suggests_widening(workspace: Path) -> None:
    service = SweepyService()
    path = profile(service, workspace, SMALL_FEED, titles=["Astronaut"])
    message = sweep(service, path)["message"]
    assert message.startswith("No postings matched the profile (dropped by reason: title: ")
    assert "Widen titles or location" in message and "failed" not in message


@pytest.mark.parametrize(
    ("location", "expected"),
    [
        ("New Yrok, NY", "did you mean 'new york'?"),
        ("Qwertyville", "Sweepy cannot place the location 'Qwertyville'"),
    ],
)
def test_create_profile_warns_about_a_location_no_engine_can_use(workspace: Path, location: str, expected: str) -> None:
    service = SweepyService()
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", SMALL_FEED)
    created = service.create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl", location=location))).dump()
    (warning,) = created["warnings"]
    assert expected in warning
    assert f"Warning: {warning}" in created["message"]
    fine = service.create_profile(
        a.CreateProfile(**profile_args(resume, "feed.jsonl", location="Jersey City, NJ"))
    ).dump()
    assert fine["warnings"] == []


def test_an_empty_sweep_becomes_the_active_session(workspace: Path) -> None:
    service = SweepyService()
    first = sweep(service, profile(service, workspace, SMALL_FEED, name="Alex Rivera"))
    assert first["card_count"] > 0
    other = profile(service, workspace, SMALL_FEED, name="Sam Okafor", titles=["Astronaut"], feed_name="b.jsonl")
    empty = sweep(service, other)
    assert empty["card_count"] == 0
    jobs = service.get_jobs(a.GetJobs(results_dir="results")).dump()
    assert (jobs["total"], jobs["jobs"]) == (0, [])  # never the previous profile's cards
    assert (jobs["profile_stem"], jobs["source_result"]) == ("sam_okafor_astronaut", empty["reports"]["json"])
    assert jobs["message"].startswith("0 cards: the sweep of profile 'sam_okafor_astronaut' behind this session")
    with pytest.raises(NotFound) as caught:
        service.render_report(a.RenderReport(results_dir="results", playbook=""))
    assert "nothing to report" in caught.value.message


def export(service: SweepyService, **changes: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"json_source": None, "profile_stem": None, "results_dir": "results", "formats": ["csv"],
                            "candidate_name": None, "output_dir": None, "job_tracking": None}  # fmt: skip
    args.update(changes)
    return service.export_report(a.ExportReport(**args)).dump()


def test_exports_default_to_the_newest_sweep_with_roles_or_say_it_is_empty(workspace: Path) -> None:
    service = SweepyService()
    path = profile(service, workspace, SMALL_FEED)
    full = sweep(service, path)
    empty = sweep(service, path)  # everything was reported already: no card
    assert empty["card_count"] == 0
    payload = export(service)
    assert payload["source_file"] == full["reports"]["json"]
    assert payload["roles_exported"] == full["card_count"]
    assert (
        f"Newer sweeps that kept no role were passed over: {Path(empty['reports']['json']).name}"
        in (payload["message"])
    )
    only_empty = export(service, json_source=empty["reports"]["json"])
    assert only_empty["roles_exported"] == 0
    assert f"{Path(empty['reports']['json']).name} holds no roles: that sweep kept none" in only_empty["message"]


def test_imported_roles_appear_in_every_export(workspace: Path) -> None:
    service = SweepyService()
    feed = [{"title": "Paralegal", "company": f"Firm {n}", "url": f"https://jobs.example.com/{n}",
             "location": "New York, NY"} for n in range(20)]  # fmt: skip
    swept = sweep(service, profile(service, workspace, feed))
    assert swept["card_count"] == 20
    extra = [{"title": "Paralegal", "company": f"Elsewhere {n}", "url": f"https://other.example.org/{n}",
              "location": "New York, NY"} for n in range(3)]  # fmt: skip
    assert service.import_jobs(a.ImportJobs(jobs_json=json.dumps(extra), validate=False)).dump()["imported_count"] == 3
    payload = export(service, formats=["csv", "json", "pdf"])
    assert payload["roles_exported"] == 23 and "(3 of them imported into its session)" in payload["message"]
    generated = payload["generated"]
    rows = list(csv.DictReader(io.StringIO(Path(generated["csv"]).read_text(encoding="utf-8-sig"))))
    assert len(rows) == generated["csv_rows"] == 23
    assert {r["company"] for r in rows} >= {"Elsewhere 0", "Elsewhere 1", "Elsewhere 2"}
    assert len(json.loads(Path(generated["json"]).read_text(encoding="utf-8"))["cards"]) == 23


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


@pytest.mark.anyio
async def test_in_core_mode_no_message_names_a_hidden_tool(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SWEEPY_TOOLS", "core")
    resume = write_resume(workspace / "resume.docx")
    (workspace / "resume.txt").write_text("Paralegal", encoding="utf-8")
    write_feed(workspace / "feed.jsonl", SMALL_FEED)
    said: list[str] = []
    async with Client(create_server()) as client:

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            payload = envelope(await client.call_tool(name, arguments))
            said.extend(_texts(payload))
            return payload

        listed = {tool.name for tool in (await client.list_tools()).tools}
        assert listed == {name for name, spec in TOOLS.items() if spec.core}
        for tool in (await client.list_tools()).tools:
            said.append(tool.description or "")
        await call("create_profile", profile_args(workspace / "resume.txt", "feed.jsonl"))  # not a PDF or DOCX
        created = await call("create_profile", profile_args(resume, "feed.jsonl"))
        await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60})
        await call("get_sweep_status", {"job_id": "nosuch"})
        later = await call("run_sweep", {"profile_path": created["profile_path"], "scheduled_for": "2099-01-05T09:00"})
        await call("get_sweep_status", {"job_id": later["job_id"], "wait_seconds": 0})
        await call("cancel_sweep", {"job_id": later["job_id"]})
        await call("cancel_sweep", {"job_id": "nosuch"})
        jobs = await call("get_jobs", {"limit": 2})
        await call("submit_judgments", {"job_id": "nosuch", "match_pct": 50})
        await call("submit_judgments", {"job_id": jobs["jobs"][0]["job_id"], "match_pct": 80})
        await call("render_report", {})  # the gate: cards still to judge
        await call("get_applications", {})  # none yet: how to record one, in core mode
        await call("get_applications", {"cursor": "nosuch"})
        await call("no_such_tool", {})
    assert len(said) > 20
    for text in said:
        for name in HIDDEN:
            assert not re.search(rf"\b{name}\b", text), (name, text)


def test_sweepy_errors_name_no_hidden_tool_in_the_messages_core_tools_raise(workspace: Path) -> None:
    """The registry's own messages (an unknown job id) as the service raises them."""
    service = SweepyService()
    with pytest.raises(SweepyError) as caught:
        service.find_sweep("nosuch")
    assert "list_sweeps" not in caught.value.message
    assert "get_sweep_status without job_id" in caught.value.message
