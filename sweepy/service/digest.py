"""What is new (issue 23): the digest a sweep writes when it finds cards no earlier sweep of its profile matched,
and the markdown `sweepy://digest/latest` and the `whats_new` prompt show: the new cards since the digest was
last read, the watched postings that closed or changed since then, and the follow-ups due today. Reading it
marks it read, so the next one holds only newer sweeps' cards."""

import datetime as dt
import logging
from pathlib import Path
from typing import Any

from ..domain.cards import Card
from ..errors import SweepyError
from ..store.digests import MAX_CARDS, DigestHistory, DigestStore, LastRead, Unread
from ..store.followups import follow_ups
from ..store.history import check_history_path
from .application_stores import follow_up_days, history_raw
from .applications import BANDS
from .base import ServiceBase

log = logging.getLogger("sweepy")
URI = "sweepy://digest/latest"
SHOWN_CARDS = 30
"""New cards one digest read shows in all (each sweep's best first); get_jobs new_only pages every one."""
NEW_MEANS = "New: no earlier sweep of the profile matched the posting (by its job_id)."
FIELD_CHARS = 80
"""Characters of a title, company or place a digest line shows."""


def card_summary(card: Card) -> dict[str, Any]:
    """What a digest keeps of a new card: enough to decide whether to open it."""
    place = card.location or "place not given"
    if card.workplace != "unknown":
        place += f" ({card.workplace})"
    flags = [f"{f.kind} {f.verdict}" for f in card.concerns]
    return {
        "job_id": card.job_id,
        "title": card.title,
        "company": card.company,
        "place": place,
        "pay": _pay(card),
        "band": score_band(card),
        "flags": flags,
    }


def _pay(card: Card) -> str | None:
    salary = card.salary
    if salary is None:
        return None
    if salary.text:
        return salary.text
    low, high = salary.annual_min, salary.annual_max
    figures = "–".join(f"{n:,.0f}" for n in (low, high) if n is not None)
    return f"{salary.currency or ''} {figures} a year".strip() if figures else None


def score_band(card: Card) -> str:
    """The judged match's band (get_outcomes' bands), else the keyword score, which is no match yet."""
    if card.match_pct is not None:
        low, high = next((lo, hi) for lo, hi in BANDS if card.match_pct <= hi)
        return f"match {low}-{high} ({card.match_pct}%)"
    return f"keyword overlap {card.match_score} (not judged)"


def _short(text: Any) -> str:
    value = " ".join(str(text).split())
    return value if len(value) <= FIELD_CHARS else value[: FIELD_CHARS - 1].rstrip() + "…"


def _utc(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts, tz=dt.UTC).isoformat(timespec="seconds")


def _when(text: str) -> str:
    """An ISO time as a digest line shows it: to the minute, with its offset."""
    try:
        return dt.datetime.fromisoformat(text).strftime("%Y-%m-%d %H:%M %z").replace("+0000", "UTC")
    except ValueError:
        return text


class DigestTools(ServiceBase):
    # -- written by every sweep ---------------------------------------------------------------------------------
    def write_digest(self, folder: Path, stem: str, sweep_id: str) -> int:
        """After a sweep's session landed: when it holds new cards, its digest (the best MAX_CARDS of them);
        how many cards were new (0: no digest is written)."""
        try:
            with self.sessions(folder).reading(stem) as view:
                if view.session.sweep_id != sweep_id:
                    return 0  # another sweep of this profile landed meanwhile: its own digest says what is new
                count = view.count(new_only=True)
                cards = [card_summary(card) for card in view.new_cards(MAX_CARDS)] if count else []
        except SweepyError:
            return 0  # a sweep that kept no card became the active session alone: nothing new to list
        if count:
            DigestStore(folder).write(stem, sweep_id, _utc(self.clock()), count, cards)
        return count

    # -- read at the start of a chat ----------------------------------------------------------------------------
    def digest_markdown(self, results_dir: str = "results", mark_read: bool = True) -> str:
        """The digest as markdown; with `mark_read`, the digests it shows are marked read."""
        folder = self.workspace.read_dir(results_dir, "results_dir")
        store = DigestStore(folder)
        last, unread = store.last_read(), store.unread()
        profiles = dict.fromkeys([*store.profiles(), *self._active_profile(folder)])
        lines = ["# What is new", "", _since(last, bool(unread.total)), ""]
        lines += _new_cards(unread)
        lines += self._watched_and_due(folder, list(profiles), last)
        lines += [
            "",
            "Next: get_jobs with new_only: true (and profile_stem) pages every new card; judge them with "
            "submit_judgments.",
        ]
        if mark_read and unread.total:
            store.mark_read(unread.last_id, _utc(self.clock()))
            lines.append(f"Reading this marked it read: the next {URI} holds only cards of later sweeps.")
        text = "\n".join(lines) + "\n"
        while "\n\n\n" in text:
            text = text.replace("\n\n\n", "\n\n")
        return text

    def _active_profile(self, folder: Path) -> list[str]:
        try:
            with self.sessions(folder).reading(None) as view:
                stem = view.session.profile_stem
        except SweepyError:
            return []
        return [stem] if stem else []

    def _watched_and_due(self, folder: Path, profiles: list[str], last: LastRead | None) -> list[str]:
        watched: list[str] = []
        due: list[str] = []
        today = dt.datetime.fromtimestamp(self.clock()).date()
        for stem in profiles:
            history = self._history(folder, stem)
            if history is None:
                continue
            for news in history.watch_news(stem, last.timestamp if last is not None else None):
                if news.state == "closed":
                    what = f"closed (checked {news.date})"
                else:
                    changes = ", ".join(
                        f"{c['field']} {_short(c['before'])!r} → {_short(c['after'])!r}" for c in news.changes
                    )
                    what = f"changed (checked {news.date}): {changes}"
                watched.append(f"- **{_short(news.title)}** at {_short(news.company)} (`{news.job_id}`): {what}")
            profile = self.profile_for_stem(self.workspace, stem)
            days = follow_up_days(str(profile) if profile is not None else None)
            for item in follow_ups(stem, history.applications(stem).values(), today, days):
                if item.kind == "follow-up" and item.day <= today:
                    late = item.overdue_days
                    when = f"due since {(today - dt.timedelta(days=late)).isoformat()}" if late else "due today"
                    due.append(f"- {_short(item.summary)} (`{item.job_id}`): {when}")
        lines = ["", "## Watched postings that closed or changed", ""]
        lines += watched or ["None since then (the saved, applied and interview postings are the ones watched)."]
        lines += ["", "## Follow-ups due", ""]
        lines += due[:SHOWN_CARDS] or ["None due today."]
        return lines

    def _history(self, folder: Path, stem: str) -> DigestHistory | None:
        """The profile's history store, when it exists (a digest never creates one)."""
        try:
            with self.sessions(folder).reading(stem) as view:
                profile_path = view.session.profile_path
            path = check_history_path(self.workspace, history_raw(profile_path), "history path")
        except SweepyError:
            return None
        return DigestHistory(path, clock=self.clock) if path.is_file() else None


def _since(last: LastRead | None, unread: bool) -> str:
    if last is None and not unread:
        return (
            "No sweep has written a digest yet: a sweep writes one when it finds postings no earlier sweep of "
            "the profile matched. Call run_sweep to start one."
        )
    if last is None:
        return f"Since: the first sweep (no digest was read before). {NEW_MEANS}"
    return (
        f"Since: the digest was last read on {_when(last.read_at)}, covering sweeps up to `{last.sweep_id}` of "
        f"{_when(last.created_at)}. {NEW_MEANS}"
    )


def _new_cards(unread: Unread) -> list[str]:
    if not unread.digests:
        return ["## New cards", "", "None: no sweep found a new posting since then."]
    total = sum(d.new_count for d in unread.digests)
    sweeps = f"{len(unread.digests)} sweep" + ("s" if len(unread.digests) > 1 else "")
    lines = [f"## New cards ({total} from {sweeps})", ""]
    shown = 0
    for digest in unread.digests:
        lines.append(
            f"### Profile `{digest.profile}`: sweep `{digest.sweep_id}` of {_when(digest.created_at)}, "
            f"{digest.new_count} new"
        )
        listed = digest.cards[: max(0, SHOWN_CARDS - shown)]
        for card in listed:
            pay = f"; pay {_short(card['pay'])}" if card.get("pay") else "; pay not stated"
            flags = f"; eligibility: {', '.join(card['flags'])}" if card.get("flags") else ""
            lines.append(
                f"- **{_short(card['title'])}** at {_short(card['company'])}, {_short(card['place'])}{pay}; "
                f"{card['band']}{flags} (`{card['job_id']}`)"
            )
            shown += 1
        if digest.new_count > len(listed):
            lines.append(f"- … get_jobs with new_only: true, profile_stem {digest.profile!r} lists them all.")
        lines.append("")
    if unread.total > len(unread.digests):
        lines.append(f"{unread.total - len(unread.digests)} older unread digests are left out (marked read too).")
    return lines
