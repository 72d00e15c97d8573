"""The tracking index: a profile's carried tracking values and the identity of each earlier CSV they came from,
so a sweep reads only the CSVs that are new or were edited since, not the whole history each time."""

import contextlib
import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import StorageError
from .files import atomic_write_text, open_in_real_dir, read_in_real_dir
from .reads import file_identity, loads_finite

MAX_CSV_BYTES = 4_000_000_000
"""A sanity bound, not a memory one: earlier CSVs are read and hashed streamed (an 80,000-card sweep writes one
over 50 MB, and the next sweep must read it back); the feed's 400,000 postings at 2.5 KB a row are 1 GB."""
INDEX_VERSION = 4  # 2: each CSV's listed jobs; 3: identities carry the device; 4: each CSV's rows as last read
RACY_NS = 2_000_000_000
"""A CSV modified this close to the index's own write may change again within the same mtime tick: its bytes'
hash is kept, and checked, until it is older (git's "racily clean" rule)."""

Values = tuple[str, ...]


def index_path(folder: Path, stem: str) -> Path:
    return folder / f".{stem}.tracking.json"


def identity(path: Path) -> list[int] | None:
    """The CSV's file identity as the JSON index stores it (a list)."""
    found = file_identity(path)
    return list(found) if found is not None else None


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def listed_jobs(kept: dict[str, Any]) -> set[str]:
    """The jobs a CSV of the index lists. Kept as one line-separated string (30 CSVs of 20,000 rows made the
    index 11 MB of JSON arrays, parsed and written whole on every sweep); an index written as a list still reads."""
    listed = kept.get("listed") or ()
    return set(listed.split("\n")) if isinstance(listed, str) else set(listed)


def _joined(job_ids: list[str]) -> str | list[str]:
    """listed_jobs' form: one string, or the list when an id itself holds a line break (typed in a CSV)."""
    return job_ids if any("\n" in job_id for job_id in job_ids) else "\n".join(job_ids)


@dataclass
class TrackingIndex:
    """`values`: job_id → (the CSV it came from, its tracking values), for jobs with a value the person typed.
    A job the newest CSV listing it shows blank has no entry: a value the person cleared stays cleared."""

    csvs: dict[str, dict[str, Any]] = field(default_factory=dict)
    values: dict[str, tuple[str, Values]] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path, stem: str) -> "TrackingIndex | None":
        """The saved index, None when there is none or it is not one this version wrote (it is then rebuilt)."""
        try:
            data = loads_finite(read_in_real_dir(index_path(folder, stem), "Tracking index", 50_000_000))
            csvs, values = data["csvs"], data["values"]
            ok = data["version"] == INDEX_VERSION and isinstance(csvs, dict) and isinstance(values, dict)
            index = cls(
                {str(k): dict(v) for k, v in csvs.items()},
                {str(k): (str(v[0]), tuple(map(str, v[1:]))) for k, v in values.items()},
            )
        except (OSError, StorageError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None
        return index if ok else None

    def unchanged(self, path: Path) -> bool:
        kept = self.csvs.get(path.name)
        if kept is None or kept.get("id") != identity(path):
            return False
        if kept.get("sha256") is None:
            return True
        try:
            with open_in_real_dir(path, "The earlier CSV", MAX_CSV_BYTES) as handle:
                hashed = hashlib.sha256()
                while chunk := handle.read(1 << 20):
                    hashed.update(chunk)
            return bool(hashed.hexdigest() == kept["sha256"])
        except (OSError, StorageError):
            return False

    def apply_newest(self, name: str, rows: dict[str, Values]) -> bool:
        """Take the rows of the newest CSV (new, or edited): it wins for every job it lists. False when a job
        that took its values from this CSV is gone from it (a deleted row): an older CSV may list it, so the
        index must be rebuilt."""
        if any(source == name and job_id not in rows for job_id, (source, _v) in self.values.items()):
            return False
        # A job this CSV listed blank has no value entry, yet it hid an older CSV's value: a row deleted since
        # would let that value through on the next rebuild but not now, so rebuild now.
        if listed_jobs(self.csvs.get(name, {})) - rows.keys():
            return False
        for job_id, values in rows.items():
            if any(values):
                self.values[job_id] = (name, values)
            else:
                self.values.pop(job_id, None)
        return True

    def keep_only(self, names: set[str]) -> None:
        """Forget CSVs that fell out of the window (all older than every CSV in it) and their values."""
        self.csvs = {k: v for k, v in self.csvs.items() if k in names}
        self.values = {k: v for k, v in self.values.items() if v[0] in names}

    def remember(
        self, path: Path, data: bytes, rows: dict[str, Values] | None = None, sha256: str | None = None
    ) -> None:
        """Note a CSV as read (or written) now, with the jobs it lists and the values it holds (only rows with
        one are kept); its hash (of `data`, or `sha256` when the writer hashed it as it wrote) only while it is
        recent enough to be racy."""
        found = identity(path)
        racy = found is not None and found[3] >= time.time_ns() - RACY_NS
        rows = rows or {}
        hashed = (sha256 or digest(data)) if racy else None
        self.csvs[path.name] = {
            "id": found,
            "sha256": hashed,
            "listed": _joined(sorted(rows)),
            "rows": {job_id: list(v) for job_id, v in sorted(rows.items()) if any(v)},
        }

    def edits(self, path: Path, rows: dict[str, Values]) -> list[tuple[str, int, str]] | None:
        """(job_id, column, value) of each cell the person changed in this CSV since it was last read or written;
        None when the index never read it."""
        kept = self.csvs.get(path.name)
        if kept is None or not isinstance(kept.get("rows"), dict):
            return None
        before: dict[str, Any] = kept["rows"]
        listed = listed_jobs(kept)
        found: list[tuple[str, int, str]] = []
        for job_id, values in rows.items():
            earlier = before.get(job_id) or [""] * len(values)
            if job_id not in listed and not any(values):
                continue
            found += [
                (job_id, n, value) for n, value in enumerate(values) if n >= len(earlier) or value != str(earlier[n])
            ]
        return found

    def take_edits(self, name: str, edits: list[tuple[str, int, str]], width: int) -> None:
        """The person's cell edits over the values (the CSV edited becomes those jobs' source)."""
        for job_id, column, value in edits:
            values = list(self.values.get(job_id, (name, ("",) * width))[1])
            values[column] = value
            if any(values):
                self.values[job_id] = (name, tuple(values))
            else:
                self.values.pop(job_id, None)

    def save(self, folder: Path, stem: str) -> None:
        """Write the index (best effort: it is a cache; without it the next sweep reads the CSVs again)."""
        now = time.time_ns()
        for kept in self.csvs.values():
            if kept["id"] is not None and kept["id"][3] < now - RACY_NS:
                kept["sha256"] = None  # old enough: its identity alone tells an edit apart
        body = {
            "version": INDEX_VERSION,
            "csvs": self.csvs,
            "values": {k: [source, *values] for k, (source, values) in sorted(self.values.items())},
        }
        # On failure the CSV just written is not in the old index, so the next sweep reads it: still exact.
        with contextlib.suppress(StorageError):
            atomic_write_text(index_path(folder, stem), json.dumps(body, ensure_ascii=False, separators=(",", ":")))
