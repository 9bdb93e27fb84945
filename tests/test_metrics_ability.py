"""AndroidArena's ability metrics and constraint violations: hand-computed cases and a run that reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mobileagent.metrics.ability import (
    Constraints,
    awareness_of_completion,
    constraint_violation_ratio,
    nuggets_mining,
    operation_logic,
    repeated_actions,
)


def click(name: str) -> dict:
    return {"action_type": "click", "xpath": f"//*[@text='{name}']"}


def test_operation_logic_is_the_inverse_of_wrong_attempts_before_each_right_one() -> None:
    truth = [click("A"), click("B")]
    # A at once (1), then X and Y wrong before B (1/2): mean 0.75, the paper's example for B
    assert operation_logic(truth, [click("A"), click("X"), click("Y"), click("B")]) == pytest.approx(0.75)
    assert operation_logic(truth, truth) == 1.0
    assert operation_logic(truth, [click("X")]) == 0.0


def test_repeated_actions_count_the_same_action_on_the_same_screen() -> None:
    step = {"screen": "s1", "action": click("A")}
    assert repeated_actions([step, step, step, {"screen": "s2", "action": click("A")}]) == 0.5
    assert repeated_actions([]) == 0.0


def test_awareness_of_completion_only_where_the_goal_was_reached() -> None:
    assert awareness_of_completion(1.0, "complete") == 1.0
    assert awareness_of_completion(1.0, None) == 0.0
    assert awareness_of_completion(0.0, "complete") is None  # a false completion is counted elsewhere


def test_nuggets_mining_is_the_targets_share_of_the_observation() -> None:
    steps = [{"target": "x" * 10, "observation_chars": 100}, {"target": "x" * 30, "observation_chars": 100},
             {"target": None, "observation_chars": 0}]
    assert nuggets_mining(steps) == pytest.approx(0.2)
    assert nuggets_mining([{"target": None}]) is None


def test_constraints_catch_forbidden_apps_pages_and_elements() -> None:
    rules = Constraints.of({"apps": ["com.android.chrome"], "pages": [".SearchActivity"], "elements": [r"Delete"]})
    act = {"action_type": "click", "index": 1}
    steps = [{"index": 0, "package": "com.android.chrome", "activity": "", "action": act},
             {"index": 1, "package": "com.a", "activity": "com.a.SearchActivity", "action": act},
             {"index": 2, "package": "com.a", "activity": "com.a.Main", "action": act, "target": 'text="Delete all"'},
             {"index": 3, "package": "com.a", "activity": "com.a.Main", "action": act, "target": 'text="Save"'},
             {"index": 4, "package": "com.android.chrome", "activity": "", "action": None}]  # invalid output: no use
    assert constraint_violation_ratio(rules, steps) == pytest.approx(3 / 4)


@given(st.lists(st.sampled_from(["A", "B", "C", "D"]), max_size=8), st.lists(st.sampled_from("ABCDX"), max_size=8))
def test_bounds_and_identity(truth: list[str], agent: list[str]) -> None:
    g, a = [click(x) for x in truth], [click(x) for x in agent]
    assert 0.0 <= operation_logic(g, a) <= 1.0
    if g:
        assert operation_logic(g, g) == 1.0
    steps = [{"screen": "s", "action": x} for x in a]
    assert 0.0 <= repeated_actions(steps) <= 1.0


def test_a_constrained_task_fails_when_the_agent_uses_what_it_forbids(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_constrained='''
from pytest_mobileagent.tasks.base import Task

class OpenSettingsWithoutTheLauncher(Task):
    template = "Open Settings without going through the home screen."
    apps = ("settings",)
    constraints = {"apps": ["com.google.android.apps.nexuslauncher"]}
    ground_truth = ({"action_type": "open_app", "text": "Settings"},)

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()
''')
    run = pytester.runpytest("tasks_constrained.py", "--ma-run-id", "c", "-p", "no:randomly")
    run.assert_outcomes(failed=1)  # the oracle acts from the home screen: a forbidden app
    run.stdout.fnmatch_lines(["*constraint violated (success zeroed): step 0: app com.google.android.apps.nexus*"])
    [record] = [json.loads(line) for line in Path(pytester.path, "reports/c/results.jsonl").read_text().splitlines()]
    assert record["state_success"] == 1.0 and record["success"] == 0.0
    assert record["metrics"]["constraint_violation"] == 1.0  # its one action (the status does not count)
    assert record["metrics"]["operation_logic"] == 1.0 and record["metrics"]["awareness_of_completion"] == 1.0
    assert "repeated_actions" in record["metrics"]


def test_repeated_runs_give_pass_at_k(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_luck='''
from pytest_mobileagent.actions import Action
from pytest_mobileagent.tasks.base import Task

class OpenSettingsIfLucky(Task):
    template = "Open Settings."
    apps = ("settings",)

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")

class Coin:
    """Opens Settings on runs with an odd seed only."""
    def reset(self, goal, context):
        self.lucky, self.done = context.seed % 2 == 1, False
    def step(self, observation):
        if self.lucky and not self.done:
            self.done = True
            return Action.open_app("Settings")
        return Action.status("complete")
''')
    pytester.syspathinsert()
    run = pytester.runpytest("tasks_luck.py", "--agent", "tasks_luck:Coin", "--ma-instances", "2",
                             "--ma-repeat", "2", "--ma-run-id", "k", "--ma-save-baseline", "base.json", "-v")
    run.assert_outcomes(passed=2, failed=2)
    run.stdout.fnmatch_lines(["*OpenSettingsIfLucky?0-r0?*", "*OpenSettingsIfLucky?0-r1?*",
                              "*repeated runs (k=2, 2 instances): pass@k 100.0%, all k passed 0.0%, mean 50.0%*"])
    repeats = json.loads(Path(pytester.path, "reports/k/metrics.json").read_text())["repeats"]
    assert repeats == {"k": 2, "instances": 2, "pass_at_k": 1.0, "pass_all_k": 0.0, "mean": 0.5}
    baseline = json.loads(Path(pytester.path, "base.json").read_text())
    suite = pytester.path.name  # the task module's folder
    assert sorted(baseline["tasks"]) == [f"{suite}/OpenSettingsIfLucky[{i}-r{r}]" for i in (0, 1) for r in (0, 1)]


def test_a_misspelt_constraint_is_a_task_definition_error() -> None:
    from pytest_mobileagent.tasks.base import Task
    from pytest_mobileagent.tasks.registry import TaskDefinitionError, validate

    class NoWeather(Task):
        template = "Find the weather."
        constraints = {"app": ["com.google.android.apps.weather"]}  # "apps"

        def check(self, device, answer=None):
            return 0.0

        def oracle(self, ui):
            yield ui.complete()

    with pytest.raises(TaskDefinitionError, match=r"constraints: unknown constraint fields \['app'\]"):
        validate(NoWeather, "tasks_mine.py")
