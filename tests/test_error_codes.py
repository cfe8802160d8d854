"""Every engine error a person can meet carries a code and values, and the bot words each code in
English and German (issue 28, item 3).

Read from the source (AST): every construction of a :class:`~engine.errors.MahjongError` class
and of a :class:`~engine.errors.Refusal` (``refusal(...)``) in ``engine/`` and in the bot's
storage of house rules names a code, except the few in :data:`UNCODED` (each with its reason); no
judge returns a bare ``(message, private)`` tuple; and each code has an ``en`` and ``de`` text in
the catalogue whose placeholders are among the values every site gives.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import bot.storage.errors  # noqa: F401  (its RecordError is coded too: bot/storage/recorded.py)
import engine.errors
import engine.replay  # its error class, HandInPlayError, is one the walk must know
from bot.i18n import CATALOGUE, engine_error
from engine.actions import KINDS, MULTI_TILE_KINDS, TILE_KINDS, Action
from engine.deal import Deal
from engine.errors import (
    IllegalActionError,
    InvalidHandError,
    MahjongError,
    NotationError,
    Refusal,
    SettingError,
    refusal,
)
from engine.players import SimplePlayer
from engine.tiles import Tile, Wind
from engine.views import Phase

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    *sorted((ROOT / "engine").rglob("*.py")),
    ROOT / "bot" / "storage" / "rules.py",
    ROOT / "bot" / "storage" / "recorded.py",
]


def _error_classes() -> set[str]:
    found: set[str] = set()
    todo: list[type] = [MahjongError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


ERRORS = _error_classes()

UNCODED: dict[tuple[str, str], str] = {
    # (module, enclosing function) -> why no person meets this error in the bot
    ("engine/actions.py", "Action.__init__"): "actions are built by code; the bot builds them from buttons",
    ("engine/actions.py", "Action.line"): "a programming error: a position-seated action has no log line",
    ("engine/actions.py", "Action.parse"): "log lines and `mahjong play` (English at the terminal)",
    ("engine/ai/duel.py", "player_level"): "`mahjong duel` only (English at the terminal)",
    ("engine/ai/duel.py", "movers"): "a programming error: a deal where nobody may move",
    ("engine/ai/player.py", "Evaluator.__init__"): "levels come from the bot's and the cli's own choices",
    ("engine/ai/player.py", "AIPlayer.__init__"): "levels come from the bot's and the cli's own choices",
    ("engine/ai/player.py", "AIPlayer.choose"): "a computer player is asked only when it has a move",
    ("engine/players.py", "SimplePlayer.choose"): "a computer player is asked only when it has a move",
    ("engine/deal.py", "_by_wind"): "a programming error: a deal takes wind-seated actions",
    ("engine/deal_state.py", "arranged_wall"): "arranged deals are written by tests and the bench",
    ("engine/deal_state.py", "arranged_wall.take"): "arranged deals are written by tests and the bench",
    ("engine/errors.py", "Refusal.error"): "passes the refusal's own code on",
    ("engine/errors.py", "refusal"): "passes its caller's code on",
    ("engine/game.py", "_position"): "a programming error: a game takes position-seated actions",
    ("engine/game.py", "Game.__init__"): "the bot and the cli seat as many players as the ruleset takes",
    ("engine/game.py", "Game.rename"): "the bot names every seat",
    ("engine/game.py", "Game.default_action"): "called only for a seat that has something to do",
    ("engine/game.py", "Game.apply"): "a programming error: only 'next' is a move written as text",
    ("engine/game.py", "Game.next_hand"): "the bot offers the next hand only when a hand is over",
    ("engine/wall.py", "Wall.draw_live"): "the deal ends before the wall is empty",
    ("engine/tiles.py", "parse_tile_name"): "`mahjong play` only (English at the terminal)",
    ("engine/wall.py", "Wall.draw_replacement"): "the deal ends before the dead wall is empty",
    ("engine/wall.py", "Wall.turn_up"): "the deal turns an indicator only while one is left",
    ("engine/wall.py", "Wall.take_from_side"): "the Gulasch exchange offers only what the wall has",
    ("engine/replay.py", "FinishedHand.__init__"): "the replay card says it in its own words (bot/replay.py)",
    ("engine/replay.py", "FinishedHand._check"): "the replay card checks the step first (bot/replay.py card)",
    ("engine/replay.py", "FinishedHand._start"): "the replay card says it in its own words (bot/replay.py)",
    ("engine/replay.py", "open_view"): "a programming error: only a finished hand's replay opens the hands",
}
"""Constructions of an engine error without a code, by module and enclosing function, each with
the reason no person meets it (a programming error, or English at the terminal only)."""


@dataclass(frozen=True)
class Site:
    """One place an error or refusal is made: where, its codes (each branch of a choice), the
    values it gives."""

    where: str
    function: str
    codes: frozenset[str] | None
    values: frozenset[str]


def _codes(node: ast.expr | None, scope: ast.AST) -> frozenset[str] | None:
    """The codes a code argument can take (a string, a choice of strings, a sum of them, a name
    assigned so in the same function), or None when it is not written out or may be empty."""
    found = _strings(node, scope)
    return None if found is None or "" in found else found


def _strings(node: ast.expr | None, scope: ast.AST) -> frozenset[str] | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return frozenset({node.value})
    if isinstance(node, ast.IfExp):
        a, b = _strings(node.body, scope), _strings(node.orelse, scope)
        return None if a is None or b is None else a | b
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _strings(node.left, scope), _strings(node.right, scope)
        return None if a is None or b is None else frozenset(x + y for x in a for y in b)
    if isinstance(node, ast.Name):
        for sub in ast.walk(scope):
            if (
                isinstance(sub, ast.Assign)
                and len(sub.targets) == 1
                and isinstance(sub.targets[0], ast.Name)
                and sub.targets[0].id == node.id
            ):
                return _strings(sub.value, scope)
    return None


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _sites() -> Iterator[Site]:
    for path in SOURCES:
        where = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def visit(
            node: ast.AST, names: tuple[str, ...], scope: ast.AST, where: str = where
        ) -> Iterator[Site]:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    inner = child if not isinstance(child, ast.ClassDef) else scope
                    yield from visit(child, (*names, child.name), inner)
                    continue
                if isinstance(child, ast.Call):
                    called = _name(child.func)
                    keywords = {k.arg: k.value for k in child.keywords if k.arg is not None}
                    code_node: ast.expr | None = None
                    if called in ERRORS or called == "refusal":
                        code_node = child.args[1] if len(child.args) > 1 else keywords.get("code")
                    elif called == "Refusal":
                        code_node = child.args[2] if len(child.args) > 2 else keywords.get("code")
                    else:
                        yield from visit(child, names, scope)
                        continue
                    values = frozenset(k for k in keywords if k not in ("code", "private"))
                    yield Site(where, ".".join(names), _codes(code_node, scope), values)
                yield from visit(child, names, scope)

        yield from visit(tree, (), tree)


SITES = list(_sites())


def test_the_walk_finds_the_sites() -> None:
    """The walk sees what it should (so the tests below cannot pass by finding nothing)."""
    assert len(SITES) > 150
    assert any(s.codes == {"one_tile_missing", "tiles_missing"} for s in SITES)
    assert any(s.codes == {"no_tile_to_discard"} and "tile" in s.values for s in SITES)


def test_every_error_a_person_can_meet_has_a_code() -> None:
    missing = [
        f"{s.where} {s.function}" for s in SITES if s.codes is None and (s.where, s.function) not in UNCODED
    ]
    assert not missing, "engine errors without a code (give one, or allow-list with a reason):\n" + "\n".join(
        missing
    )


def test_the_allow_list_names_only_uncoded_sites() -> None:
    uncoded = {(s.where, s.function) for s in SITES if s.codes is None}
    stale = sorted(set(UNCODED) - uncoded)
    assert not stale, f"allow-listed but coded or gone: {stale}"


def test_no_judge_returns_a_bare_tuple() -> None:
    """A judge's reason is a Refusal (code, values, private), never ``(message, private)``."""
    bare = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or fn.returns is None:
                continue
            if "Reason" not in ast.unparse(fn.returns) and "Refusal" not in ast.unparse(fn.returns):
                continue
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Tuple):
                    bare.append(f"{path.relative_to(ROOT)}:{sub.lineno}")
                if (
                    isinstance(sub, ast.BoolOp)
                    and isinstance(sub.op, ast.Or)
                    and any(isinstance(v, ast.Tuple) for v in sub.values)
                ):
                    bare.append(f"{path.relative_to(ROOT)}:{sub.lineno}")
    assert not bare


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _key(code: str) -> str | None:
    for key in (f"err_{code}", f"hand_{code}"):
        if key in CATALOGUE:
            return key
    return None


def test_every_code_has_english_and_german_with_its_values() -> None:
    problems = []
    for site in SITES:
        for code in sorted(site.codes or ()):
            key = _key(code)
            if key is None:
                problems.append(f"{site.where} {site.function}: no err_{code} in the catalogue")
                continue
            for lang, template in zip(("en", "de"), CATALOGUE[key], strict=True):
                if not template.strip():
                    problems.append(f"{key} ({lang}) is empty")
                extra = _fields(template) - site.values
                if extra:
                    given = sorted(site.values)
                    problems.append(f"{key} ({lang}) uses {sorted(extra)}; {site.where} gives {given}")
    assert not problems, "\n".join(problems)


def test_the_catalogue_has_no_error_text_no_code_uses() -> None:
    used = {code for s in SITES for code in s.codes or ()}
    unused = sorted(k for k in CATALOGUE if k.startswith("err_") and k.removeprefix("err_") not in used)
    assert not unused


def test_code_and_values_survive_the_error() -> None:
    err = SettingError("bad", "unknown_ruleset", text="xyz", rulesets="dmjl")
    assert (str(err), err.code, err.values) == ("bad", "unknown_ruleset", {"text": "xyz", "rulesets": "dmjl"})
    private = refusal("West holds no 5p", "no_tile_to_discard", private=True, wind=2, tile="5p").error()
    assert isinstance(private, IllegalActionError)
    assert (private.code, private.private, private.values["tile"]) == ("no_tile_to_discard", True, "5p")
    assert private.public_message == "that move is not possible now"
    assert Refusal("x").code == "" and engine.errors.MahjongError("x").code == ""


@pytest.mark.parametrize(
    ("error", "de"),
    [
        pytest.param(
            NotationError("x", "digits_no_suit", text="777", digits_text="777"),
            "`777`",
            id="typed-text-as-typed",
        ),
        pytest.param(InvalidHandError("x", "fifth_tile", count=5, tile="5p"), "Kreis-5", id="tile-by-name"),
        pytest.param(IllegalActionError("x", "not_your_turn", turn_wind=0, wind=1), "Ost", id="wind-by-name"),
    ],
)
def test_engine_error_words_values_for_a_person(error: MahjongError, de: str) -> None:
    worded = engine_error(error, "de")
    assert de in worded
    assert worded != str(error)
    assert "'" not in worded.replace("'s ", "")  # no repr quotes


def test_an_uncoded_error_falls_back_to_its_message() -> None:
    assert engine_error(MahjongError("plain words"), "de") == "plain words"


def _tries(deal: Deal, wind: Wind) -> Iterator[Action]:
    """Moves of every kind for ``wind``, with tiles it holds and one it may not."""
    held = sorted({Tile(t) for t in range(34) if deal.seats[wind].counts[t]})
    for kind in KINDS:
        for tile in (*held[:3], Tile.parse("9s")):
            if kind in MULTI_TILE_KINDS:
                yield Action.of(wind, kind, tiles=(tile,))
            elif kind in TILE_KINDS:
                yield Action.of(wind, kind, tile)
            else:
                yield Action.of(wind, kind)
                break


@pytest.mark.parametrize(
    ("ruleset", "settings"),
    [
        ("dmjl", {}),
        ("wikibooks", {"riichi": True}),
        ("rumisberg", {}),
        ("jiangxi", {}),
        ("huabao", {}),
    ],
)
def test_every_refusal_met_in_play_is_worded_in_both_languages(
    ruleset: str, settings: dict[str, object]
) -> None:
    """A hand played by the baseline player; at each step every seat tries moves of every kind:
    each refusal has a code whose text fills in with its values, in English and German."""
    deal = Deal(ruleset, settings, seed=7)
    met: set[str] = set()
    for _ in range(40):
        if deal.phase == Phase.OVER:
            break
        for wind in deal.in_play:
            for action in _tries(deal, Wind(wind)):
                refused = deal.check(action)
                if refused is None:
                    continue
                assert refused.code, refused.message
                met.add(refused.code)
                for lang in ("en", "de"):
                    worded = engine_error(refused.error(), lang)  # type: ignore[arg-type]
                    assert worded != refused.message and "{" not in worded, worded
        movers = [w for w in deal.in_play if deal.legal_actions(w)]
        wind = movers[0]
        deal.apply(SimplePlayer().choose(deal.view(wind)).by(Wind(wind)))
    assert len(met) >= 5, met


def test_a_refusal_names_the_winds_in_german() -> None:
    deal = Deal("dmjl", seed=3)
    refused = deal.check(Action.parse("S pong"))
    assert refused is not None and refused.code == "not_your_turn"
    assert engine_error(refused.error(), "de") == "Ost ist am Zug, nicht Süd: warte, bis du dran bist."
