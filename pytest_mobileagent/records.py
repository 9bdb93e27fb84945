"""An episode's record (one line of ``results.jsonl``) and its identity: the one spelling that results,
resume, merge, baselines, pass@k and the artifact folders use."""

from __future__ import annotations

from typing import Any, TypedDict


class EpisodeRecord(TypedDict, total=False):
    """One finished (or errored) episode as the reports read it: ``EpisodeResult.to_json()`` plus the outcome
    and the run, or for an infrastructure error the task's identity and the error."""

    task: str
    suite: str
    instance: int
    repeat: int | None
    goal: str
    params: dict[str, Any]
    seed: int
    agent: str
    apps: list[str]
    difficulty: str
    tags: list[str]
    max_steps: int
    device_config: dict[str, str]
    optimal_steps: int | None
    #: Verified success (0..1), after the completion rule and constraints.
    success: float
    state_success: float
    #: What an agent declaring completion at once would have scored: the check right after setup.
    trivial_success: float | None
    self_reported: str | None
    answer: str | None
    terminated_by: str
    steps: list[dict[str, Any]]
    num_steps: int
    agent_error: str | None
    validator_state: str
    duration_s: float
    nodeid: str
    resumed: bool
    judged_success: float | None
    judge_reason: str
    androidworld_success: float | None
    androidworld_error: str
    constraint_violations: list[str]
    metrics: dict[str, float]
    usage: dict[str, Any]
    timings: dict[str, float]
    #: ``success``, ``failure`` or ``error`` (a pytest error: excluded from the success rate).
    outcome: str
    run_id: str
    #: For an error: its message, and whether it was an infrastructure error (device, endpoint).
    error: str
    infrastructure: bool


def case_label(index: int, repeat: int | None = None) -> str:
    """An item's parameter id: ``index``, or ``index-r<repeat>`` for the repeated runs of ``--ma-repeat``."""
    return str(index) if repeat is None else f"{index}-r{repeat}"


def episode_id(suite: str, task: str, instance: int, repeat: int | None = None) -> str:
    """An episode's identity: ``suite/Task[instance]`` (``suite/Task[instance-r<repeat>]`` for repeated runs).
    Two suites may have tasks of the same name; the suite keeps them apart."""
    return f"{suite}/{task}[{case_label(instance, repeat)}]"


def record_episode(record: EpisodeRecord) -> str:
    """:func:`episode_id` of a results record."""
    return episode_id(record.get("suite") or "", record["task"], int(record.get("instance", 0)), record.get("repeat"))


def record_instance(record: EpisodeRecord) -> str:
    """The task instance a record ran, whatever its repeat: what pass@k groups the repeated runs by."""
    return episode_id(record.get("suite") or "", record["task"], int(record.get("instance", 0)))


__all__ = ["EpisodeRecord", "case_label", "episode_id", "record_episode", "record_instance"]
