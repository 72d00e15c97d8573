"""Following a request's redirects hop by hop: the one follower of the engines' HTTP layer and the link checker.

Every hop is admitted by the address guard (the caller's `admit`: checked and pinned, sweepy/net/pinning.py)
before anything connects to it; the Location is parsed here, or refused by httpx before us; at most MAX_HOPS
redirects are followed; a 303 (or a 301/302 answering a POST) turns into a GET without the body; and a hop to
another origin carries only the request headers that hold no key, its URL first cleaned by the caller's
`crossing`. What a refusal means stays the caller's: the engines raise SourceError, the checker gives a verdict."""

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field

import httpx

REDIRECT_STATUSES = frozenset((301, 302, 303, 307, 308))
MAX_HOPS = 5
"""Redirects followed at most: the answer of the sixth request is the last one heard."""
CROSS_ORIGIN_HEADERS = frozenset(("accept", "content-type"))
"""The only per-request headers that follow a redirect to another origin: the rest may carry a key."""


class BadLocation(Exception):
    """A redirect's Location that does not parse; `location` is None when httpx refused it before us (it reads
    a redirect's Location itself, to build the next request it is not asked to send)."""

    def __init__(self, location: str | None, problem: Exception) -> None:
        super().__init__(str(problem))
        self.location = location


class TooManyHops(Exception):
    """The last hop allowed answered with one more redirect."""


@dataclass
class Chain:
    """One request and where its redirects have taken it: `url` is the hop being sent, `hop` the redirects
    followed to reach it, `status` the last redirect's status (None before the first)."""

    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    hop: int = 0
    status: int | None = None


@contextmanager
def follow(
    client: httpx.Client,
    chain: Chain,
    admit: Callable[[str], httpx.URL | str],
    timeout: Callable[[], httpx.Timeout],
    crossing: Callable[[str], str] = str,
) -> Iterator[httpx.Response]:
    """The first answer that is not a redirect, its body unread (the stream closes when the block ends).

    `admit` checks and pins a hop's URL (Refused when it may not be sent) and gives what to send; `timeout` is
    asked for each hop; `crossing` may change (or refuse) a URL on another origin than the first. Raises Refused,
    BadLocation, TooManyHops and httpx's own errors, `chain` telling where it stopped."""
    origin: tuple[str, str, int] | None = None
    while True:
        admitted = admit(chain.url)
        with ExitStack() as held:
            try:
                target = httpx.URL(admitted)
                answer = held.enter_context(
                    client.stream(
                        chain.method, target, headers=chain.headers, content=chain.body or None, timeout=timeout()
                    )
                )
            except httpx.InvalidURL as exc:  # as httpx read a redirect's Location, or a hop no guard parsed
                raise BadLocation(None, exc) from None
            origin = origin or _origin(target)  # the first hop's, read once the guard has passed its URL
            location = answer.headers.get("Location", "").strip()
            if answer.status_code not in REDIRECT_STATUSES or not location:
                yield answer
                return
        chain.status = answer.status_code
        _next_hop(chain, target, location, origin, crossing)


def _next_hop(
    chain: Chain, sent: httpx.URL, location: str, origin: tuple[str, str, int], crossing: Callable[[str], str]
) -> None:
    if chain.hop == MAX_HOPS:
        raise TooManyHops
    try:
        chain.url = str(sent.join(location))
    except httpx.InvalidURL as exc:
        raise BadLocation(location, exc) from None
    if chain.status == 303 or (chain.status in (301, 302) and chain.method == "POST"):
        chain.method, chain.body = "GET", b""  # what browsers and httpx do: the body is not sent again
        chain.headers = {k: v for k, v in chain.headers.items() if k.lower() != "content-type"}
    if _origin(httpx.URL(chain.url)) != origin:
        chain.headers = {k: v for k, v in chain.headers.items() if k.lower() in CROSS_ORIGIN_HEADERS}
        chain.url = crossing(chain.url)
    chain.hop += 1


def _origin(url: httpx.URL) -> tuple[str, str, int]:
    return url.scheme, url.host.lower(), url.port or (443 if url.scheme == "https" else 80)
