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
import pytest
from discord_harness import ChannelSpec, FakeDiscord, FakeUser, GuildSpec, Harness, InteractionRecord
from openskill.models import PlackettLuce
from test_bot_discord import config, make_bot

from bot.app import MahjongBot
from engine.numbers import signed
from engine.rulesets import get_ruleset
from engine.scoring.report import score_request
from engine.settlement import settle_hand
from render.leaderboard import LeaderboardRow, render_leaderboard

GUILD, CHANNEL = 1, 10
WINDS = "ESWN"


def guilds(locale: str = "en-US") -> list[GuildSpec]:
    return [GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale=locale)]


async def start(
    h: Harness[MahjongBot], opener: FakeUser, seated: Sequence[FakeUser], **options: object
) -> int:
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
    button = next(c for c in h.message(card).custom_ids if ":enter:" in c)
    rec = await h.click(card, button, user=user)
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
    assert "Waiting for the hand of Di." in card_text(h, card)
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
    rec = await h.click(
        card, "Confirm", user=boss, settle=True
    )  # an admin (not seated) confirms for the table
    assert "Hand 2 is booked." in rec.text
    want_2 = expected_nets("dmjl", {2: cy_hand, 0: 8, 1: 4, 3: 0}, winner=2, discarder=None, win="1p", east=1)
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
    # Ada opens the form for a losing hand; the bot restarts before she sends it.
    button = next(c for c in h.message(card).custom_ids if ":enter:" in c)
    entry = (await h.click(card, button, user=ada)).last.target
    assert entry is not None
    pick_how = next(c for c in entry.custom_ids if c.endswith(":how"))
    open_form = await h.select(entry, pick_how, ["l"], user=ada)
    assert open_form.modal is not None
    print_messages(h, "before the restart")
    await h.close()

    # A restart: the same card and its buttons go on.
    h2 = await Harness.start(make_bot(config(db)), guilds=guilds(), backend=backend)
    try:
        h2.user(100, "Ada"), h2.user(101, "Bo"), h2.user(102, "Cy"), h2.user(103, "Di")
        rec = await h2.submit_modal(open_form, {"hand": "8"}, user=ada)
        await h2.settle()
        assert "Entered for hand 3: Ada, **8** points." in rec.text
        assert "Ada** · net −126 · entered" in card_text(h2, card)
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
        best_first = [p.name for _, p in sorted(zip(after_2, people, strict=True), key=lambda x: -x[0])]
        rows = [
            LeaderboardRow(n, a - s, 0)
            for n, a, s in zip((p.name for p in people), after_2, start_chips, strict=True)
        ]
        rows.sort(key=lambda r: -r.chips)
        assert [r.name for r in rows] == best_first
        # the evening's nets, without the season's 7-day column
        assert standings.file("standings.png") == render_leaderboard(
            rows, title="Real table, record 1", change=False
        )
        alt = standings.attachments[0].get("description") or ""
        assert (
            alt.startswith("Real table, record 1. 4 members, best first: 1. Bo 228 chips")
            and "7 days" not in alt
        )
        totals = [a - s for a, s in zip(after_2, start_chips, strict=True)]
        for person, total, chips in zip(people, totals, after_2, strict=True):
            assert f"{person.name}: {signed(total)} this evening · balance {chips:,}" in standings.text
        assert "ended after 3 hands" in card_text(h2, card)
        assert "Enter my hand" not in h2.message(card).labels
        check = await h2.bot.storage.check_ledger(GUILD)
        assert check.ok, check
        assert sum(await balances(h2, people)) == sum(start_chips)
        # the ended evening is rated like a game played here: by the evening's order of finish
        direct = PlackettLuce()
        ranked = sorted(range(4), key=lambda i: -totals[i])
        places = [1 + sum(1 for t in totals if t > totals[i]) for i in range(4)]
        expected = direct.rate([[direct.rating()] for _ in people], ranks=[float(p) for p in places])
        board = dict(await h2.bot.storage.rating_board(GUILD, "dmjl"))
        assert list(board) == [people[i].id for i in ranked]
        for person, (mine,) in zip(people, expected, strict=True):
            assert (board[person.id].mu, board[person.id].sigma, board[person.id].games) == pytest.approx(
                (mine.mu, mine.sigma, 1)
            )
        print_messages(h2, "after the restart")
        h2.check()
    finally:
        await h2.close()


async def test_a_rumisberg_three_player_evening_with_a_bouquet(tmp_path: Path) -> None:
    """Rumisberg at a table of three (RULES.md §2.4.9): North is left out, the winds move among
    the three; the winner's four flowers complete a bouquet (rule 7), paid by each other player
    on top of the win; losers do not score, so a loser enters only "lost" (and bonus tiles)."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        ada, bo, cy = (h.user(100 + i, name) for i, name in enumerate(("Ada", "Bo", "Cy")))
        people = [ada, bo, cy]
        card = await start(h, ada, people, ruleset="rumisberg", wind="S")
        text = card_text(h, card)
        assert "North" not in text and "Waiting for the hands of Ada, Bo and Cy." in text
        assert "Prevailing wind: **South** · East: **Ada**" in text
        before = await balances(h, people)
        bo_hand = "[555s] 777z 333m [678p] 99p 1f 2f 3f 4f"
        rec = await enter(h, card, bo, "s", {"hand": bo_hand, "win": "9p", "flags": ""})
        assert "Entered for hand 1: Bo, **2,320** points." in rec.text
        shown = await h.click(card, "Enter my hand", user=ada)
        entry = shown.last.target
        assert entry is not None
        how = next(c for c in entry.custom_ids if c.endswith(":how"))
        asked = await h.select(entry, how, ["l"], user=ada)
        assert asked.modal is not None  # only the bonus tiles: a loser's hand is not scored here
        assert [c.get("custom_id") for c in _inputs(asked.modal)] == ["bonus"]
        await h.submit_modal(asked, {"bonus": ""}, user=ada)
        await enter(h, card, cy, "l", {"bonus": "5f"})
        text = card_text(h, card)
        assert "(bouquet)" in text, text
        for person in people:
            await h.click(card, "Confirm", user=person, settle=True)
        rs = get_ruleset("rumisberg")
        st = rs.settings({"players": 3})
        value = score_request(
            hand=bo_hand,
            ruleset=rs,
            seat="S",
            prevailing="S",
            win="9p",
            self_drawn=True,
            settings={"players": 3},
        ).total
        settled = settle_hand(
            [0, value, 0, 0], winners=[1], discarder=None, ruleset=rs, settings=st, seats=(0, 1, 2)
        )
        bouquet = [-1000, 2000, -1000]  # rule 7: each other player pays the bouquet's 1,000
        want = [settled.nets[s] + bouquet[s] for s in range(3)]
        after = await balances(h, people)
        assert [a - b for a, b in zip(after, before, strict=True)] == want
        assert sum(want) == 0 and (await h.bot.storage.check_ledger(GUILD)).ok
        text = card_text(h, card)
        assert "hand 2" in text and "East: **Bo**" in text  # rule 21: East moves on after every hand
        assert "Gulasch" not in text
        # Hand 2 is drawn: the next is a Gulasch (rule 19), its stakes in the centre for its winner
        for person in people:
            await enter(h, card, person, "x", {"bonus": ""})
        for person in people:
            await h.click(card, "Confirm", user=person, settle=True)
        (state,) = await h.bot.storage.live_records(GUILD)
        pot = sum(stake.amount for stake in state.table.centre)
        assert state.table.gulasch and pot > 0
        assert f"This hand is a Gulasch: the pot of **{pot:,}** in the centre goes to its winner." in (
            card_text(h, card)
        )
        await h.click(card, "End", user=cy, settle=True)
        assert "Standings of the evening" in h.messages(CHANNEL)[-1].text
        print_messages(h, "rumisberg")
        h.check()


def _inputs(modal: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    found: list[Mapping[str, Any]] = []

    def walk(node: Mapping[str, Any]) -> None:
        if node.get("type") == 4:
            found.append(node)
        for child in node.get("components") or []:
            walk(child)
        if isinstance(node.get("component"), Mapping):
            walk(node["component"])

    for part in modal.get("components") or []:
        walk(part)
    return found


async def test_bad_input_is_answered_and_nothing_is_booked(tmp_path: Path) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        ada, bo, cy, di = (h.user(100 + i, name) for i, name in enumerate(("Ada", "Bo", "Cy", "Di")))
        eve = h.user(200, "Eve")
        people = [ada, bo, cy, di]
        # seating: a member twice, a bot
        rec = await h.slash(
            "record start",
            user=ada,
            channel=CHANNEL,
            options={"east": ada, "south": bo, "west": ada, "north": di},
        )
        assert rec.ephemeral and "Choose 4 different members" in rec.text
        card = await start(h, ada, people)
        # a member already at a live record
        rec = await h.slash(
            "record start",
            user=eve,
            channel=CHANNEL,
            options={"east": eve, "south": bo, "west": cy, "north": di},
        )
        assert rec.ephemeral and "already at a recorded table" in rec.text
        before = await balances(h, people)
        # a member not at the table
        rec = await h.click(card, "Enter my hand", user=eve)
        assert rec.ephemeral and "Only the members seated at this table" in rec.text
        # a hand that does not match the ruleset: refused, nothing entered
        rec = await enter(h, card, bo, "s", {"hand": "123m 456m 789m 11p", "win": "1p", "flags": ""})
        assert "Not entered" in rec.text
        rec = await enter(h, card, bo, "s", {"hand": "123m 456m 789m [555s] 99x", "win": "9p", "flags": ""})
        assert "Not entered" in rec.text
        assert "Bo** · net 0 · not entered yet" in card_text(h, card)
        rec = await h.click(card, "Enter my hand", user=ada)
        assert rec.ephemeral
        # confirming before every hand is in
        for person in people:
            if person is not bo:
                await enter(h, card, person, "l", {"hand": "4"})
        assert "Confirm" not in h.message(card).labels
        # two winners where only one wins a hand: shown on the card, nothing to confirm
        await enter(h, card, bo, "s", {"hand": "123m 456m 789m [555s] 11p", "win": "1p", "flags": ""})
        await enter(h, card, di, "s", {"hand": "123m 456m 789m [555s] 11p", "win": "1p", "flags": ""})
        text = card_text(h, card)
        assert "Every hand is in, but they do not make one hand: 2 players entered a win" in text, text
        assert "Confirm" not in h.message(card).labels
        await enter(h, card, di, "l", {"hand": "4"})
        await enter(h, card, bo, "s", {"hand": "123m 456m 789m [555s] 11p", "win": "1p", "flags": ""})
        old_entry = h.ephemeral_messages(CHANNEL, ada)[-1]
        rec = await h.click(card, "Confirm", user=ada, settle=True)
        assert "You confirmed hand 1." in rec.text
        rec = await h.click(card, "Confirm", user=ada, settle=True)
        assert rec.ephemeral and "You have confirmed this hand already." in rec.text
        rec = await h.click(card, "Confirm", user=eve, settle=True)
        assert rec.ephemeral and "or an admin" in rec.text
        assert await balances(h, people) == before
        for person in (bo, cy, di):
            await h.click(card, "Confirm", user=person, settle=True)
        booked = await balances(h, people)
        assert booked != before
        # entering after the hand was booked: the old entry card of hand 1
        how = next(c for c in old_entry.custom_ids if c.endswith(":how"))
        rec = await h.select(old_entry, how, ["l"], user=ada)
        assert rec.ephemeral and "hand 1, which is already booked" in rec.text
        # an undo by someone not at the table, an empty reason
        rec = await h.click(card, "Undo last hand", user=eve)
        assert rec.ephemeral and "or an admin" in rec.text
        shown = await h.click(card, "Undo last hand", user=cy)
        rec = await h.submit_modal(shown, {"reason": "   "})
        assert "Give a reason" in rec.text
        assert await balances(h, people) == booked
        # ending with entries pending asks first
        await enter(h, card, ada, "l", {"hand": "4"})
        rec = await h.click(card, "End", user=bo)
        assert rec.ephemeral and "End anyway" in rec.labels
        assert "Enter my hand" in h.message(card).labels  # still live
        assert (await h.bot.storage.check_ledger(GUILD)).ok
        print_messages(h, "bad input")
        h.check()


async def test_the_card_speaks_german_at_a_german_table(tmp_path: Path) -> None:
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds("de")) as h:
        people = [h.user(100 + i, name, locale="de") for i, name in enumerate(("Ada", "Bo", "Cy", "Di"))]
        ada, bo, cy, di = people
        card = await start(h, ada, people)
        text = card_text(h, card)
        assert "**Echter Tisch: " in text and "Runde: **Ost** · Ost: **Ada**" in text, text
        assert "Es fehlen noch die Hände von Ada, Bo, Cy und Di." in text
        assert h.message(card).labels == ["Meine Hand eintragen", "Beenden"]
        rec = await enter(
            h, card, bo, "d2", {"hand": "234m 777z [555s] [678p] 99p", "win": "9p", "flags": ""}
        )
        assert "Für Spiel 1 eingetragen: Bo, **72** Punkte." in rec.text
        for person in (ada, cy, di):
            await enter(h, card, person, "l", {"hand": "1.200"})
        text = card_text(h, card)
        assert "Bo gewinnt mit **72** Punkten (mit dem Abwurf von Cy)" in text, text
        for person in people:
            rec = await h.click(card, "Bestätigen", user=person, settle=True)
        assert "Spiel 1 ist gebucht." in rec.text
        assert "Spiel 1 wurde gebucht" in card_text(h, card)
        print_messages(h, "German")
        h.check()


async def test_confirmations_clicked_at_once_book_the_hand_once(tmp_path: Path) -> None:
    """The last member double-clicks **Confirm** while an admin confirms for the table: the three
    clicks reach the bot together; the hand is booked once, and every click is answered."""
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        ada, bo, cy, di = (h.user(100 + i, name) for i, name in enumerate(("Ada", "Bo", "Cy", "Di")))
        boss = h.user(900, "Boss", permissions=discord.Permissions(manage_guild=True))
        people = [ada, bo, cy, di]
        card = await start(h, ada, people)
        await enter(h, card, bo, "d2", {"hand": "234m 777z [555s] [678p] 99p", "win": "9p", "flags": ""})
        for person, points in ((ada, "16"), (cy, "8"), (di, "0")):
            await enter(h, card, person, "l", {"hand": points})
        for person in (ada, bo, cy):
            await h.click(card, "Confirm", user=person, settle=True)
        before = await h.bot.storage.transactions(GUILD)
        clicks = [
            await h.click(card, "Confirm", user=di, wait=False),
            await h.click(card, "Confirm", user=di, wait=False),
            await h.click(card, "Confirm", user=boss, wait=False),
        ]
        await h.settle()
        assert all(c.answered for c in clicks)
        booked = [c for c in clicks if "Hand 1 is booked." in c.text]
        assert len(booked) == 1, [c.text for c in clicks]
        added = [t for t in await h.bot.storage.transactions(GUILD) if t not in before]
        assert [t.kind for t in added if t.kind != "starting_chips"] == ["hand"]  # (chips: first use)
        assert (await h.bot.storage.check_ledger(GUILD)).ok
        assert "hand 2" in card_text(h, card)
        h.check()
