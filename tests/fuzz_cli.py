"""Adversarial input for ``mahjong score``: no traceback, exit 0 or 2, short answers.

:func:`check_score` runs the real entry point (:func:`cli.main.main`) in this
process with the given arguments and standard input (bytes), behind streams
that behave like a real process's (standard output refuses what UTF-8 cannot
encode), and returns what went wrong, if anything:

* an exception escaped ``main`` or a traceback was printed;
* the exit code is not 0 or 2;
* an answer is too long (any line of output, or the whole of a non-``--jsonl``
  answer, over :data:`MAX_ANSWER` bytes);
* with ``--jsonl``: not exactly one JSON answer line per non-blank input line,
  or an ``internal error`` answer (a bug caught by the last-resort handler).

The test suite checks it over Hypothesis-generated input at a small size
(``tests/test_input_fuzz.py``); for a large run::

    python -m tests.fuzz_cli --n 50000 --seed 1
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from cli.main import main

MAX_ANSWER = 4096
"""The longest answer (one output line, or a whole non-``--jsonl`` answer) in bytes."""

TILE_ALPHABET = "0123456789mpszf[]() ESWNWhGRBFC²³¹①٣５\u00a0\t"
"""Characters close to the notation, odd digits and spaces included."""

OPTIONS = ("--win", "--seat", "--round", "--flags", "--set", "--ruleset", "--theme")
SWITCHES = ("--json", "--self-drawn", "--jsonl", "-h")


@dataclass
class Outcome:
    """What one run of ``mahjong score`` did."""

    code: int | None
    out: bytes
    err: str
    problems: list[str] = field(default_factory=list)


def safe_argv(argv: list[str]) -> list[str]:
    """``argv`` without anything that would make the command write a file (``--png``, or
    any prefix of it that the parser would accept)."""
    return [a if not a.startswith("--p") else "--" + a[3:] for a in argv]


def expected_answers(stdin: bytes) -> int:
    """How many answer lines ``--jsonl`` owes for ``stdin``: one per line that is not blank."""
    count = 0
    for number, raw in enumerate(io.BytesIO(stdin), 1):
        try:
            line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError:
            count += 1
            continue
        count += bool(line.strip())
    return count


def check_score(args: list[str], stdin: bytes = b"") -> Outcome:
    """Run ``mahjong score ARGS`` in this process with ``stdin``; the outcome and its problems."""
    argv = ["score", *safe_argv(args)]
    out_bytes = io.BytesIO()
    err_bytes = io.BytesIO()
    fake_in = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    fake_out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="strict", write_through=True)
    fake_err = io.TextIOWrapper(err_bytes, encoding="utf-8", errors="backslashreplace", write_through=True)
    problems: list[str] = []
    code: int | None = None
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = fake_in, fake_out, fake_err
    try:
        code = main(argv)
    except BaseException as exc:  # every escape is a finding
        problems.append(f"{type(exc).__name__} escaped main: {str(exc)[:200]}")
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    out = out_bytes.getvalue()
    err = err_bytes.getvalue().decode("utf-8", "replace")
    if code not in (0, 2):
        problems.append(f"exit code {code}")
    if "Traceback" in err:
        problems.append("a traceback was printed")
    lines = out.splitlines()
    if any(len(line) > MAX_ANSWER for line in lines) or len(err) > MAX_ANSWER:
        problems.append(f"an answer is too long ({max([len(out), len(err)])} bytes)")
    if "--jsonl" in argv and code == 0:
        want = expected_answers(stdin)
        if len(lines) != want:
            problems.append(f"{len(lines)} answer lines for {want} requests")
        for line in lines:
            try:
                answer = json.loads(line)
            except ValueError:
                problems.append(f"an answer is not JSON: {line[:100]!r}")
                continue
            if "internal error" in str(answer.get("error", "")):
                problems.append(f"internal error: {answer['error']}")
    elif "--jsonl" not in argv and len(out) > MAX_ANSWER:
        problems.append(f"the answer is {len(out)} bytes")
    return Outcome(code, out, err, problems)


# --- Random adversarial input (the large run) -------------------------------------------


def _random_text(rng: random.Random) -> str:
    """One adversarial piece of text: notation-like, any Unicode, lone surrogates, huge."""
    kind = rng.randrange(10)
    size = rng.choice((0, 1, 2, 5, 14, 40, 200))
    if kind == 0:
        return "".join(rng.choice(TILE_ALPHABET) for _ in range(size))
    if kind == 1:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(size))
    if kind == 2:
        return "".join(chr(rng.randrange(0xD800, 0xE000)) for _ in range(max(size, 1)))
    if kind == 3:
        return rng.choice("123456789") * rng.choice((10, 4299, 4301, 6000, 100_000)) + rng.choice("mpsz")
    if kind == 4:
        depth = rng.choice((10, 1000, 100_000))
        return rng.choice("[(") * depth + "5p" + rng.choice("])") * rng.choice((0, depth))
    if kind == 5:
        return rng.randbytes(size).decode("utf-8", "surrogateescape")
    if kind == 6:
        unit = rng.choice(("1m", "[555p] ", "x", "²m ", "(7777s)", "EEE "))
        return unit * rng.choice((1, 1000, 50_000))
    if kind == 7:
        name = rng.choice(("limit", "game_length", "mj_bonus", "seven_pairs", "", "nope"))
        value = rng.choice(("hands:²", "５００", "1_000", "9" * 5000, "-1", "hands:8", "true", "٣"))
        return f"{name}={value}"
    if kind == 8:
        return rng.choice(("9p", "²m", "٣m", "５m", "E", "1f", "Wh", "", " ", "--", "-"))
    return rng.choice(("last-tile", "replacement", "robbing-kong", "first-turn", "x" * 100_000))


def _random_line(rng: random.Random) -> bytes:
    """One adversarial ``--jsonl`` request line (without its newline)."""
    kind = rng.randrange(8)
    if kind == 0:
        return rng.randbytes(rng.choice((1, 5, 50))).replace(b"\n", b" ")
    if kind == 1:
        depth = rng.choice((10, 999, 1000, 5000))
        return b"[" * depth + b"]" * depth
    if kind == 2:
        return (
            b'{"hand": "123m", "settings": {"limit": ' + b"9" * rng.choice((20, 4300, 4301, 10_000)) + b"}}"
        )
    if kind == 3:
        return b'{"\\ud800": 1, "' + b"k" * rng.choice((1, 100_000)) + b'": 2}'
    if kind == 4:
        return b'{"hand": "123m\xff"}'
    request: dict[str, object] = {"hand": _random_text(rng)}
    for key in ("win", "seat", "round", "ruleset"):
        if rng.random() < 0.3:
            request[key] = _random_text(rng)
    if rng.random() < 0.3:
        request["flags"] = [_random_text(rng) for _ in range(rng.randrange(3))]
    if rng.random() < 0.3:
        name, _, value = _random_text(rng).partition("=")
        nested: object = value
        for _ in range(rng.choice((0, 1, 50, 900))):
            nested = [nested]
        request["settings"] = {name: nested}
    return json.dumps(request, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


def random_case(rng: random.Random) -> tuple[list[str], bytes]:
    """Arguments and standard input of one random run of ``mahjong score``."""
    if rng.random() < 0.3:
        lines = [_random_line(rng) for _ in range(rng.randrange(1, 6))]
        return ["--jsonl"], b"\n".join(lines) + rng.choice((b"", b"\n", b"\r\n"))
    args = [_random_text(rng)] if rng.random() < 0.9 else []
    for _ in range(rng.randrange(4)):
        if rng.random() < 0.7:
            args += [rng.choice(OPTIONS), _random_text(rng)]
        else:
            args.append(rng.choice((*SWITCHES, _random_text(rng))))
    return [a for a in args if a != "--jsonl"], b""


def run(n: int, seed: int = 0, *, verbose: bool = True) -> dict[str, object]:
    """Check ``n`` random runs; the figures, and the first few problems found."""
    rng = random.Random(seed)
    failures: list[dict[str, object]] = []
    start = time.perf_counter()
    with _scratch_directory():
        for i in range(n):
            args, stdin = random_case(rng)
            outcome = check_score(args, stdin)
            if outcome.problems:
                failures.append({"case": i, "args": [a[:80] for a in args], "problems": outcome.problems})
            if verbose and (i + 1) % 5000 == 0:
                print(f"{i + 1} inputs, {len(failures)} failures", file=sys.stderr)
    return {
        "inputs": n,
        "failures": len(failures),
        "seconds": round(time.perf_counter() - start, 1),
        "examples": failures[:5],
    }


@contextlib.contextmanager
def _scratch_directory() -> Iterator[None]:
    """Run in an empty temporary directory, so that nothing the command might write lands here."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            yield
        finally:
            os.chdir(here)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="how many random runs (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    opts = parser.parse_args()
    report = run(opts.n, opts.seed)
    print(json.dumps(report, indent=1))
    sys.exit(1 if report["failures"] else 0)
