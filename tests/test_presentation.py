"""How the new rulesets are shown: jiangxi's laid-out Fa written in braces and drawn with the
bonus tiles, a hand's value worded in its unit and with its rounding (one formatter for
``mahjong score``, ``/score`` and the score sheet), dora in a scoring request, each ruleset's
difference from its parent, and a German help for every setting."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from PIL import Image

from bot.cogs.settings import help_of, ruleset_changes
from bot.i18n.settings import RULE_HELP_DE
from bot.settings_registry import ENTRIES, difference
from cli.score_cmd import run_jsonl
from engine.errors import MahjongError, SettingError
from engine.hand import Hand
from engine.rulesets import RULESETS, get_ruleset, table_for
from engine.scoring import WinContext, score
from engine.scoring.facts import ArrangedGroup, GroupKind
from engine.scoring.report import dora_tiles, reckon, score_request, score_text
from engine.settings import SPECS
from engine.tiles import TILES, Tile, Wind
from engine.views import PlayerView, ScoreSheetView
from render import render_strip
from render.layout import Group, parse_arrangement
from render.sheet import compose_sheet, sheet_lines

ROOT = Path(__file__).resolve().parent.parent
FA_HAND = "123s 456m 888p 345p 77s {66z}"  # RULES.md EX-32: North wins self-drawn, 2 Fa laid out
FOUR_FA = "234p 678m [444s] 567p 99m {6666z}"  # RULES.md EX-35: four Fa, the total doubled


# --- Jiangxi's Fa in braces --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win"),
    [
        (FA_HAND, "7s"),
        (FOUR_FA, "9m"),
        ("11m 22m 33m 7777m 99m 55z {6z}", "5z"),
        ("[222m] 45m 345p 11s {6z}", None),
    ],
)
def test_a_jiangxi_arrangement_reads_back_as_the_hand(hand: str, win: str | None) -> None:
    """The scorer's arrangement writes the laid-out Fa in braces: read back, it is the same hand."""
    ctx = WinContext.make(seat="N", win=win, self_drawn=win is not None)
    result = score(Hand.parse(hand), ctx, get_ruleset("jiangxi"))
    assert "{" in result.arrangement
    assert Hand.parse(result.arrangement).counts() == Hand.parse(hand).counts()
    bonus = [g for g in result.groups if g.kind == GroupKind.BONUS]
    assert len(bonus) == 1 and str(bonus[0]).startswith("{6")


def test_a_bonus_group_writes_laid_out_tiles_in_braces_and_flowers_plain() -> None:
    group = ArrangedGroup(GroupKind.BONUS, tuple(Tile.parse(t) for t in ("6z", "6z", "2f")))
    assert str(group) == "{66z} 2f"
    assert str(ArrangedGroup(GroupKind.BONUS, (Tile.parse("1f"), Tile.parse("5f")))) == "15f"
    dmjl = score(
        Hand.parse("234m 777z [555s] [678p] 99p 1f"), WinContext.make(seat="S", win="9p"), get_ruleset("dmjl")
    )
    assert dmjl.arrangement.endswith(" 1f") and "{" not in dmjl.arrangement


def test_parse_arrangement_draws_braced_tiles_with_the_bonus_tiles() -> None:
    groups = parse_arrangement("456m 345p 888p 123s 77s {66z} 3f")
    fa, flower = int(Tile.parse("6z")), int(Tile.parse("3f"))
    assert groups[-1] == Group((fa, fa, flower), bonus=True)
    assert all(fa not in g.tiles for g in groups[:-1])
    with pytest.raises(MahjongError):
        parse_arrangement("456m {66z")


def test_mahjong_score_png_of_a_jiangxi_hand(tmp_path: Path) -> None:
    """It failed before ({66z} made the arrangement unreadable); the image is the scorer's
    groups: the Fa drawn last, like bonus tiles, the winning pair framed."""
    out = tmp_path / "fa.png"
    cmd = [sys.executable, "-m", "cli.main", "score", FA_HAND, "--ruleset", "jiangxi", "--seat", "N"]
    done = subprocess.run(
        [*cmd, "--win", "7s", "--self-drawn", "--png", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Mah-Jongg: 456m 345p 888p 123s 77s {66z}" in done.stdout
    result = score_request(hand=FA_HAND, ruleset="jiangxi", seat="N", win="7s", self_drawn=True)
    assert out.read_bytes() == render_strip(result.groups, win_tile="7s")
    assert Image.open(io.BytesIO(out.read_bytes())).width > 400


# --- One formatter: fan, rounding, scale, fixed values ---------------------------------------


def _random_hands(ruleset: str, n: int, seed: int) -> list[tuple[Hand, WinContext]]:
    """Losing hands of random tiles from the ruleset's set (11 to 13 tiles): rounding, scale and
    the limit apply to them as to winners."""
    rs = get_ruleset(ruleset)
    kinds = [TILES[i // 4] for i in rs.tile_ids(rs.defaults) if i < 136]
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        tiles = rng.sample(kinds, rng.randint(11, 13))
        laid = [t for t in tiles if int(t) in rs.lucky]
        concealed = [t for t in tiles if int(t) not in rs.lucky]
        out.append((Hand(tuple(concealed), (), tuple(laid)), WinContext(seat=Wind(rng.randrange(4)))))
    return out


WINNERS = [
    ("dmjl", "234m 777z [555s] [678p] 99p", "S", "9p", True),
    ("dmjl", "[111z] [888m] [333s] 111p 55s", "E", "5s", False),  # capped at the limit
    ("dmjl", "19m 19p 19s 1234567z 1m", "E", "1m", True),  # thirteen orphans, a limit hand
    ("huabao", "234m 777z [555s] [678p] 99p", "S", "9p", True),
    ("wikibooks", "[555z] 333m [567s] 234p 88p", "W", "8p", False),  # EX-18
    ("rumisberg", "[555s] 777z 333m [678p] 99p", "S", "9p", True),  # EX-25
    ("rumisberg", "[666m] [555m] 999m 777m 22m", "S", "2m", True),  # EX-30's club hand
    ("jiangxi", FA_HAND, "N", "7s", True),
    ("jiangxi", FOUR_FA, "E", "9m", True),
]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_reckoning_from_the_lines_agrees_with_the_scorer(ruleset: str) -> None:
    """What the formatter reads from a hand's lines and table (all a score sheet keeps) is what
    the scorer computed: points, doubles, the count before the limit, limit and fixed hands."""
    rs = get_ruleset(ruleset)
    table = table_for(rs.name, rs.defaults)
    cases = _random_hands(ruleset, 150, seed=len(ruleset))
    for name, hand, seat, win, drawn in WINNERS:
        if name == ruleset:
            cases.append((Hand.parse(hand), WinContext.make(seat=seat, win=win, self_drawn=drawn)))
    kinds = set()
    for hand, ctx in cases:
        result = score(hand, ctx, ruleset=rs)
        rk = reckon(result.items, result.total, table)
        kinds.add(rk.kind)
        assert rk.kind == ("limit" if result.limit else "fixed" if result.fixed else "count"), hand
        assert rk.total == result.total and rk.uncapped == result.uncapped, hand
        if rk.kind == "count":
            assert (rk.points, rk.doubles) == (result.points, result.doubles), hand
            assert rk.base % table.round_up_to == 0 and 0 <= rk.base - rk.points < table.round_up_to
    assert "count" in kinds


def test_jiangxi_speaks_fan() -> None:
    result = score_request(hand="123s 456s 789s [555s] 99s", ruleset="jiangxi", win="9s", discarder="S")
    text = score_text(result, ruleset="jiangxi")  # RULES.md EX-33: the dealer wins on South's discard
    assert "  J20   Qingyise (one suit)" in text and text.splitlines()[5].endswith("  5 fan")
    assert "Total: 9 fan" in text and "South pays 18 (9 fan × 2)" in text
    assert "points" not in text and "double" not in text and "Base" not in text
    german = score_text(result, ruleset="jiangxi", lang="de")
    assert "Summe: 9 Fan" in german and "Punkte" not in german and "Verdopplung" not in german
    four = score_request(hand=FOUR_FA, ruleset="jiangxi", seat="E", win="9m", self_drawn=True)
    text = score_text(four, ruleset="jiangxi")  # RULES.md EX-35: 6 fan, doubled by four Fa
    assert "all four Fa           doubles the total" in text
    assert "Fan: 6 × 2 = 12 fan\nTotal: 12 fan" in text and "South pays 24 (12 fan × 2)" in text


def test_jiangxi_german_names_are_aligned_although_they_hold_chinese() -> None:
    result = score_request(hand=FA_HAND, ruleset="jiangxi", seat="N", win="7s", self_drawn=True)
    rows = [
        line
        for line in score_text(result, ruleset="jiangxi", lang="de").splitlines()
        if line.startswith("  J")
    ]

    def width(text: str) -> int:  # a wide (Chinese) character takes two columns
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    starts = {width(row[: row.rindex("1 Fan")]) for row in rows}
    assert len(rows) == 5 and len(starts) == 1  # every value starts in the same column


def test_wikibooks_shows_its_rounding() -> None:
    result = score_request(hand="[555z] 333m [567s] 234p 88p", ruleset="wikibooks", seat="W", win="8p")
    text = score_text(result, ruleset="wikibooks")  # RULES.md EX-18
    assert "Base 28 → 30 (rounded up to 10), doubles 1: 30 points × 2^1 = 60\nTotal: 60" in text
    german = score_text(result, ruleset="wikibooks", lang="de")
    assert "Basis 28 → 30 (auf 10 aufgerundet), Verdopplungen 1: 30 Punkte × 2^1 = 60" in german
    plain = score_text(result, ruleset="wikibooks", settings={"rounding": "none"})
    assert "→" not in plain  # scored the same, shown as the settings say: not rounded


def test_rumisberg_shows_its_scale_and_rounded_payments() -> None:
    result = score_request(
        hand="[555s] 777z 333m [678p] 99p", ruleset="rumisberg", seat="S", win="9p", self_drawn=True
    )
    text = score_text(result, ruleset="rumisberg")  # RULES.md EX-25
    assert "Base 42, doubles 1: 42 points × 2^1 × 10 (count scale) = 840\nTotal: 840" in text
    assert "East pays 1,700 (2 × 840 = 1,680 → 1,700), West pays 800 (840 → 800)" in text
    assert "rounded to hundreds after East's doubling, then capped at 10,000" in text
    capped = score_request(hand="111z [777z] 999s [222m] 55z", ruleset="rumisberg", win="5z", discarder="N")
    text = score_text(capped, ruleset="rumisberg")  # RULES.md EX-26: East wins, 8000 each, capped
    assert "Total: 8,000" in text and "South pays 10,000 (2 × 8,000 = 16,000 → 10,000)" in text
    club = score_request(
        hand="[666m] [555m] 999m 777m 22m", ruleset="rumisberg", seat="S", win="2m", self_drawn=True
    )
    text = score_text(club, ruleset="rumisberg", lang="de")  # RULES.md EX-30: the fixed 3000
    assert "Fester Wert: 3.000 (statt der Auszählung)" in text and "Basis" not in text
    assert "Ost zahlt 6.000, West zahlt 3.000" in text and "gerundet" not in text


def test_a_dmjl_text_is_as_before() -> None:
    result = score_request(hand="234m 777z [555s] [678p] 99p", seat="S", win="9p", self_drawn=True)
    lines = score_text(result, ruleset="dmjl").splitlines()
    assert lines[-3:] == [
        "Base 38, doubles 1: 38 points × 2^1 = 76",
        "Total: 76",
        "Payments to South: East pays 152, West pays 76, North pays 76",
    ]


# --- The score sheet uses the same words -----------------------------------------------------


def _sheet(ruleset: str, hand: str, seat: str, win: str, drawn: bool, loser: str) -> ScoreSheetView:
    """A sheet of one won hand (position = seat wind; on a discard, South's) and the scored hand
    ``loser`` of West (of East when West won), from the scorer."""
    winner = score_request(
        hand=hand, ruleset=ruleset, seat=seat, win=win, self_drawn=drawn, discarder=None if drawn else "S"
    )
    w = "ESWN".index(seat)
    other_seat = 2 if w != 2 else 0
    other = score(Hand.parse(loser), WinContext(seat=Wind(other_seat)), get_ruleset(ruleset))
    scores = {w: winner, other_seat: other}
    empty = score(Hand.parse("1m"), None, get_ruleset(ruleset))
    by_seat = [scores.get(s, empty) for s in range(4)]
    pays = [(("ESWN".index(letter)), w, amount) for letter, amount in winner.pays or () if amount]
    return ScoreSheetView(
        winner=w,
        hands=tuple(s.arrangement for s in by_seat),
        arrangements=tuple(s.arrangement for s in by_seat),
        lines=tuple(tuple((ln.name, ln.points, ln.doubles) for ln in s.items) for s in by_seat),
        values=tuple(s.total for s in by_seat),
        payments=tuple(pays),
        nets=(0, 0, 0, 0),
        groups=tuple(s.groups for s in by_seat),
        win_tile=Tile.parse(win),
        self_drawn=drawn,
        discarder=None if drawn else 1,
        ruleset=ruleset,
        items=tuple(s.items for s in by_seat),
    )


PLAYERS = tuple(PlayerView(s, Wind(s), name, 0, 13) for s, name in enumerate(("Ada", "Bea", "Cem", "Dan")))


def test_a_jiangxi_sheet_says_fan_in_text_and_image() -> None:
    sheet = _sheet("jiangxi", FOUR_FA, "E", "9m", True, "[222m] 45m 345p 11s {6z}")
    lines = sheet_lines(sheet, PLAYERS)
    assert lines[0].startswith("Mah-Jongg: Ada (East), 12 fan")
    assert lines.count("  Fa laid out – Fa: 1 fan") == 4
    assert "  all four Fa: doubles the total" in lines
    assert lines[lines.index("  Fan: 6 × 2 = 12 fan") + 1] == "  Total: 12 fan"
    assert any(
        line.startswith("Cem (West): [Wan 2 ×3], Wan 4 5, Bing 3 4 5, Tiao 1 1, Fa: 0 fan") for line in lines
    )
    german = sheet_lines(sheet, PLAYERS, lang="de")
    assert "  Summe: 12 Fan" in german and not any("Punkte" in line for line in german)
    # the image writes the unit beside each value: the same sheet counted in points looks different
    as_points = dataclasses.replace(sheet, ruleset="")
    assert compose_sheet(sheet, PLAYERS).tobytes() != compose_sheet(as_points, PLAYERS).tobytes()


def test_a_wikibooks_and_a_rumisberg_sheet_show_rounding_and_scale() -> None:
    sheet = _sheet("wikibooks", "[555z] 333m [567s] 234p 88p", "W", "8p", False, "[999s] 1234m 567p")
    lines = sheet_lines(sheet, PLAYERS)
    assert "  Base 28 → 30 (rounded up to 10), doubles 1: 30 points × 2^1 = 60" in lines
    assert any(
        line.startswith("Ada (East): [Bamboo 9 ×3], Characters 1 2 3 4, Circles 5 6 7: 10 (4 → 10; ")
        for line in lines
    )
    sheet = _sheet("rumisberg", "[555s] 777z 333m [678p] 99p", "S", "9p", True, "[999s] 1234m 567p")
    lines = sheet_lines(sheet, PLAYERS, settings=get_ruleset("rumisberg").defaults)
    assert "  Base 42, doubles 1: 42 points × 2^1 × 10 (count scale) = 840" in lines
    assert any(
        line.startswith("Cem (West): [Bamboo 9 ×3], Characters 1 2 3 4, Circles 5 6 7: 40 (4 × 10 = 40; ")
        for line in lines
    )
    assert "Each payment is rounded to hundreds after East's doubling, then capped at 10,000." in lines
    own = get_ruleset("rumisberg").settings({"rounding": "none"})
    assert not any("rounded to hundreds" in line for line in sheet_lines(sheet, PLAYERS, settings=own))


# --- Dora ------------------------------------------------------------------------------------


EX21 = "[555s] [123p] [777z] 456m 99m"


def test_dora_by_tile_or_by_indicator() -> None:
    """RULES.md EX-21: indicator 4s, dora 5s; the dora pong gives three doubles."""
    ask = {"hand": EX21, "ruleset": "wikibooks", "seat": "N", "win": "9m", "discarder": "W"}
    plain = score_request(**ask)  # type: ignore[arg-type]
    by_tile = score_request(**ask, dora="5s")  # type: ignore[arg-type]
    by_indicator = score_request(**ask, dora_indicator="4s")  # type: ignore[arg-type]
    assert (plain.doubles, plain.total) == (1, 60)
    assert by_tile == by_indicator
    assert (by_tile.doubles, by_tile.total, dict(by_tile.pays or ())) == (4, 480, {"E": 0, "S": 0, "W": 1920})
    assert [line.code for line in by_tile.items].count("WB3") == 3
    text = score_text(by_tile, ruleset="wikibooks", dora=dora_tiles("", "4s"))
    assert text.splitlines()[1] == "Dora: 5s" and "WB3   dora [555s]" in text


def test_dora_of_each_indicator() -> None:
    pairs = {"4s": "5s", "9p": "1p", "4z": "1z", "1z": "2z", "7z": "5z", "5z": "6z", "6z": "7z"}
    assert [str(t) for t in dora_tiles("", " ".join(pairs))] == list(pairs.values())


@pytest.mark.parametrize(
    ("ruleset", "settings", "dora", "indicator", "said"),
    [
        ("dmjl", {}, "5s", "", "dmjl has no dora"),
        ("jiangxi", {}, "", "4s", "jiangxi has no dora"),
        ("wikibooks", {"dora": "false"}, "5s", "", "the setting dora is off"),
        ("wikibooks", {}, "1f", "", "a bonus tile (1f) is never a dora"),
        ("wikibooks", {}, "", "8f", "a bonus tile (8f) shows no dora"),
        ("wikibooks", {}, "5q", "", "need a suit letter"),
    ],
)
def test_dora_refused_with_a_reason(
    ruleset: str, settings: dict[str, object], dora: str, indicator: str, said: str
) -> None:
    with pytest.raises(MahjongError, match=said.replace("(", r"\(").replace(")", r"\)")):
        score_request(
            hand=EX21, ruleset=ruleset, win="9m", settings=settings, dora=dora, dora_indicator=indicator
        )


def test_mahjong_score_takes_dora(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.main import main

    args = ["score", EX21, "--ruleset", "wikibooks", "--seat", "N", "--win", "9m", "--discarder", "W"]
    assert main([*args, "--dora-indicator", "4s"]) == 0
    out = capsys.readouterr().out
    assert "Dora: 5s" in out and "Total: 480" in out and "West pays 1,920" in out
    assert main([*args, "--dora", "5s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 480
    assert main(["score", EX21, "--win", "9m", "--dora", "5s"]) == 2
    assert "dmjl has no dora" in capsys.readouterr().err
    lines = [
        json.dumps({"hand": EX21, "ruleset": "wikibooks", "seat": "N", "win": "9m", "dora_indicator": "4s"}),
        json.dumps({"hand": EX21, "dora": 5}),
    ]
    out_io = io.StringIO()
    run_jsonl(lines, out_io)
    first, second = (json.loads(line) for line in out_io.getvalue().splitlines())
    assert first["doubles"] == 4 and second == {"error": '"dora" must be a string'}


# --- Ruleset differences and German help ----------------------------------------------------


@pytest.mark.parametrize("name", list(RULESETS))
def test_ruleset_changes_list_the_diff_from_the_parent(name: str) -> None:
    rs = get_ruleset(name)
    for lang in ("en", "de"):
        said = ruleset_changes(rs, lang)  # type: ignore[arg-type]
        assert len(said) < 2000  # within one Discord message
        if not rs.parent:
            assert rs.title_in(lang) in said and ("of its own" in said or "eigenes Regelwerk" in said)
            continue
        parent = get_ruleset(rs.parent)
        diff = rs.diff(parent)
        lines = said.splitlines()
        assert diff and lines[0].startswith(("How it differs from", "Abweichungen vom Regelwerk"))
        assert parent.title_in(lang) in lines[0]
        assert lines[1:-1] == [f"- {difference(what, mine, theirs, lang)}" for what, mine, theirs in diff]  # type: ignore[arg-type]
        settings = ", ".join(
            f"`{what}`" for what, _, _ in diff if what in ENTRIES
        )  # no tiles, chows, features
        assert lines[-1].startswith("-# ") and lines[-1].endswith(settings)
    assert "- Players: 3 or 4 instead of 4" in ruleset_changes(get_ruleset("rumisberg"), "en")
    assert "- Steine: 144 statt 136" in ruleset_changes(get_ruleset("wikibooks"), "de")


def test_every_setting_has_a_german_help() -> None:
    names = {spec.name for spec in SPECS}
    assert set(RULE_HELP_DE) == names  # none missing, none left over from a setting that went
    for spec in SPECS:
        german = help_of(spec.name, "de")
        assert german == RULE_HELP_DE[spec.name] and german != spec.help and len(german) > 10, spec.name


def test_a_bad_dora_is_a_setting_error() -> None:
    with pytest.raises(SettingError, match="bonus tile"):
        dora_tiles("5s 2f")
    assert len(dora_tiles("12345678p")) == 8
    with pytest.raises(SettingError, match="at most 8 dora"):
        dora_tiles("1234567p", "5s 1z")
    with pytest.raises(SettingError, match="at most 8 dora"):
        dora_tiles("1s" * 100_000)  # refused before it is scored


def test_a_german_jiangxi_sheet_names_the_tiles_as_seed_004() -> None:
    """Issue 25 item 15: Wan/Tiao/Bing on jiangxi sheets (a dmjl sheet keeps Zahl/Bambus/Kreis)."""
    sheet = _sheet("jiangxi", FOUR_FA, "E", "9m", True, "[222m] 45m 345p 11s {6z}")
    assert "Gewinnstein Wan-9" in sheet_lines(sheet, PLAYERS, lang="de")[0]
    dmjl = _sheet("dmjl", "123m 456m 789p 111s 99m", "E", "9m", True, "[222m] 45m 345p 11s")
    assert "Gewinnstein Zahl-9" in sheet_lines(dmjl, PLAYERS, lang="de")[0]
