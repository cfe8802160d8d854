"""Hidden information stays hidden: two deals with the same public history and
different hidden tiles look the same to everyone else, at every point of that
history (the public view and the table image).

Deal B is deal A with two physical tiles swapped: one that stays in a seat's
concealed hand to the end of A, and one that is never drawn from the wall. A's
log is replayed on B; until the hand ends (when every hand is shown) the public
views must be equal, whatever the swapped tile changes in what that seat could
claim."""

from __future__ import annotations

import random
from collections import deque

import pytest
from engine_driver import random_settings
from hypothesis import given, settings
from hypothesis import strategies as st
from render_support import declaring_deal

from engine.actions import ActionKind
from engine.deal import Deal
from engine.errors import IllegalActionError
from engine.rulesets import RULESETS, resolve
from engine.wall import KIND, Wall
from render.table import render_table


def _wall(deal: Deal) -> Wall:
    """The wall ``deal`` was dealt from, rebuilt from its seed as :class:`Deal` builds it. With
    three players (R3) the twelve tiles each took before the wall was built are put in front
    of it, where a deal from a given wall takes them."""
    s = deal.settings
    rng = random.Random(deal.seed)
    tiles = list(deal.ruleset.tile_ids(s))
    taken: list[int] = []
    if s.deal_pattern == "R3":
        rng.shuffle(tiles)
        taken, tiles = tiles[: 12 * len(deal.in_play)], tiles[12 * len(deal.in_play) :]
    wall = Wall.build(
        rng,
        tiles,
        wall_break=s.wall_break,
        break_wall_owner=s.break_wall_owner,
        break_count=s.break_count,
        loose_tile_order=s.loose_tile_order,
        sides=deal.in_play,
    )
    front = [taken[i : i + 2] for i in range(0, len(taken), 2)]
    return Wall(deque([*front, *wall.stacks]), wall.loose, wall.breaking)


def _swapped(wall: Wall, a: int, b: int) -> Wall:
    def swap(t: int) -> int:
        return b if t == a else a if t == b else t

    stacks = type(wall.stacks)([swap(t) for t in stack] for stack in wall.stacks)
    return Wall(stacks, [swap(t) for t in wall.loose], wall.breaking)


def random_hand(ruleset: str, overrides: dict[str, object], seed: int) -> tuple[Deal, list[str]]:
    """Deal A played to its end with uniformly random legal actions; its log."""
    rng = random.Random(seed)
    deal = Deal(ruleset, overrides, seed)
    while not deal.over:
        legal = [a for s in deal.to_act() for a in deal.legal_actions(s)]
        deal.apply(rng.choice(legal))
    return deal, [str(a) for a in deal.log]


def twin(deal: Deal, rng: random.Random) -> tuple[Deal, int] | None:
    """Deal B: a tile that stays hidden in a seat's hand swapped with one never drawn
    (of another kind); None when there is no such pair."""
    winner = deal.result.winner if deal.result else None
    kept = [(seat, t) for seat in range(4) if seat != winner for t in deal.seats[seat].concealed]
    # Bonus tiles and a ruleset's lucky tiles (jiangxi's Fa) are shown as soon as drawn.
    unseen = [t for t in deal.wall.tiles() if not (KIND[t].is_bonus or KIND[t] in deal.ruleset.lucky)]
    pairs = [(seat, t, u) for seat, t in kept for u in unseen if KIND[t] != KIND[u]]
    if not pairs:
        return None
    seat, t, u = rng.choice(pairs)
    wall = _swapped(_wall(deal), t, u)
    return Deal(deal.ruleset, deal.settings, deal.seed, _arranged=(wall, None)), seat


def public_history_points(ruleset: str, overrides: dict[str, object], seed: int) -> int:
    """Replay A's log on a fresh A and on B side by side; assert equal public views at
    every point. Returns how many points were compared."""
    played, log = random_hand(ruleset, overrides, seed)
    pair = twin(played, random.Random(seed))
    if pair is None:
        return 0
    b, swapped_seat = pair
    a = Deal(played.ruleset, played.settings, played.seed)
    points = 0
    for line in log:
        assert a.view(None) == b.view(None), f"public views differ before {line!r} (step {points})"
        points += 1
        a.apply(line)
        try:
            b.apply(line)
        except IllegalActionError:
            # Only the seat holding the swapped tile can have a move A allows and B does not
            # (its own win or call); the histories part there.
            assert line.split()[0] == "ESWN"[swapped_seat], line
            break
        if a.over:
            break
    return points


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    ruleset=st.sampled_from(sorted(RULESETS)),
    rng=st.randoms(use_true_random=False),
)
def test_same_public_history_gives_the_same_public_view(seed: int, ruleset: str, rng: random.Random) -> None:
    public_history_points(ruleset, random_settings(rng, ruleset), seed)


def test_the_comparison_covers_whole_hands() -> None:
    points = [public_history_points("dmjl", {}, seed) for seed in range(5)]
    assert min(points) > 100  # most of a hand, not a few opening moves


def test_three_player_twin_deals_share_their_public_history() -> None:
    """Rumisberg with three players (R3): the rebuilt deal is the played one, and a twin with a
    hidden tile swapped looks the same to everyone."""
    three = {"players": 3, "deal_pattern": "R3"}
    played = Deal("rumisberg", three, 5)
    again = Deal(played.ruleset, played.settings, played.seed, _arranged=(_wall(played), None))
    assert again.snapshot() == played.snapshot()
    assert sum(public_history_points("rumisberg", three, seed) for seed in range(4)) > 200


@pytest.mark.parametrize(
    ("ruleset", "seed", "overrides"),
    [("dmjl", 11, {}), ("huabao", 12, {}), ("rumisberg", 13, {"players": 3})],
)
def test_same_public_history_gives_the_same_table_image(
    ruleset: str, seed: int, overrides: dict[str, object]
) -> None:
    played, log = random_hand(ruleset, overrides, seed)
    pair = twin(played, random.Random(seed))
    assert pair is not None
    b = pair[0]
    a = Deal(*resolve(ruleset, overrides), seed)
    last = None
    images = 0
    for line in log:
        view = a.view(None)
        if view != last:  # the image is drawn again whenever the public view changes
            assert render_table(view) == render_table(b.view(None)), f"images differ before {line!r}"
            last = view
            images += 1
        a.apply(line)
        try:
            b.apply(line)
        except IllegalActionError:
            break  # the swapped seat's own win or call: the histories part here
        if a.over:
            break
    assert images > 40


@pytest.mark.parametrize(
    ("ruleset", "overrides", "kind", "seed"),
    [
        ("wikibooks", {"riichi": True, "dora": True}, ActionKind.RIICHI, 5),
        ("rumisberg", {"fishing": True}, ActionKind.FISHING, 1),
        ("rumisberg", {"fishing": True, "players": 3}, ActionKind.FISHING, 1),
    ],
)
def test_declarations_dora_and_centre_leave_the_table_image_public(
    ruleset: str, overrides: dict[str, object], kind: ActionKind, seed: int
) -> None:
    """A hand with a declaration (its discard laid sideways for riichi, its badge), a dora
    indicator and points in the centre: a hidden tile swapped changes no table image."""
    played = declaring_deal(ruleset, overrides, kind, seed, moves_after=None)
    pair = twin(played, random.Random(seed))
    assert pair is not None
    b = pair[0]
    a = Deal(played.ruleset, played.settings, played.seed)
    last = None
    marked = 0
    for action in played.log:
        view = a.view(None)
        if view != last:
            assert render_table(view) == render_table(b.view(None)), f"images differ before {action}"
            last = view
            marked += bool(view.declared)
        a.apply(action)
        try:
            b.apply(action)
        except IllegalActionError:
            break
        if a.over:
            break
    assert marked > 5  # images with the declaration on them were compared
