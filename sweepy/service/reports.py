"""Reports: get_results (result files read back), render_report (the session's card PDF), export_report (report
files rebuilt from a sweep JSON)."""

import datetime as dt
import time
from pathlib import Path
from typing import Any

from ..domain.applications import FOLLOW_UP_DAYS
from ..domain.cards import Card, rank
from ..errors import InvalidArgument, NotFound, SweepyError
from ..render.playbook import default_playbook
from ..store.applications import Application, today
from ..store.csvsync import csv_values
from ..store.followups import follow_ups, report_marks
from ..store.paths import RESULT_NAME, result_files
from ..store.results import card_total, holds_all, load_result, result_cards, sweep_cards
from ..store.session_model import Session, check_stem
from ..store.session_rows import View
from . import arguments as a
from .answers import noted
from .answers_reports import ExportReport, FormatError, GetResults, PlaybookSource, RenderReport, ResultRole
from .application_stores import follow_up_days, tracked
from .base import KEYWORD_NOTE, ServiceBase, clamp, shown_path
from .cards import empty_session_message
from .exports import Export
from .gate import check_assessed
from .limits import MAX_PLAYBOOK_CHARS, MAX_REPORT_CARDS, REPORT_CARDS, Format
from .report_parts import (
    UNNAMED,
    check_formats,
    check_name,
    load_profile_or_none,
    output_folder,
    pdf_target,
    read_coverage_source,
    report_date,
    search_line,
)
from .sweeps import top_role


class ReportTools(ServiceBase):
    def get_results(self, args: a.GetResults) -> GetResults:
        profile_stem, results_dir, limit = args.profile_stem, args.results_dir, args.limit
        folder = self.workspace.read_dir(results_dir, "results_dir")
        files = result_files(folder, check_stem(profile_stem) if profile_stem is not None else None)
        if not files:
            scope = f" for profile {profile_stem!r}" if profile_stem else ""
            raise NotFound(f"No sweep result files{scope} in {folder}. Call run_sweep first.")
        path = files[0]
        shown = clamp(limit, 1, 100)
        current = self._current_session(folder, path)
        migrated: str | None = None
        if current is not None:  # the session holds this result's cards, judged: its best ones, by the index
            view, cards = current
            playbook = view.session.playbook or None
            total = view.card_count
            migrated = view.migrated
        else:
            data = load_result(path, self.sessions(folder), self.settings.max_result_bytes)
            cards, playbook = rank(result_cards(data, path))[:shown], None  # the file holds the best 100
            total = card_total(data)
        top = [_result_role(c, playbook) for c in cards[:shown]]
        pdf, csv_path = path.with_suffix(".pdf"), path.with_suffix(".csv")
        overlap_only = any(r.match_kind == "KEYWORD OVERLAP" for r in top)
        answer = GetResults(
            result_file=str(path),
            pdf_report=str(pdf) if pdf.exists() else None,
            csv_report=str(csv_path) if csv_path.exists() else None,
            total_roles=total,
            top_roles=top,
            message=KEYWORD_NOTE if overlap_only else f"{total} roles in {path.name}.",
        )
        return noted(answer, migrated)

    def _current_session(self, folder: Path, path: Path) -> tuple[View, list[Card]] | None:
        """The session whose cards came from result file `path` and their best ones (up to 100), or None when
        that profile's session now holds another sweep (or cannot be read)."""
        match = RESULT_NAME.fullmatch(path.name)
        try:
            with self.sessions(folder).reading(check_stem(match["stem"]) if match else None) as view:
                if view.session.source_result != str(path):
                    return None
                return view, view.page(0, 100)
        except SweepyError:
            return None

    def render_report(self, args: a.RenderReport) -> RenderReport:
        """The card PDF of the session's best `limit` cards (see TOOLS.md render_report). Every check runs
        before anything is written; a given playbook is saved with the session only once the PDF is in place."""
        from ..render.coverage import Coverage
        from ..render.pdf import ReportDocument, render_pdf

        profile_stem, results_dir, output_filename = args.profile_stem, args.results_dir, args.output_filename
        playbook, limit = args.playbook, args.limit
        _check_report_size(playbook, limit)
        given = playbook.strip()
        folder = self.workspace.read_dir(results_dir, "results_dir")
        stem = check_stem(profile_stem) if profile_stem is not None else None
        with self.sessions(folder).reading(stem) as view:  # the best `limit` rows, by the ranking index
            session, cards, total, sweep = view.session, view.page(0, limit), view.card_count, view.sweep()
            migrated = view.migrated
        if total == 0:
            raise NotFound(empty_session_message(self, folder, session, stem is None) + " There is nothing to report.")
        if given:  # it will be saved beside the session: that folder must be writable too
            self.workspace.resolve_write(folder, "results_dir")
        now = self.clock()
        target = pdf_target(self.workspace, output_filename, _default_pdf(session, folder, now))
        writes = self.own_writes([session.profile_path])
        writes.check(target, "output_filename")
        resume = self.resume_fingerprint(session)
        if session.assessment_mode != "keyword" or self.settings.require_judgments:
            check_assessed(cards, resume, "render_report", forced=self.settings.require_judgments, total=total)
        source: PlaybookSource = "given" if given else "saved" if session.playbook.strip() else "generated"
        days = follow_up_days(session.profile_path)
        marks = report_marks(tracked(self.workspace, session, self.clock), today(now), days)
        text = marks.playbook(given or session.playbook.strip() or default_playbook(cards, total))
        result, result_name = (  # the store keeps the sweep's counts and sources: no need to read its result file
            (sweep, Path(session.source_result or "").name)
            if sweep is not None
            else read_coverage_source(session.source_result, self.settings.max_result_bytes)
        )
        profile = load_profile_or_none(session.profile_path)
        rendered = render_pdf(
            ReportDocument(
                candidate=session.candidate_name or (profile.name if profile else UNNAMED),
                date=report_date(now),
                search=search_line(profile, (result or {}).get("profile", {})),
                playbook=text,
                cards=cards,
                coverage=Coverage.from_result(result, result_name) if result is not None else None,
                stale_ids=frozenset(c.job_id for c in cards if c.stale(resume)),
                applications=marks.lines,
                application_counts=marks.counts,
            )
        )
        writes.write(target, rendered.data, "output_filename")
        writes.commit()
        if given and given != session.playbook:
            with self.sessions(folder).writing(stem) as edit:
                edit.set_playbook(given)
        backup = writes.backups[0] if writes.backups else None
        return noted(self._rendered(session, target, rendered.pages, len(cards), total, source, backup), migrated)

    def _rendered(
        self,
        session: Session,
        target: Path,
        pages: int,
        shown: int,
        total: int,
        source: PlaybookSource,
        backup: str | None,
    ) -> RenderReport:
        """render_report's answer: the PDF written, its pages and cards, where the playbook came from."""
        left = f" (the best {shown} of {total}; pass a larger limit for more)" if total > shown else ""
        return RenderReport(
            pdf_report=str(target),
            profile_stem=session.profile_stem,
            profile_path=shown_path(self.workspace, session.profile_path) if session.profile_path else None,
            pages=pages,
            card_count=shown,
            total_cards=total,
            playbook_saved=source != "generated",
            playbook_source=source,
            backup_path=backup,
            message=f"Wrote {pages} pages for {shown} roles{left} to {target}."
            + (f" The file it replaced was not one Sweepy wrote, so it was kept as {backup}." if backup else ""),
        )

    def export_report(self, args: a.ExportReport) -> ExportReport:
        """Report files rebuilt from a sweep JSON (see TOOLS.md export_report). Arguments, the source and the
        output folder are checked before anything is written; then each format is made on its own, so one
        failing is listed in `errors` and the others are still written."""
        json_source, profile_stem, results_dir = args.json_source, args.profile_stem, args.results_dir
        candidate_name, output_dir, job_tracking = args.candidate_name, args.output_dir, args.job_tracking
        asked = check_formats(list(args.formats))
        given_name = check_name(candidate_name) if candidate_name is not None else None
        source, data, newer_empty = self._export_source(json_source, profile_stem, results_dir)
        out = output_folder(self.workspace, output_dir, source.parent)
        block = data["profile"]
        cards = sweep_cards(self.sessions(source.parent), source, data)
        session = self._carry_judgments(source.parent, block.get("stem"), cards)
        if holds_all(data):
            imported = self._imported(source, cards, block.get("stem"))
            cards += imported
        else:  # read from the sweep's session, which holds the cards import_jobs added too
            imported = [card for card in cards if card.imported]
        profile_path = block.get("path") if isinstance(block.get("path"), str) else None
        resume = self.resume_fingerprint(session or Session(profile_path=profile_path, cards=[]))
        if self.settings.require_judgments:
            check_assessed(cards, resume, "export_report", forced=True)
        tracking = job_tracking if job_tracking is not None else block.get("tracking") is not False
        profile = load_profile_or_none(profile_path)
        saved_name = block.get("name") if isinstance(block.get("name"), str) and block["name"].strip() else None
        applications = self._applications(profile_path, block.get("stem"))
        days = profile.follow_up_days if profile is not None else FOLLOW_UP_DAYS
        now = self.clock()
        marks = report_marks(applications, today(now), days)
        export = Export(
            source=source,
            data=data,
            cards=rank(cards),
            out=out,
            candidate=given_name or saved_name or (profile.name if profile else None) or UNNAMED,
            date=report_date(self.clock()),
            search=search_line(profile, block),
            playbook=marks.playbook((session.playbook.strip() if session else "") or default_playbook(cards)),
            stale_ids=frozenset(c.job_id for c in cards if c.stale(resume)),
            tracking=tracking,
            writes=self.own_writes([profile_path, session.profile_path if session else None]),
            follow_ups=follow_ups(block["stem"], applications.values(), today(now), days) if applications else [],
            tracked=csv_values(applications, days),
            stamp=dt.datetime.fromtimestamp(now, dt.UTC),
            marks=marks,
        )
        generated, errors = export.write(asked)
        message = _export_message(source, len(cards), len(imported), asked, errors, newer_empty, export.writes.backups)
        return ExportReport(
            source_file=str(source),
            profile_stem=block["stem"] if isinstance(block.get("stem"), str) else None,
            profile_path=shown_path(self.workspace, profile_path) if profile_path else None,
            roles_exported=len(cards),
            generated=generated,
            errors=errors,
            backups=export.writes.backups,
            message=message,
        )

    def _carry_judgments(self, folder: Path, stem: Any, cards: list[Card]) -> Session | None:
        """The profile's saved session, whose judgments the exported cards take (they live there, not in the
        sweep's result file); None when there is none."""
        session, earlier = self._saved_judgments(folder, stem)
        if session is not None:
            for card in cards:
                if (old := earlier.get(card.job_id)) is not None:
                    card.carry_judgment(old)
        return session

    def _applications(self, profile_path: str | None, stem: Any) -> dict[str, Application]:
        """The result profile's tracked postings (none when nothing was ever tracked)."""
        if not isinstance(stem, str):
            return {}
        return tracked(self.workspace, Session(profile_stem=stem, profile_path=profile_path, cards=[]), self.clock)

    def _export_source(
        self, json_source: str | None, profile_stem: str | None, results_dir: str
    ) -> tuple[Path, dict[str, Any], list[str]]:
        """The result file to export, its data, and the newer ones passed over: the newest sweep that kept a role
        (or whose session holds imported ones); when none did, the newest, and the message says it is empty."""
        cap = self.settings.max_result_bytes
        if json_source is not None:
            path = self.workspace.resolve_read(json_source, "json_source")
            return path, load_result(path, self.sessions(path.parent), cap), []
        folder = self.workspace.read_dir(results_dir, "results_dir")
        files = result_files(folder, check_stem(profile_stem) if profile_stem is not None else None)
        if not files:
            scope = f" for profile {profile_stem!r}" if profile_stem else ""
            raise NotFound(f"No sweep result files{scope} in {folder}. Call run_sweep first, or pass json_source.")
        passed: list[str] = []
        first: dict[str, Any] | None = None
        store = self.sessions(folder)
        for path in files:
            data = load_result(path, store, cap)
            first = first if first is not None else data
            if card_total(data) or self._imported(path, [], data["profile"].get("stem")):
                return path, data, passed
            passed.append(path.name)
        return files[0], first or load_result(files[0], store, cap), []

    def _imported(self, source: Path, cards: list[Card], stem: Any) -> list[Card]:
        """Cards import_jobs added to the session of this sweep (the active one, or the profile's saved one):
        they are in no result file, but every export lists them."""
        have = {card.job_id for card in cards}
        found: list[Card] = []
        for name in (stem if isinstance(stem, str) else None, None):
            try:
                with self.sessions(source.parent).reading(check_stem(name) if name is not None else None) as view:
                    if view.session.source_result is None or Path(view.session.source_result) != source:
                        continue
                    for card in view.all_cards():
                        if card.job_id not in have:
                            have.add(card.job_id)
                            found.append(card)
            except SweepyError:
                continue
        return found

    def _saved_judgments(self, folder: Path, stem: Any) -> tuple[Session | None, dict[str, Card]]:
        """The profile's saved session (its fields) and its judged cards by job_id: only those rows are read."""
        try:
            with self.sessions(folder).reading(check_stem(stem)) as view:
                return view.session, view.kept()
        except SweepyError:
            return None, {}


def _result_role(card: Card, playbook: str | None) -> ResultRole:
    """A card as get_results lists it: the sweep's top-role fields, then its judgment's track and domain."""
    return ResultRole(
        **top_role(card).model_dump(), resume_track=card.resume_track, domain=card.domain, playbook=playbook
    )


def _check_report_size(playbook: str, limit: int) -> None:
    """A playbook within MAX_PLAYBOOK_CHARS and a card limit within 1..MAX_REPORT_CARDS, else what to give."""
    if len(playbook) > MAX_PLAYBOOK_CHARS:
        raise InvalidArgument(
            f"playbook is {len(playbook):,} characters; the limit is {MAX_PLAYBOOK_CHARS:,}. Shorten it to the "
            "strategy itself (the cards carry the details)."
        )
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_REPORT_CARDS:
        raise InvalidArgument(
            f"limit {limit!r} is out of range: give the number of cards the report shows, 1 to "
            f"{MAX_REPORT_CARDS:,} (default {REPORT_CARDS}), best first."
        )


def _default_pdf(session: Session, folder: Path, now: float) -> Path:
    """Where the report goes without output_filename: beside the sweep's result JSON, else a stamped name."""
    if session.source_result:
        return Path(session.source_result).with_suffix(".pdf")
    return folder / f"{session.profile_stem or 'report'}_{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}.pdf"


def _export_message(
    source: Path,
    count: int,
    imported: int,
    asked: list[Format],
    errors: list[FormatError],
    newer_empty: list[str],
    backups: list[str],
) -> str:
    """What export_report made and from what: the formats written and failed, an empty sweep, the newer empty
    sweeps passed over, and the backups of files Sweepy had not written."""
    done = ", ".join(f for f in asked if f not in {e.format for e in errors})
    message = f"Exported {count} roles from {source.name}"
    if imported:
        message += f" ({imported} of them imported into its session)"
    message += f": {done or 'nothing'}" + (f"; {len(errors)} format(s) failed (see errors)." if errors else ".")
    if not count:
        message += f" {source.name} holds no roles: that sweep kept none (its dropped and sources say why)."
    elif newer_empty:
        message += f" Newer sweeps that kept no role were passed over: {', '.join(newer_empty)}."
    if backups:
        message += f" Files Sweepy had not written were kept as backups: {', '.join(backups)}."
    return message
