"""Success rate with a Wilson interval, overall and grouped."""

from __future__ import annotations

import math
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

    def count(self, success: float | None) -> None:
        """Count a finished episode's score, or (None) an infrastructure error."""
        if success is None:
            self.errors += 1
        else:
            self.episodes += 1
            self.successes += success

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval()
        return {**asdict(self), "rate": self.rate, "ci95": [lo, hi]}


def score(record: EpisodeRecord) -> float | None:
    """A record's success score, or None for an infrastructure error (which is not counted as a failure)."""
    return None if record.get("outcome") == "error" else float(record.get("success", 0.0))


#: The record fields :class:`Aggregate` reads: all that the metrics need of an episode.
FIELDS = frozenset({"suite", "task", "instance", "repeat", "agent", "outcome", "success", "state_success",
                    "trivial_success", "self_reported", "judged_success", "num_steps", "metrics", "apps",
                    "difficulty", "tags", "device_config"})

#: Mobile-Bench's task kinds, as task tags: single-app single-step, single-app multi-step, multi-app multi-step.
MOBILEBENCH_KINDS = ("sast", "samt", "mamt")
#: What ``metrics.json`` reports per Mobile-Bench kind beside success: the self-reported PassRate, CheckPoint
#: coverage and the share of steps that were API calls.
KIND_METRICS = ("pass_rate_self_reported", "checkpoint_l1", "checkpoint_l2", "api_share")


def mobilebench_kinds(record: EpisodeRecord) -> list[str]:
    """The Mobile-Bench kinds a record's task is tagged with."""
    return [t for t in record.get("tags") or [] if t in MOBILEBENCH_KINDS]


#: The grouped rates of ``metrics.json``: (key, the groups a record belongs to; a record may be in several).
GROUPINGS: tuple[tuple[str, Callable[[EpisodeRecord], Iterable[str]]], ...] = (
    ("per_suite", lambda r: [r.get("suite", "")]),
    ("per_app", lambda r: r.get("apps") or ["-"]),
    ("per_difficulty", lambda r: [r.get("difficulty", "")]),
    ("per_tag", lambda r: r.get("tags") or []),
    ("per_device_config", lambda r: [config_label(r.get("device_config") or {})]),
    ("per_config_split", lambda r: [split] if (split := (r.get("device_config") or {}).get("split")) else []),
    ("per_mobilebench_kind", mobilebench_kinds),
)


class Aggregate:
    """The ``metrics.json`` body of episodes given one at a time (:meth:`add`), in one pass: memory is bounded
    by the groups, the trajectory metrics' names and, for pass@k, the task instances, never by the records.
    ``threshold`` is the score at which an episode passes (``--ma-success-threshold``), for pass@k."""

    def __init__(self, threshold: float = 1.0):
        self.threshold = threshold
        #: The agent of the first record (what ``metrics.json`` names), and how many records were added.
        self.agent: str | None = None
        self.records = 0
        self.overall = Rate(0, 0.0)
        self.groups: dict[str, dict[str, Rate]] = {key: {} for key, _ in GROUPINGS}
        self.steps = 0
        self.metric_sums: dict[str, list[float]] = {}  # name -> [sum, episodes]
        self.claimed = self.false_claims = 0
        self.trivial = [0.0, 0, 0]  # sum, episodes, passing
        self.judged = [0.0, 0, 0]  # sum of verdicts, episodes, agreeing with the state check
        self.repeated = False
        self.instances: dict[str, list[float]] = {}  # record_instance -> [runs, best, worst]
        self.kinds: dict[str, dict[str, list[float]]] = {}  # Mobile-Bench kind -> KIND_METRICS name -> [sum, n]

    def add(self, record: EpisodeRecord) -> None:
        """Count one episode's record (a finished episode or an infrastructure error)."""
        if not self.records:
            self.agent = record.get("agent")
        self.records += 1
        success = score(record)
        self.overall.count(success)
        for key, groups_of in GROUPINGS:
            groups = self.groups[key]
            for name in groups_of(record):
                rate = groups.get(name)
                if rate is None:
                    rate = groups[name] = Rate(0, 0.0)
                rate.count(success)
        self.steps += record.get("num_steps", 0)
        for name, value in (record.get("metrics") or {}).items():
            total = self.metric_sums.setdefault(name, [0.0, 0])
            total[0] += float(value)
            total[1] += 1
        self.repeated = self.repeated or record.get("repeat") is not None
        if success is not None:
            self._add_ran(record, success)

    def _add_ran(self, record: EpisodeRecord, success: float) -> None:
        if record.get("self_reported") == "complete":
            self.claimed += 1
            self.false_claims += float(record.get("state_success", record.get("success", 0.0))) < 1.0
        if (trivial := record.get("trivial_success")) is not None:
            self.trivial[0] += float(trivial)
            self.trivial[1] += 1
            self.trivial[2] += float(trivial) >= 1.0
        if (verdict := record.get("judged_success")) is not None:
            self.judged[0] += float(verdict)
            self.judged[1] += 1
            self.judged[2] += (float(verdict) >= 1.0) == (success >= 1.0)
        for kind in mobilebench_kinds(record):
            self._add_kind(kind, record)
        runs = self.instances.get(instance := record_instance(record))
        if runs is None:
            self.instances[instance] = [1, success, success]
        else:
            runs[0] += 1
            runs[1] = max(runs[1], success)
            runs[2] = min(runs[2], success)

    def _add_kind(self, kind: str, record: EpisodeRecord) -> None:
        sums = self.kinds.setdefault(kind, {name: [0.0, 0] for name in KIND_METRICS})
        values = {**(record.get("metrics") or {}),
                  "pass_rate_self_reported": float(record.get("self_reported") == "complete")}
        for name in KIND_METRICS:
            if name in values:
                sums[name][0] += float(values[name])
                sums[name][1] += 1

    def _per_kind(self) -> dict[str, dict[str, Any]]:
        """Per Mobile-Bench kind: episodes, verified success rate and the means of :data:`KIND_METRICS` (None
        where no episode of the kind defines one)."""
        return {kind: {"episodes": self.groups["per_mobilebench_kind"][kind].episodes,
                       "success_rate": round(self.groups["per_mobilebench_kind"][kind].rate, 6),
                       **{name: round(total / n, 6) if n else None for name, (total, n) in sums.items()}}
                for kind, sums in sorted(self.kinds.items(), key=lambda kv: MOBILEBENCH_KINDS.index(kv[0]))}

    def to_json(self) -> dict[str, Any]:
        """The ``metrics.json`` body: overall, per suite, app, difficulty, tag and device configuration, the
        trajectory metrics' means, completion, trivial floor, judge, (with repeated runs) pass@k and (for tasks
        tagged with a Mobile-Bench kind) per kind: success, PassRate, CheckPoint coverage and API-call share."""
        groups = {key: {name: rate.to_json() for name, rate in sorted(members.items())}
                  for key, members in self.groups.items()}
        groups["per_difficulty"] = dict(sorted(groups["per_difficulty"].items(),
                                               key=lambda kv: _difficulty_rank(kv[0])))
        return {
            "overall": self.overall.to_json(),
            **groups,
            "mean_steps": self.steps / self.records if self.records else 0.0,
            "metrics": {name: {"mean": round(total / n, 6), "episodes": n}
                        for name, (total, n) in sorted(self.metric_sums.items())},
            **self._completion(),
            "trivial_floor": self._trivial_floor(),
            **self._judge(),
            **({"repeats": self._repeats()} if self.repeated else {}),
            **({"mobilebench": self._per_kind()} if self.kinds else {}),
        }

    def _completion(self) -> dict[str, float]:
        """Mobile-Bench's self-reported PassRate beside verified success, and how often the agent claimed
        completion while the state says the goal was not reached (false completion)."""
        ran = self.overall.episodes
        if not ran:
            return {"pass_rate_self_reported": 0.0, "false_completion_rate": 0.0}
        return {"pass_rate_self_reported": round(self.claimed / ran, 6),
                "false_completion_rate": round(self.false_claims / self.claimed, 6) if self.claimed else 0.0}

    def _trivial_floor(self) -> dict[str, Any]:
        """The success rate an agent would get by declaring completion at once, from each episode's check right
        after setup (``trivial_success``): the floor beside the agent's rate. Verification tasks, whose goal
        holds from the start, are what raise it above zero."""
        total, n, passing = self.trivial
        return {"rate": round(total / n, 6) if n else 0.0, "episodes": n, "passing": passing}

    def _judge(self) -> dict[str, Any]:
        """With a model judge: its success rate and how often it agrees with the state check (empty without)."""
        total, n, agree = self.judged
        if not n:
            return {}
        return {"judge": {"episodes": n, "judged_success_rate": round(total / n, 6),
                          "agreement_with_state": round(agree / n, 6)}}

    def _repeats(self) -> dict[str, Any]:
        """Over the instances run several times (``--ma-repeat K``): ``pass_at_k`` (share of instances solved in
        at least one run), ``pass_all_k`` (in every run) and ``mean`` (mean success over all runs)."""
        runs = self.instances.values()
        if not runs:
            return {"k": 0, "instances": 0, "pass_at_k": 0.0, "pass_all_k": 0.0, "mean": 0.0}
        return {"k": max(int(n) for n, _, _ in runs), "instances": len(runs),
                "pass_at_k": round(sum(best >= self.threshold for _, best, _ in runs) / len(runs), 6),
                "pass_all_k": round(sum(worst >= self.threshold for _, _, worst in runs) / len(runs), 6),
                "mean": round(self.overall.successes / self.overall.episodes, 6)}


def summarize(records: Iterable[EpisodeRecord], threshold: float = 1.0) -> dict[str, Any]:
    """The ``metrics.json`` body of ``records`` (:class:`Aggregate`, in one pass)."""
    aggregate = Aggregate(threshold)
    for r in records:
        aggregate.add(r)
    return aggregate.to_json()


def _difficulty_rank(level: str) -> tuple[int, str]:
    order = ("easy", "medium", "hard")
    return (order.index(level) if level in order else len(order), level)
