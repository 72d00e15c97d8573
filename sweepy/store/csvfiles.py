"""CSV rows of cards, neutralised against spreadsheet formulas (reversibly), with tracking columns carried
forward by `job_id` from the profile's earlier CSVs (through the tracking index, sweepy/store/tracking.py)."""

import csv
import hashlib
import io
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from ..domain.cards import Card
from ..domain.postings import Salary
from ..errors import StorageError
from .files import atomic_writer, open_in_real_dir
from .tracking import MAX_CSV_BYTES, TrackingIndex, Values, identity

CARD_COLUMNS = (
    "job_id", "title", "company", "location", "workplace", "place_note", "platform", "also_on", "salary",
    "salary_annual_min", "salary_annual_max", "salary_currency", "salary_status", "posted_at", "employment_type",
    "closes_at", "open_to", "experience_years_min", "experience_quote", "match_score", "match_kind",
    "matched_terms", "missing_must_haves", "score_title", "score_must_haves", "score_resume", "score_place",
    "score_penalty", "top_terms", "seen_before", "url", "apply_url",
    "eligible", "eligibility", "employer_url", "ghost_signals", "pay_transparency", "pay_jurisdiction", "pay_law",
)  # fmt: skip
"""The posted salary text, then its yearly figures as plain numbers a spreadsheet can sort and filter; the keyword
score's parts (`score_parts`) as numbers too, empty on a card scored without them."""
TRACKING_COLUMNS = ("status", "applied_on", "follow_up_on", "contact", "notes", "track_note")
"""The person's columns (status, their dates, contact, notes) and the latest track_jobs note."""
JUDGMENT_COLUMNS = ("summary", "alignment", "resume_track")
"""The assistant's judgment (submit_judgments), in every CSV; carried like the tracking columns."""
CARRIED = TRACKING_COLUMNS + JUDGMENT_COLUMNS
"""The columns carried forward by job_id from earlier CSVs, in the tracking index's order."""
CARRY_FROM_NEWEST = 30
"""Earlier CSVs read for tracking values: enough for weeks of daily sweeps, bounded in time."""
_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\n")


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
"""A plain number ("-5", a score part's penalty) is no formula: a spreadsheet reads it as the number it is."""


def _formula_like(stripped: str) -> bool:
    return bool(stripped) and stripped[:1] in _TRIGGERS and not _NUMBER.fullmatch(stripped)


def escape_cell(value: str) -> str:
    """Prefix one `'` when the text (after any leading apostrophes) starts like a formula. Reversible."""
    if not value or value[0] not in _ESCAPABLE:  # most cells: no formula can start here
        return value
    return "'" + value if _formula_like(value.lstrip("'")) else value


_ESCAPABLE = frozenset((*_TRIGGERS, "'"))


def unescape_cell(value: str) -> str:
    return value[1:] if value.startswith("'") and _formula_like(value.lstrip("'")) else value


def _plain(value: object) -> str:
    if isinstance(value, list):
        return "; ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def _salary_figure(name: str) -> Callable[[Card], str]:
    def cell(card: Card) -> str:
        figure = getattr(card.salary, name, None) if card.salary is not None else None
        return f"{figure:.0f}" if isinstance(figure, float) else str(figure or "")

    return cell


def _score_part(name: str) -> Callable[[Card], str]:
    def cell(card: Card) -> str:
        points = getattr(card.score_parts, name, None) if card.score_parts else None
        return "" if points is None else str(points)

    return cell


def _field(name: str) -> Callable[[Card], str]:
    return lambda card: _plain(getattr(card, name))


def _salary_cell(card: Card) -> str:
    salary = card.salary
    return (salary.text or _salary_text(salary)) if salary is not None else ""


_SPECIAL: dict[str, Callable[[Card], str]] = {
    "salary": _salary_cell,
    "eligible": lambda card: "no" if card.blocked else "yes",
    "eligibility": lambda card: " | ".join(f"{f.verdict} {f.kind}: {f.quote}" for f in card.concerns),
    "ghost_signals": lambda card: " | ".join(f"{g.signal}: {g.evidence}" for g in card.ghost_signals),
}


def _cell_of(column: str) -> Callable[[Card], str]:
    if column.startswith("salary_") and column != "salary_status":
        return _salary_figure(column.removeprefix("salary_"))
    if column.startswith("score_"):
        return _score_part(column.removeprefix("score_"))
    return _SPECIAL.get(column) or _field(column)


_CELLS = tuple(_cell_of(column) for column in CARD_COLUMNS)
"""How each card column's text is made, picked once (a sweep writes tens of thousands of rows)."""


def _salary_text(salary: Salary) -> str:
    low, high = salary.min or salary.max or 0, salary.max or salary.min or 0
    span = f"{low:,.0f}" if low == high else f"{low:,.0f}-{high:,.0f}"
    return f"{salary.currency or ''} {span} per {salary.period}".strip()


def csv_rows(cards: Iterable[Card], tracking: bool, carried: dict[str, dict[str, str]]) -> Iterator[list[str]]:
    """The header, then one row per card, escaped. The judgment columns show the card's own judgment, else the
    one carried; the tracking columns only with `tracking`."""
    yield list(CARD_COLUMNS + JUDGMENT_COLUMNS + (TRACKING_COLUMNS if tracking else ()))
    for card in cards:
        earlier = carried.get(card.job_id, {})
        row = [cell(card) for cell in _CELLS]
        row += [getattr(card, c) or earlier.get(c, "") for c in JUDGMENT_COLUMNS]
        if tracking:
            row += [earlier.get(c, "") for c in TRACKING_COLUMNS]
        yield [escape_cell(value) for value in row]


def csv_text(cards: Iterable[Card], tracking: bool, carried: dict[str, dict[str, str]]) -> str:
    """The CSV (csv_rows) with a UTF-8 byte-order mark, so Excel reads accents and other scripts correctly."""
    buffer = io.StringIO()
    buffer.write("\ufeff")
    csv.writer(buffer, lineterminator="\r\n").writerows(csv_rows(cards, tracking, carried))
    return buffer.getvalue()


class _HashedSink:
    """A text sink for csv.writer that writes UTF-8 to `handle` as rows come, hashing the bytes it writes."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.hash = hashlib.sha256()

    def write(self, text: str) -> int:
        data = text.encode("utf-8")
        self.hash.update(data)
        self.handle.write(data)
        return len(text)


class _HashedSource(io.RawIOBase):
    """A file read through, its bytes hashed as they pass (a CSV is hashed without holding it whole)."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle, self.hash = handle, hashlib.sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: "memoryview | bytearray") -> int:  # type: ignore[override]
        data = self.handle.read(len(buffer))
        buffer[: len(data)] = data
        self.hash.update(data)
        return len(data)


def read_tracking(path: Path) -> dict[str, dict[str, str]]:
    """Tracking values by job_id from a CSV a person may have edited (Excel BOM or cp1252, `;` delimiter, any
    column order). Every listed job counts, blank values too: a value the person cleared stays cleared."""
    _sha256, rows = _tracking_rows(path)
    return {job_id: dict(zip(CARRIED, values, strict=True)) for job_id, values in rows.items()}


def _tracking_rows(path: Path) -> tuple[str, dict[str, Values]]:
    """The CSV's SHA-256, and its carried values by job_id in CARRIED order (a column it lacks reads blank).
    Streamed: an 80,000-card sweep writes a CSV over 50 MB, and the next sweep must still read it back. UTF-8
    (with or without Excel's BOM); else Windows-1252, which Excel on Windows saves by default."""
    try:
        with open_in_real_dir(path, "The earlier CSV", MAX_CSV_BYTES) as handle:
            try:
                return _streamed_rows(path, handle, "utf-8-sig", "strict")
            except UnicodeDecodeError:
                handle.seek(0)
                return _streamed_rows(path, handle, "cp1252", "replace")
    except OSError as exc:
        raise StorageError(
            f"The earlier CSV {path} cannot be read ({exc.strerror or exc}); fix or move it, then sweep again."
        ) from None


def _streamed_rows(path: Path, handle: BinaryIO, encoding: str, errors: str) -> tuple[str, dict[str, Values]]:
    # Only the delimiter is sniffed. A sniffed quote style is wrong for Sweepy's own files: escaped cells start
    # with `'` (taken for a quote character), and doubled `"` past the sample shift columns. Quoting is Excel's.
    head = handle.read(_SNIFF_BYTES).decode(encoding, errors="ignore")
    handle.seek(0)
    try:
        delimiter = csv.Sniffer().sniff(head[:4096], delimiters=",;\t").delimiter
    except csv.Error:
        delimiter = ","
    source = _HashedSource(handle)
    text = io.TextIOWrapper(io.BufferedReader(source), encoding=encoding, errors=errors, newline="")
    try:
        reader = csv.DictReader(text, delimiter=delimiter)
        found: dict[str, Values] = {}
        for row in reader:
            if job_id := row.get("job_id"):
                found[unescape_cell(job_id)] = tuple(unescape_cell(row.get(c) or "") for c in CARRIED)
        fields = reader.fieldnames or []
    finally:
        text.detach()  # the caller's file stays open: it reads again as cp1252, then closes it
    if "job_id" not in fields and any(name.strip() for name in fields):
        # a sweep that reported nothing leaves a header-only CSV; an empty or blank file lists nothing
        raise StorageError(
            f"The earlier CSV {path} has no job_id column, so its tracking notes cannot be carried forward. "
            "Restore the column or move the file aside, then sweep again."
        )
    return source.hash.hexdigest(), found


_SNIFF_BYTES = 16_384


def _csv_name(stem: str) -> re.Pattern[str]:
    return re.compile(re.escape(stem) + r"_(\d{8}-\d{6})(?:-(\d+))?\.csv")


def earlier_csvs(folder: Path, stem: str) -> list[Path]:
    """The profile's sweep CSVs, newest first."""
    pattern = _csv_name(stem)
    found: list[tuple[str, int, Path]] = []
    for path in folder.glob("*.csv"):
        if match := pattern.fullmatch(path.name):
            # Same second: `<stamp>.csv`, then `<stamp>-2.csv`, ... `<stamp>-10.csv` (by number, not by name).
            found.append((match[1], int(match[2] or 1), path))
    return [path for _stamp, _n, path in sorted(found, reverse=True)]


def _rebuilt(folder: Path, stem: str, window: list[Path], kept: TrackingIndex | None = None) -> TrackingIndex:
    """The index from every CSV in the window, the newest CSV that lists a job winning; then the cells the
    person changed in an older CSV since `kept` last read it, the latest saved edit last (a note typed in last
    week's CSV, open in a spreadsheet, must not lose to the blank of a CSV swept since). The profile's bulk
    files of CSVs not in the window (deleted, older, or left by an index lost since) go when it is saved."""
    index, listed = TrackingIndex(folder=folder), set()
    pattern, names = _csv_name(stem), {path.name for path in window}
    for path in folder.glob(".*.csv.tracking.json"):
        if pattern.fullmatch(name := path.name[1 : -len(".tracking.json")]) and name not in names:
            index.dropped.add(name)
    edits: list[tuple[int, str, list[tuple[str, int, str]]]] = []
    for path in window:
        sha256, rows = _tracking_rows(path)
        if kept is not None and not kept.unchanged(path):
            changed = kept.edits(path, rows)
            saved = identity(path)
            if changed and saved is not None:
                edits.append((saved[3], path.name, changed))
        index.remember(path, b"", rows, sha256=sha256)
        for job_id, values in rows.items():
            if job_id not in listed:
                listed.add(job_id)
                if any(values):
                    index.values[job_id] = (path.name, values)
    for _saved, name, changed in sorted(edits):
        index.take_edits(name, changed, len(CARRIED))
    return index


def tracking_index(folder: Path, stem: str) -> TrackingIndex:
    """The carried values the profile's CSVs hold now. Only CSVs that are new or edited since the saved index
    are read: when that is the newest CSV alone (a sweep, or the person editing the latest CSV), its rows are
    taken over the index; any other change (an older CSV edited or deleted) reads the window again, the
    person's edits to older CSVs over it. Several CSVs count so a note survives sweeps that did not report its
    job (history hides seen postings)."""
    listed = earlier_csvs(folder, stem)
    window, names = listed[:CARRY_FROM_NEWEST], {path.name for path in listed[:CARRY_FROM_NEWEST]}
    index = TrackingIndex.load(folder, stem)
    if index is not None and set(index.csvs) <= {path.name for path in listed}:  # none deleted
        index.keep_only(names)
        changed = [path for path in window if not index.unchanged(path)]
        if not changed:
            return index
        if changed == window[:1]:
            sha256, rows = _tracking_rows(changed[0])
            if index.apply_newest(changed[0].name, rows):
                index.remember(changed[0], b"", rows, sha256=sha256)
                return index
    return _rebuilt(folder, stem, window, index)


def carried_tracking(folder: Path, stem: str) -> dict[str, dict[str, str]]:
    """Carried values by job_id (only jobs with a value) from the profile's earlier CSVs."""
    values = tracking_index(folder, stem).values
    return {job_id: dict(zip(CARRIED, v, strict=True)) for job_id, (_source, v) in values.items()}


def overlay_tracking(carried: dict[str, dict[str, str]], overlay: dict[str, dict[str, str]]) -> None:
    """The store's status wins (it has already read in what the person typed), and its latest note when it has
    one; the person's own dates stay."""
    for job_id, values in overlay.items():
        row = carried.setdefault(job_id, dict.fromkeys(CARRIED, ""))
        row["status"] = values["status"]
        row["track_note"] = values.get("track_note") or row.get("track_note", "")
        for key in ("applied_on", "follow_up_on"):
            row[key] = row.get(key) or values.get(key, "")


def overlay_judgments(carried: dict[str, dict[str, str]], judged: dict[str, dict[str, str]]) -> None:
    """A judgment of the profile's saved session wins over the one an earlier CSV carries."""
    for job_id, values in judged.items():
        row = carried.setdefault(job_id, dict.fromkeys(CARRIED, ""))
        row.update({key: values.get(key, "") for key in JUDGMENT_COLUMNS})


def write_cards_csv(
    target: Path,
    cards: Iterable[Card],
    tracking: bool,
    stem: str,
    overlay: dict[str, dict[str, str]] | None = None,
    judged: dict[str, dict[str, str]] | None = None,
    index: TrackingIndex | None = None,
) -> int:
    """Write the CSV atomically, row by row as the cards come, tracking values carried forward; returns how many
    rows carried values. The tracking index then takes the new CSV's rows, so the next sweep does not read it
    again. `overlay`: the application store's values (sweepy/store/csvsync.py), its status over the carried
    one; `judged`: the judgment columns of the profile's saved session, over the carried ones; `index`: the
    tracking index as the caller has just read it (else it is read here)."""
    index = (index or tracking_index(target.parent, stem)) if tracking else None
    carried = (
        {job_id: dict(zip(CARRIED, v, strict=True)) for job_id, (_s, v) in index.values.items()}
        if index is not None
        else {}
    )
    if index is not None:
        overlay_tracking(carried, overlay or {})
    overlay_judgments(carried, judged or {})
    job_ids: list[str] = []  # read once: a sweep's cards are read back from disk one at a time
    shown: dict[str, Values] = {}

    def noted() -> Iterator[Card]:
        for card in cards:
            job_ids.append(card.job_id)
            if card.job_id and card.job_id not in shown:
                values = carried.get(card.job_id, {})
                own = {c: getattr(card, c) or values.get(c, "") for c in JUDGMENT_COLUMNS}
                shown[card.job_id] = tuple({**values, **own}.get(c, "") for c in CARRIED)
            yield card

    with atomic_writer(target) as handle:
        sink = _HashedSink(handle)
        sink.write("\ufeff")
        csv.writer(sink, lineterminator="\r\n").writerows(csv_rows(noted(), tracking, carried))
    listed = earlier_csvs(target.parent, stem)
    if index is not None and listed[:1] == [target]:  # a CSV of this profile, the newest: the next one's history
        index.remember(target, b"", shown, sha256=sink.hash.hexdigest())
        if index.apply_newest(target.name, shown):
            index.keep_only({path.name for path in listed[:CARRY_FROM_NEWEST]})
            index.save(target.parent, stem)
    return sum(any(shown.get(job_id, ())) for job_id in job_ids if job_id)
