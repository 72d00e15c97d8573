"""Resume text from PDF or DOCX, size-checked before parsing and capped after."""

import functools
from pathlib import Path
from typing import Any

from .documents import MAX_DOCX_UNCOMPRESSED, MAX_FILE_BYTES, check_docx, open_docx, read_pdf
from .errors import DocumentError

__all__ = ["MAX_DOCX_UNCOMPRESSED", "MAX_FILE_BYTES", "check_docx", "resume_text"]

MAX_PDF_PAGES = 50
TEXT_CAP = 200_000


def _docx_text(path: Path) -> str:
    document = open_docx(path)
    lines = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            lines.append(" ".join(cell.text for cell in row.cells))
    return "\n".join(lines)


def _pages_text(reader: Any) -> str:
    return "\n".join(page.extract_text() or "" for page in reader.pages[:MAX_PDF_PAGES])


def resume_text(path: Path) -> str:
    """The text of a PDF or DOCX resume. Cached per (path, size, mtime)."""
    stat = path.stat()
    return _cached_text(str(path), stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _cached_text(path_text: str, size: int, _mtime: int) -> str:
    path = Path(path_text)
    if size > MAX_FILE_BYTES:
        raise DocumentError(f"{path.name} is {size} bytes; a resume must be under {MAX_FILE_BYTES} bytes.")
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        text = read_pdf(path, _pages_text)
    elif suffix == ".docx":
        text = _docx_text(path)
    else:
        raise DocumentError(
            f"{path.name} is not a PDF or DOCX resume. Convert it first (convert_document), then pass the PDF."
        )
    if not text.strip():
        raise DocumentError(f"No text could be read from {path.name}; is it a scanned image? Use a text PDF.")
    return text[:TEXT_CAP]
