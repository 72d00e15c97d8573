"""The CSV and the application store in agreement: statuses the person typed in a sweep's CSV read into the store
(as of the day they took effect), and the columns the next CSV shows from the store (status, dates, the latest
track_jobs note) and from the profile's saved session (the assistant's judgment)."""

import contextlib
import datetime as dt
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..domain.applications import EARLIEST, FOLLOW_UP_DAYS, STATUSES, follow_up_day
from ..domain.cards import Card
from ..errors import SweepyError
from .applications import (
    Application,
    ApplicationStore,
    Event,
    insert_event,
    last_changes,
    read_applications,
    today,
    track_in,
)
from .csv_reads import SeenCsvs, note_csvs, seen_csvs, set_csv_status_in
from .csvfiles import CARRY_FROM_NEWEST, JUDGMENT_COLUMNS, TRACKING_COLUMNS, earlier_csvs, tracking_index
from .history import check_history_path
from .paths import Workspace
from .reads import FileIdentity, file_identity
from .session import SessionStore
from .tracking import TrackingIndex, Values

APPLIED_ON = TRACKING_COLUMNS.index("applied_on")


def typed_date(text: str, now: dt.date) -> dt.date | None:
    """A date the person typed (YYYY-MM-DD; a spreadsheet may add a time), None unless real, from 1990, not ahead."""
    try:
        day = dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None
    return day if EARLIEST <= day <= now else None


def csv_saved_day(path: Path, now: dt.date) -> dt.date:
    """The day the person last saved the CSV (its modification time), never after today."""
    found = file_identity(path)
    return min(dt.datetime.fromtimestamp(found[3] / 1e9).date(), now) if found is not None else now


def typed_events(
    job_id: str, values: Values, saved: dt.date, now: dt.date, application: Application | None
) -> list[Event]:
    """The events a status typed in a CSV stands for. `applied` takes effect on the row's applied_on (the date
    the person typed) and any other status on the day the CSV was saved, never the day Sweepy reads it. A later
    status with an applied_on also records the application on that day, when the history has none."""
    typed = values[0].strip().lower()
    applied = typed_date(values[APPLIED_ON], now)
    if typed == "applied":
        return [Event(job_id, typed, (applied or saved).isoformat(), None, None, None, "csv")]
    events = [Event(job_id, typed, saved.isoformat(), None, None, None, "csv")]
    known = application is not None and any(e.status == "applied" for e in application.events)
    if typed != "saved" and applied is not None and applied <= saved and not known:
        events.insert(0, Event(job_id, "applied", applied.isoformat(), None, None, None, "csv"))
    return events


@dataclass
class Synced:
    """What a sweep's sync with its CSVs leaves for writing the next CSV: the store's columns (`overlay`), the
    tracking index when the sync read it (the CSV then need not load it again), and the store, to be told of
    the CSV once written (`written`)."""

    overlay: dict[str, dict[str, str]]
    index: TrackingIndex | None
    store: ApplicationStore

    def written(self, path: Path, profile: str, log: Callable[[str], None]) -> None:
        """The sweep's new CSV holds what the store said (its statuses) and the values it already read in: the
        next sweep need not read it in again. Best effort: unnoted, it is read in once more."""
        found = file_identity(path)
        if found is None:
            return
        try:
            with self.store.transaction() as db:
                note_csvs(db, profile, str(path.parent), {path.name: (found[2], found[3])}, None)
        except SweepyError as exc:
            log(f"the new CSV was not noted in the history database: {exc.message}")


def sync_with_csv(
    store: ApplicationStore,
    profile: str,
    folder: Path,
    find: Callable[[set[str]], dict[str, Card]],
    now: dt.date,
    days: int = FOLLOW_UP_DAYS,
) -> Synced:
    """The CSV and the store agree, in one transaction. A status the person typed in one of the profile's CSVs (a
    valid one, other than what the store last exchanged with that CSV, in a CSV saved after the store's last
    change for that job) is recorded as of the day it took effect (typed_events). Then the columns the next CSV
    shows for every tracked job (csv_values; the person's own dates win). `find`: the cards of these job_ids (only
    a status typed for an untracked job needs its card); `days`: the profile's follow_up_days.

    When every earlier CSV has the size and modification time the store last read it in with, and no job whose
    status could not be recorded then has a card now, none is read again: reading them would change nothing."""
    window = {path.name: path for path in earlier_csvs(folder, profile)[:CARRY_FROM_NEWEST]}
    where = str(folder)
    with store.transaction() as db:
        applications = read_applications(db, profile)
        seen, pending = seen_csvs(db, profile, where)
        index = None
        if not _all_seen(window, seen, folder) or pending & applications.keys() or (pending and find(pending)):
            index = tracking_index(folder, profile)
            exchanged, pending = _read_in(db, store.clock(), profile, folder, index, applications, find, now)
            names = set(window) & set(index.csvs)
            note_csvs(
                db,
                profile,
                where,
                {name: _size_mtime(index.csvs[name]["id"]) for name in names if index.csvs[name].get("id")},
                pending,
            )
            applications = read_applications(db, profile)
        else:
            exchanged = {}
        overlay = csv_values(applications, days)
        exchanged.update({job_id: values["status"] for job_id, values in overlay.items()})
        set_csv_status_in(db, profile, exchanged)
    return Synced(overlay, index, store)


def _all_seen(window: dict[str, Path], seen: SeenCsvs, folder: Path) -> bool:
    """Every CSV of the window as the store last read it in, and none it read since deleted (one that only fell
    out of the window, older than all in it, is still there)."""
    for name, path in window.items():
        found = file_identity(path)
        if found is None or seen.get(name) != (found[2], found[3]):
            return False
    return all((folder / name).is_file() for name in seen.keys() - window.keys())


def _size_mtime(identity: list[int]) -> tuple[int, int]:
    return int(identity[2]), int(identity[3])


def _read_in(
    db: sqlite3.Connection,
    clock: float,
    profile: str,
    folder: Path,
    index: TrackingIndex,
    applications: dict[str, Application],
    find: Callable[[set[str]], dict[str, Card]],
    now: dt.date,
) -> tuple[dict[str, str], set[str]]:
    """The statuses typed in the CSVs recorded (sync_with_csv); returns the status exchanged with the CSV per
    job, and the jobs typed in a CSV that could not be recorded (no card of them)."""
    untracked = {
        job_id
        for job_id, (_s, values) in index.values.items()
        if values[0].strip().lower() in STATUSES and job_id not in applications
    }
    cards = find(untracked) if untracked else {}
    changed = last_changes(db, profile)
    saved_on: dict[str, tuple[FileIdentity | None, dt.date]] = {}
    exchanged: dict[str, str] = {}
    pending: set[str] = set()
    for job_id, (source, values) in index.values.items():
        typed = values[0].strip().lower()
        application = applications.get(job_id)
        if typed not in STATUSES or (application is not None and typed in (application.csv_status, application.status)):
            if application is not None and typed in STATUSES:
                exchanged[job_id] = typed
            continue
        if source not in saved_on:  # one look at each CSV, not one per job
            saved_on[source] = (file_identity(folder / source), csv_saved_day(folder / source, now))
        saved, day = saved_on[source]
        events = typed_events(job_id, values, day, now, application)
        if application is not None:
            last = changed.get(job_id)
            if last is not None and saved is not None and saved[3] / 1e9 <= last:
                continue  # the CSV predates the store's last change: its value is the older one
            for event in events:
                insert_event(db, profile, event, clock)
        elif (card := cards.get(job_id)) is not None:
            stamped = [
                Event(e.job_id, e.status, e.date, None, card.judged_resume, card.resume_track, "csv") for e in events
            ]
            track_in(db, profile, [(card, event) for event in stamped], clock)
        else:
            pending.add(job_id)  # no card to record the posting from: it stays in the CSV alone
            continue
        exchanged[job_id] = typed
    return exchanged, pending


def csv_values(applications: dict[str, Application], days: int = FOLLOW_UP_DAYS) -> dict[str, dict[str, str]]:
    """The columns a CSV shows for each tracked job from its history: its status, the day it was applied to,
    the follow-up day while no answer came (`days` after applying) and the latest track_jobs note."""
    overlay: dict[str, dict[str, str]] = {}
    for job_id, application in applications.items():
        if application.status is None:
            continue
        applied = application.applied_on() or ""
        follow = ""
        if application.status == "applied" and applied:
            follow = follow_up_day(dt.date.fromisoformat(applied), days).isoformat()
        overlay[job_id] = {
            "status": application.status,
            "applied_on": applied,
            "follow_up_on": follow,
            "track_note": application.note or "",
        }
    return overlay


def judgment_values(cards: dict[str, Card]) -> dict[str, dict[str, str]]:
    """The judgment columns (summary, alignment, resume_track) of the cards that carry any."""
    found: dict[str, dict[str, str]] = {}
    for job_id, card in cards.items():
        values = {column: getattr(card, column) or "" for column in JUDGMENT_COLUMNS}
        if any(values.values()):
            found[job_id] = values
    return found


def saved_judgments(folder: Path, stem: str) -> dict[str, dict[str, str]]:
    """The judgment columns of the profile's saved session (read before a new sweep replaces it): only its
    judged cards are read. {} when it has none or cannot be read (the CSV then carries the earlier CSVs')."""
    with contextlib.suppress(SweepyError), SessionStore(folder).reading(stem) as view:
        return judgment_values(view.kept())
    return {}


def _cards_with(cards: Sequence[Card], job_ids: set[str]) -> dict[str, Card]:
    """The cards of `job_ids`; a sweep's ScoredCards lists its ids without decoding every card."""
    listed = getattr(cards, "job_ids", None)
    if callable(listed):
        return {job_id: cards[n] for n, job_id in enumerate(listed()) if job_id in job_ids}
    return {card.job_id: card for card in cards if card.job_id in job_ids}


def sweep_overlay(
    workspace: Workspace,
    history_path: str,
    clock: float,
    folder: Path,
    stem: str,
    cards: Sequence[Card],
    log: Callable[[str], None],
    days: int = FOLLOW_UP_DAYS,
) -> Synced | None:
    """For a sweep about to write its CSV: statuses typed in the earlier CSVs read in, and the tracking values
    the new CSV shows. None when nothing was ever tracked (no database is created for that), or when the store
    cannot be used now (the sweep goes on; its CSV carries what the person typed)."""
    try:
        path = check_history_path(workspace, history_path, "history path")
        if not path.is_file():
            typed = any(v[0].strip().lower() in STATUSES for _s, v in tracking_index(folder, stem).values.values())
            if not typed:
                return None
        store = ApplicationStore(path, clock=lambda: clock)

        def find(job_ids: set[str]) -> dict[str, Card]:
            """These jobs' cards, from the new sweep's cards first, then the profile's earlier session: only
            their rows are read (a sweep of 80,000 cards is never decoded whole for a few typed statuses)."""
            found = _cards_with(cards, job_ids)
            with contextlib.suppress(SweepyError), SessionStore(folder).reading(stem) as view:
                for job_id, card in view.cards(job_ids - set(found)).items():
                    found[job_id] = card
            return found

        return sync_with_csv(store, stem, folder, find, today(clock), days)
    except SweepyError as exc:
        log(f"applications not synced with the CSV: {exc.message}")
        return None
