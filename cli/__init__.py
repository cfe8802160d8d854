"""The ``mahjong`` command line: score a hand, (later) play, simulate and run the bot."""
