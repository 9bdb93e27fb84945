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

import ast
import builtins
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import EpisodeResult, play
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.params import draw, instance_seed
from pytest_mobileagent.tasks.registry import cases
from tests import arena_eval
from tests.published import published_file
from tests.suite_tasks import ROOT, all_tasks

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


def run(device: SimDevice, task_cls: type[Task], agent: OracleAgent, published: bool = False) -> Played:
    """The episode of ``agent`` on item 0 of ``task_cls`` (``published``: the suite's item 0, in the published
    wording), in AndroidArena's terms."""
    task = published_item(task_cls) if published else task_cls(draw(task_cls.parameters(),
                                                                      instance_seed(0, task_cls.name, 0)))
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


# -- AndroidArena's own evaluator, held out ---------------------------------------------------------------------


def their_eval_cons(evaluator: Path, constrain_yaml: Path) -> Callable[[list[dict[str, Any]]], list[list[float]]]:
    """``eval_cons`` of AndroidArena's ``run_evaluator.py`` as published (``eval_constrain``'s inner functions,
    compiled from the file; its module imports, a model stack, are not needed by them), reading ``constrain_yaml``
    where it opens ``tasks/constrain.yaml``."""
    tree = ast.parse(evaluator.read_text(encoding="utf-8"))
    outer = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "eval_constrain")
    inner = [n for n in outer.body if isinstance(n, ast.FunctionDef)
             and n.name in ("get_constrain", "check_app", "check_page", "check_element", "eval_cons")]

    def opened(path: str, *args: Any, **kw: Any) -> Any:
        return builtins.open(constrain_yaml if path == "tasks/constrain.yaml" else path, *args, **kw)

    namespace: dict[str, Any] = {"re": re, "yaml": yaml, "open": opened}
    exec(compile(ast.Module(body=inner, type_ignores=[]), str(evaluator), "exec"), namespace)
    namespace["constrain_dict"] = namespace["get_constrain"]()
    return namespace["eval_cons"]


def published_item(task_cls: type[Task]) -> Task:
    """The suite's item 0 of ``task_cls``: the published instance."""
    return cases(task_cls, 0, 1, Path(ROOT, "suites", task_cls.suite))[0].make()


def in_published_order(constrain_yaml: Path) -> list[type[Task]]:
    """The constrained tasks in ``constrain.yaml``'s order (its evaluator tells the two tasks sharing an
    instruction apart by that order)."""
    rows = yaml.safe_load(constrain_yaml.read_text())["tasks"]
    tasks = {(published_item(t).instruction, t.constraint): t for t in CONSTRAINED}  # type: ignore[attr-defined]
    return [tasks[(row["instruction"], row["constrains"])] for row in rows]


@pytest.mark.parametrize("agent", [OracleAgent, ViolatingAgent], ids=["oracle", "violation"])
def test_androidarenas_own_eval_constrain_agrees(agent: type[OracleAgent], device: SimDevice,
                                                 pytestconfig: pytest.Config) -> None:
    """The held-out run: AndroidArena's ``eval_cons`` scores all 35 episodes in one call, as it scores a folder of
    trajectories; a score above 0 must be the project's violation, but for the two checks that cannot fire."""
    evaluator = published_file(pytestconfig, "androidarena-evaluator/run_evaluator.py")
    constrain_yaml = published_file(pytestconfig, "androidarena/constrain.yaml")
    eval_cons = their_eval_cons(evaluator, constrain_yaml)
    ordered = in_published_order(constrain_yaml)
    played = [run(device, t, agent(), published=True) for t in ordered]
    scores = eval_cons([{"task": p.result.goal.split("\nConstraint: ")[0], "obs": p.obs,
                         "actual_as": [vars(a) for a in p.actions]} for p in played])
    lists = {"app": iter(scores[0]), "page": iter(scores[1]), "component": iter(scores[2])}
    for task_cls, p in zip(ordered, played):
        constraint: str = task_cls.constraint  # type: ignore[attr-defined]
        kind, arg = arena_eval.family(constraint)
        theirs = next(lists[kind])
        assert theirs == pytest.approx(p.score(constraint)), task_cls.name  # the reference reads it as they do
        cannot_fire = arg == "firefox_header" or ((kind, arg) == ("component", "send") and task_cls.apps[0] == "gmail")
        expected = bool(p.result.constraint_violations) and not cannot_fire
        assert (theirs > 0) == expected, (task_cls.name, theirs, p.result.constraint_violations)
    assert all(next(it, None) is None for it in lists.values())
