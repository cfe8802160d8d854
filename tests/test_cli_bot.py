"""``mahjong bot`` at start-up: no route to Discord, a refused token, and the voice warnings a
text bot does not need. Discord is never reached: the HTTP login is replaced by one that fails
the way aiohttp and discord.py fail."""

from __future__ import annotations

import logging
import socket
import types
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from cli import bot_cmd
from cli.main import main


@pytest.fixture
def configured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A token and a database in ``tmp_path``; the voice warnings armed as in a fresh process."""
    monkeypatch.setenv("DISCORD_TOKEN", "MTIz.not-a-real.token")
    monkeypatch.setenv("MAHJONG_DB", str(tmp_path / "db.sqlite3"))
    monkeypatch.delenv("MAHJONG_DEV_GUILD", raising=False)
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    return tmp_path / "none.env"


def fail_login(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    async def static_login(self: Any, token: str) -> Any:
        raise error

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", static_login)


def no_dns() -> BaseException:
    key = types.SimpleNamespace(host="discord.com", port=443, ssl=True)
    return aiohttp.ClientConnectorDNSError(key, socket.gaierror(-2, "Name or service not known"))


@pytest.mark.parametrize(
    "error",
    [no_dns(), ConnectionRefusedError(111, "Connection refused"), TimeoutError()],
    ids=["dns", "refused", "timeout"],
)
def test_no_route_to_discord_is_one_line_and_its_exit_code(
    configured: Path,
    error: BaseException,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    fail_login(monkeypatch, error)
    caplog.set_level(logging.INFO)
    assert main(["bot", "--env-file", str(configured)]) == bot_cmd.UNREACHABLE == 3
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith("mahjong bot: could not reach Discord (")
    for what in ("network", "proxy", "firewall", "token"):
        assert what in line
    if isinstance(error, aiohttp.ClientConnectorError):
        assert "Name or service not known" in line
    assert "Traceback" not in err
    assert "MTIz.not-a-real.token" not in err + caplog.text
    # The voice libraries are not missed by a text bot: no warning about them.
    assert "voice will NOT be supported" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_refused_token_is_one_line(
    configured: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fail_login(monkeypatch, discord.LoginFailure("Improper token has been passed."))
    assert main(["bot", "--env-file", str(configured)]) == bot_cmd.NO_CONFIG == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("mahjong bot: Discord refused the token in DISCORD_TOKEN; ")
    assert "Reset Token" in line


def test_the_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "exit codes:" in help_text
    assert "  3  Discord could not be reached" in help_text
    assert "  2  no usable configuration" in help_text


def test_without_a_token_it_names_the_command_as_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After the quick start the command is ``.venv/bin/mahjong`` (the bare name is not on the
    PATH): what the message tells a newcomer to type is the command as it was started."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    script = tmp_path / ".venv" / "bin" / "mahjong"
    script.parent.mkdir(parents=True)
    script.write_text("")
    monkeypatch.setattr("sys.argv", [str(script), "bot"])
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    assert main(["bot", "--env-file", str(tmp_path / "none.env")]) == 2
    err = capsys.readouterr().err
    assert "against computer players: .venv/bin/mahjong play" in err
    assert "Run `.venv/bin/mahjong bot` again" in err


def test_without_a_token_it_names_every_permission_the_invite_asks_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The words under the invite link name what the link asks for (before, the text had no
    "create public threads" after the invite began to ask for it)."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["bot", "--env-file", str(tmp_path / "none.env")]) == 2
    said = " ".join(capsys.readouterr().err.split())
    for permission in bot_cmd.PERMISSIONS:
        assert permission.replace("_", " ") in said, permission
