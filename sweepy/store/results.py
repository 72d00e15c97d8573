"""A finished sweep on disk: the result JSON, the CSV and the session; and reading result files back."""

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from ..domain.cards import Card, EncodedCard
from ..errors import NotFound, StorageError, SweepyError
from ..validation import describe_validation_error
from .csvfiles import write_cards_csv
from .csvsync import saved_judgments, sweep_overlay
from .digests import DigestHistory
from .history import check_history_path
from .paths import atomic_writer
from .reads import MAX_DATA_BYTES, loads_finite, read_regular
from .session import Session, SessionStore, folder_lock

if TYPE_CHECKING:  # the pipeline hands its outcome down to be written; the store never imports it
    from ..pipeline import SweepContext, SweepOutcome

SKIPPED_RECORDS_KEPT = 200


def _free_stem(folder: Path, stem: str, stamp: str) -> str:
    base = f"{stem}_{stamp}"
    candidate, n = base, 1
    while (folder / f"{candidate}.json").exists() or (folder / f"{candidate}.csv").exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def write_results(ctx: "SweepContext", out: "SweepOutcome", folder: Path, job_id: str) -> dict[str, str]:
    """Write `{stem}_{YYYYMMDD-HHMMSS}.csv` and `.json`, then make the cards the active session (see
    SessionStore.activate for a sweep that kept none). Returns the two paths.

    All under the results folder's lock: two sweeps of one profile (different flags) cannot pick the same
    name or interleave the CSV carry-over. The CSV goes first because reading earlier CSVs is what can fail;
    the JSON, which marks the sweep as a result, is written only when the CSV is in place, card by card as the
    session store takes them (one transaction), and put in place once they are all in.
    """
    with folder_lock(folder):
        return _write_locked(ctx, out, folder, job_id)


def _write_locked(ctx: "SweepContext", out: "SweepOutcome", folder: Path, job_id: str) -> dict[str, str]:
    now = dt.datetime.fromtimestamp(ctx.clock(), tz=dt.UTC)
    base = _free_stem(folder, ctx.stem, now.strftime("%Y%m%d-%H%M%S"))
    json_path, csv_path = folder / f"{base}.json", folder / f"{base}.csv"
    profile = ctx.profile
    document = {
        "sweep_id": job_id,
        "generated_at": now.isoformat(timespec="seconds"),
        "profile": {
            "stem": ctx.stem,
            "path": str(ctx.profile_path),
            "name": profile.name,
            "titles": profile.search.titles,
            "location": profile.search.location,
            "assessment": profile.report.assessment,
            "tracking": profile.export.tracking,
        },
        "options": {"deduplicate": ctx.options.deduplicate, "include_seen": ctx.options.include_seen},
        "counts": {
            "discovered": out.discovered,
            "new": out.new,
            "previously_seen": out.previously_seen,
            "active": len(out.cards),
        },
        "dropped": dict(sorted(out.drops.items())),
        "dropped_examples": out.drops.example_dicts(),
        "skipped_sources": [s.to_dict() for s in out.skipped_sources],
        "sources": [s.to_dict() for s in out.sources],
        "skipped_records": [{"record": w, "reason": r} for w, r in out.skipped_records[:SKIPPED_RECORDS_KEPT]],
        "stage_seconds": out.timings,
    }
    session = Session(
        profile_stem=ctx.stem,
        profile_path=str(ctx.profile_path),
        candidate_name=profile.name,
        assessment_mode=profile.report.assessment,
        source_result=str(json_path),
        csv_report=str(csv_path),
        sweep_id=job_id,
        updated_at=now.isoformat(timespec="seconds"),
    )
    head = json.dumps(document, ensure_ascii=False, allow_nan=False)
    days = profile.follow_up_days
    overlay = (
        sweep_overlay(ctx.workspace, profile.history.path, ctx.clock(), folder, ctx.stem, out.cards, ctx.log, days)
        if profile.export.tracking
        else None
    )
    write_cards_csv(csv_path, out.cards, profile.export.tracking, ctx.stem, overlay, saved_judgments(folder, ctx.stem))
    with atomic_writer(json_path) as handle:
        handle.write(f'{head[:-1]}, "cards": ['.encode())

        def encoded() -> Iterator[EncodedCard]:
            """Each card's text as scoring encoded it, into the result file and the session store alike, one at
            a time: 80,000 cards are never one string."""
            for n, item in enumerate(out.cards.encoded):
                handle.write(f",{item.text}".encode() if n else item.text.encode())
                yield item

        if out.cards:
            ended = ended_job_ids(ctx, profile.history.path)
            carried = SessionStore(folder).activate(session, encoded(), document, out.matched_ids, ended)
            out.carried, out.kept_over = carried.merged, carried.kept
        else:  # the active session says so; the profile's saved session and its judgments stay for the next sweep
            SessionStore(folder).activate_empty(session, document, out.matched_ids)
        handle.write(b"]}")
    return {"json": str(json_path), "csv": str(csv_path)}


def ended_job_ids(ctx: "SweepContext", history_path: str) -> frozenset[str]:
    """The postings of the profile the person is done with (closed, rejected, withdrawn): the next session does
    not keep them unless the sweep finds them again. Empty when nothing was ever tracked, or when the history
    cannot be read now (then every judged or imported card is kept: losing one costs more than showing one)."""
    try:
        path = check_history_path(ctx.workspace, history_path, "history path")
        return DigestHistory(path, clock=ctx.clock).ended(ctx.stem) if path.is_file() else frozenset()
    except SweepyError as exc:
        ctx.log(f"closed and rejected postings not read: {exc.message}")
        return frozenset()


def read_result(path: Path) -> dict[str, Any]:
    try:
        data = loads_finite(read_regular(path, "Result file", MAX_DATA_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise NotFound(f"Result file {path} does not exist. Call run_sweep to make one.") from None
    except (OSError, ValueError) as exc:
        raise StorageError(f"Result file {path} cannot be read ({exc}). Run the sweep again.") from None
    # The cards themselves are checked by result_cards, against the Card model, by the callers that read them.
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("profile"), dict)
        or not isinstance(data.get("cards"), list)
    ):
        raise StorageError(
            f"{path} is not a Sweepy result file (it needs a profile object and a list of cards). Move it out "
            "of the results folder, or call run_sweep to make a fresh one."
        )
    return data


_CARDS = TypeAdapter(list[Card])


def result_cards(data: dict[str, Any], path: Path) -> list[Card]:
    """The cards of a result file read by read_result, or StorageError naming what is wrong with them (a file
    edited by hand, or written by another program, must not crash the reading tools)."""
    try:
        return _CARDS.validate_python(data["cards"])
    except ValidationError as exc:
        raise StorageError(
            f"{path} holds a card Sweepy cannot read ({describe_validation_error(exc)}) Move the file out of the "
            "results folder, or call run_sweep to make a fresh one."
        ) from None
