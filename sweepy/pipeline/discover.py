"""Stage 1 of 5: ask every enabled engine for postings, concurrently; a failing source never fails the sweep."""

from concurrent.futures import ThreadPoolExecutor

from ..engines import DiscoverRequest, EngineConfig, EngineResult, SkippedSource, get_engine


def _one(name: str, config: EngineConfig, request: DiscoverRequest) -> EngineResult:
    try:
        return get_engine(name).discover(config, request)
    except Exception as exc:  # an engine bug must not sink the other sources
        request.log(f"engine {name} crashed: {type(exc).__name__}: {exc}")
        return EngineResult(skipped_sources=[SkippedSource(name, name, "bad_response", f"{type(exc).__name__}")])


def discover(configs: dict[str, EngineConfig], request: DiscoverRequest) -> EngineResult:
    """All engines' postings merged in a stable order (engine name order), whatever finished first."""
    merged = EngineResult()
    if not configs:
        return merged
    with ThreadPoolExecutor(max_workers=min(8, len(configs)), thread_name_prefix="sweepy-engine") as pool:
        futures = {name: pool.submit(_one, name, cfg, request) for name, cfg in sorted(configs.items())}
        for name in sorted(futures):
            result = futures[name].result()
            merged.postings.extend(result.postings)
            merged.skipped_records.extend(result.skipped_records)
            merged.skipped_sources.extend(result.skipped_sources)
    return merged
