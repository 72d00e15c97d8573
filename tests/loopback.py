"""The HTTP server under the loopback test sites (the fake job boards, the link site): bound to 127.0.0.1 without
a reverse lookup, quick to stop, and quiet about clients that hang up first."""

import socketserver
import sys
import threading
from http.server import ThreadingHTTPServer
from typing import Any


class LoopbackServer(ThreadingHTTPServer):
    daemon_threads = True

    def server_bind(self) -> None:
        # HTTPServer.server_bind asks getfqdn() for a name, a reverse lookup that can take seconds.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = "127.0.0.1", int(self.server_address[1])

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up first (a sweep past its deadline, a checker at its byte cap, a held request
        released after the test moved on) is what the tests arrange, not a fault of the site: only other errors
        are printed."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def thread(self, name: str) -> threading.Thread:
        """The serving thread, not yet started. It looks for shutdown every 50 ms: with the default half second,
        stopping the server was most of a short test."""
        return threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, name=name, daemon=True)
