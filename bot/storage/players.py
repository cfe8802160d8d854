"""Players: the people the bot has met, the display name last seen and their language."""

from __future__ import annotations

from dataclasses import fields

from bot.storage.checks import LANGUAGE, check_id, quote
from bot.storage.core import StorageCore
from bot.storage.errors import StorageInputError
from bot.storage.records import Player
from bot.storage.sql import Db

MAX_NAME_LENGTH = 100
"""A display name is cut to this many characters (Discord allows 32; nicknames of old were longer)."""


class PlayersMixin(StorageCore):
    """The people the bot has met."""

    async def remember_player(self, user_id: int, display_name: str) -> Player:
        """Record a person the bot met and the display name seen now."""
        check_id(user_id, "user id")
        if not isinstance(display_name, str):
            raise StorageInputError(f"a display name is text, not {quote(display_name)}")
        name = display_name.strip()[:MAX_NAME_LENGTH] or str(user_id)
        now = self._now()

        async def work(db: Db) -> Player:
            await db.execute(
                "INSERT INTO players (user_id, display_name, first_seen, last_seen) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, "
                "last_seen = excluded.last_seen",
                (user_id, name, now, now),
            )
            return await self._written_player(db, user_id)

        return await self._write(work)

    async def set_language(self, user_id: int, language: str | None) -> Player:
        """Set (or with None clear) a person's language, a tag like ``en``, ``de`` or ``zh-TW``.

        :raises StorageInputError: for something that is not a language tag.
        """
        check_id(user_id, "user id")
        if language is not None:
            if not isinstance(language, str) or not LANGUAGE.match(language.strip()):
                raise StorageInputError(
                    f"{quote(language)} is not a language tag; write a code like en, de, fr or zh-TW"
                )
            language = language.strip()
        now = self._now()

        async def work(db: Db) -> Player:
            await db.execute(
                "INSERT INTO players (user_id, display_name, language, first_seen, last_seen) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, str(user_id), language, now, now),
            )
            return await self._written_player(db, user_id)

        return await self._write(work)

    async def get_player(self, user_id: int) -> Player | None:
        """The stored player, or None for someone the bot has not met."""
        check_id(user_id, "user id")

        async def work(db: Db) -> Player | None:
            return await self._player(db, user_id)

        return await self._read(work)

    async def _player(self, db: Db, user_id: int) -> Player | None:
        row = await db.fetchone("SELECT * FROM players WHERE user_id = ?", (user_id,))
        return None if row is None else Player(**{f.name: row[f.name] for f in fields(Player)})

    async def _written_player(self, db: Db, user_id: int) -> Player:
        player = await self._player(db, user_id)
        if player is None:
            raise AssertionError(f"player {user_id} was just written and is not there")
        return player
