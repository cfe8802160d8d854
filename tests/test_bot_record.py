"""/record through the offline Discord harness: a real table's evening scored from everyone's
phone (issue 29 §1). A whole dmjl evening with four members (wins on a discard and self-drawn,
an undo, a restart in the middle, a drawn hand, the end), every booked payment against what
``mahjong score`` gives for the entered hands plus the losers' settlement, the ledger summing to
zero; a rumisberg three-player evening with a bouquet; bad input answered with nothing booked;
the card in German."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import discord
from discord_harness import ChannelSpec, FakeDiscord, FakeUser, GuildSpec, Harness, InteractionRecord
from test_bot_discord import config, make_bot

from bot.app import MahjongBot
from engine.numbers import signed
from engine.rulesets import get_ruleset
from engine.scoring.report import score_request
from engine.settlement import settle_hand

GUILD, CHANNEL = 1, 10
WINDS = "ESWN"


def guilds(locale: str = "en-US") -> list[GuildSpec]:
    return [GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale=locale)]


async def start(h: Harness[MahjongBot], opener: FakeUser, seated: Sequence[FakeUser], **options: object) -> int:
    """``/record start`` with ``seated`` East, South, West (, North); the card's message id."""
    names = ("east", "south", "west", "north")
    rec = await h.slash(
        "record start",
        user=opener,
        channel=CHANNEL,
        options={**dict(zip(names, seated, strict=False)), **options},
    )
    assert rec.answered and not rec.ephemeral, rec.text
    card = rec.original
    assert card is not None
    return card.id


def card_text(h: Harness[MahjongBot], card: int) -> str:
    return h.message(card).text


async def enter(
    h: Harness[MahjongBot],
    card: int,
    user: FakeUser,
    how: str,
    values: Mapping[str, object] | None = None,
    *,
    seat: int | None = None,
) -> InteractionRecord:
    """``user`` enters a hand: **Enter my hand** on the card, the seat (someone else's, where
    given), how it ended, then the modal with ``values`` where one is shown."""
    rec = await h.click(card, "Enter my hand", user=user)
    assert rec.ephemeral, rec.text
    entry = rec.last.target
    assert entry is not None
    pick_seat = next(c for c in entry.custom_ids if c.endswith(":seat"))
    if seat is not None:
        await h.select(entry, pick_seat, [str(seat)], user=user)
        entry = h.message(entry.id)
    pick_how = next(c for c in entry.custom_ids if c.endswith(":how"))
    rec = await h.select(entry, pick_how, [how], user=user)
    if rec.modal is not None:
        rec = await h.submit_modal(rec, dict(values or {}), user=user)
    await h.settle()
    return rec


async def balances(h: Harness[MahjongBot], people: Sequence[FakeUser]) -> list[int]:
    return [await h.bot.storage.balance(GUILD, p.id) for p in people]


def expected_nets(
    ruleset: str,
    hands: Mapping[int, str | int],
    *,
    winner: int | None,
    discarder: int | None,
    win: str,
    east: int,
    players: int = 4,
    settings: Mapping[str, object] | None = None,
) -> list[int]:
    """What ``mahjong score`` gives for the entered hands (each by its seat's wind; a loser's
    points as entered) settled by the ruleset's settlement, by seat."""
    rs = get_ruleset(ruleset)
    st = rs.settings(dict(settings or {}))
    wind = {seat: (seat - east) % players for seat in range(players)}
    values = [0, 0, 0, 0]
    for seat, hand in hands.items():
        if isinstance(hand, int):
            values[wind[seat]] = hand
            continue
        result = score_request(
            hand=hand,
            ruleset=rs,
            seat=WINDS[wind[seat]],
            win=win if seat == winner else None,
            self_drawn=seat == winner and discarder is None,
            discarder=None if discarder is None or seat != winner else WINDS[wind[discarder]],
            settings=settings,
        )
        assert result.won == (seat == winner), (hand, result.won)
        values[wind[seat]] = result.total
    settled = settle_hand(
        values,
        winners=[] if winner is None else [wind[winner]],
        discarder=None if discarder is None else wind[discarder],
        ruleset=rs,
        settings=st,
        seats=rs.seats(st),
    )
    return [settled.nets[wind[seat]] for seat in range(players)]


def print_messages(h: Harness[MahjongBot], title: str) -> None:
    """Every message the bot sent, as a person reads it (with ``RECORD_PRINT=1``)."""
    if not os.environ.get("RECORD_PRINT"):
        return
    print(f"\n===== {title}")
    for req in h.requests:
        if req.has_message and req.text:
            where = "ephemeral" if req.ephemeral else "public"
            print(f"--- {req.kind} ({where})\n{req.text}")
        if req.callback_type == 9 and req.json:
            modal = req.json.get("data") or {}
            print(f"--- modal {modal.get('title')!r}")


async def test_a_dmjl_evening_with_an_undo_a_restart_and_the_end(tmp_path: Path) -> None:
    db, backend = tmp_path / "db.sqlite3", FakeDiscord()
    h = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    ada, bo, cy, di = (h.user(100 + i, name) for i, name in enumerate(("Ada", "Bo", "Cy", "Di")))
    people = [ada, bo, cy, di]
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    card = await start(h, ada, people)
    text = card_text(h, card)
    assert "Real table" in text and "hand 1" in text and "Prevailing wind: **East** · East: **Ada**" in text
    assert "Waiting for the hands of Ada, Bo, Cy and Di." in text
    start_chips = await balances(h, people)

    # Hand 1: Bo (South) wins on Cy's (West's) discard; Ada counted 16, Cy enters his hand, Di 0.
    bo_hand = "234m 777z [555s] [678p] 99p"
    await enter(h, card, bo, "d2", {"hand": bo_hand, "win": "9p", "flags": ""})
    await enter(h, card, ada, "l", {"hand": "16"})
    await enter(h, card, cy, "l", {"hand": "123m 456m 789m 555z 1p"})
    await enter(h, card, di, "l", {"hand": "0"})
    text = card_text(h, card)
    assert "Bo wins with **72** points (on Cy's discard)" in text, text
    assert "Still to confirm: Ada, Bo, Cy and Di." in text
    for person in people:
        rec = await h.click(card, "Confirm", user=person, settle=True)
        assert rec.ephemeral
    assert "Hand 1 is booked." in rec.text
    want = expected_nets(
        "dmjl",
        {1: bo_hand, 0: 16, 2: "123m 456m 789m 555z 1p", 3: 0},
        winner=1,
        discarder=2,
        win="9p",
        east=0,
    )
    after_1 = await balances(h, people)
    assert [a - s for a, s in zip(after_1, start_chips, strict=True)] == want
    assert sum(want) == 0
    text = card_text(h, card)
    assert "hand 2" in text and "East: **Bo**" in text  # South won: East moves on

    # Hand 2: Cy (now South) wins self-drawn; Di enters for Ada (marked), the others their own.
    cy_hand = "123m 456m 789m [555s] 11p"
    await enter(h, card, cy, "s", {"hand": cy_hand, "win": "1p", "flags": ""})
    await enter(h, card, di, "l", {"hand": "8"}, seat=0)
    assert "entered by Di" in card_text(h, card)
    await enter(h, card, bo, "l", {"hand": "4"})
    await enter(h, card, di, "l", {"hand": "0"})
    for person in (bo, cy, di):
        await h.click(card, "Confirm", user=person, settle=True)
    rec = await h.click(card, "Confirm", user=boss, settle=True)  # an admin (not seated) confirms for the table
    assert "Hand 2 is booked." in rec.text
    want_2 = expected_nets(
        "dmjl", {2: cy_hand, 0: 8, 1: 4, 3: 0}, winner=2, discarder=None, win="1p", east=1
    )
    after_2 = await balances(h, people)
    assert [a - b for a, b in zip(after_2, after_1, strict=True)] == want_2

    # Hand 3: Di wins on Ada's discard, booked, then undone: its payments reversed.
    di_hand = "[666m] [111s] [777z] [345p] 77s"
    await enter(h, card, di, "d0", {"hand": di_hand, "win": "7s", "flags": ""})
    for person in (ada, bo, cy):
        await enter(h, card, person, "l", {"hand": "2"})
    for person in people:
        await h.click(card, "Confirm", user=person, settle=True)
    assert await balances(h, people) != after_2
    shown = await h.click(card, "Undo last hand", user=bo)
    assert shown.modal is not None
    rec = await h.submit_modal(shown, {"reason": "Di's winning tile was the 8s"})
    await h.settle()
    assert "Hand 3 is undone" in rec.text
    assert await balances(h, people) == after_2
    assert "Hand 3 was undone: Di's winning tile was the 8s" in card_text(h, card)
    assert (await h.bot.storage.check_ledger(GUILD)).ok
    print_messages(h, "before the restart")
    await h.close()

    # A restart: the same card and its buttons go on.
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        h2.user(100, "Ada"), h2.user(101, "Bo"), h2.user(102, "Cy"), h2.user(103, "Di")
        # Hand 3 again: a drawn hand, everyone enters "drawn" (dmjl settles nothing: no modal).
        for person in people:
            rec = await enter(h2, card, person, "x")
            assert "a drawn hand" in rec.text
        text = card_text(h2, card)
        assert "The hand was drawn: nobody won." in text and "No payments." in text
        for person in people:
            await h2.click(card, "Confirm", user=person, settle=True)
        assert await balances(h2, people) == after_2
        rec = await h2.click(card, "End", user=ada)
        await h2.settle()
        standings = h2.messages(CHANNEL)[-1]
        assert "standings.png" in standings.filenames
        totals = [a - s for a, s in zip(after_2, start_chips, strict=True)]
        for person, total, chips in zip(people, totals, after_2, strict=True):
            assert f"{person.name}: {signed(total)} this evening · balance {chips:,}" in standings.text
        assert "ended after 3 hands" in card_text(h2, card)
        assert "Enter my hand" not in h2.message(card).labels
        check = await h2.bot.storage.check_ledger(GUILD)
        assert check.ok, check
        assert sum(await balances(h2, people)) == sum(start_chips)
        print_messages(h2, "after the restart")
        h2.check()
    finally:
        await h2.close()
