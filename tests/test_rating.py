"""The skill rating (bot/rating.py, bot/storage/ratings.py): games finished through the storage's
own calls are rated as openskill's Plackett-Luce rates the same sequence when called directly;
computer players are never rated and never move a person's rating; a reversed hand counts for
nothing; the server's grouping regroups every rating from the stored games; games finished
before ratings existed are rated once, in the order they ended."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.rating import MIN_GAMES, Rating, base_ruleset, family, places
from bot.storage import GameStateError, Payment, Storage, StorageInputError

GUILD, CHANNEL = 1, 10
ADA, BO, CY, DI, ED = 101, 102, 103, 104, 105
Seat = int | str


@pytest.fixture
async def storage(db: Path | str) -> AsyncIterator[Storage]:
    """A storage on each backend (SQLite and PostgreSQL: the ``db`` fixture)."""
    async with Storage(db, synchronous="NORMAL") as s:
        yield s


async def play(
    storage: Storage,
    seats: Sequence[Seat],
    hands: Sequence[Sequence[tuple[int, int, int]]],
    *,
    ruleset: str = "dmjl",
    end_with_last_hand: bool = False,
    channel: int = CHANNEL,
    reverse: Sequence[int] = (),
) -> int:
    """One game through the storage's calls: each hand's payments (payer seat, payee seat,
    amount); hands numbered in ``reverse`` have their booking marked reversed before the end."""
    record = await storage.create_game(GUILD, channel, list(seats), 1, ruleset=ruleset)
    for number, paid in enumerate(hands, 1):
        if number > 1:
            await storage.start_hand(record.game_id, number)
        last = number == len(hands)
        await storage.finish_hand(
            record.game_id,
            number,
            result="hand",
            payments=[Payment(a, b, n) for a, b, n in paid],
            ends_game=last and end_with_last_hand and not reverse,
        )
    for number in reverse:  # as an undo marks a hand (bot/storage/recorded.py undo_last_hand)

        async def mark(db: object, number: int = number) -> None:
            await db.execute(  # type: ignore[attr-defined]
                "UPDATE hands SET reversed_at = finished_at, reversed_txn = txn_id, reversed_reason = 'undo' "
                "WHERE game_id = ? AND hand_no = ?",
                (record.game_id, number),
            )

        await storage._write(mark)
    if not (end_with_last_hand and not reverse):
        await storage.end_game(record.game_id, reason="finished")
    return record.game_id


class Direct:
    """The expected figures: openskill called directly, game after game, on the people's places."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[tuple[str, int], tuple[float, float, int]] = {}

    def game(self, fam: str, chips: dict[int, int]) -> None:
        users = list(chips)
        if len(users) < 2:
            return
        teams = [
            [self.model.rating(*self.ratings.get((fam, u), (self.model.mu, self.model.sigma, 0))[:2])]
            for u in users
        ]
        ranks = [float(sorted(chips.values(), reverse=True).index(chips[u]) + 1) for u in users]
        for u, [r] in zip(users, self.model.rate(teams, ranks=ranks), strict=True):
            games = self.ratings.get((fam, u), (0.0, 0.0, 0))[2]
            self.ratings[(fam, u)] = (r.mu, r.sigma, games + 1)

    def board(self, fam: str) -> dict[int, tuple[float, float, int]]:
        return {u: v for (f, u), v in self.ratings.items() if f == fam}


def as_figures(board: list[tuple[int, Rating]]) -> dict[int, tuple[float, float, int]]:
    return {user: (r.mu, r.sigma, r.games) for user, r in board}


def assert_same(got: dict[int, tuple[float, float, int]], want: dict[int, tuple[float, float, int]]) -> None:
    assert set(got) == set(want)
    for user, (mu, sigma, games) in want.items():
        assert got[user][0] == pytest.approx(mu, abs=1e-9), user
        assert got[user][1] == pytest.approx(sigma, abs=1e-9), user
        assert got[user][2] == games, user


async def test_ratings_are_openskills_own_figures_for_a_known_sequence_of_games(storage: Storage) -> None:
    direct = Direct()
    # 1: four people; Ada wins twice, Bo pays most.
    await play(storage, [ADA, BO, CY, DI], [[(1, 0, 300), (2, 0, 100)], [(1, 0, 50), (3, 2, 20)]])
    direct.game("dmjl", {ADA: 450, BO: -350, CY: -80, DI: -20})
    # 2: ended with its last hand (finish_hand(ends_game=True)); Cy and Di equal: they share a place.
    await play(storage, [CY, DI, ADA, BO], [[(2, 0, 40), (3, 1, 40), (2, 3, 10)]], end_with_last_hand=True)
    direct.game("dmjl", {CY: 40, DI: 40, ADA: -50, BO: -30})
    # 3: two people and two computers; the computers win everything, the people are ranked alone.
    await play(storage, [ED, "ai:easy:1", ADA, "ai:strong:2"], [[(0, 1, 500), (2, 1, 200), (0, 3, 5)]])
    direct.game("dmjl", {ED: -505, ADA: -200})
    # 4: nobody pays: all four share the first place.
    await play(storage, [ADA, BO, CY, DI], [[]])
    direct.game("dmjl", {ADA: 0, BO: 0, CY: 0, DI: 0})
    assert_same(as_figures(await storage.rating_board(GUILD, "dmjl")), direct.board("dmjl"))
    # The board is ordered by mu - 3 sigma, and a member's history ends at their rating.
    board = await storage.rating_board(GUILD, "dmjl")
    estimates = [r.conservative for _, r in board]
    assert estimates == sorted(estimates, reverse=True)
    assert [r.conservative for _, r in board] == [
        pytest.approx(r.mu - 3 * r.sigma, abs=1e-9) for _, r in board
    ]
    ada = await storage.member_rating(GUILD, ADA, "dmjl")
    assert ada is not None and ada.rating.games == 4 and len(ada.history) == 4
    assert ada.history[-1].rating == ada.rating
    assert [p.place for p in ada.history] == [1, 4, 1, 1]


async def test_computer_seats_never_move_a_persons_rating(storage: Storage) -> None:
    await play(storage, [ADA, BO, CY, DI], [[(1, 0, 100)]])
    before = as_figures(await storage.rating_board(GUILD, "dmjl"))
    # One person and three computers: nobody is rated, whatever the chips.
    await play(storage, [ADA, "ai:easy:1", "ai:normal:2", "ai:strong:3"], [[(1, 0, 900), (2, 0, 900)]])
    await play(storage, [BO, "ai:easy:1", "ai:normal:2", "ai:strong:3"], [[(0, 1, 900)]])
    # Only computers.
    await play(storage, ["ai:easy:1", "ai:normal:2", "ai:strong:3", "ai:easy:4"], [[(0, 1, 10)]])
    assert as_figures(await storage.rating_board(GUILD, "dmjl")) == before
    assert len(await storage.rated_game_ids(GUILD)) == 4  # seen once each, rated or not
    # Two people, the computers' results differ, the people's order is the same: the same ratings.
    direct = Direct()
    direct.game("dmjl", {ADA: 100, BO: -100, CY: 0, DI: 0})
    await play(storage, [CY, "ai:easy:1", DI, "ai:easy:2"], [[(0, 1, 300), (2, 3, 500)]])
    await play(storage, [CY, "ai:easy:1", DI, "ai:easy:2"], [[(1, 0, 20), (3, 2, 10)], [(2, 0, 5)]])
    direct.game("dmjl", {CY: -300, DI: -500})
    direct.game("dmjl", {CY: 25, DI: 5})
    assert_same(as_figures(await storage.rating_board(GUILD, "dmjl")), direct.board("dmjl"))


async def test_a_reversed_hand_changes_the_order_of_finish(storage: Storage) -> None:
    # Hand 1: Bo wins 100 from Ada; hand 2: Ada wins 150 from Bo. Without hand 2 Bo finishes first.
    hands = [[(0, 1, 100)], [(1, 0, 150)]]
    await play(storage, [ADA, BO, "ai:easy:1", "ai:easy:2"], hands, channel=CHANNEL, reverse=[2])
    await play(storage, [CY, DI, "ai:easy:1", "ai:easy:2"], hands, channel=CHANNEL + 1)
    board = dict(await storage.rating_board(GUILD, "dmjl"))
    assert board[BO].mu > board[ADA].mu  # the reversed hand is left out: Bo first
    assert board[CY].mu > board[DI].mu  # standing: Cy (seat 0) first
    direct = Direct()
    direct.game("dmjl", {ADA: -100, BO: 100})
    direct.game("dmjl", {CY: 50, DI: -50})
    assert_same(as_figures(await storage.rating_board(GUILD, "dmjl")), direct.board("dmjl"))


async def test_the_servers_grouping_regroups_every_rating_from_the_stored_games(storage: Storage) -> None:
    games = [
        ("dmjl", [ADA, BO, CY, DI], [[(1, 0, 100)]], {ADA: 100, BO: -100, CY: 0, DI: 0}),
        ("huabao", [BO, CY, DI, ADA], [[(3, 0, 60), (2, 1, 10)]], {BO: 60, CY: 10, DI: -10, ADA: -60}),
        ("jiangxi", [ADA, BO, CY, DI], [[(0, 2, 30)]], {ADA: -30, BO: 0, CY: 30, DI: 0}),
        ("dmjl", [CY, ADA, BO, DI], [[(1, 0, 40), (2, 3, 5)]], {CY: 40, ADA: -40, BO: -5, DI: 5}),
    ]
    for ruleset, seats, hands, _ in games:
        await play(storage, seats, hands, ruleset=ruleset)
    apart = {fam: as_figures(await storage.rating_board(GUILD, fam)) for fam in ("dmjl", "huabao", "jiangxi")}
    for grouping in ("ruleset", "classical", "all"):
        direct = Direct()
        for ruleset, _, _, chips in games:
            direct.game(family(ruleset, grouping), chips)
        assert await storage.set_rating_by(GUILD, grouping, actor_id=7) == grouping
        assert await storage.rating_by(GUILD) == grouping
        for fam in {family(r, grouping) for r, *_ in games}:
            assert_same(as_figures(await storage.rating_board(GUILD, fam)), direct.board(fam))
    assert await storage.rating_board(GUILD, "dmjl") == []  # all in one now
    # Back to each ruleset apart: the very ratings of before.
    await storage.set_rating_by(GUILD, "ruleset", actor_id=7)
    for fam, figures in apart.items():
        assert as_figures(await storage.rating_board(GUILD, fam)) == figures
    # A game ending now is rated in the server's grouping; a member's chart follows the grouping.
    await storage.set_rating_by(GUILD, "classical", actor_id=7)
    await play(storage, [ADA, BO, CY, DI], [[(0, 1, 5)]], ruleset="huabao")
    ada = await storage.member_rating(GUILD, ADA, "classical")
    assert ada is not None and len(ada.history) == 4 and ada.rating.games == 4
    with pytest.raises(StorageInputError, match="rating_by takes one of ruleset, classical, all"):
        await storage.set_rating_by(GUILD, "everything", actor_id=7)
    history = await storage.settings_history(GUILD)
    assert [(c.name, c.new_value) for c in history if c.name == "rating_by"][-1] == ("rating_by", "classical")


async def test_a_game_is_rated_once(storage: Storage) -> None:
    game = await play(storage, [ADA, BO, CY, DI], [[(1, 0, 100)]])
    # Rated in the transaction that ended it (rated_game_ids only reads).
    assert await storage.rated_game_ids(GUILD) == [game]
    other = await play(storage, [ADA, BO, CY, DI], [[(0, 1, 100)]], end_with_last_hand=True)
    assert await storage.rated_game_ids(GUILD) == [game, other]
    first = await storage.rating_board(GUILD, "dmjl")
    with pytest.raises(GameStateError):
        await storage.end_game(game, reason="again")
    assert await storage.rating_board(GUILD, "dmjl") == first
    assert await storage.rated_game_ids(GUILD) == [game, other]
    # An abandoned game rates nobody.
    record = await storage.create_game(GUILD, CHANNEL, [ADA, BO, CY, DI], 1, ruleset="dmjl")
    await storage.finish_hand(record.game_id, 1, result="hand", payments=[Payment(0, 1, 500)])
    await storage.end_game(record.game_id, abandoned=True)
    assert await storage.rating_board(GUILD, "dmjl") == first
    assert await storage.rated_game_ids(GUILD) == [game, other]


async def test_games_finished_before_ratings_are_rated_once_in_the_order_they_ended(db: Path | str) -> None:
    path = db
    direct = Direct()
    async with Storage(path, synchronous="NORMAL", schema_version=12) as old:
        # Game 1 starts first but ends last.
        first = await old.create_game(GUILD, CHANNEL, [ADA, BO, CY, DI], 1, ruleset="dmjl")
        await old.finish_hand(first.game_id, 1, result="hand", payments=[Payment(1, 0, 80)])
        second = await play(old, [BO, CY, "ai:easy:1", DI], [[(2, 0, 10), (1, 2, 30)]], channel=CHANNEL + 1)
        await old.end_game(first.game_id, reason="finished")
    direct.game("dmjl", {BO: 10, CY: -30, DI: 0})
    direct.game("dmjl", {ADA: 80, BO: -80, CY: 0, DI: 0})
    async with Storage(path, synchronous="NORMAL") as new:
        assert_same(as_figures(await new.rating_board(GUILD, "dmjl")), direct.board("dmjl"))
        assert await new.rated_game_ids(GUILD) == [second, first.game_id]
        again = await new.rating_board(GUILD, "dmjl")
        assert as_figures(again) == as_figures(await new.rating_board(GUILD, "dmjl"))
        assert len(await new.rated_game_ids(GUILD)) == 2


def test_places_and_families() -> None:
    assert places([ADA, BO, CY, DI], [10, 10, -5, -15]) == {ADA: 1, BO: 1, CY: 3, DI: 4}
    assert places([ADA, "ai:easy:1", "ai:easy:2", "ai:easy:3"], [0, 1, 2, -3]) == {}
    assert family("dmjl", "classical") == family("huabao", "classical") == "classical"
    assert family("wikibooks", "ruleset") == "wikibooks" and family("rumisberg", "classical") == "rumisberg"
    from engine.rulesets import get_ruleset

    derived = get_ruleset("huabao").derive("club", title="Club").derive("club2", title="Club 2")
    assert base_ruleset(get_ruleset("huabao").derive("club", title="Club")) == "huabao"
    assert base_ruleset(derived) == "club"  # derived from a ruleset the registry does not know
    assert MIN_GAMES == 5


async def test_a_game_ends_and_is_rated_in_one_transaction(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When rating fails the game's end is rolled back with it: never a finished game unrated."""
    import bot.storage.ratings as ratings

    record = await storage.create_game(GUILD, CHANNEL, [ADA, BO, CY, DI], 1, ruleset="dmjl")
    await storage.finish_hand(record.game_id, 1, result="hand", payments=[Payment(1, 0, 100)])
    await storage.rating_board(GUILD, "dmjl")  # the server is caught up: the game is rated as it ends

    def broken(*args: object) -> object:
        raise RuntimeError("rating failed")

    monkeypatch.setattr(ratings, "rate", broken)
    with pytest.raises(RuntimeError, match="rating failed"):
        await storage.end_game(record.game_id, reason="finished")
    assert [g.game_id for g in await storage.load_unfinished_games()] == [record.game_id]
    assert await storage.rated_game_ids(GUILD) == []
    monkeypatch.undo()
    await storage.end_game(record.game_id, reason="finished")
    assert await storage.rated_game_ids(GUILD) == [record.game_id]
    assert {user for user, _ in await storage.rating_board(GUILD, "dmjl")} == {ADA, BO, CY, DI}
