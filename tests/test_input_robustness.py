"""Input robustness (issue 9, and issue 10 §6): odd digits, huge and broken input, closed pipes, Ctrl-C.

Every bad input gets a short message saying what was wrong, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.storage import Storage
from cli.main import main
from cli.play_cmd import parse_choice
from cli.score_cmd import run_jsonl
from engine.actions import Action, ActionKind
from engine.errors import SettingError, quote, shorten
from engine.rulesets import get_ruleset
from engine.scoring import WinContext
from engine.seats import Position
from engine.settings import SPEC_BY_NAME, Settings, parse_assignments, parse_whole_number
from engine.tiles import Tile

ROOT = Path(__file__).resolve().parent.parent
HAND = "123m 456p 789s 111z 55z"
ODD_DIGITS = ["²", "³", "¹", "①", "٣", "５", "३"]

# --- quote: the one way an error shows a person's input ---------------------------------


def test_quote_is_repr_for_short_input_and_short_for_long_input() -> None:
    assert quote("5p") == "'5p'"
    assert quote("x" * 1_000_000) == f"{'x' * 40!r}... (1000000 characters)"
    assert quote("\udcff") == repr("\udcff")  # escaped: writable in any encoding
    assert quote(10**5000) == "a whole number of about 5001 digits"  # repr() would refuse it
    nested: object = "v"
    for _ in range(5000):
        nested = [nested]
    assert len(quote(nested)) < 200  # no RecursionError, no megabyte
    assert len(quote({str(i): "y" * 10_000 for i in range(1000)})) < 200
    assert shorten("a" * 10_000).startswith("a" * 100) and len(shorten("a" * 10_000)) < 320


# --- Finding 1: only the ASCII digits make numbers --------------------------------------


@pytest.mark.parametrize("digit", ODD_DIGITS)
def test_settings_take_ascii_digits_only(digit: str) -> None:
    for name, value in (("limit", f"3{digit}0"), ("limit", digit * 3), ("game_length", f"hands:{digit}")):
        with pytest.raises(SettingError, match=f"setting {name} takes"):
            Settings().with_values({name: value})
    with pytest.raises(SettingError):
        get_ruleset("huabao").settings({"mj_bonus": f" {digit}"})


def test_settings_refuse_underscores_and_thousands_of_digits_briefly() -> None:
    for value in ("1_000", "9" * 4301, "9" * 100_000, "hands:" + "9" * 5000):
        name = "game_length" if value.startswith("hands") else "limit"
        with pytest.raises(SettingError) as err:
            SPEC_BY_NAME[name].convert(value)
        assert len(str(err.value)) < 200
    assert SPEC_BY_NAME["limit"].convert(" 300 ") == 300
    assert SPEC_BY_NAME["game_length"].convert("hands:008") == "hands:8"
    assert parse_whole_number("+5"), parse_whole_number("٣") == (5, None)


def test_setting_errors_about_huge_names_and_pairs_are_short() -> None:
    for call in (
        lambda: Settings().with_values({"n" * 1_000_000: 1}),
        lambda: Settings().with_values({"limit": "9" * 1_000_000}),
        lambda: Settings().with_values({"limit": [[[[["deep"]]]]] * 10_000}),
        lambda: parse_assignments(["x" * 1_000_000]),
        lambda: WinContext.make(flags=["f" * 1_000_000]),
    ):
        with pytest.raises(SettingError) as err:
            call()
        assert len(str(err.value)) < 1000  # the list of every setting is the longest part


async def test_storage_house_rule_with_odd_digits_is_a_setting_error(tmp_path: Path) -> None:
    async with Storage(tmp_path / "db.sqlite3") as storage:
        for value in ("hands:²", "hands:٣", "hands:" + "9" * 5000):
            with pytest.raises(SettingError, match="setting game_length takes"):
                await storage.set_house_rule(1, "game_length", value)
        with pytest.raises(SettingError, match="setting limit takes"):
            await storage.set_house_rule(1, "limit", "５００")


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["²m"], id="hand"),
        pytest.param([HAND, "--win", "²m"], id="win"),
        pytest.param([HAND, "--win", "٣m"], id="win-arabic-indic"),
        pytest.param(["５m"], id="fullwidth-hand"),
        pytest.param([HAND, "--set", "game_length=hands:²"], id="set-game-length"),
        pytest.param([HAND, "--set", "limit=５００"], id="set-limit"),
        pytest.param([HAND, "--set", "limit=" + "9" * 5000], id="set-5000-digits"),
    ],
)
def test_score_odd_digits_get_a_message(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong score: ") and len(err) < 400


def test_score_jsonl_odd_digits() -> None:
    out = io.StringIO()
    lines = [{"hand": "٣m"}, {"hand": HAND, "win": "５z"}, {"hand": HAND, "settings": {"limit": "３００"}}]
    run_jsonl(io.StringIO("\n".join(json.dumps(x) for x in lines)), out)
    assert [("error" in json.loads(line)) for line in out.getvalue().splitlines()] == [True] * 3


@pytest.mark.parametrize("text", ["²", "١", "５", "2" * 5000])
def test_play_choice_with_odd_or_huge_numbers_is_a_message(text: str) -> None:
    legal = [
        Action(Position(0), ActionKind.DISCARD, Tile.parse("5p")),
        Action(Position(0), ActionKind.MAHJONG),
    ]
    answer = parse_choice(text, legal)
    assert isinstance(answer, str) and "choose a number from 1 to 2" in answer and len(answer) < 300
    assert parse_choice("2", legal) == legal[1]


def test_play_tile_with_odd_digit_is_a_message() -> None:
    answer = parse_choice("٣m", [Action(Position(0), ActionKind.DISCARD, Tile.parse("5p"))])
    assert isinstance(answer, str) and "digits 0-9" in answer


@pytest.mark.parametrize("hands", ["５", "²", "1_0", "9" * 5000, "0"])
def test_simulate_hands_take_ascii_digits_only(hands: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", hands, "--json"]) == 2
    err = capsys.readouterr().err
    assert "--hands takes a whole number of at least 1" in err and len(err) < 1000


# --- Finding 2: one line never aborts a --jsonl run -------------------------------------

GOOD = {"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True}


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        pytest.param(b'{"\\ud800": 1}', "unknown key(s) '\\ud800'", id="lone-surrogate-key"),
        pytest.param(b'{"hand": "\\udfff5p"}', "is not a tile", id="lone-surrogate-hand"),
        pytest.param(b"[" * 1000 + b"]" * 1000, "nests arrays or objects too deeply", id="1000-brackets"),
        pytest.param(b'{"hand": "1m", "self_drawn": ' + b"1" * 4301 + b"}", "thousands of digits", id="int"),
        pytest.param(b'{"hand": "12m\xff"}', "line 2 is not UTF-8 text (byte 14", id="invalid-utf8"),
        pytest.param(b'{"hand": "\xed\xa0\x80"}', "is not UTF-8", id="encoded-surrogate"),
        pytest.param(b'{"hand": "' + b"#" * 1_000_000 + b'"}', "(1000000 characters)", id="1mb-hand"),
        pytest.param(
            json.dumps({"k" * 100_000: 1, **{str(i): i for i in range(1000)}}).encode(),
            "unknown key(s) '0', '1', '10', '100', '101' ...; keys are",
            id="huge-unknown-keys",
        ),
        pytest.param(
            json.dumps({"hand": "1m", "settings": {"limit": [[[[[["x" * 100_000]]]]]]}}).encode(),
            "setting limit takes",
            id="nested-setting",
        ),
    ],
)
def test_jsonl_bad_line_gets_one_short_error_and_the_run_goes_on(line: bytes, fragment: str) -> None:
    good = json.dumps(GOOD).encode()
    out = io.StringIO()
    assert run_jsonl(io.BytesIO(good + b"\n" + line + b"\n" + good + b"\n"), out) == 0
    answers = out.getvalue().splitlines()
    assert len(answers) == 3
    assert all(len(a) < 1000 and a.isascii() for a in answers)
    first, bad, last = (json.loads(a) for a in answers)
    assert first["total"] == last["total"] == 76
    assert fragment in bad["error"], bad


def test_jsonl_reads_a_byte_order_mark_and_crlf() -> None:
    out = io.StringIO()
    run_jsonl(io.BytesIO(b"\xef\xbb\xbf" + json.dumps(GOOD).encode() + b"\r\n"), out)
    assert json.loads(out.getvalue())["total"] == 76


# --- Finding 3: a malformed 100,000-character hand gets a short error -----------------


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_score_huge_malformed_hand_short_error(flag: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "12m" + "#" * 100_000, *flag]) == 2
    captured = capsys.readouterr()
    assert len(captured.out) + len(captured.err) < 400
    assert "(100003 characters)" in captured.out + captured.err


def test_parser_errors_quote_arguments_briefly(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["score", HAND, "--theme", "t" * 100_000], ["score", HAND, "x" * 100_000], ["s" * 100_000]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert len(err) < 1500 and "Traceback" not in err


def test_png_name_that_is_no_file_name(capsys: pytest.CaptureFixture[str]) -> None:
    ex = ["234m 777z [555s] [678p] 99p", "--win", "9p"]
    for name in ("a\0b", "n" * 100_000, "\udcff/\ud800.png"):
        assert main(["score", *ex, "--png", name]) == 2
        err = capsys.readouterr().err
        assert "cannot write" in err and len(err) < 400


# --- Issue 10 §6: closed pipes and Ctrl-C -----------------------------------------------


def _mahjong(*args: str) -> list[str]:
    return [sys.executable, "-m", "cli.main", *args]


@pytest.mark.parametrize(
    ("args", "requests"),
    [
        pytest.param(
            ["simulate", "--hands", "300", "--players", "simple,simple,simple,simple"], 0, id="simulate"
        ),
        pytest.param(["score", "--jsonl"], 5000, id="score-jsonl"),
    ],
)
def test_closed_pipe_ends_quietly(args: list[str], requests: int) -> None:
    """``mahjong ... | head -1``: the reader goes after one line; no traceback, exit 0."""
    proc = subprocess.Popen(
        _mahjong(*args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},  # each line goes out at once, as to a terminal
    )
    assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
    line = (json.dumps(GOOD) + "\n").encode()
    if requests:
        proc.stdin.write(line * 5)
        proc.stdin.flush()
    assert proc.stdout.readline()
    proc.stdout.close()  # what head does after its line
    with contextlib.suppress(BrokenPipeError):  # it may be gone already
        proc.stdin.write(line * requests)
        proc.stdin.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0, err.decode()[-2000:]
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err.decode()[-2000:]


def _ctrl_c_delivered() -> None:
    """In the child before it runs: Ctrl-C does what it does at a terminal. A suite started as a
    background job of a shell inherits SIGINT ignored, and Python leaves an ignored SIGINT
    ignored, so the test would wait for an interruption that never comes."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_play_ends_with_one_line() -> None:
    proc = subprocess.Popen(
        _mahjong("play", "--seed", "7"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=_ctrl_c_delivered,
    )
    assert proc.stdout is not None and proc.stderr is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"Your move" not in seen and time.monotonic() < deadline:  # waiting for our input
        ready, _, _ = select.select([proc.stdout], [], [], 1)
        if ready:
            seen += os.read(proc.stdout.fileno(), 65536)
    assert b"Your move" in seen, seen[-2000:]
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)  # stdin stays open: an end of input racing the signal would also end play
    err = proc.stderr.read()
    assert proc.stdin is not None
    proc.stdin.close()
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == 130
    assert b"Traceback" not in err and err.strip() == b"mahjong: interrupted"


def test_play_reads_odd_bytes_and_digits_without_a_traceback() -> None:
    proc = subprocess.run(
        _mahjong("play", "--seed", "7"),
        input=b"\xff\n" + "²\n١\n".encode() + b"quit\n",  # a byte that is not UTF-8, then odd digits
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr.decode()[-2000:]
    out = proc.stdout.decode()
    assert "There is no choice '²'" in out and "There is no choice '١'" in out and "Goodbye." in out
