"""The link checker against a real loopback site: verdicts, redirects, caps, and SSRF (blocked addresses,
re-validated hops, DNS pinning), with an audit hook proving no blocked address is ever dialled."""

import socket
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from linksite import HUGE_BYTES, LinkSite, dial_log, running_site

from sweepy.linkcheck import LinkVerdict, check_links
from sweepy.linkcheck.judge import redirected_to_index
from sweepy.net.pinning import Refused, parse_target


@pytest.fixture(scope="module")
def site() -> Iterator[LinkSite]:
    with running_site() as running:
        yield running


@pytest.fixture
def dialled() -> Iterator[list[str]]:
    with dial_log() as log:
        yield log


def names(answers: dict[str, Sequence[str]]) -> tuple[Any, list[str]]:
    """A resolver answering each name from a script (one answer per call, the last one repeated), and its log."""
    calls: list[str] = []

    def resolve(host: str, port: int) -> list[tuple[Any, ...]]:
        calls.append(host)
        script = answers[host]
        address = script[min(calls.count(host), len(script)) - 1]
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, port))]

    return resolve, calls


def one(url: str, **options: Any) -> LinkVerdict:
    [verdict] = check_links([url], **{"allow_private": True, "timeout": 20.0, **options})
    return verdict


def hits(site: LinkSite, path: str) -> int:
    with site.lock:
        return sum(1 for seen in site.seen if seen.path == path)


# -- verdicts -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "verdict", "reason", "status"),
    [
        ("/posting", "verified", "ok", 200),
        ("/gzipped", "verified", "ok", 200),
        ("/missing", "dead", "not_found", 404),
        ("/gone", "dead", "gone", 410),
        ("/closed", "dead", "closed_posting", 200),
        ("/acme/jobs/123", "dead", "redirect_to_index", 200),
        ("/lever/acme/3f1c2a9e-7d4b-4c1e-9a51-0b2c6d8e4f10", "dead", "redirect_to_index", 200),
        ("/moved/jobs/123", "verified", "ok", 200),
        ("/forbidden", "unverified", "forbidden", 403),
        ("/limited", "unverified", "rate_limited", 429),
        ("/broken", "unverified", "server_error", 500),
        ("/unavailable", "unverified", "server_error", 503),
        ("/challenge", "unverified", "anti_bot", 503),
        ("/cf-header", "unverified", "anti_bot", 403),
        ("/captcha", "unverified", "anti_bot", 200),
        ("/linkedin", "unverified", "anti_bot", 999),
        ("/chain/3", "verified", "ok", 200),
        ("/chain/5", "verified", "ok", 200),
        ("/chain/6", "unverified", "too_many_redirects", 302),
        ("/loop", "unverified", "too_many_redirects", 302),
        ("/to-file", "unverified", "blocked_scheme", 302),
    ],
)
def test_loopback_site_verdicts(
    site: LinkSite, dialled: list[str], path: str, verdict: str, reason: str, status: int
) -> None:
    got = one(site.url(path))
    assert (got.url, got.verdict, got.reason, got.status) == (site.url(path), verdict, reason, status)
    assert got.detail and "\n" not in got.detail
    assert set(dialled) == {"127.0.0.1"}


def test_final_url_follows_the_chain(site: LinkSite) -> None:
    assert one(site.url("/chain/3")).final_url == site.url("/posting")
    assert one(site.url("/acme/jobs/123")).final_url == site.url("/acme")
    assert one(site.url("/chain/6")).final_url == site.url("/chain/1")  # the sixth redirect is not followed


def test_hidden_text_does_not_close_a_posting(site: LinkSite) -> None:
    # The posting page carries "Job not found" inside a <script>: not visible, so not a closed posting.
    assert one(site.url("/posting")).reason == "ok"


def test_slow_page_times_out_within_the_budget(site: LinkSite) -> None:
    got = one(site.url("/slow"), timeout=0.3)
    assert (got.verdict, got.reason, got.status) == ("unverified", "timeout", None)


def test_huge_body_is_read_only_to_the_cap(site: LinkSite) -> None:
    got = one(site.url("/huge"), max_bytes=100_000)
    assert (got.verdict, got.reason) == ("verified", "ok")
    assert "first 100000 bytes" in got.detail
    assert site.streamed.wait(10.0)
    assert site.sent["/huge"] < HUGE_BYTES  # the checker hung up instead of draining the stream


def test_gzip_bomb_is_inflated_only_to_the_cap(site: LinkSite) -> None:
    got = one(site.url("/bomb"), max_bytes=50_000)
    assert (got.verdict, got.reason) == ("dead", "closed_posting")
    assert "first 50000 bytes" in got.detail  # of the 30 MB it inflates to


def test_many_links_keep_their_order_under_concurrency(site: LinkSite) -> None:
    paths = ["/posting", "/missing", "/gone", "/closed", "/limited", "/chain/2", "/broken", "/acme/jobs/123"] * 3
    got = check_links([site.url(p) for p in paths], allow_private=True, concurrency=8)
    assert [v.url for v in got] == [site.url(p) for p in paths]
    reasons = ["ok", "not_found", "gone", "closed_posting", "rate_limited", "ok", "server_error", "redirect_to_index"]
    assert [v.reason for v in got] == reasons * 3
    assert check_links([], allow_private=False) == []


# -- SSRF: blocked destinations (S-37) --------------------------------------------------------------------------
LOOPBACK_PATHS = ["/posting", "/missing", "/to-metadata", "/chain/3", "/slow"]


@pytest.mark.parametrize("path", LOOPBACK_PATHS)
def test_without_allow_private_loopback_is_blocked_and_never_reached(
    site: LinkSite, dialled: list[str], path: str
) -> None:
    before = hits(site, path)
    got = one(site.url(path), allow_private=False, ports=[site.port])
    assert (got.verdict, got.reason, got.status) == ("unverified", "blocked_address", None)
    assert "loopback" in got.detail
    assert hits(site, path) == before
    assert dialled == []


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1/", "blocked_address"),
        ("http://127.1/", "blocked_address"),
        ("http://2130706433/", "blocked_address"),
        ("http://0x7f000001/", "blocked_address"),
        ("http://017700000001/", "blocked_address"),
        ("http://localhost/", "blocked_address"),
        ("http://[::1]/", "blocked_address"),
        ("http://[::ffff:127.0.0.1]/", "blocked_address"),
        ("http://0.0.0.0/", "blocked_address"),
        ("http://169.254.169.254/latest/meta-data/", "blocked_address"),
        ("http://10.0.0.1/", "blocked_address"),
        ("http://172.16.0.1/", "blocked_address"),
        ("http://192.168.1.1/", "blocked_address"),
        ("http://100.64.0.1/", "blocked_address"),
        ("http://[fec0::1]/", "blocked_address"),
        ("http://[64:ff9b::7f00:1]/", "blocked_address"),
        ("http://[2002:7f00:1::]/", "blocked_address"),
        ("http://224.0.0.1/", "blocked_address"),
        ("http://8.8.8.8:6379/", "blocked_address"),
        ("file:///etc/passwd", "blocked_scheme"),
        ("ftp://ftp.example.com/jobs.txt", "blocked_scheme"),
        ("gopher://127.0.0.1:6379/_INFO", "blocked_scheme"),
        ("http://u@127.0.0.1:80@x.test/", "bad_url"),
        ("not a url", "bad_url"),
    ],
)
def test_blocked_destinations_are_never_dialled(dialled: list[str], url: str, reason: str) -> None:
    # The real getaddrinfo: these spellings are parsed locally (inet_aton, /etc/hosts), never sent to DNS.
    [got] = check_links([url], allow_private=False)
    assert (got.url, got.verdict, got.reason) == (url, "unverified", reason)
    assert dialled == []


def test_a_name_resolving_to_a_private_address_anywhere_in_its_answer_is_blocked(dialled: list[str]) -> None:
    def both(host: str, port: int) -> list[tuple[Any, ...]]:
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port)),
            (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::1", port, 0, 0)),
        ]

    [got] = check_links(["https://jobs.mixed.test/1"], allow_private=False, resolver=both)
    assert (got.reason, got.detail) == (
        "blocked_address",
        "jobs.mixed.test resolves to ::1, which is loopback (::1/128)",
    )
    assert dialled == []


def test_one_bad_url_does_not_spoil_the_batch(site: LinkSite) -> None:
    got = check_links(["http://169.254.169.254/", site.url("/posting"), "ftp://x"], allow_private=True)
    assert [v.reason for v in got] == ["blocked_address", "ok", "blocked_scheme"]


# -- SSRF: redirects and rebinding (S-38) ------------------------------------------------------------------------
def test_redirect_to_metadata_is_blocked_at_the_hop(site: LinkSite, dialled: list[str]) -> None:
    got = one(site.url("/to-metadata"))
    assert (got.verdict, got.reason, got.status) == ("unverified", "blocked_address", 302)
    assert got.final_url == "http://169.254.169.254/latest/meta-data/"
    assert set(dialled) == {"127.0.0.1"}


def test_connection_goes_to_the_pinned_address_with_the_original_host(site: LinkSite, dialled: list[str]) -> None:
    # jobs.acme.test does not exist in DNS: only the pinned address can have carried the request.
    resolver, calls = names({"jobs.acme.test": ["127.0.0.1"]})
    got = one(f"http://jobs.acme.test:{site.port}/posting", resolver=resolver)
    assert (got.verdict, got.reason) == ("verified", "ok")
    assert site.seen[-1].host == f"jobs.acme.test:{site.port}"
    assert calls == ["jobs.acme.test"]
    assert dialled == ["127.0.0.1"]


def test_every_hop_is_resolved_and_validated_again(site: LinkSite, dialled: list[str]) -> None:
    # The first lookup passes; the redirect's lookup of the same name now says metadata: blocked there.
    resolver, calls = names({"jobs.acme.test": ["127.0.0.1", "169.254.169.254"]})
    before = hits(site, "/chain/2")
    got = one(f"http://jobs.acme.test:{site.port}/chain/2", resolver=resolver)
    assert (got.verdict, got.reason, got.status) == ("unverified", "blocked_address", 302)
    assert got.final_url == f"http://jobs.acme.test:{site.port}/chain/1"
    assert calls == ["jobs.acme.test", "jobs.acme.test"]
    assert hits(site, "/chain/2") == before + 1 and dialled == ["127.0.0.1"]


def test_dns_rebinding_gets_nowhere(site: LinkSite, dialled: list[str]) -> None:
    # A public answer first, then loopback: the connection goes to the public address that was checked (the
    # test's audit hook refuses it), never to a fresh lookup's 127.0.0.1, so the loopback site sees nothing.
    resolver, calls = names({"jobs.rebind.test": ["93.184.216.34", "127.0.0.1"]})
    before = len(site.seen)
    got = one(f"http://jobs.rebind.test:{site.port}/posting", allow_private=False, resolver=resolver, ports=[site.port])
    assert (got.verdict, got.reason) == ("unverified", "unreachable")
    assert dialled == ["93.184.216.34"]
    assert calls == ["jobs.rebind.test"]
    assert len(site.seen) == before


@pytest.mark.parametrize(
    ("host", "path"),
    [
        ("boards.greenhouse.io", "/acme/jobs/123"),  # → /acme
        ("jobs.lever.co", "/lever/acme/3f1c2a9e-7d4b-4c1e-9a51-0b2c6d8e4f10"),  # → /lever/acme
    ],
)
def test_board_hosts_redirecting_to_their_index_are_dead(site: LinkSite, host: str, path: str) -> None:
    resolver, _ = names({host: ["127.0.0.1"]})
    got = one(f"http://{host}:{site.port}{path}", resolver=resolver)
    assert (got.verdict, got.reason) == ("dead", "redirect_to_index")
    assert site.seen[-1].host == f"{host}:{site.port}"


# -- the rules on their own ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("original", "final", "expected"),
    [
        ("https://boards.greenhouse.io/acme/jobs/123", "https://boards.greenhouse.io/acme", True),
        ("https://boards.greenhouse.io/acme/jobs/123", "https://job-boards.greenhouse.io/acme?error=true", True),
        ("https://jobs.lever.co/acme/3f1c2a9e-7d4b", "https://jobs.lever.co/acme", True),
        ("https://jobs.lever.co/acme/3f1c2a9e-7d4b", "https://jobs.lever.co/", True),
        ("https://acme.com/careers/jobs/42", "https://www.acme.com/careers/jobs", True),
        ("https://acme.co.uk/jobs/42", "https://acme.co.uk/", True),
        ("https://boards.greenhouse.io/acme/jobs/123", "https://boards.greenhouse.io/acme/jobs/123/", False),
        ("http://jobs.lever.co/acme/3f1c", "https://jobs.lever.co/acme/3f1c", False),
        ("https://acme.com/jobs/42", "https://acme.com/en/jobs/42", False),
        ("https://acme.com/jobs/42", "https://acme.com/jobs/42/apply", False),
        ("https://acme.com/jobs/42", "https://other.com/", False),
        ("https://acme.co.uk/jobs/42", "https://evil.co.uk/", False),
        ("https://acme.com/", "https://acme.com/", False),
    ],
)
def test_redirect_to_index_rule(original: str, final: str, expected: bool) -> None:
    assert redirected_to_index(original, final) is expected


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://u@127.0.0.1:80@evil.com/", "bad_url"),
        ("http://user:pw@example.com/job", "bad_url"),
        ("http://@example.com/job", "bad_url"),
        ("http://example.com\\@127.0.0.1/", "bad_url"),
        ("http://exa mple.com/", "bad_url"),
        ("http://example.com/\x00", "bad_url"),
        ("http:///job", "bad_url"),
        ("http://example.com:99999/", "bad_url"),
        ("http://[::1/", "bad_url"),
        ("file:///etc/passwd", "blocked_scheme"),
        ("ftp://example.com/job", "blocked_scheme"),
        ("gopher://127.0.0.1:6379/_INFO", "blocked_scheme"),
        ("javascript:alert(1)", "blocked_scheme"),
        ("example.com/job", "blocked_scheme"),
        ("http://example.com:6379/", "blocked_address"),
    ],
)
def test_urls_refused_before_any_lookup(url: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_target(url, (80, 443))
    assert refused.value.reason == reason


@pytest.mark.parametrize(
    ("url", "host", "port"),
    [
        ("https://boards.greenhouse.io/acme/jobs/123", "boards.greenhouse.io", 443),
        ("http://JOBS.Lever.co/acme/1", "jobs.lever.co", 80),
        ("http://[::1]:8080/x", "::1", 8080),
        ("https://bücher.example/jobs/1", "xn--bcher-kva.example", 443),
        ("  https://example.com/job?id=1#apply ", "example.com", 443),
    ],
)
def test_accepted_urls_name_the_host_httpcore_connects_to(url: str, host: str, port: int) -> None:
    _, got_host, got_port = parse_target(url, None)
    assert (got_host, got_port) == (host, port)


@pytest.fixture
def own_site() -> Iterator[LinkSite]:
    """A site of the test's own: its request log and clock hook start empty."""
    with running_site() as running:
        yield running


class TickingClock:
    """A fake monotonic clock that the link site moves forward as each request arrives (no real waiting)."""

    def __init__(self, steps: dict[str, float]) -> None:
        self.now = 0.0
        self.steps = steps

    def __call__(self) -> float:
        return self.now

    def tick(self, path: str) -> None:
        self.now += self.steps.get(path, 0.0)


def test_the_whole_batch_ends_at_its_deadline_and_says_what_was_not_checked(own_site: LinkSite) -> None:
    site = own_site
    # One link at a time: /posting arrives at t=30 (within the 50 s batch), /closed pushes the clock to 60
    # while it is in flight, and /gone is never reached.
    clock = TickingClock({"/posting": 30.0, "/closed": 30.0})
    site.on_request = clock.tick
    urls = [site.url("/posting"), site.url("/closed"), site.url("/gone")]
    got = check_links(urls, allow_private=True, timeout=100, concurrency=1, deadline=50, clock=clock)
    assert [(v.verdict, v.reason) for v in got] == [
        ("verified", "ok"),
        ("not_checked", "deadline"),
        ("not_checked", "deadline"),
    ]
    assert got[2].detail == "not checked within the validation's 50 s"
    assert [s.path for s in site.seen] == ["/posting", "/closed"]


def test_a_link_timing_out_on_its_own_is_still_a_timeout(own_site: LinkSite) -> None:
    site = own_site
    clock = TickingClock({"/posting": 20.0})
    site.on_request = clock.tick
    [got] = check_links([site.url("/posting")], allow_private=True, timeout=10, deadline=60, clock=clock)
    assert (got.verdict, got.reason) == ("unverified", "timeout")


def test_a_redirect_httpx_cannot_parse_fails_only_its_own_link(site: LinkSite) -> None:
    got = check_links([site.url("/bad-location"), site.url("/posting")], allow_private=True)
    assert [(v.verdict, v.reason) for v in got] == [("unverified", "bad_url"), ("verified", "ok")]
    assert got[0].detail.startswith("the redirect's Location does not parse")
