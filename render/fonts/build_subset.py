"""Build the small font files shipped in ``render/fonts`` from Debian's Noto CJK fonts.

Run once, by a maintainer, when the set of glyphs changes::

    apt-get install -y fonts-noto-cjk
    .venv/bin/pip install fonttools
    .venv/bin/python -m render.fonts.build_subset

It extracts one face (Traditional Chinese, ``TC``) from each Debian ``.ttc``
collection and subsets it to exactly the glyphs the renderer uses:

* ``MJTiles-SerifBold.otf``: Noto Serif CJK TC Bold, the Chinese characters
  on the tile faces and the digits of the corner indices;
* ``MJLabels-Regular.otf`` and ``MJLabels-Bold.otf``: Noto Sans CJK TC, the
  Latin, Greek and Cyrillic letters, digits and punctuation for labels and
  player names;
* ``MJCJK-Bold.otf``: Noto Sans CJK TC Bold, the fallback for player names in
  Chinese, Japanese and Korean (one weight, drawn for regular and bold text):
  the common characters of the national standard sets, read from Python's
  own codecs so the list is reproducible without a download: GB 2312 level 1
  (the 3,755 most used simplified Hanzi), Big5 level 1 (the 5,401 common
  traditional characters), JIS X 0208 level 1 (2,965 common Kanji), the
  2,350 Hangul syllables of KS X 1001, the kana, CJK punctuation and the
  full-width forms. Its subroutines are kept (the label fonts are small enough
  to store flat), which keeps it near 2 MB.

The subsets are renamed (a Modified Version under the SIL Open Font License
1.1 keeps the copyright notice and the licence, and is distributed under the
same licence; see ``LICENSE-NotoCJK.txt``, Debian's copyright file for the
package). ``coverage.txt`` lists the code points the label fonts
(``[MJLabels]``) and the CJK font (``[MJCJK]``) hold, so the renderer picks a
font for each character of a name (and replaces any other) without fontTools.

fontTools is needed only here, never at run time.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped, import-not-found, unused-ignore]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped, import-not-found, unused-ignore]

HERE = Path(__file__).resolve().parent
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
LICENSE_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")

#: The Chinese characters drawn on tile faces (numerals, 萬, winds, dragons, flowers, seasons)
#: and on the table (the prevailing wind).
TILE_CHARS = "一二三四五六七八九萬東南西北中發梅蘭菊竹春夏秋冬"
TILE_EXTRA = "0123456789"

#: Label ranges: printable ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic, and a few symbols.
LABEL_RANGES: tuple[tuple[int, int], ...] = (
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x100, 0x17F),
    (0x218, 0x21B),
    (0x370, 0x3FF),
    (0x400, 0x45F),
    (0x2010, 0x2027),
    (0x2030, 0x2030),
    (0x2039, 0x203A),
    (0x20AC, 0x20AC),
    (0x2190, 0x2193),
    (0x2212, 0x2212),
    (0x25B2, 0x25B2),
    (0x25BC, 0x25BC),
    (0x25CF, 0x25CF),
    (0x2605, 0x2605),
)

FACE = "TC"


def _decoded(codec: str, leads: range, trails: list[int]) -> set[int]:
    """The characters that the two-byte codes ``lead trail`` of ``codec`` decode to."""
    out: set[int] = set()
    for lead in leads:
        for trail in trails:
            try:
                text = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                out.add(ord(text))
    return out


#: Kana, punctuation and forms that CJK names use besides the ideographs and syllables.
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3041, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x3131, 0x318E),  # Hangul compatibility jamo
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0xFF01, 0xFF5E),  # full-width ASCII
    (0xFF61, 0xFF9F),  # half-width katakana
)


def cjk_codepoints() -> set[int]:
    """Every code point requested for the CJK font (see the module docstring)."""
    euc = list(range(0xA1, 0xFF))
    # GB 2312 level 1: rows 16-55 (lead bytes B0-D7 in EUC-CN).
    points = _decoded("gb2312", range(0xB0, 0xD8), euc)
    # Big5 level 1: A440-C67E.
    points |= _decoded("big5", range(0xA4, 0xC6), [*range(0x40, 0x7F), *range(0xA1, 0xFF)])
    points |= _decoded("big5", range(0xC6, 0xC7), list(range(0x40, 0x7F)))
    # JIS X 0208 level 1: rows 16-47 (lead bytes B0-CF in EUC-JP).
    points |= _decoded("euc_jp", range(0xB0, 0xD0), euc)
    # KS X 1001 Hangul syllables: rows 16-40 (lead bytes B0-C8 in EUC-KR).
    points |= _decoded("euc_kr", range(0xB0, 0xC9), euc)
    for lo, hi in CJK_RANGES:
        points.update(range(lo, hi + 1))
    return points


def _face(collection_file: Path, family_prefix: str) -> TTFont:
    collection = TTCollection(str(collection_file))
    for font in collection.fonts:
        family = font["name"].getDebugName(1) or ""
        if family == f"{family_prefix} {FACE}" or family.startswith(f"{family_prefix} {FACE} "):
            return font
    raise SystemExit(f"no {family_prefix} {FACE} face in {collection_file}")


def _rename(font: TTFont, family: str, style: str, origin: str) -> None:
    name = font["name"]
    full = f"{family} {style}"
    postscript = f"{family.replace(' ', '')}-{style}"
    keep = {0, 7, 8, 9, 11, 12, 13, 14}
    name.names = [rec for rec in name.names if rec.nameID in keep]
    for name_id, text in (
        (1, family),
        (2, style),
        (3, f"{postscript};subset of {origin}"),
        (4, full),
        (5, "Version 1.000; subset of " + origin),
        (6, postscript),
        (10, f"Subset of {origin} for the Mah-Jongg table renderer (render/fonts/build_subset.py)."),
    ):
        name.setName(text, name_id, 3, 1, 0x409)
        name.setName(text, name_id, 1, 0, 0)
    # A fixed timestamp: the same sources give byte-identical files.
    font.recalcTimestamp = False
    font["head"].modified = font["head"].created
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]
        top = cff.topDictIndex[0]
        top.FullName = full
        top.FamilyName = family


def _subset(font: TTFont, codepoints: set[int], *, flat: bool = True) -> set[int]:
    """Subset ``font`` in place to ``codepoints`` (``flat``: without CFF subroutines); the ones it holds."""
    cmap = font.getBestCmap()
    present = {cp for cp in codepoints if cp in cmap}
    options = subset.Options()
    options.layout_features = ["kern", "liga"] if flat else []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = flat
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(present))
    subsetter.subset(font)
    return present


def label_codepoints() -> set[int]:
    """Every code point requested for the label fonts."""
    return {cp for lo, hi in LABEL_RANGES for cp in range(lo, hi + 1)}


def _ranges(codepoints: set[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for cp in sorted(codepoints):
        if out and out[-1][1] == cp - 1:
            out[-1] = (out[-1][0], cp)
        else:
            out.append((cp, cp))
    return out


def build(out_dir: Path = HERE) -> list[Path]:
    """Write the four subsets, ``coverage.txt`` and the licence into ``out_dir``."""
    written: list[Path] = []
    tiles = _face(SOURCE_DIR / "NotoSerifCJK-Bold.ttc", "Noto Serif CJK")
    _subset(tiles, {ord(c) for c in TILE_CHARS + TILE_EXTRA})
    _rename(tiles, "MJ Tiles Serif", "Bold", f"Noto Serif CJK {FACE} Bold")
    path = out_dir / "MJTiles-SerifBold.otf"
    tiles.save(str(path))
    written.append(path)

    coverage: set[int] | None = None
    for source, style in (("NotoSansCJK-Regular.ttc", "Regular"), ("NotoSansCJK-Bold.ttc", "Bold")):
        font = _face(SOURCE_DIR / source, "Noto Sans CJK")
        present = _subset(font, label_codepoints())
        coverage = present if coverage is None else coverage & present
        _rename(font, "MJ Labels", style, f"Noto Sans CJK {FACE} {style}")
        path = out_dir / f"MJLabels-{style}.otf"
        font.save(str(path))
        written.append(path)

    assert coverage is not None
    font = _face(SOURCE_DIR / "NotoSansCJK-Bold.ttc", "Noto Sans CJK")
    cjk = _subset(font, cjk_codepoints() - coverage, flat=False)
    _rename(font, "MJ CJK", "Bold", f"Noto Sans CJK {FACE} Bold")
    path = out_dir / "MJCJK-Bold.otf"
    font.save(str(path))
    written.append(path)

    lines = ["# Code points each font holds (hex ranges), written by render/fonts/build_subset.py"]
    for section, points in (("MJLabels", coverage), ("MJCJK", cjk)):
        lines.append(f"[{section}]")
        lines += [f"{lo:04X}" if lo == hi else f"{lo:04X}-{hi:04X}" for lo, hi in _ranges(points)]
    path = out_dir / "coverage.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(path)

    path = out_dir / "LICENSE-NotoCJK.txt"
    shutil.copyfile(LICENSE_SOURCE, path)
    written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else HERE
    for path in build(out_dir):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
