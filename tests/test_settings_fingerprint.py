"""Settings.fingerprint: a game stored before a setting was added keeps its fingerprint.

The fingerprints below were computed by the engine at commit f2bb8a7^ (the last one before
settings were added for the rulesets of issue 12), for the rules of games stored then; today's
engine must give the same for the same rules."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.rulesets import get_ruleset
from engine.settings import ADDED_LATER, FIRST_FINGERPRINTED, SPEC_BY_NAME, Settings

STORED = [
    pytest.param("dmjl", {}, "197ea02662209b4e", id="dmjl-defaults"),
    # huabao's Earth's blessing was "half the limit or better" then (A-HB-10 before its revision):
    # the same rules today name it, since the default is now exactly half the limit
    pytest.param(
        "huabao", {"earthly_value": "half_limit_or_better"}, "f31da6bc54c7390e", id="huabao-defaults"
    ),
    pytest.param("dmjl", {"limit": 300, "seven_pairs": True}, "dce959257b86a17c", id="dmjl-house-rules"),
    pytest.param(
        "huabao",
        {"mj_bonus": 20, "traditional_limit_hands": True, "earthly_value": "half_limit_or_better"},
        "81cf3ddbcff7ef15",
        id="huabao-house-rules",
    ),
    pytest.param(
        "dmjl", {"east_factor": 1, "discarder_pays_all": True}, "21ff9e6788c01bdb", id="dmjl-payments"
    ),
]


@pytest.mark.parametrize(("ruleset", "overrides", "fingerprint"), STORED)
def test_rules_of_stored_games_keep_their_fingerprint(
    ruleset: str, overrides: dict[str, object], fingerprint: str
) -> None:
    assert get_ruleset(ruleset).settings(overrides).fingerprint() == fingerprint


def test_every_first_setting_still_exists_and_every_other_is_added_later() -> None:
    """Renaming or removing a first setting would change every stored fingerprint; a setting
    added since is in ADDED_LATER without anyone listing it."""
    names = {f.name for f in dataclasses.fields(Settings)}
    assert len(FIRST_FINGERPRINTED) == 40
    assert names >= FIRST_FINGERPRINTED and set(SPEC_BY_NAME) == names
    assert {"riichi", "fishing", "min_fan", "dealer_rotation"} <= ADDED_LATER


def _other(value: Any) -> Any:
    """A value other than ``value`` (the fingerprint hashes it; it need not be valid)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return f"{value}-other"


@pytest.mark.parametrize("name", sorted(ADDED_LATER))
def test_a_later_setting_counts_only_away_from_its_default(name: str) -> None:
    base = Settings()
    default: dict[str, Any] = {name: getattr(base, name)}
    other: dict[str, Any] = {name: _other(getattr(base, name))}
    assert dataclasses.replace(base, **default).fingerprint() == "197ea02662209b4e"
    assert dataclasses.replace(base, **other).fingerprint() != "197ea02662209b4e"
