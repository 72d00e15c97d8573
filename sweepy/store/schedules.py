"""Scheduled sweeps, in the state folder's `schedules.db`: WAL, busy timeout, IMMEDIATE writes, named migrations
(as the history database). Every process that runs schedules (a server, `sweepy run-due`) claims a due one in
one IMMEDIATE transaction with a lease: only one of them gets it, and a claim whose process died runs again once
its lease has passed."""

import contextlib
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .migrations import Migrations, immediate, migrate
from .paths import Workspace
from .realdirs import make_real_dir, stat_in_real_dir
from .sqlite_files import sqlite_errors, sqlite_in_real_dir

DB_NAME = "schedules.db"
LEASE_SECONDS = 6 * 3600
"""How long a claim holds a schedule: far longer than a sweep takes (its deadlines end it in minutes), short
enough that a run whose process died is retried the same day."""
STATUSES = ("scheduled", "running", "completed", "failed", "cancelled")


def _m001_schedules(db: sqlite3.Connection) -> None:
    """One row per schedule: what to sweep, when (the first slot's wall time and zone, the next run as epoch
    seconds), the claim of the run in progress, and the last run's outcome (its completed answer as JSON)."""
    db.execute(
        """CREATE TABLE schedules (
            id TEXT PRIMARY KEY,
            profile_path TEXT NOT NULL,
            profile_stem TEXT NOT NULL,
            deduplicate INTEGER NOT NULL,
            include_seen INTEGER NOT NULL,
            wall_time TEXT NOT NULL,
            timezone TEXT NOT NULL,
            repeat TEXT,
            next_run REAL,
            status TEXT NOT NULL,
            runs INTEGER NOT NULL DEFAULT 0,
            run_job_id TEXT,
            run_started REAL,
            step INTEGER,
            total INTEGER,
            label TEXT,
            debug_log TEXT,
            result TEXT,
            error TEXT,
            last_status TEXT,
            last_run_at REAL,
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            lease_token TEXT,
            lease_until REAL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )"""
    )
    db.execute("CREATE INDEX schedules_due ON schedules (status, next_run)")
    db.execute("CREATE INDEX schedules_run ON schedules (run_job_id)")


MIGRATIONS: Migrations = [("001_schedules", _m001_schedules)]


@dataclass(frozen=True)
class Schedule:
    """One row of `schedules`, as the service reads it."""

    id: str
    profile_path: str
    profile_stem: str
    deduplicate: bool
    include_seen: bool
    wall_time: str
    timezone: str
    repeat: str | None
    next_run: float | None
    status: str
    runs: int
    run_job_id: str | None
    run_started: float | None
    step: int | None
    total: int | None
    label: str | None
    debug_log: str | None
    result: str | None
    error: str | None
    last_status: str | None
    last_run_at: float | None
    cancel_requested: bool
    lease_token: str | None
    lease_until: float | None
    created_at: float
    updated_at: float


_FIELDS = ", ".join(Schedule.__dataclass_fields__)


@dataclass(frozen=True)
class Claim:
    """A run this process won: the schedule as it was claimed, and the token its later writes must carry."""

    schedule: Schedule
    token: str


class ScheduleStore:
    """The schedules of one state folder."""

    def __init__(self, workspace: Workspace) -> None:
        """Nothing is created until the first schedule is added: reads of a state folder without one find none."""
        self.path = workspace.resolve_write(workspace.state_dir / DB_NAME, "schedule database")
        self._ready = False

    def _exists(self) -> bool:
        if not self._ready and self._present():
            self._create()
        return self._ready

    def _present(self) -> bool:
        """Whether the database exists, looked up in the state folder as checked (a swapped folder is refused)."""
        with self._errors():
            return stat_in_real_dir(self.path) is not None

    def _create(self) -> None:
        with self._errors():
            make_real_dir(self.path.parent)
            with sqlite_in_real_dir(self.path, timeout=10.0) as db:
                db.execute("PRAGMA journal_mode=WAL")
            with self._connect() as db:
                self._migrate(db)
        self._ready = True

    def _errors(self) -> contextlib.AbstractContextManager[None]:
        return sqlite_errors(
            f"The schedule database {self.path}",
            busy=f"The schedule database {self.path} is busy (another Sweepy process is writing it). Try again.",
            damaged="Move it aside (its schedules are lost) and schedule the sweeps again with run_sweep.",
            unopenable="Check that the state folder is writable.",
            where=self.path,
        )

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._errors(), sqlite_in_real_dir(self.path, timeout=10.0) as db:
            db.execute("PRAGMA synchronous=NORMAL")
            yield db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._connect() as db, immediate(db):
            yield db

    def _migrate(self, db: sqlite3.Connection) -> None:
        migrate(db, MIGRATIONS, time.time)

    # -- reads ------------------------------------------------------------------------------------------------
    def get(self, schedule_id: str) -> Schedule | None:
        if not self._exists():
            return None
        with self._connect() as db:
            row = db.execute(f"SELECT {_FIELDS} FROM schedules WHERE id = ?", (schedule_id,)).fetchone()
        return _schedule(row) if row else None

    def by_run(self, job_id: str) -> Schedule | None:
        """The schedule whose latest run had this job id."""
        if not self._exists():
            return None
        with self._connect() as db:
            row = db.execute(f"SELECT {_FIELDS} FROM schedules WHERE run_job_id = ?", (job_id,)).fetchone()
        return _schedule(row) if row else None

    def newest_first(self) -> list[Schedule]:
        if not self._exists():
            return []
        with self._connect() as db:
            rows = db.execute(f"SELECT {_FIELDS} FROM schedules ORDER BY created_at DESC, id").fetchall()
        return [_schedule(row) for row in rows]

    def next_due(self, now: float) -> float | None:
        """When the earliest waiting schedule is due (epoch seconds), None when none waits. A repeating one
        running now (here or in another process) counts with its next slot, when that is still ahead."""
        if not self._exists():
            return None
        with self._connect() as db:
            row = db.execute(
                "SELECT MIN(next_run) FROM schedules WHERE status = 'scheduled' "
                "OR (status = 'running' AND next_run > ?)",
                (now,),
            ).fetchone()
        return float(row[0]) if row and row[0] is not None else None

    # -- writes -----------------------------------------------------------------------------------------------
    def add(self, schedule_id: str, fields: dict[str, Any], next_run: float, now: float) -> Schedule:
        """Store a new waiting schedule. `fields`: profile_path, profile_stem, deduplicate, include_seen,
        wall_time, timezone, repeat."""
        row = {
            **fields,
            "id": schedule_id,
            "next_run": next_run,
            "status": "scheduled",
            "created_at": now,
            "updated_at": now,
        }
        names = ", ".join(row)
        if not self._exists():
            self._create()
        with self._write() as db:
            db.execute(f"INSERT INTO schedules ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
        added = self.get(schedule_id)
        assert added is not None
        return added

    def claim_due(self, now: float, lease: float = LEASE_SECONDS) -> list[Claim]:
        """Claim every schedule due at `now` (and every claim whose lease ran out) in one IMMEDIATE transaction:
        another process claiming at the same moment waits, then finds them taken."""
        token = secrets.token_hex(8)
        if not self._exists():
            return []
        with self._write() as db:
            ids = [
                row[0]
                for row in db.execute(
                    "SELECT id FROM schedules WHERE (status = 'scheduled' AND next_run <= ?) "
                    "OR (status = 'running' AND lease_until < ?) ORDER BY next_run, id",
                    (now, now),
                )
            ]
            for schedule_id in ids:
                db.execute(
                    "UPDATE schedules SET status = 'running', lease_token = ?, lease_until = ?, step = 0, "
                    "label = 'starting', run_started = ?, updated_at = ? WHERE id = ?",
                    (token, now + lease, now, now, schedule_id),
                )
            rows = [db.execute(f"SELECT {_FIELDS} FROM schedules WHERE id = ?", (i,)).fetchone() for i in ids]
        return [Claim(_schedule(row), token) for row in rows]

    def started(self, claim: Claim, job_id: str, debug_log: str, total: int, next_run: float | None) -> None:
        """The claimed run has a job: its id and log, and the slot after it (None for a one-off)."""
        with self._write() as db:
            db.execute(
                "UPDATE schedules SET run_job_id = ?, debug_log = ?, total = ?, next_run = ?, runs = runs + 1 "
                "WHERE id = ? AND lease_token = ?",
                (job_id, debug_log, total, next_run, claim.schedule.id, claim.token),
            )

    def progress(self, claim: Claim, step: int, label: str, now: float) -> bool:
        """Record the run's stage; True when a cancel was asked for meanwhile (by any process)."""
        with self._write() as db:
            db.execute(
                "UPDATE schedules SET step = ?, label = ?, updated_at = ? WHERE id = ? AND lease_token = ?",
                (step, label, now, claim.schedule.id, claim.token),
            )
            row = db.execute("SELECT cancel_requested FROM schedules WHERE id = ?", (claim.schedule.id,)).fetchone()
        return bool(row and row[0])

    def finish(self, claim: Claim, outcome: str, result: str | None, error: str | None, now: float) -> None:
        """The run ended (`outcome` completed, failed or cancelled): a repeating schedule waits for its next slot,
        a one-off (or a cancelled one) keeps the outcome as its status."""
        with self._write() as db:
            row = db.execute(
                "SELECT repeat, cancel_requested, next_run FROM schedules WHERE id = ? AND lease_token = ?",
                (claim.schedule.id, claim.token),
            ).fetchone()
            if row is None:  # the lease passed and another process took the run over
                return
            repeat, cancel, next_run = row
            status = "cancelled" if cancel or outcome == "cancelled" else outcome
            if repeat and status != "cancelled" and next_run is not None:
                status = "scheduled"
            db.execute(
                "UPDATE schedules SET status = ?, last_status = ?, last_run_at = ?, result = ?, error = ?, "
                "lease_token = NULL, lease_until = NULL, updated_at = ?, next_run = ? WHERE id = ?",
                (
                    status,
                    "cancelled" if cancel else outcome,
                    now,
                    result,
                    error,
                    now,
                    next_run if status == "scheduled" else None,
                    claim.schedule.id,
                ),
            )

    def release(self, claim: Claim, now: float, retry_at: float) -> None:
        """Give a claimed run back untouched (its sweep could not start now): it is due again at `retry_at`."""
        with self._write() as db:
            db.execute(
                "UPDATE schedules SET status = 'scheduled', lease_token = NULL, lease_until = NULL, step = NULL, "
                "label = NULL, run_started = NULL, next_run = ?, updated_at = ? WHERE id = ? AND lease_token = ?",
                (retry_at, now, claim.schedule.id, claim.token),
            )

    def cancel(self, schedule_id: str, now: float) -> tuple[str, bool] | None:
        """Cancel a schedule: a waiting one at once, a running one at its run's next stage. Returns (its status
        before, whether it was already cancelled), None for an unknown id."""
        if not self._exists():
            return None
        with self._write() as db:
            row = db.execute("SELECT status, cancel_requested FROM schedules WHERE id = ?", (schedule_id,)).fetchone()
            if row is None:
                return None
            status, asked = row
            if status == "cancelled" or (status == "running" and asked):
                return status, True
            if status == "running":
                db.execute("UPDATE schedules SET cancel_requested = 1, updated_at = ? WHERE id = ?", (now, schedule_id))
            elif status == "scheduled":
                db.execute(
                    "UPDATE schedules SET status = 'cancelled', cancel_requested = 1, next_run = NULL, "
                    "updated_at = ? WHERE id = ?",
                    (now, schedule_id),
                )
            return status, False


def _schedule(row: tuple[Any, ...]) -> Schedule:
    values = dict(zip(Schedule.__dataclass_fields__, row, strict=True))
    for flag in ("deduplicate", "include_seen", "cancel_requested"):
        values[flag] = bool(values[flag])
    return Schedule(**values)
