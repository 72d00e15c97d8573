"""export_report's outputs: each asked format written on its own, so one failing leaves the others standing."""

import datetime as dt
import json
import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..domain.cards import Card
from ..errors import StorageError, SweepyError
from ..store.csvfiles import carried_tracking, csv_text, overlay_tracking
from ..store.followups import FollowUp, ReportMarks, calendar_bytes
from ..store.owned import OwnWrites
from .answers_reports import FormatError, Generated
from .limits import Format

log = logging.getLogger("sweepy.service.exports")


@dataclass(frozen=True)
class Export:
    source: Path
    data: dict[str, Any]
    cards: list[Card]
    """Ranked, with the saved session's judgments merged in."""
    out: Path
    candidate: str
    date: str
    search: str
    playbook: str
    stale_ids: frozenset[str]
    tracking: bool
    writes: OwnWrites
    """Every file goes through it: a file Sweepy did not write is kept as a backup before it is replaced."""
    follow_ups: list[FollowUp] = field(default_factory=list)
    """The profile's follow-ups from its application history (ics)."""
    tracked: dict[str, dict[str, str]] = field(default_factory=dict)
    """The application store's tracking columns by job_id (csv): its status over the one carried."""
    marks: ReportMarks = field(default_factory=lambda: ReportMarks({}, {}, []))
    """Tracked cards' status lines and the counts by status (pdf)."""
    stamp: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    """When the export is made (the service's clock): the calendar's DTSTAMP."""

    @property
    def stem(self) -> str:
        return self.source.stem

    def write(self, asked: list[Format]) -> tuple[Generated, list[FormatError]]:
        """(generated, errors) for the asked formats, in the order pdf, png, csv, json, ics; when every one
        failed, StorageError (or the one error class they share) naming each format's failure."""
        generated, errors, raised = self._write(asked)
        if errors and len(errors) == len(asked):
            kinds = {type(exc) for exc in raised}
            kind: type[SweepyError] = StorageError
            if len(kinds) == 1 and issubclass(only := kinds.pop(), SweepyError):
                kind = only
            said = " ".join(f"{e.format}: {e.message}" for e in errors)
            raise kind(
                f"export_report wrote nothing: every format asked failed. {said}",
                errors=[e.model_dump() for e in errors],
            )
        return generated, errors

    def _write(self, asked: list[Format]) -> tuple[Generated, list[FormatError], list[Exception]]:
        generated: dict[str, Any] = {}
        errors: list[FormatError] = []
        raised: list[Exception] = []
        pdf: bytes | None = None
        for fmt in asked:
            try:
                if fmt in ("pdf", "png") and pdf is None:
                    pdf, pages = self._pdf()
                    if fmt == "pdf":
                        target = self.out / f"{self.stem}_export.pdf"  # never render_report's {stem}.pdf
                        self.writes.write(target, pdf)
                        generated.update(pdf=str(target), pdf_pages=pages)
                if fmt == "png" and pdf is not None:
                    generated["png"] = self._png(pdf)
                elif fmt == "csv":
                    generated.update(self._csv())
                elif fmt == "json":
                    generated["json"] = self._json()
                elif fmt == "ics":
                    generated.update(self._ics())
            except Exception as exc:  # one format's failure (a full disk, a renderer bug) must not cost the others
                errors.append(FormatError(format=fmt, message=_describe(fmt, exc)))
                raised.append(exc)
                if not isinstance(exc, SweepyError):
                    log.exception("export_report: %s failed", fmt)
        self.writes.commit()
        return Generated.model_validate(generated), errors, raised

    def _pdf(self) -> tuple[bytes, int]:
        from ..render.coverage import Coverage
        from ..render.pdf import ReportDocument, render_pdf

        document = ReportDocument(
            self.candidate,
            self.date,
            self.search,
            self.playbook,
            self.cards,
            Coverage.from_result(self.data, self.source.name),
            self.stale_ids,
            self.marks.lines,
            self.marks.counts,
        )
        rendered = render_pdf(document)
        return rendered.data, rendered.pages

    def _png(self, pdf: bytes) -> list[str]:
        from ..render.png import pdf_to_pngs

        paths = []
        for number, image in enumerate(pdf_to_pngs(pdf), 1):
            target = self.out / f"{self.stem}_page{number}.png"
            self.writes.write(target, image)
            paths.append(str(target))
        self._remove_stale_pages(len(paths))
        return paths

    def _remove_stale_pages(self, pages: int) -> None:
        """An earlier export of the same stem with more pages left `_page{n}.png` past the new last page: they
        would pass for pages of this report, so they go (one Sweepy did not write is kept as a backup)."""
        pattern = re.compile(re.escape(self.stem) + r"_page([1-9][0-9]{0,5})\.png")
        for path in sorted(self.out.glob(f"{glob_escape(self.stem)}_page*.png")):
            match = pattern.fullmatch(path.name)
            if match and int(match[1]) > pages and not path.is_symlink() and path.is_file():
                self.writes.remove(path)

    def _csv(self) -> dict[str, Any]:
        """`{stem}_export.csv`: the sweep's own CSV holds the tracking notes a person typed, so it is never
        overwritten; those notes are carried into the export from the profile's CSVs beside the source."""
        target = self.out / f"{self.stem}_export.csv"
        stem = self.data["profile"].get("stem")
        carried = carried_tracking(self.source.parent, stem) if self.tracking and isinstance(stem, str) else {}
        if self.tracking:
            overlay_tracking(carried, self.tracked)
        self.writes.write(target, csv_text(self.cards, self.tracking, carried).encode("utf-8"))
        return {"csv": str(target), "csv_rows": len(self.cards)}

    def _ics(self) -> dict[str, Any]:
        """`{profile}_followups.ics`: one calendar per profile (its UIDs are stable), rewritten on each export."""
        stem = self.data["profile"].get("stem")
        target = self.out / f"{stem if isinstance(stem, str) else self.stem}_followups.ics"
        name = f"Job search follow-ups ({self.candidate})"
        self.writes.write(target, calendar_bytes(self.follow_ups, self.stamp, name))
        return {"ics": str(target), "ics_events": len(self.follow_ups)}

    def _json(self) -> str:
        """`{stem}_export.json`, never the sweep file it reads."""
        target = self.out / f"{self.stem}_export.json"
        document = {
            **{k: v for k, v in self.data.items() if k != "cards"},
            "exported_from": str(self.source),
            "exported_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "playbook": self.playbook,
            "cards": [card.to_json() for card in self.cards],
        }
        self.writes.write(target, json.dumps(document, ensure_ascii=False, allow_nan=False, indent=1).encode("utf-8"))
        return str(target)


def glob_escape(text: str) -> str:
    """`text` matched literally by Path.glob (a stem may hold `[`)."""
    return re.sub(r"([*?\[])", r"[\1]", text)


def _describe(fmt: str, exc: Exception) -> str:
    if isinstance(exc, SweepyError):
        return exc.message
    return f"{fmt} could not be made ({type(exc).__name__}: {str(exc)[:200]}). The server log has details."
