"""``mahjong bot``: run the Discord bot (configuration from the environment or ``.env``)."""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import socket
import sys
import textwrap
from typing import Any, Final

from bot.config import BotConfig, ConfigError
from engine.errors import shorten

PERMISSIONS = (
    "view_channel",
    "send_messages",
    "send_messages_in_threads",
    "create_public_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
)
"""What the bot needs in a channel (``/mahjong new`` names any that are missing)."""


def permission_words() -> str:
    """The permissions of :data:`PERMISSIONS` as a person reads them, wrapped for the no-token text.

    >>> print(permission_words())
    view channel, send
         messages, send messages in threads, create public threads, embed
         links, attach files, read message history
    """
    words = ", ".join(p.replace("_", " ") for p in PERMISSIONS)
    return "\n     ".join(textwrap.wrap(words, 70, initial_indent=" " * 49)).strip()


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
     (scopes: bot applications.commands; permissions: {permissions})
     To use /score and "Score this hand" yourself in DMs, group chats and servers
     without the bot: on the "Installation" page tick "User Install", give it the
     scope applications.commands, and open the install link shown there.
  5. Run `{command} bot` again; for quick command updates while trying it out set
     MAHJONG_DEV_GUILD to your server's ID.

Meanwhile you can play at the terminal against computer players: {command} play
"""


NO_CONFIG: Final = 2
"""Exit code without a usable configuration: no token, a bad setting, or a token Discord refuses."""

UNREACHABLE: Final = 3
"""Exit code when Discord cannot be reached (no network, a proxy or firewall in the way)."""

EXIT_CODES = f"""\
exit codes:
  0  the bot was stopped (Ctrl-C)
  {NO_CONFIG}  no usable configuration: no token, a bad setting, or a token Discord refuses
  {UNREACHABLE}  Discord could not be reached: check the network, a proxy or firewall, the token
"""

UNREACHABLE_TEXT = (
    "mahjong bot: could not reach Discord ({why}); check the network connection, any proxy or "
    "firewall between this machine and discord.com, and the token in DISCORD_TOKEN"
)

REFUSED_TEXT = (
    "mahjong bot: Discord refused the token in DISCORD_TOKEN; copy it again from your "
    'application\'s "Bot" page (Reset Token) at https://discord.com/developers/applications'
)


def command(argv0: str | None = None) -> str:
    """The ``mahjong`` command as this run was started, for a line telling what to type next:
    ``.venv/bin/mahjong`` after the quick start (the bare name is not on the PATH then), plain
    ``mahjong`` when it is found on the PATH.

    >>> command("/nowhere/bin/python"), command("mahjong")
    ('mahjong', 'mahjong')
    """
    path = sys.argv[0] if argv0 is None else argv0
    if os.path.basename(path) != "mahjong" or os.sep not in path:
        return "mahjong"
    found = shutil.which("mahjong")
    if found and os.path.realpath(found) == os.path.realpath(path):
        return "mahjong"
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative if os.sep in relative else f".{os.sep}{relative}"


def add_parser(sub: Any) -> None:
    """Register ``bot`` on the subcommand parser ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "bot",
        help="run the Discord bot",
        description="Run the Discord bot. Configuration comes from the environment or a .env file "
        "(see .env.example): DISCORD_TOKEN, MAHJONG_DB or MAHJONG_DATABASE_URL, MAHJONG_DEV_GUILD, times.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--env-file", default=".env", help="the .env file to read (default ./.env)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Carry out ``mahjong bot``; returns the exit code (:data:`NO_CONFIG` without a usable
    configuration, :data:`UNREACHABLE` when Discord cannot be reached), each with one line
    that says what to check, never a traceback."""
    try:
        config = BotConfig.from_env(env_file=args.env_file)
    except ConfigError as exc:
        print(f"mahjong bot: {exc}", file=sys.stderr)
        return NO_CONFIG
    if not config.token:
        print(
            NO_TOKEN.format(invite=invite_url(), command=command(), permissions=permission_words()),
            file=sys.stderr,
        )
        return NO_CONFIG
    import aiohttp
    import discord

    from bot.app import create_bot

    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        create_bot(config).run(config.token, log_handler=None)
    except discord.LoginFailure:
        print(REFUSED_TEXT, file=sys.stderr)
        return NO_CONFIG
    except (
        aiohttp.ClientError,
        ConnectionError,
        socket.gaierror,
        TimeoutError,
        discord.GatewayNotFound,
        discord.DiscordServerError,
    ) as exc:
        print(UNREACHABLE_TEXT.format(why=_why(exc)), file=sys.stderr)
        return UNREACHABLE
    return 0


def _why(exc: BaseException) -> str:
    """What went wrong on the way to Discord, in one short line (the error's own words).

    >>> _why(ConnectionRefusedError(111, "Connection refused"))
    '[Errno 111] Connection refused'
    >>> _why(TimeoutError())
    'no answer in time'
    """
    words = " ".join(str(exc).split())
    if words:
        return shorten(words, 160)
    return "no answer in time" if isinstance(exc, TimeoutError) else type(exc).__name__
