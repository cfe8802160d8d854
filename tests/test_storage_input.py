"""Bad input to the storage (issue 9, finding 3): a clear StorageInputError for every public call,
never an OverflowError or a traceback, and never more than 80 characters of what was given quoted
back, however long it was."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.storage import Payment, Storage, StorageInputError
from engine.errors import SettingError

G, CH, ADA = 1, 10, 11
HUGE = 2**64  # beyond SQLite's integers
LONG = "x" * 10_000
SEATS: list[int | str] = [ADA, 12, "ai:easy", "ai:normal"]

Call = Callable[[Storage, int], Awaitable[object]]  # the storage and a live game's id


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    async with Storage(db) as s:
        yield s


def _all_huge_ids() -> dict[str, Call]:
    return {
        "table_rules guild": lambda s, g: s.table_rules(HUGE),
        "table_rules channel": lambda s, g: s.table_rules(G, HUGE),
        "set_ruleset actor": lambda s, g: s.set_ruleset(G, "dmjl", actor_id=HUGE),
        "set_house_rule guild": lambda s, g: s.set_house_rule(HUGE, "limit", 300),
        "clear_house_rule channel": lambda s, g: s.clear_house_rule(G, "limit", channel_id=HUGE),
        "settings_history limit": lambda s, g: s.settings_history(G, limit=HUGE),
        "club_options guild": lambda s, g: s.club_options(HUGE),
        "set_club_option actor": lambda s, g: s.set_club_option(
            G, "allow_member_transfers", True, actor_id=HUGE
        ),
        "remember_player": lambda s, g: s.remember_player(HUGE, "Ada"),
        "set_language": lambda s, g: s.set_language(HUGE, "de"),
        "get_player": lambda s, g: s.get_player(HUGE),
        "current_season": lambda s, g: s.current_season(HUGE),
        "seasons": lambda s, g: s.seasons(HUGE),
        "new_season actor": lambda s, g: s.new_season(G, starting_chips=5, actor_id=HUGE),
        "buy_in user": lambda s, g: s.buy_in(G, HUGE, 5),
        "buy_in actor": lambda s, g: s.buy_in(G, ADA, 5, actor_id=HUGE),
        "adjust actor": lambda s, g: s.adjust(G, ADA, 5, actor_id=HUGE, reason="r"),
        "transfer to": lambda s, g: s.transfer(G, ADA, HUGE, 5),
        "balance season": lambda s, g: s.balance(G, ADA, season=HUGE),
        "balances season": lambda s, g: s.balances(G, season=HUGE),
        "transactions limit": lambda s, g: s.transactions(G, limit=HUGE),
        "transactions user": lambda s, g: s.transactions(G, user_id=HUGE),
        "check_ledger guild": lambda s, g: s.check_ledger(HUGE),
        "create_game channel": lambda s, g: s.create_game(G, HUGE, SEATS, 1),
        "create_game seat": lambda s, g: s.create_game(G, CH + 1, [ADA, 12, 13, HUGE], 1),
        "create_game actor": lambda s, g: s.create_game(G, CH + 1, SEATS, 1, actor_id=HUGE),
        "append_action game": lambda s, g: s.append_action(HUGE, 1, 1, "E discard 1m"),
        "append_action hand": lambda s, g: s.append_action(g, HUGE, 1, "E discard 1m"),
        "append_action seq": lambda s, g: s.append_action(g, 1, HUGE, "E discard 1m"),
        "finish_hand game": lambda s, g: s.finish_hand(HUGE, 1, result="r"),
        "finish_hand last_seq": lambda s, g: s.finish_hand(g, 1, result="r", last_seq=HUGE),
        "finish_hand payer": lambda s, g: s.finish_hand(g, 1, result="r", payments=[Payment(HUGE, 0, 5)]),
        "start_hand": lambda s, g: s.start_hand(g, HUGE),
        "end_game": lambda s, g: s.end_game(HUGE),
        "load_game": lambda s, g: s.load_game(HUGE),
        "export_ledger_csv season": lambda s, g: s.export_ledger_csv(G, season=HUGE),
        "export_hands_csv guild": lambda s, g: s.export_hands_csv(HUGE),
    }


HUGE_IDS = _all_huge_ids()


@pytest.mark.parametrize("name", HUGE_IDS)
async def test_numbers_beyond_sqlites_integers_are_refused_clearly(storage: Storage, name: str) -> None:
    game = await storage.create_game(G, CH, SEATS, 1)
    with pytest.raises(StorageInputError, match=r"must be|a payment goes from one seat to another") as err:
        await HUGE_IDS[name](storage, game.game_id)
    assert str(HUGE) in str(err.value)
    # Nothing was written: the live game and the (empty) ledger are as they were.
    assert (await storage.load_game(game.game_id)).hands[0].actions == ()
    assert await storage.transactions(G) == [] and await storage.settings_history(G) == []


QUOTED: dict[str, Call] = {
    "a seat": lambda s, g: s.create_game(G, CH + 1, [ADA, "ai:" + LONG, 12, 13], 1),
    "the seats": lambda s, g: s.create_game(G, CH + 1, LONG, 1),  # type: ignore[arg-type]
    "a seed": lambda s, g: s.create_game(G, CH + 1, SEATS, LONG),  # type: ignore[arg-type]
    "a huge seed": lambda s, g: s.create_game(G, CH + 1, SEATS, 10**5000),
    "a guild id": lambda s, g: s.table_rules(LONG),  # type: ignore[arg-type]
    "a user id": lambda s, g: s.buy_in(G, LONG, 5),  # type: ignore[arg-type]
    "an amount": lambda s, g: s.buy_in(G, ADA, LONG),  # type: ignore[arg-type]
    "an adjustment": lambda s, g: s.adjust(G, ADA, 10**5000, actor_id=1, reason="r"),
    "a reason": lambda s, g: s.buy_in(G, ADA, 5, reason=LONG),
    "starting chips": lambda s, g: s.new_season(G, starting_chips=LONG),  # type: ignore[arg-type]
    "a season's name": lambda s, g: s.new_season(G, starting_chips=5, name=[LONG]),  # type: ignore[arg-type]
    "a language": lambda s, g: s.set_language(ADA, LONG),
    "a display name": lambda s, g: s.remember_player(ADA, [LONG]),  # type: ignore[arg-type]
    "a club option": lambda s, g: s.set_club_option(G, LONG, True),
    "an action": lambda s, g: s.append_action(g, 1, 1, LONG + "\n"),
    "a game id": lambda s, g: s.load_game(LONG),  # type: ignore[arg-type]
    "a hand's result": lambda s, g: s.finish_hand(g, 1, result=[LONG]),  # type: ignore[arg-type]
    "a payment": lambda s, g: s.finish_hand(g, 1, result="r", payments=[LONG]),  # type: ignore[list-item]
    "a payment's reason": lambda s, g: s.finish_hand(g, 1, result="r", payments=[Payment(1, 0, 5, LONG)]),
    "the end's reason": lambda s, g: s.end_game(g, reason=LONG),
    "a setting to clear": lambda s, g: s.clear_house_rule(G, LONG),
    "a setting's name": lambda s, g: s.set_house_rule(G, [LONG], 5),  # type: ignore[arg-type]
    "a ruleset": lambda s, g: s.set_ruleset(G, [LONG]),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", QUOTED)
async def test_errors_quote_at_most_80_characters_of_the_input(storage: Storage, name: str) -> None:
    game = await storage.create_game(G, CH, SEATS, 1)
    with pytest.raises((StorageInputError, SettingError)) as err:
        await QUOTED[name](storage, game.game_id)
    message = str(err.value)
    assert "x" * 81 not in message and len(message) < 1000, message  # lists of choices may be long
    assert (await storage.load_game(game.game_id)).hands[0].actions == ()


async def test_long_reasons_are_refused_with_the_limit(storage: Storage) -> None:
    with pytest.raises(StorageInputError, match="a reason is at most 200 characters, not 201"):
        await storage.buy_in(G, ADA, 5, reason="y" * 201)
    await storage.buy_in(G, ADA, 5, reason="y" * 200)
    assert next(t.reason for t in await storage.transactions(G, user_id=ADA)) == "y" * 200
