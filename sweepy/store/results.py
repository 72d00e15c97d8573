"""A finished sweep on disk: the result JSON, the CSV and the session; and reading result files back.

A result file holds the sweep's counts, sources and drops, its best cards (at most RESULT_FILE_CARDS, and never
more than half the read cap), `cards_total`, and a pointer to the session store (`store`) that holds every card:
an 80,000-card sweep wrote a 60-250 MB file the readers then refused. Readers take the cards from the file when
it holds them all (small sweeps, and full files of earlier versions), else from the session of the same sweep.
"""

import contextlib
import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from ..domain.cards import Card, EncodedCard
from ..errors import NotFound, StorageError, SweepyError, describe_validation_error
from .csvfiles import write_cards_csv
from .csvsync import saved_judgments, sweep_overlay
from .digests import DigestHistory
from .files import atomic_writer
from .folder_lock import folder_lock
from .history import check_history_path
from .paths import RESULT_NAME
from .reads import MAX_DATA_BYTES, loads_finite, read_regular
from .session import DB_NAME, SessionStore
from .session_model import Session, check_stem
from .session_rows import View

if TYPE_CHECKING:  # the pipeline hands its outcome down to be written; the store never imports it
    from ..pipeline import SweepContext, SweepOutcome

SKIPPED_RECORDS_KEPT = 200
RESULT_FILE_CARDS = 100
"""The best cards a result file holds itself (get_results shows at most 100); the session store holds them all."""


def _free_stem(folder: Path, stem: str, stamp: str) -> str:
    base = f"{stem}_{stamp}"
    candidate, n = base, 1
    while (folder / f"{candidate}.json").exists() or (folder / f"{candidate}.csv").exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def write_results(
    ctx: "SweepContext", out: "SweepOutcome", folder: Path, job_id: str, max_bytes: int = MAX_DATA_BYTES
) -> dict[str, str]:
    """Write `{stem}_{YYYYMMDD-HHMMSS}.csv` and `.json`, then make the cards the active session (see
    SessionStore.activate for a sweep that kept none). Returns the two paths. `max_bytes`: the readers' cap
    (Settings.max_result_bytes); the JSON stays within half of it.

    All under the results folder's lock: two sweeps of one profile (different flags) cannot pick the same
    name or interleave the CSV carry-over. The CSV goes first because reading earlier CSVs is what can fail;
    the JSON, which marks the sweep as a result, is written only when the CSV is in place, card by card as the
    session store takes them (one transaction), and put in place once they are all in.
    """
    with folder_lock(folder):
        return _write_locked(ctx, out, folder, job_id, max_bytes)


def _summary(ctx: "SweepContext", out: "SweepOutcome", folder: Path, job_id: str, now: dt.datetime) -> dict[str, Any]:
    """The result file's head: the sweep, its profile and options, counts, drops, sources and where the store
    keeps every card (the best cards follow it in the file)."""
    profile = ctx.profile
    return {
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
        "cards_total": len(out.cards),
        "store": {"path": str(folder / DB_NAME), "session": ctx.stem, "sweep_id": job_id},
    }


def _write_csv(ctx: "SweepContext", out: "SweepOutcome", folder: Path, csv_path: Path) -> None:
    """The sweep's CSV, with the tracking columns carried from the profile's earlier CSVs and its history when
    the profile tracks applications."""
    profile = ctx.profile
    days = profile.follow_up_days
    synced = (
        sweep_overlay(ctx.workspace, profile.history.path, ctx.clock(), folder, ctx.stem, out.cards, ctx.log, days)
        if profile.export.tracking
        else None
    )
    write_cards_csv(
        csv_path,
        out.cards,
        profile.export.tracking,
        ctx.stem,
        synced.overlay if synced else None,
        saved_judgments(folder, ctx.stem),
        synced.index if synced else None,
    )
    if synced is not None:
        synced.written(csv_path, ctx.stem, ctx.log)


def _write_locked(
    ctx: "SweepContext", out: "SweepOutcome", folder: Path, job_id: str, max_bytes: int
) -> dict[str, str]:
    now = dt.datetime.fromtimestamp(ctx.clock(), tz=dt.UTC)
    base = _free_stem(folder, ctx.stem, now.strftime("%Y%m%d-%H%M%S"))
    json_path, csv_path = folder / f"{base}.json", folder / f"{base}.csv"
    profile = ctx.profile
    document = _summary(ctx, out, folder, job_id, now)
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
    _write_csv(ctx, out, folder, csv_path)
    with atomic_writer(json_path) as handle:
        opening = f'{head[:-1]}, "cards": ['.encode()
        handle.write(opening)
        room = max_bytes // 2 - len(opening) - 2

        def encoded() -> Iterator[EncodedCard]:
            """Each card's text as scoring encoded it, into the session store, one at a time (80,000 cards are
            never one string); the best ones into the result file too, while they fit."""
            nonlocal room
            written = 0
            for item in out.cards.encoded:
                if written < RESULT_FILE_CARDS and room > 0:
                    text = (f",{item.text}" if written else item.text).encode()
                    room -= len(text)
                    if room >= 0:
                        handle.write(text)
                        written += 1
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


def read_result(path: Path, max_bytes: int = MAX_DATA_BYTES) -> dict[str, Any]:
    """A result file's document (`cards` may be only the best of them: see sweep_cards)."""
    try:
        data = loads_finite(read_regular(path, "Result file", max_bytes).decode("utf-8"))
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


def load_result(path: Path, store: SessionStore, max_bytes: int = MAX_DATA_BYTES) -> dict[str, Any]:
    """read_result, and for a full result file of an earlier version past the cap, its sweep's document from the
    session store when that still holds the sweep (its cards are then read from there: see sweep_cards)."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    if size <= max_bytes:
        return read_result(path, max_bytes)
    sweep_id = head_sweep_id(path)
    with result_session(store, {"sweep_id": sweep_id, "profile": {"stem": _name_stem(path)}}) as view:
        document = view.sweep() if view is not None else None
        if view is not None and isinstance(document, dict) and isinstance(document.get("profile"), dict):
            return {**document, "cards": [], "cards_total": view.card_count}
    raise StorageError(
        f"Result file {path} is {size} bytes; the limit is {max_bytes} bytes, and the session store no longer "
        f"holds its sweep. Set SWEEPY_MAX_RESULT_BYTES above {size} in the server's env to read it, or move it out "
        "of the results folder and call run_sweep for a fresh one."
    )


def card_total(data: dict[str, Any]) -> int:
    """How many cards the sweep of a result document kept (the file may hold only the best of them)."""
    total = data.get("cards_total")
    cards: list[Any] = data["cards"]
    return total if isinstance(total, int) and not isinstance(total, bool) and total > len(cards) else len(cards)


def holds_all(data: dict[str, Any]) -> bool:
    """The result document holds every card of its sweep (a small sweep, or a file of an earlier version)."""
    return card_total(data) == len(data["cards"])


@contextlib.contextmanager
def result_session(store: SessionStore, data: dict[str, Any]) -> Iterator[View | None]:
    """The session holding the cards of the sweep of `data` (the same sweep_id): the profile's saved session,
    else the active one; None when a newer sweep of the profile has replaced it, or the store cannot be read."""
    sweep_id = data.get("sweep_id")
    stem = (data.get("profile") or {}).get("stem")
    for name in (stem if isinstance(stem, str) else None, None):
        if not isinstance(sweep_id, str):
            break
        stack = contextlib.ExitStack()
        try:
            view = stack.enter_context(store.reading(check_stem(name) if name is not None else None))
        except SweepyError:
            continue
        with stack:
            if view.session.sweep_id == sweep_id:
                yield view
                return
    yield None


def sweep_cards(store: SessionStore, path: Path, data: dict[str, Any]) -> list[Card]:
    """Every card of the sweep of result file `path` (read as `data`): the file's own when it holds them all,
    else the session store's (with the judgments and imported cards it holds since)."""
    if holds_all(data):
        return result_cards(data, path)
    with result_session(store, data) as view:
        if view is None:
            raise StorageError(replaced_message(path, data))
        return list(view.all_cards())


def replaced_message(path: Path, data: dict[str, Any]) -> str:
    stem = (data.get("profile") or {}).get("stem")
    return (
        f"{path.name} holds only the best {len(data['cards'])} of its {card_total(data)} cards; the others were in "
        f"the session store {path.parent / DB_NAME} until a newer sweep of profile {stem!r} replaced that session. "
        "Use the newer sweep's result file (leave json_source out for the newest), or call run_sweep again."
    )


def head_sweep_id(path: Path) -> str | None:
    """The sweep_id a result file opens with (write_results puts it first), read without loading the cards."""
    try:
        with path.open("rb") as handle:
            head = handle.read(160).decode("utf-8", errors="replace")
    except OSError:
        return None
    match = re.match(r'\{"sweep_id": "([A-Za-z0-9-]{1,64})"', head)
    return match.group(1) if match else None


def _name_stem(path: Path) -> str | None:
    match = RESULT_NAME.fullmatch(path.name)
    return match["stem"] if match else None
