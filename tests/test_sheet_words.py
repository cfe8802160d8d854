"""The score sheet's text names every tile (issue 28, item 6): no notation (``5p``, ``[555s]``,
``2f``) in the public sheet message, in English or German, with jiangxi's own tile names; the
terminal's ``mahjong score`` keeps its notation."""

from __future__ import annotations

import re

from test_presentation import FOUR_FA, PLAYERS, _sheet

from engine.scoring.names import line_name, line_words
from engine.scoring.scorer import ScoreLine
from engine.tiles import LANGS, notation_in_words, parse_tiles, suit_word, tile_name, tiles_in_words
from engine.views import GroupKind
from render.examples import example
from render.sheet import sheet_lines

TILE_CODE = re.compile(r"\b[1-9]+[mpszf]\b")
"""A tile in notation (the wording checker's idea): ``5p``, ``123m``, ``7z``, ``2f``."""


def test_tiles_in_words_says_sets_runs_and_loose_tiles() -> None:
    assert tiles_in_words(parse_tiles("777z")) == "Red dragon ×3"
    assert tiles_in_words(parse_tiles("7777z"), "de") == "Roter Drache ×4"
    assert tiles_in_words(parse_tiles("423m")) == "Characters 2-3-4"  # in order, however given
    assert tiles_in_words(parse_tiles("234p"), "de") == "Kreis 2-3-4"
    assert tiles_in_words(parse_tiles("99s"), "de") == "Bambus-9 ×2"
    assert tiles_in_words(parse_tiles("5p")) == "Circles 5"
    loose = parse_tiles("8m3m45m6m345p44s2f11z")
    assert tiles_in_words(loose) == "Characters 3 4 5 6 8, Circles 3 4 5, Bamboo 4 4, East wind ×2, Orchid"
    assert tiles_in_words(loose, "de") == "Zahl 3 4 5 6 8, Kreis 3 4 5, Bambus 4 4, Ostwind ×2, Orchidee"
    assert tiles_in_words(parse_tiles("234m"), loose=True) == "Characters 2 3 4"
    assert tiles_in_words(parse_tiles("135m")) == "Characters 1 3 5"  # no run: loose
    assert tiles_in_words([]) == ""


def test_jiangxi_tiles_are_named_as_seed_004_names_them() -> None:
    assert [suit_word(s, "de", "jiangxi") for s in "mps"] == ["Wan", "Bing", "Tiao"]
    assert tiles_in_words(parse_tiles("345s"), "en", "jiangxi") == "Tiao 3-4-5"
    assert tiles_in_words(parse_tiles("345s"), "de", "jiangxi") == "Tiao 3-4-5"
    assert tiles_in_words(parse_tiles("6666z"), "de", "jiangxi") == "Fa ×4"
    assert tiles_in_words(parse_tiles("99m"), "de", "jiangxi") == "Wan-9 ×2"
    assert tiles_in_words(parse_tiles("12m7z"), "en", "jiangxi") == "Wan 1 2, Zhong"


def test_notation_in_words_keeps_the_marks_of_exposed_sets_and_concealed_kongs() -> None:
    assert (
        notation_in_words("[999m] (1111s) 33z 2f") == "[Characters 9 ×3], (Bamboo 1 ×4), West wind ×2, Orchid"
    )
    assert notation_in_words("{66z} 1f", "de", "jiangxi") == "Fa ×2, Pflaume"
    assert notation_in_words("no tiles here") == "no tiles here"


def test_a_score_lines_set_is_in_words_and_mahjong_score_keeps_notation() -> None:
    pong = ScoreLine("exposed pong of major tiles [111z]", 4, 0, "P5", "[111z]")
    bonus = ScoreLine("bonus tile 2f", 4, 0, "P1", "2f")
    kong = ScoreLine("concealed kong of simples (5555p)", 16, 0, "P8", "(5555p)")
    assert line_words("dmjl", pong) == "exposed pong of major tiles – East wind ×3"
    assert line_words("dmjl", pong, "de") == "Pong aus Hauptsteinen, offen – Ostwind ×3"
    assert line_words("dmjl", bonus) == "bonus tile – Orchid"
    assert line_words("dmjl", kong) == "concealed kong of simples – Circles 5 ×4"
    assert line_words("dmjl", ScoreLine("Mah-Jongg", 20, 0, "M1"), "de") == "Mah-Jongg-Ruf"
    # the terminal's names are as they were
    assert line_name("dmjl", pong) == "exposed pong of major tiles [111z]"
    assert line_name("dmjl", pong, "de") == "Pong aus Hauptsteinen, offen [111z]"


def test_example_sheets_name_every_tile_in_both_languages() -> None:
    for seed in (7, 3):
        ex = example(seed)
        sheet = ex.sheet
        assert sheet.winner is not None and sheet.win_tile is not None
        for lang in LANGS:
            lines = sheet_lines(
                sheet, ex.players, prevailing=ex.sheet_round, hand_number=ex.sheet_hand, lang=lang
            )
            text = "\n".join(lines)
            assert not TILE_CODE.search(text), (lang, TILE_CODE.findall(text))
            winning = tile_name(sheet.win_tile, lang, sheet.ruleset)
            assert (f"winning tile {winning}," if lang == "en" else f"Gewinnstein {winning},") in lines[0]
            for seat in sheet.positions:  # each seat's sets and bonus tiles, by name, on its line
                line = next(ln for ln in lines if ln.startswith(ex.players[seat].name.split()[0]))
                for group in sheet.groups[seat]:
                    if group.kind == GroupKind.BONUS:
                        for t in group.tiles:
                            assert tile_name(t, lang, sheet.ruleset) in line
                    elif group.kind != GroupKind.SINGLE:
                        said = tiles_in_words(group.tiles, lang, sheet.ruleset)
                        assert (f"[{said}]" if group.exposed else said) in line


def test_a_jiangxi_sheet_uses_jiangxis_names() -> None:
    sheet = _sheet("jiangxi", FOUR_FA, "E", "9m", True, "[222m] 45m 345p 11s {6z}")
    for lang in LANGS:
        text = "\n".join(sheet_lines(sheet, PLAYERS, lang=lang))
        assert not TILE_CODE.search(text), TILE_CODE.findall(text)
        assert "Fa ×4" in text and ("Wan 9 ×2" if lang == "en" else "Wan-9 ×2") in text
        assert (
            "[Wan 2 ×3], Wan 4 5, Bing 3 4 5, Tiao 1 1, Fa:" if lang == "en" else "[Wan-2 ×3], Wan 4 5"
        ) in text
        assert not re.search(r"\b(characters|circles|bamboo|Zahl|Kreis|Bambus)\b", text)
    assert "(winning tile Wan 9, self-drawn)" in sheet_lines(sheet, PLAYERS)[0]
    assert "(Gewinnstein Wan-9, selbst gezogen)" in sheet_lines(sheet, PLAYERS, lang="de")[0]
