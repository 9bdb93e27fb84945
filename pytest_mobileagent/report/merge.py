"""``ma-merge``: one run from several (CI shards, machines, resumed pieces).

    ma-merge reports/shard-1 reports/shard-2 --out reports/merged

Reads each run's ``results.jsonl``, keeps one record per episode (task, instance, repeat and agent; a
finished episode wins over an infrastructure error, and a later run over an earlier one), and writes the
merged ``results.jsonl``, ``metrics.json`` and ``summary.html`` (the metric tables and charts of the HTML
report) into ``--out``.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path
from typing import Any

from pytest_mobileagent.records import EpisodeRecord
from pytest_mobileagent.report.results import ResultsFile, episode_key


def merge_records(runs: list[Path]) -> list[EpisodeRecord]:
    """The records of ``runs`` (folders holding ``results.jsonl``), one per episode, in a stable order."""
    merged: dict[str, EpisodeRecord] = {}
    for run in runs:
        path = run / "results.jsonl" if run.is_dir() else run
        if not path.exists():
            raise FileNotFoundError(f"no results in {run}")
        for record in ResultsFile(path):
            key = episode_key(record)
            if record.get("outcome") == "error" and merged.get(key, {}).get("outcome") not in (None, "error"):
                continue  # an episode that finished somewhere is not undone by an error elsewhere
            merged[key] = record
    return [merged[k] for k in sorted(merged)]


def summary_page(metrics: dict[str, Any], title: str) -> str:
    from pytest_mobileagent.report.html import summary_html

    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
            f"<body><h1>{html.escape(title)}</h1>{summary_html(metrics)}</body></html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ma-merge", description="Merge pytest-mobileagent runs.")
    parser.add_argument("runs", nargs="+", type=Path, help="run folders (reports/<run-id>) or results.jsonl files")
    parser.add_argument("--out", type=Path, required=True, help="folder for the merged run")
    args = parser.parse_args(argv)
    try:
        records = merge_records(args.runs)
    except FileNotFoundError as e:
        parser.error(str(e))
    from pytest_mobileagent.report.summary import build_metrics

    args.out.mkdir(parents=True, exist_ok=True)
    results = args.out / "results.jsonl"
    results.unlink(missing_ok=True)
    store = ResultsFile(results)
    for record in records:
        store.append(record)
    metrics = build_metrics(records, args.out.name)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (args.out / "summary.html").write_text(summary_page(metrics, f"pytest-mobileagent: {args.out.name}"),
                                           encoding="utf-8")
    o = metrics["overall"]
    print(f"merged {len(args.runs)} runs: {len(records)} episodes, success {o['rate'] * 100:.1f}% "
          f"({o['successes']:g}/{o['episodes']}), {o['errors']} infrastructure errors -> {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
