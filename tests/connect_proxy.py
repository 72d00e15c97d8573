"""A real HTTP CONNECT proxy on 127.0.0.1 for the proxy tests (asyncio, on a thread of its own): it answers
`CONNECT host:port` by opening a TCP connection there and piping bytes both ways, whatever they are (plain HTTP
or TLS). Names are looked up in its own `hosts` table (`name: address` or `name: address:port`), as a corporate
proxy resolves names with its own DNS, and it only ever dials loopback (the workplace's rule for test servers).
Every request head it read is in `seen`."""

import asyncio
import base64
import ipaddress
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seen:
    line: str  # the request line, e.g. "CONNECT boards.test:40123 HTTP/1.1"
    headers: dict[str, str]  # names in lower case


@dataclass
class ConnectProxy:
    """`mode`: "tunnel" (the default), "hang" (reads the CONNECT, then never answers) or "deny" (403).
    `credentials` ("user:pass") makes it answer 407 to a CONNECT without them as Basic Proxy-Authorization."""

    hosts: dict[str, str] = field(default_factory=dict)
    mode: str = "tunnel"
    credentials: str | None = None
    seen: list[Seen] = field(default_factory=list)
    port: int = 0
    _arrived: threading.Condition = field(default_factory=threading.Condition)
    _loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)
    _thread: threading.Thread | None = None
    _server: asyncio.Server | None = None
    _stopping: asyncio.Event | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def connects(self) -> list[str]:
        """The target of every CONNECT seen, in order (`host:port`)."""
        with self._arrived:
            return [s.line.split(" ")[1] for s in self.seen if s.line.startswith("CONNECT ")]

    def wait_for(self, count: int) -> bool:
        """Until `count` requests have arrived; 60 s only bounds a broken test."""
        with self._arrived:
            return self._arrived.wait_for(lambda: len(self.seen) >= count, 60)

    # -- running ---------------------------------------------------------------------------------------------
    def start(self) -> "ConnectProxy":
        async def begin() -> None:
            self._stopping = asyncio.Event()
            self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
            self.port = int(self._server.sockets[0].getsockname()[1])

        # The loop runs on its own thread from the start: a test's own event loop (anyio) may be running here.
        self._thread = threading.Thread(target=self._loop.run_forever, name="connect-proxy", daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(begin(), self._loop).result(30)
        return self

    def stop(self) -> None:
        async def end() -> None:
            assert self._server is not None and self._stopping is not None
            self._stopping.set()
            self._server.close()
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(end(), self._loop).result(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        assert self._thread is not None
        self._thread.join(30)
        self._loop.close()

    # -- one client ------------------------------------------------------------------------------------------
    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await self._serve(reader, writer)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        line, *rest = head.rstrip("\r\n").split("\r\n")
        headers = {name.strip().lower(): value.strip() for name, _, value in (h.partition(":") for h in rest)}
        with self._arrived:
            self.seen.append(Seen(line, headers))
            self._arrived.notify_all()
        method, target = [*line.split(" "), "", ""][:2]
        if method != "CONNECT":
            return await _answer(writer, 405, "Method Not Allowed")
        if self.mode == "hang":
            assert self._stopping is not None
            await self._stopping.wait()
            return None
        if self.credentials is not None:
            wanted = "Basic " + base64.b64encode(self.credentials.encode()).decode()
            if headers.get("proxy-authorization") != wanted:
                return await _answer(
                    writer, 407, "Proxy Authentication Required", 'Proxy-Authenticate: Basic realm="t"'
                )
        if self.mode == "deny":
            return await _answer(writer, 403, "Forbidden")
        host, _, port = target.rpartition(":")
        address = self.hosts.get(host.strip("[]").lower(), host.strip("[]"))
        if address.count(":") == 1:  # "127.0.0.1:PORT": this name's every port is that one
            address, port = address.split(":")
        if not _is_loopback(address):  # a name it cannot resolve, or anywhere but this machine
            return await _answer(writer, 502, "Bad Gateway")
        try:
            up_reader, up_writer = await asyncio.open_connection(address, int(port))
        except OSError:
            return await _answer(writer, 502, "Bad Gateway")
        writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        await writer.drain()
        try:
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            up_writer.close()


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


async def _answer(writer: asyncio.StreamWriter, status: int, phrase: str, *headers: str) -> None:
    extra = "".join(f"{h}\r\n" for h in headers)
    writer.write(f"HTTP/1.1 {status} {phrase}\r\n{extra}Content-Length: 0\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while data := await source.read(65536):
            sink.write(data)
            await sink.drain()
    except ConnectionError:
        pass
    finally:
        sink.close()


@contextmanager
def running_proxy(**options: object) -> Iterator[ConnectProxy]:
    proxy = ConnectProxy(**options).start()
    try:
        yield proxy
    finally:
        proxy.stop()
