"""Stored games replay identically (issue 27): the corpus tests/data/replay_corpus.json holds
games played by the engine before the redesign (every ruleset, three players, riichi and dora,
the Gulasch, late claims; see tests/data/make_replay_corpus.py). Each is replayed from its log and
must reach the same public state at every checkpoint (chips, centre, who acts, every seat's view
and the public one), the same hand results (values, nets, transfers) and the same end. The bot's
restore path (log stored through :class:`bot.storage.Storage`, read back and rebuilt by
:func:`bot.restore.rebuild_game`) is replayed too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.restore import game_log, rebuild_game
from bot.storage import Storage
from engine.game import NEXT, Game
from engine.rulesets import RULESETS
from tests.data.make_replay_corpus import CORPUS, canonical, checkpoint, final, hand_records

GAMES: list[dict[str, Any]] = json.loads(Path(CORPUS).read_text())["games"]


def _name(game: dict[str, Any]) -> str:
    extra = ",".join(f"{k}={v}" for k, v in sorted(game["overrides"].items()) if k != "game_length")
    return f"{game['ruleset']}-{game['seed']}" + (f"-{extra}" if extra else "")


def _players(game: dict[str, Any]) -> list[str]:
    return [str(s) for s in game["seats"]]


def test_the_corpus_holds_every_ruleset_and_the_notable_variants() -> None:
    """Every registered ruleset, three players, riichi, dora, a Gulasch exchange, a late claim
    and a hand of each settings variant are in the corpus, each game played to its end."""
    assert {g["ruleset"] for g in GAMES} == set(RULESETS)
    assert any(len(g["seats"]) == 3 for g in GAMES)
    lines = [line for g in GAMES for line in g["log"]]
    assert any(" riichi" in line for line in lines)
    assert any(g["overrides"].get("dora") for g in GAMES)
    assert any(" give " in line for line in lines) and any(" swap " in line for line in lines)
    assert any("late-claim" in g["shows"] and len(g["seats"]) == 3 for g in GAMES)
    assert any("late-claim" in g["shows"] and len(g["seats"]) == 4 for g in GAMES)
    assert any(g["overrides"].get("claim_window") == "until_next_draw" for g in GAMES)
    assert all(g["final"]["finished"] for g in GAMES)


@pytest.mark.parametrize("stored", GAMES, ids=_name)
def test_a_stored_game_replays_to_the_same_states_views_and_chips(stored: dict[str, Any]) -> None:
    """Line by line, every checkpoint's public state is the stored one; then ``Game.replay`` of the
    whole log ends the same (chips, hands, views)."""
    log: list[str] = stored["log"]
    checkpoints = {c["version"]: c for c in stored["checkpoints"]}
    game = Game(stored["ruleset"], stored["overrides"], stored["seed"], _players(stored))
    assert checkpoint(game) == checkpoints[0]
    seen = 1
    for line in log:
        game.apply_line(line)
        assert game.log[-1] == line  # the log line format does not change
        if game.version in checkpoints:
            assert checkpoint(game) == checkpoints[game.version], f"after line {game.version}: {line}"
            seen += 1
    assert seen == len(checkpoints)
    assert hand_records(game) == stored["hands"]
    assert final(game) == stored["final"]

    replayed = Game.replay(stored["ruleset"], stored["overrides"], stored["seed"], _players(stored), log)
    assert replayed.log == log
    assert checkpoint(replayed) == stored["checkpoints"][-1]
    assert hand_records(replayed) == stored["hands"]
    assert final(replayed) == stored["final"]
    for position in (None, *range(4)):
        assert canonical(replayed, position) == canonical(game, position)


def _cut(stored: dict[str, Any]) -> dict[str, Any]:
    """The checkpoint a stored game is stopped at for a restore: the first in the middle of its
    second hand (a live game with a finished hand behind it)."""
    second = stored["log"].index(NEXT) + 1
    return next(
        c
        for c in stored["checkpoints"]
        if c["version"] > second + 1 and c["hand_number"] == 2 and c["to_act"]
    )


RESTORED = [g for g in GAMES if g["seed"] in (2701, 2711, 2721, 2732, 2741, 2762)]
"""Games also stored through the bot's storage and restored: one of every ruleset, three players,
riichi, a late claim."""


async def test_stored_games_restore_through_the_bot_storage(tmp_path: Path) -> None:
    """Each game's log stored as the bot stores it (one row an action, hand by hand), stopped in
    its second hand, comes back through ``restore_unfinished_games(rebuild_game)`` at the same
    public state; its log as ``game_log`` reads it is the stored prefix."""
    cuts: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
    async with Storage(tmp_path / "corpus.sqlite3", synchronous="NORMAL") as storage:
        for channel, stored in enumerate(RESTORED, start=1):
            cut = _cut(stored)
            record = await storage.create_game(
                1,
                channel,
                stored["seats"],
                stored["seed"],
                ruleset=stored["ruleset"],
                overrides=stored["overrides"],
            )
            hand_no, seq = 1, 0
            for line in stored["log"][: cut["version"]]:
                if line == NEXT:
                    await storage.finish_hand(record.game_id, hand_no, result=f"hand {hand_no} over")
                    hand_no, seq = hand_no + 1, 0
                    await storage.start_hand(record.game_id, hand_no)
                    continue
                seq += 1
                await storage.append_action(record.game_id, hand_no, seq, line)
            cuts[record.game_id] = (stored, cut)
        restored = await storage.restore_unfinished_games(rebuild_game)
    assert not restored.failed
    assert set(restored.games) == set(cuts)
    for game_id, (stored, cut) in cuts.items():
        assert game_log(restored.records[game_id]) == stored["log"][: cut["version"]]
        game = restored.games[game_id]
        assert checkpoint(game) == cut, _name(stored)
        assert hand_records(game) == stored["hands"][: cut["hand_number"] - 1]
