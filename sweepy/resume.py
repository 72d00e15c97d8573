"""Resume text from PDF or DOCX, size-checked before parsing and capped after."""

import functools
import hashlib
from pathlib import Path
from typing import Any

from .documents import MAX_DOCX_UNCOMPRESSED, MAX_FILE_BYTES, check_docx, open_docx, read_pdf
from .errors import DocumentError
from .store.reads import read_regular

__all__ = ["MAX_DOCX_UNCOMPRESSED", "MAX_FILE_BYTES", "check_docx", "fingerprint", "resume_text"]

MAX_PDF_PAGES = 50
TEXT_CAP = 200_000


def _docx_text(path: Path, data: bytes) -> str:
    document = open_docx(path, data)
    lines = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            lines.append(" ".join(cell.text for cell in row.cells))
    return "\n".join(lines)


def _pages_text(reader: Any) -> str:
    pages = reader.pages[:MAX_PDF_PAGES]
    for page in pages:  # extract_text hides a LimitReachedError behind empty text: decode first
        contents = page.get_contents()
        if contents is not None:
            contents.get_data()
    return "\n".join(page.extract_text() or "" for page in pages)


def resume_text(path: Path) -> str:
    """The text of a PDF or DOCX resume. Cached per (path, size, mtime)."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise DocumentError(f"Resume {path} cannot be read ({exc.strerror or exc}). Check the path.") from None
    return _cached_text(str(path), stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _cached_text(path_text: str, size: int, _mtime: int) -> str:
    path = Path(path_text)
    if size > MAX_FILE_BYTES:
        raise DocumentError(f"{path.name} is {size} bytes; a resume must be under {MAX_FILE_BYTES} bytes.")
    suffix = path.suffix.lower()
    if suffix not in (".pdf", ".docx"):
        raise DocumentError(
            f"{path.name} is not a PDF or DOCX resume. Save or export it as a PDF (or DOCX) first, then pass that file."
        )
    # One read of a regular file (never a FIFO), bounded: the parsers get these bytes, not the path.
    try:
        data = read_regular(path, "Resume", MAX_FILE_BYTES, DocumentError)
    except FileNotFoundError:
        raise DocumentError(f"Resume {path} does not exist any more. Check the path.") from None
    text = read_pdf(path, data, _pages_text) if suffix == ".pdf" else _docx_text(path, data)
    if not text.strip():
        raise DocumentError(f"No text could be read from {path.name}; is it a scanned image? Use a text PDF.")
    return text[:TEXT_CAP]


def fingerprint(path: Path) -> str | None:
    """A short hash of the resume file's bytes, or None when it cannot be read: a judgment records the
    resume it was made against, and reads as stale once the file changes."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return _cached_fingerprint(str(path), stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _cached_fingerprint(path_text: str, _size: int, _mtime: int) -> str | None:
    try:
        data = read_regular(Path(path_text), "Resume", MAX_FILE_BYTES, DocumentError)
    except (OSError, DocumentError):
        return None
    return hashlib.sha256(data).hexdigest()[:16]
