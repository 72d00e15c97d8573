"""The tracking index: a profile's carried tracking values and the identity of each earlier CSV they came from,
so a sweep reads only the CSVs that are new or were edited since, not the whole history each time. What each CSV
listed and held when last read (its bulk: 30 CSVs of 20,000 rows made the index 10 MB, parsed and rewritten on
every sweep) is kept beside it in a file of its own, read only when that CSV changed."""

import contextlib
import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import StorageError
from .files import atomic_write_text, open_in_real_dir, read_in_real_dir, remove_file
from .reads import file_identity, loads_finite

MAX_CSV_BYTES = 4_000_000_000
"""A sanity bound, not a memory one: earlier CSVs are read and hashed streamed (an 80,000-card sweep writes one
over 50 MB, and the next sweep must read it back); the feed's 400,000 postings at 2.5 KB a row are 1 GB."""
INDEX_VERSION = 5  # 2: each CSV's listed jobs; 3: identities carry the device; 4: each CSV's rows as last read;
# 5: each CSV's listed jobs and rows in its own file (bulk_path). An index of version 4 still reads.
INLINE_VERSION = 4
"""The last version that kept each CSV's bulk inside the index: read (a person upgrading keeps their edits)
and rewritten as version 5 on the next save."""
RACY_NS = 2_000_000_000
"""A CSV modified this close to the index's own write may change again within the same mtime tick: its bytes'
hash is kept, and checked, until it is older (git's "racily clean" rule)."""

Values = tuple[str, ...]


def index_path(folder: Path, stem: str) -> Path:
    return folder / f".{stem}.tracking.json"


def bulk_path(folder: Path, name: str) -> Path:
    """The file of one CSV's bulk: `.{csv name}.tracking.json`, so the history's guard against naming one of
    Sweepy's own files (history.py) refuses it too."""
    return folder / f".{name}.tracking.json"


def identity(path: Path) -> list[int] | None:
    """The CSV's file identity as the JSON index stores it (a list)."""
    found = file_identity(path)
    return list(found) if found is not None else None


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def listed_jobs(bulk: dict[str, Any]) -> set[str]:
    """The jobs a CSV's bulk lists. Kept as one line-separated string (a JSON array of 20,000 ids parses and
    writes several times slower); a bulk written as a list (an older index) still reads."""
    listed = bulk.get("listed") or ()
    return set(listed.split("\n")) if isinstance(listed, str) else set(listed)


def _joined(job_ids: list[str]) -> str | list[str]:
    """listed_jobs' form: one string, or the list when an id itself holds a line break (typed in a CSV)."""
    return job_ids if any("\n" in job_id for job_id in job_ids) else "\n".join(job_ids)


@dataclass
class TrackingIndex:
    """`values`: job_id → (the CSV it came from, its tracking values), for jobs with a value the person typed.
    A job the newest CSV listing it shows blank has no entry: a value the person cleared stays cleared.
    `csvs`: each CSV's identity (and hash while racy), all that telling an unchanged CSV needs. `bulk`: the
    CSVs' listed jobs and rows as last read, each read from its own file when first asked for (None when that
    file is missing, damaged or of another read of the CSV); `folder`: where those files are."""

    csvs: dict[str, dict[str, Any]] = field(default_factory=dict)
    values: dict[str, tuple[str, Values]] = field(default_factory=dict)
    folder: Path | None = None
    bulk: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    unsaved: set[str] = field(default_factory=set)
    """CSVs whose bulk changed since it was last written (their files are written by save)."""
    dropped: set[str] = field(default_factory=set)
    """CSVs the index forgot, whose bulk files save removes."""

    @classmethod
    def load(cls, folder: Path, stem: str) -> "TrackingIndex | None":
        """The saved index, None when there is none or it is not one this version reads (it is then rebuilt).
        One of version 4 holds each CSV's bulk: it is taken as unsaved, so the next save moves it to its file."""
        try:
            data = loads_finite(read_in_real_dir(index_path(folder, stem), "Tracking index", 50_000_000))
            csvs, values = data["csvs"], data["values"]
            ok = data["version"] in (INLINE_VERSION, INDEX_VERSION) and isinstance(csvs, dict)
            index = cls(
                {str(k): {"id": v["id"], "sha256": v["sha256"]} for k, v in csvs.items()},
                {str(k): (str(v[0]), tuple(map(str, v[1:]))) for k, v in values.items()},
                folder,
            )
            if ok and data["version"] == INLINE_VERSION:
                index.bulk = {str(k): _checked_bulk(v) for k, v in csvs.items()}
                index.unsaved = set(index.bulk)
        except (OSError, StorageError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None
        return index if ok and isinstance(values, dict) else None

    def bulk_of(self, name: str) -> dict[str, Any] | None:
        """The CSV's listed jobs and rows as the index last read it; None when the index never read it, or its
        file is missing, damaged, a link, or from another read of the CSV than the identity the index holds."""
        if name not in self.bulk:
            kept, found = self.csvs.get(name), None
            if kept is not None and self.folder is not None:
                with contextlib.suppress(OSError, StorageError, ValueError, TypeError, KeyError, AttributeError):
                    data = loads_finite(read_in_real_dir(bulk_path(self.folder, name), "Tracking rows", MAX_BULK))
                    if data["version"] == INDEX_VERSION and data["id"] == kept["id"]:
                        found = _checked_bulk(data)
            self.bulk[name] = found
        return self.bulk[name]

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
        index must be rebuilt; also when the index read this CSV before but lost what it listed then."""
        if any(source == name and job_id not in rows for job_id, (source, _v) in self.values.items()):
            return False
        # A job this CSV listed blank has no value entry, yet it hid an older CSV's value: a row deleted since
        # would let that value through on the next rebuild but not now, so rebuild now.
        bulk = self.bulk_of(name) if name in self.csvs else {}
        if bulk is None or listed_jobs(bulk) - rows.keys():
            return False
        for job_id, values in rows.items():
            if any(values):
                self.values[job_id] = (name, values)
            else:
                self.values.pop(job_id, None)
        return True

    def keep_only(self, names: set[str]) -> None:
        """Forget CSVs that fell out of the window (all older than every CSV in it) and their values."""
        self.dropped |= self.csvs.keys() - names
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
        self.csvs[path.name] = {"id": found, "sha256": hashed}
        self.bulk[path.name] = {
            "listed": _joined(sorted(rows)),
            "rows": {job_id: list(v) for job_id, v in sorted(rows.items()) if any(v)},
        }
        self.unsaved.add(path.name)
        self.dropped.discard(path.name)

    def edits(self, path: Path, rows: dict[str, Values]) -> list[tuple[str, int, str]] | None:
        """(job_id, column, value) of each cell the person changed in this CSV since it was last read or written;
        None when the index never read it (or lost what it read then: bulk_of)."""
        bulk = self.bulk_of(path.name)
        if bulk is None:
            return None
        before: dict[str, Any] = bulk["rows"]
        listed = listed_jobs(bulk)
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
        """Write the index, after the bulk files of the CSVs read since and before removing those of the CSVs
        forgotten (best effort: it is a cache; without it the next sweep reads the CSVs again, and a bulk file
        the index does not match is taken as lost, see bulk_of)."""
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
            for name in sorted(self.unsaved & self.csvs.keys()):
                if (bulk := self.bulk.get(name)) is not None:
                    atomic_write_text(
                        bulk_path(folder, name), _dumps({"version": INDEX_VERSION, "id": self.csvs[name]["id"], **bulk})
                    )
            self.unsaved.clear()
            atomic_write_text(index_path(folder, stem), _dumps(body))
            for name in sorted(self.dropped - self.csvs.keys()):
                remove_file(bulk_path(folder, name))
            self.dropped.clear()


MAX_BULK = 1_000_000_000
"""A sanity bound on one CSV's bulk file (its job ids and typed rows: about 2 MB for 20,000 rows)."""


def _checked_bulk(data: dict[str, Any]) -> dict[str, Any]:
    """A CSV's bulk as read back: its listed jobs (a list, from an older index, joined as written now) and a
    dict of its rows (else TypeError: the file is taken as lost)."""
    listed, rows = data["listed"], data["rows"]
    if not isinstance(listed, str | list) or not isinstance(rows, dict):
        raise TypeError("not a CSV's tracking rows")
    return {"listed": listed if isinstance(listed, str) else _joined(sorted(map(str, listed))), "rows": rows}


def _dumps(body: dict[str, Any]) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))
