"""The CSV and the application store in agreement: statuses the person typed in a sweep's CSV read into the store
(as of the day they took effect), and the columns the next CSV shows from the store (status, dates, the latest
track_jobs note) and from the profile's saved session (the assistant's judgment)."""

import contextlib
import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path

from ..domain.applications import EARLIEST, FOLLOW_UP_DAYS, STATUSES, follow_up_day
from ..domain.cards import Card
from ..errors import SweepyError
from .applications import Application, ApplicationStore, Event, today
from .csvfiles import JUDGMENT_COLUMNS, TRACKING_COLUMNS, tracking_index
from .history import check_history_path
from .paths import Workspace
from .reads import file_identity
from .session import SessionStore
from .tracking import Values

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


def typed_events(job_id: str, values: Values, saved: dt.date, now: dt.date,
                 application: Application | None) -> list[Event]:  # fmt: skip
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


def sync_with_csv(store: ApplicationStore, profile: str, folder: Path, find: Callable[[set[str]], dict[str, Card]],
                  now: dt.date, days: int = FOLLOW_UP_DAYS) -> dict[str, dict[str, str]]:  # fmt: skip
    """The CSV and the store agree. A status the person typed in one of the profile's CSVs (a valid one, other
    than what the store last exchanged with that CSV, in a CSV saved after the store's last change for that
    job) is recorded as of the day it took effect (typed_events). Then the columns the next CSV shows for every
    tracked job (csv_values; the person's own dates win). `find`: the cards of these job_ids (only a status
    typed for an untracked job needs its card); `days`: the profile's follow_up_days."""
    applications = store.applications(profile)
    index = tracking_index(folder, profile).values
    untracked = {job_id for job_id, (_s, values) in index.items()
                 if values[0].strip().lower() in STATUSES and job_id not in applications}  # fmt: skip
    cards = find(untracked) if untracked else {}
    exchanged: dict[str, str] = {}
    for job_id, (source, values) in index.items():
        typed = values[0].strip().lower()
        application = applications.get(job_id)
        if typed not in STATUSES or (application is not None and typed in (application.csv_status,
                                                                          application.status)):  # fmt: skip
            if application is not None and typed in STATUSES:
                exchanged[job_id] = typed
            continue
        card = cards.get(job_id)
        saved = file_identity(folder / source)
        events = typed_events(job_id, values, csv_saved_day(folder / source, now), now, application)
        if application is not None:
            last = store.last_change(profile, job_id)
            if last is not None and saved is not None and saved[3] / 1e9 <= last:
                continue  # the CSV predates the store's last change: its value is the older one
            for event in events:
                store.add_status(profile, event)
        elif card is not None:
            stamped = [Event(e.job_id, e.status, e.date, None, card.judged_resume, card.resume_track, "csv")
                       for e in events]  # fmt: skip
            store.track(profile, [(card, event) for event in stamped])
        else:
            continue  # no card to record the posting from: it stays in the CSV alone
        exchanged[job_id] = typed
    overlay = csv_values(store.applications(profile), days)
    exchanged.update({job_id: values["status"] for job_id, values in overlay.items()})
    store.set_csv_status(profile, exchanged)
    return overlay


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
        overlay[job_id] = {"status": application.status, "applied_on": applied, "follow_up_on": follow,
                           "track_note": application.note or ""}  # fmt: skip
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


def sweep_overlay(workspace: Workspace, history_path: str, clock: float, folder: Path, stem: str,
                  cards: Sequence[Card], log: Callable[[str], None],
                  days: int = FOLLOW_UP_DAYS) -> dict[str, dict[str, str]] | None:  # fmt: skip
    """For a sweep about to write its CSV: statuses typed in the earlier CSVs read in, and the tracking values
    the new CSV shows. None when nothing was ever tracked (no database is created for that), or when the store
    cannot be used now (the sweep goes on; its CSV carries what the person typed)."""
    try:
        path = check_history_path(workspace, history_path, "history path")
        typed = any(v[0].strip().lower() in STATUSES for _s, v in tracking_index(folder, stem).values.values())
        if not path.is_file() and not typed:
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
