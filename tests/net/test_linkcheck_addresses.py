"""The link checker's address predicate over the tricky spellings of reliability.md §1.3 and S-37, and the
checker refusing a public page's redirect to a private address before anything connects to it."""

import ipaddress

import pytest
from connect_proxy import running_proxy
from linksite import dial_log, running_site

from sweepy.linkcheck import address_problem, check_links, is_public_address, parse_address
from sweepy.net.addresses import host_problem
from sweepy.net.proxy import ProxyRules

BLOCKED = [
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::127.0.0.1",  # IPv4-compatible, deprecated
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "64:ff9b:1::808:808",  # local-use NAT64, never global
    "2002:7f00:1::",  # 6to4 of 127.0.0.1
    "2002:a9fe:a9fe::1",  # 6to4 of 169.254.169.254
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo whose client is 127.0.0.1 (obfuscated)
    "[::1]",
]
PUBLIC = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8",
          "64:ff9b::808:808", "2002:808:808::1"]  # fmt: skip


@pytest.mark.parametrize("text", BLOCKED)
def test_blocked_addresses_are_refused_even_with_a_reason(text: str) -> None:
    ip = parse_address(text)
    assert ip is not None
    problem = address_problem(ip, allow_private=False)
    assert problem is not None and problem.strip()
    assert is_public_address(text) is False


@pytest.mark.parametrize("text", PUBLIC)
def test_public_addresses_pass(text: str) -> None:
    assert is_public_address(text) is True
    assert is_public_address(text, allow_private=True) is True


def test_teredo_case_really_embeds_loopback() -> None:
    teredo = ipaddress.IPv6Address("2001:0:4136:e378:8000:63bf:80ff:fffe").teredo
    assert teredo is not None and str(teredo[1]) == "127.0.0.1"


@pytest.mark.parametrize("text", ["127.0.0.1", "10.0.0.1", "192.168.1.1", "::1", "fd00::1", "::ffff:127.0.0.1"])
def test_allow_private_opens_loopback_and_private_networks(text: str) -> None:
    assert is_public_address(text, allow_private=True) is True


@pytest.mark.parametrize(
    "text", ["169.254.169.254", "0.0.0.0", "100.64.0.1", "224.0.0.1", "fe80::1", "fec0::1", "::", "64:ff9b::a9fe:a9fe"]
)
def test_allow_private_never_opens_metadata_multicast_or_unspecified(text: str) -> None:
    assert is_public_address(text, allow_private=True) is False


@pytest.mark.parametrize("text", ["", "example.com", "1.2.3.4.5", "0x.example.com", "123.example"])
def test_names_are_not_literals(text: str) -> None:
    # These go to the resolver, whose answer is what gets checked.
    assert parse_address(text) is None
    assert is_public_address(text) is False


@pytest.mark.parametrize("text", ["127.1", "2130706433", "0x7f000001", "0177.0.0.1", "0x7f.1", "127.0.1"])
def test_legacy_ipv4_spellings_are_read_as_the_resolver_reads_them(text: str) -> None:
    # inet_aton's forms: no DNS name is all numbers, so these are addresses without a lookup (and refused).
    assert parse_address(text) is not None
    assert str(parse_address(text)).startswith("127.0.")
    assert is_public_address(text) is False


@pytest.mark.parametrize("text", ["169.254.169.254", "fd00:ec2::254", "::ffff:169.254.169.254", "100.100.100.200"])
def test_cloud_metadata_is_refused_first_and_named(text: str) -> None:
    ip = parse_address(text)
    assert ip is not None
    for allow_private in (False, True):
        problem = address_problem(ip, allow_private=allow_private)
        assert problem is not None and "cloud metadata" in problem


def test_the_private_flag_opens_unique_local_but_not_the_aws_metadata_address_inside_it() -> None:
    assert is_public_address("fd00:ec2::253", allow_private=True) is True
    assert is_public_address("fd00:ec2::254", allow_private=True) is False


@pytest.mark.parametrize(
    ("host", "private", "problem"),
    [
        ("localhost", False, "loopback"),
        ("LOCALHOST.", False, "loopback"),
        ("api.localhost", False, "loopback"),
        ("localhost", True, None),
        ("metadata.google.internal", True, "cloud metadata"),
        ("Metadata.Google.Internal.", False, "cloud metadata"),
        ("2130706433", True, None),
        ("2130706433", False, "loopback (127.0.0.0/8)"),
        ("[::1]", False, "loopback (::1/128)"),
        ("fd00::1", False, "unique-local (fc00::/7)"),
        ("jobs.lever.co", False, None),
        ("8.8.8.8", False, None),
    ],
)
def test_host_problem_reads_names_and_literals_without_dns(host: str, private: bool, problem: str | None) -> None:
    assert host_problem(host, allow_private=private) == problem


@pytest.mark.parametrize(
    ("path", "target", "detail"),
    [
        ("/to-private", "http://10.0.0.1/job", "10.0.0.1 is private (10.0.0.0/8)"),
        ("/to-loopback", "http://127.0.0.1:{port}/posting", "127.0.0.1 is loopback (127.0.0.0/8)"),
        ("/to-ipv6-loopback", "http://[::1]:{port}/posting", "::1 is loopback (::1/128)"),
    ],
)
def test_a_public_page_redirecting_to_a_private_address_is_refused_at_the_hop(
    path: str, target: str, detail: str
) -> None:
    # links.test is a public name to the checker (a proxy resolves it: here, to the loopback site), so the first
    # hop goes out without SWEEPY_ALLOW_PRIVATE_URLS; its redirect names a private address, which the proxy would
    # dial (it reaches this machine), so only the guard, judging the hop before it connects, keeps it unsent.
    with running_site() as site, running_proxy(hosts={"links.test": "127.0.0.1"}) as proxy, dial_log() as dialled:
        rules = ProxyRules.from_env({"SWEEPY_PROXY": proxy.url, "SWEEPY_ALLOW_PRIVATE_PROXY": "1"})
        [got] = check_links([site.url(path, "links.test")], allow_private=False, ports={site.port, 80}, proxies=rules)
        connects = proxy.connects()
    assert (got.verdict, got.reason, got.status) == ("unverified", "blocked_address", 302)
    assert (got.final_url, got.detail) == (target.format(port=site.port), detail)
    assert [seen.path for seen in site.seen] == [path]  # the private server (for loopback, the site) saw nothing
    assert connects == [f"links.test:{site.port}"]  # the proxy was asked for the first hop only
    assert set(dialled) == {"127.0.0.1"}  # the proxy's own address, never 10.0.0.1 or ::1
