"""``mahjong score``: text, JSON, JSON lines, and errors without tracebacks."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from cli.score_cmd import run_jsonl

EX01 = ["234m 777z [555s] [678p] 99p", "--seat", "S", "--win", "9p", "--self-drawn"]


def test_text_output_lists_every_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *EX01]) == 0
    out = capsys.readouterr().out
    assert "Mah-Jongg: [678p] [555s] 234m 777z 99p" in out
    assert "winning tile 9p self-drawn, completing 99p" in out
    for line in ("exposed pong of simples [555s]", "only possible tile", "pong or kong of dragons 777z"):
        assert line in out
    assert out.rstrip().endswith("Total: 76\nPayments to South: East pays 152, West pays 76, North pays 76")


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", *EX01, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {
        "won",
        "points",
        "doubles",
        "limit",
        "total",
        "uncapped",
        "items",
        "arrangement",
        "pays",
    }
    assert data["pays"] == {"E": 152, "W": 76, "N": 76}
    assert (data["won"], data["points"], data["doubles"], data["total"], data["limit"]) == (
        True,
        38,
        1,
        76,
        False,
    )
    assert all(set(item) == {"name", "points", "doubles"} for item in data["items"])


def test_json_no_win_has_reason(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "111z 222z 333z 444z 1m 5p", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["won"] is False and data["total"] == 0 and "four sets and a pair" in data["reason"]


def test_discarder_names_who_pays_alone(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["234m 777z [555s] [678p] 99p", "--seat", "S", "--win", "9p"]
    assert main(["score", *hand, "--discarder", "W", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pays"] == {"E": 144, "W": 72, "N": 72}
    assert main(["score", *hand, "--discarder", "w", "--set", "discarder_pays_all=true"]) == 0
    assert (
        capsys.readouterr()
        .out.rstrip()
        .endswith("Total: 72\nPayments to South: East pays 0, West pays 288, North pays 0")
    )
    assert main(["score", *hand, "--set", "discarder_pays_all=true", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pays"] is None
    assert main(["score", *hand, "--set", "discarder_pays_all=true", "--lang", "de"]) == 0
    assert "Zahlungen: den Abwerfer angeben" in capsys.readouterr().out
    assert main(["score", *hand[:3], "--win", "9p", "--seat", "E", "--discarder", "N", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pays"] == {"S": 144, "W": 144, "N": 144}
    assert main(["score", "111z 222z 333z 444z 1m 5p", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pays"] == {}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["--discarder", "S"], "the discarder (S) is the winner's own seat", id="winner-itself"),
        pytest.param(["--discarder", "X"], "must be a seat letter E, S, W or N, not 'X'", id="not-a-seat"),
        pytest.param(["--discarder", "East"], "must be a seat letter E, S, W or N", id="a-word"),
        pytest.param(
            ["--discarder", "E", "--self-drawn"], "a self-drawn win has no discarder", id="self-drawn"
        ),
    ],
)
def test_bad_discarder_is_refused(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["234m 777z [555s] [678p] 99p", "--seat", "S", "--win", "9p"]
    assert main(["score", *hand, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert main(["score", *hand, *args, "--json"]) == 2
    assert message in json.loads(capsys.readouterr().out)["error"]


def test_jsonl_takes_the_discarder() -> None:
    base = {"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p"}
    lines = [
        json.dumps({**base, "discarder": "N", "settings": {"discarder_pays_all": True}}),
        json.dumps({**base, "discarder": "S"}),
        json.dumps({**base, "discarder": 3}),
    ]
    out = io.StringIO()
    assert run_jsonl(io.StringIO("\n".join(lines) + "\n"), out) == 0
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert results[0]["pays"] == {"E": 0, "W": 0, "N": 288}
    assert "winner's own seat" in results[1]["error"]
    assert results[2]["error"] == '"discarder" must be a string'


def test_limit_and_cap_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", "[777z] [666z] 555z [345s] 66m", "--seat", "S", "--win", "6m"])
    assert "Total: 500 (capped at the limit; 1,280 uncapped)" in capsys.readouterr().out
    main(["score", "19m19p19s1234567z 1z", "--win", "1z", "--set", "limit=1000"])
    assert "Limit hand: 1,000" in capsys.readouterr().out


def test_ruleset_and_settings_options(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", *EX01, "--ruleset", "huabao", "--set", "mj_bonus=20", "--json"])
    assert json.loads(capsys.readouterr().out)["total"] == 60


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["12m#"], "'#' at position 4 is not a tile"),
        (["123m 456p 789s 111z 55z", "--win", "9m"], "not in the hand"),
        (["123m 456p 789s 111z 55z", "--ruleset", "riichi"], "there is no ruleset 'riichi'"),
        (["123m 456p 789s 111z 55z", "--flags", "lucky"], "unknown flag 'lucky'"),
        (["123m 456p 789s 111z 55z", "--set", "limit"], "write name=value"),
        (["123m 456p 789s 111z 55z", "--seat", "X"], "not a wind"),
        ([], "give a hand"),
    ],
)
def test_bad_input_gets_a_message_not_a_traceback(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", *args]) == 2
    err = capsys.readouterr().err
    assert fragment in err
    assert "Traceback" not in err


def test_bad_input_with_json_prints_error_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "55555m", "--json"]) == 2
    assert "four of each" in json.loads(capsys.readouterr().out)["error"]


def test_jsonl_keeps_order_and_survives_bad_lines() -> None:
    lines = [
        json.dumps({"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": True}),
        "not json",
        json.dumps({"hand": "55555m"}),
        json.dumps({"hand": "123m", "colour": "red"}),
        json.dumps(["a list"]),
        "",
        json.dumps(
            {
                "hand": "234m 777z [555s] [678p] 99p",
                "ruleset": "huabao",
                "seat": "S",
                "win": "9p",
                "self_drawn": True,
                "settings": {"mj_bonus": 20},
                "flags": [],
            }
        ),
        json.dumps({"hand": 5}),
        json.dumps({"hand": "123m 456p 789s 111z 55z", "self_drawn": "yes"}),
    ]
    out = io.StringIO()
    assert run_jsonl(io.StringIO("\n".join(lines) + "\n"), out) == 0
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(results) == 8
    assert results[0]["total"] == 76
    assert "not JSON" in results[1]["error"]
    assert "four of each" in results[2]["error"]
    assert "unknown key(s) 'colour'" in results[3]["error"]
    assert "JSON object" in results[4]["error"]
    assert results[5]["total"] == 60
    assert '"hand" is required' in results[6]["error"]
    assert "true or false" in results[7]["error"]


def test_console_entry_point_runs_as_a_program() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cli.main", "score", *EX01, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total"] == 76


def test_png_option_writes_the_tile_strip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    target = tmp_path / "hand.png"
    assert main(["score", *EX01, "--png", str(target), "--theme", "light"]) == 0
    with Image.open(target) as image:
        assert image.format == "PNG" and image.width > 5 * image.height  # a strip of 14 tiles
    assert main(["score", *EX01, "--png", str(tmp_path / "missing" / "x.png")]) == 2
    assert "cannot write" in capsys.readouterr().err
