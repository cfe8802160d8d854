"""``mahjong study`` (engine/ai/study.py, cli/study_cmd.py): what it records per hand, that the
same seed gives the same figures, and bad input answered like ``mahjong duel`` does."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from cli.main import main
from engine.actions import Action, ActionKind
from engine.ai import study as study_mod
from engine.ai.study import SHAPES, study, summarize
from engine.deal import Deal
from engine.players import SimplePlayer
from engine.views import SeatView

Chooser = Callable[[SeatView], Action]


def _taking(*kinds: ActionKind) -> Chooser:
    """A player that takes the first legal action of ``kinds`` (in that order) whenever it may,
    and otherwise plays as ``simple`` does."""
    simple = SimplePlayer()

    def choose(view: SeatView) -> Action:
        for kind in kinds:
            for action in view.legal:
                if action.kind is kind:
                    return action
        return simple.choose(view)

    return choose


def _seat(monkeypatch: pytest.MonkeyPatch, chooser: Callable[[], Chooser]) -> None:
    def make(level: str, seed: str, deal: Deal, defence: bool) -> Chooser:
        del level, seed, deal, defence
        return chooser()

    monkeypatch.setattr(study_mod, "_chooser", make)


def test_the_same_seed_gives_the_same_records_and_figures() -> None:
    one = study("rumisberg", None, "det", 3, "easy")
    two = study("rumisberg", None, "det", 3, "easy")
    assert one == two
    assert summarize(one) == summarize(two)
    assert [r.seed for r in one] == ["det:0", "det:1", "det:2"]
    assert study("rumisberg", None, "other", 3, "easy") != one


def test_claims_into_a_dead_hand_are_counted_where_the_rules_restrict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Players that take every chow claim a second chow soon: dead in rumisberg (one chow at
    most), never in dmjl, on the same deals."""
    _seat(monkeypatch, lambda: _taking(ActionKind.MAHJONG, ActionKind.CHOW))
    club = study("rumisberg", None, "dead", 4, "easy")
    classic = study("dmjl", None, "dead", 4, "easy")
    dead_club = [c for r in club for c in r.claims if c.into_dead]
    killing = [c for c in dead_club if not c.dead_before]
    assert killing and all(c.kind == "chow" for c in killing)  # a second chow kills the hand
    assert all(c.dead_after and not c.counted_after for c in dead_club)  # a dead hand stays dead
    assert sum(len(r.claims) for r in classic) > 0
    assert not any(c.into_dead for r in classic for c in r.claims)
    figures = summarize(club)
    assert figures["totals"]["dead_claims"] == len(dead_club)
    assert figures["per_hand"]["dead_claims"]["mean"] == pytest.approx(len(dead_club) / 4, abs=1e-4)


def test_a_pong_of_a_dragon_or_own_wind_let_go_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    _seat(monkeypatch, lambda: _taking(ActionKind.MAHJONG, ActionKind.PASS))
    passing = study("dmjl", None, "pong", 6, "easy")
    assert sum(r.passed_honour_pongs for r in passing) > 0
    assert all(not r.claims for r in passing)
    _seat(monkeypatch, lambda: _taking(ActionKind.MAHJONG, ActionKind.PONG, ActionKind.PASS))
    taking = study("dmjl", None, "pong", 6, "easy")
    assert sum(r.passed_honour_pongs for r in taking) == 0


def test_riichi_declarations_and_deal_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players that declare riichi whenever they may: each declaration counts its winning tiles
    (at least one, at most four copies each unseen), and a deal-in is a discard win by a declarer."""
    _seat(monkeypatch, lambda: _taking(ActionKind.MAHJONG, ActionKind.RIICHI))
    records = study("wikibooks", {"riichi": "true"}, "riichi", 12, "easy")
    declarations = [d for r in records for d in r.declarations]
    assert declarations and {d.kind for d in declarations} == {"riichi"}
    for d in declarations:
        assert d.winning_kinds >= 1 and 0 <= d.unseen <= 4 * d.winning_kinds
    for r in records:
        declared = {d.seat for d in r.declarations}
        if r.deal_ins:
            assert r.end == "discard" and declared
        assert len(r.deal_ins) <= len(r.declarations)
    figures = summarize(records)
    assert figures["per_hand"]["declarations_riichi"]["mean"] == pytest.approx(
        len(declarations) / len(records), abs=1e-4
    )


def test_how_hands_end_and_the_winning_shapes() -> None:
    records = study("wikibooks", {"seven_pairs": "true"}, "end", 6, "easy")
    for r in records:
        assert r.end in ("drawn", "self_drawn", "discard")
        assert (r.end == "drawn") == (r.shapes == ())
        for shapes in r.shapes:
            assert shapes and set(shapes) <= set(SHAPES)
            assert ("other" in shapes) == (shapes == ("other",))
    figures = summarize(records)
    won = sum(r.end != "drawn" for r in records)
    assert figures["winning_hands"] == won
    drawn = figures["per_hand"]["drawn"]["mean"]
    assert drawn == pytest.approx(1 - won / 6, abs=1e-4)
    # beside them, what the same deals allow a player who knows the wall (engine/ai/reach.py)
    allowed = [r.allowed for r in records]
    assert [a.seed for a in allowed] == [r.seed for r in records]
    either = figures["deals_allow"]["any"]
    assert either["whole_wall"]["mean"] == pytest.approx(sum(a.allows("any") for a in allowed) / 6, abs=1e-4)
    assert either["half_wall"]["mean"] <= either["whole_wall"]["mean"]


def test_cli_prints_figures_and_json_deterministically(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["study", "--ruleset", "rumisberg", "--hands", "2", "--seed", "s", "--level", "easy"]
    assert main([*args, "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*args, "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    first.pop("seconds"), second.pop("seconds")
    assert first == second and first["hands"] == 2 and first["level"] == "easy" and first["defence"]
    assert main([*args, "--no-defence"]) == 0
    out = capsys.readouterr().out
    assert "2 hands of rumisberg (seed s), four easy players, defence off" in out
    assert "into a dead hand" in out


def test_cli_settings_reach_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["study", "--ruleset", "wikibooks", "--set", "western=true", "--hands", "1", "--level", "simple"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["settings"] == ["western=true"] and report["hands"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruleset", "nope"], "there is no ruleset 'nope'"),
        (["--level", "expert"], "there is no player 'expert'"),
        (["--ruleset", "wikibooks", "--set", "western=maybe"], "setting western takes true or false"),
        (["--set", "limit"], "write name=value"),
        (["--ruleset", "dmjl", "--set", "players=3"], "dmjl is played by 4 players"),
        (["--hands", "0"], "--hands takes a whole number of at least 1"),
        (["--hands", "lots"], "--hands takes a whole number of at least 1"),
    ],
)
def test_cli_refuses_bad_input_with_a_clear_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["study", *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err and captured.out == ""
