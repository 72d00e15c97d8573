"""No writer replaces a profile's resume (issue 24 item 7), and a written name reads back as typed (item 9).

The resume here is a PDF Sweepy itself made (convert_docx), so the written-files manifest counts it as
Sweepy's and would keep no backup: only the resume check stands between a conversion and the person's resume."""

from pathlib import Path

import pytest
from conftest import snapshot
from mcp import Client
from mcp_helpers import error_payload, profile_args, write_feed, write_resume

from sweepy.errors import InvalidArgument
from sweepy.mcp.server import create_server
from sweepy.service import SweepyService
from sweepy.service import arguments as a

FEED = [{"title": "Paralegal", "company": "Acme Law", "location": "New York, NY", "url": "https://acme.example/1",
         "description": "Paralegal for e-discovery in Relativity."}]  # fmt: skip


def resume_made_by_sweepy(workspace: Path, profile: str | None = None) -> tuple[SweepyService, Path]:
    """resume.docx converted to resume.pdf by Sweepy, then named by a profile (the default one unless `profile`
    names another file, which is then not the default)."""
    service = SweepyService()
    docx = write_resume(workspace / "resume.docx")
    pdf = Path(service.convert_docx(a.ConvertDocx(docx_path=str(docx))).dump()["pdf_path"])
    assert pdf == workspace / "resume.pdf"
    write_feed(workspace / "feeds" / "postings.jsonl", FEED)
    if profile is not None:  # a first profile elsewhere is the default; the one naming resume.pdf is not
        other = write_resume(workspace / "other.docx")
        service.create_profile(a.CreateProfile(**profile_args(other, "feeds/postings.jsonl", name="Someone Else")))
        service.create_profile(a.CreateProfile(**profile_args(pdf, "feeds/postings.jsonl", output_filename=profile)))
    else:
        service.create_profile(a.CreateProfile(**profile_args(pdf, "feeds/postings.jsonl")))
    return service, pdf


def test_convert_document_refuses_the_profiles_resume_even_when_sweepy_wrote_it(workspace: Path) -> None:
    service, pdf = resume_made_by_sweepy(workspace)
    (workspace / "notes.md").write_text("# Notes\n\nNot a resume.\n", encoding="utf-8")
    before = snapshot(workspace)
    with pytest.raises(InvalidArgument) as caught:
        service.convert_document(a.ConvertDocument(document_path="notes.md", pdf_path="resume.pdf"))
    assert caught.value.message == (
        f"pdf_path {str(pdf)!r} is the resume a profile names; Sweepy never writes over it. Choose another file "
        "name (to use a new PDF as the resume, write it under another name and pass that as resume_path to "
        "create_profile)."
    )
    assert snapshot(workspace) == before  # the resume's bytes, and no backup beside it


@pytest.mark.anyio
async def test_over_mcp_convert_document_onto_the_resume_is_an_error_payload(workspace: Path) -> None:
    service, pdf = resume_made_by_sweepy(workspace)
    (workspace / "notes.md").write_text("# Notes\n", encoding="utf-8")
    before = snapshot(workspace)
    async with Client(create_server(service=service)) as client:
        result = await client.call_tool("convert_document", {"document_path": "notes.md", "pdf_path": "resume.pdf"})
    assert error_payload(result)["message"].startswith(f"pdf_path {str(pdf)!r} is the resume a profile names")
    assert snapshot(workspace) == before


def test_convert_docx_to_its_default_pdf_refuses_a_resume_of_a_profile_that_is_not_the_default(
    workspace: Path,
) -> None:
    service, pdf = resume_made_by_sweepy(workspace, profile="profiles/second.yaml")
    before = snapshot(workspace)
    with pytest.raises(InvalidArgument) as caught:
        service.convert_docx(a.ConvertDocx(docx_path="resume.docx"))
    assert caught.value.message.startswith(f"pdf_path {str(pdf)!r} is the resume a profile names")
    assert snapshot(workspace) == before
    written = service.convert_docx(
        a.ConvertDocx(docx_path="resume.docx", pdf_path="resume-2.pdf")
    ).dump()  # another name is written
    assert written["pdf_path"] == str(workspace / "resume-2.pdf") and written["pages"] >= 1


def test_the_resume_passing_through_to_itself_is_not_refused(workspace: Path) -> None:
    service, pdf = resume_made_by_sweepy(workspace)
    before = snapshot(workspace)
    answer = service.convert_document(a.ConvertDocument(document_path="resume.pdf")).dump()
    assert (answer["method"], answer["pdf_path"]) == ("passthrough", str(pdf))
    assert snapshot(workspace) == before


@pytest.mark.parametrize("name", [" x.pdf", "\tx.pdf", "\u3000x.pdf", "\nx.pdf"], ids=repr)
def test_a_name_starting_with_white_space_is_refused_by_every_writer(workspace: Path, name: str) -> None:
    service, _ = resume_made_by_sweepy(workspace)
    docx = workspace / "resume.docx"
    job, _joined = service.start_sweep(None, deduplicate=True, include_seen=False)
    assert job.done.wait(60) and service.sweep_payload(job).dump()["sweep_status"] == "completed"
    before = snapshot(workspace)
    calls = {
        "pdf_path": lambda: service.convert_docx(a.ConvertDocx(docx_path=str(docx), pdf_path=name)),
        "output_filename": lambda: service.render_report(
            a.RenderReport(results_dir="results", output_filename=f"results/{name}", playbook="")
        ),
        "output_dir": lambda: service.export_report(
            a.ExportReport(results_dir="results", formats=["csv"], candidate_name="Alex", output_dir=f"results/{name}")
        ),
    }
    for argument, call in calls.items():
        with pytest.raises(InvalidArgument) as caught:
            call()
        message = caught.value.message
        assert message.startswith(f"{argument} ") and " starts with " in message, message
        assert message.endswith("which would make a file whose name does not read back as typed. Remove it, e.g. "
                                "'results/report.pdf'.")  # fmt: skip
    assert snapshot(workspace) == before
