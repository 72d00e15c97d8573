"""Scheduled sweeps: run_sweep with scheduled_for, their runs when due (a server's scheduler thread, `sweepy
run-due`), list_sweeps over schedules and this server's sweeps, get_sweep_status of a schedule, cancel_sweep.

A schedule's run goes through start_sweep like any sweep (the same stages, result files, history and whatever a
sweep does after it ends); its stages and its end are written back to the schedule store by a listener."""

import contextlib
import datetime as dt
import threading
from typing import Any

from ..domain.schedule import first_slot, instant, local_zone_name, next_slot, parse_scheduled_for, shown, zone
from ..errors import InvalidArgument, NotFound, ServerBusy, SweepFailed, SweepyError
from ..store.paths import Workspace
from ..store.schedules import Claim, Schedule, ScheduleStore
from ..sweeps import SweepJob, new_job_id
from . import arguments as a
from .answers import CancelSweep, JobState, ScheduleRun, SweepCompleted, SweepProgress, SweepRunning, SweepScheduled
from .answers_reports import ListSweeps, SweepListing
from .base import clamp, shown_path
from .sweeps import SweepTools

RETRY_BUSY_SECONDS = 60.0
"""When a due schedule finds MAX_RUNNING sweeps running, it is due again this much later."""


class ScheduleTools(SweepTools):
    _schedule_store: ScheduleStore | None = None
    _store_guard = threading.Lock()
    not_started: tuple[tuple[str, str], ...] = ()
    """(schedule id, why) of the due schedules the last run_due could not start."""

    @property
    def schedules(self) -> ScheduleStore:
        """The state folder's schedule store, opened (and migrated) at first use."""
        with self._store_guard:
            if self._schedule_store is None:
                self._schedule_store = ScheduleStore(self.workspace)
            return self._schedule_store

    def _changed(self) -> None:
        """A schedule of this process was added, started, ended or cancelled: wake whoever waits on it."""
        with self.schedule_changed:
            self.schedule_generation += 1
            self.schedule_changed.notify_all()

    def _now(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.clock(), tz=dt.UTC)

    # -- run_sweep with scheduled_for -------------------------------------------------------------------------
    # -- run_sweep / get_sweep_status -----------------------------------------------------------------------
    def run_sweep(self, args: a.RunSweep) -> SweepJob | SweepScheduled:
        """A sweep started now (or joined: an identical one running), whose job the face waits on; or, with
        scheduled_for, the schedule kept for later."""
        if args.scheduled_for is None:
            if args.schedule_timezone is not None or args.repeat is not None:
                raise InvalidArgument(
                    "schedule_timezone and repeat only apply to a scheduled sweep: add scheduled_for (e.g. "
                    "'2026-12-07T09:00'), or leave them out to sweep now."
                )
            job, _joined = self.start_sweep(args.profile_path, args.deduplicate, args.include_seen)
            return job
        return self.schedule_sweep(
            args.profile_path,
            args.deduplicate,
            args.include_seen,
            args.scheduled_for,
            args.schedule_timezone,
            args.repeat,
        )

    def get_sweep_status(self, args: a.GetSweepStatus) -> SweepJob | JobState:
        """The sweep to wait on (the face waits for what is left of wait_seconds), or a schedule's state."""
        return self.find_sweep_or_schedule(args.job_id, clamp(args.wait_seconds, 0, 600))

    def schedule_sweep(
        self,
        profile_path: str | None,
        deduplicate: bool,
        include_seen: bool,
        scheduled_for: str,
        schedule_timezone: str | None,
        repeat: str | None,
    ) -> SweepScheduled:
        """Keep a sweep to run at `scheduled_for` (see sweepy.domain.schedule for how the time is read)."""
        path, profile = self.sweep_profile(profile_path)
        zone_name = schedule_timezone or profile.timezone or local_zone_name()
        tz = zone(zone_name)
        wall = parse_scheduled_for(scheduled_for, tz)
        now = self._now()
        first = first_slot(wall, tz, repeat, now)
        fields = {"profile_path": str(path), "profile_stem": path.stem, "deduplicate": int(deduplicate),
                  "include_seen": int(include_seen), "wall_time": wall.isoformat(), "timezone": tz.key,
                  "repeat": repeat}  # fmt: skip
        added = self.schedules.add(new_job_id(), fields, first.timestamp(), self.clock())
        self._changed()
        answer = scheduled_answer(added, self.workspace)
        every = f", then {repeat} at {wall.strftime('%H:%M')} {tz.key} time" if repeat else ""
        answer.message = (
            f"Sweep of {path.name} scheduled for {shown(first, tz)}{every}. It runs inside a running Sweepy server, "
            "or by `sweepy run-due` (`sweepy schedule install` registers it with the OS). Check it with "
            f"get_sweep_status job_id {added.id!r}; cancel it with cancel_sweep."
        )
        return answer

    # -- running what is due ----------------------------------------------------------------------------------
    def run_due(self) -> list[tuple[str, SweepJob]]:
        """Start every schedule due now that no other process has claimed; returns (schedule id, its sweep) for
        each one started (the sweeps run on their threads). One whose sweep could not start is in `not_started`."""
        now = self._now()
        started: list[tuple[str, SweepJob]] = []
        failed: list[tuple[str, str]] = []
        for claim in self.schedules.claim_due(now.timestamp()):
            job = self._start_claimed(claim, now)
            if isinstance(job, str):
                failed.append((claim.schedule.id, job))
            else:
                started.append((claim.schedule.id, job))
        self.not_started = tuple(failed)
        if started:
            self._changed()
        return started

    def _start_claimed(self, claim: Claim, now: dt.datetime) -> SweepJob | str:
        """The claimed schedule's sweep, started; or why it could not start (recorded in the store)."""
        item = claim.schedule
        tz = zone(item.timezone)
        later = next_slot(dt.datetime.fromisoformat(item.wall_time), tz, item.repeat, now) if item.repeat else None
        slot = item.next_run if item.next_run is not None else now.timestamp()

        def prepare(job: SweepJob) -> None:
            job.scheduled = (shown(dt.datetime.fromtimestamp(slot, tz=dt.UTC), tz), item.timezone)
            self.schedules.started(claim, job.id, str(job.debug_log), job.total, later.timestamp() if later else None)
            job.listeners.append(lambda j: self._record(claim, j))

        try:
            job, _ = self.start_sweep(item.profile_path, item.deduplicate, item.include_seen, prepare=prepare)
        except ServerBusy as busy:  # four sweeps are running: try again in a minute
            self.schedules.release(claim, self.clock(), self.clock() + RETRY_BUSY_SECONDS)
            return f"{busy.message} It is due again in a minute."
        except SweepyError as exc:  # the profile is gone or broken: this run fails, a repeating one stays
            self.schedules.started(claim, new_job_id(), "", 0, later.timestamp() if later else None)
            self.schedules.finish(claim, "failed", None, exc.message, self.clock())
            return exc.message
        return job

    def _record(self, claim: Claim, job: SweepJob) -> None:
        """A listener of a schedule's sweep: its stages and its end, into the store (every process sees them)."""
        if job.status == "running":
            if self.schedules.progress(claim, job.step, job.label, self.clock()):
                job.cancel()  # cancel_sweep from another process: stop at the next stage
            return
        result = job.result.model_dump_json(by_alias=True) if isinstance(job.result, SweepCompleted) else None
        self.schedules.finish(claim, job.status, result, job.error, self.clock())
        self._changed()

    # -- cancel_sweep -----------------------------------------------------------------------------------------
    def cancel_sweep(self, args: a.CancelSweep) -> CancelSweep:
        """Cancel a waiting schedule at once, or a running sweep (a schedule's or not) at its next stage."""
        job_id = args.job_id
        try:
            job: SweepJob | None = self.sweeps.get(job_id)
        except NotFound:
            job = None
        schedule = self.schedules.get(job_id) or self.schedules.by_run(job_id)  # a schedule, or its latest run
        if schedule is not None:
            return self._cancel_schedule(schedule)
        if job is None:
            raise NotFound(
                f"No sweep or schedule with job_id {job_id!r}. Pass the job_id run_sweep answered (with "
                "scheduled_for, the schedule's id); get_sweep_status without job_id shows the newest sweep."
            )
        if job.status in ("completed", "failed"):
            raise InvalidArgument(
                f"Sweep {job_id} already {job.status}; there is nothing left to cancel. Call get_sweep_status for "
                "its answer."
            )
        fresh = job.cancel()
        return CancelSweep(
            job_id=job_id,
            sweep_status="cancelled" if job.status == "cancelled" else "cancelling",
            already_cancelled=not fresh,
            message=("It was already cancelled. " if not fresh else "")
            + "The sweep stops at its next stage and writes no results; get_sweep_status shows it cancelled.",
        )

    def _cancel_schedule(self, schedule: Schedule) -> CancelSweep:
        found = self.schedules.cancel(schedule.id, self.clock())
        before, already = found if found is not None else ("cancelled", True)
        if before in ("completed", "failed"):
            raise InvalidArgument(
                f"Scheduled sweep {schedule.id} already ran ({before}); there is nothing left to cancel. Call "
                "get_sweep_status with its job_id for the answer."
            )
        if before == "running" and schedule.run_job_id:
            with contextlib.suppress(NotFound):  # not found: it runs in another process, which reads the cancel
                self.sweeps.get(schedule.run_job_id).cancel()
        self._changed()
        if already:
            message = f"Scheduled sweep {schedule.id} was already cancelled; nothing changed."
        elif before == "running":
            message = (
                f"Scheduled sweep {schedule.id} is running: it stops at its next stage, writes no results, "
                "and will not run again."
            )
        else:
            message = f"Scheduled sweep {schedule.id} is cancelled and will not run."
        return CancelSweep(
            job_id=schedule.id,
            sweep_status="cancelling" if before == "running" and not already else "cancelled",
            already_cancelled=already,
            message=message,
        )

    # -- get_sweep_status of a schedule -----------------------------------------------------------------------
    def find_sweep_or_schedule(self, job_id: str | None, wait_seconds: float = 0) -> SweepJob | JobState:
        """get_sweep_status's target: a sweep of this process (to wait on), or a schedule's state; for a schedule
        waiting for its slot, up to `wait_seconds` for it to start in this process."""
        try:
            return self.sweeps.get(job_id)
        except NotFound as missing:
            if job_id is None:
                raise
            schedule = self.schedules.get(job_id) or self.schedules.by_run(job_id)
            if schedule is None:
                self.find_sweep(job_id)  # a card's id gets the pointer to get_jobs
                raise missing from None
        if schedule.status == "scheduled" and wait_seconds > 0:
            waiting, schedule_id = (schedule.next_run, schedule.runs), schedule.id

            def moved() -> bool:
                now = self.schedules.get(schedule_id)
                return now is None or now.status != "scheduled" or (now.next_run, now.runs) != waiting

            with self.schedule_changed:
                self.schedule_changed.wait_for(moved, wait_seconds)
            schedule = self.schedules.get(schedule.id) or schedule
        if schedule.run_job_id and schedule.status in ("running", "completed", "failed"):
            try:
                return self.sweeps.get(schedule.run_job_id)
            except NotFound:
                pass
        return schedule_state(schedule, self.clock(), self.workspace)

    # -- list_sweeps ------------------------------------------------------------------------------------------
    def list_sweeps(self, args: a.ListSweeps) -> ListSweeps:
        """This server's sweeps and watches, and the state folder's schedules, newest first."""
        limit, cursor = args.limit, args.cursor
        entries = [(j.created_at, j.id, j.listing()) for j in self.sweeps.newest_first() if j.scheduled is None]
        for schedule in self.schedules.newest_first():
            live = self._live_run(schedule)
            entries.append((schedule.created_at, schedule.id, schedule_listing(schedule, live)))
        entries.sort(key=lambda e: e[0], reverse=True)
        listed = [SweepListing.model_validate(e[2]) for e in entries]
        if limit is None and cursor is None:
            return ListSweeps(sweeps=listed)
        start = 0
        if cursor is not None:
            after = self.sweeps.decode_cursor(cursor, {e[1] for e in entries})
            start = next(i for i, e in enumerate(entries) if e[1] == after) + 1
        size = limit or 20
        page = listed[start : start + size]
        more = start + size < len(listed)
        return ListSweeps(sweeps=page, next_cursor=self.sweeps.encode_cursor(page[-1].id) if more and page else None)

    def _live_run(self, schedule: Schedule) -> SweepJob | None:
        if schedule.status != "running" or not schedule.run_job_id:
            return None
        try:
            return self.sweeps.get(schedule.run_job_id)
        except NotFound:
            return None


def _iso(ts: float | None, tz_name: str) -> str | None:
    return None if ts is None else shown(dt.datetime.fromtimestamp(ts, tz=dt.UTC), zone(tz_name))


def _utc(ts: float) -> str:
    """As the other list_sweeps entries write their times: ISO 8601 UTC with Z."""
    return dt.datetime.fromtimestamp(ts, tz=dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _last_run(schedule: Schedule) -> ScheduleRun | None:
    if schedule.run_job_id is None:
        return None
    status = "running" if schedule.status == "running" else schedule.last_status
    return ScheduleRun.model_validate(
        {"job_id": schedule.run_job_id, "status": status, "ran_at": _iso(schedule.run_started, schedule.timezone)}
    )


def _shown_slot(schedule: Schedule) -> str | None:
    """The slot a schedule shows: its next run, or (a one-off that ran or was cancelled) the one it had."""
    if schedule.next_run is not None:
        return _iso(schedule.next_run, schedule.timezone)
    tz = zone(schedule.timezone)
    return None if schedule.repeat else shown(instant(dt.datetime.fromisoformat(schedule.wall_time), tz), tz)


def scheduled_answer(schedule: Schedule, workspace: Workspace) -> SweepScheduled:
    """A schedule waiting for its slot, or cancelled."""
    cancelled = schedule.status == "cancelled"
    return SweepScheduled(
        message=f"Scheduled sweep {schedule.id} was cancelled; it will not run. Call run_sweep to schedule again."
        if cancelled
        else f"Scheduled sweep {schedule.id} waits for {_shown_slot(schedule)} ({schedule.timezone}).",
        migrated=None,
        sweep_status="cancelled" if cancelled else "scheduled",
        job_id=schedule.id,
        profile_stem=schedule.profile_stem,
        profile_path=shown_path(workspace, schedule.profile_path),
        scheduled_for=_shown_slot(schedule),
        schedule_timezone=schedule.timezone,
        repeat=schedule.repeat,  # type: ignore[arg-type]  # the store holds only daily, weekly or null
        last_run=_last_run(schedule),
    )


def schedule_state(schedule: Schedule, now: float, workspace: Workspace) -> JobState:
    """get_sweep_status of a schedule not running in this process: waiting, cancelled, running elsewhere, or
    its one run's answer."""
    if schedule.status == "running":
        return SweepRunning(
            message=f"Scheduled sweep {schedule.id} is running in another Sweepy process (step {schedule.step}/"
            f"{schedule.total}: {schedule.label}). Call get_sweep_status with job_id {schedule.id!r} again.",
            migrated=None,
            sweep_status="running",
            job_id=schedule.run_job_id or schedule.id,
            progress=SweepProgress(step=schedule.step or 0, total=schedule.total or 0, label=schedule.label or ""),
            elapsed_seconds=round(max(0.0, now - (schedule.run_started or now)), 2),
            debug_log=schedule.debug_log or "",
        )
    if schedule.status == "completed" and schedule.result:
        return SweepCompleted.model_validate_json(schedule.result)
    if schedule.status == "failed":
        raise SweepFailed(
            f"Scheduled sweep {schedule.id} failed: {schedule.error or 'no reason was recorded'}.",
            job_id=schedule.run_job_id or schedule.id,
            sweep_status="failed",
            debug_log=schedule.debug_log or "",
        )
    return scheduled_answer(schedule, workspace)


def schedule_listing(schedule: Schedule, live: SweepJob | None) -> dict[str, Any]:
    """A schedule as list_sweeps shows it (the list_jobs contract's fields)."""
    running = schedule.status == "running"
    done = schedule.status == "completed"
    step, total = (live.step, live.total) if live else (schedule.step or 0, schedule.total or 0)
    label = live.label if live else schedule.label
    return {
        "id": schedule.id,
        "kind": "sweep",
        "status": schedule.status,
        "payload": {
            "profile_path": schedule.profile_path,
            "profile_stem": schedule.profile_stem,
            "deduplicate": schedule.deduplicate,
            "include_seen": schedule.include_seen,
            "repeat": schedule.repeat,
            "last_run": _last_run(schedule),
        },
        "scheduled_for": _shown_slot(schedule),
        "schedule_timezone": schedule.timezone,
        "progress": (round(100 * step / total) if total else 0) if running else 100 if done else None,
        "progress_message": f"step {step}/{total}: {label}" if running else None,
        "created_at": _utc(schedule.created_at),
        "updated_at": _utc(schedule.updated_at),
    }
