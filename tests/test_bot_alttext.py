"""Every image the bot sends describes itself (Discord's attachment description, the alt text a
screen reader reads out), in its reader's language and within Discord's 1,024 characters: a
whole hand at an English and at a German table, through the offline harness. The public table's
description names no tile a seat holds concealed; a hand's description is seen only by its
owner, on an ephemeral card."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from discord_harness import (
    MEDIA_GALLERY,
    ChannelSpec,
    GuildSpec,
    Harness,
    Request,
    StoredMessage,
    walk_components,
)
from test_bot_builder import EX01, open_card, pick
from test_bot_discord import CHANNEL, GUILD, config, make_bot, play_hand

from bot.app import MahjongBot
from bot.storage import Payment
from engine.game import Game
from engine.tiles import LANGS, TILES, Lang, tile_name

MARKS: dict[str, dict[str, tuple[str, ...]]] = {
    # how each image's description begins, by file and language
    "table.png": {"en": ("Mah-Jongg table, ",), "de": ("Mah-Jongg-Tisch, ",)},
    "hand.png": {"en": ("Your hand",), "de": ("Deine Hand",)},
    "sheet.png": {"en": ("Score sheet",), "de": ("Abrechnung",)},
}
ENGLISH = re.compile(
    r"\b(to move|tiles left|Waiting for|discarded|pays|Net|Score sheet|Your hand|shows|pong of)\b"
)
GERMAN = re.compile(
    r"\b(am Zug|Steine|Wartet|abgeworfen|zahlt|Netto|Abrechnung|Deine Hand|zeigt|Runde|Spiel)\b"
)


def hidden_names(game: Game) -> set[str]:
    """The names, in both languages, of tile kinds some seat holds concealed and nothing public
    shows now (a kind also discarded or on show may be named)."""
    if game.deal.over:
        return set()
    held = {int(t) for p in range(4) for t in game.view(p).concealed}
    public = game.view(None)
    shown = {int(d.tile) for p in public.players for d in p.discards}
    shown |= {int(t) for p in public.players for m in p.melds for t in m.tiles}
    shown |= {int(t) for p in public.players for t in p.bonus}
    if public.last_discard is not None:
        shown.add(int(public.last_discard[1]))
    names: set[str] = set()
    for kind in held - shown:
        names |= {tile_name(TILES[kind], lang, game.ruleset.name) for lang in LANGS}
    return names


def named(text: str, names: set[str]) -> set[str]:
    return {n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)}


def descriptions(request: Request) -> list[str]:
    """Every image description a request carries: its files' and its media gallery items'."""
    out = [f.description or "" for f in request.files]
    body = request.body or {}
    out += [a.get("description") or "" for a in body.get("attachments") or [] if isinstance(a, dict)]
    for c in walk_components(body.get("components") or []):
        if c.get("type") == MEDIA_GALLERY:
            out += [item.get("description") or "" for item in c.get("items") or []]
    return out


async def play_a_hand(h: Harness[MahjongBot], lang: Lang) -> Game:
    """Alice opens a table with two computers, Bob (whose client speaks the other language) joins,
    and they play one whole hand on their cards, and ask for a hint once."""
    alice = h.user(100, "alice", locale="de" if lang == "de" else "en-US")
    bob = h.user(200, "bob", locale="en-US" if lang == "de" else "de")
    rec = await h.slash("mahjong new", user=alice, channel=CHANNEL, options={"computers": 2})
    assert rec.answered
    await h.click(h.messages(CHANNEL)[-1], f"mj:lobby:{CHANNEL}:join", user=bob)
    await h.click(h.messages(CHANNEL)[-1], f"mj:lobby:{CHANNEL}:start", user=alice)
    await h.settle()
    table = h.bot.tables[CHANNEL]
    game = table.game
    assert game is not None
    table_message = h.message(table.message_id or 0)
    card = (await h.click(table_message, f"mj:hand:{CHANNEL}", user=alice)).last.target
    assert isinstance(card, StoredMessage)
    hint = next((c for c in card.custom_ids if c.endswith(":hint")), None)
    if hint is not None:
        await h.click(card, hint, user=alice)
    await play_hand(h, table, [alice, bob])
    await h.settle()
    assert game.deal.over
    await h.click(h.messages(CHANNEL)[-1], f"mj:next:{CHANNEL}:1", user=alice)  # the next hand's table
    await h.settle()
    return game


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_every_image_of_a_whole_hand_describes_itself_in_its_readers_language(
    tmp_path: Path, lang: Lang
) -> None:
    guild = [GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale=lang)]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guild) as h:
        leaks: list[tuple[int, set[str]]] = []
        checked = 0

        def observe(request: Any) -> None:  # the tiles hidden when the bot made each public request
            nonlocal checked
            table = h.bot.tables.get(CHANNEL)
            game = None if table is None else table.game
            if game is None or request.ephemeral:
                return
            hidden = hidden_names(game)
            for text in descriptions(request):
                about = re.match(r"Mah-Jongg[ -]\w+, \w+ \w+, \w+ (\d+)\.", text)
                if about is None or int(about.group(1)) != game.hand_number:
                    continue  # an earlier hand's last state (all public once it is over), or a sheet
                checked += bool(hidden)
                if named(text, hidden):
                    leaks.append((request.seq, named(text, hidden)))

        h.observers.append(observe)
        game = await play_a_hand(h, lang)
        other: Lang = "en" if lang == "de" else "de"
        readers = {100: lang, 200: other}  # each card speaks its clicker's language
        seen: dict[str, int] = {}
        files: dict[str, int] = {}
        for msg in h.messages(CHANNEL, include_ephemeral=True):
            for payload in [*msg.versions, msg.payload]:
                for att in payload.get("attachments") or []:
                    name, text = att["filename"], att.get("description")
                    assert text and len(text) <= 1024, (name, text)
                    reader = readers[msg.visible_to] if msg.ephemeral and msg.visible_to else lang
                    assert text.startswith(MARKS[name][reader]), (name, reader, text)
                    wrong = (ENGLISH if reader == "de" else GERMAN).findall(text)
                    assert not wrong, (name, reader, wrong, text)
                    files[name] = files.get(name, 0) + 1
                    if name == "hand.png":  # a hand: its owner's ephemeral card, nowhere else
                        assert msg.ephemeral and msg.visible_to in readers, text
                        assert seen.setdefault(text, msg.visible_to) == msg.visible_to, text
                gallery = [
                    item.get("description")
                    for c in walk_components(payload.get("components") or [])
                    if c.get("type") == MEDIA_GALLERY
                    for item in c.get("items") or []
                ]
                assert all(gallery), gallery
        assert files.get("table.png", 0) > 20 and files.get("sheet.png") == 1 and files.get("hand.png", 0) > 5
        public = " ".join(" ".join([r.text, *descriptions(r)]) for r in h.public_requests())
        assert not [text for text in seen if text in public]
        assert not re.search(r"Your hand|Deine Hand", public)
        assert game.hand_number == 2
        assert not leaks, leaks
        assert checked > 20, checked
        h.check()


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_score_builder_stats_and_leaderboard_images_describe_themselves(
    tmp_path: Path, lang: Lang
) -> None:
    """``/score`` (ephemeral, and posted in the server's language), the hand builder's card,
    ``/stats member``'s chips chart and ``/chips leaderboard``: each image has a description in
    its reader's language, within the limit, saying what it shows."""
    other: Lang = "de" if lang == "en" else "en"
    guild = [GuildSpec(GUILD, "Club", channels=[ChannelSpec(CHANNEL, "table")], locale=other)]
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guild) as h:
        ada = h.user(100, "Ada", locale="de" if lang == "de" else "en-US")
        bo = h.user(101, "Bo")
        storage = h.bot.storage
        game = await storage.create_game(GUILD, CHANNEL, [ada.id, bo.id, "ai:easy", "ai:easy"], 3)
        await storage.finish_hand(game.game_id, 1, result="Ada wins", payments=[Payment(1, 0, 1200)])

        def described(rec: Any, filename: str) -> str:
            target = rec.last.target if rec.last is not None else None
            assert isinstance(target, StoredMessage), rec
            (att,) = [a for a in target.attachments if a["filename"] == filename]
            text = att.get("description")
            assert text and len(text) <= 1024, text
            return str(text)

        typed = await h.slash(
            "score",
            user=ada,
            channel=CHANNEL,
            options={"hand": EX01, "seat": "S", "win": "9p", "self_drawn": True},
        )
        text = described(typed, "hand.png")
        names = {
            "en": ("Red dragon", "Winning tile: Circles 9"),
            "de": ("Roter Drache", "Gewinnstein: Kreis-9"),
        }
        assert all(n in text for n in names[lang]), text
        answer = typed.last.target
        assert isinstance(answer, StoredMessage)
        post = next(c for c in answer.custom_ids if c.startswith("mj:post:"))
        posted = await h.click(answer, post, user=ada)
        text = described(posted, "hand.png")  # posted in the channel: the server's language
        assert all(n in text for n in names[other]), text
        card = await open_card(h, ada, seat="S")
        await pick(h, card, ada, "234m", "7z", "7z", "7z")
        card = h.message(card.id)
        (att,) = [a for a in card.attachments if a["filename"] == "builder.png"]
        assert names[lang][0] in att["description"] and len(att["description"]) <= 1024, att
        chart = await h.slash("stats member", user=ada, channel=CHANNEL)
        text = described(chart, "chips.png")
        words = {"en": ("A line chart of", "season start"), "de": ("Ein Liniendiagramm aus", "Saisonbeginn")}
        assert all(w in text for w in words[lang]) and "Ada" in text, text
        board = await h.slash("chips leaderboard", user=ada, channel=CHANNEL)
        text = described(board, "leaderboard.png")
        rows = {  # the members as the ledger names them, best first, with the week's change
            "en": "2 members, best first: 1. 100 3,200 chips (+1,200 in 7 days); 2. 101 800 chips "
            "(−1,200 in 7 days).",
            "de": "2 Mitglieder, die besten zuerst: 1. 100 3.200 Chips (+1.200 in 7 Tagen); 2. 101 800 Chips "
            "(−1.200 in 7 Tagen).",
        }
        assert text.endswith(rows[lang]), text
        h.check()
