"""submit_judgments: the assistant's verdicts merged into the session's cards, one card or a batch, under the
results folder's lock so overlapping calls from any number of processes lose nothing."""

from typing import Any

from pydantic import ValidationError

from ..domain.applications import MAX_JOB_ID
from ..domain.cards import JUDGMENT_FIELDS, Card, Judgment
from ..errors import InvalidArgument, NotFound, describe_validation_error
from ..store.session_model import Counts, check_stem
from ..store.session_rows import Edit
from . import arguments as a
from .answers import noted
from .answers_cards import JobCard, JudgedCard, Rejected, SubmitJudgments
from .base import ServiceBase

Entry = tuple[int, str, Judgment]
"""A well-formed batch entry: its index in `judgments`, the card's job_id, the judgment."""


def _parse(fields: dict[str, Any]) -> Judgment:
    """A Judgment with at least one field; ValueError (in words) when it is not one."""
    try:
        judgment = Judgment.model_validate(fields, strict=True)
    except ValidationError as exc:
        raise ValueError(describe_validation_error(exc)) from None
    if not judgment.changes():
        raise ValueError("it sets no field: give match_pct and/or the other judgment fields.")
    return judgment


def _parse_batch(judgments: list[Any]) -> tuple[list[Entry], list[Rejected]]:
    """The well-formed entries, and a rejection (index, job_id, reason) for every other one."""
    entries: list[Entry] = []
    rejected: list[Rejected] = []
    for index, raw in enumerate(judgments):
        job_id = raw.get("job_id") if isinstance(raw, dict) else None
        if not isinstance(raw, dict):
            reason = "not an object: each entry is an object with a job_id and the fields to set."
        elif not isinstance(job_id, str) or not job_id:
            reason = "no job_id: each entry needs the card's job_id (a string from get_jobs)."
            job_id = None
        elif len(job_id) > MAX_JOB_ID:
            reason = f"job_id is {len(job_id)} characters long; card ids from get_jobs are short."
            job_id = job_id[:40] + "..."
        else:
            try:
                entries.append((index, job_id, _parse({k: v for k, v in raw.items() if k != "job_id"})))
                continue
            except ValueError as exc:
                reason = str(exc)
        rejected.append(Rejected(index=index, job_id=job_id, reason=reason))
    return entries, rejected


def _unknown(job_id: str) -> str:
    return f"job_id {job_id!r} is not a card of this session: call get_jobs for the current job_ids."


class JudgmentTools(ServiceBase):
    def submit_judgments(self, args: a.SubmitJudgments) -> SubmitJudgments:
        """One card (`job_id` with its judgment fields) or a batch (`judgments`)."""
        job_id, judgments, profile_stem, results_dir = args.job_id, args.judgments, args.profile_stem, args.results_dir
        fields = args.model_dump(exclude_none=True, exclude={"job_id", "judgments", "profile_stem", "results_dir"})
        if job_id is not None and judgments is not None:
            raise InvalidArgument(
                "Pass either job_id with the fields of one card, or judgments (a list of objects each with its "
                "own job_id), not both. Move the single card into the judgments list."
            )
        if judgments is not None and fields:
            raise InvalidArgument(
                f"With judgments, put the fields inside each entry; got top-level {', '.join(sorted(fields))}."
            )
        if job_id is None and judgments is None:
            raise InvalidArgument(
                "Nothing to judge: pass job_id and the fields to set (e.g. match_pct), or judgments, a list of "
                "objects each with a job_id. get_jobs lists the job_ids."
            )
        folder = self.workspace.results_dir(results_dir)
        stem = check_stem(profile_stem) if profile_stem is not None else None
        rejected: list[Rejected] = []
        if job_id is not None:
            try:
                entries = [(0, job_id, _parse(fields))]
            except ValueError as exc:
                raise InvalidArgument(f"Judgment for {job_id!r} refused: {exc} Nothing was changed.") from None
        else:
            entries, rejected = _parse_batch(judgments or [])
        with self.sessions(folder).writing(stem) as edit:  # one transaction: only the judged rows change
            resume = self.resume_fingerprint(edit.session)
            judged, unknown, counts = self._apply(edit, resume, entries, rejected, job_id is not None)
            ranks = edit.ranks(judged) if job_id is None else {}
        answer = SubmitJudgments(
            assessed_count=counts.total - counts.unassessed,
            unassessed_count=counts.unassessed,
            stale_count=counts.stale,
            card_count=counts.total,
            message=_progress(counts),
        )
        if job_id is not None:
            answer.job = _shown(next(iter(judged.values())), resume)
        else:
            answer.applied = len(entries) - len(unknown)
            answer.jobs = [_changed(card, entries, ranks[card.job_id], resume) for card in judged.values()]
            answer.rejected = sorted(rejected + unknown, key=lambda r: r.index)
        return noted(answer, edit.migrated)

    def _apply(
        self, edit: Edit, resume: str | None, entries: list[Entry], rejected: list[Rejected], single: bool
    ) -> tuple[dict[str, Card], list[Rejected], Counts]:
        """Judge the named cards of the session being edited: the judged cards by job_id, the rejections of
        unknown job_ids, the progress. Raising when nothing applies leaves the store untouched."""
        found = edit.cards(job_id for _i, job_id, _j in entries)
        judged: dict[str, Card] = {}
        unknown: list[Rejected] = []
        for index, job_id, judgment in entries:
            card = found.get(job_id)
            if card is None:
                unknown.append(Rejected(index=index, job_id=job_id, reason=_unknown(job_id)))
                continue
            card.judge(judgment, resume)
            judged[job_id] = card
        if single and unknown:
            raise NotFound(f"Nothing was changed: {_unknown(entries[0][1])}")
        if not judged:
            everything = sorted(rejected + unknown, key=lambda r: r.index)
            raise InvalidArgument(
                f"None of the {len(everything)} judgments applied (see rejected); nothing was changed. Fix them "
                "and call submit_judgments again.",
                rejected=[r.model_dump(mode="json") for r in everything],
            )
        edit.save(judged.values())
        return judged, unknown, edit.counts(resume)


def _progress(counts: Counts) -> str:
    """What is left to judge against the current resume, and what to call next."""
    total, left, stale = counts.total, counts.unassessed, counts.stale
    if left:
        again = f" ({stale} of them judged against an earlier version of the resume)" if stale else ""
        message = (
            f"{total - left} of {total} cards judged; {left} still need a judgment{again}. Call get_jobs "
            "to read them, then submit_judgments."
        )
    else:
        message = f"All {total} cards are judged against the current resume. Next: render_report."
    return message


def _shown(card: Card, resume: str | None) -> JobCard:
    """The merged card as get_jobs shows it, without the description the assistant has just read."""
    data = card.brief(resume)
    data.pop("description", None)
    return JobCard.model_validate(data)


def _changed(card: Card, entries: list[Entry], rank: int, resume: str | None) -> JudgedCard:
    """What a batch changed on the card: the fields its entries for it set, and its new rank."""
    names = {name for _i, job_id, judgment in entries if job_id == card.job_id for name in judgment.changes()}
    changed: dict[str, Any] = {"job_id": card.job_id, "rank": rank}
    if "match_pct" in names:
        changed["match_pct"] = card.match_pct
    changed["changed"] = [name for name in JUDGMENT_FIELDS if name in names]
    if card.stale(resume):
        changed["judgment_stale"] = True
    return JudgedCard.model_validate(changed)
