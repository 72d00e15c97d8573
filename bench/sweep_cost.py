"""What a sweep costs on unique-paragraph feeds (issue 25 item 6), each sweep in a fresh process (sweep_once.py).

1. stages: at 5,000, 20,000, 80,000 and 100,000 postings, CPU µs per posting of each stage the pipeline reports
   and of the write stage, the ratio of the whole sweep to the json.loads floor of the same feed, peak RSS, and
   disk (results folder and state) per posting and as a ratio to the feed's bytes.
2. against: the same at 5,000 postings for the current tree and a git revision (`git archive` into a temporary
   folder), run alternately A B A B …, as medians and the ratio current / revision.
3. issue_targets: the figures issue 25's table asks for, each next to its target, from whichever sections ran.
"""

import io
import os
import shutil
import statistics
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from once import measure
from unique_feed import write_unique_feed

ROOT = Path(__file__).resolve().parents[1]
SIZES = (5_000, 20_000, 80_000, 100_000)
BIG = 80_000  # from here on a size is swept once: one 80,000 sweep is minutes of CPU on a 2-core machine
AB_POSTINGS = 5_000
ONE_RELEASE_AGO = "df832d2"
# Issue 25's targets.
RATIO_TARGET, AB_TARGET, DISK_TARGET, WRITE_HISTORY_TARGET, GET_JOBS_TARGET = 25.0, 0.5, 1.5, 1.1, 2.0
RSS_TARGETS_MB = {80_000: 300.0, 100_000: 350.0}
PAGE_TARGET_BYTES = 45_000  # 50 of the bench's cards (issue 25 item 4)


def sweep(workdir: Path, count: int, tree: Path) -> dict[str, Any]:
    """One sweep of `workdir/feed` by the code in `tree`, from an empty results folder and state."""
    for name in ("results", "state", "profiles"):
        shutil.rmtree(workdir / name, ignore_errors=True)
    return measure("sweep_once.py", workdir, count, env={**os.environ, "PYTHONPATH": str(tree)})


def summarize(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over one tree's sweeps of one feed; the stages in the order the pipeline entered them."""
    count: int = samples[0]["postings"]
    labels = list(dict.fromkeys(label for s in samples for label in s["stage_cpu_s"]))

    def us(seconds: list[float]) -> float:
        return round(statistics.median(seconds) / count * 1e6, 1)

    whole = [sum(s["stage_cpu_s"].values()) for s in samples]
    return {
        "runs": len(samples),
        "postings": count,
        "cards": samples[0]["cards"],
        "skipped_sources": samples[0]["skipped_sources"],
        "stage_cpu_us_per_posting": {
            label: us([s["stage_cpu_s"].get(label, 0.0) for s in samples]) for label in labels
        },
        "sweep_cpu_us_per_posting": us(whole),
        "floor_cpu_us_per_posting": us([s["floor_cpu_s"] for s in samples]),
        "ratio_to_floor": round(
            statistics.median(w / s["floor_cpu_s"] for w, s in zip(whole, samples, strict=True)), 1
        ),
        "sweep_wall_s": statistics.median(s["sweep_wall_s"] for s in samples),
        "peak_rss_mb": statistics.median(s["peak_rss_mb"] for s in samples),
        "disk_bytes_per_posting": round(statistics.median(s["disk_bytes"] for s in samples) / count),
        "disk_ratio_to_feed": round(statistics.median(s["disk_bytes"] / s["feed_bytes"] for s in samples), 2),
    }


def bench_stages(runs: int, workdir: Path, sizes: tuple[int, ...] = SIZES) -> dict[str, object]:
    report: dict[str, object] = {}
    for count in sizes:
        folder = workdir / str(count)
        write_unique_feed(folder / "feed", count)
        samples = [sweep(folder, count, ROOT) for _ in range(runs if count < BIG else 1)]
        report[f"postings_{count}"] = summarize(samples)
        shutil.rmtree(folder)
    report["targets"] = {
        "ratio_to_floor": RATIO_TARGET,
        "peak_rss_mb": RSS_TARGETS_MB,
        "disk_ratio_to_feed": DISK_TARGET,
    }
    return report


def export_tree(rev: str, into: Path) -> Path:
    """The `sweepy` package of `rev`, extracted under `into` (git archive: no worktree for git to track)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                            capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "sweepy"],
                         capture_output=True, check=True).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def bench_against(runs: int, workdir: Path, rev: str) -> dict[str, object]:
    """Alternate sweeps of one feed by the current tree and by `rev`, so load drift on the machine hits both."""
    try:
        old = export_tree(rev, Path(tempfile.mkdtemp(prefix="sweepy-rev-", dir=workdir)))
    except subprocess.CalledProcessError as exc:
        return {"against": rev, "error": f"git could not export {rev}: {exc.stderr.strip()[:300]}"}
    write_unique_feed(workdir / "feed", AB_POSTINGS)
    current: list[dict[str, Any]] = []
    before: list[dict[str, Any]] = []
    try:
        for _ in range(runs):
            current.append(sweep(workdir, AB_POSTINGS, ROOT))
            before.append(sweep(workdir, AB_POSTINGS, old))
    except subprocess.CalledProcessError as exc:
        tree = "the current tree" if len(current) == len(before) else rev
        return {"against": rev, "error": f"a sweep by {tree} failed: {exc.stderr.strip()[-600:]}"}
    now, then = summarize(current), summarize(before)
    ratios = {
        key: round(now[key] / then[key], 2)
        for key in ("sweep_cpu_us_per_posting", "ratio_to_floor", "peak_rss_mb", "disk_bytes_per_posting")
    }
    stage_ratios = {
        label: round(us / then["stage_cpu_us_per_posting"][label], 2)
        for label, us in now["stage_cpu_us_per_posting"].items()
        if then["stage_cpu_us_per_posting"].get(label)
    }
    return {"against": rev, "current": now, "revision": then, "current_over_revision": ratios,
            "stage_current_over_revision": stage_ratios, "target_sweep_cpu_ratio": AB_TARGET}  # fmt: skip


def _row(value: object, target: float) -> dict[str, object]:
    met = isinstance(value, int | float) and value <= target
    return {"value": value, "target": f"<= {target}", "met": met}


def issue_targets(report: dict[str, Any]) -> dict[str, object]:
    """Issue 25's table, each measure next to its target, from the sections of this run that measure it."""
    rows: dict[str, object] = {}
    sizes = [row for key, row in report.get("stages", {}).items() if key.startswith("postings_")]
    for row in sizes:
        rows[f"sweep_ratio_to_json_floor_{row['postings']}"] = _row(row["ratio_to_floor"], RATIO_TARGET)
    for row in sizes:
        if row["postings"] in RSS_TARGETS_MB:
            rows[f"peak_rss_mb_{row['postings']}"] = _row(row["peak_rss_mb"], RSS_TARGETS_MB[row["postings"]])
    if sizes:
        largest = max(sizes, key=lambda row: int(row["postings"]))
        rows[f"disk_ratio_to_feed_{largest['postings']}"] = _row(largest["disk_ratio_to_feed"], DISK_TARGET)
    against = report.get("against", {})
    if "current_over_revision" in against:
        ratio = against["current_over_revision"]["sweep_cpu_us_per_posting"]
        rows[f"ab_{AB_POSTINGS}_cpu_current_over_{against['against']}"] = _row(ratio, AB_TARGET)
    if "write_history" in report:
        rows["write_history_30_csvs_over_none"] = _row(report["write_history"].get("ratio"), WRITE_HISTORY_TARGET)
    if "big_sessions" in report:
        get_jobs = report["big_sessions"].get("get_jobs", {})
        rows["get_jobs_50_over_list_sweeps"] = _row(get_jobs.get("ratio"), GET_JOBS_TARGET)
        rows["get_jobs_50_cards_json_bytes"] = _row(get_jobs.get("cards_json_bytes"), PAGE_TARGET_BYTES)
    return rows
