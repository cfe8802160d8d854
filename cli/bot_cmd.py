"""``mahjong bot``: run the Discord bot (configuration from the environment or ``.env``)."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from bot.config import BotConfig, ConfigError

PERMISSIONS = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
)
"""What the bot needs in a channel (``/mahjong new`` names any that are missing)."""


def invite_url(application_id: str = "YOUR_APPLICATION_ID") -> str:
    """The invite link with the scopes and permissions the bot needs.

    >>> invite_url("123")  # doctest: +ELLIPSIS
    'https://discord.com/oauth2/authorize?client_id=123&scope=bot+applications.commands&permissions=...'
    """
    import discord

    value = discord.Permissions(**dict.fromkeys(PERMISSIONS, True)).value
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        f"&scope=bot+applications.commands&permissions={value}"
    )


NO_TOKEN = """\
mahjong bot: there is no bot token, so the bot cannot log in to Discord.

To run it in your server:
  1. Open https://discord.com/developers/applications and click "New Application".
  2. On the "Bot" page click "Reset Token" and copy the token.
  3. Put it in a file named .env where you start the bot (see .env.example):
         DISCORD_TOKEN=the-token-you-copied
     or set the DISCORD_TOKEN environment variable. Keep it secret.
  4. Invite the bot with this link, putting your application's ID (from the
     "General Information" page) in place of YOUR_APPLICATION_ID:
         {invite}
     (scopes: bot applications.commands; permissions: view channel, send messages
     and messages in threads, embed links, attach files, read message history)
  5. Run `mahjong bot` again; for quick command updates while trying it out set
     MAHJONG_DEV_GUILD to your server's ID.

Meanwhile you can play at the terminal against computer players: mahjong play
"""


def add_parser(sub: Any) -> None:
    """Register ``bot`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "bot",
        help="run the Discord bot",
        description="Run the Discord bot. Configuration comes from the environment or a .env file "
        "(see .env.example): DISCORD_TOKEN, MAHJONG_DB, MAHJONG_DEV_GUILD, times.",
    )
    p.add_argument("--env-file", default=".env", help="the .env file to read (default ./.env)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong bot``; returns the exit code (2 without a usable configuration)."""
    try:
        config = BotConfig.from_env(env_file=args.env_file)
    except ConfigError as exc:
        print(f"mahjong bot: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(NO_TOKEN.format(invite=invite_url()), file=sys.stderr)
        return 2
    from bot.app import create_bot

    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    create_bot(config).run(config.token, log_handler=None)
    return 0
