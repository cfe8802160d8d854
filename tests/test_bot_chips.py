"""/chips through the offline Discord harness: balances against the ledger, refusals, seasons,
the CSV export, history pages after a restart of the buttons, the leaderboard image, German."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord_harness import ChannelSpec, FakeUser, GuildSpec, Harness, RoleSpec
from test_bot_discord import config, make_bot, open_table, play_hand

from bot.app import MahjongBot
from bot.storage import Payment
from bot.storage.records import ClubOptions
from engine.numbers import number

GUILD, CHANNEL, ROLE = 1, 10, 500


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness[MahjongBot]]:
    guild = GuildSpec(
        GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], roles=[RoleSpec(ROLE, "Kassier")]
    )
    harness = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=[guild])
    yield harness
    await harness.close()


async def test_balance_after_a_hand_matches_the_ledger(h: Harness[MahjongBot]) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    storage = h.bot.storage
    game = await storage.create_game(GUILD, CHANNEL, [ada.id, bo.id, "ai:easy", "ai:easy"], 3)
    await storage.finish_hand(
        game.game_id, 1, result="Ada wins", payments=[Payment(1, 0, 120), Payment(2, 0, 80)]
    )
    rec = await h.slash("chips balance", user=ada, channel=CHANNEL)
    assert rec.ephemeral
    assert f"You have **{number(await storage.balance(GUILD, ada.id))}**" in rec.text
    rec = await h.slash("chips balance", user=ada, channel=CHANNEL, options={"member": bo})
    assert f"**{number(await storage.balance(GUILD, bo.id))}**" in rec.text
    rec = await h.slash("chips history", user=ada, channel=CHANNEL)
    assert "hand 1 of game" in rec.text and "+" in rec.text
    assert (await storage.check_ledger()).ok
    h.check()


async def test_balances_after_hands_played_at_a_table_match_the_ledger(h: Harness[MahjongBot]) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    table = await open_table(h, ada, bo, channel=CHANNEL)
    await play_hand(h, table, [ada, bo], channel=CHANNEL)
    await h.settle()
    game = table.game
    assert game is not None and game.history
    start = await h.bot.storage.balance(GUILD, 999)
    for user in (ada, bo):
        position = table.position_of(user.id)
        assert position is not None
        chips = start + game.history[-1].nets[position]
        assert chips == await h.bot.storage.balance(GUILD, user.id)
        rec = await h.slash("chips balance", user=user, channel=CHANNEL)
        assert f"You have **{number(chips)}** chips" in rec.text
    assert (await h.bot.storage.check_ledger(GUILD)).ok
    h.check()


async def test_a_rumisberg_player_who_goes_broke_buys_in_5000_from_the_bank(h: Harness[MahjongBot]) -> None:
    """RULES.md §2.4.10, A-RU-17 (seed 002 rule 22: "Hat ein Spieler während des Abends keine
    Punkte mehr, kann er für Fr. 2.- neue 5'000 Punkte bei der Bank beziehen"): at a rumisberg
    table a member whose balance a hand exhausted (0 or less) buys in 5,000 from the bank, one
    transaction summing to zero whose reason names the rule; the ledger sums to zero."""
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    storage = h.bot.storage
    rec = await h.slash(
        "settings set", user=boss, channel=CHANNEL, options={"name": "ruleset", "value": "rumisberg"}
    )
    assert "rumisberg" in rec.text
    assert ClubOptions().buy_in_amount == 5000 and (await storage.club_options(GUILD)).buy_in_limit == 0
    await storage.new_season(GUILD, starting_chips=100, actor_id=boss.id)  # one hand's payment exhausts it
    rec = await h.slash("chips buyin", user=ada, channel=CHANNEL)
    assert rec.ephemeral and rec.text == (
        "You have 100 chips: under rumisberg rule 22 only a player with no chips left buys in."
    )

    table = await open_table(h, ada, bo, channel=CHANNEL)
    game = table.game
    assert table.ruleset == "rumisberg" and game is not None
    broke: list[FakeUser] = []
    for _ in range(20):  # hands until one leaves a person with no chips
        await play_hand(h, table, [ada, bo], channel=CHANNEL)
        await h.settle()
        broke = [u for u in (ada, bo) if await storage.balance(GUILD, u.id) <= 0]
        if broke:
            break
        await h.click(h.messages(CHANNEL)[-1], "Next hand", user=ada)
    assert broke, "no person lost chips in 20 hands"
    who = broke[0]
    position = table.position_of(who.id)
    assert position is not None
    before = await storage.balance(GUILD, who.id)
    assert before == 100 + sum(record.nets[position] for record in game.history)

    rec = await h.slash("chips buyin", user=who, channel=CHANNEL)
    assert not rec.ephemeral, rec.text
    assert (
        f"had no chips left ({number(before)}) and bought in 5,000 chips from the bank (rumisberg rule 22); "
        f"now {number(before + 5000)}." in rec.text
    )
    (txn,) = await storage.transactions(GUILD, user_id=who.id, limit=1)
    assert (txn.kind, txn.reason) == (
        "buy_in",
        f"buy-in 1 under rumisberg rule 22: balance {before}, exhausted",
    )
    assert sorted((e.holder, e.amount) for e in txn.entries) == [("bank", -5000), (f"user:{who.id}", 5000)]
    assert await storage.balance(GUILD, who.id) == before + 5000
    rec = await h.slash("chips buyin", user=who, channel=CHANNEL)  # again only while still exhausted
    assert rec.ephemeral == (before + 5000 > 0)
    assert (await storage.check_ledger(GUILD)).ok
    assert sum(b.chips for b in await storage.balances(GUILD)) == 0
    h.check()


async def test_refusals_say_why_ephemerally(h: Harness[MahjongBot]) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    for command, options in [
        ("chips adjust", {"member": bo, "amount": 5, "reason": "gift"}),
        ("chips season close", {}),
        ("chips export", {}),
    ]:
        rec = await h.slash(command, user=ada, channel=CHANNEL, options=options)
        assert rec.ephemeral and "Only admins" in rec.text, command
    rec = await h.slash("chips give", user=ada, channel=CHANNEL, options={"member": bo, "amount": 10})
    assert rec.ephemeral and "does not allow transfers" in rec.text
    await h.bot.storage.set_club_option(GUILD, "allow_member_transfers", True)
    await h.bot.storage.set_club_option(GUILD, "balance_floor", 0)
    rec = await h.slash("chips give", user=ada, channel=CHANNEL, options={"member": bo, "amount": 0})
    assert rec.ephemeral and "from 1 to 1,000,000,000" in rec.text
    have = await h.bot.storage.balance(GUILD, ada.id)
    rec = await h.slash("chips give", user=ada, channel=CHANNEL, options={"member": bo, "amount": have + 1})
    assert rec.ephemeral and rec.text == (
        f"You can give at most {number(have)} chips (your balance {number(have)}; the club's floor is 0)."
    )
    rec = await h.slash("chips give", user=ada, channel=CHANNEL, options={"member": bo, "amount": 7})
    assert not rec.ephemeral and "gave 7 chips" in rec.text
    assert await h.bot.storage.balance(GUILD, bo.id) == have + 7
    rec = await h.slash("chips buyin", user=ada, channel=CHANNEL)
    assert rec.ephemeral and "no buy-ins" in rec.text
    await h.bot.storage.set_club_option(GUILD, "buy_in_limit", 1)
    rec = await h.slash("chips buyin", user=ada, channel=CHANNEL)
    assert not rec.ephemeral and "5,000 chips (buy-in 1 of 1" in rec.text
    rec = await h.slash("chips buyin", user=ada, channel=CHANNEL)
    assert rec.ephemeral and "1 of the 1 buy-ins" in rec.text
    assert (await h.bot.storage.check_ledger()).ok
    h.check()


async def test_admins_adjust_close_seasons_and_export(h: Harness[MahjongBot]) -> None:
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    cashier, ada = h.user(2, "Cashier", roles=["Kassier"]), h.user(100, "Ada")
    rec = await h.slash(
        "chips adjust", user=boss, channel=CHANNEL, options={"member": ada, "amount": 250, "reason": "prize"}
    )
    assert not rec.ephemeral and "prize" in rec.text
    rec = await h.slash(
        "chips adjust", user=cashier, channel=CHANNEL, options={"member": ada, "amount": -50, "reason": "fee"}
    )
    assert "Only admins" in rec.text
    await h.bot.storage.set_club_option(GUILD, "admin_role_id", ROLE)
    rec = await h.slash(
        "chips adjust", user=cashier, channel=CHANNEL, options={"member": ada, "amount": -50, "reason": "fee"}
    )
    assert not rec.ephemeral and "fee" in rec.text
    start = (await h.bot.storage.current_season(GUILD)).starting_chips
    assert await h.bot.storage.balance(GUILD, ada.id) == start + 200
    rec = await h.slash("chips export", user=boss, channel=CHANNEL)
    assert rec.ephemeral and rec.last is not None
    name, _ = rec.last.target.filenames  # type: ignore[union-attr]
    rows = list(csv.DictReader(io.StringIO(rec.last.target.file(name).decode("utf-8-sig"))))  # type: ignore[union-attr]
    ledger = await h.bot.storage.transactions(GUILD)
    assert {int(r["txn_id"]) for r in rows} == {t.txn_id for t in ledger}
    assert sum(int(r["amount"]) for r in rows) == 0
    rec = await h.slash("chips season new", user=boss, channel=CHANNEL, options={"name": "Winter"})
    assert not rec.ephemeral and "Winter begins" in rec.text
    assert await h.bot.storage.balance(GUILD, ada.id) == start
    await h.bot.storage.set_table_setting(GUILD, "initial_balance", "3000", actor_id=boss.id)
    rec = await h.slash("chips season close", user=cashier, channel=CHANNEL)
    assert "Winter is closed" in rec.text
    assert await h.bot.storage.balance(GUILD, ada.id) == 3000  # /settings initial_balance
    h.check()


async def test_history_pages_and_the_leaderboard_and_german(h: Harness[MahjongBot]) -> None:
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale="de")
    ada = h.user(100, "Ada", locale="de")
    for i in range(12):
        await h.bot.storage.adjust(GUILD, ada.id, i + 1, actor_id=boss.id, reason=f"r{i}")
    rec = await h.slash("chips history", user=ada, channel=CHANNEL)
    assert rec.ephemeral and "Seite 1" in rec.text and "Korrektur durch" in rec.text
    page = rec.last.target  # type: ignore[union-attr]
    assert page.custom_ids == [f"mj:chips:hist:{ada.id}:1"] and page.labels == ["Weiter"]
    rec = await h.click(page, "Weiter", user=ada)
    assert "Seite 2" in rec.text
    rec = await h.slash("chips leaderboard", user=ada, channel=CHANNEL)
    assert not rec.ephemeral and "Rangliste" in rec.text
    rec = await h.slash(
        "chips adjust", user=ada, channel=CHANNEL, options={"member": ada, "amount": 5, "reason": "x"}
    )
    assert rec.ephemeral and "Nur Admins" in rec.text
    h.check()


async def test_a_closed_seasons_standings_stay_viewable(h: Harness[MahjongBot]) -> None:
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    storage = h.bot.storage
    game = await storage.create_game(GUILD, CHANNEL, [ada.id, bo.id, "ai:easy", "ai:easy"], 3)
    await storage.finish_hand(game.game_id, 1, result="Ada wins", payments=[Payment(1, 0, 120)])
    old = {s.user_id: s.chips for s in await storage.standings(GUILD)}
    closed = (await storage.current_season(GUILD)).number
    await storage.new_season(GUILD, starting_chips=1000)
    assert {s.user_id: s.chips for s in await storage.standings(GUILD, season=closed)} == old
    rec = await h.slash("chips leaderboard", user=bo, channel=CHANNEL, options={"season": closed})
    assert rec.answered and rec.last is not None and "leaderboard.png" in rec.last.target.filenames  # type: ignore[union-attr]
    rec = await h.slash("chips leaderboard", user=bo, channel=CHANNEL, options={"season": 99})
    assert rec.ephemeral and "no season 99" in rec.text
    h.check()


async def test_a_gift_stops_at_the_floor_in_english_and_german(h: Harness[MahjongBot]) -> None:
    """Issue 25: with transfers allowed and the defaults otherwise (negative balances allowed, no
    balance_floor), a member at -2,802 gave 999,999 chips and another 1,000,000,000 they never had.
    A gift never takes the giver below 0 unless the club set a lower floor; the refusal says how
    much the member can give, in the reader's language, and nothing is booked."""
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True), locale="de")
    ada, bo, cy = h.user(100, "Ada"), h.user(101, "Bo"), h.user(102, "Cy", locale="de")
    storage = h.bot.storage
    rec = await h.slash(
        "settings set",
        user=boss,
        channel=CHANNEL,
        options={"name": "allow_member_transfers", "value": "true"},
    )
    options = await storage.club_options(GUILD)
    assert options.allow_member_transfers, rec.text
    assert (options.allow_negative_balance, options.balance_floor) == (True, None)
    start = await storage.balance(GUILD, ada.id)
    game = await storage.create_game(GUILD, CHANNEL, [ada.id, bo.id, "ai:easy", "ai:easy"], 3)
    await storage.finish_hand(game.game_id, 1, result="Bo wins", payments=[Payment(0, 1, start + 2802)])
    assert await storage.balance(GUILD, ada.id) == -2802  # a hand may: the club allows negatives
    ledger = await storage.transactions(GUILD)

    rec = await h.slash("chips give", user=ada, channel=CHANNEL, options={"member": cy, "amount": 999_999})
    assert rec.ephemeral and rec.text == (
        "You cannot give any chips now: your balance −2,802 is not above the club's floor of 0."
    )
    bo_has = await storage.balance(GUILD, bo.id)
    rec = await h.slash("chips give", user=bo, channel=CHANNEL, options={"member": cy, "amount": 10**9})
    assert rec.ephemeral and rec.text == (
        f"You can give at most {number(bo_has)} chips (your balance {number(bo_has)}; the club's floor is 0)."
    )
    rec = await h.slash("chips give", user=cy, channel=CHANNEL, options={"member": bo, "amount": start + 1})
    de = number(start, "de")
    assert rec.ephemeral and rec.text == (
        f"Du kannst höchstens {de} Chips geben (dein Kontostand {de}; das Minimum des Clubs ist 0)."
    )
    await storage.set_club_option(GUILD, "balance_floor", 0)  # now Cy has an account: at 0 after this
    rec = await h.slash("chips give", user=cy, channel=CHANNEL, options={"member": bo, "amount": start})
    assert not rec.ephemeral and f"{de} Chips gegeben" in rec.text
    rec = await h.slash("chips give", user=cy, channel=CHANNEL, options={"member": bo, "amount": 1})
    assert rec.ephemeral and rec.text == (
        "Du kannst jetzt keine Chips geben: dein Kontostand 0 liegt nicht über dem Minimum des Clubs von 0."
    )
    gifts = [t for t in await storage.transactions(GUILD) if t.kind == "transfer"]
    assert [(e.holder, e.amount) for t in gifts for e in t.entries if e.amount < 0] == [
        (f"user:{cy.id}", -start)  # Cy's gift only
    ]
    assert len(await storage.transactions(GUILD)) == len(ledger) + 2  # Cy's starting chips, Cy's gift
    # The leaderboard follows only what was booked.
    standings = {s.user_id: s.chips for s in await storage.standings(GUILD)}
    assert standings == {ada.id: -2802, bo.id: bo_has + start, cy.id: 0}

    # A club that sets a floor below 0 on purpose lets a gift go that far, no further.
    await storage.set_club_option(GUILD, "balance_floor", -500)
    rec = await h.slash("chips give", user=cy, channel=CHANNEL, options={"member": bo, "amount": 501})
    assert rec.ephemeral and "höchstens 500 Chips" in rec.text and "Minimum des Clubs ist −500" in rec.text
    rec = await h.slash("chips give", user=cy, channel=CHANNEL, options={"member": bo, "amount": 500})
    assert not rec.ephemeral
    assert await storage.balance(GUILD, cy.id) == -500
    assert (await storage.check_ledger(GUILD)).ok
    h.check()


async def test_an_admin_takes_chips_below_the_floor_only_on_purpose(h: Harness[MahjongBot]) -> None:
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    chef = h.user(2, "Chef", permissions=discord.Permissions(manage_guild=True), locale="de")
    ada = h.user(100, "Ada")
    storage = h.bot.storage
    have = await storage.balance(GUILD, ada.id)
    options = {"member": ada, "amount": -(have + 300), "reason": "miscounted"}
    rec = await h.slash("chips adjust", user=boss, channel=CHANNEL, options=options)
    assert rec.ephemeral and rec.text == (
        f"Taking {number(have + 300)} chips would leave <@{ada.id}> at −300, below the club's floor of 0; "
        f"at most {number(have)} can be taken. To take them anyway, repeat the command with its option to "
        "go below the floor turned on.\n-# option `below_floor`"
    )
    rec = await h.slash("chips adjust", user=chef, channel=CHANNEL, options=options)
    de = number(have + 300, "de")
    assert (
        rec.ephemeral
        and rec.text.startswith(
            f"{de} Chips abzuziehen ließe <@{ada.id}> bei −300, unter dem Minimum des Clubs von 0;"
        )
        and rec.text.endswith("unter das Minimum zu gehen.\n-# Option `unter_minimum`")
    )
    assert "True" not in rec.text  # the option as the command takes it, in small print
    assert await storage.balance(GUILD, ada.id) == have
    rec = await h.slash("chips adjust", user=boss, channel=CHANNEL, options={**options, "below_floor": True})
    assert not rec.ephemeral and "miscounted. Now −300." in rec.text
    (txn,) = await storage.transactions(GUILD, user_id=ada.id, limit=1)
    assert (txn.kind, txn.actor_id, txn.reason) == ("adjustment", boss.id, "miscounted")
    assert {e.memo for e in txn.entries} == {"", "below the club's floor of 0 by the admin's choice"}
    assert (await storage.check_ledger(GUILD)).ok
    h.check()


async def test_where_the_club_forbids_negatives_a_hand_takes_at_most_what_a_member_holds(
    h: Harness[MahjongBot],
) -> None:
    """RULES.md §2.4.10, A-CORE-22: with allow_negative_balance false a payer pays at most his
    balance and the rest is forfeited. The ledger booked a hand's payments whole, taking members
    below 0; now no member goes below 0, and the score sheet says who paid less."""
    boss = h.user(1, "Boss", permissions=discord.Permissions(manage_guild=True))
    ada, bo = h.user(100, "Ada"), h.user(101, "Bo")
    storage = h.bot.storage
    await h.slash(
        "settings set",
        user=boss,
        channel=CHANNEL,
        options={"name": "allow_negative_balance", "value": "false"},
    )
    assert not (await storage.club_options(GUILD)).allow_negative_balance
    await storage.new_season(GUILD, starting_chips=1, actor_id=boss.id)  # a chip each: any loss is capped
    table = await open_table(h, ada, bo, channel=CHANNEL)
    game = table.game
    assert game is not None
    for _ in range(20):  # hands until a person is asked for more than they hold
        await play_hand(h, table, [ada, bo], channel=CHANNEL)
        await h.settle()
        if table.short:
            break
        await h.click(h.messages(CHANNEL)[-1], "Next hand", user=ada)
    assert table.short, "no person paid in 20 hands"
    sheet = h.messages(CHANNEL)[-1]
    for name, paid, owed in table.short:
        assert paid < owed
        assert (
            f"{name} paid {paid} of {owed} chips: the club allows no negative balances, so the rest is "
            "forfeited." in sheet.text
        )
    for user in (ada, bo):
        assert await storage.balance(GUILD, user.id) >= 0
    record = await storage.load_game(table.game_id or 0)
    assert any("capped at the payer's balance" in p.reason for p in record.hands[-1].payments)
    assert (await storage.check_ledger(GUILD)).ok
    assert sum(b.chips for b in await storage.balances(GUILD)) == 0
    h.check()
