"""``mahjong play``: a whole game at the terminal from scripted input, and bad input."""

from __future__ import annotations

import io

import pytest

from cli.main import main
from cli.play_cmd import parse_choice, play
from engine.actions import Action
from engine.rulesets import get_ruleset
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
    assert "'fly' is not a move" in text or "is not a wind" in text
    assert "Hint: " in text
    assert text.rstrip().endswith("Goodbye.")


def test_end_of_input_stops_cleanly() -> None:
    assert "Goodbye." in run_play("")


def test_parse_choice() -> None:
    legal = [
        Action(2, "discard", Tile.parse("5p")),
        Action(2, "discard", Tile.parse("7z")),
        Action(2, "pong"),
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
        (["--name", "easy", "--opponents", "easy,easy,easy"], "must differ"),
    ],
)
def test_play_bad_options(args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args]) == 2
    assert fragment in capsys.readouterr().err
