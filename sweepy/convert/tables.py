"""ReportLab tables whose cells wrap, sized to the page, shared by the DOCX and Markdown converters."""

from collections.abc import Sequence
from typing import Any

FRAME_WIDTH = 481.3  # A4 (595.3 pt) less the margins in render.build_pdf and the frame's 6 pt paddings


def make_table(
    rows: Sequence[Sequence[Any]],
    *,
    widths: Sequence[float] | None = None,
    header: bool = False,
    grid: bool = True,
    spans: Sequence[tuple[int, int, int, int]] = (),
    frame_width: float = FRAME_WIDTH,
) -> Any:
    """A Table of `rows` (each cell a flowable or list of flowables). `widths` are relative and scaled to the
    frame, so a table never runs off the page; `spans` are (col0, row0, col1, row1) merged areas."""
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    columns = max((len(row) for row in rows), default=1)
    padded = [list(row) + [""] * (columns - len(row)) for row in rows]
    relative = list(widths) if widths and len(widths) == columns and all(w > 0 for w in widths) else [1.0] * columns
    scale = frame_width / sum(relative)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if grid:
        commands.append(("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#999999")))
    if header and len(padded) > 1:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")))
    commands.extend(("SPAN", (c0, r0), (c1, r1)) for c0, r0, c1, r1 in spans)
    table = Table(
        padded,
        colWidths=[w * scale for w in relative],
        repeatRows=1 if header else 0,
        hAlign="LEFT",
        spaceBefore=4,
        spaceAfter=8,
    )
    table.setStyle(TableStyle(commands))
    return table
