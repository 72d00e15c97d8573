"""Benchmarks of what a finished sweep leaves behind: a 100,000-card session, and writing the next sweep.

1. big_sessions, on a 100,000-card session (2 KB descriptions) in the session store:
   - get_jobs limit=50 over stdio next to list_sweeps on the same connection (the protocol floor): median
     latencies and their ratio (target ≤ 2), and the JSON bytes of the 50 cards (target ≤ 45 KB, asserted);
   - the page of the 50 largest cards of real boards' bodies (tests/page_cards.py; target ≤ 40 KB) and the
     answer of submit_judgments to 50 full judgments of them (target ≤ 15 KB, asserted), in bytes;
   - submit_judgments of 50 cards, next to the same batch on a 1,000-card session (target ratio ≤ 2);
   - render_report of the best 200 (judged), next to the same 200 cards as a 200-card session (target ≤ 1.5).
2. write_history: the sweep's write stage with 0 and with 30 earlier 20,000-row CSVs of the same profile
   (target ratio ≈ 1.0: carrying tracking values forward must not re-read the history).
"""

import json
import os
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
from page_cards import bench_shaped_cards, full_judgment, real_shaped_cards

from sweepy.domain.cards import Card
from sweepy.service import SweepyService
from sweepy.settings import Settings
from sweepy.store.session import Session, SessionStore

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


def _session(workdir: Path, folder: str, cards: Iterator[Card]) -> None:
    profile = workdir / "profiles" / "bench.yaml"
    profile.parent.mkdir(exist_ok=True)
    profile.write_text(PROFILE % RESUME, encoding="utf-8")
    session = Session(profile_stem="bench", profile_path=str(profile), sweep_id=folder)
    SessionStore(workdir / folder).activate(session, cards)


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
    _session(workdir, "results", _cards(BIG, templates))
    store_s = time.perf_counter() - started
    _session(workdir, "small", _cards(SMALL, templates))
    real = sorted(real_shaped_cards(), key=lambda card: len(json.dumps(card.brief(None))), reverse=True)
    _session(workdir, "real", iter(real[:PAGE]))  # the 50 largest cards of real boards' bodies
    env = {"SWEEPY_HOME": str(workdir), "SWEEPY_STATE_DIR": str(workdir / "state"), "PATH": "/usr/bin:/bin",
           "HOME": str(workdir)}  # fmt: skip
    measured = anyio.run(_latencies, env, max(100, runs * 20))
    jobs_ms, floor_ms = statistics.median(measured["jobs"]) * 1000, statistics.median(measured["floor"]) * 1000
    cards_bytes = len(json.dumps(measured["payload"]["jobs"], ensure_ascii=False, separators=(",", ":")).encode())
    assert cards_bytes <= PAYLOAD_TARGET, f"{PAGE} cards take {cards_bytes} bytes of JSON (target {PAYLOAD_TARGET})"
    assert measured["judged_bytes"] <= JUDGED_TARGET, f"50 judgments answer {measured['judged_bytes']} bytes"

    # The best 200 of the big session, judged in full, and the same 200 cards (judged alike) as a session alone.
    service = SweepyService(Settings(home=workdir, state_dir=workdir / "state"))
    best = service.get_jobs(None, "results", TOP).dump()["jobs"]
    with SessionStore(workdir / "results").reading(None) as view:
        found = view.cards(job["job_id"] for job in best)
    _session(workdir, "top", iter([found[job["job_id"]] for job in best]))
    judgments = [full_judgment(job, n) for n, job in enumerate(best)]
    for folder in ("results", "top"):
        for start in range(0, TOP, PAGE):
            service.submit_judgments(None, {}, judgments[start : start + PAGE], None, folder)
    render_big, render_top = [], []
    for n in range(runs):  # interleaved
        render_big.append(_timed(service.render_report, None, "results", f"results/big{n}.pdf", "", TOP))
        render_top.append(_timed(service.render_report, None, "top", f"top/top{n}.pdf", "", TOP))
    judge_big, judge_small = [], []
    for n in range(runs):  # each run judges 50 cards not judged yet, in both sessions
        batch = [{"job_id": f"b{SMALL - (n + 1) * PAGE + i:07d}", "match_pct": 40 + i % 30} for i in range(PAGE)]
        judge_big.append(_timed(service.submit_judgments, None, {}, batch, None, "results"))
        judge_small.append(_timed(service.submit_judgments, None, {}, batch, None, "small"))
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
    """30 earlier CSVs of 20,000 rows: the sweep's own rows (some with tracking values a person typed) padded
    with other jobs, stamped before the sweep."""
    lines = sweep_csv.read_text(encoding="utf-8-sig").splitlines()
    header, rows = lines[0], lines[1:]
    for n in range(HISTORY_CSVS):
        body = []
        for i in range(HISTORY_ROWS):
            row = rows[i % len(rows)]
            if i >= len(rows):  # another job: a distinct id per CSV and row
                row = f"{n:04d}{i:08x}" + row[row.index(",") :]
            elif i % 7 == n % 7:
                row = row[: -len(",,,,,")] + f",applied,2024-01-{n + 1:02d},,Dana,note {n}"
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


def _write_stage(runs: int, workdir: Path, count: int) -> list[float]:
    folder = workdir / "results"
    small = {p: (p.read_bytes() if not p.name.endswith(".csv") else None) for p in folder.iterdir()}
    samples = []
    for _ in range(runs):
        (workdir / "state" / "history.db").unlink(missing_ok=True)
        samples.append(_sweep(workdir, count)["stages"]["write"])
        _reset(folder, small)
    return samples


def bench_write_history(runs: int, count: int, workdir: Path, prepare: Prepare) -> dict[str, object]:
    prepare(workdir, count)
    folder = workdir / "results"
    first = _sweep(workdir, count)
    (sweep_csv,) = folder.glob("bench_*.csv")
    sweep_csv = sweep_csv.rename(workdir / sweep_csv.name)
    for path in folder.iterdir():
        path.unlink()
    bare = _write_stage(runs, workdir, count)
    _history_csvs(folder, sweep_csv)
    (workdir / "state" / "history.db").unlink(missing_ok=True)
    _sweep(workdir, count)  # the first sweep after the history appeared may read it all; later ones should not
    for path in folder.glob("*session.json"):
        path.unlink()
    history = _write_stage(runs, workdir, count)
    bare_s, history_s = statistics.median(bare), statistics.median(history)
    return {
        "runs": runs,
        "cards": first["cards"],
        "write_s_no_earlier_csvs": round(bare_s, 3),
        f"write_s_{HISTORY_CSVS}_earlier_csvs": round(history_s, 3),
        "earlier_csv_mb": round(sum(p.stat().st_size for p in folder.glob("bench_20240101-*.csv")) / 1e6),
        "ratio": round(history_s / bare_s, 2),
        "target_ratio": 1.0,
    }
