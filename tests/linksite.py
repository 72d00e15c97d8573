"""A loopback job site for the link-checker tests (postings, dead links, redirects, walls, huge bodies), and
an audit hook that records every socket.connect and refuses any that would leave the machine."""

import contextlib
import functools
import gzip
import ipaddress
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from loopback import LoopbackServer

POSTING = """<!DOCTYPE html><html><head><title>Senior Paralegal - Acme LLP</title>
<script>var fallback = "Job not found";</script></head>
<body><h1>Senior Paralegal</h1><p>Acme LLP, New York. Litigation support, e-discovery.</p>
<a href="/apply">Apply for this job</a></body></html>"""
CLOSED = """<!DOCTYPE html><html><head><title>Senior Paralegal - Acme LLP</title></head>
<body><div class="flash">Sorry, this job is NO LONGER   available.</div>
<a href="/acme">See open roles</a></body></html>"""
BOARD = "<html><head><title>Acme LLP - Careers</title></head><body><h1>Open roles</h1><ul></ul></body></html>"
CHALLENGE = """<!DOCTYPE html><html><head><title>Just a moment...</title></head>
<body><noscript>Enable JavaScript and cookies to continue</noscript><div id="cf-chl-widget"></div></body></html>"""
CAPTCHA = """<html><head><title>Security check</title></head>
<body><p>Please verify you are human.</p><div class="g-recaptcha" data-sitekey="x"></div></body></html>"""
HUGE_BYTES = 64_000_000
BOMB_PADDING = 30_000_000


@dataclass
class Seen:
    path: str
    host: str


@dataclass
class LinkSite:
    """The server: `url(path)` on 127.0.0.1, `seen` every request that reached it, `sent` bytes per path."""

    seen: list[Seen] = field(default_factory=list)
    sent: dict[str, int] = field(default_factory=dict)
    streamed: threading.Event = field(default_factory=threading.Event)  # set when /huge stops sending
    stopping: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    port: int = 0
    on_request: Callable[[str], None] | None = None  # called with the path before answering (a fake clock's tick)

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"


@functools.cache
def _bomb() -> bytes:
    return gzip.compress(b"<h1>This posting has expired</h1>" + b" " * BOMB_PADDING, compresslevel=9)


def _routes(site: LinkSite) -> dict[str, Callable[[BaseHTTPRequestHandler], None]]:
    def page(status: int, body: str, headers: dict[str, str] | None = None) -> Callable[[Any], None]:
        return lambda handler: handler.send(status, body.encode(), headers or {})

    def redirect(location: str, status: int = 302) -> Callable[[Any], None]:
        return lambda handler: handler.send(status, b"", {"Location": location})

    def slow(handler: Any) -> None:
        if site.stopping.wait(5.0):  # far past the short timeouts the tests pass; released when the site stops
            return
        with contextlib.suppress(OSError):  # the checker gave up long ago
            handler.send(200, POSTING.encode(), {})

    def huge(handler: Any) -> None:
        handler.stream(b"<html><body><h1>Senior Paralegal</h1>" + b"<p>filler</p>" * 5_000, HUGE_BYTES, "/huge")

    routes: dict[str, Callable[[Any], None]] = {
        "/posting": page(200, POSTING),
        "/missing": page(404, "<h1>Not here</h1>"),
        "/gone": page(410, "<h1>Gone</h1>"),
        "/forbidden": page(403, "<h1>Forbidden</h1>"),
        "/limited": page(429, "<h1>Slow down</h1>", {"Retry-After": "60"}),
        "/broken": page(500, "<h1>Oops</h1>"),
        "/unavailable": page(503, "<h1>Maintenance</h1>"),
        "/closed": page(200, CLOSED),
        "/acme": page(200, BOARD),
        "/acme/jobs/123": redirect("/acme"),
        "/lever/acme/3f1c2a9e-7d4b-4c1e-9a51-0b2c6d8e4f10": redirect("/lever/acme"),
        "/lever/acme": page(200, BOARD),
        "/moved/jobs/123": redirect("/en/moved/jobs/123", 301),
        "/en/moved/jobs/123": page(200, POSTING),
        "/challenge": page(503, CHALLENGE),
        "/cf-header": page(403, "<html><body>blocked</body></html>", {"cf-mitigated": "challenge"}),
        "/captcha": page(200, CAPTCHA),
        "/linkedin": page(999, "<html><body></body></html>"),
        "/slow": slow,
        "/huge": huge,
        "/bomb": lambda handler: handler.send(200, _bomb(), {"Content-Encoding": "gzip"}),
        "/gzipped": lambda handler: handler.send(200, gzip.compress(POSTING.encode()), {"Content-Encoding": "gzip"}),
        "/loop": redirect("/loop"),
        "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
        "/to-file": redirect("file:///etc/passwd"),
        "/bad-location": redirect("http:\\\\127.0.0.1\\x"),  # httpx refuses to build the next request
        # A public page moving to a private network, to this machine (the site itself) and to IPv6 loopback.
        "/to-private": redirect("http://10.0.0.1/job"),
        "/to-loopback": lambda handler: handler.send(302, b"", {"Location": site.url("/posting")}),
        "/to-ipv6-loopback": lambda handler: handler.send(302, b"", {"Location": site.url("/posting", "[::1]")}),
    }
    for n in range(1, 8):  # /chain/N redirects N times, then the posting
        routes[f"/chain/{n}"] = redirect(f"/chain/{n - 1}" if n > 1 else "/posting")
    return routes


@contextmanager
def running_site() -> Iterator[LinkSite]:
    site = LinkSite()
    routes = _routes(site)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            with site.lock:
                site.seen.append(Seen(self.path, self.headers.get("Host", "")))
            if site.on_request is not None:
                site.on_request(self.path)
            routes.get(self.path, lambda handler: handler.send(404, b"no such route", {}))(self)

        def send(self, status: int, data: bytes, headers: dict[str, str]) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def stream(self, head: bytes, total: int, path: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(total))
            self.end_headers()
            chunk, sent = head + b" " * (65_536 - len(head) % 65_536), 0
            try:
                while sent < total and not site.stopping.is_set():
                    self.wfile.write(chunk)
                    sent += len(chunk)
                    chunk = b" " * 65_536
            except OSError:  # the checker hung up at its byte cap
                pass
            site.sent[path] = sent
            site.streamed.set()
            self.close_connection = True

    server = LoopbackServer(("127.0.0.1", 0), Handler)
    site.port = server.server_address[1]
    thread = server.thread("linksite")
    thread.start()
    try:
        yield site
    finally:
        site.stopping.set()
        server.shutdown()
        server.server_close()


# -- the dial log --------------------------------------------------------------------------------------------
_watch: list[list[str]] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event != "socket.connect" or not _watch:
        return
    address = args[1]
    if not isinstance(address, tuple):
        return
    host = str(address[0])
    _watch[-1].append(host)
    if not ipaddress.ip_address(host.split("%", 1)[0]).is_loopback:
        raise ConnectionRefusedError(f"the test refused to dial {host}")


sys.addaudithook(_audit)


@contextmanager
def dial_log() -> Iterator[list[str]]:
    """Every address a socket tries to connect to while inside; a non-loopback one is refused, not dialled."""
    dialled: list[str] = []
    _watch.append(dialled)
    try:
        yield dialled
    finally:
        _watch.remove(dialled)
