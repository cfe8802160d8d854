"""Hints in words a player understands (issue 13): *ready* and *N tiles from ready* instead
of shanten, the winning tiles and what each scores, the tiles that help, the chance to win;
claims, passes and kongs; the Gulasch exchange; German.

The deals are arranged (``Deal.arranged``); the chance to win is being calibrated elsewhere,
so a text's chance is checked by its form and against the evaluator's own figure."""

from __future__ import annotations

import re

import pytest

from engine.actions import Action, ActionKind
from engine.ai.hints import _chance, hint
from engine.ai.player import Evaluator
from engine.ai.value import knowledge
from engine.deal import Deal
from engine.seats import Position
from engine.tiles import Tile, tile_name, tiles_in_words
from engine.views import HintView

NO_BONUS = {"bonus_tiles": False}
M, P, S = "2233445566778m", "2233445566778p", "2233445566778s"
"""The other seats' hands: they keep out of the way (and offer no winds or dragons)."""
CHANCE_EN = r"chance to win (about \d+%|under 5%|over 95%)"
CHANCE_DE = r"Gewinnchance (etwa \d+ %|unter 5 %|über 95 %)"


def sentences(text: str) -> tuple[str, list[str]]:
    """A hint's head (the move) and its clauses, in order."""
    assert text.endswith(".") and "shanten" not in text.lower()
    head, rest = text[:-1].split(": ", 1)
    return head, rest.split("; ")


def test_a_ready_hand_names_each_winning_tile_with_copies_left_and_value() -> None:
    deal = Deal.arranged(["123m456p789s11z55z9m", M, P, S], settings=NO_BONUS)
    h = hint(deal.view(0))
    head, (progress, waits, chance) = sentences(h.text)
    assert head == "Discard Characters 9 with the call at the beginning"
    assert progress == "keeps you ready"
    assert waits == (
        "waiting on East wind or White dragon: East wind (2 left) worth 256 (104 on a discard), "
        "White dragon (2 left) worth 136 (56 on a discard)"
    )
    assert re.fullmatch(CHANCE_EN, chance)
    assert h.marks() == HintView(Tile.parse("9m"), (Tile.parse("1z"), Tile.parse("5z")))


def test_a_ready_hand_in_german() -> None:
    deal = Deal.arranged(["123m456p789s11z55z9m", M, P, S], settings=NO_BONUS)
    head, (progress, waits, chance) = sentences(hint(deal.view(0), lang="de").text)
    assert head == "Zahl-9 abwerfen, mit Ruf zu Beginn"
    assert progress == "du bleibst bereit"
    assert waits == (
        "du wartest auf: Ostwind (noch 2) ist 256 wert (104 auf einen Abwurf), "
        "Weißer Drache (noch 2) ist 136 wert (56 auf einen Abwurf)"
    )
    assert re.fullmatch(CHANCE_DE, chance)


def test_a_hand_two_tiles_from_ready_lists_the_tiles_that_help() -> None:
    deal = Deal.arranged(["123m456p9s17z35s9m99p", M, P, S], settings=NO_BONUS)
    view = deal.view(0)
    h = hint(view)
    assert h.discard in (Tile.parse("1z"), Tile.parse("7z"))  # the two lone honours
    head, (progress, helps, chance) = sentences(h.text)
    assert h.discard is not None
    assert head == f"Discard {tile_name(h.discard)}" and progress == "keeps you 2 tiles from ready"
    kinds = [t for t, n in h.useful if n]
    named = tiles_in_words(kinds, loose=True)
    assert helps == f"{sum(n for _, n in h.useful)} tiles of {len(kinds)} kinds can help: {named}"
    assert {"7m", "9p", "4s"} <= {str(t) for t in kinds}
    assert not re.search(r"\b[1-9][mpsz]\b", h.text), h.text  # tiles by name, never by code
    # The chance is the evaluator's own figure for that discard, in plain words.
    ev = Evaluator(view, knowledge("dmjl", view.settings), "strong")
    option = next(o for o in ev.discard_choices(ev.state.counts, ev.state.melds) if o.discard == h.discard)
    assert chance == _chance(option.chance, "en")
    german = hint(view, lang="de").text
    assert german.startswith(f"{'Ostwind' if h.discard == Tile.parse('1z') else 'Roter Drache'} abwerfen: ")
    assert "weiterhin noch 2 Steine bis bereit; " in german
    assert f"Steine ({len(kinds)} Sorten) helfen: " in german


def test_a_claim_says_what_it_brings_and_what_to_discard_after_it() -> None:
    deal = Deal.arranged(["123456789m1234p3s", "12m456p789s1z555z9m", P, S], settings=NO_BONUS)
    deal.apply("E discard 3m")
    h = hint(deal.view(1))
    assert h.action == Action(Position(1), ActionKind.CHOW, Tile.parse("1m"))
    head, (progress, waits, chance) = sentences(h.text)
    assert (head, progress) == ("Chow Characters 1-2-3, then discard Characters 9", "makes you ready")
    assert waits == "waiting on East wind (3 left), worth 76 (72 on a discard)"
    assert re.fullmatch(CHANCE_EN, chance)
    assert hint(deal.view(1), lang="de").text.startswith(
        "Chow Zahl 1-2-3, dann Zahl-9 abwerfen: damit bist du bereit; "
        "du wartest auf: Ostwind (noch 3) ist 76 wert (72 auf einen Abwurf); Gewinnchance "
    )


def test_a_pong_counts_the_tiles_from_ready_after_the_claim() -> None:
    deal = Deal.arranged(["123456789m1234p7z", "77z2589m369p147s1z", P, S], settings=NO_BONUS)
    deal.apply("E discard 7z")
    h = hint(deal.view(1))
    head, (progress, helps, _) = sentences(h.text)
    assert h.action == Action(Position(1), ActionKind.PONG)
    assert head.startswith("Pong Red dragon, then discard ")
    assert (h.shanten_before, h.shanten_after) == (6, 5) and progress == "brings you to 5 tiles from ready"
    assert re.fullmatch(r"\d+ tiles of \d+ kinds can help: .*", helps)
    assert hint(deal.view(1), lang="de").text.startswith("Pong Roter Drache, dann ")


def test_a_pass_says_why() -> None:
    deal = Deal.arranged(["123456789m1234p3s", "123m456p789s1z555z", P, S], settings=NO_BONUS)
    deal.apply("E discard 4m")
    south = hint(deal.view(1))
    assert south.action == Action(Position(1), ActionKind.PASS)  # a chow would break the waiting hand
    head, (why, standing, waits, _) = sentences(south.text)
    assert (head, why, standing) == ("Pass", "a claim would not bring you closer", "you are ready")
    assert waits == "waiting on East wind (3 left), worth 152 (72 on a discard)"
    assert hint(deal.view(1), lang="de").text.startswith(
        "Passen: keine Ansage bringt dich näher an bereit; du bist bereit; "
        "du wartest auf: Ostwind (noch 3) ist 152 wert (72 auf einen Abwurf); "
    )
    west = hint(deal.view(2))
    assert west.action == Action(Position(2), ActionKind.PASS)
    assert west.text.startswith("Pass: there is nothing for you to claim; you are ")


def test_a_kong_comes_before_the_discard() -> None:
    deal = Deal.arranged(["1111m456p789s11z55z", M, P, S], settings=NO_BONUS)
    h = hint(deal.view(0))
    assert h.action == Action(Position(0), ActionKind.CONCEALED_KONG, Tile.parse("1m")) and h.discard is None
    head, (progress, waits, _) = sentences(h.text)
    assert head == "Declare a concealed kong of Characters 1 and draw a replacement tile"
    assert progress == "keeps you ready"
    assert waits.startswith("waiting on East wind or White dragon: East wind (2 left) worth ")
    assert hint(deal.view(0), lang="de").text.startswith(
        "Kong Zahl-1 melden und einen Ersatzstein ziehen: du bleibst bereit; du wartest auf: Ostwind (noch 2)"
    )


def test_no_tile_wins_a_hand_short_of_the_minimum() -> None:
    # Ii Fan Shibari asks for a double: chows and a pair of simples do not reach it. (Under
    # rumisberg's conditions, one chow and a suit pong, the same tiles are not even ready.)
    deal = Deal.arranged(
        ["123m456p789s234m5p9m", M, P, S], ruleset="wikibooks", settings={"ii_fan_shibari": True}
    )
    h = hint(deal.view(0))
    assert h.shanten_after == 0 and h.waits and not any(w.on_discard or w.self_drawn for w in h.waits)
    # Either lone tile keeps the hand ready; which one is the player's choice.
    assert h.discard is not None and str(h.discard) in ("5p", "9m")
    short = "no tile wins here (the hand is short of the minimum)"
    assert h.text == f"Discard {tile_name(h.discard)}: keeps you ready; {short}."
    named = {"5p": "Kreis-5", "9m": "Zahl-9"}[str(h.discard)]
    assert hint(deal.view(0), lang="de").text == (
        f"{named} abwerfen: du bleibst bereit; kein Stein gewinnt hier (die Hand erreicht das Minimum nicht)."
    )


def test_the_gulasch_exchange() -> None:
    deal = Deal("rumisberg", seed=5, gulasch=True)
    view = deal.view(2)
    h = hint(view)
    assert h.action is not None and h.action.kind is ActionKind.GIVE and h.action in view.legal
    assert (
        h.text == f"Give {tiles_in_words(h.action.tiles, loose=True)}: the three tiles your hand needs least."
    )
    german = hint(view, lang="de").text
    assert german.endswith(" geben: die drei Steine, die deine Hand am wenigsten braucht.")


@pytest.mark.parametrize(
    ("chance", "en", "de"),
    [
        pytest.param(0.0, "under 5%", "unter 5 %", id="none"),
        pytest.param(0.049, "under 5%", "unter 5 %", id="just-under-5"),
        pytest.param(0.05, "about 5%", "etwa 5 %", id="5"),
        pytest.param(0.074, "about 7%", "etwa 7 %", id="to-the-percent-below-10"),
        pytest.param(0.124, "about 10%", "etwa 10 %", id="to-5-above-10"),
        pytest.param(0.33, "about 35%", "etwa 35 %", id="a-third"),
        pytest.param(0.96, "about 95%", "etwa 95 %", id="95"),
        pytest.param(0.99, "over 95%", "über 95 %", id="nearly-sure"),
    ],
)
def test_the_chance_in_plain_words(chance: float, en: str, de: str) -> None:
    assert _chance(chance, "en") == f"chance to win {en}"
    assert _chance(chance, "de") == f"Gewinnchance {de}"
