"""Tile and hand notation: round trips (Hypothesis), honour letters, and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import KINDS, MULTI_TILE_KINDS, TILE_KINDS, Action, ActionKind
from engine.errors import InvalidHandError, NotationError
from engine.hand import Hand, Meld, MeldKind
from engine.seats import Position
from engine.tiles import TILES, Tile, Wind, parse_tiles, sorted_tiles, tiles_str

# --- Tiles ------------------------------------------------------------------------


def test_every_tile_round_trips() -> None:
    for t in TILES:
        assert Tile.parse(str(t)) is t
        assert eval(repr(t), {"Tile": Tile}) is t


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("EEE", "111z", id="east-letters"),
        pytest.param("SWN", "234z", id="south-west-north"),
        pytest.param("WhGR", "567z", id="dragons-wh-g-r"),
        pytest.param("BFC", "567z", id="dragons-b-f-c"),
        pytest.param("WWh", "35z", id="west-then-white"),
        pytest.param("1f6f", "16f", id="bonus"),
        pytest.param("19mE1z", "19m11z", id="mixed-digits-and-letters"),
    ],
)
def test_honour_letters(text: str, expected: str) -> None:
    assert tiles_str(parse_tiles(text)) == expected


def test_tile_classes() -> None:
    assert [t for t in TILES if t.is_green] == [Tile.parse(x) for x in ("2s", "3s", "4s", "6s", "8s", "6z")]
    assert sum(t.is_major for t in TILES) == 13
    assert sum(t.is_simple for t in TILES) == 21
    assert [t.bonus_wind for t in TILES[34:]] == [Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH] * 2
    assert Wind.SOUTH.tile == Tile.parse("S")


@given(st.lists(st.sampled_from(TILES), min_size=1, max_size=20))
def test_tile_runs_round_trip(tiles: list[Tile]) -> None:
    assert parse_tiles(tiles_str(tiles)) == tiles


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param("0m", "red fives", id="zero"),
        pytest.param("8z", "z tiles run 1z to 7z", id="honour-8"),
        pytest.param("9f", "f tiles run 1f to 8f", id="bonus-9"),
        pytest.param("123", "need a suit letter", id="no-suit"),
        pytest.param("5S", "need a suit letter", id="uppercase-suit"),
        pytest.param("m", "no digits before it", id="suit-alone"),
        pytest.param("1x", "need a suit letter", id="unknown-letter-after-digits"),
        pytest.param("eee", "honour letters are upper case", id="lowercase-honour"),
        pytest.param("12m#", "'#' at position 4", id="stray-character"),
    ],
)
def test_bad_tiles_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=None) as err:
        parse_tiles(text)
    assert fragment in str(err.value)
    assert isinstance(err.value, ValueError)


def test_wind_parse_errors() -> None:
    with pytest.raises(NotationError, match="not a wind"):
        Wind.parse("X")


# --- Melds and hands ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "concealed"),
    [
        ("[555p]", MeldKind.PONG, False),
        ("[345s]", MeldKind.CHOW, False),
        ("[435s]", MeldKind.CHOW, False),
        ("[5555p]", MeldKind.KONG, False),
        ("(7777s)", MeldKind.KONG, True),
        ("[EEE]", MeldKind.PONG, False),
    ],
)
def test_meld_parse(text: str, kind: MeldKind, concealed: bool) -> None:
    meld = Meld.parse(text)
    assert (meld.kind, meld.concealed) == (kind, concealed)
    assert Meld.parse(str(meld)) == meld


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param("[55p]", "is not a meld", id="pair-in-brackets"),
        pytest.param("[124m]", "is not a meld", id="gapped-run"),
        pytest.param("[123z]", "honours make no chow", id="honour-chow"),
        pytest.param("[891m]", "is not a meld", id="wrapping-run"),
        pytest.param("[789m1p]", "is not a meld", id="run-across-suits"),
        pytest.param("(777s)", "not a concealed kong", id="concealed-pong-in-parens"),
        pytest.param("[1f1f1f]", "bonus tiles", id="bonus-in-meld"),
        pytest.param("[55555p]", "is not a meld", id="five-in-meld"),
    ],
)
def test_bad_melds(text: str, fragment: str) -> None:
    with pytest.raises((NotationError, InvalidHandError)) as err:
        Hand.parse("123m " + text)
    assert fragment in str(err.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param("", "the hand is empty", id="empty"),
        pytest.param("55555m", "holds 5 tiles 5m", id="fifth-copy"),
        pytest.param("555m [5555m]", "holds 7 tiles 5m", id="fifth-copy-across-meld"),
        pytest.param("1f 1f 123m", "each bonus tile exists once", id="two-plums"),
        pytest.param("123m456m789m123p456p", "at most 14", id="fifteen-tiles"),
        pytest.param("123m[555p]", "brackets must enclose a whole part", id="glued-bracket"),
        pytest.param("[555p", "has no closing ']'", id="unclosed-bracket"),
    ],
)
def test_impossible_hands(text: str, fragment: str) -> None:
    with pytest.raises((NotationError, InvalidHandError)) as err:
        Hand.parse(text)
    assert fragment in str(err.value)


def test_hand_parts_in_any_order_are_the_same_hand() -> None:
    a = Hand.parse("1f 234m [555s] (1111p) 99p [678p]")
    b = Hand.parse("[678p] 99p 234m (1111p) [555s] 1f")
    assert a == b
    assert str(a) == "234m99p (1111p) [678p] [555s] 1f"
    assert a.tile_count == 14


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Random valid hands: declared melds, concealed tiles and bonus tiles."""
    counts = [0] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from([MeldKind.CHOW, MeldKind.PONG, MeldKind.KONG]))
        if kind == MeldKind.CHOW:
            suit = draw(st.integers(0, 2))
            tile = suit * 9 + draw(st.integers(0, 6))
        else:
            tile = draw(st.integers(0, 33))
        meld = Meld(kind, TILES[tile], concealed=kind == MeldKind.KONG and draw(st.booleans()))
        if all(counts[t] + meld.tiles.count(t) <= 4 for t in set(meld.tiles)):
            for t in meld.tiles:
                counts[t] += 1
            melds.append(meld)
    room = 14 - 3 * len(melds)
    concealed = []
    for t in draw(st.lists(st.integers(0, 33), min_size=0 if melds else 1, max_size=room)):
        if counts[t] < 4:
            counts[t] += 1
            concealed.append(TILES[t])
    bonus = draw(st.lists(st.sampled_from(TILES[34:]), unique=True, max_size=8))
    return Hand(tuple(concealed), tuple(melds), tuple(bonus))


@given(hands())
def test_hands_round_trip(hand: Hand) -> None:
    text = str(hand)
    assert Hand.parse(text) == hand
    assert str(Hand.parse(text)) == text
    assert eval(repr(hand), {"Hand": Hand}) == hand


@given(hands(), st.randoms())
def test_hand_notation_ignores_part_order(hand: Hand, rnd: object) -> None:
    parts = str(hand).split()
    rnd.shuffle(parts)  # type: ignore[attr-defined]
    assert Hand.parse(" ".join(parts)) == hand


def test_sorted_tiles_is_canonical() -> None:
    assert tiles_str(sorted_tiles(parse_tiles("R1mE9s5p"))) == "1m5p9s17z"


# --- Robust input (issue 9) -------------------------------------------------------------


@pytest.mark.parametrize("digit", ["²", "³", "¹", "①", "٣", "５", "३", "𝟓"])
def test_only_ascii_digits_are_ranks(digit: str) -> None:
    """``str.isdigit`` is true for these, and ``int`` reads some of them: neither may decide."""
    for text in (f"{digit}m", f"1{digit}3m", f"{digit}"):
        with pytest.raises(NotationError) as err:
            parse_tiles(text)
        assert "digits 0-9" in str(err.value) and repr(digit) in str(err.value)
    with pytest.raises(NotationError):
        Tile.parse(f"{digit}p")
    with pytest.raises(NotationError):
        Hand.parse(f"123m [{digit}{digit}{digit}s]")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("#" * 100_000, id="stray-characters"),
        pytest.param("1" * 100_000, id="digits-without-suit"),
        pytest.param("m" + "1" * 100_000, id="suit-first"),
        pytest.param("[" + "1m" * 50_000, id="unclosed-meld"),
        pytest.param("[" + "5p" * 50_000 + "]", id="meld-of-50000"),
        pytest.param("(" + "5p" * 50_000 + ")", id="concealed-kong-of-50000"),
        pytest.param("[" * 100_000 + "]", id="nested-brackets"),
        pytest.param("12m" + "x" * 100_000, id="tail"),
        pytest.param("1m" * 50_000, id="50000-tiles"),
    ],
)
def test_errors_about_huge_hands_are_short(text: str) -> None:
    with pytest.raises((NotationError, InvalidHandError)) as err:
        Hand.parse(text)
    assert len(str(err.value)) < 400


def test_errors_about_huge_tiles_and_winds_are_short() -> None:
    for call in (Tile.parse, Wind.parse, parse_tiles):
        with pytest.raises(NotationError) as err:
            call("x" * 1_000_000)
        assert len(str(err.value)) < 400 and "(1000000 characters)" in str(err.value)


@pytest.mark.parametrize(
    ("seat", "kind", "tile", "fragment"),
    [
        pytest.param(5, ActionKind.DISCARD, TILES[5], "not 5", id="seat-5"),
        pytest.param(-1, ActionKind.PASS, None, "not -1", id="seat-minus-1"),
        pytest.param(4, ActionKind.MAHJONG, None, "not 4", id="seat-4"),
        pytest.param(Position(4), ActionKind.MAHJONG, None, "not Position(4)", id="position-4"),
        pytest.param(0, ActionKind.PASS, None, "a Wind (in a deal) or a Position", id="plain-int-seat"),
        pytest.param(True, ActionKind.PASS, None, "not True", id="seat-bool"),
        pytest.param("E", ActionKind.PASS, None, "not 'E'", id="seat-letter"),
        pytest.param(Wind.EAST, "fly", None, "'fly' is not a move", id="unknown-kind"),
        pytest.param(Wind.EAST, "DISCARD", None, "'DISCARD' is not a move", id="member-name-not-a-word"),
        pytest.param(Wind.EAST, None, None, "None is not a move", id="kind-none"),
        pytest.param(Wind.EAST, ["pass"], None, "['pass'] is not a move", id="kind-unhashable"),
        pytest.param(
            Wind.EAST, ActionKind.DISCARD, None, "a discard names its tile", id="discard-without-tile"
        ),
        pytest.param(Wind.EAST, ActionKind.CHOW, 7, "names its tile", id="chow-int-not-tile"),
        pytest.param(Wind.EAST, ActionKind.PASS, TILES[5], "a pass names no tile", id="pass-with-tile"),
    ],
)
def test_action_refuses_what_no_action_can_be(
    seat: object, kind: object, tile: object, fragment: str
) -> None:
    with pytest.raises(NotationError) as err:
        Action(seat, kind, tile)  # type: ignore[arg-type]
    assert fragment in str(err.value)


@given(
    st.sampled_from(list(Wind)),
    st.sampled_from(KINDS),
    st.sampled_from(TILES),
    st.lists(st.sampled_from(TILES[:34]), min_size=1, max_size=3),
)
def test_every_valid_action_prints_and_reads_back(
    seat: Wind, kind: ActionKind, tile: Tile, several: list[Tile]
) -> None:
    """Even a chow of a tile that starts none (``8z``) prints without error, and reads back;
    so do the one to three tiles of a Gulasch exchange, in any order."""
    if kind in MULTI_TILE_KINDS:
        action = Action(seat, kind, tiles=tuple(several))
        assert list(action.tiles) == sorted(several)
    else:
        action = Action(seat, kind, tile if kind in TILE_KINDS else None)
    assert Action.parse(action.line()) == action
    assert Action.parse(str(action)).kind is kind


def test_action_kinds_are_the_words_of_the_notation() -> None:
    """The values are the log's words (stored logs read back), and a kind still equals its word."""
    assert [k.value for k in ActionKind] == [
        "discard",
        "call",
        "chow",
        "pong",
        "kong",
        "concealed-kong",
        "added-kong",
        "mahjong",
        "pass",
        "riichi",
        "fishing",
        "nine-majors",
        "give",
        "continue",
        "start",
        "swap",
    ]
    assert tuple(ActionKind) == KINDS
    kind = ActionKind("concealed-kong")  # a kind read back from its word
    assert kind == "concealed-kong" and f"{kind}" == "concealed-kong" and kind is ActionKind.CONCEALED_KONG
    assert "discard" in TILE_KINDS and "pass" not in TILE_KINDS


def test_an_action_takes_a_kind_or_its_word_and_keeps_the_member() -> None:
    tile = Tile.parse("5p")
    for kind in ActionKind:
        word = kind.value
        t = tile if kind in TILE_KINDS else None
        ts = (tile, tile) if kind in MULTI_TILE_KINDS else ()
        by_word, by_member = Action(Wind.WEST, word, t, ts), Action(Wind.WEST, kind, t, ts)
        assert by_word == by_member and hash(by_word) == hash(by_member)
        assert by_word.kind is kind and type(by_word.kind) is ActionKind
        assert Action.of(Wind.WEST, word, t, ts) == Action.of(Wind.WEST, kind, t, ts)
        assert (Action.of(Wind.WEST, word, t, ts) is Action.of(Wind.WEST, kind, t, ts)) == (
            not ts
        )  # shared, but for exchanges
        assert Action.of(Wind.WEST, word, t, ts).kind is kind
        assert str(by_word).startswith(f"W {word}") and Action.parse(str(by_word)).kind is kind


@pytest.mark.parametrize(
    "text", ["", "E", "X discard 5p", "E fly", "E pass 5p", "E discard", "E chow 357p", "E discard 55p"]
)
def test_action_parse_errors_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)
    with pytest.raises(NotationError) as err:
        Action.parse(text + "x" * 100_000)
    assert len(str(err.value)) < 400
