"""The dead-hand oracle (engine/ai/conditions.py): each condition kills a hand and its near miss
does not, the special hands exempt from the conditions keep a hand alive, and the oracle agrees
with the scorer: no hand the scorer lets win is ever called dead."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.ai import conditions as c
from engine.hand import Hand, Meld, MeldKind
from engine.rulesets import get_ruleset
from engine.scoring.context import WinContext
from engine.scoring.scorer import score
from engine.tiles import HONOUR_START, TILES


def melds(*texts: str) -> list[Meld]:
    return [Meld.parse(t) for t in texts]


RUMISBERG = c.conditions("rumisberg")
WESTERN = c.conditions("wikibooks", {"western": "true"})


def test_conditions_read_off_the_settings() -> None:
    assert (RUMISBERG.max_chows, RUMISBERG.min_suit_pungs, RUMISBERG.require_flush) == (1, 1, False)
    assert (WESTERN.max_chows, WESTERN.require_flush) == (1, True)
    assert c.conditions("jiangxi").min_points == 2
    assert c.conditions("wikibooks", {"ii_fan_shibari": "true"}).min_doubles == 1
    assert not c.conditions("dmjl").restricts_melds
    assert c.conditions("wikibooks", {"western": "true", "max_chows": "2"}).max_chows == 2


def test_max_chows_second_chow_is_dead_first_is_not() -> None:
    assert not c.dead(RUMISBERG, melds("[123m]"))
    assert c.dead(RUMISBERG, melds("[123m]", "[456p]"))
    assert c.dead(RUMISBERG, melds("[123m]", "[456m]", "[777m]"))
    # the same chows are fine where the table allows any number
    assert not c.dead(c.conditions("dmjl"), melds("[123m]", "[456p]", "[789s]"))


def test_min_suit_pungs_too_few_sets_left() -> None:
    # one chow and three honour pongs: no set is left for the suit pong rumisberg needs
    assert c.dead(RUMISBERG, melds("[123m]", "[111z]", "[222z]", "[555z]"))
    # the near miss: one set still to make, it can be the suit pong
    out = c.outlook(RUMISBERG, melds("[123m]", "[111z]", "[555z]"))
    assert not out.dead and out.suit_pungs_needed == 1 and out.sets_left == 1
    # a suit pong already on show satisfies it
    assert not c.dead(RUMISBERG, melds("[123m]", "[111z]", "[555z]", "[777p]"))


def test_min_suit_pungs_honours_only_still_has_its_limit_hand() -> None:
    # four honour pongs: no suit pong can come, but honours only (a limit hand) is exempt
    four = melds("[111z]", "[222z]", "[555z]", "[666z]")
    assert c.outlook(RUMISBERG, four).counted_possible is False
    assert not c.dead(RUMISBERG, four)


def test_flush_required_two_suits_on_show_is_dead() -> None:
    assert c.dead(WESTERN, melds("[123m]", "[777p]"))
    assert not c.dead(WESTERN, melds("[123m]", "[777m]"))  # one suit
    assert not c.dead(WESTERN, melds("[123m]", "[777z]"))  # honours are allowed
    assert c.dead(WESTERN, melds("[123m]", "[456m]"))  # and at most one chow


def test_exempt_special_hands_keep_a_hand_alive() -> None:
    # two pongs of two suits: four kongs (a limit hand, exempt from the flush) is still open
    out = c.outlook(WESTERN, melds("[555m]", "[777p]"))
    assert not out.counted_possible and "fourfold wealth (four kongs)" in out.exempt_open
    assert not out.dead
    # two chows of green bamboo: the imperial green hand
    assert not c.dead(RUMISBERG, melds("[234s]", "[234s]"))
    assert c.dead(RUMISBERG, melds("[234s]", "[345s]"))  # 5 bamboo is not green
    # three great scholars with a chow beside the dragons, where the table lets it hold one
    scholars = melds("[123m]", "[555z]", "[666z]", "[777z]")
    pungs = dataclasses.replace(WESTERN, min_suit_pungs=1)  # wikibooks' list, a suit pong required
    assert not c.outlook(pungs, scholars).counted_possible
    assert not c.dead(pungs, scholars)
    assert c.dead(RUMISBERG, scholars)  # the DMJL list wants a fourth pong beside the dragons


def test_special_hands_won_by_circumstance_do_not_count() -> None:
    # the moon hand (last tile of the wall) is a limit hand in wikibooks, but nobody plans for it
    assert not any("moon" in name for name, _ in WESTERN.exempt)
    assert c.dead(WESTERN, melds("[123m]", "[456p]"))


def test_club_special_hand_keeps_its_pongs_alive() -> None:
    club = c.conditions("rumisberg", {"special_hands": "Steps: 123a 123a 555z 666z 77z = 2000"})
    # two equal chows of one suit fit the club's own hand (fixed value, no chow condition)
    assert not c.dead(club, melds("[123m]", "[123m]"))
    assert c.dead(club, melds("[123m]", "[123p]"))  # one suit letter: one suit
    assert c.dead(RUMISBERG, melds("[123m]", "[123m]"))  # without that hand: dead


def test_minimums_never_kill_a_hand() -> None:
    jiangxi = c.conditions("jiangxi")
    assert not c.dead(jiangxi, melds("[222m]", "[333p]", "[444s]", "[555m]"))
    shibari = c.conditions("wikibooks", {"ii_fan_shibari": "true"})
    assert not c.dead(shibari, melds("[234m]", "[345p]", "[456s]", "[234p]"))


def test_no_melds_is_never_dead() -> None:
    for cond in (RUMISBERG, WESTERN, c.conditions("jiangxi")):
        assert not c.dead(cond, [])


def test_every_special_hand_is_known() -> None:
    """An exempt hand the oracle does not know would fit every hand and hide every death: each
    exempt hand of every ruleset is one it tests (a hand of honours only is refused by some)."""
    tables = [
        c.conditions(name, extra)
        for name, extra in [
            ("dmjl", {}),
            ("huabao", {"traditional_limit_hands": "true"}),
            ("wikibooks", {"western": "true", "seven_pairs": "true"}),
            ("rumisberg", {}),
            ("jiangxi", {}),
        ]
    ]
    chows = melds("[123m]", "[456p]", "[789s]", "[123p]")
    for cond in tables:
        for name, fits in cond.exempt:
            assert not fits(chows), f"{cond.ruleset}: {name} takes any hand"


def _random_hand(rng: random.Random, suits: tuple[int, ...], declared: int) -> tuple[Hand, list[Meld], int]:
    """A complete hand of four sets and a pair from ``suits`` (3: honours), its first
    ``declared`` sets exposed; the winning tile one of the pair."""
    counts = [0] * 34
    sets: list[Meld] = []
    while len(sets) < 4:
        suit = rng.choice(suits)
        if suit == 3:
            tile, kind = HONOUR_START + rng.randrange(7), MeldKind.PONG
        else:
            kind = rng.choice((MeldKind.CHOW, MeldKind.PONG))
            tile = 9 * suit + rng.randrange(7 if kind == MeldKind.CHOW else 9)
        meld = Meld(kind, TILES[tile])
        if all(counts[t] + meld.tiles.count(TILES[t]) <= 4 for t in set(meld.tiles)):
            for t in meld.tiles:
                counts[t] += 1
            sets.append(meld)
    while True:
        suit = rng.choice(suits)
        pair = HONOUR_START + rng.randrange(7) if suit == 3 else 9 * suit + rng.randrange(9)
        if counts[pair] <= 2:
            break
    concealed = [t for m in sets[declared:] for t in m.tiles] + [TILES[pair]] * 2
    return Hand(tuple(concealed), tuple(sets[:declared])), sets[:declared], pair


@pytest.mark.parametrize(
    ("ruleset", "settings"),
    [
        ("rumisberg", {}),
        ("wikibooks", {"western": "true"}),
        ("wikibooks", {"western": "true", "max_chows": "2"}),
    ],
)
def test_never_dead_where_the_scorer_lets_win(ruleset: str, settings: dict[str, str]) -> None:
    """Soundness: a hand the scorer lets win on a plain discard is never called dead by its
    declared melds (random hands over one or two suits with honours, seed fixed)."""
    rs = get_ruleset(ruleset)
    cond = c.conditions(ruleset, settings)
    rng = random.Random(32)
    wins = deaths = 0
    for _ in range(1500):
        suits = (rng.randrange(3), rng.randrange(3), 3)
        hand, declared, pair = _random_hand(rng, suits, rng.randrange(5))
        ctx = WinContext(win_tile=TILES[pair])
        won = score(hand, ctx, rs, settings).won
        wins += won
        if c.dead(cond, declared):
            deaths += 1
            assert not won, f"{hand} wins in {ruleset} but its melds were called dead"
    assert wins > 50 and deaths > 50  # both sides were tried
