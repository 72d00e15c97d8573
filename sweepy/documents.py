"""Opening untrusted DOCX and PDF files: the size, zip-bomb and encryption checks run before any parser.

Shared by resume reading and document conversion so both refuse the same hostile files.
"""

import os
import stat
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .errors import DocumentError

T = TypeVar("T")

MAX_FILE_BYTES = 20_000_000
MAX_DOCX_UNCOMPRESSED = 50_000_000
MAX_DOCX_RATIO = 100
MAX_DOCX_ENTRIES = 2000


def check_file(path: Path, limit: int = MAX_FILE_BYTES) -> int:
    """The size of a regular, non-empty file under `limit`; FIFOs and devices would hang or never end."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise DocumentError(f"{path.name} does not exist ({path}). Check the path and try again.") from None
    except OSError as exc:
        raise DocumentError(f"{path.name} cannot be opened: {exc.strerror or exc}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DocumentError(f"{path.name} is not a regular file ({path}). Pass the path of a document file.")
    if info.st_size == 0:
        raise DocumentError(f"{path.name} is empty (0 bytes). Save the document again and pass the saved file.")
    if info.st_size > limit:
        raise DocumentError(
            f"{path.name} is {info.st_size} bytes; documents must be under {limit} bytes. Remove large images "
            "or split the file."
        )
    return info.st_size


def check_docx(path: Path) -> None:
    """Refuse zip bombs before python-docx inflates them: entry count, total size and ratio."""
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except zipfile.BadZipFile:
        raise DocumentError(f"{path.name} is not a valid DOCX file (it is not a zip archive).") from None
    total = sum(i.file_size for i in infos)
    packed = sum(i.compress_size for i in infos) or 1
    if len(infos) > MAX_DOCX_ENTRIES or total > MAX_DOCX_UNCOMPRESSED or total / packed > MAX_DOCX_RATIO:
        raise DocumentError(
            f"{path.name} expands to {total} bytes from {packed}; that is not a plain resume. Save it again "
            "from your word processor, or export it to PDF."
        )


def open_docx(path: Path) -> Any:
    """A python-docx Document, after check_docx. Parser failures (billion laughs included) become DocumentError."""
    import docx  # lazy: keeps server start-up light

    check_docx(path)
    try:
        return docx.Document(str(path))
    except Exception as exc:  # python-docx raises KeyError, ValueError, lxml errors on damaged files
        raise DocumentError(
            f"{path.name} could not be read as DOCX ({type(exc).__name__}). Open it in your word processor and "
            "save it again as .docx."
        ) from None


def read_pdf(path: Path, use: Callable[[Any], T]) -> T:
    """`use(reader)` on a pypdf PdfReader of an unencrypted PDF, with pypdf's failures (while opening or inside
    `use`) turned into DocumentError. pypdf keeps its own decompression caps."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            raise DocumentError(f"{path.name} is an encrypted PDF; save an unprotected copy and try again.")
        return use(reader)
    except DocumentError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise DocumentError(f"{path.name} could not be read as PDF ({type(exc).__name__}).") from None
