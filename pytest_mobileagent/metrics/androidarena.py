"""AndroidArena's metrics of one episode, by the names ``metrics.json`` reports them (see
:mod:`pytest_mobileagent.metrics.lcs` and :mod:`pytest_mobileagent.metrics.ability` for what each is)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pytest_mobileagent.metrics import ability, arena_steps, lcs


def step_metrics(steps: Sequence[dict[str, Any]]) -> dict[str, float]:
    """What every episode with steps has: invalid steps, repeated actions, API calls (``StepRecord`` dicts)."""
    kinds = [arena_steps.invalid_kind(s) for s in steps]
    actions = arena_steps.arena_actions(steps)
    finished = arena_steps.finished(steps)
    api_calls = sum((s.get("action") or {}).get("action_type") == "api_call" for s in steps)
    return {
        "invalid_format": ability.invalid_share(kinds, "format"),
        "invalid_format_fixed": ability.invalid_share(kinds, "format", fixed=True),
        "invalid_action": ability.invalid_share(kinds, "action"),
        "invalid_action_fixed": ability.invalid_share(kinds, "action", fixed=True),
        "repeated_actions": ability.repeated_actions(actions, finished),
        "repeated_actions_fixed": ability.repeated_actions(actions, finished, fixed=True),
        "repeated_on_screen": ability.repeated_on_screen(steps),
        "api_share": api_calls / len(steps) if steps else 0.0,
    }


def _same(text_rule: str, threshold: float) -> arena_steps.Same:
    rule = arena_steps.text_rule(text_rule, threshold)

    def same(a: arena_steps.ArenaAction, b: arena_steps.ArenaAction) -> bool:
        return arena_steps.same_action(a, b, rule)

    return same


def aligned_steps(truth: Sequence[dict[str, Any]], steps: Sequence[dict[str, Any]], text_rule: str = "difflib",
                  threshold: float = arena_steps.TEXT_SIMILARITY) -> list[tuple[int, int]]:
    """The common subsequence the metrics use, as pairs (ground-truth step without its ``FINISH``, the agent's step
    by its position in ``steps``)."""
    kept = arena_steps.agent_records(steps)
    pairs = lcs.common_subsequence(arena_steps.arena_truth(truth), [r for _, r in kept], _same(text_rule, threshold))
    return [(i, kept[j][0]) for i, j in pairs]


def reference_metrics(truth: Sequence[dict[str, Any]], steps: Sequence[dict[str, Any]], success: float,
                      gamma: float = lcs.GAMMA, text_rule: str = "difflib",
                      threshold: float = arena_steps.TEXT_SIMILARITY) -> dict[str, float]:
    """The metrics that need the ground truth ``truth`` (action dicts): TR, NTR, TCR, RRR, operation logic,
    awareness of completion, nuggets mining, and their variants."""
    same = _same(text_rule, threshold)
    reference = arena_steps.arena_truth(truth)
    records = arena_steps.agent_records(steps)
    actions = [record for _, record in records]
    pairs = lcs.common_subsequence(reference, actions, same)
    common = [reference[i] for i, _ in pairs]
    metrics = lcs.trajectory_scores(reference, actions, success, gamma, same).to_dict()
    metrics["operation_logic"] = ability.operation_logic(reference, actions, common, same)
    metrics["operation_logic_per_step"] = ability.operation_logic_per_step(pairs)
    metrics["awareness_of_completion"] = ability.awareness_of_completion(reference, actions, same)
    metrics["nuggets_mining"] = ability.nuggets_mining(actions, arena_steps.nugget_shares(steps, records), common,
                                                    same)
    return metrics


__all__ = ["aligned_steps", "reference_metrics", "step_metrics"]
