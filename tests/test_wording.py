"""The wording checker (tests/wording.py) on synthetic messages: each rule catches its case, the
exceptions it documents hold, and good English and German texts pass."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import wording
from wording import Allow, check_text

from bot.i18n import CATALOGUE


def rules(found: list[wording.Violation]) -> list[tuple[str, str]]:
    return [(v.rule, v.snippet) for v in found]


# --------------------------------------------------------------------------- identifiers


def test_a_snake_case_identifier_is_caught_outside_small_print() -> None:
    found = check_text("Mah-Jongg bonus: `mj_bonus` 10 (ruleset: 20)")
    assert ("identifier", "mj_bonus") in rules(found)
    assert rules(check_text("flower_double_model per_category")) == [
        ("identifier", "flower_double_model"),
        ("identifier", "per_category"),
    ]


def test_small_print_may_name_the_identifier() -> None:
    assert check_text("Mah-Jongg bonus 10 instead of 20\n-# `mj_bonus`") == []


def test_a_registry_name_written_as_code_is_an_identifier() -> None:
    found = rules(check_text("`riichi = True` (ruleset: False)"))
    assert ("identifier", "riichi") in found
    assert ("python", "True") in found and ("python", "False") in found
    assert rules(check_text("Riichi is played at this table.")) == []


def test_an_identifier_the_user_typed_may_be_echoed() -> None:
    assert check_text("There is no setting mj_bonuss.", typed=["mj_bonuss"]) == []
    assert rules(check_text("There is no setting mj_bonuss.", typed=["mj_bonus"])) == [
        ("identifier", "mj_bonuss")
    ]


# --------------------------------------------------------------------------- tile codes


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Discard 1z", "1z"),
        ("Give 1p 9p 1z", "1p"),
        ("Last: Computer 1 took 9m: pong 999m", "999m"),
        ("Chow 345m", "345m"),
        ("Flower 3f shown", "3f"),
        ("Weißer Drache (5z) abgeworfen", "5z"),
        ("exchange 19m5p", "19m5p"),
    ],
)
def test_a_tile_code_is_caught(text: str, code: str) -> None:
    assert ("tile_code", code) in rules(check_text(text))


@pytest.mark.parametrize(
    "text",
    [
        "The image is 500px wide.",
        "Claims are open for 30s.",
        "The 1st hand, 2nd round.",
        "Game 12m3 is stored.",
        "12.500 chips, 1,5 hands",
        "Seat 3: 4 players",
        "Type a hand like `123m 456p 789s EE WW`.",
    ],
)
def test_no_false_tile_codes(text: str) -> None:
    assert [v for v in check_text(text) if v.rule == "tile_code"] == []


def test_tile_codes_in_inline_code_are_examples_of_what_to_type() -> None:
    assert check_text("Write the winning tile like `5p` or `7z`.") == []
    assert rules(check_text("Write the winning tile like 5p or `7z`.")) == [("tile_code", "5p")]


def test_tile_codes_the_user_typed_may_be_echoed_but_no_others() -> None:
    typed = ["123m456p789s11z 5p"]
    assert check_text("Scored 123m456p789s11z, won on 5p, with 1m and 11z.", typed=typed) == []
    assert rules(check_text("Scored 123m456p789s11z; the best wait was 9m.", typed=typed)) == [
        ("tile_code", "9m")
    ]


def test_small_print_does_not_allow_a_tile_code() -> None:
    assert rules(check_text("Discard a tile\n-# 1z")) == [("tile_code", "1z")]


# --------------------------------------------------------------------------- Python


@pytest.mark.parametrize(
    ("text", "snippet"),
    [
        ("riichi is True", "True"),
        ("the limit is None", "None"),
        ("choices: ['dmjl', 'huabao']", "['"),
        ("values {'a': 1}", "{'"),
        ("pair ('x', 2)", "('x',"),
        ("<bot.table.Table object at 0x7f3a2b>", "<bot.table.Table object at 0x7f3a2b>"),
        ("seat <Wind.EAST: 0>", "<Wind.EAST: 0>"),
        ("kind ActionKind.DISCARD", "ActionKind.DISCARD"),
        ("Traceback (most recent call last):", "Traceback"),
        ("failed: ValueError: bad", "ValueError"),
        ("failed: MahjongError", "MahjongError"),
        ("at Position(2)", "Position(2"),
    ],
)
def test_a_python_literal_is_caught(text: str, snippet: str) -> None:
    assert ("python", snippet) in rules(check_text(text))


def test_values_as_the_commands_accept_them_are_no_python() -> None:
    assert check_text("Riichi: true instead of false; no limit (none).") == []


# --------------------------------------------------------------------------- language


def test_a_word_of_the_other_language_is_caught_by_majority() -> None:
    found = check_text("Hand 1 · East-Runde · noch 74 Steine\nComputer 2 ist dran")
    assert rules(found) == [("language", "East")]
    assert found[0].where.endswith("(in de)")
    found = check_text("Alice's turn: discard a tile from the wall, Steine left")
    assert rules(found) == [("language", "Steine")]


def test_a_known_language_is_checked_strictly() -> None:
    assert check_text("Nächste Hand") == []  # one word: no majority to go by
    assert rules(check_text("Next hand", lang="de")) == [("language", "Next")]
    assert rules(check_text("Nächste Hand", lang="en")) == [("language", "Nächste")]


def test_commands_names_and_code_are_in_no_language() -> None:
    text = "Die Chips: /chips leaderboard zeigt die Rangliste."
    assert check_text(text, commands=["chips leaderboard"]) == []
    assert check_text("Schreib `/score hand: 123m` in den Kanal, dann siehst du die Wertung.") == []


def test_the_vocabularies_come_from_the_catalogue() -> None:
    english, german = wording.vocabularies()
    assert {"discard", "claim", "season"} <= english
    assert {"abwerfen", "steine", "saison"} <= german
    assert not english & german
    assert not (english | german) & wording.SHARED
    for en, de in CATALOGUE.values():
        assert not wording._words(en) & german and not wording._words(de) & english


GOOD = [
    ("my_hand", {}),
    ("turn_of", {"name": "Ada", "deadline": ""}),
    ("hand_over", {}),
    ("table_full", {}),
    ("not_seated", {}),
    ("no_table", {}),
    ("stopped", {}),
    ("chips_history_empty", {}),
    ("stats_no_season", {}),
    ("builder_no_tiles", {}),
    ("did_discard", {"name": "Ada", "tile": "Kreis-5"}),
]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("key", "values"), GOOD)
def test_good_catalogue_texts_pass_in_their_language(lang: str, key: str, values: dict[str, str]) -> None:
    en, de = CATALOGUE[key]
    template = de if lang == "de" else en
    if lang == "en" and values.get("tile"):
        values = {**values, "tile": "5 of circles"}
    assert check_text(template.format(**values), lang=lang, commands=["mahjong new"]) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Ada hat Weißer Drache abgeworfen. Noch 74 Steine in der Mauer; Bob ist dran.", "de"),
        ("Ada discarded the White dragon. 74 tiles left in the wall; Bob's turn.", "en"),
        ("Mah-Jongg-Bonus 10 statt 20\n-# `mj_bonus`", "de"),
        ("Mah-Jongg bonus 10 instead of 20\n-# `mj_bonus`", "en"),
        ("Kontostand: 12.500 Chips · Partien: **3** (2 beendet)", "de"),
    ],
)
def test_good_samples_pass(text: str, lang: str) -> None:
    assert check_text(text) == []
    assert check_text(text, lang=lang) == []  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the allow-list


def test_an_allow_entry_lets_its_case_through_and_needs_a_reason() -> None:
    allow = Allow("tile_code", r"1z", "a test of the allow-list", context=r"^Legend:")
    assert check_text("Legend: 1z is East", allowed=[allow]) == []
    assert rules(check_text("Discard 1z", allowed=[allow])) == [("tile_code", "1z")]
    with pytest.raises(ValueError, match="reason"):
        Allow("python", "True", " ")


def test_the_report_counts_repeats() -> None:
    found = check_text("Discard 1z, then 1z again; riichi = True")
    text = wording.report(found)
    assert "[tile_code] text ×2: '1z' in" in text and "[python] text ×1: 'True' in" in text


# --------------------------------------------------------------------------- the hook

HOOKED = """
from discord_harness import Harness
from test_bot_discord import CHANNEL, config, guilds, make_bot


async def say(tmp_path, words):
    async with Harness.running(make_bot(config(tmp_path / "db.sqlite3")), guilds=guilds()) as h:
        await h.bot.get_channel(CHANNEL).send(words)


async def test_a_slip(tmp_path):
    await say(tmp_path, "Discard 1z now: riichi = True")


async def test_plain_words(tmp_path):
    await say(tmp_path, "Discard the East wind now.")
"""


def test_the_conftest_hook_fails_a_bot_test_whose_messages_break_a_rule(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = Path(__file__).parent
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(here), str(here.parent)]))
    monkeypatch.delenv("WORDING_DUMP", raising=False)
    pytester.makeconftest((here / "conftest.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makepyfile(test_hooked=HOOKED)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*FAILED*test_a_slip*wording violations*"])
    text = result.stdout.str()
    assert "[tile_code]" in text and "'1z'" in text and "[python]" in text and "'True'" in text
