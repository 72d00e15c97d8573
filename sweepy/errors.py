"""The one exception tree. sweepy.mcp.protocol turns every SweepyError into the error payload."""

from typing import Any


class SweepyError(Exception):
    """Base of every error a tool reports. `message` is written for the reader: what was wrong, what to do."""

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidArgument(SweepyError):
    """A tool argument has the wrong type, is out of range, or conflicts with another."""


class NotFound(SweepyError):
    """A file, profile, sweep or card the caller named does not exist."""


class PathNotAllowed(SweepyError):
    """A write target lies outside the workspace and the state folder."""


class ProfileError(SweepyError):
    """A profile YAML is malformed, has an unknown key, or a value of the wrong type."""


class EngineConfigError(SweepyError):
    """An enabled engine's config is incomplete or invalid."""


class DocumentError(SweepyError):
    """A resume or document could not be read (unsupported, corrupt, too large)."""


class StorageError(SweepyError):
    """A state file (history, session, results) is corrupt, locked or unwritable."""


class SweepFailed(SweepyError):
    """A background sweep ended in an error; carries job_id and sweep_status "failed"."""


class ServerBusy(SweepyError):
    """The server cannot take more work right now (too many sweeps running); retrying later helps."""


class NotAssessed(SweepyError):
    """A report was asked for while cards lack a judgment against the current resume (the report gate)."""


class SweepCancelled(SweepyError):
    """cancel_sweep stopped a running sweep at a stage boundary: it wrote no results and no history."""
