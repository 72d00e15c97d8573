"""list_sweeps cursors: a cursor this process issued decodes to its sweep id; anything else is one clear error."""

import base64
from pathlib import Path

import pytest

from sweepy.errors import InvalidArgument
from sweepy.pipeline import SweepOptions
from sweepy.sweeps import SweepJob, SweepRegistry

NOT_OURS = (
    "cursor is not one this server issued (malformed, edited, or from before a restart). "
    "Call list_sweeps without cursor to start from the first page."
)


def registry_with_a_job() -> tuple[SweepRegistry, SweepJob]:
    registry = SweepRegistry()
    job = SweepJob(Path("p.yaml"), "p", SweepOptions(), debug_log=Path("x.log"))
    registry._jobs[job.id] = job  # listed without starting a thread
    return registry, job


def signed(registry: SweepRegistry, payload: bytes) -> str:
    """A cursor whose signature is valid for an arbitrary body, as if this process had issued it."""
    body = base64.urlsafe_b64encode(payload).decode().rstrip("=")
    return f"{body}.{registry._sign(body)}"


def test_an_issued_cursor_decodes_to_its_sweep() -> None:
    registry, job = registry_with_a_job()
    assert registry.decode_cursor(registry.encode_cursor(job)) == job.id


@pytest.mark.parametrize(
    "cursor",
    ["abc.é", "é.abc", "abc.\ud800", "not-a-cursor", "abc.", "eyJhZnRlciI6ICJ4In0.deadbeef"],
)
def test_a_foreign_cursor_is_refused_with_one_message(cursor: str) -> None:
    registry, _job = registry_with_a_job()
    with pytest.raises(InvalidArgument) as caught:
        registry.decode_cursor(cursor)
    assert caught.value.message == NOT_OURS


def test_a_non_ascii_cursor_next_to_a_valid_signature_is_refused() -> None:
    registry, job = registry_with_a_job()
    body, _, signature = registry.encode_cursor(job).partition(".")
    with pytest.raises(InvalidArgument) as caught:
        registry.decode_cursor(f"{body}é.{signature}")
    assert caught.value.message == NOT_OURS


@pytest.mark.parametrize("payload", [b"not json", b"[1, 2]", b"{}", b'{"after": ["x"]}', b'{"after": 7}', b"\xff"])
def test_a_signed_body_that_is_not_the_expected_json_is_refused(payload: bytes) -> None:
    registry, _job = registry_with_a_job()
    with pytest.raises(InvalidArgument) as caught:
        registry.decode_cursor(signed(registry, payload))
    assert caught.value.message == NOT_OURS


def test_a_signed_body_with_invalid_base64_is_refused() -> None:
    registry, _job = registry_with_a_job()
    body = "a"  # one base64 character cannot encode a byte
    with pytest.raises(InvalidArgument) as caught:
        registry.decode_cursor(f"{body}.{registry._sign(body)}")
    assert caught.value.message == NOT_OURS


def test_a_cursor_for_a_forgotten_sweep_is_stale() -> None:
    registry, _job = registry_with_a_job()
    with pytest.raises(InvalidArgument) as caught:
        registry.decode_cursor(signed(registry, b'{"after": "gone"}'))
    assert caught.value.message.startswith("cursor is stale")
