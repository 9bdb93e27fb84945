"""AndroidArena's own constraint evaluator agrees with the project's violation verdicts.

For each of AndroidArena's 35 constrained tasks two episodes are played on a simulated phone: the oracle (which
keeps the constraint) and an agent that commits the task's violation (``violation()``, as ``test_constraints.py``
plays it). Each episode is put in AndroidArena's terms (its observation text and action records,
``tests/arena_eval.py``) and scored by the reference of ``eval_constrain``; a score above 0 must coincide with the
project recording a violation.

Where AndroidArena's check cannot fire on any phone, the test says so and shows that the simulated screen carries
what a corrected check would look for:

- ``Do not click the "Send"-like button`` in Gmail: the evaluator's xpath
  ``//*[@resource-id="com.google.android.gm:id/send`` lacks its closing ``"]``; no recorded xpath equals it.
- ``Do NOT directly type search keywords in the firefox's header search bar``: the evaluator counts clicks of
  ``android:id/button1`` in Firefox (the "Confirm" check's xpath), never typing in the toolbar's url field.

An app constraint is seen by its ``START_APP`` record: AndroidArena records the package its configs give the named
app (``Chrome`` -> ``com.chrome.beta``), whatever the phone runs. Its other test, "The current APP is Chrome" in the
observation, cannot fire on a phone whose Chrome is ``com.android.chrome`` (AndroidArena names a package missing from
its configs by the package's last part, ``chrome``), as on AndroidArena's own recorded phone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import EpisodeResult, play
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.sim import SimDevice
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.params import draw, instance_seed
from tests import arena_eval
from tests.suite_tasks import all_tasks

CONSTRAINED = [t for t in all_tasks() if t.suite == "androidarena" and getattr(t, "type", "") == "constrained"]
#: The closing ``"]`` AndroidArena's Gmail "Send" xpath lacks, restored: what the check meant.
GMAIL_SEND_FIXED = dict(arena_eval.ELEMENTS, send=(("Gmail", ('//*[@resource-id="com.google.android.gm:id/send"]',)),
                                                    *arena_eval.ELEMENTS["send"][1:]))


class ViolatingAgent(OracleAgent):
    """Plays the task's violation instead of its oracle."""

    def solution(self, task: Task, ui: UI) -> Iterator:
        return task.violation(ui)  # type: ignore[attr-defined]


@dataclass
class Played:
    result: EpisodeResult
    obs: list[str]
    actions: list[arena_eval.ArenaAction]

    def score(self, constraint: str, **kw: object) -> float:
        return arena_eval.score(constraint, self.obs, self.actions, **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-arena-constraints")
    d.snapshot_save("clean")
    yield d
    d.close()


def run(device: SimDevice, task_cls: type[Task], agent: OracleAgent) -> Played:
    task = task_cls(draw(task_cls.parameters(), instance_seed(0, task_cls.name, 0)))
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    seen: list[Observation] = []
    result = play(device, task, agent, on_observation=seen.append)
    assert result.agent_error is None, result.agent_error
    obs, actions = arena_eval.arena_episode(seen, [vars(s) for s in result.steps])
    return Played(result, obs, actions)


def test_every_constraint_text_has_a_family_of_the_evaluator() -> None:
    families = {arena_eval.family(t.constraint)[0] for t in CONSTRAINED}  # type: ignore[attr-defined]
    assert families == {"app", "page", "component"}
    assert len(CONSTRAINED) == 35


@pytest.mark.parametrize("task_cls", CONSTRAINED, ids=[t.name for t in CONSTRAINED])
def test_the_oracle_keeps_the_constraint_by_both_verdicts(task_cls: type[Task], device: SimDevice) -> None:
    played = run(device, task_cls, OracleAgent())
    assert not played.result.constraint_violations, played.result.constraint_violations
    assert played.score(task_cls.constraint) == 0.0  # type: ignore[attr-defined]


@pytest.mark.parametrize("task_cls", CONSTRAINED, ids=[t.name for t in CONSTRAINED])
def test_committing_the_violation_is_seen_by_both_verdicts(task_cls: type[Task], device: SimDevice) -> None:
    played = run(device, task_cls, ViolatingAgent())
    constraint: str = task_cls.constraint  # type: ignore[attr-defined]
    assert played.result.constraint_violations
    kind, arg = arena_eval.family(constraint)
    if (kind, arg) == ("component", "send") and task_cls.apps[0] == "gmail":
        assert played.score(constraint) == 0.0  # the truncated xpath: AndroidArena's check cannot fire
        assert played.score(constraint, xpaths=GMAIL_SEND_FIXED) > 0.0, played.actions
        return
    if arg == "firefox_header":
        assert played.score(constraint) == 0.0  # AndroidArena's check looks for android:id/button1
        assert any(a.action == "SET_TEXT" and "mozac_browser_toolbar" in a.xpath for a in played.actions) \
            or any("mozac_browser_toolbar_edit_url_view" in o for o in played.obs), played.actions
        return
    assert played.score(constraint) > 0.0, (played.actions, played.obs[-1][:3000])
