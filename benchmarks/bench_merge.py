"""Benchmark: ``ma-merge`` of large runs (wall time and peak RSS of the ``ma-merge`` process).

Makes ``--episodes`` synthetic episodes from the records of a real run (``--template``, default: a fresh oracle
run of the suites) with varied aggregate fields (success, scores, steps, trajectory metrics, durations, about 1%
infrastructure errors: identical values would flatter memory), written as ``--runs`` run folders (default one:
the issue's case of one run of 100,000 episodes), then merges them ``--repeat`` times in a child process::

    python benchmarks/bench_merge.py --episodes 100000 --runs 1
    python benchmarks/bench_merge.py --baseline /work/main     # interleaved with another checkout's ma-merge

With ``--baseline CHECKOUT`` each repetition runs that checkout's ``ma-merge`` (its package on PYTHONPATH) and
this one's back to back on the same files, and the ratios of the medians are printed; ratios are only ever
printed between figures of the same invocation. Nothing here is asserted: these are figures to record.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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


def varied(template: dict, instance: int, rng: random.Random) -> dict:
    """``template`` as another episode: its own instance and its own outcome, scores, steps and metrics."""
    if rng.random() < 0.01:
        return {k: template.get(k) for k in ("task", "suite", "repeat", "agent", "apps", "params", "difficulty",
                                             "tags", "nodeid", "run_id")} | {
            "instance": instance, "outcome": "error", "infrastructure": True, "error": f"device lost ({instance})"}
    success = float(rng.random() < 0.6) if rng.random() < 0.9 else round(rng.random(), 6)
    steps = rng.randint(1, template.get("max_steps") or 20)
    return dict(template, instance=instance, success=success, state_success=success,
                outcome="success" if success >= 1.0 else "failure",
                trivial_success=float(rng.random() < 0.05), num_steps=steps, seed=rng.getrandbits(31),
                self_reported=rng.choice(["complete", "infeasible", None]), duration_s=rng.random() * 60,
                metrics={name: round(rng.random(), 6) for name in template.get("metrics") or {}},
                timings={name: round(rng.random() * 10, 6) for name in template.get("timings") or {}})


def write_runs(records: list[dict], episodes: int, runs: int, tmp: Path) -> list[Path]:
    folders = [tmp / f"run-{k}" for k in range(runs)]
    rng = random.Random(0)
    files = []
    for folder in folders:
        folder.mkdir()
        files.append((folder / "results.jsonl").open("w", encoding="utf-8"))
    for i in range(episodes):
        record = varied(records[i % len(records)], i // len(records), rng)
        files[i % runs].write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
    for f in files:
        f.close()
    return folders


def merge_once(package_root: Path, folders: list[Path], out: Path) -> tuple[float, float, float]:
    """One ``ma-merge`` child: its wall time (s), its CPU time (s, user and system: what other load on the
    machine changes least) and its own peak RSS (MB), from ``wait4``."""
    env = dict(os.environ, PYTHONPATH=str(package_root))
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "pytest_mobileagent.report.merge", *map(str, folders),
                              "--out", str(out)], cwd=package_root, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"ma-merge from {package_root} failed with status {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _span(values: list[float], unit: str) -> str:
    return f"median {statistics.median(values):.2f}{unit} (range {min(values):.2f}-{max(values):.2f})"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=100_000)
    parser.add_argument("--runs", "--shards", type=int, default=1, help="run folders the episodes are split over")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--template", type=Path, default=None, help="a results.jsonl to copy records from")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout whose ma-merge runs interleaved with this one's")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ma-bench-merge-") as tmp_name:
        tmp = Path(tmp_name)
        folders = write_runs(template_records(args.template, tmp), args.episodes, args.runs, tmp)
        size = sum((f / "results.jsonl").stat().st_size for f in folders)
        print(f"ma-merge of {args.episodes} episodes ({size / 1e6:.0f} MB in {args.runs} runs), {args.repeat} times")
        checkouts = {"this": ROOT, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
        figures: dict[str, tuple[list[float], list[float], list[float]]] = {n: ([], [], []) for n in checkouts}
        for i in range(args.repeat):
            for name, root in (checkouts.items() if i % 2 == 0 else reversed(checkouts.items())):
                wall, cpu, rss = merge_once(root, folders, tmp / name / "merged")
                for column, value in zip(figures[name], (wall, cpu, rss)):
                    column.append(value)
                print(f"  {name:<8} {wall:6.2f} s  (cpu {cpu:5.2f} s)  peak RSS {rss:6.0f} MB", flush=True)
        for name, (walls, cpus, peaks) in figures.items():
            print(f"{name:<8} time {_span(walls, ' s')}; cpu {_span(cpus, ' s')}; peak RSS {_span(peaks, ' MB')}")
        if args.baseline:
            (t, c, m), (bt, bc, bm) = ([statistics.median(v) for v in figures[n]] for n in ("this", "baseline"))
            print(f"this / baseline: time {t / bt:.2f}x, cpu {c / bc:.2f}x, peak RSS {m / bm:.2f}x")
            same = all((tmp / "this" / "merged" / f).read_bytes() == (tmp / "baseline" / "merged" / f).read_bytes()
                       for f in ("results.jsonl", "metrics.json", "summary.html"))
            print(f"outputs identical (results.jsonl, metrics.json, summary.html): {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
