"""The session's cards: get_jobs."""

from typing import Any

from ..cards import rank
from ..errors import NotFound
from ..session import Session, check_stem, load_session
from .base import ServiceBase


class CardTools(ServiceBase):
    def get_jobs(
        self, profile_stem: str | None, results_dir: str, limit: int | None, offset: int = 0
    ) -> dict[str, Any]:
        folder = self.workspace.read_dir(results_dir, "results_dir")
        running = self.sweeps.running()
        if running is not None and (
            running.debug_log.parent.parent != folder or profile_stem not in (None, running.stem)
        ):
            running = None  # that sweep writes other cards: these do not predate it
        try:
            session: Session | None = load_session(
                folder, check_stem(profile_stem) if profile_stem is not None else None
            )
        except NotFound:
            if running is None:
                raise
            session = None
        ranked = rank(session.cards) if session is not None else []
        resume = self.resume_fingerprint(session)
        start = max(0, offset)
        page = ranked[start : start + max(1, limit)] if limit is not None else ranked[start:]
        payload: dict[str, Any] = {
            "count": len(page),
            "total": len(ranked),
            "offset": start,
            "next_offset": start + len(page) if start + len(page) < len(ranked) else None,
            "profile_stem": session.profile_stem if session else None,
            "source_result": session.source_result if session else None,
            "jobs": [card.brief(resume) for card in page],
        }
        if running is not None:
            payload.update(
                sweep_status="running",
                running_job_id=running.id,
                progress=running.progress(),
                message="A sweep is still running; these cards predate it. Call get_sweep_status with job_id "
                f"{running.id!r}, then get_jobs again.",
            )
            return payload
        stale = sum(card.stale(resume) for card in ranked)
        unjudged = sum(not card.assessed(resume) for card in ranked) - stale
        parts = [f"{len(ranked)} cards"]
        if unjudged:
            parts.append(f"{unjudged} have only keyword overlap: judge them against the resume and call "
                         "submit_judgments")  # fmt: skip
        if stale:
            parts.append(f"{stale} were judged against an earlier version of the resume (judgment_stale): judge "
                         "them again")  # fmt: skip
        if not unjudged and not stale:
            parts.append("all judged")
        if payload["next_offset"] is not None:
            parts.append(f"call get_jobs with offset {payload['next_offset']} for the next page")
        payload["stale_count"] = stale
        payload["message"] = "; ".join(parts) + ". Descriptions are excerpts; the report shows them whole."
        return payload
