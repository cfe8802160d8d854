"""Defence that reads declarations and weighs every discard (engine/ai/defence.py ``risk``,
``payments``; engine/ai/player.py ``guard``): a riichi declarer is a ready threat whose frozen
discards are safe, and each discard's danger is set against what the hand can win, a range
between pushing and folding."""

from __future__ import annotations

from engine.actions import Action, ActionKind
from engine.ai.defence import Threat, payments, risk, should_fold, threats
from engine.ai.player import AIPlayer, Evaluator
from engine.hand import Meld
from engine.rulesets import resolve
from engine.seats import Position
from engine.tiles import Tile, Wind, parse_tiles
from engine.views import DiscardView, Phase, PlayerView, SeatView

E, S, W, N = 0, 1, 2, 3
RIICHI = ((S, "riichi"),)


def t(text: str) -> int:
    return int(Tile.parse(text))


def seat(position: int, melds: str = "", discards: str = "", *, turned: int = -1) -> PlayerView:
    """One seat's public side; the discard at index ``turned`` laid sideways (riichi)."""
    shown = tuple(Meld.parse(m) for m in melds.split())
    tiles = parse_tiles(discards) if discards else ()
    row = tuple(DiscardView(x, turned=i == turned) for i, x in enumerate(tiles))
    return PlayerView(
        seat=position,
        wind=Wind(position),
        name=Wind(position).name.title(),
        chips=1000,
        concealed_count=13 - 3 * len(shown),
        melds=shown,
        discards=row,
    )


def turn(
    mine: str,
    south: PlayerView | None = None,
    west: PlayerView | None = None,
    north: PlayerView | None = None,
    *,
    declared: tuple[tuple[int, str], ...] = (),
    wall_live: int = 50,
    ruleset: str = "wikibooks",
    overrides: dict[str, object] | None = None,
) -> SeatView:
    """East to discard from ``mine`` (14 tiles); the others show what is given."""
    _, settings = resolve(ruleset, {"riichi": True} if overrides is None else overrides)
    tiles = tuple(parse_tiles(mine.replace(" ", "")))
    return SeatView(
        seat=E,
        players=(seat(E), south or seat(S), west or seat(W), north or seat(N)),
        prevailing=Wind.EAST,
        hand_number=1,
        turn=E,
        phase=Phase.TURN,
        wall_live=wall_live,
        wall_dead=14,
        ruleset=ruleset,
        concealed=tiles,
        settings=settings,
        declared=declared,
        legal=tuple(Action(Position(E), ActionKind.DISCARD, k) for k in sorted(set(tiles))),
    )


# South declared riichi with 3z (laid sideways) and let 5s and 7p go since; West and North threw
# 6z and 2p after his declaration.
SOUTH = seat(S, "", "1m9p3z5s7p", turned=2)
WEST = seat(W, "", "2z4m8s6z")
NORTH = seat(N, "", "1z9m2p")


def choices(view: SeatView) -> tuple[int, int]:
    """(the plain strong player's discard, the same player's with defence)."""
    plain = AIPlayer("strong", seed="d").choose(view)
    guarded = AIPlayer("strong", seed="d", defence=True).choose(view)
    assert plain.tile is not None and guarded.tile is not None
    return int(plain.tile), int(guarded.tile)


def test_a_riichi_declarer_is_ready_and_his_frozen_discards_are_safe() -> None:
    view = turn("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p", SOUTH, WEST, NORTH, declared=RIICHI)
    south = next(x for x in threats(view) if x.seat == S)
    assert south.ready == 1.0 and south.declared == "riichi"
    assert south.safe == {t("5s"), t("7p")}  # after the sideways 3z; 1m, 9p, 3z came before
    assert {t("6z"), t("2p")} <= south.passed and t("2z") not in south.passed
    assert risk(view, t("7p")).chance < 0.01 < risk(view, t("8p")).chance
    assert risk(view, t("8p")).chance > 5 * risk(view, t("2p")).chance
    # His pre-declaration discards are only safer: there is no furiten here.
    assert 0 < risk(view, t("9p")).chance < risk(view, t("8p")).chance


def test_a_discarder_pays_a_riichi_win_four_times_in_wikibooks() -> None:
    view = turn("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p", SOUTH, WEST, NORTH, declared=RIICHI)
    found = threats(view)
    know = AIPlayer("strong").knowledge(view.ruleset, view.settings)
    paid = payments(view, found, know)
    _, classical = resolve("dmjl", {})
    far = "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p"
    dmjl = turn(far, SOUTH, WEST, NORTH, declared=RIICHI, ruleset="dmjl", overrides={})
    paid_dmjl = payments(dmjl, threats(dmjl), AIPlayer("strong").knowledge("dmjl", classical))
    # East discards to South: 4 times South's hand (6 to an East winner); in dmjl East pays 2 times.
    assert paid[S] == 4 * 100 and paid_dmjl[S] == 2 * 65


def test_a_far_hand_folds_against_riichi_with_his_safe_tiles() -> None:
    view = turn("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p", SOUTH, WEST, NORTH, declared=RIICHI)
    plain, guarded = choices(view)
    assert risk(view, plain).chance > 0.04
    assert guarded in (t("7p"), t("2p")) and risk(view, guarded).chance < 0.01
    # The fold switch of old never saw him: he shows nothing, so no big hand.
    assert not should_fold(view, own_shanten=6, own_value=0)


def test_a_ready_cheap_hand_keeps_ready_with_the_safest_tile_that_does() -> None:
    # Ready after 2m, 5m, 4p or 7p: it gives up none of them for safety, it picks the safe 7p.
    view = turn("123m 456p 789s 234m 5m 7p", SOUTH, WEST, NORTH, declared=RIICHI)
    plain, guarded = choices(view)
    assert plain == t("2m") and guarded == t("7p")
    assert risk(view, t("7p")).chance < risk(view, t("2m")).chance


def test_a_ready_big_hand_pushes_against_riichi() -> None:
    view = turn("111z 555z 666z 77z 9m 2p 3p", SOUTH, WEST, NORTH, declared=RIICHI)
    plain, guarded = choices(view)
    assert plain == guarded == t("9m")
    assert risk(view, t("9m")).chance > 5 * risk(view, t("2p")).chance


def test_the_third_dragon_is_not_thrown_into_a_two_dragon_display() -> None:
    # Early in the wall, ready with the lone Red dragon thrown: the old switch did not fold, and
    # the hand alone lets it go; weighed, a harmless tile goes instead. Wikibooks, where the
    # discarder pays the win alone (in dmjl every loser pays the same: see the test below).
    south = seat(S, "[555z] [666z]", "9m1p")
    for wall in (55, 40):
        view = turn("123m 456p 789s 22z 99p 7z", south, wall_live=wall, overrides={})
        ev = Evaluator(view, AIPlayer("strong").knowledge("wikibooks", view.settings), "strong")
        best = ev.discard_choices(ev.state.counts, ev.state.melds)[0]
        assert best.shanten == 0 and not should_fold(view, best.shanten, best.value, know=ev.know)
        plain, guarded = choices(view)
        assert plain == t("7z") and guarded != t("7z")
        assert risk(view, guarded).chance < risk(view, t("7z")).chance / 2


def test_a_deal_in_costs_only_what_the_seat_would_not_pay_anyway() -> None:
    # dmjl and huabao: every loser pays the winner the same, on a discard or self-drawn, so
    # feeding his win costs nothing beyond his winning anyway; the discarder alone pays in
    # wikibooks (4 times South's 100), where East pays 2 times when South draws it himself.
    far = "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p"
    view = turn(far, SOUTH, WEST, NORTH, declared=RIICHI)
    know = AIPlayer("strong").knowledge(view.ruleset, view.settings)
    assert payments(view, threats(view), know, marginal=True)[S] == 4 * 100 - (2 * 100 + 0 + 0) / 3
    for name in ("dmjl", "huabao"):
        other = turn(far, SOUTH, WEST, NORTH, declared=RIICHI, ruleset=name, overrides={})
        known = AIPlayer("strong").knowledge(name, other.settings)
        assert payments(other, threats(other), known)[S] > 0
        assert payments(other, threats(other), known, marginal=True)[S] == 0


def test_in_dmjl_a_near_hand_does_not_fold_when_dealing_in_costs_nothing_extra() -> None:
    # One tile from ready against two dragon pongs: the Red dragon is his likeliest winning
    # tile, but he is paid the same by everyone however he wins, so the hand keeps its shape.
    south = seat(S, "[555z] [666z]", "9m1p")
    for wall in (55, 40):
        view = turn("234m 567p 78s 46p 99s 5s 7z", south, wall_live=wall, ruleset="dmjl", overrides={})
        assert risk(view, t("7z")).chance > 0.05 and risk(view, t("7z")).cost == 0
        assert choices(view) == (t("7z"), t("7z"))
    # In wikibooks with riichi a far hand still folds against a declarer (the test above).
    far = turn("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p", SOUTH, WEST, NORTH, declared=RIICHI)
    assert choices(far)[1] in (t("7p"), t("2p"))


def test_without_threats_the_weighing_changes_nothing() -> None:
    view = turn("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p", ruleset="dmjl", overrides={})
    plain, guarded = choices(view)
    assert plain == guarded
    quiet = [Threat(S, 0.0, 0.05), Threat(W, 0.0, 0.05), Threat(N, 0.0, 0.05)]
    assert max(risk(view, k, quiet).chance for k in range(34)) < 0.02


def test_a_hint_follows_the_player_with_defence_and_says_why() -> None:
    from engine.ai.hints import hint

    riichi = turn("1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 7p", SOUTH, WEST, NORTH, declared=RIICHI)
    dragons = turn("123m 456p 789s 22z 99p 7z", seat(S, "[555z] [666z]", "9m1p"), overrides={})
    for view, en, de in (
        (riichi, "(South declared riichi)", "(Süd hat Riichi angesagt)"),
        (
            dragons,
            "safer than Red dragon, which could win for South (what South shows points at a big hand)",
            "sicherer als Roter Drache, mit dem Süd gewinnen könnte (die Auslage von Süd deutet auf eine "
            "große Hand)",
        ),
    ):
        english, german = hint(view), hint(view, lang="de")
        assert english.action == AIPlayer("strong", seed="x", defence=True).choose(view)
        assert english.action != AIPlayer("strong", seed="x").choose(view)
        assert en in english.text and "safer than" in english.text
        assert de in german.text and "sicherer als" in german.text
    # Where the danger changes nothing the hint gives no such reason.
    quiet = hint(turn("234m 567p 78s 46p 99s 5s 7z", ruleset="dmjl", overrides={}))
    assert "safer" not in quiet.text
