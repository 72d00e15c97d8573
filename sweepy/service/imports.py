"""import_jobs: roles an assistant found elsewhere become cards in the active session, optionally link-checked."""

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..domain.cards import Card
from ..domain.postings import Posting
from ..domain.records import RecordError, posting_from_record
from ..domain.scoring import Scorer
from ..domain.urls import canonical_url
from ..errors import InvalidArgument, NotFound, SweepyError
from ..linkcheck import check_links
from ..net.addresses import host_problem
from ..pipeline import sweep_scorer
from ..pipeline.dedupe import role_key
from ..pipeline.score import make_card
from ..resume import resume_text
from ..store.profiles import load_profile
from ..store.reads import NonFiniteNumber, loads_finite
from ..store.session_model import Session
from ..store.session_rows import View
from . import arguments as a
from .answers import noted
from .answers_cards import Imported, ImportJobs, SkippedEntry
from .base import ServiceBase
from .limits import MAX_IMPORT_BYTES

MAX_IMPORT_ENTRIES = 500
VALIDATE_TIMEOUT_SECONDS = 60.0
"""The whole link check of one call (`validate_timeout_seconds`): below an MCP host's own request timeout."""
MAX_VALIDATE_TIMEOUT_SECONDS = 600.0
RECORD_KEYS = ("title", "company", "url", "location", "description", "workplace", "salary", "posted_at", "platform",
               "apply_url", "employment_type", "closes_at", "open_to")  # fmt: skip


def _parse(jobs_json: str) -> list[Any]:
    if len(jobs_json.encode("utf-8", errors="replace")) > MAX_IMPORT_BYTES:
        raise InvalidArgument(
            f"jobs_json is larger than {MAX_IMPORT_BYTES} bytes; import at most {MAX_IMPORT_ENTRIES} roles per call."
        )
    try:
        entries = loads_finite(jobs_json)
    except NonFiniteNumber as exc:
        raise InvalidArgument(f"jobs_json is not valid JSON: {exc}. Send plain numbers.") from None
    except ValueError as exc:
        raise InvalidArgument(f"jobs_json is not valid JSON ({exc}). Send a JSON array of posting records.") from None
    if not isinstance(entries, list) or not entries:
        raise InvalidArgument(
            'jobs_json must be a non-empty JSON array of postings: [{"title": ..., "company": '
            '..., "url": ...}, ...] or cards that get_jobs returned.'
        )
    if len(entries) > MAX_IMPORT_ENTRIES:
        raise InvalidArgument(f"jobs_json holds {len(entries)} entries; import at most {MAX_IMPORT_ENTRIES} per call.")
    return entries


def _record(entry: Any) -> Any:
    """A card from get_jobs carries more than a posting record; keep the record's fields (its salary object
    has min, max, currency, period and text, which the record reader takes as they are)."""
    if isinstance(entry, dict) and "job_id" in entry:
        return {key: entry[key] for key in RECORD_KEYS if entry.get(key) not in (None, "")}
    return entry


def _blocked(record: Any, allow_private: bool) -> str | None:
    """`blocked_address: …` when a link of the record names a host Sweepy never connects to (loopback, private,
    metadata; spelled as a name, an IP literal or a legacy number such as 2130706433), else None. The literal
    check is enough here: nothing is fetched at import unless validate is on, and the checker resolves then."""
    if not isinstance(record, dict):
        return None
    for key in ("url", "apply_url"):
        value = record.get(key)
        if not isinstance(value, str):
            continue
        try:
            parts = urlsplit(value.strip())
            host = parts.hostname
        except ValueError:
            continue  # the record reader says what is wrong with it
        web = parts.scheme.lower() in ("http", "https") and host
        if web and host and (problem := host_problem(host, allow_private=allow_private)) is not None:
            return f"blocked_address: the {key}'s host {host} is {problem}; only public addresses are kept"
    return None


class ImportTools(ServiceBase):
    def import_jobs(self, args: a.ImportJobs) -> ImportJobs:
        jobs_json, validate = args.jobs_json, args.validate_links
        validate_timeout_seconds = args.validate_timeout_seconds
        if not 1 <= validate_timeout_seconds <= MAX_VALIDATE_TIMEOUT_SECONDS:  # NaN fails both
            raise InvalidArgument(
                f"validate_timeout_seconds must be between 1 and {MAX_VALIDATE_TIMEOUT_SECONDS:g}; "
                f"got {validate_timeout_seconds!r}."
            )
        entries = _parse(jobs_json)
        folder = self.workspace.results_dir("results")
        store = self.sessions(folder)
        with store.reading(None) as view:  # the cards join the session the person is working on
            session, migrated = view.session, view.migrated
            scorer, custom = self._scorer(session)
            taken_urls, taken_roles = _taken(view)
        skipped: list[SkippedEntry] = []
        fresh: list[tuple[int, Posting]] = []
        for index, entry in enumerate(entries):
            if (blocked := _blocked(_record(entry), self.settings.allow_private_urls)) is not None:
                skipped.append(_skip(index, entry, blocked))
                continue
            try:
                posting = posting_from_record(_record(entry), "import", "import_jobs", custom)
            except RecordError as exc:
                skipped.append(_skip(index, entry, str(exc)))
                continue
            duplicate = taken_urls.get(posting.canonical_url) or taken_roles.get(role_key(posting))
            if duplicate is not None:
                of = duplicate.removeprefix("card ") if duplicate.startswith("card ") else None
                skipped.append(_skip(index, entry, f"duplicates {duplicate}", of))
                continue
            fresh.append((index, posting))
            taken_urls[posting.canonical_url] = taken_roles[role_key(posting)] = f"entry {index} of this import"
        cards = self._verified(fresh, scorer, validate, skipped, validate_timeout_seconds)
        if cards:  # a card another call imported meanwhile is not added twice
            with store.writing(None) as edit:
                edit.add(cards)
        skipped.sort(key=lambda s: s.index)
        late = sum(1 for c in cards if c.verification_reason == "deadline")
        answer = ImportJobs(
            imported=[_imported(c) for c in cards],
            skipped=skipped,
            imported_count=len(cards),
            skipped_count=len(skipped),
            message=f"Imported {len(cards)} of {len(entries)} roles into the active session"
            + (f"; {len(skipped)} skipped (see skipped for why)" if skipped else "")
            + (
                f"; {late} links were not checked within validate_timeout_seconds ({validate_timeout_seconds:g} s) "
                "and are marked not_checked (reason deadline)"
                if late
                else ""
            )
            + ". They are keyword-scored: call get_jobs and submit_judgments to judge them.",
        )
        return noted(answer, migrated)

    def _scorer(self, session: Session) -> tuple[Scorer, dict[str, str]]:
        """The session profile's scorer (the imported roles are scored like swept ones) and custom platforms."""
        if not session.profile_path:
            raise NotFound("The active session names no profile to score against. Call run_sweep first.")
        try:
            profile = load_profile(Path(session.profile_path))
            resume = resume_text(self.workspace.resolve_read(profile.resume.path, "Resume in the profile"))
        except SweepyError as exc:
            raise NotFound(f"The session's profile cannot be used to score imports: {exc.message}") from None
        return sweep_scorer(profile, resume), profile.custom_platforms()

    def _verified(
        self,
        fresh: list[tuple[int, Posting]],
        scorer: Scorer,
        validate: bool,
        skipped: list[SkippedEntry],
        deadline: float,
    ) -> list[Card]:
        """Cards of the fresh postings; with `validate`, each link checked within `deadline` seconds in all
        (the ones not reached stay not_checked, reason deadline) and the dead ones skipped."""
        verdicts = (
            check_links(
                [p.url for _, p in fresh],
                allow_private=self.settings.allow_private_urls,
                proxies=self.settings.proxy,
                deadline=deadline,
                clock=self.monotonic,
            )
            if validate and fresh
            else None
        )
        cards: list[Card] = []
        stats = scorer.stats(scorer.read(p.title, p.description) for _, p in fresh)  # the batch is the sweep
        for n, (index, posting) in enumerate(fresh):
            card = make_card(posting, scorer, stats=stats)
            card.imported = True  # kept in the next sweep's session while it is still open
            if verdicts is not None:
                verdict = verdicts[n]
                if verdict.verdict == "dead":
                    reason = f"dead link ({verdict.reason}): {verdict.detail}"
                    skipped.append(SkippedEntry(index=index, title=posting.title, url=posting.url, reason=reason))
                    continue
                card.verification = verdict.verdict
                card.verification_reason = verdict.reason
            cards.append(card)
        return cards


def _skip(index: int, entry: Any, reason: str, duplicate_of: str | None = None) -> SkippedEntry:
    title = entry.get("title") if isinstance(entry, dict) and isinstance(entry.get("title"), str) else None
    skipped = SkippedEntry(index=index, title=title, reason=reason)
    if duplicate_of is not None:
        skipped.duplicate_of = duplicate_of
    return skipped


def _imported(card: Card) -> Imported:
    imported = Imported(job_id=card.job_id, title=card.title, company=card.company, verification=card.verification)
    if card.verification_reason is not None:
        imported.verification_reason = card.verification_reason
    return imported


def _taken(view: View) -> tuple[dict[str, str], dict[tuple[str, str, str, str], str]]:
    """What each URL and role of the session already is (`card JOB_ID`), for the entries of this call to be
    checked against (they add `entry N` as they are taken). Only the fields a duplicate is judged by are read
    from the store, not whole cards."""
    taken_urls: dict[str, str] = {}
    taken_roles: dict[tuple[str, str, str, str], str] = {}
    for job_id, url, title, company, location in view.fields("url", "title", "company", "location"):
        if url:
            taken_urls[canonical_url(url)] = f"card {job_id}"
        posting = Posting(title=title or "", company=company or "", url=url or "", location=location or "")
        taken_roles[role_key(posting)] = f"card {job_id}"
    return taken_urls, taken_roles
