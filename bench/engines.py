"""Benchmarks of the web engines' HTTP layer against the loopback fake board server (tests/fakeboards).

1. Concurrency: a sweep over 18 sources, each answering after a fixed delay (0.2 .. 1.0 s) from its own server:
   wall time against the slowest source (target ≤ 1.3×) and against the sum of the delays.
2. Cost of the HTTP layer: discover over 20 Greenhouse boards of 500 postings (10,000 postings) next to the
   feed engine reading the same postings from JSONL: seconds and peak RSS, each in a fresh process.
"""

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fakeboards import Answer, Fault, Route, running  # noqa: E402
from once import measure  # noqa: E402

from tools.sample import generate_postings  # noqa: E402

BOARDS, PER_BOARD = 20, 500


def _greenhouse_job(record: dict[str, Any], number: int) -> dict[str, Any]:
    return {
        "id": number,
        "title": record["title"],
        "company_name": record["company"],
        "absolute_url": record["url"],
        "location": {"name": record.get("location") or ""},
        "content": record.get("description", "").replace("<", "&lt;").replace(">", "&gt;"),
        "first_published": (record.get("posted_at") or "2026-11-01") + "T09:00:00-05:00",
        "updated_at": "2026-11-20T09:00:00-05:00",
    }


def _complete(record: Any) -> bool:
    """The generator plants malformed records on purpose; both engines get only well-formed ones."""
    return (
        isinstance(record, dict)
        and all(isinstance(record.get(k), str) and record[k] for k in ("title", "company", "url"))
        and str(record["url"]).startswith("http")
        and not isinstance(record.get("salary"), dict | list)
    )


def _measure(args: list[str]) -> dict[str, Any]:
    return measure("discover_once.py", *args)


def bench_http_cost(runs: int, workdir: Path) -> dict[str, object]:
    wanted = BOARDS * PER_BOARD
    whole = [r for r in generate_postings(wanted * 2, seed=11) if _complete(r)]
    records = whole[:wanted]
    feed = workdir / "boards.jsonl"
    feed.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    bodies = {
        f"board{b:02d}": json.dumps({"jobs": [_greenhouse_job(r, b * PER_BOARD + i) for i, r in
                                              enumerate(records[b * PER_BOARD:(b + 1) * PER_BOARD])]})
        for b in range(BOARDS)
    }  # fmt: skip
    with running() as boards:
        boards.routes.insert(
            0, Route("GET", r"/v1/boards/(?P<board>board\d\d)/jobs", lambda m, _r: Answer(bodies[m["board"]]))
        )
        http, feed_runs = [], []
        for _ in range(runs):  # interleaved, so drift in machine load hits both alike
            http.append(_measure(["greenhouse", boards.url, *bodies]))
            feed_runs.append(_measure(["feed", str(feed)]))
    assert all(r["postings"] == BOARDS * PER_BOARD and not r["skipped"] for r in http + feed_runs), (http, feed_runs)
    http_s, feed_s = statistics.median(r["seconds"] for r in http), statistics.median(r["seconds"] for r in feed_runs)
    return {
        "runs": runs,
        "postings": BOARDS * PER_BOARD,
        "http_median_s": round(http_s, 3),
        "feed_median_s": round(feed_s, 3),
        "time_ratio": round(http_s / feed_s, 2),
        "http_peak_rss_mb": statistics.median(r["peak_rss_mb"] for r in http),
        "feed_peak_rss_mb": statistics.median(r["peak_rss_mb"] for r in feed_runs),
    }


def _blocks(url: str) -> dict[str, dict[str, Any]]:
    """Every web engine once, each with one page where it pages, pointed at its own fake server."""
    return {
        "greenhouse": {"boards": ["acme"]},
        "lever": {"sites": ["acme"]},
        "ashby": {"boards": ["acme"]},
        "workable": {"accounts": ["acme"]},
        "smartrecruiters": {"companies": ["Acme"]},
        "recruitee": {"companies": ["acme"], "base_url": url + "/recruitee/{company}"},
        "workday": {"sites": ["https://acme.wd5.myworkdayjobs.com/en-US/External"]},
        "remotive": {},
        "remoteok": {},
        "arbeitnow": {"pages": 1},
        "himalayas": {"pages": 1},
        "jobicy": {},
        "themuse": {"pages": 1},
        "hn_hiring": {},
        "adzuna": {"pages": 1},
        "usajobs": {"pages": 1},
        "jooble": {"pages": 1},
        "serpapi": {"pages": 1},
    }


def _concurrent_sweep(delays: list[float], workdir: Path) -> dict[str, Any]:
    import functools
    import os
    import time
    from contextlib import ExitStack

    from fakeboards import adzuna, jooble, serpapi, usajobs

    from sweepy.engines import DiscoverRequest, get_engine
    from sweepy.engines.http import build_client, open_network
    from sweepy.pipeline.discover import discover
    from sweepy.store.paths import Workspace

    keys = {"ADZUNA_APP_ID": adzuna.APP_ID, "ADZUNA_APP_KEY": adzuna.APP_KEY, "USAJOBS_API_KEY": usajobs.KEY,
            "USAJOBS_EMAIL": usajobs.EMAIL, "JOOBLE_API_KEY": jooble.KEY, "SERPAPI_API_KEY": serpapi.KEY}  # fmt: skip
    os.environ.update(keys)  # the fake APIs accept only their own keys
    ws = Workspace(home=workdir, state_dir=workdir / "state")
    with ExitStack() as stack:
        configs = {}
        for (name, block), delay in zip(_blocks("").items(), delays, strict=True):
            server = stack.enter_context(running())
            server.fault(r".*", Fault("slow", delay=delay))
            merged = {"enabled": True, "base_url": server.url, **block}
            if name == "recruitee":
                merged["base_url"] = server.url + "/recruitee/{company}"
            configs[name] = get_engine(name).parse_config(merged, ws)
        started = time.perf_counter()
        loopback = functools.partial(build_client, allow_private=True)  # the fake boards are on 127.0.0.1
        with open_network(loopback, ws.state_dir, None, None, trust_base_urls=True) as network:
            request = DiscoverRequest(["Paralegal"], "New York, NY", ws, {}, network=network)
            found = discover(configs, request, timeout=60)
        wall = time.perf_counter() - started
    elapsed = [r.elapsed_seconds for r in found.sources]
    assert all(r.status == "ok" for r in found.sources), [r.to_dict() for r in found.sources if r.status != "ok"]
    return {"wall": wall, "slowest": max(elapsed), "sum": sum(elapsed), "sources": len(found.sources)}


def bench_concurrency(runs: int, workdir: Path) -> dict[str, object]:
    delays = [round(0.2 + 0.8 * i / 17, 3) for i in range(18)]
    samples = [_concurrent_sweep(delays, workdir) for _ in range(runs)]
    wall = statistics.median(s["wall"] for s in samples)
    slowest = statistics.median(s["slowest"] for s in samples)
    return {
        "runs": runs,
        "sources": samples[0]["sources"],
        "delays_s": [delays[0], delays[-1]],
        "median_wall_s": round(wall, 3),
        "median_slowest_source_s": round(slowest, 3),
        "median_sum_of_sources_s": round(statistics.median(s["sum"] for s in samples), 3),
        "wall_over_slowest": round(wall / slowest, 2),
        "target_wall_over_slowest": 1.3,
    }
