"""The tracking index keeps per CSV only what telling an unchanged CSV needs (its identity); what each CSV listed
and held when last read lives in a file of its own beside it (issue 25 item 3), read only when that CSV changed.
An index of the version before (each CSV's rows inside it) still reads, and a lost file costs a read of its CSV."""

import json
import os
from pathlib import Path

import pytest

from sweepy.errors import InvalidArgument
from sweepy.settings import Settings
from sweepy.store.csvfiles import CARRIED, CARRY_FROM_NEWEST, tracking_index
from sweepy.store.history import check_history_path
from sweepy.store.tracking import INDEX_VERSION, bulk_path, identity, index_path

STEM = "paralegal_nyc"
HEADER = "job_id,title,status,applied_on,follow_up_on,contact,notes\r\n"
BLANK = ("",) * (len(CARRIED) - 1)
HOUR_NS = 3_600_000_000_000


def typed(folder: Path, stamp: str, rows: str) -> Path:
    """A CSV of the profile holding `rows` (job_id,title,status,applied_on,follow_up_on,contact,notes), saved an
    hour ago: past the racy window, so its identity alone says whether it changed."""
    folder.mkdir(exist_ok=True)
    path = folder / f"{STEM}_{stamp}.csv"
    path.write_text(HEADER + rows, encoding="utf-8")
    backdate(path, HOUR_NS)
    return path


def backdate(path: Path, by_ns: int) -> None:
    old = path.stat().st_mtime_ns - by_ns
    os.utime(path, ns=(old, old))


def rewrite_in_place(path: Path, old: bytes, new: bytes) -> None:
    """The person's edit of the same length, saved into the same file (the same inode)."""
    with path.open("r+b") as handle:
        data = handle.read()
        handle.seek(0)
        handle.write(data.replace(old, new))


def saved(folder: Path) -> dict[str, dict[str, object]]:
    index = tracking_index(folder, STEM)
    index.save(folder, STEM)
    return {job_id: {"from": source, "values": values} for job_id, (source, values) in index.values.items()}


def as_version_4(folder: Path) -> None:
    """The index as the version before wrote it: each CSV's listed jobs (as a list, as older ones did) and rows
    inside the index, no file of its own."""
    index = json.loads(index_path(folder, STEM).read_text(encoding="utf-8"))
    for name, kept in index["csvs"].items():
        bulk = json.loads(bulk_path(folder, name).read_text(encoding="utf-8"))
        kept.update(listed=bulk["listed"].split("\n") if bulk["listed"] else [], rows=bulk["rows"])
        bulk_path(folder, name).unlink()
    index["version"] = 4
    index_path(folder, STEM).write_text(json.dumps(index), encoding="utf-8")


def test_an_index_of_the_version_before_reads_after_the_upgrade_and_keeps_what_it_read(workspace: Path) -> None:
    folder = workspace / "results"
    older = typed(folder, "20250101-000000", "A,t,applied,,,,\r\nB,t,,,,,\r\n")
    newest = typed(folder, "20250102-000000", "A,t,,,,,\r\nB,t,screen,,,,\r\n")  # A cleared since
    before = saved(folder)
    assert before == {"B": {"from": newest.name, "values": ("screen", *BLANK)}}
    as_version_4(folder)
    # Unchanged CSVs are not read again on the upgrade's account: the newest one unreadable now, same identity.
    stat, original = newest.stat(), newest.read_bytes()
    newest.write_bytes(b"\x00" * stat.st_size)
    os.utime(newest, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert identity(newest) == [stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns]
    assert saved(folder) == before
    rewrite_in_place(newest, b"\x00" * stat.st_size, original)
    os.utime(newest, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    # The saved index is of this version now, each CSV's rows in its own file.
    index = json.loads(index_path(folder, STEM).read_text(encoding="utf-8"))
    assert index["version"] == INDEX_VERSION
    assert [sorted(kept) for kept in index["csvs"].values()] == [["id", "sha256"]] * 2
    assert json.loads(bulk_path(folder, older.name).read_text(encoding="utf-8"))["listed"] == "A\nB"
    # What version 4 had read of the older CSV still tells the person's edit there from its old cells: the
    # status and note typed for B win over the newer CSV's, while A's unchanged "applied" stays cleared.
    older.write_text(HEADER + "A,t,applied,,,,\r\nB,t,offer,,,,Call Dana\r\n", encoding="utf-8")
    after = saved(folder)
    assert after == {"B": {"from": older.name, "values": ("offer", "", "", "", "Call Dana", *BLANK[4:])}}


@pytest.mark.parametrize("damage", ["missing", "cut short", "a link", "of another read"])
def test_a_lost_rows_file_is_read_again_from_its_csv_and_no_status_is_lost(
    workspace: Path, tmp_path: Path, damage: str
) -> None:
    folder = workspace / "results"
    older = typed(folder, "20250101-000000", "A,t,applied,,,,\r\n")
    newest = typed(folder, "20250102-000000", "B,t,screen,,,,\r\n")
    expected = {"A": {"from": older.name, "values": ("applied", *BLANK)}}
    expected["B"] = {"from": newest.name, "values": ("screen", *BLANK)}
    assert saved(folder) == expected
    for name in (older.name, newest.name):
        bulk, outside = bulk_path(folder, name), tmp_path / f"{name}.json"
        if damage == "missing":
            bulk.unlink()
        elif damage == "cut short":
            bulk.write_text(bulk.read_text(encoding="utf-8")[:20], encoding="utf-8")
        elif damage == "a link":  # never followed: read as lost, and replaced by a file of its own when written
            outside.write_bytes(bulk.read_bytes())
            bulk.unlink()
            bulk.symlink_to(outside)
        else:
            data = json.loads(bulk.read_text(encoding="utf-8"))
            data["id"][1] += 1
            bulk.write_text(json.dumps(data), encoding="utf-8")
    assert saved(folder) == expected  # nothing changed: the rows files are not even needed
    # The person edits the newest CSV (B's status, a new row C) and the older one (A's status).
    newest.write_text(HEADER + "B,t,interview,,,,\r\nC,t,applied,,,,\r\n", encoding="utf-8")
    older.write_text(HEADER + "A,t,offer,,,,\r\n", encoding="utf-8")
    expected = {"A": {"from": older.name, "values": ("offer", *BLANK)}}
    expected |= {job_id: {"from": newest.name, "values": (status, *BLANK)} for job_id, status in
                 (("B", "interview"), ("C", "applied"))}  # fmt: skip
    assert saved(folder) == expected
    for path in (older, newest):
        bulk = bulk_path(folder, path.name)
        assert not bulk.is_symlink() and json.loads(bulk.read_text(encoding="utf-8"))["id"] == identity(path)
    if damage == "a link":  # the links' targets untouched
        assert [json.loads((tmp_path / f"{path.name}.json").read_text(encoding="utf-8"))["listed"] for path in
                (older, newest)] == ["A", "B"]  # fmt: skip


def test_a_csv_edited_after_the_index_saw_it_is_read_again(workspace: Path) -> None:
    folder = workspace / "results"
    older = typed(folder, "20250101-000000", "A,t,applied,,,,\r\nB,t,,,,,\r\n")
    newest = typed(folder, "20250102-000000", "C,t,,,,,\r\n")
    assert set(saved(folder)) == {"A"}
    # The same size in the same file, saved again later (the mtime alone changed): read, the edit carried.
    rewrite_in_place(older, b"applied", b"ghosted")
    backdate(older, HOUR_NS // 2)
    assert saved(folder)["A"] == {"from": older.name, "values": ("ghosted", *BLANK)}
    assert json.loads(bulk_path(folder, older.name).read_text(encoding="utf-8"))["id"] == identity(older)
    # A row typed into the newest CSV, its mtime put back as it was (the size alone changed): read too.
    mtime = newest.stat().st_mtime_ns
    with newest.open("ab") as handle:
        handle.write(b"D,t,applied,,,,\r\n")
    os.utime(newest, ns=(mtime, mtime))
    assert saved(folder)["D"] == {"from": newest.name, "values": ("applied", *BLANK)}


def test_a_rows_file_goes_with_its_csv(workspace: Path) -> None:
    """Removed when its CSV is deleted or falls out of the window of CSVs carried from; the index stays small."""
    folder = workspace / "results"
    csvs = [typed(folder, f"20250101-0000{n:02d}", f"J{n},t,applied,,,,\r\n") for n in range(CARRY_FROM_NEWEST + 1)]
    assert len(saved(folder)) == CARRY_FROM_NEWEST
    rows_files = sorted(path.name for path in folder.glob(f".{STEM}_*.csv.tracking.json"))
    assert rows_files == sorted(f".{path.name}.tracking.json" for path in csvs[1:])
    newer = typed(folder, "20250102-000000", "K,t,applied,,,,\r\n")  # the oldest in the window falls out
    assert set(saved(folder)) == {f"J{n}" for n in range(2, CARRY_FROM_NEWEST + 1)} | {"K"}
    assert not bulk_path(folder, csvs[1].name).exists() and bulk_path(folder, newer.name).exists()
    csvs[5].unlink()  # a person deletes a CSV: the window is read again, and its rows file goes
    assert "J5" not in saved(folder)
    assert not bulk_path(folder, csvs[5].name).exists()
    assert len(list(folder.glob(f".{STEM}_*.csv.tracking.json"))) == CARRY_FROM_NEWEST
    index_path(folder, STEM).unlink()  # the index lost, then a CSV deleted: its rows file goes all the same
    csvs[6].unlink()
    other = bulk_path(folder, f"{STEM}_x_20250101-000000.csv")  # another profile's (named paralegal_nyc_x)
    other.write_text("{}", encoding="utf-8")
    assert "J6" not in saved(folder)
    assert not bulk_path(folder, csvs[6].name).exists() and other.read_text(encoding="utf-8") == "{}"
    other.unlink()
    in_window = {f".{path.name}.tracking.json" for path in [*csvs[:5], *csvs[7:], newer]}
    assert {path.name for path in folder.glob(f".{STEM}_*.csv.tracking.json")} == in_window  # the two oldest back in
    index = json.loads(index_path(folder, STEM).read_text(encoding="utf-8"))
    assert all(sorted(kept) == ["id", "sha256"] for kept in index["csvs"].values())


def test_the_history_path_refuses_a_rows_file_name(workspace: Path) -> None:
    ws = Settings.from_env().workspace()
    with pytest.raises(InvalidArgument):
        check_history_path(ws, f"results/.{STEM}_20250101-000000.csv.tracking.json", "history path")
