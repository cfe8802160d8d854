"""``mahjong play``: a whole game at the terminal from scripted input, and bad input."""

from __future__ import annotations

import io
import re

import pytest

from cli.main import main
from cli.play_cmd import _move, _your_move, parse_choice, play
from engine.actions import Action, ActionKind
from engine.ai.hints import hint
from engine.deal import Deal
from engine.rulesets import get_ruleset
from engine.seats import Position
from engine.tiles import Tile


def run_play(lines: str, **settings: object) -> str:
    out = io.StringIO()
    st = get_ruleset("dmjl").settings({"game_length": "hands:2", **settings})
    assert play("dmjl", st, "test", "Ada", ["easy", "normal", "strong"], io.StringIO(lines), out) == 0
    return out.getvalue()


def test_a_whole_game_from_scripted_moves() -> None:
    text = run_play("1\n" * 2000)
    assert "You sit at" in text
    assert text.count("Mah-Jongg: ") + text.count("The hand is drawn") == 2
    assert "The game is over." in text
    assert "Traceback" not in text


def test_bad_input_is_explained_and_asked_again() -> None:
    text = run_play("99\nfly away\n9q\nhint\nquit\n")
    assert "There is no choice 99" in text
    assert "'fly away' is not a move here" in text
    # The hint is the strongest computer player's move with the reason in plain words.
    (line,) = [line for line in text.splitlines() if "Hint: " in line]
    assert re.search(
        r"Hint: .+: .*(keeps|brings|makes|leaves) you .*ready; .*chance to win ", line
    ) or re.search(r"Hint: Pass: .+; you are .*ready; .*chance to win ", line), line
    assert "shanten" not in line
    assert text.rstrip().endswith("Goodbye.")


def test_a_hint_in_the_gulasch_exchange_comes_from_the_hint_module() -> None:
    deal = Deal("rumisberg", seed=5, gulasch=True)
    view = deal.view(2)
    out = io.StringIO()
    assert _your_move(view, io.StringIO("hint\nquit\n"), out, deal.settings) is None
    expected = hint(view, settings=deal.settings)
    assert expected.action is not None and expected.action.kind is ActionKind.GIVE
    assert f"  Hint: {expected.text}\n" in out.getvalue()
    assert expected.text.endswith(": the three tiles your hand needs least.")
    # The same move is listed first, as the suggestion.
    assert f" 1. {_move(expected.action)}  (suggested: the tiles your hand needs least)" in out.getvalue()


def test_end_of_input_stops_cleanly() -> None:
    assert "Goodbye." in run_play("")


def test_parse_choice() -> None:
    legal = [
        Action(Position(2), ActionKind.DISCARD, Tile.parse("5p")),
        Action(Position(2), ActionKind.DISCARD, Tile.parse("7z")),
        Action(Position(2), ActionKind.PONG),
    ]
    assert parse_choice("R", legal) == legal[1]
    assert parse_choice("pong", legal) == legal[2]
    assert "cannot discard 1m now" in str(parse_choice("1m", legal))
    assert "choose a number from 1 to 3" in str(parse_choice("0", legal))


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--opponents", "easy,easy"], "three levels"),
        (["--opponents", "easy,easy,genius"], "three levels"),
        (["--ruleset", "riichi"], "no ruleset"),
        (
            ["--name", " computer  2", "--opponents", "easy,easy,easy"],
            "must differ from the computer players' names",
        ),
    ],
)
def test_play_bad_options(args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args]) == 2
    assert fragment in capsys.readouterr().err


def test_messages_speak_of_moves_not_of_the_engine_notation() -> None:
    legal = [
        Action(Position(1), ActionKind.DISCARD, Tile.parse("9p")),
        Action(Position(1), ActionKind.DISCARD, Tile.parse("1z")),
        Action(Position(1), ActionKind.PONG),
    ]
    empty = str(parse_choice("", legal))
    assert empty == "Type a number from 1 to 3, or a move: discard 9p, discard East, pong"
    assert parse_choice("Discard 9P", legal) == legal[0]  # capitals are fine
    assert parse_choice("E", legal) == legal[1]
    for text in ("", "fly", "S discard 5p", "discard", "chow 345p"):
        answer = str(parse_choice(text, legal))
        assert "write a seat" not in answer and "like 'S" not in answer, answer


def test_the_call_is_explained() -> None:
    assert "one tile from winning" in _move(Action(Position(0), ActionKind.CALL, Tile.parse("5p")))


def test_the_end_of_a_hand_says_the_winning_tile_and_who_discarded_it() -> None:
    text = run_play("\n".join(["1"] * 3000) + "\nquit\n")
    assert "winning tile" in text
    assert "self-drawn" in text or "discarded by" in text


def test_a_jiangxi_hand_ends_in_fan() -> None:
    """The end of a hand words its value as ``mahjong score`` does: in fan, not points."""
    out = io.StringIO()
    st = get_ruleset("jiangxi").settings({"game_length": "hands:2"})
    assert play("jiangxi", st, "test", "Ada", ["normal"] * 3, io.StringIO("1\n" * 4000), out) == 0
    text = out.getvalue()
    assert "Mah-Jongg: " in text and "    Hu (winning hand)" in text
    totals = [line.strip() for line in text.splitlines() if line.strip().startswith("Total: ")]
    assert totals and all(line.endswith(" fan") for line in totals)
    assert " points" not in text and " double" not in text


def test_a_three_player_game_at_rumisberg() -> None:
    """`mahjong play --ruleset rumisberg --players 3`: you and two computer players; the empty
    place is never listed, and East moves past it: after a counted hand you are West in the
    second (East, South and West move among the three who play, A-RU-18 revised)."""
    out = io.StringIO()
    st = get_ruleset("rumisberg").settings({"players": 3, "deal_pattern": "R3", "game_length": "hands:2"})
    assert play("rumisberg", st, "4", "Ada", ["normal", "strong"], io.StringIO("1\n" * 3000), out) == 0
    text = out.getvalue()
    first = text[text.index("Hand 1,") : text.index("Your move")]
    assert first.count(" tiles]") == 2 and "[you]" in first and "\n  N " not in first
    won = "Mah-Jongg: " in text[: text.index("Hand 2:")]  # after a counted hand East moves on
    assert won  # seed 4: a counted first hand
    assert "Hand 2: you are West." in text and "The game is over." in text
    final = text[text.index("The game is over.") :].splitlines()
    assert len([line for line in final if line.strip()[:2] in ("1.", "2.", "3.", "4.")]) == 3


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "3"], "dmjl is played by 4 players, not 3"),
        (["--players", "5"], "--players takes 3 or 4"),
        (["--ruleset", "rumisberg", "--players", "3", "--opponents", "easy,easy,easy"], "two levels"),
        (["--ruleset", "rumisberg", "--players", "3", "--set", "players=4"], "disagree"),
    ],
)
def test_play_three_player_options(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args]) == 2
    assert fragment in capsys.readouterr().err


def test_a_gulasch_exchange_at_the_terminal() -> None:
    """After a drawn hand at rumisberg the next is a Gulasch: you give East three tiles (the
    suggestion by number, or typed), may swap tiles with the wall, and see what you received;
    the computer players' tiles stay face down."""
    out = io.StringIO()
    st = get_ruleset("rumisberg").settings({"game_length": "hands:2"})
    script = ("1\n" * 3 + "give 1z1z1z\n" + "swap 1m\n") * 800
    assert play("rumisberg", st, "0", "Ada", ["normal"] * 3, io.StringIO(script), out) == 0
    text = out.getvalue()
    assert "The hand is drawn" in text[: text.index("Hand 2:")]  # seed 0: the first hand is drawn
    second = text[text.index("Hand 2:") :]
    assert "In the centre for the next winner: 2,000" in second
    assert "Gulasch: Computer 1 (East) and you swap three tiles, face down" in second
    assert "(suggested: the tiles your hand needs least)" in second
    assert second.count("You received: ") >= 2
    assert "gives East three tiles, face down" in second and "gives three tiles, face down" in second
    assert "Gulasch: go-around 1 of 3 with the wall" in second
    assert "You cannot swap 1m now; swap one to three of your tiles" in second
    # A computer player's exchange never names its tiles.
    moves = [line for line in second.splitlines() if line.startswith("  Computer ")]
    assert not [line for line in moves if " give " in line or " swap " in line]
    assert "The game is over." in text and "Traceback" not in text


def test_the_discarder_is_named_by_the_seat_that_discarded_after_east_moved_on() -> None:
    """The player named as discarder is the one whose discard the log shows before the win,
    also in hands where East is no longer the first seat (the log writes that hand's winds)."""
    from cli.play_cmd import _how_won
    from engine.ai.player import AIPlayer
    from engine.game import Game

    names = ["Ada", "Bo", "Cy", "Di"]
    checked = 0
    for seed in range(40):
        game = Game("dmjl", {"game_length": "hands:4"}, seed, names)
        players = [AIPlayer("normal", seed=f"{seed}:{p}") for p in range(4)]
        while not game.finished and checked < 3:
            if game.deal.over:
                record = game.history[-1]
                if record.discarder is not None and record.east != 0:
                    discards = [line for line in record.actions if line.split()[1] in ("discard", "call")]
                    wind = "ESWN".index(discards[-1].split()[0])
                    assert _how_won(game).endswith(f"discarded by {game.names[record.places[wind]]}")
                    checked += 1
                game.apply("next")
                continue
            position = game.to_act()[0]
            game.apply(players[position].choose(game.view(position)))
        if checked >= 3:
            break
    assert checked == 3
