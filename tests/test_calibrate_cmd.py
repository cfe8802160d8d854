"""``mahjong calibrate`` (cli/calibrate_cmd.py): the fit, the calibration table, --write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import calibrate_cmd
from cli.main import main
from engine.ai.fitted import FITTED


def test_calibrate_prints_the_fit_and_both_calibration_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "--ruleset", "huabao", "--hands", "8", "--seed", "t", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ruleset"] == "huabao" and report["hands"] == 8 and report["players"] == 4
    assert report["samples"] > 8 * 4 * 5  # every seat discards many times a hand
    assert len(report["win"]) == 19 and len(report["won"]) == 6 and len(report["lost"]) == 2
    for name in ("fit", "in use"):
        rows = report["calibration"][name]
        assert sum(r["hands"] for r in rows) == report["samples"]
        assert all(r["low"] <= r["predicted"] <= r["high"] for r in rows)
    assert "written" not in report


def test_calibrate_text_names_the_buckets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "--hands", "3", "--seed", "t"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("3 hands of dmjl (4 players)")
    assert "predicted vs observed (fit)" in text and "predicted vs observed (in use)" in text


def test_write_replaces_one_entry_and_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "fitted.py"
    monkeypatch.setattr(calibrate_cmd, "FITTED_PATH", target)
    args = ["calibrate", "--ruleset", "rumisberg", "--players", "3", "--hands", "3", "--seed", "w", "--write"]
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["written"] == str(target)
    space: dict[str, object] = {}
    exec(compile(target.read_text(encoding="utf-8"), str(target), "exec"), space)  # our own output
    table = space["FITTED"]
    sources = space["SOURCES"]
    assert isinstance(table, dict) and isinstance(sources, dict)
    assert set(table) == set(FITTED)
    assert table[("dmjl", 4)] == FITTED[("dmjl", 4)]
    assert table[("rumisberg", 3)] != FITTED[("rumisberg", 3)]
    assert sources[("rumisberg", 3)].startswith("mahjong calibrate: 3 hands of 3 normal players")


def test_strong_seat_samples_only_its_own_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "--hands", "4", "--seed", "s", "--player", "strong", "--json"]) == 0
    strong = json.loads(capsys.readouterr().out)["samples"]
    assert main(["calibrate", "--hands", "4", "--seed", "s", "--json"]) == 0
    everyone = json.loads(capsys.readouterr().out)["samples"]
    assert 0 < strong < everyone / 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruleset", "chess"], "chess"),
        (["--hands", "0"], "--hands takes a whole number of at least 1"),
        (["--set", "no_such=1"], "no_such"),
    ],
)
def test_bad_input_is_explained(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", *args]) == 2
    assert message in capsys.readouterr().err
