#!/usr/bin/env python3
"""Battles per second of every shipped scenario, per policy and thread count, in one table.

For each scenario under scenarios/*/ and each policy (`greedy` and `random` on every side, via
`fireteam sim --all-sides POLICY`), the script runs `fireteam sim … --json` with 1 and with 2
threads and reads the simulator's own `battles_per_sec` (the battles only, without start-up).
Greedy battles are slow and random ones fast, so the number of battles adapts to a time budget:
a short probe measures the rate, and the timed run plays about `--budget` seconds of battles (at
least a few, at most --max-runs). The same seed is used throughout, so the battles are the same
at both thread counts (the simulator's results do not depend on its threads).

It prints a Markdown table (scenario, policy, battles, battles/s with 1 and 2 threads, the
issue's goal where one is set) and writes it with the machine's description to
target/bench-sim.md and the figures to target/bench-sim.json; `--docs` also copies the table
to docs/bench-sim.md, the copy the docs keep of the latest run.

usage: python3 scripts/bench-sim.py [--budget SECONDS] [--max-runs N] [--only TEXT] [--docs]

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


def sim(scenario: Path, policy: str, runs: int, threads: int) -> dict:
    cmd = [
        str(BIN),
        "sim",
        str(scenario),
        "-n",
        str(runs),
        "--threads",
        str(threads),
        "--all-sides",
        policy,
        "--json",
    ]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


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
    args = ap.parse_args()
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
    for sc in scenarios:
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
    print(table)
    target = ROOT / "target"
    target.mkdir(exist_ok=True)
    (target / "bench-sim.md").write_text(table)
    (target / "bench-sim.json").write_text(
        json.dumps({"when": when, "machine": machine(), "cells": rows}, indent=2) + "\n"
    )
    if args.docs:
        head = (
            "# Simulation speed\n\n"
            "The latest table of `scripts/bench-sim.py`: battles per second of every shipped\n"
            "scenario with the greedy and the random policy on every side, on one and two\n"
            "threads. Greedy battles are few, so their figures are rougher.\n\n"
        )
        (ROOT / "docs" / "bench-sim.md").write_text(head + table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
