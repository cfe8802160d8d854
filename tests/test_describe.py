"""render/describe.py: each image's description (alt text) says what the image shows, in the
reader's language, within Discord's 1,024 characters, and a public one names no concealed tile."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from engine.deal import Deal
from engine.hand import Meld, MeldKind
from engine.numbers import number, signed
from engine.tiles import LANGS, Lang, Tile, Wind, tile_name, tiles_in_words, wind_name
from engine.views import Phase, SeatView
from engine.wall import KIND
from render.describe import (
    LIMIT,
    describe_chart,
    describe_hand,
    describe_leaderboard,
    describe_sheet,
    describe_strip,
    describe_table,
    fit,
)
from render.examples import example

LONG = "Ä" * 300 + " the longest name a person could choose"


def named(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_whose_turn_the_chips_the_last_discard_the_wall_and_the_sets(lang: Lang) -> None:
    view = example(7).public  # a discard open to claims
    text = describe_table(view, lang)
    assert view.phase == Phase.CLAIMS and view.last_discard is not None
    seat, tile = view.last_discard
    claims = {
        "en": "Waiting for claims on {tile}, discarded by {name}.",
        "de": "Wartet auf Ansagen zu {tile}",
    }
    assert claims[lang].format(tile=tile_name(tile, lang), name=view.players[seat].name) in text
    wall = {
        "en": f"{view.wall_live} tiles left in the wall, {view.wall_dead} in the dead wall.",
        "de": f"Noch {view.wall_live} Steine in der Mauer, {view.wall_dead} in der toten Mauer.",
    }
    assert wall[lang] in text
    for p in view.seated:
        assert f"{p.name} ({wind_name(p.wind, lang)}) {number(p.chips, lang)}" in text
        for meld in p.melds:
            named = (
                tiles_in_words(meld.tiles, lang) if meld.kind == MeldKind.CHOW else tile_name(meld.tile, lang)
            )
            assert named in text
    pong = {"en": "a pong of ", "de": "einen Pong aus "}
    assert pong[lang] in text
    turn = dataclasses.replace(view, phase=Phase.TURN, turn=view.seated[1].seat, last_discard=None)
    to_move = {"en": "{who} to move.", "de": "{who} ist am Zug."}
    who = f"{view.seated[1].name} ({wind_name(view.seated[1].wind, lang)})"
    assert to_move[lang].format(who=who) in describe_table(turn, lang)
    assert describe_table(view, lang) != describe_table(view, "de" if lang == "en" else "en")


def test_every_description_keeps_discords_limit_and_its_most_important_part() -> None:
    ex = example(7)
    players = tuple(dataclasses.replace(p, name=LONG + str(p.seat)) for p in ex.public.players)
    crowded = dataclasses.replace(
        ex.public,
        players=tuple(
            dataclasses.replace(p, melds=(Meld.parse("[777z]"), Meld.parse("[123m]"), Meld.parse("(1111p)")))
            for p in players
        ),
        phase=Phase.TURN,
        turn=0,
    )
    for lang in LANGS:
        table = describe_table(crowded, lang)
        assert len(table) <= LIMIT and table.startswith(("Mah-Jongg table, ", "Mah-Jongg-Tisch, "))
        assert LONG in table  # whose turn comes before what is left off
        hand = describe_hand(dataclasses.replace(ex.private, players=players), lang)
        assert len(hand) <= LIMIT and tiles_in_words(ex.private.concealed, lang, loose=True) in hand
        sheet = describe_sheet(ex.sheet, players, lang=lang)
        assert len(sheet) <= LIMIT and "Mah-Jongg: " + LONG in sheet
        rows = [(LONG + str(i), 10_000 - i, i) for i in range(5000)]
        board = describe_leaderboard(rows, title="Season 1", lang=lang, me=4000)
        assert len(board) <= LIMIT and board.startswith("Season 1. 5") and "4001. " in board
        chart = describe_chart(list(range(-5000, 5000)), title=LONG, first_label=LONG, lang=lang)
        assert len(chart) <= LIMIT
    assert fit(["x" * 2000]) == "x" * (LIMIT - 1) + "…"


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_names_every_concealed_tile_the_drawn_one_and_the_hint(lang: Lang) -> None:
    view = example(7).private
    text = describe_hand(view, lang)
    assert tiles_in_words(view.concealed, lang, loose=True) in text.split(".")[0]  # every tile, by suit
    assert view.drawn is not None and view.hint is not None and view.hint.discard is not None
    drawn = {"en": "Just drawn: {}.", "de": "Gerade gezogen: {}."}
    assert drawn[lang].format(tile_name(view.drawn, lang)) in text
    assert tile_name(view.hint.discard, lang) in text.split(".", 2)[2]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheet_names_the_winner_the_total_and_the_payments(lang: Lang) -> None:
    ex = example(7)
    sheet = ex.sheet
    assert sheet.winner is not None
    text = describe_sheet(sheet, ex.players, prevailing=ex.sheet_round, hand_number=ex.sheet_hand, lang=lang)
    winner = ex.players[sheet.winner]
    unit = {"en": "points", "de": "Punkte"}[lang]
    total = f"{winner.name} ({wind_name(winner.wind, lang)})"
    assert f"Mah-Jongg: {total}" in text and f"{number(sheet.values[sheet.winner], lang)} {unit}" in text
    pays = {"en": "{a} pays {b} {n}", "de": "{a} zahlt {b} {n}"}
    for a, b, amount in sheet.payments:
        assert pays[lang].format(a=ex.players[a].name, b=ex.players[b].name, n=number(amount, lang)) in text
    for seat in sheet.positions:
        assert f"{ex.players[seat].name} {signed(sheet.nets[seat], lang)}" in text
    drawn = dataclasses.replace(sheet, winner=None, payments=(), win_tile=None)
    assert (
        describe_sheet(drawn, ex.players, lang=lang)
        .split(". ")[1]
        .startswith(("Drawn hand", "Unentschieden"))
    )


def test_charts_strips_and_leaderboards_in_both_languages() -> None:
    assert describe_chart([2000, 1500, 3500], title="Ada", first_label="start", lang="en") == (
        "Ada. A line chart of 3 values, from 2,000 (start) to 3,500; lowest 1,500, highest 3,500."
    )
    assert describe_chart([], title="Ada", lang="de") == "Ada. Noch keine Werte."
    assert describe_strip("[777z] (1111m) 99p 1f", "de", win_tile="9p") == (
        "Eine Hand aus 10 Steinen: einen verdeckten Kong aus Zahl-1; einen Pong aus Roter Drache; "
        "die Steine Kreis-9 ×2 und die Bonussteine Pflaume. Gewinnstein: Kreis-9."
    )
    assert describe_strip("[123m] 99p", "en", ruleset="jiangxi").startswith(
        "A hand of 5 tiles: a chow of Wan 1-2-3"
    )
    board = describe_leaderboard(
        [("Ada", 12_500, 0), ("Bo", 12_500, -100)], title="S", lang="de", change=False
    )
    assert board == "S. 2 Mitglieder, die besten zuerst: 1. Ada 12.500 Chips; 1. Bo 12.500 Chips."
    assert describe_leaderboard([], title="S", lang="en") == "S. Nobody holds chips yet this season."


def _hidden(deal: Deal) -> set[Tile]:
    """Tile kinds some seat holds concealed that nothing public shows."""
    public = deal.view(None)
    shown = {d.tile for p in public.players for d in p.discards}
    shown |= {t for p in public.players for m in p.melds for t in m.tiles}
    shown |= {t for p in public.players for t in p.bonus}
    if public.last_discard is not None:
        shown.add(public.last_discard[1])
    held = {KIND[t] for w in deal.in_play for t in deal.seats[w].concealed}
    return held - shown


@pytest.mark.parametrize(("ruleset", "seed"), [("dmjl", 1), ("jiangxi", 2), ("rumisberg", 3)])
def test_the_public_description_names_no_concealed_tile_of_any_seat(ruleset: str, seed: int) -> None:
    """A whole hand played at random: at every step the public table's description, in both
    languages, names no tile that some seat holds concealed and nothing public shows (every
    seat's concealed tiles compared, from the deal itself)."""
    rng = random.Random(seed)
    deal = Deal(ruleset, {}, seed)
    checked = 0
    while not deal.over:
        view: SeatView = deal.view(None)
        hidden = _hidden(deal)
        for lang in LANGS:
            text = describe_table(view, lang)
            leaked = [t for t in hidden if named(text, tile_name(t, lang, ruleset))]
            assert not leaked, (leaked, text)
        checked += bool(hidden)
        legal = [a for s in deal.to_act() for a in deal.legal_actions(s)]
        deal.apply(rng.choice(legal))
    assert checked > 40


def test_winds_and_numbers_follow_the_language() -> None:
    view = dataclasses.replace(example(7).public, prevailing=Wind.SOUTH, wall_live=1234)
    assert "Runde Süd" in describe_table(view, "de") and "Noch 1.234 Steine" in describe_table(view, "de")
    assert "South round" in describe_table(view, "en") and "1,234 tiles left" in describe_table(view, "en")
