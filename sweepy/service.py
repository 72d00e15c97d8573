"""One method per tool: the whole behaviour of Sweepy, testable without MCP. Methods return payload dicts
(without `status`) or raise SweepyError."""

import hashlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from .config import (
    MAX_PROFILE_BYTES,
    Profile,
    deep_merge,
    default_profile_filename,
    dump_profile,
    find_profile,
    load_profile,
    profile_stem,
    validate_profile_data,
)
from .engines import default_engines, engines, validate_sources
from .engines.http import build_client, open_network
from .errors import InvalidArgument, NotFound, SweepFailed, SweepyError
from .history import HistoryStore, check_history_path
from .jobs import SweepJob, SweepLog, SweepRegistry, new_job_id
from .paths import INSTALL_DIR, Workspace, atomic_write_text, keep_backup
from .pipeline import SweepContext, SweepOptions, SweepOutcome, commit_history, discover_sources, run
from .results import read_result, result_files, write_results
from .resume import resume_text
from .session import check_stem, load_session
from .settings import Settings

log = logging.getLogger("sweepy")
KEYWORD_NOTE = (
    "Scores labelled KEYWORD OVERLAP are deterministic first-pass values: call get_jobs, judge each card, and "
    "submit_judgments before presenting them as matches."
)


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def rank(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A submitted match_pct outranks keyword overlap; then the score, then the title."""
    return sorted(
        cards,
        key=lambda c: (
            c.get("match_pct") is None,
            -(c.get("match_score") or 0),
            str(c.get("title", "")).lower(),
        ),
    )


class SweepyService:
    def __init__(
        self,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
        http_client: Callable[[], httpx.Client] = build_client,
    ) -> None:
        """`settings` default to the environment now; `http_client` makes the one client each sweep shares
        across its sources (tests may inject theirs)."""
        self.settings = settings or Settings.from_env()
        self.sweeps = SweepRegistry()
        self.clock = clock
        self.http_client = http_client

    @property
    def workspace(self) -> Workspace:
        return self.settings.workspace()

    # -- create_profile -------------------------------------------------------------------------------------
    def create_profile(
        self,
        name: str,
        titles: list[str],
        location: str,
        resume_path: str,
        remote_only: bool = False,
        include_hybrid: bool = True,
        min_salary: int = 0,
        must_have_skills: list[str] | None = None,
        synonyms: list[list[str]] | None = None,
        platforms: dict[str, Any] | None = None,
        sources_config: dict[str, Any] | None = None,
        cache_config: dict[str, Any] | None = None,
        orchestrator_config: dict[str, Any] | None = None,
        history_config: dict[str, Any] | None = None,
        job_tracking: bool = True,
        assessment: str = "agent",
        output_filename: str | None = None,
    ) -> dict[str, Any]:
        ws = self.workspace
        resume = ws.resolve_read(resume_path, "resume_path")
        base = {
            "name": name,
            "search": {
                "titles": titles,
                "location": location,
                "remote_only": remote_only,
                "include_hybrid": include_hybrid,
                "min_salary": min_salary,
            },
            "resume": {
                "path": str(resume),
                "must_have_skills": must_have_skills or [],
                "synonyms": synonyms or [],
            },
            "platforms": dict(platforms or {}),
            "sources": {} if sources_config else {name: {"enabled": True} for name in default_engines()},
            "export": {"tracking": job_tracking},
            "report": {"assessment": assessment},
        }
        for block, changes in (
            ("sources", sources_config),
            ("cache", cache_config),
            ("orchestrator", orchestrator_config),
            ("history", history_config),
        ):
            if changes:
                base[block] = deep_merge(base.get(block, {}), changes)  # type: ignore[arg-type]
        profile = validate_profile_data(
            base, "built from these arguments", fix="Fix that argument and call create_profile again."
        )
        resume_text(resume)  # a resume that cannot be read fails now, not in the middle of a sweep
        enabled = sorted(validate_sources(profile.sources, ws))
        if not enabled:
            raise InvalidArgument(
                "sources_config enables no source, so a sweep would find nothing; nothing was written. Enable "
                'one, e.g. {"greenhouse": {"boards": ["acme"]}}, {"remotive": {"enabled": true}} or {"feed": '
                '{"path": "postings.jsonl"}}, or leave sources_config out to use the keyless public boards.'
            )
        check_history_path(ws, profile.history.path, "history_config.path")  # a sweep could never write it
        raw_target = output_filename or default_profile_filename(name, titles[0])
        if not raw_target.lower().endswith((".yaml", ".yml")):
            raise InvalidArgument(f"output_filename {raw_target!r} must end with .yaml or .yml.")
        target = ws.resolve_write(raw_target, "output_filename")
        text = dump_profile(profile)
        backup = keep_backup(target, text.encode("utf-8"), self.clock(), MAX_PROFILE_BYTES)
        atomic_write_text(target, text)
        try:
            ws.update_state(last_profile=str(target))
            remembered = ""
        except SweepyError as exc:  # the profile is written; only the run_sweep default is not updated
            remembered = f" (It could not be made the default profile: {exc.message} Pass profile_path.)"
        not_enabled = sorted(set(engines()) - set(enabled))
        message = f"Profile written to {target}. Call run_sweep with profile_path to sweep it.{remembered}"
        if backup is not None:
            message += f" The file it replaced differed, so it was kept as {backup}."
        if not sources_config:
            message += (
                f" No sources_config was given, so the keyless public boards are enabled ({', '.join(enabled)}); "
                "add company boards (greenhouse, lever, ashby, ...) or keyed engines through sources_config."
            )
        return {
            "profile_path": str(target),
            "profile_stem": profile_stem(target),
            "backup_path": str(backup) if backup else None,
            "enabled_engines": enabled,
            "engines_not_enabled": not_enabled,
            "default_sources_used": not sources_config,
            "message": message,
        }

    # -- sweepy sources ---------------------------------------------------------------------------------------
    def check_sources(self, profile_path: str | None) -> list[dict[str, Any]]:
        """Ask every enabled source of a profile now, the way a sweep does but without the cache or the breaker
        (the question is whether it answers now): one report each, as in a sweep's `sources`."""
        ws = self.workspace
        profile = load_profile(find_profile(ws, profile_path))
        with open_network(self.http_client, ws.state_dir, None, None, self.clock) as network:
            found = discover_sources(profile, ws, network, log.debug)
        return [report.to_dict() for report in found.sources]

    # -- run_sweep / get_sweep_status -----------------------------------------------------------------------
    def start_sweep(self, profile_path: str | None, deduplicate: bool, include_seen: bool) -> tuple[SweepJob, bool]:
        """Validate everything a sweep needs, then start it (or join an identical running one)."""
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
        return self.sweeps.start_or_join(job, lambda j: self._execute(j, profile, ws, results))

    def _execute(self, job: SweepJob, profile: Profile, ws: Workspace, results: Path) -> None:
        """The sweep thread. Whatever happens, the job ends completed or failed: never left "running"."""
        sweep_log = SweepLog(job.debug_log)
        try:
            sweep_log(f"sweep {job.id} of {job.profile_path} options={job.options}")

            def progress(step: int, label: str) -> None:
                job.set_progress(step, label)
                sweep_log(f"stage {step}/{job.total} {label}")

            cache, breaker = profile.cache, profile.orchestrator.circuit_breaker
            with open_network(
                self.http_client,
                ws.resolve_write(ws.state_dir, "state folder"),
                cache.ttl_seconds if cache.enabled else None,
                (breaker.failure_threshold, breaker.cooldown_seconds),
                self.clock,
            ) as network:
                ctx = SweepContext(profile, job.profile_path, ws, job.options, clock=self.clock, progress=progress,
                                   log=sweep_log, network=network)  # fmt: skip
                out = run(ctx)
            for where, reason in out.skipped_records:
                sweep_log(f"skipped record {where}: {reason}")
            for source in out.skipped_sources:
                sweep_log(f"skipped source {source.engine}/{source.source}: {source.reason} ({source.detail})")
            sweep_log(f"dropped {dict(out.drops)}; stage seconds {out.timings}")
            reports = write_results(ctx, out, results, job.id)
            payload = self._completed(job, profile, out, reports)
            try:
                commit_history(ctx, out)
            except SweepyError as exc:  # the results are real: report them, and say what was not saved
                sweep_log(f"history not saved: {exc.message}")
                payload["history_saved"] = False
                payload["message"] += f" The history was not saved ({exc.message}), so the next sweep may report "
                payload["message"] += "these postings again."
            # The log is complete before the job ends: a waiter wakes the moment it does, and may read it.
            sweep_log(f"completed: {len(out.cards)} cards")
            job.finish(result=payload)
        except SweepyError as exc:
            sweep_log(f"failed: {exc.message}")
            job.finish(error=exc.message)
        except BaseException as exc:
            log.exception("sweep %s crashed", job.id)
            sweep_log(f"crashed: {type(exc).__name__}: {exc}")
            job.finish(error=f"The sweep failed unexpectedly ({type(exc).__name__}). The debug log has details.")
            if not isinstance(exc, Exception):
                raise

    def _completed(self, job: SweepJob, profile: Profile, out: SweepOutcome, reports: dict[str, str]) -> dict[str, Any]:
        cards = out.cards
        top = [
            {k: c[k] for k in ("job_id", "title", "company", "location", "match_score", "match_kind", "url")}
            for c in cards[:5]
        ]
        assessed = sum(c.get("match_pct") is not None for c in cards)
        mode = profile.report.assessment
        if cards:
            message = (
                f"{len(cards)} roles found; the best keyword overlap is {cards[0]['title']} at {cards[0]['company']}. "
            )
            message += KEYWORD_NOTE
        elif out.previously_seen:
            message = (
                f"All {out.previously_seen} matching postings were reported by earlier sweeps. Call run_sweep with "
                "include_seen: true to review them."
            )
        else:
            reasons = ", ".join(f"{k}: {v}" for k, v in sorted(out.drops.items())) or "none"
            message = f"No postings matched the profile (dropped by reason: {reasons}). Widen titles or location."
        return {
            "sweep_status": "completed",
            "job_id": job.id,
            "discovered_count": out.discovered,
            "new_count": out.new,
            "previously_seen_count": out.previously_seen,
            "active_count": len(cards),
            "top_match": top[0] if top else None,
            "top_roles": top,
            "reports": reports,
            "job_ids": [c["job_id"] for c in cards],
            "card_count": len(cards),
            "assessed_count": assessed,
            "assessment_mode": mode,
            "assessment_required": mode == "agent" and assessed < len(cards),
            "skipped_sources": [s.to_dict() for s in out.skipped_sources],
            "sources": [s.to_dict() for s in out.sources],
            "dropped": dict(sorted(out.drops.items())),
            "skipped_records": len(out.skipped_records),
            "elapsed_seconds": job.elapsed_seconds(),
            "debug_log": str(job.debug_log),
            "message": message,
        }

    def sweep_payload(self, job: SweepJob) -> dict[str, Any]:
        """The running or completed payload; a failed sweep raises SweepFailed."""
        if job.status == "failed":
            raise SweepFailed(job.error or "The sweep failed.", job_id=job.id, sweep_status="failed",
                              debug_log=str(job.debug_log))  # fmt: skip
        if job.status == "completed" and job.result is not None:
            return job.result
        return {
            "sweep_status": "running",
            "job_id": job.id,
            "progress": job.progress(),
            "elapsed_seconds": job.elapsed_seconds(),
            "debug_log": str(job.debug_log),
            "message": f"Sweep is running (step {job.step}/{job.total}: {job.label}). Call get_sweep_status with "
            f"job_id {job.id!r} until sweep_status reads completed.",
        }

    def find_sweep(self, job_id: str | None) -> SweepJob:
        return self.sweeps.get(job_id)

    # -- get_jobs / get_results -----------------------------------------------------------------------------
    def get_jobs(self, profile_stem: str | None, results_dir: str, limit: int | None) -> dict[str, Any]:
        folder = self.workspace.read_dir(results_dir, "results_dir")
        running = self.sweeps.running()
        if running is not None and (
            running.debug_log.parent.parent != folder or profile_stem not in (None, running.stem)
        ):
            running = None  # that sweep writes other cards: these do not predate it
        try:
            session = load_session(folder, check_stem(profile_stem) if profile_stem is not None else None)
            cards = rank(session["cards"])
        except NotFound:
            if running is None:
                raise
            session, cards = {}, []
        if limit is not None:
            cards = cards[: max(1, limit)]
        payload: dict[str, Any] = {
            "count": len(cards),
            "profile_stem": session.get("profile_stem"),
            "source_result": session.get("source_result"),
            "jobs": cards,
        }
        if running is not None:
            payload.update(
                sweep_status="running",
                running_job_id=running.id,
                progress=running.progress(),
                message="A sweep is still running; these cards predate it. Call get_sweep_status with job_id "
                f"{running.id!r}, then get_jobs again.",
            )
        else:
            unjudged = sum(c.get("match_pct") is None for c in cards)
            payload["message"] = (
                f"{len(cards)} cards. {unjudged} have only keyword overlap: judge them against the resume and "
                "call submit_judgments."
                if unjudged
                else f"{len(cards)} cards, all judged."
            )
        return payload

    def get_results(self, profile_stem: str | None, results_dir: str, limit: int) -> dict[str, Any]:
        folder = self.workspace.read_dir(results_dir, "results_dir")
        files = result_files(folder, check_stem(profile_stem) if profile_stem is not None else None)
        if not files:
            scope = f" for profile {profile_stem!r}" if profile_stem else ""
            raise NotFound(f"No sweep result files{scope} in {folder}. Call run_sweep first.")
        path = files[0]
        data = read_result(path)
        cards = data["cards"]
        try:  # judgments live in the session; show them when it belongs to this result file
            session = load_session(folder, data.get("profile", {}).get("stem"))
            if session.get("source_result") == str(path):
                cards = session["cards"]
        except SweepyError:
            pass
        keys = ("job_id", "title", "company", "location", "match_score", "match_kind", "resume_track", "domain",
                "url")  # fmt: skip
        top = [{**{k: c.get(k) for k in keys}, "playbook": c.get("playbook")} for c in rank(cards)]
        top = top[: clamp(limit, 1, 100)]
        pdf, csv_path = path.with_suffix(".pdf"), path.with_suffix(".csv")
        overlap_only = any(r["match_kind"] == "KEYWORD OVERLAP" for r in top)
        return {
            "result_file": str(path),
            "pdf_report": str(pdf) if pdf.exists() else None,
            "csv_report": str(csv_path) if csv_path.exists() else None,
            "total_roles": len(cards),
            "top_roles": top,
            "message": KEYWORD_NOTE if overlap_only else f"{len(cards)} roles in {path.name}.",
        }

    # -- clear_history --------------------------------------------------------------------------------------
    def clear_history(self, profile_path: str | None, profile_stem_arg: str | None) -> dict[str, Any]:
        ws = self.workspace
        if profile_path is not None and profile_stem_arg is not None:
            raise InvalidArgument("Pass profile_path or profile_stem, not both.")
        path: Path | None
        if profile_path is not None:
            path = ws.resolve_read(profile_path, "profile_path")
            stem = profile_stem(path)
        elif profile_stem_arg is not None:
            stem = check_stem(profile_stem_arg)
            path = self._profile_for_stem(ws, stem)
        else:
            try:
                path = self.sweeps.get(None).profile_path
            except NotFound:
                raise InvalidArgument(
                    "No sweep has run since the server started, so there is no profile to clear. Pass "
                    "profile_path or profile_stem."
                ) from None
            stem = profile_stem(path)
        history_path = ws.resolve_write(
            load_profile(path).history.path if path is not None else "~/.sweepy/history.db", "history path"
        )
        if not history_path.exists():  # nothing was ever recorded: do not create a database to clear it
            if path is None:
                raise NotFound(
                    f"No profile named {stem!r} and no history at {history_path}. Pass profile_path, or the "
                    "stem of a profile in profiles/."
                )
            cleared, remaining = 0, 0
        else:
            store = HistoryStore(history_path, clock=self.clock)
            if path is None and store.count(stem) == 0:
                raise NotFound(f"No profile named {stem!r} and no history for it. Pass profile_path instead.")
            cleared, remaining = store.clear(stem), store.count()
        return {
            "scope": stem,
            "cleared": cleared,
            "remaining": remaining,
            "history_path": str(history_path),
            "message": f"Forgot {cleared} reported postings of profile {stem!r}; the next sweep reports them again.",
        }

    def _profile_for_stem(self, ws: Workspace, stem: str) -> Path | None:
        """The profile file a stem names: in profiles/ or the top folder, of the workspace or the install."""
        for root in (ws.home, INSTALL_DIR):
            for candidate in (root / "profiles" / f"{stem}.yaml", root / f"{stem}.yaml"):
                if candidate.is_file():
                    return candidate
        for job in self.sweeps.newest_first():
            if job.stem == stem:
                return job.profile_path
        return None

    # -- list_sweeps ----------------------------------------------------------------------------------------
    def list_sweeps(self, limit: int | None, cursor: str | None) -> dict[str, Any]:
        jobs = self.sweeps.newest_first()
        if limit is None and cursor is None:
            return {"sweeps": [j.listing() for j in jobs]}
        start = 0
        if cursor is not None:
            after = self.sweeps.decode_cursor(cursor)
            start = next(i for i, j in enumerate(jobs) if j.id == after) + 1
        size = limit or 20
        page = jobs[start : start + size]
        more = start + size < len(jobs)
        return {
            "sweeps": [j.listing() for j in page],
            "next_cursor": self.sweeps.encode_cursor(page[-1]) if more and page else None,
        }
