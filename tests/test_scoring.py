"""Scoring behaviour beyond the worked examples: choices, edge cases, errors, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidHandError, NotationError, RulesetHandError, SettingError
from engine.hand import Hand
from engine.rulesets import get_ruleset
from engine.scoring import Score, WinContext, score
from engine.tiles import TILES


def sc(hand: str, ruleset: str = "dmjl", settings: dict[str, object] | None = None, **ctx: object) -> Score:
    return score(Hand.parse(hand), WinContext.make(**ctx), ruleset=get_ruleset(ruleset), settings=settings)  # type: ignore[arg-type]


def names(result: Score) -> list[str]:
    return [line.code for line in result.items]


# --- Choosing the best arrangement (A-CORE-11) ---------------------------------------------


def test_three_pongs_beat_three_chows() -> None:
    result = sc("111222333m 456p 99s", win="9s")
    assert result.won
    assert result.arrangement.startswith("111m 222m 333m")
    assert names(result).count("P4") == 2 and "P6" in names(result)  # 1m is major, 2m 3m simples


def test_winning_tile_placed_where_it_scores_best() -> None:
    # 5p completes either the pair 55p (single wait, pair of simples: M3 + M4)
    # or the chow 345p. The pair placement is worth more.
    result = sc("345p 55p 123m 678s 999s", win="5p")
    assert "completing 55p" in result.win_place
    assert "M4" in names(result)


def test_winning_tile_inside_an_exposed_meld() -> None:
    # The pong [111p] was claimed with the winning discard: before it the
    # player held 11p and 55s, waiting on both; no only-possible points.
    result = sc("[111p] 234m 567m 789s 55s", win="1p")
    assert result.won
    assert "completing [111p]" in result.win_place
    assert "M3" not in names(result)


def test_discard_exposes_the_completed_pong() -> None:
    concealed = sc("111p 234m 567m 789s 55s", win="1p", self_drawn=True)
    discard = sc("111p 234m 567m 789s 55s", win="1p")
    assert "P6" in names(concealed)  # concealed pong of majors, 8
    assert "[111p]" in discard.arrangement and "P5" in names(discard)  # exposed, 4


def test_no_winning_tile_keeps_sets_concealed_and_skips_winning_tile_items() -> None:
    result = sc("111p 234m 567m 789s 55s")
    assert "P6" in names(result)
    assert not {"M2", "M3", "M4", "M5", "W3"} & set(names(result))


def test_self_drawn_concealed_hand_gets_all_concealed_double() -> None:
    result = sc("111p 234m 567m 789s 55s", win="5s", self_drawn=True)
    assert "W3" in names(result) and "M2" in names(result)


def test_concealed_kong_counts_as_concealed_set() -> None:
    result = sc("(1111p) 234m 567m 789s 55s", win="5s", self_drawn=True)
    assert "P10" in names(result) and "W3" in names(result)


def test_four_of_a_kind_undeclared_is_a_pong_plus_a_tile() -> None:
    result = sc("1111m 23m 456p 789s 55z", win="5z")
    assert result.won
    assert "111m 123m" in result.arrangement


# --- Losing hands -----------------------------------------------------------------------------


def test_losing_hand_counts_every_scoring_pair_in_dmjl_and_one_elsewhere() -> None:
    # Two scoring pairs (A-CORE-15, revised): dmjl counts both (East's wind as seat and
    # prevailing wind, and the red dragon); huabao only the better one.
    result = sc("555z 11z 77z 123m 9p", seat="E", prevailing="E")
    assert not result.won and not result.limit
    assert {"P11", "P12", "P13"} <= set(names(result))
    assert {line.detail for line in result.items if line.code in ("P11", "P12", "P13")} == {"11z", "77z"}
    one = sc("555z 11z 77z 123m 9p", ruleset="huabao", seat="E", prevailing="E")
    counted = {line.detail for line in one.items if line.detail in ("11z", "77z")}
    assert len(counted) == 1
    assert (result.points, result.total) == (8 + 2 + 2 + 2, 28)  # P6, P11, P12, P13; D4 doubles
    assert (one.points, one.total) == (8 + 4, 24)  # H9 and the better pair (H4); HD2 doubles


def test_losing_hand_with_only_bonus_tiles() -> None:
    result = sc("1f 5f", seat="E")
    assert result.total == 8 * 2  # two bonus tiles, both East's: one double


def test_losing_hand_rejects_winning_tile() -> None:
    with pytest.raises(InvalidHandError, match="losing hand"):
        sc("123m 456p", win="1m")


def test_fourteen_tiles_that_do_not_win_score_nothing() -> None:
    result = sc("111z 222z 333z 444z 1m 5p")
    assert not result.won
    assert (result.points, result.doubles, result.total) == (0, 0, 0)
    assert "do not form four sets and a pair" in result.reason


def test_seven_pairs_is_no_win_in_dmjl_but_a_limit_hand_in_traditional_huabao() -> None:
    hand = "2288m 3355p 44s 66z 77z"
    assert "seven pairs is not a winning hand in dmjl" in sc(hand, win="7z").reason
    assert not sc(hand, "huabao", win="7z").won
    traditional = sc(hand, "huabao", {"traditional_limit_hands": True}, win="7z")
    assert traditional.won and traditional.limit and traditional.total == 500


def test_thirteen_orphans_only_in_dmjl() -> None:
    hand = "19m19p19s1234567z 1z"
    assert sc(hand, win="1z").total == 500
    assert "thirteen orphans is not a winning hand in huabao" in sc(hand, "huabao", win="1z").reason


# --- Limit, settings, flags ---------------------------------------------------------------------


def test_limit_hand_reports_limit_as_points() -> None:
    result = sc("[111z] 222z 333z 555z 66z", win="6z")
    assert result.limit and result.points == result.total == result.uncapped == 500
    assert result.doubles == 0


def test_capped_hand_is_not_a_limit_hand() -> None:
    result = sc("[777z] [666z] 555z [345s] 66m", seat="S", win="6m")
    assert not result.limit and result.total == 500 and result.uncapped == 1280


@pytest.mark.parametrize("limit", [300, 1000])
def test_limit_setting(limit: int) -> None:
    result = sc("[111z] 222z 333z 555z 66z", settings={"limit": limit}, win="6z")
    assert result.total == limit


def test_limit_hands_off_scores_honours_with_w7() -> None:
    result = sc("[111z] 222z 333z 555z 66z", settings={"limit_hands": False}, win="6z")
    assert not result.limit and "W7" in names(result)


def test_earths_blessing_value_settings() -> None:
    hand = "123s 456m 777p 345p 99s"
    assert sc(hand, seat="S", win="9s", flags=["first-turn"]).total == 500
    half = sc(hand, "huabao", {"earthly_value": "half_limit"}, seat="S", win="9s", flags=["first-turn"])
    assert half.total == 250 and half.limit


def test_huabao_earths_blessing_is_exactly_half_the_limit() -> None:
    # Normal value 42 × 2^5 = 1344 → 500, above half a limit: the seed's "erhält die Hälfte des
    # Limits" is exactly half (A-HB-10 revised), so the hand is worth 250.
    hand = "555z 666z 777z 222z 99p"
    ctx = {"seat": "S", "prevailing": "S", "win": "9p", "flags": ["first-turn"]}
    result = sc(hand, "huabao", **ctx)  # type: ignore[arg-type]
    assert result.limit and result.total == 250


def test_huabao_earths_blessing_half_limit_or_better_keeps_a_better_normal_value() -> None:
    # The earlier reading, now a house rule: the normal value stands where it is higher.
    hand = "555z 666z 777z 222z 99p"
    ctx = {"seat": "S", "prevailing": "S", "win": "9p", "flags": ["first-turn"]}
    result = sc(hand, "huabao", {"earthly_value": "half_limit_or_better"}, **ctx)  # type: ignore[arg-type]
    assert not result.limit and result.total == 500


def test_winning_tile_points_not_cumulative() -> None:
    hand, ctx = "[555s] 777z 234m [678p] 99p", {"seat": "S", "win": "9p", "self_drawn": True}
    assert sc(hand, **ctx).points == 38
    assert sc(hand, settings={"winning_tile_points": False}, **ctx).points == 30


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        pytest.param(
            {"flags": ["robbing-kong"], "self_drawn": True},
            SettingError,
            "not self-drawn",
            id="rob-self-drawn",
        ),
        pytest.param(
            {"flags": ["first-turn"], "seat": "E"}, SettingError, "add --self-drawn", id="heaven-discard"
        ),
        pytest.param(
            {"flags": ["first-turn"], "seat": "S", "self_drawn": True},
            SettingError,
            "drop --self-drawn",
            id="earth-drawn",
        ),
        pytest.param({"flags": ["lucky"]}, SettingError, "unknown flag 'lucky'", id="unknown-flag"),
        pytest.param({"seat": "Q"}, NotationError, "not a wind", id="bad-seat"),
        pytest.param({"win": "1f"}, SettingError, "bonus tile", id="bonus-win"),
        pytest.param({"win": "9z"}, NotationError, "z tiles run", id="bad-win-tile"),
    ],
)
def test_context_errors(kwargs: dict[str, object], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as err:
        sc("123m 456p 789s 111z 55z", **kwargs)
    assert fragment in str(err.value)


def test_replacement_implies_self_drawn() -> None:
    assert WinContext.make(win="1m", flags=["replacement"]).self_drawn
    assert WinContext.make(win="1m", flags=["kong-on-kong"]).replacement


@pytest.mark.parametrize(
    ("hand", "win", "fragment"),
    [
        ("123m 456p 789s 111z 55z", "9m", "not in the hand"),
        ("(1111m) 456p 789s 111z 55z", "1m", "only in a kong"),
    ],
)
def test_winning_tile_must_be_in_the_hand(hand: str, win: str, fragment: str) -> None:
    with pytest.raises(InvalidHandError, match=fragment):
        sc(hand, win=win)


def test_self_drawn_tile_cannot_sit_in_an_exposed_meld() -> None:
    with pytest.raises(InvalidHandError, match="concealed tiles"):
        sc("[111p] 234m 567m 789s 55s", win="1p", self_drawn=True)


@pytest.mark.parametrize(
    ("settings_", "fragment"),
    [
        ({"limitt": 300}, "no setting 'limitt'"),
        ({"limit": "lots"}, "whole number"),
        ({"limit": 5}, "from 10 to 100000"),
        ({"flower_double_model": "nice"}, "one of dmjl, per_category, additive"),
        ({"seven_pairs": "maybe"}, "true or false"),
    ],
)
def test_settings_errors(settings_: dict[str, object], fragment: str) -> None:
    with pytest.raises(SettingError, match=fragment):
        get_ruleset("dmjl").settings(settings_)


def test_unknown_ruleset() -> None:
    with pytest.raises(SettingError, match="rulesets are: dmjl, huabao"):
        sc("123m", ruleset="riichi")


def test_settings_fingerprint_changes_with_rules() -> None:
    dmjl = get_ruleset("dmjl")
    assert dmjl.settings().fingerprint() == dmjl.settings({}).fingerprint()
    assert dmjl.settings().fingerprint() != dmjl.settings({"limit": 300}).fingerprint()


# --- Properties -----------------------------------------------------------------------------


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[str, str, bool, str, str]:
    counts = [0] * 34
    parts: list[str] = []
    concealed: list[int] = []
    while len(parts) < 4:
        kind = draw(st.sampled_from(["chow", "pong", "kong"]))
        tile = draw(st.integers(0, 33))
        if kind == "chow":
            tile = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            tiles = [tile, tile + 1, tile + 2]
        else:
            tiles = [tile] * (4 if kind == "kong" else 3)
        if any(counts[t] + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            counts[t] += 1
        text = "".join(str(TILES[t]) for t in tiles)
        how = draw(st.sampled_from(["concealed", "exposed"] if kind != "kong" else ["exposed", "declared"]))
        if how == "concealed":
            concealed.extend(tiles)
        parts.append(f"[{text}]" if how == "exposed" else f"({text})" if how == "declared" else text)
    pair = draw(st.integers(0, 33).filter(lambda t: counts[t] <= 2))
    concealed += [pair, pair]
    parts.append(str(TILES[pair]) * 2)
    win = str(TILES[draw(st.sampled_from(concealed))])
    return (
        " ".join(parts),
        win,
        draw(st.booleans()),
        draw(st.sampled_from("ESWN")),
        draw(st.sampled_from("ESWN")),
    )


@settings(max_examples=200, deadline=None)
@given(winning_hands(), st.sampled_from(["dmjl", "huabao"]))
def test_score_sheet_adds_up(case: tuple[str, str, bool, str, str], ruleset: str) -> None:
    hand, win, drawn, seat, prevailing = case
    result = sc(hand, ruleset, win=win, self_drawn=drawn, seat=seat, prevailing=prevailing)
    assert result.won
    assert result.points == sum(line.points for line in result.items)
    assert result.doubles == sum(line.doubles for line in result.items)
    limit = get_ruleset(ruleset).settings().limit
    if not result.limit:
        assert result.uncapped == result.points << result.doubles
        assert result.total == min(result.uncapped, limit)
    assert 0 < result.total <= limit
    # The arrangement shown is a hand with exactly the same tiles.
    assert Hand.parse(result.arrangement).counts() == Hand.parse(hand).counts()


@settings(max_examples=100, deadline=None)
@given(winning_hands(), st.randoms())
def test_score_ignores_the_order_of_parts(case: tuple[str, str, bool, str, str], rnd: object) -> None:
    hand, win, drawn, seat, prevailing = case
    parts = hand.split()
    rnd.shuffle(parts)  # type: ignore[attr-defined]
    a = sc(hand, win=win, self_drawn=drawn, seat=seat, prevailing=prevailing)
    b = sc(" ".join(parts), win=win, self_drawn=drawn, seat=seat, prevailing=prevailing)
    assert a == b


def test_a_bonus_tile_can_cost_the_zero_point_double_only_where_it_counts() -> None:
    # Found by a property test: where bonus tiles count for the zero-point hand
    # (figure_points), the flower's 4 points end it, the best arrangement changes and the
    # hand is worth less (288 < 320). dmjl's own basis (A-DMJL-04 revised) ignores them.
    figure = {"zero_point_basis": "figure_points"}
    plain = sc("123m 123m 123m 234m 55m", win="1m", settings=figure)
    with_flower = sc("123m 123m 123m 234m 55m 1f", win="1m", settings=figure)
    assert (plain.total, with_flower.total) == (320, 288)
    assert "W1" in names(plain) and "W1" not in names(with_flower)
    default = sc("123m 123m 123m 234m 55m 1f", win="1m")
    assert "W1" in names(default) and default.total > plain.total


@pytest.mark.parametrize(
    ("text", "win", "kinds"),
    [
        ("123m 456m 789m [555z] 11p", "1p", ["pong", "chow", "chow", "chow", "pair"]),  # a winner
        ("19m19p19s1234567z 1z", "1z", ["single"] * 6 + ["pair"] + ["single"] * 6),  # thirteen orphans
        ("111m 456m 99p 135s 1f", None, ["pong"] + ["single"] * 8 + ["bonus"]),  # a loser (dmjl: no pair)
        ("123m 456m 789m 1357p 9p", "9p", ["single"] * 14),  # no Mah-Jongg: every tile alone
    ],
)
def test_groups_are_built_when_first_read_and_behave_as_a_field(
    text: str, win: str | None, kinds: list[str]
) -> None:
    """The scorer leaves ``Score.groups`` to be built on first reading; nothing else can tell."""
    import copy
    import dataclasses
    import pickle

    def fresh() -> Score:
        ctx = WinContext.make(win=win) if win else WinContext()
        return score(Hand.parse(text), ctx, get_ruleset("dmjl"))

    a, b = fresh(), fresh()
    assert a == b and hash(a) == hash(b)  # equality and hashing read the groups
    assert [g.kind for g in fresh().groups] == kinds
    for other in (pickle.loads(pickle.dumps(fresh())), copy.deepcopy(fresh()), copy.copy(fresh())):
        assert other == a and other.groups == a.groups
    assert dataclasses.replace(fresh(), reason="x").groups == a.groups
    assert "groups=(ArrangedGroup(" in repr(fresh()) and "_build_groups" not in repr(a)
    assert dataclasses.asdict(fresh())["groups"] == dataclasses.asdict(a)["groups"]
    once = fresh()
    assert once.groups is once.groups  # built once, then kept
    with pytest.raises(AttributeError, match="'Score' object has no attribute 'grups'"):
        _ = once.grups  # type: ignore[attr-defined]


def test_loser_tie_on_rounded_value_keeps_the_pair_with_more_points() -> None:
    """Issue 25 item 13: 18 and 20 both round to 20 in wikibooks; the arrangement with the dragon
    pair (20 unrounded) is kept, so its line stays on the sheet."""
    result = sc("111m 999p [222s] 55z 3p", "wikibooks", seat="S")
    assert not result.won and result.total == 20
    assert result.points == 20
    assert any(line.detail == "55z" for line in result.items)


def test_a_tile_the_set_lacks_is_refused_with_the_setting_that_adds_it() -> None:
    """Issue 25 item 12: huabao is played with 136 tiles by default, without flowers: a flower
    is refused with the reason and the setting that adds them; with it, or in dmjl, it scores."""
    hand = "111m 222p 333s 444s 55z 1f"
    lacks = "136 tiles, without flowers or seasons: there is no 1f"
    with pytest.raises(RulesetHandError, match=lacks) as caught:
        sc(hand, "huabao", win="5z")
    assert "bonus_tiles=true" in str(caught.value) and caught.value.code == "no_bonus_adds"
    assert sc(hand, "huabao", {"bonus_tiles": True}, win="5z").won
    assert sc(hand, win="5z").won
    with pytest.raises(RulesetHandError, match="there is no 8f"):
        sc("111m 222p 333s 444s 5z 8f", "dmjl", {"bonus_tiles": False})


def test_winning_tile_points_not_cumulative_keep_only_the_highest() -> None:
    """A-DMJL-03 with winning_tile_points_cumulative off: of M2-M5 only the highest counts (the
    setting was read nowhere before, issue 25 item 5)."""
    hand, ctx = "[555s] 777z 234m [678p] 99p", {"seat": "S", "win": "9p", "self_drawn": True}
    assert names(sc(hand, **ctx)).count("M2") == 1  # cumulative: M2 M3 M5, 2 + 2 + 4
    single = sc(hand, settings={"winning_tile_points_cumulative": False}, **ctx)  # type: ignore[arg-type]
    assert single.points == 38 - 4 and [c for c in names(single) if c.startswith("M")] == ["M1", "M5"]
    off = {"winning_tile_points_cumulative": False}
    simples = sc("[555s] 777z 234m [678p] 55p", settings=off, seat="S", win="5p", self_drawn=True)
    assert [c for c in names(simples) if c.startswith("M")] == ["M1", "M2"]
