"""The sweeps: run_sweep and get_sweep_status (a background thread per sweep), list_sweeps, sweepy sources."""

import hashlib
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from ..domain.cards import Card
from ..domain.profile import Profile
from ..engines import validate_sources
from ..engines.http import Network, open_network
from ..errors import InvalidArgument, NotFound, SweepCancelled, SweepFailed, SweepyError
from ..pipeline import SweepContext, SweepOptions, SweepOutcome, commit_history, discover_sources, run
from ..pipeline.score import CARD_ID
from ..store.history import check_history_path
from ..store.paths import Workspace
from ..store.profiles import dump_profile, find_profile, load_profile, profile_stem
from ..store.results import write_results
from ..sweeps import SweepJob, SweepLog, new_job_id
from .answers import (
    DroppedPosting,
    JobState,
    ResultFiles,
    SkippedSourceLine,
    SourceLine,
    SweepCompleted,
    SweepProgress,
    SweepRunning,
    SweepScheduled,
    TopRole,
    WatchCompleted,
)
from .base import KEYWORD_NOTE, shown_path
from .digest import DigestTools

log = logging.getLogger("sweepy")


class SweepTools(DigestTools):
    # -- sweepy sources ---------------------------------------------------------------------------------------
    def check_sources(self, profile_path: str | None) -> list[dict[str, Any]]:
        """Ask every enabled source of a profile now, the way a sweep does but without the cache or the breaker
        (the question is whether it answers now): one report each, as in a sweep's `sources`."""
        ws = self.workspace
        profile = load_profile(find_profile(ws, profile_path))
        with open_network(
            self.http_client, ws.state_dir, None, None, self.clock, trust_base_urls=self.settings.trust_base_urls
        ) as network:
            found = discover_sources(profile, ws, network, log.debug, self.monotonic)
        return [report.to_dict() for report in found.sources]

    # -- run_sweep / get_sweep_status -----------------------------------------------------------------------
    def start_sweep(
        self,
        profile_path: str | None,
        deduplicate: bool,
        include_seen: bool,
        prepare: Callable[[SweepJob], None] | None = None,
    ) -> tuple[SweepJob, bool]:
        """Validate everything a sweep needs, then start it (or join an identical running one). A schedule's run
        passes `prepare` (sweepy.sweeps.SweepRegistry.start_or_join): it never joins, and records its job first."""
        ws = self.workspace
        path, profile = self.sweep_profile(profile_path)
        results = ws.results_dir("results")
        job_id = new_job_id()
        debug_log = ws.resolve_write(results / "logs" / f"{job_id}.log", "debug log")
        digest = hashlib.sha256(dump_profile(profile).encode("utf-8")).hexdigest()[:16]
        job = SweepJob(
            path,
            profile_stem(path),
            SweepOptions(deduplicate, include_seen),
            debug_log,
            id=job_id,
            profile_digest=digest,
        )
        return self.sweeps.start_or_join(job, lambda j: self._execute(j, profile, ws, results), prepare)

    def sweep_profile(self, profile_path: str | None) -> tuple[Path, Profile]:
        """The profile a sweep would use, refused as a sweep would refuse it (history path, resume, engines)."""
        ws = self.workspace
        path = find_profile(ws, profile_path)
        profile = load_profile(path)
        check_history_path(ws, profile.history.path, f"history.path of {path.name}")
        ws.resolve_read(profile.resume.path, "Resume in the profile")
        configs = validate_sources(profile.sources, ws)
        if not configs:
            raise InvalidArgument(
                f"Profile {path.name} enables no engine, so a sweep would find nothing. Add a sources block "
                "(call create_profile with sources_config) and sweep again."
            )
        return path, profile

    def _network(self, profile: Profile, ws: Workspace) -> AbstractContextManager[Network]:
        """The sweep's network: a fresh client, the profile's cache and circuit breaker in the state folder."""
        cache, breaker = profile.cache, profile.orchestrator.circuit_breaker
        return open_network(
            self.http_client,
            ws.resolve_write(ws.state_dir, "state folder"),
            cache.ttl_seconds if cache.enabled else None,
            (breaker.failure_threshold, breaker.cooldown_seconds),
            self.clock,
            trust_base_urls=self.settings.trust_base_urls,
        )

    def _execute(self, job: SweepJob, profile: Profile, ws: Workspace, results: Path) -> None:
        """The sweep thread. Whatever happens, the job ends completed or failed: never left "running"."""
        sweep_log = SweepLog(job.debug_log)
        try:
            sweep_log(f"sweep {job.id} of {job.profile_path} options={job.options}")

            def progress(step: int, label: str) -> None:
                job.set_progress(step, label)
                sweep_log(f"stage {step}/{job.total} {label}")
                if job.cancel_asked.is_set():
                    raise SweepCancelled(f"Cancelled by cancel_sweep before stage {step} ({label}).")

            with self._network(profile, ws) as network:
                known = self.sessions(results).known_ids(job.stem)  # what the profile's earlier sweeps matched
                ctx = SweepContext(
                    profile,
                    job.profile_path,
                    ws,
                    job.options,
                    clock=self.clock,
                    progress=progress,
                    log=sweep_log,
                    network=network,
                    monotonic=self.monotonic,
                    known=known,
                )
                out = run(ctx)
            _log_outcome(sweep_log, out)
            if job.cancel_asked.is_set():
                raise SweepCancelled("Cancelled by cancel_sweep before its results were written.")
            reports = write_results(ctx, out, results, job.id, self.settings.max_result_bytes)
            answer = self._completed(job, profile, out, reports)
            self._digest(job, results, answer, sweep_log)
            _save_history(ctx, out, answer, sweep_log)
            # The log is complete before the job ends: a waiter wakes the moment it does, and may read it.
            sweep_log(f"completed: {len(out.cards)} cards")
            job.finish(result=answer)
        except SweepCancelled as exc:
            sweep_log(f"cancelled: {exc.message}")
            job.finish(error=exc.message, cancelled=True)
        except SweepyError as exc:
            sweep_log(f"failed: {exc.message}")
            job.finish(error=exc.message)
        except BaseException as exc:
            log.exception("sweep %s crashed", job.id)
            sweep_log(f"crashed: {type(exc).__name__}: {exc}")
            job.finish(
                error=f"The sweep stopped on an internal error in Sweepy ({type(exc).__name__}); the "
                "sweep's debug log has the traceback: run it again, and report the log if it "
                "happens again."
            )
            if not isinstance(exc, Exception):
                raise

    def _digest(self, job: SweepJob, results: Path, answer: SweepCompleted, sweep_log: SweepLog) -> None:
        """Every sweep (run at once or scheduled) that found new cards writes its digest (service/digest.py)."""
        try:
            answer.new_card_count = self.write_digest(results, job.stem, job.id)
        except SweepyError as exc:  # the cards are in the session; only the digest's summary of them is missing
            sweep_log(f"digest not written: {exc.message}")
            answer.message += f" The digest of new cards was not written ({exc.message}); get_jobs new_only lists them."
            return
        sweep_log(f"new cards: {answer.new_card_count}")
        if answer.new_card_count:
            count = answer.new_card_count
            one = count == 1
            answer.message += (
                f" {count} {'card is' if one else 'cards are'} new: no earlier sweep of the profile "
                f"matched {'it' if one else 'them'} (get_jobs new_only: true; "
                "sweepy://digest/latest)."
            )

    def _completed(self, job: SweepJob, profile: Profile, out: SweepOutcome, reports: dict[str, str]) -> SweepCompleted:
        cards = out.cards
        top = [top_role(out.carried.get(c.job_id, c)) for c in cards[:5]]
        assessed = sum(c.match_pct is not None for c in out.carried.values())  # scored cards are unjudged
        mode = profile.report.assessment
        if cards:
            message = f"{len(cards)} roles found; the best keyword overlap is {cards[0].title} at {cards[0].company}. "
            message += KEYWORD_NOTE
        elif out.previously_seen:
            message = (
                f"All {out.previously_seen} matching postings were reported by earlier sweeps. Call run_sweep with "
                "include_seen: true to review them."
            )
        else:
            message = _nothing_found(out)
        if out.kept_over:
            message += (
                f" Kept from the profile's earlier session, still open and not found again: "
                f"{len(out.kept_over)} judged or imported cards (get_jobs lists them with these)."
            )
        return SweepCompleted(
            message=message,
            carried_count=len(out.kept_over),
            migrated=None,  # a sweep moves no session file; the answer has always said so with a null
            sweep_status="completed",
            job_id=job.id,
            profile_stem=job.stem,
            profile_path=shown_path(self.workspace, job.profile_path),
            discovered_count=out.discovered,
            new_count=out.new,
            previously_seen_count=out.previously_seen,
            active_count=len(cards),
            top_match=top[0] if top else None,
            top_roles=top,
            reports=ResultFiles.model_validate(reports),
            job_ids=cards.job_ids(),
            card_count=len(cards),
            assessed_count=assessed,
            assessment_mode=mode,
            assessment_required=mode == "agent" and assessed < len(cards),
            skipped_sources=[SkippedSourceLine.model_validate(s.to_dict()) for s in out.skipped_sources],
            sources=[SourceLine.model_validate(s.to_dict()) for s in out.sources],
            dropped=dict(sorted(out.drops.items())),
            dropped_examples={r: [DroppedPosting(**e) for e in ex] for r, ex in out.drops.example_dicts().items()},
            skipped_records=len(out.skipped_records),
            elapsed_seconds=job.elapsed_seconds(),
            debug_log=str(job.debug_log),
        )

    def sweep_payload(self, job: SweepJob) -> JobState:
        """get_sweep_status: the running answer, or the completed one the job keeps (a sweep's or a watch's); a
        failed job raises SweepFailed."""
        if job.status == "failed":
            raise SweepFailed(
                job.error or "The sweep failed.", job_id=job.id, sweep_status="failed", debug_log=str(job.debug_log)
            )
        if job.status == "completed" and isinstance(job.result, SweepCompleted | WatchCompleted):
            return job.result
        if job.status == "cancelled":
            return cancelled_answer(job)
        running = SweepRunning(
            message=f"{job.kind.capitalize()} is running (step {job.step}/{job.total}: {job.label}). Call "
            f"get_sweep_status with job_id {job.id!r} until sweep_status reads completed.",
            migrated=None,
            sweep_status="running",
            job_id=job.id,
            progress=SweepProgress(step=job.step, total=job.total, label=job.label),
            elapsed_seconds=job.elapsed_seconds(),
            debug_log=str(job.debug_log),
        )
        if job.kind == "sweep":  # which profile it sweeps (a watch checks a session's postings)
            running.profile_stem, running.profile_path = job.stem, shown_path(self.workspace, job.profile_path)
        return running

    def sweep_answer(self, job: SweepJob) -> SweepRunning | SweepCompleted | SweepScheduled:
        """run_sweep: the sweep's running or completed answer (sweep_payload, for a job that is a sweep)."""
        answer = self.sweep_payload(job)
        if isinstance(answer, WatchCompleted):  # start_sweep only ever starts sweeps
            raise TypeError(f"job {job.id} is a watch, not a sweep")
        return answer

    def watch_answer(self, job: SweepJob) -> SweepRunning | WatchCompleted:
        """watch_postings: the watch's running or completed answer (sweep_payload, for a job that is a watch)."""
        answer = self.sweep_payload(job)
        if isinstance(answer, SweepScheduled):
            raise SweepFailed(answer.message, job_id=job.id, sweep_status="cancelled", debug_log=str(job.debug_log))
        if isinstance(answer, SweepCompleted):  # start_watch only ever starts watches
            raise TypeError(f"job {job.id} is a sweep, not a watch")
        return answer

    def find_sweep(self, job_id: str | None) -> SweepJob:
        """The sweep or watch of `job_id` (the newest without one). A card's id, which an assistant may pass
        here for the job_id of get_jobs, is refused with a pointer to get_jobs."""
        try:
            return self.sweeps.get(job_id)
        except NotFound as exc:
            if job_id is None or not CARD_ID.fullmatch(job_id):
                raise
            raise NotFound(
                f"{job_id!r} is a card id (the job_id of a get_jobs card), not a sweep's job_id. Call get_jobs for "
                "the session's cards, or get_sweep_status without job_id for the newest sweep."
            ) from exc


def cancelled_answer(job: SweepJob) -> SweepScheduled:
    """A sweep stopped by cancel_sweep (or about to stop: it was asked, and ends at its next stage)."""
    scheduled_for, zone = job.scheduled or (None, None)
    return SweepScheduled(
        message=f"{job.kind.capitalize()} {job.id} was cancelled ({job.error or 'at its next stage'}); it wrote no "
        "results. Call run_sweep to sweep again.",
        migrated=None,
        sweep_status="cancelled",
        job_id=job.id,
        scheduled_for=scheduled_for,
        schedule_timezone=zone,
        repeat=None,
        last_run=None,
    )


def top_role(card: Card) -> TopRole:
    return TopRole(
        job_id=card.job_id,
        title=card.title,
        company=card.company,
        location=card.location,
        url=card.url,
        match_score=card.match_score,
        match_kind=card.match_kind,
    )


def _failures(out: SweepOutcome, shown: int = 5) -> str:
    """The failed sources with their reasons, the first few in full."""
    failed = [s for s in out.sources if s.status == "skipped"]
    named = "; ".join(f"{s.engine}/{s.source}: {s.reason} ({s.detail[:160]})" for s in failed[:shown])
    return named + (f"; and {len(failed) - shown} more (see skipped_sources)" if len(failed) > shown else "")


def _nothing_found(out: SweepOutcome) -> str:
    """Why a sweep kept no card, pointing the right way: when its sources failed, widening the search is no help."""
    failed = sum(s.status == "skipped" for s in out.sources)
    if out.sources and failed == len(out.sources):
        return (
            f"No postings: every source of the sweep failed ({failed} of {failed}), so nothing was searched. "
            f"{_failures(out)}. Fix what the reasons say (the network, a board name, a key), or try again later; "
            "the profile's search is not the problem."
        )
    reasons = ", ".join(f"{k}: {v}" for k, v in sorted(out.drops.items())) or "none"
    message = f"No postings matched the profile (dropped by reason: {reasons})."
    if not out.discovered:
        message += " The sources that answered had no postings."
    else:
        message += " Widen titles or location (or lower min_salary) in the profile."
    if failed:
        message += f" {failed} of {len(out.sources)} sources failed: {_failures(out)}."
    return message


def _log_outcome(sweep_log: SweepLog, out: SweepOutcome) -> None:
    """What the sweep skipped and dropped, in its debug log."""
    for where, reason in out.skipped_records:
        sweep_log(f"skipped record {where}: {reason}")
    for source in out.skipped_sources:
        sweep_log(f"skipped source {source.engine}/{source.source}: {source.reason} ({source.detail})")
    sweep_log(f"dropped {dict(out.drops)}; stage seconds {out.timings}")


def _save_history(ctx: SweepContext, out: SweepOutcome, answer: SweepCompleted, sweep_log: SweepLog) -> None:
    """The sweep's postings into the history; a history that cannot be written leaves the results, which are
    real, and the answer says what was not saved."""
    try:
        commit_history(ctx, out)
    except SweepyError as exc:
        sweep_log(f"history not saved: {exc.message}")
        answer.history_saved = False
        answer.message += f" The history was not saved ({exc.message}), so the next sweep may report "
        answer.message += "these postings again."
