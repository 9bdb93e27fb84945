"""A task checked on state only the simulator keeps, judged by the model on a device that does not keep it.

Gmail's mail, Slack's messages, YouTube's subscriptions live on the real apps' servers: a task that seeds or checks
them requires ``sim_app_state`` and cannot be set up or checked on a phone. AndroidArena ran such tasks on its
phone's own accounts and judged them with a model. With ``--ma-llm-judge`` the plugin does the same on a device
without ``sim_app_state``: the item runs as :func:`judged_by_model` makes it (no setup, whose seeding only the
simulator can take; the phone's own app state stands in for it, as on AndroidArena's phone; no state check, no
teardown), its success is the judge's verdict, and its result says so (``EpisodeResult.judged_instead``).
A constraint broken or an agent crash still fails it.
"""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task

#: The capability of a device whose apps keep what real apps keep on their servers (the simulator's).
SERVER_STATE = "sim_app_state"
#: What the result of a task judged instead of checked says.
JUDGED_INSTEAD = ("the device keeps no simulated app state (sim_app_state): not set up or checked, success is the "
                  "model judge's verdict")


def judged_on(task: type[Task] | Task, capabilities: frozenset[str] | set[str]) -> bool:
    """Whether ``task`` can run on a device with ``capabilities`` only as a judged task: it requires the
    simulator's app state, which the device lacks, and nothing else the device lacks."""
    missing = set(task.requires) - set(capabilities)
    return missing == {SERVER_STATE}


def judged_by_model(task: Task) -> Task:
    """``task`` as a judged task: the same goal, apps, constraints and step budget, without setup, state check or
    teardown, and ``judged_by_model`` (the judge's verdict is its success). It records no ground truth of its own
    (its reference cannot run without setup): the caller gives it the original task's (``ground_truth``)."""
    cls = type(task)

    def setup(self: Task, device: Device) -> None:
        return None

    def check(self: Task, device: Device, answer: str | None = None) -> float:
        return 0.0

    def teardown(self: Task, device: Device) -> None:
        return None

    judged: dict[str, Any] = {"name": cls.name, "judged_by_model": True, "requires": cls.requires - {SERVER_STATE},
                              "recorded_ground_truth": False,
                              "setup": setup, "check": check, "teardown": teardown, "__module__": cls.__module__,
                              "__doc__": cls.__doc__}
    made = type(cls.__name__, (cls,), judged)(dict(task.params))
    return made


__all__ = ["JUDGED_INSTEAD", "SERVER_STATE", "judged_by_model", "judged_on"]
