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
  player names.

The subsets are renamed (a Modified Version under the SIL Open Font License
1.1 keeps the copyright notice and the licence, and is distributed under the
same licence; see ``LICENSE-NotoCJK.txt``, Debian's copyright file for the
package). ``coverage.txt`` lists the code points the label fonts hold, so
the renderer can replace any other character of a name without fontTools.

fontTools is needed only here, never at run time.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

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


def _subset(font: TTFont, codepoints: set[int]) -> set[int]:
    cmap = font.getBestCmap()
    present = {cp for cp in codepoints if cp in cmap}
    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
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
    """Write the three subsets, ``coverage.txt`` and the licence into ``out_dir``."""
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
    lines = ["# Code points held by MJLabels-*.otf (hex ranges), written by build_subset.py"]
    lines += [f"{lo:04X}-{hi:04X}" for lo, hi in _ranges(coverage)]
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
