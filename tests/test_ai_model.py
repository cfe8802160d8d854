"""engine/ai/model.py and engine/ai/calibrate.py: the strong player's outcome model, its fit
and its calibration against play."""

from __future__ import annotations

import random

import pytest

from engine.ai import calibrate
from engine.ai.fitted import FITTED, SOURCES
from engine.ai.model import N_FEATURES, Inputs, OutcomeModel, features, model_for
from engine.rulesets import RULESETS


def test_more_useful_tiles_fewer_steps_and_more_wall_mean_a_likelier_win() -> None:
    model = model_for("dmjl", 4)
    assert model.win_chance(Inputs(0, 8, 60, 0, 0, 0)) > model.win_chance(Inputs(0, 3, 60, 0, 0, 0))
    assert model.win_chance(Inputs(0, 8, 60, 0, 0, 0)) > model.win_chance(Inputs(1, 30, 60, 0, 0, 0))
    assert model.win_chance(Inputs(1, 30, 60, 0, 0, 0)) > model.win_chance(Inputs(2, 50, 60, 0, 0, 0))
    assert model.win_chance(Inputs(1, 30, 70, 0, 0, 0)) > model.win_chance(Inputs(1, 30, 20, 0, 0, 0))
    assert model.win_chance(Inputs(-1, 0, 0, 0, 0, 0)) == 1.0


def test_opponents_sets_on_show_lower_the_chance() -> None:
    model = model_for("dmjl", 4)
    assert model.win_chance(Inputs(1, 30, 50, 0, 3, 5)) < model.win_chance(Inputs(1, 30, 50, 0, 0, 0))


def test_expected_chips_weigh_value_against_speed() -> None:
    model = model_for("dmjl", 4)
    # The same chance: the richer hand is worth more, and East's more than another seat's.
    assert model.expected_net(0.3, 80, 8, east=False) > model.expected_net(0.3, 40, 8, east=False)
    assert model.expected_net(0.3, 80, 8, east=True) > model.expected_net(0.3, 80, 8, east=False)
    # A certain win is worth what a winner is paid; a hopeless hand what a loser pays.
    (a, b), (c, d) = model.won[0], model.lost[0]
    assert model.expected_net(1.0, 50, 0, east=False) == pytest.approx(a * 50 + b)
    assert model.expected_net(0.0, 50, 6, east=False) == pytest.approx(c * 6 + d)


def test_every_ruleset_has_a_fit_of_the_right_shape() -> None:
    for ruleset in RULESETS:
        assert (ruleset, 4) in FITTED, ruleset
        assert SOURCES[(ruleset, 4)].startswith("mahjong calibrate"), ruleset
    for win, won, lost in FITTED.values():
        assert len(win) == N_FEATURES
        assert len(won) == 6 and len(lost) == 2
        assert won[0][0] > 0 and won[3][0] > 0  # a richer waiting hand is paid more when it wins
        assert lost[0][1] < 0  # a loser pays on average


def test_logistic_recovers_known_coefficients() -> None:
    rng = random.Random(3)
    truth = [-1.0, 2.0, -0.5]
    xs, ys = [], []
    for _ in range(4000):
        x = [1.0, rng.random(), rng.random() * 2]
        z = sum(t * v for t, v in zip(truth, x, strict=True))
        xs.append(x)
        ys.append(int(rng.random() < 1 / (1 + pow(2.718281828, -z))))
    beta = calibrate.logistic(xs, ys)
    for got, want in zip(beta, truth, strict=True):
        assert got == pytest.approx(want, abs=0.25)


def test_line_fits_a_straight_line_and_a_flat_one() -> None:
    assert calibrate.line([(1.0, 3.0), (2.0, 5.0), (4.0, 9.0)]) == pytest.approx((2.0, 1.0))
    assert calibrate.line([(2.0, 4.0), (2.0, 6.0)]) == (0.0, 5.0)
    assert calibrate.line([]) == (0.0, 0.0)


def test_the_rendered_file_holds_the_fit_and_keeps_the_others() -> None:
    samples = [
        calibrate.Sample(
            s,
            s == 0,
            Inputs(i % 3, 10 + i % 7, 60 - i, 0, i % 2, i % 4, i % 4, i % 5),
            30.0 + i,
            4.0,
            won=int(i % 3 == 0),
            net=(-50 + 60 * (i % 3 == 0)),
        )
        for i in range(200)
        for s in range(4)
    ]
    fitted = calibrate.fit("huabao", 4, 50, samples)
    text = calibrate.render([fitted], keep={("dmjl", 4): FITTED[("dmjl", 4)]}, sources={("dmjl", 4): "kept"})
    space: dict[str, object] = {}
    exec(compile(text, "fitted.py", "exec"), space)  # the text is our own output
    table = space["FITTED"]
    assert isinstance(table, dict)
    assert table[("dmjl", 4)] == FITTED[("dmjl", 4)]
    win, won, lost = table[("huabao", 4)]
    assert win == tuple(round(c, 4) for c in fitted.model.win)
    assert len(won) == 6 and len(lost) == 2
    assert space["SOURCES"] == {
        ("dmjl", 4): "kept",
        ("huabao", 4): "mahjong calibrate: 50 hands of 4 normal players, 800 discards",
    }
    strong = calibrate.fit("huabao", 4, 50, samples, level="strong")
    space.clear()
    exec(compile(calibrate.render([strong]), "fitted.py", "exec"), space)
    assert space["SOURCES"] == {
        ("huabao", 4): "mahjong calibrate: 50 hands of strong in one seat, 3 normal players, 800 discards"
    }


def test_calibration_buckets_count_predicted_and_observed() -> None:
    rows = [calibrate.Sample(0, False, Inputs(0, 8, 60, 0, 0, 0), 50.0, 4.0, won=w) for w in (1, 0, 0, 0)]
    rows += [calibrate.Sample(0, False, Inputs(3, 8, 60, 0, 0, 0), 50.0, 4.0, won=0)]
    buckets = calibrate.calibration(rows, lambda s: 0.25 if s.shanten == 0 else 0.02)
    assert [(b.low, b.hands, b.observed) for b in buckets] == [(0.0, 1, 0.0), (0.2, 4, 0.25)]
    assert buckets[1].predicted == pytest.approx(0.25)


def test_the_fitted_chance_matches_play_on_deals_it_was_not_fitted_on() -> None:
    model = model_for("dmjl", 4)
    samples = [s for h in range(60) for s in calibrate.play_and_record("dmjl", None, f"held-out:{h}")]
    predicted = sum(model.win_chance(s.inputs) for s in samples) / len(samples)
    observed = sum(s.won for s in samples) / len(samples)
    assert abs(predicted - observed) < 0.05, (predicted, observed)


def test_features_put_each_shanten_class_in_its_own_terms() -> None:
    x0, x2 = features(Inputs(0, 8, 50, 0, 0, 0, 0, 4)), features(Inputs(2, 40, 50, 1, 2, 3, 9, 0))
    assert x0[0] == 1.0 and x2[2] == 1.0 and x0[2] == 0.0
    assert x0[18] == 0.5 and x2[18] == 0.0 and x2[17] > 0.0
    assert len(x0) == len(x2) == N_FEATURES
    assert isinstance(model_for("no-such", 4), OutcomeModel)  # falls back to dmjl's
