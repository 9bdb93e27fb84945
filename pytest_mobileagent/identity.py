"""How episodes are named: one spelling for results, resume, merge, baselines, pass@k and artifact folders."""

from __future__ import annotations

from typing import Any


def case_label(index: int, repeat: int | None = None) -> str:
    """An item's parameter id: ``index``, or ``index-r<repeat>`` for the repeated runs of ``--ma-repeat``."""
    return str(index) if repeat is None else f"{index}-r{repeat}"


def episode_id(suite: str, task: str, instance: int, repeat: int | None = None) -> str:
    """An episode's identity: ``suite/Task[instance]`` (``suite/Task[instance-r<repeat>]`` for repeated runs).
    Two suites may have tasks of the same name; the suite keeps them apart."""
    return f"{suite}/{task}[{case_label(instance, repeat)}]"


def record_episode(record: dict[str, Any]) -> str:
    """:func:`episode_id` of a results record."""
    return episode_id(record.get("suite") or "", record["task"], int(record.get("instance", 0)), record.get("repeat"))


def record_instance(record: dict[str, Any]) -> str:
    """The task instance a record ran, whatever its repeat: what pass@k groups the repeated runs by."""
    return episode_id(record.get("suite") or "", record["task"], int(record.get("instance", 0)))


__all__ = ["case_label", "episode_id", "record_episode", "record_instance"]
