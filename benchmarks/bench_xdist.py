"""Benchmark: how the wall time of a suite run scales with xdist workers, and what each run costs before and
after its items.

Runs ``pytest <paths> --agent=oracle -n N`` for each N (``-n 0``: no xdist) as fresh processes, repeats the
set ``--rounds`` times interleaved (so a busy machine slows every N alike), and prints the median wall time,
the speed-up over ``-n 0`` taken in the same run, and the efficiency (speed-up / N). It also times the same
``-n`` on a file of two empty tests, which is xdist's own fixed cost (spawning and tearing down workers),
and the suite's collection alone (``--collect-only``, draws cached), so the share of the wall that cannot
scale is visible. Run from the repository root::

    python benchmarks/bench_xdist.py                                   # every suite, -n 0 1 2
    python benchmarks/bench_xdist.py --instances 5 --workers 0 1 2 4 8 # 715 items
    python benchmarks/bench_xdist.py suites/androidworld --rounds 5

With W the work of the items on one core and F the fixed cost, N workers on N free cores take about
F_N + W / N: the speed-up approaches N only when W is large against F (on real devices an item takes
minutes, so F vanishes). Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EMPTY = "def test_a():\n    pass\n\n\ndef test_b():\n    pass\n"


def wall(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"pytest {' '.join(args)} failed ({done.returncode}):\n{done.stdout[-2000:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["suites"])
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    print(f"machine: {os.cpu_count()} cores; suite {' '.join(args.paths)} x {args.instances} instance(s); "
          f"median of {args.rounds} interleaved rounds")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        (out / "test_empty.py").write_text(EMPTY)
        suite = [*args.paths, "--agent=oracle", "--ma-instances", str(args.instances), "-q",
                 "--ma-output", str(out / "reports")]
        wall([*args.paths, "--collect-only", "-q", "--ma-instances", str(args.instances)], ROOT)  # fill the draws
        runs: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            runs.setdefault("collect", []).append(
                wall([*args.paths, "--collect-only", "-q", "--ma-instances", str(args.instances)], ROOT))
            for n in args.workers:
                runs.setdefault(f"suite {n}", []).append(wall([*suite, "-n", str(n)], ROOT))
                empty = ["test_empty.py", "-q", "-p", "no:cacheprovider", "-n", str(n)]
                runs.setdefault(f"empty {n}", []).append(wall(empty, out))
    median = {k: statistics.median(v) for k, v in runs.items()}
    base = median[f"suite {args.workers[0]}"]
    print(f"start-up + collection alone (--collect-only): {median['collect']:.2f} s")
    print(f"| -n | suite wall | speed-up vs -n {args.workers[0]} | efficiency | two empty tests (xdist fixed cost) |")
    print("| --- | --- | --- | --- | --- |")
    for n in args.workers:
        speedup = base / median[f"suite {n}"]
        eff = f"{speedup / n:.0%}" if n else "-"
        print(f"| {n} | {median[f'suite {n}']:.2f} s | {speedup:.2f}x | {eff} | {median[f'empty {n}']:.2f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
