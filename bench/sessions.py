"""Benchmarks of what a finished sweep leaves behind: a 100,000-card session, and writing the next sweep.

1. big_sessions, on a 100,000-card session (2 KB descriptions) in the session store:
   - get_jobs limit=50 over stdio next to list_sweeps on the same connection (the protocol floor): median
     latencies and their ratio (target ≤ 2), and the JSON bytes of the 50 cards (target ≤ 45 KB);
   - the page of the 50 largest cards of real boards' bodies (tests/page_cards.py; target ≤ 40 KB) and the
     answer of submit_judgments to 50 full judgments of them (target ≤ 15 KB), in bytes, each beside its target
     (tests/mcp/test_page_size.py asserts them);
   - submit_judgments of 50 cards, next to the same batch on a 1,000-card session (target ratio ≤ 2);
   - render_report of the best 200 (judged), next to the same 200 cards as a 200-card session (target ≤ 1.5).
2. write_history: the sweep's write stage (CPU) with 0 and with 30 earlier 20,000-row CSVs of the same profile,
   on the sweep that first reads them in and on a later one (target ratio ≤ 1.1: carrying tracking values
   forward must not re-read the history). Both sides replace an earlier session of the profile in the session
   store (deleting its cards is a cost of any second sweep, not of the CSVs), so the ratio is the CSVs' alone.
"""

import json
import os
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from once import measure

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from page_cards import activate_cards, bench_shaped_cards, full_judgment, real_shaped_cards

from sweepy.domain.cards import Card
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.settings import Settings
from sweepy.store.session import SessionStore

ROOT = Path(__file__).resolve().parents[1]
PAGE, PAYLOAD_TARGET, REAL_TARGET, JUDGED_TARGET = 50, 45_000, 40_000, 15_000
BIG, SMALL, TOP = 100_000, 1_000, 200
HISTORY_CSVS, HISTORY_ROWS = 30, 20_000
RESUME = ROOT / "sweepy" / "data" / "sample_resume.pdf"
PROFILE = """\
name: Bench Seeker
search: {titles: [Paralegal, Technical Writer, Data Analyst], location: "New York, NY"}
resume: {path: %s, must_have_skills: [Relativity, legal research, Python]}
sources: {feed: {enabled: true, path: feed.jsonl}}
report: {assessment: agent}
"""

Prepare = Callable[[Path, int], None]


def _sweep(workdir: Path, count: int) -> dict[str, Any]:
    return measure("pipeline_once.py", workdir, count)


def _cards(count: int, templates: list[Card], start: int = 0) -> Iterator[Card]:
    """`count` distinct cards (their own job_id and url) cycling through the templates."""
    for n in range(start, start + count):
        card = templates[n % len(templates)]
        yield card.model_copy(update={"job_id": f"b{n:07d}", "url": f"{card.url.rstrip('/')}/{n}"})


async def _latencies(env: dict[str, str], calls: int) -> dict[str, Any]:
    params = StdioServerParameters(command=sys.executable, args=[str(ROOT / "server.py")], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        started = time.perf_counter()
        first = await session.call_tool("get_jobs", {"limit": PAGE})
        cold = time.perf_counter() - started
        jobs, floor = [], []
        for _ in range(calls):  # interleaved, so drift in machine load hits both alike
            started = time.perf_counter()
            result = await session.call_tool("get_jobs", {"limit": PAGE})
            jobs.append(time.perf_counter() - started)
            started = time.perf_counter()
            await session.call_tool("list_sweeps", {})
            floor.append(time.perf_counter() - started)
        real = await session.call_tool("get_jobs", {"limit": PAGE, "results_dir": "real"})
        judged = await session.call_tool("submit_judgments", {"judgments": [full_judgment(job, n) for n, job in
                                                                            enumerate(json.loads(_text(real))["jobs"])],
                                                              "results_dir": "real"})  # fmt: skip
    assert not first.is_error and not result.is_error and not real.is_error and not judged.is_error
    text = _text(result)
    return {"cold": cold, "jobs": jobs, "floor": floor, "payload": json.loads(text), "bytes": len(text.encode()),
            "real_bytes": len(_text(real).encode()), "judged_bytes": len(_text(judged).encode())}  # fmt: skip


def _text(result: Any) -> str:
    return str(result.content[0].text)


def _timed(call: Callable[..., Any], *args: Any) -> float:
    started = time.perf_counter()
    call(*args)
    return time.perf_counter() - started


def bench_big_sessions(runs: int, workdir: Path) -> dict[str, object]:
    templates = bench_shaped_cards()
    started = time.perf_counter()
    activate_cards(workdir, "results", _cards(BIG, templates), "bench", PROFILE % RESUME)
    store_s = time.perf_counter() - started
    activate_cards(workdir, "small", _cards(SMALL, templates), "bench", PROFILE % RESUME)
    real = sorted(real_shaped_cards(), key=lambda card: len(json.dumps(card.brief(None))), reverse=True)
    activate_cards(workdir, "real", real[:PAGE], "bench", PROFILE % RESUME)  # the 50 largest of real boards' bodies
    env = {"SWEEPY_HOME": str(workdir), "SWEEPY_STATE_DIR": str(workdir / "state"), "PATH": "/usr/bin:/bin",
           "HOME": str(workdir)}  # fmt: skip
    measured = anyio.run(_latencies, env, max(100, runs * 20))
    jobs_ms, floor_ms = statistics.median(measured["jobs"]) * 1000, statistics.median(measured["floor"]) * 1000
    cards_bytes = len(json.dumps(measured["payload"]["jobs"], ensure_ascii=False, separators=(",", ":")).encode())

    # The best 200 of the big session, judged in full, and the same 200 cards (judged alike) as a session alone.
    service = SweepyService(Settings(home=workdir, state_dir=workdir / "state"))
    best = service.get_jobs(a.GetJobs(results_dir="results", limit=TOP)).dump()["jobs"]
    with SessionStore(workdir / "results").reading(None) as view:
        found = view.cards(job["job_id"] for job in best)
    activate_cards(workdir, "top", iter([found[job["job_id"]] for job in best]), "bench", PROFILE % RESUME)
    judgments = [full_judgment(job, n) for n, job in enumerate(best)]
    for folder in ("results", "top"):
        for start in range(0, TOP, PAGE):
            service.submit_judgments(a.SubmitJudgments(judgments=judgments[start : start + PAGE], results_dir=folder))
    render_big, render_top = [], []
    for n in range(runs):  # interleaved
        big = a.RenderReport(results_dir="results", output_filename=f"results/big{n}.pdf", playbook="", limit=TOP)
        top = a.RenderReport(results_dir="top", output_filename=f"top/top{n}.pdf", playbook="", limit=TOP)
        render_big.append(_timed(service.render_report, big))
        render_top.append(_timed(service.render_report, top))
    judge_big, judge_small = [], []
    for n in range(runs):  # each run judges 50 cards not judged yet, in both sessions
        batch = [{"job_id": f"b{SMALL - (n + 1) * PAGE + i:07d}", "match_pct": 40 + i % 30} for i in range(PAGE)]
        judge_big.append(_timed(service.submit_judgments, a.SubmitJudgments(judgments=batch, results_dir="results")))
        judge_small.append(_timed(service.submit_judgments, a.SubmitJudgments(judgments=batch, results_dir="small")))
    render_ratio = statistics.median(render_big) / statistics.median(render_top)
    judge_ratio = statistics.median(judge_big) / statistics.median(judge_small)
    return {
        "cards_in_session": measured["payload"]["total"],
        "store_mb": round((workdir / "results" / "sessions.db").stat().st_size / 1e6, 1),
        "activate_s": round(store_s, 2),
        "get_jobs": {
            "calls": len(measured["jobs"]),
            "first_call_ms": round(measured["cold"] * 1000, 1),
            "get_jobs_median_ms": round(jobs_ms, 2),
            "list_sweeps_median_ms": round(floor_ms, 2),
            "ratio": round(jobs_ms / floor_ms, 2),
            "target_ratio": 2.0,
            "cards_json_bytes": cards_bytes,
            "target_cards_json_bytes": PAYLOAD_TARGET,
            "page_bytes": measured["bytes"],
            "real_shaped_largest_page_bytes": measured["real_bytes"],
            "target_real_shaped_page_bytes": REAL_TARGET,
            "submit_judgments_50_answer_bytes": measured["judged_bytes"],
            "target_submit_judgments_50_answer_bytes": JUDGED_TARGET,
        },
        "submit_judgments_50": {
            "runs": runs,
            f"median_ms_{BIG}_cards": round(statistics.median(judge_big) * 1000, 2),
            f"median_ms_{SMALL}_cards": round(statistics.median(judge_small) * 1000, 2),
            "ratio": round(judge_ratio, 2),
            "target_ratio": 2.0,
        },
        "render_report_top_200": {
            "runs": runs,
            f"median_s_{BIG}_cards": round(statistics.median(render_big), 3),
            f"median_s_{TOP}_cards": round(statistics.median(render_top), 3),
            "ratio": round(render_ratio, 2),
            "target_ratio": 1.5,
        },
    }


def _history_csvs(folder: Path, sweep_csv: Path) -> None:
    """30 earlier CSVs of 20,000 rows: the sweep's own rows (a seventh of them with a status, dates, a contact and
    a note a person typed) padded with other jobs, stamped before the sweep."""
    lines = sweep_csv.read_text(encoding="utf-8-sig").splitlines()
    header, rows = lines[0], lines[1:]
    tracked = ",,,,,,"  # the six tracking columns, blank in the sweep's own CSV
    for n in range(HISTORY_CSVS):
        body = []
        for i in range(HISTORY_ROWS):
            row = rows[i % len(rows)]
            if i >= len(rows):  # another job: a distinct id per CSV and row
                row = f"{n:04d}{i:08x}" + row[row.index(",") :]
            elif i % 7 == n % 7:
                row = row[: -len(tracked)] + f",applied,2024-01-{n + 1:02d},,Dana,note {n},"
            body.append(row)
        text = "\ufeff" + "\r\n".join([header, *body]) + "\r\n"
        (folder / f"bench_20240101-0900{n:02d}.csv").write_text(text, encoding="utf-8")
    stamp = time.time() - 3600  # written an hour ago, as a person's history would be
    for path in folder.glob("bench_20240101-*.csv"):
        os.utime(path, (stamp, stamp))


def _reset(folder: Path, keep: dict[Path, bytes | None]) -> None:
    """Back to the prepared folder: what a run wrote goes; kept files that a run replaced get their bytes back."""
    for path in folder.iterdir():
        if path not in keep:
            path.unlink()
    for path, data in keep.items():
        if data is not None:
            path.write_bytes(data)


def _history_db(workdir: Path, data: bytes | None) -> None:
    """The history database as a run starts: none (every posting new, nothing tracked), or `data`."""
    for suffix in ("", "-wal", "-shm"):
        (workdir / "state" / f"history.db{suffix}").unlink(missing_ok=True)
    if data is not None:
        (workdir / "state" / "history.db").write_bytes(data)


def _known_history(workdir: Path) -> bytes:
    """The history database after a sweep read the earlier CSVs in, with its seen postings forgotten (so the
    next sweep reports the same cards): what the store knows of the CSVs and the applications stay."""
    copy = workdir / "known-history.db"
    db = sqlite3.connect(workdir / "state" / "history.db", isolation_level=None)
    try:
        db.execute("DELETE FROM seen")
        db.execute(f"VACUUM INTO '{copy}'")
    finally:
        db.close()
    data = copy.read_bytes()
    copy.unlink()
    return data


def _write_stage(runs: int, workdir: Path, count: int, history: bytes | None = None) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of the write stage, per run."""
    folder = workdir / "results"
    small = {p: (p.read_bytes() if not p.name.endswith(".csv") else None) for p in folder.iterdir()}
    samples = []
    for _ in range(runs):
        _history_db(workdir, history)
        stages = _sweep(workdir, count)["stages"]
        samples.append((stages["write"], stages["write_cpu"]))
        _reset(folder, small)
    return samples


def bench_write_history(runs: int, count: int, workdir: Path, prepare: Prepare) -> dict[str, object]:
    """The write stage with no earlier CSV, then with 30: on the first sweep that reads them in (no history
    database yet) and on a later one (the store has read them all in). CPU seconds are the figures to compare on
    a busy machine; the ratio targets the later sweep."""
    prepare(workdir, count)
    folder = workdir / "results"
    first = _sweep(workdir, count)
    (sweep_csv,) = folder.glob("bench_*.csv")
    sweep_csv = sweep_csv.rename(workdir / sweep_csv.name)
    for path in folder.iterdir():
        path.unlink()
    _history_db(workdir, None)
    _sweep(workdir, count)  # the profile's earlier session, as the 30-CSV runs have one to replace too
    for path in [*folder.glob("*.csv"), *folder.glob(".*.tracking.json")]:  # the index, and each CSV's rows
        path.unlink()
    bare = _write_stage(runs, workdir, count)
    _history_csvs(folder, sweep_csv)
    _history_db(workdir, None)
    _sweep(workdir, count)  # the first sweep after the history appeared reads it in; later ones need not
    for path in folder.glob("*session.json"):
        path.unlink()
    known = _known_history(workdir)
    cold = _write_stage(runs, workdir, count)
    warm = _write_stage(runs, workdir, count, known)
    wall = {name: statistics.median(s[0] for s in samples) for name, samples in (("bare", bare), ("cold", cold),
                                                                                 ("warm", warm))}  # fmt: skip
    cpu = {name: statistics.median(s[1] for s in samples) for name, samples in (("bare", bare), ("cold", cold),
                                                                                ("warm", warm))}  # fmt: skip
    return {
        "runs": runs,
        "cards": first["cards"],
        "earlier_csv_mb": round(sum(p.stat().st_size for p in folder.glob("bench_20240101-*.csv")) / 1e6),
        "write_cpu_s": {
            "no_earlier_csvs": round(cpu["bare"], 3),
            f"{HISTORY_CSVS}_earlier_csvs_first_read_in": round(cpu["cold"], 3),
            f"{HISTORY_CSVS}_earlier_csvs_known": round(cpu["warm"], 3),
        },
        "write_wall_s": {name: round(value, 3) for name, value in wall.items()},
        "cpu_us_per_card_no_earlier_csvs": round(cpu["bare"] / first["cards"] * 1e6, 1),
        "ratio_first_read_in": round(cpu["cold"] / cpu["bare"], 2),
        "ratio": round(cpu["warm"] / cpu["bare"], 2),
        "target_ratio": 1.1,
    }
