"""Checking many job links at once: each one within its own deadline and byte cap, every redirect hop
re-validated and pinned, the result one verdict per link."""

import functools
import socket
import ssl
import time
from collections.abc import Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal

import httpx

from .. import __version__
from ..net.bodies import BodyProblem, inflater, raw_chunks
from ..net.pinning import (
    DEFAULT_PORTS,
    PinnedBackend,
    PinnedTransport,
    Refused,
    Resolver,
    parse_target,
    resolve,
    route,
)
from ..net.proxy import ProxyRules
from .judge import challenge, closed_phrase, one_line, page_text, redirected_to_index

Verdict = Literal["verified", "unverified", "dead", "not_checked"]
MAX_HOPS = 5
REDIRECTS = frozenset((301, 302, 303, 307, 308))
USER_AGENT = f"Mozilla/5.0 (compatible; Sweepy/{__version__}; job-link check)"


@dataclass(frozen=True)
class LinkVerdict:
    url: str
    verdict: Verdict
    reason: str
    status: int | None
    final_url: str
    detail: str


@dataclass(frozen=True)
class _Policy:
    allow_private: bool
    timeout: float
    max_bytes: int
    resolver: Resolver
    ports: Collection[int] | None
    tls: ssl.SSLContext  # one for the batch: loading the CA bundle per link costs more than the request
    batch_deadline: float  # on `clock`: the whole validation ends here, whatever each link's own timeout says
    batch_seconds: float
    clock: Callable[[], float]
    proxies: ProxyRules | None


def check_links(
    urls: list[str],
    *,
    allow_private: bool,
    timeout: float = 10.0,
    max_bytes: int = 2_000_000,
    concurrency: int = 8,
    resolver: Resolver = socket.getaddrinfo,
    ports: Collection[int] | None = None,
    deadline: float = 60.0,
    clock: Callable[[], float] = time.monotonic,
    proxies: ProxyRules | None = None,
) -> list[LinkVerdict]:
    """One verdict per URL, in order. `ports` limits the ports a link may use (default 80 and 443, or any
    port with allow_private); `timeout` covers a link's every hop, name lookup and read; `deadline` the whole
    batch: a link not reached by then, or still in flight, is `not_checked` with the reason `deadline`.
    `proxies` (Settings.proxy) sends each hop through the proxy they give it, with the engines' rules."""
    chosen = ports if ports is not None else (None if allow_private else DEFAULT_PORTS)
    tls = httpx.create_ssl_context(trust_env=False)
    policy = _Policy(
        allow_private, timeout, max_bytes, resolver, chosen, tls, clock() + deadline, deadline, clock, proxies
    )
    if not urls:
        return []
    with ThreadPoolExecutor(max(1, min(concurrency, len(urls))), thread_name_prefix="sweepy-linkcheck") as pool:
        return list(pool.map(lambda url: _check_link(url, policy), urls))


def _check_link(url: str, policy: _Policy) -> LinkVerdict:
    start = policy.clock()
    if start >= policy.batch_deadline:
        return _not_reached(url, None, url, policy)
    deadline = min(start + policy.timeout, policy.batch_deadline)
    backend = PinnedBackend(deadline, policy.clock)
    headers = {"User-Agent": USER_AGENT, "Accept": "text/html,*/*;q=0.8", "Accept-Encoding": "gzip, deflate"}
    client = httpx.Client(
        transport=PinnedTransport(backend, policy.tls), headers=headers, follow_redirects=False, trust_env=False
    )
    current, status = url, None
    try:
        with client:
            for hop in range(MAX_HOPS + 1):
                parsed, host, port = parse_target(current, policy.ports)
                lookup = functools.partial(_lookup, policy=policy, deadline=deadline)
                backend.pin(route(parsed, host, port, policy.proxies, lookup, policy.allow_private))
                status, location, verdict = _exchange(client, parsed, deadline, policy, url, current)
                if verdict is not None:
                    return verdict
                if hop == MAX_HOPS:
                    return LinkVerdict(url, "unverified", "too_many_redirects", status, current,
                                       f"still redirecting after {MAX_HOPS} hops")  # fmt: skip
                current = _follow(parsed, location)
    except Refused as refused:
        if refused.reason == "timeout" and policy.clock() >= policy.batch_deadline:
            return _not_reached(url, status, current, policy)
        return LinkVerdict(url, "unverified", refused.reason, status, current, one_line(refused.detail))
    except httpx.TimeoutException:
        if policy.clock() >= policy.batch_deadline:
            return _not_reached(url, status, current, policy)
        return LinkVerdict(url, "unverified", "timeout", status, current, f"no answer within {policy.timeout:g} s")
    except httpx.InvalidURL as exc:
        # httpx reads a redirect's Location itself, before the hop is ours to judge (`http:\\127.0.0.1\x`).
        return LinkVerdict(url, "unverified", "bad_url", status, current,
                           one_line(f"the redirect's Location does not parse: {exc}"))  # fmt: skip
    except httpx.HTTPError as exc:
        reason = "bad_url" if "location header" in str(exc).lower() else "unreachable"
        return LinkVerdict(url, "unverified", reason, status, current, one_line(f"{type(exc).__name__}: {exc}"))
    raise AssertionError("unreachable: the loop returns")  # pragma: no cover


def _lookup(host: str, port: int, allow_private: bool, *, policy: _Policy, deadline: float) -> tuple[str, ...]:
    """A hop's (or its proxy's) validated addresses, the lookup bounded by the link's time left."""
    return resolve(host, port, policy.resolver, allow_private, deadline - policy.clock())


def _not_reached(url: str, status: int | None, current: str, policy: _Policy) -> LinkVerdict:
    return LinkVerdict(url, "not_checked", "deadline", status, current,
                       f"not checked within the validation's {policy.batch_seconds:g} s")  # fmt: skip


def _exchange(
    client: httpx.Client, target: httpx.URL, deadline: float, policy: _Policy, original: str, current: str
) -> tuple[int, str, LinkVerdict | None]:
    """One GET: its status and either the Location to follow or, when there is none, the verdict."""
    wait = httpx.Timeout(max(0.01, deadline - policy.clock()))
    with client.stream("GET", target, timeout=wait) as answer:
        status = answer.status_code
        if status in REDIRECTS and answer.headers.get("Location"):
            return status, answer.headers["Location"].strip(), None
        body, cut = _read(answer, deadline, policy.max_bytes, policy.clock)
    heads = {name.lower(): value for name, value in answer.headers.items()}
    return status, "", judge(original, current, status, heads, body, cut)


def judge(original: str, final: str, status: int, headers: dict[str, str], body: str, cut: bool) -> LinkVerdict:
    """The verdict on the last answer of a chain that began at `original`."""
    title, visible = page_text(body)

    def said(verdict: Verdict, reason: str, detail: str) -> LinkVerdict:
        return LinkVerdict(original, verdict, reason, status, final, one_line(detail))

    if (wall := challenge(status, headers, title, body)) is not None:
        return said("unverified", "anti_bot", f"HTTP {status}: {wall}")
    if status == 404:
        return said("dead", "not_found", "HTTP 404")
    if status == 410:
        return said("dead", "gone", "HTTP 410")
    if status in (401, 403, 407, 451):
        return said("unverified", "forbidden", f"HTTP {status}")
    if status == 429:
        return said("unverified", "rate_limited", "HTTP 429: a rate limit says nothing about the posting")
    if status >= 500:
        return said("unverified", "server_error", f"HTTP {status}")
    if not 200 <= status < 300:
        return said("unverified", "unreachable", f"HTTP {status}, not an answer the checker can judge")
    if final != original and redirected_to_index(original, final):
        return said("dead", "redirect_to_index", f"redirected to the board's index {final}")
    note = f" (judged on the first {len(body.encode())} bytes)" if cut else ""
    if (phrase := closed_phrase(visible)) is not None:
        return said("dead", "closed_posting", f"the page says {phrase!r}{note}")
    return said("verified", "ok", f"HTTP {status}, the posting page is up{note}")


def _follow(base: httpx.URL, location: str) -> str:
    try:
        return str(base.join(location))
    except httpx.InvalidURL as exc:
        raise Refused("bad_url", f"the redirect's Location {location[:100]!r} does not parse: {exc}") from None


def _read(answer: httpx.Response, deadline: float, max_bytes: int, clock: Callable[[], float]) -> tuple[str, bool]:
    """The body as text, at most `max_bytes` read off the wire and at most `max_bytes` once inflated; True
    when it was cut there (the page is judged on its start, which is where a posting says it is closed)."""
    chunks: list[bytes] = []
    raw_size = size = 0
    cut = False
    try:
        inflate = inflater(answer.headers.get("Content-Encoding", ""), max_bytes)  # past the cap: the head only
        for raw in raw_chunks(answer):
            if clock() > deadline:
                raise httpx.ReadTimeout("the link check's deadline passed")
            raw_size += len(raw)
            piece = inflate(raw)
            chunks.append(piece[: max_bytes - size])
            size += len(piece)
            if raw_size >= max_bytes or size >= max_bytes:
                cut = True
                break
    except BodyProblem as exc:
        raise Refused("unreachable", str(exc)) from None
    charset = answer.charset_encoding or "utf-8"
    data = b"".join(chunks)[:max_bytes]
    try:
        return data.decode(charset, errors="replace"), cut
    except LookupError:
        return data.decode("utf-8", errors="replace"), cut
