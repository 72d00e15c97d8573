"""Benchmarks of what a finished sweep leaves behind: reading a 5,000-card session, writing the next one.

1. get_jobs: `get_jobs` limit=50 on a 5,000-card session over stdio next to `list_sweeps` (the protocol floor):
   median latencies, their ratio (target ≤ 3) and the JSON bytes of the 50 cards (target ≤ 60 KB, asserted).
2. write_history: the sweep's write stage with 0 and with 30 earlier 20,000-row CSVs of the same profile
   (target ratio ≈ 1.0: carrying tracking values forward must not re-read the history).
"""

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from once import measure

ROOT = Path(__file__).resolve().parents[1]
SESSION_POSTINGS = 22_600
"""Generated postings whose sweep leaves about 5,000 cards."""
PAGE, PAYLOAD_TARGET = 50, 60_000
HISTORY_CSVS, HISTORY_ROWS = 30, 20_000

Prepare = Callable[[Path, int], None]


def _sweep(workdir: Path, count: int) -> dict[str, Any]:
    return measure("pipeline_once.py", workdir, count)


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
    assert not first.is_error and not result.is_error, result.content
    text = result.content[0].text  # type: ignore[union-attr]
    payload = json.loads(text)
    return {"cold": cold, "jobs": jobs, "floor": floor, "payload": payload, "bytes": len(text.encode("utf-8"))}


def bench_get_jobs(runs: int, workdir: Path, prepare: Prepare) -> dict[str, object]:
    prepare(workdir, SESSION_POSTINGS)
    sweep = _sweep(workdir, SESSION_POSTINGS)
    env = {"SWEEPY_HOME": str(workdir), "SWEEPY_STATE_DIR": str(workdir / "state"), "PATH": "/usr/bin:/bin",
           "HOME": str(workdir)}  # fmt: skip
    measured = anyio.run(_latencies, env, max(20, runs * 5))
    jobs_ms, floor_ms = statistics.median(measured["jobs"]) * 1000, statistics.median(measured["floor"]) * 1000
    cards_bytes = len(json.dumps(measured["payload"]["jobs"], ensure_ascii=False, separators=(",", ":")).encode())
    assert cards_bytes <= PAYLOAD_TARGET, f"{PAGE} cards take {cards_bytes} bytes of JSON (target {PAYLOAD_TARGET})"
    return {
        "cards_in_session": measured["payload"]["total"],
        "session_mb": round((workdir / "results" / "report_session.json").stat().st_size / 1e6, 1),
        "calls": len(measured["jobs"]),
        "first_call_ms": round(measured["cold"] * 1000, 1),
        "get_jobs_median_ms": round(jobs_ms, 2),
        "list_sweeps_median_ms": round(floor_ms, 2),
        "ratio": round(jobs_ms / floor_ms, 2),
        "envelope_bytes": measured["bytes"],
        "cards_json_bytes": cards_bytes,
        "bytes_per_card": round(cards_bytes / PAGE),
        "sweep_cards": sweep["cards"],
        "targets": {"ratio": 3.0, "cards_json_bytes": PAYLOAD_TARGET},
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
