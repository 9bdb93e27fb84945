"""AndroidArena's task types as a Task base: the hand-written suite (``suites/androidarena``) and the importer of
AndroidArena-format YAML (:mod:`pytest_mobileagent.tasks.importers.androidarena`) both build on :class:`ArenaTask`.

AndroidArena (Xing et al., 2024) has three task types: single-app, cross-app and constrained, with step limits of
15 for single-app and constrained tasks and 30 for cross-app ones (``max_step`` of its task files). A constrained
task comes with a constraint in words, which AndroidArena's prompt gives the agent beside the instruction; here the
goal carries it after the instruction (``\\nConstraint: ...``), and ``Task.constraints`` says what it forbids in
terms a step can be checked against. The ground truth of the LCS metrics is the task's reference solution as
played on a simulated phone (``recorded_ground_truth``): its oracle, or the published ``action_seq``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pytest_mobileagent.metrics.success import ARENA_TYPES
from pytest_mobileagent.tasks.base import Task

#: The step limits AndroidArena sets per type, as ``complexity`` (steps / 10).
COMPLEXITY = {"single_app": 1.5, "cross_app": 3.0, "constrained": 1.5}


class ArenaTask(Task):
    """An AndroidArena task: its type as a tag, the step limit of its type, its reference as its ground truth."""

    __abstract__ = True
    #: ``single_app``, ``cross_app`` or ``constrained``.
    type: ClassVar[str] = "single_app"
    #: The constraint in words (``constrain.yaml``'s ``constrains``); empty for unconstrained tasks.
    constraint: ClassVar[str] = ""
    recorded_ground_truth = True

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.type not in ARENA_TYPES:
            raise TypeError(f"{cls.__name__}.type must be one of {ARENA_TYPES}, not {cls.type!r}")
        if cls.type == "constrained" and not cls.constraint:
            raise TypeError(f"{cls.__name__}: a constrained task states its constraint")
        cls.tags = (cls.type, *(t for t in cls.tags if t not in ARENA_TYPES))
        if "complexity" not in cls.__dict__:
            cls.complexity = COMPLEXITY[cls.type]

    @property
    def goal(self) -> str:
        instruction = super().goal
        return f"{instruction}\nConstraint: {self.constraint}" if self.constraint else instruction

    @property
    def instruction(self) -> str:
        """The instruction alone, without the constraint."""
        return super().goal


__all__ = ["COMPLEXITY", "ArenaTask"]
