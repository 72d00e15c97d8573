"""Which addresses Sweepy may connect to, for every outgoing connection (the engines' API calls and the link
checker alike): explicit network lists, not only Python's registry (`is_global`/`is_private` were wrong before
3.11.10, CVE-2024-4032), with embedded IPv4 unwrapped and the legacy IPv4 spellings (`2130706433`, `127.1`,
`0x7f000001`) read the way a resolver reads them."""

import ipaddress
import re
import socket

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _nets(pairs: dict[str, str]) -> list[tuple[Network, str]]:
    return [(ipaddress.ip_network(net), label) for net, label in pairs.items()]


# Cloud metadata services answer with credentials: never reachable, whatever SWEEPY_ALLOW_PRIVATE_URLS says.
METADATA = _nets(
    {
        "169.254.169.254/32": "cloud metadata",  # AWS, GCP, Azure, OpenStack
        "169.254.170.2/32": "cloud metadata",  # ECS task credentials
        "fd00:ec2::254/128": "cloud metadata",  # AWS over IPv6 (inside fc00::/7, which the flag opens)
        "100.100.100.200/32": "cloud metadata",  # Alibaba
    }
)
METADATA_NAMES = frozenset(("metadata.google.internal", "metadata.goog", "metadata"))
LOOPBACK_NAMES = ("localhost", "localhost.localdomain")
"""Names every resolver answers with loopback without asking DNS (and `*.localhost`, RFC 6761)."""

# Never reachable either, whatever SWEEPY_ALLOW_PRIVATE_URLS says: none of these is a place a job board or a
# job posting can be.
ALWAYS_BLOCKED = _nets(
    {
        "0.0.0.0/8": "this-network",
        "100.64.0.0/10": "carrier-grade NAT",
        "169.254.0.0/16": "link-local",
        "192.0.0.0/24": "IETF protocol assignments",
        "192.0.2.0/24": "documentation",
        "192.88.99.0/24": "6to4 relay anycast",
        "198.18.0.0/15": "benchmarking",
        "198.51.100.0/24": "documentation",
        "203.0.113.0/24": "documentation",
        "224.0.0.0/4": "multicast",
        "240.0.0.0/4": "reserved",  # includes the broadcast 255.255.255.255
        "::/128": "unspecified",
        "100::/64": "discard-only",
        "64:ff9b:1::/48": "local-use NAT64",
        "2001:db8::/32": "documentation",
        "2001:10::/28": "ORCHID",
        "2001:20::/28": "ORCHIDv2",
        "fe80::/10": "link-local",
        "fec0::/10": "site-local",
        "ff00::/8": "multicast",
    }
)

# Reachable only with allow_private (a person checking an intranet or a local test site).
PRIVATE = _nets(
    {
        "127.0.0.0/8": "loopback",
        "10.0.0.0/8": "private",
        "172.16.0.0/12": "private",
        "192.168.0.0/16": "private",
        "::1/128": "loopback",
        "fc00::/7": "unique-local",
    }
)

_IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")  # deprecated ::a.b.c.d; only :: and ::1 have a meaning
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


_LEGACY_IPV4 = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}$", re.IGNORECASE)


def parse_address(text: str) -> IPAddress | None:
    """An IP literal as a resolver or URL gives it (`[::1]`, `fe80::1%eth0`), and the legacy IPv4 forms
    `inet_aton` accepts (`2130706433`, `127.1`, `0x7f.1`, `0177.0.0.1`), else None."""
    text = text.strip().removeprefix("[").removesuffix("]").split("%", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        pass
    if _LEGACY_IPV4.match(text):  # no DNS name is all numbers: the C resolver reads these as addresses
        try:
            return ipaddress.IPv4Address(socket.inet_aton(text))
        except OSError:
            return None
    return None


def embedded_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses a packet to `ip` really reaches or reveals: mapped, NAT64, 6to4, Teredo."""
    found: list[ipaddress.IPv4Address] = []
    if ip.ipv4_mapped is not None:
        found.append(ip.ipv4_mapped)
    if ip in _NAT64:
        found.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    if ip.sixtofour is not None:
        found.append(ip.sixtofour)
    if ip.teredo is not None:
        found.extend(ip.teredo)  # (server, client), the client already un-obfuscated
    if ip in _IPV4_COMPATIBLE and int(ip) > 1:
        found.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return found


def address_problem(ip: IPAddress, *, allow_private: bool) -> str | None:
    """Why Sweepy must not connect to `ip` (a short phrase), or None when it may. `allow_private`
    (SWEEPY_ALLOW_PRIVATE_URLS=1, for tests and intranets) opens loopback and private networks, never metadata."""
    for net, label in METADATA:
        if ip.version == net.version and ip in net:
            return f"{label} ({ip})"
    if isinstance(ip, ipaddress.IPv6Address):
        for inner in embedded_ipv4(ip):
            if (problem := address_problem(inner, allow_private=allow_private)) is not None:
                return f"embeds {inner}, which is {problem}"
        if ip.ipv4_mapped is not None or ip in _NAT64:
            # The packet really goes to the embedded IPv4 address, which just passed (DNS64 answers these on
            # IPv6-only networks; the registry calls all of ::/8 reserved).
            return None
        if ip in _IPV4_COMPATIBLE and int(ip) > 1:
            return "IPv4-compatible (deprecated)"
    for net, label in ALWAYS_BLOCKED:
        if ip.version == net.version and ip in net:
            return f"{label} ({net})"
    for net, label in PRIVATE:
        if ip.version == net.version and ip in net:
            return None if allow_private else f"{label} ({net})"
    # Belt and braces: the registry catches what the lists above do not name; the attributes are checked
    # as well because a pre-3.11.10 registry counts some of these ranges as global.
    if ip.is_multicast or ip.is_reserved or ip.is_link_local or ip.is_loopback or ip.is_unspecified:
        return "special-purpose"
    if isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local:
        return "site-local"
    if not ip.is_global:
        return "not globally routable"
    return None


def is_public_address(text: str, *, allow_private: bool = False) -> bool:
    """True when `text` is an IP literal Sweepy may connect to."""
    ip = parse_address(text)
    return ip is not None and address_problem(ip, allow_private=allow_private) is None


def name_problem(host: str, *, allow_private: bool) -> str | None:
    """Why a host *name* is refused before any lookup (cloud metadata always, `localhost` unless private
    addresses are allowed), or None: the names a resolver answers locally, so DNS never sees them."""
    name = host.strip().lower().rstrip(".")
    if name in METADATA_NAMES:
        return "cloud metadata"
    if not allow_private and (name in LOOPBACK_NAMES or name.endswith(".localhost")):
        return "loopback"
    return None


def host_problem(host: str, *, allow_private: bool) -> str | None:
    """Why `host` (a name or an IP literal, as a URL spells it) is refused without resolving it, or None.
    Enough for a URL that is only stored (an imported posting); a connection also checks every DNS answer."""
    ip = parse_address(host)
    if ip is not None:
        return address_problem(ip, allow_private=allow_private)
    return name_problem(host, allow_private=allow_private)
