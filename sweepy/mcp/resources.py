"""MCP resources: what a host can show or attach without a tool call. Every URI names a file inside the
workspace (Workspace.resolve_served), and anything else is a clear error.

    sweepy://profiles/{name}                         a profile's YAML
    sweepy://sweeps/{sweep_id}/cards{?offset,limit}  a sweep's cards as JSON, a page at a time ("latest" too)
    sweepy://sweeps/latest/summary                   the newest sweep in Markdown: counts, sources, top 10
    sweepy://digest/latest                           what is new since it was last read (reading marks it read)
    sweepy://reports/{name}                          a report file (PDF, PNG, CSV or JSON) by workspace path
    sweepy://docs/tools                              docs/tools.md
"""

import base64
import json
import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

import mcp.types as types
from mcp.server import ServerRequestContext
from mcp.shared.exceptions import MCPError

from ..errors import StorageError, SweepyError
from ..settings import Settings
from ..store.paths import INSTALL_DIR, Workspace, result_files
from ..store.reads import MAX_DATA_BYTES, read_regular

if TYPE_CHECKING:
    from ..store.session import SessionStore

# The result and session stores (and the profile's size limit in config) are imported by the reads that need
# them, not with the server: they bring the pipeline and the domain models, which tools/list does not need.

log = logging.getLogger(__name__)
SCHEME = "sweepy"
PAGE = 20
MAX_PAGE = 100
MAX_LISTED = 50
"""Concrete resources listed per kind (the templates reach every other one)."""
SWEEP_ID = re.compile(r"[A-Za-z0-9-]{1,64}")
NUMBER = re.compile(r"[0-9]{1,10}")
"""offset and limit: ASCII digits only (str.isdigit also takes '²' and '٣'), never longer than any page can be."""
MAX_NAME_BYTES = 4096
"""A report's path in the workspace, as the OS allows one (each folder or file name at most 255 bytes)."""
MIME = {".pdf": "application/pdf", ".png": "image/png", ".csv": "text/csv", ".json": "application/json"}
DOCS = INSTALL_DIR / "docs" / "tools.md"

TEMPLATES = [
    types.ResourceTemplate(
        uri_template="sweepy://profiles/{name}",
        name="profile",
        title="Search profile",
        description="A profile YAML in the workspace's profiles/ folder, by stem (e.g. alex_rivera_paralegal).",
        mime_type="application/yaml",
    ),
    types.ResourceTemplate(
        uri_template="sweepy://sweeps/{sweep_id}/cards{?offset,limit}",
        name="sweep-cards",
        title="A sweep's job cards",
        description=f"The cards a sweep wrote, best first, as JSON; sweep_id from run_sweep or 'latest'. Paged "
        f"by offset and limit (default {PAGE}, at most {MAX_PAGE}); next_offset names the next page.",
        mime_type="application/json",
    ),
    types.ResourceTemplate(
        uri_template="sweepy://reports/{name}",
        name="report",
        title="Report file",
        description="A report Sweepy wrote (PDF, PNG, CSV or JSON), by its path in the workspace with '/' "
        "encoded as %2F, e.g. results%2Falex_rivera_paralegal.pdf. The tools that write one link to it.",
        mime_type="application/pdf",
    ),
]
STATIC = [
    types.Resource(
        uri="sweepy://sweeps/latest/summary",
        name="latest-sweep-summary",
        title="Latest sweep summary",
        description="The newest sweep in Markdown: counts, sources reached and skipped, the top 10 cards.",
        mime_type="text/markdown",
    ),
    types.Resource(
        uri="sweepy://digest/latest",
        name="digest",
        title="What is new",
        description="Markdown, read at the start of a chat: the cards no earlier sweep matched, found since the "
        "digest was last read (title, company, place, pay, score band, eligibility flags), the watched postings "
        "that closed or changed since then, and the follow-ups due. Reading it marks it read.",
        mime_type="text/markdown",
    ),
    types.Resource(
        uri="sweepy://docs/tools",
        name="tools-reference",
        title="Sweepy tool reference",
        description="docs/tools.md: every tool, its arguments and its answer.",
        mime_type="text/markdown",
    ),
]


def not_found(uri: str, why: str) -> MCPError:
    """INVALID_PARAMS naming the URI (its first 200 characters: a 60 KB one is not echoed whole) and why."""
    shown = repr(uri) if len(uri) <= 200 else f"{uri[:200]!r}… ({len(uri):,} characters)"
    return MCPError(code=types.INVALID_PARAMS, message=f"Resource {shown}: {why}", data={"uri": uri[:1000]})


def report_uri(ws: Workspace, path: Path) -> str | None:
    """The sweepy://reports URI of a file Sweepy wrote, or None when it lies outside the workspace."""
    real = Path(path).resolve()
    if not real.is_relative_to(ws.home):
        return None
    return f"{SCHEME}://reports/{quote(real.relative_to(ws.home).as_posix(), safe='')}"


def report_link(ws: Workspace, path: str | Path, title: str) -> types.ResourceLink | None:
    """A resource_link block for a file a tool wrote (None outside the workspace: nothing could serve it)."""
    uri = report_uri(ws, Path(path))
    if uri is None:
        return None
    target = Path(path)
    size = target.stat().st_size if target.is_file() else None
    return types.ResourceLink(
        type="resource_link",
        uri=uri,
        name=target.name,
        title=title,
        mime_type=MIME.get(target.suffix.lower()),
        size=size,
    )


class Resources:
    """resources/list, resources/templates/list and resources/read over the settings' workspace."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @property
    def ws(self) -> Workspace:
        return self.settings.workspace()

    async def list_resources(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[*STATIC, *self._profiles(), *self._sweeps(), *self._reports()])

    async def list_templates(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=TEMPLATES)

    async def read_resource(
        self, ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        try:
            contents = self.read(uri)
        except SweepyError as exc:
            raise not_found(uri, exc.message) from None
        except OSError as exc:  # a file the checks let through that the OS still cannot open: say which, not how
            log.warning("resource %s not read: %s", uri[:200], exc)
            raise not_found(uri, f"the file cannot be read ({exc.strerror or type(exc).__name__}).") from None
        return types.ReadResourceResult(contents=[contents])

    def read(self, uri: str) -> types.TextResourceContents | types.BlobResourceContents:
        parts = urlsplit(uri)
        kind, path = parts.netloc, parts.path.strip("/")
        if parts.scheme != SCHEME:
            raise not_found(uri, f"Sweepy serves only {SCHEME}:// URIs; resources/list names them.")
        query = parse_qs(parts.query)
        if kind == "profiles" and path and "/" not in path:
            return self._profile(uri, unquote(path))
        if kind == "sweeps" and path == "latest/summary":
            return types.TextResourceContents(uri=uri, text=self._summary(), mime_type="text/markdown")
        if kind == "digest" and path == "latest":
            return types.TextResourceContents(uri=uri, text=digest_text(self.settings), mime_type="text/markdown")
        if kind == "sweeps" and path.endswith("/cards") and path.count("/") == 1:
            return self._cards(uri, path.split("/")[0], query)
        if kind == "reports" and path and "/" not in path:
            return self._report(uri, unquote(path))
        if kind == "docs" and path == "tools":
            text = _text(read_regular(DOCS, "docs/tools.md", MAX_DATA_BYTES), "docs/tools.md", "Reinstall Sweepy.")
            return types.TextResourceContents(uri=uri, text=text, mime_type="text/markdown")
        raise not_found(
            uri,
            "no such resource. Sweepy serves sweepy://profiles/{name}, sweepy://sweeps/{sweep_id}/cards, "
            "sweepy://sweeps/latest/summary, sweepy://digest/latest, sweepy://reports/{name} and sweepy://docs/tools.",
        )

    # -- profiles ---------------------------------------------------------------------------------------------
    def _profile_files(self) -> list[Path]:
        folder = self.ws.home / "profiles"
        return sorted(p for p in folder.glob("*.y*ml") if p.suffix in (".yaml", ".yml")) if folder.is_dir() else []

    def _profiles(self) -> list[types.Resource]:
        return [
            types.Resource(
                uri=f"{SCHEME}://profiles/{quote(p.stem, safe='')}",
                name=p.stem,
                title=f"Profile {p.stem}",
                mime_type="application/yaml",
            )
            for p in self._profile_files()[:MAX_LISTED]
        ]

    def _profile(self, uri: str, name: str) -> types.TextResourceContents:
        from ..config import MAX_PROFILE_BYTES
        from ..store.session import check_stem

        stem = check_stem(name)
        for suffix in (".yaml", ".yml"):
            candidate = self.ws.home / "profiles" / f"{stem}{suffix}"
            if candidate.exists():
                path = self.ws.resolve_served(candidate, f"Profile {stem!r}")
                data = read_regular(path, "Profile", MAX_PROFILE_BYTES)
                text = _text(data, f"Profile {path}", "Save it as UTF-8 (the encoding Sweepy writes profiles in).")
                return types.TextResourceContents(uri=uri, text=text, mime_type="application/yaml")
        raise not_found(uri, f"no profile {stem!r} in {self.ws.home / 'profiles'}. create_profile writes one.")

    # -- sweeps -----------------------------------------------------------------------------------------------
    def _results(self) -> list[Path]:
        return result_files(self.ws.home / "results", None)

    def _sweep_file(self, uri: str, sweep_id: str) -> Path:
        """The result file a sweep wrote: the newest for "latest", else the one whose sweep_id matches."""
        files = self._results()
        if sweep_id == "latest":
            if not files:
                raise not_found(uri, "no sweep has written results yet. Call run_sweep first.")
            return self.ws.resolve_served(files[0], "The newest result file")
        if not SWEEP_ID.fullmatch(sweep_id):
            raise not_found(uri, "sweep_id is a sweep's job_id from run_sweep (letters, digits, '-') or 'latest'.")
        for path in files:
            if _head_sweep_id(path) == sweep_id:
                return self.ws.resolve_served(path, f"The result file of sweep {sweep_id}")
        raise not_found(uri, f"no result file of sweep {sweep_id!r} in {self.ws.home / 'results'}.")

    def _sweeps(self) -> list[types.Resource]:
        listed = []
        for path in self._results()[:MAX_LISTED]:
            sweep_id = _head_sweep_id(path)
            if sweep_id:
                listed.append(
                    types.Resource(
                        uri=f"{SCHEME}://sweeps/{sweep_id}/cards",
                        name=f"cards-{sweep_id}",
                        title=f"Cards of {path.stem}",
                        mime_type="application/json",
                    )
                )
        return listed

    def _cards(self, uri: str, sweep_id: str, query: dict[str, list[str]]) -> types.TextResourceContents:
        offset = _number(uri, query, "offset", 0, 0, 10**9)
        limit = _number(uri, query, "limit", PAGE, 1, MAX_PAGE)
        from ..store.results import holds_all, load_result, replaced_message, result_cards, result_session

        path = self._sweep_file(uri, sweep_id)
        store = self._store(path)
        data = load_result(path, store, self.settings.max_result_bytes)
        if holds_all(data):
            cards = result_cards(data, path)
            page, total = cards[offset : offset + limit], len(cards)
        else:  # the file holds the best cards only: the page comes from the sweep's session, best first
            with result_session(store, data) as view:
                if view is None:
                    raise not_found(uri, replaced_message(path, data))
                page, total = view.page(offset, limit), view.card_count
        stop = offset + len(page)
        body = {
            "sweep_id": data.get("sweep_id"),
            "result_file": str(path),
            "total": total,
            "offset": offset,
            "count": len(page),
            "next_offset": stop if stop < total else None,
            "cards": [card.model_dump(mode="json") for card in page],
        }
        return types.TextResourceContents(
            uri=uri, text=json.dumps(body, ensure_ascii=False), mime_type="application/json"
        )

    def _summary(self) -> str:
        files = self._results()
        if not files:
            return "# No sweep yet\n\nNo sweep has written results in this workspace. Call run_sweep first.\n"
        from ..store.results import card_total, holds_all, load_result, result_cards, result_session

        path = self.ws.resolve_served(files[0], "The newest result file")
        store = self._store(path)
        data = load_result(path, store, self.settings.max_result_bytes)
        if holds_all(data):
            cards = result_cards(data, path)
            return summary_markdown(data, cards[:10], len(cards), path)
        with result_session(store, data) as view:  # the best ten and the count, from the sweep's session
            if view is not None:
                return summary_markdown(data, view.page(0, 10), view.card_count, path)
        return summary_markdown(data, result_cards(data, path)[:10], card_total(data), path)  # the file's best

    @staticmethod
    def _store(path: Path) -> "SessionStore":
        """The session store beside a result file, read as it is (a resource read writes nothing)."""
        from ..store.session import SessionStore

        return SessionStore(path.parent, writable=False)

    # -- reports ----------------------------------------------------------------------------------------------
    def _reports(self) -> list[types.Resource]:
        folder = self.ws.home / "results"
        pdfs = sorted(folder.glob("*.pdf"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
        listed = []
        for pdf in pdfs[:MAX_LISTED]:
            uri = report_uri(self.ws, pdf)
            if uri is not None:
                listed.append(
                    types.Resource(uri=uri, name=pdf.name, title=f"Report {pdf.name}", mime_type="application/pdf")
                )
        return listed

    def _report(self, uri: str, name: str) -> types.BlobResourceContents | types.TextResourceContents:
        suffix = Path(name).suffix.lower()
        if suffix not in MIME or "\x00" in name or Path(name).is_absolute():
            raise not_found(uri, "a report is a .pdf, .png, .csv or .json file named by its path in the workspace.")
        if len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES or any(
            len(part.encode("utf-8", "surrogateescape")) > 255 for part in name.split("/")
        ):
            raise not_found(
                uri,
                f"a report is named by its path in the workspace: at most {MAX_NAME_BYTES} bytes, each folder or "
                "file name at most 255 (the longest the OS opens). resources/list and the tools' links name them.",
            )
        path = self.ws.resolve_served(self.ws.home / name, f"Report {name!r}")
        if (size := path.stat().st_size) > MAX_DATA_BYTES:  # an export of every card of a big sweep
            raise not_found(
                uri,
                f"the file is {size:,} bytes, more than the {MAX_DATA_BYTES:,} a resource carries. It is on disk at "
                f"{path}: open it there, or read the cards a page at a time (get_jobs, sweepy://sweeps/{{id}}/cards).",
            )
        data = read_regular(path, "Report", MAX_DATA_BYTES)
        if suffix in (".csv", ".json"):
            hint = "Sweepy writes its CSV and JSON reports as UTF-8: call export_report to write this one again."
            return types.TextResourceContents(uri=uri, text=_text(data, f"Report {path}", hint), mime_type=MIME[suffix])
        return types.BlobResourceContents(uri=uri, blob=base64.b64encode(data).decode("ascii"), mime_type=MIME[suffix])


def digest_text(settings: Settings) -> str:
    """The digest (sweepy/service/digest.py), marked read as it is served."""
    from ..service.digest import DigestTools

    return DigestTools(settings).digest_markdown()


def _head_sweep_id(path: Path) -> str | None:
    from ..store.results import head_sweep_id

    return head_sweep_id(path)


def _number(uri: str, query: dict[str, list[str]], key: str, default: int, low: int, high: int) -> int:
    values = query.get(key)
    if not values:
        return default
    text = values[-1]
    if not NUMBER.fullmatch(text) or not low <= int(text) <= high:
        got = repr(text[:20]) + (f" ({len(text):,} characters)" if len(text) > 20 else "")
        raise not_found(uri, f"{key} must be a whole number from {low} to {high} in ASCII digits (got {got}).")
    return int(text)


def _text(data: bytes, what: str, fix: str) -> str:
    """A served file's bytes as text: UTF-8, or a StorageError naming the file and the fix."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StorageError(f"{what} is not UTF-8 text (byte {exc.start:,} is not); it is not served. {fix}") from None


def summary_markdown(data: dict[str, Any], cards: list[Any], total: int, path: Path) -> str:
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
    for rank, card in enumerate(cards[:10], start=1):
        score = f"{card.match_pct}% match" if card.match_pct is not None else f"keyword {card.match_score}"
        lines.append(f"{rank}. **{card.title}** at {card.company} ({card.location or 'location not given'}): {score}")
    return "\n".join(lines) + "\n"
