"""What a report is made of, gathered from disk: the search in one line, the coverage of the sweep behind the
cards, the PDF target, the export formats. Read-only, and nothing here imports ReportLab."""

import time
from pathlib import Path
from typing import Any, get_args

from ..domain.profile import Profile
from ..errors import InvalidArgument, SweepyError
from ..store.paths import Workspace
from ..store.profiles import load_profile
from ..store.results import read_result
from .limits import NAME_CHARS, Format

FORMATS: tuple[Format, ...] = get_args(Format)
UNNAMED = "Job Seeker"
"""The header's name only when neither the call, the result file, the profile nor the session gives one."""


def load_profile_or_none(path: str | None) -> Profile | None:
    """The profile a session or result names, if it still loads (a report does not need it)."""
    if not path:
        return None
    try:
        return load_profile(Path(path))
    except SweepyError:
        return None


def search_line(profile: Profile | None, block: dict[str, Any]) -> str:
    """Titles, location, remote/hybrid and the minimum salary, from the profile (else the result's summary)."""
    if profile is None:
        titles = block.get("titles")
        titles = titles if isinstance(titles, list) else []
        location = block.get("location") if isinstance(block.get("location"), str) else ""
        return " · ".join(p for p in (", ".join(str(t) for t in titles), location) if p) or "Search not recorded"
    search = profile.search
    if search.remote_only:
        where = "remote only"
    else:
        where = "on-site, hybrid or remote" if search.include_hybrid else "on-site or remote, no hybrid"
    salary = f"minimum {search.min_salary:,} a year" if search.min_salary else "no minimum salary"
    parts = [", ".join(search.titles), search.location, where, salary]
    if search.employment_types:  # "full-time, contract only"
        parts.append(", ".join(kind.replace("_", "-") for kind in search.employment_types) + " only")
    return " · ".join(parts)


def report_date(clock: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(clock))


def read_coverage_source(path: str | None, max_bytes: int) -> tuple[dict[str, Any] | None, str]:
    """The result JSON behind a session, or None when there is none or it cannot be read (the report then says
    its coverage is unknown instead of failing). `max_bytes`: the readers' cap (Settings.max_result_bytes), the
    one the sweep wrote the file within."""
    if not path:
        return None, ""
    try:
        return read_result(Path(path), max_bytes), Path(path).name
    except SweepyError:
        return None, Path(path).name


def pdf_target(workspace: Workspace, output_filename: str | None, default: Path) -> Path:
    """The PDF path, through the write guard; an explicit one must name a .pdf file."""
    if output_filename is None:
        return workspace.resolve_write(default, "default report path")
    if not output_filename.strip().lower().endswith(".pdf"):
        raise InvalidArgument(
            f"output_filename {output_filename!r} does not end in .pdf. Pass a PDF file name such as "
            "'results/report.pdf', or omit it for the default beside the sweep's result file."
        )
    target = workspace.resolve_write(output_filename, "output_filename")
    if target.is_dir():
        raise InvalidArgument(f"output_filename {output_filename!r} is a folder. Pass a file name ending in .pdf.")
    return target


def check_formats(formats: list[str]) -> list[Format]:
    """The asked formats in a fixed order, each once; an unknown one is an error before anything is written."""
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise InvalidArgument(
            f"Unknown export format(s) {', '.join(repr(f) for f in unknown)}: formats takes any of "
            f'{", ".join(FORMATS)}, e.g. ["pdf", "csv"].'
        )
    if not formats:
        raise InvalidArgument(f"formats is empty: name at least one of {', '.join(FORMATS)}.")
    return [f for f in FORMATS if f in formats]


def check_name(name: str) -> str:
    if not name.strip() or len(name) > NAME_CHARS:
        raise InvalidArgument(
            f"candidate_name must be 1 to {NAME_CHARS} characters (got {len(name)}). Pass the person's name."
        )
    return name.strip()


def output_folder(workspace: Workspace, output_dir: str | None, default: Path) -> Path:
    folder = workspace.resolve_write(output_dir if output_dir is not None else default, "output_dir")
    if folder.exists() and not folder.is_dir():
        raise InvalidArgument(f"output_dir {output_dir!r} is a file, not a folder. Pass a folder, e.g. 'results'.")
    return folder
