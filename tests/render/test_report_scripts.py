"""Every script in the report: one card each in Arabic, Hebrew, Devanagari, Chinese, Japanese and Korean, read
back from the PDF (text, word positions, embedded fonts) and from the PNG export (the glyphs are drawn); and
the MATCH label's colour by band."""

import io
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader

from sweepy.domain.cards import Card
from sweepy.fonts import FONTS, markup_for
from sweepy.render.card import score_label
from sweepy.render.pdf import ReportDocument, render_pdf
from sweepy.render.png import SCALE, pdf_to_pngs
from sweepy.render.scripts import ScriptParagraph, visual_order
from sweepy.render.styles import KEYWORD, MARGIN, MATCH_BANDS, match_band, styles


@dataclass(frozen=True)
class Script:
    name: str
    title: str
    company: str
    description: str
    letters: Callable[[str], bool]
    """Which characters of the extracted text belong to this script."""


def _in(*ranges: tuple[int, int]) -> Callable[[str], bool]:
    return lambda ch: any(low <= ord(ch) <= high for low, high in ranges)


ARABIC = _in((0x0600, 0x06FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
HEBREW = _in((0x0590, 0x05FF))
DEVANAGARI = _in((0x0900, 0x097F))
HAN = _in((0x4E00, 0x9FFF))
KANA = _in((0x3040, 0x30FF))
HANGUL = _in((0xAC00, 0xD7A3))

SCRIPTS = [
    Script(
        "arabic",
        "مطور برمجيات أول",
        "شركة النور للتقنية",
        "نبحث عن مطور برمجيات ذو خبرة في بايثون لمدة خمس سنوات على الأقل. " * 3,
        ARABIC,
    ),
    Script(
        "hebrew", "מפתח תוכנה בכיר", "חברת הייטק", "אנחנו מחפשים מפתח תוכנה עם ניסיון של 5 שנים בפייתון. " * 3, HEBREW
    ),
    Script("devanagari", "वरिष्ठ सॉफ़्टवेयर इंजीनियर", "भारतीय कंपनी", "पायथन में पाँच साल का अनुभव।", DEVANAGARI),
    Script("chinese", "高级软件工程师", "北京科技有限公司", "我们正在寻找有五年经验的软件工程师。", HAN),
    Script("japanese", "シニアエンジニア", "東京株式会社", "五年以上の経験があるエンジニアを募集しています。", KANA),
    Script(
        "korean",
        "선임 소프트웨어 엔지니어",
        "서울 기술 주식회사",
        "파이썬 경력 5년 이상의 엔지니어를 찾습니다.",
        HANGUL,
    ),
]


def _card(script: Script, n: int, pct: int | None = None) -> Card:
    card = Card(
        job_id=script.name,
        title=script.title,
        company=script.company,
        location="",
        description=script.description,
        url=f"https://jobs.example/{script.name}",
    )
    card.match_score, card.match_kind, card.match_pct = (pct, "MATCH", pct) if pct is not None else (n, "MATCH", 90)
    return card


def _report(cards: list[Card]) -> bytes:
    document = ReportDocument("Dana Cohen", "2026-12-01", "Software engineer", "Apply early.", cards, None)
    return render_pdf(document).data


@pytest.fixture(scope="module")
def report() -> bytes:
    return _report([_card(script, n) for n, script in enumerate(SCRIPTS)])


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


@dataclass(frozen=True)
class Glyph:
    page: int
    char: str
    box: tuple[float, float, float, float]
    """left, bottom, right, top in PDF points."""


def _glyphs(data: bytes) -> list[Glyph]:
    """Every character PDFium finds on every page, with its box (from the text layer, drawn or not)."""
    document = pypdfium2.PdfDocument(data)
    out = []
    for index in range(len(document)):
        textpage = document[index].get_textpage()
        for n in range(textpage.count_chars()):
            ch = textpage.get_text_range(n, 1)
            if ch and not ch.isspace():
                out.append(Glyph(index, _nfkc(ch), textpage.get_charbox(n)))
    return out


def _word_x(glyphs: list[Glyph], word: str) -> float:
    """The left edge of the first run of glyphs that spells `word` (in either direction: a right-to-left word's
    glyphs are drawn last letter first)."""
    for start in range(len(glyphs)):
        for spelled in (word, word[::-1]):
            run = glyphs[start : start + len(spelled)]
            if "".join(g.char for g in run) == spelled:
                return min(g.box[0] for g in run)
    raise AssertionError(f"{word!r} is not on the page")


def _ink(png: bytes, page_height: float, boxes: list[tuple[float, float, float, float]]) -> int:
    """Non-white pixels of the PNG inside the union of `boxes` (PDF points; PNG pixels are points × SCALE)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
    bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
    region = image.crop(
        (
            int(left * SCALE),
            int((page_height - top) * SCALE),
            int(right * SCALE) + 1,
            int((page_height - bottom) * SCALE) + 1,
        )
    )
    return sum(region.histogram()[:200])


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.name)
def test_each_script_is_drawn_in_the_png_not_only_named_in_the_pdf(report: bytes, script: Script) -> None:
    glyphs = [g for g in _glyphs(report) if script.letters(g.char)]
    assert len(glyphs) >= len(script.title.replace(" ", "")) // 2, script.name
    pngs = pdf_to_pngs(report)
    height = PdfReader(io.BytesIO(report)).pages[0].mediabox.height
    pages = {g.page for g in glyphs}
    for page in pages:
        boxes = [g.box for g in glyphs if g.page == page]
        # A glyph is ~60 % ink-free; a font the PDF only names (a CID font) leaves the whole area white.
        assert _ink(pngs[page], float(height), boxes) > 20 * len(boxes), script.name


def test_arabic_and_hebrew_run_right_to_left_with_joined_letters(report: bytes) -> None:
    text = _text(report)
    glyphs = _glyphs(report)
    for script in SCRIPTS[:2]:
        # pypdf reads a right-to-left run back in logical order; NFKC folds the presentation forms to letters.
        assert script.title in _nfkc(text)
        assert script.company in _nfkc(text)
        assert " ".join(script.description.split()[:5]) in _nfkc(text)  # pypdf breaks a run at a digit
        words = script.title.split()
        xs = [_word_x(glyphs, word) for word in words]
        assert xs == sorted(xs, reverse=True), (script.name, xs)  # the first word is the rightmost
    # Joined: the letters are drawn in their initial, medial and final forms (Arabic presentation forms),
    # not the isolated ones an unshaped run would show.
    arabic = [ch for ch in text if ARABIC(ch)]
    contextual = [ch for ch in arabic if 0xFE70 <= ord(ch) <= 0xFEFF and "ISOLATED" not in unicodedata.name(ch)]
    assert len(contextual) > len(arabic) // 2


@pytest.mark.parametrize(
    ("title", "pure"),
    [
        ("React مطور واجهات أمامية", SCRIPTS[0]),  # an Arabic title with the framework's name first, as boards write it
        ("QA בודק/ת תוכנה בכיר/ה", SCRIPTS[1]),
    ],
    ids=["arabic", "hebrew"],
)
def test_a_right_to_left_title_with_a_latin_word_first_runs_right_to_left_right_aligned(
    title: str, pure: Script
) -> None:
    """Most of the title's words are Arabic (Hebrew): it is laid out as the all-Arabic title of the card below it,
    right to left from the card's number at the right edge, not left to right because its first word is Latin."""
    mixed = Script("mixed", title, pure.company, pure.description, pure.letters)
    data = _report([_card(pure, 0), _card(mixed, 1)])  # the mixed card ranks first

    def title_line(word: str) -> list[tuple[float, str]]:
        (line,) = [line for line in _lines(data, 0) if word in (w for _x, w in line)]
        return [(x, w) for x, w in line if w not in ("MATCH", "90%")]  # the score label in the right column

    mixed_line, pure_line = title_line(title.split()[0]), title_line("2.")
    assert [word for _x, word in reversed(mixed_line)] == ["1.", *title.split()]  # read right to left
    assert [word for _x, word in reversed(pure_line)] == ["2.", *pure.title.split()]
    assert abs(mixed_line[-1][0] - pure_line[-1][0]) < 1  # the number at the same right edge: right-aligned


def test_a_right_to_left_description_wraps_with_its_lines_in_reading_order(report: bytes) -> None:
    """Lines are broken in logical order: the first words of the description are on its first line, rightmost."""
    glyphs = _glyphs(report)
    first, second = "אנחנו", "מחפשים"
    assert _word_x(glyphs, first) > _word_x(glyphs, second)
    description = [g for g in glyphs if HEBREW(g.char)]
    lines = sorted({round(g.box[1]) for g in description}, reverse=True)
    assert len(lines) >= 4  # title, company and a description over two lines


def test_devanagari_is_shaped_and_its_letters_come_back(report: bytes) -> None:
    # Shaped: the vowel sign ि is drawn before its consonant (ह), as Devanagari is written.
    paragraph = ScriptParagraph(markup_for("हिंदी"), styles().body)
    paragraph.wrap(400, 100)
    drawn = str(paragraph.blPara.lines[0].words[0].text)
    assert drawn[0] != "ह" and drawn[1] == "ह"
    # ReportLab maps a glyph that has no character of its own (a vowel sign drawn before its consonant, a
    # conjunct) to a private code, so only words without one come back whole from the PDF's text.
    text = _nfkc(_text(report))
    for word in ("भारतीय", "पायथन", "पाँच", "अनुभव"):
        assert word in text


def test_chinese_japanese_and_korean_come_back_as_text_in_the_embedded_font(report: bytes) -> None:
    text = _text(report)
    for script in SCRIPTS[3:]:
        assert script.title in text
        assert script.company in text
    assert "선임소프트웨어엔지니어" in "".join(text.split())
    fonts = set()
    for page in PdfReader(io.BytesIO(report)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                fonts.add(str(font["/BaseFont"]).split("+")[-1])
    assert any(FONTS.cjk in name for name in fonts), fonts


def test_words_reorder_by_bidi_level() -> None:
    assert visual_order([0, 1, 1, 1, 0]) == [0, 3, 2, 1, 4]  # an English line with an Arabic phrase inside
    assert visual_order([1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0]  # a right-to-left line with two numbers inside
    assert visual_order([0, 0]) == [0, 1]


def test_match_labels_are_coloured_by_band() -> None:
    assert [match_band(p).name for p in (0, 5, 49, 50, 69, 70, 84, 85, 90, 100)] == [
        "weak",
        "weak",
        "weak",
        "partial",
        "partial",
        "good",
        "good",
        "strong",
        "strong",
        "strong",
    ]
    assert len({band.colour.hexval() for band in MATCH_BANDS} | {KEYWORD.hexval()}) == 5
    low, high = (_card(SCRIPTS[3], 0, pct) for pct in (5, 90))
    assert score_label(low)[1] != score_label(high)[1]
    keyword = Card(job_id="k", title="T", company="C", match_score=90)
    assert score_label(keyword) == ("KEYWORD OVERLAP 90", KEYWORD)


def _colour_near(png: bytes, page_height: float, box: tuple[float, float, float, float]) -> tuple[int, int, int]:
    """The most saturated pixel colour inside `box` (the label's solid glyph strokes)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    left, bottom, right, top = box
    region = image.crop(
        (
            int(left * SCALE),
            int((page_height - top) * SCALE),
            int(right * SCALE) + 1,
            int((page_height - bottom) * SCALE) + 1,
        )
    )
    raw = region.tobytes()
    pixels = [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]
    return max(pixels, key=lambda rgb: max(rgb) - min(rgb))


def test_a_5_percent_and_a_90_percent_match_print_in_different_colours_and_the_legend_names_the_bands() -> None:
    data = _report([_card(SCRIPTS[3], 0, 5), _card(SCRIPTS[4], 1, 90)])
    text = "".join(_text(data).split())
    assert "MATCHcolours:85–100%strong·70–84%good·50–69%partial·0–49%weak." in text
    assert "keywordoverlap" not in text  # every card is assessed: no note about keyword counts
    glyphs = _glyphs(data)
    png = pdf_to_pngs(data)[0]
    height = float(PdfReader(io.BytesIO(data)).pages[0].mediabox.height)
    labels = {}
    for label in ("MATCH5%", "MATCH90%"):
        for start in range(len(glyphs)):
            run = glyphs[start : start + len(label)]
            if "".join(g.char for g in run) == label:
                box = (
                    min(g.box[0] for g in run),
                    min(g.box[1] for g in run),
                    max(g.box[2] for g in run),
                    max(g.box[3] for g in run),
                )
                labels[label] = _colour_near(png, height, box)
    expected = {"MATCH5%": match_band(5).colour, "MATCH90%": match_band(90).colour}
    for label, rgb in labels.items():
        want = tuple(round(255 * c) for c in expected[label].rgb())
        assert all(abs(a - b) <= 40 for a, b in zip(rgb, want, strict=True)), (label, rgb, want)
    assert labels["MATCH5%"] != labels["MATCH90%"]


def _lines(data: bytes, page: int) -> list[list[tuple[float, str]]]:
    """The words PDFium finds on a page, as lines (top first) of (left edge, word) in drawing order."""
    textpage = pypdfium2.PdfDocument(data)[page].get_textpage()
    words: list[tuple[tuple[float, float, float, float], str]] = []
    current, box = "", [0.0, 0.0, 0.0, 0.0]
    for n in range(textpage.count_chars() + 1):
        ch = textpage.get_text_range(n, 1) if n < textpage.count_chars() else " "
        if ch.isspace() or not ch:
            if current:
                words.append(((box[0], box[1], box[2], box[3]), _nfkc(current)))
            current = ""
            continue
        left, bottom, right, top = textpage.get_charbox(n)
        box = (
            [left, bottom, right, top]
            if not current
            else [min(box[0], left), min(box[1], bottom), max(box[2], right), max(box[3], top)]
        )
        current += ch
    lines: dict[float, list[tuple[float, str]]] = {}
    for (left, bottom, _right, top), word in words:
        middle = (bottom + top) / 2
        key = next((k for k in lines if abs(k - middle) < 4), middle)
        lines.setdefault(key, []).append((left, word))
    return [sorted(lines[key]) for key in sorted(lines, reverse=True)]


def test_a_right_to_left_paragraph_split_across_pages_keeps_its_word_order() -> None:
    """ReportLab makes the parts of a split paragraph from its already shaped words: each part still reorders."""
    sentence = "אנחנו מחפשים מפתח תוכנה עם ניסיון בפייתון ובענן."
    playbook = " ".join([sentence] * 400)  # a playbook of three pages: it splits twice
    data = render_pdf(ReportDocument("Dana Cohen", "2026-12-01", "s", playbook, [_card(SCRIPTS[3], 0)], None)).data
    pages = len(PdfReader(io.BytesIO(data)).pages)
    assert pages >= 3
    checked = 0
    for page in range(pages):
        for line in _lines(data, page):
            words = [word for _x, word in line]
            if len(words) > 4 and all(any(HEBREW(ch) for ch in word) for word in words):
                read = " ".join(reversed(words))  # right to left
                assert read in playbook, (page, read)
                checked += 1
    assert checked > 100


def test_the_continuation_of_an_english_paragraph_stays_left_aligned() -> None:
    """A paragraph that starts in English is left to right even where its next page starts in Hebrew."""
    sentence = "אנחנו מחפשים מפתח תוכנה עם ניסיון בפייתון ובענן."
    playbook = "**Note:** " + " ".join([sentence] * 400)
    data = render_pdf(ReportDocument("Dana Cohen", "2026-12-01", "s", playbook, [_card(SCRIPTS[3], 0)], None)).data
    lefts = {round(line[0][0]) for page in (1, 2) for line in _lines(data, page)[:-1] if len(line) > 4}
    assert len(lefts) == 1 and MARGIN < lefts.pop() < MARGIN + 10, lefts  # every line starts at the frame's left
