"""Names for people: every scoring item and every tile in German (after the seeds) and English."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest

from engine.ai.hints import hint
from engine.deal import Deal
from engine.hand import Hand
from engine.rulesets import RULESETS, get_ruleset, table_for
from engine.scoring import WinContext, score
from engine.scoring.names import german_terms, line_name, rule_name
from engine.scoring.report import score_request, score_text
from engine.scoring.tables import Item
from engine.tiles import LANGS, N_ALL, TILES, Tile, tile_name

SWITCHES = {
    "limit_hands": (True, False),
    "traditional_limit_hands": (True, False),
    "winning_tile_points": (True, False),
    "rob_kong_bonus": (0, 10),
    "flower_double_model": ("dmjl", "per_category", "additive"),
    "concealed_hand_doubles": (0, 1),
    "original_call": (True, False),
    "nine_times_rule": (True, False),
    # wikibooks (RULES.md §2.3)
    "no_chow_points": (0, 10),
    "seven_pairs": (True, False),
    "moon_hand_value": ("limit", "one_double"),
    "riichi": (True, False),
    "dora": (True, False),
    # rumisberg (RULES.md §2.4): a paid bouquet's doubles are dropped; the club hand
    "bouquet_payment": (0, 1000),
    "club_hand_value": (0, 3000),
}
"""Every setting that switches scoring items on or off, with its values (each ruleset is
tried with those of them it takes)."""


@cache
def every_item() -> dict[str, list[Item]]:
    """Every item each ruleset's table can hold, under every combination of the switches."""
    found: dict[str, list[Item]] = {}
    for name, rs in RULESETS.items():
        items: dict[tuple[str, str, str], Item] = {}
        switches = {key: values for key, values in SWITCHES.items() if key in rs.setting_names}
        for values in itertools.product(*switches.values()):
            table = table_for(name, rs.settings(dict(zip(switches, values, strict=True))))
            for item in table.items:
                items.setdefault((item.code, type(item.pattern).__name__, item.name), item)
        found[name] = list(items.values())
    return found


def test_every_item_of_every_ruleset_has_a_german_and_an_english_name() -> None:
    assert set(every_item()) == set(RULESETS)
    for ruleset, items in every_item().items():
        assert items
        for item in items:
            for lang in LANGS:
                name = rule_name(ruleset, item.code, lang)
                assert name and name == name.strip() and "  " not in name, (ruleset, item.code)
                assert not any(mark in name for mark in ("<", ">", "*", "_")), name  # no markup left


def test_a_code_means_one_rule_in_a_table() -> None:
    """Each code names one pattern, so a code finds its name; Hua Bao's pongs and kongs are
    H6-H13 (RULES.md §2.2.2), not H3-H10 as pairs are."""
    for ruleset, items in every_item().items():
        kinds: dict[str, set[str]] = {}
        for item in items:
            kinds.setdefault(item.code, set()).add(type(item.pattern).__name__)
        assert all(len(k) == 1 for k in kinds.values()), (ruleset, kinds)


def test_english_names_are_the_lines_names() -> None:
    for ruleset, items in every_item().items():
        titles: dict[str, set[str]] = {}
        for item in items:
            titles.setdefault(item.code, set()).add(item.name)
        for code, names in titles.items():
            assert len(names) == 1, (ruleset, code, names)
            assert rule_name(ruleset, code, "en") == names.pop()


@pytest.mark.parametrize(
    ("ruleset", "code", "german"),
    [
        # RULES.md §2.1 "Source item" = seed 003
        ("dmjl", "P7", "Kang aus Grundziegeln, offen"),
        ("dmjl", "D4", "Pong oder Kang aus Drachen"),
        ("dmjl", "M1", "Mah-Jongg-Ruf"),
        ("dmjl", "M3", "Schlussziegel ist einzig möglicher Ziegel"),
        ("dmjl", "D10", "Kleine Vier Freuden (Winde: 3 x Pong/Kang, 1 Paar)"),
        ("dmjl", "W7", "Nur Bildziegel (falls nicht als Limithand gewertet)"),
        ("dmjl", "W12", "Mah-Jongg nach »Ruf zu Beginn«"),
        ("dmjl", "L12", "Neun heilige Lotoslaternen / Neun vereinte Söhne"),
        (
            "dmjl",
            "L13",
            "Die 13 einzigartigen Wunder / Die 13 Waisen / Die 13 Arten des kaiserlichen Schatzes",
        ),
        # RULES.md §2.2 = seed 000 §3.6-§3.10
        ("huabao", "H1", "Paar Drachen"),
        ("huabao", "H6", "offener Drilling 2–8"),
        ("huabao", "H17", "Beraubung des Kong"),
        ("huabao", "HD7f", "Blumenstrauß (alle vier Blumenziegel)"),
        ("huabao", "HD7s", "Blumenstrauß (alle vier Jahreszeiten)"),
        ("huabao", "HD9", "unreines Farbenspiel"),
        ("huabao", "3.6.5.3", "Segen der Erde"),
        ("huabao", "3.10.5", "Das Eckstein-Spiel"),
        ("huabao", "3.10.9", "Die grüne Hand (Kaiserliche Jade)"),
        # seed 002 rule 14: the club's 2 doubles are its own "Verdecktes Mah-Jong" (issue 25 item 15)
        ("rumisberg", "W3", "Verdecktes Mah-Jong"),
        ("dmjl", "W3", "Alle Figuren verdeckt"),
        # borrowed items keep their lender's name
        ("huabao", "M2", "Schlussziegel von der Mauer"),
        ("dmjl", "HD5f", "Blumenziegel, der seinem Wind entspricht"),
    ],
)
def test_german_names_are_the_seeds(ruleset: str, code: str, german: str) -> None:
    own = RULESETS[ruleset].names.get(code) or next(
        rs.names[code] for rs in RULESETS.values() if code in rs.names
    )
    assert own[0] == german  # the seed's own words, kept in the ruleset
    assert rule_name(ruleset, code, "de") == german_terms(german)  # shown in the words of the German text
    assert not re.search(r"Kang|[Zz]iegel", rule_name(ruleset, code, "de"))


def test_rule_name_refuses_unknown_codes_and_languages() -> None:
    with pytest.raises(KeyError):
        rule_name("dmjl", "Z9", "de")
    with pytest.raises(ValueError):
        rule_name("dmjl", "P7", "fr")  # type: ignore[arg-type]


def test_score_lines_carry_their_code_and_set() -> None:
    result = score(
        Hand.parse("234m 777z [555s] [678p] 99p"), WinContext.make(seat="S", win="9p"), get_ruleset("dmjl")
    )
    first = result.items[0]
    assert (first.code, first.detail, first.name) == ("P3", "[555s]", "exposed pong of simples [555s]")
    assert line_name("dmjl", first, "de") == "Pong aus Grundsteinen, offen [555s]"
    assert line_name("dmjl", first, "en") == first.name
    mj = next(line for line in result.items if line.code == "M1")
    assert mj.detail == "" and line_name("dmjl", mj, "de") == "Mah-Jongg-Ruf"


def test_huabao_codes_follow_rules_md() -> None:
    """RULES.md EX-11: H6 exposed pong 5s, H9 concealed pong 7z, H16, HD2."""
    result = score_request(
        hand="234m 777z [555s] [678p] 99p", ruleset="huabao", seat="S", win="9p", self_drawn=True
    )
    assert [line.code for line in result.items] == ["H6", "H9", "H16", "HD2"]


def test_score_text_in_german() -> None:
    result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", self_drawn=True)
    english = score_text(result, ruleset="dmjl")
    assert english == score_text(result, ruleset="dmjl", lang="en")
    assert "exposed pong of simples [555s]" in english and english.endswith(
        "Total: 76\nPayments to South: East pays 152, West pays 76, North pays 76"
    )
    text = score_text(result, ruleset="dmjl", lang="de")
    lines = text.splitlines()
    assert lines[0] == "Klassische chinesische Mah-Jongg-Regeln (DMJL)"
    assert lines[2] == "  (Gewinnstein Kreis-9 (9p), selbst gezogen, vervollständigt 99p)"
    assert any(line.startswith("  P3    Pong aus Grundsteinen, offen [555s]") for line in lines)
    assert any(line.startswith("  D4    Pong oder Kong aus Drachen 777z") for line in lines)
    assert lines[-3:] == [
        "Basis 38, Verdopplungen 1: 38 Punkte × 2^1 = 76",
        "Summe: 76",
        "Zahlungen an Süd: Ost zahlt 152, West zahlt 76, Nord zahlt 76",
    ]
    capped = score_request(hand="[777z] [666z] 555z [345s] 66m", seat="S", win="6m")
    assert "Summe: 500 (auf das Limit begrenzt; 1.280 ohne Limit)" in score_text(
        capped, ruleset="dmjl", lang="de"
    )
    limit = score_request(hand="19m19p19s1234567z 1z", win="1z")
    assert "Limithand: 500" in score_text(limit, ruleset="dmjl", lang="de")
    false = score_request(hand="111z 222z 333z 444z 1m 5p")
    assert score_text(false, ruleset="dmjl", lang="de").splitlines()[1] == (
        "Kein Mah-Jongg: die 14 Steine bilden weder vier Figuren und ein Paar noch die 13 Waisen."
    )
    losing = score_request(hand="123m 456p 1f 2f 55z")
    assert "Hand ohne Mah-Jongg: " in score_text(losing, ruleset="dmjl", lang="de")
    with pytest.raises(ValueError):
        score_text(result, ruleset="dmjl", lang="fr")  # type: ignore[arg-type]


def test_tile_names() -> None:
    for lang in LANGS:
        names = [tile_name(t, lang) for t in TILES]
        assert len(set(names)) == N_ALL  # the flower Bambus is told from the suit
    assert [tile_name(Tile.parse(t), "de") for t in ("1m", "5p", "9s")] == ["Zahl-1", "Kreis-5", "Bambus-9"]
    assert [tile_name(Tile.parse(t), "de") for t in ("3z", "4z", "6z")] == [
        "Westwind",
        "Nordwind",
        "Grüner Drache",
    ]
    assert [tile_name(Tile.parse(t), "de") for t in ("2f", "3f", "6f", "7f")] == [
        "Orchidee",
        "Chrysantheme",
        "Sommer",
        "Herbst",
    ]
    assert tile_name(Tile.parse("5p"), "en") == Tile.parse("5p").name == "Circles 5"
    with pytest.raises(ValueError):
        tile_name(TILES[0], "fr")  # type: ignore[arg-type]


def test_hint_in_german_names_the_tiles() -> None:
    deal = Deal.arranged(
        ["123m456p789s11z55z9m", "123456789m1234p", "123456789p1234s", "123456789s1234m"],
        settings={"bonus_tiles": False},
    )
    english, german = hint(deal.view(0)), hint(deal.view(0), lang="de")
    assert (english.action, english.discard, english.waits) == (german.action, german.discard, german.waits)
    assert english.text.startswith("Discard Characters 9 with the call at the beginning: keeps you ready; ")
    assert german.text.startswith("Zahl-9 abwerfen, mit Ruf zu Beginn: du bleibst bereit; ")
    assert "du wartest auf: Ostwind (noch 2) ist 256 wert" in german.text and "Weißer Drache" in german.text
    off_turn = Deal.arranged(
        ["123456789m1234p7z", "13m456p789s55z99s1z", "123456789p1234s", "123456789s1234m"],
        settings={"bonus_tiles": False},
    )
    text = hint(off_turn.view(1), lang="de").text
    assert text.startswith("Du bist nicht am Zug: noch 1 Stein bis bereit; 11 Steine (4 Sorten) helfen: ")
    assert "Zahl 2, Bambus 6 9, Weißer Drache" in text and "Shanten" not in text
    with pytest.raises(ValueError):
        hint(deal.view(0), lang="fr")  # type: ignore[arg-type]


def test_every_drawn_hand_reason_is_named_in_german_and_english() -> None:
    """Issue 25 item 15: a German sheet named the four-winds and nine-majors draws in English."""
    from engine.views import EndReason
    from render.layout import words

    for reason in EndReason:
        if reason is EndReason.MAHJONG:
            continue
        assert words("en")[str(reason)]
        assert words("de")[str(reason)] != reason.text, reason
    assert words("de")["four-winds"] == "alle Spieler warfen zu Beginn den gleichen Wind ab"


def test_jiangxi_tiles_are_named_as_seed_004_names_them() -> None:
    """Issue 25 item 15: on jiangxi sheets the tiles are Wan, Tiao, Bing, Zhong, Fa and Bai."""
    result = score_request(hand="123s 456s 789s [555s] 99s", ruleset="jiangxi", seat="S", win="9s")
    assert "Gewinnstein Tiao-9 (9s)" in score_text(result, ruleset="jiangxi", lang="de")
    assert "Gewinnstein Bambus-9 (9s)" in score_text(
        score_request(hand="123s 456s 789s [555s] 99s", seat="S", win="9s"), ruleset="dmjl", lang="de"
    )
    assert [tile_name(Tile.parse(t), "de", "jiangxi") for t in ("1m", "2p", "3s", "5z", "6z", "7z")] == [
        "Wan-1",
        "Bing-2",
        "Tiao-3",
        "Bai",
        "Fa",
        "Zhong",
    ]


def test_settings_help_follows_the_seeds_words() -> None:
    """Issue 25 item 15: gulasch_wall_exchanges counts go-arounds of 1-3 tiles, not tiles; the
    German help says "Fishing" as seed 002 does (rule 11), never "Fischen"."""
    from bot.i18n.settings import RULE_HELP_DE
    from engine.settings import SPEC_BY_NAME

    assert "go-arounds" in SPEC_BY_NAME["gulasch_wall_exchanges"].help
    assert "1 to 3 tiles" in SPEC_BY_NAME["gulasch_wall_exchanges"].help
    assert "Umläufe" in RULE_HELP_DE["gulasch_wall_exchanges"]
    assert not [name for name, help in RULE_HELP_DE.items() if "Fischen" in help]
    assert "Fishing" in RULE_HELP_DE["fishing"]


@pytest.mark.parametrize(
    ("ruleset", "hand", "settings", "german"),
    [
        ("rumisberg", "123m 456m 789p 111s 99s", {}, "eine Gewinnhand hat in rumisberg höchstens 1 Chi"),
        ("rumisberg", "123m 456m 789p 111s 99s", {"max_chows": 0}, "hat in rumisberg kein Chi"),
        (
            "rumisberg",
            "123m [111z] 222z 555z 66p",
            {},
            "eine Gewinnhand braucht in rumisberg mindestens 1 Pong oder Kong aus Farbsteinen",
        ),
        ("wikibooks", "222m 555m 777p 999s 55s", {"require_flush": True}, "aus einer Farbe"),
        ("jiangxi", "123m 456m 789p 234s 55s", {"min_fan": 5}, "mindestens 5 Fan, nicht"),
    ],
)
def test_a_condition_of_a_win_is_said_in_german(
    ruleset: str, hand: str, settings: dict[str, object], german: str
) -> None:
    """A German sheet says why 14 tiles do not win under the ruleset's conditions in German."""
    win = hand.split()[-1][-2:]
    result = score_request(hand=hand, ruleset=ruleset, seat="S", win=win, self_drawn=True, settings=settings)
    assert not result.won
    assert german in score_text(result, ruleset=ruleset, lang="de", settings=settings)
