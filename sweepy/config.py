"""Profiles: the strict YAML model, loading and writing, the default file name, the fallback chain."""

import hashlib
import json
import re
import unicodedata
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .domain.applications import FOLLOW_UP_DAYS
from .domain.eligibility import home_countries
from .domain.eligibility_rules import Seeker
from .domain.profile_fields import (
    EmploymentTypes,
    Location,
    MinSalary,
    Name,
    Phrase,
    ResumePath,
    Skills,
    Synonyms,
    Titles,
)
from .domain.text import normalize_title
from .domain.titles import read_title
from .domain.urls import PLATFORM_HOSTS
from .errors import NotFound, ProfileError, describe_validation_error
from .store import paths
from .store.paths import Workspace
from .store.reads import read_regular

NonEmpty = Phrase
MAX_PROFILE_BYTES = 1_000_000
FALLBACK_PROFILES = ("profiles/custom_profile.yaml", "profiles/paralegal_nyc.yaml", "profiles/example.yaml")
"""Looked for in the workspace (`sweepy init` writes the last two), then the bundled ones of the same name."""
MAX_PROFILE_DEPTH = 32
"""Nesting levels a profile may use (a real one needs 5): deeper YAML would exhaust Python's recursion limit."""
KNOWN_PLATFORMS = frozenset(PLATFORM_HOSTS.values()) | {"other"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Search(_Strict):
    titles: Titles
    location: Location
    remote_only: bool = False
    include_hybrid: bool = True
    min_salary: MinSalary = 0
    max_age_days: Annotated[int, Field(ge=1, le=3650)] | None = None
    employment_types: EmploymentTypes = []


class Resume(_Strict):
    path: ResumePath
    must_have_skills: Skills = []
    synonyms: Synonyms = []


class CustomPlatform(_Strict):
    name: NonEmpty
    domain: NonEmpty


class Platforms(BaseModel):
    """`custom` entries classify other ATS domains; every other key switches one platform on or off."""

    model_config = ConfigDict(extra="allow", strict=True)
    custom: Annotated[list[CustomPlatform], Field(max_length=100)] = []
    __pydantic_extra__: dict[str, bool] = Field(init=False)  # the switches: extra keys, each a bool

    @model_validator(mode="after")
    def _known_switches(self) -> "Platforms":
        allowed = KNOWN_PLATFORMS | {entry.name.lower() for entry in self.custom}
        switches = self.__pydantic_extra__ or {}
        for key in switches:
            if key.lower() not in allowed:
                raise PydanticCustomError(
                    "unknown_platform",
                    f"unknown platform {key!r}; a switch is one of {', '.join(sorted(KNOWN_PLATFORMS))} "
                    "or a name declared in platforms.custom",
                )
        # Postings carry lower-case platform names (custom ones included), so switches are looked up that way.
        lowered = {key.lower(): on for key, on in switches.items()}
        if len(lowered) < len(switches):
            raise PydanticCustomError(
                "duplicate_platform", "a platform is switched twice (keys differing only in case); keep one"
            )
        self.__pydantic_extra__ = lowered
        return self


class Cache(_Strict):
    enabled: bool = True
    ttl_seconds: Annotated[int, Field(ge=0, le=30 * 86400)] = 3600


class CircuitBreaker(_Strict):
    failure_threshold: Annotated[int, Field(ge=1, le=100)] = 3
    cooldown_seconds: Annotated[int, Field(ge=0, le=86400)] = 600


class Orchestrator(_Strict):
    timeout_per_source_seconds: Annotated[int, Field(ge=1, le=600)] = 30
    max_bytes: Annotated[int, Field(ge=1_000, le=10_000_000_000)] = 200_000_000
    """The whole sweep's byte budget over every source's answers; past it the remaining pages are `too_large`."""
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


def _country_codes(values: list[str]) -> list[str]:
    codes = [value.strip().upper() for value in values]
    for code in codes:
        if not re.fullmatch(r"[A-Z]{2}", code):
            raise ValueError(f"{code!r} is not an ISO 3166-1 alpha-2 country code such as US, DE or IN")
    return codes


def _language_codes(values: list[str]) -> list[str]:
    codes = [value.strip().lower() for value in values]
    for code in codes:
        if not re.fullmatch(r"[a-z]{2}", code):
            raise ValueError(f"{code!r} is not an ISO 639-1 language code such as en, de or es")
    return codes


def _time_zone(value: str | None) -> str | None:
    if value is None:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{value!r} is not an IANA time zone such as America/New_York or Europe/Berlin") from None
    return value


Countries = Annotated[list[str], Field(max_length=50), AfterValidator(_country_codes)]
Languages = Annotated[list[str], Field(max_length=50), AfterValidator(_language_codes)]
Names = Annotated[list[NonEmpty], Field(max_length=500)]


class EmployerBoards(_Strict):
    """Look up the employer's own board behind aggregator cards (issue: ghost postings, the right apply link)."""

    enabled: bool = True
    max: Annotated[int, Field(ge=0, le=200)] = 50


class Profile(_Strict):
    """The profile YAML of DESIGN.md. Unknown keys and wrong types are errors that name the field."""

    name: Name
    search: Search
    resume: Resume
    platforms: Platforms = Platforms()
    sources: dict[str, dict[str, Any]] = {}
    cache: Cache = Cache()
    orchestrator: Orchestrator = Orchestrator()
    history: History = History()
    export: Export = Export()
    report: Report = Report()
    follow_up_days: Annotated[int, Field(ge=1, le=90)] = FOLLOW_UP_DAYS
    """Days after applying that a follow-up is due while no answer came (the CSV, the calendar, get_applications)."""
    # Who the person is, for eligibility findings (sweepy/domain/eligibility.py); every key optional.
    needs_sponsorship: bool | None = None
    citizenships: Countries = []
    work_authorization: Countries = []
    clearance: Literal["none", "public_trust", "secret", "top_secret", "ts_sci"] | None = None
    max_onsite_days: Annotated[int, Field(ge=0, le=5)] | None = None
    timezone: Annotated[NonEmpty | None, AfterValidator(_time_zone)] = None
    languages: Languages = []
    federal_status: Literal["none", "employee", "veteran"] | None = None
    years_experience: Annotated[int, Field(ge=0, le=60)] | None = None
    """Years of experience: a posting asking for more than this plus 2 warns, plus 5 blocks (domain/experience.py)."""
    level: Literal["intern", "junior", "mid", "senior", "lead", "principal"] | None = None
    """The person's seniority, read against a posting's title level."""
    eligibility: Literal["flag", "strict"] = "flag"
    employer_boards: EmployerBoards = EmployerBoards()
    exclude_companies: Names = []
    exclude_keywords: Names = []
    exclude_agencies: bool = False
    """Drop postings by staffing agencies and recruiters (the `agency` ghost signal's evidence) as `agency`."""

    def seeker(self) -> Seeker:
        """The person as the eligibility reader needs them; where they live comes from the search location."""
        return Seeker(
            needs_sponsorship=self.needs_sponsorship,
            citizenships=frozenset(self.citizenships),
            work_authorization=frozenset(self.work_authorization),
            clearance=self.clearance,
            max_onsite_days=self.max_onsite_days,
            timezone=self.timezone,
            languages=frozenset(self.languages),
            federal_status=self.federal_status,
            home_countries=home_countries(self.search.location),
            years_experience=self.years_experience,
        )

    def custom_platforms(self) -> dict[str, str]:
        """`platforms.custom` as domain → platform name, for classifying other ATS hosts."""
        return {entry.domain.lower(): entry.name.lower() for entry in self.platforms.custom}

    def platform_enabled(self, platform: str) -> bool:
        """A platform without a switch is on."""
        return (self.platforms.__pydantic_extra__ or {}).get(platform, True)


class _ProfileLoader(yaml.SafeLoader):
    """safe_load with YAML 1.2 scalars: `NO`, `on`, `0777` and `2024-01-01` stay text; aliases, duplicate keys
    and nesting deeper than MAX_PROFILE_DEPTH are refused."""

    def __init__(self, stream: str, origin: str = "") -> None:
        super().__init__(stream)
        self._depth = 0
        self.origin = origin
        """The file (or tool call) the text came from, for the messages that name it."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise ProfileError(
                f"The profile uses a YAML alias (line {event.start_mark.line + 1}); aliases are not allowed. "
                "Write the value out in full."
            )
        if self._depth >= MAX_PROFILE_DEPTH:
            # The composer recurses once per level: stop long before "[[[[..." exhausts Python's stack.
            line = self.peek_event().start_mark.line + 1  # type: ignore[no-untyped-call]
            raise ProfileError(
                f"The profile is nested too deeply (more than {MAX_PROFILE_DEPTH} levels at line {line}). "
                "A profile needs a handful of levels: close the brackets or remove the extra nesting."
            )
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        # PyYAML keeps the last of two equal keys silently: `remote_only: false` then `remote_only: true` is true.
        lines: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            try:
                first = lines.get(key)
            except TypeError:  # an unhashable key: the base class reports it
                continue
            if first is not None:
                raise ProfileError(
                    f"The profile sets {key!r} twice in one block (line {first} and line {line}). Keep one of them."
                )
            lines[key] = line
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """An integer; one longer than Python converts (4,300 digits) is said with its line, not a ValueError."""
        try:
            return int(super().construct_yaml_int(node))
        except ValueError:
            raise ProfileError(
                f"Profile {self.origin} has a number with {len(str(node.value))} digits at line "
                f"{node.start_mark.line + 1}; no setting takes a number that long. Write the value it should have "
                "(e.g. 85000)."
            ) from None


_ProfileLoader.add_constructor("tag:yaml.org,2002:int", _ProfileLoader.construct_yaml_int)
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
        loader = _ProfileLoader(text, origin)  # what yaml.load does, with the origin for the loader's messages
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
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
    return validate_profile_data(data, origin, fix="Edit the profile file and try again.")


def _too_deep(data: Any) -> bool:
    """More than MAX_PROFILE_DEPTH levels, measured without recursion: tool arguments never pass the loader."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if level > MAX_PROFILE_DEPTH:
            return True
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        stack.extend((child, level + 1) for child in children)
    return False


def validate_profile_data(data: dict[str, Any], origin: str, fix: str = "") -> Profile:
    """The Profile model of `data`, or a ProfileError naming each bad field, then `fix` (what to do)."""
    if _too_deep(data):
        raise ProfileError(
            f"Profile {origin} is nested too deeply (more than {MAX_PROFILE_DEPTH} levels). "
            "A profile needs a handful of levels: remove the extra nesting."
        )
    try:
        profile = Profile.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(f"Profile {origin} is invalid: {describe_validation_error(exc)} {fix}".rstrip()) from None
    titles = profile.search.titles
    shown = repr(titles) if len(repr(titles)) <= 60 else repr(titles)[:57] + "..."
    if not any(normalize_title(title) for title in titles):
        # Matching compares letters and digits only: such a profile would drop every posting as `title`.
        raise ProfileError(
            f"Profile {origin} is invalid: 'search.titles' has no letter or digit to match postings against "
            f"(got {shown}). Write each title in words, e.g. 'Paralegal'."
        )
    if not any(read_title(title).parts for title in titles):  # the title model reads "Remote" as no job at all
        raise ProfileError(
            f"Profile {origin} is invalid: 'search.titles' names no job (got {shown}): words such as 'Remote' or "
            "'Full-time' say where or how the job is done, not what it is. Write the job's name, e.g. 'Paralegal'."
        )
    return profile


def load_profile(path: Path) -> Profile:
    """Read and validate a profile file (already resolved to an existing file)."""
    try:
        text = read_regular(path, "Profile", MAX_PROFILE_BYTES, ProfileError).decode("utf-8")
    except UnicodeDecodeError:
        raise ProfileError(f"Profile {path} is not UTF-8 text.") from None
    except OSError as exc:
        raise NotFound(f"Profile {path} cannot be read: {exc.strerror or exc}.") from None
    return parse_profile_text(text, str(path))


def dump_profile(profile: Profile) -> str:
    return yaml.safe_dump(profile.model_dump(mode="json"), sort_keys=False, allow_unicode=True)


def profile_stem(path: Path) -> str:
    return path.name.rsplit(".", 1)[0]


STEM_PART_BYTES = 60
"""UTF-8 bytes kept of the name and of the title: with the hash and Sweepy's longest suffix (a temp copy of a
result file) a stem's file names stay far below the 255-byte limit of Linux, macOS and Windows."""


def _slug(text: str) -> tuple[str, bool]:
    """`text` in NFC, lower-cased: letters, combining marks and digits of any script kept, a single space or `-`
    between two of them kept (the space as `_`). True as well when anything else was replaced or cut."""
    folded = unicodedata.normalize("NFC", text).lower()

    def kept(ch: str) -> bool:
        return ch.isalnum() or unicodedata.category(ch).startswith("M")

    out, lossy = [], False
    for i, ch in enumerate(folded):
        if kept(ch):
            out.append(ch)
        elif ch in " -" and 0 < i < len(folded) - 1 and kept(folded[i - 1]) and kept(folded[i + 1]):
            out.append("_" if ch == " " else "-")
        else:
            out.append("_")
            lossy = True
    slug = re.sub(r"_{2,}", "_", "".join(out)).strip("_")
    cut = slug.encode("utf-8")[:STEM_PART_BYTES].decode("utf-8", errors="ignore").rstrip("_-")
    return cut, lossy or cut != slug


def default_profile_filename(name: str, first_title: str) -> str:
    """`profiles/{name}_{title}.yaml`, readable in any script (see _slug). When a character was replaced or the
    text cut, a hash of the exact name and title is appended: "a/b" and "a\\x00b", or "山田" and "佐藤" in a
    script the slug cannot keep, must never share a file, a history or a session."""
    name_slug, name_lossy = _slug(name)
    title_slug, title_lossy = _slug(first_title)
    parts = [part for part in (name_slug, title_slug) if part]
    if name_lossy or title_lossy or len(parts) < 2:
        exact = json.dumps([name, first_title], ensure_ascii=True).encode("ascii")
        parts.append(hashlib.sha256(exact).hexdigest()[:8])
    return f"profiles/{'_'.join(parts)}.yaml"


def bundled_profiles() -> Path:
    """The example profiles shipped as package data (`sweepy init` copies them into the workspace)."""
    return paths.INSTALL_DIR / "sweepy" / "data" / "profiles"


DEFAULT_KEY = "default_profile"
"""The key of the state folder's state.json naming the default profile (create_profile's `make_default`)."""
OLD_DEFAULT_KEY = "last_profile"
"""What a state folder of an earlier version names instead: the last profile create_profile wrote."""


def default_profile(workspace: Workspace) -> Path | None:
    """The profile a call without one uses (run_sweep {}): the one state.json names under DEFAULT_KEY (or, in a
    state folder from before it, OLD_DEFAULT_KEY); None when none is named or its file is gone."""
    state = workspace.read_state()
    raw = state.get(DEFAULT_KEY, state.get(OLD_DEFAULT_KEY))
    return Path(raw) if isinstance(raw, str) and Path(raw).is_file() else None


def find_profile(workspace: Workspace, raw: str | None) -> Path:
    """The profile to sweep: the given path (or a profile's name, e.g. `example`: `profiles/example.yaml` in the
    workspace, else the bundled one), else the default profile (default_profile), else the first conventional
    file in the workspace, then among the bundled profiles (so they work from an empty workspace)."""
    if raw is not None:
        try:
            return workspace.resolve_read(raw, "Profile")
        except NotFound as exc:
            named = _named_profile(workspace, raw)
            if named is None:
                raise NotFound(f"{exc.message} {_NAMES_HINT.format(', '.join(_bundled_names()))}") from None
            return named
    chosen = default_profile(workspace)
    # Every workspace file before any bundled one: the person's own profiles win over the samples.
    candidates = [workspace.home / name for name in FALLBACK_PROFILES]
    candidates += [bundled_profiles() / Path(name).name for name in FALLBACK_PROFILES[1:]]
    for candidate in ([chosen] if chosen is not None else []) + candidates:
        if candidate.is_file():
            return candidate.resolve()
    raise NotFound(
        "No profile_path was given and no saved profile exists (looked for the default profile, then "
        f"{', '.join(FALLBACK_PROFILES)} in {workspace.home} and the bundled ones in {bundled_profiles()}). "
        "Call create_profile first, or pass profile_path."
    )


def init_workspace(workspace: Workspace) -> list[Path]:
    """Create the workspace with `profiles/` (the bundled example profiles, each only where no file of that name
    is yet: an edited copy is never replaced) and `results/`. Returns the files written."""
    written = []
    for source in sorted(bundled_profiles().glob("*.yaml")):
        target = workspace.resolve_write(workspace.home / "profiles" / source.name, "example profile")
        if not target.exists():
            paths.atomic_write_bytes(target, read_regular(source, "Bundled profile", MAX_PROFILE_BYTES))
            written.append(target)
    paths.make_real_dir(workspace.results_dir("results"))
    return written


_NAMES_HINT = "A profile's name alone is looked up in the workspace's profiles/, then among the bundled ones ({})."


def _bundled_names() -> list[str]:
    folder = bundled_profiles()
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def _named_profile(workspace: Workspace, raw: str) -> Path | None:
    """`example` or `example.yaml`: the workspace's profiles/ first, then the bundled profiles."""
    if not raw.strip() or any(sep in raw for sep in "/\\") or raw.startswith(("~", ".")):
        return None
    name = raw if raw.lower().endswith((".yaml", ".yml")) else f"{raw}.yaml"
    for folder in (workspace.home / "profiles", bundled_profiles()):
        if (folder / name).is_file():
            return (folder / name).resolve()
    return None


def deep_merge(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
