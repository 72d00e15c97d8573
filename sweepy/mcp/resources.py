"""MCP resources: what a host can show or attach without a tool call. Every URI names a file inside the
workspace (Workspace.resolve_served), and anything else is a clear error. This module maps URIs onto the
service's reading methods (sweepy.service.reading) as the tools map onto theirs: the URI grammar, the MCP types
and the error mapping are here, what is read and how it is paged is there.

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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

import mcp.types as types
from mcp.server import ServerRequestContext
from mcp.shared.exceptions import MCPError

from ..errors import SweepyError
from ..service.paging import MAX_PAGE, PAGE
from ..settings import Settings
from ..store.paths import Workspace, result_files

if TYPE_CHECKING:
    from ..service import SweepyService

# The service is made by the first read that needs it, not with the server: it brings the pipeline, the stores
# and the domain models, which resources/list does not need.

log = logging.getLogger(__name__)
SCHEME = "sweepy"
MAX_LISTED = 50
"""Concrete resources listed per kind (the templates reach every other one)."""
MAX_OFFSET = 10**9
"""The highest offset a cards URI names: past any session's end, and never more than 10 digits."""
NUMBER = re.compile(r"[0-9]{1,10}")
"""offset and limit: ASCII digits only (str.isdigit also takes '²' and '٣'), never longer than any page can be."""
MIME = {".pdf": "application/pdf", ".png": "image/png", ".csv": "text/csv", ".json": "application/json"}

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
    """resources/list and resources/templates/list over the settings' workspace (no service: a host lists them at
    every start), resources/read mapped onto the service's reading methods (sweepy.service.reading)."""

    def __init__(self, settings: Settings, service: "Callable[[], SweepyService]") -> None:
        self.settings = settings
        self.service = service

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
            text = self.service().read_profile(unquote(path))
            return types.TextResourceContents(uri=uri, text=text, mime_type="application/yaml")
        if kind == "sweeps" and path == "latest/summary":
            return types.TextResourceContents(uri=uri, text=self.service().latest_summary(), mime_type="text/markdown")
        if kind == "digest" and path == "latest":  # reading it marks it read
            return types.TextResourceContents(uri=uri, text=self.service().digest_markdown(), mime_type="text/markdown")
        if kind == "sweeps" and path.endswith("/cards") and path.count("/") == 1:
            offset = _number(uri, query, "offset", 0, 0, MAX_OFFSET)
            limit = _number(uri, query, "limit", PAGE, 1, MAX_PAGE)
            page = self.service().sweep_cards(path.split("/")[0], offset, limit)
            text = json.dumps(page.model_dump(mode="json"), ensure_ascii=False)
            return types.TextResourceContents(uri=uri, text=text, mime_type="application/json")
        if kind == "reports" and path and "/" not in path:
            return self._report(uri, unquote(path))
        if kind == "docs" and path == "tools":
            return types.TextResourceContents(uri=uri, text=self.service().tools_reference(), mime_type="text/markdown")
        raise not_found(
            uri,
            "no such resource. Sweepy serves sweepy://profiles/{name}, sweepy://sweeps/{sweep_id}/cards, "
            "sweepy://sweeps/latest/summary, sweepy://digest/latest, sweepy://reports/{name} and sweepy://docs/tools.",
        )

    # -- listed ---------------------------------------------------------------------------------------------
    def _profiles(self) -> list[types.Resource]:
        folder = self.ws.home / "profiles"
        files = sorted(p for p in folder.glob("*.y*ml") if p.suffix in (".yaml", ".yml")) if folder.is_dir() else []
        return [
            types.Resource(
                uri=f"{SCHEME}://profiles/{quote(p.stem, safe='')}",
                name=p.stem,
                title=f"Profile {p.stem}",
                mime_type="application/yaml",
            )
            for p in files[:MAX_LISTED]
        ]

    def _sweeps(self) -> list[types.Resource]:
        listed = []
        for path in result_files(self.ws.home / "results", None)[:MAX_LISTED]:
            from ..store.results import head_sweep_id  # the stores, only once there is a result file to name

            sweep_id = head_sweep_id(path)
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
        data = self.service().read_report(name)
        mime = MIME[Path(name).suffix.lower()]
        if isinstance(data, str):
            return types.TextResourceContents(uri=uri, text=data, mime_type=mime)
        return types.BlobResourceContents(uri=uri, blob=base64.b64encode(data).decode("ascii"), mime_type=mime)


def _number(uri: str, query: dict[str, list[str]], key: str, default: int, low: int, high: int) -> int:
    values = query.get(key)
    if not values:
        return default
    text = values[-1]
    if not NUMBER.fullmatch(text) or not low <= int(text) <= high:
        got = repr(text[:20]) + (f" ({len(text):,} characters)" if len(text) > 20 else "")
        raise not_found(uri, f"{key} must be a whole number from {low} to {high} in ASCII digits (got {got}).")
    return int(text)
