"""The report gate: a report waits until every card is judged against the resume as it is now."""

from ..domain.cards import Card, rank
from ..errors import NotAssessed

TITLE_CHARS = 120


def check_assessed(cards: list[Card], resume: str | None, tool: str, forced: bool, total: int | None = None) -> None:
    """Raise NotAssessed naming every card still to (re)assess, best first. `forced`: the gate is on because of
    SWEEPY_REQUIRE_JUDGMENTS, not the profile (the message says which switch to change). `total`: the session's
    cards when `cards` are only the best of them that a report shows (the gate checks what it shows)."""
    waiting = [card for card in rank(cards) if not card.assessed(resume)]
    if not waiting:
        return
    stale = [card.job_id for card in waiting if card.stale(resume)]
    never = len(waiting) - len(stale)
    parts = []
    if never:
        parts.append(f"{never} have only keyword overlap")
    if stale:
        parts.append(f"{len(stale)} were judged against an earlier version of the resume (stale_job_ids)")
    switch = (
        "SWEEPY_REQUIRE_JUDGMENTS=1 is set in the server's environment, so every card must be judged"
        if forced
        else "or set report.assessment: keyword in the profile to allow a report with keyword-only cards"
    )
    shown = f"the best {len(cards)} cards (of {total}) that it shows" if total and total > len(cards) else "every card"
    raise NotAssessed(
        f"{tool} needs {shown} assessed against the current resume: {len(waiting)} of {len(cards)} are not "
        f"({'; '.join(parts)}). Call get_jobs, judge each card in unassessed_job_ids against the resume and call "
        f"submit_judgments with a match_pct, then {tool} again; {switch}.",
        unassessed_job_ids=[card.job_id for card in waiting],
        unassessed_titles=[card.title[:TITLE_CHARS] for card in waiting],
        stale_job_ids=stale,
        unassessed_count=len(waiting),
        card_count=len(cards),
    )
