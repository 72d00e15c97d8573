"""Checking many job links at once: each one within its own deadline and byte cap, every redirect hop
re-validated and pinned (the engines' follower, sweepy/net/redirects.py), the result one verdict per link."""

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
from ..net.pinning import DEFAULT_PORTS, Guard, PinnedBackend, PinnedTransport, Refused, Resolver
from ..net.proxy import ProxyRules
from ..net.redirects import MAX_HOPS, BadLocation, Chain, TooManyHops, follow
from .judge import challenge, closed_phrase, one_line, page_text, redirected_to_index

Verdict = Literal["verified", "unverified", "dead", "not_checked"]
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
    guard = Guard(policy.allow_private, policy.resolver, backend, ports=policy.ports, proxies=policy.proxies)
    headers = {"User-Agent": USER_AGENT, "Accept": "text/html,*/*;q=0.8", "Accept-Encoding": "gzip, deflate"}
    client = httpx.Client(
        transport=PinnedTransport(backend, policy.tls), headers=headers, follow_redirects=False, trust_env=False
    )
    chain = Chain("GET", url)
    try:
        with (
            client,
            follow(
                client,
                chain,
                lambda hop: guard.admit(hop, deadline - policy.clock()),  # the lookup bounded by the link's time left
                lambda: httpx.Timeout(max(0.01, deadline - policy.clock())),
            ) as answer,
        ):
            body, cut = _read(answer, deadline, policy.max_bytes, policy.clock)
            heads = {name.lower(): value for name, value in answer.headers.items()}
            return judge(url, chain.url, answer.status_code, heads, body, cut)
    except TooManyHops:
        return LinkVerdict(
            url, "unverified", "too_many_redirects", chain.status, chain.url, f"still redirecting after {MAX_HOPS} hops"
        )
    except BadLocation as bad:
        # httpx reads a redirect's Location itself, before the hop is ours to judge (`http:\\127.0.0.1\x`).
        said = "" if bad.location is None else f" {bad.location[:100]!r}"
        return LinkVerdict(
            url,
            "unverified",
            "bad_url",
            chain.status,
            chain.url,
            one_line(f"the redirect's Location{said} does not parse: {bad}"),
        )
    except Refused as refused:
        if refused.reason == "timeout" and policy.clock() >= policy.batch_deadline:
            return _not_reached(url, chain.status, chain.url, policy)
        return LinkVerdict(url, "unverified", refused.reason, chain.status, chain.url, one_line(refused.detail))
    except httpx.TimeoutException:
        if policy.clock() >= policy.batch_deadline:
            return _not_reached(url, chain.status, chain.url, policy)
        return LinkVerdict(
            url, "unverified", "timeout", chain.status, chain.url, f"no answer within {policy.timeout:g} s"
        )
    except httpx.HTTPError as exc:
        reason = "bad_url" if "location header" in str(exc).lower() else "unreachable"
        return LinkVerdict(url, "unverified", reason, chain.status, chain.url, one_line(f"{type(exc).__name__}: {exc}"))


def _not_reached(url: str, status: int | None, current: str, policy: _Policy) -> LinkVerdict:
    return LinkVerdict(
        url,
        "not_checked",
        "deadline",
        status,
        current,
        f"not checked within the validation's {policy.batch_seconds:g} s",
    )


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
