"""JSON nested deeper than Python's parser follows, over loopback: an answer is the source's `bad_response`, an
error body is an error without its message, and a damaged breaker file starts the breakers fresh, logged."""

import json
import logging
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from fakeboards.hostile import DEEP
from web import sweep

ACME = r"^/v1/boards/acme/jobs$"


def test_a_deeply_nested_answer_is_a_bad_response_not_a_crash(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": f"{boards.url}/deep"}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests, report.postings) == ("skipped", "bad_response", 1, 0)
    host = boards.url.split("//")[1]
    assert report.detail == (
        f"the answer from {host}/deep/v1/boards/acme/jobs is not usable JSON: it is nested too deeply (arrays or "
        "objects thousands of levels inside each other)"
    )


def test_a_deeply_nested_post_answer_is_a_bad_response(boards: FakeBoards, tmp_path: Path) -> None:
    site = "https://acme.wd5.myworkdayjobs.com/External"  # Workday searches by POST
    found = sweep("workday", {"sites": [site], "base_url": f"{boards.url}/deep"}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests) == ("skipped", "bad_response", 1)
    assert "is not usable JSON: it is nested too deeply" in report.detail


def test_a_deeply_nested_error_body_leaves_the_status_alone(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": f"{boards.url}/deep-404"}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.counts_as_failure) == ("skipped", "http_error", False)
    assert report.detail == f"HTTP 404 from {boards.url.split('//')[1]}/deep-404/v1/boards/acme/jobs"


@pytest.mark.parametrize(
    ("saved", "problem"),
    [(DEEP, "it is nested too deeply"), (b'[{"failures": 9}]', "it holds a JSON list, not an object")],
)
def test_a_damaged_breaker_file_starts_fresh_and_says_so(
    boards: FakeBoards, tmp_path: Path, caplog: pytest.LogCaptureFixture, saved: bytes, problem: str
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "breakers.json").write_bytes(saved)
    with caplog.at_level(logging.WARNING, logger="sweepy"):
        found = sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, state, breaker=(1, 600))
    (report,) = found.sources
    assert (report.status, report.requests, report.postings) == ("ok", 1, len(found.postings))
    assert len(found.postings) > 0
    (line,) = [r.getMessage() for r in caplog.records if "circuit breakers" in r.getMessage()]
    assert line.startswith(f"circuit breakers {state / 'breakers.json'} are damaged ({problem}")
    assert line.endswith("every source starts with a closed breaker")
    assert json.loads((state / "breakers.json").read_text(encoding="utf-8")) == {}  # rewritten whole
