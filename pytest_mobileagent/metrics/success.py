"""Success rate with a Wilson interval, overall and grouped."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

from pytest_mobileagent.device.config import config_label
from pytest_mobileagent.records import EpisodeRecord, case_label, record_instance


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
                    "trivial_success", "self_reported", "judged_success", "androidworld_success", "num_steps",
                    "metrics", "apps", "difficulty", "tags", "device_config"})

#: Mobile-Bench's task kinds, as task tags: single-app single-step, single-app multi-step, multi-app multi-step.
MOBILEBENCH_KINDS = ("sast", "samt", "mamt")
#: What ``metrics.json`` reports per Mobile-Bench kind beside success: the self-reported PassRate, CheckPoint
#: coverage as the published scorer computes it, corrected (``_fixed``) and over the project's history
#: (``_screens``; :mod:`pytest_mobileagent.metrics.checkpoint`), and the share of steps that were API calls.
KIND_METRICS = ("pass_rate_self_reported", "checkpoint_l1", "checkpoint_l2", "checkpoint_l1_fixed",
                "checkpoint_l2_fixed", "checkpoint_l1_screens", "checkpoint_l2_screens", "api_share")
#: AndroidArena's task types, as task tags.
ARENA_TYPES = ("single_app", "cross_app", "constrained")
#: What ``metrics.json`` reports per AndroidArena type and app beside success: the LCS metrics against the ground
#: truth, the ability metrics and the constraint violation ratios (overall and per constraint type), as AndroidArena's
#: evaluator computes them, then the corrected variants (``_fixed``; :mod:`pytest_mobileagent.metrics.lcs`,
#: :mod:`pytest_mobileagent.metrics.ability`).
ARENA_METRICS = ("task_reward", "ntr", "tcr", "rrr", "operation_logic", "awareness_of_completion",
                 "repeated_actions", "nuggets_mining", "invalid_format", "invalid_action", "constraint_violation",
                 "constraint_violation_app", "constraint_violation_page", "constraint_violation_component",
                 "tcr_fixed", "repeated_actions_fixed", "invalid_format_fixed", "invalid_action_fixed")


def mobilebench_kinds(record: EpisodeRecord) -> list[str]:
    """The Mobile-Bench kinds a record's task is tagged with."""
    return [t for t in record.get("tags") or [] if t in MOBILEBENCH_KINDS]


def arena_types(record: EpisodeRecord) -> list[str]:
    """The AndroidArena type a record's task is tagged with."""
    return [t for t in record.get("tags") or [] if t in ARENA_TYPES]


def arena_apps(record: EpisodeRecord) -> list[str]:
    """The apps of an AndroidArena task's record (none for other records)."""
    return list(record.get("apps") or ["-"]) if arena_types(record) else []


@dataclass(frozen=True)
class Breakdown:
    """A benchmark's own table in ``metrics.json``: per group (a kind, a type, an app), episodes, verified success
    and the means of ``metrics`` over the group's episodes that define them (None where none does)."""

    key: str
    groups_of: Callable[[EpisodeRecord], Iterable[str]]
    metrics: tuple[str, ...]
    #: The groups' order in the table (others after them, by name).
    order: tuple[str, ...] = ()
    #: Where ``metrics.json`` also lists the groups' success rates as a grouping (``per_mobilebench_kind``), if it
    #: does: the same counts, with their infrastructure errors.
    rates_key: str = ""


BREAKDOWNS = (
    Breakdown("mobilebench", mobilebench_kinds, KIND_METRICS, MOBILEBENCH_KINDS, "per_mobilebench_kind"),
    Breakdown("androidarena", arena_types, ARENA_METRICS, ARENA_TYPES, "per_arena_type"),
    Breakdown("androidarena_per_app", arena_apps, ARENA_METRICS),
)


#: The grouped rates of ``metrics.json``: (key, the groups a record belongs to; a record may be in several).
GROUPINGS: tuple[tuple[str, Callable[[EpisodeRecord], Iterable[str]]], ...] = (
    ("per_suite", lambda r: [r.get("suite", "")]),
    ("per_app", lambda r: r.get("apps") or ["-"]),
    ("per_difficulty", lambda r: [r.get("difficulty", "")]),
    ("per_tag", lambda r: r.get("tags") or []),
    ("per_device_config", lambda r: [config_label(r.get("device_config") or {})]),
    ("per_config_split", lambda r: [split] if (split := (r.get("device_config") or {}).get("split")) else []),
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
        self.androidworld = [0.0, 0]  # sum of AndroidWorld's verdicts, episodes
        self.androidworld_disagreements: list[str] = []  # "Task[instance]: project 1, AndroidWorld 0"
        self.repeated = False
        self.instances: dict[str, list[float]] = {}  # record_instance -> [runs, best, worst]
        #: Breakdown key -> group -> (the group's Rate, {metric: [sum, n]}).
        self.breakdowns: dict[str, dict[str, tuple[Rate, dict[str, list[float]]]]] = {b.key: {} for b in BREAKDOWNS}

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
        self._add_breakdowns(record, success)
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
        if (verdict := record.get("androidworld_success")) is not None:
            self._add_androidworld(record, float(verdict), success)
        runs = self.instances.get(instance := record_instance(record))
        if runs is None:
            self.instances[instance] = [1, success, success]
        else:
            runs[0] += 1
            runs[1] = max(runs[1], success)
            runs[2] = min(runs[2], success)

    def _add_androidworld(self, record: EpisodeRecord, verdict: float, success: float) -> None:
        """``--ma-androidworld-check``: count AndroidWorld's verdict and note the item where it disagrees."""
        self.androidworld[0] += verdict
        self.androidworld[1] += 1
        if (verdict >= 1.0) != (success >= self.threshold):
            label = f"{record.get('task')}[{case_label(int(record.get('instance', 0)), record.get('repeat'))}]"
            self.androidworld_disagreements.append(f"{label}: project {success:g}, AndroidWorld {verdict:g}")

    def _add_breakdowns(self, record: EpisodeRecord, success: float | None) -> None:
        """Count a record (an infrastructure error when ``success`` is None) in its breakdown groups; the means
        are over the episodes that ran."""
        values = {**(record.get("metrics") or {}),
                  "pass_rate_self_reported": float(record.get("self_reported") == "complete")}
        for breakdown in BREAKDOWNS:
            groups = self.breakdowns[breakdown.key]
            for name in breakdown.groups_of(record):
                rate, sums = groups.setdefault(name, (Rate(0, 0.0), {m: [0.0, 0] for m in breakdown.metrics}))
                rate.count(success)
                if success is None:
                    continue
                for metric in breakdown.metrics:
                    if metric in values:
                        sums[metric][0] += float(values[metric])
                        sums[metric][1] += 1

    def _breakdown(self, breakdown: Breakdown) -> dict[str, dict[str, Any]]:
        """Per group that ran an episode: episodes, verified success rate and the means of the breakdown's
        metrics."""
        def rank(name: str) -> tuple[int, str]:
            order = breakdown.order
            return (order.index(name) if name in order else len(order), name)

        groups = self.breakdowns[breakdown.key]
        return {name: {"episodes": rate.episodes, "success_rate": round(rate.rate, 6),
                       **{m: round(total / n, 6) if n else None for m, (total, n) in sums.items()}}
                for name, (rate, sums) in sorted(groups.items(), key=lambda kv: rank(kv[0])) if rate.episodes}

    def to_json(self) -> dict[str, Any]:
        """The ``metrics.json`` body: overall, per suite, app, difficulty, tag and device configuration, the
        trajectory metrics' means, completion, trivial floor, judge, (with repeated runs) pass@k and (for tasks
        tagged with a Mobile-Bench kind or an AndroidArena type) the benchmark's own tables (:data:`BREAKDOWNS`)."""
        groups = {key: {name: rate.to_json() for name, rate in sorted(members.items())}
                  for key, members in self.groups.items()}
        groups["per_difficulty"] = dict(sorted(groups["per_difficulty"].items(),
                                               key=lambda kv: _difficulty_rank(kv[0])))
        for b in BREAKDOWNS:
            if b.rates_key:
                groups[b.rates_key] = {name: rate.to_json()
                                       for name, (rate, _) in sorted(self.breakdowns[b.key].items())}
        tables = {b.key: table for b in BREAKDOWNS if (table := self._breakdown(b))}
        return {
            "overall": self.overall.to_json(),
            **groups,
            "mean_steps": self.steps / self.records if self.records else 0.0,
            "metrics": {name: {"mean": round(total / n, 6), "episodes": n}
                        for name, (total, n) in sorted(self.metric_sums.items())},
            **self._completion(),
            "trivial_floor": self._trivial_floor(),
            **self._judge(),
            **self._androidworld(),
            **({"repeats": self._repeats()} if self.repeated else {}),
            **tables,
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

    def _androidworld(self) -> dict[str, Any]:
        """With ``--ma-androidworld-check``: AndroidWorld's success rate, its agreement with the project's check and
        the items where they disagree (empty without)."""
        total, n = self.androidworld
        if not n:
            return {}
        disagree = self.androidworld_disagreements
        return {"androidworld_check": {"episodes": n, "androidworld_success_rate": round(total / n, 6),
                                       "agreement_with_state": round((n - len(disagree)) / n, 6),
                                       "disagreements": list(disagree)}}

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
