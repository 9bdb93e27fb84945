"""Every constraint is seen when it is broken: for each of AndroidArena's constrained tasks an agent commits the
task's violation (the task's ``violation()``, played as the oracle is) and the episode's record names it, by its
constraint type and on the element text the project really records for the step. That AndroidArena's own checks
see the same violations (and none in the oracle's episodes) is ``tests/test_arena_constraints.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.metrics.ability import Constraints
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.params import draw, instance_seed
from tests.suite_tasks import all_tasks

CONSTRAINED = [t for t in all_tasks() if t.suite == "androidarena" and getattr(t, "type", "") == "constrained"]


class ViolatingAgent(OracleAgent):
    """Plays the task's violation instead of its oracle."""

    def solution(self, task: Task, ui: UI) -> Iterator:
        return task.violation(ui)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-constraints")
    d.snapshot_save("clean")
    yield d
    d.close()


def test_every_androidarena_constrained_task_is_here() -> None:
    assert len(CONSTRAINED) == 35


@pytest.mark.parametrize("task_cls", CONSTRAINED, ids=[t.name for t in CONSTRAINED])
def test_committing_the_violation_is_recorded(task_cls: type[Task], device: SimDevice) -> None:
    task = task_cls(draw(task_cls.parameters(), instance_seed(0, task_cls.name, 0)))
    forbidden = Constraints.of(task.constraints)
    assert forbidden is not None
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    result = play(device, task, ViolatingAgent())
    assert result.agent_error is None, result.agent_error
    assert result.constraint_violations, f"{task_cls.name}: no violation recorded in {result.actions}"
    assert result.success == 0.0
    whys = [v.split(": ", 1)[1] for v in result.constraint_violations]
    assert all(why.split(" ", 1)[0] in forbidden.types for why in whys), whys
    for why in whys:  # each names what was forbidden: the app, the page, the element's recorded text, the action
        kind, what = why.split(" ", 1)
        if kind == "app":
            assert what in forbidden.apps
        elif kind == "page":
            assert any(what.endswith(p) for p in forbidden.pages)
        else:
            assert what in forbidden.actions or any(re.search(p, what) for p in forbidden.elements), why
    if forbidden.apps:  # the forbidden app was opened (not only asked for) and the step in it is flagged too
        inside = [s.index for s in result.steps if s.action and s.package in forbidden.apps]
        assert inside and all(any(v.startswith(f"step {i}: app ") for v in result.constraint_violations)
                              for i in inside), (inside, result.constraint_violations)
    targets = [why.split(" ", 1)[1] for why in whys if why.startswith("component ")]
    for rule in forbidden.elements:  # every element rule matches the text recorded for a step that commits it
        assert any(re.search(rule, t) for t in targets), f"rule {rule!r} matched no recorded element: {targets}"
