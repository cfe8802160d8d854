"""``mahjong duel``: duplicate walls, their rotation, their figures and the command around them."""

from __future__ import annotations

import json
import math
import statistics

import pytest

from cli.duel_cmd import duel
from cli.main import main
from engine.ai.duel import (
    HandOutcome,
    WallResult,
    mean_and_se,
    paired,
    play_wall,
    summarize,
    walls_needed,
)
from engine.rulesets import get_ruleset

FAST = ("easy", "simple")
"""The cheapest players: a wall of them plays in a fraction of a second."""


def test_the_player_sits_in_each_seat_once_and_the_same_tiles_are_dealt() -> None:
    result = play_wall("dmjl", None, "rot", 3, "easy", "simple")
    assert result.seed == "rot:3"
    assert [h.seat for h in result.hands] == [0, 1, 2, 3]
    for h in result.hands:
        assert h.levels[h.seat] == "easy"
        assert [lv for w, lv in enumerate(h.levels) if w != h.seat] == ["simple"] * 3
    dealt = {h.dealt for h in result.hands}
    assert len(dealt) == 1
    (tiles,) = dealt
    assert sorted(len(t) for t in tiles) == [13, 13, 13, 14]  # bonus tiles replaced
    assert len({t for hand in tiles for t in hand}) == sum(map(len, tiles))  # physical tiles, each once


def test_three_players_rotate_through_the_seats_in_play() -> None:
    result = play_wall("rumisberg", {"players": 3}, "rot", 0, "easy", "simple")
    assert [h.seat for h in result.hands] == [0, 1, 2]
    assert all(h.levels[3] == "" and h.nets[3] == 0 and h.dealt[3] == () for h in result.hands)
    assert len({h.dealt for h in result.hands}) == 1


def test_every_hand_settles_to_zero() -> None:
    for wall in range(3):
        for h in play_wall("dmjl", None, "sum", wall, "easy", "simple").hands:
            assert sum(h.nets) == 0
            assert h.drawn == (h.winners == ())


@pytest.mark.parametrize("level", ["easy", "simple"])
def test_a_player_against_itself_plays_the_same_hand_in_every_rotation(level: str) -> None:
    """Each seat's random numbers come from the wall and the seat, so X against three X's plays
    one game four times: X's chips per hand are exactly 0 and X wins every won hand once in four."""
    results = [play_wall("dmjl", None, "self", wall, level, level) for wall in range(3)]
    for r in results:
        assert len({(h.nets, h.winners) for h in r.hands}) == 1
        assert r.mean_net == 0
        assert r.win_share == (0.0 if r.hands[0].drawn else 0.25)
    figures = summarize(results)
    assert (figures.chips_per_hand, figures.chips_se, figures.field_chips_per_hand) == (0.0, 0.0, 0.0)
    assert figures.wins * 4 == figures.hands - figures.draws
    assert figures.win_share == pytest.approx(figures.field_win_share)


def test_the_field_holds_what_the_player_does_not() -> None:
    figures = summarize([play_wall("dmjl", None, "field", w, *FAST) for w in range(3)])
    assert figures.hands == 12
    assert figures.field_chips_per_hand == pytest.approx(-figures.chips_per_hand / 3)
    assert figures.wins + figures.field_wins + figures.draws == figures.hands  # one winner a hand in dmjl


def test_the_same_seed_gives_the_same_figures_whatever_the_jobs() -> None:
    settings = get_ruleset("dmjl").settings({})
    one, failures = duel("dmjl", settings, "det", 3, FAST, "simple")
    again, _ = duel("dmjl", settings, "det", 3, FAST, "simple")
    spread, _ = duel("dmjl", settings, "det", 3, FAST, "simple", jobs=2)
    assert failures == [] and one == again == spread
    other, _ = duel("dmjl", settings, "other", 3, FAST, "simple")
    assert [r.hands[0].dealt for r in other[0]] != [r.hands[0].dealt for r in one[0]]


def _wall(wall: int, nets: list[int], wins: list[bool]) -> WallResult:
    """A hand-made wall: the tested player's net and whether he won, seat by seat."""
    hands = []
    for seat, (net, won) in enumerate(zip(nets, wins, strict=True)):
        others = [-net // 3] * 3
        others[0] -= net + sum(others)
        all_nets = [*others[:seat], net, *others[seat:]]
        winners = (seat,) if won else ((seat + 1) % 4,)
        hands.append(HandOutcome(seat, ("x",) * 4, ((),) * 4, tuple(all_nets), winners))
    return WallResult(wall, f"s:{wall}", tuple(hands))


def test_standard_errors_are_taken_over_walls() -> None:
    # per-wall means 10, -2, 4: mean 4, sample sd 6, standard error 6/√3
    walls = [
        _wall(0, [40, 0, 0, 0], [True, False, False, False]),
        _wall(1, [-8, 0, 0, 0], [False, False, False, False]),
        _wall(2, [4, 4, 4, 4], [True, True, False, False]),
    ]
    assert [w.mean_net for w in walls] == [10, -2, 4]
    assert all(sum(h.nets) == 0 for w in walls for h in w.hands)
    figures = summarize(walls)
    assert figures.chips_per_hand == 4
    assert figures.chips_se == pytest.approx(6 / math.sqrt(3))
    assert figures.chips_sd == pytest.approx(6)
    # win shares 1/4, 0, 1/2: mean 1/4, sd 1/4
    assert figures.win_share == pytest.approx(0.25)
    assert figures.win_share_se == pytest.approx(0.25 / math.sqrt(3))
    assert (figures.wins, figures.hands, figures.draws) == (3, 12, 0)
    assert figures.field_chips_per_hand == pytest.approx(-4 / 3)
    # a second player one chip better on wall 0 and three on wall 1: differences 1, 3, 0
    better = [
        _wall(0, [44, 0, 0, 0], [True, False, False, False]),
        _wall(1, [4, 0, 0, 0], [False, False, False, False]),
        _wall(2, [4, 4, 4, 4], [True, True, False, False]),
    ]
    diff = paired(walls, better)
    mean, se = mean_and_se([1.0, 3.0, 0.0])
    assert (diff.chips_per_hand, diff.chips_se) == (pytest.approx(4 / 3), se)
    assert mean == pytest.approx(4 / 3) and diff.win_share == 0 and diff.win_share_se == 0
    assert diff.chips_sd == pytest.approx(statistics.stdev([1.0, 3.0, 0.0]))
    with pytest.raises(ValueError, match="same walls"):
        paired(walls, better[:2])


def test_walls_needed_for_a_difference() -> None:
    assert walls_needed(60, 5) == 576 and walls_needed(60, 2) == 3600 and walls_needed(50, 5) == 400
    assert mean_and_se([3.0]) == (3.0, None)


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "duel",
        "--player",
        "easy",
        "--player",
        "simple",
        "--field",
        "simple",
        "--walls",
        "2",
        "--seed",
        "j",
    ]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {
        "ruleset",
        "seed",
        "field",
        "walls",
        "errors",
        "seconds",
        "seconds_per_wall",
        "players",
        "difference",
        "defence",
    }
    assert (report["ruleset"], report["seed"], report["field"], report["walls"]) == ("dmjl", "j", "simple", 2)
    easy, simple = report["players"]
    assert (easy["player"], simple["player"]) == ("easy", "simple")
    for row in (easy, simple):
        assert row["walls"] == 2 and row["hands"] == 8
        assert 0 <= row["win_share"] <= 1 and row["wins"] + row["field_wins"] + row["draws"] == 8
        assert row["field_chips_per_hand"] == pytest.approx(-row["chips_per_hand"] / 3, abs=0.01)
    assert simple["chips_per_hand"] == 0 and simple["chips_per_hand_se"] == 0
    diff = report["difference"]
    assert (diff["player"], diff["minus"]) == ("simple", "easy")
    assert diff["chips_per_hand"] == pytest.approx(-easy["chips_per_hand"], abs=0.01)
    assert set(diff["walls_needed"]) == {"2", "5"}
    assert (
        main(["duel", "--player", "easy", "--field", "simple", "--walls", "2", "--seed", "j", "--json"]) == 0
    )
    alone = json.loads(capsys.readouterr().out)
    assert "difference" not in alone
    assert alone["players"][0] == easy  # the same walls, the same figures


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "--player", "easy", "--player", "simple", "--field", "simple", "--walls", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 walls of dmjl (seed 0), field simple:")
    assert "win share" in out and "chips per hand" in out and "field vs easy" in out
    assert "simple − easy, wall by wall" in out and "needs: 2 chips" in out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--player", "expert"], "no player 'expert'"),
        (["--player", "easy", "--field", "wizard"], "no player 'wizard'"),
        (["--player", "easy", "--walls", "0"], "--walls takes a whole number of at least 1"),
        (["--player", "easy", "--walls", "many"], "--walls takes a whole number"),
        (["--player", "easy", "--jobs", "0"], "--jobs takes a whole number"),
        (["--player", "easy", "--ruleset", "riichi"], "no ruleset"),
        (["--player", "easy", "--set", "limit=cheap"], "limit"),
        ([], "--player is required"),
        (["--player", "easy", "--player", "normal", "--player", "strong"], "at most twice"),
    ],
)
def test_bad_input(args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", *args, "--walls", "1"] if "--walls" not in args else ["duel", *args]) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err


def test_defence_seats_every_computer_player_with_defence(capsys: pytest.CaptureFixture[str]) -> None:
    # wikibooks with riichi: a discarder pays four times, so defence changes the play.
    plain = play_wall("wikibooks", {"riichi": True}, "dfc", 0, "normal", "simple")
    guarded = play_wall("wikibooks", {"riichi": True}, "dfc", 0, "normal", "simple", defence=True)
    assert [h.nets for h in plain.hands] != [h.nets for h in guarded.hands]
    args = [
        "duel",
        "--player",
        "normal",
        "--field",
        "simple",
        "--ruleset",
        "wikibooks",
        "--set",
        "riichi=true",
    ]
    args += ["--walls", "1", "--seed", "dfc", "--json"]
    for flag, wall in (([], plain), (["--defence"], guarded)):
        assert main([*args, *flag]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["defence"] is bool(flag)
        assert report["players"][0]["chips_per_hand"] == pytest.approx(wall.mean_net, abs=0.01)
    assert plain.mean_net != guarded.mean_net
