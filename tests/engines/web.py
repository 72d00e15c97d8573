"""Helpers for the web-engine tests: run one engine's sources against the fake board server, as a sweep does."""

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.http import build_client, open_network
from sweepy.pipeline.discover import Discovery, discover
from sweepy.settings import Settings


def sweep(
    engine: str,
    block: dict[str, Any],
    state: Path,
    titles: list[str] | None = None,
    timeout: float = 10.0,
    cache_ttl: float | None = None,
    breaker: tuple[int, float] | None = None,
    clock: Callable[[], float] | None = None,
    make_client: Callable[[], httpx.Client] = build_client,
    sleep: Callable[[float], None] | None = None,
    log: Callable[[str], None] | None = None,
    monotonic: Callable[[], float] = time.monotonic,
) -> Discovery:
    """Discover with one engine's block, through the same code path (and the same HTTP layer) as a sweep."""
    workspace = Settings.from_env().workspace()
    config = get_engine(engine).parse_config({"enabled": True, **block}, workspace)
    kwargs: dict[str, Any] = {} if clock is None else {"clock": clock}
    if sleep is not None:
        kwargs["sleep"] = sleep
    # The fake boards stand in for the real APIs, so keys may go to them (SWEEPY_TRUST_BASE_URLS in a server).
    with open_network(make_client, state, cache_ttl, breaker, trust_base_urls=True, **kwargs) as network:
        request = DiscoverRequest(titles or ["Paralegal"], "New York, NY", workspace, {}, network=network)
        if log is not None:
            request.log = log
        return discover({engine: config}, request, timeout=timeout, monotonic=monotonic)
