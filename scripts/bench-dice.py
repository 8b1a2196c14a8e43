#!/usr/bin/env python3
"""fireteam's exact dice engine beside the Python peers, in one run on one machine.

Runs ../shared/peers/bench_exact.py (icepool, dyce, Troll, AnyDice) and `fireteam bench dice`
on the same task set, then prints one table with the ratio of the fastest peer's time to
fireteam's, cold (a fresh process per measurement, as the peers' cold runs are).
Also times `fireteam odds '100d6'` as a whole process.

usage: python3 scripts/bench-dice.py [--quick] [--skip-peers] [--out FILE]

  --quick       fewer repetitions (the peers' --quick mode)
  --skip-peers  reuse the peers' JSON from a previous run (bench_exact[_quick].json in target/)
  --out FILE    where to write the combined JSON (default target/bench-dice.json)

The peers need Python packages; the first run creates .peers/ (a virtualenv, kept out of git)
and installs ../shared/peers/requirements-peers.txt into it.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
PEERS = SHARED / "peers"
VENV = ROOT / ".peers"
TARGET = ROOT / "target"
BIN = TARGET / "release" / "fireteam"
LIBS = ["icepool", "dyce", "troll", "anydice"]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def peers_python() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists():
        log(f"creating {VENV} and installing the peers (once)…")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "-r",
                        str(PEERS / "requirements-peers.txt")], check=True)
    return py


def run_peers(quick: bool, skip: bool) -> dict:
    name = "bench_exact_quick.json" if quick else "bench_exact.json"
    out = TARGET / name
    if skip and out.exists():
        log(f"reusing {out}")
        return json.loads(out.read_text())
    py = peers_python()
    log("running the peers (this takes a few minutes)…")
    args = [str(py), str(PEERS / "bench_exact.py")] + (["--quick"] if quick else [])
    subprocess.run(args, check=True, cwd=TARGET, stdout=sys.stderr)
    return json.loads(out.read_text())


def fireteam_json(args: list[str]) -> dict:
    out = subprocess.run([str(BIN)] + args, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def run_fireteam(tasks: list[str], cold_runs: int) -> dict:
    res = {}
    for t in tasks:
        colds, warms = [], []
        for _ in range(cold_runs):
            row = fireteam_json(["bench", "dice", "--task", t, "--json", "--repeats", "21"])["tasks"][0]
            colds.append(row["cold_time_s"])
            warms.append(row["warm_time_s"])
        res[t] = {"cold_s": statistics.median(colds), "warm_s": statistics.median(warms),
                  "expr": row["expr"]}
    return res


def whole_process(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([str(BIN)] + args, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def fmt(s: float) -> str:
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--skip-peers", action="store_true")
    ap.add_argument("--out", type=Path, default=TARGET / "bench-dice.json")
    a = ap.parse_args()
    if not PEERS.exists():
        log(f"error: {PEERS} not found; run from a checkout with shared/ beside it")
        return 2
    TARGET.mkdir(exist_ok=True)
    log("building fireteam (release)…")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "fireteam"], check=True, cwd=ROOT)
    peers = run_peers(a.quick, a.skip_peers)
    tasks = [row["task"] for row in peers["tasks"]]
    cold_runs = peers.get("cold_runs", 9)
    log(f"running fireteam ({cold_runs} fresh processes per task)…")
    ours = run_fireteam(tasks, cold_runs)
    odds100 = whole_process(["odds", "100d6"], 21)

    head = ["task", "fireteam cold", "fireteam warm"] + [f"{l} cold" for l in LIBS] + \
        ["fastest peer", "ratio", "≥10×"]
    rows = []
    combined = []
    for row in peers["tasks"]:
        t = row["task"]
        cold = {l: row[f"{l}_cold_s"] for l in LIBS}
        exact_peers = {l: v for l, v in cold.items() if row.get(f"{l}_vs_icepool") == "exact"}
        best_lib = min(exact_peers, key=exact_peers.get)
        best = exact_peers[best_lib]
        ratio = best / ours[t]["cold_s"]
        rows.append([t, fmt(ours[t]["cold_s"]), fmt(ours[t]["warm_s"])] +
                    [fmt(cold[l]) + ("" if l in exact_peers else "*") for l in LIBS] +
                    [best_lib, f"{ratio:,.0f}×", "yes" if ratio >= 10 else "NO"])
        combined.append({"task": t, "expr": ours[t]["expr"], "fireteam_cold_s": ours[t]["cold_s"],
                         "fireteam_warm_s": ours[t]["warm_s"], "peers_cold_s": cold,
                         "fastest_exact_peer": best_lib, "ratio_cold": ratio})
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "  ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths)))
    print(line(head))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print("* not exact against icepool (dice-calc rescales huge weights); not counted as the fastest peer")
    print(f"\nfireteam odds '100d6', whole process, median of 21: {fmt(odds100)} "
          f"(goal < 20 ms: {'yes' if odds100 < 0.020 else 'NO'})")
    a.out.write_text(json.dumps({"tasks": combined, "odds_100d6_process_s": odds100,
                                 "cold_runs": cold_runs, "peers_validation": peers.get("validation")},
                                indent=1) + "\n")
    log(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
