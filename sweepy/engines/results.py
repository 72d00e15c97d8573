"""What reading one source comes to: its postings and skipped records (EngineResult), or the SourceError it stopped
with, and the sweep's line for a source it skipped. Apart from base.py, so that the HTTP layer can raise SourceError
without importing the engine classes, which import it (base.py re-exports these names)."""

from dataclasses import dataclass, field
from typing import Literal

from ..domain.postings import Posting

SkipReason = Literal[
    "timeout",
    "circuit_open",
    "http_429",
    "http_error",
    "bad_response",
    "unreachable",
    "config",
    "blocked_address",
    "too_large",
    "plugin_error",
]


class SourceError(Exception):
    """One source could not be read: the sweep skips it with this reason and goes on with the others.

    `counts_as_failure` is False for answers that say nothing about the source's health (a 404 for a board
    token that does not exist): those do not move the circuit breaker.
    """

    def __init__(self, reason: SkipReason, detail: str, counts_as_failure: bool = True) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.counts_as_failure = counts_as_failure and reason != "config"
        self.partial: EngineResult | None = None
        """What the source had collected when it stopped (set for `too_large`: those postings are kept)."""


@dataclass(frozen=True, slots=True)
class SkippedSource:
    """A line of a sweep's `skipped_sources`: a source the sweep skipped (a view of its SourceReport, made by
    SourceReport.skipped), or a part of one that an engine could not read and went on without."""

    engine: str
    source: str
    reason: SkipReason
    detail: str

    def to_dict(self) -> dict[str, str]:
        return {"engine": self.engine, "source": self.source, "reason": self.reason, "detail": self.detail}


@dataclass(slots=True)
class EngineResult:
    postings: list[Posting] = field(default_factory=list)
    skipped_records: list[tuple[str, str]] = field(default_factory=list)
    skipped_sources: list[SkippedSource] = field(default_factory=list)
