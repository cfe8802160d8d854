"""Each variant rule is a feature of its ruleset (issue 27): engine/features/ holds one module per
rule, a Ruleset lists the rules it plays (``derive`` adds and removes them, ``diff`` shows them),
and Deal keeps the common game: it imports no ruleset module and stays under 1,000 lines."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.cogs.chips import buy_in_rule
from engine.actions import Action, ActionKind
from engine.deal import Deal
from engine.features.base import HOOKS, Feature
from engine.features.bouquets import Bouquets
from engine.features.gulasch import Gulasch
from engine.features.riichi import Riichi
from engine.rulesets import DMJL, RULESETS, RUMISBERG, get_ruleset
from engine.settlement import Settlement, settle_hand
from engine.views import Phase

ENGINE = Path(__file__).resolve().parent.parent / "engine"
DEAL_MODULES = ("deal.py", "deal_claims.py", "deal_end.py", "deal_state.py", "deal_view.py")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, function-local and TYPE_CHECKING ones included."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


@pytest.mark.parametrize("name", DEAL_MODULES)
def test_the_deal_imports_no_ruleset_module(name: str) -> None:
    """The common game imports the Ruleset type at most, never a ruleset or the registry."""
    rulesets = {m for m in _imports(ENGINE / name) if m.startswith("engine.rulesets")}
    assert rulesets <= {
        "engine.rulesets.ruleset",
        "engine.rulesets.ruleset.Ruleset",
        "engine.rulesets.ruleset.resolve",
    }


def test_no_feature_imports_a_ruleset() -> None:
    """The rulesets import the features to list them, never the other way round."""
    for path in sorted((ENGINE / "features").glob("*.py")):
        assert not {m for m in _imports(path) if m.startswith("engine.rulesets")} - {
            "engine.rulesets.ruleset",
            "engine.rulesets.ruleset.Payer",
            "engine.rulesets.ruleset.Ruleset",
        }, path.name


def test_deal_py_is_under_a_thousand_lines() -> None:
    assert len((ENGINE / "deal.py").read_text().splitlines()) < 1000


def test_each_ruleset_lists_its_rules() -> None:
    listed = {name: [f.name for f in rs.features] for name, rs in RULESETS.items()}
    assert listed == {
        "dmjl": ["three_mahjong_claims", "gulasch"],
        "huabao": ["three_mahjong_claims", "gulasch"],
        "jiangxi": ["gen_zhuang", "pass_over", "restricted_rob", "multiple_winners"],
        "wikibooks": ["dora", "riichi", "four_winds", "nine_majors", "three_mahjong_claims", "gulasch"],
        "rumisberg": ["bouquets", "fishing", "pot", "gulasch", "late_claim", "three_mahjong_claims"],
    }
    # Settings switch a listed rule on or off for a table.
    wb = get_ruleset("wikibooks")
    assert [f.name for f in wb.features_for(wb.defaults)] == [
        "four_winds",
        "nine_majors",
        "three_mahjong_claims",
    ]
    western = wb.settings({"riichi": True, "dora": True})
    assert [f.name for f in wb.features_for(western)][:2] == ["dora", "riichi"]


def test_a_deal_without_rules_calls_no_hook() -> None:
    deal = Deal("dmjl", seed=4)
    assert deal.features == ()
    assert all(deal._hook[hook] == () for hook in HOOKS)
    rumisberg = Deal("rumisberg", seed=4)
    assert [f.name for f in rumisberg.features] == ["bouquets", "fishing", "pot", "gulasch", "late_claim"]
    assert [f.name for f in rumisberg._hook["set_aside"]] == ["bouquets"]
    assert isinstance(rumisberg.feature(Bouquets), Feature) and deal.feature(Bouquets) is None


# East discards 1z, which nobody can claim; South holds 123m 456m 789m 123p 5p, ready on 5p.
HANDS = (
    "1s9s 1z2z3z4z5z6z7z 1p9p 2m5m8m",
    "1m2m3m 4m5m6m 7m8m9m 1p2p3p 5p",
    "2s3s4s 5s6s7s 2p3p4p 6p7p8p 4s",
    "6m6m7m7m 3s3s5s5s 6s8s 8p8p7p",
)


def _after_east_discards(deal: Deal) -> Deal:
    deal.apply(Action.parse("E discard 1z"))
    for idle in deal.idle_passes():
        deal.apply(idle)
    return deal


def test_derive_adds_a_rule_that_changes_play() -> None:
    """dmjl with riichi added offers South riichi before his draw; dmjl itself lets him draw."""
    club = DMJL.derive("riichi-club", title="DMJL with riichi", add=(Riichi,))
    assert club.defaults.riichi and {"riichi", "riichi_stake"} <= club.setting_names
    plain = _after_east_discards(Deal.arranged(HANDS, ruleset=DMJL))
    assert plain.turn == 1 and plain.drawn is not None
    assert not any(a.kind is ActionKind.RIICHI for a in plain.legal_actions(1))
    riichi = _after_east_discards(Deal.arranged(HANDS, ruleset=club))
    assert riichi.turn == 1 and riichi.before_draw
    assert [str(a) for a in riichi.legal_actions(1)] == ["S riichi", "S pass"]
    riichi.apply(Action.parse("S riichi"))
    assert "riichi" in riichi.declarations(1) and riichi.centre and riichi.drawn is not None


def test_derive_removes_a_rule_that_changes_play() -> None:
    """Rumisberg without the Gulasch: a hand after a drawn one begins with play, not an exchange."""
    club = RUMISBERG.derive("no-gulasch", title="Rumisberg without Gulasch", remove=(Gulasch,))
    assert club.defaults.draw_settlement == "none" and "gulasch_stake" not in club.setting_names
    assert Deal(RUMISBERG, seed=2, gulasch=True).phase == Phase.EXCHANGE
    deal = Deal(club, seed=2, gulasch=True)
    assert deal.phase == Phase.TURN and deal.exchange is None
    assert all(a.kind is ActionKind.DISCARD for a in deal.legal_actions(0))


def test_diff_shows_a_rule_added_or_removed() -> None:
    club = DMJL.derive("riichi-club", title="DMJL with riichi", add=(Riichi,))
    assert ("features", ("riichi",), ()) in club.diff(DMJL)
    assert ("features", (), ("riichi",)) in DMJL.diff(club)
    no_gulasch = RUMISBERG.derive("no-gulasch", title="x", remove=(Gulasch,))
    assert ("features", (), ("gulasch",)) in no_gulasch.diff(RUMISBERG)
    assert not [d for d in DMJL.derive("same", title="x").diff(DMJL) if d[0] == "features"]


def test_a_claim_is_refused_for_the_reason_that_holds() -> None:
    """One judge gives the claims and the reasons: a seat holding the pair is refused a pong of
    the wall's last discard because only Mah-Jongg may claim it, not for lacking the tiles."""
    deal = Deal.arranged(
        (
            "1s9s 1z2z3z4z5z6z7z 1p9p 2m5m8m",
            "1m2m3m 4m5m6m 7m8m9m 1p2p3p 5p",
            HANDS[2],
            "6m6m7m7m 3s3s5s5s 6s 8p8p 1z1z",
        ),
        ruleset=DMJL,
        fill=False,
    )
    assert deal.live_remaining == 0
    deal.apply(Action.parse("E discard 1z"))
    refusal = deal.check(Action.parse("N pong"))
    assert refusal is not None and "claimed only for Mah-Jongg" in refusal.message
    assert deal.check(Action.parse("N pass")) is None


def test_a_ruleset_settles_a_hand_its_own_way() -> None:
    """The deal's end settles by the ruleset's ``settle`` (a derived ruleset may bring its own)."""
    seen: list[tuple[int, ...]] = []

    def settle(values: Sequence[int], **kw: Any) -> Settlement:
        seen.append(tuple(kw["winners"]))
        return settle_hand(values, **kw)

    club = DMJL.derive("own-settlement", title="x", settle=settle)
    deal = Deal(club, seed=5)
    while not deal.over:
        seat = deal.to_act()[0]
        deal.apply(deal.legal_actions(seat)[0])
    assert deal.result is not None and seen == [tuple(deal.result.winners)]


def test_rumisbergs_buy_in_rule_is_the_rulesets() -> None:
    """``/chips buyin`` reads the buy-in rule from the ruleset (rumisberg's rule 22)."""
    assert RUMISBERG.buy_in_when_exhausted == 22 and DMJL.buy_in_when_exhausted is None
    assert buy_in_rule("rumisberg") == 22 and buy_in_rule("dmjl") is None and buy_in_rule("nosuch") is None
