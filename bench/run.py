"""Sweepy's benchmarks, reported as medians (and a ratio for start-up, which cancels machine noise).

1. Cold start: process start → `tools/list` answered, server.py vs a bare one-tool MCPServer, same client.
2. The five stages over 20,000 generated postings from the feed engine: seconds, split by stage, peak RSS.
3. Memory: the feed engine's peak RSS growth per 10,000 JSONL postings, and for one 50 MB line (skipped).
4. engines_concurrency, http_cost: the web engines' HTTP layer against loopback fake boards (bench/engines.py).
5. big_sessions: a 100,000-card session in the session store: get_jobs(limit=50) vs list_sweeps over stdio,
   submit_judgments of 50 vs a 1,000-card session, render_report of the best 200 vs a 200-card session
   (bench/sessions.py); write_history: the write stage with 30 earlier CSVs.
6. render: render_report of 200 judged cards, median seconds and pages per second (bench/render.py).
7. big_sweep: 20,000 and 80,000 postings with 2 KB descriptions through the five stages, per posting and as a
   ratio to the json.loads floor; at 80,000 the peak RSS of the sweep then get_jobs, 50 judgments and
   render_report (bench/big_sweep.py, target 600 MB).
8. stages, against: per-stage CPU µs per posting, the ratio to the json.loads floor, peak RSS and disk on
   unique-paragraph feeds of 5,000 to 100,000 postings, and the same at 5,000 alternated with a git revision
   (bench/sweep_cost.py); the report ends with `targets`, issue 25's measures each next to its target, and the
   wall seconds each section took.
9. relevance: filter recall, card precision, nDCG@10 and P@5 against BM25 and title words over the labeled set in
   tests/relevance/ (bench/relevance.py, which also prints a per-profile table).

Run: `make bench` (or `.venv/bin/python bench/run.py [--runs N] [--postings N] [--only SECTION ...] [--against REV]
[--sizes N ...]`).
"""

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.sample import generate_postings  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import big_sweep  # noqa: E402
import engines  # noqa: E402
import relevance  # noqa: E402
import render  # noqa: E402
import sessions  # noqa: E402
import sweep_cost  # noqa: E402
from once import measure  # noqa: E402

PROFILE = """\
name: Bench Seeker
search:
  titles: [Paralegal, Technical Writer, Software Engineer, Registered Nurse, Administrative Assistant, Data Analyst]
  location: New York, NY
  min_salary: 40000
resume:
  path: {resume}
  must_have_skills: [Relativity, legal research, Python, API documentation]
  synonyms: [[Paralegal, Legal Assistant], [e-discovery, electronic discovery]]
sources:
  feed: {{enabled: true, path: {feed}}}
history: {{enabled: true, retention_days: 4, match: url, path: {state}/history.db}}
"""


async def _time_to_tools_list(script: Path, env: dict[str, str]) -> float:
    params = StdioServerParameters(command=sys.executable, args=[str(script)], env=env)
    started = time.perf_counter()
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        elapsed = time.perf_counter() - started
    assert tools.tools, "no tools listed"
    return elapsed


def bench_cold_start(runs: int, workdir: Path) -> dict[str, object]:
    env = {"SWEEPY_HOME": str(workdir), "SWEEPY_STATE_DIR": str(workdir / "state"), "PATH": "/usr/bin:/bin"}
    sweepy_times, bare_times = [], []
    for _ in range(runs):  # interleaved, so drift in machine load hits both alike
        sweepy_times.append(anyio.run(_time_to_tools_list, ROOT / "server.py", env))
        bare_times.append(anyio.run(_time_to_tools_list, ROOT / "bench" / "bare_server.py", env))
    sweepy_median, bare_median = statistics.median(sweepy_times), statistics.median(bare_times)
    return {
        "runs": runs,
        "sweepy_median_s": round(sweepy_median, 3),
        "bare_median_s": round(bare_median, 3),
        "ratio": round(sweepy_median / bare_median, 2),
        "target_ratio": 1.2,
    }


def prepare_sweep(workdir: Path, count: int) -> None:
    """A feed of `count` generated postings and the profile `bench` sweeping it."""
    feed = workdir / "feed.jsonl"
    with feed.open("w", encoding="utf-8") as handle:
        for record in generate_postings(count, seed=11):
            handle.write(json.dumps(record) + "\n")
    (workdir / "profiles").mkdir(exist_ok=True)
    resume = ROOT / "sweepy" / "data" / "sample_resume.pdf"
    (workdir / "profiles" / "bench.yaml").write_text(
        PROFILE.format(resume=resume, feed=feed, state=workdir / "state"), encoding="utf-8"
    )


def bench_pipeline(runs: int, count: int, workdir: Path) -> dict[str, object]:
    prepare_sweep(workdir, count)
    samples = []
    for _ in range(runs):
        (workdir / "state" / "history.db").unlink(missing_ok=True)  # every run sees all postings as new
        samples.append(measure("pipeline_once.py", workdir, count))
    stages = {name: round(statistics.median(s["stages"][name] for s in samples), 3) for name in samples[0]["stages"]}
    return {
        "runs": runs,
        "postings": count,
        "median_s": round(statistics.median(s["seconds"] for s in samples), 3),
        "median_stage_s": stages,
        "max_peak_rss_mb": max(s["peak_rss_mb"] for s in samples),
        "cards": samples[0]["cards"],
        "dropped": samples[0]["dropped"],
        "targets": {"seconds": 3.0, "peak_rss_mb": 400},
    }


def _feed_peak(workdir: Path, feed: Path) -> dict[str, int]:
    return measure("feed_memory.py", workdir, feed)


def bench_memory(count: int, workdir: Path) -> dict[str, object]:
    feed = workdir / "memory.jsonl"
    with feed.open("w", encoding="utf-8") as handle:
        for record in generate_postings(count, seed=11):
            handle.write(json.dumps(record) + "\n")
    sample = _feed_peak(workdir, feed)
    huge = workdir / "huge_line.jsonl"
    huge.write_text(json.dumps({"title": "Paralegal", "description": "x" * 50_000_000}) + "\n", encoding="utf-8")
    line = _feed_peak(workdir, huge)
    return {
        "postings": count,
        "peak_traced_mb": round(sample["peak_traced_kb"] / 1024, 1),
        "peak_traced_mb_per_10k_postings": round(sample["peak_traced_kb"] / 1024 * 10_000 / count, 1),
        "one_50mb_line_peak_traced_mb": round(line["peak_traced_kb"] / 1024, 1),
        "target_mb": 300,
    }


def bench_big_sweep(workdir: Path) -> dict[str, object]:
    """Each size in a fresh process; the 80,000 run goes on to get_jobs, 50 judgments and render_report."""
    report: dict[str, object] = {}
    for count, full in ((20_000, False), (80_000, True)):
        folder = workdir / str(count)
        big_sweep.write_big_feed(folder, count)
        report[f"postings_{count}"] = measure("big_sweep.py", folder, count, *(["full"] if full else []))
    report["targets"] = {"peak_rss_mb_80000": 600, "ratio_to_floor": "no worse than before the session store"}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--postings", type=int, default=20_000)
    parser.add_argument("--only", choices=sorted(SECTIONS), action="append", help="run only these sections")
    parser.add_argument("--against", default=sweep_cost.ONE_RELEASE_AGO, metavar="REV",
                        help="the git revision the `against` section compares with (default: %(default)s)")  # fmt: skip
    parser.add_argument("--sizes", type=int, nargs="+", default=sweep_cost.SIZES, help="the `stages` feed sizes")
    args = parser.parse_args()
    report: dict[str, object] = {}
    took: dict[str, float] = {}
    for name in args.only or SECTIONS:
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="sweepy-bench-") as tmp:
            try:
                report[name] = SECTIONS[name](args, Path(tmp))
            except Exception as exc:  # one section's failed target must not lose the others' figures
                report[name] = {"error": f"{type(exc).__name__}: {str(exc)[:300]}"}
        took[name] = round(time.perf_counter() - started)
    report["targets"] = sweep_cost.issue_targets(report)
    report["section_wall_s"] = took
    print(json.dumps(report, indent=2))


SECTIONS: dict[str, Callable[[argparse.Namespace, Path], dict[str, object]]] = {
    "cold_start": lambda args, workdir: bench_cold_start(args.runs, workdir),
    "pipeline": lambda args, workdir: bench_pipeline(max(3, args.runs // 2), args.postings, workdir),
    "memory": lambda args, workdir: bench_memory(args.postings, workdir),
    "engines_concurrency": lambda args, workdir: engines.bench_concurrency(max(3, args.runs // 2), workdir),
    "http_cost": lambda args, workdir: engines.bench_http_cost(max(3, args.runs // 2), workdir),
    "big_sessions": lambda args, workdir: sessions.bench_big_sessions(args.runs, workdir),
    "write_history": lambda args, workdir: sessions.bench_write_history(
        max(3, args.runs // 2), args.postings, workdir, prepare_sweep
    ),
    "render": lambda args, workdir: render.bench_render(args.runs, workdir),
    "big_sweep": lambda args, workdir: bench_big_sweep(workdir),
    "stages": lambda args, workdir: sweep_cost.bench_stages(max(3, args.runs // 2), workdir, tuple(args.sizes)),
    "against": lambda args, workdir: sweep_cost.bench_against(max(3, args.runs // 2), workdir, args.against),
    "relevance": lambda args, workdir: relevance.measure(),
}


if __name__ == "__main__":
    main()
