#!/usr/bin/env python3
"""Every figure of the simulator's goals in one run: speed, strength, odds, the duel, memory.

For each scenario under scenarios/*/ and each policy (`greedy` and `random` on every side, via
`fireteam sim --all-sides POLICY`), the script runs `fireteam sim … --json` with 1 and with 2
threads and reads the simulator's own `battles_per_sec` (the battles only, without start-up).
Greedy battles are slow and random ones fast, so the number of battles adapts to a time budget:
a short probe measures the rate, and the timed run plays about `--budget` seconds of battles (at
least a few, at most --max-runs). The same seed is used throughout, so the battles are the same
at both thread counts (the simulator's results do not depend on its threads).

It then measures, each in a table of its own:

- **strength**: on every two-sided scenario, the win rate of one policy against another with
  its 95% interval, both ways round (`--side NAME=POLICY`): greedy against random, and the
  search policy (`search:N`, `--rollouts`) against greedy, each for `--games` battles, beside
  the baseline of greedy on both sides (each side's share of the same battles);
- **the search goal**: the search policy at its default budget (`search:64`) against greedy in
  the arena, `--goal-games` battles a seat, with its win rate over both seats and its time per
  decision: both threads' time over the decisions the search side made (`mean_actions`), so an
  upper bound, since the greedy side's decisions are in that time too;
- **odds**: the whole-process time of `fireteam odds SCENARIO --action …` for the actions in
  `ODDS_ACTIONS` (the slowest known), against the goal of 100 ms;
- **the duel**: `scripts/bench-duel.py --quick` (fireteam's SKIRMISH duel beside numpy's);
- **memory**: the peak resident memory of `fireteam sim` for N and 10 N random battles, which
  stays flat when nothing grows with the number of battles.

It writes the tables with the machine's description to target/bench-sim.md and the figures to
target/bench-sim.json; `--docs` also copies them to docs/bench-sim.md, the copy the docs keep
of the latest run. `--skip` leaves sections out (speed, strength, goal, odds, duel, memory).

usage: python3 scripts/bench-sim.py [--budget SECONDS] [--max-runs N] [--only TEXT]
                                    [--games N] [--rollouts N] [--goal-games N]
                                    [--skip SECTION,…] [--docs]

It uses target/release/fireteam, building it first with `cargo build --release -p fireteam`.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "fireteam"
POLICIES = ["greedy", "random"]
THREADS = [1, 2]
# The goals of "Fast engine, fast and strong AI", in battles per second on the 2-core machine
# with both threads: (scenario file name, policy) -> goal.
GOALS = {
    ("arena.toml", "greedy"): 100,
    ("yard.toml", "greedy"): 500,
    ("arena.toml", "random"): 7300,
    ("yard.toml", "random"): 33000,
}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def build() -> None:
    log("building target/release/fireteam …")
    subprocess.run(
        ["cargo", "build", "--release", "-p", "fireteam"], cwd=ROOT, check=True
    )


def sim(scenario: Path, policy: str, runs: int, threads: int, sides=None) -> dict:
    cmd = [str(BIN), "sim", str(scenario), "-n", str(runs), "--threads", str(threads), "--json"]
    if sides:
        for name, pol in sides:
            cmd += ["--side", f"{name}={pol}"]
    else:
        cmd += ["--all-sides", policy]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


# The slowest single actions known for `odds --action` (the goal: each under 100 ms).
ODDS_ACTIONS = [
    ("scenarios/skirmish/arena.toml", "Dee fires a burst at Ana"),
    ("scenarios/skirmish/arena.toml", "Fay shoots at Cy"),
    ("scenarios/skirmish/bruce-vs-zorgo.toml", "Zorgo shoots at Bruce"),
    ("scenarios/dice-pool/yard.toml", None),
]


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return (max(0.0, c - h), min(1.0, c + h))


def sides_of(scenario: Path) -> list[str]:
    import tomllib

    doc = tomllib.loads(scenario.read_text())
    return [s["name"] for s in doc.get("sides", [])]


def strength(scenarios: list[Path], games: int, rollouts: int) -> list[dict]:
    """Win rates of challenger against opponent, both ways round, on two-sided scenarios."""
    rows = []
    pairs = [("greedy", "random"), (f"search:{rollouts}", "greedy")]
    for sc in scenarios:
        names = sides_of(sc)
        if len(names) != 2:
            continue
        rel = sc.relative_to(ROOT)
        # The baseline: greedy on both sides, whose seat shares say what a lopsided scenario
        # gives each side before either policy is stronger.
        log(f"{rel}: greedy on both sides, {games * 4} battles …")
        base = sim(sc, "greedy", games * 4, 2)
        for seat in names:
            rows.append(seat_row(base, rel, "greedy", "greedy", seat))
        for challenger, opponent in pairs:
            n = games if challenger.startswith("search") else games * 4
            for seat in (0, 1):
                sides = [(names[seat], challenger), (names[1 - seat], opponent)]
                log(f"{rel}: {challenger} as {names[seat]} against {opponent}, {n} battles …")
                r = sim(sc, "", n, 2, sides)
                rows.append(seat_row(r, rel, challenger, opponent, names[seat]))
    return rows


def seat_row(r: dict, rel, challenger: str, opponent: str, seat: str) -> dict:
    """One seat's result: wins, losses, draws, the interval, and the seconds per decision of
    the challenger (both threads' time over its decisions: an upper bound)."""
    me = next(x for x in r["sides"] if x["name"] == seat)
    lost = sum(x["wins"] for x in r["sides"] if x["name"] != seat)
    lo, hi = wilson(me["wins"], r["runs"])
    decisions = me.get("mean_actions", 0) * r["runs"]
    per_decision = 2 * r["elapsed_time_s"] / decisions if decisions else None
    return {
        "scenario": str(rel), "challenger": challenger, "opponent": opponent,
        "seat": seat, "runs": r["runs"], "wins": me["wins"], "losses": lost,
        "draws": r["draws"], "ci95": [lo, hi],
        "battles_per_sec": r.get("battles_per_sec"), "s_per_decision": per_decision,
    }


def search_goal(games: int) -> dict:
    """search:64 against greedy in the arena, both seats, with the pooled win rate."""
    sc = ROOT / "scenarios" / "skirmish" / "arena.toml"
    names = sides_of(sc)
    seats = []
    for seat in (0, 1):
        sides = [(names[seat], "search:64"), (names[1 - seat], "greedy")]
        log(f"search goal: search:64 as {names[seat]} against greedy, {games} battles …")
        seats.append(seat_row(sim(sc, "", games, 2, sides), sc.relative_to(ROOT),
                              "search:64", "greedy", names[seat]))
    wins = sum(x["wins"] for x in seats)
    runs = sum(x["runs"] for x in seats)
    worst = max(x["s_per_decision"] or 0 for x in seats)
    return {"seats": seats, "wins": wins, "runs": runs, "ci95": list(wilson(wins, runs)),
            "s_per_decision": worst}


def strength_line(c: dict) -> str:
    lo, hi = c["ci95"]
    return (
        f"| {c['scenario']} | {c['challenger']} | {c['opponent']} | {c['seat']} "
        f"| {c['runs']} | {c['wins']} | {c['losses']} | {c['draws']} "
        f"| {100 * c['wins'] / c['runs']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%) |\n"
    )


def odds_times() -> list[dict]:
    rows = []
    for scenario, action in ODDS_ACTIONS:
        cmd = [str(BIN), "odds", scenario, "--json"]
        if action:
            cmd += ["--action", action]
        else:
            cmd += ["--action", first_attack(scenario)]
        t0 = time.perf_counter()
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        exact = None
        try:
            exact = json.loads(out.stdout).get("exact")
        except json.JSONDecodeError:
            pass
        rows.append({"scenario": scenario, "action": cmd[-1], "seconds": wall,
                     "exact": exact, "ok": out.returncode == 0})
    return rows


def first_attack(scenario: str) -> str:
    """A shot the opening of `odds --action` makes legal: the first `shoot` of a played log."""
    out = subprocess.run([str(BIN), "run", scenario, "--json"], cwd=ROOT, capture_output=True,
                         text=True)
    for line in out.stdout.splitlines():
        try:
            e = json.loads(line)
        except json.JSONDecodeError:
            continue
        text = e.get("action") if isinstance(e, dict) else None
        if isinstance(text, str) and text.startswith("shoot"):
            return text
    return "shoot"


def duel() -> str | None:
    """The table `scripts/bench-duel.py --quick` prints (its JSON goes to target/)."""
    log("the duel beside numpy (scripts/bench-duel.py --quick) …")
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench-duel.py"), "--quick"],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        log(r.stderr[-2000:])
        return None
    return r.stdout.strip()


def peak_memory(scenario: Path, runs: int) -> int:
    """Peak resident memory in KiB of one `fireteam sim` run of random battles: that child's
    own rusage from `wait4` (RUSAGE_CHILDREN would give the largest child the script has run)."""
    proc = subprocess.Popen([str(BIN), "sim", str(scenario), "-n", str(runs), "--threads", "2",
                             "--all-sides", "random", "--json"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise subprocess.CalledProcessError(proc.returncode, proc.args)
    return usage.ru_maxrss


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=3.0, help="seconds of battles per cell")
    ap.add_argument("--max-runs", type=int, default=200_000, help="battles per cell at most")
    ap.add_argument("--only", default="", help="only scenarios whose path contains this text")
    ap.add_argument("--docs", action="store_true", help="also write docs/bench-sim.md")
    ap.add_argument("--games", type=int, default=40, help="search battles per seating")
    ap.add_argument("--rollouts", type=int, default=16, help="the search policy's rollouts")
    ap.add_argument("--goal-games", type=int, default=60,
                    help="arena battles a seat for the search goal (search:64 against greedy)")
    ap.add_argument("--skip", default="", help="sections to leave out, comma-separated")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    build()
    scenarios = sorted(
        p
        for p in (ROOT / "scenarios").glob("*/*.toml")
        if args.only in str(p.relative_to(ROOT))
    )
    if not scenarios:
        log(f"no scenario matches '{args.only}'")
        return 2
    rows = []
    for sc in scenarios if "speed" not in skip else []:
        rel = sc.relative_to(ROOT)
        for policy in POLICIES:
            probe = sim(sc, policy, 2 if policy == "greedy" else 100, 1)
            rate = max(probe["battles_per_sec"], 0.01)
            runs = int(min(args.max_runs, max(2, rate * args.budget)))
            cell = {"scenario": str(rel), "policy": policy, "runs": runs}
            for t in THREADS:
                log(f"{rel} {policy}: {runs} battles, {t} thread(s) …")
                r = sim(sc, policy, runs, t)
                cell[f"per_sec_{t}"] = r["battles_per_sec"]
                cell["draws"] = r["draws"]
            cell["goal"] = GOALS.get((sc.name, policy))
            rows.append(cell)
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"Measured {when} on {machine()}, with `python3 scripts/bench-sim.py`.",
        "",
        "| scenario | policy | battles | draws | battles/s, 1 thread | battles/s, 2 threads | goal (2 threads) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for c in rows:
        goal = f"{c['goal']:,}" if c["goal"] else ""
        lines.append(
            f"| {c['scenario']} | {c['policy']} | {c['runs']:,} | {c['draws']:,} "
            f"| {c['per_sec_1']:,.1f} | {c['per_sec_2']:,.1f} | {goal} |"
        )
    table = "\n".join(lines) + "\n"
    strong = [] if "strength" in skip else strength(scenarios, args.games, args.rollouts)
    if strong:
        table += (
            "\n## Strength\n\nWin rate of the first policy against the second, playing the side "
            "named, with its 95% (Wilson) interval; the other side plays the second policy.\n\n"
            "| scenario | policy | against | as side | battles | wins | losses | draws | win rate (95% CI) |\n"
            "|---|---|---|---|---:|---:|---:|---:|---|\n"
        )
        for c in strong:
            table += strength_line(c)
    goal = None if "goal" in skip else search_goal(args.goal_games)
    if goal:
        lo, hi = goal["ci95"]
        table += (
            "\n## The search goal\n\n`search:64` against greedy in the arena, each seat "
            f"{args.goal_games} battles (goal: at least 60% of the battles won, at most 1 s a "
            "decision). Seconds per decision are both threads' time over the search side's "
            "decisions, the greedy side's time included, so an upper bound.\n\n"
            "| scenario | policy | against | as side | battles | wins | losses | draws | win rate (95% CI) |\n"
            "|---|---|---|---|---:|---:|---:|---:|---|\n"
        )
        for c in goal["seats"]:
            table += strength_line(c)
        table += (
            f"\nBoth seats: {goal['wins']} of {goal['runs']} won, "
            f"{100 * goal['wins'] / goal['runs']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%); "
            f"at most {goal['s_per_decision']:.2f} s a decision.\n"
        )
    odds = [] if "odds" in skip else odds_times()
    if odds:
        table += (
            "\n## Exact odds of one action\n\nWhole-process time of `fireteam odds SCENARIO "
            "--action ACTION --json` (goal: under 100 ms, exact).\n\n"
            "| scenario | action | seconds | exact |\n|---|---|---:|---|\n"
        )
        for o in odds:
            table += f"| {o['scenario']} | {o['action']} | {o['seconds']:.3f} | {o['exact']} |\n"
    d = None if "duel" in skip else duel()
    if d:
        table += "\n## The duel beside numpy\n\n`scripts/bench-duel.py --quick`:\n\n```\n" + d + "\n```\n"
    mem = {}
    if "memory" not in skip:
        sc = ROOT / "scenarios" / "skirmish" / "arena.toml"
        for n in (10_000, 100_000):
            log(f"peak memory, {n:,} random arena battles …")
            mem[n] = peak_memory(sc, n)
        table += (
            "\n## Memory\n\nPeak resident memory of `fireteam sim scenarios/skirmish/arena.toml "
            "--all-sides random --threads 2`:\n\n| battles | peak KiB |\n|---:|---:|\n"
        )
        for n, kib in mem.items():
            table += f"| {n:,} | {kib:,} |\n"
    print(table)
    target = ROOT / "target"
    target.mkdir(exist_ok=True)
    (target / "bench-sim.md").write_text(table)
    (target / "bench-sim.json").write_text(
        json.dumps({"when": when, "machine": machine(), "cells": rows, "strength": strong,
                    "search_goal": goal,
                    "odds": odds, "duel": d, "memory": mem}, indent=2) + "\n"
    )
    if args.docs:
        head = (
            "# Simulation speed and strength\n\n"
            "The latest tables of `scripts/bench-sim.py`: battles per second of every shipped\n"
            "scenario with the greedy and the random policy on every side, on one and two\n"
            "threads (greedy battles are few, so their figures are rougher); the policies' win\n"
            "rates against each other; the time of exact odds; the duel beside numpy; memory.\n\n"
        )
        (ROOT / "docs" / "bench-sim.md").write_text(head + table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
