"""A session: the sweep's meta (profile, resume, playbook, sweep summary) and its cards, the counts a page reports,
and the stem that names a profile's saved session."""

import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..domain.cards import Card
from ..errors import InvalidArgument, NotFound

ACTIVE = "report_session.json"
"""The active session's file of the JSON era (read once, then moved into the store)."""
MAX_STEM_BYTES = 200
"""Room for the longest name made from a stem (a temp copy of `{stem}_{stamp}-N.json`) within 255 bytes."""


def _stem_char(ch: str) -> bool:
    # Letters and digits of any script, and the combining marks some scripts write words with (Devanagari).
    return ch.isalnum() or ch in "_.-" or unicodedata.category(ch).startswith("M")


def check_stem(stem: Any) -> str:
    """A profile stem names files in the results folder: one plain file-name part, nothing that climbs out."""
    if (
        not isinstance(stem, str)
        or not stem
        or len(stem.encode("utf-8", errors="replace")) > MAX_STEM_BYTES
        or not all(map(_stem_char, stem))
        or stem.strip(".") == ""
    ):
        raise InvalidArgument(
            f"profile_stem {stem!r} is not a profile id: use the profile file's name without .yaml "
            "(letters, digits, '_', '-', '.'), e.g. 'pedro_writer'."
        )
    return stem


def session_path(folder: Path, stem: str | None) -> Path:
    return folder / (f"{check_stem(stem)}_session.json" if stem else ACTIVE)


class Session(BaseModel):
    """One sweep of one profile: where it came from, the playbook, and (in the store, as rows of their own) its
    cards and their judgments. `cards` holds them only where a caller loads them whole (an old session file, a
    sweep handing its cards to `activate`, `SessionStore.update`)."""

    model_config = ConfigDict(extra="allow")

    profile_stem: str | None = None
    profile_path: str | None = None
    candidate_name: str | None = None
    assessment_mode: str = "agent"
    source_result: str | None = None
    csv_report: str | None = None
    sweep_id: str | None = None
    updated_at: str | None = None
    playbook: str = ""
    cards: list[Card] = []

    def card(self, job_id: str) -> Card | None:
        return next((c for c in self.cards if c.job_id == job_id), None)

    def meta_json(self) -> str:
        return json.dumps(
            self.model_dump(mode="json", exclude={"cards", "playbook"}), ensure_ascii=False, allow_nan=False
        )


def card_text(card: Card) -> str:
    """One card's JSON text, as the result file and the store hold it."""
    return card.model_dump_json()


@dataclass(frozen=True)
class Counts:
    """How far the judging of a session has come, against one resume fingerprint."""

    total: int
    assessed: int
    stale: int

    @property
    def unassessed(self) -> int:
        """Not judged against the resume as it is now (stale ones included)."""
        return self.total - self.assessed

    @property
    def unjudged(self) -> int:
        """Never judged: only keyword overlap."""
        return self.unassessed - self.stale


@dataclass
class Carried:
    """What a sweep's session took from the profile's earlier one: the cards found again that kept their
    judgment (by job_id), and the judged or imported cards kept without being found again."""

    merged: dict[str, Card]
    kept: list[Card]


def not_found(folder: Path, stem: str | None) -> NotFound:
    """The refusal for a results folder without the session asked for (a profile's saved one, or the active)."""
    hint = f"No saved session for profile {stem!r}" if stem else "No active session"
    return NotFound(f"{hint} in {folder}. Call run_sweep, then get_sweep_status until it reads completed.")
