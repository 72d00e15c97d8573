"""Converters outside Python: Microsoft Word through docx2pdf (Windows/macOS only) and LibreOffice for `.doc`.

Each runs on a copy in a private temporary folder and returns the PDF's bytes; the caller writes them atomically.
"""

import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..errors import DocumentError

SOFFICE_TIMEOUT = 120.0


def _word_installed() -> bool:
    if sys.platform == "win32":
        import winreg  # docx2pdf talks to Word through COM's "Word.Application", registered by Word's installer

        try:
            winreg.CloseKey(winreg.OpenKey(winreg.HKEY_CLASSES_ROOT, "Word.Application"))
        except OSError:
            return False
        return True
    if sys.platform == "darwin":
        return Path("/Applications/Microsoft Word.app").exists()
    return False  # docx2pdf has no Linux backend


def word_available() -> bool:
    """True where docx2pdf can drive Microsoft Word: the package is installed and Word itself is present."""
    return importlib.util.find_spec("docx2pdf") is not None and _word_installed()


def convert_with_word(source: Path) -> bytes:
    """The PDF Word makes of a DOCX. Raises DocumentError when Word fails (the caller may fall back)."""
    docx2pdf = importlib.import_module("docx2pdf")  # untyped, and only installed on Windows and macOS

    with tempfile.TemporaryDirectory(prefix="sweepy-word-") as folder:
        copy = Path(folder) / "document.docx"
        output = Path(folder) / "document.pdf"
        shutil.copyfile(source, copy)
        try:
            docx2pdf.convert(str(copy), str(output))
            return output.read_bytes()
        except Exception as exc:  # COM/AppleScript errors surface as many types
            raise DocumentError(f"Microsoft Word could not convert {source.name} ({type(exc).__name__}).") from None


def soffice() -> str | None:
    """The LibreOffice executable on PATH, if any."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def convert_with_libreoffice(source: Path, timeout: float = SOFFICE_TIMEOUT) -> bytes:
    """The PDF LibreOffice makes of a legacy `.doc` (or anything else it opens)."""
    program = soffice()
    if program is None:
        raise DocumentError(
            f"{source.name} is a legacy Word .doc file, and no converter for it is installed. Install LibreOffice "
            "(so that 'soffice' is on PATH), or open it in Word and save it as .docx, then convert that."
        )
    with tempfile.TemporaryDirectory(prefix="sweepy-soffice-") as folder:
        # A fixed name keeps odd file names away from the command line; a private profile lets this run while
        # the user has LibreOffice open (a shared profile lock would make soffice exit without converting).
        copy = Path(folder) / f"document{source.suffix.lower()}"
        shutil.copyfile(source, copy)
        profile = Path(folder, "profile").as_uri()
        command = [program, f"-env:UserInstallation={profile}", "--headless", "--norestore", "--convert-to", "pdf"]
        try:
            completed = subprocess.run(
                [*command, "--outdir", folder, str(copy)],
                capture_output=True,
                timeout=timeout,
                check=False,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "HOME": folder},
            )
        except subprocess.TimeoutExpired:
            raise DocumentError(
                f"LibreOffice took more than {timeout:.0f} s to convert {source.name} and was stopped. Open it in "
                "a word processor and save it as .docx or PDF."
            ) from None
        except OSError as exc:
            raise DocumentError(f"LibreOffice could not be started ({exc.strerror or exc}).") from None
        output = Path(folder) / "document.pdf"
        if completed.returncode != 0 or not output.is_file():
            detail = completed.stderr.decode("utf-8", "replace").strip()[-300:] or "no message"
            raise DocumentError(
                f"LibreOffice could not convert {source.name} (exit {completed.returncode}: {detail}). Open it "
                "in a word processor and save it as .docx, then convert that."
            )
        return output.read_bytes()
