"""DOCX to PDF with python-docx and ReportLab: headings, runs, lists, tables and page breaks, in body order."""

from pathlib import Path
from typing import Any

from docx.oxml.ns import qn
from docx.table import Table as DocxTable
from docx.text.hyperlink import Hyperlink
from docx.text.paragraph import Paragraph as DocxParagraph

from ..documents import open_docx
from ..errors import DocumentError
from ..fonts import markup_for
from .docx_lists import ListTracker
from .render import MARGIN, MAX_TEXT_CHARS, build_pdf, link, list_style, styles
from .tables import make_table

MAX_BLOCKS = 20_000
"""Paragraphs and table cells; a resume has a few hundred, a hostile file millions."""

_ROLES = {"title": "title", "heading 1": "h1", "heading 2": "h2", "heading 3": "h3", "subtitle": "h3"}
_ALIGN = {1: 1, 2: 2, 3: 4}  # WD_ALIGN_PARAGRAPH center/right/justify -> ReportLab TA_CENTER/TA_RIGHT/TA_JUSTIFY
_PAGE_BREAK = object()


def _role(paragraph: Any) -> str:
    name = (paragraph.style.name if paragraph.style is not None else "") or ""
    name = name.lower()
    if name.startswith("heading ") and name[8:].isdigit():
        return _ROLES.get(name, "h3")  # Heading 4..9 look like Heading 3
    return _ROLES.get(name, "body")


def _flag(run: Any, name: str, paragraph_style: Any) -> bool:
    """A run's bold/italic/underline: the run's own setting, else its character style's, else its paragraph
    style's (a custom "Job Title" style is often bold)."""
    value = getattr(run.font, name)
    for style in (run.style, paragraph_style):
        if value is None and style is not None and style.font is not None:
            value = getattr(style.font, name)
    return bool(value)


def _run_pieces(run: Any, paragraph_style: Any) -> list[str | object]:
    """A run's content in order: markup strings, with _PAGE_BREAK where the run breaks the page."""
    bold, italic, underline = (_flag(run, name, paragraph_style) for name in ("bold", "italic", "underline"))
    size = run.font.size.pt if run.font.size is not None else None
    pieces: list[str | object] = []

    def text(value: str) -> None:
        markup = markup_for(value, bold, italic)
        if underline:
            markup = f"<u>{markup}</u>"
        if size is not None and 6 <= size <= 40 and markup:
            markup = f'<font size="{size:g}">{markup}</font>'  # a float we formatted, never text from the file
        pieces.append(markup)

    for child in run._r.iterchildren():
        tag = child.tag
        if tag == qn("w:t"):
            text(child.text or "")
        elif tag == qn("w:tab"):
            text("    ")
        elif tag in (qn("w:br"), qn("w:cr")):
            pieces.append(_PAGE_BREAK if child.get(qn("w:type")) == "page" else "<br/>")
        elif tag in (qn("w:noBreakHyphen"), qn("w:softHyphen")):
            text("-" if tag == qn("w:noBreakHyphen") else "")
    return pieces


def _max_size(paragraph: Any) -> float:
    sizes = [r.font.size.pt for r in paragraph.runs if r.font.size is not None and 6 <= r.font.size.pt <= 40]
    return max(sizes, default=0.0)


class _Converter:
    def __init__(self, document: Any, source: Path) -> None:
        from reportlab.lib.pagesizes import A4

        self.document = document
        self.source = source
        self.styles = styles()
        self.lists = ListTracker(document)
        self.blocks = 0
        self.chars = 0
        self.frame_width = (self.pagesize() or A4)[0] - 2 * MARGIN - 12  # the frame pads 6 pt a side

    def count(self, text: str) -> None:
        self.blocks += 1
        self.chars += len(text)
        if self.blocks > MAX_BLOCKS or self.chars > MAX_TEXT_CHARS:
            raise DocumentError(
                f"{self.source.name} has more than {MAX_BLOCKS} paragraphs or {MAX_TEXT_CHARS} characters; that "
                "is not a resume. Split the document or export it to PDF from your word processor."
            )

    def style_for(self, paragraph: Any, base: str, in_table: bool) -> Any:
        from reportlab.lib.styles import ParagraphStyle

        style = self.styles["cell" if in_table and base == "body" else base]
        alignment = paragraph.alignment if paragraph.alignment is not None else paragraph.paragraph_format.alignment
        size = _max_size(paragraph)
        changes: dict[str, Any] = {}
        if alignment is not None and int(alignment) in _ALIGN:
            changes["alignment"] = _ALIGN[int(alignment)]
        if size * 1.2 > style.leading:
            changes["leading"] = size * 1.25  # keep lines of a large name from overlapping
        return ParagraphStyle(f"{style.name}+", parent=style, **changes) if changes else style

    def paragraph(self, paragraph: Any, in_table: bool = False) -> list[Any]:
        """Flowables for one DOCX paragraph; page breaks inside it split it (ignored inside table cells)."""
        from reportlab.platypus import PageBreak, Spacer

        from ..render.scripts import DocumentParagraph as Paragraph  # Arabic joined, right to left

        self.count(paragraph.text)
        role = _role(paragraph)
        item = None if role != "body" else self.lists.item(paragraph)
        style = self.style_for(paragraph, role, in_table)
        bullet = None
        if item is not None:
            marker, level = item
            style, bullet = list_style(style, level), marker or None
        out: list[Any] = []
        if paragraph.paragraph_format.page_break_before and not in_table:
            out.append(PageBreak())
        pieces: list[str | object] = []
        for content in paragraph.iter_inner_content():
            if isinstance(content, Hyperlink):
                inner = [p for run in content.runs for p in _run_pieces(run, paragraph.style)]
                pieces.append(link("".join(p for p in inner if isinstance(p, str)), content.address or ""))
            else:
                pieces.extend(_run_pieces(content, paragraph.style))
        chunk: list[str] = []
        for piece in [*pieces, None]:
            if isinstance(piece, str):
                chunk.append(piece)
                continue
            markup = "".join(chunk)
            if markup.strip() or bullet:
                out.append(Paragraph(markup, style, bulletText=bullet))
                bullet = None
            elif not in_table and piece is None and not pieces:
                out.append(Spacer(1, style.fontSize * 0.6))  # an empty paragraph is vertical space in Word
            if piece is _PAGE_BREAK and not in_table:
                out.append(PageBreak())
            chunk = []
        return out

    def table(self, table: Any) -> list[Any]:
        rows = table.rows
        grid: list[list[Any]] = []
        # Keyed by the <w:tc> element itself (not id()): the dict keeps lxml's proxy alive, so a merged cell seen
        # twice is the same key, and a freed proxy's id can never be mistaken for another cell's.
        positions: dict[Any, list[tuple[int, int]]] = {}
        for r, row in enumerate(rows):
            cells = row.cells
            grid.append([])
            for c, cell in enumerate(cells):
                seen = cell._tc in positions
                positions.setdefault(cell._tc, []).append((c, r))
                grid[-1].append("" if seen else self.cell(cell))
        spans = []
        for places in positions.values():
            if len(places) > 1:
                cols, rws = [p[0] for p in places], [p[1] for p in places]
                spans.append((min(cols), min(rws), max(cols), max(rws)))
        widths = [col.width or 0 for col in table.columns] if grid else None
        style = (table.style.name if table.style is not None else "") or ""
        has_borders = table._tbl.tblPr is not None and table._tbl.tblPr.find(qn("w:tblBorders")) is not None
        grid_lines = "Grid" in style or has_borders
        return [make_table(grid, widths=widths, grid=grid_lines, spans=spans, frame_width=self.frame_width)]

    def cell(self, cell: Any) -> list[Any]:
        flowables: list[Any] = []
        for block in cell.iter_inner_content():
            if isinstance(block, DocxParagraph):
                flowables.extend(self.paragraph(block, in_table=True))
            elif isinstance(block, DocxTable):  # a nested table is flattened to its cells' paragraphs
                for row in block.rows:
                    for paragraph in (p for inner in row.cells for p in inner.paragraphs):
                        flowables.extend(self.paragraph(paragraph, in_table=True))
        return flowables

    def flowables(self) -> list[Any]:
        story: list[Any] = []
        for block in self.document.iter_inner_content():
            story.extend(self.paragraph(block) if isinstance(block, DocxParagraph) else self.table(block))
        return story

    def pagesize(self) -> tuple[float, float] | None:
        """The first section's page size in points, when it is a sane paper size (else A4)."""
        sections = self.document.sections
        if not sections or sections[0].page_width is None or sections[0].page_height is None:
            return None
        width, height = sections[0].page_width.pt, sections[0].page_height.pt
        return (width, height) if 200 <= width <= 1500 and 200 <= height <= 2000 else None


def convert_docx(source: Path, data: bytes) -> tuple[bytes, int]:
    """PDF bytes and page count for a DOCX file's bytes (read and size-checked by the caller)."""
    converter = _Converter(open_docx(source, data), source)
    try:
        story = converter.flowables()
        pagesize = converter.pagesize()
    except DocumentError:
        raise
    except Exception as exc:  # python-docx raises KeyError/ValueError/AttributeError on odd but valid XML
        raise DocumentError(
            f"{source.name} could not be read as DOCX ({type(exc).__name__}). Open it in your word processor and "
            "save it again as .docx."
        ) from None
    return build_pdf(story, source, pagesize)
