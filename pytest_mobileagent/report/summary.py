"""``metrics.json`` and the terminal summary: success rate overall and per suite, app, difficulty, tag and
device configuration, with 95% Wilson intervals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.metrics.success import Aggregate, score
from pytest_mobileagent.records import EpisodeRecord, record_episode
from pytest_mobileagent.report.files import write_file

#: The grouped rows of the terminal summary, in this order: (metrics.json key, label).
GROUPS = (("per_suite", "suite"), ("per_app", "app"), ("per_difficulty", "difficulty"), ("per_tag", "tag"),
          ("per_device_config", "device"), ("per_config_split", "split"))
LABEL_WIDTH = max(len(label) for _, label in GROUPS)
#: Group names longer than this are cut, so one long tag or device label does not push every row right.
MAX_NAME_WIDTH = 40


def _cell(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "\u2026"


def _row(label: str, name: str, width: int, g: dict[str, Any]) -> str:
    """One fixed-width line: label, group, rate, 95% Wilson interval, successes/episodes (and errors)."""
    lo, hi = g["ci95"]  # computed once, by metrics.success.Aggregate
    # a group whose every episode was an infrastructure error has no rate, rather than a rate of 0
    rate = f"{g['rate'] * 100:6.1f}%  [{lo * 100:5.1f}, {hi * 100:5.1f}]" if g["episodes"] else f"{'-':>7}{'':16}"
    errors = f"  ({g['errors']} errors)" if g["errors"] else ""
    return f"  {label:<{LABEL_WIDTH}} {_cell(name, width):<{width}} {rate}  {g['successes']:g}/{g['episodes']}{errors}"


def rate_rows(metrics: dict[str, Any]) -> list[str]:
    """The success table: overall, then one line per suite, app, difficulty, tag and device configuration,
    a group's label on its first line only; groups sorted by name (difficulty: easy, medium, hard)."""
    groups = [(label, metrics.get(key) or {}) for key, label in GROUPS]
    names = [name for _, members in groups for name in members]
    width = min(MAX_NAME_WIDTH, max([len(n) for n in names] + [12]))
    lines = [f"  {'':<{LABEL_WIDTH}} {'':<{width}} {'success':>7}  {'95% Wilson CI':<14}  n",
             _row("overall", "", width, metrics["overall"])]
    for label, members in groups:
        for i, (name, g) in enumerate(members.items()):
            lines.append(_row(label if i == 0 else "", name or "-", width, g))
    return lines


def _mean(value: float | None) -> str:
    return f"{value:8.3f}" if value is not None else f"{'-':>8}"


def kind_rows(metrics: dict[str, Any]) -> list[str]:
    """Mobile-Bench per kind (SAST, SAMT, MAMT): verified success beside the self-reported PassRate, CheckPoint
    coverage and API-call share (no lines for a run without such tasks)."""
    kinds = metrics.get("mobilebench") or {}
    if not kinds:
        return []
    lines = ["  Mobile-Bench per kind:   success  PassRate   CP L1    CP L2 L1 fixed L2 fixed  API share   n"]
    for kind, k in kinds.items():
        lines.append(f"    {kind.upper():<20} {k['success_rate'] * 100:6.1f}%  "
                     f"{k['pass_rate_self_reported'] * 100:6.1f}% {_mean(k['checkpoint_l1'])} "
                     f"{_mean(k['checkpoint_l2'])} {_mean(k['checkpoint_l1_fixed'])} "
                     f"{_mean(k['checkpoint_l2_fixed'])} {_mean(k['api_share'])}   {k['episodes']}")
    return lines


def arena_rows(metrics: dict[str, Any]) -> list[str]:
    """AndroidArena per type (single-app, cross-app, constrained): verified success beside the LCS metrics and the
    constraint violation ratio (no lines for a run without such tasks)."""
    types = metrics.get("androidarena") or {}
    if not types:
        return []
    lines = ["  AndroidArena per type:   success     TR      NTR      TCR TCR fixed     RRR  violation   n"]
    for name, t in types.items():
        lines.append(f"    {name:<20} {t['success_rate'] * 100:6.1f}% {_mean(t['task_reward'])} {_mean(t['ntr'])} "
                     f"{_mean(t['tcr'])} {_mean(t['tcr_fixed'])}  {_mean(t['rrr'])} "
                     f"{_mean(t['constraint_violation'])}   {t['episodes']}")
    return lines


def build_metrics(aggregate: Aggregate, run_id: str) -> dict[str, Any]:
    """The ``metrics.json`` of a run from the aggregates of its records."""
    metrics = aggregate.to_json()
    metrics["agent"] = aggregate.agent
    metrics["run_id"] = run_id
    return metrics


class RunTally:
    """What the controller keeps of a run's episodes as their records arrive (:meth:`add`): the metrics'
    :class:`Aggregate`, each episode's success for baselines and gates (the last record of an episode winning)
    and whether any spent model tokens (for the Allure environment). Never the records, with their steps."""

    def __init__(self, threshold: float = 1.0):
        self.aggregate = Aggregate(threshold)
        #: ``suite/Task[instance]`` -> success, for the episodes that ran (infrastructure errors apart), in the
        #: order of their last record.
        self.outcomes: dict[str, float] = {}
        self.tokens_spent = False

    def add(self, record: EpisodeRecord) -> None:
        self.aggregate.add(record)
        success = score(record)
        if success is not None:
            key = record_episode(record)
            self.outcomes.pop(key, None)
            self.outcomes[key] = success
        self.tokens_spent = self.tokens_spent or bool((record.get("usage") or {}).get("prompt_tokens"))


def write_metrics(config: pytest.Config, aggregate: Aggregate, out: Path, run_id: str) -> dict[str, Any]:
    """The run's ``metrics.json`` from its aggregates, after plugins added to them (``pytest_mobileagent_summary``),
    written to ``<run dir>/metrics.json``; called once, by the controller at session finish."""
    metrics = build_metrics(aggregate, run_id)
    config.hook.pytest_mobileagent_summary(config=config, metrics=metrics)
    out.mkdir(parents=True, exist_ok=True)
    write_file(out / "metrics.json", metrics_text(metrics))
    return metrics


def metrics_text(metrics: dict[str, Any]) -> str:
    """``metrics.json``'s text, for every writer of one: strict JSON (a non-finite number is a :class:`ValueError`
    here, never a ``NaN`` in the file; the readers of results refuse such numbers before they reach the metrics)."""
    return json.dumps(metrics, indent=2, sort_keys=True, allow_nan=False) + "\n"


def write_summary(terminalreporter: Any, metrics: dict[str, Any], out: Path) -> None:
    """The success-rate section of the terminal summary."""
    tr = terminalreporter
    tr.write_sep("=", "mobile-agent success rate")
    for line in rate_rows(metrics):
        tr.write_line(line)
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
    if "androidworld_check" in metrics:
        check = metrics["androidworld_check"]
        tr.write_line(f"  AndroidWorld's own check: {check['androidworld_success_rate'] * 100:.1f}% successful over "
                      f"{check['episodes']} episodes; agrees with the project's check on "
                      f"{check['agreement_with_state'] * 100:.1f}%")
        for item in check["disagreements"]:
            tr.write_line(f"    disagrees: {item}")
    floor = metrics.get("trivial_floor") or {}
    if floor.get("episodes"):
        tr.write_line(f"  trivial floor {floor['rate'] * 100:.1f}%: what declaring completion at once scores "
                      f"({floor['passing']} of {floor['episodes']} items start with their goal holding)")
    for line in kind_rows(metrics) + arena_rows(metrics):
        tr.write_line(line)
    tr.write_line(f"  self-reported completion {metrics['pass_rate_self_reported'] * 100:.1f}% of episodes; "
                  f"false completions {metrics['false_completion_rate'] * 100:.1f}% of those claims")
    tr.write_line(f"  agent {metrics['agent']}; mean steps {metrics['mean_steps']:.1f}; "
                  f"infrastructure errors are excluded from the rate")
    tr.write_line(f"  results: {out / 'results.jsonl'}")
    tr.write_line(f"  metrics: {out / 'metrics.json'}")
