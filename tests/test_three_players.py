"""Three players at a rumisberg table (RULES.md §2.4.9, A-RU-18): the R3 deal, the absent
wind left out of turns, claims and payments, the wind cards moving past the empty place, and
the empty place in every view."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from cli.main import main
from engine.actions import Action, ActionKind
from engine.ai.player import AIPlayer
from engine.deal import CLAIMS, OVER, TURN, Deal
from engine.errors import IllegalActionError, InvalidHandError, SettingError
from engine.game import NEXT, Game
from engine.rulesets import get_ruleset
from engine.scoring.report import score_request
from engine.seats import Position
from engine.tiles import Wind
from engine.wall import KIND, Wall
from render.sheet import compose_sheet, sheet_lines
from render.table import VACANT_H, band_boxes, band_height, compose_table, seat_order, table_size
from render.theme import THEMES

E, S, W, N = 0, 1, 2, 3
THREE = {"players": 3, "deal_pattern": "R3"}
RS = get_ruleset("rumisberg")


def legal(deal: Deal, seat: int) -> list[str]:
    return [str(a) for a in deal.legal_actions(seat)]


def play(deal: Deal, *lines: str) -> None:
    """Apply each line, then (as a table does) the passes of seats with nothing to claim."""
    for line in lines:
        deal.apply(line)
        for idle in deal.idle_passes():
            deal.apply(idle)


# --- The deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("absent", "in_play"), [(None, (E, S, W)), (N, (E, S, W)), (W, (E, S, N)), (S, (E, W, N))]
)
def test_r3_deal_twelve_each_before_the_wall_then_one_each_and_one_more_to_east(
    absent: int | None, in_play: tuple[int, ...]
) -> None:
    seed = f"r3:{absent}"
    deal = Deal("rumisberg", THREE, seed, absent=absent)
    assert deal.in_play == in_play
    assert deal.absent == (N if absent is None else absent)
    # The tiles each player took before the wall was built: the first twelve each of the shuffle.
    ids = list(RS.tile_ids(deal.settings))
    random.Random(seed).shuffle(ids)
    for i, seat in enumerate(in_play):
        own = set(deal.seats[seat].concealed) | set(deal.seats[seat].bonus)
        assert set(ids[12 * i : 12 * i + 12]) <= own
    assert not set(ids[:36]) & set(deal.wall.tiles())
    # East 14, the others 13 (bonus tiles set aside and replaced); the empty place holds nothing.
    assert [deal.tile_count(s) for s in in_play] == [14, 13, 13]
    gone = deal.absent
    assert gone is not None and deal.tile_count(gone) == 0 and not deal.seats[gone].bonus
    # The wall was 108 tiles: two live draws each and one more, then the replacements.
    replaced = sum(len(deal.seats[s].bonus) for s in in_play)
    assert deal.wall.remaining + 4 + replaced == 108
    assert sorted(deal.all_tiles()) == sorted(RS.tile_ids(deal.settings))
    assert deal.phase == TURN and deal.turn == E


def test_r3_deal_without_bonus_tiles_keeps_every_tile() -> None:
    """136 tiles: 36 taken before the wall, a wall of 100 tiles (sides of 17, 17 and 16 stacks)."""
    deal = Deal("rumisberg", {**THREE, "bonus_tiles": False}, "r3:136", absent=W)
    assert deal.wall.remaining + 4 == 100
    assert sorted(deal.all_tiles()) == sorted(RS.tile_ids(deal.settings))
    wall = Wall.build(random.Random(1), range(100), sides=(E, S, N))
    assert sorted(wall.tiles()) == list(range(100))


def test_three_walls_of_eighteen_stacks_broken_at_a_players_side() -> None:
    owners = set()
    for seed in range(60):
        wall = Wall.build(random.Random(seed), range(108), sides=(E, S, N))
        assert wall.remaining == 108 and len(wall.stacks) == 53  # 54 stacks less the break stack
        owners.add(wall.breaking.owner)
    assert owners == {E, S, N}  # the dice count the three players only


def test_the_absent_wind_is_south_west_or_north() -> None:
    with pytest.raises(SettingError, match="East always plays"):
        Deal("rumisberg", THREE, 1, absent=E)
    with pytest.raises(SettingError, match="four players every wind plays"):
        Deal("rumisberg", None, 1, absent=N)
    with pytest.raises(SettingError, match="three players deal by deal_pattern R3"):
        Deal("rumisberg", {"players": 3, "deal_pattern": "A"}, 1)


def test_arranged_deal_takes_the_hands_of_the_seats_in_play() -> None:
    with pytest.raises(InvalidHandError, match="needs 3 hands: East, South, North"):
        Deal.arranged(["1m", "2m", "3m", "4m"], ruleset="rumisberg", settings=THREE, absent=W)


# --- Turns and claims skip the empty place ----------------------------------------------------


@pytest.mark.parametrize(("absent", "order"), [(N, [E, S, W]), (W, [E, S, N]), (S, [E, W, N])])
def test_turn_order_skips_the_absent_wind(absent: int, order: list[int]) -> None:
    hands = ["1z 1p3p5p7p9p 1s3s5s7s9s 2z3z4z", "2p4p6p8p 2s4s6s 1m3m5m7m9m", "2p4p6p8p 2s4s6s 1m3m5m7m9m"]
    deal = Deal.arranged(hands, ruleset="rumisberg", settings=THREE, absent=absent)
    seen = []
    for _ in range(6):
        assert deal.phase == TURN and deal.turn is not None
        seen.append(deal.turn)
        discard = next(a for a in deal.legal_actions(deal.turn) if a.kind is ActionKind.DISCARD)
        deal.apply(discard)
        assert deal.phase == CLAIMS
        assert sorted(deal.to_act()) == sorted(s for s in order if s != discard.seat)  # never the empty place
        for idle in deal.idle_passes():
            deal.apply(idle)
        while deal.phase == CLAIMS:  # a seat that could claim passes
            seat = deal.to_act()[0]
            deal.apply(Action(Wind(seat), ActionKind.PASS))
    assert seen == order + order


@pytest.mark.parametrize(("absent", "discarder", "chower"), [(N, W, E), (W, S, N), (S, E, W)])
def test_chow_from_the_previous_occupied_seat(absent: int, discarder: int, chower: int) -> None:
    """The chower holds 3m 4m and sits next after the discarder of 5m, past the empty place;
    the third player holds 3m 4m too but may not chow."""
    third = next(s for s in (E, S, W, N) if s not in (absent, chower, discarder))
    base = {
        chower: "3m4m 1p3p5p7p9p 1s3s5s7s9s",
        discarder: "5m 2p4p6p8p 2s4s6s8s 1m7m9m",
        third: "3m4m8m 2p4p6p8p 2s4s6s8s 9p",
    }
    order = RS.seats(RS.settings(THREE), absent)
    hands = [f"{base[seat]} {k + 1}z" + (" 7z" if seat == E else "") for k, seat in enumerate(order)]
    deal = Deal.arranged(hands, ruleset="rumisberg", settings=THREE, absent=absent)
    for k, seat in enumerate(order[: order.index(discarder)]):  # each discards his own honour
        play(deal, f"{Wind(seat).letter} discard {k + 1}z")
    assert deal.turn == discarder
    play(deal, f"{Wind(discarder).letter} discard 5m")
    assert f"{Wind(chower).letter} chow 345m" in legal(deal, chower)
    assert not any(a.kind is ActionKind.CHOW for a in deal.legal_actions(third))


def test_the_absent_wind_cannot_act() -> None:
    deal = Deal("rumisberg", THREE, 3, absent=W)
    assert deal.legal_actions(W) == []
    with pytest.raises(IllegalActionError, match="West is not in this hand"):
        deal.apply("W discard 1m")
    deal.apply(deal.legal_actions(E)[0])
    with pytest.raises(IllegalActionError, match="West is not in this hand"):
        deal.apply("W pass")


# --- Payments with two payers -----------------------------------------------------------------


# RULES.md EX-30: the club hand with two pongs claimed (one from East, one from the third
# player), completed by a self-drawn 2m. Nobody can claim the other discards.
JUNK_E = "1p2p3p4p5p6p7p9p 1z2z5z6z7z"
JUNK = "1p3p5p7p9p 1z2z5z6z7z 8s9s"
CLUB = "6m6m 5m5m 9m9m9m 7m7m7m 2m"


@pytest.mark.parametrize(("absent", "other"), [(N, W), (W, N)])
def test_club_hand_with_three_players_two_payers_east_double(absent: int, other: int) -> None:
    """RULES.md EX-30: South makes the club hand; East pays 6000, the other player 3000."""
    o = Wind(other).letter
    hands = [f"5m {JUNK_E}", f"{CLUB} 3z4z", f"6m {JUNK}"]
    deal = Deal.arranged(hands, live="1s 2s 3s 2m", ruleset="rumisberg", settings=THREE, absent=absent)
    play(deal, "E discard 5m", "S pong", "S discard 3z", f"{o} discard 6m", "S pong", "S discard 4z")
    play(deal, f"{o} discard 2s", "E discard 3s")
    assert deal.turn == S and "S mahjong" in legal(deal, S)
    play(deal, "S mahjong")
    assert deal.phase == OVER and deal.result is not None
    transfers = sorted((t.payer, t.payee, t.amount) for t in deal.result.settlement.transfers)
    assert transfers == sorted([(E, S, 6000), (other, S, 3000)])
    nets = [0, 0, 0, 0]
    nets[S], nets[E], nets[other] = 9000, -6000, -3000
    assert list(deal.result.settlement.nets) == nets
    sheet = deal.sheet()
    assert sheet is not None and sheet.vacant == absent and absent not in sheet.positions
    assert sheet.hands[absent] == "" and sheet.nets[absent] == 0


def test_east_makes_the_club_hand_and_each_of_the_two_others_pays_double() -> None:
    """EX-30, "if East makes it": West and North (South absent) each pay East 6000."""
    hands = [f"{CLUB} 3z4z8s", f"5m {JUNK}", "6m 1p3p5p7p9p 1z2z5z6z7z 8s9s"]
    deal = Deal.arranged(hands, live="1s 2s 3s 4p 6p 2m", ruleset="rumisberg", settings=THREE, absent=S)
    play(deal, "E discard 8s", "W discard 5m", "E pong", "E discard 3z", "W discard 1s", "N discard 6m")
    play(deal, "E pong", "E discard 4z", "W discard 2s", "N discard 3s")
    assert deal.turn == E and "E mahjong" in legal(deal, E)
    play(deal, "E mahjong")
    assert deal.phase == OVER and deal.result is not None and deal.result.winner == E
    assert list(deal.result.settlement.nets) == [12000, 0, -6000, -6000]


# --- The game: seating, rotation past the empty place, prevailing wind --------------------------


def play_game(game: Game, seed: str) -> None:
    players = {p: AIPlayer("normal", seed=f"{seed}:{p}", settings=game.settings) for p in game.positions}
    while True:
        while not game.deal.over:
            position = game.to_act()[0]
            game.apply(players[position].choose(game.view(position)))
        if game.finished:
            return
        game.apply(NEXT)


def test_three_player_game_north_is_absent_and_east_has_west_opposite() -> None:
    """«Spielverlauf mit 3 Spielern»: "Osten bleibt immer im Spiel. Vis-à-vis von Osten ist immer
    Westen." (A-RU-18 revised): in every hand East, South and West play and North's place is
    the empty one; when East moves on, South's player becomes East, West's South, East's West."""
    settings = {**THREE, "game_length": "hands:16"}
    game = Game("rumisberg", settings, seed=7, players=["Ada", "Bo", "Cy"])
    assert (
        game.vacant == 3 and list(game.positions) == [0, 1, 2] and sorted(game.names) == ["Ada", "Bo", "Cy"]
    )
    play_game(game, "rot")
    assert len(game.history) >= 12
    east, prevailing = 0, Wind.EAST
    easts = set()
    for record in game.history:
        assert (record.east, record.prevailing) == (east, prevailing)
        easts.add(record.east)
        assert record.result.settlement.nets[N] == 0 and not any(
            N in (t.payer, t.payee) for t in record.result.settlement.transfers
        )
        # East's player, then South's and West's in turn order; North's place is the empty one.
        assert record.places == (east, (east + 1) % 3, (east + 2) % 3, 3)
        assert [str(a).split()[0] for a in record.actions] and all(
            not str(a).startswith("N ") for a in record.actions
        )
        if record.actions[0].startswith("E give"):  # a Gulasch: East swaps with West opposite first
            assert {a.split()[0] for a in record.actions[:2]} == {"E", "W"}
        assert len(record.nets) == 3 and sum(record.nets) == 0
        if record.winner is not None:  # after every counted hand the winds move on
            east = {0: 1, 1: 2, 2: 0}[east]
            if east == 0:
                prevailing = Wind((prevailing + 1) % 4)
    assert easts == {0, 1, 2}  # every player was East
    assert sum(game.chips) == 3 * game.settings.initial_score
    assert game.chips == [10000 + sum(r.nets[p] for r in game.history) for p in range(3)]
    again = Game.replay("rumisberg", settings, 7, ["Ada", "Bo", "Cy"], game.log)
    assert again.snapshot() == game.snapshot() and not again.rotating_vacant


def test_every_hand_of_a_three_player_game_seats_west_opposite_east() -> None:
    """In every hand of a game the views put East, South, West at the three played places in
    turn order and North at the empty one: West sits opposite East (two places on)."""
    game = Game("rumisberg", {**THREE, "game_length": "hands:12"}, seed=5, players=["Ada", "Bo", "Cy"])
    players = {p: AIPlayer("normal", seed=f"w:{p}", settings=game.settings) for p in game.positions}
    hands = 0
    while True:
        view = game.view(None)
        by_wind = {p.wind: p for p in view.players}
        assert by_wind[Wind.NORTH].vacant and not any(
            by_wind[w].vacant for w in (Wind.EAST, Wind.SOUTH, Wind.WEST)
        )
        assert game.deal.in_play == (E, S, W) and game.deal.absent == N
        assert game.wind_of(game.vacant) == Wind.NORTH
        for position in game.positions:  # seen from anyone the order is E, S, W, N round the table
            assert game.position_of(game.wind_of(position)) == position
        hands += 1
        while not game.deal.over:
            position = game.to_act()[0]
            game.apply(players[position].choose(game.view(position)))
        if game.finished:
            break
        game.apply(NEXT)
    assert hands == 12 and len({r.east for r in game.history}) == 3


def test_a_log_stored_with_the_rotating_empty_place_still_replays() -> None:
    """A three-player game stored before A-RU-18's revision (its second hand had West absent)
    replays with the seating it was played with, to the chips it ended with."""
    stored = json.loads(
        (Path(__file__).parent / "data" / "rumisberg_three_players_rotating_vacant.json").read_text()
    )
    game = Game.replay(
        stored["ruleset"], stored["settings"], stored["seed"], stored["players"], stored["log"]
    )
    assert game.rotating_vacant and game.chips == stored["chips"]
    assert [r.east for r in game.history] == stored["easts"]
    assert game.history[1].result.settlement.nets[W] == 0  # West was the absent wind then
    with pytest.raises(IllegalActionError):  # the revised seating cannot play that log
        fresh = Game(stored["ruleset"], stored["settings"], stored["seed"], stored["players"])
        for line in stored["log"]:
            fresh.apply_line(line)


def test_views_show_the_empty_place() -> None:
    game = Game("rumisberg", THREE, seed=2, players=["Ada", "Bo", "Cy"])
    public = game.view(None)
    assert [p.vacant for p in public.players] == [False, False, False, True]
    empty = public.players[3]
    assert empty.name == "" and empty.concealed_count == 0 and empty.wind == Wind.NORTH
    assert [p.name for p in public.seated] == list(game.names)
    assert game.view(3).legal == () and game.legal_actions(3) == []
    with pytest.raises(IllegalActionError, match="position 3 is empty"):
        game.default_action(3)
    with pytest.raises(IllegalActionError, match="not in this hand"):
        game.apply(Action(Position(3), ActionKind.DISCARD, KIND[0]))
    for position in game.positions:
        view = game.view(position)
        own = sorted([*view.concealed, *([view.drawn] if view.drawn is not None else [])])
        assert own == sorted(KIND[t] for t in game.deal.seats[int(game.wind_of(position))].concealed)


def test_three_names_for_three_players() -> None:
    with pytest.raises(SettingError, match="played by 3 players; got 4"):
        Game("rumisberg", THREE, seed=1, players=["A", "B", "C", "D"])


def test_a_scoring_request_for_three_players_names_two_payers() -> None:
    """`mahjong score --settings players=3`: East, South and West play, North's place is empty
    (A-RU-18); East pays double, the other player single (EX-30's club hand)."""
    hand = "[666m] [555m] 999m 777m 22m"
    won = {"hand": hand, "ruleset": "rumisberg", "win": "2m", "settings": THREE}
    assert dict(score_request(seat="W", self_drawn=True, **won).pays or ()) == {"E": 6000, "S": 3000}
    assert dict(score_request(seat="S", discarder="W", **won).pays or ()) == {"E": 6000, "W": 3000}
    assert dict(score_request(seat="E", self_drawn=True, **won).pays or ()) == {"S": 6000, "W": 6000}
    assert dict(score_request(seat="W", discarder="E", **won).pays or ()) == {"E": 6000, "S": 3000}


@pytest.mark.parametrize(
    ("seat", "discarder", "role"), [("N", None, "winner"), ("S", "N", "discarder"), ("E", "N", "discarder")]
)
def test_a_scoring_request_for_three_players_has_no_north(
    seat: str, discarder: str | None, role: str
) -> None:
    """Before A-RU-18's revision West (or South) could be the absent seat of a request; North is
    the empty place in every hand, so a request naming North is refused, saying why."""
    won = {"hand": "[666m] [555m] 999m 777m 22m", "ruleset": "rumisberg", "win": "2m", "settings": THREE}
    with pytest.raises(SettingError, match=f"North's place is empty .*the {role} is E, S or W, not N"):
        score_request(seat=seat, discarder=discarder, self_drawn=discarder is None, **won)


@pytest.mark.parametrize("players", ["3", "Ada,Bo,Cy"])
def test_simulate_three_players(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`mahjong simulate --ruleset rumisberg --players 3` (or three names) plays three-player games."""
    args = [
        "simulate",
        "--ruleset",
        "rumisberg",
        "--players",
        players,
        "--hands",
        "30",
        "--seed",
        "1",
        "--json",
    ]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 30 and report["errors"] == 0 and report["chips_sum"] == 0
    assert len(report["seats"]) == 3 and sum(s["wins"] for s in report["seats"]) == report["wins"] > 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "3"], "dmjl is played by 4 players, not 3"),
        (["--ruleset", "rumisberg", "--players", "2"], "--players takes 3 or 4"),
        (["--ruleset", "rumisberg", "--players", "3", "--set", "deal_pattern=A"], "deal_pattern R3"),
    ],
)
def test_simulate_bad_player_counts(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args, "--hands", "1"]) == 2
    assert fragment in capsys.readouterr().err


# --- Images -------------------------------------------------------------------------------------


def finished_hand(seed: int) -> Game:
    """A three-player game whose first won hand has just ended (East at position 0 or later)."""
    game = Game("rumisberg", THREE, seed=seed, players=["Ada", "Bo", "Cy"])
    players = {p: AIPlayer("normal", seed=f"img:{p}", settings=game.settings) for p in game.positions}
    while True:
        while not game.deal.over:
            position = game.to_act()[0]
            game.apply(players[position].choose(game.view(position)))
        if game.history[-1].winner is not None:
            return game
        game.apply(NEXT)


def test_table_image_draws_the_empty_place_as_a_slim_empty_band() -> None:
    view = finished_hand(11).view(None)
    order = seat_order(view)
    assert [p.vacant for p in order].count(True) == 1
    boxes = band_boxes(view)
    for box, p in zip(boxes, order, strict=True):
        assert (box[3] - box[1] == VACANT_H) == p.vacant
    image = compose_table(view, theme="dark")
    th = THEMES["dark"]
    for box, p in zip(boxes, order, strict=True):
        inside = image.getpixel((box[2] - 30, box[3] - 6))  # bottom right corner inside the band
        assert inside == (th.background if p.vacant else th.panel)
    assert image.height == table_size(view)[1] < sum(band_height(p) for p in view.seated) + 400


def test_score_sheet_lists_the_three_players_only() -> None:
    view = finished_hand(11).view(None)
    sheet = view.sheet
    assert sheet is not None and sheet.vacant == 3 and sheet.positions == (0, 1, 2)
    lines = sheet_lines(sheet, view.players)
    names = [p.name for p in view.seated]
    net = lines[-1]
    assert net.startswith("Net: ") and all(name in net for name in names) and net.count(", ") == 2
    assert sum(1 for line in lines if line.startswith(tuple(f"{n} (" for n in names))) == 2  # the losers
    assert "#4" not in "\n".join(lines) and "(North)" not in "\n".join(lines)
    four = compose_sheet(dataclasses.replace(sheet, vacant=None), view.players)
    assert compose_sheet(sheet, view.players).height < four.height  # one box and one net fewer
