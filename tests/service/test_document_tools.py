"""convert_document and convert_docx through MCP: the default output beside the source, the write guard,
and clear errors that write nothing."""

from pathlib import Path

import pytest
from conftest import App, snapshot
from mcp import Client
from mcp_helpers import envelope, write_resume
from pypdf import PdfReader

pytestmark = pytest.mark.anyio


async def test_a_docx_resume_becomes_a_pdf_beside_it(app: App, workspace: Path) -> None:
    resume = write_resume(workspace / "cv.docx")
    async with Client(app.mcp) as client:
        made = envelope(await client.call_tool("convert_docx", {"docx_path": str(resume)}))
        again = envelope(await client.call_tool("convert_document", {"document_path": str(workspace / "cv.pdf")}))
    assert (made["status"], made["pdf_path"], made["method"]) == (
        "ok",
        str(workspace / "cv.pdf"),
        "python-docx+reportlab",
    )
    text = "".join(page.extract_text() for page in PdfReader(workspace / "cv.pdf").pages)
    assert "Paralegal" in text
    assert (again["method"], again["pdf_path"]) == ("passthrough", str(workspace / "cv.pdf"))
    assert "resume_path" in made["message"]


async def test_notes_in_markdown_and_text_convert_to_the_named_pdf(app: App, workspace: Path) -> None:
    (workspace / "notes.md").write_text("# Łódź notes\n\n- Ελληνικά\n- Русский\n\n```\ncode()\n```\n", encoding="utf-8")
    async with Client(app.mcp) as client:
        made = envelope(await client.call_tool("convert_document", {"document_path": "notes.md",
                                                                   "pdf_path": "out/notes.pdf"}))  # fmt: skip
    assert made["pdf_path"] == str(workspace / "out" / "notes.pdf")
    text = PdfReader(workspace / "out" / "notes.pdf").pages[0].extract_text()
    assert all(word in text for word in ("Łódź", "Ελληνικά", "Русский", "code()"))


@pytest.mark.parametrize(
    ("tool", "arguments", "words"),
    [
        ("convert_document", {"document_path": "missing.docx"}, ["does not exist"]),
        ("convert_document", {"document_path": "cv.docx", "pdf_path": "/tmp/elsewhere/cv.pdf"}, ["outside"]),
        ("convert_document", {"document_path": "cv.docx", "pdf_path": "cv.txt"}, ["must end in .pdf"]),
        ("convert_docx", {"docx_path": "notes.txt"}, ["is not a .docx file"]),
        ("convert_document", {"document_path": "fake.docx"}, ["not a valid DOCX"]),
        ("convert_document", {"document_path": "empty.txt"}, ["is empty"]),
    ],
)
async def test_bad_documents_and_targets_are_clear_errors_that_write_nothing(
    app: App, workspace: Path, tool: str, arguments: dict[str, str], words: list[str]
) -> None:
    write_resume(workspace / "cv.docx")
    (workspace / "notes.txt").write_text("hello", encoding="utf-8")
    (workspace / "fake.docx").write_text("this is no zip", encoding="utf-8")
    (workspace / "empty.txt").write_bytes(b"")
    before = snapshot(workspace)
    async with Client(app.mcp) as client:
        result = await client.call_tool(tool, arguments)
    payload = envelope(result)
    assert payload["status"] == "error" and result.is_error
    assert all(word in payload["message"] for word in words), payload["message"]
    assert snapshot(workspace) == before
    assert not Path("/tmp/elsewhere/cv.pdf").exists()
