"""Reports: get_results (result files read back), render_report (the session's card PDF), export_report (report
files rebuilt from a sweep JSON)."""

import time
from pathlib import Path
from typing import Any

from ..applications import Application, csv_values, today
from ..cards import rank
from ..errors import InvalidArgument, NotFound, SweepyError
from ..followups import follow_ups, report_marks
from ..paths import atomic_write_bytes
from ..render.playbook import MAX_CHARS, default_playbook
from ..results import read_result, result_cards, result_files
from ..session import Session, SessionStore, check_stem, load_session
from .applications import tracked
from .base import KEYWORD_NOTE, ServiceBase, clamp
from .exports import Export
from .gate import check_assessed
from .report_parts import (
    check_formats,
    check_name,
    load_profile_or_none,
    output_folder,
    pdf_target,
    read_coverage_source,
    report_date,
    search_line,
)


class ReportTools(ServiceBase):
    def get_results(self, profile_stem: str | None, results_dir: str, limit: int) -> dict[str, Any]:
        folder = self.workspace.read_dir(results_dir, "results_dir")
        files = result_files(folder, check_stem(profile_stem) if profile_stem is not None else None)
        if not files:
            scope = f" for profile {profile_stem!r}" if profile_stem else ""
            raise NotFound(f"No sweep result files{scope} in {folder}. Call run_sweep first.")
        path = files[0]
        data = read_result(path)
        cards = result_cards(data, path)
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

    def render_report(
        self, profile_stem: str | None, results_dir: str, output_filename: str | None, playbook: str
    ) -> dict[str, Any]:
        """The card PDF of the session (see TOOLS.md render_report). Every check runs before anything is written;
        a given playbook is saved with the session only once the PDF is in place."""
        from ..render.coverage import Coverage
        from ..render.pdf import ReportDocument, render_pdf

        if len(playbook) > MAX_CHARS:
            raise InvalidArgument(
                f"playbook is {len(playbook):,} characters; the limit is {MAX_CHARS:,}. Shorten it to the "
                "strategy itself (the cards carry the details)."
            )
        given = playbook.strip()
        folder = self.workspace.read_dir(results_dir, "results_dir")
        stem = check_stem(profile_stem) if profile_stem is not None else None
        session = load_session(folder, stem)
        if given:  # it will be saved beside the session: that folder must be writable too
            self.workspace.resolve_write(folder, "results_dir")
        now = self.clock()
        default = (
            Path(session.source_result).with_suffix(".pdf")
            if session.source_result
            else folder
            / f"{session.profile_stem or 'report'}_{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}.pdf"
        )
        target = pdf_target(self.workspace, output_filename, default)
        resume = self.resume_fingerprint(session)
        if session.assessment_mode != "keyword" or self.settings.require_judgments:
            check_assessed(session.cards, resume, "render_report", forced=self.settings.require_judgments)
        source = "given" if given else "saved" if session.playbook.strip() else "generated"
        marks = report_marks(tracked(self.workspace, session, self.clock), today(now))
        text = marks.playbook(given or session.playbook.strip() or default_playbook(session.cards))
        result, result_name = read_coverage_source(session.source_result)
        profile = load_profile_or_none(session.profile_path)
        rendered = render_pdf(
            ReportDocument(
                candidate=session.candidate_name or (profile.name if profile else "Job Seeker"),
                date=report_date(now),
                search=search_line(profile, (result or {}).get("profile", {})),
                playbook=text,
                cards=session.cards,
                coverage=Coverage.from_result(result, result_name) if result is not None else None,
                stale_ids=frozenset(c.job_id for c in session.cards if c.stale(resume)),
                applications=marks.lines,
                application_counts=marks.counts,
            )
        )
        atomic_write_bytes(target, rendered.data)
        if given and given != session.playbook:
            SessionStore(folder).update(stem, lambda s: setattr(s, "playbook", given))
        return {
            "pdf_report": str(target),
            "pages": rendered.pages,
            "card_count": len(session.cards),
            "playbook_saved": source != "generated",
            "playbook_source": source,
            "message": f"Wrote {rendered.pages} pages for {len(session.cards)} roles to {target}.",
        }

    def export_report(
        self,
        json_source: str | None,
        profile_stem: str | None,
        results_dir: str,
        formats: list[str],
        candidate_name: str,
        output_dir: str | None,
        job_tracking: bool | None,
    ) -> dict[str, Any]:
        """Report files rebuilt from a sweep JSON (see TOOLS.md export_report). Arguments, the source and the
        output folder are checked before anything is written; then each format is made on its own, so one
        failing is listed in `errors` and the others are still written."""
        asked = check_formats(formats)
        name = check_name(candidate_name)
        source = self._export_source(json_source, profile_stem, results_dir)
        data = read_result(source)
        out = output_folder(self.workspace, output_dir, source.parent)
        block = data["profile"]
        cards = result_cards(data, source)
        session = self._saved_session(source.parent, block.get("stem"))
        if session is not None:  # the judgments live in the profile's saved session
            earlier = {card.job_id: card for card in session.cards}
            for card in cards:
                if (old := earlier.get(card.job_id)) is not None:
                    card.carry_judgment(old)
        profile_path = block.get("path") if isinstance(block.get("path"), str) else None
        resume = self.resume_fingerprint(session or Session(profile_path=profile_path, cards=[]))
        if self.settings.require_judgments:
            check_assessed(cards, resume, "export_report", forced=True)
        tracking = job_tracking if job_tracking is not None else block.get("tracking") is not False
        applications = self._applications(profile_path, block.get("stem"))
        marks = report_marks(applications, today(self.clock()))
        export = Export(
            source=source,
            data=data,
            cards=rank(cards),
            out=out,
            candidate=name,
            date=report_date(self.clock()),
            search=search_line(load_profile_or_none(profile_path), block),
            playbook=marks.playbook((session.playbook.strip() if session else "") or default_playbook(cards)),
            stale_ids=frozenset(c.job_id for c in cards if c.stale(resume)),
            tracking=tracking,
            follow_ups=follow_ups(block["stem"], applications.values()) if applications else [],
            tracked=csv_values(applications),
            marks=marks,
        )
        generated, errors = export.write(asked)
        done = ", ".join(f for f in asked if f not in {e["format"] for e in errors})
        return {
            "source_file": str(source),
            "roles_exported": len(cards),
            "generated": generated,
            "errors": errors,
            "message": f"Exported {len(cards)} roles from {source.name}: {done or 'nothing'}"
            + (f"; {len(errors)} format(s) failed (see errors)." if errors else "."),
        }

    def _applications(self, profile_path: str | None, stem: Any) -> dict[str, Application]:
        """The result profile's tracked postings (none when nothing was ever tracked)."""
        if not isinstance(stem, str):
            return {}
        return tracked(self.workspace, Session(profile_stem=stem, profile_path=profile_path, cards=[]), self.clock)

    def _export_source(self, json_source: str | None, profile_stem: str | None, results_dir: str) -> Path:
        if json_source is not None:
            return self.workspace.resolve_read(json_source, "json_source")
        folder = self.workspace.read_dir(results_dir, "results_dir")
        files = result_files(folder, check_stem(profile_stem) if profile_stem is not None else None)
        if not files:
            scope = f" for profile {profile_stem!r}" if profile_stem else ""
            raise NotFound(f"No sweep result files{scope} in {folder}. Call run_sweep first, or pass json_source.")
        return files[0]

    @staticmethod
    def _saved_session(folder: Path, stem: Any) -> Session | None:
        try:
            return load_session(folder, check_stem(stem))
        except SweepyError:
            return None
