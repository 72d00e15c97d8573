"""Reports from result files: get_results."""

from typing import Any

from ..cards import Card, rank
from ..errors import NotFound, SweepyError
from ..results import read_result, result_files
from ..session import check_stem, load_session
from .base import KEYWORD_NOTE, ServiceBase, clamp


class ReportTools(ServiceBase):
    def get_results(self, profile_stem: str | None, results_dir: str, limit: int) -> dict[str, Any]:
        folder = self.workspace.read_dir(results_dir, "results_dir")
        files = result_files(folder, check_stem(profile_stem) if profile_stem is not None else None)
        if not files:
            scope = f" for profile {profile_stem!r}" if profile_stem else ""
            raise NotFound(f"No sweep result files{scope} in {folder}. Call run_sweep first.")
        path = files[0]
        data = read_result(path)
        cards = [Card.model_validate(c) for c in data["cards"]]
        playbook = None
        try:  # judgments live in the session; show them when it belongs to this result file
            session = load_session(folder, data.get("profile", {}).get("stem"))
            if session.source_result == str(path):
                cards, playbook = session.cards, session.playbook or None
        except SweepyError:
            pass
        keys = {"job_id", "title", "company", "location", "match_score", "match_kind", "resume_track", "domain",
                "url"}  # fmt: skip
        top = [{**c.model_dump(mode="json", include=keys), "playbook": playbook} for c in rank(cards)]
        top = top[: clamp(limit, 1, 100)]
        pdf, csv_path = path.with_suffix(".pdf"), path.with_suffix(".csv")
        overlap_only = any(r["match_kind"] == "KEYWORD OVERLAP" for r in top)
        return {
            "result_file": str(path),
            "pdf_report": str(pdf) if pdf.exists() else None,
            "csv_report": str(csv_path) if csv_path.exists() else None,
            "total_roles": len(cards),
            "top_roles": top,
            "message": KEYWORD_NOTE if overlap_only else f"{len(cards)} roles in {path.name}.",
        }
