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
    completion_declared,
    constraint_violation_ratio,
    invalid_share,
    nuggets_mining,
    nuggets_mining_all_steps,
    operation_logic,
    repeated_actions,
    repeated_on_screen,
)
from pytest_mobileagent.metrics.arena_steps import arena_actions, arena_truth
from pytest_mobileagent.metrics.lcs import common_subsequence


def click(name: str) -> dict:
    return {"action_type": "click", "xpath": f"//*[@text='{name}']"}


def records(actions: list[dict]) -> list:
    return arena_actions([{"action": a} for a in actions])


def logic(truth: list[dict], agent: list[dict]) -> float:
    g, a = arena_truth(truth), records(agent)
    return operation_logic(g, a, [g[i] for i, _ in common_subsequence(g, a)])


def test_operation_logic_is_androidarenas_per_episode_sum() -> None:
    truth = [click("A"), click("B"), click("C")]
    assert logic(truth, truth) == 3.0  # a perfect 3-step episode: 1 per step, summed
    assert logic(truth, [click("X")]) == 0.0
    # A, two wrong tries, B, C: runs after A are [X, Y] against [] -> 1/2; then [] and []: 2.5
    assert logic(truth, [click("A"), click("X"), click("Y"), click("B"), click("C")]) == 2.5
    # L ends before G's last step: the last pair of runs is dropped
    assert logic(truth, [click("A"), click("B")]) == 1.0
    # actions before the first match: AndroidArena keeps only the one right before it ([Z]) as a first run and
    # pairs runs by position, so [Z] meets G's run after A; the agent's last run is left unpaired
    assert logic(truth, [click("X"), click("Y"), click("Z"), click("A"), click("B"), click("C")]) == 3.0
    assert logic(truth, [click("X"), click("A"), click("Y"), click("Y"), click("B"), click("C")]) == 2.5


def test_repeated_actions_count_blocks_repeated_right_after_themselves() -> None:
    a, b, back = click("A"), click("B"), {"action_type": "navigate_back"}
    status = {"action_type": "status", "goal_status": "complete"}
    finished = [{"action": x} for x in (a, b, a, b, back, status)]
    assert repeated_actions(arena_actions(finished), finished=True) == pytest.approx(3 / 5)  # [A,B] again: 2..4
    assert repeated_actions(records([a, b, back]), finished=True) == 0.0
    # a step-limited episode: AndroidArena compares the last action with nothing, so it repeats the one before
    assert repeated_actions(records([a, b, back]), finished=False) == pytest.approx(2 / 3)
    assert repeated_actions(records([a, b, back]), finished=False, fixed=True) == 0.0
    # vertical swipes: a run of them counts its length less two
    swipes = records([a] + [{"action_type": "scroll", "direction": "down"}] * 4 + [b])
    assert repeated_actions(swipes, finished=True) == pytest.approx(1 / 6)
    assert repeated_actions([], finished=False) == 0.0


def test_repeated_on_screen_counts_the_same_action_on_the_same_screen() -> None:
    step = {"screen": "s1", "action": click("A")}
    assert repeated_on_screen([step, step, step, {"screen": "s2", "action": click("A")}]) == 0.5
    assert repeated_on_screen([]) == 0.0


def test_awareness_of_completion_is_ending_with_the_ground_truths_last_step() -> None:
    truth = arena_truth([click("A"), click("B")])
    assert awareness_of_completion(truth, records([click("X"), click("B")])) == 1.0
    assert awareness_of_completion(truth, records([click("B"), click("X")])) == 0.0
    assert awareness_of_completion(truth, []) == 0.0
    assert completion_declared(1.0, "complete") == 1.0 and completion_declared(1.0, None) == 0.0
    assert completion_declared(0.0, "complete") is None  # a false completion is counted elsewhere


def test_nuggets_mining_over_the_matched_steps() -> None:
    truth = arena_truth([click("A"), {"action_type": "navigate_back"}, click("B")])
    steps = [{"action": click("A"), "target": "x" * 10, "observation_chars": 100},
             {"action": click("X"), "target": "x" * 50, "observation_chars": 100},
             {"action": {"action_type": "navigate_back"}},
             {"action": click("B"), "target": None}]  # aimed at by xpath: not in the observation's lines
    actions = arena_actions(steps)
    from pytest_mobileagent.metrics.arena_steps import nugget_shares

    common = [truth[i] for i, _ in common_subsequence(truth, actions)]
    assert nuggets_mining(actions, nugget_shares(steps), common) == pytest.approx((0.1 + 1.0) / 2)
    assert nuggets_mining(actions, nugget_shares(steps), []) == 1.0
    assert nuggets_mining_all_steps(steps) == pytest.approx(0.3)
    assert nuggets_mining_all_steps([{"target": None}]) is None


def test_invalid_shares_leave_out_the_last_steps_error_as_androidarena_does() -> None:
    assert invalid_share(["format", None, "format"], "format") == pytest.approx(1 / 3)
    assert invalid_share(["format", None, "format"], "format", fixed=True) == pytest.approx(2 / 3)
    assert invalid_share([None, "action"], "action") == 0.0 and invalid_share([], "action") == 0.0


def test_constraints_catch_forbidden_apps_pages_and_elements() -> None:
    rules = Constraints.of({"apps": ["com.android.chrome"], "pages": [".SearchActivity"], "elements": [r"Delete"]})
    act = {"action_type": "click", "index": 1}
    steps = [{"index": 0, "package": "com.android.chrome", "activity": "", "action": act},
             {"index": 1, "package": "com.a", "activity": "com.a.SearchActivity", "action": act},
             {"index": 2, "package": "com.a", "activity": "com.a.Main", "action": act, "target": 'text="Delete all"'},
             {"index": 3, "package": "com.a", "activity": "com.a.Main", "action": act, "target": 'text="Save"'},
             {"index": 4, "package": "com.android.chrome", "activity": "", "action": None}]  # invalid output: no use
    assert constraint_violation_ratio(rules, steps) == pytest.approx(3 / 4)


@given(st.lists(st.sampled_from(["A", "B", "C", "D"]), min_size=1, max_size=8),
       st.lists(st.sampled_from("ABCDX"), max_size=8), st.booleans())
def test_bounds_and_identity(truth: list[str], agent: list[str], finished: bool) -> None:
    g, a = [click(x) for x in truth], [click(x) for x in agent]
    assert 0.0 <= logic(g, a) <= len(g) + 1
    assert logic(g, g) == len(g)
    assert 0.0 <= repeated_actions(records(a), finished, fixed=True) <= repeated_actions(records(a), finished) + 1e-9
    steps = [{"screen": "s", "action": x} for x in a]
    assert 0.0 <= repeated_on_screen(steps) <= 1.0


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
    assert record["metrics"]["completion_declared"] == 1.0
    assert "repeated_actions" in record["metrics"] and "repeated_actions_fixed" in record["metrics"]


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
