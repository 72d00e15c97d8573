"""Stage 1 of 5: ask every enabled engine for postings, concurrently; a failing source never fails the sweep."""

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from ..engines import DiscoverRequest, Engine, EngineConfig, EngineResult, SkippedSource, get_engine


def _one(engine: Engine, config: EngineConfig, request: DiscoverRequest) -> EngineResult:
    name = engine.name
    try:
        return engine.discover(config, request)
    except Exception as exc:  # an engine bug must not sink the other sources
        request.log(f"engine {name} crashed: {type(exc).__name__}: {exc}")
        return EngineResult(skipped_sources=[SkippedSource(name, name, "bad_response", f"{type(exc).__name__}")])


def discover(
    configs: dict[str, EngineConfig],
    request: DiscoverRequest,
    timeout: float = 30.0,
    lookup: Callable[[str], Engine] = get_engine,
) -> EngineResult:
    """All engines' postings merged in a stable order (engine name order), whatever finished first.

    Every engine gets `timeout` seconds from the start; one still running then is skipped as `timeout` and
    left to finish in the background (a thread cannot be killed), so a hung source cannot hold the sweep.
    `lookup` finds each engine by name (the registry; tests pass their own).
    """
    merged = EngineResult()
    if not configs:
        return merged
    deadline = time.monotonic() + timeout
    pool = ThreadPoolExecutor(max_workers=min(8, len(configs)), thread_name_prefix="sweepy-engine")
    futures: dict[str, Future[EngineResult]] = {
        name: pool.submit(_one, lookup(name), cfg, request) for name, cfg in sorted(configs.items())
    }
    try:
        for name, future in futures.items():
            try:
                result = future.result(timeout=max(0.0, deadline - time.monotonic()))
            except FutureTimeout:
                detail = f"no answer within {timeout:g} s (orchestrator.timeout_per_source_seconds)"
                request.log(f"engine {name} timed out")
                result = EngineResult(skipped_sources=[SkippedSource(name, name, "timeout", detail)])
            merged.postings.extend(result.postings)
            merged.skipped_records.extend(result.skipped_records)
            merged.skipped_sources.extend(result.skipped_sources)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return merged
