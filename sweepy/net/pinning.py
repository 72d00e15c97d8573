"""DNS pinning for every outgoing connection: a hop's host is resolved and validated once, and the connection
can only go to the addresses that passed; the request still carries the original Host header, TLS SNI and
certificate name. The link checker pins per link (check.py); the engines' client pins through GuardedTransport.
Through a proxy (proxy.py), the pin is the proxy's checked address and the socket a CONNECT tunnel inside it."""

import functools
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

from .addresses import IPAddress, address_problem, host_problem, name_problem, parse_address
from .proxy import Proxy, ProxyRules, open_tunnel
from .refusal import Refused as Refused  # re-exported: the engines and the link checker catch it from here

Resolver = Callable[[str, int], Sequence[tuple[Any, ...]]]
"""`socket.getaddrinfo` or anything called like it with (host, port); item [4][0] of each answer is the address."""

DEFAULT_PORTS = (80, 443)


@dataclass(frozen=True)
class Target:
    """A validated hop: the URL to send, the host as httpcore will name it, and the addresses it may use; with
    `via`, those are the proxy's addresses, and the socket is a tunnel through it to host:port."""

    url: httpx.URL
    host: str
    port: int
    addresses: tuple[str, ...]
    via: Proxy | None = None


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


def route(
    parsed: httpx.URL,
    host: str,
    port: int,
    proxies: ProxyRules | None,
    lookup: Callable[[str, int, bool], tuple[str, ...]],
    allow_private: bool,
) -> Target:
    """The hop's Target: direct (`lookup(host, port, allow_private)`, every answer checked), or through the
    proxy the rules give it. Then the proxy resolves the name, so the target is checked as spelled (an IP
    literal; a loopback or metadata name) before anything is sent, and the proxy's own address is checked."""
    if proxies is None or (proxy := proxies.choose(parsed.scheme, host, port)) is None:
        return Target(parsed, host, port, lookup(host, port, allow_private))
    if (problem := host_problem(host, allow_private=allow_private)) is not None:
        raise Refused("blocked_address", f"{host} is {problem}")
    try:
        addresses = lookup(proxy.host, proxy.port, True)  # metadata and the never-reachable ranges stay refused
    except Refused as refused:
        raise Refused(refused.reason, f"the proxy {proxy.shown}: {refused.detail}", proxy=True) from None
    for address in addresses if not proxies.allow_private else ():
        ip = parse_address(address)
        if ip is not None and (problem := address_problem(ip, allow_private=False)) is not None:
            raise Refused(
                "blocked_address",
                f"the proxy {proxy.shown} is at {ip}, which is {problem}; set "
                "SWEEPY_ALLOW_PRIVATE_PROXY=1 in the server's environment to use a "
                "proxy on your own network",
                proxy=True,
            )
    return Target(parsed, host, port, addresses, proxy)


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
        self._pins: dict[tuple[str, int], tuple[tuple[str, ...], Proxy | None]] = {}
        self._inner = httpcore.SyncBackend()

    def pin(self, target: Target) -> None:
        self._pins[(target.host.lower(), target.port)] = (target.addresses, target.via)

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.NetworkStream:
        addresses, via = self._pins.get((host.lower(), port), ((), None))
        if not addresses:
            raise httpcore.ConnectError(f"no validated address for {host}:{port}")
        if via is None:
            return self._dial(addresses, port, timeout, local_address, socket_options, f"{host}:{port}")
        stream = self._dial(addresses, via.port, timeout, local_address, socket_options, f"the proxy {via.shown}")
        open_tunnel(stream, via, host, port, self._wait(timeout))
        return stream

    def _wait(self, timeout: float | None) -> float | None:
        if self.deadline is None:
            return timeout
        left = self.deadline - self.clock()
        if left <= 0:
            raise httpcore.ConnectTimeout("the deadline passed")
        return left if timeout is None else min(timeout, left)

    def _dial(
        self,
        addresses: tuple[str, ...],
        port: int,
        timeout: float | None,
        local_address: str | None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None,
        named: str,
    ) -> httpcore.NetworkStream:
        """A socket to the first of `addresses` that answers (under the deadline when there is one)."""
        problem: Exception = httpcore.ConnectError(f"could not connect to {named}")
        for address in addresses:
            wait = self._wait(timeout)
            try:
                stream = self._inner.connect_tcp(address, port, wait, local_address, socket_options)
            except httpcore.ConnectError as exc:
                problem = httpcore.ConnectError(f"could not connect to {named}: {exc}")
                continue
            except httpcore.ConnectTimeout as exc:
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
    name while only the socket goes to the pinned address. httpx's own proxy support stays off (trust_env=False):
    it would resolve and connect somewhere unchecked; a proxy is a pin of the backend's instead (Target.via)."""

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


class Guard:
    """The address guard of one client: a hop's URL checked (parse_target, within `ports` when given), routed
    direct or through the proxy `proxies` give it with every address checked (route), and pinned on `backend`,
    the only place its connection can go. With `remember`, a host's checked answer is kept for the guard's life
    (the engines' sweep: its pages cost one lookup); without, every hop is looked up and checked again (the link
    checker's, so a name that rebinds between hops is caught at the hop)."""

    def __init__(
        self,
        allow_private: bool,
        resolver: Resolver,
        backend: PinnedBackend,
        *,
        ports: Collection[int] | None = None,
        proxies: ProxyRules | None = None,
        remember: bool = False,
    ) -> None:
        self.allow_private = allow_private
        self.resolver = resolver
        self.backend = backend
        self.ports = ports
        self.proxies = proxies
        self._known: dict[tuple[str, int, bool], tuple[str, ...]] | None = {} if remember else None
        self._lock = threading.Lock()

    def admit(self, url: str, wait: float) -> httpx.URL:
        """`url` as it may be sent, its host (or its proxy) pinned; Refused when it may not. `wait` bounds a lookup."""
        parsed, host, port = parse_target(url, self.ports)
        lookup = functools.partial(self._lookup, wait=wait)
        self.backend.pin(route(parsed, host, port, self.proxies, lookup, self.allow_private))
        return parsed

    def _lookup(self, host: str, port: int, allow_private: bool, *, wait: float) -> tuple[str, ...]:
        if self._known is None:
            return resolve(host, port, self.resolver, allow_private, wait)
        key = (host.lower(), port, allow_private)  # the proxy's answer (checked with allow_private) is its own
        with self._lock:
            addresses = self._known.get(key)
        if addresses is None:
            addresses = resolve(host, port, self.resolver, allow_private, wait)
            with self._lock:
                addresses = self._known.setdefault(key, addresses)  # the first answer wins: one pin per host
        return addresses


class GuardedTransport(httpx.BaseTransport):
    """The engines' transport: every request is checked and pinned by its `guard` before it leaves, directly or
    through the proxy `proxies` give it; Refused propagates to the caller untouched. The redirect follower
    admits each hop through the same guard first (GuardedClient), so this is the check of whatever is sent some
    other way; a host's checked answer is kept for the transport's life (one sweep)."""

    def __init__(
        self,
        allow_private: bool,
        resolver: Resolver = socket.getaddrinfo,
        ssl_context: ssl.SSLContext | None = None,
        max_connections: int = 64,
        keepalive: int = 32,
        proxies: ProxyRules | None = None,
    ) -> None:
        backend = PinnedBackend()
        self.guard = Guard(allow_private, resolver, backend, proxies=proxies, remember=True)
        context = ssl_context or httpx.create_ssl_context()
        self._inner = PinnedTransport(backend, context, max_connections, keepalive)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.guard.admit(str(request.url), float(request.extensions.get("timeout", {}).get("connect") or 10.0))
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()


class GuardedClient(httpx.Client):
    """An httpx client on a GuardedTransport that carries its guard, for the redirect follower to admit each hop
    (sweepy/net/redirects.py); httpx's own redirects and proxies stay off."""

    def __init__(self, transport: GuardedTransport, headers: dict[str, str]) -> None:
        super().__init__(headers=headers, follow_redirects=False, transport=transport, trust_env=False)
        self.guard = transport.guard
