"""Peak memory of a sweep of eight large Lever sites (issue 24 item 3: the whole sweep's byte budget); prints JSON.

Usage: python bench/lever_budget.py WORKDIR [MAX_BYTES] [full]

A loopback Lever board runs in its own process (so its pages are not counted): eight sites of 4,000 postings, each
with a 12 KB description of words no other posting shares, 40 pages of 100 (about 50 MB a site, each site's own
budget). The sweep runs stage 1 (discover, what the byte budgets bound) in this process with
`orchestrator.max_bytes` MAX_BYTES (the default when not given; 0 for the default too), or with `full` the five
stages, and reports the postings read, the sources stopped as `too_large` and the peak RSS (VmHWM, which starts
afresh at exec). The descriptions are words no two postings share, the worst case for the copies stage: a full
run's peak is that stage's, not the bodies'.
"""

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

SITES = [f"big{n}" for n in range(1, 9)]
POSTINGS_PER_SITE = 4_000
DESCRIPTION_WORDS = 1_400
PROFILE = """\
name: Lever Seeker
search: {{titles: [Paralegal], location: "New York, NY"}}
resume: {{path: {resume}}}
sources:
  lever: {{enabled: true, sites: {sites}, base_url: "{url}"}}
cache: {{enabled: false}}
history: {{enabled: false}}
"""


def serve(port_file: Path) -> None:
    """The board: pages made on request from a seed per site and page, so the server holds none of them."""
    from fakeboards import Answer, Route, running

    def page(match: Any, request: Any) -> Answer:
        site, skip, limit = match["site"], int(request.arg("skip", "0")), int(request.arg("limit", "100"))
        rng = random.Random(f"{site}/{skip}")
        jobs = [
            {
                "id": f"00000000-0000-4000-8000-{n:012d}",
                "text": f"Paralegal {n}",
                "createdAt": 1760000000000 + n,
                "categories": {"location": "New York, NY"},
                "workplaceType": "on-site",
                "descriptionPlain": " ".join(f"{rng.getrandbits(32):08x}" for _ in range(DESCRIPTION_WORDS)),
                "hostedUrl": f"https://jobs.lever.co/{site}/00000000-0000-4000-8000-{n:012d}",
            }
            for n in range(skip, min(skip + limit, POSTINGS_PER_SITE))
        ]
        return Answer(jobs)

    with running() as boards:
        boards.routes.insert(0, Route("GET", r"/v0/postings/(?P<site>big\d)", page))
        port_file.write_text(boards.url, encoding="utf-8")
        while True:
            time.sleep(1)


def peak_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def sweep(workdir: Path, url: str, max_bytes: int | None, full: bool) -> dict[str, Any]:
    from sweepy.engines.http import build_client, open_network
    from sweepy.pipeline import SweepContext, discover_sources, run
    from sweepy.store.paths import Workspace
    from sweepy.store.profiles import load_profile

    text = PROFILE.format(resume=ROOT / "sweepy" / "data" / "sample_resume.pdf", sites=json.dumps(SITES), url=url)
    budget = "" if max_bytes is None else f", max_bytes: {max_bytes}"  # None: the code's default (or none)
    text += f"orchestrator: {{timeout_per_source_seconds: 600{budget}}}\n"
    path = workdir / "profiles" / "lever.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    ws = Workspace(home=workdir, state_dir=workdir / "state")
    started = time.perf_counter()
    with open_network(lambda: build_client(allow_private=True), workdir / "state", None, None) as network:
        profile = load_profile(path)
        if full:
            out = run(SweepContext(profile, path, ws, network=network))
            discovered, cards, skipped = out.discovered, len(out.cards), out.skipped_sources
        else:
            found = discover_sources(profile, ws, network, lambda _line: None)
            discovered, cards, skipped = len(found.postings), None, found.skipped_sources
    return {
        "max_bytes": max_bytes,
        "stages": "all" if full else "discover",
        "discovered": discovered,
        "cards": cards,
        "too_large": sorted(s.source for s in skipped if s.reason == "too_large"),
        "seconds": round(time.perf_counter() - started, 1),
        "peak_rss_mb": peak_rss_mb(),
    }


def main() -> None:
    if sys.argv[1] == "serve":
        serve(Path(sys.argv[2]))
        return
    workdir = Path(sys.argv[1])
    max_bytes = int(sys.argv[2]) or None if len(sys.argv) > 2 else None
    full = sys.argv[3:] == ["full"]
    workdir.mkdir(parents=True, exist_ok=True)
    port_file = workdir / "board.url"
    port_file.unlink(missing_ok=True)
    board = subprocess.Popen([sys.executable, __file__, "serve", str(port_file)], env={**os.environ})
    try:
        while not port_file.exists() or not port_file.read_text(encoding="utf-8"):
            if board.poll() is not None:
                raise SystemExit("the board server ended before it listened")
            time.sleep(0.05)
        print(json.dumps(sweep(workdir, port_file.read_text(encoding="utf-8"), max_bytes, full)))
    finally:
        board.terminate()
        board.wait()


if __name__ == "__main__":
    main()
