"""The worker processes (``bot/workers.py``): the same images and moves as in a thread, a dead
worker replaced, nothing left running after shutdown, and no job that carries another seat's tiles."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_harness import Harness
from test_bot_discord import config, guilds, hidden_only, make_bot, open_table, play_hand

from bot import workers
from bot.workers import Pool, WorkerError, decide
from engine.ai.hints import hint
from engine.ai.player import AIPlayer
from engine.game import Game
from engine.players import SimplePlayer
from engine.rulesets import Ruleset, Settings
from engine.tiles import Tile
from engine.views import Phase, PlayerView, SeatView
from render.hand import render_hand
from render.sheet import render_sheet
from render.table import render_table


@pytest.fixture
async def pool() -> AsyncIterator[Pool]:
    p = Pool(2)
    p.open()
    yield p
    await p.close()


def _states(seed: int, moves: int) -> list[Game]:
    """Copies of one game after 0, 5, 10, ... of ``moves`` simple moves (a replayed game each)."""
    out = []
    for stop in range(0, moves, 5):
        game = Game("dmjl", seed=seed)
        player = SimplePlayer()
        for _ in range(stop):
            if game.deal.over:
                break
            position = game.to_act()[0]
            game.apply(player.choose(game.view(position)))
        out.append(game)
    return out


async def test_the_pool_draws_the_same_images_and_hints_as_a_thread(pool: Pool) -> None:
    for game in _states(11, 40):
        public = game.view(None)
        assert await pool.run(render_table, public, lang="de") == render_table(public, lang="de")
        position = game.to_act()[0]
        mine = game.view(position)
        assert await pool.run(render_hand, mine, lang="en") == render_hand(mine, lang="en")
        if mine.legal:
            here = hint(mine, settings=game.settings, lang="de", ruleset=game.ruleset)
            there = await pool.run(hint, mine, settings=game.settings, lang="de", ruleset=game.ruleset)
            assert there == here
    game = Game("dmjl", seed=4)
    while not game.deal.over:
        position = game.to_act()[0]
        game.apply(SimplePlayer().choose(game.view(position)))
    view = game.view(None)
    assert view.sheet is not None
    how: dict[str, Any] = {"prevailing": view.prevailing, "hand_number": 1, "lang": "en"}
    assert await pool.run(render_sheet, view.sheet, view.players, **how) == render_sheet(
        view.sheet, view.players, **how
    )


async def test_the_pool_decides_the_same_moves_as_a_thread_random_state_included(pool: Pool) -> None:
    """A whole hand of ``easy`` players (they draw random numbers) decided in the pool, each
    player carried from one decision to the next, plays exactly as the same players in-process."""
    derived = Game("dmjl").ruleset.derive("house", title="House rules")  # never registered
    for ruleset in ("dmjl", derived):
        here = Game(ruleset, seed=9)
        there = Game(ruleset, seed=9)
        local = [AIPlayer("easy", seed=f"9:{p}", defence=True, ruleset=here.ruleset) for p in range(4)]
        remote = [AIPlayer("easy", seed=f"9:{p}", defence=True, ruleset=there.ruleset) for p in range(4)]
        moves = 0
        while not here.deal.over:
            position = here.to_act()[0]
            action = local[position].choose(here.view(position))
            chosen, remote[position] = await pool.run(decide, remote[position], there.view(position))
            assert chosen == action, moves
            here.apply(action)
            there.apply(chosen)
            moves += 1
        assert there.deal.over and moves > 30


async def test_a_killed_worker_is_replaced_and_the_job_retried() -> None:
    p = Pool(1)
    p.open()
    try:
        first = await p.run(os.getpid)
        assert first != os.getpid()
        os.kill(first, signal.SIGKILL)
        second = await p.run(os.getpid)  # the pool breaks, is replaced, and the job runs again
        assert second not in (first, os.getpid())
        assert p.replaced == 1
        assert not Path(f"/proc/{first}").exists()
        assert await p.run(str, 42) == "42"
    finally:
        await p.close()


async def test_a_job_whose_worker_dies_twice_is_an_error_and_the_pool_goes_on() -> None:
    p = Pool(1)
    p.open()
    try:
        with pytest.raises(WorkerError, match="died twice running _exit"):
            await p.run(os._exit, 3)
        assert p.replaced == 2
        assert await p.run(abs, -5) == 5
    finally:
        await p.close()


def _alive(pid: int) -> bool:
    """A process with this id exists (a zombie counts: it was never reaped)."""
    return Path(f"/proc/{pid}").exists()


async def test_shutdown_leaves_no_worker_process(tmp_path: Path) -> None:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3", workers=2)), guilds=guilds())
    pool = h.bot.workers
    assert pool is not None and workers.current() is pool
    assert {await pool.run(os.getppid) for _ in range(4)}  # the workers are up
    pids = pool.pids()
    assert pids and all(_alive(pid) for pid in pids)
    await h.close()
    assert workers.current() is None and h.bot.workers is None
    assert not [pid for pid in pids if _alive(pid)]


async def test_no_workers_means_threads(tmp_path: Path) -> None:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3", workers=0)), guilds=guilds())
    try:
        assert h.bot.workers is None and workers.current() is None
        assert await workers.run(os.getpid) == os.getpid()
    finally:
        await h.close()


# --- Hidden information ------------------------------------------------------------------------


def _walk(obj: Any, found: list[Any]) -> None:
    """Every view, player view and tile in a job's arguments (not inside a ruleset or settings:
    they hold the rules, the same for everyone)."""
    if isinstance(obj, Ruleset | Settings) or obj is None:
        return
    if isinstance(obj, Tile):
        found.append(obj)
    elif isinstance(obj, str | int | float | bytes):
        return
    elif isinstance(obj, SeatView | PlayerView):
        found.append(obj)
        for f in dataclasses.fields(obj):
            _walk(getattr(obj, f.name), found)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _walk(getattr(obj, f.name), found)
    elif isinstance(obj, tuple | list):
        for item in obj:
            _walk(item, found)
    elif isinstance(obj, dict):
        for item in obj.values():
            _walk(item, found)
    elif isinstance(obj, AIPlayer):
        for name, value in vars(obj).items():
            if name not in ("_rng",):
                _walk(value, found)


PUBLIC_JOBS = {"render_table", "render_sheet"}
SEAT_JOBS = {"render_hand", "hint", "decide"}


async def test_no_job_carries_a_tile_its_seat_may_not_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs: list[tuple[str, list[Any], dict[int, set[str]], list[tuple[int, ...]], bool]] = []
    tables: list[Any] = []
    original = Pool._submit

    def watched(self: Pool, fn: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        game = tables[0].game if tables and tables[0].game is not None else None
        found: list[Any] = []
        _walk((args, kwargs), found)
        hidden: dict[int, set[str]] = {}
        held: list[tuple[int, ...]] = []
        over = True
        if game is not None:
            over = game.deal.over
            secret = hidden_only(game)
            hidden = {p: {str(t) for t in game.view(p).concealed} & secret for p in range(4)}
            held = [tuple(game.view(p).concealed) for p in range(4)]
        jobs.append((fn.__name__, found, hidden, held, over))
        return original(self, fn, args, kwargs)

    monkeypatch.setattr(Pool, "_submit", watched)
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3", workers=2)), guilds=guilds())
    try:
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        tables.append(table)
        await play_hand(h, table, [alice, bob])
        await h.settle()
    finally:
        await h.close()
    kinds = {name for name, *_ in jobs}
    assert {"render_table", "render_hand", "decide", "render_sheet"} <= kinds, kinds
    checked = 0
    for name, found, hidden, held, over in jobs:
        views = [o for o in found if isinstance(o, SeatView)]
        players = [o for o in found if isinstance(o, PlayerView)]
        tiles = {str(o) for o in found if isinstance(o, Tile)}
        if name in PUBLIC_JOBS:  # the public view: nobody's concealed tile
            assert all(v.seat is None and v.concealed == () and v.drawn is None for v in views)
            if not over:
                assert all(p.revealed is None for p in players)
                assert not tiles & set().union(*hidden.values()), name
                checked += 1
        else:
            assert name in SEAT_JOBS, name
            assert len(views) == 1 and views[0].seat is not None, name  # one seat's view
            seat = views[0].seat
            assert all(p.revealed is None and p.revealed_drawn is None for p in players)
            if not over and views[0].phase != Phase.OVER:
                # that seat's own concealed tiles, and no other seat's view or revealed hand beside them
                assert tuple(views[0].concealed) == held[seat]
                checked += 1
    assert checked > 20, checked


def test_the_number_of_workers_is_configured() -> None:
    from bot.config import BotConfig, ConfigError

    assert BotConfig.from_env({}, env_file=None).workers is None  # as many as the cores
    assert BotConfig.from_env({"MAHJONG_WORKERS": "3"}, env_file=None).workers == 3
    assert BotConfig.from_env({"MAHJONG_WORKERS": "0"}, env_file=None).workers == 0
    for bad in ("many", "-1", "2.5", "1000"):
        with pytest.raises(ConfigError, match=r"MAHJONG_WORKERS takes a whole number .* not '"):
            BotConfig.from_env({"MAHJONG_WORKERS": bad}, env_file=None)


async def test_a_persons_card_goes_before_the_table_images_waiting(tmp_path: Path) -> None:
    """With every worker busy, the jobs waiting go by priority: a hand image (what a click waits
    for) before a computer's decision and a score sheet (what a table's play waits for), before
    table images that came first."""
    fifo = tmp_path / "gate"
    os.mkfifo(fifo)
    game = Game("dmjl", seed=2)
    position = game.to_act()[0]
    p = Pool(1)
    p.open()
    try:
        blocker = asyncio.ensure_future(p.run(fifo.read_text))  # holds the one worker until written
        await asyncio.sleep(0)
        done: list[str] = []

        async def job(name: str, fn: Any, *args: Any) -> None:
            await p.run(fn, *args)
            done.append(name)

        jobs = [asyncio.ensure_future(job(f"table{i}", render_table, game.view(None))) for i in range(3)]
        jobs.append(asyncio.ensure_future(job("decide", decide, AIPlayer(), game.view(position))))
        jobs.append(asyncio.ensure_future(job("hand", render_hand, game.view(position))))
        ended = Game("dmjl", seed=4)
        while not ended.deal.over:  # a hand to its end, for its score sheet
            ended.apply(SimplePlayer().choose(ended.view(ended.to_act()[0])))
        view = ended.view(None)
        assert view.sheet is not None
        jobs.append(asyncio.ensure_future(job("sheet", render_sheet, view.sheet, view.players)))
        await asyncio.sleep(0)
        await asyncio.to_thread(fifo.write_text, "go")
        assert await blocker == "go"
        await asyncio.gather(*jobs)
        assert done == ["hand", "decide", "sheet", "table0", "table1", "table2"]
    finally:
        await p.close()


_ORPHAN_CHILD = """
import asyncio, sys
from bot.workers import Pool, warm

async def main(when):
    pool = Pool(2)
    pool.open()
    if when == "after":
        await pool.run(warm)  # a worker has started and done a job
        print("ready", flush=True)
    else:
        job = asyncio.ensure_future(pool.run(warm))  # the workers are being spawned now
        await asyncio.sleep(0)
        print("ready", flush=True)
    await asyncio.Event().wait()  # until killed

asyncio.run(main(sys.argv[1]))
"""


def _processes_marked(mark: str) -> list[int]:
    """The processes whose environment holds ``mark`` (the child and every worker it started)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as env:
                if mark.encode() in env.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("when", ["after", "while_spawning"])
def test_a_bot_killed_with_sigkill_leaves_no_worker(when: str) -> None:
    """SIGKILL the bot's process (here a small one with a pool), once its workers run and once
    while they are still being spawned: every worker ends by itself. Each worker's end is waited
    for on a pidfd (an event of the kernel), not a clock; the bound only fails a broken case."""
    import select
    import subprocess
    import sys
    import uuid

    mark = f"MAHJONG_ORPHAN_TEST={uuid.uuid4().hex}"
    name, value = mark.split("=")
    child = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN_CHILD, when],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, name: value},
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    workers_seen = [p for p in _processes_marked(mark) if p != child.pid]
    child.send_signal(signal.SIGKILL)
    child.wait()
    for pid in [p for p in _processes_marked(mark) if p != child.pid] or workers_seen:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue  # already gone
        try:
            ready, _, _ = select.select([fd], [], [], 120)
            assert ready, f"worker {pid} outlived the killed bot"
        finally:
            os.close(fd)
    assert [p for p in _processes_marked(mark) if p != child.pid] == []


async def test_start_all_starts_every_worker_and_the_reserve_at_once() -> None:
    """``start_all`` (the bench's warm pool) starts ``count`` workers and the reserve before any
    real job, so none starts while tables are measured."""
    p = Pool(2)
    try:
        pids = await p.start_all()
        assert len(pids) == 3 and set(p.pids()) == pids
        assert await p.run(os.getpid) in pids  # a job goes to one of them: none starts for it
        assert set(p.pids()) == pids
    finally:
        await p.close()
