"""Computer players: fast hand analysis (:mod:`engine.ai.shanten`) for choosing discards and hints."""
