"""convert_to_pdf and convert_docx_to_pdf: check the source, pick the converter by extension, write atomically.

Paths arrive already resolved and guarded by the caller (Workspace.resolve_read / resolve_write).
"""

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..documents import MAX_FILE_BYTES, check_docx, read_document, read_pdf
from ..errors import DocumentError
from ..store.files import atomic_write_bytes

Method = Literal[
    "python-docx+reportlab", "markdown+reportlab", "text+reportlab", "copy", "passthrough", "libreoffice", "docx2pdf"
]
SUPPORTED = (".docx", ".doc", ".md", ".markdown", ".txt", ".pdf")
MAX_SOURCE_BYTES = MAX_FILE_BYTES  # 20 MB, the resume cap: a larger file is not a resume


@dataclass(frozen=True)
class ConversionResult:
    pdf_path: Path
    source_path: Path
    method: Method
    pages: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "pdf_path": str(self.pdf_path),
            "source_path": str(self.source_path),
            "method": self.method,
            "pages": self.pages,
        }


def default_pdf_path(source: Path) -> Path:
    """Where the PDF goes when the caller names none: beside the source (a PDF source is its own output)."""
    return source.with_suffix(".pdf")


def _pdf_pages(data: bytes, name: str) -> int:
    """Page count of PDF bytes made by an outside program, which must really be a PDF."""
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        if not data.startswith(b"%PDF-"):
            raise ValueError("no %PDF header")
        return len(PdfReader(io.BytesIO(data)).pages)
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise DocumentError(
            f"The converter produced no readable PDF for {name} ({exc}); nothing was written."
        ) from None


def _check_pdf(source: Path, data: bytes) -> int:
    if b"%PDF-" not in data[:1024]:
        raise DocumentError(
            f"{source.name} is not a PDF file (it does not start with %PDF). Check that it is the right file, or "
            "rename it to its real extension."
        )
    pages = int(read_pdf(source, data, lambda reader: len(reader.pages)))
    if pages == 0:
        raise DocumentError(f"{source.name} is a PDF with no pages. Export the document to PDF again.")
    return pages


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a == b or (b.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def _check_target(source: Path, target: Path) -> None:
    if target.suffix.lower() != ".pdf":
        raise DocumentError(f"The output path {target.name} must end in .pdf; pass a .pdf file name.")
    if target.is_dir():
        raise DocumentError(f"The output path {target} is a folder; pass a .pdf file name inside it.")
    if source.suffix.lower() != ".pdf" and _same_file(source, target):
        raise DocumentError(f"The output path is the source {source.name} itself; choose another .pdf name.")


def _docx(source: Path, data: bytes) -> tuple[bytes, int, Method]:
    from .external import convert_with_word, word_available

    check_docx(source, data)  # refuse zip bombs before Word or python-docx opens the file
    if word_available():
        try:
            pdf = convert_with_word(source)
            return pdf, _pdf_pages(pdf, source.name), "docx2pdf"
        except DocumentError:
            pass  # Word failed (not activated, a dialog, a damaged file): python-docx still gives a PDF
    from .docx_pdf import convert_docx

    pdf, pages = convert_docx(source, data)
    return pdf, pages, "python-docx+reportlab"


def _convert(source: Path, suffix: str, data: bytes) -> tuple[bytes, int, Method]:
    if suffix == ".docx":
        return _docx(source, data)
    if suffix in (".md", ".markdown"):
        from .markdown_pdf import convert_markdown

        return (*convert_markdown(source, data), "markdown+reportlab")
    if suffix == ".txt":
        from .text_pdf import convert_text

        return (*convert_text(source, data), "text+reportlab")
    from .external import convert_with_libreoffice  # .doc: Word via docx2pdf cannot open it

    pdf = convert_with_libreoffice(source)
    return pdf, _pdf_pages(pdf, source.name), "libreoffice"


Writer = Callable[[Path, bytes], None]


def convert_to_pdf(source: Path, target: Path, write: Writer = atomic_write_bytes) -> ConversionResult:
    """Convert `.docx`, `.doc`, `.md`, `.txt` to the PDF `target`; a `.pdf` passes through (or is copied).

    The PDF is built in memory and written only through `write` (atomic_write_bytes, or the service's writer
    that keeps a backup of a file Sweepy did not write), so on any DocumentError nothing is written. Raises
    DocumentError saying what is wrong with which file and what to do.
    """
    suffix = source.suffix.lower()
    if suffix not in SUPPORTED:
        raise DocumentError(
            f"{source.name} has the extension {suffix or '(none)'}, which cannot be converted. Pass a "
            ".docx, .doc, .md, .txt or .pdf file."
        )
    _check_target(source, target)
    data = read_document(source, MAX_SOURCE_BYTES)  # one bounded read of a regular file: every check uses it
    if suffix == ".pdf":
        pages = _check_pdf(source, data)
        if _same_file(source, target):
            return ConversionResult(target, source, "passthrough", pages)
        write(target, data)
        return ConversionResult(target, source, "copy", pages)
    pdf, pages, method = _convert(source, suffix, data)
    write(target, pdf)
    return ConversionResult(target, source, method, pages)


def convert_docx_to_pdf(source: Path, target: Path, write: Writer = atomic_write_bytes) -> ConversionResult:
    """Convert a `.docx` to the PDF `target`: Word via docx2pdf where present, else python-docx and ReportLab."""
    if source.suffix.lower() != ".docx":
        raise DocumentError(
            f"{source.name} is not a .docx file. Pass a .docx, or use convert_document for .doc, .md, .txt "
            "and .pdf files."
        )
    return convert_to_pdf(source, target, write)
