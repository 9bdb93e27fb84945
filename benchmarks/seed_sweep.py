"""Every seed collects every item: the suites' task parameters drawn for seeds 1..N, counting the items per seed
and the most attempts a draw needed (its filters' rejections); prints any seed that lost an item.

    python benchmarks/seed_sweep.py [--seeds 500] [--instances 1]

The collection a user's ``pytest suites --collect-only --ma-seed N`` does draws the same values
(:func:`pytest_mobileagent.tasks.registry.cases`); a draw fails after ``ATTEMPTS`` rejections.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from suite_tasks import all_tasks  # noqa: E402

from pytest_mobileagent.tasks.params import ATTEMPTS, draw_counted, instance_seed  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--instances", type=int, default=1)
    args = parser.parse_args()
    tasks = all_tasks()
    started = time.perf_counter()
    counts: collections.Counter[int] = collections.Counter()
    worst: dict[str, int] = {}
    lost: list[str] = []
    for cls in tasks:
        strategies = {}
        for seed in range(1, args.seeds + 1):
            for i in range(max(args.instances, len(cls.published))):
                row = i if i < len(cls.published) else -1
                if row not in strategies:
                    strategies[row] = cls.published_parameters(cls.published[row]) if row >= 0 else cls.parameters()
                _, attempts = draw_counted(strategies[row], instance_seed(seed, cls.name, i))
                if attempts is None:
                    lost.append(f"seed {seed}: {cls.name}[{i}]")
                    continue
                counts[seed] += 1
                worst[cls.name] = max(worst.get(cls.name, 0), attempts)
    elapsed = time.perf_counter() - started
    sizes = collections.Counter(counts[s] for s in range(1, args.seeds + 1))
    print(f"{len(tasks)} tasks, seeds 1..{args.seeds}: items per seed {dict(sizes)} in {elapsed:.0f} s")
    for name, attempts in sorted(worst.items(), key=lambda kv: -kv[1])[:5]:
        print(f"  most attempts: {name} {attempts} (of {ATTEMPTS})")
    for line in lost:
        print("  LOST", line)
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
