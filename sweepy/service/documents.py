"""convert_document and convert_docx: a resume or note to PDF, beside the source unless told otherwise."""

import contextlib
import re
from pathlib import Path

from ..convert import ConversionResult, convert_docx_to_pdf, convert_to_pdf, default_pdf_path
from ..errors import PathNotAllowed
from ..store.owned import OwnWrites
from ..store.paths import Workspace
from . import arguments as a
from .answers_reports import Converted
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

    def _writes(self, source: Path, target: Path) -> OwnWrites:
        """The conversion's writer: it refuses the resume of any profile in the workspace (Sweepy may have made
        that PDF itself, so the manifest alone would not keep a backup) and keeps a backup of any other PDF
        Sweepy did not write. A PDF passing through to itself writes nothing and is not refused."""
        writes = self.own_writes(workspace_profiles(self.workspace))
        if target != source:
            writes.check(target, "pdf_path")
        return writes

    def convert_document(self, args: a.ConvertDocument) -> Converted:
        source, target = self._paths(args.document_path, "document_path", args.pdf_path)
        writes = self._writes(source, target)
        result = convert_to_pdf(source, target, writes.write)
        return _payload(result, writes)

    def convert_docx(self, args: a.ConvertDocx) -> Converted:
        source, target = self._paths(args.docx_path, "docx_path", args.pdf_path)
        writes = self._writes(source, target)
        result = convert_docx_to_pdf(source, target, writes.write)
        return _payload(result, writes)


MAX_PROFILES = 200
"""The profile files a conversion reads for their resumes (a workspace holds a handful)."""


def workspace_profiles(workspace: Workspace) -> list[str]:
    """The profile YAMLs of the workspace, in `profiles/` and the top folder (the default profile, wherever it
    lies, is added by own_writes): the first MAX_PROFILES by name."""
    found: list[str] = []
    for folder in (workspace.home / "profiles", workspace.home):
        with contextlib.suppress(OSError):
            found += sorted(str(p) for p in folder.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file())
    return found[:MAX_PROFILES]


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
    return Converted(
        pdf_path=str(result.pdf_path),
        source_path=str(result.source_path),
        method=result.method,
        pages=result.pages,
        backup_path=backup,
        message=message,
    )
