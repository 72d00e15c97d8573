"""Profiles: the strict YAML model, loading and writing, the default file name, the fallback chain."""

import re
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from .errors import NotFound, ProfileError
from .paths import Workspace
from .validation import describe_validation_error

NonEmpty = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
MAX_PROFILE_BYTES = 1_000_000
FALLBACK_PROFILES = ("profiles/custom_profile.yaml", "profiles/paralegal_nyc.yaml", "config.sample.yaml")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Search(_Strict):
    titles: Annotated[list[NonEmpty], Field(min_length=1, max_length=50)]
    location: NonEmpty
    remote_only: bool = False
    include_hybrid: bool = True
    min_salary: Annotated[int, Field(ge=0, le=10_000_000)] = 0
    max_age_days: Annotated[int, Field(ge=1, le=3650)] | None = None


class Resume(_Strict):
    path: NonEmpty
    must_have_skills: Annotated[list[NonEmpty], Field(max_length=100)] = []
    synonyms: Annotated[list[Annotated[list[NonEmpty], Field(min_length=2)]], Field(max_length=100)] = []


class CustomPlatform(_Strict):
    name: NonEmpty
    domain: NonEmpty


class Cache(_Strict):
    enabled: bool = True
    ttl_seconds: Annotated[int, Field(ge=0, le=30 * 86400)] = 3600


class CircuitBreaker(_Strict):
    failure_threshold: Annotated[int, Field(ge=1, le=100)] = 3
    cooldown_seconds: Annotated[int, Field(ge=0, le=86400)] = 600


class Orchestrator(_Strict):
    timeout_per_source_seconds: Annotated[int, Field(ge=1, le=600)] = 30
    circuit_breaker: CircuitBreaker = CircuitBreaker()


class History(_Strict):
    enabled: bool = True
    retention_days: Annotated[int, Field(ge=1, le=3650)] = 4
    match: Literal["url", "url+role"] = "url"
    path: NonEmpty = "~/.sweepy/history.db"


class Export(_Strict):
    tracking: bool = True


class Report(_Strict):
    assessment: Literal["agent", "keyword"] = "agent"


class Profile(_Strict):
    """The profile YAML of DESIGN.md. Unknown keys and wrong types are errors that name the field."""

    name: NonEmpty
    search: Search
    resume: Resume
    platforms: dict[str, bool | list[CustomPlatform]] = {}
    sources: dict[str, dict[str, Any]] = {}
    cache: Cache = Cache()
    orchestrator: Orchestrator = Orchestrator()
    history: History = History()
    export: Export = Export()
    report: Report = Report()

    def custom_platforms(self) -> dict[str, str]:
        """`platforms.custom` as domain → platform name, for classifying other ATS hosts."""
        custom = self.platforms.get("custom", [])
        return {entry.domain.lower(): entry.name.lower() for entry in custom} if isinstance(custom, list) else {}

    def platform_enabled(self, platform: str) -> bool:
        switch = self.platforms.get(platform, True)
        return switch if isinstance(switch, bool) else True

    def enabled_sources(self) -> dict[str, dict[str, Any]]:
        return {name: cfg for name, cfg in self.sources.items() if cfg.get("enabled", True) is True}


class _ProfileLoader(yaml.SafeLoader):
    """safe_load with YAML 1.2 scalars: `NO`, `on`, `0777` and `2024-01-01` stay text, and aliases are refused."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise ProfileError(
                f"The profile uses a YAML alias (line {event.start_mark.line + 1}); aliases are not allowed. "
                "Write the value out in full."
            )
        return super().compose_node(parent, index)


_DROPPED = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:timestamp"}
_ProfileLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_ProfileLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_ProfileLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789")
)


def parse_profile_text(text: str, origin: str) -> Profile:
    try:
        data = yaml.load(text, Loader=_ProfileLoader)
    except ProfileError:
        raise
    except yaml.constructor.ConstructorError as exc:
        raise ProfileError(
            f"Profile {origin} uses a YAML tag that is not allowed ({exc.problem}). "
            "Profiles hold plain values only: remove the tag."
        ) from None
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" at line {where.line + 1}" if where is not None else ""
        raise ProfileError(f"Profile {origin} is not valid YAML{line}: {getattr(exc, 'problem', exc)}.") from None
    if not isinstance(data, dict):
        raise ProfileError(f"Profile {origin} must be a YAML mapping with name, search and resume blocks.")
    return validate_profile_data(data, origin)


def validate_profile_data(data: dict[str, Any], origin: str) -> Profile:
    try:
        return Profile.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(f"Profile {origin} is invalid: {describe_validation_error(exc)}") from None


def load_profile(path: Path) -> Profile:
    """Read and validate a profile file (already resolved to an existing file)."""
    try:
        size = path.stat().st_size
        if size > MAX_PROFILE_BYTES:
            raise ProfileError(f"Profile {path} is {size} bytes; a profile is at most {MAX_PROFILE_BYTES} bytes.")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ProfileError(f"Profile {path} is not UTF-8 text.") from None
    except OSError as exc:
        raise NotFound(f"Profile {path} cannot be read: {exc.strerror or exc}.") from None
    return parse_profile_text(text, str(path))


def dump_profile(profile: Profile) -> str:
    return yaml.safe_dump(profile.model_dump(mode="json"), sort_keys=False, allow_unicode=True)


def profile_stem(path: Path) -> str:
    return path.name.rsplit(".", 1)[0]


def default_profile_filename(name: str, first_title: str) -> str:
    """`profiles/{name}_{title}.yaml`: lower-cased, every non-alphanumeric character replaced by `_`."""

    def slug(text: str) -> str:
        return re.sub(r"[^a-z0-9]", "_", text.lower())

    return f"profiles/{slug(name)}_{slug(first_title)}.yaml"[:200]


def find_profile(workspace: Workspace, raw: str | None) -> Path:
    """The profile to sweep: the given path, else the last saved one, else the first conventional file."""
    if raw is not None:
        return workspace.resolve_read(raw, "Profile")
    last = workspace.read_state().get("last_profile")
    candidates = ([last] if isinstance(last, str) else []) + [str(workspace.home / p) for p in FALLBACK_PROFILES]
    for candidate in candidates:
        if Path(candidate).is_file():
            return Path(candidate).resolve()
    raise NotFound(
        "No profile_path was given and no saved profile exists (looked for the last saved profile, "
        f"{', '.join(FALLBACK_PROFILES)} in {workspace.home}). Call create_profile first, or pass profile_path."
    )


def deep_merge(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
