"""Success rate with a Wilson interval, overall and grouped."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from pytest_mobileagent.device.config import config_label
from pytest_mobileagent.records import EpisodeRecord, record_instance


@dataclass
class Rate:
    """Success over episodes that ran (infrastructure errors are excluded, not failures)."""

    episodes: int
    successes: float
    errors: int = 0

    @property
    def rate(self) -> float:
        return self.successes / self.episodes if self.episodes else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval (95% by default)."""
        n = self.episodes
        if n == 0:
            return (0.0, 0.0)
        p = self.rate
        denom = 1 + z * z / n
        center = (p + z * z / (2 * n)) / denom
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        return (max(0.0, center - half), min(1.0, center + half))

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval()
        return {**asdict(self), "rate": self.rate, "ci95": [lo, hi]}


def success_rate(records: Iterable[EpisodeRecord]) -> Rate:
    ran = errors = 0
    total = 0.0
    for r in records:
        if r.get("outcome") == "error":
            errors += 1
            continue
        ran += 1
        total += float(r.get("success", 0.0))
    return Rate(ran, total, errors)


def grouped(records: Iterable[EpisodeRecord], key: Callable[[EpisodeRecord], Iterable[str]]) -> dict[str, Rate]:
    """Success rate per group; a record may belong to several groups (e.g. several apps)."""
    groups: dict[str, list[EpisodeRecord]] = defaultdict(list)
    for r in records:
        for k in key(r):
            groups[k].append(r)
    return {k: success_rate(v) for k, v in sorted(groups.items())}


def summarize(records: list[EpisodeRecord], threshold: float = 1.0) -> dict[str, Any]:
    """The ``metrics.json`` body: overall, per suite, app, difficulty and tag; ``threshold`` is the score at
    which an episode passes (``--ma-success-threshold``), for pass@k."""
    return {
        "overall": success_rate(records).to_json(),
        "per_suite": {k: v.to_json() for k, v in grouped(records, lambda r: [r.get("suite", "")]).items()},
        "per_app": {k: v.to_json() for k, v in grouped(records, lambda r: r.get("apps") or ["-"]).items()},
        "per_difficulty": {k: v.to_json() for k, v in sorted(
            grouped(records, lambda r: [r.get("difficulty", "")]).items(), key=lambda kv: _difficulty_rank(kv[0]))},
        "per_tag": {k: v.to_json() for k, v in grouped(records, lambda r: r.get("tags") or []).items()},
        "per_device_config": {k: v.to_json() for k, v in grouped(
            records, lambda r: [config_label(r.get("device_config") or {})]).items()},
        "mean_steps": (sum(r.get("num_steps", 0) for r in records) / len(records)) if records else 0.0,
        "metrics": mean_metrics(records),
        **completion_rates(records),
        "trivial_floor": trivial_floor(records),
        **judge_rates(records),
        **({"repeats": repeat_rates(records, threshold)} if any(r.get("repeat") is not None for r in records) else {}),
    }


def repeat_rates(records: Iterable[EpisodeRecord], threshold: float = 1.0) -> dict[str, Any]:
    """Over the instances run several times (``--ma-repeat K``): ``pass_at_k`` (share of instances solved in
    at least one run), ``pass_all_k`` (in every run) and ``mean`` (mean success over all runs)."""
    runs: dict[str, list[float]] = defaultdict(list)
    for r in records:
        if r.get("outcome") != "error":
            runs[record_instance(r)].append(float(r.get("success", 0.0)))
    if not runs:
        return {"k": 0, "instances": 0, "pass_at_k": 0.0, "pass_all_k": 0.0, "mean": 0.0}
    every = [s for v in runs.values() for s in v]
    return {"k": max(len(v) for v in runs.values()), "instances": len(runs),
            "pass_at_k": round(sum(max(v) >= threshold for v in runs.values()) / len(runs), 6),
            "pass_all_k": round(sum(min(v) >= threshold for v in runs.values()) / len(runs), 6),
            "mean": round(sum(every) / len(every), 6)}


def _difficulty_rank(level: str) -> tuple[int, str]:
    order = ("easy", "medium", "hard")
    return (order.index(level) if level in order else len(order), level)


def completion_rates(records: Iterable[EpisodeRecord]) -> dict[str, float]:
    """Mobile-Bench's self-reported PassRate beside verified success, and how often the agent claimed
    completion while the state says the goal was not reached (false completion)."""
    ran = [r for r in records if r.get("outcome") != "error"]
    if not ran:
        return {"pass_rate_self_reported": 0.0, "false_completion_rate": 0.0}
    claimed = [r for r in ran if r.get("self_reported") == "complete"]
    false = [r for r in claimed if float(r.get("state_success", r.get("success", 0.0))) < 1.0]
    return {"pass_rate_self_reported": round(len(claimed) / len(ran), 6),
            "false_completion_rate": round(len(false) / len(claimed), 6) if claimed else 0.0}


def trivial_floor(records: Iterable[EpisodeRecord]) -> dict[str, Any]:
    """The success rate an agent would get by declaring completion at once, from each episode's check right
    after setup (``trivial_success``): the floor beside the agent's rate. Verification tasks, whose goal holds
    from the start, are what raise it above zero."""
    scores = [float(s) for r in records if r.get("outcome") != "error" and (s := r.get("trivial_success")) is not None]
    return {"rate": round(sum(scores) / len(scores), 6) if scores else 0.0, "episodes": len(scores),
            "passing": sum(s >= 1.0 for s in scores)}


def judge_rates(records: Iterable[EpisodeRecord]) -> dict[str, Any]:
    """With a model judge: its success rate and how often it agrees with the state check (empty without)."""
    judged = [(float(verdict), float(r.get("success", 0.0))) for r in records
              if r.get("outcome") != "error" and (verdict := r.get("judged_success")) is not None]
    if not judged:
        return {}
    agree = sum((verdict >= 1.0) == (state >= 1.0) for verdict, state in judged)
    return {"judge": {"episodes": len(judged), "judged_success_rate": round(
        sum(verdict for verdict, _ in judged) / len(judged), 6),
        "agreement_with_state": round(agree / len(judged), 6)}}


def mean_metrics(records: Iterable[EpisodeRecord]) -> dict[str, dict[str, float]]:
    """Each trajectory metric's mean over the episodes that define it (and how many do)."""
    values: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for name, value in (r.get("metrics") or {}).items():
            values[name].append(float(value))
    return {name: {"mean": round(sum(v) / len(v), 6), "episodes": len(v)} for name, v in sorted(values.items())}
