"""After the sweep: track_jobs (the person's applications, a dated status history) and get_outcomes (what the
history says works). The store is the profile's history database (sweepy/store/applications.py)."""

import datetime as dt
import logging
import statistics
from collections import defaultdict
from typing import Any

from pydantic import ValidationError

from ..domain.applications import (
    ANSWERS,
    MAX_TRACK_ITEMS,
    STATUSES,
    TrackItem,
    check_existed,
    clean_note,
)
from ..domain.cards import Card
from ..errors import InvalidArgument, NotFound, describe_validation_error
from ..store.applications import Application, Event, check_date, today
from ..store.followups import due_rows
from ..store.profiles import profile_stem
from ..store.session import load_session
from ..store.session_model import Session, check_stem
from . import arguments as a
from .answers_applications import ApplicationEntry, GetApplications, GetOutcomes, OutcomeCounts, TrackedEntry, TrackJobs
from .answers_cards import Rejected, TrackedStatus
from .application_stores import follow_up_days, open_store, profile_key
from .base import ServiceBase
from .cursors import Cursors

log = logging.getLogger("sweepy.service.applications")
BANDS = ((0, 49), (50, 69), (70, 84), (85, 100))
RATES_FROM = 5
"""Rates are shown from this many applications on; below it, counts alone (a 1-of-2 rate says nothing)."""
PAGE = 20
"""get_applications' page size when only cursor is given (as list_sweeps)."""
CURSORS = Cursors("get_applications")


def check_status(status: str | None) -> str | None:
    if status is not None and status not in STATUSES:
        raise InvalidArgument(f"status {status!r} is not one of {', '.join(STATUSES)}. Nothing was changed.")
    return status


def _parse_items(items: list[Any], now: dt.date) -> tuple[list[tuple[int, TrackItem, str]], list[Rejected]]:
    """The well-formed entries (index, item, date), and a rejection for each other one."""
    good: list[tuple[int, TrackItem, str]] = []
    rejected: list[Rejected] = []
    for index, raw in enumerate(items):
        job_id = raw.get("job_id") if isinstance(raw, dict) else None
        shown = job_id[:40] if isinstance(job_id, str) else None
        try:
            if not isinstance(raw, dict):
                raise ValueError("not an object: each entry is {job_id, status, date?, note?}.")
            if raw.get("status") is not None and raw.get("status") not in STATUSES:
                raise ValueError(f"status {raw['status']!r} is not one of {', '.join(STATUSES)}.")
            try:
                item = TrackItem.model_validate(raw)
            except ValidationError as exc:
                raise ValueError(describe_validation_error(exc)) from None
            good.append((index, item, check_date(item.date, now)))
        except ValueError as exc:
            rejected.append(Rejected(index=index, job_id=shown, reason=str(exc)))
    return good, rejected


class ApplicationTools(ServiceBase):
    # -- track_jobs -----------------------------------------------------------------------------------------
    def track_jobs(self, args: a.TrackJobs) -> TrackJobs:
        items, profile_stem, results_dir = args.items, args.profile_stem, args.results_dir
        if len(items) > MAX_TRACK_ITEMS:
            raise InvalidArgument(
                f"items holds {len(items):,} entries; track at most {MAX_TRACK_ITEMS} per call. Nothing was "
                "changed: send them in smaller batches."
            )
        now = today(self.clock())
        good, rejected = _parse_items(items, now)
        folder = self.workspace.read_dir(results_dir, "results_dir")
        stem = check_stem(profile_stem) if profile_stem is not None else None
        session = load_session(folder, stem)
        key = profile_key(session)
        resume = self.resume_fingerprint(session)
        changes, taken = _events(session, good, now, resume, key, rejected)
        rejected.sort(key=lambda r: r.index)
        if not changes:
            raise InvalidArgument(
                f"None of the {len(items)} entries applied (see rejected); nothing was changed. Fix them and call "
                "track_jobs again.",
                rejected=[r.model_dump(mode="json") for r in rejected],
            )
        store = open_store(self.workspace, session.profile_path, self.clock, create=True)
        assert store is not None
        changed = store.track(key, changes)
        now_tracked = store.applications(key, [item.job_id for _, item, _ in taken])
        accepted = [
            TrackedEntry(
                index=index,
                job_id=item.job_id,
                status=item.status,
                date=day,
                changed=flag,
                application=TrackedStatus.model_validate(now_tracked[item.job_id].brief()),
            )
            for (index, item, day), flag in zip(taken, changed, strict=True)
        ]
        count = sum(changed)
        return TrackJobs(
            accepted=accepted,
            rejected=rejected,
            accepted_count=len(accepted),
            changed_count=count,
            profile_stem=key,
            message=f"Recorded {count} status change(s) for profile {key!r}"
            + (f"; {len(accepted) - count} already recorded" if len(accepted) > count else "")
            + (f"; {len(rejected)} rejected (see rejected)" if rejected else "")
            + ". The next sweep's CSV shows them; get_outcomes counts them.",
        )

    def _applications_of(self, profile_path: str | None) -> tuple[str, str, dict[str, Application]]:
        """The profile key, its file and its tracked applications: of `profile_path`, else of the active
        session's profile."""
        if profile_path is not None:
            path = self.workspace.resolve_read(profile_path, "profile_path")
            key, history_from = profile_stem(path), str(path)
        else:
            try:
                session = load_session(self.workspace.read_dir("results", "results_dir"), None)
            except NotFound:
                raise NotFound("No active session names a profile: pass profile_path.") from None
            key, history_from = profile_key(session), session.profile_path or ""
        store = open_store(self.workspace, history_from or None, self.clock, create=False)
        return key, history_from, store.applications(key) if store is not None else {}

    # -- get_applications -----------------------------------------------------------------------------------
    def get_applications(self, args: a.GetApplications) -> GetApplications:
        status, due_only, profile_path, limit, cursor = (
            args.status,
            args.due_only,
            args.profile_path,
            args.limit,
            args.cursor,
        )
        key, source, found = self._applications_of(profile_path)
        days = follow_up_days(source or None)
        rows = due_rows(found.values(), today(self.clock()), days)
        rows = [r for r in rows if (status is None or r["status"] == status) and (r["follow_up_due"] or not due_only)]
        query = [status, due_only]
        start, size = 0, limit or PAGE
        if cursor is not None:
            after = CURSORS.decode(cursor, query)
            start = next((n for n, r in enumerate(rows) if r["job_id"] == after), -1) + 1
            if start == 0:
                raise InvalidArgument(
                    "cursor is stale: its application is no longer listed. Call get_applications without cursor."
                )
        paged = limit is not None or cursor is not None
        page = rows[start : start + size] if paged else rows
        more = paged and start + size < len(rows)
        due = sum(r["follow_up_due"] for r in rows)
        shown = "applications" + (f" with status {status}" if status else "") + (" due" if due_only else "")
        # With SWEEPY_TOOLS=core track_jobs is not listed: the CSV's status column is the way to record.
        record = (
            "type the status in the latest sweep CSV's status column (the next run_sweep reads it in)"
            if self.settings.tools == "core"
            else "record it with track_jobs"
        )
        message = (
            f"{len(rows)} {shown} for profile {key!r}; {due} follow-up(s) due"
            + (f" (follow_up_days {days}): follow up, then {record} when an answer comes." if due else ".")
            if rows
            else f"No {shown} for profile {key!r}: as the person applies, {record}; then call get_applications again."
        )
        return GetApplications(
            applications=[ApplicationEntry.model_validate(r) for r in page],
            total=len(rows),
            due_count=due,
            profile_stem=key,
            follow_up_days=days,
            next_cursor=CURSORS.encode(page[-1]["job_id"], query) if more and page else None,
            message=message,
        )

    # -- get_outcomes ---------------------------------------------------------------------------------------
    def get_outcomes(self, args: a.GetOutcomes) -> GetOutcomes:
        start = _since(args.since, today(self.clock()))
        key, _source, found = self._applications_of(args.profile_path)
        rows = [a for a in found.values() if (a.applied_on() or "") >= start and a.applied_on() is not None]
        groups: dict[str, dict[tuple[str, ...], list[Application]]] = defaultdict(lambda: defaultdict(list))
        for application in rows:
            first = next((e for e in application.events if e.status != "saved"), None)
            resume = first.resume if first else None
            track = first.track if first else None
            groups["by_resume"][(resume or "unknown", track or "")].append(application)
            groups["by_engine"][(application.posting.engine or application.posting.platform or "unknown",)].append(
                application
            )
            groups["by_match_band"][(_band(application.posting.match),)].append(application)
            applied = dt.date.fromisoformat(application.applied_on() or start)
            year, week, _ = applied.isocalendar()
            groups["by_week"][(f"{year}-W{week:02d}",)].append(application)
        names = {
            "by_resume": ("resume", "track"),
            "by_engine": ("engine",),
            "by_match_band": ("band",),
            "by_week": ("week",),
        }
        by = {
            group: [
                OutcomeCounts.model_validate({**dict(zip(keys, values, strict=True)), **_counts(members)})
                for values, members in sorted(groups[group].items())
            ]
            for group, keys in names.items()
        }
        totals = OutcomeCounts.model_validate(_counts(rows))
        message = (
            f"{totals.applied} applications"
            + (f" since {start}" if start else "")
            + f": {totals.answered} answered, {totals.interview} reached an interview, {totals.offer} an offer."
            + ("" if totals.applied >= RATES_FROM else f" Under {RATES_FROM} applications: counts only, no rates.")
            if rows
            else "No applications recorded yet" + (f" since {start}" if start else "") + ": call track_jobs with "
            "status applied as the person applies."
        )
        return GetOutcomes(
            profile_stem=key,
            since=start or None,
            totals=totals,
            by_resume=by["by_resume"],
            by_engine=by["by_engine"],
            by_match_band=by["by_match_band"],
            by_week=by["by_week"],
            message=message,
        )


def _since(raw: str | None, now: dt.date) -> str:
    if raw is None:
        return ""
    try:
        return check_date(raw, now)
    except ValueError as exc:
        raise InvalidArgument(f"since: {exc}") from None


def _band(match: int | None) -> str:
    if match is None:
        return "unscored"
    return next(f"{low}-{high}" for low, high in BANDS if match <= high)


def _counts(members: list[Application]) -> dict[str, Any]:
    """applied, answered (an interview, offer or rejection after applying), interview, offer, the median days to
    the first answer; rates only from RATES_FROM applications on."""
    answered = interview = offer = 0
    waits: list[int] = []
    for application in members:
        applied = application.applied_on()
        later = [e for e in application.events if applied is not None and e.date >= applied]
        answers = [e for e in later if e.status in ANSWERS]
        if answers:
            answered += 1
            waits.append((dt.date.fromisoformat(answers[0].date) - dt.date.fromisoformat(applied or "")).days)
        interview += any(e.status in ("interview", "offer") for e in later)
        offer += any(e.status == "offer" for e in later)
    counts: dict[str, Any] = {
        "applied": len(members),
        "answered": answered,
        "interview": interview,
        "offer": offer,
        "median_days_to_answer": statistics.median(waits) if waits else None,
    }
    if len(members) >= RATES_FROM:
        counts["rates"] = {k: round(counts[k] / len(members), 2) for k in ("answered", "interview", "offer")}
    return counts


def _events(
    session: Session,
    good: list[tuple[int, TrackItem, str]],
    now: dt.date,
    resume: str | None,
    key: str,
    rejected: list[Rejected],
) -> tuple[list[tuple[Card, Event]], list[tuple[int, TrackItem, str]]]:
    """The status events of the well-formed entries whose card is in the session and whose date is possible
    (not before the posting was up); each other one is added to `rejected` with the reason."""
    changes: list[tuple[Card, Event]] = []
    taken: list[tuple[int, TrackItem, str]] = []
    for index, item, day in good:
        card = session.card(item.job_id)
        if card is None:
            reason = f"unknown job_id: {item.job_id!r} is not a card of profile {key!r}. Call get_jobs for its ids."
            rejected.append(Rejected(index=index, job_id=item.job_id[:40], reason=reason))
            continue
        try:
            check_existed(dt.date.fromisoformat(day), card.posted_at, now)
        except ValueError as exc:
            rejected.append(Rejected(index=index, job_id=item.job_id[:40], reason=str(exc)))
            continue
        stamp = card.judged_resume if card.match_pct is not None and card.judged_resume else resume
        changes.append(
            (
                card,
                Event(item.job_id, item.status, day, clean_note(item.note), stamp, card.resume_track, "track_jobs"),
            )
        )
        taken.append((index, item, day))
    return changes, taken
