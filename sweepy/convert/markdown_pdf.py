"""Markdown to PDF: markdown-it-py parses (CommonMark plus tables), and every text token goes through markup_for."""

from pathlib import Path
from typing import Any

from ..fonts import markup_for
from .render import build_pdf, link, list_style, styles
from .tables import make_table
from .text_pdf import read_text

_HEADINGS = {"h1": "title", "h2": "h1", "h3": "h2", "h4": "h3", "h5": "h3", "h6": "h3"}


def inline_markup(children: list[Any]) -> str:
    """Paragraph markup for one inline token's children. Raw HTML is printed as text, never interpreted."""
    bold = italic = 0
    out: list[str] = []
    link_stack: list[tuple[int, str]] = []  # (position in out, href) of each open link
    for token in children:
        kind = token.type
        if kind in ("text", "html_inline"):
            out.append(markup_for(token.content, bold > 0, italic > 0))
        elif kind == "code_inline":
            out.append(markup_for(token.content, bold > 0, italic > 0, mono=True))
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append("<br/>")
        elif kind == "strong_open":
            bold += 1
        elif kind == "strong_close":
            bold = max(0, bold - 1)
        elif kind == "em_open":
            italic += 1
        elif kind == "em_close":
            italic = max(0, italic - 1)
        elif kind in ("s_open", "s_close"):
            out.append("<strike>" if kind == "s_open" else "</strike>")
        elif kind == "image":
            out.append(markup_for(token.content or "[image]", bold > 0, italic > 0))
        elif kind == "link_open":
            link_stack.append((len(out), str(token.attrGet("href") or "")))
        elif kind == "link_close" and link_stack:
            start, href = link_stack.pop()
            out[start:] = [link("".join(out[start:]), href)]
    return "".join(out)


class _Walker:
    """Turns the flat token stream into flowables, tracking list nesting and numbering."""

    def __init__(self) -> None:
        self.styles = styles()
        self.story: list[Any] = []
        self.lists: list[list[int | None]] = []  # per open list: [next number] or [None] for bullets
        self.bullet: str | None = None  # the marker the next paragraph in a list item carries
        self.quote = 0
        self.table: list[list[Any]] | None = None
        self.header_rows = 0
        self.in_head = False

    def paragraph(self, markup: str, role: str = "body") -> Any:
        from ..render.scripts import DocumentParagraph as Paragraph  # Arabic joined, right to left

        style = self.styles["quote" if self.quote and role == "body" else role]
        if self.lists:
            style = list_style(self.styles["list"] if role == "body" else style, len(self.lists) - 1)
        bullet, self.bullet = self.bullet, None
        return Paragraph(markup, style, bulletText=bullet)

    def walk(self, tokens: list[Any]) -> list[Any]:
        from reportlab.platypus import HRFlowable, Spacer, XPreformatted

        role = "body"
        for token in tokens:
            kind = token.type
            if kind == "heading_open":
                role = _HEADINGS.get(token.tag, "h3")
            elif kind == "heading_close":
                role = "body"
            elif kind == "inline":
                self.inline(token, role)
            elif kind in ("bullet_list_open", "ordered_list_open"):
                start = token.attrGet("start")
                self.lists.append([int(start) if start else 1] if kind == "ordered_list_open" else [None])
            elif kind in ("bullet_list_close", "ordered_list_close") and self.lists:
                self.lists.pop()
                if not self.lists:
                    self.story.append(Spacer(1, 4))  # the items sit close together; the list as a whole does not
            elif kind == "list_item_open" and self.lists:
                number = self.lists[-1][0]
                self.bullet = "•" if number is None else f"{token.info or number}."
                if number is not None:
                    self.lists[-1][0] = (int(token.info) if token.info.isdigit() else number) + 1
            elif kind in ("fence", "code_block", "html_block"):
                # Code keeps its line breaks and spaces; raw HTML blocks are shown as the text they are.
                markup = markup_for(token.content.rstrip("\n"), mono=kind != "html_block")
                self.story.append(XPreformatted(markup, self.styles["code" if kind != "html_block" else "body"]))
            elif kind == "hr":
                self.story.append(HRFlowable(width="100%", thickness=0.6, spaceBefore=4, spaceAfter=6))
            elif kind == "blockquote_open":
                self.quote += 1
            elif kind == "blockquote_close":
                self.quote = max(0, self.quote - 1)
            elif kind == "table_open":
                self.table, self.header_rows = [], 0
            elif kind == "tr_open" and self.table is not None:
                self.table.append([])
            elif kind == "thead_open":
                self.in_head = True
            elif kind == "thead_close" and self.table is not None:
                self.header_rows, self.in_head = len(self.table), False
            elif kind == "table_close" and self.table is not None:
                self.story.append(make_table(self.table, header=self.header_rows > 0))
                self.table = None
        return self.story

    def inline(self, token: Any, role: str) -> None:
        from ..render.scripts import DocumentParagraph as Paragraph  # Arabic joined, right to left

        markup = inline_markup(token.children or [])
        if self.table is not None and self.table:
            cell = f"<b>{markup}</b>" if self.in_head else markup  # <b> maps to the bold face via the family
            self.table[-1].append(Paragraph(cell, self.styles["cell"]))
        else:
            self.story.append(self.paragraph(markup, role))


def markdown_flowables(text: str) -> list[Any]:
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    return _Walker().walk(parser.parse(text))


def convert_markdown(source: Path, data: bytes) -> tuple[bytes, int]:
    """PDF bytes and page count for a Markdown file."""
    return build_pdf(markdown_flowables(read_text(source, data)), source)
