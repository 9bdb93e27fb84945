"""Benchmark: pytest start-up and collection of the suites, as a user waits for it.

Times ``pytest <paths> --collect-only -q --ma-instances K`` as a fresh process: with the parameter draws
drawn afresh (an empty pytest cache, as on a fresh clone or under ``-p no:cacheprovider``) and with the draws
kept in pytest's cache by an earlier run, plus ``pytest --version`` (the interpreter and pytest alone).
Each figure is the median of ``--rounds`` interleaved runs. Run from the repository root::

    python benchmarks/bench_collect.py                  # 7 instances per task: 1,001 items
    python benchmarks/bench_collect.py --instances 1

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(args: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"pytest {' '.join(args)} failed ({done.returncode}):\n{done.stdout[-2000:]}")
    return elapsed, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["suites"])
    parser.add_argument("--instances", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        collect = [*args.paths, "--collect-only", "-q", "--ma-instances", str(args.instances),
                   "-o", f"cache_dir={cache}"]
        times: dict[str, list[float]] = {"version": [], "cold": [], "warm": []}
        items = ""
        for _ in range(args.rounds):
            times["version"].append(timed(["--version"])[0])
            shutil.rmtree(cache, ignore_errors=True)
            elapsed, out = timed(collect)
            times["cold"].append(elapsed)
            times["warm"].append(timed(collect)[0])
            found = re.search(r"(\d+) tests? collected", out)
            items = found.group(1) if found else "?"
    median = {k: statistics.median(v) for k, v in times.items()}
    print(f"{items} items ({' '.join(args.paths)}, {args.instances} instance(s) per task); "
          f"median of {args.rounds} runs")
    print(f"pytest --version (interpreter + pytest): {median['version']:.2f} s")
    print(f"start-up + collection, draws drawn afresh: {median['cold']:.2f} s")
    print(f"start-up + collection, draws kept in pytest's cache: {median['warm']:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
