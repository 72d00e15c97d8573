"""The write stage's sync with the earlier CSVs (issue 25 item 3): the history database remembers each CSV's size
and mtime as it read it in, and does not read it again while they match; a touched one is read in again."""

import csv
import datetime as dt
import io
import os
import sqlite3
from pathlib import Path
from typing import Any

from sweepy.domain.cards import Card
from sweepy.domain.records import posting_from_record
from sweepy.domain.scoring import Scorer
from sweepy.pipeline.score import make_card
from sweepy.store.applications import ApplicationStore
from sweepy.store.csvfiles import write_cards_csv
from sweepy.store.csvsync import Synced, sync_with_csv
from sweepy.store.history import HistoryStore
from sweepy.store.tracking import index_path

STEM = "paralegal_nyc"
SCORER = Scorer(titles=["Paralegal"], must_haves=["Westlaw"], synonyms=[], resume_text="Paralegal, Westlaw")
NOW = dt.date(2026, 11, 20)
HOUR_NS = 3_600_000_000_000


def card(n: int) -> Card:
    record = {"title": "Paralegal", "company": f"Northwind {n}", "url": f"https://jobs.lever.co/northwind/{n}"}
    return make_card(posting_from_record(record, "feed", "test"), SCORER)


def typed_csv(folder: Path, name: str, cards: list[Card], status: str) -> Path:
    """A sweep's CSV in which the person typed `status` for every card, saved an hour ago (past the racy
    window, so its size and mtime alone say whether it changed)."""
    path = folder / f"{STEM}_{name}.csv"
    write_cards_csv(path, cards, tracking=True, stem=STEM)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({**row, "status": status} for row in rows)
    path.write_text("\ufeff" + buffer.getvalue(), encoding="utf-8", newline="")
    backdate(path)
    return path


def backdate(path: Path) -> None:
    old = path.stat().st_mtime_ns - HOUR_NS
    os.utime(path, ns=(old, old))


def sync(store: ApplicationStore, folder: Path, cards: list[Card]) -> Synced:
    def find(job_ids: set[str]) -> dict[str, Card]:
        return {c.job_id: c for c in cards if c.job_id in job_ids}

    return sync_with_csv(store, STEM, folder, find, NOW)


def statuses(store: ApplicationStore) -> dict[str, Any]:
    return {job_id: application.status for job_id, application in store.applications(STEM).items()}


def test_an_unchanged_csv_is_not_read_again_and_a_touched_one_is(workspace: Path) -> None:
    folder, store = workspace / "results", ApplicationStore(workspace / "history.db")
    a, b = card(1), card(2)
    first = typed_csv(folder, "20261101-090000", [a, b], "applied")
    assert sync(store, folder, [a, b]).index is not None  # read in once
    assert statuses(store) == {a.job_id: "applied", b.job_id: "applied"}
    # Same size and mtime, content no CSV at all, and no tracking index to answer from: reading it would fail.
    stat, original = first.stat(), first.read_bytes()
    first.write_bytes(b"\x00" * stat.st_size)
    os.utime(first, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    index_path(folder, STEM).unlink()
    again = sync(store, folder, [a, b])
    assert again.index is None and set(again.overlay) == {a.job_id, b.job_id}
    assert statuses(store) == {a.job_id: "applied", b.job_id: "applied"}
    # Touched (a person saved it again): read in again, and what they typed is recorded.
    first.write_bytes(original.replace(b",applied,", b",interview,"))
    touched = sync(store, folder, [a, b])
    assert touched.index is not None
    assert statuses(store) == {a.job_id: "interview", b.job_id: "interview"}


def test_a_status_without_a_card_stays_pending_until_a_card_is_found(workspace: Path) -> None:
    folder, store = workspace / "results", ApplicationStore(workspace / "history.db")
    a = card(1)
    typed_csv(folder, "20261101-090000", [a], "applied")
    assert sync(store, folder, []).index is not None
    assert statuses(store) == {}  # no card to record the posting from
    assert sync(store, folder, []).index is None  # nothing changed: nothing read
    assert sync(store, folder, [a]).index is not None  # its card is here now: the CSV is read in again
    assert statuses(store) == {a.job_id: "applied"}


def test_a_deleted_csv_or_a_new_one_is_read_in(workspace: Path) -> None:
    folder, store = workspace / "results", ApplicationStore(workspace / "history.db")
    a, b = card(1), card(2)
    typed_csv(folder, "20261101-090000", [a, b], "applied")
    newest = typed_csv(folder, "20261102-090000", [a], "interview")
    sync(store, folder, [a, b])
    assert statuses(store) == {a.job_id: "interview", b.job_id: "applied"}
    assert sync(store, folder, [a, b]).index is None
    newest.unlink()
    assert sync(store, folder, [a, b]).index is not None
    os.utime(typed_csv(folder, "20261103-090000", [b], "offer"))  # saved after the store's last change
    assert sync(store, folder, [a, b]).index is not None
    assert statuses(store)[b.job_id] == "offer"


def test_the_csv_a_sweep_wrote_is_noted_so_the_next_sweep_reads_nothing(workspace: Path) -> None:
    folder, store = workspace / "results", ApplicationStore(workspace / "history.db")
    a = card(1)
    typed_csv(folder, "20261101-090000", [a], "applied")
    synced = sync(store, folder, [a])
    written = folder / f"{STEM}_20261102-090000.csv"
    write_cards_csv(written, [a], True, STEM, synced.overlay, None, synced.index)
    synced.written(written, STEM, print)
    assert [row.split(",")[-6] for row in written.read_text(encoding="utf-8-sig").splitlines()[1:]] == ["applied"]
    assert sync(store, folder, [a]).index is None


def test_a_history_database_of_an_earlier_version_gains_the_csv_tables(workspace: Path) -> None:
    path = workspace / "history.db"
    HistoryStore(path).record(STEM, [("k", "https://x.example/1", "Paralegal")])  # migrations 001-003 only
    with sqlite3.connect(path) as db:
        assert "csv_files" not in {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    store = ApplicationStore(path)
    with sqlite3.connect(path) as db:
        names = [row[0] for row in db.execute("SELECT name FROM migrations ORDER BY name")]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert names == ["001_seen", "002_applications", "003_sightings", "004_csv_files"]
    assert {"csv_files", "csv_pending"} <= tables
    assert HistoryStore(path).count(STEM) == 1  # the history store opens it as before
    assert sync(store, workspace / "results", []).overlay == {}
