"""Plain text to PDF (paragraphs at blank lines, line breaks kept), and decoding of text files for Markdown too."""

import unicodedata
from pathlib import Path
from typing import Any

from ..errors import DocumentError
from ..fonts import markup_for
from .render import build_pdf, check_length, styles

_ALLOWED_CONTROLS = "\t\n\r\f"


def read_text(path: Path, data: bytes) -> str:
    """The text of a .txt or .md file: UTF-8 (with or without BOM), else Windows-1252; binary files refused."""
    if b"\x00" in data[:65536]:
        raise _binary(path)
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise _binary(path)
    sample = text[:65536]
    controls = sum(1 for ch in sample if unicodedata.category(ch) == "Cc" and ch not in _ALLOWED_CONTROLS)
    # A few stray control characters happen in real files; many mean the bytes are not text at all.
    if controls > max(8, len(sample) // 100):
        raise _binary(path)
    if not text.strip():
        raise DocumentError(f"{path.name} has no text (only blank lines). Pass the file that holds the document.")
    check_length(len(text), path)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _binary(path: Path) -> DocumentError:
    return DocumentError(
        f"{path.name} is not a text file (its bytes are not UTF-8 or Windows-1252 text). Pass a plain-text "
        f"{path.suffix or '.txt'} file, or convert the document from its own program."
    )


def _line_markup(line: str) -> str:
    # Paragraph collapses runs of spaces; no-break spaces keep indentation and column alignment readable.
    stripped = line.lstrip(" \t")
    indent = len(line[: len(line) - len(stripped)].expandtabs(4))
    return markup_for("\u00a0" * indent + stripped)


def text_flowables(text: str) -> list[Any]:
    from reportlab.platypus import PageBreak, Spacer

    from ..render.scripts import DocumentParagraph as Paragraph  # Arabic joined, right to left

    body = styles()["body"]
    story: list[Any] = []
    for page_number, page in enumerate(text.split("\f")):
        if page_number:
            story.append(PageBreak())  # a form feed is a page break in plain text
        lines: list[str] = []
        for line in [*page.split("\n"), ""]:
            if line.strip():
                lines.append(line.rstrip())
            elif lines:
                story.append(Paragraph("<br/>".join(_line_markup(item) for item in lines), body))
                lines = []
            elif story and not isinstance(story[-1], Spacer):
                story.append(Spacer(1, 4))
    return story


def convert_text(source: Path, data: bytes) -> tuple[bytes, int]:
    """PDF bytes and page count for a plain-text file."""
    return build_pdf(text_flowables(read_text(source, data)), source)
