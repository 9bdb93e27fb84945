"""AndroidArena's LCS metrics and Mobile-Bench's CheckPoint coverage: worked examples, and a run that reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mobileagent.metrics.checkpoint import checkpoint_scores, score_value
from pytest_mobileagent.metrics.lcs import equivalent, trajectory_scores


def click(name: str) -> dict:
    return {"action_type": "click", "xpath": f"//*[@text='{name}']"}


def test_androidarena_worked_example() -> None:
    truth = [click("A"), click("B"), click("C"), click("D")]
    agent = [click("A"), click("X"), click("B"), click("D"), {"action_type": "status", "goal_status": "complete"}]
    scores = trajectory_scores(truth, agent, success=1.0)
    assert scores.task_reward == pytest.approx(1 + 0.9 ** 2 + 0.9 ** 3)  # 2.539
    assert scores.normalized_task_reward == pytest.approx(2.539 / 3.439, abs=1e-3)
    assert scores.task_completion_ratio == 1.0
    assert scores.reversed_redundancy_ratio == pytest.approx(1.0)
    assert trajectory_scores(truth, agent, success=0.0).reversed_redundancy_ratio == 0.0  # failed: RRR is 0


def test_partial_progress_and_no_progress() -> None:
    truth = [click("A"), click("B"), click("C"), click("D")]
    halfway = trajectory_scores(truth, [click("A"), click("B")], success=0.0)
    assert halfway.task_completion_ratio == 0.5
    assert halfway.task_reward == pytest.approx(0.9 ** 3 + 0.9 ** 2)
    assert trajectory_scores(truth, [click("X")], success=0.0).task_completion_ratio == 0.0


def test_equivalence_rules() -> None:
    assert equivalent({"action_type": "input_text", "xpath": "//e", "text": "hello world"},
                      {"action_type": "input_text", "xpath": "//e", "text": "hello wrld"})
    assert not equivalent({"action_type": "input_text", "xpath": "//e", "text": "hello"},
                          {"action_type": "input_text", "xpath": "//e", "text": "goodbye"})
    assert equivalent({"action_type": "click", "xpath": "//a", "nearby": ["//b"]}, click("x") | {"xpath": "//b"})
    assert equivalent({"action_type": "open_app", "text": "Settings"}, {"action_type": "open_app", "text": "settings"})
    assert not equivalent({"action_type": "scroll", "direction": "up"}, {"action_type": "scroll", "direction": "down"})
    assert equivalent({"action_type": "navigate_back"}, {"action_type": "navigate_back"})
    # a tap on no element, on both sides: the same spot is the same target
    assert equivalent({"action_type": "click", "x": 10, "y": 20}, {"action_type": "click", "x": 10, "y": 20})
    assert not equivalent({"action_type": "click", "x": 10, "y": 20}, {"action_type": "click", "x": 10, "y": 90})
    # typing into the focused field, named by neither: the text decides; one naming a field is another target
    assert equivalent({"action_type": "input_text", "text": "hello"}, {"action_type": "input_text", "text": "hello"})
    assert not equivalent({"action_type": "input_text", "text": "hello"},
                          {"action_type": "input_text", "index": 2, "text": "hello"})


def test_checkpoint_forms_without_the_published_bugs() -> None:
    history = ["com.a click(Search)", "com.b input(box, 科技)", "adb shell am start -n com.a/.Main"]
    assert score_value("Search", history) == (1, 1)
    assert score_value(["|", "Nope", "科技"], history) == (1, 1)
    assert score_value(["&", "Search", "科技"], history) == (1, 1)  # every element somewhere, not in every entry
    assert score_value(["Search", "Nope"], history) == (1, 2)
    assert score_value(["科技", "Search"], history, ordered=True) == (1, 2)
    scores = checkpoint_scores({"package": "com.a", "text": ["Search", "Nope"],
                                "api": ["adb shell am start -n com.a/.Main"]}, history)
    assert scores["checkpoint_l1"] == 1.0  # a plain-string package is one package, not its characters
    assert scores["checkpoint_l2"] == pytest.approx(3 / 4)


def test_a_run_reports_the_metrics_its_tasks_define(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_metrics='''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task

class OpenSettingsTheLongWay(Task):
    template = "Open Settings."
    apps = ("settings",)
    ground_truth = ({"action_type": "navigate_home"}, {"action_type": "open_app", "text": "Settings"})
    check_point = {"package": ["com.android.settings", "com.example.never"], "activity": "SettingsHomepage"}

    @classmethod
    def parameters(cls):
        return st.just({})

    def setup(self, device):
        pass

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()
''')
    run = pytester.runpytest("tasks_metrics.py", "--ma-run-id", "m", "-p", "no:randomly")
    run.assert_outcomes(passed=1)
    [record] = [json.loads(line) for line in Path(pytester.path, "reports/m/results.jsonl").read_text().splitlines()]
    assert record["metrics"]["tcr"] == 1.0 and record["metrics"]["ntr"] == pytest.approx(1 / 1.9)
    assert record["metrics"]["checkpoint_l1"] == 0.5 and record["metrics"]["invalid_format"] == 0.0
    metrics = json.loads(Path(pytester.path, "reports/m/metrics.json").read_text())
    assert metrics["metrics"]["rrr"] == {"mean": 2.0, "episodes": 1}
    run.stdout.fnmatch_lines(["*trajectory metrics*", "*checkpoint_l2*"])
    assert record["timings"]["total_s"] >= record["timings"]["agent_s"] + record["timings"]["device_s"] > 0
    pytester.runpytest("tasks_metrics.py", "--ma-run-id", "g", "--ma-lcs-gamma", "0.5").assert_outcomes(passed=1)
    [record] = [json.loads(line) for line in Path(pytester.path, "reports/g/results.jsonl").read_text().splitlines()]
    assert record["metrics"]["ntr"] == pytest.approx(1 / 1.5)  # only the second of two steps matched


LETTERS = st.lists(st.sampled_from("ABCDEF"), max_size=8)


@given(LETTERS, LETTERS, st.floats(0.5, 0.99))
def test_lcs_metrics_are_bounded(truth: list[str], agent: list[str], gamma: float) -> None:
    scores = trajectory_scores([click(x) for x in truth], [click(x) for x in agent], success=1.0, gamma=gamma)
    assert 0.0 <= scores.normalized_task_reward <= 1.0 + 1e-9
    assert 0.0 <= scores.task_completion_ratio <= 1.0
    assert scores.reversed_redundancy_ratio >= 0.0


@given(st.lists(st.sampled_from("ABCDEF"), min_size=1, max_size=8))
def test_following_the_ground_truth_exactly_scores_the_maximum(truth: list[str]) -> None:
    steps = [click(x) for x in truth]
    scores = trajectory_scores(steps, steps, success=1.0)
    assert scores.normalized_task_reward == pytest.approx(1.0)
    assert scores.task_completion_ratio == 1.0 and scores.reversed_redundancy_ratio == pytest.approx(1.0)


@given(st.lists(st.sampled_from("ABCDEF"), min_size=1, max_size=8), st.integers(0, 8), LETTERS)
def test_more_of_the_ground_truth_never_scores_less(truth: list[str], cut: int, noise: list[str]) -> None:
    """One more ground-truth step (after the same detours) never lowers TCR, nor NTR when the ground truth's
    steps are distinct. (With repeated steps it can: AndroidArena's walk matches L as late as possible in G,
    so G=[B,B,A,A,B,B,B] gives [B,B] 0.364 and [B,B,A] 0.355. That is the published metric.)"""
    steps = [click(x) for x in truth]
    cut = min(cut, len(steps) - 1)
    detour = [click(x.lower()) for x in noise]  # actions that match nothing
    shorter = trajectory_scores(steps, detour + steps[:cut], success=0.0)
    longer = trajectory_scores(steps, detour + steps[:cut + 1], success=0.0)
    assert longer.task_completion_ratio > shorter.task_completion_ratio
    if len(set(truth)) == len(truth):
        assert longer.normalized_task_reward > shorter.normalized_task_reward


@given(st.lists(st.sampled_from("ABC"), min_size=1, max_size=6), LETTERS)
def test_detours_only_lower_the_reversed_redundancy(truth: list[str], noise: list[str]) -> None:
    steps = [click(x) for x in truth]
    direct = trajectory_scores(steps, steps, success=1.0)
    detoured = trajectory_scores(steps, [click(x.lower()) for x in noise] + steps, success=1.0)
    assert detoured.reversed_redundancy_ratio <= direct.reversed_redundancy_ratio
    assert detoured.normalized_task_reward == direct.normalized_task_reward


@given(st.lists(st.text("abc", max_size=3), max_size=5), st.lists(st.text("abc", min_size=1, max_size=3), max_size=5))
def test_checkpoint_coverage_is_bounded_and_grows_with_history(history: list[str], expected: list[str]) -> None:
    if not expected:
        return
    point = {"text": expected, "package": expected[0]}
    scores = checkpoint_scores(point, history)
    more = checkpoint_scores(point, [*history, "".join(expected)])
    assert 0.0 <= scores["checkpoint_l2"] <= more["checkpoint_l2"] == 1.0
    assert more["checkpoint_l1"] == 1.0


def test_the_history_names_what_mobile_bench_check_points_name_and_nothing_else() -> None:
    from pytest_mobileagent.metrics.checkpoint import history_of

    steps = [
        {"package": "com.android.settings", "activity": "com.android.settings.Settings",
         "action": {"action_type": "click", "index": 3}, "target": 'text="Network & internet", id="title"',
         "target_id": "com.android.settings:id/title"},
        {"package": "com.android.settings", "activity": "com.android.settings.SubSettings",
         "action": {"action_type": "wait", "duration_ms": 1000}},
        {"package": "com.android.settings", "activity": "com.android.settings.SubSettings",
         "action": {"action_type": "click", "x": 10, "y": 20}, "invalid": "action"},
        {"package": "com.android.settings", "activity": "com.android.settings.SubSettings",
         "action": {"action_type": "api_call", "text": "api_7", "args": {}}, "error": "not on the simulator"},
    ]
    history = history_of(steps)
    assert len(history) == 2  # the invalid action and the refused call are dropped
    found = lambda value: score_value(value, history)  # noqa: E731
    assert found("com.android.settings:id/title") == (1, 1) and found("Network & internet") == (1, 1)
    both = ["&", "com.android.settings/.Settings", "com.android.settings/com.android.settings.Settings"]
    assert found(both) == (1, 1)
    assert found("1") == (0, 1) and found("duration") == (0, 1)  # a wait's fields are not key phrases
