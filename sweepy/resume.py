"""Resume text from PDF or DOCX, size-checked before parsing and capped after."""

import functools
import hashlib
import io
import zipfile
from pathlib import Path

from .errors import DocumentError
from .paths import read_regular

MAX_FILE_BYTES = 20_000_000
MAX_DOCX_UNCOMPRESSED = 50_000_000
MAX_DOCX_RATIO = 100
MAX_PDF_PAGES = 50
TEXT_CAP = 200_000
PDF_STREAM_BYTES = 10_000_000
"""A resume page's content is kilobytes; pypdf's own limit (75 MB per stream) lets a bomb cost 150+ MB."""
PDF_LIMITS = {
    name: PDF_STREAM_BYTES
    for name in (
        "maximum_declared_stream_length", "array_based_stream_maximum_output_length", "jbig2_maximum_output_length",
        "lzw_maximum_output_length", "run_length_maximum_output_length", "zlib_maximum_output_length",
        "brotli_maximum_output_length", "image_maximum_buffer_size",
    )
} | {"stream_decoding_work_maximum_length": 4 * PDF_STREAM_BYTES}  # fmt: skip


def check_docx(path: Path, data: bytes) -> None:
    """Refuse zip bombs before python-docx inflates them."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
    except zipfile.BadZipFile:
        raise DocumentError(f"{path.name} is not a valid DOCX file (it is not a zip archive).") from None
    total = sum(i.file_size for i in infos)
    packed = sum(i.compress_size for i in infos) or 1
    if len(infos) > 2000 or total > MAX_DOCX_UNCOMPRESSED or total / packed > MAX_DOCX_RATIO:
        raise DocumentError(
            f"{path.name} expands to {total} bytes from {packed}; that is not a plain resume. Save it again "
            "from your word processor, or export it to PDF."
        )


def _docx_text(path: Path, data: bytes) -> str:
    import docx  # lazy: keeps server start-up light

    check_docx(path, data)
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors on damaged files
        raise DocumentError(f"{path.name} could not be read as DOCX ({type(exc).__name__}).") from None
    lines = [p.text for p in document.paragraphs]
    for table in document.tables:
        for row in table.rows:
            lines.append(" ".join(cell.text for cell in row.cells))
    return "\n".join(lines)


def _pdf_text(path: Path, data: bytes) -> str:
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import LimitReachedError, PdfReadError

    try:
        with apply_configuration(None, **PDF_LIMITS):
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted:
                raise DocumentError(f"{path.name} is an encrypted PDF; save an unprotected copy and try again.")
            pages = reader.pages[:MAX_PDF_PAGES]
            for page in pages:  # extract_text hides a LimitReachedError behind empty text: decode first
                contents = page.get_contents()
                if contents is not None:
                    contents.get_data()
            return "\n".join(page.extract_text() or "" for page in pages)
    except DocumentError:
        raise
    except LimitReachedError:
        raise DocumentError(
            f"{path.name} holds a compressed part that expands past {PDF_STREAM_BYTES // 1_000_000} MB; that is "
            "not a plain resume. Export it again from your word processor (File > Save as PDF)."
        ) from None
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise DocumentError(f"{path.name} could not be read as PDF ({type(exc).__name__}).") from None


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
            f"{path.name} is not a PDF or DOCX resume. Convert it first (convert_document), then pass the PDF."
        )
    # One read of a regular file (never a FIFO), bounded: the parsers get these bytes, not the path.
    try:
        data = read_regular(path, "Resume", MAX_FILE_BYTES, DocumentError)
    except FileNotFoundError:
        raise DocumentError(f"Resume {path} does not exist any more. Check the path.") from None
    text = _pdf_text(path, data) if suffix == ".pdf" else _docx_text(path, data)
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
