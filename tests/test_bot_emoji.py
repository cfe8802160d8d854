"""Issue 31, tiles in text: the tile faces uploaded once as application emoji at start-up, used
beside tile names (discard select options, the last-action line, hints, the score sheet), and the
names alone when an upload is refused (``bot/emoji.py``)."""

from __future__ import annotations

import base64
import io
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord_harness import (
    FakeDiscord,
    Harness,
    Request,
    StoredMessage,
    limit_violations,
    option_emoji_violations,
)
from PIL import Image
from test_bot_discord import (
    CHANNEL,
    GUILD,
    TILE_CODE,
    asked,
    config,
    guilds,
    hidden_only,
    make_bot,
    open_table,
    play_card,
    play_hand,
)

from bot import emoji
from bot.app import MahjongBot
from bot.config import BotConfig, ConfigError
from bot.emoji import EMOJI_TILES, REGISTRY, beside_names, emoji_name, say_with_emoji
from bot.presenter import event_words
from engine.events import Event, EventKind
from engine.seats import Position
from engine.tiles import TILES, Tile, tile_name

EMOJI_ROUTE = "/applications/{application_id}/emojis"
MENTION = re.compile(r"<:(mj_\w+):(\d+)>")


@pytest.fixture(autouse=True)
def _no_emoji_after() -> Iterator[None]:
    """The registry belongs to the process: no test leaves emoji behind for the next one."""
    yield
    REGISTRY.clear()


async def start(db: Path, backend: FakeDiscord, **values: Any) -> Harness[MahjongBot]:
    return await Harness.start(
        make_bot(config(db, tile_emoji=True, **values)), guilds=guilds(), backend=backend
    )


def raising(error: Exception) -> Any:
    """A refusal for ``FakeDiscord.emoji_refusal`` or ``Harness.override``: raises ``error``."""

    def refuse(_: object) -> None:
        raise error

    return refuse


def uploads(h: Harness[MahjongBot]) -> list[Request]:
    return h.requests_to("POST", EMOJI_ROUTE)


def emoji_ids(backend: FakeDiscord) -> dict[str, int]:
    return {name: emoji_id for emoji_id, name in backend.emoji_names().items()}


async def test_every_tile_face_is_uploaded_once_across_two_start_ups(tmp_path: Path) -> None:
    backend = FakeDiscord()
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        assert len(h.requests_to("GET", EMOJI_ROUTE)) == 1  # listed first
        sent = uploads(h)
        assert sorted(r.json["name"] for r in sent) == sorted(EMOJI_TILES)  # 34 kinds and 8 bonus tiles
        assert len(sent) == len(TILES) == 42
        for r in sent:  # a square PNG of the face, well within 256 KiB
            data = base64.b64decode(r.json["image"].split(",", 1)[1])
            assert r.json["image"].startswith("data:image/png;base64,")
            assert Image.open(io.BytesIO(data)).size == (128, 128) and len(data) < 256 * 1024
        assert len(REGISTRY) == 42
        h.check()
    finally:
        await h.close()
    assert len(REGISTRY) == 0  # the bot that filled it has closed
    first = emoji_ids(backend)
    h2 = await start(tmp_path / "db.sqlite3", backend)
    try:
        assert uploads(h2) == [] and len(h2.requests_to("GET", EMOJI_ROUTE)) == 1
        assert emoji_ids(backend) == first and len(REGISTRY) == 42
        five = REGISTRY.get(Tile.parse("5p"))
        assert five is not None and five.id == first["mj_5p"] and five.name == "mj_5p"
        h2.check()
    finally:
        await h2.close()


async def test_only_the_missing_faces_are_uploaded(tmp_path: Path) -> None:
    backend = FakeDiscord()
    logo = backend.create_application_emoji({"name": "logo"})  # the application's own, left alone
    kept = backend.create_application_emoji({"name": "mj_7z"})
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        names = [r.json["name"] for r in uploads(h)]
        assert len(names) == 41 and "mj_7z" not in names and "logo" not in names
        red = REGISTRY.get(Tile.parse("7z"))
        assert red is not None and red.id == int(kept["id"])
        assert logo["name"] in backend.emoji_names().values() and len(backend.application_emoji) == 43
    finally:
        await h.close()


async def test_the_discard_select_options_carry_the_uploaded_emoji(tmp_path: Path) -> None:
    backend = FakeDiscord()
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        ids = emoji_ids(backend)
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        checked = 0
        for _ in range(40):
            await h.settle()
            mover = next((u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0)), None)
            if mover is None:
                continue
            table_message = h.message(table.message_id) if table.message_id else h.messages(CHANNEL)[-1]
            rec = await h.click(table_message, f"mj:hand:{CHANNEL}", user=mover)
            card = rec.last.target if rec.last is not None else None
            assert isinstance(card, StoredMessage)
            select = next((c for c in card.custom_ids if c.startswith("mj:discard:")), None)
            if select is not None:
                for option in card.select_options(select):
                    tile = Tile.parse(option["value"])
                    assert option["label"] == tile_name(tile)  # the name stays, the emoji beside it
                    sent = option["emoji"]
                    assert int(sent["id"]) == ids[emoji_name(tile)] and sent["name"] == emoji_name(tile)
                    assert set(sent) <= {"id", "name", "animated"} and not sent.get("animated")
                    checked += 1
            await play_card(h, table, mover)
            if checked >= 30:
                break
        assert checked >= 30
        # the table message's last-action line: the discard's emoji beside its name
        said = [m.text for m in h.messages(CHANNEL) if "discarded" in m.text]
        assert said
        for text in said:
            for name, emoji_id in MENTION.findall(text):
                tile = EMOJI_TILES[name]
                assert ids[name] == int(emoji_id)
                assert f"<:{name}:{emoji_id}> {tile_name(tile)}" in text
        assert any(MENTION.search(text) for text in said)
        h.check()  # every option's emoji is one the application has (the harness checks it)
    finally:
        await h.close()


async def test_a_refused_upload_falls_back_to_names_with_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    backend = FakeDiscord()
    tried: list[Any] = []

    def refuse(body: Any) -> None:
        tried.append(body)
        raise Harness.error(403, 50013, "Missing Access")

    backend.emoji_refusal = refuse
    caplog.set_level(logging.WARNING, logger="bot.emoji")
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        warnings = [r for r in caplog.records if r.name == "bot.emoji" and r.levelno == logging.WARNING]
        assert len(warnings) == 1, [r.getMessage() for r in warnings]
        message = warnings[0].getMessage()
        assert "refused" in message and "403" in message and "Missing Access" in message, message
        assert len(tried) == 1  # it stops at the first refusal, never hammers
        assert len(REGISTRY) == 0 and backend.application_emoji == {}
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        await play_hand(h, table, [alice, bob])
        await h.settle()
        assert any("discarded" in r.text for r in h.requests)
        for request in h.requests:
            assert "<:mj_" not in request.text
            assert all("emoji" not in o for o in _options(request.json))
        h.check()
    finally:
        await h.close()


async def test_a_refusal_told_by_the_harness_override_falls_back_too(tmp_path: Path) -> None:
    """The same through ``Harness.override`` on a running bot: a second start-up of the same
    application whose upload is refused keeps the emoji it listed."""
    backend = FakeDiscord()
    backend.create_application_emoji({"name": "mj_5p"})
    backend.emoji_refusal = raising(Harness.error(400, 30008, "Maximum number of emojis reached"))
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        assert len(REGISTRY) == 1 and REGISTRY.get(Tile.parse("5p")) is not None  # uses what it has
        h.override("POST", EMOJI_ROUTE, raising(Harness.error(429, 0, "rate limited")))
        backend.emoji_refusal = None
        assert await emoji.upload_tile_emoji(h.bot) == 0  # refused again: nothing made, nothing lost
        assert len(REGISTRY) == 1 and len(backend.application_emoji) == 1
        h.check()
    finally:
        await h.close()


def _options(body: Any) -> list[Any]:
    from discord_harness import walk_components

    data = body.get("data", body) if isinstance(body, dict) else {}
    return [o for c in walk_components(data.get("components") or []) for o in c.get("options") or []]


async def test_a_full_application_uploads_nothing_and_says_so_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    backend = FakeDiscord()
    for i in range(1990):
        backend.application_emoji[i + 1] = {"id": str(i + 1), "name": f"other_{i}"}
    backend.create_application_emoji({"name": "mj_1m"})
    caplog.set_level(logging.WARNING, logger="bot.emoji")
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        assert uploads(h) == []
        warnings = [r.getMessage() for r in caplog.records if r.name == "bot.emoji"]
        assert len(warnings) == 1 and "2000" in warnings[0], warnings
        assert len(REGISTRY) == 1 and REGISTRY.get(Tile.parse("1m")) is not None  # uses what it has
        h.check()
    finally:
        await h.close()


async def test_some_emoji_missing_uses_what_it_has(tmp_path: Path) -> None:
    backend = FakeDiscord()
    made: list[str] = []

    def first_five(body: Any) -> None:
        if len(made) >= 5:
            raise Harness.error(429, 0, "You are being rate limited.")
        made.append(body["name"])

    backend.emoji_refusal = first_five
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        assert len(REGISTRY) == 5
        have = [t for t in TILES if REGISTRY.get(t) is not None]
        assert [emoji_name(t) for t in have] == made
        without = next(t for t in TILES if REGISTRY.get(t) is None)
        assert say_with_emoji(without, "x") == "x"
        first = REGISTRY.get(have[0])
        assert first is not None and say_with_emoji(have[0], "y") == f"<:{emoji_name(have[0])}:{first.id}> y"
    finally:
        await h.close()


async def test_without_the_setting_nothing_is_listed_or_uploaded(tmp_path: Path) -> None:
    h = await Harness.start(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds())
    try:
        assert h.requests_to("GET", EMOJI_ROUTE) == [] and uploads(h) == [] and len(REGISTRY) == 0
    finally:
        await h.close()


def test_the_setting_is_on_unless_the_environment_says_no() -> None:
    assert BotConfig.from_env({}, env_file=None).tile_emoji
    assert not BotConfig.from_env({"MAHJONG_TILE_EMOJI": "no"}, env_file=None).tile_emoji
    with pytest.raises(ConfigError, match="MAHJONG_TILE_EMOJI takes yes or no"):
        BotConfig.from_env({"MAHJONG_TILE_EMOJI": "maybe"}, env_file=None)
    assert not BotConfig().tile_emoji


def _fill(*codes: str) -> None:
    REGISTRY.fill([(emoji_name(Tile.parse(c)), 1000 + i) for i, c in enumerate(codes)])


def test_texts_put_the_emoji_beside_the_name_and_are_unchanged_without() -> None:
    five, red = Tile.parse("5p"), Tile.parse("7z")
    discard = Event(EventKind.DISCARD, seat=Position(0), tile=five)
    before = event_words([discard], ["Ada"], 0, "en")
    hint = "Discard Circles 5: Circles 5 6 7 stays, Kreis-5"
    assert beside_names(hint, [five], "en") == hint and say_with_emoji(five, "Circles 5") == "Circles 5"
    _fill("5p", "7z")
    assert event_words([discard], ["Ada"], 0, "en") == before  # emoji only where the text asks (the table's)
    with_emoji = event_words([discard], ["Ada"], 0, "en", emoji=True)
    assert with_emoji == before.replace("Circles 5", "<:mj_5p:1000> Circles 5")
    assert (
        beside_names(hint, [five, red], "en")
        == "Discard <:mj_5p:1000> Circles 5: Circles 5 6 7 stays, Kreis-5"
    )
    assert beside_names("Spiel Kreis-5 ab", [five], "de") == "Spiel <:mj_5p:1000> Kreis-5 ab"
    assert (
        beside_names("Bing 5 ×2", [five], "de", "jiangxi") == "Bing 5 ×2"
    )  # a German jiangxi name is Bing-5
    assert beside_names("Bing-5 ×2", [five], "de", "jiangxi") == "<:mj_5p:1000> Bing-5 ×2"
    assert beside_names("Circles 5 6 7", [five], "en") == "Circles 5 6 7"  # a run, not the tile alone
    REGISTRY.clear()
    assert event_words([discard], ["Ada"], 0, "en", emoji=True) == before


def test_the_harness_refuses_emoji_beyond_discords_limits() -> None:
    def create(body: Any) -> Request:
        req = Request(
            seq=1,
            via="http",
            method="POST",
            path="/applications/1/emojis",
            template=EMOJI_ROUTE,
            params={},
            query={},
            json=body,
            files=[],
            at=0.0,
        )
        req.kind = "post " + EMOJI_ROUTE
        return req

    png = base64.b64encode(emoji_png_bytes()).decode()
    assert limit_violations(create({"name": "mj_5p", "image": f"data:image/png;base64,{png}"})) == []
    assert limit_violations(create({"name": "m", "image": f"data:image/png;base64,{png}"}))  # 1 character
    assert limit_violations(create({"name": "mj-5p", "image": f"data:image/png;base64,{png}"}))  # a hyphen
    assert limit_violations(create({"name": "x" * 33, "image": f"data:image/png;base64,{png}"}))
    big = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(300 * 1024)).decode()
    assert any(
        "bytes" in p
        for p in limit_violations(create({"name": "mj_5p", "image": f"data:image/png;base64,{big}"}))
    )
    assert limit_violations(create({"name": "mj_5p", "image": png}))  # not a data URI
    select = [
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "s",
                    "options": [{"label": "Circles 5", "value": "5p", "emoji": {"id": "7", "name": "mj_5p"}}],
                }
            ],
        }
    ]
    assert option_emoji_violations(select, {7: "mj_5p"}) == []
    assert option_emoji_violations(select, {8: "mj_5p"})  # no such emoji
    emoji_field: dict[str, Any] = select[0]["components"][0]["options"][0]["emoji"]  # type: ignore[index]
    emoji_field["url"] = "x"
    assert option_emoji_violations(select, {7: "mj_5p"})  # not a partial emoji


def emoji_png_bytes() -> bytes:
    from render.tiles import emoji_png

    return emoji_png(int(Tile.parse("5p")))


async def test_whole_hands_with_emoji_leak_no_concealed_tile(tmp_path: Path) -> None:
    """The leak check of ``test_bot_discord`` with emoji on: an emoji's name carries its tile's code
    (``mj_5p``), so a concealed tile's emoji in public text would be caught as its code."""
    backend = FakeDiscord()
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        hidden_at: dict[int, tuple[int, set[str]]] = {}
        tables: list[Any] = []

        def observe(request: Request) -> None:
            game = tables[0].game if tables else None
            if game is not None:
                hidden_at[request.seq] = (game.hand_number, hidden_only(game))

        h.observers.append(observe)
        await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        tables.append(table)
        await play_hand(h, table, [alice, bob])
        await h.settle()
        with_emoji = checked = 0
        for request in h.public_requests():
            _, hidden = hidden_at.get(request.seq, (0, set()))
            leaked = set(TILE_CODE.findall(request.text)) & hidden
            assert not leaked, (request.text, leaked)
            checked += bool(hidden)
            with_emoji += bool(MENTION.search(request.text))
        assert checked > 10 and with_emoji > 5, (checked, with_emoji)
        h.check()
    finally:
        await h.close()


def test_every_tile_has_a_valid_stable_name() -> None:
    assert len(EMOJI_TILES) == 42 and set(EMOJI_TILES.values()) == set(TILES)
    assert all(emoji.NAME.fullmatch(name) for name in EMOJI_TILES)
    assert [emoji_name(Tile.parse(c)) for c in ("1m", "9s", "1z", "5z", "1f", "8f")] == [
        "mj_1m",
        "mj_9s",
        "mj_1z",
        "mj_5z",
        "mj_1f",
        "mj_8f",
    ]


async def test_hints_and_the_score_sheet_put_the_emoji_beside_the_tile_names(tmp_path: Path) -> None:
    backend = FakeDiscord()
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        ids = emoji_ids(backend)
        await h.bot.storage.set_house_rule(GUILD, "game_length", "hands:1", actor_id=1)
        alice, bob = h.user(100, "alice"), h.user(200, "bob")
        table = await open_table(h, alice, bob)
        game = table.game
        assert game is not None
        hinted = 0
        for _ in range(400):
            await h.settle()
            if game.deal.over:
                break
            mover = next((u for u in (alice, bob) if asked(table, table.position_of(u.id) or 0)), None)
            if mover is None:
                continue
            if hinted < 3:
                table_message = h.message(table.message_id) if table.message_id else h.messages(CHANNEL)[-1]
                rec = await h.click(table_message, f"mj:hand:{CHANNEL}", user=mover)
                card = rec.last.target if rec.last is not None else None
                assert isinstance(card, StoredMessage)
                target = next(c for c in card.custom_ids if c.endswith(":hint"))
                rec = await h.click(card, target, user=mover)
                text = h.message(card.id).text
                found = MENTION.findall(text)
                assert found, text  # the hint names a tile, and its emoji stands before the name
                for name, emoji_id in found:
                    assert int(emoji_id) == ids[name]
                    assert f"<:{name}:{emoji_id}> {tile_name(EMOJI_TILES[name])}" in text
                hinted += 1
            await play_card(h, table, mover)
        assert hinted == 3 and game.deal.over
        await h.settle()
        sheet_message = next(m for m in reversed(h.messages(CHANNEL)) if "sheet.png" in m.filenames)
        view = game.view(None)
        assert view.sheet is not None
        tile = view.sheet.win_tile
        assert tile is not None  # TEST_SEED's hand is won (on 2m)
        mention = f"<:{emoji_name(tile)}:{ids[emoji_name(tile)]}> {tile_name(tile)}"
        assert mention in sheet_message.text.splitlines()[0], sheet_message.text
        h.check()
    finally:
        await h.close()


async def test_two_processes_uploading_at_once_share_the_work(tmp_path: Path) -> None:
    """Shard processes all try at start-up: when another process made a face between this one's
    list and its upload (the name is then taken), this one takes that emoji and goes on."""
    backend = FakeDiscord()
    raced: list[str] = []

    def other_process_first(body: Any) -> None:
        if len(raced) < 3:  # the other process made these three just before
            raced.append(body["name"])
            backend.emoji_refusal = None
            backend.create_application_emoji({"name": body["name"]})
            backend.emoji_refusal = other_process_first

    backend.emoji_refusal = other_process_first
    h = await start(tmp_path / "db.sqlite3", backend)
    try:
        assert len(raced) == 3 and len(REGISTRY) == 42 and len(backend.application_emoji) == 42
        refused = [r for r in uploads(h) if r.status >= 400]
        assert [r.json["name"] for r in refused] == raced
        assert len(uploads(h)) == 42 and not h.errors
        h.check()
    finally:
        await h.close()


def test_the_longest_since_the_picture_line_with_emoji_stays_within_a_text_display() -> None:
    """The table message lists up to ``SINCE_MOST`` moves since its picture; with every tile's emoji
    (ids of 19 digits, as Discord's are now) beside its name, chows and kongs by 32-character names,
    the line stays far within the 4,000 characters a message's text displays may hold."""
    from bot.i18n import text
    from bot.presenter import SINCE_MOST
    from engine.hand import Meld, MeldKind

    REGISTRY.fill([(name, 10**18 + i) for i, name in enumerate(EMOJI_TILES)])
    names = ["W" * 32, "Ü" * 32, "M" * 32, "N" * 32]
    events = [
        Event(
            EventKind.CLAIM,
            seat=Position(i % 4),
            tile=Tile.parse("4p"),
            meld=Meld(MeldKind.CHOW, Tile.parse("3p")),
        )
        if i % 2
        else Event(
            EventKind.KONG,
            seat=Position(i % 4),
            tile=Tile.parse("6f"),
            meld=Meld(MeldKind.KONG, Tile.parse("2s")),
        )
        for i in range(SINCE_MOST)
    ]
    for lang in ("en", "de"):
        said = [event_words([e], names, 0, lang, emoji=True) for e in events]
        assert all(MENTION.search(s) for s in said), said
        line = text("since_picture", lang, actions=" · ".join(["…", *said]))
        assert len(line) < 2000, len(line)  # the rest of the status (head, turn, away) is short


def test_a_replayed_hands_words_and_jump_menu_name_tiles_without_emoji_markup() -> None:
    """A replay's words are escaped as markdown and become the jump menu's option labels (plain
    text, 100 characters): an emoji mention there would be broken or shown raw, so they have none."""
    from types import SimpleNamespace

    from test_replay_card import played, replayed

    from bot.replay import card, step_words

    REGISTRY.fill([(name, 10**18 + i) for i, name in enumerate(EMOJI_TILES)])
    ada, bo = SimpleNamespace(id=31), SimpleNamespace(id=32)
    game = played(ada, bo)  # type: ignore[arg-type]
    hand = replayed(ada, bo, game, 1)  # type: ignore[arg-type]
    said = [step_words(hand, step, "en") for step in range(hand.last + 1)]
    assert any("discarded" in s for s in said) and not any("<:" in s for s in said)
    shown = card(hand, 7, hand.last // 2, "de")
    assert shown.options and shown.content
    assert "<:mj_" not in shown.content and not any("<:" in label for _, label in shown.options)
