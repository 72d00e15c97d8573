"""Regenerate sweepy/data/fonts/NotoSansCJK-Subset.ttf, the CJK font the report embeds.

Why a subset: Noto Sans CJK is about 19 MB per weight; the report only needs the characters job postings use.
Why TrueType outlines: ReportLab embeds TrueType (glyf) fonts only, and Noto Sans CJK ships CFF outlines, so the
subset's curves are converted to quadratic ones (fontTools' cu2qu, within 1 font unit).

What it keeps (about 7,000 ideographs, 2,350 Hangul syllables, the kana, CJK punctuation and full-width forms):
- the 3,755 level-1 hanzi of GB 2312 (the most frequent simplified Chinese characters),
- the 2,965 level-1 kanji of JIS X 0208 (the most frequent Japanese kanji),
- the 5,401 frequent hanzi of Big5 (traditional Chinese),
- the 2,350 Hangul syllables of KS X 1001 (modern Korean text) and the compatibility jamo,
- hiragana, katakana (with the half-width forms), CJK symbols and punctuation, full-width and plain ASCII
  (so "5년" or "東京, 2024" is drawn in one font).
Each set is read from Python's own codecs, so no character list is shipped. A character outside the subset
still prints through ReportLab's CID fonts (sweepy/fonts.py): in a PDF viewer, not in the PNG export.

Usage (fontTools is needed only here, not by Sweepy):
    python -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools
    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    /tmp/ft/bin/python tools/subset_cjk_font.py /tmp/noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

The font is under the SIL Open Font License 1.1 (sweepy/data/fonts/LICENSE-Noto-OFL.txt), which allows
subsetting and redistribution with the licence beside it (Noto Sans CJK declares no Reserved Font Name); the
subset's family name says it is a subset, so it is never mistaken for the full font.
"""

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

OUT = Path(__file__).resolve().parents[1] / "sweepy" / "data" / "fonts" / "NotoSansCJK-Subset.ttf"
FAMILY = "Noto Sans CJK SC"
"""The collection member to keep: one regional form for all three languages keeps the file small; SC draws
every Japanese and Korean character too."""


def _decoded(codec: str, first: tuple[int, int], last: tuple[int, int]) -> set[str]:
    """Characters of a double-byte codec between lead/trail byte pairs `first` and `last` (inclusive)."""
    chars: set[str] = set()
    for lead in range(first[0], last[0] + 1):
        for trail in range(0x00, 0x100):
            if (lead, trail) < first or (lead, trail) > last:
                continue
            try:
                ch = bytes([lead, trail]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                chars.add(ch)
    return chars


def ideographs() -> set[str]:
    gb2312 = _decoded("gb2312", (0xB0, 0xA1), (0xD7, 0xF9))  # level 1: rows 16-55
    jis = _decoded("euc_jp", (0xB0, 0xA1), (0xCF, 0xD3))  # level 1: rows 16-47
    big5 = _decoded("big5", (0xA4, 0x40), (0xC6, 0x7E))  # frequent hanzi
    return {ch for ch in gb2312 | jis | big5 if 0x4E00 <= ord(ch) <= 0x9FFF}


def hangul() -> set[str]:
    syllables = _decoded("euc_kr", (0xB0, 0xA1), (0xC8, 0xFE))  # KS X 1001 rows 16-40
    return {ch for ch in syllables if 0xAC00 <= ord(ch) <= 0xD7A3} | {chr(c) for c in range(0x3131, 0x318F)}


def kana_and_punctuation() -> set[str]:
    ascii_ = [(0x20, 0x7E), (0xA0, 0xA0)]
    ranges = [*ascii_, (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF01, 0xFFEF)]
    return {chr(c) for low, high in ranges for c in range(low, high + 1)}


def to_truetype(font: TTFont) -> None:
    """CFF outlines → glyf, in place (after fontTools' Snippets/otf2ttf.py)."""
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    for table in ("CFF ", "VORG"):
        if table in font:
            del font[table]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    maxp.maxStackElements = maxp.maxSizeOfInstructions = maxp.maxComponentElements = 0
    font["post"].formatType = 3.0  # no glyph names: 300 KB less
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", help="NotoSansCJK-Regular.ttc (Debian's fonts-noto-cjk)")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    collection = TTCollection(args.collection)
    font = next(f for f in collection.fonts if f["name"].getDebugName(1) == FAMILY)
    text = "".join(sorted(ideographs() | hangul() | kana_and_punctuation()))
    options = subset.Options()
    options.layout_features = []  # ReportLab sets CJK horizontally, glyph by glyph: no vert, no locl variants
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE"]
    options.name_IDs = ["*"]
    options.hinting = False
    options.notdef_outline = True
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    to_truetype(font)
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 6, 16):
            record.string = (
                str(record.toUnicode())
                .replace("Noto Sans CJK SC", "Noto Sans CJK Subset")
                .replace("NotoSansCJKsc", "NotoSansCJKSubset")
            )
    font.save(args.out)
    kept = len(font.getBestCmap())
    print(f"{args.out}: {Path(args.out).stat().st_size:,} bytes, {kept:,} characters", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
