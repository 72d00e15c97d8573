"""One sweep of a unique-paragraph feed in a fresh process, its CPU split by the stages the pipeline reports; prints
JSON. Also the driver of `run.py --against REV`, so it imports only what old revisions have too.

Usage: PYTHONPATH=TREE python bench/sweep_once.py WORKDIR COUNT

WORKDIR holds `feed/` (unique_feed.write_unique_feed); the sweep writes `profiles/`, `results/` and `state/`
there. CPU is time.process_time (every thread of the process). Stages are timed from the pipeline's
`SweepContext.progress(step, label)` calls, so whatever stages a revision reports are measured, and nothing of its
internals is needed. Peak RSS is VmHWM, which starts afresh at exec.
"""

import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

import sweepy
from sweepy.pipeline import SweepContext, commit_history, run

try:  # the profile model and its loader since the redesign of issue 26; sweepy.config in earlier revisions
    from sweepy.domain import profile as profile_model
    from sweepy.store.profiles import load_profile
except ImportError:
    import sweepy.config as profile_model
    from sweepy.config import load_profile
from sweepy.store.paths import Workspace
from sweepy.store.results import write_results

PROFILE = """\
name: Unique Seeker
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
"""
# A local feed of 100,000 postings is a real sweep: no deadline meant for the network may cut it (issue 25
# item 5), nor the byte budget, when the revision has one.
ORCHESTRATOR = {"timeout_per_source_seconds": 600, "max_bytes": 2_000_000_000}


def orchestrator_line() -> str:
    """The orchestrator settings this revision's strict profile accepts (an older one may lack `max_bytes`)."""
    model = getattr(profile_model, "Orchestrator", None)
    known = set(getattr(model, "model_fields", ORCHESTRATOR))
    accepted = ", ".join(f"{key}: {value}" for key, value in ORCHESTRATOR.items() if key in known)
    return f"orchestrator: {{{accepted}}}\n" if accepted else ""


def json_floor(feed: Path, runs: int = 3) -> float:
    """CPU seconds to read every feed line and json.loads it, fastest of `runs`: the least any sweep costs."""
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        for path in sorted(feed.glob("*.jsonl")):
            with path.open("rb") as handle:
                for line in handle:
                    json.loads(line)
        best = min(best, time.process_time() - started)
    return best


def stage_cpu(marks: list[tuple[str, float]], end: float) -> dict[str, float]:
    """CPU seconds per stage label, from each progress call to the next (the last to `end`); a label entered
    twice adds up, and one entered with no work before the next gets about 0."""
    spent: dict[str, float] = {}
    for (label, at), (_next, until) in zip(marks, [*marks[1:], ("", end)], strict=True):
        spent[label] = spent.get(label, 0.0) + until - at
    return spent


def make_context(profile_path: Path, ws: Workspace, marks: list[tuple[str, float]]) -> SweepContext:
    """The sweep's context; a revision whose SweepContext has no `progress` is timed as one stage."""
    names = {f.name for f in dataclasses.fields(SweepContext)}
    ctx = SweepContext(load_profile(profile_path), profile_path, ws)
    if "progress" in names:
        ctx.progress = lambda _step, label: marks.append((label, time.process_time()))
    else:
        marks.append(("stages", time.process_time()))
    return ctx


def peak_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def folder_bytes(*folders: Path) -> int:
    return sum(path.stat().st_size for folder in folders for path in folder.rglob("*") if path.is_file())


def main() -> None:
    workdir, count = Path(sys.argv[1]), int(sys.argv[2])
    feed, state = workdir / "feed", workdir / "state"
    floor = json_floor(feed)
    resume = Path(sweepy.__file__).parent / "data" / "sample_resume.pdf"
    profile_path = workdir / "profiles" / "unique.yaml"
    profile_path.parent.mkdir(exist_ok=True)
    text = PROFILE.format(resume=resume, feed=feed, state=state) + orchestrator_line()
    profile_path.write_text(text, encoding="utf-8")
    ws = Workspace(home=workdir, state_dir=state)
    marks: list[tuple[str, float]] = []
    wall, started = time.perf_counter(), time.process_time()
    ctx = make_context(profile_path, ws, marks)
    out = run(ctx)
    stages_end = time.process_time()
    results = ws.results_dir("results")
    write_results(ctx, out, results, "unique")
    commit_history(ctx, out)
    write = time.process_time() - stages_end
    report: dict[str, Any] = {
        "tree": str(Path(sweepy.__file__).parents[1]),
        "postings": count,
        "discovered": out.discovered,
        "cards": len(out.cards),
        "skipped_sources": [f"{s.engine}: {s.reason} {s.detail}"[:200] for s in out.skipped_sources],
        "floor_cpu_s": floor,
        "stage_cpu_s": {**stage_cpu(marks, stages_end), "write": write},
        "sweep_cpu_s": time.process_time() - started,
        "sweep_wall_s": round(time.perf_counter() - wall, 2),
        "disk_bytes": folder_bytes(results, state),
        "feed_bytes": folder_bytes(feed),
    }
    del out, ctx
    report["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
