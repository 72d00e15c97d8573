"""Going out through an HTTP CONNECT proxy (a corporate network's only way out): which proxy a hop uses (the
environment's HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as curl and httpx read them, with SWEEPY_PROXY above them), and
the CONNECT handshake that turns a socket to the proxy into a tunnel to the target.

Every hop goes through CONNECT, plain http included (not the absolute-URI form): the proxy is a byte pipe that
never parses, caches or rewrites Sweepy's requests, so the Host header, TLS (SNI and certificate check against
the target's name), the hop-by-hop redirects and the key rules are exactly those of a direct connection, and
what the proxy itself says (a 407, a refusal) comes back as its answer to CONNECT, never mistaken for the board's.

The proxy resolves the target's name, so the guard checks the target only as spelled (an IP literal, a name that
is loopback or metadata by definition) and checks the proxy's own address instead (pinning.py pins to it)."""

import base64
import ipaddress
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

import httpcore

from .addresses import LOOPBACK_NAMES, parse_address
from .refusal import Refused

DIRECT = "direct"
"""SWEEPY_PROXY=direct: no proxy at all, whatever HTTPS_PROXY and HTTP_PROXY say."""
MAX_REPLY_BYTES = 16_384
"""A proxy's answer to CONNECT longer than this (status line and headers) is not an answer."""
_HOST = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$")
_STATUS_LINE = re.compile(rb"^HTTP/1\.[01] (\d{3})(?: ([^\r\n]*))?$")


@dataclass(frozen=True)
class Proxy:
    """An HTTP proxy: where it listens, the Proxy-Authorization its URL's credentials make (sent in CONNECT
    only, never inside the tunnel), and the variable it came from."""

    host: str
    port: int
    authorization: str | None = field(repr=False)  # the credentials, base64: never in a repr or a message
    source: str

    @property
    def shown(self) -> str:
        """The proxy for a message: its URL without the credentials, and where it was set."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port} (from {self.source})"


def parse_proxy(value: str, source: str) -> Proxy:
    """A proxy URL as curl reads it (`http://user:pass@host:port`, or `host:port` meaning http://), else
    ValueError saying what is wrong (the value shown without its credentials). Only http:// proxies: Sweepy
    speaks CONNECT to them, never SOCKS or TLS."""
    shown = _masked(value)
    text = value.strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise ValueError(f"{source}={shown!r} does not parse as a proxy URL ({exc})") from None
    if parts.scheme.lower() != "http":
        raise ValueError(
            f"{source}={shown!r} is a {parts.scheme}:// proxy; Sweepy speaks only to HTTP proxies "
            "(CONNECT): give its http://host:port URL"
        )
    host = parts.hostname or ""
    if parse_address(host) is None and not _HOST.match(host):
        raise ValueError(f"{source}={shown!r} has no usable host; write it as http://host:port")
    authorization = None
    if parts.username is not None:
        pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}"
        authorization = "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii")
    return Proxy(host, port or 80, authorization, source)


def _masked(value: str) -> str:
    """A proxy URL for a message: whatever stands before its last `@` (user and password) becomes `***`."""
    scheme, sep, rest = value.strip().rpartition("://")
    _, at, place = rest.rpartition("@")
    return f"{scheme}{sep}***@{place}" if at else value.strip()


def _variable(environ: Mapping[str, str], name: str) -> tuple[str, str] | None:
    """(variable, value) of a proxy variable, lower case first (as curl and urllib read it), empty = unset."""
    for spelled in (name.lower(), name.upper()):
        if environ.get(spelled, "").strip():
            return spelled, environ[spelled]
    return None


@dataclass(frozen=True)
class ProxyRules:
    """Which hops go through which proxy. `problem` is set when a proxy variable does not parse: every hop is
    then refused with it (the person meant a proxy; going direct would fail slower and say less)."""

    https: Proxy | None = None
    http: Proxy | None = None
    no_proxy: tuple[str, ...] = ()
    allow_private: bool = False
    """SWEEPY_ALLOW_PRIVATE_PROXY=1: the proxy may be at a loopback or private address (most corporate ones are)."""
    problem: str | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> "ProxyRules":
        allow_private = environ.get("SWEEPY_ALLOW_PRIVATE_PROXY") == "1"
        bypass = tuple(entry for entry in (_variable(environ, "no_proxy") or ("", ""))[1].split(",") if entry.strip())
        try:
            chosen = environ.get("SWEEPY_PROXY", "").strip()
            if chosen.lower() == DIRECT:
                return cls(allow_private=allow_private)
            if chosen:
                proxy = parse_proxy(chosen, "SWEEPY_PROXY")
                return cls(proxy, proxy, bypass, allow_private)
            found = [_variable(environ, "https_proxy"), _variable(environ, "http_proxy")]
            https, http = (parse_proxy(pair[1], pair[0]) if pair else None for pair in found)
        except ValueError as exc:
            return cls(allow_private=allow_private, problem=f"{exc} (or SWEEPY_PROXY=direct to use none)")
        return cls(https, http, bypass, allow_private)

    def choose(self, scheme: str, host: str, port: int) -> Proxy | None:
        """The proxy for a hop to scheme://host:port, or None to go direct. Loopback targets always go direct
        (the proxy's loopback is not this machine's; the guard still refuses them without
        SWEEPY_ALLOW_PRIVATE_URLS), and so do the hosts NO_PROXY names."""
        if self.problem is not None:
            raise Refused("unreachable", self.problem, proxy=True)
        proxy = self.https if scheme == "https" else self.http
        if proxy is None or _is_loopback(host) or bypassed(self.no_proxy, host, port):
            return None
        return proxy


def _is_loopback(host: str) -> bool:
    name = host.strip().lower().rstrip(".")
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    ip = parse_address(name)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip is not None and ip.is_loopback


def bypassed(entries: tuple[str, ...], host: str, port: int) -> bool:
    """True when NO_PROXY names the host, as curl reads it: `*` (every host), a domain (`example.com` or
    `.example.com`: it and its subdomains), an IP address or a CIDR range (matched against IP literals only,
    no lookup), each optionally with `:port`."""
    name = host.strip().lower().rstrip(".")
    address = parse_address(name)
    for raw in entries:
        entry = raw.strip().lower()
        if entry == "*":
            return True
        entry, wanted = _split_port(entry)
        if wanted is not None and wanted != port:
            continue
        if "/" in entry:
            try:
                if address is not None and address in ipaddress.ip_network(entry, strict=False):
                    return True
            except ValueError:
                pass
            continue
        if (literal := parse_address(entry)) is not None:
            if literal == address:
                return True
            continue
        domain = entry.removeprefix("*").lstrip(".").rstrip(".")
        if domain and (name == domain or name.endswith("." + domain)):
            return True
    return False


def _split_port(entry: str) -> tuple[str, int | None]:
    """`host:port` / `[v6]:port` → (host, port); a bare IPv6 address keeps its colons."""
    if entry.startswith("["):
        inside, _, rest = entry[1:].partition("]")
        return inside, int(rest[1:]) if rest.startswith(":") and rest[1:].isdigit() else None
    if entry.count(":") == 1:
        head, _, tail = entry.partition(":")
        if tail.isdigit():
            return head, int(tail)
    return entry, None


def open_tunnel(stream: httpcore.NetworkStream, proxy: Proxy, host: str, port: int, wait: float | None) -> None:
    """Ask the proxy, on `stream` (connected to it), for a tunnel to host:port, all within `wait` seconds;
    returns once it is open. Otherwise the stream is closed and Refused says what the proxy did, except a
    502/503/504 (the proxy could not reach the target, maybe for a moment): httpcore.ConnectError, retried."""
    authority = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    lines = [f"CONNECT {authority} HTTP/1.1", f"Host: {authority}"]
    if proxy.authorization is not None:
        lines.append(f"Proxy-Authorization: {proxy.authorization}")
    end = None if wait is None else time.monotonic() + wait
    try:
        stream.write(("\r\n".join(lines) + "\r\n\r\n").encode("ascii"), _left(end))
        status, phrase, rest = _reply(stream, end, proxy)
    except (httpcore.ReadTimeout, httpcore.WriteTimeout):
        stream.close()
        raise Refused(
            "timeout", f"the proxy {proxy.shown} did not answer CONNECT {authority} in time", proxy=True
        ) from None
    except BaseException:
        stream.close()
        raise
    if 200 <= status < 300 and not rest:
        return
    stream.close()
    said = f"{status} {phrase}".strip()
    if 200 <= status < 300:
        raise Refused(
            "unreachable", f"the proxy {proxy.shown} sent data before the tunnel to {authority} carried any", proxy=True
        )
    if status == 407:
        if proxy.authorization is None:
            advice = "the proxy asked for credentials; put them in the proxy URL as http://user:pass@host:port"
        else:
            advice = "the proxy refused the credentials in its URL; check the user and password there"
        raise Refused("unreachable", f"{advice} ({proxy.shown} answered {said})", proxy=True)
    if status in (502, 503, 504):
        raise httpcore.ConnectError(f"the proxy {proxy.shown} could not reach {authority} ({said})")
    hint = "; this proxy may open tunnels to port 443 only: an https:// URL may pass" if port != 443 else ""
    raise Refused(
        "unreachable",
        f"the proxy {proxy.shown} refused a tunnel to {authority} ({said}){hint}; or "
        "name the host in NO_PROXY to go direct",
        proxy=True,
    )


def _left(end: float | None) -> float | None:
    if end is None:
        return None
    left = end - time.monotonic()
    if left <= 0:
        raise httpcore.ReadTimeout("the proxy's time is up")
    return left


def _reply(stream: httpcore.NetworkStream, end: float | None, proxy: Proxy) -> tuple[int, str, bytes]:
    """The proxy's status, reason phrase and any bytes after its headers."""
    head = b""
    while b"\r\n\r\n" not in head:
        if len(head) > MAX_REPLY_BYTES:
            raise Refused(
                "unreachable",
                f"the proxy {proxy.shown} answered CONNECT with more than {MAX_REPLY_BYTES} bytes of headers",
                proxy=True,
            )
        piece = stream.read(4096, _left(end))
        if not piece:
            raise httpcore.ConnectError(f"the proxy {proxy.shown} closed the connection without answering CONNECT")
        head += piece
    header, _, rest = head.partition(b"\r\n\r\n")
    match = _STATUS_LINE.match(header.split(b"\r\n", 1)[0])
    if match is None:
        raise Refused("unreachable", f"the proxy {proxy.shown} did not answer CONNECT in HTTP/1.1", proxy=True)
    phrase = match.group(2) or b""
    shown = "".join(ch for ch in phrase.decode("latin-1")[:80] if ch.isprintable())
    return int(match.group(1)), shown, rest
