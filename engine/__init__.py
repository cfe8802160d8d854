"""The rules of Mah-Jongg, pure: tiles, hands, scoring and (later) the game.

Nothing here touches Discord, a database, images, asyncio or the clock; the
bot, the renderer and the command line drive it. Start with
:mod:`engine.tiles` (the vocabulary), then :mod:`engine.hand`,
:mod:`engine.shapes` and :mod:`engine.scoring`.
"""
