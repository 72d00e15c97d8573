"""The employer's own board behind aggregator cards: each board fetched once per sweep through its engine (the
same cache, breaker, address guard and deadlines as any source), then each card either gets `employer_url` (the
employer's own posting, the link to apply through) or the ghost signal `absent_from_employer_board`.

A board that could not be read says nothing about the card: its SourceReport (role `employer_board`) says why.
"""

import contextlib
import time
from collections.abc import Callable
from typing import Any

from ..domain.employer import AGGREGATORS, Board, employer_board
from ..domain.postings import Posting
from ..domain.text import normalize, normalize_title
from ..engines import DiscoverRequest, Engine, EngineConfig, get_engine
from ..errors import EngineConfigError
from .discover import SourceReport, discover

BOARD_KEYS = {"greenhouse": "boards", "lever": "sites", "ashby": "boards", "workable": "accounts",
              "recruitee": "companies", "smartrecruiters": "companies", "workday": "sites"}  # fmt: skip
"""Each ATS engine's config key for its list of boards."""
PUBLIC_BOARD = {
    "greenhouse": "https://boards.greenhouse.io/{}",
    "lever": "https://jobs.lever.co/{}",
    "ashby": "https://jobs.ashbyhq.com/{}",
    "workable": "https://apply.workable.com/{}",
    "recruitee": "https://{}.recruitee.com",
    "smartrecruiters": "https://jobs.smartrecruiters.com/{}",
    "workday": "{}",
}
_PLACE_NOISE = frozenset("remote hybrid onsite on site in office anywhere usa us united states".split())


def _board_configs(
    boards: list[Board], sources: dict[str, dict[str, Any]], lookup: Callable[[str], Engine]
) -> dict[str, EngineConfig]:
    """One config per engine listing its boards; the profile's own block for that engine lends its `base_url`
    (a mirror, or the loopback fake boards in tests)."""
    configs: dict[str, EngineConfig] = {}
    by_engine: dict[str, list[str]] = {}
    for board in boards:
        by_engine.setdefault(board.engine, []).append(board.board)
    for name, tokens in by_engine.items():
        raw: dict[str, Any] = {BOARD_KEYS[name]: tokens}
        own = sources.get(name) or {}
        if isinstance(own.get("base_url"), str):
            raw["base_url"] = own["base_url"]
        if name == "lever" and own.get("region") in ("global", "eu"):
            raw["region"] = own["region"]
        with contextlib.suppress(EngineConfigError):  # a token the engine refuses is simply not looked up
            configs[name] = lookup(name).validate_types(raw)
    return configs


def _places(location: str) -> set[str]:
    return {w for w in normalize(location.split(",")[0]).split() if w not in _PLACE_NOISE}


def _same_role(card: Posting, own: Posting) -> bool:
    """Same normalised title, and places that do not contradict (one unnamed or remote, or a shared word)."""
    if normalize_title(card.title) != normalize_title(own.title):
        return False
    mine, theirs = _places(card.location), _places(own.location)
    return not mine or not theirs or bool(mine & theirs)


def check_employer_boards(
    postings: list[Posting],
    request: DiscoverRequest,
    sources: dict[str, dict[str, Any]],
    most: int,
    timeout: float,
    lookup: Callable[[str], Engine] = get_engine,
    monotonic: Callable[[], float] = time.monotonic,
) -> list[SourceReport]:
    """Set `employer_url` or the `absent_from_employer_board` signal on aggregator postings whose employer board
    Sweepy can read (at most `most` boards); returns the boards' source reports."""
    wanted: dict[str, Board] = {}
    cards: list[tuple[Posting, Board]] = []
    for posting in postings:
        if posting.engine not in AGGREGATORS:
            continue
        board = employer_board(posting.apply_url, posting.url, posting.description)
        if board is None or board.engine not in BOARD_KEYS:
            continue
        if board.key not in wanted:
            if len(wanted) >= most:
                continue
            wanted[board.key] = board
        cards.append((posting, board))
    if not cards:
        return []
    configs = _board_configs(list(wanted.values()), sources, lookup)
    found = discover(configs, request, timeout=timeout, lookup=lookup, monotonic=monotonic)
    read = {f"{r.engine}:{r.source.lower()}": r for r in found.sources if r.status == "ok"}
    on_board: dict[str, list[Posting]] = {}
    for own in found.postings:
        on_board.setdefault(f"{own.engine}:{own.source.lower()}", []).append(own)
    for posting, board in cards:
        if board.key not in read:
            continue  # not reached: the report says why, and the card says nothing
        listed = on_board.get(board.key, [])
        match = next((own for own in listed if _same_role(posting, own)), None)
        if match is not None:
            posting.employer_url = match.apply_url or match.url
        else:
            where = PUBLIC_BOARD[board.engine].format(board.board)
            posting.ghost_signals.append(
                (
                    "absent_from_employer_board",
                    f"{where} answered with {len(listed)} "
                    f"posting{'s' if len(listed) != 1 else ''}, none titled "
                    f"{posting.title!r}",
                )
            )
    for report in found.sources:
        report.role = "employer_board"
    return found.sources
