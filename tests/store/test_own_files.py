"""The person's files (issue 14, items 4-6): a report never replaces the profile's resume, any other file
Sweepy did not write is kept as a backup first, the report shows the profile's name, and an export of fewer
pages removes the earlier export's extra pages."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, snapshot
from mcp_helpers import profile_args, write_feed
from report_helpers import REPORT_FEED, page_count, pdf_text, squeeze, sweep

from sweepy.errors import InvalidArgument
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.owned import MANIFEST

PNG = b"\x89PNG\r\n\x1a\n"


def setup(workspace: Path, **changes: Any) -> tuple[SweepyService, Path, dict[str, Any]]:
    """A profile whose resume is a PDF (the file a report could land on), swept once; keyword assessment, so
    the report is not gated on judgments."""
    resume = workspace / "cv" / "resume.pdf"
    resume.parent.mkdir()
    shutil.copy(DATA / "sample_resume.pdf", resume)
    write_feed(workspace / "feeds" / "postings.jsonl", REPORT_FEED)
    service = SweepyService()
    args = profile_args(resume, "feeds/postings.jsonl", assessment="keyword", name="Dana Whitfield", **changes)
    created = service.create_profile(a.CreateProfile(**args)).dump()
    return service, resume, sweep(service, str(created["profile_path"]))


def render(service: SweepyService, output: str | None = None) -> dict[str, Any]:
    return service.render_report(a.RenderReport(results_dir="results", output_filename=output, playbook="")).dump()


def export(service: SweepyService, **changes: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"json_source": None, "profile_stem": None, "results_dir": "results", "formats": ["pdf"],
                            "candidate_name": None, "output_dir": None, "job_tracking": None}  # fmt: skip
    args.update(changes)
    return service.export_report(a.ExportReport(**args)).dump()


def backups_of(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.bak-*"))


def test_a_report_never_replaces_the_profiles_resume(workspace: Path) -> None:
    service, resume, _ = setup(workspace)
    before = snapshot(workspace)
    for name in (str(resume), "cv/resume.pdf", "cv/../cv/resume.pdf"):
        with pytest.raises(InvalidArgument) as caught:
            render(service, name)
        assert "is the resume a profile names; Sweepy never writes over it" in caught.value.message
    assert snapshot(workspace) == before  # refused before anything was made


def test_a_file_sweepy_did_not_write_is_kept_as_a_backup_and_named(workspace: Path) -> None:
    service, _, _ = setup(workspace)
    notes = workspace / "notes.pdf"
    notes.write_bytes(b"%PDF-1.4 the person's own notes")
    first = render(service, "notes.pdf")
    (backup,) = backups_of(notes)
    assert first["backup_path"] == str(backup)
    assert backup.read_bytes() == b"%PDF-1.4 the person's own notes"
    assert f"kept as {backup}" in first["message"]
    assert notes.read_bytes().startswith(b"%PDF-") and page_count(notes) == first["pages"]
    manifest = json.loads((workspace.parent / "state" / MANIFEST).read_text(encoding="utf-8"))
    assert str(notes) in manifest["files"]

    second = render(service, "notes.pdf")  # Sweepy's own file now: replaced without another backup
    assert second["backup_path"] is None and backups_of(notes) == [backup]

    notes.write_bytes(b"%PDF-1.4 edited by the person since")  # edited after Sweepy wrote it: theirs again
    third = render(service, "notes.pdf")
    assert third["backup_path"] is not None
    assert Path(third["backup_path"]).read_bytes() == b"%PDF-1.4 edited by the person since"


def test_convert_document_keeps_a_pdf_it_did_not_write(workspace: Path) -> None:
    service = SweepyService()
    (workspace / "letter.md").write_text("# Cover letter\n\nDear team,", encoding="utf-8")
    theirs = workspace / "letter.pdf"
    theirs.write_bytes(b"%PDF-1.7 signed copy")
    first = service.convert_document(a.ConvertDocument(document_path="letter.md")).dump()
    assert first["backup_path"] is not None
    assert Path(first["backup_path"]).read_bytes() == b"%PDF-1.7 signed copy"
    again = service.convert_document(a.ConvertDocument(document_path="letter.md")).dump()  # its own output: no backup
    assert again["backup_path"] is None
    assert len(backups_of(theirs)) == 1


def test_render_and_export_write_distinct_default_names_and_show_the_profiles_name(workspace: Path) -> None:
    service, _, swept = setup(workspace)
    rendered = render(service)
    report = Path(rendered["pdf_report"])
    kept = report.read_bytes()
    exported = export(service, formats=["pdf"])
    pdf = Path(exported["generated"]["pdf"])
    assert pdf != report and pdf.name == f"{Path(swept['reports']['json']).stem}_export.pdf"
    assert report.read_bytes() == kept and exported["backups"] == []
    for path in (report, pdf):
        text = pdf_text(path)
        assert squeeze("Job search report for Dana Whitfield") in text
        assert "JobSeeker" not in text
    named = export(service, formats=["pdf"], candidate_name="D. Whitfield")  # an explicit name still wins
    assert squeeze("Job search report for D. Whitfield") in pdf_text(Path(named["generated"]["pdf"]))


def test_an_export_of_fewer_pages_removes_the_earlier_pages_of_the_same_stem(workspace: Path) -> None:
    service, _, swept = setup(workspace)
    source = Path(swept["reports"]["json"])
    data = json.loads(source.read_text(encoding="utf-8"))
    one = data["cards"][0]
    data["cards"] = [{**one, "job_id": f"{n:016x}", "title": f"Paralegal {n}"} for n in range(40)]
    source.write_text(json.dumps(data), encoding="utf-8")
    many = export(service, formats=["png"])["generated"]["png"]
    theirs = source.with_name(f"{source.stem}_page99.png")
    theirs.write_bytes(PNG + b"the person's own image")
    other_stem = source.with_name(f"other_{source.stem}_page7.png")
    other_stem.write_bytes(PNG)
    data["cards"] = data["cards"][:1]  # the same sweep file, now one card: fewer pages
    source.write_text(json.dumps(data), encoding="utf-8")
    payload = export(service, formats=["png"])
    few = payload["generated"]["png"]
    assert len(few) + 3 <= len(many)
    pages = sorted(p.name for p in source.parent.glob(f"{source.stem}_page*.png"))
    assert pages == sorted(Path(p).name for p in few)  # no page of the earlier export is left
    (backup,) = backups_of(theirs)  # a page-named file Sweepy did not write is kept aside, and named
    assert backup.read_bytes() == PNG + b"the person's own image"
    assert payload["backups"] == [str(backup)]
    assert other_stem.read_bytes() == PNG  # another stem is not touched
