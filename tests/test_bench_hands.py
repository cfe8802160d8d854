"""The benchmark's scoring sets (bench/hands.py): each ruleset's set holds hands its tile set,
its seats and its conditions allow, and they score as their kind says."""

from __future__ import annotations

import pytest

from bench.hands import SHAPES, Request, request_set, ruleset_set
from engine.hand import Hand, MeldKind
from engine.rulesets import get_ruleset
from engine.scoring.report import score_request
from engine.scoring.scorer import Score
from engine.tiles import HONOUR_START
from engine.wall import KIND


def scored(r: Request) -> Score:
    """A benchmark request scored as ``mahjong score`` would score it."""
    return score_request(
        hand=r.hand,
        ruleset=r.ruleset,
        seat=r.seat,
        prevailing=r.prevailing,
        win=r.win,
        self_drawn=r.self_drawn,
        flags=r.flags,
        settings=r.settings,
    )


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_every_request_is_valid_in_its_ruleset_and_scores_as_its_kind(name: str) -> None:
    requests = ruleset_set(name)
    assert len(requests) == 200 and {r.ruleset for r in requests} == {name}
    rs = get_ruleset(name)
    won = {"win": 0, "limit": 0, "loss": 0, "no-win": 0}
    for r in requests:
        settings = rs.settings(r.settings)
        kinds = {KIND[i] for i in rs.tile_ids(settings)}
        hand = Hand.parse(r.hand)
        tiles = [t for m in hand.melds for t in m.tiles] + list(hand.concealed) + list(hand.bonus)
        assert set(tiles) <= kinds, r.hand
        assert {r.seat, r.prevailing} <= {"ESWN"[s] for s in rs.seats(settings)}, r
        if not rs.chows:
            assert not any(m.kind is MeldKind.CHOW for m in hand.melds), r.hand
        result = scored(r)
        won[r.kind] += result.won
        if r.kind == "limit":
            assert result.limit, (r.hand, result.reason)
    limits = sum(r.kind == "limit" for r in requests)
    assert won["limit"] == limits and won["loss"] == won["no-win"] == 0
    # Random winning hands win, but for jiangxi's below its 2-fan minimum
    assert won["win"] >= 0.8 * sum(r.kind == "win" for r in requests)


def test_rumisberg_random_wins_meet_the_counting_conditions_and_some_are_for_three() -> None:
    wins = [r for r in ruleset_set("rumisberg") if r.kind == "win"]
    for r in wins:
        hand = Hand.parse(r.hand)
        exposed_chows = sum(m.kind is MeldKind.CHOW for m in hand.melds)
        exposed_suit_sets = [
            m for m in hand.melds if m.kind is not MeldKind.CHOW and m.tiles[0] < HONOUR_START
        ]
        assert exposed_chows <= 1, r.hand
        assert exposed_suit_sets or any(hand.concealed.count(t) >= 3 for t in hand.concealed), r.hand
    assert sum(r.settings.get("players") == 3 for r in wins) >= len(wins) // 4


def test_the_mixed_set_keeps_its_size_and_mix() -> None:
    """``score_hands_per_s`` stays comparable with earlier runs: the same 250 requests, each one
    the scorer takes under its ruleset and settings (a huabao hand with flowers once stopped the
    benchmark when huabao's 136 tiles began to refuse them)."""
    requests = request_set()
    for r in requests:
        scored(r)
    assert len(requests) == 250 and request_set() == requests
    assert {r.ruleset for r in requests} == {"dmjl", "huabao"}
    assert [sum(r.kind == k for r in requests) for k in ("win", "limit", "loss", "no-win")] == [
        142,
        31,
        50,
        27,
    ]
