"""AndroidArena's LCS metrics and Mobile-Bench's CheckPoint coverage: worked examples, and a run that reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mobileagent.metrics.arena_steps import arena_action, arena_actions, arena_truth, same_action
from pytest_mobileagent.metrics.checkpoint import fixed_scores, score_value
from pytest_mobileagent.metrics.lcs import trajectory_scores


def click(name: str) -> dict:
    return {"action_type": "click", "xpath": f"//*[@text='{name}']"}


def scores_of(truth: list[dict], agent: list[dict], success: float, gamma: float = 0.9):
    """The LCS metrics of an agent's actions (all performed) against a ground truth."""
    steps = [{"action": a} for a in agent]
    return trajectory_scores(arena_truth(truth), arena_actions(steps), success, gamma)


def test_androidarena_worked_example() -> None:
    truth = [click("A"), click("B"), click("C"), click("D")]
    agent = [click("A"), click("X"), click("B"), click("D"), {"action_type": "status", "goal_status": "complete"}]
    scores = scores_of(truth, agent, success=1.0)
    assert scores.task_reward == pytest.approx(1 + 0.9 ** 2 + 0.9 ** 3)  # 2.539
    assert scores.normalized_task_reward == pytest.approx(2.539 / 3.439, abs=1e-3)
    assert scores.task_completion_ratio == 1.0
    assert scores.reversed_redundancy_ratio == pytest.approx(1.0)
    assert scores_of(truth, agent, success=0.0).reversed_redundancy_ratio == 0.0  # failed: RRR is 0


def test_partial_progress_and_no_progress() -> None:
    truth = [click("A"), click("B"), click("C"), click("D")]
    halfway = scores_of(truth, [click("A"), click("B")], success=0.0)
    assert halfway.task_completion_ratio == 0.5
    assert halfway.task_reward == pytest.approx(0.9 ** 3 + 0.9 ** 2)
    assert scores_of(truth, [click("X")], success=0.0).task_completion_ratio == 0.0


def test_ties_between_common_subsequences_are_broken_as_androidarena_does() -> None:
    """Of several longest common subsequences AndroidArena's walk back keeps the one ending earliest in the agent's
    actions when both ways keep the same length: here [open Camera], the first ground-truth step (0.9²)."""
    truth = [{"action_type": "open_app", "text": "Camera"}, click("Options"), click("Countdown timer")]
    agent = [click("Countdown timer"), click("Options"), {"action_type": "open_app", "text": "Camera"}]
    scores = scores_of(truth, agent, success=0.0)
    assert scores.task_reward == pytest.approx(0.81) and scores.task_completion_ratio == pytest.approx(1 / 3)


def test_failed_actions_are_invalid_records_that_match_nothing_and_count_for_redundancy() -> None:
    truth = [click("A"), click("B")]
    steps = [{"action": click("A")}, {"action": click("B"), "invalid": "action", "error": "no element B"},
             {"action": None, "invalid": "format", "error": "unparsable"}]
    scores = trajectory_scores(arena_truth(truth), arena_actions(steps), success=1.0)
    assert scores.task_completion_ratio == 0.5  # the failed click on B is not the ground truth's B
    assert scores.reversed_redundancy_ratio == pytest.approx(2 / 3)  # three records, two of them INVALID


def test_repeated_ground_truth_steps_first_index_rule_and_its_fix() -> None:
    truth = [click("X"), click("X")]
    scores = scores_of(truth, truth, success=1.0)
    assert scores.task_completion_ratio == 0.5  # AndroidArena: the first step equal to L's last element
    assert scores.task_completion_ratio_fixed == 1.0  # the step L's last element was matched to


def test_equivalence_rules() -> None:
    def same(a: dict, b: dict) -> bool:
        return same_action(arena_action(a), arena_action(b))

    # AndroidArena's fallback text rule: difflib's quick_ratio on the raw texts, case counting
    assert same({"action_type": "input_text", "xpath": "//e", "text": "hello world"},
                {"action_type": "input_text", "xpath": "//e", "text": "hello wrld"})
    assert not same({"action_type": "input_text", "xpath": "//e", "text": "hello"},
                    {"action_type": "input_text", "xpath": "//e", "text": "zzzzz"})
    assert same({"action_type": "input_text", "xpath": "//e", "text": "listen"},
                {"action_type": "input_text", "xpath": "//e", "text": "silent"})  # quick_ratio: same letters
    assert not same({"action_type": "input_text", "xpath": "//e", "text": "ABC"},
                    {"action_type": "input_text", "xpath": "//e", "text": "abc"})
    assert same({"action_type": "click", "xpath": "//a", "nearby": ["//b"]}, click("x") | {"xpath": "//b"})
    assert same({"action_type": "open_app", "text": "Settings"}, {"action_type": "open_app", "text": "settings"})
    assert not same({"action_type": "scroll", "direction": "up"}, {"action_type": "scroll", "direction": "down"})
    # a scroll down moves the finger up: AndroidArena's SWIPE_UP, whichever way the project's action names it
    assert same({"action_type": "scroll", "direction": "down"}, {"action_type": "swipe", "direction": "up"})
    assert same({"action_type": "navigate_back"}, {"action_type": "navigate_back"})
    assert same({"action_type": "click", "x": 10, "y": 20}, {"action_type": "click", "x": 10, "y": 20})
    assert not same({"action_type": "click", "x": 10, "y": 20}, {"action_type": "click", "x": 10, "y": 90})
    # typing into the focused field, named by neither: the text decides; one naming a field is another target
    assert same({"action_type": "input_text", "text": "hello"}, {"action_type": "input_text", "text": "hello"})
    assert not same({"action_type": "input_text", "text": "hello"},
                    {"action_type": "input_text", "index": 2, "text": "hello"})


def test_checkpoint_forms_without_the_published_bugs() -> None:
    history = ["com.a click(Search)", "com.b input(box, 科技)", "adb shell am start -n com.a/.Main"]
    assert score_value("Search", history) == (1, 1)
    assert score_value(["|", "Nope", "科技"], history) == (1, 1)
    assert score_value(["&", "Search", "科技"], history) == (1, 1)  # every element somewhere, not in every entry
    assert score_value(["Search", "Nope"], history) == (1, 2)
    assert score_value(["科技", "Search"], history, ordered=True) == (1, 2)
    scores = fixed_scores({"package": "com.a", "text": ["Search", "Nope"],
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
    scores = scores_of([click(x) for x in truth], [click(x) for x in agent], success=1.0, gamma=gamma)
    assert 0.0 <= scores.normalized_task_reward <= 1.0 + 1e-9
    assert 0.0 <= scores.task_completion_ratio <= 1.0
    assert scores.reversed_redundancy_ratio >= 0.0


@given(st.lists(st.sampled_from("ABCDEF"), min_size=1, max_size=8))
def test_following_the_ground_truth_exactly_scores_the_maximum(truth: list[str]) -> None:
    steps = [click(x) for x in truth]
    scores = scores_of(steps, steps, success=1.0)
    assert scores.normalized_task_reward == pytest.approx(1.0)
    assert scores.task_completion_ratio_fixed == 1.0 and scores.reversed_redundancy_ratio == pytest.approx(1.0)
    # the published TCR is 1 unless the ground truth's last step repeats an earlier one (its first-index rule)
    assert (scores.task_completion_ratio == 1.0) == (truth.index(truth[-1]) == len(truth) - 1)


@given(st.lists(st.sampled_from("ABCDEF"), min_size=1, max_size=8), st.integers(0, 8), LETTERS)
def test_more_of_the_ground_truth_never_scores_less(truth: list[str], cut: int, noise: list[str]) -> None:
    """One more ground-truth step (after the same detours) raises the corrected TCR, never lowers the published
    one, and raises NTR when the ground truth's steps are distinct. (With repeated steps NTR can fall:
    AndroidArena's walk matches L as late as possible in G, so G=[B,B,A,A,B,B,B] gives [B,B] 0.364 and [B,B,A]
    0.355; and the published TCR can stay: G=[A,A] gives 0.5 for [A] and for [A,A]. That is the published
    metric.)"""
    steps = [click(x) for x in truth]
    cut = min(cut, len(steps) - 1)
    detour = [click(x.lower()) for x in noise]  # actions that match nothing
    shorter = scores_of(steps, detour + steps[:cut], success=0.0)
    longer = scores_of(steps, detour + steps[:cut + 1], success=0.0)
    assert longer.task_completion_ratio_fixed > shorter.task_completion_ratio_fixed
    if len(set(truth)) == len(truth):
        assert longer.task_completion_ratio > shorter.task_completion_ratio
        assert longer.normalized_task_reward > shorter.normalized_task_reward


@given(st.lists(st.sampled_from("ABC"), min_size=1, max_size=6), LETTERS)
def test_detours_only_lower_the_reversed_redundancy(truth: list[str], noise: list[str]) -> None:
    steps = [click(x) for x in truth]
    direct = scores_of(steps, steps, success=1.0)
    detoured = scores_of(steps, [click(x.lower()) for x in noise] + steps, success=1.0)
    assert detoured.reversed_redundancy_ratio <= direct.reversed_redundancy_ratio
    assert detoured.normalized_task_reward == direct.normalized_task_reward


@given(st.lists(st.text("abc", max_size=3), max_size=5), st.lists(st.text("abc", min_size=1, max_size=3), max_size=5))
def test_checkpoint_coverage_is_bounded_and_grows_with_history(history: list[str], expected: list[str]) -> None:
    if not expected:
        return
    point = {"text": expected, "package": expected[0]}
    scores = fixed_scores(point, history)
    more = fixed_scores(point, [*history, "".join(expected)])
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
