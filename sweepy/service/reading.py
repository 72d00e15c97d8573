"""What the MCP resources and prompts read, as service methods: a profile's YAML (read_profile), a page of a
sweep's cards (sweep_cards), the newest sweep in Markdown (latest_summary) and one card with the resume it is
judged against (tailor_context). The face maps URIs and prompt names onto these as it maps tools; it keeps the
URI grammar, the MCP types and the error mapping.

The results folder is the one run_sweep writes and get_jobs reads by default (RESULTS); a resource read writes
nothing, so the session stores beside result files are opened read-only."""

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..domain.cards import Card
from ..errors import InvalidArgument, NotFound, StorageError
from ..resume import resume_text
from ..store import results as stored
from ..store.paths import INSTALL_DIR, result_files
from ..store.profiles import MAX_PROFILE_BYTES, load_profile
from ..store.reads import MAX_DATA_BYTES, read_regular
from ..store.session import SessionStore
from ..store.session_model import check_stem
from .base import ServiceBase
from .paging import MAX_PAGE, PAGE, Listed, Page, page_of

RESULTS = "results"
"""The results folder's name in the workspace: where run_sweep writes (Workspace.results_dir's default)."""
SUMMARY_CARDS = 10
"""The best cards the summary lists."""
REPORT_SUFFIXES = (".pdf", ".png", ".csv", ".json")
MAX_NAME_BYTES = 4096
"""A report's path in the workspace, as the OS allows one (each folder or file name at most 255 bytes)."""
DOCS = INSTALL_DIR / "docs" / "tools.md"
SWEEP_ID = re.compile(r"[A-Za-z0-9-]{1,64}")
"""A sweep's job_id as run_sweep names it (and as a result file opens with it: store.results.head_sweep_id)."""


class SweepCards(BaseModel):
    """A page of a sweep's cards, best first, as the cards resource serves it."""

    sweep_id: Any
    """The result file's sweep_id as written (a string; whatever a hand-edited file holds)."""
    result_file: str
    total: int
    offset: int
    count: int
    next_offset: int | None
    cards: list[Card]


class TailorContext(BaseModel):
    """One card of the active session and the text of the resume its profile names ("" when none is named)."""

    card: Card
    resume: str


class ReadingTools(ServiceBase):
    @property
    def results_folder(self) -> Path:
        return self.workspace.home / RESULTS

    # -- profiles ---------------------------------------------------------------------------------------------
    def read_profile(self, name: str) -> str:
        """The YAML text of profiles/{name}.yaml (or .yml), a file inside the workspace, UTF-8."""
        stem = check_stem(name)
        folder = self.workspace.home / "profiles"
        for suffix in (".yaml", ".yml"):
            candidate = folder / f"{stem}{suffix}"
            if candidate.exists():
                path = self.workspace.resolve_served(candidate, f"Profile {stem!r}")
                data = read_regular(path, "Profile", MAX_PROFILE_BYTES)
                return served_text(
                    data, f"Profile {path}", "Save it as UTF-8 (the encoding Sweepy writes profiles in)."
                )
        raise NotFound(f"no profile {stem!r} in {folder}. create_profile writes one.")

    # -- a sweep's cards --------------------------------------------------------------------------------------
    def sweep_cards(self, sweep_id: str, offset: int = 0, limit: int = PAGE) -> SweepCards:
        """A page of the cards sweep `sweep_id` ("latest": the newest) wrote, best first: from its result file
        when that holds them all, else from the sweep's session (with the judgments it holds since)."""
        path = self._result_file(sweep_id)
        store = SessionStore(path.parent, writable=False)
        data = stored.load_result(path, store, self.settings.max_result_bytes)
        if stored.holds_all(data):
            page = page_of(Listed(stored.result_cards(data, path)), offset, limit, MAX_PAGE)
        else:
            with stored.result_session(store, data) as view:
                if view is None:
                    raise StorageError(stored.replaced_message(path, data))
                page = page_of(view, offset, limit, MAX_PAGE)
        return SweepCards(
            sweep_id=data.get("sweep_id"),
            result_file=str(path),
            total=page.total,
            offset=page.offset,
            count=len(page.items),
            next_offset=page.next_offset,
            cards=page.items,
        )

    def _result_file(self, sweep_id: str) -> Path:
        """The result file a sweep wrote: the newest for "latest", else the one whose sweep_id matches."""
        files = result_files(self.results_folder, None)
        if sweep_id == "latest":
            if not files:
                raise NotFound("no sweep has written results yet. Call run_sweep first.")
            return self.workspace.resolve_served(files[0], "The newest result file")
        if not SWEEP_ID.fullmatch(sweep_id):
            raise InvalidArgument("sweep_id is a sweep's job_id from run_sweep (letters, digits, '-') or 'latest'.")
        for path in files:
            if stored.head_sweep_id(path) == sweep_id:
                return self.workspace.resolve_served(path, f"The result file of sweep {sweep_id}")
        raise NotFound(f"no result file of sweep {sweep_id!r} in {self.results_folder}.")

    # -- the newest sweep -------------------------------------------------------------------------------------
    def latest_summary(self) -> str:
        """The newest sweep in Markdown: counts, sources, the best SUMMARY_CARDS cards of its session (of the
        file when the session no longer holds the sweep)."""
        files = result_files(self.results_folder, None)
        if not files:
            return "# No sweep yet\n\nNo sweep has written results in this workspace. Call run_sweep first.\n"
        path = self.workspace.resolve_served(files[0], "The newest result file")
        store = SessionStore(path.parent, writable=False)
        data = stored.load_result(path, store, self.settings.max_result_bytes)
        page: Page[Card] | None = None
        if stored.holds_all(data):
            page = page_of(Listed(stored.result_cards(data, path)), 0, SUMMARY_CARDS)
        else:
            with stored.result_session(store, data) as view:
                page = page_of(view, 0, SUMMARY_CARDS) if view is not None else None
        if page is None:  # the file's best cards, of the count it names
            page = Page(stored.result_cards(data, path)[:SUMMARY_CARDS], 0, stored.card_total(data))
        return summary_markdown(data, page.items, page.total, path)

    # -- reports and the tool reference ----------------------------------------------------------------------
    def read_report(self, name: str) -> str | bytes:
        """A report Sweepy wrote, by its path in the workspace: text for CSV and JSON (UTF-8), bytes for PDF and
        PNG; refused past MAX_DATA_BYTES (a resource carries no more)."""
        suffix = Path(name).suffix.lower()
        if suffix not in REPORT_SUFFIXES or "\x00" in name or Path(name).is_absolute():
            raise InvalidArgument("a report is a .pdf, .png, .csv or .json file named by its path in the workspace.")
        if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES or any(
            len(part.encode("utf-8", "surrogateescape")) > 255 for part in name.split("/")
        ):
            raise InvalidArgument(
                f"a report is named by its path in the workspace: at most {MAX_NAME_BYTES} bytes, each folder or "
                "file name at most 255 (the longest the OS opens). resources/list and the tools' links name them."
            )
        path = self.workspace.resolve_served(self.workspace.home / name, f"Report {name!r}")
        if (size := path.stat().st_size) > MAX_DATA_BYTES:  # an export of every card of a big sweep
            raise StorageError(
                f"the file is {size:,} bytes, more than the {MAX_DATA_BYTES:,} a resource carries. It is on disk at "
                f"{path}: open it there, or read the cards a page at a time (get_jobs, sweepy://sweeps/{{id}}/cards)."
            )
        data = read_regular(path, "Report", MAX_DATA_BYTES)
        if suffix in (".csv", ".json"):
            hint = "Sweepy writes its CSV and JSON reports as UTF-8: call export_report to write this one again."
            return served_text(data, f"Report {path}", hint)
        return data

    def tools_reference(self) -> str:
        """docs/tools.md of the install: every tool, its arguments and its answer."""
        return served_text(read_regular(DOCS, "docs/tools.md", MAX_DATA_BYTES), "docs/tools.md", "Reinstall Sweepy.")

    # -- tailor_resume_for ------------------------------------------------------------------------------------
    def tailor_context(self, job_id: str) -> TailorContext:
        """A card of the active session (the ids get_jobs shows) and the resume its profile names, as text."""
        folder = self.workspace.read_dir(RESULTS, "results_dir")
        with self.sessions(folder).reading(None) as view:
            card = view.cards([job_id]).get(job_id)
            profile_path = view.session.profile_path
        if card is None:
            raise NotFound(f"job_id {job_id!r} is not a card of the active session: call get_jobs for the ids.")
        resume = ""
        if profile_path:
            resume_path = load_profile(Path(profile_path)).resume.path
            resume = resume_text(self.workspace.resolve_read(resume_path, "Resume in the profile"))
        return TailorContext(card=card, resume=resume)


def served_text(data: bytes, what: str, fix: str) -> str:
    """A served file's bytes as text: UTF-8, or a StorageError naming the file and the fix."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StorageError(f"{what} is not UTF-8 text (byte {exc.start:,} is not); it is not served. {fix}") from None


def summary_markdown(data: dict[str, Any], cards: list[Card], total: int, path: Path) -> str:
    """The newest sweep in a few lines a person can read: what was found, from where, and the best ten (`cards`,
    best first, of the sweep's `total`)."""
    profile = data.get("profile") or {}
    counts = data.get("counts") or {}
    lines = [
        f"# Sweep of {profile.get('name') or profile.get('stem') or 'a profile'}",
        "",
        f"- Profile: `{profile.get('stem', '?')}`; titles: {', '.join(map(str, profile.get('titles') or []))}; "
        f"location: {profile.get('location', '?')}",
        f"- Sweep: `{data.get('sweep_id', '?')}` at {data.get('generated_at', '?')} (`{path.name}`)",
        f"- Discovered {counts.get('discovered', 0)}, new {counts.get('new', 0)}, seen before "
        f"{counts.get('previously_seen', 0)}, cards {total}",
    ]
    dropped = data.get("dropped") or {}
    if dropped:
        lines.append("- Dropped: " + ", ".join(f"{reason} {count}" for reason, count in dropped.items()))
    lines += ["", "## Sources", ""]
    for source in data.get("sources") or []:
        if isinstance(source, dict):
            reason = f" ({source.get('reason')})" if source.get("status") == "skipped" else ""
            lines.append(
                f"- {source.get('engine')}/{source.get('source')}: {source.get('status')}{reason}, "
                f"{source.get('postings', 0)} postings"
            )
    lines += ["", "## Top 10", ""]
    if not cards:
        lines.append("No cards: nothing new matched the profile.")
    for rank, card in enumerate(cards[:SUMMARY_CARDS], start=1):
        score = f"{card.match_pct}% match" if card.match_pct is not None else f"keyword {card.match_score}"
        lines.append(f"{rank}. **{card.title}** at {card.company} ({card.location or 'location not given'}): {score}")
    return "\n".join(lines) + "\n"
