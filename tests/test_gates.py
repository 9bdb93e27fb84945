"""Baselines and CI gates: the gate decides the exit status, regressions must be significant, keys are task ids."""

from __future__ import annotations

import json

import pytest

from pytest_mobileagent.report.gates import mcnemar_p, parse_limits

TASKS = '''
import os
from hypothesis import strategies as st
from pytest_mobileagent.device.base import DeviceError
from pytest_mobileagent.tasks.base import Task

class _Skill(Task):
    __abstract__ = True
    template = "Pass if the agent is good enough."
    apps = ("launcher",)
    rank = 0

    @classmethod
    def parameters(cls):
        return st.just({})

    def setup(self, device):
        if self.rank >= int(os.environ.get("SKILL_BROKEN_FROM", "99")):
            raise DeviceError("the phone fell off the table")

    def check(self, device, answer=None):
        opened = device.current_activity()[0] == "com.android.settings"
        return 1.0 if opened and self.rank < int(os.environ["SKILL"]) else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()

for _i in range(8):
    globals()[f"Skill{_i}"] = type(f"Skill{_i}", (_Skill,), {"rank": _i, "__module__": __name__})
'''


def run(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, skill: int, *args: str,
        module: str = "tasks_skill") -> pytest.RunResult:
    monkeypatch.setenv("SKILL", str(skill))
    if not (pytester.path / f"{module}.py").exists():
        pytester.makepyfile(**{module: TASKS})
    return pytester.runpytest_subprocess(f"{module}.py", *args)


def test_without_a_gate_failed_tasks_fail_the_run(pytester, monkeypatch) -> None:
    assert run(pytester, monkeypatch, 6).ret == pytest.ExitCode.TESTS_FAILED


def test_a_floor_gate_decides_the_exit_status(pytester, monkeypatch) -> None:
    passing = run(pytester, monkeypatch, 6, "--ma-fail-under", "success_rate=0.7")
    passing.assert_outcomes(passed=6, failed=2)  # failed items are still reported...
    assert passing.ret == pytest.ExitCode.OK  # ...but the gate decides
    passing.stdout.fnmatch_lines(["*self-reported completion 100.0% of episodes; false completions 25.0%*",
                                  "*gate: PASSED*", "*ok   success_rate 0.750 >= 0.7*"])
    failing = run(pytester, monkeypatch, 6, "--ma-fail-under", "success_rate=0.8", "-n", "2")
    assert failing.ret == pytest.ExitCode.TESTS_FAILED
    failing.stdout.fnmatch_lines(["*gate: FAILED*", "*FAIL success_rate 0.750 < 0.8*"])


def test_a_small_drop_is_noise_a_large_one_a_regression(pytester, monkeypatch) -> None:
    base = pytester.path / "baseline.json"
    assert run(pytester, monkeypatch, 8, "--ma-save-baseline", str(base)).ret == 0
    saved = json.loads(base.read_text())
    suite = pytester.path.name  # a task module's suite is its folder
    assert saved["tasks"][f"{suite}/Skill3[0]"] == 1.0 and saved["aggregates"]["success_rate"] == 1.0
    noisy = run(pytester, monkeypatch, 7, "--ma-baseline", str(base), "--ma-max-regression", "success_rate=5pp")
    assert noisy.ret == pytest.ExitCode.OK  # 12.5pp down, but one flip is not significant
    noisy.stdout.fnmatch_lines(["*flipped */Skill7[[]0[]]: 1 -> 0*", "*McNemar p=1.000*"])
    real = run(pytester, monkeypatch, 2, "--ma-baseline", str(base), "--ma-max-regression", "success_rate=5pp")
    assert real.ret == pytest.ExitCode.TESTS_FAILED
    real.stdout.fnmatch_lines(["*FAIL success_rate fell 75.0pp*6 task(s) got worse*p=0.031*"])


def test_baselines_key_on_task_and_instance_not_node_id(pytester, monkeypatch) -> None:
    base = pytester.path / "baseline.json"
    run(pytester, monkeypatch, 8, "--ma-save-baseline", str(base), module="tasks_old_name")
    moved = run(pytester, monkeypatch, 7, "--ma-baseline", str(base), module="tasks_new_name")
    moved.stdout.fnmatch_lines(["*flipped */Skill7[[]0[]]: 1 -> 0*"])


def test_tasks_of_the_same_name_in_two_suites_are_two_episodes(pytester, monkeypatch) -> None:
    monkeypatch.setenv("SKILL", "8")
    for suite in ("suite_a", "suite_b"):
        pytester.mkpydir(suite).joinpath("tasks_skill.py").write_text(TASKS)
    base = pytester.path / "baseline.json"
    result = pytester.runpytest_subprocess("suite_a", "suite_b", "--ma-save-baseline", str(base), "--ma-run-id", "two")
    assert result.ret == 0
    saved = json.loads(base.read_text())
    assert len(saved["tasks"]) == 16 and {"suite_a/Skill0[0]", "suite_b/Skill0[0]"} <= set(saved["tasks"])
    resumed = pytester.runpytest_subprocess("suite_a", "suite_b", "--ma-resume", "two")
    resumed.assert_outcomes(passed=16)  # every episode found again on resume, none shadowed by its namesake
    assert len((pytester.path / "reports" / "two" / "results.jsonl").read_text().splitlines()) == 16


def test_a_version_1_baseline_still_compares(pytester, monkeypatch) -> None:
    base = pytester.path / "baseline.json"
    base.write_text(json.dumps({"version": 1, "tasks": {f"Skill{i}[0]": 1.0 for i in range(8)},
                                "aggregates": {"success_rate": 1.0}}))
    result = run(pytester, monkeypatch, 7, "--ma-baseline", str(base))
    result.stdout.fnmatch_lines(["*flipped Skill7[[]0[]]: 1 -> 0*"])


def test_infrastructure_errors_beyond_the_tolerance_fail_a_gated_run(pytester, monkeypatch) -> None:
    monkeypatch.setenv("SKILL_BROKEN_FROM", "7")
    strict = run(pytester, monkeypatch, 8, "--ma-fail-under", "success_rate=0.5")
    assert strict.ret == pytest.ExitCode.TESTS_FAILED
    strict.stdout.fnmatch_lines(["*FAIL 1 infrastructure error(s) > 0 allowed*"])
    tolerant = run(pytester, monkeypatch, 8, "--ma-fail-under", "success_rate=0.5", "--ma-gate-infra-errors", "1")
    assert tolerant.ret == pytest.ExitCode.OK


def test_limits_and_the_exact_mcnemar_test() -> None:
    assert parse_limits("success_rate=5pp, checkpoint_l2=0.6") == {"success_rate": 0.05, "checkpoint_l2": 0.6}
    assert mcnemar_p(6, 0) == pytest.approx(0.03125) and mcnemar_p(1, 0) == 1.0 and mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(10, 2) == pytest.approx(0.0386, abs=1e-4)
