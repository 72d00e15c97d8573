"""Inputs that used to end in a generic Python error (RecursionError, ValueError) or a misnamed file: each gets a
clear error naming the file or argument, over MCP too, and nothing changes on disk."""

from pathlib import Path

import pytest
from conftest import App, snapshot
from mcp import Client
from mcp_helpers import SMALL_FEED, error_payload, profile_args, write_feed, write_resume

from sweepy.config import load_profile
from sweepy.errors import InvalidArgument, ProfileError, StorageError
from sweepy.service import SweepyService

DEEP = "[" * 100_000 + "]" * 100_000
"""Nested far past what Python's JSON parser follows: json.loads raised RecursionError."""


@pytest.fixture
def swept(app: App, workspace: Path) -> Path:
    """A finished sweep of the small feed (a session, a result file, a CSV): returns its result file."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    profile = app.service.create_profile(**profile_args(resume, "feeds/postings.jsonl")).dump()["profile_path"]
    job, _joined = app.service.start_sweep(profile, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    return Path(app.service.sweep_payload(job).dump()["reports"]["json"])


def test_a_result_file_nested_too_deeply_is_named(app: App, swept: Path, workspace: Path) -> None:
    deep = swept.with_name("alex_rivera_paralegal_29991231-235959.json")  # the newest result file
    deep.write_text(DEEP, encoding="utf-8")
    before = snapshot(workspace)
    for call in (
        lambda: app.service.get_results(None, "results", 5),
        lambda: app.service.export_report(str(deep), None, "results", ["csv"], "Alex", None, None),
    ):
        with pytest.raises(StorageError) as caught:
            call()
        assert f"Result file {deep} cannot be read (it is nested too deeply" in caught.value.message
    assert snapshot(workspace) == before


def test_a_profile_with_a_4400_digit_number_is_named(app: App, workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    path = workspace / "profiles" / "huge.yaml"
    path.parent.mkdir()
    path.write_text(
        f"name: Alex\nsearch:\n  titles: [Paralegal]\n  location: New York, NY\n  min_salary: {'9' * 4400}\n"
        f"resume: {{path: {resume}}}\n",
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as caught:  # a ValueError ("Exceeds the limit (4300 digits)") before
        load_profile(path)
    assert caught.value.message.startswith(f"Profile {path} has a number with 4400 digits at line 5")
    before = snapshot(workspace)
    with pytest.raises(ProfileError, match="4400 digits"):
        app.service.start_sweep(str(path), deduplicate=True, include_seen=False)
    assert snapshot(workspace) == before


@pytest.mark.parametrize("name", ["report.pdf\n", "report.pdf ", "report.pdf\r", "report.pdf\t", "re\x1bport.pdf",
                                  "report.pdf\u3000"], ids=repr)  # fmt: skip
def test_output_names_ending_in_white_space_or_holding_control_characters_are_refused(
    app: App, swept: Path, workspace: Path, name: str
) -> None:
    service: SweepyService = app.service
    resume = workspace / "resume.docx"
    before = snapshot(workspace)
    calls = {
        "output_filename": lambda: service.render_report(None, "results", f"results/{name}", ""),
        "output_dir": lambda: service.export_report(None, None, "results", ["csv"], "Alex", f"results/{name}", None),
        "pdf_path": lambda: service.convert_document(str(resume), name),
    }
    for argument, call in calls.items():
        with pytest.raises(InvalidArgument) as caught:
            call()
        assert caught.value.message.startswith(f"{argument} ") and "does not read back as typed" in caught.value.message
    assert snapshot(workspace) == before


@pytest.mark.anyio
async def test_over_mcp_a_name_with_a_trailing_newline_is_an_error_payload(app: App, swept: Path) -> None:
    before = snapshot(swept.parent)
    async with Client(app.mcp) as client:
        payload = error_payload(
            await client.call_tool("render_report", {"output_filename": "results/report.pdf\n", "limit": 3})
        )
    assert payload["message"].startswith("output_filename 'results/report.pdf\\n' ends in a line break")
    assert snapshot(swept.parent) == before
