"""CSV export: reversible formula neutralising (S-23) and tracking carried across runs and Excel edits (S-24)."""

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from sweepy.domain.cards import Card
from sweepy.domain.records import posting_from_record
from sweepy.domain.scoring import Scorer
from sweepy.errors import StorageError
from sweepy.pipeline.score import make_card
from sweepy.store.csvfiles import (
    CARD_COLUMNS,
    CARRIED,
    JUDGMENT_COLUMNS,
    TRACKING_COLUMNS,
    earlier_csvs,
    escape_cell,
    read_tracking,
    tracking_index,
    unescape_cell,
    write_cards_csv,
)
from sweepy.store.tracking import index_path

BLANK = dict.fromkeys(CARRIED, "")
"""A row's carried values, all blank: a test sets the ones it typed over it."""

STEM = "paralegal_nyc"
SCORER = Scorer(titles=["Paralegal"], must_haves=["Westlaw"], synonyms=[], resume_text="Paralegal, Westlaw, e-filing")


def card(title: str, company: str = "Northwind Labs", n: int = 1, **fields: Any) -> Card:
    record = {"title": title, "company": company, "url": f"https://jobs.lever.co/northwind/{n}", **fields}
    return make_card(posting_from_record(record, "feed", "test"), SCORER)


def parse(path: Path, delimiter: str = ",") -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline=""), delimiter=delimiter))


def excel_edit(path: Path, edits: dict[str, dict[str, str]]) -> None:
    """Rewrite a Sweepy CSV the way Excel saves one: BOM, `;`, CRLF, columns moved, cells typed by a person."""
    rows = parse(path, ";" if path.read_bytes().startswith(b"\xef\xbb\xbfnotes;") else ",")  # saved by Excel before
    for row in rows:
        row.update(edits.get(row["job_id"], {}))
    columns = ["notes", "status", "title", "job_id"] + [
        c for c in rows[0] if c not in ("notes", "status", "title", "job_id")
    ]
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, delimiter=";", lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_bytes(b"\xef\xbb\xbf" + buffer.getvalue().encode("utf-8"))


DANGEROUS = ['=HYPERLINK("http://evil.example","x")', "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "\n=1", "'=x", "''=x"]
HARMLESS = ["plain", "", "'", "'plain", "a=b", "Sr. Paralegal", "1+1", "=", "-", "-5", "-12.5", "'-5"]


@pytest.mark.parametrize("value", DANGEROUS + HARMLESS)
def test_escape_then_unescape_round_trips(value: str) -> None:
    escaped = escape_cell(value)
    assert unescape_cell(escaped) == value
    assert escape_cell(unescape_cell(escaped)) == escaped  # idempotent across runs: no '' build-up


@pytest.mark.parametrize(
    ("value", "escaped"),
    [
        ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("'=x", "''=x"),
        ("plain", "plain"),
        ("", ""),
        ("'plain", "'plain"),
        ("-5", "-5"),  # a score part's penalty: a number, not a formula, sorts as one in a spreadsheet
    ],
)
def test_dangerous_cells_get_exactly_one_apostrophe(value: str, escaped: str) -> None:
    assert escape_cell(value) == escaped


@pytest.mark.parametrize("value", DANGEROUS)
def test_escaped_cells_never_start_like_a_formula(value: str) -> None:
    assert escape_cell(value)[:1] == "'"


def test_written_csv_parses_back_to_the_original_values(workspace: Path) -> None:
    titles = ['=HYPERLINK("http://evil.example","x")', "+1 Paralegal", '-2+3 a",=1+2', "@SUM(A1)", ";=1 Paralegal"]
    cards = [card("Paralegal", n=i).model_copy(update={"title": title, "company": "\t=1 Corp"})
             for i, title in enumerate(titles)]  # fmt: skip
    target = workspace / "results" / f"{STEM}_20240601-090000.csv"
    write_cards_csv(target, cards, tracking=True, stem=STEM)
    rows = parse(target)
    assert [row["title"][:1] for row in rows] == ["'", "'", "'", "'", ";"]
    assert [unescape_cell(row["title"]) for row in rows] == titles
    assert {unescape_cell(row["company"]) for row in rows} == {"\t=1 Corp"}
    assert list(rows[0]) == list(CARD_COLUMNS + JUDGMENT_COLUMNS + TRACKING_COLUMNS)
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read UTF-8


def test_the_csv_carries_annual_salary_figures_the_apply_link_and_the_salary_status(workspace: Path) -> None:
    hourly = card("Paralegal", n=1, salary="$32/hr", apply_url="https://jobs.lever.co/northwind/1/apply")
    target = workspace / "results" / f"{STEM}_20240601-090000.csv"
    write_cards_csv(target, [hourly, card("Legal Assistant", n=2)], tracking=False, stem=STEM)
    first, second = parse(target)
    assert (first["salary"], first["salary_annual_min"], first["salary_annual_max"], first["salary_currency"]) == (
        "$32/hr", "66560", "66560", "USD",
    )  # fmt: skip
    assert (first["salary_status"], first["apply_url"]) == ("no_minimum", "https://jobs.lever.co/northwind/1/apply")
    assert (second["salary"], second["salary_annual_min"], second["apply_url"]) == (
        "", "", "https://jobs.lever.co/northwind/2",
    )  # fmt: skip


def test_the_csv_carries_trust_signals(workspace: Path) -> None:
    from sweepy.domain.cards import EligibilityFinding, GhostSignal

    flagged = card("Paralegal", n=1, location="New York, NY")
    flagged.eligibility = [
        EligibilityFinding(kind="sponsorship", verdict="blocks", quote="We are unable to sponsor visas."),
        EligibilityFinding(kind="language", verdict="ok", quote="Fluent English required."),
    ]
    flagged.ghost_signals = [GhostSignal(signal="reposted", evidence="first seen 2026-09-01")]
    flagged.employer_url = "https://boards.greenhouse.io/northwind/jobs/1"
    target = workspace / "results" / f"{STEM}_20240601-090000.csv"
    write_cards_csv(target, [flagged, card("Legal Assistant", n=2, location="Austin, TX")], tracking=False, stem=STEM)
    first, second = parse(target)
    assert (first["eligible"], first["eligibility"], first["ghost_signals"]) == (
        "no", "blocks sponsorship: We are unable to sponsor visas.", "reposted: first seen 2026-09-01",
    )  # fmt: skip
    assert (first["employer_url"], first["pay_transparency"]) == ("https://boards.greenhouse.io/northwind/jobs/1",
                                                                  "missing")  # fmt: skip
    assert (first["pay_jurisdiction"], first["pay_law"][:21]) == ("New York City", "NYC Local Law 32 of 2")
    assert (second["eligible"], second["eligibility"], second["pay_transparency"]) == ("yes", "", "")


def test_no_apostrophe_build_up_across_runs(workspace: Path) -> None:
    folder = workspace / "results"
    cards = [card("Paralegal")]
    job_id = cards[0].job_id
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, cards, tracking=True, stem=STEM)
    excel_edit(first, {job_id: {"notes": "=call back", "contact": "+1 212 555 0100", "status": "'=x"}})
    for day in range(2, 6):
        write_cards_csv(folder / f"{STEM}_2024060{day}-090000.csv", cards, tracking=True, stem=STEM)
    (row,) = parse(folder / f"{STEM}_20240605-090000.csv")
    # A typed "'=x" is Excel's way to enter the text "=x": it is read as "=x" and written escaped once.
    assert (row["notes"], row["contact"], row["status"]) == ("'=call back", "'+1 212 555 0100", "'=x")
    assert read_tracking(folder / f"{STEM}_20240605-090000.csv")[job_id] == BLANK | {
        "status": "=x",
        "applied_on": "",
        "follow_up_on": "",
        "contact": "+1 212 555 0100",
        "notes": "=call back",
    }


def test_tracking_survives_an_excel_edit(workspace: Path) -> None:
    folder = workspace / "results"
    cards = [
        card("Paralegal", n=1, location="New York, NY", salary="$70,000 - $85,000 a year"),
        card("Senior Paralegal", company="Contoso, Inc.", n=2),
        card("Legal Assistant", n=3, description="Westlaw; e-filing; dockets"),
    ]
    ids = [c.job_id for c in cards]
    first = folder / f"{STEM}_20240601-090000.csv"
    assert write_cards_csv(first, cards, tracking=True, stem=STEM) == 0
    excel_edit(
        first,
        {
            ids[0]: {"status": "ghosted", "notes": "Two calls; no answer, will chase", "applied_on": "2024-06-02"},
            ids[1]: {"status": "interview", "contact": "Dana O'Brien", "follow_up_on": "2024-06-10"},
        },
    )
    raw = first.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfnotes;status;title;job_id;")
    assert b"\r\n" in raw

    second = folder / f"{STEM}_20240602-090000.csv"
    assert write_cards_csv(second, list(reversed(cards)), tracking=True, stem=STEM) == 2
    rows = {row["job_id"]: row for row in parse(second)}
    assert [rows[i]["status"] for i in ids] == ["ghosted", "interview", ""]
    assert rows[ids[0]]["notes"] == "Two calls; no answer, will chase"
    assert rows[ids[0]]["applied_on"] == "2024-06-02"
    assert (rows[ids[1]]["contact"], rows[ids[1]]["follow_up_on"]) == ("Dana O'Brien", "2024-06-10")
    assert [rows[i][c] for i in ids[2:] for c in TRACKING_COLUMNS] == [""] * len(TRACKING_COLUMNS)


def test_tracking_is_kept_for_jobs_a_later_sweep_did_not_report(workspace: Path) -> None:
    folder = workspace / "results"
    a, b = card("Paralegal", n=1), card("Legal Assistant", n=2)
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, [a, b], tracking=True, stem=STEM)
    excel_edit(first, {a.job_id: {"status": "applied"}})
    write_cards_csv(folder / f"{STEM}_20240602-090000.csv", [b], tracking=True, stem=STEM)
    third = folder / f"{STEM}_20240603-090000.csv"
    assert write_cards_csv(third, [a, b], tracking=True, stem=STEM) == 1
    assert {row["job_id"]: row["status"] for row in parse(third)} == {a.job_id: "applied", b.job_id: ""}


def test_newest_earlier_csv_wins(workspace: Path) -> None:
    folder = workspace / "results"
    a = card("Paralegal")
    for day, status in (("01", "applied"), ("02", "interview")):
        path = folder / f"{STEM}_202406{day}-090000.csv"
        write_cards_csv(path, [a], tracking=True, stem=STEM)
        excel_edit(path, {a.job_id: {"status": status}})
    target = folder / f"{STEM}_20240603-090000.csv"
    write_cards_csv(target, [a], tracking=True, stem=STEM)
    assert [row["status"] for row in parse(target)] == ["interview"]


def test_newest_earlier_csv_wins_within_the_same_second(workspace: Path) -> None:
    """Two sweeps in one second are named `<stamp>.csv` then `<stamp>-2.csv`, ..., `<stamp>-10.csv`."""
    folder = workspace / "results"
    a = card("Paralegal")
    for suffix, status in (("", "applied"), ("-2", "interview"), ("-10", "offer")):
        path = folder / f"{STEM}_20240601-090000{suffix}.csv"
        write_cards_csv(path, [a], tracking=True, stem=STEM)
        excel_edit(path, {a.job_id: {"status": status}})
    assert [p.name for p in earlier_csvs(folder, STEM)] == [
        f"{STEM}_20240601-090000-10.csv",
        f"{STEM}_20240601-090000-2.csv",
        f"{STEM}_20240601-090000.csv",
    ]
    target = folder / f"{STEM}_20240601-090001.csv"
    write_cards_csv(target, [a], tracking=True, stem=STEM)
    assert [row["status"] for row in parse(target)] == ["offer"]


def test_other_profiles_csvs_are_not_read(workspace: Path) -> None:
    folder = workspace / "results"
    a = card("Paralegal")
    other = folder / "writer_remote_20240601-090000.csv"
    write_cards_csv(other, [a], tracking=True, stem="writer_remote")
    excel_edit(other, {a.job_id: {"status": "applied"}})
    target = folder / f"{STEM}_20240602-090000.csv"
    assert write_cards_csv(target, [a], tracking=True, stem=STEM) == 0
    assert [row["status"] for row in parse(target)] == [""]


def test_without_tracking_no_columns_and_nothing_read(workspace: Path) -> None:
    folder = workspace / "results"
    folder.mkdir()
    (folder / f"{STEM}_20240601-090000.csv").write_text("not,a,tracking,csv\n1,2,3,4\n", encoding="utf-8")
    target = folder / f"{STEM}_20240602-090000.csv"
    assert write_cards_csv(target, [card("Paralegal")], tracking=False, stem=STEM) == 0
    assert list(parse(target)[0]) == list(CARD_COLUMNS + JUDGMENT_COLUMNS)  # the judgment is the card's own


def test_earlier_csv_without_job_id_column_raises(workspace: Path) -> None:
    folder = workspace / "results"
    folder.mkdir()
    earlier = folder / f"{STEM}_20240601-090000.csv"
    earlier.write_bytes(b"\xef\xbb\xbftitle;status;notes\r\nParalegal;applied;call Monday\r\n")
    target = folder / f"{STEM}_20240602-090000.csv"
    with pytest.raises(StorageError) as caught:
        write_cards_csv(target, [card("Paralegal")], tracking=True, stem=STEM)
    assert caught.value.message.startswith(f"The earlier CSV {earlier} has no job_id column")
    assert not target.exists()
    assert earlier.read_bytes() == b"\xef\xbb\xbftitle;status;notes\r\nParalegal;applied;call Monday\r\n"


def test_earlier_csv_of_a_sweep_that_found_nothing_does_not_block(workspace: Path) -> None:
    folder = workspace / "results"
    empty = folder / f"{STEM}_20240601-090000.csv"
    assert write_cards_csv(empty, [], tracking=True, stem=STEM) == 0
    assert empty.read_text(encoding="utf-8-sig").splitlines() == [
        ",".join(CARD_COLUMNS + JUDGMENT_COLUMNS + TRACKING_COLUMNS)
    ]
    target = folder / f"{STEM}_20240602-090000.csv"
    assert write_cards_csv(target, [card("Paralegal")], tracking=True, stem=STEM) == 0
    assert [row["title"] for row in parse(target)] == ["Paralegal"]


def test_empty_earlier_csv_carries_nothing(workspace: Path) -> None:
    folder = workspace / "results"
    folder.mkdir()
    (folder / f"{STEM}_20240601-090000.csv").write_text("", encoding="utf-8")
    target = folder / f"{STEM}_20240602-090000.csv"
    assert write_cards_csv(target, [card("Paralegal")], tracking=True, stem=STEM) == 0


def test_apostrophe_escaped_cells_are_not_read_as_quotes(workspace: Path) -> None:
    """An escaped phone number and a note ending in a quoted word must not make `'` the quote character."""
    folder = workspace / "results"
    a, b = card("Paralegal", n=1), card("Legal Assistant", n=2)
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, [a, b], tracking=True, stem=STEM)
    rows = parse(first)
    rows[0].update(status="applied", contact="'+1 212 555 0100", notes="Recruiter said 'next week'")
    rows[1].update(status="ghosted", notes="-no reply")
    with first.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
    assert "'" in first.read_text(encoding="utf-8")
    assert '"' not in first.read_text(encoding="utf-8")

    carried = read_tracking(first)
    assert carried[a.job_id] == BLANK | {
        "status": "applied",
        "applied_on": "",
        "follow_up_on": "",
        "contact": "+1 212 555 0100",
        "notes": "Recruiter said 'next week'",
    }
    assert carried[b.job_id]["status"] == "ghosted"
    assert carried[b.job_id]["notes"] == "-no reply"


def test_quotes_past_the_first_4096_characters_do_not_shift_columns(workspace: Path) -> None:
    folder = workspace / "results"
    cards = [card(f"Paralegal {i}", n=i, description="x" * 50) for i in range(40)]
    cards.append(card('Paralegal "Litigation", NYC', company="Contoso, Inc.", n=99))
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, cards, tracking=True, stem=STEM)
    assert first.read_text(encoding="utf-8").index('""Litigation""') > 4096
    rows = parse(first)
    rows[-1].update(status="applied", notes="sent cover letter")
    with first.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)

    carried = read_tracking(first)
    assert set(carried) == {c.job_id for c in cards}
    assert all(not any(values.values()) for job_id, values in carried.items() if job_id != cards[-1].job_id)
    assert {cards[-1].job_id: carried[cards[-1].job_id]} == {
        cards[-1].job_id: BLANK
        | {
            "status": "applied",
            "applied_on": "",
            "follow_up_on": "",
            "contact": "",
            "notes": "sent cover letter",
        }
    }


def test_a_value_the_person_cleared_stays_cleared(workspace: Path) -> None:
    folder = workspace / "results"
    a = card("Paralegal")
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, [a], tracking=True, stem=STEM)
    excel_edit(first, {a.job_id: {"status": "applied", "notes": "call Bob"}})
    second = folder / f"{STEM}_20240602-090000.csv"
    write_cards_csv(second, [a], tracking=True, stem=STEM)
    excel_edit(second, {a.job_id: {"status": "", "notes": ""}})  # the person blanked the row
    third = folder / f"{STEM}_20240603-090000.csv"
    assert write_cards_csv(third, [a], tracking=True, stem=STEM) == 0
    assert [(row["status"], row["notes"]) for row in parse(third)] == [("", "")]


def test_a_csv_resaved_as_windows_1252_still_carries_over(workspace: Path) -> None:
    folder = workspace / "results"
    a = card("Paralegal")
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, [a], tracking=True, stem=STEM)
    rows = parse(first)
    rows[0].update(status="applied", notes="Café chat with José")
    with first.open("w", encoding="cp1252", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
    assert read_tracking(first)[a.job_id]["notes"] == "Café chat with José"


def test_a_windows_1252_byte_far_past_the_start_still_reads_as_windows_1252(workspace: Path) -> None:
    """The CSV is decoded as it streams: a cp1252 byte met late (past the sniffed head and the decoder's first
    chunks) makes the whole file read again as cp1252, not the rows before it kept as UTF-8 and the rest lost."""
    (workspace / "results").mkdir(exist_ok=True)
    first = workspace / "results" / f"{STEM}_20240601-090000.csv"
    rows = [f"job-{n},applied,{'plain ' * 20}" for n in range(5_000)] + ["late,applied,Café chat with José"]
    first.write_bytes(("job_id,status,notes\r\n" + "\r\n".join(rows) + "\r\n").encode("cp1252"))
    carried = read_tracking(first)
    assert len(carried) == 5_001
    assert carried["late"]["notes"] == "Café chat with José"
    assert carried["job-0"]["notes"] == "plain " * 20


def test_an_earlier_csv_over_50_mb_is_read_back(workspace: Path) -> None:
    """An 80,000-card sweep writes a CSV over 50 MB; the next sweep read earlier CSVs whole under a 50 MB cap and
    failed "Use a smaller file". It streams them now: the note on the last of 60,000 rows is carried."""
    folder = workspace / "results"
    folder.mkdir(exist_ok=True)
    big = folder / f"{STEM}_20240601-090000.csv"
    padding = "x" * 900
    with big.open("w", encoding="utf-8", newline="") as handle:
        handle.write("job_id,status,notes\r\n")
        handle.writelines(f"job-{n},,{padding}\r\n" for n in range(60_000))
        handle.write("last,applied,Called Dana\r\n")
    assert big.stat().st_size > 50_000_000
    carried = {job_id: values for job_id, (_source, values) in tracking_index(folder, STEM).values.items()}
    assert dict(zip(CARRIED, carried["last"], strict=True)) == BLANK | {"status": "applied", "notes": "Called Dana"}
    assert len(carried) == 60_001


# -- the tracking index: only new or edited CSVs are read, with the same outcome as reading them all ----------


def test_an_edit_of_an_older_csv_or_a_deleted_csv_still_carries_exactly(workspace: Path) -> None:
    folder = workspace / "results"
    a, b = card("Paralegal", n=1), card("Legal Assistant", n=2)
    day = [folder / f"{STEM}_2024060{d}-090000.csv" for d in range(1, 6)]
    write_cards_csv(day[0], [a, b], tracking=True, stem=STEM)
    excel_edit(day[0], {a.job_id: {"status": "applied"}, b.job_id: {"status": "screen"}})
    write_cards_csv(day[1], [a], tracking=True, stem=STEM)
    write_cards_csv(day[2], [a], tracking=True, stem=STEM)
    assert index_path(folder, STEM).exists()
    day[0].write_bytes(day[0].read_bytes().replace(b"screen", b"offer"))  # an older CSV edited (b is only there)
    write_cards_csv(day[3], [a, b], tracking=True, stem=STEM)
    assert {row["job_id"]: row["status"] for row in parse(day[3])} == {a.job_id: "applied", b.job_id: "offer"}
    excel_edit(day[3], {a.job_id: {"status": "interview"}})
    day[3].unlink()  # the person deletes the newest CSV: its edit goes with it
    write_cards_csv(day[4], [a, b], tracking=True, stem=STEM)
    assert {row["job_id"]: row["status"] for row in parse(day[4])} == {a.job_id: "applied", b.job_id: "offer"}


@pytest.mark.parametrize(
    "damage",
    ['{"version": 1, "csvs": [', "[" * 100_000 + "]" * 100_000],  # cut short; nested past the parser (RecursionError)
)
def test_a_damaged_index_is_rebuilt_from_the_csvs(workspace: Path, damage: str) -> None:
    folder = workspace / "results"
    a = card("Paralegal")
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, [a], tracking=True, stem=STEM)
    excel_edit(first, {a.job_id: {"notes": "call Bob"}})
    write_cards_csv(folder / f"{STEM}_20240602-090000.csv", [a], tracking=True, stem=STEM)
    index_path(folder, STEM).write_text(damage, encoding="utf-8")
    third = folder / f"{STEM}_20240603-090000.csv"
    assert write_cards_csv(third, [a], tracking=True, stem=STEM) == 1
    assert [row["notes"] for row in parse(third)] == ["call Bob"]


def test_unchanged_earlier_csvs_are_not_read_again(workspace: Path) -> None:
    """Proof by a change the index cannot see (same inode, size and an old mtime): the CSV is not read again."""
    folder = workspace / "results"
    a = card("Paralegal")
    first = folder / f"{STEM}_20240601-090000.csv"
    write_cards_csv(first, [a], tracking=True, stem=STEM)
    excel_edit(first, {a.job_id: {"status": "applied"}})
    old = first.stat().st_mtime_ns - 3_600_000_000_000
    os.utime(first, ns=(old, old))  # edited an hour ago: past the racy window, so its identity is trusted
    write_cards_csv(folder / f"{STEM}_20240602-090000.csv", [], tracking=True, stem=STEM)
    saved = json.loads(index_path(folder, STEM).read_text(encoding="utf-8"))
    assert saved["values"] == {a.job_id: [first.name, "applied"] + [""] * (len(CARRIED) - 1)}
    edited = first.read_bytes().replace(b"applied", b"ghosted")
    with first.open("r+b") as handle:  # same inode, same size, then the same mtime
        handle.write(edited)
    os.utime(first, ns=(old, old))
    third = folder / f"{STEM}_20240603-090000.csv"
    write_cards_csv(third, [a], tracking=True, stem=STEM)
    assert [row["status"] for row in parse(third)] == ["applied"]  # from the index, not from a re-read
    assert "ghosted" in first.read_text(encoding="utf-8")


def test_a_row_deleted_from_the_newest_csv_gives_what_a_full_rebuild_gives(workspace: Path) -> None:
    # The newest CSV listed A blank (the person cleared it), hiding an older "applied"; deleting A's row there
    # must bring the older value back now, as a rebuild of the index would, not on some later sweep.
    folder = workspace / "results"
    folder.mkdir()
    header = "job_id,title,status,applied_on,follow_up_on,contact,notes\r\n"
    (folder / f"{STEM}_20250101-000000.csv").write_text(header + "A,t,applied,,,,\r\nB,t,,,,,\r\n", encoding="utf-8")
    newest = folder / f"{STEM}_20250102-000000.csv"
    newest.write_text(header + "A,t,,,,,\r\nB,t,,,,,\r\n", encoding="utf-8")
    for path in folder.glob("*.csv"):
        os.utime(path, (path.stat().st_atime - 100, path.stat().st_mtime - 100))
    index = tracking_index(folder, STEM)
    index.save(folder, STEM)
    assert index.values == {}
    newest.write_text(header + "B,t,,,,,\r\n", encoding="utf-8")
    blank = ("",) * (len(CARRIED) - 1)
    assert tracking_index(folder, STEM).values == {"A": (f"{STEM}_20250101-000000.csv", ("applied", *blank))}


def test_the_csv_has_the_score_parts_as_numbers_that_add_up_and_the_top_terms(workspace: Path) -> None:
    scored = card(
        "Paralegal",
        n=1,
        description="Requirements:\n- Westlaw research and e-filing daily, for a "
        "team of four lawyers who try commercial cases in the state and federal courts.",
    )  # a description
    older = Card(job_id="old1", title="Paralegal", company="Northwind Labs", match_score=40, keyword_score=40)
    target = workspace / "results" / f"{STEM}_20240601-090000.csv"
    write_cards_csv(target, [scored, older], tracking=False, stem=STEM)
    first, second = parse(target)
    parts = [int(first[f"score_{part}"]) for part in ("title", "must_haves", "resume", "place", "penalty")]
    assert parts[:2] == [25, 35] and parts[3:] == [10, 0]
    assert sum(parts) == int(first["match_score"]) == scored.keyword_score
    assert first["top_terms"].split("; ") == scored.top_terms and set(scored.top_terms) == {"westlaw", "filing"}
    assert [second[f"score_{part}"] for part in ("title", "resume", "penalty")] == ["", "", ""]  # scored before


def test_a_note_typed_in_an_older_csv_after_a_newer_one_was_written_is_carried(workspace: Path) -> None:
    """The person keeps last week's CSV open in a spreadsheet and types there after a sweep wrote a newer one:
    the newer CSV lists the job blank, yet the note typed later wins (it was lost to that blank before)."""
    folder = workspace / "results"
    a, b = card("Paralegal", n=1), card("Legal Assistant", n=2)
    day = [folder / f"{STEM}_2024060{d}-090000.csv" for d in range(1, 5)]
    write_cards_csv(day[0], [a, b], tracking=True, stem=STEM)
    write_cards_csv(day[1], [a, b], tracking=True, stem=STEM)
    excel_edit(day[1], {b.job_id: {"notes": "newer note on b"}})  # typed in the newest CSV first ...
    write_cards_csv(day[2], [a, b], tracking=True, stem=STEM)
    excel_edit(day[0], {a.job_id: {"notes": "call Dana"}})  # ... then in the oldest, still open
    assert write_cards_csv(day[3], [a, b], tracking=True, stem=STEM) == 2
    rows = {row["job_id"]: row for row in parse(day[3])}
    assert (rows[a.job_id]["notes"], rows[b.job_id]["notes"]) == ("call Dana", "newer note on b")
    # Only the cells the person changed count: the older CSV's blank for b does not undo the newer note.
    excel_edit(day[0], {a.job_id: {"notes": "call Dana again"}})
    write_cards_csv(folder / f"{STEM}_20240605-090000.csv", [a, b], tracking=True, stem=STEM)
    rows = {row["job_id"]: row for row in parse(folder / f"{STEM}_20240605-090000.csv")}
    assert (rows[a.job_id]["notes"], rows[b.job_id]["notes"]) == ("call Dana again", "newer note on b")


def test_the_judgment_columns_show_the_cards_own_else_the_sessions_else_the_carried(workspace: Path) -> None:
    folder = workspace / "results"
    judged = card("Paralegal", n=1).model_copy(update={"summary": "=strong", "alignment": "-5 years short",
                                                       "resume_track": "litigation"})  # fmt: skip
    plain = card("Legal Assistant", n=2)
    first = folder / f"{STEM}_20240601-090000.csv"
    session = {plain.job_id: {"summary": "From the session", "alignment": "", "resume_track": "gen"}}
    write_cards_csv(first, [judged, plain], tracking=True, stem=STEM, judged=session)
    rows = {row["job_id"]: row for row in parse(first)}
    assert [rows[judged.job_id][c] for c in JUDGMENT_COLUMNS] == ["'=strong", "'-5 years short", "litigation"]
    assert [rows[plain.job_id][c] for c in JUDGMENT_COLUMNS] == ["From the session", "", "gen"]
    fresh = [card("Paralegal", n=1), card("Legal Assistant", n=2)]  # a new sweep's cards: no judgment of their own
    second = folder / f"{STEM}_20240602-090000.csv"
    write_cards_csv(second, fresh, tracking=True, stem=STEM)
    rows = {row["job_id"]: row for row in parse(second)}
    assert [unescape_cell(rows[judged.job_id][c]) for c in JUDGMENT_COLUMNS] == ["=strong", "-5 years short",
                                                                                 "litigation"]  # fmt: skip
    assert rows[plain.job_id]["summary"] == "From the session"
