"""``mahjong score`` over adversarial input: never a traceback, exit 0 or 2, short answers.

Hypothesis draws the arguments and ``--jsonl`` lines (any Unicode with lone
surrogates, random bytes, huge digit strings, deep brackets, 100 KB arguments)
and :func:`fuzz_cli.check_score` runs the real entry point in this process;
a few real processes cover what only a process has (bytes in ``argv``, the
encoding of its own streams). ``python -m tests.fuzz_cli --n 50000`` is the
large run; ``MAHJONG_FUZZ_EXAMPLES=5000`` runs these tests with more examples.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_cli import MAX_ANSWER, OPTIONS, SWITCHES, TILE_ALPHABET, check_score, expected_answers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent

any_text = st.text(st.characters(exclude_categories=()), max_size=30)  # lone surrogates too
notation = st.text(st.sampled_from(TILE_ALPHABET), max_size=30)
huge_digits = st.builds(
    lambda digit, n, suit: digit * n + suit,
    st.sampled_from("123456789"),
    st.sampled_from([4299, 4301, 10_000]),
    st.sampled_from(["m", "p", ""]),
)
nested = st.builds(
    lambda open_, n: open_ * n + "5p", st.sampled_from("[("), st.sampled_from([50, 1000, 5000])
)
big = st.builds(lambda unit, n: unit * n, st.sampled_from(["1m", "#", "[555p] ", "²"]), st.just(50_000))
as_argv = st.binary(max_size=30).map(lambda b: b.decode("utf-8", "surrogateescape"))
adversarial = st.one_of(any_text, notation, huge_digits, nested, big, as_argv)

option = st.one_of(
    st.tuples(st.sampled_from(OPTIONS), adversarial).map(list),
    st.sampled_from(SWITCHES).filter(lambda s: s != "--jsonl").map(lambda s: [s]),
    st.tuples(st.sampled_from(["--set"]), st.sampled_from(["limit=", "game_length=hands:"]))
    .flatmap(lambda p: st.tuples(st.just(p[0]), adversarial.map(lambda v: p[1] + v)))
    .map(list),
)


@st.composite
def score_argv(draw: st.DrawFn) -> list[str]:
    """A hand (usually) and some options, every value adversarial."""
    args = [draw(adversarial)] if draw(st.booleans()) or draw(st.booleans()) else []
    for opt in draw(st.lists(option, max_size=4)):
        args += opt
    return args


json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), adversarial),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(any_text, children, max_size=3),
    max_leaves=8,
)
request = st.fixed_dictionaries(
    {"hand": adversarial},
    optional={
        "win": adversarial,
        "seat": adversarial,
        "round": adversarial,
        "ruleset": adversarial,
        "self_drawn": json_value,
        "flags": st.lists(adversarial, max_size=3),
        "settings": st.dictionaries(st.sampled_from(["limit", "game_length", "nope"]), json_value),
        "colour": json_value,
    },
)
jsonl_line = st.one_of(
    request.map(lambda r: json.dumps(r).encode()),
    request.map(lambda r: json.dumps(r, ensure_ascii=False).encode("utf-8", "surrogatepass")),
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b" ")),
    st.sampled_from([1000, 5000]).map(lambda n: b"[" * n + b"]" * n),
    st.sampled_from([4301, 10_000]).map(
        lambda n: b'{"hand": "1m", "settings": {"limit": ' + b"9" * n + b"}}"
    ),
    st.just(b'{"\\udfff": 1}'),
)

FUZZ = settings(
    max_examples=int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "150")),  # more: MAHJONG_FUZZ_EXAMPLES=5000
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(autouse=True)
def _scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # nothing the command might write lands in the project


@FUZZ
@given(score_argv())
def test_score_arguments_never_crash(args: list[str]) -> None:
    outcome = check_score(args)
    assert outcome.problems == []


@FUZZ
@given(st.lists(jsonl_line, min_size=1, max_size=5), st.sampled_from([b"\n", b"\r\n"]))
def test_every_jsonl_line_gets_one_answer(lines: list[bytes], newline: bytes) -> None:
    outcome = check_score(["--jsonl"], newline.join(lines) + newline)
    assert outcome.problems == []
    assert outcome.code == 0


def test_the_checker_sees_what_it_should() -> None:
    """The invariants can fail: a too-long answer or a missing answer line is a problem."""
    assert expected_answers(b"{}\n\n  \n\xff\n{}") == 3
    good = b'{"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": true}'
    outcome = check_score(["--jsonl"], good + b"\n" + b"[" * 2000 + b"\n" + b"\xff\xfe\n" + good + b"\n")
    assert outcome.problems == []
    answers = [json.loads(line) for line in outcome.out.splitlines()]
    assert [("error" in a) for a in answers] == [False, True, True, False]
    assert answers[-1]["total"] == 76
    assert check_score(["--help"]).code == 0
    assert check_score(["--ruleset"]).code == 2


# --- Real processes -----------------------------------------------------------------


def _mahjong(args: list[bytes], stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"cli.main", b"score", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "env"),
    [
        pytest.param([b"12m\xff\xfe"], {}, id="invalid-utf8-hand"),
        pytest.param([b"123m", b"--win", b"\xed\xa0\x80"], {}, id="encoded-surrogate-win"),
        pytest.param([b"\xb2m", b"--json"], {"PYTHONIOENCODING": "latin-1"}, id="latin1-streams"),
        pytest.param([b"12m#\xc3\xa9", b"--json"], {"PYTHONIOENCODING": "ascii"}, id="ascii-streams"),
        pytest.param(
            [b"234m 777z [555s] [678p] 99p", b"--win", b"9p"], {"PYTHONIOENCODING": "ascii"}, id="ascii-out"
        ),
        pytest.param([b"--set", b"game_length=hands:\xc2\xb2", b"1m"], {"LC_ALL": "C"}, id="c-locale"),
        pytest.param([b"9" * 100_000], {}, id="100k-digits"),
    ],
)
def test_real_process_bytes_and_encodings(args: list[bytes], env: dict[str, str]) -> None:
    proc = _mahjong(args, **env)
    assert proc.returncode in (0, 2), proc.stderr[-2000:]
    assert b"Traceback" not in proc.stderr
    assert len(proc.stdout) < MAX_ANSWER and len(proc.stderr) < MAX_ANSWER
    assert proc.stdout or proc.stderr  # an answer, not silence


def test_real_process_jsonl_bytes() -> None:
    lines = [
        b'{"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": true}',
        b"\xff\xfe not UTF-8",
        b'{"\\ud800": 1}',
        b'{"hand": "\xed\xa0\x80"}',  # a surrogate encoded in UTF-8: not UTF-8 either
        b"[" * 1000 + b"]" * 1000,
        b'{"hand": "1m", "settings": {"limit": ' + b"7" * 5000 + b"}}",
        b'{"hand": "' + b"#" * 1_000_000 + b'"}',
        b'{"hand": "234m 777z [555s] [678p] 99p", "seat": "S", "win": "9p", "self_drawn": true}',
    ]
    proc = _mahjong([b"--jsonl"], b"\n".join(lines) + b"\n", PYTHONIOENCODING="ascii")
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert [a.get("total") for a in (answers[0], answers[-1])] == [76, 76]
    assert all("error" in a and "internal" not in a["error"] for a in answers[1:-1])
    assert all(len(line) < MAX_ANSWER for line in proc.stdout.splitlines())
