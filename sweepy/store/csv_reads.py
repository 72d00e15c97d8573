"""What the application store remembers of the CSVs it read in: each earlier CSV's size and mtime (so a sweep reads
only the new or edited ones) and the statuses typed in them that it could not record yet."""

import sqlite3


def m004_csv_files(db: sqlite3.Connection) -> None:
    """What the store last read in from a profile's earlier CSVs (sweepy/store/csvsync.py): each CSV's size and
    modification time, and the jobs whose typed status it could not record yet (no card to record the posting
    from). A sweep whose earlier CSVs all match reads none of them again."""
    db.execute(
        """CREATE TABLE csv_files (
            profile TEXT NOT NULL,
            folder TEXT NOT NULL,
            name TEXT NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            PRIMARY KEY (profile, folder, name)
        ) WITHOUT ROWID"""
    )
    db.execute(
        """CREATE TABLE csv_pending (
            profile TEXT NOT NULL,
            folder TEXT NOT NULL,
            job_id TEXT NOT NULL,
            PRIMARY KEY (profile, folder, job_id)
        ) WITHOUT ROWID"""
    )


SeenCsvs = dict[str, tuple[int, int]]
"""CSV file name → (size, mtime in ns), as the store last read it in."""


def set_csv_status_in(db: sqlite3.Connection, profile: str, values: dict[str, str]) -> None:
    db.executemany(
        "UPDATE tracked_postings SET csv_status = ? WHERE profile = ? AND job_id = ?",
        [(status, profile, job_id) for job_id, status in values.items()],
    )


def seen_csvs(db: sqlite3.Connection, profile: str, folder: str) -> tuple[SeenCsvs, set[str]]:
    """The CSVs of `folder` the store last read in for `profile`, and the jobs still pending there."""
    files = db.execute("SELECT name, size, mtime_ns FROM csv_files WHERE profile = ? AND folder = ?", (profile, folder))
    seen = {name: (size, mtime) for name, size, mtime in files}
    rows = db.execute("SELECT job_id FROM csv_pending WHERE profile = ? AND folder = ?", (profile, folder))
    return seen, {job_id for (job_id,) in rows}


def note_csvs(db: sqlite3.Connection, profile: str, folder: str, seen: SeenCsvs, pending: set[str] | None) -> None:
    """Remember these CSVs as read in (in place of the folder's earlier ones when `pending` is given, which are
    then the jobs still pending; else added to them)."""
    if pending is not None:
        db.execute("DELETE FROM csv_files WHERE profile = ? AND folder = ?", (profile, folder))
        db.execute("DELETE FROM csv_pending WHERE profile = ? AND folder = ?", (profile, folder))
        db.executemany("INSERT INTO csv_pending VALUES (?, ?, ?)", [(profile, folder, j) for j in sorted(pending)])
    db.executemany(
        "INSERT OR REPLACE INTO csv_files VALUES (?, ?, ?, ?, ?)",
        [(profile, folder, name, size, mtime) for name, (size, mtime) in seen.items()],
    )
