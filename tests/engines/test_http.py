"""The shared HTTP layer against the fake board server: deadlines, retries, Retry-After, caps, cache, breaker."""

import email.utils
import threading
import time
from pathlib import Path

import httpx
import pytest
from clocks import FakeClock
from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.answers import parse_retry_after
from sweepy.engines.api_urls import api_url
from sweepy.engines.base import SourceError
from sweepy.engines.http import MAX_RESPONSE_BYTES, Network, SourceClient, build_client, open_network
from sweepy.errors import EngineConfigError
from sweepy.pipeline.discover import discover
from sweepy.settings import Settings

ACME = r"^/v1/boards/acme/jobs$"


def greenhouse(boards: FakeBoards, *names: str) -> dict[str, object]:
    return {"boards": list(names or ["acme"]), "base_url": boards.url}


def only(found: object) -> tuple[str, str | None, int]:
    (report,) = found.sources  # type: ignore[attr-defined]
    return report.status, report.reason, report.requests


def test_a_slow_source_is_skipped_at_its_own_deadline(boards: FakeBoards, tmp_path: Path) -> None:
    # The board holds the request, and as it arrives the sweep's clock moves past the source's 30 s: the sweep
    # gives up on it then, without waiting for the answer (released only once the sweep has returned).
    clock, release = FakeClock(), threading.Event()
    boards.fault(ACME, Fault("gate", gate=release, arrived=lambda _request: clock.set(31.0)))
    try:
        found = sweep("greenhouse", greenhouse(boards), tmp_path, timeout=30, monotonic=clock)
    finally:
        release.set()
    assert [(r.source, r.status, r.reason, r.elapsed_seconds) for r in found.sources] == [
        ("acme", "skipped", "timeout", 31.0)
    ]
    assert found.postings == []
    assert found.sources[0].detail == "no complete answer within 30 s (orchestrator.timeout_per_source_seconds)"


def test_a_body_dripping_one_byte_at_a_time_ends_at_the_deadline(boards: FakeBoards) -> None:
    # No single read ever times out (a byte every 0.2 s): the source's own deadline, looked at between the chunks
    # of the body, ends it. The sweep's clock passes the 30 s budget as the headers come in.
    boards.fault(ACME, Fault("drip", delay=0.2))
    clock = FakeClock()
    with httpx.Client(event_hooks={"response": [lambda _answer: clock.set(31.0)]}) as client:
        source = SourceClient(Network(client), 30.0, 30.0, monotonic=clock)
        with pytest.raises(SourceError) as caught:
            source.get_json(f"{boards.url}/v1/boards/acme/jobs")
    assert (caught.value.reason, caught.value.detail) == (
        "timeout",
        "no complete answer within 30 s (orchestrator.timeout_per_source_seconds)",
    )


def test_a_retry_after_within_the_budget_is_honoured_then_the_answer_counts(boards: FakeBoards, tmp_path: Path) -> None:
    waits: list[float] = []
    boards.fault(ACME, Fault("status", status=429, retry_after="2", times=1))
    found = sweep("greenhouse", greenhouse(boards), tmp_path, timeout=30, sleep=waits.append)
    assert only(found) == ("ok", None, 2)
    assert waits == [2.0]
    assert len(found.postings) == 2


def test_a_retry_after_longer_than_the_budget_skips_at_once_as_http_429(boards: FakeBoards, tmp_path: Path) -> None:
    waits: list[float] = []
    boards.fault(ACME, Fault("status", status=429, retry_after="3600"))
    found = sweep("greenhouse", greenhouse(boards), tmp_path, timeout=30, sleep=waits.append)
    assert only(found) == ("skipped", "http_429", 1)
    assert waits == []
    assert "asked to wait 3600 s" in found.sources[0].detail


def test_a_retry_after_http_date_is_read_as_seconds_from_now() -> None:
    now = time.time()
    date = email.utils.formatdate(now + 120, usegmt=True)
    assert parse_retry_after(date, now) == pytest.approx(120, abs=1)
    assert parse_retry_after("7", now) == 7
    assert [parse_retry_after(v, now) for v in ("-1", "1.5", "soon", "", None, "²")] == [None] * 6


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_server_errors_are_retried_only_when_they_may_pass(boards: FakeBoards, tmp_path: Path, status: int) -> None:
    waits: list[float] = []
    boards.fault(ACME, Fault("status", status=status))
    found = sweep("greenhouse", greenhouse(boards), tmp_path, sleep=waits.append)
    retried = status != 500
    assert only(found) == ("skipped", "http_error", 4 if retried else 1)
    assert len(waits) == (3 if retried else 0)
    assert all(0 < w <= 8 for w in waits)


@pytest.mark.parametrize(
    ("fault", "detail"),
    [
        ("truncated", "was cut short or garbled"),
        ("not_json", "is not JSON (it starts with '<!DOCTYPE html><html><body>Just a moment')"),
        ("huge", f"is larger than {MAX_RESPONSE_BYTES // 1_000_000} MB"),
        ("gzip_bomb", f"inflates past {MAX_RESPONSE_BYTES // 1_000_000} MB"),
    ],
)
def test_bad_bodies_are_bad_response_and_nothing_is_cached(
    boards: FakeBoards, tmp_path: Path, fault: str, detail: str
) -> None:
    boards.fault(ACME, Fault(fault))
    found = sweep("greenhouse", greenhouse(boards, "acme", "emptyco"), tmp_path, cache_ttl=3600)
    assert [(r.source, r.status, r.reason) for r in found.sources] == [
        ("acme", "skipped", "bad_response"),
        ("emptyco", "ok", None),
    ]
    assert detail in found.sources[0].detail
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 1  # emptyco's good answer only


def test_a_wrong_json_shape_is_bad_response(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(ACME, Fault("status", status=200, body=["not", "an", "object"]))
    found = sweep("greenhouse", greenhouse(boards), tmp_path)
    assert only(found)[:2] == ("skipped", "bad_response")
    assert found.sources[0].detail == "the board is not a JSON object (got list)"


def test_a_gzip_answer_is_decoded(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(ACME, Fault("gzip"))
    found = sweep("greenhouse", greenhouse(boards), tmp_path)
    assert only(found) == ("ok", None, 1)
    assert [p.title for p in found.postings] == ["Senior Paralegal", "Litigation Paralegal"]
    assert boards.requests(ACME)[0].headers["Accept-Encoding"] == "gzip, deflate"


def test_a_refused_connection_is_unreachable_after_retries(tmp_path: Path) -> None:
    waits: list[float] = []
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": "http://127.0.0.1:9"}, tmp_path, sleep=waits.append)
    assert only(found) == ("skipped", "unreachable", 4)
    assert len(waits) == 3


def test_a_second_sweep_within_the_ttl_sends_no_request(boards: FakeBoards, tmp_path: Path) -> None:
    first = sweep("greenhouse", greenhouse(boards), tmp_path, cache_ttl=3600)
    second = sweep("greenhouse", greenhouse(boards), tmp_path, cache_ttl=3600)
    assert boards.hits(ACME) == 1
    assert [(r.requests, r.cached) for r in (*first.sources, *second.sources)] == [(1, 0), (0, 1)]
    assert [p.url for p in second.postings] == [p.url for p in first.postings]


def test_an_expired_or_corrupt_cache_entry_is_a_miss(boards: FakeBoards, tmp_path: Path) -> None:
    now = [1_000_000.0]
    sweep("greenhouse", greenhouse(boards), tmp_path, cache_ttl=60, clock=lambda: now[0])
    now[0] += 61
    sweep("greenhouse", greenhouse(boards), tmp_path, cache_ttl=60, clock=lambda: now[0])
    (entry,) = (tmp_path / "cache").glob("*.bin")
    entry.write_bytes(b"garbage")
    sweep("greenhouse", greenhouse(boards), tmp_path, cache_ttl=60, clock=lambda: now[0])
    assert boards.hits(ACME) == 3


def test_the_breaker_opens_after_failed_sweeps_in_a_row_and_probes_after_the_cooldown(
    boards: FakeBoards, tmp_path: Path
) -> None:
    now = [1_000_000.0]
    boards.fault(ACME, Fault("status", status=500))

    def run() -> tuple[str, str | None, int]:
        return only(sweep("greenhouse", greenhouse(boards), tmp_path, breaker=(2, 600), clock=lambda: now[0]))

    assert [run(), run()] == [("skipped", "http_error", 1)] * 2
    assert run() == ("skipped", "circuit_open", 0)  # no request while open
    assert boards.hits(ACME) == 2
    now[0] += 601
    boards.faults.clear()
    assert run() == ("ok", None, 1)  # the probe after the cooldown closes it
    assert run() == ("ok", None, 1)
    assert (tmp_path / "breakers.json").read_text(encoding="utf-8").strip() == "{}"


def test_a_404_does_not_move_the_breaker(boards: FakeBoards, tmp_path: Path) -> None:
    for _ in range(3):
        found = sweep("greenhouse", greenhouse(boards, "nosuch"), tmp_path, breaker=(1, 600))
        assert only(found) == ("skipped", "http_error", 1)


def test_keys_are_redacted_from_details_even_inside_urls(boards: FakeBoards) -> None:
    with httpx.Client() as client:
        source = SourceClient(Network(client), time.monotonic() + 5, 5)
        source.add_secret("s3cr3t/key")
        url = api_url(boards.url, "/api/{key}", {"q": "x"}, key="s3cr3t/key")
        assert "s3cr3t%2Fkey" in url
        with pytest.raises(Exception) as caught:
            source.get_json(url)
    detail = getattr(caught.value, "detail", "")
    assert detail.startswith("HTTP 404 from 127.0.0.1:")
    assert "s3cr3t" not in detail and "***" in detail


def test_a_profile_cannot_send_another_secret_of_the_server(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A prompt-injected assistant could write a profile naming any variable and any base_url: only variables
    # named for the engine are read, and only the real API receives keys unless the person trusts base_urls.
    monkeypatch.setenv("CLOUD_TOKEN", "sk-do-not-send")
    with pytest.raises(EngineConfigError, match="not named for this engine; use a name starting with SERPAPI_"):
        get_engine("serpapi").parse_config({"api_key_env": "CLOUD_TOKEN"}, Settings.from_env().workspace())
    monkeypatch.setenv("SERPAPI_API_KEY", "serp-key")
    config = get_engine("serpapi").parse_config({"base_url": boards.url}, Settings.from_env().workspace())
    with open_network(build_client, tmp_path, None, None) as network:  # SWEEPY_TRUST_BASE_URLS not set
        request = DiscoverRequest(["Paralegal"], "New York, NY", Settings.from_env().workspace(), {}, network=network)
        found = discover({"serpapi": config}, request)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests) == ("skipped", "config", 0)
    assert "SWEEPY_TRUST_BASE_URLS=1" in report.detail
    assert boards.hits("/search") == 0


def test_a_key_gone_by_sweep_time_is_named_as_validation_names_it(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One reader (env_secret) for both moments: the profile was valid, then the variable left the environment.
    monkeypatch.setenv("SERPAPI_API_KEY", "serp-key-that-leaves")
    config = get_engine("serpapi").parse_config({"base_url": boards.url}, Settings.from_env().workspace())
    monkeypatch.delenv("SERPAPI_API_KEY")
    with pytest.raises(EngineConfigError) as at_validation:
        get_engine("serpapi").parse_config({"base_url": boards.url}, Settings.from_env().workspace())
    with open_network(build_client, tmp_path, None, None, trust_base_urls=True) as network:
        request = DiscoverRequest(["Paralegal"], "New York, NY", Settings.from_env().workspace(), {}, network=network)
        found = discover({"serpapi": config}, request)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests) == ("skipped", "config", 0)
    assert report.detail == at_validation.value.message
    assert report.detail.startswith("serpapi: the environment variable SERPAPI_API_KEY is not set;")
    assert boards.hits("/search") == 0
