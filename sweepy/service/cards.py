"""The session's cards: get_jobs."""

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, rank
from ..errors import NotFound, SweepyError
from ..session import Session, check_stem, load_session
from .applications import check_status, statuses
from .base import ServiceBase


@dataclass
class Ranking:
    """A session's cards in get_jobs order, with the counts its message gives, for one resume fingerprint."""

    session: Session
    resume: str | None
    cards: list[Card]
    stale: int
    unjudged: int
    briefs: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Cards as get_jobs shows them, by rank, made on first request."""

    @classmethod
    def of(cls, session: Session, resume: str | None) -> "Ranking":
        ranked = rank(session.cards)
        stale = sum(card.stale(resume) for card in ranked)
        return cls(session, resume, ranked, stale, sum(not card.assessed(resume) for card in ranked) - stale)

    def page(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Copies (top level) of the kept briefs, so what a caller adds to a card never reaches the cache."""
        return [dict(self.briefs.get(i) or self.briefs.setdefault(i, self.cards[i].brief(self.resume)))
                for i in range(start, min(stop, len(self.cards)))]  # fmt: skip


_rankings: dict[tuple[Path, str | None], Ranking] = {}
_rankings_guard = threading.Lock()


def ranking(key: tuple[Path, str | None], session: Session, resume: str | None) -> Ranking:
    """The ranking of `session`, kept while the session store hands out the same (unchanged) session object:
    a write replaces the file, the store parses a new object, and the ranking is made again. One per session
    file, so memory stays bounded by the store's own cache."""
    with _rankings_guard:
        kept = _rankings.get(key)
    if kept is not None and kept.session is session and kept.resume == resume:
        return kept
    made = Ranking.of(session, resume)
    with _rankings_guard:
        _rankings[key] = made
    return made


class CardTools(ServiceBase):
    def get_jobs(
        self, profile_stem: str | None, results_dir: str, limit: int | None, offset: int = 0, status: str | None = None
    ) -> dict[str, Any]:
        check_status(status)
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
        resume = self.resume_fingerprint(session)
        ranked = ranking((folder, profile_stem), session, resume) if session is not None else None
        applications = statuses(self.workspace, session, self.clock) if session is not None else {}
        start = max(0, offset)
        if ranked is None:
            total, page = 0, []
        elif status is None:  # every card: one slice of the ranking
            total = len(ranked.cards)
            page = ranked.page(start, start + max(1, limit) if limit is not None else total)
        else:
            chosen = [i for i, c in enumerate(ranked.cards) if applications.get(c.job_id, {}).get("status") == status]
            total = len(chosen)
            stop = start + max(1, limit) if limit is not None else total
            page = [ranked.page(i, i + 1)[0] for i in chosen[start:stop]]
        for brief in page:
            if (application := applications.get(brief["job_id"])) is not None:
                brief["application"] = dict(application)
        payload: dict[str, Any] = {
            "count": len(page),
            "total": total,
            "offset": start,
            "next_offset": start + len(page) if start + len(page) < total else None,
            "profile_stem": session.profile_stem if session else None,
            "source_result": session.source_result if session else None,
            "jobs": page,
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
        stale, unjudged = (ranked.stale, ranked.unjudged) if ranked is not None else (0, 0)
        payload["stale_count"] = stale
        if session is not None and total == 0:
            payload["message"] = empty_session_message(folder, session, profile_stem is None)
            return payload
        parts = [f"{total} cards"]
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
        payload["message"] = "; ".join(parts) + ". Descriptions are excerpts; the session and the CSV keep them whole."
        return payload


def empty_session_message(folder: Path, session: Session, active: bool) -> str:
    """What a session without cards means: its sweep kept none, and where that profile's earlier cards are."""
    where = f" ({Path(session.source_result).name} says why: dropped and sources)" if session.source_result else ""
    message = f"0 cards: the sweep of profile {session.profile_stem!r} behind this session kept none{where}."
    if active and session.profile_stem:
        try:
            saved = load_session(folder, session.profile_stem)
        except SweepyError:
            saved = None
        if saved is not None and saved.cards and saved.sweep_id != session.sweep_id:
            message += (
                f" The profile's earlier {len(saved.cards)} cards, with their judgments, are in its saved session:"
                f" call get_jobs with profile_stem {session.profile_stem!r}."
            )
    return message
