"""SweepyService: the union of the service's areas, one module each."""

from .applications import ApplicationTools
from .cards import CardTools
from .documents import DocumentTools
from .history import HistoryTools
from .imports import ImportTools
from .judgments import JudgmentTools
from .profiles import ProfileTools
from .reading import ReadingTools
from .reports import ReportTools
from .schedules import ScheduleTools
from .sweeps import SweepTools
from .watch import WatchTools


class SweepyService(
    ProfileTools,
    ScheduleTools,
    SweepTools,
    CardTools,
    JudgmentTools,
    ImportTools,
    ReportTools,
    HistoryTools,
    DocumentTools,
    ApplicationTools,
    WatchTools,
    ReadingTools,
):
    """The facade the MCP server and the CLI call."""
