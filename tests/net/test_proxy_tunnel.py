"""Inside the CONNECT tunnel (sweepy/net/pinning.py + proxy.py), below the engines: TLS to the target's own name
through a real proxy, the proxy's exact word when it hangs or fails, and the link checker on the same rules."""

import datetime as dt
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import httpx
import pytest
from connect_proxy import ConnectProxy, running_proxy
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from fakeboards import FakeBoards
from linksite import LinkSite, dial_log, running_site
from loopback import LoopbackServer

from sweepy.linkcheck import check_links
from sweepy.net.pinning import GuardedTransport, Refused
from sweepy.net.proxy import ProxyRules


def behind(proxy: ConnectProxy, **more: str) -> ProxyRules:
    return ProxyRules.from_env({"SWEEPY_PROXY": proxy.url, "SWEEPY_ALLOW_PRIVATE_PROXY": "1", **more})


# -- TLS inside the tunnel -----------------------------------------------------------------------------------
def _certificate(folder: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for `name` (its own CA), and its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / f"{name}.pem", folder / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


class _TLSServer(LoopbackServer):
    """An HTTPS site on 127.0.0.1 that answers every GET with its path and notes each TLS client's SNI."""

    def __init__(self, cert: Path, key: Path) -> None:
        self.names: list[str | None] = []
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(cert, key)
        self.context.sni_callback = lambda _sock, name, _ctx: self.names.append(name)  # type: ignore[assignment]

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                body = f"secure {self.path} for {self.headers['Host']}".encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        super().__init__(("127.0.0.1", 0), Handler)

    def get_request(self) -> tuple[Any, Any]:
        sock, address = super().get_request()
        # The handshake happens on the handler's thread, at its first read, never on the accepting one.
        return self.context.wrap_socket(sock, server_side=True, do_handshake_on_connect=False), address


@pytest.fixture
def secure(tmp_path: Path) -> Iterator[tuple[_TLSServer, Path]]:
    cert, key = _certificate(tmp_path, "secure.test")
    server = _TLSServer(cert, key)
    thread: threading.Thread = server.thread("tls-site")
    thread.start()
    try:
        yield server, cert
    finally:
        server.shutdown()
        server.server_close()


def test_https_goes_through_the_tunnel_with_tls_to_the_target_name(secure: tuple[_TLSServer, Path]) -> None:
    server, cert = secure
    port = server.server_address[1]
    trusted = ssl.create_default_context(cafile=str(cert))
    with running_proxy(hosts={"secure.test": "127.0.0.1", "impostor.test": "127.0.0.1"}) as proxy:
        transport = GuardedTransport(False, ssl_context=trusted, proxies=behind(proxy))
        with httpx.Client(transport=transport, trust_env=False) as client:
            answer = client.get(f"https://secure.test:{port}/jobs")
            with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED"):
                client.get(f"https://impostor.test:{port}/jobs")  # the certificate is checked against the target
        assert proxy.connects() == [f"secure.test:{port}", f"impostor.test:{port}"]
    assert (answer.status_code, answer.text) == (200, f"secure /jobs for secure.test:{port}")
    assert server.names[:2] == ["secure.test", "impostor.test"]  # SNI is the target's name, not the proxy's


def test_an_ipv6_literal_target_is_bracketed_in_connect(boards: FakeBoards) -> None:
    port = boards.url.rsplit(":", 1)[1]
    with running_proxy(hosts={"2606:4700::1": "127.0.0.1"}) as proxy:
        with httpx.Client(transport=GuardedTransport(False, proxies=behind(proxy))) as client:
            answer = client.get(f"http://[2606:4700::1]:{port}/v1/boards/acme/jobs")
        assert proxy.connects() == [f"[2606:4700::1]:{port}"]
    assert answer.status_code == 200 and len(answer.json()["jobs"]) == 3
    assert boards.requests()[0].headers["Host"] == f"[2606:4700::1]:{port}"


# -- what the proxy said, word for word ----------------------------------------------------------------------
def test_a_hanging_proxy_is_a_timeout_refusal_naming_the_proxy() -> None:
    with (
        running_proxy(mode="hang") as proxy,
        httpx.Client(transport=GuardedTransport(False, proxies=behind(proxy))) as client,
    ):
        with pytest.raises(Refused) as refused:
            client.get("http://boards.test:8080/", timeout=0.2)
        assert proxy.connects() == ["boards.test:8080"]
    assert (refused.value.reason, refused.value.proxy) == ("timeout", True)
    assert (
        refused.value.detail
        == f"the proxy {proxy.url} (from SWEEPY_PROXY) did not answer CONNECT boards.test:8080 in time"
    )


def test_a_proxy_that_cannot_reach_the_target_is_a_connect_error_the_engines_retry() -> None:
    with running_proxy() as proxy:
        client = httpx.Client(transport=GuardedTransport(False, proxies=behind(proxy)))
        with client, pytest.raises(httpx.ConnectError) as failed:
            client.get("https://nowhere.test/")  # the test proxy answers 502 for a name it cannot resolve
    said = f"the proxy {proxy.url} (from SWEEPY_PROXY) could not reach nowhere.test:443 (502 Bad Gateway)"
    assert str(failed.value) == said


def test_a_proxy_that_is_not_listening_is_a_connect_error_naming_it() -> None:
    with running_proxy() as proxy:
        rules = behind(proxy)
    client = httpx.Client(transport=GuardedTransport(False, proxies=rules))
    with client, pytest.raises(httpx.ConnectError) as failed:
        client.get("https://boards.test/")
    assert str(failed.value).startswith(f"could not connect to the proxy {proxy.url} (from SWEEPY_PROXY): ")


# -- the link checker ----------------------------------------------------------------------------------------
@pytest.fixture
def site() -> Iterator[LinkSite]:
    with running_site() as running:
        yield running


def _check(site: LinkSite, proxies: ProxyRules, *paths: str, host: str = "links.test") -> list[Any]:
    return check_links(
        [site.url(path, host) for path in paths], allow_private=False, ports={site.port, 80}, proxies=proxies
    )


def test_the_link_checker_goes_through_the_proxy_and_follows_redirects_hop_by_hop(site: LinkSite) -> None:
    with running_proxy(hosts={"links.test": "127.0.0.1"}) as proxy:
        posting, moved, to_metadata = _check(site, behind(proxy), "/posting", "/moved/jobs/123", "/to-metadata")
        targets = proxy.connects()
    assert (posting.verdict, posting.reason) == ("verified", "ok")
    assert (moved.verdict, moved.final_url) == ("verified", site.url("/en/moved/jobs/123", "links.test"))
    assert (to_metadata.verdict, to_metadata.reason) == ("unverified", "blocked_address")
    assert "169.254.169.254 is cloud metadata" in to_metadata.detail
    assert set(targets) == {f"links.test:{site.port}"} and len(targets) == 4  # one tunnel per hop
    assert {seen.path for seen in site.seen} == {"/posting", "/moved/jobs/123", "/en/moved/jobs/123", "/to-metadata"}


def test_the_link_checker_refuses_a_private_proxy_and_private_targets_before_the_proxy_hears(site: LinkSite) -> None:
    with running_proxy(hosts={"links.test": "127.0.0.1"}) as proxy, dial_log() as dialled:
        unflagged = ProxyRules.from_env({"SWEEPY_PROXY": proxy.url})
        (refused,) = _check(site, unflagged, "/posting")
        private = check_links(
            ["http://10.0.0.1/job", "http://[fd00::1]/job"], allow_private=False, proxies=behind(proxy)
        )
        assert proxy.seen == []
    assert (refused.verdict, refused.reason) == ("unverified", "blocked_address")
    assert "set SWEEPY_ALLOW_PRIVATE_PROXY=1" in refused.detail
    assert [(v.reason, v.detail) for v in private] == [
        ("blocked_address", "10.0.0.1 is private (10.0.0.0/8)"),
        ("blocked_address", "fd00::1 is unique-local (fc00::/7)"),
    ]
    assert dialled == [] and site.seen == []


def test_the_link_checker_sends_a_no_proxy_host_direct(site: LinkSite) -> None:
    def resolver(host: str, port: int) -> list[tuple[Any, ...]]:
        return [(2, 1, 6, "", ("127.0.0.1", port))]  # links.test, looked up by us since it goes direct

    with running_proxy() as proxy:
        (verdict,) = check_links(
            [site.url("/posting", "links.test")], allow_private=True, ports={site.port},
            proxies=behind(proxy, NO_PROXY="links.test"), resolver=resolver,
        )  # fmt: skip
        assert proxy.seen == []
    assert (verdict.verdict, verdict.reason) == ("verified", "ok")
    assert [seen.path for seen in site.seen] == ["/posting"]
