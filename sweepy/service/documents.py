"""convert_document and convert_docx: a resume or note to PDF, beside the source unless told otherwise."""

from pathlib import Path
from typing import Any

from ..convert import convert_docx_to_pdf, convert_to_pdf, default_pdf_path
from .base import ServiceBase


class DocumentTools(ServiceBase):
    def _paths(self, source_arg: str, what: str, pdf_path: str | None) -> tuple[Path, Path]:
        ws = self.workspace
        source = ws.resolve_read(source_arg, what)
        target = ws.resolve_write(pdf_path if pdf_path is not None else default_pdf_path(source), "pdf_path")
        return source, target

    def convert_document(self, document_path: str, pdf_path: str | None) -> dict[str, Any]:
        source, target = self._paths(document_path, "document_path", pdf_path)
        result = convert_to_pdf(source, target)
        return {**result.as_dict(), "message": _message(result.as_dict())}

    def convert_docx(self, docx_path: str, pdf_path: str | None) -> dict[str, Any]:
        source, target = self._paths(docx_path, "docx_path", pdf_path)
        result = convert_docx_to_pdf(source, target)
        return {**result.as_dict(), "message": _message(result.as_dict())}


def _message(result: dict[str, Any]) -> str:
    if result["method"] == "passthrough":
        return f"{result['source_path']} is already a PDF; nothing was written. Use it as resume_path."
    return (
        f"Wrote {result['pdf_path']} ({result['pages']} pages, {result['method']}). Pass it as resume_path to "
        "create_profile if it is the resume."
    )
