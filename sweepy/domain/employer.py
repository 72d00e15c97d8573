"""The employer's own board behind an aggregator's card: which ATS engine and board an apply link or a
description points at (boards.greenhouse.io/acme → greenhouse "acme"), read from the URL alone."""

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

AGGREGATORS = frozenset("remotive remoteok himalayas jobicy arbeitnow themuse adzuna jooble serpapi hn_hiring".split())
"""Engines whose cards are copies of postings found elsewhere: their employer's board is worth a look."""

_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_URLS = re.compile(r"https?://[^\s<>\"')\]]+", re.IGNORECASE)
_WORKDAY_HOST = re.compile(r"^([a-z0-9-]+)\.(wd\d+)\.myworkdayjobs\.com$")
_LOCALE = re.compile(r"^[a-z]{2}(?:-[a-z]{2,4})?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Board:
    """One employer board as the engine's config names it: `board` is the token (or, for Workday, the site URL)."""

    engine: str
    board: str

    @property
    def key(self) -> str:
        return f"{self.engine}:{self.board.lower()}"


def _first_segment(path: str) -> str | None:
    segments = [s for s in path.split("/") if s]
    return segments[0] if segments and _TOKEN.match(segments[0]) else None


def board_of(url: str) -> Board | None:
    """The ATS board a posting URL lives on, or None when the host is no ATS Sweepy can read."""
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not host:
        return None
    token: str | None
    if host in ("boards.greenhouse.io", "job-boards.greenhouse.io", "job-boards.eu.greenhouse.io"):
        if parts.path.rstrip("/").endswith("embed/job_board") or parts.path.rstrip("/").endswith("embed/job_app"):
            token = (parse_qs(parts.query).get("for") or [""])[0] or None
            token = token if token and _TOKEN.match(token) else None
        else:
            token = _first_segment(parts.path)
        return Board("greenhouse", token) if token and token != "embed" else None
    if host in ("jobs.lever.co", "jobs.eu.lever.co"):
        return Board("lever", token) if (token := _first_segment(parts.path)) else None
    if host == "jobs.ashbyhq.com":
        return Board("ashby", token) if (token := _first_segment(parts.path)) else None
    if host == "apply.workable.com":
        token = _first_segment(parts.path)
        return Board("workable", token) if token and token not in ("api", "j") else None
    if host == "jobs.smartrecruiters.com":
        return Board("smartrecruiters", token) if (token := _first_segment(parts.path)) else None
    if host.endswith(".recruitee.com") and host.count(".") == 2:
        token = host.split(".")[0]
        return Board("recruitee", token) if _TOKEN.match(token) and token not in ("www", "api", "app") else None
    if match := _WORKDAY_HOST.match(host):
        segments = [s for s in parts.path.split("/") if s]
        if segments and _LOCALE.match(segments[0]) and len(segments) > 1:
            segments = segments[1:]
        if segments and _TOKEN.match(segments[0]) and segments[0] != "job":
            return Board("workday", f"https://{match[1]}.{match[2]}.myworkdayjobs.com/{segments[0]}")
    return None


def employer_board(apply_url: str, url: str, description: str) -> Board | None:
    """The employer's board from the apply link first, then the posting URL, then the first ATS link in the
    description ("Apply at https://jobs.lever.co/acme/...")."""
    for candidate in (apply_url, url):
        if candidate and (board := board_of(candidate)):
            return board
    for match in _URLS.finditer(description[:100_000]):
        if board := board_of(match[0].rstrip(".,;:")):
            return board
    return None
