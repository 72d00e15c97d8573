"""Opening untrusted DOCX and PDF files: one bounded read of a regular file, then the size, zip-bomb, XML and
decompression checks before any parser sees the bytes. Shared by resume reading and document conversion."""

import io
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import DocumentError
from .store.reads import read_regular

T = TypeVar("T")

MAX_FILE_BYTES = 20_000_000
MAX_DOCX_UNCOMPRESSED = 50_000_000
MAX_DOCX_XML = 12_000_000
"""The XML a DOCX may expand to: a long resume is a few hundred KB; python-docx's tree costs ~5x the XML."""
MAX_DOCX_RATIO = 100
MAX_DOCX_ENTRIES = 2000
PDF_STREAM_BYTES = 10_000_000
"""A page's content is kilobytes; pypdf's own limit (75 MB per stream) lets a bomb cost 150+ MB."""
PDF_LIMITS = {
    name: PDF_STREAM_BYTES
    for name in (
        "maximum_declared_stream_length",
        "array_based_stream_maximum_output_length",
        "jbig2_maximum_output_length",
        "lzw_maximum_output_length",
        "run_length_maximum_output_length",
        "zlib_maximum_output_length",
        "brotli_maximum_output_length",
        "image_maximum_buffer_size",
    )
} | {"stream_decoding_work_maximum_length": 4 * PDF_STREAM_BYTES}


def read_document(path: Path, limit: int = MAX_FILE_BYTES, what: str = "Document") -> bytes:
    """The bytes of a regular, non-empty file of at most `limit` bytes, read once (a FIFO or device named like a
    document is refused, not waited on); DocumentError saying what is wrong otherwise."""
    try:
        data = read_regular(path, what, limit, DocumentError)
    except FileNotFoundError:
        raise DocumentError(f"{what} {path} does not exist. Check the path and try again.") from None
    if not data:
        raise DocumentError(f"{path.name} is empty (0 bytes). Save the document again and pass the saved file.")
    return data


def check_docx(path: Path, data: bytes) -> None:
    """Refuse zip bombs before python-docx (or Word) inflates them: entry count, total size, ratio, and the XML
    the parser would build a tree from. zipfile inflates an entry no further than its declared size."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
    except zipfile.BadZipFile:
        raise DocumentError(f"{path.name} is not a valid DOCX file (it is not a zip archive).") from None
    total = sum(i.file_size for i in infos)
    packed = sum(i.compress_size for i in infos) or 1
    xml = sum(i.file_size for i in infos if i.filename.lower().endswith((".xml", ".rels")))
    if len(infos) > MAX_DOCX_ENTRIES or total > MAX_DOCX_UNCOMPRESSED or total / packed > MAX_DOCX_RATIO:
        raise DocumentError(
            f"{path.name} expands to {total} bytes from {packed}; that is not a plain resume. Save it again "
            "from your word processor, or export it to PDF."
        )
    if xml > MAX_DOCX_XML:
        raise DocumentError(
            f"{path.name} holds {xml} bytes of document XML (the limit is {MAX_DOCX_XML}); that is far more text "
            "than a resume. Save it again from your word processor, or export it to PDF."
        )


def open_docx(path: Path, data: bytes) -> Any:
    """A python-docx Document, after check_docx. Parser failures (billion laughs included) become DocumentError."""
    import docx  # lazy: keeps server start-up light

    check_docx(path, data)
    try:
        return docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors on damaged files
        raise DocumentError(
            f"{path.name} could not be read as DOCX ({type(exc).__name__}). Open it in your word processor and "
            "save it again as .docx."
        ) from None


def read_pdf(path: Path, data: bytes, use: Callable[[Any], T]) -> T:
    """`use(reader)` on a pypdf PdfReader of an unencrypted PDF under Sweepy's decompression limits, with pypdf's
    failures (while opening or inside `use`) turned into DocumentError."""
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import LimitReachedError, PdfReadError

    try:
        with apply_configuration(None, **PDF_LIMITS):
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted:
                raise DocumentError(f"{path.name} is an encrypted PDF; save an unprotected copy and try again.")
            return use(reader)
    except DocumentError:
        raise
    except LimitReachedError:
        raise DocumentError(
            f"{path.name} holds a compressed part that expands past {PDF_STREAM_BYTES // 1_000_000} MB; that is "
            "not a plain document. Export it again from your word processor (File > Save as PDF)."
        ) from None
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise DocumentError(f"{path.name} could not be read as PDF ({type(exc).__name__}).") from None
