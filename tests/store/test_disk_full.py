"""A full disk says so (issue 24 item 8), on a real one: a 8 MB tmpfs mounted for the test (the tests run as
root; `mount -t tmpfs` is the OS's own full disk, ENOSPC and SQLITE_FULL included), filled until only a few KB
are left. A read-only call still reads; a write says "the disk is full" with the folder and the space; an export
whose every format failed is an error, not `status: ok` with nothing generated."""

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import snapshot
from mcp_helpers import SMALL_FEED, SMALL_FEED_CARDS, profile_args, write_feed, write_resume

from sweepy.errors import StorageError, free_bytes
from sweepy.service import SweepyService
from sweepy.service import arguments as a


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A small real file system holding the workspace and the state folder; returns the workspace."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:  # CI runs as root and mounts it; a contributor's unprivileged run cannot
        pytest.skip(f"these tests mount a real tmpfs, which needs root: {done.stderr.decode(errors='replace')}")
    try:
        home = mount / "home"
        home.mkdir()
        monkeypatch.setenv("SWEEPY_HOME", str(home))
        monkeypatch.setenv("SWEEPY_STATE_DIR", str(mount / "state"))
        yield home
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(folder: Path, leave: int) -> Path:
    """Fill the disk holding `folder` with one file until ENOSPC, then give back all but `leave` bytes."""
    filler = folder.parent / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 65536)
    except OSError as exc:
        assert exc.strerror == os.strerror(28)  # ENOSPC: the disk is full
    finally:
        os.close(fd)
    os.truncate(filler, os.path.getsize(filler) - leave)
    free = free_bytes(folder)
    assert free is not None and free <= leave
    return filler


def swept(home: Path) -> SweepyService:
    service = SweepyService()
    resume = write_resume(home / "resume.docx")
    write_feed(home / "feeds" / "postings.jsonl", SMALL_FEED)
    profile = service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl"))).dump()[
        "profile_path"
    ]
    job, _joined = service.start_sweep(profile, deduplicate=True, include_seen=False)
    assert job.done.wait(60) and service.sweep_payload(job).dump()["sweep_status"] == "completed"
    return SweepyService()  # a new server process: no connection of the sweep's is still open


def test_get_jobs_reads_with_8_kb_free(disk: Path) -> None:
    service = swept(disk)
    fill(disk, 8192)
    before = snapshot(disk)
    for _ in range(2):  # the second read finds the log files the first attempt left
        answer = service.get_jobs(a.GetJobs(results_dir="results", limit=50)).dump()
        assert len(answer["jobs"]) == SMALL_FEED_CARDS
        assert (
            answer["jobs"][0]["job_id"]
            == service.get_jobs(a.GetJobs(results_dir="results", limit=1)).dump()["jobs"][0]["job_id"]
        )
    after = snapshot(disk)
    # SQLite's first attempt (the normal open) creates an empty -wal and a partial -shm before the disk
    # refuses it; nothing else is created or changed, and the log holds nothing.
    leftovers = {name for name in set(after) - set(before)}
    assert leftovers == {str(disk / "results" / "sessions.db-wal"), str(disk / "results" / "sessions.db-shm")}
    assert after[str(disk / "results" / "sessions.db-wal")] == b""
    assert {k: v for k, v in after.items() if k not in leftovers} == before


def test_a_read_on_a_full_disk_with_a_log_still_holding_changes_says_why_it_cannot(disk: Path) -> None:
    service = swept(disk)
    results = disk / "results"
    # A writer that died before its checkpoint: its log holds the change, and the index is gone (copied
    # without it, say), so reading needs room to rebuild the index.
    crash = (
        "import os, sqlite3, sys; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
        "db.execute('PRAGMA wal_autocheckpoint=0'); db.execute(\"UPDATE sessions SET playbook = 'in the log'\"); "
        "os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", crash, str(results / "sessions.db")], check=True)
    assert (results / "sessions.db-wal").stat().st_size > 0
    (results / "sessions.db-shm").unlink()
    fill(disk, 8192)
    with pytest.raises(StorageError) as caught:
        service.get_jobs(a.GetJobs(results_dir="results", limit=50))
    assert caught.value.message == (
        f"The session store {results / 'sessions.db'} cannot be read: the disk is full ({results} has "
        f"{free_bytes(results):,} bytes free; SQLite needs 32,768 bytes). Free space on that disk, then try "
        "again. Its write-ahead log sessions.db-wal holds changes not yet in the database, so it cannot be read "
        "without that room."
    )


def test_a_write_on_a_full_disk_says_the_disk_is_full_with_the_folder_and_the_space(disk: Path) -> None:
    service = swept(disk)
    fill(disk, 0)
    results = disk / "results"
    with pytest.raises(StorageError) as caught:
        service.export_report(a.ExportReport(results_dir="results", formats=["csv"], candidate_name="Alex"))
    message = caught.value.message
    assert message.startswith("export_report wrote nothing: every format asked failed. csv: Cannot write ")
    assert f"the disk is full ({results} has 0 bytes free; this write needs " in message
    assert "permissions" not in message and "unexpectedly" not in message


def test_a_judgment_on_a_full_disk_says_the_disk_is_full_and_the_store_keeps_its_cards(disk: Path) -> None:
    service = swept(disk)
    first = service.get_jobs(a.GetJobs(results_dir="results", limit=1)).dump()["jobs"][0]
    fill(disk, 0)
    results = disk / "results"
    store = results / "sessions.db"
    before = store.read_bytes()
    with pytest.raises(StorageError) as caught:
        service.submit_judgments(a.SubmitJudgments(job_id=first["job_id"], match_pct=91, summary="A close fit."))
    message = caught.value.message
    assert message.startswith(f"The session store {store} cannot be used: the disk is full ({results} has ")
    assert message.endswith(
        "bytes free; SQLite needs at least 32,768 bytes there for its log index, more to write). Free space on "
        "that disk, then try again."
    )
    assert store.read_bytes() == before
    assert (
        "match_pct" not in service.get_jobs(a.GetJobs(results_dir="results", limit=1)).dump()["jobs"][0]
    )  # still unjudged, still read


READ_APPLICATIONS = """
import json
from sweepy.service import SweepyService, arguments as a
service = SweepyService()
listed = service.get_applications(a.GetApplications()).dump()
outcomes = service.get_outcomes(a.GetOutcomes()).dump()
print(json.dumps([[a["job_id"], a["status"]] for a in listed["applications"]] + [outcomes["totals"]["applied"]]))
"""
"""get_applications and get_outcomes as a new server process calls them (a process keeps its history stores open,
so the tracking is written by one process and read by another, as a chat after a restart would)."""


def test_the_applications_read_with_8_kb_free(disk: Path) -> None:
    job_id = swept(disk).get_jobs(a.GetJobs(results_dir="results", limit=1)).dump()["jobs"][0]["job_id"]
    track = (
        "from sweepy.service import SweepyService, arguments as a; "
        f"SweepyService().track_jobs(a.TrackJobs(items=[{{'job_id': {job_id!r}, 'status': 'applied'}}]))"
    )
    tracked = subprocess.run([sys.executable, "-c", track], capture_output=True, text=True, timeout=120)
    assert tracked.returncode == 0, tracked.stderr[-3000:]
    fill(disk, 8192)
    before = snapshot(disk.parent)
    for _ in range(2):  # the second read finds the log files the first attempt left
        read = subprocess.run([sys.executable, "-c", READ_APPLICATIONS], capture_output=True, text=True, timeout=120)
        assert read.returncode == 0, read.stderr[-3000:]
        assert json.loads(read.stdout) == [[job_id, "applied"], 1]
    after = snapshot(disk.parent)
    # As for get_jobs, SQLite's first attempts may leave a -wal and a partial -shm beside each store they read, and
    # the last connection to close moves a log the tracking process left into its database (the same rows, read
    # twice above); every other file is as it was.
    stores = [k for k in after if k.endswith(("history.db", "sessions.db"))]
    sqlite = {f"{store}{part}" for store in stores for part in ("", "-wal", "-shm")}
    assert len(stores) == 2 and set(after) - set(before) <= sqlite
    assert {k: v for k, v in after.items() if k not in sqlite} == {k: v for k, v in before.items() if k not in sqlite}
