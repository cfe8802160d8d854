"""The scorer: every arrangement of a hand, valued by a ruleset's table; the
best one for the player wins (A-CORE-11).

>>> from engine.hand import Hand
>>> from engine.rulesets import DMJL
>>> result = score(
...     Hand.parse("234m 777z [555s] [678p] 99p"),
...     WinContext.make(seat="S", prevailing="E", win="9p", self_drawn=True),
...     DMJL,
... )
>>> result.won, result.points, result.doubles, result.total
(True, 38, 1, 76)
>>> [line.name for line in result.items][:3]
['exposed pong of simples [555s]', 'concealed pong of major tiles 777z', 'Mah-Jongg']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine.errors import InvalidHandError, RulesetHandError
from engine.hand import Hand, Meld, MeldKind
from engine.scoring.context import WinContext
from engine.scoring.facts import ArrangedGroup, Facts, HandSummary, SetT, hand_groups
from engine.scoring.tables import Item, Plan, Table
from engine.settings import Settings
from engine.shapes import is_thirteen_orphans, seven_pairs, standard_arrangements, waits
from engine.tiles import N_KINDS, TILES, Tile, tiles_str

if TYPE_CHECKING:
    from engine.rulesets import Ruleset

CHOW, PONG, KONG = MeldKind.CHOW, MeldKind.PONG, MeldKind.KONG


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score sheet: what was found and what it is worth.

    ``name`` is in English: the item's name, then ``detail`` if there is one.
    ``code`` is the item's code in RULES.md, by which
    :func:`engine.scoring.names.line_name` names the line in German.
    """

    name: str
    points: int = 0
    doubles: int = 0
    code: str = ""
    detail: str = ""
    """The set, pair or tile the item found, in notation (``[555s]``, ``99p``, ``2f``), or ``""``."""


@dataclass(frozen=True, slots=True)
class Score:
    """The value of one hand under one ruleset.

    ``points`` is the base before doubling, ``total`` the value paid (capped at
    the limit), ``uncapped`` the value before the cap; ``limit`` is true only
    for a limit hand. ``points`` is the sum of the lines' points and
    ``doubles`` the sum of their doubles.

    A score from :func:`score` builds its ``groups`` when they are first read
    (most scores, like the computer players' estimates, are never drawn); they
    are the same groups, and equality, hashing, ``repr`` and pickling see them.

    >>> from engine.hand import Hand
    >>> from engine.rulesets import DMJL
    >>> s = score(Hand.parse("123m 456m 789m [555z] 11p"), WinContext.make(win="1p"), DMJL)
    >>> [str(g) for g in s.groups], [g.winning for g in s.groups][-1]
    (['[555z]', '123m', '456m', '789m', '11p'], True)
    """

    ruleset: str
    won: bool
    points: int
    doubles: int
    limit: bool
    total: int
    uncapped: int
    items: tuple[ScoreLine, ...]
    arrangement: str
    win_place: str = ""
    reason: str = ""
    groups: tuple[ArrangedGroup, ...] = ()
    """The arrangement as typed groups: the sets, the pair, tiles in no set, the bonus tiles last."""
    pays: tuple[tuple[str, int], ...] | None = None
    """What each losing seat pays the winner for this hand alone (RULES.md §1.14.1), as
    ``(seat letter, amount)`` in seat order (``dict(score.pays)`` for a map), set by
    :func:`engine.scoring.report.score_request`; ``()`` for a hand that does not win, None
    where it is not known (the scorer alone, or a discard win under ``discarder_pays_all``
    without the discarder)."""
    fan: int | None = None
    """The hand's fan where the ruleset counts fan (``Table.unit == "fan"``, jiangxi): its
    ``total`` (RULES.md §1.14.1: the items added, doubled for four Fa), before the dealer's
    doubling, which is in ``pays``; None where it counts points."""
    fixed: bool = False
    """The hand is paid a fixed value instead of its count (an item with ``Item.fixed``, like
    rumisberg's club hand): ``total`` is that value, which payments neither round nor cap."""
    _build_groups: Callable[[], tuple[ArrangedGroup, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """What builds ``groups`` on first reading (see :func:`_groups_later`); None once built."""

    if not TYPE_CHECKING:  # type checkers see the field ``groups``; this runs only while its slot is empty

        def __getattr__(self, name: str) -> object:
            if name != "groups":
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            build = self._build_groups
            if build is None:  # another thread built them meanwhile
                return object.__getattribute__(self, "groups")
            groups = build()
            object.__setattr__(self, "groups", groups)
            object.__setattr__(self, "_build_groups", None)
            return groups

    def to_json(self) -> dict[str, Any]:
        """The result as the JSON object of ``mahjong score --json``."""
        out: dict[str, Any] = {
            "won": self.won,
            "points": self.points,
            "doubles": self.doubles,
            "limit": self.limit,
            "total": self.total,
            "uncapped": self.uncapped,
            "items": [{"name": i.name, "points": i.points, "doubles": i.doubles} for i in self.items],
            "arrangement": self.arrangement,
        }
        if self.reason:
            out["reason"] = self.reason
        if self.fan is not None:
            out["fan"] = self.fan
        out["pays"] = None if self.pays is None else dict(self.pays)
        return out


def _groups_later(result: Score, build: Callable[[], tuple[ArrangedGroup, ...]]) -> Score:
    """``result`` with its ``groups`` left to ``build`` when they are first read.

    Building the typed groups of every scored hand cost a sixth of the scorer's
    time; a game reads them only for the score sheet.
    """
    object.__setattr__(result, "_build_groups", build)
    object.__delattr__(result, "groups")  # an empty slot: reading it calls Score.__getattr__
    return result


def score(
    hand: Hand,
    ctx: WinContext | None,
    ruleset: Ruleset,
    settings: Settings | Mapping[str, object] | None = None,
) -> Score:
    """Score ``hand`` under ``ruleset``: a winning hand if it has 14 tiles (a kong counting 3),
    else a losing hand (``ctx`` None: :class:`WinContext`'s defaults).

    ``ruleset`` is the :class:`Ruleset` object itself, registered or not (one made with
    :meth:`Ruleset.derive` is scored as it is); a name is looked up at the edges
    (:func:`engine.rulesets.get_ruleset`). ``settings`` is a full :class:`Settings`, or a
    mapping of house-rule overrides applied to the ruleset's defaults.

    :raises SettingError: for an unknown setting or settings the ruleset cannot be played with.
    :raises InvalidHandError: for a winning tile that is not in the hand, or a
        winning tile or flags given for a hand of fewer than 14 tiles; a
        :class:`RulesetHandError` for a tile the ruleset's set lacks.
    """
    rs = ruleset
    st = settings if isinstance(settings, Settings) else rs.settings(settings)
    table = rs.table_for(st)
    ctx = ctx or WinContext()
    odd_set = rs.lucky or not rs.winds
    if odd_set or (hand.bonus and (not st.bonus_tiles or any(not t.is_bonus for t in hand.bonus))):
        _check_tiles(hand, rs, st)
    if hand.tile_count == 14:
        return _score_winner(hand, ctx, table)
    if ctx.win_tile is not None or ctx.self_drawn or ctx.flags:
        missing = 14 - hand.tile_count
        gap = "one tile is missing" if missing == 1 else f"{missing} tiles are missing"
        raise InvalidHandError(
            f"the hand has {hand.tile_count} tiles: {gap}, a winning hand has 14 (a kong counting "
            "as 3); add the winning tile to the hand, or drop the winning tile, self-draw and flags "
            "to score it as a losing hand",
            "one_tile_missing" if missing == 1 else "tiles_missing",
            count=hand.tile_count,
            missing=missing,
        )
    return _score_loser(hand, ctx, table, "")


def _check_tiles(hand: Hand, rs: Ruleset, st: Settings) -> None:
    """Refuse what ``rs`` under ``st`` cannot have: tiles its set lacks (huabao's 136 tiles have
    no flowers, jiangxi's 120 no winds either) and tiles laid out (``{6z}``) that it does not
    lay out or that it lays out but the hand keeps (RULES.md §1.5: jiangxi's Fa). A claimed chow
    where none may be claimed is refused by :func:`check_claims` (a request's hand; the computer
    players probe the scorer with chows written exposed).

    :raises RulesetHandError: saying which tile or set, why, and what would be accepted.
    """
    held = [*hand.concealed, *(t for m in hand.melds for t in m.tiles)]
    bonus_in_set = st.bonus_tiles and rs.winds  # as Ruleset.tile_ids: 144, 136 or 120 tiles
    for t in (*held, *hand.bonus):
        if (t.is_wind and not rs.winds) or (t.is_bonus and not bonus_in_set):
            raise _not_in_set(t, rs, st, rs.tile_count(st))
    lucky = set(rs.lucky)
    for t in hand.bonus:
        if not t.is_bonus and t not in lucky:
            laid = " ".join(str(TILES[k]) for k in sorted(lucky))
            raise RulesetHandError(
                f"{t} is laid out beside the hand, but {rs.name} lays out {laid or 'no playing tile'}",
                "not_laid_out" if laid else "none_laid_out",
                ruleset=rs.name,
                tile=str(t),
                laid_tiles=laid,
            )
    for t in held:
        if t in lucky:
            raise RulesetHandError(
                f"in {rs.name} a {t} is laid out when drawn and replaced (RULES.md §1.5), never "
                f"kept in the hand: write it in braces, like {{{t}}}",
                "lucky_held",
                ruleset=rs.name,
                tile=str(t),
                braces_text=f"{{{t}}}",
            )


def check_claims(hand: Hand, rs: Ruleset) -> None:
    """Refuse a claimed chow in ``hand`` where ``rs`` has no chow claims (jiangxi, seed 004 §3
    "不可以吃"): a hand a player cannot have, in a scoring request.

    :raises RulesetHandError: naming the chow and how to write a run of drawn tiles.
    """
    if rs.chows:
        return
    for m in hand.melds:
        if m.kind == CHOW and not m.concealed:
            raise RulesetHandError(
                f"{m} is a claimed chow, but in {rs.name} no chow may be claimed (seed 004 §3: "
                f"不可以吃); a run of drawn tiles is written without brackets, like "
                f"{tiles_str(m.tiles)}, and one the winning discard completes with --win",
                "claimed_chow",
                ruleset=rs.name,
                meld_text=str(m),
                run_text=tiles_str(m.tiles),
            )


def _not_in_set(t: Tile, rs: Ruleset, st: Settings, size: int) -> RulesetHandError:
    """The error for a tile ``t`` that ``rs``'s set of ``size`` tiles lacks under ``st``: what
    the set lacks, and the setting that adds the flowers and seasons where one does."""
    lacks = "winds, flowers or seasons" if not rs.winds else "flowers or seasons"
    adds = rs.winds and t.is_bonus and "bonus_tiles" in rs.setting_names
    how = "; the setting bonus_tiles=true adds the flowers and seasons" if adds else ""
    code = "no_winds_bonus" if not rs.winds else "no_bonus_adds" if adds else "no_bonus"
    return RulesetHandError(
        f"{rs.name} is played with {size} tiles, without {lacks}: there is no {t}{how}",
        code,
        ruleset=rs.name,
        tile=str(t),
        size=size,
    )


# --- Winners ---------------------------------------------------------------------


def _summarise(hand: Hand, ctx: WinContext) -> tuple[list[int], tuple[SetT, ...], HandSummary]:
    """The concealed counts, the declared sets and the hand's summary: what every candidate shares."""
    concealed = [0] * N_KINDS
    for t in hand.concealed:
        concealed[t] += 1
    declared: tuple[SetT, ...] = tuple((m.kind, m.tile, m.concealed) for m in hand.melds)
    counts = list(hand.kind_counts[:N_KINDS])
    for t in hand.bonus:
        if t < N_KINDS:  # a playing tile laid out (jiangxi's Fa) is in no set and no suit
            counts[t] -= 1
    return concealed, declared, HandSummary(ctx, counts, hand.bonus, declared)


def _score_winner(hand: Hand, ctx: WinContext, table: Table, *, only_matters: bool = True) -> Score:
    """Score a hand of 14 tiles; ``only_matters`` False: without looking at whether the winning
    tile was the only possible one (for the other candidates of :func:`_allowed_waits`)."""
    concealed, declared, summary = _summarise(hand, ctx)
    all_counts = summary.counts
    w = ctx.win_tile
    meld_places: list[int] = []
    if w is not None:
        meld_places = [
            i for i, m in enumerate(hand.melds) if not m.concealed and m.kind != KONG and w in m.tiles
        ]
        if not concealed[w] and not meld_places:
            if any(w in m.tiles for m in hand.melds):
                raise InvalidHandError(
                    f"the winning tile {w} is only in a kong; a kong is never completed by the "
                    "winning tile (the player draws a replacement after it)",
                    "win_in_kong",
                    tile=str(w),
                )
            raise InvalidHandError(
                f"the winning tile {w} is not in the hand {hand}", "win_not_in_hand", tile=str(w)
            )
        if ctx.self_drawn:
            if not concealed[w]:
                raise InvalidHandError(
                    f"the winning tile {w} was self-drawn, so it must be among the concealed tiles, "
                    "not inside an exposed meld",
                    "self_drawn_in_meld",
                    tile=str(w),
                )
            meld_places = []

    candidates: list[Facts] = []
    only: dict[int, bool] = {}  # only-possible verdict by where the winning tile came from

    def only_possible(source: int) -> bool:
        if w is None or not table.only_possible_matters or not only_matters:
            return False
        got = only.get(source)
        if got is None:
            before = concealed[:]
            held = all_counts[:N_KINDS]
            held[w] -= 1
            no_melds = not hand.melds
            if source < 0:
                before[w] -= 1
            else:
                for t in hand.melds[source].tiles:
                    before[t] += 1
                before[w] -= 1
                no_melds = len(hand.melds) == 1
            ws = waits(
                before,
                held=held,
                thirteen_orphans=table.thirteen_orphans and no_melds,
                seven_pairs_ok=table.seven_pairs and no_melds,
                quad_as_two_pairs=table.quad_as_two_pairs,
                stop_after=2,
            )
            if len(ws) > 1 and table.constrained:
                # Only tiles that make a hand the ruleset allows are possible (A-CORE-12): in
                # rumisberg a tile that would only make a second chow is none.
                melds = tuple(m for i, m in enumerate(hand.melds) if i != source)
                ws = _allowed_waits(before, held, no_melds, melds, hand.bonus, ctx, w, table)
            got = only[source] = len(ws) == 1
        return got

    n_declared = len(declared)
    for pair, arranged in standard_arrangements(concealed):
        base = list(declared) + [(kind, tile, True) for kind, tile in arranged]
        if w is None:
            candidates.append(Facts(summary, winner=True, shape="standard", sets=base, pair=pair))
            continue
        if concealed[w]:
            seen: set[tuple[int, int]] = set()
            if pair == w:
                candidates.append(
                    Facts(
                        summary,
                        winner=True,
                        shape="standard",
                        sets=base,
                        pair=pair,
                        win_in=-1,
                        only_possible=only_possible(-1),
                    )
                )
            for j, (kind, tile) in enumerate(arranged):
                if (kind, tile) in seen or not (tile == w or (kind == CHOW and tile <= w <= tile + 2)):
                    continue
                seen.add((kind, tile))
                sets = base[:]
                sets[n_declared + j] = (kind, tile, ctx.self_drawn)
                candidates.append(
                    Facts(
                        summary,
                        winner=True,
                        shape="standard",
                        sets=sets,
                        pair=pair,
                        win_in=n_declared + j,
                        only_possible=only_possible(-1),
                    )
                )
        for i in meld_places:
            candidates.append(
                Facts(
                    summary,
                    winner=True,
                    shape="standard",
                    sets=base,
                    pair=pair,
                    win_in=i,
                    only_possible=only_possible(i),
                )
            )
    if not hand.melds:
        if table.thirteen_orphans and is_thirteen_orphans(concealed):
            candidates.append(
                Facts(
                    summary, winner=True, shape="thirteen_orphans", sets=[], only_possible=only_possible(-1)
                )
            )
        if table.seven_pairs:
            pairs = seven_pairs(concealed, quad_as_two_pairs=table.quad_as_two_pairs)
            if pairs is not None:
                candidates.append(
                    Facts(
                        summary,
                        winner=True,
                        shape="seven_pairs",
                        sets=[],
                        pairs=pairs,
                        only_possible=only_possible(-1),
                    )
                )
    if not candidates:
        # A 14-tile hand that is no Mah-Jongg is worth nothing: a false Mah-Jongg
        # scores nothing (A-CORE-17) and a hand with too many tiles is dead (§1.12.3).
        why = _why_not(hand, concealed, table)
        result = Score(table.ruleset, False, 0, 0, False, 0, 0, (), str(hand), "", why, fan=_fan(table, 0))
        return _groups_later(result, lambda: hand_groups(hand))

    plan = table.winner_plan
    part = _hand_part(candidates[0], plan)
    best: tuple[bool, int, int] | None = None
    best_eval: _Eval | None = None
    refused = ""
    for f in candidates:
        ev = _evaluate(f, table, plan, part)
        if table.constrained and not (ev.is_limit or ev.fixed):
            why = _short_of(ev, table)
            if why:
                refused = refused or why
                continue
        # a value that is never counted (a fixed item without or_better) is the hand's value in
        # whichever arrangement shows it: another arrangement's count or limit does not beat it
        never_counted = ev.fixed and ev.fixed_item is not None and not ev.fixed_item.or_better
        key = (never_counted, ev.total, ev.uncapped)
        if best is None or key > best:
            best, best_eval = key, ev
    if best_eval is None:
        result = Score(
            table.ruleset, False, 0, 0, False, 0, 0, (), str(hand), "", refused, fan=_fan(table, 0)
        )
        return _groups_later(result, lambda: hand_groups(hand))
    return best_eval.to_score(table, won=True)


def _allowed_waits(
    before: list[int],
    held: list[int],
    no_melds: bool,
    melds: tuple[Meld, ...],
    bonus: tuple[Tile, ...],
    ctx: WinContext,
    w: Tile,
    table: Table,
) -> list[Tile]:
    """The tile kinds that complete the hand before the winning tile (concealed ``before`` with
    ``melds``) into a hand ``table`` lets win (its chows, suit pungs, flush, minimum; special
    hands included), up to two: the winning tile ``w`` itself and the first other one."""
    found: list[Tile] = []
    for other in waits(
        before,
        held=held,
        thirteen_orphans=table.thirteen_orphans and no_melds,
        seven_pairs_ok=table.seven_pairs and no_melds,
        quad_as_two_pairs=table.quad_as_two_pairs,
    ):
        if other != w:
            tiles = (*(TILES[k] for k in range(N_KINDS) for _ in range(before[k])), other)
            alternative = Hand(tiles, melds, bonus)
            if not _score_winner(alternative, replace(ctx, win_tile=other), table, only_matters=False).won:
                continue
        found.append(other)
        if len(found) > 1:
            break
    return found


def _short_of(ev: _Eval, table: Table) -> str:
    """Why the arrangement ``ev`` does not win under ``table``'s conditions, or ``""``."""
    f = ev.facts
    if f.shape == "standard":
        chows = sum(1 for kind, _, _ in f.sets if kind == CHOW)
        if chows > table.max_chows:
            most = "no chow" if table.max_chows == 0 else f"at most {table.max_chows} chow"
            return f"a winning hand holds {most}{'s' if table.max_chows > 1 else ''} in {table.ruleset}"
        suit_pungs = sum(1 for kind, tile, _ in f.sets if kind != CHOW and tile < 27)
        if suit_pungs < table.min_suit_pungs:
            return (
                f"a winning hand needs at least {table.min_suit_pungs} pung or kong of suit tiles "
                f"in {table.ruleset}"
            )
    if table.require_flush:
        counts = f.summary.counts
        suits = sum(1 for s in range(3) if any(counts[9 * s : 9 * s + 9]))
        if suits > 1:
            return f"a winning hand is of one suit (honours allowed) in {table.ruleset}"
    if ev.points < table.min_points:
        unit = "fan" if table.unit == "fan" else "points"
        return f"a winning hand needs at least {table.min_points} {unit} in {table.ruleset}, not {ev.points}"
    if table.min_doubles and minimum_doubles(ev.matched) < table.min_doubles:
        need = table.min_doubles
        return (
            f"a winning hand needs at least {need} double{'s' if need > 1 else ''} besides those of "
            f"bonus tiles and dora in {table.ruleset} (Ii Fan Shibari, setting min_doubles)"
        )
    return ""


def minimum_doubles(matched: Sequence[tuple[int, Item, tuple[str, ...]]]) -> int:
    """The doubles of the ``matched`` items that count toward a minimum of doubles (Ii Fan
    Shibari, RULES.md §2.3.8): every double but those of items marked ``no_minimum`` (bonus
    tiles, dora). The one reckoning of the rule: the table offers Mah-Jongg only for a hand the
    scorer lets win, so the deal and ``mahjong score`` / ``/score`` cannot disagree."""
    return sum(item.doubles * len(m) for _, item, m in matched if not item.no_minimum)


def _why_not(hand: Hand, concealed: list[int], table: Table) -> str:
    name = table.ruleset
    if not hand.melds:
        if is_thirteen_orphans(concealed) and not table.thirteen_orphans:
            return f"thirteen orphans is not a winning hand in {name}"
        if seven_pairs(concealed, quad_as_two_pairs=True) is not None and not table.seven_pairs:
            return f"seven pairs is not a winning hand in {name} (setting seven_pairs)"
    shapes = ["four sets and a pair"]
    if table.thirteen_orphans:
        shapes.append("thirteen orphans")
    if table.seven_pairs:
        shapes.append("seven pairs")
    return f"the 14 tiles do not form {' or '.join(shapes)}"


# --- Losers ----------------------------------------------------------------------


def _score_loser(hand: Hand, ctx: WinContext, table: Table, reason: str) -> Score:
    concealed, declared, summary = _summarise(hand, ctx)
    sets = list(declared) + [(PONG, t, True) for t in range(N_KINDS) if concealed[t] >= 3]
    held = [t for t in range(N_KINDS) if concealed[t] == 2]
    held.sort(key=lambda t: -t)  # honours first: only honour pairs score
    most = table.loser_max_pairs
    candidates: list[tuple[int, tuple[int, ...]]] = [(-1, ())]
    if most:  # each pair in turn as "the" pair (doubles look at it), the others counted beside it
        candidates += [(p, tuple(t for t in held if t != p)[: most - 1]) for p in held]
    plan = table.loser_plan
    part: _Eval | None = None
    best_eval: _Eval | None = None
    for pair, extra in candidates:
        f = Facts(summary, winner=False, shape="partial", sets=sets, pair=pair, extra_pairs=extra)
        if part is None:
            part = _hand_part(f, plan)
        ev = _evaluate(f, table, plan, part)
        # ties on the value paid go to the unrounded points, so a pair whose points the
        # rounding swallows (18 and 20 both round to 20) still shows on the sheet
        if best_eval is None or (ev.total, ev.uncapped, ev.points) > (
            best_eval.total,
            best_eval.uncapped,
            best_eval.points,
        ):
            best_eval = ev
    assert best_eval is not None
    rest = concealed[:]
    for _, tile, _ in sets[len(declared) :]:
        rest[tile] -= 3
    for t in (best_eval.facts.pair, *best_eval.facts.extra_pairs):
        if t >= 0:
            rest[t] -= 2
    if not reason:
        counted = "one pair" if most == 1 else "its pairs" if most else "no pair"
        reason = (
            f"a losing hand of {hand.tile_count} tile{'s' if hand.tile_count != 1 else ''}: "
            f"scored with its sets, {counted} "
            "and the doubles for all hands"
        )
    leftover = [t for t in range(N_KINDS) for _ in range(rest[t])]
    return best_eval.to_score(table, won=False, reason=reason, leftover=leftover)


# --- Evaluation ------------------------------------------------------------------


class _Eval:
    """The value of one candidate (or, for ``_hand_part``, of the per-hand items)."""

    __slots__ = (
        "bonus",
        "doubles",
        "facts",
        "figure",
        "fixed",
        "fixed_item",
        "is_limit",
        "matched",
        "mj",
        "points",
        "share",
        "share_item",
        "total",
        "uncapped",
    )

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        self.matched: list[tuple[int, Item, tuple[str, ...]]] = []
        self.points = 0
        self.figure = 0
        self.bonus = 0
        self.mj = 0
        self.doubles = 0
        self.share = 0.0
        self.share_item: Item | None = None
        self.uncapped = 0
        self.total = 0
        self.is_limit = False
        self.fixed_item: Item | None = None
        self.fixed = False

    def add(self, index: int, item: Item, m: tuple[str, ...]) -> None:
        """Record that ``item`` matched ``m``."""
        self.matched.append((index, item, m))
        if item.points:
            gained = item.points * len(m)
            self.points += gained
            if item.figure:
                self.figure += gained
                if item.bonus_tile:
                    self.bonus += gained
            if item.mj_bonus:
                self.mj += gained
        self.doubles += item.doubles * len(m)
        if item.limit > self.share:
            self.share = item.limit
            self.share_item = item
        if item.fixed and (self.fixed_item is None or item.fixed > self.fixed_item.fixed):
            self.fixed_item = item

    def to_score(self, table: Table, *, won: bool, reason: str = "", leftover: Sequence[int] = ()) -> Score:
        """The score sheet of this candidate (``leftover``: a losing hand's tiles in no set)."""
        f = self.facts
        arrangement = f.describe()
        if leftover:
            arrangement = f"{arrangement} {tiles_str(leftover)}".strip()
        self.matched.sort(key=lambda entry: entry[0])
        if self.is_limit:
            lines = [
                ScoreLine(item.name, self.total if item is self.share_item else 0, 0, item.code)
                for _, item, _ in self.matched
                if item.limit
            ]
            lines.sort(key=lambda line: -line.points)
            result = Score(
                table.ruleset,
                won,
                self.total,
                0,
                True,
                self.total,
                self.total,
                tuple(lines),
                arrangement,
                f.win_place(),
                reason,
                fan=_fan(table, self.total),
            )
            return _groups_later(result, lambda: f.arranged_groups(leftover))
        if self.fixed and self.fixed_item is not None:
            item = self.fixed_item
            result = Score(
                table.ruleset,
                won,
                self.total,
                0,
                False,
                self.total,
                self.total,
                (ScoreLine(item.name, self.total, 0, item.code),),
                arrangement,
                f.win_place(),
                reason,
                fixed=True,
                fan=_fan(table, self.total),
            )
            return _groups_later(result, lambda: f.arranged_groups(leftover))
        lines = []
        for _, item, details in self.matched:
            if item.limit or item.fixed:
                continue
            for detail in details:
                name = f"{item.name} {detail}" if detail else item.name
                lines.append(ScoreLine(name, item.points, item.doubles, item.code, detail))
        result = Score(
            table.ruleset,
            won,
            self.points,
            self.doubles,
            False,
            self.total,
            self.uncapped,
            tuple(lines),
            arrangement,
            f.win_place(),
            reason,
            fan=_fan(table, self.total),
        )
        return _groups_later(result, lambda: f.arranged_groups(leftover))


def _fan(table: Table, total: int) -> int | None:
    """``Score.fan``: the total where ``table`` counts fan, else None."""
    return total if table.unit == "fan" else None


def _hand_part(f: Facts, plan: Plan) -> _Eval:
    """Match the items that depend only on the hand and context, once per hand."""
    part = _Eval(f)
    features = f.summary.features
    for index, item, needs in plan.per_hand:
        if needs & ~features or ((item.limit or item.fixed) and not f.winner):
            continue
        m = item.pattern.match(f)
        if m:
            part.add(index, item, m)
    return part


def _match_into(ev: _Eval, entries: tuple[tuple[int, Item, int], ...], f: Facts) -> None:
    """Match ``entries`` of a plan against candidate ``f``, skipping items whose features are absent."""
    features = f.features
    for index, item, needs in entries:
        if needs & ~features:
            continue
        m = item.pattern.match(f)
        if m:
            ev.add(index, item, m)


def _evaluate(f: Facts, table: Table, plan: Plan, part: _Eval) -> _Eval:
    """The value of candidate ``f``, given the per-hand ``part``."""
    ev = _Eval(f)
    ev.matched = part.matched[:]
    ev.points, ev.figure, ev.mj, ev.doubles = part.points, part.figure, part.mj, part.doubles
    ev.bonus = part.bonus
    ev.share, ev.share_item = part.share, part.share_item
    _match_into(ev, plan.points, f)
    f.figure_points = ev.figure  # the zero-point hand (a double) reads the points
    f.set_pair_points = ev.figure - ev.bonus
    f.points_except_mj = ev.points - ev.mj
    _match_into(ev, plan.doubles, f)
    if f.winner:
        _match_into(ev, plan.limits, f)
    base = ev.points
    if table.round_up_to > 1:
        base = -(-base // table.round_up_to) * table.round_up_to
    ev.uncapped = (base << ev.doubles) * table.scale
    if table.limit is not None and (f.winner or table.limit_applies_to_losers):
        ev.total = min(ev.uncapped, table.limit)
    else:
        ev.total = ev.uncapped
    if ev.share_item is not None and table.limit is not None:
        value = int(table.limit * ev.share)
        if not ev.share_item.or_better or value >= ev.total:
            ev.is_limit = True
            ev.total = ev.uncapped = value
    if ev.fixed_item is not None and not (ev.is_limit and ev.fixed_item.or_better):
        # never counted (no or_better): the fixed value even where a limit hand matches too
        value = ev.fixed_item.fixed
        counted = table.constrained and _short_of(ev, table)  # a count that is not allowed
        if not ev.fixed_item.or_better or value >= ev.total or counted:
            ev.fixed, ev.is_limit = True, False
            ev.total = ev.uncapped = value
    return ev


__all__ = ["Score", "ScoreLine", "WinContext", "score"]
