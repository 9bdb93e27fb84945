"""Where each task is proven: the oracle succeeds and the do-nothing agent fails, per backend. Prints one
Markdown table per suite for the suite READMEs, from the ``results.jsonl`` of oracle and noop runs::

    pytest suites --agent oracle --ma-run-id sim-oracle; pytest suites --agent noop --ma-run-id sim-noop
    ma-sim-adb --devices 2 &   # then the same two runs with --ma-serials <its specs>: wire-oracle, wire-noop
    python benchmarks/verification.py "in process=reports/sim-oracle,reports/sim-noop" \\
        "over the wire=reports/wire-oracle,reports/wire-noop" "real emulator (DATE, IMAGE)=..."

A cell is "yes" when every recorded instance passed with the oracle and failed with noop, "skipped" when the
backend lacks a capability the task requires, "no (...)" otherwise, and "-" when the backend has no run.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from pytest_mobileagent.report.results import ResultsFile


def outcomes(run: Path) -> dict[tuple[str, str], list[str]]:
    """(suite, task) -> the outcome of each of its episodes in a run folder (skips carry no record)."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    path = run / "results.jsonl" if run.is_dir() else run
    for record in ResultsFile(path, "benchmarks/verification.py"):
        found[(record["suite"], record["task"])].append(record["outcome"])
    return found


def cell(oracle: list[str] | None, noop: list[str] | None) -> str:
    if not oracle and not noop:
        return "skipped"
    good = bool(oracle) and all(o == "success" for o in oracle) and all(n == "failure" for n in noop or [])
    if good and noop:
        return "yes"
    return f"no (oracle {sum(o == 'success' for o in oracle or [])}/{len(oracle or [])}, noop failed " \
           f"{sum(n == 'failure' for n in noop or [])}/{len(noop or [])})"


def main(argv: list[str]) -> int:
    columns: list[tuple[str, dict, dict]] = []
    for spec in argv:
        label, _, paths = spec.partition("=")
        oracle_run, noop_run = (Path(p) for p in paths.split(","))
        columns.append((label, outcomes(oracle_run), outcomes(noop_run)))
    if not columns:
        print(__doc__, file=sys.stderr)
        return 2
    tasks = sorted({key for _, o, n in columns for key in (*o, *n)})
    for suite in sorted({s for s, _ in tasks}):
        print(f"### {suite}\n")
        print("| task | " + " | ".join(label for label, _, _ in columns) + " |")
        print("|---|" + "---|" * len(columns))
        for s, task in tasks:
            if s == suite:
                print(f"| {task} | " + " | ".join(cell(o.get((s, task)), n.get((s, task))) for _, o, n in columns)
                      + " |")
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
