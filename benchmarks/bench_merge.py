"""Benchmark: ``ma-merge`` of large runs (time and peak memory).

Makes a run of ``--episodes`` synthetic episodes from the records of a real run (``--template``, default: a
fresh oracle run of the suites), split into ``--shards`` run folders, then merges them in a child process and
prints the wall time and its peak RSS::

    python benchmarks/bench_merge.py --episodes 100000 --shards 4

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def template_records(path: Path | None, tmp: Path) -> list[dict]:
    if path is None:
        subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "suites"), "-q", "-p", "no:cacheprovider",
                        "--ma-output", str(tmp), "--ma-run-id", "template"], check=False, capture_output=True)
        path = tmp / "template" / "results.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=100_000)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--template", type=Path, default=None, help="a results.jsonl to copy records from")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ma-bench-merge-") as tmp_name:
        tmp = Path(tmp_name)
        records = template_records(args.template, tmp)
        shards = [tmp / f"shard-{k}" for k in range(args.shards)]
        files = []
        for shard in shards:
            shard.mkdir()
            files.append((shard / "results.jsonl").open("w", encoding="utf-8"))
        for i in range(args.episodes):
            record = dict(records[i % len(records)], instance=i // len(records))
            files[i % args.shards].write(json.dumps(record) + "\n")
        for f in files:
            f.close()
        size = sum((s / "results.jsonl").stat().st_size for s in shards)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pytest_mobileagent.report.merge", *map(str, shards),
                        "--out", str(tmp / "merged")], check=True, cwd=ROOT)
        wall = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"ma-merge of {args.episodes} episodes ({size / 1e6:.0f} MB in {args.shards} runs): {wall:.1f} s, "
              f"peak RSS {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
