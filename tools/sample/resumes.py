"""The sample paralegal resume, written as byte-reproducible DOCX and PDF files."""

import datetime
import io
import zipfile
from pathlib import Path

_RESUME_NAME = "Alex Rivera"
_RESUME_TITLE = "Litigation Paralegal"
_RESUME_CONTACT = (
    "Brooklyn, NY 11215 | (917) 555-0142 | alex.rivera@example.com | linkedin.com/in/alex-rivera-paralegal"
)
_RESUME_SUMMARY = (
    "Litigation paralegal with 7+ years of experience supporting commercial litigation and employment "
    "teams at New York law firms, after two years as a legal assistant in housing court. Skilled in "
    "e-discovery and document review in Relativity, legal research on Westlaw and LexisNexis, "
    "deposition preparation and court filings in New York State and federal courts, including "
    "e-filing through NYSCEF and PACER/CM/ECF. Known for airtight calendaring and calm trial support."
)
_RESUME_JOBS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "Senior Litigation Paralegal",
        "Ellison Marsh LLP, New York, NY",
        "Mar 2022 - Present",
        (
            "Support 6 partners and 12 associates on commercial and securities litigation in the "
            "S.D.N.Y. and the Commercial Division of New York Supreme Court.",
            "Run e-discovery in Relativity for matters up to 2.4 million documents: saved searches, "
            "coding panels, privilege logs and rolling productions.",
            "Prepare deposition kits, exhibit binders and witness outlines for 40+ depositions a year.",
            "Handle court filings and e-filing through NYSCEF and PACER/CM/ECF; maintain the docket "
            "and litigation calendar.",
        ),
    ),
    (
        "Litigation Paralegal",
        "Corrigan & Tate LLP, New York, NY",
        "Jun 2019 - Feb 2022",
        (
            "Conducted legal research on Westlaw and LexisNexis and cite-checked briefs to Bluebook standards.",
            "Managed first-level document review teams of up to 15 contract reviewers.",
            "Tracked deadlines and matter records in Clio; drafted subpoenas and discovery requests.",
            "Assembled trial exhibits and provided in-court support for two jury trials.",
        ),
    ),
    (
        "Legal Assistant",
        "Bowery Legal Aid Society, Brooklyn, NY",
        "Aug 2017 - May 2019",
        (
            "Performed client intake and case management for 200+ housing court matters.",
            "Prepared and filed orders to show cause and answers in NYC Housing Court.",
            "Managed attorney calendaring and scheduling in Microsoft Office and Outlook.",
        ),
    ),
)
_RESUME_SKILLS = (
    "Litigation support",
    "E-discovery",
    "Relativity",
    "Legal research",
    "Westlaw",
    "LexisNexis",
    "Document review",
    "Deposition preparation",
    "Court filings",
    "E-filing",
    "NYSCEF",
    "PACER/CM/ECF",
    "Case management",
    "Clio",
    "Privilege logs",
    "Bluebook cite-checking",
    "Microsoft Office",
    "Calendaring",
)
_RESUME_EDUCATION = (
    ("Paralegal Certificate (ABA-approved)", "Hudson Institute for Paralegal Studies, New York, NY", "2017"),
    ("B.A., Political Science", "Brooklyn Heights College, Brooklyn, NY", "2016"),
)
_RESUME_CERTS = "Relativity Certified User (2021); Notary Public, State of New York"
_FIXED_TIME = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _normalise_zip(data: bytes) -> bytes:
    """Rewrite a zip archive with fixed timestamps so the bytes are reproducible."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as src,
        zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as dst,
    ):
        for item in src.infolist():
            info = zipfile.ZipInfo(item.filename, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            dst.writestr(info, src.read(item.filename))
    return out.getvalue()


def _write_resume_docx(path: Path) -> None:
    from docx import Document
    from docx.shared import Pt

    doc = Document()
    props = doc.core_properties
    props.author = _RESUME_NAME
    props.title = f"{_RESUME_NAME} - Resume"
    props.last_modified_by = _RESUME_NAME
    props.revision = 1
    props.created = _FIXED_TIME
    props.modified = _FIXED_TIME
    props.last_printed = _FIXED_TIME

    style = doc.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(10.5)

    doc.add_heading(_RESUME_NAME, level=0)
    doc.add_paragraph(_RESUME_TITLE).runs[0].bold = True
    doc.add_paragraph(_RESUME_CONTACT)
    doc.add_heading("Summary", level=1)
    doc.add_paragraph(_RESUME_SUMMARY)
    doc.add_heading("Experience", level=1)
    for role, firm, dates, bullets in _RESUME_JOBS:
        para = doc.add_paragraph()
        para.add_run(role).bold = True
        para.add_run(f" | {firm} | {dates}")
        for bullet in bullets:
            doc.add_paragraph(bullet, style="List Bullet")
    doc.add_heading("Skills", level=1)
    doc.add_paragraph(", ".join(_RESUME_SKILLS))
    doc.add_heading("Education", level=1)
    for degree, school, year in _RESUME_EDUCATION:
        para = doc.add_paragraph()
        para.add_run(degree).bold = True
        para.add_run(f" | {school} | {year}")
    doc.add_heading("Certifications", level=1)
    doc.add_paragraph(_RESUME_CERTS)

    buf = io.BytesIO()
    doc.save(buf)
    path.write_bytes(_normalise_zip(buf.getvalue()))


def _write_resume_pdf(path: Path) -> None:
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer
    from reportlab.platypus.flowables import Flowable

    styles = getSampleStyleSheet()
    body = ParagraphStyle("Body", parent=styles["Normal"], fontName="Helvetica", fontSize=9.5, leading=12)
    name = ParagraphStyle("Name", parent=body, fontName="Helvetica-Bold", fontSize=18, leading=22)
    bullet = ParagraphStyle("Bullet", parent=body, leftIndent=14, bulletIndent=4)
    head = ParagraphStyle(
        "Head", parent=body, fontName="Helvetica-Bold", fontSize=11, leading=14, spaceBefore=7, spaceAfter=2
    )

    def esc(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    story: list[Flowable] = [
        Paragraph(_RESUME_NAME, name),
        Paragraph(f"<b>{_RESUME_TITLE}</b>", body),
        Paragraph(esc(_RESUME_CONTACT), body),
        Spacer(1, 4),
        Paragraph("Summary", head),
        Paragraph(esc(_RESUME_SUMMARY), body),
        Paragraph("Experience", head),
    ]
    for role, firm, dates, bullets in _RESUME_JOBS:
        story.append(Paragraph(f"<b>{esc(role)}</b> | {esc(firm)} | {esc(dates)}", body))
        story.extend(Paragraph(esc(b), bullet, bulletText="-") for b in bullets)
        story.append(Spacer(1, 3))
    story.append(Paragraph("Skills", head))
    story.append(Paragraph(esc(", ".join(_RESUME_SKILLS)), body))
    story.append(Paragraph("Education", head))
    for degree, school, year in _RESUME_EDUCATION:
        story.append(Paragraph(f"<b>{esc(degree)}</b> | {esc(school)} | {year}", body))
    story.append(Paragraph("Certifications", head))
    story.append(Paragraph(esc(_RESUME_CERTS), body))

    doc = SimpleDocTemplate(
        str(path),
        pagesize=LETTER,
        leftMargin=0.7 * inch,
        rightMargin=0.7 * inch,
        topMargin=0.6 * inch,
        bottomMargin=0.6 * inch,
        title=f"{_RESUME_NAME} - Resume",
        author=_RESUME_NAME,
        subject="Sample resume",
        creator="sweepy.sample",  # its name when sweepy/data/sample_resume.pdf was made: the same bytes again
        invariant=1,
    )
    doc.build(story)


def write_sample_resumes(folder: Path) -> tuple[Path, Path]:
    """Write ``sample_resume.docx`` and ``sample_resume.pdf`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    docx_path = folder / "sample_resume.docx"
    pdf_path = folder / "sample_resume.pdf"
    _write_resume_docx(docx_path)
    _write_resume_pdf(pdf_path)
    return docx_path, pdf_path
