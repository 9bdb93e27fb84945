"""``ma-merge``: one run from several (CI shards, machines, resumed pieces).

    ma-merge reports/shard-1 reports/shard-2 --out reports/merged

Reads each run's ``results.jsonl``, keeps one record per episode (task, instance, repeat and agent; a
finished episode wins over an infrastructure error, and a later run over an earlier one), and writes the
merged ``results.jsonl``, ``metrics.json`` and ``summary.html`` (the metric tables and charts of the HTML
report) into ``--out``. It streams: the first pass reads each line's identity only (refusing a line of a newer
format than this version's: :meth:`~pytest_mobileagent.report.results.ResultsFile.read`) and keeps where each
episode's chosen line is; the second copies those lines as they are and reads the fields the metrics need from
them as it goes (:class:`~pytest_mobileagent.metrics.success.Aggregate`).
"""

from __future__ import annotations

import argparse
import html
import os
import sys
from pathlib import Path
from typing import Any, NamedTuple, cast

from pytest_mobileagent.metrics.success import FIELDS, Aggregate
from pytest_mobileagent.records import EpisodeRecord, RecordFormatError
from pytest_mobileagent.report.files import new_file, write_file
from pytest_mobileagent.report.results import FieldReader, ResultsFile, episode_key

#: What merging reads of a line to choose an episode's record: its identity and its outcome (and, to check them, the
#: fields the metrics read: :data:`~pytest_mobileagent.metrics.success.FIELDS`).
IDENTITY = ("suite", "task", "instance", "repeat", "agent", "outcome")


class _Line(NamedTuple):
    """Where an episode's chosen record is, and whether it is an infrastructure error."""

    run: int
    offset: int
    length: int
    error: bool


def _results_path(run: Path) -> Path:
    path = run / "results.jsonl" if run.is_dir() else run
    if not path.exists():
        raise FileNotFoundError(f"no results in {run}")
    return path


def _winners(paths: list[Path]) -> dict[str, _Line]:
    """One record per episode (a finished one wins over an infrastructure error, a later run over an earlier
    one), streamed: only where each winner's line is stays in memory. A damaged line (cut by a crash, too deep, a
    NaN among the fields the metrics read) is skipped, said on stderr."""
    winners: dict[str, _Line] = {}
    for run, path in enumerate(paths):
        results = ResultsFile(path, "ma-merge")
        for offset, line, record in results.read({*IDENTITY, *FIELDS}):
            key = episode_key(record)
            error = record.get("outcome") == "error"
            held = winners.get(key)
            if error and held is not None and not held.error:
                continue  # an episode that finished somewhere is not undone by an error elsewhere
            winners[key] = _Line(run, offset, len(line), error)
        for message in results.skipped:
            print(f"ma-merge: {message}", file=sys.stderr)
    return winners


def merge_into(runs: list[Path], out: Path) -> Aggregate:
    """Write the merged ``results.jsonl`` into ``out`` (lines copied as they are, in a stable order) and return
    the aggregates of its records, read from the lines as they are copied."""
    paths = [_results_path(run) for run in runs]
    winners = _winners(paths)
    fields = FieldReader(FIELDS)
    aggregate = Aggregate()
    sources = [os.open(path, os.O_RDONLY) for path in paths]
    try:
        with new_file(out / "results.jsonl") as merged:
            for key in sorted(winners):
                w = winners[key]
                line = os.pread(sources[w.run], w.length, w.offset)
                merged.write(line if line.endswith(b"\n") else line + b"\n")
                aggregate.add(cast(EpisodeRecord, fields(line)))
            merged.flush()
            os.fsync(merged.fileno())
    finally:
        for fd in sources:
            os.close(fd)
    return aggregate


def summary_page(metrics: dict[str, Any], title: str) -> str:
    from pytest_mobileagent.report.html import summary_html

    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
            f"<body><h1>{html.escape(title)}</h1>{summary_html(metrics)}</body></html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ma-merge", description="Merge pytest-mobileagent runs.")
    parser.add_argument("runs", nargs="+", type=Path, help="run folders (reports/<run-id>) or results.jsonl files")
    parser.add_argument("--out", type=Path, required=True, help="folder for the merged run")
    args = parser.parse_args(argv)
    from pytest_mobileagent.report.summary import build_metrics, metrics_text

    args.out.mkdir(parents=True, exist_ok=True)
    try:
        aggregate = merge_into(args.runs, args.out)
    except (FileNotFoundError, RecordFormatError) as e:
        parser.error(str(e))
    metrics = build_metrics(aggregate, args.out.name)
    write_file(args.out / "metrics.json", metrics_text(metrics))
    write_file(args.out / "summary.html", summary_page(metrics, f"pytest-mobileagent: {args.out.name}"))
    o = metrics["overall"]
    print(f"merged {len(args.runs)} runs: {aggregate.records} episodes, success {o['rate'] * 100:.1f}% "
          f"({o['successes']:g}/{o['episodes']}), {o['errors']} infrastructure errors -> {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
