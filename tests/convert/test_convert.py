"""Document conversion on files made here: the PDF's text, fonts and pages, and bad inputs that write nothing."""

import io
import os
import unicodedata
import zipfile
from pathlib import Path

import docx
import pypdfium2
import pytest
from docx.enum.text import WD_BREAK
from pypdf import PdfReader, PdfWriter

from sweepy.convert import convert_docx_to_pdf, convert_to_pdf, default_pdf_path, external
from sweepy.convert.dispatch import MAX_SOURCE_BYTES
from sweepy.documents import MAX_DOCX_UNCOMPRESSED, MAX_DOCX_XML
from sweepy.errors import DocumentError

UNICODE = ["Zoë", "Łódź", "€", "東京", "Ελληνικά", "Русский", "हिंदी"]


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def _font_names(pdf: Path) -> set[str]:
    names = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def _resume_docx(path: Path) -> Path:
    document = docx.Document()
    document.add_heading("Zoë Kowalska", level=0)
    document.add_heading("Experience", level=1)
    intro = document.add_paragraph("Paralegal with ")
    intro.add_run("boldly managed").bold = True
    intro.add_run(" and ")
    intro.add_run("italic notes").italic = True
    intro.add_run(" in " + " ".join(UNICODE) + ".")
    document.add_paragraph("Drafted motions", style="List Bullet")
    document.add_paragraph("Managed discovery", style="List Bullet")
    document.add_paragraph("First step", style="List Number")
    document.add_paragraph("Second step", style="List Number")
    table = document.add_table(rows=3, cols=3)
    table.style = "Table Grid"
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row.cells):
            cell.text = f"cell{r}{c}"
    document.add_paragraph("Before the break").add_run().add_break(WD_BREAK.PAGE)
    document.add_heading("Education", level=2)
    document.add_paragraph("Jagiellonian University")
    forced = document.add_paragraph("Skills on their own page")
    forced.paragraph_format.page_break_before = True
    document.save(str(path))
    return path


def test_a_docx_resume_keeps_its_text_formatting_lists_table_and_page_breaks(tmp_path: Path) -> None:
    source = _resume_docx(tmp_path / "resume.docx")
    target = tmp_path / "out" / "resume.pdf"
    result = convert_docx_to_pdf(source, target)
    assert result.method == "python-docx+reportlab"
    assert (result.pdf_path, result.source_path) == (target, source)
    assert result.pages == 3 == len(PdfReader(target).pages)
    text = _text(target)
    for word in ("Zoë Kowalska", "Experience", "boldly managed", "italic notes", "Drafted motions", "Second step",
                 "Education", "Jagiellonian University", "Skills on their own page", *UNICODE):  # fmt: skip
        assert word in text
    for r in range(3):
        for c in range(3):
            assert f"cell{r}{c}" in text
    assert "•" in text and "1." in text and "2." in text
    pages = [page.extract_text() for page in PdfReader(target).pages]
    assert "Before the break" in pages[0] and "Education" in pages[1] and "Skills" in pages[2]
    fonts = _font_names(target)
    assert any(name.endswith("DejaVuSans-Bold") for name in fonts)
    assert any(name.endswith("DejaVuSans-Oblique") for name in fonts)


def test_convert_to_pdf_takes_the_docx_route_too(tmp_path: Path) -> None:
    source = _resume_docx(tmp_path / "cv.docx")
    result = convert_to_pdf(source, default_pdf_path(source))
    assert result.pdf_path == tmp_path / "cv.pdf"
    assert result.as_dict()["method"] == "python-docx+reportlab"


def test_markdown_becomes_headings_lists_code_and_links(tmp_path: Path) -> None:
    source = tmp_path / "resume.md"
    source.write_text(
        "# Zoë Kowalska\n\n## Skills\n\n- **eDiscovery** and *review*\n- Łódź office, 東京 client\n\n"
        "1. first\n2. second\n\n```python\nprint('hi')  # <b>not bold</b>\n```\n\n"
        "See [portfolio](https://example.com/p) and [bad](javascript:alert(1)).\n\n"
        '| Year | Role |\n|---|---|\n| 2024 | Paralegal |\n\n<img src="/etc/passwd">\n',
        encoding="utf-8",
    )
    target = tmp_path / "resume.pdf"
    result = convert_to_pdf(source, target)
    assert result.method == "markdown+reportlab" and result.pages == 1
    text = _text(target)
    for word in ("Zoë Kowalska", "Skills", "eDiscovery", "review", "Łódź", "東京", "first", "second",
                 "print('hi')", "<b>not bold</b>", "portfolio", "Paralegal", '<img src="/etc/passwd">'):  # fmt: skip
        assert word in text
    fonts = _font_names(target)
    assert any(name.endswith("DejaVuSansMono") for name in fonts)
    assert any(name.endswith("DejaVuSans-Bold") for name in fonts)
    annots = [a.get_object() for a in PdfReader(target).pages[0].get("/Annots", [])]
    uris = [a["/A"]["/URI"] for a in annots if "/A" in a]
    assert uris == ["https://example.com/p"]


def test_text_in_any_script_keeps_its_lines(tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_bytes(("\ufeffLine one\nLine two\n\n" + "\n".join(UNICODE) + "\n\fNext page\n").encode("utf-8"))
    target = tmp_path / "notes.pdf"
    result = convert_to_pdf(source, target)
    assert result.method == "text+reportlab" and result.pages == 2
    text = _text(target)
    assert "Line one\nLine two" in text
    for sample in UNICODE:
        assert sample in text


def test_windows_1252_text_is_read(tmp_path: Path) -> None:
    source = tmp_path / "old.txt"
    source.write_bytes("Café – €5".encode("cp1252"))
    convert_to_pdf(source, tmp_path / "old.pdf")
    assert "Café – €5" in _text(tmp_path / "old.pdf")


def _pdf_bytes(encrypt: bool = False) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    if encrypt:
        writer.encrypt("secret")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def test_a_pdf_passes_through_or_is_copied_byte_for_byte(tmp_path: Path) -> None:
    source = tmp_path / "resume.pdf"
    source.write_bytes(_pdf_bytes())
    before = source.read_bytes()
    same = convert_to_pdf(source, source)
    assert (same.method, same.pages, source.read_bytes()) == ("passthrough", 1, before)
    copy = convert_to_pdf(source, tmp_path / "copy.pdf")
    assert copy.method == "copy" and (tmp_path / "copy.pdf").read_bytes() == before


def _zip_bomb(path: Path) -> None:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document>" + " " * (MAX_DOCX_UNCOMPRESSED + 1) + "</w:document>")


BAD = [
    ("empty.docx", b"", "is empty"),
    ("fake.docx", b"%PDF-1.7 not a zip", "is not a valid DOCX file"),
    ("fake.pdf", b"PK\x03\x04 not a pdf", "does not start with %PDF"),
    ("locked.pdf", _pdf_bytes(encrypt=True), "encrypted PDF"),
    ("binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is not a text file"),
    ("binary.md", bytes(range(0x80, 0x100)) * 4, "is not a text file"),
    ("blank.txt", b"\n  \n", "has no text"),
    ("resume.rtf", b"{\\rtf1 hi}", "cannot be converted"),
    ("damaged.docx", b"", "could not be read as DOCX"),
]


@pytest.mark.parametrize(("name", "content", "expected"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_source_is_named_and_nothing_is_written(tmp_path: Path, name: str, content: bytes, expected: str) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    source = folder / name
    if name == "damaged.docx":  # a real zip without the parts python-docx needs
        with zipfile.ZipFile(source, "w") as archive:
            archive.writestr("hello.txt", "hi")
    else:
        source.write_bytes(content)
    target = folder / "out.pdf"
    with pytest.raises(DocumentError, match=expected) as caught:
        convert_to_pdf(source, target)
    assert name in caught.value.message
    assert not target.exists()
    assert sorted(p.name for p in folder.iterdir()) == [name]  # no temporary file left either


def test_a_zip_bomb_missing_or_huge_source_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    bomb = tmp_path / "bomb.docx"
    _zip_bomb(bomb)
    with pytest.raises(DocumentError, match="that is not a plain resume"):
        convert_docx_to_pdf(bomb, target)
    with pytest.raises(DocumentError, match="does not exist"):
        convert_to_pdf(tmp_path / "missing.docx", target)
    big = tmp_path / "big.txt"
    with big.open("wb") as handle:  # sparse: a real file one byte over the cap, without writing 20 MB
        handle.truncate(MAX_SOURCE_BYTES + 1)
    with pytest.raises(DocumentError, match=f"is {MAX_SOURCE_BYTES + 1} bytes; the limit is {MAX_SOURCE_BYTES} bytes"):
        convert_to_pdf(big, target)
    assert not target.exists()


def test_a_failure_while_laying_out_leaves_an_old_pdf_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("hello", encoding="utf-8")
    target = tmp_path / "notes.pdf"
    target.write_bytes(b"old")

    def explode(self: object, story: object) -> None:
        raise ValueError("boom")

    monkeypatch.setattr("reportlab.platypus.SimpleDocTemplate.build", explode)
    with pytest.raises(DocumentError, match="could not be laid out as PDF"):
        convert_to_pdf(source, target)
    assert target.read_bytes() == b"old"


def test_the_output_must_be_a_pdf_name_and_convert_docx_wants_a_docx(tmp_path: Path) -> None:
    source = _resume_docx(tmp_path / "cv.docx")
    with pytest.raises(DocumentError, match=r"must end in \.pdf"):
        convert_to_pdf(source, tmp_path / "cv.docx")
    notes = tmp_path / "notes.txt"
    notes.write_text("hi", encoding="utf-8")
    with pytest.raises(DocumentError, match=r"is not a \.docx file"):
        convert_docx_to_pdf(notes, tmp_path / "notes.pdf")


def test_a_doc_without_libreoffice_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))  # no soffice or libreoffice to be found
    source = tmp_path / "old.doc"
    source.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100)
    with pytest.raises(DocumentError, match="Install LibreOffice"):
        convert_to_pdf(source, tmp_path / "old.pdf")
    assert not (tmp_path / "old.pdf").exists()


def test_a_doc_goes_through_libreoffice_when_it_is_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bin").mkdir()
    fake = tmp_path / "bin" / "soffice"
    # A stand-in for soffice on PATH: writes a one-page PDF named after the input into --outdir.
    pdf = _pdf_bytes()
    fake.write_text(
        "#!/usr/bin/env python3\nimport sys, pathlib\nargs = sys.argv\n"
        "out = pathlib.Path(args[args.index('--outdir') + 1])\n"
        f"(out / (pathlib.Path(args[-1]).stem + '.pdf')).write_bytes({pdf!r})\n",
        encoding="utf-8",
    )
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    source = tmp_path / "old.doc"
    source.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100)
    result = convert_to_pdf(source, tmp_path / "old.pdf")
    assert (result.method, result.pages) == ("libreoffice", 1)
    assert (tmp_path / "old.pdf").read_bytes() == pdf


def test_word_is_never_used_on_linux() -> None:
    import sys

    if sys.platform.startswith("linux"):
        assert external.word_available() is False


def test_a_billion_laughs_docx_is_refused_not_expanded(tmp_path: Path) -> None:
    plain = tmp_path / "plain.docx"
    docx.Document().save(str(plain))
    entities = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 11))
    xml = (
        f'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY l0 "lol">{entities}]><w:document xmlns:w='
        '"http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&l10;</w:t>'
        "</w:r></w:p></w:body></w:document>"
    )
    hostile = tmp_path / "laughs.docx"
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(hostile, "w") as target:
        for item in source.infolist():
            target.writestr(item, xml if item.filename == "word/document.xml" else source.read(item.filename))
    with pytest.raises(DocumentError, match=r"laughs\.docx could not be read as DOCX \(XMLSyntaxError\)"):
        convert_to_pdf(hostile, tmp_path / "laughs.pdf")
    assert not (tmp_path / "laughs.pdf").exists()


def test_a_docx_whose_xml_is_far_larger_than_a_resume_is_refused_before_parsing(tmp_path: Path) -> None:
    # Hex text barely compresses, so neither the file cap nor the zip-bomb ratio catches it: the XML cap does,
    # before python-docx builds a tree of it (~5x the XML in memory).
    source = tmp_path / "huge.docx"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr(
            "word/document.xml", "<w:document>" + os.urandom(MAX_DOCX_XML // 2 + 1).hex() + "</w:document>"
        )
    assert source.stat().st_size < MAX_SOURCE_BYTES
    with pytest.raises(DocumentError, match=r"bytes of document XML \(the limit is 12000000\)"):
        convert_docx_to_pdf(source, tmp_path / "huge.pdf")
    assert not (tmp_path / "huge.pdf").exists()


ARABIC_LINE = "مطور برمجيات أول في شركة النور"
HEBREW_WORDS = ["מפתח", "תוכנה", "בכיר"]


def _word_left(pdf: Path, word: str) -> float:
    """The left edge of `word` on the PDF's first page, its glyphs read by PDFium in either direction (a
    right-to-left word's glyphs are drawn last letter first)."""
    page = pypdfium2.PdfDocument(pdf)[0].get_textpage()
    glyphs = [(page.get_text_range(n, 1), page.get_charbox(n)) for n in range(page.count_chars())]
    glyphs = [(ch, box) for ch, box in glyphs if ch and not ch.isspace()]
    for start in range(len(glyphs)):
        for spelled in (word, word[::-1]):
            run = glyphs[start : start + len(spelled)]
            if "".join(ch for ch, _box in run) == spelled:
                return min(box[0] for _ch, box in run)
    raise AssertionError(f"{word!r} is not on the page")


@pytest.mark.parametrize("suffix", [".md", ".txt", ".docx"])
def test_arabic_is_joined_and_hebrew_runs_right_to_left(tmp_path: Path, suffix: str) -> None:
    """A resume in Arabic or Hebrew converts as the report draws them: Arabic letters in their joined forms, and
    a right-to-left line's first word rightmost."""
    source = tmp_path / f"cv{suffix}"
    if suffix == ".docx":
        document = docx.Document()
        document.add_paragraph(ARABIC_LINE)
        document.add_paragraph(" ".join(HEBREW_WORDS))
        document.save(str(source))
    else:
        source.write_text(f"CV\n\n{ARABIC_LINE}\n\n{' '.join(HEBREW_WORDS)}\n", encoding="utf-8")
    target = tmp_path / "cv.pdf"
    convert_to_pdf(source, target)
    text = _text(target)
    arabic = [ch for ch in text if 0x0600 <= ord(ch) <= 0x06FF or 0xFB50 <= ord(ch) <= 0xFEFF]
    joined = [ch for ch in arabic if 0xFE70 <= ord(ch) <= 0xFEFF and "ISOLATED" not in unicodedata.name(ch)]
    assert len(arabic) >= 20 and len(joined) > len(arabic) // 2
    lefts = [_word_left(target, word) for word in HEBREW_WORDS]
    assert lefts == sorted(lefts, reverse=True)
