"""The HTTP layer every web engine shares: one client per sweep, and per source a deadline that covers retries
and paging, retries honouring Retry-After within that deadline, per-host limits, byte caps, the TTL cache."""

import email.utils
import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import httpx

from .. import __version__
from ..bodies import BodyProblem, inflater, raw_chunks
from .base import SkipReason, SourceError
from .breaker import BreakerBook
from .cache import ResponseCache, cache_key

USER_AGENT = f"Sweepy/{__version__} (job-search assistant; +https://github.com/sweepy-jobs/sweepy)"
MAX_RESPONSE_BYTES = 25_000_000
"""A whole Greenhouse board with descriptions is a few MB; past this an answer is refused, never read whole."""
MAX_PAGES = 40
MAX_POSTINGS_PER_SOURCE = 5_000
PER_HOST_CONNECTIONS = 4
RETRY_STATUSES = frozenset((429, 502, 503, 504))
MAX_RETRIES = 3
BACKOFF_BASE = 0.5
BACKOFF_MAX = 8.0


def build_client() -> httpx.Client:
    """The sweep's one client: connection pooling across sources, no automatic decoding (we cap it ourselves)."""
    return httpx.Client(
        headers={"User-Agent": USER_AGENT, "Accept-Encoding": "gzip, deflate"},
        follow_redirects=True,
        limits=httpx.Limits(max_connections=64, max_keepalive_connections=32),
        trust_env=True,  # a person behind a corporate proxy sets HTTPS_PROXY; tests point base_url at loopback
    )


def api_url(base: str, path: str, params: dict[str, Any] | None = None, **parts: str) -> str:
    """`base` + `path`, with `{name}` placeholders in either filled from `parts`, URL-quoted (a board token
    cannot escape its path segment); then the query."""
    quoted = {name: quote(value, safe="") for name, value in parts.items()}
    url = (base + path).format(**quoted)
    if params:
        url += ("&" if "?" in url else "?") + urlencode({k: v for k, v in params.items() if v is not None}, True)
    return url


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Seconds to wait from a Retry-After header (delta seconds or an HTTP date), or None when unusable."""
    if not value:
        return None
    text = value.strip()
    if text.isascii() and text.isdigit():  # str.isdigit() also accepts "²", which float() refuses
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when.timestamp() - now)


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
        with self._lock:
            slot = self._hosts.setdefault(host, threading.BoundedSemaphore(PER_HOST_CONNECTIONS))
        if not slot.acquire(timeout=max(0.0, wait)):
            raise SourceError("timeout", f"waited {wait:.1f} s for a free connection to {host}")
        try:
            yield
        finally:
            slot.release()


class SourceClient:
    """One source's use of the network: everything it sends counts against its own deadline."""

    def __init__(self, network: Network, deadline: float, budget: float) -> None:
        self.network = network
        self.deadline = deadline
        self.budget = budget
        self.requests = 0
        self.cached = 0
        self._secrets: list[str] = []
        self._fresh: list[tuple[str, bytes]] = []  # answers to cache once the whole source has succeeded

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

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
        return SourceError("timeout", f"no complete answer within {self.budget:g} s "
                                      "(orchestrator.timeout_per_source_seconds)")  # fmt: skip

    # -- public calls ---------------------------------------------------------------------------------------
    def get_json(self, url: str, headers: dict[str, str] | None = None) -> Any:
        return self._json(self.fetch("GET", url, headers=headers), url)

    def post_json(self, url: str, body: Any, headers: dict[str, str] | None = None) -> Any:
        data = json.dumps(body, separators=(",", ":")).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        return self._json(self.fetch("POST", url, headers=sent, body=data), url)

    def get_text(self, url: str, headers: dict[str, str] | None = None) -> str:
        return self.fetch("GET", url, headers=headers).decode("utf-8", errors="replace")

    def _json(self, body: bytes, url: str) -> Any:
        def refuse(constant: str) -> Any:
            raise ValueError(f"non-finite number {constant}")

        try:
            return json.loads(body, parse_constant=refuse)
        except (ValueError, UnicodeDecodeError):
            start = body[:40].decode("utf-8", errors="replace").strip()
            shown = f"it starts with {start!r}" if start else "it is empty"
            raise SourceError("bad_response", f"the answer from {self._where(url)} is not JSON ({shown})") from None

    def _where(self, url: str) -> str:
        parts = urlsplit(url)
        return self.redact(f"{parts.netloc}{parts.path}")

    # -- the exchange ---------------------------------------------------------------------------------------
    def fetch(self, method: str, url: str, headers: dict[str, str] | None = None, body: bytes = b"") -> bytes:
        """The body of a successful answer, from the cache when fresh; retries within the deadline."""
        cache, key = self.network.cache, cache_key(method, url, body)
        if cache is not None and (hit := cache.get(key)) is not None:
            self.cached += 1
            return hit
        host = urlsplit(url).netloc
        for attempt in range(MAX_RETRIES + 1):
            if self.remaining() <= 0:
                raise self._timeout()
            try:
                with self.network.host_slot(host, self.remaining()):
                    status, retry_after, data = self._exchange(method, url, headers or {}, body)
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
                    raise SourceError("bad_response", f"the answer from {self._where(url)} was cut short or "
                                                      f"garbled ({type(exc).__name__})") from None  # fmt: skip
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
                said = self.redact(f"HTTP {status} from {self._where(url)}{_error_text(data)}")
                raise SourceError("http_error", said, counts_as_failure=status >= 500)
            if cache is not None:
                self._fresh.append((key, data))
            return data
        raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover

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
        """One request: status, Retry-After, and the body read in chunks under the byte cap and the deadline."""
        self.requests += 1
        timeout = httpx.Timeout(max(0.05, min(self.remaining(), 60.0)))
        with self.network.client.stream(method, url, headers=headers, content=body or None, timeout=timeout) as answer:
            if answer.status_code >= 400:
                return answer.status_code, answer.headers.get("Retry-After"), _error_head(answer)
            declared = answer.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES:
                raise self._too_large(url)
            chunks: list[bytes] = []
            size = 0
            try:
                decoder = inflater(answer.headers.get("Content-Encoding", ""), MAX_RESPONSE_BYTES, self._past_cap)
                for raw in raw_chunks(answer):
                    if self.remaining() <= 0:
                        raise self._timeout()
                    piece = decoder(raw)
                    size += len(piece)
                    if size > MAX_RESPONSE_BYTES:
                        raise self._too_large(url)
                    chunks.append(piece)
            except BodyProblem as exc:
                raise SourceError("bad_response", str(exc)) from None
            return answer.status_code, None, b"".join(chunks)

    @staticmethod
    def _past_cap() -> None:
        raise SourceError("bad_response", f"the answer inflates past {MAX_RESPONSE_BYTES // 1_000_000} MB")

    def _too_large(self, url: str) -> SourceError:
        return SourceError("bad_response", f"the answer from {self._where(url)} is larger than "
                                           f"{MAX_RESPONSE_BYTES // 1_000_000} MB")  # fmt: skip


def _error_head(answer: httpx.Response) -> bytes:
    """The first 2 KB of an error answer (identity-encoded only): enough for an API's own error message."""
    if answer.headers.get("Content-Encoding", "identity").strip().lower() not in ("", "identity"):
        return b""
    head = b""
    for chunk in raw_chunks(answer):
        head += chunk
        if len(head) >= 2048:
            break
    return head[:2048]


def _error_text(head: bytes) -> str:
    """ ": <message>" from a JSON error body such as SerpApi's {"error": "Invalid API key"}, else ""."""
    try:
        data = json.loads(head)
    except (ValueError, UnicodeDecodeError):
        return ""
    if isinstance(data, dict):
        for key in ("error", "message", "detail"):
            if isinstance(data.get(key), str) and data[key].strip():
                return f": {' '.join(data[key].split())[:200]}"
    return ""


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
