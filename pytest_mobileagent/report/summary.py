"""``metrics.json`` and the terminal summary: success rate overall and per app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.metrics.success import Rate, summarize


def _row(name: str, rate: Rate) -> str:
    lo, hi = rate.interval()
    return (f"  {name:<28} {rate.rate * 100:6.1f}%  [{lo * 100:5.1f}, {hi * 100:5.1f}]  "
            f"{rate.successes:g}/{rate.episodes}" + (f"  ({rate.errors} errors)" if rate.errors else ""))


def build_metrics(records: list[dict[str, Any]], run_id: str) -> dict[str, Any]:
    """The ``metrics.json`` of a run's records."""
    metrics = summarize(records)
    metrics["agent"] = records[0].get("agent") if records else None
    metrics["run_id"] = run_id
    return metrics


def write_metrics(config: pytest.Config, records: list[dict[str, Any]], out: Path, run_id: str) -> dict[str, Any]:
    """Aggregate the run's records, let plugins add to them (``pytest_mobileagent_summary``) and write
    ``<run dir>/metrics.json``; called once, by the controller at session finish."""
    metrics = build_metrics(records, run_id)
    config.hook.pytest_mobileagent_summary(config=config, metrics=metrics)
    out.mkdir(parents=True, exist_ok=True)
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return metrics


def write_summary(terminalreporter: Any, metrics: dict[str, Any], out: Path) -> None:
    """The success-rate section of the terminal summary."""
    tr = terminalreporter
    tr.write_sep("=", "mobile-agent success rate")
    overall = metrics["overall"]
    tr.write_line(_row("overall", Rate(overall["episodes"], overall["successes"], overall["errors"])))
    tr.write_line("  per app:")
    for app, m in metrics["per_app"].items():
        tr.write_line(_row("  " + app, Rate(m["episodes"], m["successes"], m["errors"])))
    if len(metrics["per_suite"]) > 1:
        tr.write_line("  per suite:")
        for suite, m in metrics["per_suite"].items():
            tr.write_line(_row("  " + suite, Rate(m["episodes"], m["successes"], m["errors"])))
    if len(metrics["per_device_config"]) > 1:
        tr.write_line("  per device configuration:")
        for label, m in metrics["per_device_config"].items():
            tr.write_line(_row("  " + label, Rate(m["episodes"], m["successes"], m["errors"])))
    if metrics.get("metrics"):
        tr.write_line("  trajectory metrics (mean over the episodes that define them):")
        for name, m in metrics["metrics"].items():
            tr.write_line(f"    {name:<26} {m['mean']:8.3f}   ({m['episodes']} episodes)")
    if "repeats" in metrics:
        rep = metrics["repeats"]
        tr.write_line(f"  repeated runs (k={rep['k']}, {rep['instances']} instances): pass@k "
                      f"{rep['pass_at_k'] * 100:.1f}%, all k passed {rep['pass_all_k'] * 100:.1f}%, "
                      f"mean {rep['mean'] * 100:.1f}%")
    if "judge" in metrics:
        judge = metrics["judge"]
        tr.write_line(f"  model judge: {judge['judged_success_rate'] * 100:.1f}% judged successful over "
                      f"{judge['episodes']} episodes; agrees with the state check on "
                      f"{judge['agreement_with_state'] * 100:.1f}% (not part of the success rate)")
    tr.write_line(f"  self-reported completion {metrics['pass_rate_self_reported'] * 100:.1f}% of episodes; "
                  f"false completions {metrics['false_completion_rate'] * 100:.1f}% of those claims")
    tr.write_line(f"  agent {metrics['agent']}; mean steps {metrics['mean_steps']:.1f}; "
                  f"infrastructure errors are excluded from the rate")
    tr.write_line(f"  results: {out / 'results.jsonl'}")
    tr.write_line(f"  metrics: {out / 'metrics.json'}")
