"""Defence (engine/ai/defence.py): reading opponents' displays, the danger of each discard,
when to fold and what to fold with, on constructed positions."""

from __future__ import annotations

import pytest

from engine.ai.defence import Threat, danger, safest, should_fold, threats
from engine.deal import Deal
from engine.hand import Meld
from engine.seats import Position
from engine.tiles import Tile, Wind, parse_tiles
from engine.views import DiscardView, Phase, PlayerView, SeatView

E, S, W, N = 0, 1, 2, 3
NO_BONUS = {"bonus_tiles": False}
THREE = {"players": 3, "deal_pattern": "R3"}
QUIET = "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z"
"""A hand far from waiting (shanten well above 2), holding one of each wind."""


def t(text: str) -> int:
    return int(Tile.parse(text))


def seat(position: int, melds: str = "", discards: str = "", *, vacant: bool = False) -> PlayerView:
    """One seat's public side: its melds and its discards (none claimed) in notation."""
    shown = tuple(Meld.parse(m) for m in melds.split())
    return PlayerView(
        seat=position,
        wind=Wind(position),
        name="" if vacant else Wind(position).name.title(),
        chips=0,
        concealed_count=0 if vacant else 13 - 3 * len(shown),
        melds=shown,
        discards=tuple(DiscardView(x) for x in parse_tiles(discards)) if discards else (),
        vacant=vacant,
    )


def table(
    mine: str = QUIET,
    south: PlayerView | None = None,
    west: PlayerView | None = None,
    north: PlayerView | None = None,
    *,
    my_discards: str = "",
    wall_live: int = 60,
    declared: tuple[tuple[int, str], ...] = (),
) -> SeatView:
    """East's view of a table where South, West and North show what is given."""
    return SeatView(
        seat=E,
        players=(
            seat(E, "", my_discards),
            south or seat(S),
            west or seat(W),
            north or seat(N),
        ),
        prevailing=Wind.EAST,
        hand_number=1,
        turn=E,
        phase=Phase.TURN,
        wall_live=wall_live,
        wall_dead=14,
        ruleset="dmjl",
        concealed=tuple(parse_tiles(mine.replace(" ", ""))),
        declared=declared,
    )


def by_seat(view: SeatView) -> dict[int, Threat]:
    return {x.seat: x for x in threats(view)}


# --- Reading displays ---------------------------------------------------------------------------


def test_no_display_means_low_threats_and_no_fold() -> None:
    view = table()
    found = threats(view)
    assert [x.seat for x in found] == [S, W, N]
    assert all(x.big == 0.0 and x.ready < 0.1 and not x.wanted for x in found)
    assert max(danger(view, k, found) for k in range(34)) < 0.05
    assert not should_fold(view, own_shanten=6, own_value=0)


def test_two_dragon_pongs_make_the_third_dragon_the_most_dangerous() -> None:
    mine = "1m4m7m 2p5p8p 3s6s 1z2z 5m 7z 9p"
    view = table(mine, south=seat(S, "[555z] [666z]"))
    south = by_seat(view)[S]
    assert south.big >= 0.8 and "two dragon pongs shown" in south.reasons
    assert [str(x) for x in south.wanted] == ["7z"]
    held = {int(x) for x in parse_tiles(mine.replace(" ", ""))}
    worst = max(held, key=lambda k: danger(view, k))
    assert worst == t("7z")
    assert danger(view, t("7z")) > 1.5 * max(danger(view, k) for k in held - {t("7z")})
    assert safest(view, held) != t("7z")
    assert should_fold(view, own_shanten=3, own_value=40)
    # The same hand with South showing nothing plays on.
    assert not should_fold(table(mine), own_shanten=3, own_value=40)


def test_two_dragon_pongs_early_do_not_fold_a_near_hand() -> None:
    view = table(south=seat(S, "[555z] [777z]"))
    assert should_fold(view, own_shanten=2, own_value=40)
    assert not should_fold(view, own_shanten=1, own_value=40)  # early, two sets: not yet
    assert should_fold(table(south=seat(S, "[555z] [777z]"), wall_live=20), own_shanten=1, own_value=40)


def test_one_dragon_pong_is_a_mild_signal() -> None:
    one = by_seat(table(south=seat(S, "[555z]")))[S]
    two = by_seat(table(south=seat(S, "[555z] [666z]")))[S]
    assert 0 < one.big < 0.3 < two.big
    # When the other dragons are in sight the single pong signals nothing.
    seen = by_seat(table(south=seat(S, "[555z]"), west=seat(W, "", "666z777z")))[S]
    assert seen.big == 0.0


def test_three_wind_pongs_make_the_fourth_wind_dangerous() -> None:
    view = table(west=seat(W, "[111z] [222z] [333z]"))
    west = by_seat(view)[W]
    assert west.big >= 0.85 and "three wind pongs shown" in west.reasons
    assert t("4z") in west.wanted
    assert max(range(34), key=lambda k: danger(view, k)) == t("4z")
    assert danger(view, t("4z")) > 10 * max(danger(view, t(x)) for x in ("1m", "5p", "9s"))
    assert should_fold(view, own_shanten=2, own_value=40)


def test_two_wind_pongs_are_milder_and_stronger_with_doubles() -> None:
    plain = by_seat(table(west=seat(W, "[222z] [444z]")))[W]  # neither West's nor the round's wind
    own = by_seat(table(west=seat(W, "[111z] [333z]")))[W]  # the round's and West's own wind
    three = by_seat(table(west=seat(W, "[111z] [222z] [333z]")))[W]
    assert 0 < plain.big < own.big < three.big


def test_one_suit_display_makes_that_suit_and_honours_dangerous_other_suits_safe() -> None:
    view = table(north=seat(N, "[123s] [555s] [789s]"))
    north = by_seat(view)[N]
    assert "three sets shown, all bamboo (and honours)" in north.reasons
    bamboo = [danger(view, t(x)) for x in ("2s", "4s", "6s")]
    honours = [danger(view, t(x)) for x in ("1z", "2z", "3z")]
    characters = [danger(view, t(x)) for x in ("1m", "4m", "7m")]
    circles = [danger(view, t(x)) for x in ("2p", "5p", "8p")]
    assert min(bamboo) > 5 * max(characters + circles)
    assert min(honours) > 5 * max(characters + circles)
    assert str(safest(view, [t("2s"), t("1z"), t("4m")])) == "4m"


def test_one_suit_read_grows_with_his_discards_of_other_suits() -> None:
    shown = "[123s] [555s]"
    bare = by_seat(table(north=seat(N, shown)))[N]
    others = by_seat(table(north=seat(N, shown, "1m5m9m2p6p9p")))[N]
    own = by_seat(table(north=seat(N, shown, "1s4s9s8s2p")))[N]
    assert own.big < bare.big < others.big
    assert "his discards are mostly of other suits" in others.reasons
    assert "he discards his own suit too" in own.reasons


def test_melds_in_two_suits_are_no_flush_read() -> None:
    view = table(north=seat(N, "[123s] [555p]"))
    north = by_seat(view)[N]
    assert north.big == 0.0 and not north.wanted
    assert danger(view, t("4m")) == pytest.approx(danger(view, t("4p")))


def test_all_pongs_make_pairs_dangerous_and_dead_tiles_harmless() -> None:
    # West shows three pongs: 8p (two unseen copies) may be his pair wait; 2p, of which all
    # four copies are in sight, can complete nothing, as no chow is waited on.
    pongs = seat(W, "[222m] [555p] [888s]")
    view = table("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z", west=pongs, south=seat(S, "", "2p2p2p8p8p"))
    west = by_seat(view)[W]
    assert "no chow among three sets shown" in west.reasons
    assert danger(view, t("2p"), [west]) == 0.0  # South, who shows nothing, might still chow it
    assert danger(view, t("4m"), [west]) > danger(view, t("8p"), [west]) > 0.0  # 8p: a pair wait only
    # Against a display with a chow, the same dead 2p may still complete a run.
    chows = table(
        "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z", west=seat(W, "[123m] [555p] [888s]"), south=seat(S, "", "2p2p2p8p8p")
    )
    assert danger(chows, t("2p"), [by_seat(chows)[W]]) > 0.0


def test_a_dead_honour_is_safe_even_as_the_third_dragon() -> None:
    south = seat(S, "[555z] [666z] [123p]")
    live = table("1m4m7m 2p5p8p 3s6s 1z2z 5m 7z 9p", south=south)
    dead = table("1m4m7m 2p5p8p 3s6s 1z2z 5m 7z 9p", south=south, west=seat(W, "", "7z7z7z"))
    pair_only = table("1m4m7m 2p5p8p 3s6s 1z2z 5m 7z 9p", south=south, west=seat(W, "", "7z7z"))
    assert danger(dead, t("7z")) == 0.0
    assert 0.0 < danger(pair_only, t("7z")) < 0.5 * danger(live, t("7z"))
    assert safest(dead, [t("7z"), t("5m")]) == t("7z")


def test_a_tile_he_discarded_is_safer_than_one_he_did_not() -> None:
    shown = "[555z] [666z]"
    view = table(south=seat(S, shown, "5m"))
    assert 0.0 < danger(view, t("5m")) < 0.5 * danger(view, t("6m"))
    # Even the tile his display wants is safer once he threw it away himself (but not safe).
    threw = table(south=seat(S, shown, "7z"))
    assert 0.0 < danger(threw, t("7z")) < 0.5 * danger(table(south=seat(S, shown)), t("7z"))
    # Another seat's discard of the same kind does not make it safer against South.
    other = table(south=seat(S, shown), west=seat(W, "", "6m"))
    assert danger(other, t("6m")) == pytest.approx(danger(view, t("6m")))


def test_readiness_grows_with_sets_declarations_and_the_late_wall() -> None:
    shown = seat(S, "[555z] [666z]")
    early = by_seat(table(south=shown))[S]
    late = by_seat(table(south=shown, wall_live=10))[S]
    riichi = by_seat(table(south=shown, declared=((S, "riichi"),)))[S]
    three = by_seat(table(south=seat(S, "[555z] [666z] [123p]")))[S]
    assert early.ready < min(three.ready, late.ready)
    assert max(three.ready, late.ready) < riichi.ready == 1.0
    assert "declared riichi" in riichi.reasons
    assert danger(table(south=shown, wall_live=10), t("7z")) > danger(table(south=shown), t("7z"))
    # Late in the wall even a player who shows nothing is more likely ready, but no big hand.
    quiet = by_seat(table(wall_live=10))[S]
    assert quiet.ready > 0.4 and quiet.big == 0.0


def test_a_waiting_valuable_hand_does_not_fold_a_cheap_one_does() -> None:
    view = table(south=seat(S, "[555z] [666z] [123p]"), wall_live=10)
    assert max(x.pressure for x in threats(view)) >= 0.6
    assert not should_fold(view, own_shanten=0, own_value=500)
    assert not should_fold(view, own_shanten=1, own_value=200)
    assert should_fold(view, own_shanten=0, own_value=20)
    assert should_fold(view, own_shanten=1, own_value=40)
    assert should_fold(view, own_shanten=2, own_value=500)


def test_three_player_table_skips_the_empty_place() -> None:
    # rumisberg with three players, South's place empty: West pongs two dragons East threw.
    hands = ["5z6z 123m456m789m 1p2p3p 9s", "55z66z 2p4p6p8p 2s4s6s 1m", "2p4p6p8p 2s4s6s 1m3m5m7m9m"]
    deal = Deal.arranged(hands, ruleset="rumisberg", settings=THREE, absent=S, live="7z 9p 8s 8s")
    for line in (
        "E discard 5z",
        "W pong",
        "W discard 1m",
        "N discard 2s",
        "E discard 6z",
        "W pong",
        "W discard 2p",
    ):
        deal.apply(line)
        for idle in deal.idle_passes():
            deal.apply(idle)
    view = deal.view(E)
    assert view.players[S].vacant
    found = by_seat(view)
    assert set(found) == {W, N}
    assert "two dragon pongs shown" in found[W].reasons and found[N].big == 0.0
    assert max(range(34), key=lambda k: danger(view, k)) == t("7z")
    assert should_fold(view, own_shanten=3, own_value=40)


def test_public_view_and_empty_candidates_are_refused() -> None:
    deal = Deal.arranged(
        ["1258m369p147s1235z", QUIET.replace(" ", ""), "2233445566778p", "2233445566778s"], settings=NO_BONUS
    )
    public = deal.view(None)
    for call in (
        lambda: threats(public),
        lambda: danger(public, 0),
        lambda: should_fold(public, 3, 40),
        lambda: safest(public, [0]),
    ):
        with pytest.raises(ValueError, match="public view"):
            call()
    with pytest.raises(ValueError, match="at least one candidate"):
        safest(deal.view(E), [])


def test_only_the_view_counts_not_the_hidden_tiles() -> None:
    # South pongs East's White and Green dragon; North's concealed tiles differ between the deals.
    east = "5z6z 123m456m789m 1p2p3p 9s"
    south = "55z66z 2p4p6p8p 2s4s6s 1m"
    norths = ("2233445566778s", "1199m1199p1199s4z")
    results = []
    hidden = []
    for north in norths:
        deal = Deal.arranged([east, south, "2233445566778m", north], live="2z 2z 3z 3z", settings=NO_BONUS)
        for line in (
            "E discard 5z",
            "S pong",
            "S discard 8p",
            "W discard 2z",
            "N discard 2z",
            "E discard 6z",
            "S pong",
            "S discard 2p",
        ):
            deal.apply(line)
            for idle in deal.idle_passes():
                deal.apply(idle)
        view = deal.view(E)
        hidden.append(deal.seats[N].concealed)
        found = threats(view)
        results.append(
            (
                view,
                found,
                [danger(view, k, found) for k in range(34)],
                should_fold(view, 3, 40),
                safest(view, view.concealed),
            )
        )
    assert hidden[0] != hidden[1]
    (a, *rest_a), (b, *rest_b) = results
    assert a == b and rest_a == rest_b
    assert "two dragon pongs shown" in by_seat(a)[S].reasons  # the read is real, not empty
    assert rest_a[2] is True


# --- The computer player with defence on (AIPlayer(defence=True)) -------------------------------


def _turn_view(mine: str, south: PlayerView, wall_live: int = 30, ruleset: str = "dmjl") -> SeatView:
    """East to discard from ``mine`` (14 tiles), South showing ``south``, in ``ruleset``."""
    from dataclasses import replace

    from engine.actions import Action, ActionKind
    from engine.rulesets import resolve

    base = table(mine, south=south, wall_live=wall_live)
    kinds = sorted(set(parse_tiles(mine.replace(" ", ""))))
    return replace(
        base,
        ruleset=ruleset,
        settings=resolve(ruleset, {})[1],
        legal=tuple(Action(Position(E), ActionKind.DISCARD, k) for k in kinds),
    )


def test_a_player_with_defence_folds_with_the_safest_tile_and_one_without_does_not() -> None:
    from engine.ai.player import AIPlayer

    # Late in the wall South shows two dragon pongs: the Red dragon would complete a big hand.
    # East's cheap hand gets ready by letting its lone Red dragon go, as a player without defence does.
    # Wikibooks: the discarder pays the win alone (in dmjl everyone pays the same, so it goes).
    south = seat(S, "[555z] [666z] [234s]", discards="9m1p")
    view = _turn_view("123m 456p 789s 22z 99p 7z", south, wall_live=8, ruleset="wikibooks")
    plain = AIPlayer("strong", seed="d").choose(view)
    guarded = AIPlayer("strong", seed="d", defence=True).choose(view)
    assert plain.tile == t("7z")
    assert guarded.tile != t("7z")
    assert danger(view, int(guarded.tile or 0)) < danger(view, t("7z"))


def test_defence_stays_quiet_when_nobody_shows_a_big_hand() -> None:
    from engine.ai.player import AIPlayer

    view = _turn_view("123m 456p 789s 22z 99p 7z", seat(S, "[234s]", discards="9m"), wall_live=8)
    assert AIPlayer("strong", seed="d", defence=True).choose(view) == AIPlayer("strong", seed="d").choose(
        view
    )
