"""export_report from a sweep JSON: all four formats, judgments merged from the saved session, tracking
carried into the CSV, one failing format beside the others, and bad input refused before any write."""

import csv
import io
import json
from pathlib import Path

import pytest
from conftest import snapshot
from pydantic import ValidationError
from report_helpers import REPORT_CARDS, judge, page_count, pdf_text, setup_profile, squeeze, sweep

from sweepy.errors import InvalidArgument, NotAssessed, NotFound, PathNotAllowed, StorageError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.settings import Settings

PNG = b"\x89PNG\r\n\x1a\n"


def swept(workspace: Path) -> tuple[SweepyService, Path]:
    service = SweepyService()
    created = setup_profile(service, workspace)
    return service, Path(str(sweep(service, str(created["profile_path"]))["reports"]["json"]))


def export(service: SweepyService, **changes: object) -> dict[str, object]:
    args: dict[str, object] = {
        "json_source": None, "profile_stem": None, "results_dir": "results", "formats": ["pdf"],
        "candidate_name": "Job Seeker", "output_dir": None, "job_tracking": None,
    }  # fmt: skip
    args.update(changes)
    return service.export_report(a.ExportReport(**args)).dump()  # type: ignore[arg-type]


def test_all_four_formats_from_the_newest_sweep_with_judgments_merged(workspace: Path) -> None:
    service, source = swept(workspace)
    judged = judge(workspace / "results", workspace / "resume.docx", only=2)
    original = source.read_bytes()
    payload = export(service, formats=["json", "csv", "png", "pdf", "pdf"], candidate_name="Zoë Łódź")
    assert payload["source_file"] == str(source)
    assert payload["roles_exported"] == REPORT_CARDS
    assert payload["errors"] == []
    generated = payload["generated"]
    assert isinstance(generated, dict)
    pdf = Path(generated["pdf"])
    assert pdf == source.with_name(f"{source.stem}_export.pdf")  # never render_report's {stem}.pdf
    assert generated["pdf_pages"] == page_count(pdf)
    assert squeeze("Job search report for Zoë Łódź") in pdf_text(pdf)
    pngs = [Path(p) for p in generated["png"]]
    assert [p.name for p in pngs] == [f"{source.stem}_page{n}.png" for n in range(1, generated["pdf_pages"] + 1)]
    assert all(p.read_bytes().startswith(PNG) for p in pngs)
    assert Path(generated["csv"]).name == f"{source.stem}_export.csv"
    rows = list(csv.DictReader(io.StringIO(Path(generated["csv"]).read_text(encoding="utf-8-sig"))))
    assert len(rows) == generated["csv_rows"] == REPORT_CARDS
    assert "notes" in rows[0]  # the profile's export.tracking (default true)
    exported = Path(generated["json"])
    assert exported.name == f"{source.stem}_export.json"
    assert source.read_bytes() == original  # never the file it reads
    cards = json.loads(exported.read_text(encoding="utf-8"))["cards"]
    assert [c["job_id"] for c in cards[:2]] == judged  # judged first, merged from the saved session
    assert [c["match_kind"] for c in cards].count("MATCH") == 2


def test_tracking_values_carry_into_the_csv_and_job_tracking_false_drops_the_columns(workspace: Path) -> None:
    service, source = swept(workspace)
    sweep_csv = source.with_suffix(".csv")
    rows = list(csv.DictReader(io.StringIO(sweep_csv.read_text(encoding="utf-8-sig"))))
    rows[0]["status"], rows[0]["notes"] = "applied", "call back Friday"
    with sweep_csv.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    out = export(service, json_source=str(source), formats=["csv"], output_dir="exports")
    generated = out["generated"]
    assert isinstance(generated, dict)
    assert Path(generated["csv"]).parent == workspace / "exports"
    exported = {r["job_id"]: r for r in csv.DictReader(io.StringIO(Path(generated["csv"]).read_text("utf-8-sig")))}
    assert exported[rows[0]["job_id"]]["notes"] == "call back Friday"
    plain = export(service, formats=["csv"], job_tracking=False)["generated"]
    assert isinstance(plain, dict)
    assert "notes" not in Path(plain["csv"]).read_text(encoding="utf-8-sig").splitlines()[0].split(",")
    assert "call back Friday" in sweep_csv.read_text(encoding="utf-8")  # the person's own CSV is untouched


def test_one_failing_format_is_listed_and_the_others_are_written(workspace: Path) -> None:
    service, source = swept(workspace)
    (workspace / "results" / f"{source.stem}_export.json").mkdir()  # a folder where the JSON would go
    payload = export(service, formats=["pdf", "csv", "json"])
    errors = payload["errors"]
    assert isinstance(errors, list) and [e["format"] for e in errors] == ["json"]
    assert "is not a regular file (it is a folder)" in errors[0]["message"]
    generated = payload["generated"]
    assert isinstance(generated, dict)
    assert set(generated) == {"pdf", "pdf_pages", "csv", "csv_rows"}
    assert Path(generated["pdf"]).is_file() and Path(generated["csv"]).is_file()


def test_bad_export_input_is_refused_before_anything_is_written(workspace: Path, tmp_path: Path) -> None:
    service, source = swept(workspace)
    not_a_sweep = workspace / "notes.json"
    not_a_sweep.write_text('{"hello": "world"}', encoding="utf-8")
    before = snapshot(workspace, tmp_path / "outside")
    cases: list[tuple[type[Exception], dict[str, object], str]] = [
        # the argument model refuses what the schema publishes (the service's own checks back it up)
        (
            ValidationError,
            {"formats": ["pdf", "docx"]},
            "formats.1\n  Input should be 'pdf', 'png', 'csv', 'json' or 'ics'",
        ),
        (ValidationError, {"formats": []}, "formats\n  List should have at least 1 item"),
        (StorageError, {"json_source": str(not_a_sweep)}, "is not a Sweepy result file"),
        (NotFound, {"json_source": "results/missing.json"}, "does not exist"),
        (NotFound, {"profile_stem": "nobody"}, "No sweep result files for profile 'nobody'"),
        (PathNotAllowed, {"output_dir": str(tmp_path / "outside")}, "outside Sweepy's allowed folders"),
        (InvalidArgument, {"output_dir": str(source)}, "is a file, not a folder"),
        (ValidationError, {"candidate_name": " "}, "candidate_name\n  String should match pattern"),
    ]
    for error, changes, words in cases:
        with pytest.raises(error) as caught:
            export(service, **{"formats": ["pdf", "png", "csv", "json"], **changes})
        assert words in str(caught.value), str(caught.value)
    assert snapshot(workspace, tmp_path / "outside") == before


def test_require_judgments_gates_export_too(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _service, source = swept(workspace)
    monkeypatch.setenv("SWEEPY_REQUIRE_JUDGMENTS", "1")
    forced = SweepyService(Settings.from_env())
    judged = judge(workspace / "results", workspace / "resume.docx", only=3)
    before = snapshot(workspace)
    with pytest.raises(NotAssessed) as caught:
        export(forced, formats=["pdf", "csv"])
    assert len(caught.value.details["unassessed_job_ids"]) == REPORT_CARDS - 3
    assert not set(judged) & set(caught.value.details["unassessed_job_ids"])
    assert snapshot(workspace) == before
    judge(workspace / "results", workspace / "resume.docx")
    assert export(forced, json_source=str(source), formats=["csv"])["errors"] == []
