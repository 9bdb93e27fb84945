"""``ma-merge``: one run from several (CI shards, machines, resumed pieces).

    ma-merge reports/shard-1 reports/shard-2 --out reports/merged

Reads each run's ``results.jsonl``, keeps one record per episode (task, instance, repeat and agent; a
finished episode wins over an infrastructure error, and a later run over an earlier one), and writes the
merged ``results.jsonl``, ``metrics.json`` and ``summary.html`` (the metric tables and charts of the HTML
report) into ``--out``. It streams: what stays in memory is each kept episode's aggregated fields and where
its line is; the lines are copied, not parsed again.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from pytest_mobileagent.metrics.success import FIELDS, Aggregate
from pytest_mobileagent.records import EpisodeRecord
from pytest_mobileagent.report.results import ResultsFile, episode_key

#: The record fields the aggregates read: all merging keeps in memory of a record; the merged ``results.jsonl``
#: gets the whole lines, copied from where they were read.
AGGREGATED = FIELDS


@dataclass
class _Winner:
    """The record an episode keeps: where its line is, and what the aggregates need of it."""

    run: int
    offset: int
    summary: EpisodeRecord


def _results_path(run: Path) -> Path:
    path = run / "results.jsonl" if run.is_dir() else run
    if not path.exists():
        raise FileNotFoundError(f"no results in {run}")
    return path


def _winners(paths: list[Path]) -> dict[str, _Winner]:
    """One record per episode (a finished one wins over an infrastructure error, a later run over an earlier
    one), streamed: only the aggregated fields of the winners stay in memory."""
    winners: dict[str, _Winner] = {}
    shared: dict[str, Any] = {}  # equal values (the device configuration, apps, tags) kept once
    for run, path in enumerate(paths):
        for offset, record in ResultsFile(path).entries():
            key = episode_key(record)
            held = winners.get(key)
            if record.get("outcome") == "error" and held is not None and held.summary.get("outcome") != "error":
                continue  # an episode that finished somewhere is not undone by an error elsewhere
            summary = cast(EpisodeRecord, {k: _shared(shared, v) for k, v in record.items() if k in AGGREGATED})
            winners[key] = _Winner(run, offset, summary)
    return winners


def _shared(memo: dict[str, Any], value: Any) -> Any:
    if isinstance(value, str):
        return sys.intern(value)
    if isinstance(value, (list, dict)) and len(value) < 16:
        return memo.setdefault(json.dumps(value, sort_keys=True), value)
    return value


def merge_into(runs: list[Path], out: Path) -> list[EpisodeRecord]:
    """Write the merged ``results.jsonl`` into ``out`` (lines copied as they are, in a stable order) and return
    the winners' aggregated fields, for the metrics."""
    paths = [_results_path(run) for run in runs]
    winners = _winners(paths)
    order = sorted(winners)
    sources = [path.open("rb") for path in paths]
    try:
        with (out / "results.jsonl").open("wb") as merged:
            for key in order:
                w = winners[key]
                sources[w.run].seek(w.offset)
                line = sources[w.run].readline()
                merged.write(line if line.endswith(b"\n") else line + b"\n")
            merged.flush()
            os.fsync(merged.fileno())
    finally:
        for f in sources:
            f.close()
    return [winners[key].summary for key in order]


def summary_page(metrics: dict[str, Any], title: str) -> str:
    from pytest_mobileagent.report.html import summary_html

    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
            f"<body><h1>{html.escape(title)}</h1>{summary_html(metrics)}</body></html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ma-merge", description="Merge pytest-mobileagent runs.")
    parser.add_argument("runs", nargs="+", type=Path, help="run folders (reports/<run-id>) or results.jsonl files")
    parser.add_argument("--out", type=Path, required=True, help="folder for the merged run")
    args = parser.parse_args(argv)
    from pytest_mobileagent.report.summary import build_metrics

    args.out.mkdir(parents=True, exist_ok=True)
    try:
        records = merge_into(args.runs, args.out)
    except FileNotFoundError as e:
        parser.error(str(e))
    aggregate = Aggregate()
    for record in records:
        aggregate.add(record)
    metrics = build_metrics(aggregate, args.out.name)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (args.out / "summary.html").write_text(summary_page(metrics, f"pytest-mobileagent: {args.out.name}"),
                                           encoding="utf-8")
    o = metrics["overall"]
    print(f"merged {len(args.runs)} runs: {len(records)} episodes, success {o['rate'] * 100:.1f}% "
          f"({o['successes']:g}/{o['episodes']}), {o['errors']} infrastructure errors -> {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
