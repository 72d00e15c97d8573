"""The `feed` engine: posting records from a local JSON, JSONL or CSV file, or a folder of them (offline)."""

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from ..domain.records import RecordError, posting_from_record
from ..errors import EngineConfigError, NotFound, SweepyError
from ..store.paths import INSTALL_DIR, Workspace
from ..store.reads import NonFiniteNumber, TooDeep, loads_finite, open_regular, read_regular
from . import register
from .base import DiscoverRequest, Engine, EngineConfig, EngineResult, SkippedSource

SUFFIXES = (".json", ".jsonl", ".csv")
SAMPLE_FEED = INSTALL_DIR / "sweepy" / "data" / "sample_postings.jsonl"
"""The bundled sample feed (offline postings to try Sweepy): `sweepy/data/sample_postings.jsonl` as a feed path."""
MAX_FEED_BYTES = 200_000_000
MAX_LINE_BYTES = 1_000_000
"""One JSONL posting: a real one is a few KB."""


class FeedConfig(EngineConfig):
    path: str = ""


def _feed_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())
    return [path]


def _locate(raw: str, workspace: Workspace) -> Path:
    expanded = workspace.expand(raw, "feed path")
    if expanded.is_dir():
        return expanded
    try:
        return workspace.resolve_read(raw, "feed path")
    except NotFound:
        looked = f"{expanded}" if Path(raw).expanduser().is_absolute() else f"{expanded}, then {INSTALL_DIR / raw}"
        raise EngineConfigError(
            f"feed: feed path {raw!r} does not exist (looked for {looked}).{_sample(raw)}"
        ) from None


def _sample(raw: str) -> str:
    """The exact path of the bundled sample feed, for a feed path that names it by its file name alone (or in
    another folder): bundled files are found by their path under Sweepy's install folder, not by name."""
    if Path(raw).name != SAMPLE_FEED.name:
        return ""
    return f' The bundled sample feed is "{SAMPLE_FEED.relative_to(INSTALL_DIR).as_posix()}": pass that path exactly.'


def _jsonl_records(handle: BinaryIO) -> Iterator[Any]:
    """One record per line, read and decoded one line at a time (the whole file's dicts at once were most of a
    big sweep's memory): a line longer than MAX_LINE_BYTES is skipped with a reason without ever being held whole
    (one 50 MB line took the server to 810 MB). Closes `handle` when done."""
    with handle:
        for number, line in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), 1):
            if len(line) > MAX_LINE_BYTES:
                while line and not line.endswith(b"\n"):  # skip the rest of it in bounded pieces
                    line = handle.readline(MAX_LINE_BYTES)
                yield RecordError(f"line {number} is longer than {MAX_LINE_BYTES} bytes; skipped")
                continue
            try:
                text = line.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError:
                yield RecordError(f"line {number} is not UTF-8 text")
                continue
            if text.strip():
                try:
                    yield loads_finite(text)
                except (NonFiniteNumber, TooDeep) as exc:
                    yield RecordError(f"line {number} is skipped: {exc}")
                except ValueError:
                    yield RecordError(f"line {number} is not valid JSON")


def _records(path: Path) -> Iterator[Any]:
    """The raw records of one file, one at a time for JSONL; ValueError (or OSError, SweepyError) when the file
    itself cannot be opened or parsed, raised here, before any of its records."""
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return _jsonl_records(open_regular(path, "Feed file", MAX_FEED_BYTES))
    raw = read_regular(path, "Feed file", MAX_FEED_BYTES).decode("utf-8-sig")
    text = raw.replace("\r\n", "\n").replace("\r", "\n")  # universal newlines, as read_text gave
    if suffix == ".csv":
        # Only the delimiter is sniffed: a sniffed quote style can be wrong past the sample, and a file with one
        # column has no delimiter to find. Quoting is always Excel's (`"`, doubled inside a field).
        try:
            delimiter = csv.Sniffer().sniff(text[:4096], delimiters=",;\t").delimiter
        except csv.Error:
            delimiter = ","
        return iter(list(csv.DictReader(io.StringIO(text), delimiter=delimiter)))
    try:
        data = json.loads(text, parse_constant=_non_finite)
    except RecursionError:  # a ValueError says which file was skipped and why, as for any bad JSON
        raise ValueError("it is nested too deeply (arrays or objects thousands of levels inside each other)") from None
    if isinstance(data, dict) and isinstance(data.get("jobs"), list):
        data = data["jobs"]
    if not isinstance(data, list):
        raise ValueError("a JSON feed must be an array of posting records")
    return (_first_error(record) or record for record in data)


def _non_finite(token: str) -> RecordError:
    """NaN or Infinity in one record of a JSON array: that record is skipped with the reason, not the file."""
    return RecordError(f"it holds {token}, which is not a number JSON allows")


def _first_error(record: Any) -> RecordError | None:
    stack = [record]
    while stack:
        value = stack.pop()
        if isinstance(value, RecordError):
            return value
        stack.extend(value.values() if isinstance(value, dict) else value if isinstance(value, list) else ())
    return None


class FeedEngine(Engine):
    name = "feed"
    config_model = FeedConfig
    description = "Posting records from a local JSON, JSONL or CSV file or folder (offline)."
    max_postings = 400_000
    """The person's own files, bounded by their bytes (MAX_FEED_BYTES each): a folder of 80,000 is a real sweep."""

    def check(self, config: FeedConfig, workspace: Workspace) -> None:
        if not config.path:
            raise EngineConfigError("feed: 'path' is required: the JSON, JSONL or CSV file (or folder) to read.")
        _locate(config.path, workspace)

    def discover(self, config: FeedConfig, request: DiscoverRequest) -> EngineResult:
        """Each file's postings, handed to the sweep one at a time as each record is read (DiscoverRequest.hand)."""
        result = EngineResult()
        try:
            root = _locate(config.path, request.workspace)
        except EngineConfigError as exc:
            result.skipped_sources.append(SkippedSource(self.name, config.path, "config", exc.message))
            return result
        for file in _feed_files(root):
            source = str(file)  # one text for the file's postings, not one each (80,000 of them at 70 bytes)
            for index, record in enumerate(self._read(file, result), 1):
                self._record(request, result, file, source, index, record)
        return result

    def _read(self, file: Path, result: EngineResult) -> Iterator[Any]:
        """The records of `file`; a file that cannot be opened or parsed is a skipped part of the source."""
        try:
            yield from _records(file)
        except (OSError, ValueError, SweepyError) as exc:
            result.skipped_sources.append(SkippedSource(self.name, str(file), "bad_response", f"{file.name}: {exc}"))

    def _record(
        self, request: DiscoverRequest, result: EngineResult, file: Path, source: str, index: int, record: Any
    ) -> None:
        if isinstance(record, RecordError):
            result.skipped_records.append((f"{file.name}#{index}", str(record)))
            return
        try:
            posting = posting_from_record(record, self.name, source, request.custom_platforms)
        except RecordError as exc:
            result.skipped_records.append((f"{file.name}#{index}", str(exc)))
            return
        request.hand(result, posting)


register(FeedEngine())
