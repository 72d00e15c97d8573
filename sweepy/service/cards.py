"""The session's cards: get_jobs, a page at a time from the session store (paged as sweepy.service.paging
pages every card list)."""

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ..domain.cards import rank
from ..errors import NotFound, SweepyError
from ..store.session_model import Counts, Session, check_stem
from ..store.session_rows import View
from ..sweeps import SweepJob
from . import arguments as a
from .answers import SweepProgress, noted
from .answers_cards import GetJobs, JobCard
from .application_stores import statuses
from .applications import check_status
from .base import ServiceBase, shown_path
from .paging import Listed, check_window, next_offset

_pages: OrderedDict[tuple[Any, ...], tuple[list[dict[str, Any]], Counts]] = OrderedDict()
_pages_guard = threading.Lock()
PAGES_KEPT = 16
"""Pages kept as get_jobs showed them, by session version, resume and page: an assistant reading the same page
again (or list after list of calls while it judges elsewhere) costs a lookup, not 50 cards decoded and trimmed."""
CACHED_PAGE = 100
"""The largest page kept (a page of every card of a big session is not)."""


def _kept_page(
    view: View, resume: str | None, start: int, limit: int | None, eligible_only: bool = False, new_only: bool = False
) -> tuple[list[dict[str, Any]], Counts]:
    """The page's cards as get_jobs shows them and the counts, from the kept copy while the session has not
    changed (its version moves on every write); copies (top level), so what a caller adds never reaches it."""
    if view.cache_key is None or limit is None or limit > CACHED_PAGE:
        return [card.brief(resume) for card in view.page(start, limit, eligible_only, new_only)], view.counts(resume)
    key = (*view.cache_key, resume, start, limit, eligible_only, new_only)
    with _pages_guard:
        kept = _pages.get(key)
        if kept is not None:
            _pages.move_to_end(key)
    if kept is None:
        kept = ([card.brief(resume) for card in view.page(start, limit, eligible_only, new_only)], view.counts(resume))
        with _pages_guard:
            _pages[key] = kept
            while len(_pages) > PAGES_KEPT:
                _pages.popitem(last=False)
    return [dict(brief) for brief in kept[0]], kept[1]


class CardTools(ServiceBase):
    def get_jobs(self, args: a.GetJobs) -> GetJobs:
        """A page of the session's cards, best first: the store reads only the page's rows (by its ranking
        index) and the counts, so a page of a 100,000-card session costs what one of a 100-card session does.
        `status`: only the tracked cards with that application status; `eligible_only`: no card an eligibility
        finding blocks; `new_only`: only the cards no earlier sweep of the profile matched (Card.is_new)."""
        profile_stem, results_dir, limit, offset = args.profile_stem, args.results_dir, args.limit, args.offset
        status, eligible_only, new_only = args.status, args.eligible_only, args.new_only
        check_status(status)
        check_window(max(0, offset), limit)
        folder = self.workspace.read_dir(results_dir, "results_dir")
        running = self.sweeps.running()
        if running is not None and (
            running.debug_log.parent.parent != folder or profile_stem not in (None, running.stem)
        ):
            running = None  # that sweep writes other cards: these do not predate it
        stem = check_stem(profile_stem) if profile_stem is not None else None
        start = max(0, offset)
        try:
            with self.sessions(folder).reading(stem) as view:
                return self._page(view, start, limit, running, status, (eligible_only, new_only), folder, stem is None)
        except NotFound:
            if running is None:
                raise
        return self._page(None, start, limit, running, status, (eligible_only, new_only), folder, stem is None)

    def _page(
        self,
        view: View | None,
        start: int,
        limit: int | None,
        running: SweepJob | None,
        status: str | None,
        only: tuple[bool, bool],
        folder: Path,
        active: bool,
    ) -> GetJobs:
        """`only`: (eligible_only, new_only)."""
        eligible_only, new_only = only
        session = view.session if view is not None else None
        resume = self.resume_fingerprint(session)
        applications = statuses(self.workspace, session, self.clock) if session is not None else {}
        size = limit
        if view is None:
            total, page, counts = 0, [], Counts(0, 0, 0)
        elif status is not None:  # the tracked cards with that status: few, read by job_id
            chosen = [j for j, a in applications.items() if a.get("status") == status]
            cards = [
                c
                for c in rank(list(view.cards(chosen).values()))
                if not (eligible_only and c.blocked) and not (new_only and not c.is_new)
            ]
            total, counts = len(cards), view.counts(resume)
            page = [c.brief(resume) for c in Listed(cards).page(start, size)]
        else:
            total = view.count(eligible_only, new_only) if eligible_only or new_only else view.card_count
            page, counts = _kept_page(view, resume, start, size, eligible_only, new_only)
        for brief in page:
            if (application := applications.get(brief["job_id"])) is not None:
                brief["application"] = dict(application)
        following = next_offset(start, len(page), total)
        answer = GetJobs(
            count=len(page),
            total=total,
            offset=start,
            next_offset=following,
            profile_stem=session.profile_stem if session else None,
            profile_path=shown_path(self.workspace, session.profile_path) if session and session.profile_path else None,
            source_result=session.source_result if session else None,
            jobs=[JobCard.model_validate(brief) for brief in page],
            message=self._page_message(view, running, total, counts, following, folder, active),
        )
        if new_only and total == 0 and view is not None and view.card_count and running is None:
            answer.message = (
                f"0 of {view.card_count} cards are new: an earlier sweep of the profile matched every "
                "one. Call get_jobs without new_only for them all."
            )
        if view is not None:
            noted(answer, view.migrated)
        if running is not None:  # these cards predate the sweep: which one, and how far it is
            answer.sweep_status = "running"
            answer.running_job_id = running.id
            answer.progress = SweepProgress(step=running.step, total=running.total, label=running.label)
        else:
            answer.stale_count = counts.stale
        return answer

    def _page_message(
        self,
        view: View | None,
        running: SweepJob | None,
        total: int,
        counts: Counts,
        next_offset: int | None,
        folder: Path,
        active: bool,
    ) -> str:
        """What the page means and what to call next."""
        if running is not None:
            return (
                "A sweep is still running; these cards predate it. Call get_sweep_status with job_id "
                f"{running.id!r}, then get_jobs again."
            )
        if view is not None and view.card_count == 0:
            return empty_session_message(self, folder, view.session, active)
        parts = [f"{total} cards"]
        if counts.unjudged:
            parts.append(
                f"{counts.unjudged} have only keyword overlap: judge them against the resume and call submit_judgments"
            )
        if counts.stale:
            parts.append(
                f"{counts.stale} were judged against an earlier version of the resume (judgment_stale): "
                "judge them again"
            )
        if not counts.unjudged and not counts.stale:
            parts.append("all judged")
        if next_offset is not None:
            parts.append(f"call get_jobs with offset {next_offset} for the next page")
        return "; ".join(parts) + ". Descriptions are excerpts; the session and the CSV keep them whole."


def empty_session_message(tools: ServiceBase, folder: Path, session: Session, active: bool) -> str:
    """What a session without cards means: its sweep kept none, and where that profile's earlier cards are."""
    where = f" ({Path(session.source_result).name} says why: dropped and sources)" if session.source_result else ""
    message = f"0 cards: the sweep of profile {session.profile_stem!r} behind this session kept none{where}."
    if active and session.profile_stem:
        try:
            with tools.sessions(folder).reading(session.profile_stem) as saved:
                earlier = saved.card_count
        except SweepyError:
            earlier = 0
        if earlier:
            message += (
                f" The profile's earlier {earlier} cards, with their judgments, are in its saved session:"
                f" call get_jobs with profile_stem {session.profile_stem!r}."
            )
    return message
