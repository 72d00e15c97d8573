"""A real HTTP job-board server on 127.0.0.1 for the engine tests: each module beside this one serves one API's
paths with answers shaped like the real API's (job_apis.md), and any route can be given a fault."""

import gzip
import importlib
import json
import pkgutil
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from loopback import LoopbackServer


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes

    def arg(self, name: str, default: str = "") -> str:
        return self.query.get(name, [default])[0]

    def json(self) -> Any:
        return json.loads(self.body or b"null")


@dataclass
class Answer:
    body: Any = None  # bytes and str are sent as they are; anything else as JSON
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    content_type: str = "application/json; charset=utf-8"

    def encoded(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        if isinstance(self.body, str):
            return self.body.encode("utf-8")
        return json.dumps(self.body).encode("utf-8")


Handler = Callable[[re.Match[str], Request], Answer]


@dataclass
class Route:
    method: str
    pattern: str
    handler: Handler


@dataclass
class Fault:
    """What a route does instead of answering well. `times` faults the first N requests only (None = always)."""

    kind: str  # slow | hang | status | truncated | not_json | huge | gzip | gzip_bomb | drip | redirect | gate
    status: int = 500
    delay: float = 0.0
    retry_after: str | None = None
    body: Any = None
    times: int | None = None
    location: str = ""  # redirect: where to (status 301/302/303/307/308, else 302)
    gate: threading.Event | None = None  # gate: hold the request until the test sets it, then answer normally
    arrived: Callable[[Request], None] | None = None  # gate: called as the request arrives, before waiting


class FakeBoards:
    """The server. `url` is its origin; `hits(pattern)` counts requests whose path matches."""

    def __init__(self) -> None:
        self.routes: list[Route] = [route for module in _route_modules() for route in module.ROUTES]
        self.faults: list[tuple[re.Pattern[str], Fault]] = []
        self.log: list[Request] = []
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._server = LoopbackServer(("127.0.0.1", 0), _handler_class(self))
        self._thread = self._server.thread("fakeboards")

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def fault(self, pattern: str, fault: Fault) -> None:
        with self._lock:
            self.faults.append((re.compile(pattern), fault))

    def hits(self, pattern: str = "") -> int:
        with self._lock:
            return sum(1 for r in self.log if re.search(pattern, r.path))

    def requests(self, pattern: str = "") -> list[Request]:
        with self._lock:
            return [r for r in self.log if re.search(pattern, r.path)]

    def _fault_for(self, path: str) -> Fault | None:
        with self._lock:
            for pattern, fault in self.faults:
                if pattern.search(path):
                    if fault.times is None:
                        return fault
                    if fault.times > 0:
                        fault.times -= 1
                        return fault
        return None

    def answer(self, request: Request) -> Answer:
        for route in self.routes:
            if route.method == request.method and (match := re.fullmatch(route.pattern, request.path)):
                return route.handler(match, request)
        return Answer("Not Found", 404, content_type="text/plain")

    def start(self) -> "FakeBoards":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()


def _route_modules() -> list[Any]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__))
    return [importlib.import_module(f"{__name__}.{name}") for name in names]


def _handler_class(boards: FakeBoards) -> type[BaseHTTPRequestHandler]:
    class _Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _serve(self) -> None:
            parts = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            request = Request(self.command, parts.path, parse_qs(parts.query), dict(self.headers.items()), body)
            with boards._lock:
                boards.log.append(request)
            fault = boards._fault_for(parts.path)
            if fault is not None and self._apply(fault, request):
                return
            answer = boards.answer(request)
            self._send(answer.status, answer.encoded(), answer.content_type, answer.headers)

        do_GET = do_POST = _serve

        def _send(self, status: int, data: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def _apply(self, fault: Fault, request: Request) -> bool:
            """Act out the fault; False means "then answer normally" (slow)."""
            kind = fault.kind
            if kind == "gzip":  # the normal answer, compressed as a real server would
                answer = boards.answer(request)
                data = gzip.compress(answer.encoded())
                self._send(answer.status, data, answer.content_type, {"Content-Encoding": "gzip", **answer.headers})
                return True
            if kind == "slow":
                boards.stopping.wait(fault.delay)
                return False
            if kind == "gate":  # a stalled host, released by the test (events, not timing)
                if fault.arrived is not None:
                    fault.arrived(request)
                while fault.gate is not None and not fault.gate.wait(0.05) and not boards.stopping.is_set():
                    pass
                return False
            if kind == "redirect":
                status = fault.status if 300 <= fault.status < 400 else 302
                self._send(status, b"", "text/plain", {"Location": fault.location})
                return True
            if kind == "hang":
                boards.stopping.wait(fault.delay or 30)
                self.close_connection = True
                return True
            if kind == "status":
                headers = {"Retry-After": fault.retry_after} if fault.retry_after is not None else {}
                body = fault.body if fault.body is not None else {"error": "fault"}
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self._send(fault.status, data, "application/json", headers)
                return True
            if kind == "truncated":  # promise more than is sent, then close
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "5000")
                self.end_headers()
                self.wfile.write(b'{"jobs": [{"title": "Cut')
                self.close_connection = True
                return True
            if kind == "not_json":
                self._send(200, b"<!DOCTYPE html><html><body>Just a moment...</body></html>", "text/html")
                return True
            if kind == "huge":  # 60 MB of JSON, streamed in chunks without a length
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b'{"filler": "' + b"x" * 1_000_000 + b'"},'
                try:
                    for _ in range(60):
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                    self.wfile.write(b"0\r\n\r\n")
                except OSError:  # the client stopped reading at its cap
                    pass
                self.close_connection = True
                return True
            if kind == "gzip_bomb":  # ~100 KB on the wire, 100 MB inflated
                data = gzip.compress(b"[" + b" " * 100_000_000 + b"]", compresslevel=9)
                self._send(200, data, "application/json", {"Content-Encoding": "gzip"})
                return True
            if kind == "drip":  # headers at once, then one byte every `delay` seconds, for ever (bounded)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "100000")
                self.end_headers()
                try:
                    deadline = time.monotonic() + 30
                    while time.monotonic() < deadline and not boards.stopping.wait(fault.delay or 0.2):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                except OSError:
                    pass
                self.close_connection = True
                return True
            raise ValueError(f"unknown fault {kind!r}")

    return _Handler


@contextmanager
def running() -> Iterator[FakeBoards]:
    boards = FakeBoards().start()
    try:
        yield boards
    finally:
        boards.stop()
