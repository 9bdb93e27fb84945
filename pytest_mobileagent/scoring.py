"""How a finished episode is scored: the one set of rules the episode, the model-judged path and ``ma-rescore``
apply (:func:`score`), and the trajectory metrics beside the verdict (:func:`trajectory_metrics`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any

from pytest_mobileagent.metrics import ability, androidarena, checkpoint
from pytest_mobileagent.records import EpisodeResult
from pytest_mobileagent.tasks.base import Task


@dataclass(frozen=True)
class MetricOptions:
    """How trajectory metrics are computed: AndroidArena's discount, typed-text similarity threshold and rule
    (:func:`~pytest_mobileagent.metrics.arena_steps.text_rule`)."""

    gamma: float = 0.9
    text_similarity: float = 0.6
    text_rule: str = "difflib"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MetricOptions:
        """The options :func:`dataclasses.asdict` wrote (a missing one takes its default)."""
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


@dataclass(frozen=True)
class Scoring:
    """What scoring an episode takes beyond its task and record: the run's completion rule and metric options."""

    #: AndroidWorld's rule for every task (``--ma-require-complete``): success counts only if the agent declared
    #: completion. A task with ``requires_completion`` has it whatever this says.
    require_complete: bool = False
    metrics: MetricOptions = MetricOptions()

    def to_json(self) -> dict[str, Any]:
        return {"require_complete": self.require_complete, "metrics": asdict(self.metrics)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Scoring:
        """The scoring :meth:`to_json` wrote, under ``scoring``; from a final state's meta before it did, the
        completion rule, discount and similarity threshold it kept (the text rule was difflib's)."""
        if "scoring" in data:
            saved = data["scoring"]
            return cls(bool(saved.get("require_complete")), MetricOptions.from_json(saved.get("metrics") or {}))
        return cls(bool(data.get("require_complete")), MetricOptions.from_json(data))


def score(task: Task, result: EpisodeResult, checked: float, scoring: Scoring = Scoring(),
          ground_truth: Sequence[dict[str, Any]] | None = None) -> EpisodeResult:
    """Score the finished episode ``result`` of ``task`` from ``checked``, the state check's score (the model
    judge's verdict for a task judged by model), and return it.

    ``checked`` is ``state_success``; ``success`` is it unless the completion rule wants a declared completion the
    agent did not make (``scoring.require_complete`` or ``task.requires_completion``), the agent raised
    (``agent_error``: it failed, even where the state looks right), or a step broke one of the task's constraints
    (``constraint_violations``); each of those zeroes it. Then the trajectory metrics (:func:`trajectory_metrics`,
    ``ground_truth`` for a task that has none of its own). A score outside [0, 1] (NaN included) is the task's
    bug: :class:`ValueError`."""
    if not 0.0 <= float(checked) <= 1.0:  # NaN included: no results line or metrics.json may hold one
        raise ValueError(f"{type(task).__name__}'s check returned {checked!r}; a score is a number in [0, 1]")
    result.state_success = float(checked)
    constraints = ability.Constraints.of(task.constraints)
    result.constraint_violations = [] if constraints is None else ability.constraint_violations(
        constraints, [vars(s) for s in result.steps])
    undeclared = (scoring.require_complete or task.requires_completion) and result.self_reported != "complete"
    failed = undeclared or result.agent_error is not None or bool(result.constraint_violations)
    result.success = 0.0 if failed else result.state_success
    result.metrics = trajectory_metrics(task, result, scoring.metrics, ground_truth)
    return result


def trajectory_metrics(task: Task, result: EpisodeResult, options: MetricOptions = MetricOptions(),
                       ground_truth: Sequence[dict[str, Any]] | None = None) -> dict[str, float]:
    """The metrics this task's declarations allow, from the recorded steps: AndroidArena's against the task's
    ground truth (or ``ground_truth`` where it has none) as its evaluator computes them, Mobile-Bench's CheckPoints,
    and beside them the variants named in :mod:`pytest_mobileagent.metrics.ability`, ``lcs`` and ``checkpoint``."""
    records = [vars(s) for s in result.steps]
    metrics: dict[str, float] = {}
    if records:
        metrics.update(androidarena.step_metrics(records))
    declared = ability.completion_declared(result.state_success, result.self_reported)
    if declared is not None:
        metrics["completion_declared"] = declared
    nuggets = ability.nuggets_mining_all_steps(records)
    if nuggets is not None:
        metrics["nuggets_mining_all_steps"] = nuggets
    truth = task.ground_truth or ground_truth
    if truth:
        metrics.update(androidarena.reference_metrics(truth, records, result.success, options.gamma,
                                                      options.text_rule, options.text_similarity))
    constraints = ability.Constraints.of(task.constraints)
    if constraints is not None:  # the violations themselves were found by score
        metrics.update(ability.violation_ratios(constraints, result.constraint_violations, records))
    check_point = getattr(task, "check_point", None)
    if check_point:
        metrics.update(checkpoint.checkpoint_metrics(check_point, records))
    return metrics


__all__ = ["MetricOptions", "Scoring", "score", "trajectory_metrics"]
