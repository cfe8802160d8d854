"""A game as a JSON-lines event log and back (issue 29, section 3): engine/eventlog.py and the
``mahjong export`` / ``mahjong import`` commands.

Every ruleset (and rumisberg with three players, wikibooks with riichi and dora) is played by
computer players with fixed seeds, exported, written as text, read and imported: the game read
back is identical (its state, every view, chips, hand records). Bad logs are refused with one line
and a documented exit code.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Storage
from cli.export_cmd import NO_REPLAY, UNREADABLE, play_game
from cli.main import main
from engine.eventlog import (
    FORMAT,
    MOVES,
    TYPES,
    VERSION,
    EventLogError,
    dumps,
    export_events,
    import_events,
    loads,
)
from engine.game import NEXT, Game
from engine.numbers import number
from engine.rulesets import RULESETS
from tests.data.make_replay_corpus import canonical, final, hand_records

TABLES: list[tuple[str, dict[str, object], int]] = [
    ("dmjl", {}, 4),
    ("huabao", {}, 4),
    ("wikibooks", {}, 4),
    ("wikibooks", {"riichi": True, "dora": True}, 4),
    ("rumisberg", {}, 4),
    ("rumisberg", {"players": 3}, 3),
    ("jiangxi", {}, 4),
]
SEEDS = (11, 29)
CASES = [(rs, ov, n, seed) for rs, ov, n in TABLES for seed in SEEDS]


def _played(ruleset: str, overrides: dict[str, object], players: int, seed: int, hands: int = 2) -> Game:
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    return play_game(Game(ruleset, {**overrides, "game_length": f"hands:{hands}"}, seed, names))


def _same(a: Game, b: Game) -> None:
    assert b.snapshot() == a.snapshot()
    assert b.names == a.names and b.chips == a.chips
    assert hand_records(b) == hand_records(a)
    assert final(b) == final(a)
    for position in (None, 0, 1, 2, 3):
        assert canonical(b, position) == canonical(a, position)


def _name(case: tuple[str, dict[str, object], int, int]) -> str:
    rs, ov, n, seed = case
    return f"{rs}-{n}p-{seed}" + "".join(f"-{k}" for k in ov if k != "players")


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_every_ruleset_round_trips_through_the_event_log(
    case: tuple[str, dict[str, object], int, int],
) -> None:
    """Export, write as JSON lines, read, import: the same game (state, views, chips, hands)."""
    ruleset, overrides, players, seed = case
    game = _played(ruleset, overrides, players, seed)
    assert game.finished and len(game.history) == 2
    events = export_events(game)
    text = dumps(events)
    for line in text.splitlines():  # each line one JSON object with a known type
        value = json.loads(line)
        assert isinstance(value, dict) and value["type"] in TYPES
    header = events[0]
    assert header["type"] == "start_game" and header["format"] == FORMAT and header["version"] == VERSION
    assert header["ruleset"] == ruleset and header["seed"] == seed
    assert header["players"] == list(game.players)
    assert sum(e["type"] == "start_kyoku" for e in events) == 2
    assert sum(e["type"] in MOVES.values() for e in events) == len([x for x in game.log if x != NEXT])
    assert events[-1] == {"type": "end_game", "chips": list(game.chips), "names": list(game.names)}
    back = import_events(loads(text))
    _same(game, back)
    assert export_events(back) == events


def test_the_extensions_are_exercised_and_round_trip() -> None:
    """Across the games above the log shows bonus tiles, Fishing, the Gulasch exchange, riichi,
    a drawn hand and payments: the extensions are not just documented but replayed."""
    seen: set[str] = set()
    for ruleset, overrides, players, seed in CASES:
        seen |= {e["type"] for e in export_events(_played(ruleset, overrides, players, seed))}
    seen |= {e["type"] for e in export_events(_played("wikibooks", {"riichi": True, "dora": True}, 4, 2800))}
    assert {"bonus", "fishing", "gulasch_give", "gulasch_swap", "gulasch_start", "ryukyoku", "reach"} <= seen
    assert {"dahai", "tsumo", "pon", "chi", "hora", "none", "end_kyoku", "end_game"} <= seen


def test_a_running_game_round_trips_without_showing_the_hand_in_play() -> None:
    """A game stopped in its second hand exports and imports to the same state; the hand still
    being played shows no starting hands and no drawn tile (concealed tiles stay at the table)."""
    whole = _played("dmjl", {}, 4, 11)
    second = whole.log.index(NEXT)
    running = Game.replay(
        "dmjl", {"game_length": "hands:2"}, 11, list(whole.players), whole.log[: second + 20]
    )
    events = export_events(running)
    back = import_events(loads(dumps(events)))
    _same(running, back)
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    first, current = events[starts[0] : starts[1]], events[starts[1] :]
    assert "tehais" in events[starts[0]] and any("pai" in e for e in first if e["type"] == "tsumo")
    assert "tehais" not in current[0] and "bonus" not in current[0]
    assert [e for e in current if e["type"] == "tsumo" and "pai" in e] == []


def test_the_cli_round_trip_through_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong export --out FILE`` then ``mahjong import FILE``: the summary names the ruleset,
    players, hands and final chips of the game the engine plays with the same arguments."""
    out = tmp_path / "game.jsonl"
    args = ["export", "--ruleset", "rumisberg", "--players", "3", "--seed", "7", "--hands", "2"]
    assert main([*args, "--out", str(out)]) == 0
    assert main(["import", str(out)]) == 0
    summary = capsys.readouterr().out
    game = import_events(loads(out.read_text(encoding="utf-8")))
    assert game.ruleset.name == "rumisberg" and len(game.players) == 3 and len(game.history) == 2
    assert "ruleset rumisberg, 3 players, 2 hands played (finished)" in summary
    for name, chips in zip(game.names, game.chips, strict=True):
        assert any(line.split() == [name, number(chips)] for line in summary.splitlines())
    assert main(args) == 0  # the same game to standard output
    assert capsys.readouterr().out == out.read_text(encoding="utf-8")


def _log() -> list[dict[str, Any]]:
    return export_events(_played("dmjl", {}, 4, 11, hands=1))


def _tampered(change: str) -> list[dict[str, Any]]:
    events = _log()
    if change == "refused":
        at = next(i for i, e in enumerate(events) if e["type"] == "dahai")
        held = events[1]["tehais"][events[at]["actor"]]
        events[at]["pai"] = next(f"{d}{s}" for s in "mps" for d in "123456789" if f"{d}{s}" not in held)
    elif change == "chips":
        end = next(e for e in events if e["type"] == "end_kyoku")
        end["chips"][0] += 100
    elif change == "missing":
        del events[-1]
    return events


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("{not json\n", UNREADABLE, "line 1: not JSON"),
        ("[1, 2]\n", UNREADABLE, 'a JSON object with a "type"'),
        ("", UNREADABLE, "begins with a start_game"),
        ('{"type": "start_kyoku"}\n', UNREADABLE, "begins with a start_game"),
        ('{"type": "start_game", "format": "mahjong-table-events", "version": 9}\n', UNREADABLE, "version 9"),
        ("TAMPER:unknown", UNREADABLE, "line 3: unknown event type 'riichi_bonus'"),
        ("TAMPER:actor", UNREADABLE, "'actor' is a position 0-3, not 7"),
        ("TAMPER:ruleset", UNREADABLE, "line 1:"),
        ("TAMPER:refused", NO_REPLAY, "the engine refuses dahai"),
        ("TAMPER:chips", NO_REPLAY, "the replay gives"),
        ("TAMPER:missing", NO_REPLAY, "the replay gives"),
    ],
)
def test_bad_logs_get_one_line_and_a_documented_exit_code(
    tmp_path: Path, text: str, code: int, fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not JSON, no header, another version, an unknown event, a bad field, a move the engine
    refuses, an event the replay does not give: one line on stderr, exit 3 or 4, no traceback."""
    if text.startswith("TAMPER:"):
        change = text.split(":", 1)[1]
        events = _tampered(change)
        if change == "unknown":
            events[2] = {"type": "riichi_bonus", "actor": 0}
        elif change == "actor":
            next(e for e in events if e["type"] == "dahai")["actor"] = 7
        elif change == "ruleset":
            events[0]["ruleset"] = "nosuchrules"
        text = dumps(events)
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    assert main(["import", str(path)]) == code
    captured = capsys.readouterr()
    assert fragment in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err and captured.out == ""


def test_an_unreadable_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file and bytes that are not UTF-8: exit 3 with the reason."""
    assert main(["import", str(tmp_path / "none.jsonl")]) == UNREADABLE
    assert "No such file" in capsys.readouterr().err
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00")
    assert main(["import", str(tmp_path / "bin.jsonl")]) == UNREADABLE
    assert "not UTF-8" in capsys.readouterr().err


def test_import_raises_only_its_own_error() -> None:
    """The module's refusals are EventLogError, telling a file that is unreadable from one that
    does not replay."""
    with pytest.raises(EventLogError) as unreadable:
        import_events([{"type": "start_game"}])
    assert unreadable.value.replays
    with pytest.raises(EventLogError) as refused:
        import_events(_tampered("refused"))
    assert not refused.value.replays


def test_every_registered_ruleset_is_covered() -> None:
    assert {rs for rs, _, _ in TABLES} == set(RULESETS)


def test_the_readme_table_names_every_event_type_and_no_other() -> None:
    """README.md "Game logs" documents exactly the types the module writes and reads."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Game logs", 1)[1].split("\n## ", 1)[0]
    documented = {
        name.strip("` ")
        for row in section.splitlines()
        if row.startswith("| `")
        for name in row.split("|")[1].split("/")
    }
    assert documented == set(TYPES)


async def _store(path: Path, game: Game, seats: list[int | str]) -> int:
    """Store ``game``'s log as the bot stores it (one row an action, hand by hand); its id."""
    async with Storage(path, synchronous="NORMAL") as storage:
        record = await storage.create_game(1, 1, seats, game.seed, ruleset=game.ruleset.name, overrides={})
        hand_no, seq = 1, 0
        for line in game.log:
            if line == NEXT:
                await storage.finish_hand(record.game_id, hand_no, result=f"hand {hand_no} over")
                hand_no, seq = hand_no + 1, 0
                await storage.start_hand(record.game_id, hand_no)
                continue
            seq += 1
            await storage.append_action(record.game_id, hand_no, seq, line)
        return record.game_id


async def test_a_game_stored_by_the_bot_exports_by_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``mahjong export --db PATH --game ID`` writes the stored game's log; it imports to the game
    the bot would restore. An unknown id, a missing file and --db alone are refused (exit 2)."""
    seats: list[int | str] = [101, 102, "ai:normal", "ai:normal"]
    played = Game("jiangxi", {}, 29, [str(s) for s in seats])
    while len(played.history) < 2:  # two hands, then part of the third: a running game
        if played.deal.over:
            played.apply(NEXT)
        else:
            position = played.to_act()[0]
            played.apply(played.default_action(position))
    played.apply(NEXT)
    for _ in range(6):
        played.apply(played.default_action(played.to_act()[0]))
    db = tmp_path / "bot.sqlite3"
    game_id = await _store(db, played, seats)
    out = tmp_path / "stored.jsonl"
    code = await asyncio.to_thread(
        main, ["export", "--db", str(db), "--game", str(game_id), "--out", str(out)]
    )
    assert code == 0
    back = import_events(loads(out.read_text(encoding="utf-8")))
    _same(played, back)
    for args, fragment in (
        (["--db", str(db), "--game", str(game_id + 5)], f"no game {game_id + 5} is stored"),
        (["--db", str(tmp_path / "none.sqlite3"), "--game", "1"], "no such file"),
        (["--db", str(db), "--game", "x1"], "--game takes a stored game's id"),
        (["--db", str(db)], "--db and --game go together"),
    ):
        assert await asyncio.to_thread(main, ["export", *args]) == 2
        err = capsys.readouterr().err
        assert fragment in err and "Traceback" not in err
    assert not (tmp_path / "none.sqlite3").exists()


def test_the_stored_replay_corpus_round_trips() -> None:
    """Every game of the stored-game corpus (tests/data/replay_corpus.json: games played before
    the redesign, old riichi lines among them) rebuilt from its log exports and imports to the
    same game."""
    corpus = json.loads((Path(__file__).parent / "data" / "replay_corpus.json").read_text())["games"]
    for stored in corpus:
        players = [str(s) for s in stored["seats"]]
        game = Game.replay(stored["ruleset"], stored["overrides"], stored["seed"], players, stored["log"])
        _same(game, import_events(loads(dumps(export_events(game)))))
