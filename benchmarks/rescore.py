"""Benchmark: ``ma-rescore`` over 10,000 recorded episodes, and what saving final states costs a run.

Records a run of the oracle over every suite on the simulator, with enough instances per task for ``--episodes``
episodes (``pytest suites --agent oracle --ma-instances K``; minutes, once: the run folder is reused while
it holds enough episodes), keeps the first ``--episodes`` of them, and times the ``ma-rescore`` command on it
(a new process, as a user runs it: imports, task modules, the phone, every check). Reports the final states'
sizes. With ``--overhead``, also times the suites' run with ``--ma-final-states`` off and on (alternately,
``--repeats`` times each). Run from the repository root::

    python benchmarks/rescore.py                       # 10,000 episodes, ma-rescore with a worker per CPU
    python benchmarks/rescore.py --workers 1 --overhead

Nothing here is asserted: these are figures to record, not tests.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from pytest_mobileagent.report.results import ResultsFile

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def episodes_in(run: Path) -> int:
    path = run / "results.jsonl"
    return sum(1 for _ in path.open("rb")) if path.exists() else 0


def record(out: Path, episodes: int, workers: int) -> Path:
    """A run of the oracle over every suite with at least ``episodes`` episodes (reused when there is one)."""
    run = out / "oracle-run"
    if episodes_in(run) >= episodes and (run / "final_states").is_dir():
        return run
    instances = math.ceil(episodes / 390) + 1  # about 400 items per instance of every task, some skipped
    # a run cut short goes on where it stopped
    where = ["--ma-resume", str(run)] if episodes_in(run) else ["--ma-run-id", run.name]
    command = [PYTHON, "-m", "pytest", "suites", "--agent", "oracle", "--ma-instances", str(instances), "-q",
               "-p", "no:cacheprovider", "--ma-output", str(out), *where,
               *(["-n", str(workers)] if workers > 1 else [])]
    t0 = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=_env(), check=False, stdout=subprocess.DEVNULL)
    print(f"recorded {episodes_in(run)} episodes ({instances} instances per task) in {time.perf_counter() - t0:.0f} s")
    return run


def trimmed(run: Path, episodes: int) -> Path:
    """A run folder holding the records of the first ``episodes`` episodes of ``run`` (its final states linked,
    not copied)."""
    target = run.with_name(f"{run.name}-{episodes}")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    kept: dict[str, bytes] = {}  # one line per episode (the last), for the first ``episodes`` episodes
    for _, line, record in ResultsFile(run / "results.jsonl", "benchmarks/rescore.py").read():
        key = f"{record['suite']}/{record['task']}[{record['instance']}-{record.get('repeat')}]"
        if key in kept or len(kept) < episodes:
            kept[key] = line
    (target / "results.jsonl").write_bytes(b"".join(kept.values()))
    (target / "final_states").symlink_to(run / "final_states")
    return target


def sizes(run: Path) -> str:
    states = [p.stat().st_size for p in (run / "final_states").glob("*.state")]
    bases = [p.stat().st_size for p in (run / "final_states").glob("base-*.tree")]
    results = (run / "results.jsonl").stat().st_size / episodes_in(run)
    return (f"final states: {len(states)} files, {sum(states) / 1e6:.1f} MB, median {statistics.median(states):,.0f} "
            f"bytes, 90th percentile {sorted(states)[int(len(states) * 0.9)]:,} bytes, largest {max(states):,}; "
            f"{len(bases)} base tree(s) of {sum(bases):,} bytes; a results line averages {results:,.0f} bytes")


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far: the figure a loaded machine does not
    inflate, beside the wall time."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_rescore(run: Path, workers: int) -> float:
    out = run / "rescore"
    t0, c0 = time.perf_counter(), children_cpu()
    done = subprocess.run([PYTHON, "-m", "pytest_mobileagent.report.rescore", str(run), "--workers", str(workers),
                           "--out", str(out)], cwd=ROOT, env=_env(), capture_output=True, text=True)
    seconds, cpu = time.perf_counter() - t0, children_cpu() - c0
    print(done.stdout.splitlines()[0] if done.stdout else done.stderr[-2000:])
    report = json.loads((out / "rescore.json").read_text())
    print(f"ma-rescore, {workers} worker(s): {report['rejudged']} of {report['episodes']} episodes re-judged in "
          f"{seconds:.1f} s wall ({report['rejudged'] / seconds:.0f} episodes/s), {cpu:.1f} s of CPU in all its "
          f"processes, exit {done.returncode}; {len(report['changed'])} verdicts changed, "
          f"{len(report['not_rejudged'])} not re-judged; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          f"CPUs")
    return seconds


def overhead(out: Path, repeats: int) -> None:
    """The suites' oracle run with final states off and on, alternately, in one process each (-n 0)."""
    times: dict[str, list[float]] = {"off": [], "on": []}
    for i in range(repeats):
        for policy in ("off", "on"):
            run_id = f"overhead-{policy}-{i}"
            shutil.rmtree(out / run_id, ignore_errors=True)
            c0 = children_cpu()
            subprocess.run([PYTHON, "-m", "pytest", "suites", "--agent", "oracle", "-q", "-p", "no:cacheprovider",
                            "--ma-output", str(out), "--ma-run-id", run_id, "--ma-final-states", policy],
                           cwd=ROOT, env=_env(), check=False, stdout=subprocess.DEVNULL)
            times[policy].append(round(children_cpu() - c0, 2))
    off, on = statistics.median(times["off"]), statistics.median(times["on"])
    n = max(1, episodes_in(out / "overhead-on-0"))
    print(f"suites with the oracle ({n} episodes), CPU seconds: final states off {off:.1f} s, on {on:.1f} s "
          f"(medians of {repeats}; {times}); {(on - off) / n * 1000:.2f} ms an episode")
    print(sizes(out / "overhead-on-0"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="ma-rescore's processes")
    parser.add_argument("--record-workers", type=int, default=1, help="xdist workers recording the run")
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "bench-rescore")
    parser.add_argument("--overhead", action="store_true", help="also time a run with final states off and on")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.overhead:
        overhead(args.out, args.repeats)
    run = trimmed(record(args.out, args.episodes, args.record_workers), args.episodes)
    print(sizes(run))
    time_rescore(run, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
