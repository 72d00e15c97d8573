"""What every engine is: a name, a config model, its sources, and discover() of one source → postings."""

import datetime as dt
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..domain.employment import EmploymentType
from ..domain.postings import Posting, Salary
from ..domain.records import RecordError, real_company
from ..domain.text import clean_text
from ..domain.urls import canonical_url, platform_for_url
from ..domain.workplace import Workplace, infer_workplace
from ..errors import EngineConfigError, describe_validation_error
from ..store.paths import Workspace
from .results import EngineResult as EngineResult
from .results import SkippedSource as SkippedSource
from .results import SkipReason as SkipReason
from .results import SourceError as SourceError

if TYPE_CHECKING:
    from .http import Network, SourceClient

MAX_POSTINGS_PER_SOURCE = 5_000
"""The postings a sweep keeps of one source, whatever its engine (Engine.max_postings); the rest are logged."""
_HTTP_ORIGIN = re.compile(r"^https?://[^\s/?#]+[^\s?#]*$", re.IGNORECASE)  # a path may follow, no query
_HTTP_URL = re.compile(r"^https?://[^\s/?#]+\S*$", re.IGNORECASE)
_BOARD_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
KeyVariable = Annotated[str, Field(min_length=1, max_length=100)]
"""The name of the environment variable that holds a key (`api_key_env`); env_secret says which names may."""


class EngineConfig(BaseModel):
    """Base of every engine's `sources.<engine>` block."""

    model_config = ConfigDict(extra="forbid", strict=True)
    enabled: bool = True


class HttpEngineConfig(EngineConfig):
    """Base of every engine that asks a web API. `base_url` stands in for the real API's scheme, host and port
    (the real path follows it), so a mirror, a proxy or a test server on loopback can answer instead."""

    base_url: str | None = None
    max_bytes: int = Field(50_000_000, ge=1_000, le=1_000_000_000)
    """The source's byte budget over all its pages; past it the source stops as `too_large`, keeping what it read."""
    base_url_placeholders: ClassVar[tuple[str, ...]] = ()
    """The `{name}`s an engine's base_url may hold (Recruitee's `{company}`); any other brace is an error."""

    @field_validator("base_url")
    @classmethod
    def _http_origin(cls, value: str | None) -> str | None:
        if value is not None and not _HTTP_ORIGIN.match(value):
            raise ValueError("base_url must be an http(s) URL without query or fragment, e.g. http://127.0.0.1:8080")
        rest = value or ""
        for name in cls.base_url_placeholders:
            rest = rest.replace("{" + name + "}", "")
        if "{" in rest or "}" in rest:
            # base_url is data: a brace would be a format field (`{board:>200000000}`, `{key.__class__}`).
            allowed = ", ".join("{" + name + "}" for name in cls.base_url_placeholders)
            raise ValueError(
                "base_url must not hold a brace" + (f" other than {allowed}" if allowed else "") + f"; got {value!r}"
            )
        return value.rstrip("/") if value else None

    def origin(self, default: str) -> str:
        """Where requests go: the stand-in `base_url` when the profile names one, else the real API's `default`
        (an engine's constant, or one it computes: Lever's region, a Workday site's host)."""
        return self.base_url or default


class KeyedConfig(HttpEngineConfig):
    """Base of the block of an API whose one key comes from the environment variable `api_key_env` names (each
    engine gives its own default name)."""

    api_key_env: KeyVariable


@dataclass(slots=True)
class DiscoverRequest:
    """What a sweep asks every engine; `source`, and `http` for web engines, are set per source task."""

    titles: list[str]
    location: str
    workspace: Workspace
    custom_platforms: dict[str, str]
    network: "Network | None" = None  # the sweep's shared HTTP client, cache and breaker
    log: Callable[[str], None] = lambda _line: None
    source: str = ""
    http: "SourceClient | None" = None  # this source's view of the network: its deadline, counters, secrets
    engine: str = ""
    result: EngineResult = field(default_factory=lambda: EngineResult())
    """Where a paging engine collects: what it holds when its byte budget runs out is kept (`too_large`)."""
    sink: Callable[[Posting], None] | None = None
    """Set by the sweep: where `hand` sends each posting as it is found (filtered then, only survivors kept)."""
    waiting: Callable[[bool], None] = lambda _remote: None
    """Set by the sweep: told when a local engine starts and stops waiting on a remote server (`remote`)."""

    def hand(self, result: EngineResult, posting: Posting) -> None:
        """Give the sweep one posting the moment it is found, so that a source of 80,000 postings is never held
        whole: the sweep's `sink` filters it at once; without one (an engine asked on its own) it goes into
        `result.postings`. An engine may also just return its postings in the list, as every engine once did."""
        if self.sink is None:
            result.postings.append(posting)
        else:
            self.sink(posting)

    @contextmanager
    def remote(self) -> Iterator[None]:
        """Mark work that waits on a remote server in an engine without `uses_network` (JobSpy's scrape, which
        brings its own HTTP): it is held to `timeout_per_source_seconds` like a web source, while the engine's
        local work (reading files, making postings of rows) is not."""
        self.waiting(True)
        try:
            yield
        finally:
            self.waiting(False)

    @property
    def client(self) -> "SourceClient":
        if self.http is None:
            raise SourceError("config", "this engine needs the network, and the sweep gave it none")
        return self.http

    def secret(self, variable: str, config: "HttpEngineConfig") -> str:
        """An API key read by `env_secret` (the one reader), registered so that no error, log line or detail
        shows it; SourceError `config` (naming the variable, never a value) when it cannot be sent.

        A profile comes from tool calls, so it must not be able to send any secret of the server anywhere: the
        variable must be named for this engine (env_secret), and a key goes to a `base_url` other than the real
        API only when the person opted in with SWEEPY_TRUST_BASE_URLS=1 (the network carries that setting)."""
        try:
            value = env_secret(variable, self.engine)
        except EngineConfigError as exc:
            raise SourceError("config", exc.message) from None
        if config.base_url is not None and not (self.network is not None and self.network.trust_base_urls):
            raise SourceError(
                "config",
                f"{self.engine}'s key is sent only to its own API, not to base_url "
                f"{config.base_url}; set SWEEPY_TRUST_BASE_URLS=1 in the server's "
                "environment to send keys to a mirror or proxy you trust",
            )
        return self.client.add_secret(value)


class Engine(ABC):
    name: ClassVar[str]
    config_model: ClassVar[type[EngineConfig]] = EngineConfig
    description: ClassVar[str] = ""
    uses_network: ClassVar[bool] = False
    """Web engines run under the circuit breaker and receive `request.http`."""
    per_title: ClassVar[bool] = False
    """A search API: one source per target title (else one source, the engine itself, unless sources() says)."""
    default_enabled: ClassVar[bool] = False
    """A keyless public board that needs no config: enabled when create_profile is given no sources_config."""
    max_postings: ClassVar[int] = MAX_POSTINGS_PER_SOURCE
    """The postings a sweep keeps of one source. Only a built-in engine may raise it (the feed, the person's own
    files); an installed package's engine is held to MAX_POSTINGS_PER_SOURCE whatever it says."""

    def parse_config(self, raw: dict[str, Any], workspace: Workspace) -> EngineConfig:
        """The typed config, or EngineConfigError naming what is missing or wrong."""
        config = self.validate_types(raw)
        self.check(config, workspace)
        return config

    def validate_types(self, raw: dict[str, Any]) -> EngineConfig:
        """Keys and types only, no `check()`: enough to catch a typo in a disabled block."""
        try:
            return self.config_model.model_validate(raw)
        except ValidationError as exc:
            raise EngineConfigError(f"{self.name}: {describe_validation_error(exc)}") from None

    def check(self, config: Any, workspace: Workspace) -> None:  # noqa: B027 - optional hook
        """Checks beyond types (a file exists, a key is in the environment). Raise EngineConfigError."""

    def sources(self, config: Any, titles: list[str]) -> list[str]:
        """The independent units of work of this engine: one board each for board engines, one target title each
        for search APIs. Each runs as its own task with its own deadline."""
        return list(dict.fromkeys(titles)) if self.per_title else [self.name]

    @abstractmethod
    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        """The postings of `request.source`. Raise SourceError when the source cannot be read."""

    def collected(
        self,
        request: DiscoverRequest,
        items: Iterable[Any],
        build: Callable[[dict[str, Any]], Posting],
        what: str = "a job",
        key: str = "id",
    ) -> EngineResult:
        """The postings of a board or feed read in one answer, in a result of their own (see `collect`)."""
        result = EngineResult()
        self.collect(request, result, items, build, what, key)
        return result

    def collect(
        self,
        request: DiscoverRequest,
        result: EngineResult,
        items: Iterable[Any],
        build: Callable[[dict[str, Any]], Posting],
        what: str = "a job",
        key: str = "id",
    ) -> None:
        """A posting from each item of an API's list; an item that cannot make one is a skipped record named by
        its `key`, and the others still count."""
        for item in items:
            try:
                if not isinstance(item, dict):
                    raise SourceError("bad_response", f"{what} is not a JSON object (got {type(item).__name__})")
                result.postings.append(build(item))
            except (RecordError, SourceError) as exc:
                ident = str(item.get(key) or "?")[:80] if isinstance(item, dict) else "?"
                result.skipped_records.append((f"{request.source}#{ident}", str(exc)))

    def posting(
        self,
        request: DiscoverRequest,
        *,
        title: object,
        company: object,
        url: object,
        location: object = "",
        description: object = "",
        workplace: Workplace | None = None,
        salary: Salary | None = None,
        posted_at: dt.date | None = None,
        apply_url: object = "",
        platform: str | None = None,
        employment_type: EmploymentType | None = None,
        closes_at: dt.date | None = None,
        open_to: list[str] | None = None,
    ) -> Posting:
        """A normalised Posting from an API's fields; RecordError names a field that cannot make one.

        `url` is the public posting page (never the API's URL); `company` may be a tuple of candidates, the first
        that names a company wins, and a placeholder ("name", "n/a", "") falls back to the board's name, then to
        the company the URLs name; `workplace` is the API's own signal, and None (or "unknown") is inferred from
        the title, the location and the whole description (sweepy/domain/workplace.py); `platform` None is classified
        from the URL host. `employment_type` (sweepy.domain.employment reads the API's words), `closes_at` and `open_to`
        are None where the API does not say. Long fields are cut (Posting).
        """
        title_text = clean_text(_text(title, "title"))
        page = _text(url, "url")
        apply = _text(apply_url, "apply_url")
        company_text = real_company(_candidates(company), ()) or self._board_company(request)
        if not company_text and _HTTP_URL.match(page):
            company_text = real_company((), (apply if _HTTP_URL.match(apply) else "", page))
        if not title_text or not company_text:
            raise RecordError("the posting has no title or no company")
        if not _HTTP_URL.match(page):
            raise RecordError(f"url {page[:80]!r} is not an http(s) URL")
        where = clean_text(_text(location, "location"))
        text = _text(description, "description")
        return Posting(
            title=title_text,
            company=company_text,
            url=page,
            location=where,
            description_source=text,
            # The title and location first; the raw description only when they say nothing, read whole but
            # without the full HTML parse (most postings are filtered out before anything reads it cleaned).
            workplace=infer_workplace(workplace, (title_text,), (where,), text),
            salary=salary,
            posted_at=posted_at,
            platform=platform or platform_for_url(page, request.custom_platforms),
            apply_url=apply if _HTTP_URL.match(apply) else page,
            engine=self.name,
            source=request.source,
            canonical_url=canonical_url(page),
            employment_type=employment_type,
            closes_at=closes_at,
            open_to=open_to,
        )

    def _board_company(self, request: DiscoverRequest) -> str:
        """The board a board engine reads is named for its company (greenhouse `acme`); a search engine's source
        is a title, and a single-source engine's is the engine itself: neither names a company."""
        source = request.source
        if self.per_title or source == self.name or not _BOARD_TOKEN.match(source):
            return ""
        return source


def _candidates(company: object) -> tuple[str, ...]:
    """The company values an engine offers, best first: one value, or a tuple of them (name, then slug)."""
    values = company if isinstance(company, tuple) else (company,)
    return tuple(_text(value, "company") for value in values)


def _text(value: object, key: str) -> str:
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise RecordError(f"field {key!r} must be text, got {type(value).__name__}")
    return value.strip()


def key_variable_problem(variable: str, engine: str) -> str | None:
    """Why `variable` may not hold `engine`'s key, or None. Only names made for the engine (ADZUNA_APP_KEY,
    SWEEPY_ADZUNA_KEY): a profile naming AWS_SECRET_ACCESS_KEY must not get it sent to an API."""
    prefix = engine.upper()
    if re.fullmatch(rf"(?:SWEEPY_)?{prefix}_[A-Z0-9_]{{1,80}}", variable):
        return None
    return (
        f"{engine}: the key variable {variable!r} is not named for this engine; use a name starting with "
        f"{prefix}_ or SWEEPY_{prefix}_ (e.g. {prefix}_API_KEY), so no other secret of the server can be sent"
    )


def env_secret(variable: str, engine: str) -> str:
    """The value of a key's environment variable, or EngineConfigError naming the variable (never the value).

    The one place a key is read: `Engine.check` calls it when a profile is validated, and
    `DiscoverRequest.secret` when a sweep sends the key (which also registers it for redaction)."""
    if problem := key_variable_problem(variable, engine):
        raise EngineConfigError(problem)
    value = os.environ.get(variable, "").strip()
    if not value:
        raise EngineConfigError(
            f"{engine}: the environment variable {variable} is not set; set it in the server's environment "
            "(the MCP host's config `env` block) or disable the engine"
        )
    return value


class KeyedSearchEngine(Engine):
    """A search API asked once per target title with the key its KeyedConfig names (Jooble, SerpApi): a profile
    naming a variable that is not set, or not named for the engine, is refused when it is validated."""

    per_title = True
    uses_network = True

    def check(self, config: KeyedConfig, workspace: Workspace) -> None:
        env_secret(config.api_key_env, self.name)
