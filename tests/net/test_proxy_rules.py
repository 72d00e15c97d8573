"""Which proxy a hop takes (sweepy/net/proxy.py): SWEEPY_PROXY over the curl/httpx variables, lower case over
upper, NO_PROXY as curl reads it, the proxy URL's credentials, and the variables that do not parse."""

import base64
from pathlib import Path

import pytest

from sweepy.net.proxy import ProxyRules, bypassed, parse_proxy
from sweepy.net.refusal import Refused
from sweepy.settings import Settings


def rules(**environ: str) -> ProxyRules:
    return ProxyRules.from_env(environ)


def where(found: ProxyRules, url_scheme: str, host: str = "boards.example", port: int = 443) -> str | None:
    proxy = found.choose(url_scheme, host, port)
    return None if proxy is None else proxy.shown


def test_https_and_http_targets_take_their_own_variable() -> None:
    found = rules(HTTPS_PROXY="http://secure.corp:3128", HTTP_PROXY="plain.corp:8080")
    assert where(found, "https") == "http://secure.corp:3128 (from HTTPS_PROXY)"
    assert where(found, "http", port=80) == "http://plain.corp:8080 (from HTTP_PROXY)"  # no scheme: http://
    assert where(rules(HTTPS_PROXY="http://secure.corp:3128"), "http", port=80) is None


def test_lower_case_wins_over_upper_case_as_curl_and_urllib_read_them() -> None:
    found = rules(https_proxy="http://lower.corp:1", HTTPS_PROXY="http://upper.corp:2", http_proxy="", HTTP_PROXY="u:3")
    assert where(found, "https") == "http://lower.corp:1 (from https_proxy)"
    assert where(found, "http") == "http://u:3 (from HTTP_PROXY)"  # an empty variable is unset


def test_sweepy_proxy_wins_for_both_schemes_and_direct_turns_every_proxy_off() -> None:
    found = rules(SWEEPY_PROXY="http://mine.corp:9000", HTTPS_PROXY="http://theirs.corp:3128")
    assert where(found, "https") == where(found, "http") == "http://mine.corp:9000 (from SWEEPY_PROXY)"
    off = rules(SWEEPY_PROXY="direct", HTTPS_PROXY="http://theirs.corp:3128", HTTP_PROXY="socks5://x:1")
    assert (off.problem, where(off, "https"), where(off, "http")) == (None, None, None)


def test_the_port_defaults_to_80_and_an_ipv6_proxy_keeps_its_brackets() -> None:
    assert parse_proxy("http://proxy.corp", "HTTPS_PROXY").port == 80
    assert parse_proxy("http://[fd00::8]:3128/", "HTTPS_PROXY").shown == "http://[fd00::8]:3128 (from HTTPS_PROXY)"


def test_credentials_become_basic_proxy_authorization_and_never_show() -> None:
    proxy = parse_proxy("http://ann%40corp:p%3Ass@proxy.corp:3128", "SWEEPY_PROXY")
    assert proxy.authorization == "Basic " + base64.b64encode(b"ann@corp:p:ss").decode()
    assert "ann" not in proxy.shown and "p:ss" not in proxy.shown
    held = repr(rules(SWEEPY_PROXY="http://ann%40corp:p%3Ass@proxy.corp:3128"))  # a logged Settings shows neither
    assert "ann" not in held and "p:ss" not in held and proxy.authorization.split()[1] not in held


def test_a_variable_that_does_not_parse_shows_no_password() -> None:
    problem = rules(HTTPS_PROXY="http://ann:hunter2@proxy.corp:99999").problem
    assert problem == (
        "HTTPS_PROXY='http://***@proxy.corp:99999' does not parse as a proxy URL (Port out of range 0-65535) "
        "(or SWEEPY_PROXY=direct to use none)"
    )


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("socks5://127.0.0.1:1080", "is a socks5:// proxy; Sweepy speaks only to HTTP proxies (CONNECT)"),
        ("https://proxy.corp:443", "is a https:// proxy"),
        ("http://proxy.corp:99999", "does not parse as a proxy URL"),
        ("http://:3128", "has no usable host"),
        ("http://pro xy:3128", "has no usable host"),
    ],
)
def test_a_variable_that_does_not_parse_refuses_every_hop_saying_what_to_write(value: str, said: str) -> None:
    found = rules(HTTPS_PROXY=value, NO_PROXY="*")
    assert found.problem is not None and said in found.problem
    with pytest.raises(Refused) as refused:
        found.choose("https", "boards.example", 443)  # even a NO_PROXY host: the person meant a proxy
    assert refused.value.proxy and refused.value.detail.endswith("(or SWEEPY_PROXY=direct to use none)")
    assert refused.value.detail.startswith(f"HTTPS_PROXY={value!r}")


@pytest.mark.parametrize(
    ("entries", "host", "port", "bypass"),
    [
        ("*", "boards.example", 443, True),
        ("example.org", "example.org", 443, True),
        ("example.org", "api.example.org", 443, True),
        ("example.org", "badexample.org", 443, False),
        (".example.org", "example.org", 443, True),
        ("*.example.org", "jobs.example.org", 443, True),
        ("EXAMPLE.org.", "api.example.ORG", 443, True),
        ("example.org:8443", "example.org", 443, False),
        ("example.org:8443", "example.org", 8443, True),
        ("10.0.0.0/8", "10.1.2.3", 443, True),
        ("10.0.0.0/8", "ten.example", 443, False),  # a name is never resolved to match a range
        ("192.168.1.5", "192.168.1.5", 80, True),
        ("[fd00::1]:8080", "fd00::1", 8080, True),
        ("fd00::/8", "fd00::1", 443, True),
        ("not a/range", "boards.example", 443, False),
        ("", "boards.example", 443, False),
    ],
)
def test_no_proxy_entries_read_as_curl_reads_them(entries: str, host: str, port: int, bypass: bool) -> None:
    assert bypassed(tuple(entries.split(",")), host, port) is bypass


def test_no_proxy_and_loopback_targets_go_direct() -> None:
    found = rules(SWEEPY_PROXY="http://proxy.corp:3128", no_proxy="intranet.corp, 10.0.0.0/8")
    assert where(found, "https", "wiki.intranet.corp") is None
    assert where(found, "http", "10.4.4.4", 80) is None
    assert where(found, "http", "10.4.4.4.example", 80) == "http://proxy.corp:3128 (from SWEEPY_PROXY)"
    for loopback in ("localhost", "api.localhost", "127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"):
        assert where(found, "https", loopback) is None, loopback


def test_settings_read_the_proxy_and_its_private_flag(tmp_path: Path) -> None:
    environ = {"SWEEPY_HOME": str(tmp_path), "SWEEPY_STATE_DIR": str(tmp_path / "state")}
    assert Settings.from_env(environ).proxy == ProxyRules()
    read = Settings.from_env({**environ, "HTTPS_PROXY": "http://p.corp:3128", "SWEEPY_ALLOW_PRIVATE_PROXY": "1"})
    assert (read.proxy.allow_private, where(read.proxy, "https")) == (True, "http://p.corp:3128 (from HTTPS_PROXY)")
    # Only the exact value "1" switches the flag on, as every SWEEPY_* flag.
    assert Settings.from_env({**environ, "SWEEPY_ALLOW_PRIVATE_PROXY": "true"}).proxy.allow_private is False
