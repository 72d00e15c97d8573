"""Sweeps from behind an HTTP CONNECT proxy (issue 22 item 5), against a real proxy on loopback (connect_proxy.py)
tunnelling to the fake boards: the guard still checks the proxy's own address, refuses a private or metadata
target before the proxy hears of it, keeps keys with their own API and checks every redirect hop."""

import base64
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from connect_proxy import ConnectProxy, running_proxy
from fakeboards import FakeBoards, Fault, running
from fakeboards.usajobs import EMAIL, KEY
from linksite import dial_log
from web import sweep

from sweepy.engines.http import build_client

ACME = r"^/v1/boards/acme/jobs$"


@pytest.fixture
def proxy(boards: FakeBoards) -> Iterator[ConnectProxy]:
    """The proxy, which resolves `boards.test` (and `other.test`, when a test adds it) to the fake boards."""
    with running_proxy(hosts={"boards.test": "127.0.0.1"}) as server:
        yield server


def behind(monkeypatch: pytest.MonkeyPatch, proxy: ConnectProxy, url: str | None = None) -> None:
    """The person's environment: SWEEPY_PROXY, a private proxy allowed, and no opening for private targets (the
    targets are names the proxy resolves, so the guard needs none)."""
    monkeypatch.setenv("SWEEPY_PROXY", url or proxy.url)
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_PROXY", "1")
    monkeypatch.delenv("SWEEPY_ALLOW_PRIVATE_URLS")


def named(boards: FakeBoards, host: str = "boards.test") -> str:
    return f"http://{host}:{boards.url.rsplit(':', 1)[1]}"


def only(found: Any) -> Any:
    (report,) = found.sources
    return report


def test_a_sweep_through_the_proxy_returns_cards_and_the_proxy_saw_the_connects(
    boards: FakeBoards, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    found = sweep("greenhouse", {"boards": ["acme", "emptyco"], "base_url": named(boards)}, tmp_path)
    assert [(r.source, r.status, r.postings) for r in found.sources] == [("acme", "ok", 2), ("emptyco", "ok", 0)]
    assert [p.title for p in found.postings] == ["Senior Paralegal", "Litigation Paralegal"]
    port = boards.url.rsplit(":", 1)[1]
    assert proxy.connects() and set(proxy.connects()) == {f"boards.test:{port}"}
    assert all(seen.line.startswith("CONNECT ") for seen in proxy.seen)  # never the absolute-URI form
    sent = boards.requests(ACME)[0]
    assert sent.headers["Host"] == f"boards.test:{port}"  # the target's own request, end to end
    assert not any(name.lower() == "proxy-authorization" for name in sent.headers)


def test_a_proxy_asking_for_credentials_is_a_clear_source_error(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_proxy(hosts={"boards.test": "127.0.0.1"}, credentials="ann:pw") as proxy:
        behind(monkeypatch, proxy)
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path))
        assert (report.status, report.reason, report.counts_as_failure) == ("skipped", "unreachable", False)
        assert "the proxy asked for credentials; put them in the proxy URL as http://user:pass@host:port" in (
            report.detail
        )
        assert f"{proxy.url} (from SWEEPY_PROXY) answered 407 Proxy Authentication Required" in report.detail
        assert len(proxy.connects()) == 1  # a 407 is not retried
    assert boards.hits() == 0


def test_credentials_in_the_proxy_url_go_to_the_proxy_only_as_proxy_authorization(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_proxy(hosts={"boards.test": "127.0.0.1"}, credentials="ann:s3cret/x") as proxy:
        behind(monkeypatch, proxy, proxy.url.replace("://", "://ann:s3cret%2Fx@"))
        found = sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path)
        assert (only(found).status, only(found).postings) == ("ok", 2)
        wanted = "Basic " + base64.b64encode(b"ann:s3cret/x").decode()
        assert {seen.headers.get("proxy-authorization") for seen in proxy.seen} == {wanted}
    assert all("proxy-authorization" not in {n.lower() for n in r.headers} for r in boards.requests())


def test_wrong_credentials_say_the_proxy_refused_them_and_show_no_password(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_proxy(hosts={"boards.test": "127.0.0.1"}, credentials="ann:right") as proxy:
        behind(monkeypatch, proxy, proxy.url.replace("://", "://ann:wrong-pw@"))
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path))
    assert report.reason == "unreachable"
    assert "the proxy refused the credentials in its URL" in report.detail
    assert "wrong-pw" not in report.detail and "ann:" not in report.detail


def test_a_proxy_that_accepts_and_hangs_ends_as_a_timeout_within_the_source_deadline(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_proxy(mode="hang") as proxy:
        behind(monkeypatch, proxy)
        # The per-source deadline (orchestrator.timeout_per_source_seconds) made small: the sweep returns on it.
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path, timeout=1))
        assert (report.status, report.reason) == ("skipped", "timeout")  # the proxy's or the sweep's word for it
        assert proxy.connects() == [f"boards.test:{boards.url.rsplit(':', 1)[1]}"]
    assert boards.hits() == 0


def test_a_private_proxy_without_the_flag_is_refused_before_connecting(
    boards: FakeBoards, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    monkeypatch.delenv("SWEEPY_ALLOW_PRIVATE_PROXY")
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")  # opens private targets, never a private proxy
    with dial_log() as dialled:
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path))
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert f"the proxy {proxy.url} (from SWEEPY_PROXY) is at 127.0.0.1, which is loopback" in report.detail
    assert "set SWEEPY_ALLOW_PRIVATE_PROXY=1" in report.detail
    assert "connects only to public addresses" not in report.detail  # the proxy's remedy, not the target's
    assert (dialled, proxy.seen, boards.hits()) == ([], [], 0)


def test_a_proxy_at_a_metadata_address_is_refused_even_with_the_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWEEPY_PROXY", "http://169.254.169.254:3128")
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_PROXY", "1")
    with dial_log() as dialled:
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": "http://boards.test:9"}, tmp_path))
    assert report.reason == "blocked_address"
    assert "the proxy http://169.254.169.254:3128 (from SWEEPY_PROXY): 169.254.169.254 is cloud metadata" in (
        report.detail
    )
    assert dialled == []


@pytest.mark.parametrize(
    ("base_url", "said"),
    [
        ("http://10.0.0.1:9", "10.0.0.1 is private (10.0.0.0/8)"),
        ("http://192.168.1.1:9", "192.168.1.1 is private (192.168.0.0/16)"),
        ("http://[fd00::1]:9", "fd00::1 is unique-local"),
        ("http://2130706433:9", "127.0.0.1 is loopback"),
        ("http://localhost:9", "localhost is loopback"),
        ("http://169.254.169.254", "169.254.169.254 is cloud metadata"),
        ("http://metadata.google.internal", "metadata.google.internal is cloud metadata"),
    ],
)
def test_a_private_or_metadata_target_is_refused_before_anything_reaches_the_proxy(
    base_url: str, said: str, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    with dial_log() as dialled:
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": base_url}, tmp_path))
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert said in report.detail
    assert (dialled, proxy.seen) == ([], [])


def test_metadata_stays_refused_through_the_proxy_with_private_targets_open(
    proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": "http://169.254.169.254"}, tmp_path))
    assert report.reason == "blocked_address" and "cloud metadata" in report.detail
    assert proxy.seen == []


def test_a_redirect_through_the_proxy_is_checked_at_its_hop(
    boards: FakeBoards, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    boards.fault(ACME, Fault("redirect", status=302, location="http://169.254.169.254/latest/meta-data/"))
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path))
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert "its redirect 1 is refused: 169.254.169.254 is cloud metadata" in report.detail
    assert proxy.connects() == [f"boards.test:{boards.url.rsplit(':', 1)[1]}"]  # the first hop only


def test_a_key_does_not_follow_a_redirect_through_the_proxy_to_another_origin(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USAJOBS_API_KEY", KEY)
    monkeypatch.setenv("USAJOBS_EMAIL", EMAIL)
    with running() as other, running_proxy(hosts={"boards.test": "127.0.0.1", "other.test": "127.0.0.1"}) as proxy:
        behind(monkeypatch, proxy)
        elsewhere = named(other, "other.test")
        boards.fault(r"^/api/search$", Fault("redirect", status=307, location=f"{elsewhere}/api/search?Keyword=x"))
        found = sweep("usajobs", {"base_url": named(boards)}, tmp_path, titles=["Paralegal"])
        (sent,) = other.requests()
        targets = proxy.connects()
    assert "Authorization-Key" not in sent.headers
    assert KEY not in str(sent.headers) and EMAIL not in str(sent.headers)
    assert boards.requests()[0].headers["Authorization-Key"] == KEY  # its own API had it
    assert targets == [named(boards).split("//")[1], elsewhere.split("//")[1]]  # each hop through the proxy
    assert (only(found).reason, KEY in only(found).detail) == ("http_error", False)


def _resolver(name: str) -> Any:
    def resolve(host: str, port: int, *_: Any) -> list[tuple[Any, ...]]:
        if host == name:
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    return resolve


def test_a_no_proxy_host_goes_direct(
    boards: FakeBoards, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")  # direct, boards.test is what our resolver says: loopback
    monkeypatch.setenv("NO_PROXY", "example.org, .test")
    found = sweep(
        "greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path,
        make_client=lambda: build_client(resolver=_resolver("boards.test")),
    )  # fmt: skip
    assert (only(found).status, only(found).postings) == ("ok", 2)
    assert proxy.seen == []
    assert boards.hits(ACME) == 1


def test_a_no_proxy_host_still_goes_through_the_guard(
    boards: FakeBoards, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    monkeypatch.setenv("no_proxy", "boards.test")
    found = sweep(
        "greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path,
        make_client=lambda: build_client(resolver=_resolver("boards.test")),
    )  # fmt: skip
    assert only(found).reason == "blocked_address"
    assert "boards.test resolves to 127.0.0.1, which is loopback" in only(found).detail
    assert (proxy.seen, boards.hits()) == ([], 0)


def test_a_loopback_target_goes_direct_never_to_the_proxy(
    boards: FakeBoards, proxy: ConnectProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    behind(monkeypatch, proxy)
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")  # the proxy's loopback is not this machine's
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    assert (only(found).status, only(found).postings) == ("ok", 2)
    assert proxy.seen == []


def test_a_proxy_variable_that_does_not_parse_skips_every_source_saying_how_to_fix_it(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HTTP_PROXY", "socks5://127.0.0.1:1080")
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path))
    assert report.reason == "unreachable"
    assert report.detail.endswith(
        "not fetched: HTTP_PROXY='socks5://127.0.0.1:1080' is a socks5:// proxy; Sweepy speaks only to HTTP proxies"
        " (CONNECT): give its http://host:port URL (or SWEEPY_PROXY=direct to use none)"
    )
    assert boards.hits() == 0


def test_a_proxy_that_refuses_the_tunnel_says_so_and_where_to_go_instead(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_proxy(mode="deny") as proxy:
        behind(monkeypatch, proxy)
        report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": named(boards)}, tmp_path))
    assert report.reason == "unreachable"
    assert "refused a tunnel to boards.test:" in report.detail and "(403 Forbidden)" in report.detail
    assert "tunnels to port 443 only" in report.detail and "NO_PROXY" in report.detail
