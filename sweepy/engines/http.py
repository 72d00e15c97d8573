"""The HTTP layer every web engine shares: one client per sweep, and per source a deadline that covers retries
and paging, a byte budget over all its pages, retries honouring Retry-After within that deadline, per-host
limits, byte caps, the TTL cache. Every hop goes through the address guard (sweepy/net): redirects are followed
hop by hop by the follower the link checker uses too (sweepy/net/redirects.py), which admits each through the
client's guard before it connects, and a key never crosses to another origin."""

import functools
import json
import os
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import httpx

from .. import __version__
from ..net.bodies import BodyProblem, inflater, raw_chunks
from ..net.pinning import GuardedClient, GuardedTransport, Refused, Resolver
from ..net.proxy import ProxyRules
from ..net.redirects import MAX_HOPS, BadLocation, Chain, TooManyHops, follow
from .answers import error_head, error_text, json_answer, parse_retry_after
from .breaker import BreakerBook
from .cache import ResponseCache, cache_key
from .results import SkipReason, SourceError

USER_AGENT = f"Sweepy/{__version__} (job-search assistant; +https://github.com/sweepy-jobs/sweepy)"
MAX_RESPONSE_BYTES = 25_000_000
"""A whole Greenhouse board with descriptions is a few MB; past this an answer is refused, never read whole."""
DEFAULT_SOURCE_BYTES = 50_000_000
"""A source's byte budget over all its pages (`max_bytes` in its engine block): 40 pages of 20 MB would not fit
in memory beside the other sources."""
DEFAULT_SWEEP_BYTES = 200_000_000
"""The whole sweep's byte budget over every source's answers (`orchestrator.max_bytes`): eight sources at their
own 50 MB each peaked at 1 GB together."""
PER_HOST_CONNECTIONS = 4
RETRY_STATUSES = frozenset((429, 502, 503, 504))
MAX_RETRIES = 3
BACKOFF_BASE = 0.5
BACKOFF_MAX = 8.0
_REFUSALS: dict[str, SkipReason] = {"timeout": "timeout", "unreachable": "unreachable"}
"""Refused.reason → skip reason; every other refusal (an address, a scheme, a URL) is `blocked_address`."""


def build_client(
    allow_private: bool | None = None, resolver: Resolver = socket.getaddrinfo, proxies: ProxyRules | None = None
) -> GuardedClient:
    """The sweep's one client: connection pooling across sources, no automatic decoding (we cap it ourselves),
    no automatic redirects (SourceClient follows them hop by hop, each admitted by the client's guard), and
    every connection checked and pinned by the address guard. `allow_private` None reads
    SWEEPY_ALLOW_PRIVATE_URLS (tests reach the loopback fakes); `proxies` None reads SWEEPY_PROXY, HTTPS_PROXY,
    HTTP_PROXY and NO_PROXY (Settings.proxy, sweepy/net/proxy.py).

    httpx's own proxy support stays off (trust_env=False): it would let the proxy connect somewhere unchecked.
    The guard's transport tunnels through the proxy itself, having checked the proxy's address and the target."""
    if allow_private is None:
        allow_private = os.environ.get("SWEEPY_ALLOW_PRIVATE_URLS") == "1"
    if proxies is None:
        proxies = ProxyRules.from_env(os.environ)
    transport = GuardedTransport(allow_private, resolver, proxies=proxies)
    return GuardedClient(transport, {"User-Agent": USER_AGENT, "Accept-Encoding": "gzip, deflate"})


@dataclass
class Network:
    """What the sources of one sweep share: the client, per-host slots, the cache and the breaker."""

    client: httpx.Client
    cache: ResponseCache | None = None
    breaker: BreakerBook | None = None
    sleep: Callable[[float], None] = time.sleep
    trust_base_urls: bool = False
    """SWEEPY_TRUST_BASE_URLS=1: API keys may go to a profile's base_url (a mirror or proxy the person runs)."""
    _hosts: dict[str, threading.BoundedSemaphore] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def host_slot(self, host: str, wait: float) -> Iterator[None]:
        """One of the host's PER_HOST_CONNECTIONS slots: only sources of the same host wait for each other."""
        with self._lock:
            slot = self._hosts.setdefault(host, threading.BoundedSemaphore(PER_HOST_CONNECTIONS))
        if not slot.acquire(timeout=max(0.0, wait)):
            raise SourceError("timeout", f"waited {wait:.1f} s for a free connection to {host}")
        try:
            yield
        finally:
            slot.release()


class SweepBytes:
    """The byte budget all the sources of one sweep share (`orchestrator.max_bytes`): every chunk any of them
    reads is taken from it, under a lock, so sources reading at once cannot pass it together."""

    def __init__(self, limit: int = DEFAULT_SWEEP_BYTES) -> None:
        self.limit = limit
        self.used = 0
        self._lock = threading.Lock()

    def left(self) -> int:
        with self._lock:
            return max(0, self.limit - self.used)

    def take(self, size: int) -> bool:
        """Count `size` bytes read; False (nothing counted) when they would pass the budget."""
        with self._lock:
            if self.used + size > self.limit:
                return False
            self.used += size
            return True


class SourceClient:
    """One source's use of the network: everything it sends counts against its own deadline, and everything
    it reads against its own byte budget (`max_bytes`). `deadline` is a time on `monotonic`, the sweep's clock."""

    def __init__(
        self,
        network: Network,
        deadline: float,
        budget: float,
        max_bytes: int = DEFAULT_SOURCE_BYTES,
        monotonic: Callable[[], float] = time.monotonic,
        sweep: SweepBytes | None = None,
    ) -> None:
        self.network = network
        self.sweep = sweep
        """The sweep's shared budget (None: only this source's own `max_bytes` counts)."""
        self.deadline = deadline
        self.monotonic = monotonic
        self.budget = budget
        self.max_bytes = max_bytes
        self.bytes_read = 0
        self.requests = 0
        self.cached = 0
        self._secrets: list[str] = []
        self._fresh: list[tuple[str, bytes]] = []  # answers to cache once the whole source has succeeded

    def remaining(self) -> float:
        return self.deadline - self.monotonic()

    def add_secret(self, value: str) -> str:
        """Remember a key so that no error, log line or detail ever shows it; returns the value."""
        if value and value not in self._secrets:
            self._secrets.append(value)
        return value

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***").replace(quote(secret, safe=""), "***")
        return text

    def _timeout(self) -> SourceError:
        return SourceError(
            "timeout", f"no complete answer within {self.budget:g} s (orchestrator.timeout_per_source_seconds)"
        )

    # -- public calls ---------------------------------------------------------------------------------------
    def get_json(self, url: str, headers: dict[str, str] | None = None) -> Any:
        return json_answer(self.fetch("GET", url, headers=headers), self._where(url))

    def post_json(self, url: str, body: Any, headers: dict[str, str] | None = None) -> Any:
        data = json.dumps(body, separators=(",", ":")).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        return json_answer(self.fetch("POST", url, headers=sent, body=data), self._where(url))

    def get_text(self, url: str, headers: dict[str, str] | None = None) -> str:
        return self.fetch("GET", url, headers=headers).decode("utf-8", errors="replace")

    def _where(self, url: str) -> str:
        parts = urlsplit(url)
        return self.redact(f"{parts.netloc}{parts.path}")

    # -- the exchange ---------------------------------------------------------------------------------------
    def fetch(self, method: str, url: str, headers: dict[str, str] | None = None, body: bytes = b"") -> bytes:
        """The body of a successful answer, from the cache when fresh; retries within the deadline."""
        cache, key = self.network.cache, cache_key(method, url, body)
        if cache is not None and (hit := cache.get(key)) is not None:
            self.cached += 1
            self._spend(len(hit), url)
            return hit
        host = urlsplit(url).netloc
        for attempt in range(MAX_RETRIES + 1):
            if self.remaining() <= 0:
                raise self._timeout()
            try:
                with self.network.host_slot(host, self.remaining()):
                    status, retry_after, data = self._exchange(method, url, headers or {}, body)
            except Refused as refused:
                raise self._refused(refused, url) from None
            except httpx.TimeoutException:
                raise self._timeout() from None
            except httpx.TransportError as exc:
                problem = SourceError(
                    "unreachable", f"{self._where(url)}: {type(exc).__name__}: {self.redact(str(exc))}"[:300]
                )
                if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout) and attempt < MAX_RETRIES:
                    self._backoff(attempt, None, problem)
                    continue
                if isinstance(exc, httpx.RemoteProtocolError | httpx.DecodingError):
                    raise SourceError(
                        "bad_response",
                        f"the answer from {self._where(url)} was cut short or garbled ({type(exc).__name__})",
                    ) from None
                raise problem from None
            if status in RETRY_STATUSES:
                reason: SkipReason = "http_429" if status == 429 else "http_error"
                problem = SourceError(reason, f"HTTP {status} from {self._where(url)}")
                if attempt < MAX_RETRIES:
                    self._backoff(attempt, retry_after, problem)
                    continue
                raise problem
            if status >= 400:
                # A 4xx other than 429 is an answer about the request (a board that does not exist), not a
                # sick source: it does not count towards the circuit breaker.
                said = self.redact(f"HTTP {status} from {self._where(url)}{error_text(data)}")
                raise SourceError("http_error", said, counts_as_failure=status >= 500)
            if cache is not None:
                self._fresh.append((key, data))
            return data
        raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover

    def _refused(self, refused: Refused, url: str) -> SourceError:
        """A hop the address guard would not send: one line naming the host and why, nothing of any answer."""
        reason = _REFUSALS.get(refused.reason, "blocked_address")
        detail = " ".join(self.redact(refused.detail).split())[:300]
        hint = ""
        if reason == "blocked_address" and not refused.proxy:  # a proxy's refusal names its own remedy
            hint = " (Sweepy connects only to public addresses)"
        return SourceError(reason, f"{self._where(url)} not fetched: {detail}{hint}", counts_as_failure=False)

    def keep_answers(self) -> None:
        """Cache this source's answers: called only when the whole source succeeded, so a body that did not
        parse, a wrong shape, or the first pages of a source that then timed out are never cached."""
        fresh, self._fresh = self._fresh, []
        if self.network.cache is not None:
            for key, data in fresh:
                self.network.cache.put(key, data)

    def _backoff(self, attempt: int, retry_after: str | None, problem: SourceError) -> None:
        """Sleep before the next try, or raise `problem` when the wait would outlast the source's budget."""
        wait = parse_retry_after(retry_after, time.time())
        if wait is None:
            wait = min(BACKOFF_MAX, BACKOFF_BASE * 2**attempt) * (0.5 + random.random() / 2)
        if wait >= self.remaining():
            problem.detail += f"; asked to wait {wait:.0f} s, more than the {max(0.0, self.remaining()):.0f} s left"
            raise problem
        self.network.sleep(wait)

    def _exchange(self, method: str, url: str, headers: dict[str, str], body: bytes) -> tuple[int, str | None, bytes]:
        """One request and its redirects (sweepy/net/redirects.py): status, Retry-After, and the body read in
        chunks under the byte caps and the deadline. A hop to another origin carries none of the request's own
        headers (where a key lives) and no key in its URL, whatever SWEEPY_TRUST_BASE_URLS says."""
        self.requests += 1
        client = self.network.client
        guard = client.guard if isinstance(client, GuardedClient) else None  # else a test's MockTransport

        def seconds() -> float:  # each hop's, within the source's deadline
            return max(0.05, min(self.remaining(), 60.0))

        def admit(target: str) -> httpx.URL | str:
            return target if guard is None else guard.admit(target, seconds())

        chain = Chain(method, url, headers, body)
        crossing = functools.partial(self._without_keys, url=url)
        try:
            with follow(client, chain, admit, lambda: httpx.Timeout(seconds()), crossing) as answer:
                return self._answer(answer, url)
        except Refused as refused:
            if chain.hop:
                refused.detail = f"its redirect {chain.hop} is refused: {refused.detail}"
            raise
        except BadLocation:
            raise SourceError(
                "bad_response", f"{self._where(url)} redirects to a Location that does not parse"
            ) from None
        except TooManyHops:
            raise SourceError("bad_response", f"{self._where(url)} still redirects after {MAX_HOPS} hops") from None

    def _without_keys(self, target: str, url: str) -> str:
        """`target` without the query parameters that hold a key; refused when a key is still in it (a path)."""
        if not self._secrets:
            return target
        parts = urlsplit(target)
        query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if self.redact(v) == v]
        cleaned = urlunsplit(parts._replace(query=urlencode(query)))
        if self.redact(cleaned) != cleaned:
            raise SourceError(
                "blocked_address",
                f"{self._where(url)} redirects to another origin with the key in the URL; not followed",
                counts_as_failure=False,
            )
        return cleaned

    def _answer(self, answer: httpx.Response, url: str) -> tuple[int, str | None, bytes]:
        if answer.status_code >= 400:
            return answer.status_code, answer.headers.get("Retry-After"), error_head(answer)
        cap = min(MAX_RESPONSE_BYTES, self.max_bytes - self.bytes_read, self._sweep_left())
        declared = answer.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > cap:
            raise self._too_large(url, int(declared))
        chunks: list[bytes] = []
        size = 0
        try:
            decoder = inflater(answer.headers.get("Content-Encoding", ""), cap, lambda: self._raise_too_large(url))
            for raw in raw_chunks(answer):
                if self.remaining() <= 0:
                    raise self._timeout()
                piece = decoder(raw)
                size += len(piece)
                if size > cap or (self.sweep is not None and not self.sweep.take(len(piece))):
                    raise self._too_large(url, size)
                chunks.append(piece)
        except BodyProblem as exc:
            raise SourceError("bad_response", str(exc)) from None
        self.bytes_read += size
        return answer.status_code, None, b"".join(chunks)

    def _spend(self, size: int, url: str) -> None:
        """Count a cached answer against the budget: it is held in memory like a fetched one."""
        if self.bytes_read + size > self.max_bytes or (self.sweep is not None and not self.sweep.take(size)):
            raise self._too_large(url, size)
        self.bytes_read += size

    def _sweep_left(self) -> int:
        return self.sweep.left() if self.sweep is not None else MAX_RESPONSE_BYTES

    def _raise_too_large(self, url: str) -> None:
        raise self._too_large(url, None)

    def _too_large(self, url: str, size: int | None) -> SourceError:
        """`too_large` when the source's budget is what ran out (its earlier pages are kept), else the per-answer
        cap's `bad_response`."""
        left = self.max_bytes - self.bytes_read
        if self.sweep is not None and self.sweep.left() < min(left, MAX_RESPONSE_BYTES):
            return SourceError(
                "too_large",
                f"stopped at {self._where(url)}: the sweep's answers together pass its "
                f"budget of {_mb(self.sweep.limit)} (orchestrator.max_bytes); this "
                f"source read {_mb(self.bytes_read)} before it",
                counts_as_failure=False,
            )
        if left < MAX_RESPONSE_BYTES:
            return SourceError(
                "too_large",
                f"stopped at {self._where(url)}: the source's answers pass its budget "
                f"of {_mb(self.max_bytes)} (max_bytes); {_mb(self.bytes_read)} read "
                "before it",
                counts_as_failure=False,
            )
        said = "is larger than" if size is not None else "inflates past"
        return SourceError(
            "bad_response", f"the answer from {self._where(url)} {said} {MAX_RESPONSE_BYTES // 1_000_000} MB"
        )


def _mb(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size < 10_000_000 else f"{size // 1_000_000} MB"


@contextmanager
def open_network(
    make_client: Callable[[], httpx.Client],
    state_dir: Path,
    cache_ttl: float | None,
    breaker: tuple[int, float] | None,
    clock: Callable[[], float] = time.time,
    sleep: Callable[[float], None] = time.sleep,
    trust_base_urls: bool = False,
) -> Iterator[Network]:
    """The network of one sweep: a fresh client (closed at the end), the cache (None = off) and the breaker."""
    cache = None
    if cache_ttl:
        cache = ResponseCache(state_dir / "cache", cache_ttl, clock)
        cache.prune(older_than=max(cache_ttl, 86400.0))
    book = BreakerBook(state_dir / "breakers.json", breaker[0], breaker[1], clock) if breaker else None
    client = make_client()
    try:
        yield Network(client, cache, book, sleep, trust_base_urls)
    finally:
        client.close()
