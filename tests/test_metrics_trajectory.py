"""AndroidArena's LCS metrics and Mobile-Bench's CheckPoint coverage: worked examples, and a run that reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
