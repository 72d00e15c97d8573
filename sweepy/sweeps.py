"""Background sweeps: one thread per sweep, joined by an identical request, listed newest first."""

import base64
import datetime as dt
import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from .errors import InvalidArgument, NotFound, ServerBusy, SweepyError
from .pipeline import STAGES, SweepOptions
from .store.files import append_text

Status = Literal["running", "completed", "failed", "cancelled"]
MAX_RUNNING = 4
"""Sweeps running at once; each holds a thread and its engines' threads."""
MAX_KEPT = 200
"""Sweeps remembered for get_sweep_status and list_sweeps; older finished ones are forgotten."""
log = logging.getLogger("sweepy.sweeps")


def new_job_id() -> str:
    return str(uuid.uuid4())


def _iso(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts, tz=dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class SweepJob:
    profile_path: Path
    stem: str
    options: SweepOptions
    debug_log: Path
    id: str = field(default_factory=new_job_id)
    status: Status = "running"
    step: int = 0
    label: str = "starting"
    created_at: float = field(default_factory=time.time)
    updated_at: float = field(default_factory=time.time)
    started: float = field(default_factory=time.monotonic)
    elapsed: float | None = None
    result: BaseModel | None = None
    """The completed answer (a sweep's or a watch's, sweepy.service.answers)."""
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)
    entered: list[tuple[int, str]] = field(default_factory=list)
    """Every stage the sweep entered, in order: a waiter reports each one, even those that passed while it slept."""
    _changed: threading.Condition = field(default_factory=threading.Condition, repr=False)

    profile_digest: str = ""  # the profile's content: an edited profile starts a new sweep, never joins
    kind: str = "sweep"
    """What runs: a sweep, or a watch (watch_postings), in the same registry, polled the same way."""
    stage_names: tuple[str, ...] = STAGES
    cancel_asked: threading.Event = field(default_factory=threading.Event)
    """Set by cancel_sweep: the sweep stops at its next stage (SweepCancelled), writing no results."""
    listeners: list[Callable[["SweepJob"], None]] = field(default_factory=list)
    """Called after each stage and at the end (a scheduled sweep's record in the schedule store)."""
    scheduled: tuple[str, str] | None = None
    """(scheduled_for, schedule_timezone) of a sweep a schedule started, for list_sweeps."""

    @property
    def key(self) -> tuple[str, str, str, bool, bool]:
        return (
            self.kind,
            str(self.profile_path),
            self.profile_digest,
            self.options.deduplicate,
            self.options.include_seen,
        )

    @property
    def total(self) -> int:
        return len(self.stage_names)

    def elapsed_seconds(self) -> float:
        return round(self.elapsed if self.elapsed is not None else time.monotonic() - self.started, 2)

    def set_progress(self, step: int, label: str) -> None:
        with self._changed:
            self.step, self.label, self.updated_at = step, label, time.time()
            self.entered.append((step, label))
            self._changed.notify_all()
        self._tell()

    def wait_change(self, seen: int, timeout: float) -> None:
        """Block until the sweep enters more than `seen` stages or ends, or `timeout` seconds pass: waiters
        wake when something happened, not on a polling tick."""
        with self._changed:
            self._changed.wait_for(lambda: len(self.entered) > seen or self.status != "running", max(0.0, timeout))

    def stages_since(self, seen: int) -> list[tuple[int, str]]:
        """The stages entered after the first `seen` ones."""
        with self._changed:
            return self.entered[seen:]

    def finish(self, result: BaseModel | None = None, error: str | None = None, cancelled: bool = False) -> None:
        # Progress and payload first, status last: a reader that sees the new status sees the rest too.
        ended: Status = "cancelled" if cancelled else "failed" if error is not None else "completed"
        with self._changed:
            self.elapsed = time.monotonic() - self.started
            self.step, self.label = (self.total, "completed") if ended == "completed" else (self.step, ended)
            self.result, self.error = result, error
            self.updated_at = time.time()
            self.status = ended
        self._tell()  # before `done`: whoever waits on it (sweepy run-due, then exiting) sees the records made
        with self._changed:
            self.done.set()
            self._changed.notify_all()

    def cancel(self) -> bool:
        """Ask the sweep to stop at its next stage; False when it had already been asked."""
        asked = self.cancel_asked.is_set()
        self.cancel_asked.set()
        return not asked

    def _tell(self) -> None:
        for listener in list(self.listeners):
            try:
                listener(self)
            except Exception:  # a listener's record is a side matter: the sweep goes on
                log.exception("listener of sweep %s failed", self.id)

    def listing(self) -> dict[str, Any]:
        """The `list_sweeps` record (the list_jobs contract's fields)."""
        scheduled_for, zone = self.scheduled or (None, None)
        return {
            "id": self.id,
            "kind": self.kind,
            "status": self.status,
            "payload": {
                "profile_path": str(self.profile_path),
                "profile_stem": self.stem,
                "deduplicate": self.options.deduplicate,
                "include_seen": self.options.include_seen,
            },
            "scheduled_for": scheduled_for,
            "schedule_timezone": zone,
            "progress": 100 if self.status == "completed" else round(100 * self.step / self.total),
            "progress_message": f"step {self.step}/{self.total}: {self.label}",
            "created_at": _iso(self.created_at),
            "updated_at": _iso(self.updated_at),
        }


class SweepRegistry:
    """The server process's sweeps. Ids live in memory: a restart forgets them."""

    def __init__(self) -> None:
        self._jobs: dict[str, SweepJob] = {}
        self._lock = threading.Lock()
        self._secret = secrets.token_bytes(16)  # cursors from another server process are stale

    def start_or_join(
        self, job: SweepJob, work: Callable[[SweepJob], None], prepare: Callable[[SweepJob], None] | None = None
    ) -> tuple[SweepJob, bool]:
        """Start `job` on its own thread, unless an identical sweep is running: then return that one. With
        `prepare` (a schedule's run) the job never joins another, and `prepare` sees it before its thread starts."""
        join = prepare is None
        with self._lock:
            running = [j for j in self._jobs.values() if j.status == "running"]
            for other in running:
                if join and other.key == job.key:
                    return other, True
            if len(running) >= MAX_RUNNING:
                raise ServerBusy(
                    f"{len(running)} sweeps are already running; wait for one to finish (get_sweep_status with its "
                    "job_id), then call run_sweep again."
                )
            self._jobs[job.id] = job
            self._forget_old()
        if prepare is not None:
            try:
                prepare(job)
            except BaseException:
                with self._lock:
                    self._jobs.pop(job.id, None)
                raise
        try:
            threading.Thread(target=work, args=(job,), name=f"sweep-{job.id[:8]}", daemon=True).start()
        except RuntimeError as exc:  # no thread to be had: the job must not stay "running" for ever
            job.finish(error=f"The sweep could not start ({exc}).")
            raise ServerBusy("The server could not start a sweep thread; try again in a moment.") from None
        return job, False

    def _forget_old(self) -> None:
        """Keep the newest MAX_KEPT sweeps; older finished ones (and their payloads) are dropped."""
        finished = [job_id for job_id, j in self._jobs.items() if j.status != "running"]
        for job_id in finished[: max(0, len(self._jobs) - MAX_KEPT)]:
            del self._jobs[job_id]

    def get(self, job_id: str | None) -> SweepJob:
        with self._lock:
            if job_id is None:
                if not self._jobs:
                    raise NotFound("No sweep has run since the server started. Call run_sweep to start one.")
                return next(reversed(self._jobs.values()))
            job = self._jobs.get(job_id)
        if job is None:
            raise NotFound(
                f"No sweep with job_id {job_id!r} in this server process (ids are forgotten on restart). "
                "Call get_sweep_status without job_id for the newest sweep, or run_sweep to start one."
            )
        return job

    def running(self, kind: str = "sweep") -> SweepJob | None:
        with self._lock:
            return next((j for j in reversed(self._jobs.values()) if j.status == "running" and j.kind == kind), None)

    def newest_first(self) -> list[SweepJob]:
        with self._lock:
            return list(reversed(self._jobs.values()))

    def encode_cursor(self, job: SweepJob | str) -> str:
        after = job if isinstance(job, str) else job.id
        body = base64.urlsafe_b64encode(json.dumps({"after": after}).encode()).decode().rstrip("=")
        return f"{body}.{self._sign(body)}"

    def decode_cursor(self, cursor: str, known: "set[str] | None" = None) -> str:
        """The id the next page starts after; InvalidArgument for a cursor this process did not issue (or one
        whose entry is not among `known`, default this registry's sweeps)."""
        not_ours = InvalidArgument(
            "cursor is not one this server issued (malformed, edited, or from before a restart). "
            "Call list_sweeps without cursor to start from the first page."
        )
        # Issued cursors are ASCII; anything else (even a lone surrogate) is refused before it reaches
        # compare_digest, which raises TypeError on non-ASCII text.
        if not cursor.isascii():
            raise not_ours
        body, _, signature = cursor.partition(".")
        if not signature or not hmac.compare_digest(signature.encode(), self._sign(body).encode()):
            raise not_ours
        try:
            after = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["after"]
        except (ValueError, TypeError, KeyError):  # a signed body that is not {"after": ...}
            raise not_ours from None
        if not isinstance(after, str):
            raise not_ours
        with self._lock:
            listed = after in (self._jobs if known is None else known)
        if not listed:
            raise InvalidArgument("cursor is stale: its sweep is no longer listed. Call list_sweeps without cursor.")
        return str(after)

    def _sign(self, body: str) -> str:
        return hmac.new(self._secret, body.encode(), hashlib.sha256).hexdigest()[:24]


class SweepLog:
    """The debug log of one sweep: `results/logs/{job_id}.log`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()  # append_text creates the folder, inside a real results folder only

    def __call__(self, line: str) -> None:
        stamp = dt.datetime.now(dt.UTC).strftime("%H:%M:%S.%f")[:-3]
        try:
            with self._lock:
                append_text(self.path, f"{stamp} {line}\n")
        except (OSError, SweepyError) as exc:  # the log is a diagnostic: losing a line must not fail the sweep
            log.warning("cannot write %s: %s", self.path, exc)
