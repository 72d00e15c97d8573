"""watch_postings: are the postings the person cares about still up, and did they change? Each is asked of its
ATS board's API where it came from one (through the sweep's HTTP layer), else of its page (through the SSRF-safe
link checker). Runs in the sweep registry's background threads, polled with get_sweep_status like a sweep."""

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..domain.applications import WATCHED
from ..domain.cards import Card
from ..domain.postings import Posting
from ..domain.profile import Profile
from ..domain.text import normalize_company
from ..domain.urls import canonical_url
from ..engines.http import open_network
from ..errors import InvalidArgument, NotFound, SweepyError
from ..linkcheck import check_links
from ..pipeline import SweepOptions, discover_sources
from ..pipeline.score import CARD_DESCRIPTION_CAP
from ..store.applications import Application, ApplicationStore, TrackedPosting, today
from ..store.history import check_history_path
from ..store.profiles import load_profile
from ..store.session import load_session
from ..store.session_model import check_stem
from ..sweeps import SweepJob, SweepLog, new_job_id
from . import arguments as a
from .answers import FieldChange, WatchCompleted, Watched
from .application_stores import history_raw, profile_key
from .base import ServiceBase
from .limits import MAX_WATCH

log = logging.getLogger("sweepy")
ATS_ENGINES = frozenset(("greenhouse", "lever", "ashby", "workable", "smartrecruiters", "recruitee", "workday"))
"""Engines that read an employer's own board: a posting missing from a board that was read is closed."""
STAGES = ("boards", "links", "compare")
State = Literal["open", "closed", "unknown"]
PAGE_STATES: dict[str, State] = {"dead": "closed", "verified": "open"}
"""A posting's state from the link checker's verdict on its page (any other verdict: unknown)."""


@dataclass
class Target:
    """One posting to re-check: what was recorded of it (the last watch's fields, else the posting as tracked)."""

    job_id: str
    posting: TrackedPosting
    application: Application | None

    @property
    def baseline(self) -> dict[str, str]:
        watched = self.application.watched if self.application is not None else None
        return {k: str(v) for k, v in watched.items()} if watched else self.posting.fields()


@dataclass
class Seen:
    state: State
    reason: str
    fields: dict[str, str] | None = None  # what the board shows now (a page check has none)
    checked_by: Literal["board", "link"] = "link"


def _fields(posting: Posting) -> dict[str, str]:
    """The compared fields of a posting as a board shows it now, made the way a sweep makes its card."""
    card = Card(
        job_id="",
        title=posting.title,
        company=posting.company,
        location=posting.location,
        workplace=posting.workplace,
        url=posting.url,
        salary=posting.salary,
        description=posting.description[:CARD_DESCRIPTION_CAP],
    )
    return TrackedPosting.of(card).fields()


class WatchTools(ServiceBase):
    def watch_postings(self, args: a.WatchPostings) -> SweepJob:
        """Check the arguments and pick the postings, then start the watch thread (the face waits on it)."""
        job_ids, profile_stem, results_dir = args.job_ids, args.profile_stem, args.results_dir
        if job_ids is not None and len(job_ids) > MAX_WATCH:
            raise InvalidArgument(f"job_ids holds {len(job_ids)} ids; watch at most {MAX_WATCH} per call.")
        ws = self.workspace
        folder = ws.read_dir(results_dir, "results_dir")
        session = load_session(folder, check_stem(profile_stem) if profile_stem is not None else None)
        key = profile_key(session)
        history = check_history_path(ws, history_raw(session.profile_path), "history path")
        store = ApplicationStore(history, clock=self.clock) if history.is_file() else None
        tracked = store.applications(key) if store is not None else {}
        targets = self._targets(job_ids, tracked, session.cards, key)
        profile: Profile | None = None
        if session.profile_path:
            try:
                profile = load_profile(Path(session.profile_path))
            except SweepyError:
                profile = None  # the boards cannot be asked without it; the pages still can
        results = ws.results_dir(results_dir)
        job_id = new_job_id()
        job = SweepJob(
            Path(session.profile_path or folder),
            key,
            SweepOptions(),
            ws.resolve_write(results / "logs" / f"{job_id}.log", "debug log"),
            id=job_id,
            profile_digest=hashlib.sha256("|".join(sorted(t.job_id for t in targets)).encode()).hexdigest()[:16],
            kind="watch",
            stage_names=STAGES,
        )
        return self.sweeps.start_or_join(job, lambda j: self._watch(j, targets, profile, history, key))[0]

    def _targets(
        self, job_ids: list[str] | None, tracked: dict[str, Application], cards: list[Card], key: str
    ) -> list[Target]:
        by_id = {card.job_id: card for card in cards}
        if job_ids is None:
            chosen = [a for a in tracked.values() if a.status in WATCHED]
            chosen.sort(key=lambda a: (a.since or "", a.job_id), reverse=True)
            return [Target(a.job_id, a.posting, a) for a in chosen[:MAX_WATCH]]
        unknown = [j for j in dict.fromkeys(job_ids) if j not in tracked and j not in by_id]
        if unknown:
            raise NotFound(
                f"Not tracked and not a card of profile {key!r}: {', '.join(repr(j[:40]) for j in unknown[:10])}. "
                "Nothing was checked; call get_jobs for its job_ids.",
                unknown_job_ids=[j[:40] for j in unknown],
            )
        return [
            Target(j, tracked[j].posting, tracked[j]) if j in tracked else Target(j, TrackedPosting.of(by_id[j]), None)
            for j in dict.fromkeys(job_ids)
        ]

    def _watch(self, job: SweepJob, targets: list[Target], profile: Profile | None, history: Path, key: str) -> None:
        """The watch thread: boards, then pages, then the comparison, kept in the history. Ends completed or
        failed, never left running."""
        watch_log = SweepLog(job.debug_log)
        try:
            job.set_progress(1, "boards")
            seen = self._boards(targets, profile, watch_log)
            job.set_progress(2, "links")
            rest = [t for t in targets if t.job_id not in seen]
            links = [t.posting.url or t.posting.apply_url for t in rest]
            verdicts = (
                check_links(links, allow_private=self.settings.allow_private_urls, proxies=self.settings.proxy)
                if rest
                else []
            )
            for target, verdict in zip(rest, verdicts, strict=True):
                state = PAGE_STATES.get(verdict.verdict, "unknown")
                seen[target.job_id] = Seen(state, f"page {verdict.reason}: {verdict.detail}"[:300])
            job.set_progress(3, "compare")
            job.finish(result=self._compare(job, targets, seen, history, key))
        except SweepyError as exc:
            watch_log(f"failed: {exc.message}")
            job.finish(error=exc.message)
        except BaseException as exc:
            log.exception("watch %s crashed", job.id)
            job.finish(
                error=f"The watch stopped on an internal error in Sweepy ({type(exc).__name__}); the "
                "debug log has the traceback: run it again, and report the log if it happens "
                "again."
            )
            if not isinstance(exc, Exception):
                raise

    def _boards(self, targets: list[Target], profile: Profile | None, watch_log: SweepLog) -> dict[str, Seen]:
        """What the ATS boards say of the targets that came from one: open (with the fields shown now), or
        closed when the board was read, lists the employer's other postings, and not this one."""
        engines = {t.posting.engine for t in targets} & ATS_ENGINES
        if profile is None or not engines:
            return {}
        sources = {name: block for name, block in profile.sources.items() if name in engines}
        if not sources:
            return {}
        ws = self.workspace
        with open_network(
            self.http_client,
            ws.resolve_write(ws.state_dir, "state folder"),
            None,
            None,
            self.clock,
            trust_base_urls=self.settings.trust_base_urls,
        ) as network:
            boards = profile.model_copy(update={"sources": sources})
            found = discover_sources(boards, ws, network, watch_log, self.monotonic)
        read = {report.engine for report in found.sources if report.status == "ok"}
        failed = {
            report.engine: f"{report.reason}: {report.detail}" for report in found.sources if report.status != "ok"
        }
        by_url = {p.canonical_url or canonical_url(p.url): p for p in found.postings}
        companies = {(p.engine, normalize_company(p.company)) for p in found.postings}
        seen: dict[str, Seen] = {}
        for target in targets:
            engine = target.posting.engine
            if engine not in sources:
                continue
            posting = by_url.get(canonical_url(target.posting.url)) if target.posting.url else None
            if posting is not None:
                seen[target.job_id] = Seen("open", f"listed on its {engine} board", _fields(posting), "board")
            elif engine in failed:
                watch_log(f"{target.job_id}: {engine} board not read ({failed[engine]}); checking the page")
            elif engine in read and (engine, normalize_company(target.posting.company)) in companies:
                seen[target.job_id] = Seen("closed", f"gone from its {engine} board", None, "board")
        return seen

    def _compare(
        self, job: SweepJob, targets: list[Target], seen: dict[str, Seen], history: Path, key: str
    ) -> WatchCompleted:
        """Each posting's state and changes against what was recorded, kept in the history with today's date."""
        day = today(self.clock()).isoformat()
        rows: list[Watched] = []
        kept: list[tuple[str, str, str, dict[str, Any] | None, list[dict[str, Any]]]] = []
        for target in targets:
            now = seen[target.job_id]
            row, changes = _watched(target, now)
            rows.append(row)
            kept.append((target.job_id, now.state, now.reason, now.fields, changes))
        if kept:  # an empty watch creates no database
            store = ApplicationStore(history, clock=self.clock)
            store.ensure_tracked(key, [(t.job_id, t.posting) for t in targets if t.application is None])
            store.record_watch(key, day, kept)
        counts = {state: sum(r.state == state for r in rows) for state in ("open", "closed", "unknown")}
        news = [r for r in rows if r.changes or r.state_changed]
        alarm = [r for r in rows if r.closed_after_applied]
        message = (
            f"Checked {len(rows)} postings: {counts['open']} open, {counts['closed']} closed, {counts['unknown']} "
            f"unknown; {len(news)} changed since the last watch."
        )
        if not rows:
            message = (
                "Nothing to watch: no posting of this profile is tracked as saved, applied or interview. Call "
                "track_jobs as the person saves or applies, or pass job_ids."
            )
        if alarm:
            message += (
                " Closed after the person applied: " + "; ".join(f"{r.title} at {r.company}" for r in alarm) + "."
            )
        return WatchCompleted(
            sweep_status="completed",
            job_id=job.id,
            watched_count=len(rows),
            open_count=counts["open"],
            closed_count=counts["closed"],
            unknown_count=counts["unknown"],
            changed_count=len(news),
            postings=rows,
            elapsed_seconds=job.elapsed_seconds(),
            debug_log=str(job.debug_log),
            message=message,
        )


def _watched(target: Target, now: Seen) -> tuple[Watched, list[dict[str, Any]]]:
    """One posting's row of the watch (its state against the one recorded, what changed) and those changes as
    the history keeps them."""
    before = target.baseline
    changes = [
        {"field": name, "before": before.get(name, ""), "after": value}
        for name, value in (now.fields or {}).items()
        if value != before.get(name, "")
    ]
    application = target.application
    previous = application.watch_state if application is not None else None
    applied = application.applied_on() if application is not None else None
    row = Watched(
        job_id=target.job_id,
        title=target.posting.title,
        company=target.posting.company,
        state=now.state,
        previous_state=previous,
        state_changed=previous is not None and previous != now.state,
        changes=[FieldChange.model_validate(change) for change in changes],
        checked_by=now.checked_by,
        closed_after_applied=now.state == "closed" and applied is not None and previous != "closed",
        status=application.status if application is not None else None,
    )
    if now.state != "open":
        row.reason = now.reason
    return row, changes
