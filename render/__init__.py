r"""Images of the game: pure functions from a view to PNG bytes (Pillow, shipped fonts only).

>>> from render.examples import example
>>> render_strip("[555s] 234m 777z 99p", win_tile="9p")[:8]
b'\x89PNG\r\n\x1a\n'
"""

from render.hand import render_hand, render_strip
from render.sheet import render_sheet, sheet_lines
from render.table import render_table

__all__ = ["render_hand", "render_sheet", "render_strip", "render_table", "sheet_lines"]
