"""Baselines and CI gates: save a run's outcomes, compare a run with a baseline, and decide the exit status.

- ``--ma-save-baseline PATH`` writes each task instance's success (keyed ``Task[instance]``, not by node id,
  so reordering or renaming test files does not break comparisons) and the run's aggregates.
- ``--ma-baseline PATH`` prints the tasks that flipped and the aggregate deltas.
- ``--ma-fail-under "success_rate=0.4,checkpoint_l2=0.6"``: each aggregate must reach its floor.
- ``--ma-max-regression "success_rate=5pp"``: the success rate may not drop by more than the limit (``pp``:
  percentage points) *and* significantly: an exact McNemar test on the paired tasks' flips at ``p < 0.05``,
  so one noisy task does not fail a build. Other aggregates are compared by their drop alone.
- ``--ma-gate-infra-errors N`` (default 0): more infrastructure errors than this fail a gated run.

With any gate configured, the gate decides the exit status: failed task items are reported as usual but
do not by themselves fail the run. Without a gate, pytest's exit status stands.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_mobileagent.text import loads

SIGNIFICANCE = 0.05


BASELINE_VERSION = 2  # 2: tasks keyed by suite too (``suite/Task[i]``); 1 keyed ``Task[i]``


def instance_key(episode: str, version: int = BASELINE_VERSION) -> str:
    """An episode's key in a baseline: its identity, ``suite/Task[i]`` (:func:`~pytest_mobileagent.records.
    record_episode`); a version-1 baseline keyed it without the suite."""
    return episode.split("/", 1)[1] if version < 2 else episode


def aggregates(metrics: dict[str, Any]) -> dict[str, float]:
    """The numbers gates and baselines speak of: ``success_rate`` and each trajectory metric's mean."""
    found = {"success_rate": float(metrics["overall"]["rate"])}
    found.update({name: float(m["mean"]) for name, m in metrics.get("metrics", {}).items()})
    return found


def save_baseline(path: Path, outcomes: dict[str, float], metrics: dict[str, Any]) -> None:
    """Write the run's ``outcomes`` (each episode's success, infrastructure errors apart) and aggregates."""
    tasks = {instance_key(episode): success for episode, success in outcomes.items()}
    body = {"version": BASELINE_VERSION, "agent": metrics.get("agent"), "run_id": metrics.get("run_id"),
            "tasks": dict(sorted(tasks.items())), "aggregates": aggregates(metrics)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")


def read_baseline(path: Path, reader: str) -> dict[str, Any]:
    """The baseline ``path`` holds (:func:`save_baseline`'s); :class:`ValueError` naming what is wrong: not JSON, not
    a baseline, or of a newer version than :data:`BASELINE_VERSION`, naming it and ``reader`` (what reads it)."""
    try:
        body = loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path} is not a baseline (not JSON: {e})") from None
    if not isinstance(body, dict) or not isinstance(body.get("tasks"), dict):
        raise ValueError(f"{path} is not a baseline (written by --ma-save-baseline, it has a 'tasks' object)")
    version = body.get("version", 1)
    if type(version) is not int or not 1 <= version <= BASELINE_VERSION:
        raise ValueError(f"{path} is a baseline of version {version!r}: {reader} reads baseline versions "
                         f"{BASELINE_VERSION} and older; save the baseline again with this version "
                         "(--ma-save-baseline), or compare with the version that wrote it")
    return body


def parse_limits(text: str) -> dict[str, float]:
    """``"success_rate=0.4,checkpoint_l2=5pp"`` -> {name: value}; ``pp`` means percentage points."""
    limits: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep or not re.fullmatch(r"[a-z_][a-z0-9_]*", name.strip()):
            raise ValueError(f"expected metric=value (e.g. success_rate=0.4 or success_rate=5pp), got {part!r}")
        value = value.strip().lower()
        limits[name.strip()] = float(value[:-2]) / 100 if value.endswith("pp") else float(value.rstrip("%")) / (
            100 if value.endswith("%") else 1)
    return limits


def mcnemar_p(worse: int, better: int) -> float:
    """Exact two-sided McNemar p-value for ``worse`` (pass -> fail) and ``better`` (fail -> pass) flips."""
    n = worse + better
    if n == 0:
        return 1.0
    k = min(worse, better)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


@dataclass
class Decision:
    """What the gates concluded, and why, line by line."""

    passed: bool = True
    reasons: list[str] = field(default_factory=list)
    flips: list[tuple[str, float, float]] = field(default_factory=list)

    def fail(self, reason: str) -> None:
        self.passed = False
        self.reasons.append("FAIL " + reason)

    def ok(self, reason: str) -> None:
        self.reasons.append("ok   " + reason)


def decide(outcomes: dict[str, float], metrics: dict[str, Any], baseline: dict[str, Any] | None,
           fail_under: dict[str, float], max_regression: dict[str, float], max_infra_errors: int,
           threshold: float = 1.0) -> Decision:
    """Apply the configured gates to a finished run: its ``outcomes`` (each episode's success, infrastructure
    errors apart, keyed ``suite/Task[i]``) and ``metrics``."""
    decision = Decision()
    now = aggregates(metrics)
    for name, floor in fail_under.items():
        if name not in now:
            decision.fail(f"{name}: no episode of this run defines it (floor {floor:g})")
        elif now[name] < floor:
            decision.fail(f"{name} {now[name]:.3f} < {floor:g}")
        else:
            decision.ok(f"{name} {now[name]:.3f} >= {floor:g}")
    errors = metrics["overall"]["errors"]
    if errors > max_infra_errors:
        decision.fail(f"{errors} infrastructure error(s) > {max_infra_errors} allowed")
    if baseline is not None:
        version = int(baseline.get("version", 1))
        current = {instance_key(episode, version): success for episode, success in outcomes.items()}
        paired = sorted(set(current) & set(baseline.get("tasks", {})))
        decision.flips = [(k, baseline["tasks"][k], current[k]) for k in paired
                          if (baseline["tasks"][k] >= threshold) != (current[k] >= threshold)]
        worse = sum(b >= threshold > c for _, b, c in decision.flips)
        better = len(decision.flips) - worse
        for name, limit in max_regression.items():
            before, after = baseline.get("aggregates", {}).get(name), now.get(name)
            if before is None or after is None:
                decision.fail(f"{name}: not in both the baseline and this run")
                continue
            drop = before - after
            if name == "success_rate":
                p = mcnemar_p(worse, better)
                if drop > limit and p < SIGNIFICANCE:
                    decision.fail(f"success_rate fell {drop * 100:.1f}pp (> {limit * 100:g}pp), significant: "
                                  f"{worse} task(s) got worse, {better} better, McNemar p={p:.3f}")
                else:
                    decision.ok(f"success_rate moved {-drop * 100:+.1f}pp (limit -{limit * 100:g}pp; "
                                f"{worse} worse, {better} better, McNemar p={p:.3f})")
            elif drop > limit:
                decision.fail(f"{name} fell {drop:.3f} (> {limit:g})")
            else:
                decision.ok(f"{name} moved {-drop:+.3f} (limit -{limit:g})")
    return decision


def write_comparison(tr: Any, baseline: dict[str, Any], metrics: dict[str, Any], decision: Decision) -> None:
    tr.write_line("  compared with the baseline:")
    now = aggregates(metrics)
    for name, before in sorted(baseline.get("aggregates", {}).items()):
        if name in now:
            tr.write_line(f"    {name:<26} {before:8.3f} -> {now[name]:8.3f}  ({now[name] - before:+.3f})")
    for key, before, after in decision.flips:
        tr.write_line(f"    flipped {key}: {before:g} -> {after:g}")


__all__ = ["Decision", "aggregates", "decide", "instance_key", "mcnemar_p", "parse_limits", "save_baseline"]
