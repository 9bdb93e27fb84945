"""AndroidArena's metrics end to end: the ground truth recorded from a task's reference, the LCS metrics in every
record, constraint violations by type, and the per-type and per-app tables of metrics.json, the terminal and the
HTML report (pytester runs with pytest-html)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play, reference_ground_truth, restore
from pytest_mobileagent.tasks.arena import ArenaTask

TASKS = '''
from pytest_mobileagent.actions import Action
from pytest_mobileagent.tasks.arena import ArenaTask


class OpenSettings(ArenaTask):
    template = "Open the Settings app."
    apps = ("settings",)

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()


class OpenSettingsNotClock(OpenSettings):
    type = "constrained"
    constraint = "Do NOT use the Clock APP."
    constraints = {"apps": ["com.google.android.deskclock"]}


class ClockFirst:
    """Opens the Clock, then Settings: one action more than the ground truth, and a forbidden app."""

    def reset(self, goal, context):
        self.steps = iter([Action.open_app("Clock"), Action.open_app("Settings"), Action.status("complete")])

    def step(self, observation):
        return next(self.steps)
'''


class OpenSettings(ArenaTask):
    template = "Open the Settings app."
    apps = ("settings",)

    def check(self, device: Any, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui: Any) -> Any:
        yield ui.open_app("Settings")
        yield ui.complete()


def test_the_recorded_ground_truth_is_the_references_actions_without_positions() -> None:
    truth = reference_ground_truth(OpenSettings(), restore("any", DEFAULT_TIME))
    assert truth == ({"action_type": "open_app", "text": "Settings"}, {"action_type": "status",
                                                                        "goal_status": "complete"})


def test_the_oracle_scores_full_marks_against_its_own_ground_truth_and_noop_none() -> None:
    device = SimDevice(serial="arena-metrics")
    device.snapshot_save("clean")
    reset = restore("clean", DEFAULT_TIME)
    oracle = play(device, OpenSettings(), OracleAgent(), reset=reset)
    assert oracle.success == 1.0
    assert {k: oracle.metrics[k] for k in ("task_reward", "ntr", "tcr", "rrr")} == {
        "task_reward": 1.0, "ntr": 1.0, "tcr": 1.0, "rrr": 1.0}
    noop = play(device, OpenSettings(), NoopAgent(), reset=reset)
    assert noop.metrics["ntr"] == noop.metrics["tcr"] == noop.metrics["rrr"] == 0.0


def test_a_run_reports_lcs_metrics_and_violations_per_type_and_app(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_arena=TASKS)
    pytester.syspathinsert()
    run = pytester.runpytest_subprocess("tasks_arena.py", "--agent", "tasks_arena:ClockFirst", "--ma-run-id", "a",
                                        "--html", "report.html", "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1, failed=1)
    run.stdout.fnmatch_lines(["*constraint violated (success zeroed): step 0: app com.google.android.deskclock*",
                              "*AndroidArena per type:*", "*single_app*100.0%*1.000*1.000*1.000*0.500*",
                              "*constrained*0.0%*"])
    records = {r["task"]: r for r in map(json.loads, Path(pytester.path, "reports", "a", "results.jsonl")
                                         .read_text().splitlines())}
    single = records["OpenSettings"]["metrics"]
    assert (single["task_reward"], single["ntr"], single["tcr"], single["rrr"]) == (1.0, 1.0, 1.0, 0.5)
    constrained = records["OpenSettingsNotClock"]["metrics"]
    # opening the Clock, then acting from inside it: both actions used the forbidden app
    assert constrained["constraint_violation"] == constrained["constraint_violation_app"] == 1.0
    assert constrained["rrr"] == 0.0  # a broken constraint zeroes success, and RRR with it
    metrics = json.loads(Path(pytester.path, "reports", "a", "metrics.json").read_text())
    assert set(metrics["androidarena"]) == {"single_app", "constrained"}
    assert metrics["androidarena"]["constrained"]["constraint_violation_app"] == 1.0
    assert metrics["androidarena"]["constrained"]["constraint_violation_page"] is None
    assert metrics["androidarena_per_app"]["settings"]["episodes"] == 2
    assert metrics["per_arena_type"]["single_app"]["rate"] == 1.0
    page = Path(pytester.path, "report.html").read_text()
    assert "AndroidArena per task type" in page and "AndroidArena per app" in page and "app-level" in page


class NeedsARealPhone(OpenSettings):
    """Its setup cannot run on the simulator: no ground truth there, and the episode itself is not disturbed."""

    def setup(self, device: Any) -> None:
        if isinstance(device, SimDevice) and device.serial == "reference":
            raise RuntimeError("only a real phone has this account")


def test_a_reference_that_cannot_be_played_leaves_the_episode_without_lcs_metrics() -> None:
    assert reference_ground_truth(NeedsARealPhone(), restore("any", DEFAULT_TIME)) is None
    device = SimDevice(serial="arena-real")
    device.snapshot_save("clean")
    result = play(device, NeedsARealPhone(), OracleAgent(), reset=restore("clean", DEFAULT_TIME))
    assert result.success == 1.0 and "ntr" not in result.metrics
