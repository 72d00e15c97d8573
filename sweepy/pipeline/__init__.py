"""The five stages in order: discover → filter → deduplicate → history → score, with progress and timings (the
filter runs inside discover, on each posting as its source hands it over)."""

import datetime as dt
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..domain.cards import Card
from ..domain.postings import Posting
from ..domain.profile import Profile
from ..domain.scoring import Scorer
from ..engines import DiscoverRequest, SkippedSource, validate_sources
from ..engines.http import Network
from ..errors import SweepFailed
from ..resume import resume_text
from ..store.history import HistoryStore
from ..store.paths import Workspace
from ..store.profiles import profile_stem
from .dedupe import deduplicate
from .discover import Discovery, SourceReport, discover
from .drops import Drops
from .employers import check_employer_boards
from .filter import Criteria, Sieve
from .ghosts import mark_ghost_signals, sighting_role
from .score import ScoredCards, card_id, score_postings
from .seen import history_keys, split_seen
from .shelf import DescriptionShelf

STAGES = ("discover", "filter", "deduplicate", "history", "score")


@dataclass(frozen=True)
class SweepOptions:
    deduplicate: bool = True
    include_seen: bool = False


@dataclass
class SweepOutcome:
    discovered: int = 0
    new: int = 0
    previously_seen: int = 0
    cards: ScoredCards = field(default_factory=ScoredCards)
    carried: dict[str, Card] = field(default_factory=dict)
    """Cards that took an earlier sweep's judgment when they became the session (set by write_results)."""
    kept_over: list[Card] = field(default_factory=list)
    """Judged or imported cards of the profile's earlier session this sweep did not find, kept in its session."""
    drops: Drops = field(default_factory=Drops)
    """Counts by reason, with up to three examples each (`drops.example_dicts()`: dropped_examples)."""
    skipped_sources: list[SkippedSource] = field(default_factory=list)
    sources: list[SourceReport] = field(default_factory=list)
    skipped_records: list[tuple[str, str]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    history_entries: list[tuple[str, str, str]] = field(default_factory=list)
    sighting_entries: list[tuple[str, str]] = field(default_factory=list)
    matched_ids: list[str] = field(default_factory=list)
    """The job_ids of every posting that matched the profile, seen before or not: what the next sweep's cards are
    new against (recorded with the session by write_results)."""


@dataclass
class SweepContext:
    profile: Profile
    profile_path: Path
    workspace: Workspace
    options: SweepOptions = SweepOptions()
    today: dt.date = field(default_factory=dt.date.today)
    clock: Callable[[], float] = time.time
    monotonic: Callable[[], float] = time.monotonic  # the sources' deadlines (a fake in tests)
    progress: Callable[[int, str], None] = lambda _step, _label: None
    log: Callable[[str], None] = lambda _line: None
    network: Network | None = None  # the sweep's shared HTTP client, cache and breaker (web engines need it)
    known: frozenset[str] | None = None
    """The job_ids the profile's earlier sweeps matched (SessionStore.known_ids): a card not among them is_new.
    None: not told, and no card is marked new."""

    @property
    def stem(self) -> str:
        return profile_stem(self.profile_path)

    @functools.cached_property
    def history(self) -> HistoryStore | None:
        """The profile's history store, opened once per sweep (stage 4 reads it, commit_history writes it)."""
        if not self.profile.history.enabled:
            return None
        path = self.workspace.resolve_write(self.profile.history.path, "history path")
        return HistoryStore(path, clock=self.clock)


def discover_request(
    profile: Profile, workspace: Workspace, network: Network | None, log: Callable[[str], None]
) -> DiscoverRequest:
    """What the profile asks every engine, the sweep's sources and the employer boards alike."""
    return DiscoverRequest(
        profile.search.titles, profile.search.location, workspace, profile.custom_platforms(), network=network, log=log
    )


def discover_sources(
    profile: Profile,
    workspace: Workspace,
    network: Network | None,
    log: Callable[[str], None],
    monotonic: Callable[[], float] = time.monotonic,
    sieve: Sieve | None = None,
    shelf: DescriptionShelf | None = None,
) -> Discovery:
    """Stage 1: every enabled source of the profile (on its own, what `sweepy sources` runs); with `sieve`, stage 2
    too, each posting filtered as its source hands it over."""
    configs = validate_sources(profile.sources, workspace)
    request = discover_request(profile, workspace, network, log)
    orchestrator = profile.orchestrator
    return discover(
        configs,
        request,
        timeout=orchestrator.timeout_per_source_seconds,
        monotonic=monotonic,
        max_bytes=orchestrator.max_bytes,
        sieve=sieve,
        shelf=shelf,
    )


def sweep_criteria(profile: Profile, today: dt.date) -> Criteria:
    """Stage 2's criteria for a profile: the sweep's and bench/relevance.py's, so the bench measures this filter."""
    search = profile.search
    return Criteria(
        search.titles,
        profile.resume.synonyms,
        search.location,
        search.remote_only,
        search.include_hybrid,
        search.min_salary,
        search.max_age_days,
        profile.platform_enabled,
        today,
        frozenset(search.employment_types),
        tuple(profile.exclude_companies),
        tuple(profile.exclude_keywords),
        profile.exclude_agencies,
    )


def sweep_scorer(profile: Profile, resume: str) -> Scorer:
    """Stage 5's scorer for a profile and its resume text (shared with bench/relevance.py, as sweep_criteria)."""
    return Scorer(
        profile.search.titles,
        profile.resume.must_have_skills,
        profile.resume.synonyms,
        resume,
        level=profile.level,
        kinds=frozenset(profile.search.employment_types),
    )


def _against_history(ctx: SweepContext, out: SweepOutcome, kept: list[Posting]) -> list[Posting]:
    """Stage 4: the postings an earlier sweep of the profile did not report (all of them with include_seen), the
    ghost signals of the sightings, and the ids the profile's sweeps matched; the rest counted as `seen`."""
    profile = ctx.profile
    store, match = ctx.history, profile.history.match
    seen: set[str] = set()
    if store is not None:
        store.expire(ctx.stem, profile.history.retention_days)
        seen = store.seen_keys(ctx.stem, (key for p in kept for key in history_keys(p, match)))
        out.sighting_entries = [(sighting_role(p), p.canonical_url) for p in kept]
        mark_ghost_signals(kept, store.sightings(ctx.stem, (role for role, _url in out.sighting_entries)), ctx.clock())
    out.matched_ids = list(dict.fromkeys(card_id(p) for p in kept))
    reported, old, drops = split_seen(kept, seen, match, ctx.options.include_seen)
    out.drops.merge(drops)
    out.previously_seen, out.new = len(old), len(kept) - len(old)
    return reported


def run(ctx: SweepContext) -> SweepOutcome:
    """Run the stages and return the cards. Writing result files, then `commit_history`, is the caller's step."""
    out, profile, started = SweepOutcome(), ctx.profile, time.perf_counter()

    def stage(number: int) -> None:
        """Enter stage `number` (1..5): report progress and close the previous stage's timing; 6 = done."""
        nonlocal started
        now = time.perf_counter()
        if number > 1:
            out.timings[STAGES[number - 2]] = round(now - started, 4)
        started = now
        if number <= len(STAGES):
            ctx.progress(number, STAGES[number - 1])

    stage(1)  # and stage 2: each posting is filtered as its source hands it over, and only survivors are kept
    sieve = Sieve(sweep_criteria(profile, ctx.today))
    found = discover_sources(profile, ctx.workspace, ctx.network, ctx.log, ctx.monotonic, sieve, DescriptionShelf())
    out.discovered, out.skipped_sources, out.skipped_records, out.sources = (
        found.discovered,
        found.skipped_sources,
        found.skipped_records,
        found.sources,
    )
    _check_answered(found, profile.orchestrator.timeout_per_source_seconds)
    stage(2)
    kept = found.postings
    out.drops.merge(found.drops)
    stage(3)
    if ctx.options.deduplicate:
        kept, drops = deduplicate(kept)
        out.drops.merge(drops)
    if profile.employer_boards.enabled and profile.employer_boards.max:
        request = discover_request(profile, ctx.workspace, ctx.network, ctx.log)
        out.sources += check_employer_boards(
            kept,
            request,
            profile.sources,
            profile.employer_boards.max,
            profile.orchestrator.timeout_per_source_seconds,
            monotonic=ctx.monotonic,
        )
    stage(4)
    reported = _against_history(ctx, out, kept)
    stage(5)
    resume = resume_text(ctx.workspace.resolve_read(profile.resume.path, "Resume"))
    scorer = sweep_scorer(profile, resume)
    match = profile.history.match
    out.history_entries = [(key, p.canonical_url, p.title) for p in reported for key in history_keys(p, match)]
    del found, kept  # score_postings empties `reported`: each posting goes once its card is made
    out.cards = score_postings(
        reported, scorer, ctx.today, profile.seeker(), profile.eligibility == "strict", ctx.known
    )
    if out.cards.ineligible:  # not reported, so not marked seen: a later `flag` sweep shows them
        out.drops["ineligible"] += len(out.cards.ineligible)
        out.history_entries = [e for e in out.history_entries if e[1] not in out.cards.ineligible]
    stage(6)
    return out


def _check_answered(found: Discovery, timeout: int) -> None:
    """SweepFailed when every source timed out: an empty sweep would read as "nothing matched" when nothing was
    searched (an 80,000-posting feed on a loaded machine once came back with 0 cards and no error)."""
    if not found.sources or any(s.status != "skipped" or s.reason != "timeout" for s in found.sources):
        return
    named = "; ".join(f"{s.engine}/{s.source}" for s in found.sources[:5])
    more = f" and {len(found.sources) - 5} more" if len(found.sources) > 5 else ""
    raise SweepFailed(
        f"Every source of the sweep timed out ({named}{more}: no complete answer within {timeout} s), so nothing "
        "was searched and no results were written. Raise orchestrator.timeout_per_source_seconds in the profile "
        "(up to 600), or run the sweep again when the sources answer faster."
    )


def commit_history(ctx: SweepContext, out: SweepOutcome) -> None:
    """Mark the reported postings as seen: called once their result files are safely written."""
    store = ctx.history
    if store is not None:
        store.record(ctx.stem, out.history_entries)
        store.record_sightings(ctx.stem, out.sighting_entries)
