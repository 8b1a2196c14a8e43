#!/usr/bin/env python3
"""Golden values for `fireteam odds`, computed independently with icepool.

Each case is an expression in fireteam's dice language (docs/dice.md) together
with icepool's exact answer for the same random variable, built with icepool's
own operations (not by parsing the fireteam expression).  The result is written
to crates/dice/tests/golden/icepool.json, which crates/dice/tests/icepool.rs
checks, so CI needs neither Python nor icepool.

Run with the pinned interpreter:

    .peers/bin/python scripts/icepool-golden.py

Requires icepool == 2.1.3 (the version the committed file was made with).

Output format: a JSON list of objects
    {"name", "expr", "kind": "distribution", "outcomes": [[value, "n/d"], ...],
     "mean": "n/d", "variance": "n/d"}
  or
    {"name", "expr", "kind": "probability", "p": "n/d"}
Outcomes are ascending, fractions reduced (Python's Fraction formatting: "n/d",
or "n" for integers), and zero-probability outcomes are omitted.  A probability
is P(value != 0), i.e. the probability that a condition holds.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import icepool

EXPECTED_ICEPOOL = "2.1.3"

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "crates" / "dice" / "tests" / "golden" / "icepool.json"

d6 = icepool.d6
d10 = icepool.d10
d20 = icepool.d20
d100 = icepool.d100  # fireteam's d%: uniform 1..100


def fdiv(a: int, b: int) -> int:
    """fireteam `/`: floor division (Python's // already floors)."""
    return a // b


def cdiv(a: int, b: int) -> int:
    """fireteam `/^`: ceiling division."""
    return -((-a) // b)


def pmf(die: icepool.Die) -> list[tuple[int, Fraction]]:
    """Exact (value, probability) pairs, ascending, without zero probabilities."""
    denom = die.denominator()
    out: dict[int, Fraction] = {}
    for outcome, quantity in die.items():
        if quantity == 0:
            continue
        value = int(outcome)  # booleans from comparisons become 1/0, as in fireteam
        out[value] = out.get(value, Fraction(0)) + Fraction(quantity, denom)
    return sorted(out.items())


def p_true(die: icepool.Die) -> Fraction:
    return sum((p for v, p in pmf(die) if v != 0), Fraction(0))


def frac(f: Fraction) -> str:
    return str(f)  # "n/d", or "n" when the denominator is 1


cases: list[dict] = []


def distribution(name: str, expr: str, die: icepool.Die) -> list[tuple[int, Fraction]]:
    outcomes = pmf(die)
    mean = sum((v * p for v, p in outcomes), Fraction(0))
    variance = sum(((v - mean) ** 2 * p for v, p in outcomes), Fraction(0))
    assert sum(p for _, p in outcomes) == 1, name
    cases.append(
        {
            "name": name,
            "expr": expr,
            "kind": "distribution",
            "outcomes": [[v, frac(p)] for v, p in outcomes],
            "mean": frac(mean),
            "variance": frac(variance),
        }
    )
    return outcomes


def probability(name: str, expr: str, die: icepool.Die) -> Fraction:
    p = p_true(die)
    cases.append({"name": name, "expr": expr, "kind": "probability", "p": frac(p)})
    return p


def main() -> None:
    if icepool.__version__ != EXPECTED_ICEPOOL:
        sys.exit(f"expected icepool {EXPECTED_ICEPOOL}, found {icepool.__version__}")

    # --- Sums of d6: full distributions and every "<= k" threshold. ---
    for n in (3, 4, 5):
        pool = n @ d6
        distribution(f"{n}d6", f"{n}d6", pool)
        for k in range(n, 6 * n + 1):
            probability(f"{n}d6 <= {k}", f"{n}d6 <= {k}", pool.map(lambda x, k=k: x <= k))
    assert p_true((3 @ d6).map(lambda x: x <= 12)) == Fraction(20, 27)

    # --- d20 + bonus vs target. A natural 1 always fails. ---
    # The probability case is exactly "not a natural 1, and the total reaches
    # the target": a 19-20 that falls short of the target still fails there.
    # The outcome-coded case (0 fail, 1 hit, 2 critical) treats a natural
    # 19-20 as a critical success REGARDLESS of the target, checked before the
    # target comparison.
    for bonus in (0, 3, 7):
        for target in (10, 15, 20, 25):
            probability(
                f"d20+{bonus} vs {target}: success",
                f"let r = d20 in r != 1 and r + {bonus} >= {target}",
                icepool.map(lambda r, b=bonus, t=target: r != 1 and r + b >= t, d20),
            )

            def coded(r: int, b: int = bonus, t: int = target) -> int:
                if r == 1:
                    return 0
                if r >= 19:
                    return 2
                if r + b >= t:
                    return 1
                return 0

            distribution(
                f"d20+{bonus} vs {target}: fail/hit/critical",
                f"let r = d20 in if r == 1 then 0 else if r >= 19 then 2 "
                f"else if r + {bonus} >= {target} then 1 else 0",
                icepool.map(coded, d20),
            )

    # --- Pools of d6 against a difficulty, plain and with 2 dodge dice. ---
    for n in (2, 4, 6, 8, 10):
        for d in (10, 15, 20, 30):
            probability(
                f"{n}d6 >= {d}",
                f"{n}d6 >= {d}",
                (n @ d6).map(lambda x, d=d: x >= d),
            )
            probability(
                f"{n}d6 >= {d} + 2d6 (dodge)",
                f"{n}d6 >= {d} + 2d6",
                icepool.map(lambda a, b, d=d: a >= d + b, n @ d6, 2 @ d6),
            )

    # --- Percentile dice. ---
    for s in (1, 2, 45, 50, 99, 100, 101):
        probability(f"d% < {s}", f"d% < {s}", d100.map(lambda x, s=s: x < s))

    # --- The SKIRMISH attack: 3d6 roll-under 12, damage multiplier by roll. ---
    def skirmish(r: int):
        if r <= 12:
            mult = 3 if r == 3 else 2 if r == 4 else 1
            # A fresh 2d6 for the damage; icepool mixes the returned die.
            return (mult * (2 @ d6) - 2).map(lambda x: max(0, x))
        return 0

    attack = distribution(
        "SKIRMISH attack",
        "let r = 3d6 in if r <= 12 then "
        "max(0, (if r == 3 then 3 else if r == 4 then 2 else 1) * 2d6 - 2) else 0",
        icepool.map(skirmish, 3 @ d6),
    )
    attack_mean = sum((v * p for v, p in attack), Fraction(0))
    assert attack_mean == Fraction(835, 216), attack_mean

    # --- Keep highest / lowest. ---
    distribution("4d6kh3", "4d6kh3", d6.highest(4, 3))
    distribution("10d6kh3", "10d6kh3", d6.highest(10, 3))
    distribution("2d20kl1", "2d20kl1", d20.lowest(2, 1))
    distribution("2d20kh1", "2d20kh1", d20.highest(2, 1))
    distribution("5d10kl2", "5d10kl2", d10.lowest(5, 2))

    # --- Floor and ceiling division, including negative numerators. ---
    distribution("3d6 / 2", "3d6 / 2", (3 @ d6).map(lambda x: fdiv(x, 2)))
    distribution("3d6 /^ 2", "3d6 /^ 2", (3 @ d6).map(lambda x: cdiv(x, 2)))
    distribution("(2d6 - 7) / 2", "(2d6 - 7) / 2", (2 @ d6).map(lambda x: fdiv(x - 7, 2)))
    distribution("(2d6 - 7) /^ 3", "(2d6 - 7) /^ 3", (2 @ d6).map(lambda x: cdiv(x - 7, 3)))

    # --- Other operators: independence of repeated terms vs. let. ---
    distribution("d6 * d6 (independent)", "d6 * d6", d6 * d6)
    distribution("let x = d6 in x * x", "let x = d6 in x * x", d6.map(lambda x: x * x))
    distribution("d6 - d6 (independent)", "d6 - d6", d6 - d6)
    distribution("abs(2d6 - 7)", "abs(2d6 - 7)", (2 @ d6).map(lambda x: abs(x - 7)))
    distribution("-d6 + 2d4", "-d6 + 2d4", -d6 + 2 @ icepool.d4)
    distribution(
        "min(d20, d20, d20)",
        "min(d20, d20, d20)",
        icepool.map(lambda a, b, c: min(a, b, c), d20, d20, d20),
    )
    distribution(
        "max(3d6, 2d8 + 1)",
        "max(3d6, 2d8 + 1)",
        icepool.map(lambda a, b: max(a, b + 1), 3 @ d6, 2 @ icepool.d8),
    )
    probability(
        "not (d6 > 3) or d4 == 1",
        "not (d6 > 3) or d4 == 1",
        icepool.map(lambda a, b: (not (a > 3)) or b == 1, d6, icepool.d4),
    )

    # --- A large pool: exact big-integer fractions. ---
    distribution("100d6", "100d6", 100 @ d6)

    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"

    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8", newline="\n") as f:
        f.write("[\n")
        for i, case in enumerate(cases):
            f.write(json.dumps(case))
            f.write(",\n" if i + 1 < len(cases) else "\n")
        f.write("]\n")
    print(f"wrote {len(cases)} cases to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
