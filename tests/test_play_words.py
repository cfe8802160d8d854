"""``mahjong play`` tells what happens: every bonus tile shown and every payment with its reason,
a player's breakdown on request; it takes tiles by the names it prints (English and German),
names the computers as the Discord table does, and its --help is plain text."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from collections.abc import Callable

import pytest

from cli.main import main
from cli.play_cmd import HONOUR_NAMES, parse_choice, play
from engine.actions import Action, ActionKind
from engine.errors import NotationError
from engine.numbers import number
from engine.rulesets import get_ruleset
from engine.seats import Position
from engine.tiles import Tile, parse_tile_name, parse_tiles, tile_name


class Typist(io.StringIO):
    """Standard input that answers what the game has just printed: at the end of a hand the
    next of ``at_end`` (then Enter; None: the end of input), on a move ``choose(output)`` (or
    the first choice)."""

    def __init__(
        self,
        out: io.StringIO,
        at_end: list[str | None] | None = None,
        choose: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.out, self.choose = out, choose
        self.at_end: list[str | None] = list(at_end or [])
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if len(self.typed) > 5000:
            return ""
        text = self.out.getvalue()
        if text.endswith("or quit: ") and "Press Enter" in text[-200:]:
            answer = self.at_end.pop(0) if self.at_end else ""
            if answer is None:  # the end of input
                return ""
        else:
            answer = (self.choose(text) if self.choose else None) or "1"
        self.typed.append(answer)
        return answer + "\n"


def game_text(
    ruleset: str,
    seed: str,
    hands: int = 1,
    at_end: list[str | None] | None = None,
    choose: Callable[[str], str | None] | None = None,
) -> tuple[str, Typist]:
    out = io.StringIO()
    st = get_ruleset(ruleset).settings({"game_length": f"hands:{hands}"})
    typist = Typist(out, at_end, choose)
    assert play(ruleset, st, seed, "Ada", ["normal"] * (st.players - 1), typist, out) == 0
    # Input is not echoed here: what follows a prompt starts a line, as after Enter at a terminal.
    return re.sub(r"(quit\)?: )(?!\n|$)", "\\1\n", out.getvalue()), typist


# --- Item 12: bonus tiles, payments with their reasons, a player's breakdown ----------------------


def test_a_rumisberg_hand_announces_every_bonus_tile_and_the_bouquet_it_pays() -> None:
    """Seed 346: a drawn rumisberg hand in which you complete a bouquet. Each bonus tile on
    the table was announced for the player who shows it, by name; the payment is told when it
    is made and on the sheet, and the payments add up to each player's chips."""
    text, _ = game_text("rumisberg", "346")
    assert "The hand is drawn" in text
    shown: dict[str, list[str]] = defaultdict(list)
    for who, tiles in re.findall(
        r"^  (You|Computer \d) shows? (?:a bonus tile|bonus tiles): (.+)$", text, re.M
    ):
        shown["Ada" if who == "You" else who] += tiles.split(", ")
    last_table = text[text.rindex("\nHand 1,") : text.index("The hand is drawn")]
    rows = re.findall(r"^ .[ESWN] (\S+(?: \d)?) .*bonus: (.+)$", last_table, re.M)
    assert len(rows) >= 3
    for who, bonus in rows:  # every bonus tile on the table was announced (more may come after)
        announced = " ".join(shown[who]).split()
        for word in bonus.split():
            assert word in announced, (who, bonus, shown[who])
            announced.remove(word)
    assert not re.search(r"\b\d[fz]\b", text)  # bonus tiles and honours by name, never 1f or 7z
    during = "  Bouquet: You receive 1,000 each from Computer 2, Computer 3 and Computer 1\n"
    assert text.index(during) < text.index("The hand is drawn")
    sheet = text[text.index("The hand is drawn") :]
    assert (
        "  Payments:\n    Bouquet: You receive 1,000 each from Computer 2, Computer 3 and Computer 1\n"
        in sheet
    )
    assert_payments_add_up(sheet)


def assert_payments_add_up(sheet: str) -> None:
    """Every chip result on the sheet is the sum of the payments listed for that player."""
    nets = {
        ("you" if mine else who): int(net.replace(",", "").replace("−", "-"))
        for who, net, mine in re.findall(
            r"^  [ESWN] (\S+(?: \d)?) +hand +\S+ +chips +(\S+) -> \S+(  \(you\))?$", sheet, re.M
        )
    }
    total: dict[str, int] = defaultdict(int)
    for payee, amount, payers in re.findall(
        r"^    [^:\n]+: (You|Computer \d) receives? ([\d,]+)(?: each)? from (.+)$", sheet, re.M
    ):
        names = re.split(r", | and ", payers)
        value = int(amount.replace(",", ""))
        total["you" if payee == "You" else payee] += value * len(names)
        for name in names:
            total[name] -= value
    assert nets and {k: v for k, v in total.items() if v} == {k: v for k, v in nets.items() if v}


def test_a_won_hand_lists_every_payment_with_its_reason() -> None:
    """Seed 1178 (rumisberg): you complete a bouquet, Computer 2 wins: the sheet gives the bouquet
    and the winner's payments, and they account for every chip."""
    text, _ = game_text("rumisberg", "1178")
    sheet = text[text.index("\nMah-Jongg: ") :]
    assert "    Bouquet: You receive 1,000 each from " in sheet
    assert "    The winning hand: Computer 2 receives " in sheet
    assert_payments_add_up(sheet)


def test_score_and_a_name_at_the_end_of_a_hand_gives_that_players_breakdown() -> None:
    text, typist = game_text(
        "rumisberg", "1178", at_end=["score computer 3", "score Zed", "score me", "quit"]
    )
    assert text.index("Press Enter to end the game") > text.index("    The winning hand: ")
    assert typist.typed[-4:] == ["score computer 3", "score Zed", "score me", "quit"]
    after = text[text.index("Press Enter to end the game") :]
    part = after[after.index("  Computer 3: ") :]
    assert re.search(r"^    Hand value [\d,]+; chips [−+][\d,]+$", part, re.M)
    assert "    Bouquet: You receive 1,000 from Computer 3" in part  # Computer 3's share
    assert "    Bouquet: You receive 1,000 each from Computer 2, Computer 1 and Computer 3" in part  # yours
    assert re.search(r"^    The winning hand: Computer 2 receives [\d,]+ from Computer 3$", part, re.M)
    assert (
        "There is no player 'Zed' here: type score and one of Computer 2, Computer 1, Computer 3, Ada (or me)"
        in after
    )
    mine = after[after.index("  You: ") :]
    assert "    Bouquet: You receive 1,000 each" in mine
    # quit at the last hand's prompt: the standings follow, nothing else
    assert after.rstrip().endswith("4. Computer 3   8,000") and after.count("The game is over.") == 1


# --- Item 13: tiles typed by the names printed, computer names, melds, --help -----------------------


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("red", "7z"),
        ("RED", "7z"),
        ("Red dragon", "7z"),
        ("Roter Drache", "7z"),
        ("roter drachen", "7z"),
        ("east", "1z"),
        ("East wind", "1z"),
        ("Ostwind", "1z"),
        ("ost", "1z"),
        ("Süd", "2z"),
        ("weisser drache", "5z"),
        ("Grün", "6z"),
        ("Circles 5", "5p"),
        ("Kreis-5", "5p"),
        ("kreis 5", "5p"),
        ("Bambus-2", "2s"),
        ("Characters 9", "9m"),
        ("Pflaume", "1f"),
        ("Bamboo flower", "4f"),
        ("Bambus (Blume)", "4f"),
        ("7z", "7z"),
        ("R", "7z"),
    ],
)
def test_parse_tile_name(typed: str, code: str) -> None:
    assert str(parse_tile_name(typed)) == code


def test_every_name_the_program_gives_is_read_back() -> None:
    for index in range(42):
        tile = Tile(index)
        for lang in ("en", "de"):
            assert parse_tile_name(tile_name(tile, lang)) is tile
            assert parse_tile_name(tile_name(tile, lang).upper()) is tile
    for index, name in enumerate(HONOUR_NAMES):
        assert parse_tile_name(name.lower()) is Tile(27 + index)


@pytest.mark.parametrize("typed", ["purple", "dragon", "10 circles", "rote beete", ""])
def test_a_name_that_is_no_tile_says_what_is_accepted(typed: str) -> None:
    with pytest.raises(
        NotationError, match=r"is not a tile: write its name .*Roter Drache.* or its notation"
    ):
        parse_tile_name(typed)


def test_a_discard_or_claim_takes_the_tile_by_name() -> None:
    me = Position(0)
    legal = [
        Action(me, ActionKind.DISCARD, Tile.parse("7z")),
        Action(me, ActionKind.DISCARD, Tile.parse("1z")),
        Action(me, ActionKind.DISCARD, Tile.parse("5p")),
        Action(me, ActionKind.CONCEALED_KONG, Tile.parse("1z")),
    ]
    for typed in ("red", "Red", "red dragon", "Roter Drache", "discard roter drache", "discard RED"):
        assert parse_choice(typed, legal) == legal[0], typed
    for typed in ("east", "Ostwind", "east wind", "discard Ost"):
        assert parse_choice(typed, legal) == legal[1], typed
    for typed in ("Circles 5", "Kreis-5", "discard kreis 5"):
        assert parse_choice(typed, legal) == legal[2], typed
    assert parse_choice("concealed-kong east", legal) == legal[3]
    assert parse_choice("green", legal) == (
        "You cannot discard Green now; choose a number from 1 to 4, or: discard Red, discard East, "
        "discard 5p, concealed-kong East"
    )


def test_at_the_table_you_discard_an_honour_by_the_name_printed() -> None:
    """Typed as the hand prints it, in lower case: accepted, no complaint, the tile goes."""
    names = "|".join(HONOUR_NAMES)

    def honour(text: str) -> str | None:
        tail = text[text.rindex("\nHand ") :] if "\nHand " in text else text
        if "Your tiles: " not in tail or not tail.rstrip().endswith("quit):"):
            return None
        listing = tail[tail.rindex("Your tiles: ") :]
        found = re.search(rf"^ +\d+\. discard ({names})$", listing, re.M)
        return found.group(1).lower() if found else None

    text, typist = game_text("dmjl", "0", hands=2, choose=honour)
    named = [t for t in typist.typed if t.capitalize() in HONOUR_NAMES]
    assert len(named) >= 5
    assert "is not a tile" not in text and "is not a move" not in text and "You cannot" not in text


def test_computers_are_named_as_in_discord_and_claims_name_the_tile() -> None:
    """Seed 0 (dmjl): Computer 2 pongs the green dragon; its meld prints as the hand prints."""
    text, _ = game_text("dmjl", "0", hands=2)
    assert "Computer 1" in text and "Computer 2" in text and "Computer 3" in text
    assert "normal (" not in text
    assert "  Computer 2 pongs Green dragon: [Green Green Green]\n" in text
    assert re.search(r"^  Computer \d (chows|pongs) \S+: \[", text, re.M)
    assert not re.search(r"[\[(]\d+z[\])]", text)  # no [666z] beside "Green" in the hand
    assert re.search(r"\[Green Green Green\]", text[text.index("Hand 1,") :])


@pytest.mark.parametrize("command", ["play", "score", "simulate", "duel", "calibrate", "bot"])
def test_help_has_no_markup(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "``" not in help_text
    assert not re.search(r":(func|class|data|meth|mod|attr):", help_text)
    assert not re.search(r"(?<![\w*])\*[A-Za-z][^*\n]*\*(?![\w*])", help_text)


def test_play_help_says_names_are_taken(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "Roter Drache" in help_text and "score" in help_text


def test_numbers_are_grouped() -> None:
    text, _ = game_text("rumisberg", "22")
    assert f" {number(10000)} " in text and " 10000 " not in text


def test_jiangxi_lucky_tiles_are_laid_out_by_their_name() -> None:
    """Seed 3 (jiangxi): Computer 3 is dealt two Fa, laid out beside the hand, named as seed 004
    names them, not told as bonus tiles."""
    text, _ = game_text("jiangxi", "3")
    assert "  Computer 3 lays out Fa, Fa beside the hand\n" in text
    assert re.search(r"^  W Computer 3 .*  laid out: Fa Fa$", text, re.M)
    assert "bonus: Green" not in text


def test_the_gulasch_pot_is_told_when_staked_and_when_taken() -> None:
    """Seed 0 (rumisberg): the first hand is drawn, so the second is a Gulasch: its stakes are
    told as it begins, and the winner's taking them is a payment with its reason."""
    out = io.StringIO()
    st = get_ruleset("rumisberg").settings({"game_length": "hands:2"})
    script = ("1\n" * 3 + "give 1z1z1z\n" + "swap 1m\n") * 800
    assert play("rumisberg", st, "0", "Ada", ["normal"] * 3, io.StringIO(script), out) == 0
    text = re.sub(r"(quit\)?: )(?!\n|$)", "\\1\n", out.getvalue())
    second = text[text.index("Hand 2:") :]
    stake = (
        "  Gulasch pot: 2,000 in the centre for the next winner "
        "(from Computer 1, Computer 2, Computer 3 and you)\n"
    )
    assert second.index(stake) < second.index("Hand 2, East round")
    sheet = second[second.index("\nMah-Jongg: ") :]
    assert re.search(r"^    Gulasch pot: Computer \d receives 500 each from ", sheet, re.M)
    assert re.search(r"^    Fishing: Computer \d receives ", sheet, re.M)
    assert_payments_add_up(sheet)


def test_the_computers_levels_are_said_at_the_start() -> None:
    out = io.StringIO()
    st = get_ruleset("dmjl").settings({"game_length": "hands:1"})
    assert play("dmjl", st, "1", "Ada", ["easy", "normal", "strong"], io.StringIO(""), out) == 0
    assert (
        "\nPlaying with you: Computer 1 (easy), Computer 2 (normal) and Computer 3 (strong).\n"
        in out.getvalue()
    )


def test_the_standings_follow_the_last_hand_even_at_the_end_of_input() -> None:
    text, _ = game_text("rumisberg", "22", at_end=[None])
    assert text.rstrip().splitlines()[-5] == "The game is over."
    assert text.rstrip().endswith("4. Computer 1   8,600")


def test_a_gulasch_give_takes_tiles_by_name() -> None:
    gives = [Action(Position(1), "give", tiles=tuple(parse_tiles(t))) for t in ("111z", "19m7z")]
    assert parse_choice("give east east east", gives) == gives[0]
    assert parse_choice("give Roter Drache 9m 1m", gives) == gives[1]
    assert parse_choice("give red dragon 19m", gives) == gives[1]


def test_score_lines_print_their_sets_as_the_hand_prints_them() -> None:
    """Seed 3 (dmjl): a pair of the seat wind West is a score line named by the tiles' names."""
    text, _ = game_text("dmjl", "3", hands=2)
    assert re.search(r"^    pair of the seat wind West West +2$", text, re.M)
    assert not re.search(r"^    [a-z ]+ [\[(]?\d+[zf]\b", text, re.M)
