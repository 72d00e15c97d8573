"""What every engine is: a name, a config model, validation, and discover() → postings."""

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

import httpx
from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import EngineConfigError
from ..models import Posting
from ..paths import Workspace
from ..validation import describe_validation_error

SkipReason = Literal["timeout", "circuit_open", "http_429", "bad_response", "config"]


class EngineConfig(BaseModel):
    """Base of every engine's `sources.<engine>` block."""

    model_config = ConfigDict(extra="forbid", strict=True)
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class SkippedSource:
    engine: str
    source: str
    reason: SkipReason
    detail: str

    def to_dict(self) -> dict[str, str]:
        return {"engine": self.engine, "source": self.source, "reason": self.reason, "detail": self.detail}


@dataclass(slots=True)
class DiscoverRequest:
    titles: list[str]
    location: str
    workspace: Workspace
    custom_platforms: dict[str, str]
    http: httpx.Client | None = None  # the shared client for the HTTP engines (none of them is built in yet)
    log: Callable[[str], None] = lambda _line: None


@dataclass(slots=True)
class EngineResult:
    postings: list[Posting] = field(default_factory=list)
    skipped_records: list[tuple[str, str]] = field(default_factory=list)
    skipped_sources: list[SkippedSource] = field(default_factory=list)


class Engine(ABC):
    name: ClassVar[str]
    config_model: ClassVar[type[EngineConfig]] = EngineConfig
    description: ClassVar[str] = ""

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

    @abstractmethod
    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult: ...
