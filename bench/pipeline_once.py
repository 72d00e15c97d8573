"""One measured sweep of the five stages over a generated feed, in a fresh process; prints JSON.

Usage: python bench/pipeline_once.py WORKDIR COUNT
"""

import json
import resource
import sys
import time
from pathlib import Path

from sweepy.pipeline import SweepContext, commit_history, run
from sweepy.store.paths import Workspace
from sweepy.store.profiles import load_profile
from sweepy.store.results import write_results


def main() -> None:
    workdir = Path(sys.argv[1])
    profile_path = workdir / "profiles" / "bench.yaml"
    ws = Workspace(home=workdir, state_dir=workdir / "state")
    profile = load_profile(profile_path)
    started = time.perf_counter()
    ctx = SweepContext(profile, profile_path, ws)
    out = run(ctx)
    write_start, write_cpu = time.perf_counter(), time.process_time()
    write_results(ctx, out, ws.results_dir("results"), "bench")
    commit_history(ctx, out)
    finished = time.perf_counter()
    timings = dict(out.timings)
    timings["write"] = round(finished - write_start, 4)
    timings["write_cpu"] = round(time.process_time() - write_cpu, 4)
    print(
        json.dumps(
            {
                "seconds": round(finished - started, 4),
                "stages": timings,
                "discovered": out.discovered,
                "cards": len(out.cards),
                "dropped": dict(out.drops),
                "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
