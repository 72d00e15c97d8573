"""Documents to PDF for the convert_document and convert_docx tools; heavy imports happen per call."""

from .dispatch import ConversionResult, Method, convert_docx_to_pdf, convert_to_pdf, default_pdf_path

__all__ = ["ConversionResult", "Method", "convert_docx_to_pdf", "convert_to_pdf", "default_pdf_path"]
