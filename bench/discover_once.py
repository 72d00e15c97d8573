"""One measured discover stage in a fresh process; prints JSON (seconds, postings, peak RSS).

Usage: python bench/discover_once.py greenhouse BASE_URL BOARDS...   (the HTTP layer against a fake board server)
       python bench/discover_once.py feed FILE.jsonl                 (the same postings from a local file)
"""

import functools
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.http import build_client, open_network
from sweepy.pipeline.discover import discover
from sweepy.store.paths import Workspace


def _peak_rss_mb() -> float:
    """This process's own high-water mark: VmHWM starts afresh at exec, while ru_maxrss keeps the parent's
    (the benchmark parent holds the fake boards' bodies)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def main() -> None:
    engine, *rest = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="sweepy-bench-") as tmp:
        ws = Workspace(home=Path(tmp), state_dir=Path(tmp) / "state")
        block = {"base_url": rest[0], "boards": rest[1:]} if engine == "greenhouse" else {"path": rest[0]}
        config = get_engine(engine).parse_config({"enabled": True, **block}, ws)
        started = time.perf_counter()
        loopback = functools.partial(build_client, allow_private=True)  # the fake boards are on 127.0.0.1
        with open_network(loopback, ws.state_dir, None, None) as network:
            request = DiscoverRequest(["Paralegal"], "New York, NY", ws, {}, network=network)
            found = discover({engine: config}, request, timeout=120)
        elapsed = time.perf_counter() - started
    skipped = [s.to_dict() for s in found.skipped_sources]
    print(json.dumps({
        "seconds": round(elapsed, 4),
        "postings": len(found.postings),
        "skipped": skipped,
        "peak_rss_mb": _peak_rss_mb(),
    }))  # fmt: skip


if __name__ == "__main__":
    main()
