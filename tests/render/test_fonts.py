"""The bundled fonts: registration, per-script font runs, and markup that never lets text act as markup."""

import io

from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate

from sweepy.fonts import FONT_DIR, FONTS, font_runs, markup_for, register_fonts

SAMPLES = ["Zoë", "Łódź", "€", "東京", "Ελληνικά", "Русский", "हिंदी", "こんにちは", "서울"]


def _render(markup: str) -> PdfReader:
    register_fonts()
    buffer = io.BytesIO()
    style = ParagraphStyle("body", fontName=FONTS.regular, fontSize=11, leading=14)
    SimpleDocTemplate(buffer).build([Paragraph(markup, style)])
    return PdfReader(io.BytesIO(buffer.getvalue()))


def test_the_font_files_and_their_licenses_are_bundled() -> None:
    names = {p.name for p in FONT_DIR.iterdir()}
    assert {
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "NotoSansDevanagari-Regular.ttf",
        "NotoSansCJK-Subset.ttf",
    } <= names
    assert sum((FONT_DIR / name).stat().st_size for name in names if "CJK" in name) < 3_500_000
    assert {"LICENSE-DejaVu.txt", "LICENSE-Noto-OFL.txt"} <= names


def test_register_fonts_is_idempotent_and_returns_the_names() -> None:
    assert register_fonts() is register_fonts() is FONTS


def test_each_script_gets_a_font_that_has_its_glyphs() -> None:
    assert font_runs("Zoë Łódź € Ελληνικά Русский") == [(FONTS.regular, "Zoë Łódź € Ελληνικά Русский")]
    assert font_runs("in 東京 now") == [(FONTS.regular, "in "), (FONTS.cjk, "東京 "), (FONTS.regular, "now")]
    assert font_runs("हिंदी", bold=True) == [(FONTS.devanagari, "हिंदी")]
    assert font_runs("東京にて") == [(FONTS.cjk, "東京にて")]
    assert font_runs("서울") == [(FONTS.cjk, "서울")]
    assert font_runs("مطور · שלום") == [(FONTS.regular, "مطور · שלום")]
    # Outside the bundled CJK subset (an Extension A ideograph): ReportLab's CID fonts, by language.
    assert font_runs("㐀") == [(FONTS.chinese, "㐀")]
    assert font_runs("㐀の") == [(FONTS.japanese, "㐀"), (FONTS.cjk, "の")]


def test_punctuation_and_digits_keep_a_word_in_one_font() -> None:
    """ReportLab shapes a word with the font of its first letter, so a font change inside a word would draw the
    rest as the wrong glyphs: punctuation opening a word takes the font of the letter after it."""
    assert font_runs('(हिंदी), "टाटा"') == [(FONTS.devanagari, '(हिंदी), "टाटा"')]
    assert font_runs("5년, 東京2024") == [(FONTS.cjk, "5년, 東京2024")]
    assert font_runs("a (हिंदी)") == [(FONTS.regular, "a "), (FONTS.devanagari, "(हिंदी)")]
    assert font_runs("x", bold=True, italic=True) == [(FONTS.bold_italic, "x")]
    assert font_runs("Ω", mono=True)[0][0] in (FONTS.mono, FONTS.regular)
    assert font_runs("مطور", italic=True) == [(FONTS.regular, "مطور")]  # the oblique face has no Arabic
    assert font_runs("מפתח", mono=True) == [(FONTS.regular, "מפתח")]
    assert font_runs("مطور", bold=True, italic=True) == [(FONTS.bold, "مطور")]


def test_every_sample_comes_back_as_text_from_the_pdf() -> None:
    text = _render(markup_for(" ".join(SAMPLES))).pages[0].extract_text()
    for sample in SAMPLES:
        assert sample in text


def test_markup_in_the_text_is_printed_not_obeyed() -> None:
    hostile = '<b>unclosed <img src="/etc/passwd"/> <font color="[[[1]]]">x</font> &amp; <a href="javascript:1">'
    markup = markup_for(hostile)
    assert "<" not in markup.replace('<font name="', "").replace("</font>", "")
    reader = _render(markup)
    text = reader.pages[0].extract_text()
    assert '<img src="/etc/passwd"/>' in text
    assert "&amp;" in text
    assert "/Annots" not in reader.pages[0]


def test_bold_uses_the_bold_face_and_control_characters_are_dropped() -> None:
    reader = _render(markup_for("plain ") + markup_for("strong\x00\x07", bold=True))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert any("Bold" in str(f.get_object()["/BaseFont"]) for f in fonts.values())
    assert "strong" in reader.pages[0].extract_text()
