"""One method per tool: the whole behaviour of Sweepy, testable without MCP. Methods return the tool's answer
model (sweepy.service.answers; the MCP envelope dumps it, `status` first) or raise SweepyError. Each area lives
in its own module; SweepyService is their union."""

from .applications import ApplicationTools
from .base import KEYWORD_NOTE, clamp
from .cards import CardTools
from .documents import DocumentTools
from .history import HistoryTools
from .imports import ImportTools
from .judgments import JudgmentTools
from .profiles import ProfileTools
from .reports import ReportTools
from .sweeps import SweepTools
from .watch import WatchTools


class SweepyService(
    ProfileTools,
    SweepTools,
    CardTools,
    JudgmentTools,
    ImportTools,
    ReportTools,
    HistoryTools,
    DocumentTools,
    ApplicationTools,
    WatchTools,
):
    """The facade the MCP server and the CLI call."""


__all__ = ["KEYWORD_NOTE", "SweepyService", "clamp"]
