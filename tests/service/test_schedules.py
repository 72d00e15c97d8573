"""Scheduled sweeps through the service, with a clock the test moves: a schedule runs when due and only then,
through the same sweep path as run_sweep; a repeating one waits for its next slot; slots missed while the
machine slept run once; cancel_sweep stops a waiting or a running one; two `sweepy run-due` processes racing for
one due schedule run it once."""

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, HeldBoard, snapshot
from mcp_helpers import SMALL_FEED, SMALL_FEED_CARDS, profile_args, server_env, write_feed, write_resume

from sweepy.cli import main
from sweepy.errors import InvalidArgument, NotFound
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.service.answers import SweepCompleted, SweepRunning, SweepScheduled
from sweepy.sweeps import SweepJob

MONDAY_8AM_NY = dt.datetime(2026, 11, 23, 13, 0, tzinfo=dt.UTC).timestamp()
"""Monday 2026-11-23 08:00 in New York (EST): the feed's postings are days old then."""
HOUR = 3600.0


class Clock:
    """The wall clock the service reads: it moves only when the test sets it."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(MONDAY_8AM_NY)


@pytest.fixture
def service(clock: Clock) -> SweepyService:
    return SweepyService(clock=clock)


def make_profile(service: SweepyService, workspace: Path, **changes: object) -> str:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    return service.create_profile(
        a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl", **changes))
    ).profile_path


def ran(service: SweepyService) -> list[SweepJob]:
    """Run what is due and wait for each sweep to end."""
    jobs = [job for _, job in service.run_due()]
    for job in jobs:
        assert job.done.wait(120), f"sweep {job.id} still running"
    return jobs


def test_a_daily_schedule_runs_when_due_and_then_waits_for_the_next_day(
    service: SweepyService, clock: Clock, workspace: Path
) -> None:
    profile = make_profile(service, workspace)
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T09:00", "America/New_York", "daily")
    assert (answer.sweep_status, answer.scheduled_for) == ("scheduled", "2026-11-23T09:00:00-05:00")
    assert answer.schedule_timezone == "America/New_York" and answer.repeat == "daily" and answer.last_run is None
    listed = service.list_sweeps(a.ListSweeps()).dump()["sweeps"]
    assert [(e["id"], e["status"], e["progress"], e["scheduled_for"]) for e in listed] == [
        (answer.job_id, "scheduled", None, "2026-11-23T09:00:00-05:00")
    ]
    assert ran(service) == []  # 08:00: not yet
    clock.now += HOUR + 1
    jobs = ran(service)
    assert len(jobs) == 1 and jobs[0].status == "completed"
    swept = jobs[0].result
    assert isinstance(swept, SweepCompleted) and swept.card_count == SMALL_FEED_CARDS
    assert Path(swept.reports.json_path).is_file()  # the same sweep path: result files and all
    assert ran(service) == []  # claimed once: the next slot is tomorrow
    state = service.find_sweep_or_schedule(answer.job_id)
    assert isinstance(state, SweepScheduled) and state.scheduled_for == "2026-11-24T09:00:00-05:00"
    assert state.last_run is not None and (state.last_run.job_id, state.last_run.status) == (jobs[0].id, "completed")
    entry = service.list_sweeps(a.ListSweeps()).dump()["sweeps"][0]
    assert entry["payload"]["last_run"]["status"] == "completed" and entry["progress"] is None
    assert entry["scheduled_for"] == "2026-11-24T09:00:00-05:00"


def test_a_one_off_keeps_its_answer_and_refuses_a_late_cancel(
    service: SweepyService, clock: Clock, workspace: Path
) -> None:
    profile = make_profile(service, workspace)
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T13:30:00Z", "America/New_York", None)
    assert answer.scheduled_for == "2026-11-23T08:30:00-05:00"  # a moment, shown in the schedule's zone
    clock.now += HOUR
    (job,) = ran(service)
    fresh = SweepyService(clock=clock)  # another process: the answer comes from the store
    state = fresh.find_sweep_or_schedule(answer.job_id)
    assert isinstance(state, SweepCompleted) and state.job_id == job.id and state.card_count == SMALL_FEED_CARDS
    entry = fresh.list_sweeps(a.ListSweeps()).dump()["sweeps"][0]
    assert (entry["status"], entry["progress"], entry["scheduled_for"]) == ("completed", 100, answer.scheduled_for)
    with pytest.raises(InvalidArgument) as late:
        fresh.cancel_sweep(a.CancelSweep(job_id=answer.job_id))
    assert "already ran (completed)" in late.value.message


def test_slots_missed_while_the_machine_slept_run_once(service: SweepyService, clock: Clock, workspace: Path) -> None:
    profile = make_profile(service, workspace)
    answer = service.schedule_sweep(profile, True, True, "2026-11-23T09:00", "America/New_York", "daily")
    clock.now += 3 * 24 * HOUR + 2 * HOUR  # Thursday 10:00: four daily slots have passed
    assert len(ran(service)) == 1
    assert ran(service) == []
    state = service.find_sweep_or_schedule(answer.job_id)
    assert isinstance(state, SweepScheduled) and state.scheduled_for == "2026-11-27T09:00:00-05:00"


def test_cancel_a_waiting_schedule_twice(service: SweepyService, clock: Clock, workspace: Path) -> None:
    profile = make_profile(service, workspace)
    answer = service.schedule_sweep(profile, True, False, "2026-11-30T09:00", "America/New_York", "weekly")
    first = service.cancel_sweep(a.CancelSweep(job_id=answer.job_id))
    assert (first.sweep_status, first.already_cancelled) == ("cancelled", False)
    again = service.cancel_sweep(a.CancelSweep(job_id=answer.job_id))
    assert (again.sweep_status, again.already_cancelled) == ("cancelled", True)
    assert "already cancelled" in again.message
    clock.now += 8 * 24 * HOUR
    assert ran(service) == []
    state = service.find_sweep_or_schedule(answer.job_id)
    assert isinstance(state, SweepScheduled) and state.sweep_status == "cancelled"
    with pytest.raises(NotFound) as unknown:
        service.cancel_sweep(a.CancelSweep(job_id="no-such-job"))
    assert "the job_id run_sweep answered" in unknown.value.message


def test_cancel_a_running_scheduled_sweep_stops_it_at_its_next_stage(
    service: SweepyService, clock: Clock, workspace: Path, held_board: HeldBoard
) -> None:
    profile = make_profile(service, workspace, sources_config=held_board.sources)
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T08:30", "America/New_York", "daily")
    clock.now += HOUR
    ((_, job),) = service.run_due()
    with held_board._arrived:
        assert held_board._arrived.wait_for(lambda: held_board.arrivals >= 1, 60)
    cancelling = service.cancel_sweep(a.CancelSweep(job_id=answer.job_id))
    assert (cancelling.sweep_status, cancelling.already_cancelled) == ("cancelling", False)
    held_board.release()
    assert job.done.wait(60)
    assert job.status == "cancelled" and job.result is None
    assert not list((workspace / "results").glob("*.json"))  # no result file was written
    state = service.find_sweep_or_schedule(answer.job_id)
    assert isinstance(state, SweepScheduled) and state.sweep_status == "cancelled"
    assert state.last_run is not None and state.last_run.status == "cancelled"
    assert service.cancel_sweep(a.CancelSweep(job_id=answer.job_id)).already_cancelled is True
    clock.now += 2 * 24 * HOUR
    assert ran(service) == []  # a cancelled repeat never runs again


def test_cancel_a_sweep_run_at_once(service: SweepyService, workspace: Path, held_board: HeldBoard) -> None:
    profile = make_profile(service, workspace, sources_config=held_board.sources)
    job, _ = service.start_sweep(profile, True, False)
    with held_board._arrived:
        assert held_board._arrived.wait_for(lambda: held_board.arrivals >= 1, 60)
    assert service.cancel_sweep(a.CancelSweep(job_id=job.id)).sweep_status == "cancelling"
    assert service.cancel_sweep(a.CancelSweep(job_id=job.id)).already_cancelled is True
    held_board.release()
    assert job.done.wait(60) and job.status == "cancelled"
    cancelled = service.sweep_payload(job)
    assert isinstance(cancelled, SweepScheduled) and cancelled.sweep_status == "cancelled"
    assert service.list_sweeps(a.ListSweeps()).dump()["sweeps"][0]["status"] == "cancelled"


def test_bad_schedules_are_refused_and_change_no_file(service: SweepyService, workspace: Path) -> None:
    profile = make_profile(service, workspace)
    state = Path(service.settings.state_dir)
    before = snapshot(workspace, state)
    cases = [
        (("2026-11-20T09:00", "America/New_York", None), "is in the past"),
        (("2027-03-14T02:15", "America/New_York", "weekly"), "does not exist in America/New_York"),
        (("2026-12-01T09:00", "Europe/Atlantis", None), "is not an IANA time zone"),
        (("tomorrow 9am", "UTC", None), "not an ISO 8601 date-time"),
    ]
    for (when, zone, repeat), expected in cases:
        with pytest.raises(InvalidArgument) as refused:
            service.schedule_sweep(profile, True, False, when, zone, repeat)
        assert expected in refused.value.message
    assert snapshot(workspace, state) == before
    assert not (state / "schedules.db").exists()


def test_the_zone_defaults_to_the_profiles_timezone(service: SweepyService, workspace: Path) -> None:
    profile = make_profile(service, workspace, eligibility_config={"timezone": "Europe/Berlin"})
    answer = service.schedule_sweep(profile, True, False, "2026-11-24T07:00", None, None)
    assert (answer.schedule_timezone, answer.scheduled_for) == ("Europe/Berlin", "2026-11-24T07:00:00+01:00")


def test_two_run_due_processes_racing_run_a_schedule_once(
    service: SweepyService, clock: Clock, workspace: Path, tmp_path: Path
) -> None:
    profile = make_profile(service, workspace)
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T08:30", "America/New_York", None)
    clock_file = tmp_path / "clock"
    clock_file.write_text(str(MONDAY_8AM_NY + HOUR))
    env = server_env(workspace, SWEEPY_TEST_CLOCK=str(clock_file), PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "sweepy.cli", "run-due"]
    racers = [subprocess.Popen(command, env=env, cwd=workspace, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [racer.communicate(timeout=300)[0] for racer in racers]
    assert [racer.returncode for racer in racers] == [0, 0]
    ran_lines = [line for out in outputs for line in out.splitlines() if line.startswith("ran ")]
    assert len(ran_lines) == 1, outputs
    assert ran_lines[0].startswith(f"ran {answer.job_id} (") and f"{SMALL_FEED_CARDS} cards" in ran_lines[0]
    assert sum("nothing due" in out for out in outputs) == 1
    stored = service.schedules.get(answer.job_id)
    assert stored is not None and (stored.runs, stored.status) == (1, "completed")
    assert json.loads(stored.result or "{}")["card_count"] == SMALL_FEED_CARDS


def test_a_due_schedule_that_finds_the_server_busy_is_due_again_a_minute_later(
    service: SweepyService, clock: Clock, workspace: Path, held_board: HeldBoard
) -> None:
    profile = make_profile(service, workspace, sources_config=held_board.sources)
    held = [service.start_sweep(profile, dedupe, seen)[0] for dedupe in (True, False) for seen in (True, False)]
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T08:30", "America/New_York", None)
    clock.now += HOUR
    assert service.run_due() == []  # four sweeps run: MAX_RUNNING
    waiting = service.schedules.get(answer.job_id)
    assert waiting is not None and (waiting.status, waiting.next_run, waiting.runs) == ("scheduled", clock.now + 60, 0)
    held_board.release()
    assert all(job.done.wait(60) for job in held)
    clock.now += 61
    assert [job.status for job in ran(service)] == ["completed"]


def test_another_process_sees_the_run_and_its_cancel_reaches_it(
    service: SweepyService, clock: Clock, workspace: Path, held_board: HeldBoard
) -> None:
    profile = make_profile(service, workspace, sources_config=held_board.sources)
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T08:30", "America/New_York", "weekly")
    clock.now += HOUR
    ((_, job),) = service.run_due()
    with held_board._arrived:
        assert held_board._arrived.wait_for(lambda: held_board.arrivals >= 1, 60)
    other = SweepyService(clock=clock)  # another process: it knows the run only from the store
    running = other.find_sweep_or_schedule(answer.job_id)
    assert isinstance(running, SweepRunning) and running.job_id == job.id
    assert (running.progress.step, running.progress.label) == (1, "discover")
    entry = other.list_sweeps(a.ListSweeps()).dump()["sweeps"][0]
    assert (entry["status"], entry["progress"], entry["progress_message"]) == ("running", 20, "step 1/5: discover")
    assert other.cancel_sweep(a.CancelSweep(job_id=answer.job_id)).sweep_status == "cancelling"
    held_board.release()  # the run reads the cancel when it writes its next stage
    assert job.done.wait(60) and job.status == "cancelled"
    stored = other.schedules.get(answer.job_id)
    assert stored is not None and (stored.status, stored.last_status, stored.next_run) == (
        "cancelled",
        "cancelled",
        None,
    )


def test_list_sweeps_pages_through_sweeps_and_schedules(service: SweepyService, workspace: Path) -> None:
    profile = make_profile(service, workspace)
    swept, _ = service.start_sweep(profile, True, False)
    assert swept.done.wait(60)
    ids = {service.schedule_sweep(profile, True, False, f"2026-12-0{day}T09:00", "UTC", None).job_id for day in (1, 2)}
    everything = [e["id"] for e in service.list_sweeps(a.ListSweeps()).dump()["sweeps"]]
    assert set(everything) == ids | {swept.id}
    paged, cursor = [], None
    while True:
        page = service.list_sweeps(a.ListSweeps(limit=1, cursor=cursor)).dump()
        paged += [e["id"] for e in page["sweeps"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert paged == everything


def test_run_due_says_which_schedule_could_not_start_and_exits_1(
    service: SweepyService, workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    profile = make_profile(service, workspace)
    answer = service.schedule_sweep(profile, True, False, "2026-11-23T08:30", "America/New_York", "daily")
    Path(profile).unlink()  # the profile is gone by the time the slot comes
    clock_file = tmp_path / "clock"
    clock_file.write_text(str(MONDAY_8AM_NY + HOUR))
    monkeypatch.setenv("SWEEPY_TEST_CLOCK", str(clock_file))
    assert main(["run-due"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"could not start {answer.job_id}: ") and Path(profile).name in out[0]
    assert out[1] == "next due: 2026-11-24T13:30:00+00:00"  # a repeating schedule stays, for tomorrow
    stored = service.schedules.get(answer.job_id)
    assert stored is not None and (stored.status, stored.last_status) == ("scheduled", "failed")
    assert main(["run-due"]) == 0 and capsys.readouterr().out.startswith("nothing due\n")
