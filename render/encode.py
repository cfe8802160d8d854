"""The one PNG encoder of every image the bot sends: a 256-colour palette PNG.

The images are flat colours, tile art and anti-aliased text: a few thousand
colours in all, so a palette of 256 holds them at a third of the RGB file's
size or less. Two of Pillow's quantizers are used, chosen per image by what it
does to the pixels:

- the fast octree (a few ms, as fast as the former RGB encoding) first. It
  averages colours within cells 16 levels wide, which is invisible on the
  dark theme the bot draws (the felt exact, Discord's background one level
  off), but on the light theme it merges the pale background with the ivory
  tiles and moves it by ten levels, a seam against Discord's own background;
- so when the octree's result strays from the image (a mean of more than
  :data:`MEAN_OFF` levels per channel, or more than :data:`FAR_SHARE` of the
  values off by :data:`FAR` or more), median cut instead: three to four times
  slower, but every flat colour exact. Checking costs about 1 ms.

No dithering: it would speckle the flat felt and make the file larger. Equal
pixels give equal bytes (both quantizers are deterministic).

>>> from PIL import Image
>>> png_bytes(Image.new("RGB", (4, 4), (43, 45, 49)))[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import io
from typing import Final

from PIL import Image, ImageChops

COLOURS: Final = 256
"""Palette size: the most a PNG palette holds; fewer shows at the edges of small text."""

PNG_LEVEL: Final = 6
"""zlib level: palette data is a third of RGB's, so level 6 costs ~1 ms over level 1 and saves ~15%."""

RGB_LEVEL: Final = 1
"""zlib level of the former RGB encoding, kept only for the bench's side-by-side."""

MEAN_OFF: Final = 1.5
"""The most the fast octree may move a colour value on average (levels of 255) before median cut is used."""

FAR: Final = 8
"""A colour value moved by this many levels or more counts as far off."""

FAR_SHARE: Final = 0.01
"""The share of far-off colour values the fast octree may leave before median cut is used
(the dark images leave 0-0.5%; a light strip's white panel turning ivory, 2%)."""


def _faithful(rgb: Image.Image, indexed: Image.Image) -> bool:
    """Whether ``indexed`` keeps the colours of ``rgb`` (see :data:`MEAN_OFF`, :data:`FAR_SHARE`)."""
    hist = ImageChops.difference(rgb, indexed.convert("RGB")).histogram()  # 3 bands of 256
    values = 3 * rgb.width * rgb.height
    mean = sum((i % 256) * n for i, n in enumerate(hist)) / values
    far = sum(n for i, n in enumerate(hist) if i % 256 >= FAR) / values
    return mean <= MEAN_OFF and far <= FAR_SHARE


def palette_image(image: Image.Image) -> Image.Image:
    """``image`` reduced to a palette of at most 256 colours, as :func:`png_bytes` encodes it.

    :param image: an opaque image (RGB; any other mode is converted to RGB first).
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    fast = rgb.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if _faithful(rgb, fast):
        return fast
    return rgb.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def png_bytes(image: Image.Image, *, palette: bool = True) -> bytes:
    """The PNG bytes of ``image``, as every renderer sends them.

    :param image: an opaque image (RGB; any other mode is converted to RGB first).
    :param palette: ``True`` (the bot's encoding): a palette PNG of :func:`palette_image`,
        deterministic for equal pixels. ``False``: the former RGB PNG at zlib level 1,
        only for the bench's before/after figures.
    """
    buf = io.BytesIO()
    if palette:
        palette_image(image).save(buf, format="PNG", compress_level=PNG_LEVEL, optimize=False)
    else:
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        rgb.save(buf, format="PNG", compress_level=RGB_LEVEL, optimize=False)
    return buf.getvalue()


def transparent_png(image: Image.Image) -> bytes:
    """The PNG bytes of ``image`` with its transparency (RGBA, smallest zlib encoding): for an
    image Discord shows on any background, as a tile's emoji (a few kilobytes, made once).

    >>> img = Image.new("RGBA", (4, 4), (0, 0, 0, 0))
    >>> Image.open(io.BytesIO(transparent_png(img))).getpixel((0, 0))
    (0, 0, 0, 0)
    """
    buf = io.BytesIO()
    image.convert("RGBA").save(buf, format="PNG", optimize=True)
    return buf.getvalue()
