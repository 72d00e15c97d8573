"""DNS pinning for every outgoing connection: a hop's host is resolved and validated once, and the connection
can only go to the addresses that passed; the request still carries the original Host header, TLS SNI and
certificate name. The link checker pins per link (check.py); the engines' client pins through GuardedTransport."""

import socket
import ssl
import threading
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpcore
import httpx

from .addresses import IPAddress, address_problem, name_problem, parse_address

Resolver = Callable[[str, int], Sequence[tuple[Any, ...]]]
"""`socket.getaddrinfo` or anything called like it with (host, port); item [4][0] of each answer is the address."""

DEFAULT_PORTS = (80, 443)


class Refused(Exception):
    """A hop Sweepy will not send: `reason` is the verdict word, `detail` one line for the reader."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Target:
    """A validated hop: the URL to send, the host as httpcore will name it, and the addresses it may use."""

    url: httpx.URL
    host: str
    port: int
    addresses: tuple[str, ...]


def parse_target(url: str, ports: Collection[int] | None) -> tuple[httpx.URL, str, int]:
    """The URL (http/https, no userinfo, no parser-differential characters), its ASCII host and its port."""
    text = url.strip()
    if any(ch.isspace() or ch == "\\" or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in text):
        # Parsers disagree about backslashes and control characters; a job link never needs them.
        raise Refused("bad_url", "the URL has a backslash, a space or a control character")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise Refused("bad_url", f"the URL does not parse: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise Refused("blocked_scheme", f"scheme {scheme or '(none)'!r} is not http or https")
    if "@" in parts.netloc:  # `http://u@127.0.0.1:80@evil.com/` is read differently by different parsers
        raise Refused("bad_url", "the URL has userinfo (`user@`)")
    if not parts.hostname:
        raise Refused("bad_url", "the URL has no host")
    try:
        parsed = httpx.URL(text)
        host = parsed.raw_host.decode("ascii")
    except (httpx.InvalidURL, UnicodeError) as exc:
        raise Refused("bad_url", f"the URL does not parse: {exc}") from None
    # Both parsers must agree on the host, or the one that validates is not the one that connects.
    ascii_name = parts.hostname.isascii()
    if parse_address(host) != parse_address(parts.hostname) or (ascii_name and host.lower() != parts.hostname):
        raise Refused("bad_url", f"parsers disagree on the host ({parts.hostname!r} vs {host!r})")
    port = parsed.port or (443 if scheme == "https" else 80)
    if ports is not None and port not in ports:
        raise Refused("blocked_address", f"port {port} is not one of {', '.join(map(str, sorted(ports)))}")
    return parsed, host, port


def resolve(host: str, port: int, resolver: Resolver, allow_private: bool, wait: float) -> tuple[str, ...]:
    """Every address `host` resolves to, all of which must pass; an IP literal is its own answer."""
    literal = parse_address(host)
    if literal is not None:
        found: list[IPAddress] = [literal]
    else:
        if (problem := name_problem(host, allow_private=allow_private)) is not None:
            raise Refused("blocked_address", f"{host} is {problem}")
        answers = _bounded(lambda: resolver(host, port), wait)
        found = []
        for answer in answers:
            ip = parse_address(str(answer[4][0]))
            if ip is None:
                raise Refused("blocked_address", f"{host} resolved to {answer[4][0]!r}, which is not an address")
            if ip not in found:
                found.append(ip)
        if not found:
            raise Refused("unreachable", f"{host} resolved to no address")
    for ip in found:  # every answer, not the first: the connection may use any of them
        if (problem := address_problem(ip, allow_private=allow_private)) is not None:
            said = str(ip) if literal is not None else f"{host} resolves to {ip}, which"
            raise Refused("blocked_address", f"{said} is {problem}")
    return tuple(str(ip) for ip in found)


def _bounded(call: Callable[[], Sequence[tuple[Any, ...]]], wait: float) -> Sequence[tuple[Any, ...]]:
    """Run a blocking lookup on a daemon thread: getaddrinfo has no timeout, and the deadline covers DNS."""
    box: list[Sequence[tuple[Any, ...]] | BaseException] = []

    def run() -> None:
        try:
            box.append(call())
        except BaseException as exc:  # handed back to the caller's thread
            box.append(exc)

    worker = threading.Thread(target=run, name="sweepy-dns", daemon=True)
    worker.start()
    worker.join(max(0.0, wait))
    if not box:
        raise Refused("timeout", "the name lookup did not answer before the deadline")
    result = box[0]
    if isinstance(result, socket.gaierror | UnicodeError):
        raise Refused("unreachable", f"the name does not resolve ({result})")
    if isinstance(result, BaseException):
        raise result
    return result


class _DeadlineStream(httpcore.NetworkStream):
    """Every read and write waits at most until the deadline, so a trickling server cannot stretch it."""

    def __init__(self, inner: httpcore.NetworkStream, deadline: float, clock: Callable[[], float]) -> None:
        self._inner = inner
        self._deadline = deadline
        self._clock = clock

    def _left(self, timeout: float | None, error: type[Exception]) -> float:
        left = self._deadline - self._clock()
        if left <= 0:
            raise error("the deadline passed")
        return left if timeout is None else min(timeout, left)

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, self._left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, self._left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        tls = self._inner.start_tls(ssl_context, server_hostname, self._left(timeout, httpcore.ConnectTimeout))
        return _DeadlineStream(tls, self._deadline, self._clock)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class PinnedBackend(httpcore.NetworkBackend):
    """Connects a host only to the addresses pinned for it; an unpinned host is refused, never resolved here."""

    def __init__(self, deadline: float | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.deadline = deadline  # None: each operation's own timeout only (the engines check their deadline)
        self.clock = clock
        self._pins: dict[tuple[str, int], tuple[str, ...]] = {}
        self._inner = httpcore.SyncBackend()

    def pin(self, target: Target) -> None:
        self._pins[(target.host.lower(), target.port)] = target.addresses

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.NetworkStream:
        addresses = self._pins.get((host.lower(), port))
        if not addresses:
            raise httpcore.ConnectError(f"no validated address for {host}:{port}")
        problem: Exception = httpcore.ConnectError(f"could not connect to {host}:{port}")
        for address in addresses:
            wait = timeout
            if self.deadline is not None:
                left = self.deadline - self.clock()
                if left <= 0:
                    raise httpcore.ConnectTimeout("the deadline passed")
                wait = left if timeout is None else min(timeout, left)
            try:
                stream = self._inner.connect_tcp(address, port, wait, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                problem = exc
                continue
            return stream if self.deadline is None else _DeadlineStream(stream, self.deadline, self.clock)
        raise problem

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None
    ) -> httpcore.NetworkStream:
        raise httpcore.ConnectError("Sweepy never connects to a Unix socket")


class PinnedTransport(httpx.HTTPTransport):
    """httpx's own transport with its connection pool rebuilt on a PinnedBackend: httpx 0.28 takes no network
    backend, and the pool keys connections by the URL's host, so Host, SNI and the certificate check keep the
    name while only the socket goes to the pinned address. No proxy: it would connect somewhere unchecked."""

    def __init__(
        self, backend: PinnedBackend, ssl_context: ssl.SSLContext, max_connections: int = 4, keepalive: int = 2
    ) -> None:
        super().__init__(verify=ssl_context, trust_env=False)
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context,
            max_connections=max_connections,
            max_keepalive_connections=keepalive,
            network_backend=backend,
        )


class GuardedTransport(httpx.BaseTransport):
    """The engines' transport: every request (the first hop and each redirect hop, which the caller sends
    itself) is checked and pinned before it leaves; Refused propagates to the caller untouched.

    A host's validated answer is kept for the transport's life (one sweep), so its pages cost one lookup."""

    def __init__(
        self,
        allow_private: bool,
        resolver: Resolver = socket.getaddrinfo,
        ssl_context: ssl.SSLContext | None = None,
        max_connections: int = 64,
        keepalive: int = 32,
    ) -> None:
        self.allow_private = allow_private
        self.resolver = resolver
        self._backend = PinnedBackend()
        context = ssl_context or httpx.create_ssl_context()
        self._inner = PinnedTransport(self._backend, context, max_connections, keepalive)
        self._known: dict[tuple[str, int], tuple[str, ...]] = {}
        self._lock = threading.Lock()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        parsed, host, port = parse_target(str(request.url), None)
        key = (host.lower(), port)
        with self._lock:
            addresses = self._known.get(key)
        if addresses is None:
            wait = request.extensions.get("timeout", {}).get("connect") or 10.0
            addresses = resolve(host, port, self.resolver, self.allow_private, float(wait))
            with self._lock:
                addresses = self._known.setdefault(key, addresses)  # the first answer wins: one pin per host
        self._backend.pin(Target(parsed, host, port, addresses))
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()
