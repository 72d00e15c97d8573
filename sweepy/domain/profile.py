"""The search profile: every key a profile YAML may hold, its type, its limits and its default (docs/profile.md
describes each). sweepy.store.profiles reads and writes the YAML."""

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from .applications import FOLLOW_UP_DAYS
from .eligibility import home_countries
from .eligibility_rules import Seeker
from .profile_fields import (
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
from .urls import PLATFORM_HOSTS

NonEmpty = Phrase
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
