"""What every AndroidArena task of this suite shares: :class:`ArenaSuiteTask`, an
:class:`~pytest_mobileagent.tasks.arena.ArenaTask` of suite ``androidarena``.

Of AndroidArena's ground-truth action sequences only ``calendar.yaml``'s seven were published, so every other
task's ground truth here is its oracle's recorded actions (``recorded_ground_truth``, played on a simulated phone
set up like the episode's). A task's ``template`` is AndroidArena's instruction with its natural parameters as
fields; ``published`` holds the values of the published wording, which is the task's instance 0. A constrained task
states the published constraint (``constraint``, told to the agent after the instruction) and declares what it
forbids (``constraints``: apps, pages, elements, actions; see
:class:`pytest_mobileagent.metrics.ability.Constraints`): an episode that breaks it fails with the violation named.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.tasks.arena import ArenaTask as _ArenaTask


class ArenaTask(_ArenaTask):
    """A task of this suite; a constrained one also declares what it forbids (``constraints``)."""

    __abstract__ = True
    suite = "androidarena"

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.type == "constrained" and not cls.constraints:
            raise TypeError(f"{cls.__name__}: a constrained task of the suite declares what it forbids")


__all__ = ["ArenaTask"]
