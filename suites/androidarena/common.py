"""What every AndroidArena task of this suite shares: its type, its published instruction, its constraint.

AndroidArena (Xing et al., 2024) has three task types: single-app (164 in the paper), cross-app (22) and
constrained (35), with step limits of 15 for single-app and constrained tasks and 30 for cross-app ones. Its tasks
come with ground-truth action sequences for the LCS metrics (TR, NTR, TCR, RRR); of those only ``calendar.yaml``'s
seven were published, so every other task's ground truth here is its oracle's recorded actions
(``recorded_ground_truth``, played on a simulated phone set up like the episode's).

A task's ``template`` is AndroidArena's instruction with its natural parameters as fields; ``published`` holds the
values of the published wording, which is the task's instance 0. A constrained task declares the published
constraint (``constraint``, told to the agent after the instruction, as AndroidArena's system prompt does) and
what it forbids (``constraints``: apps, pages, elements, actions; see
:class:`pytest_mobileagent.metrics.ability.Constraints`): an episode that breaks it fails with the violation named.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pytest_mobileagent.tasks.base import Task

#: AndroidArena's task types, each a tag of its tasks (``-m tag_cross_app``).
TYPES = ("single_app", "cross_app", "constrained")
#: The step limits AndroidArena sets per type (``max_step`` of its task files), as ``complexity`` (steps / 10).
COMPLEXITY = {"single_app": 1.5, "cross_app": 3.0, "constrained": 1.5}


class ArenaTask(Task):
    """An AndroidArena task: its type as a tag, the step limit of its type, the oracle as its ground truth."""

    __abstract__ = True
    suite = "androidarena"
    #: ``single_app``, ``cross_app`` or ``constrained``.
    type: ClassVar[str] = "single_app"
    #: The published constraint, in words (``constrain.yaml``'s ``constrains``); empty for unconstrained tasks.
    constraint: ClassVar[str] = ""
    recorded_ground_truth = True

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.type not in TYPES:
            raise TypeError(f"{cls.__name__}.type must be one of {TYPES}, not {cls.type!r}")
        if cls.type == "constrained" and not (cls.constraint and cls.constraints):
            raise TypeError(f"{cls.__name__}: a constrained task declares its constraint and what it forbids")
        cls.tags = (cls.type, *(t for t in cls.tags if t not in TYPES))
        if "complexity" not in cls.__dict__:
            cls.complexity = COMPLEXITY[cls.type]

    @property
    def goal(self) -> str:
        instruction = super().goal
        return f"{instruction}\nConstraint: {self.constraint}" if self.constraint else instruction


__all__ = ["COMPLEXITY", "TYPES", "ArenaTask"]
