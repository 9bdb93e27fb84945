"""The simulated Google Calendar records AndroidArena's own ground truth: its published ``calendar.yaml`` action
sequences (uiautomator2 xpaths recorded on the real app) played on the simulated app, each step recorded as
AndroidArena records an agent's action (:mod:`pytest_mobileagent.observe.arena_text`), are the same actions by
AndroidArena's rule (``is_same_action``: same type; for an element, the published xpath is the recorded one or
near it). A screen whose structure differed from the real app's (another parent, another position among the
siblings, a lost id) would record other xpaths."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play, restore
from pytest_mobileagent.observe.arena_text import arena_text
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.sim import SimDevice
from pytest_mobileagent.tasks.base import Task
from tests import arena_eval
from tests.test_androidarena_calendar import PUBLISHED, _Checked, published


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-arena-records")
    d.snapshot_save("clean")
    yield d
    d.close()


def recorded(observation: Observation, action: dict) -> tuple[str, str, set[str]]:
    """(type, xpath, nearby xpaths) of a project action as AndroidArena records it."""
    arena = arena_eval.arena_action(action, observation)
    if not arena.xpath:
        return arena.action, "", set()
    view = arena_text(observation.screen, observation.package)
    nid = view.node_id(arena_eval.target_node(action, observation))
    return arena.action, arena.xpath, view.nearby(nid) if nid else set()


@pytest.mark.parametrize("task_cls", list(PUBLISHED), ids=lambda t: t.__name__)
def test_the_published_sequence_is_recorded_as_androidarena_recorded_it(task_cls: type[Task],
                                                                        device: SimDevice) -> None:
    task = published(task_cls)
    seen: list[Observation] = []
    result = play(device, task, _Checked(), reset=restore("clean", DEFAULT_TIME), on_observation=seen.append)
    assert result.success == 1.0, result.validator_state
    mine = [recorded(obs, vars(step)["action"]) for obs, step in zip(seen, result.steps)
            if step.action and step.action["action_type"] not in ("status", "answer")]
    theirs = task.steps()  # type: ignore[attr-defined]
    assert len(mine) == len(theirs), (mine, theirs)
    for n, ((kind, xpath, nearby), step) in enumerate(zip(mine, theirs)):
        want = "SWIPE_UP" if step["action"] in ("SWIPE_UP", "SWIPE_DOWN") else step["action"]
        got = "SWIPE_UP" if kind in ("SWIPE_UP", "SWIPE_DOWN") else kind
        assert got == want, (n, kind, step)
        if "xpath" in step:
            assert step["xpath"] == xpath or step["xpath"] in nearby, (n, step["xpath"], xpath, sorted(nearby))
