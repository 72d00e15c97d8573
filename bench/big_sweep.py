"""One big sweep in a fresh process, then what a person does next; prints JSON.

Usage: python bench/big_sweep.py WORKDIR COUNT [full]

WORKDIR holds `bigfeed/` (from `write_big_feed`) and `profiles/big.yaml`. Measured: the json.loads floor (every
feed line read and parsed, nothing else), the five stages and the write stage, each per posting; with `full`,
then get_jobs(limit=50), submit_judgments of 50 cards and render_report (the default limit) in the same process,
and the peak RSS of it all (VmHWM: unlike ru_maxrss it starts afresh at exec).
"""

import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sweepy.pipeline import SweepContext, commit_history, run  # noqa: E402
from sweepy.service import arguments as a  # noqa: E402
from sweepy.store.paths import Workspace  # noqa: E402
from sweepy.store.profiles import load_profile  # noqa: E402
from sweepy.store.results import write_results  # noqa: E402
from tools.sample import generate_postings  # noqa: E402

PROFILE = """\
name: Big Seeker
search:
  titles: [Paralegal, Technical Writer, Data Analyst]
  location: New York, NY
  min_salary: 40000
resume:
  path: {resume}
  must_have_skills: [Relativity, legal research, Python, SQL]
sources:
  feed: {{enabled: true, path: {feed}}}
history: {{enabled: true, retention_days: 4, match: url, path: {state}/history.db}}
report: {{assessment: agent}}
orchestrator: {{timeout_per_source_seconds: 600}}
"""
TITLES = ("Paralegal", "Senior Paralegal", "Technical Writer", "Data Analyst", "Litigation Paralegal")
DESCRIPTION_CHARS = 2000
FILE_POSTINGS = 20_000


def write_big_feed(workdir: Path, count: int) -> None:
    """`count` postings that all pass the profile's filters and stay distinct through deduplication, each with
    a 2 KB description, in JSONL files of 20,000 (one file stays under the feed engine's size limit)."""
    feed = workdir / "bigfeed"
    feed.mkdir(parents=True, exist_ok=True)
    handle = None
    for n, record in enumerate(generate_postings(count, seed=7)):
        if n % FILE_POSTINGS == 0:
            if handle is not None:
                handle.close()
            handle = (feed / f"part{n // FILE_POSTINGS:03d}.jsonl").open("w", encoding="utf-8")
        text = str(record.get("description") or "Duties include research and drafting.")
        while len(text) < DESCRIPTION_CHARS:
            text += "\n\n" + text
        big = {
            "title": TITLES[n % len(TITLES)],
            "company": f"{record.get('company') or 'Firm'} {n}",
            "location": "New York, NY",
            "workplace": ("onsite", "hybrid", "remote")[n % 3],
            "salary": {"min": 60_000 + n % 50_000, "max": 90_000 + n % 50_000, "currency": "USD", "period": "year"},
            "posted_at": "2026-11-20",
            "platform": "greenhouse",
            "url": f"https://boards.greenhouse.io/firm{n}/jobs/{4_000_000 + n}",
            "description": text[:DESCRIPTION_CHARS],
        }
        assert handle is not None
        handle.write(json.dumps(big) + "\n")
    if handle is not None:
        handle.close()
    (workdir / "profiles").mkdir(exist_ok=True)
    resume = ROOT / "sweepy" / "data" / "sample_resume.pdf"
    (workdir / "profiles" / "big.yaml").write_text(
        PROFILE.format(resume=resume, feed=feed, state=workdir / "state"), encoding="utf-8"
    )


def peak_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def json_floor(workdir: Path, runs: int = 3) -> float:
    """Seconds to read every feed line and json.loads it: the least any sweep of this feed can cost (the
    fastest of `runs`, so a busy moment on the machine does not move the ratio)."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        for path in sorted((workdir / "bigfeed").glob("*.jsonl")):
            with path.open("rb") as handle:
                for line in handle:
                    json.loads(line)
        best = min(best, time.perf_counter() - started)
    return best


def after_sweep(workdir: Path, results: Path) -> dict[str, Any]:
    """get_jobs(limit=50), judge those 50, render_report: what a person does next, each timed."""
    from sweepy.service import SweepyService
    from sweepy.settings import Settings

    service = SweepyService(Settings(home=workdir, state_dir=workdir / "state"))
    took: dict[str, Any] = {}
    try:
        started = time.perf_counter()
        page = service.get_jobs(a.GetJobs(results_dir="results", limit=50))
        took["get_jobs_s"] = round(time.perf_counter() - started, 4)
        judgments = [{"job_id": job.job_id, "match_pct": 90 - n % 40} for n, job in enumerate(page.jobs)]
        started = time.perf_counter()
        service.submit_judgments(a.SubmitJudgments(judgments=judgments))
        took["submit_judgments_s"] = round(time.perf_counter() - started, 4)
        started = time.perf_counter()
        report = service.render_report(a.RenderReport(results_dir="results", playbook="", limit=50))
        took["render_report_s"] = round(time.perf_counter() - started, 4)
        took["report_cards"] = report.card_count
    except Exception as exc:  # main's code refuses big sessions: say how, and keep the numbers so far
        took["error"] = f"{type(exc).__name__}: {str(exc)[:300]}"
    return took


def main() -> None:
    workdir, count = Path(sys.argv[1]), int(sys.argv[2])
    full = sys.argv[3:] == ["full"]
    floor = json_floor(workdir)
    profile_path = workdir / "profiles" / "big.yaml"
    ws = Workspace(home=workdir, state_dir=workdir / "state")
    ctx = SweepContext(load_profile(profile_path), profile_path, ws)
    started = time.perf_counter()
    out = run(ctx)
    stages = time.perf_counter() - started
    started = time.perf_counter()
    results = ws.results_dir("results")
    write_results(ctx, out, results, "big")
    commit_history(ctx, out)
    write = time.perf_counter() - started
    report: dict[str, Any] = {
        "postings": count,
        "cards": len(out.cards),
        "floor_us_per_posting": round(floor / count * 1e6, 2),
        "stages_us_per_posting": round(stages / count * 1e6, 2),
        "write_us_per_posting": round(write / count * 1e6, 2),
        "stages_ratio_to_floor": round(stages / floor, 2),
        "stages_and_write_ratio_to_floor": round((stages + write) / floor, 2),
        "stage_s": out.timings,
    }
    del out
    if full:
        report.update(after_sweep(workdir, results))
    report["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
