"""Background sweeps over MCP (in-process): joining, concurrency with other tools, progress, failure. A sweep that
must still be running while the test makes further calls asks a board held at a gate (conftest.HeldBoard): the
test waits for its request to arrive, and releases it when it wants the sweep to finish."""

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
from clocks import FakeClock
from conftest import HELD_CARDS, App, HeldBoard
from fakeboards import FakeBoards, Fault
from mcp import Client
from mcp_helpers import (
    SMALL_FEED,
    SMALL_FEED_CARDS,
    envelope,
    error_payload,
    profile_args,
    write_feed,
    write_resume,
)

from sweepy.mcp.protocol import output_schema
from sweepy.pipeline import STAGES
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.service.tools import RECORDS

pytestmark = pytest.mark.anyio

HELD = "step 1/5: discover"
"""Where a sweep waits while its board is held."""


@pytest.fixture(autouse=True)
def no_sweep_left_running(app: App) -> Iterator[None]:
    """The registry is shared by every in-process test: leave no sweep of ours running for the next test."""
    yield
    for job in app.service.sweeps.newest_first():
        assert job.done.wait(120), f"sweep {job.id} still running"


def make_profile(app: App, workspace: Path, feed: Path | str, **changes: Any) -> Path:
    resume = write_resume(workspace / "resume.docx")
    created = app.service.create_profile(a.CreateProfile(**profile_args(resume, str(feed), **changes))).dump()
    return Path(created["profile_path"])


def held_profile(app: App, workspace: Path, held: HeldBoard) -> Path:
    """A profile whose only source is the held board: its sweeps stay in stage 1 until `held.release()`."""
    return make_profile(app, workspace, "unused", sources_config=held.sources)


async def call(client: Client, name: str, arguments: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    payload = envelope(await client.call_tool(name, arguments, **kwargs))
    assert payload["status"] == "ok", payload
    return payload


async def test_overlapping_sweeps_join_and_different_flags_do_not(
    app: App, workspace: Path, boards: FakeBoards, held_board: HeldBoard
) -> None:
    profile = held_profile(app, workspace, held_board)
    same = {"profile_path": str(profile), "wait_seconds": 0}
    started: dict[str, dict[str, Any]] = {}
    with anyio.fail_after(120):
        async with Client(app.mcp) as client:

            async def start(key: str) -> None:
                started[key] = await call(client, "run_sweep", dict(same))

            async with anyio.create_task_group() as group:
                group.start_soon(start, "first")
                group.start_soon(start, "second")
            first, second = started["first"], started["second"]
            assert first["sweep_status"] == second["sweep_status"] == "running"
            assert first["job_id"] == second["job_id"]

            no_dedupe = await call(client, "run_sweep", {**same, "deduplicate": False})
            with_seen = await call(client, "run_sweep", {**same, "include_seen": True})
            await held_board.until_arrived(3)  # one request per distinct sweep, all three held
            joined_later = await call(client, "run_sweep", dict(same))
            ids = [first["job_id"], no_dedupe["job_id"], with_seen["job_id"]]
            assert len(set(ids)) == 3
            assert joined_later["job_id"] == first["job_id"]
            assert joined_later["sweep_status"] == no_dedupe["sweep_status"] == with_seen["sweep_status"] == "running"

            listing = (await call(client, "list_sweeps", {}))["sweeps"]
            newest = listing[:3]
            assert [s["id"] for s in newest] == ids[::-1]
            assert [(s["status"], s["progress_message"]) for s in newest] == [("running", HELD)] * 3
            assert [(s["payload"]["deduplicate"], s["payload"]["include_seen"]) for s in newest] == [
                (True, True),
                (False, False),
                (True, False),
            ]
            assert {s["payload"]["profile_path"] for s in newest} == {str(profile)}

            held_board.release()
            done: dict[str, dict[str, Any]] = {}
            for job_id in ids:
                done[job_id] = await call(client, "get_sweep_status", {"job_id": job_id, "wait_seconds": 120})
                assert done[job_id]["sweep_status"] == "completed"
                assert done[job_id]["job_id"] == job_id
                assert done[job_id]["card_count"] == len(done[job_id]["job_ids"])
            finished = (await call(client, "list_sweeps", {}))["sweeps"][:3]
            assert [s["status"] for s in finished] == ["completed"] * 3
    # Whichever sweep marked the cards seen first, the one that includes seen cards reports them all; and the
    # joined calls asked the board nothing of their own.
    assert done[with_seen["job_id"]]["card_count"] == HELD_CARDS
    assert boards.hits(r"^/v1/boards/acme/jobs$") == 3


async def test_waiting_status_call_does_not_block_other_tools(app: App, workspace: Path, held_board: HeldBoard) -> None:
    profile = held_profile(app, workspace, held_board)
    events: list[tuple[float, float | None, str | None]] = []
    first_progress = anyio.Event()
    answered: dict[str, dict[str, Any]] = {}
    with anyio.fail_after(120):
        async with Client(app.mcp) as client:
            started = await call(client, "run_sweep", {"profile_path": str(profile), "wait_seconds": 0})
            assert started["sweep_status"] == "running"
            job_id = started["job_id"]
            await held_board.until_arrived()

            async def on_progress(progress: float, total: float | None, message: str | None) -> None:
                events.append((progress, total, message))
                first_progress.set()

            async def wait_for_sweep() -> None:
                arguments = {"job_id": job_id, "wait_seconds": 120}
                answered["status"] = await call(client, "get_sweep_status", arguments, progress_callback=on_progress)

            async with anyio.create_task_group() as group:
                group.start_soon(wait_for_sweep)
                await first_progress.wait()  # the status call is in flight on the server

                listing = (await call(client, "list_sweeps", {}))["sweeps"]
                assert "status" not in answered  # still pending
                assert listing[0]["id"] == job_id
                assert listing[0]["status"] == "running"
                assert (listing[0]["progress"], listing[0]["progress_message"]) == (20, HELD)

                jobs = await call(client, "get_jobs", {})
                assert "status" not in answered  # still pending
                assert jobs["sweep_status"] == "running"
                assert jobs["running_job_id"] == job_id
                assert jobs["count"] == 0 and jobs["jobs"] == []  # no earlier session in this workspace
                assert "get_sweep_status" in jobs["message"]
                held_board.release()  # now the waiting call may finish

            final = answered["status"]
            assert final["sweep_status"] == "completed"
            assert final["job_id"] == job_id
            assert final["card_count"] == len(final["job_ids"]) == HELD_CARDS
            assert events and events[-1][0] == 5

            after = await call(client, "get_jobs", {})
            assert "sweep_status" not in after
            assert after["count"] == final["card_count"]
            assert [job["job_id"] for job in after["jobs"]] == final["job_ids"]


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_progress_notifications(app: App, mode: str, workspace: Path, held_board: HeldBoard) -> None:
    profile = held_profile(app, workspace, held_board)
    events: list[tuple[float, float | None, str | None]] = []
    first_progress = anyio.Event()
    answered: dict[str, dict[str, Any]] = {}

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        events.append((progress, total, message))
        first_progress.set()

    with anyio.fail_after(120):
        async with Client(app.mcp, mode=mode) as client:
            started = await call(client, "run_sweep", {"profile_path": str(profile), "wait_seconds": 0})
            assert started["sweep_status"] == "running"
            await held_board.until_arrived()  # stage 1 was entered before the status call below

            async def wait_for_sweep() -> None:
                arguments = {"job_id": started["job_id"], "wait_seconds": 120}
                answered["final"] = await call(client, "get_sweep_status", arguments, progress_callback=on_progress)

            async with anyio.create_task_group() as group:
                group.start_soon(wait_for_sweep)
                await first_progress.wait()
                assert events == [(0, 5, "stage 1/5: discover")]  # the stage it had entered before the call
                held_board.release()  # the other stages pass while the call waits
    assert answered["final"]["sweep_status"] == "completed"
    # Every stage once, in order, with its name (also the one entered before the call); the total only once
    # the results are written. Progress strictly increases, as the MCP spec requires.
    expected = [(n, 5, f"stage {n + 1}/5: {stage}") for n, stage in enumerate(STAGES)]
    assert events == [*expected, (5, 5, "completed")]


async def test_sweep_with_a_corrupt_resume_fails_with_its_job_id(app: App, workspace: Path) -> None:
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    profile = make_profile(app, workspace, "feeds/postings.jsonl")
    resume = workspace / "resume.docx"
    resume.write_bytes(b"this is not a zip archive any more")  # overwritten after the profile was written
    with anyio.fail_after(60):
        async with Client(app.mcp) as client:
            result = await client.call_tool("run_sweep", {"profile_path": str(profile), "wait_seconds": 30})
            failed = error_payload(result)
            assert failed["sweep_status"] == "failed"
            job_id = failed["job_id"]
            assert isinstance(job_id, str) and job_id
            assert "resume.docx is not a valid DOCX file" in failed["message"]
            log = Path(failed["debug_log"])
            assert log.is_file()
            assert "failed: resume.docx is not a valid DOCX file" in log.read_text(encoding="utf-8")

            again = error_payload(await client.call_tool("get_sweep_status", {"job_id": job_id, "wait_seconds": 0}))
            assert again == failed
            listing = (await call(client, "list_sweeps", {}))["sweeps"]
            assert listing[0]["id"] == job_id
            assert listing[0]["status"] == "failed"
            assert list((workspace / "results").glob("*.json")) == []  # no result file for a failed sweep

            write_resume(resume)  # put a readable resume back: nothing was marked as seen by the failure
            retry = await call(client, "run_sweep", {"profile_path": str(profile), "wait_seconds": 30})
            assert retry["sweep_status"] == "completed"
            assert retry["job_id"] != job_id
            assert retry["new_count"] == retry["card_count"] == SMALL_FEED_CARDS


async def test_resume_deleted_mid_sweep_fails_the_running_sweep(
    app: App, workspace: Path, held_board: HeldBoard
) -> None:
    profile = held_profile(app, workspace, held_board)
    with anyio.fail_after(120):
        async with Client(app.mcp) as client:
            started = await call(client, "run_sweep", {"profile_path": str(profile), "wait_seconds": 0})
            assert started["sweep_status"] == "running"
            await held_board.until_arrived()  # in stage 1: stage 5 reads the resume after it
            (workspace / "resume.docx").unlink()
            held_board.release()
            arguments = {"job_id": started["job_id"], "wait_seconds": 120}
            failed = error_payload(await client.call_tool("get_sweep_status", arguments))
    assert failed["sweep_status"] == "failed"
    assert failed["job_id"] == started["job_id"]
    assert "resume.docx" in failed["message"]
    assert "does not exist" in failed["message"]


async def test_get_jobs_warns_only_about_a_sweep_that_replaces_those_cards(
    app: App, workspace: Path, held_board: HeldBoard
) -> None:
    small = workspace / "feeds" / "small.jsonl"
    write_feed(small, SMALL_FEED)
    resume = write_resume(workspace / "resume.docx")
    other = app.service.create_profile(
        a.CreateProfile(**profile_args(resume, str(small)), output_filename="profiles/other.yaml")
    ).dump()
    held = held_profile(app, workspace, held_board)
    with anyio.fail_after(120):
        async with Client(app.mcp) as client:
            done = await call(client, "run_sweep", {"profile_path": other["profile_path"], "wait_seconds": 60})
            assert done["sweep_status"] == "completed"
            running = await call(client, "run_sweep", {"profile_path": str(held), "wait_seconds": 0})
            assert running["sweep_status"] == "running"
            await held_board.until_arrived()
            saved = await call(client, "get_jobs", {"profile_stem": "other"})
            active = await call(client, "get_jobs", {})
            held_board.release()
            finished = await call(client, "get_sweep_status", {"job_id": running["job_id"], "wait_seconds": 120})
    assert "sweep_status" not in saved  # the held sweep writes another profile's cards
    assert saved["count"] == done["card_count"] == SMALL_FEED_CARDS
    assert (active["sweep_status"], active["running_job_id"]) == ("running", running["job_id"])  # it will replace
    assert "get_sweep_status" in active["message"]  # the active session, and says how to wait for it
    assert (finished["sweep_status"], finished["card_count"]) == ("completed", HELD_CARDS)


def test_the_services_clock_times_the_sweeps_sources(
    workspace: Path, boards: FakeBoards, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SweepyService(monotonic=...) reaches each source's deadline: the board holds the request, and as it arrives
    the service's clock moves past the profile's 30 s, so the sweep skips the source then (no real wait); the
    local feed beside it is not held to that deadline, so the sweep completes with its cards."""
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")  # the fake boards are on loopback
    clock, release = FakeClock(), threading.Event()
    boards.fault(r"^/v1/boards/acme/jobs$", Fault("gate", gate=release, arrived=lambda _request: clock.set(31.0)))
    service = SweepyService(monotonic=clock)
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", SMALL_FEED)
    sources = {"greenhouse": {"boards": ["acme"], "base_url": boards.url}, "feed": {"path": "feed.jsonl"}}
    created = service.create_profile(
        a.CreateProfile(
            name="Alex Rivera",
            titles=["Paralegal"],
            location="New York, NY",
            resume_path=str(resume),
            sources_config=sources,
        )
    )
    try:
        job, _joined = service.start_sweep(created.profile_path, deduplicate=True, include_seen=False)
        assert job.done.wait(60)
    finally:
        release.set()
    swept = service.sweep_answer(job).dump()
    feed, board = swept["sources"]  # in (engine, source) order
    assert (board["source"], board["status"], board["reason"], board["elapsed_seconds"]) == (
        "acme", "skipped", "timeout", 31.0
    )  # fmt: skip
    assert (feed["engine"], feed["status"], swept["card_count"]) == ("feed", "ok", SMALL_FEED_CARDS)


async def test_a_sweep_answers_with_up_to_three_examples_of_what_each_reason_dropped(app: App, workspace: Path) -> None:
    engineers = [{"title": "Software Engineer", "company": f"Firm {n}", "location": "New York, NY",
                  "url": f"https://boards.greenhouse.io/firm{n}/jobs/{n}"} for n in range(1, 4)]  # fmt: skip
    italy = {"title": "Paralegal", "company": "Milano Legal", "location": "Remote, Italy",
             "url": "https://jobs.lever.co/milano/1"}  # fmt: skip
    write_feed(workspace / "feed.jsonl", [*SMALL_FEED, *engineers, italy])
    profile = {"profile_path": str(make_profile(app, workspace, "feed.jsonl")), "wait_seconds": 120}
    with anyio.fail_after(120):
        async with Client(app.mcp) as client:
            swept = await call(client, "run_sweep", profile)
            status = await call(client, "get_sweep_status", {"job_id": swept["job_id"], "wait_seconds": 0})
            again = await call(client, "run_sweep", profile)
    assert swept["dropped"] == {"duplicate": 1, "location": 2, "title": 4}
    assert swept["dropped_examples"] == {
        "duplicate": [{"title": "Paralegal", "company": "Borough Legal Aid", "location": "Brooklyn, NY"}],
        "location": [{"title": "Paralegal", "company": "Lakeshore Litigation Group", "location": "Chicago, IL"},
                     {"title": "Paralegal", "company": "Milano Legal", "location": "Remote, Italy"}],
        "title": [{"title": "Software Engineer", "company": company, "location": "New York, NY"}
                  for company in ("Copperline Payments", "Firm 1", "Firm 2")],  # the first three of four
    }  # fmt: skip
    assert status["dropped_examples"] == swept["dropped_examples"]
    result = json.loads(Path(swept["reports"]["json"]).read_text(encoding="utf-8"))
    assert result["dropped_examples"] == swept["dropped_examples"]
    seen = again["dropped_examples"]["seen"]
    assert again["dropped"]["seen"] == swept["card_count"] == 7 and len(seen) == 3
    assert seen[0] == {"title": "Litigation Paralegal", "company": "Hudson & Pike LLP", "location": "New York, NY"}
    schema = output_schema(RECORDS["run_sweep"])
    jsonschema.validate(swept, schema)
    with pytest.raises(jsonschema.ValidationError):  # an example is a whole posting line, not a bare title
        jsonschema.validate({**swept, "dropped_examples": {"title": [{"title": "Software Engineer"}]}}, schema)
