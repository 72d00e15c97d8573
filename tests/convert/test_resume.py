"""Resume text from PDF and DOCX, and the checks that run before a hostile file is parsed."""

import io
import zipfile
from pathlib import Path

import pytest
from conftest import DATA
from pypdf import PdfWriter

from sweepy.errors import DocumentError
from sweepy.resume import MAX_DOCX_UNCOMPRESSED, resume_text


@pytest.mark.parametrize("name", ["sample_resume.pdf", "sample_resume.docx"])
def test_the_sample_resume_reads_as_text(name: str) -> None:
    text = resume_text(DATA / name)
    assert "Alex Rivera" in text
    for skill in ("Relativity", "Westlaw", "NYSCEF"):
        assert skill in text


def test_a_docx_zip_bomb_is_refused_before_parsing(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.docx"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document>" + " " * (MAX_DOCX_UNCOMPRESSED + 1) + "</w:document>")
    assert bomb.stat().st_size < 200_000
    with pytest.raises(DocumentError, match="that is not a plain resume"):
        resume_text(bomb)


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("fake.docx", b"%PDF-1.7 not a zip", "is not a valid DOCX file"),
        ("fake.pdf", b"PK\x03\x04 not a pdf", "could not be read as PDF"),
        ("notes.txt", b"plain text", "is not a PDF or DOCX resume"),
    ],
)
def test_a_file_that_is_not_what_it_claims_is_named(tmp_path: Path, name: str, content: bytes, expected: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(DocumentError, match=expected):
        resume_text(path)


def test_an_encrypted_pdf_asks_for_an_unprotected_copy(tmp_path: Path) -> None:
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    writer.encrypt("secret")
    buffer = io.BytesIO()
    writer.write(buffer)
    path = tmp_path / "locked.pdf"
    path.write_bytes(buffer.getvalue())
    with pytest.raises(DocumentError, match="encrypted PDF"):
        resume_text(path)


def test_a_pdf_without_text_says_so(tmp_path: Path) -> None:
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    path = tmp_path / "scan.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    with pytest.raises(DocumentError, match="scanned image"):
        resume_text(path)
