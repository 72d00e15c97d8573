"""convert_document and convert_docx: a resume or note to PDF, beside the source unless told otherwise."""

import re
from pathlib import Path

from ..convert import ConversionResult, convert_docx_to_pdf, convert_to_pdf, default_pdf_path
from ..errors import PathNotAllowed
from ..store.owned import OwnWrites
from .answers import Converted
from .base import ServiceBase


class DocumentTools(ServiceBase):
    def _paths(self, source_arg: str, what: str, pdf_path: str | None) -> tuple[Path, Path]:
        ws = self.workspace
        source = ws.resolve_read(source_arg, what)
        if pdf_path is not None:
            return source, ws.resolve_write(pdf_path, "pdf_path")
        if source.suffix.lower() == ".pdf":  # it passes through: nothing is written, so it may lie anywhere
            return source, source
        try:
            return source, ws.resolve_write(default_pdf_path(source), "pdf_path")
        except PathNotAllowed:  # the source is kept outside the workspace: name a target inside it
            suggested = f"docs/{_pdf_name(source)}"
            raise PathNotAllowed(
                f"{what} {source_arg!r} is outside the workspace ({ws.home}), so its default PDF beside it cannot be "
                f'written there. Call again with pdf_path "{suggested}" (or another path inside the workspace).'
            ) from None

    def convert_document(self, document_path: str, pdf_path: str | None) -> Converted:
        source, target = self._paths(document_path, "document_path", pdf_path)
        writes = OwnWrites(self.workspace, self.clock)  # any PDF in the workspace may be the person's own
        result = convert_to_pdf(source, target, writes.write)
        return _payload(result, writes)

    def convert_docx(self, docx_path: str, pdf_path: str | None) -> Converted:
        source, target = self._paths(docx_path, "docx_path", pdf_path)
        writes = OwnWrites(self.workspace, self.clock)
        result = convert_docx_to_pdf(source, target, writes.write)
        return _payload(result, writes)


def _pdf_name(source: Path) -> str:
    """The suggested PDF's name: the source's, when it is a plain file name, else resume.pdf."""
    name = default_pdf_path(source).name
    return name if re.fullmatch(r"[\w][\w .-]{0,100}\.pdf", name) else "resume.pdf"


def _payload(result: ConversionResult, writes: OwnWrites) -> Converted:
    """The conversion's answer; the file it replaced, when Sweepy had not written it, is named as kept."""
    writes.commit()
    backup = writes.backups[0] if writes.backups else None
    if result.method == "passthrough":
        message = f"{result.source_path} is already a PDF; nothing was written. Use it as resume_path."
    else:
        message = (
            f"Wrote {result.pdf_path} ({result.pages} pages, {result.method}). Pass it as resume_path to "
            "create_profile if it is the resume."
        )
    if backup:
        message += f" The file it replaced was not one Sweepy wrote, so it was kept as {backup}."
    return Converted(pdf_path=str(result.pdf_path), source_path=str(result.source_path), method=result.method,
                     pages=result.pages, backup_path=backup, message=message)  # fmt: skip
