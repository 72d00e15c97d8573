"""What a big sweep leaves on disk, and what reads it back; prints JSON.

Usage: python bench/disk_cost.py WORKDIR COUNT

Writes a COUNT-posting feed (bench/big_sweep.py's `write_big_feed`: every posting passes the filters, 2 KB of
description each), sweeps it twice through the service (run_sweep's path: result JSON and CSV, the session store,
the debug log, the history), and measures the bytes of each kind of file after each sweep, their ratio to the
feed's size, and that export_report (csv) and get_results read every card back. Then clear_history, to show what
it gives back (it forgets the history's rows; SQLite keeps the file's size).
"""

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from big_sweep import write_big_feed  # noqa: E402

from sweepy.service import SweepyService  # noqa: E402
from sweepy.service import arguments as a  # noqa: E402
from sweepy.settings import Settings  # noqa: E402


def size(paths: list[Path]) -> int:
    return sum(p.stat().st_size for p in paths if p.is_file())


def disk(workdir: Path) -> dict[str, int]:
    """Bytes by kind: the feed, results/ (JSON, CSV, session store with its WAL, debug logs) and the state."""
    results, state = workdir / "results", workdir / "state"
    return {
        "feed": size(list((workdir / "bigfeed").glob("*"))),
        "result_json": size(list(results.glob("*.json"))),
        "result_csv": size(list(results.glob("*.csv"))),
        "sessions_db": size(list(results.glob("sessions.db*"))),
        "logs": size(list((results / "logs").glob("*"))),
        "history_db": size(list(state.glob("history.db*"))),
        "state_other": size([p for p in state.rglob("*") if not p.name.startswith("history.db")]),
    }


def with_ratio(sizes: dict[str, int]) -> dict[str, Any]:
    written = sum(v for k, v in sizes.items() if k != "feed")
    mb = {k: round(v / 1e6, 1) for k, v in sizes.items()}
    return {**mb, "written_mb": round(written / 1e6, 1), "ratio_to_feed": round(written / sizes["feed"], 2)}


def main() -> None:
    workdir, count = Path(sys.argv[1]), int(sys.argv[2])
    write_big_feed(workdir, count)
    service = SweepyService(Settings(home=workdir, state_dir=workdir / "state"))
    report: dict[str, Any] = {"postings": count}
    for n in (1, 2):
        job, _joined = service.start_sweep(str(workdir / "profiles" / "big.yaml"), deduplicate=True, include_seen=True)
        assert job.done.wait(3600) and job.status == "completed", (job.status, job.error)
        report[f"after_sweep_{n}"] = with_ratio(disk(workdir))
    exported = service.export_report(
        a.ExportReport(results_dir="results", formats=["csv"], candidate_name="Big Seeker")
    )
    results = service.get_results(a.GetResults(results_dir="results", limit=100))
    report["export_csv_rows"] = exported.generated.csv_rows
    report["get_results_total"] = results.total_roles
    newest = max((workdir / "results").glob("big_*.json"))
    report["result_json_cards_held"] = len(json.loads(newest.read_text(encoding="utf-8"))["cards"])
    cleared = service.clear_history(a.ClearHistory(profile_path=str(workdir / "profiles" / "big.yaml")))
    report["clear_history"] = {"cleared": cleared.cleared, "after": with_ratio(disk(workdir))}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
