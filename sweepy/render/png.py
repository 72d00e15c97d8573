"""PDF → PNG pages with pypdfium2 (PDFium in a wheel: no system install, unlike poppler or Ghostscript)."""

import io

SCALE = 1.5
"""108 dpi: readable on a screen, about 150 KB a page."""


def pdf_to_pngs(data: bytes, scale: float = SCALE) -> list[bytes]:
    """One PNG per page of the PDF in `data`."""
    import pypdfium2  # imported here: only PNG exports need it

    document = pypdfium2.PdfDocument(data)
    try:
        images = []
        for index in range(len(document)):
            page = document[index]
            try:
                buffer = io.BytesIO()
                page.render(scale=scale).to_pil().save(buffer, format="PNG", optimize=False)
                images.append(buffer.getvalue())
            finally:
                page.close()
        return images
    finally:
        document.close()
