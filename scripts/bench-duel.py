#!/usr/bin/env python3
"""fireteam's simulated duel beside the peer's numpy duel, in one run on one machine.

Times `fireteam sim scenarios/skirmish/bench-duel.toml -n N --threads 0 --json` (the duel of
../shared/peers/bench_mc.py played under the full SKIRMISH rules, `ai:first` on both sides) and
the peer's vectorised numpy duel (`duels_numpy`, imported from ../shared/peers/bench_mc.py and
timed with the peer's own `timed`: the median of 5 runs of 1,000,000 duels), then prints the time
per duel of each and the ratio numpy / fireteam (above 1: fireteam is faster).

fireteam is timed two ways: the whole `fireteam sim` process (wall clock, start-up and JSON
included) and the simulator's own `elapsed_time_s` from its JSON (the battles only). Each run
plays N battles (1,000,000; 200,000 with --quick), enough that start-up does not matter; the
median of 5 runs (3 with --quick) is reported, with every core (`--threads 0`) and on one core
(`--threads 1`, the fair comparison with numpy, which runs on one core).

The two duels are not the same work: the peer alternates bare attacks (A first) until one
fighter is at STR <= 0; fireteam plays the whole SKIRMISH turn (initiative, movement, eDEX order,
falls, dropped and broken weapons, unconsciousness at STR 1). So the win rates differ by design:
the peer's P(A wins) is 0.6417; in fireteam's duel the fighters are identical and the initiative
is fair, so it is 1/2 (crates/rules/skirmish/tests/duel_exact.rs computes it exactly).

usage: python3 scripts/bench-duel.py [--quick] [--out FILE]

  --quick       100,000 numpy duels and 200,000 fireteam battles, 3 fireteam runs
  --out FILE    where to write the JSON (default target/bench-duel.json)

The peer needs numpy; the first run creates .peers/ (a virtualenv, kept out of git), installs
../shared/peers/requirements-peers.txt into it, and the script then runs itself with it.
"""
from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import platform
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
SCENARIO = ROOT / "scenarios" / "skirmish" / "bench-duel.toml"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def reexec_in_venv() -> None:
    """Runs this script again with the peers' virtualenv (created on first use)."""
    py = VENV / "bin" / "python"
    if not py.exists():
        log(f"creating {VENV} and installing the peers (once)…")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "-r",
                        str(PEERS / "requirements-peers.txt")], check=True)
    os.execv(str(py), [str(py), str(Path(__file__).resolve())] + sys.argv[1:])


def load_peer():
    """../shared/peers/bench_mc.py as a module (imported by path, not copied)."""
    sys.dont_write_bytecode = True  # leave no __pycache__ beside the peer's file
    spec = importlib.util.spec_from_file_location("bench_mc", PEERS / "bench_mc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run_peer(peer, n: int) -> dict:
    log(f"numpy: {n:,} duels × 5 (the peer's duels_numpy, timed by the peer's timed)…")
    med, times, (a_wins, attacks) = peer.timed(peer.duels_numpy, n, repeat=5)
    return {"duels": n, "median_s": med, "runs_s": times,
            "check": peer.check_duel(a_wins, attacks, n), "numpy": peer.np.__version__}


def run_fireteam(n: int, threads: int, repeat: int) -> dict:
    log(f"fireteam: {n:,} battles × {repeat}, --threads {threads}…")
    args = [str(BIN), "sim", str(SCENARIO), "-n", str(n), "--threads", str(threads), "--json"]
    walls, sims, report = [], [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = subprocess.run(args, check=True, capture_output=True, text=True, cwd=ROOT)
        walls.append(time.perf_counter() - t0)
        r = json.loads(out.stdout)
        sims.append(r["elapsed_time_s"])
        counts = {k: v for k, v in r.items() if k not in ("elapsed_time_s", "battles_per_sec")}
        if report is not None and counts != report:
            raise SystemExit("fireteam sim gave different counts for the same seed")
        report = counts
    return {"battles": n, "threads": threads, "process_median_s": statistics.median(walls),
            "process_runs_s": walls, "sim_median_s": statistics.median(sims), "sim_runs_s": sims,
            "report": report}


def fmt_time(s: float) -> str:
    if s < 1e-6:
        return f"{s * 1e9:.1f} ns"
    if s < 1e-3:
        return f"{s * 1e6:.2f} µs"
    if s < 1:
        return f"{s * 1e3:.1f} ms"
    return f"{s:.2f} s"


def machine() -> dict:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "os": platform.platform(),
            "python": platform.python_version()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", type=Path, default=TARGET / "bench-duel.json")
    a = ap.parse_args()
    if not PEERS.exists():
        log(f"error: {PEERS} not found; run from a checkout with shared/ beside it")
        return 2
    if not in_venv():
        reexec_in_venv()
    TARGET.mkdir(exist_ok=True)
    log("building fireteam (release)…")
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "fireteam"], check=True, cwd=ROOT)
    peer = load_peer()

    n_peer = 100_000 if a.quick else 1_000_000
    n_ft = 200_000 if a.quick else 1_000_000
    repeat = 3 if a.quick else 5
    load_before = os.getloadavg()
    numpy_row = run_peer(peer, n_peer)
    all_cores = run_fireteam(n_ft, 0, repeat)
    one_core = run_fireteam(n_ft, 1, repeat)
    load_after = os.getloadavg()

    numpy_per = numpy_row["median_s"] / n_peer
    rows = [["numpy duel (peer: alternating attacks)", "1", f"{n_peer:,}",
             fmt_time(numpy_row["median_s"]), fmt_time(numpy_per), "1"]]
    per_duel = {}
    for run in (all_cores, one_core):
        threads = run["threads"] or os.cpu_count()
        for key, what in (("process_median_s", "whole process"), ("sim_median_s", "simulator's own time")):
            per = run[key] / run["battles"]
            per_duel[f"{key.split('_')[0]}_threads_{run['threads']}"] = per
            rows.append([f"fireteam sim, {what}", str(threads), f"{run['battles']:,}",
                         fmt_time(run[key]), fmt_time(per), f"{numpy_per / per:.3g}"])
    head = ["duel", "cores", "duels", "median", "per duel", "numpy ÷ this"]
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]

    def line(r):
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))

    print(line(head))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print("numpy ÷ this: above 1, fireteam is that many times faster per duel; below 1, slower.")
    print("fireteam's duel is the full SKIRMISH turn with the `first` AI; the peer's is bare alternating attacks.")

    side_a = all_cores["report"]["sides"][0]
    lo, hi = side_a["ci95"]
    check = numpy_row["check"]
    print(f"\nP(A wins), fireteam sim ({all_cores['battles']:,} battles): {side_a['win_rate']:.4f} "
          f"(95% CI {lo:.4f}–{hi:.4f}); full rules, identical fighters, fair initiative: 1/2 exactly "
          f"(tests/duel_exact.rs)")
    print(f"P(A wins), numpy peer ({n_peer:,} duels): {check['p_a_wins']:.4f} "
          f"(exact {check['exact_p_a_wins']:.4f}, z {check['z']:+.2f}); A always attacks first, by design")
    print(f"fireteam: mean turns {all_cores['report']['mean_rounds']:.4f}, "
          f"draws {all_cores['report']['draws']}; numpy: mean attacks {check['mean_attacks']:.4f}")
    print(f"\nload average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after, on "
          f"{os.cpu_count()} cores: above the cores in use, other processes shared the CPU and the "
          f"times are pessimistic")

    out = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": machine(),
        "quick": a.quick,
        "load_average_before": load_before,
        "load_average_after": load_after,
        "numpy_duel": numpy_row,
        "fireteam_all_cores": all_cores,
        "fireteam_one_core": one_core,
        "per_duel_s": {"numpy": numpy_per, **per_duel},
        "ratio_numpy_over_fireteam": {k: numpy_per / v for k, v in per_duel.items()},
    }
    a.out.write_text(json.dumps(out, indent=1) + "\n")
    log(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
