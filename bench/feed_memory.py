"""Peak memory of the feed engine reading one JSONL feed, in a fresh process; prints JSON.

Usage: python bench/feed_memory.py WORKDIR FEED
"""

import json
import sys
import tracemalloc
from pathlib import Path

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.store.paths import Workspace


def main() -> None:
    workdir, feed = Path(sys.argv[1]), sys.argv[2]
    ws = Workspace(home=workdir, state_dir=workdir / "state")
    engine = get_engine("feed")
    config = engine.parse_config({"path": feed}, ws)
    request = DiscoverRequest(titles=["Paralegal"], location="New York, NY", workspace=ws, custom_platforms={})
    # tracemalloc, not ru_maxrss: Linux carries a parent's high-water mark into the child across exec.
    tracemalloc.start()
    result = engine.discover(config, request)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(json.dumps({"postings": len(result.postings), "peak_traced_kb": peak // 1024}))


if __name__ == "__main__":
    main()
