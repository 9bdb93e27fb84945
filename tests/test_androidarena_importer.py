"""AndroidArena-format YAML files as items: ``pytest my_tasks.yaml`` (tasks/importers/androidarena.py).

The fixtures in tests/data/androidarena are written in the published format (header, ``tasks`` with
``instruction``, ``constrains``, ``action_seq``) plus the project's ``check`` and ``forbid``; ``indented.yaml`` is
malformed the way the published ``slack.yaml`` and ``youtube.yaml`` are. With ``MA_DATASETS`` set, the published
files are read too.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import reference_ground_truth, restore
from pytest_mobileagent.llm.scripted import ScriptedServer
from pytest_mobileagent.tasks.importers.androidarena import build_tasks, load_file
from pytest_mobileagent.tasks.registry import TaskDefinitionError

DATA = Path(__file__).parent / "data" / "androidarena"
#: An agent that opens Settings and declares completion, whatever the goal.
AGENT = '''
from pytest_mobileagent.actions import Action


class OpensSettings:
    def reset(self, goal, context):
        self.steps = iter([Action.open_app("Settings"), Action.status("complete")])

    def step(self, observation):
        return next(self.steps)


class OpensSettingsSilently(OpensSettings):
    """Opens Settings and waits out the step budget, never declaring completion."""

    def reset(self, goal, context):
        self.steps = iter([Action.open_app("Settings")] + [Action.wait(0.1)] * (context.max_steps - 1))
'''


def test_a_file_reads_into_its_tasks_with_their_lines() -> None:
    arena = load_file(DATA / "settings.yaml")
    assert (arena.type, arena.task_type, arena.max_step) == ("settings", "single_app", 15)
    first, second = arena.entries
    assert (first.line, first.instruction) == (8, "Open the Settings app.")
    assert first.check == "arena_checks:settings_in_front"
    assert first.action_seq == ("d.app_start('com.android.settings')",) and second.line == 12 and not second.check


def test_task_classes_carry_type_goal_constraint_and_step_limit() -> None:
    tasks = build_tasks(DATA / "constrained.yaml", "arena_test")
    [cls] = tasks.values()
    task = cls()
    assert cls.__name__ == "Constrained000" and cls.type == "constrained" and "constrained" in cls.tags
    assert task.goal == "Open the Settings app.\nConstraint: Do NOT use the Settings APP."
    assert cls.constraints == {"apps": ("com.android.settings",)} and task.max_steps == 15
    single = build_tasks(DATA / "settings.yaml", "arena_test")
    assert [c.judged_by_model for c in single.values()] == [False, True]
    assert single["Settings000"].packages == frozenset({"com.android.settings"})


@pytest.mark.parametrize(("name", "where", "what"), [
    ("indented.yaml", ":9:", "not valid YAML"),
    ("no_instruction.yaml", ":5:", "'instruction' must be a non-empty string"),
])
def test_a_malformed_file_is_an_error_naming_file_and_line(name: str, where: str, what: str) -> None:
    with pytest.raises(TaskDefinitionError) as caught:
        load_file(DATA / name)
    assert str(caught.value).startswith(f"{DATA / name}{where}") and what in str(caught.value)


@pytest.mark.parametrize(("entry", "what"), [
    ("  - instruction: a\n    colour: red\n", "unknown fields ['colour']"),
    ("  - instruction: a\n    check: not a function\n", "'package.module:function'"),
    ("  - instruction: a\n    forbid: {apps: com.x}\n", "'forbid' maps"),
    ("  - instruction: a\n    forbid: {elements: ['(']}\n", "not a regular expression"),
    ("  - instruction: a\n    action_seq: d.press('back')\n", "list of uiautomator2 code lines"),
    ("  - instruction: a\n    action_seq: [\"d.shell('rm -rf /')\"]\n", "action_seq: "),
    ("  - instruction: a\n    check: no_such_module:check\n", "cannot be imported: ModuleNotFoundError"),
])
def test_bad_fields_are_errors_naming_the_line(tmp_path: Path, entry: str, what: str) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("type: settings\ntasks:\n" + entry, encoding="utf-8")
    with pytest.raises(TaskDefinitionError) as caught:
        build_tasks(path, "arena_test")
    assert str(caught.value).startswith(f"{path}:3: task 0: ") and what in str(caught.value)


def _copy(pytester: pytest.Pytester, *names: str) -> None:
    for name in (*names, "arena_checks.py"):
        shutil.copy(DATA / name, pytester.path / name)
    pytester.makepyfile(agent_opens=AGENT)


def _results(pytester: pytest.Pytester) -> list[dict[str, Any]]:
    [path] = Path(pytester.path, "reports").glob("*/results.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_yaml_file_given_to_pytest_runs_its_tasks_and_checks_them(pytester: pytest.Pytester) -> None:
    _copy(pytester, "settings.yaml")
    run = pytester.runpytest_subprocess("settings.yaml", "--agent", "agent_opens:OpensSettings", "-rs",
                                        "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1, skipped=1)  # the second task has no check and no judge was asked for
    run.stdout.fnmatch_lines(["*Settings001 has no state check*--ma-llm-judge*"])
    [record] = _results(pytester)
    assert record["task"] == "Settings000" and record["suite"] == "androidarena" and "single_app" in record["tags"]
    metrics = json.loads(next(Path(pytester.path, "reports").glob("*/metrics.json")).read_text())
    assert metrics["androidarena"]["single_app"]["success_rate"] == 1.0


def test_a_yaml_file_in_a_folder_needs_the_arena_files_glob(pytester: pytest.Pytester) -> None:
    _copy(pytester, "settings.yaml")
    assert "collected 0 items" in pytester.runpytest_subprocess(".", "--collect-only").stdout.str()
    run = pytester.runpytest_subprocess(".", "--collect-only", "-o", "ma_arena_files=settings.yaml")
    run.stdout.fnmatch_lines(["*Settings000*", "*Settings001*"])


def test_a_constraint_broken_fails_the_item_naming_the_violation(pytester: pytest.Pytester) -> None:
    _copy(pytester, "constrained.yaml")
    run = pytester.runpytest_subprocess("constrained.yaml", "--agent", "agent_opens:OpensSettings",
                                        "-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    run.stdout.fnmatch_lines(["*constraint violated (success zeroed): step 0: app com.android.settings*"])
    [record] = _results(pytester)
    assert record["state_success"] == 1.0 and record["success"] == 0.0
    assert record["metrics"]["constraint_violation_app"] == 1.0  # its one action (the status is not one)


def test_a_malformed_file_on_the_command_line_is_a_collection_error(pytester: pytest.Pytester) -> None:
    _copy(pytester, "indented.yaml")
    run = pytester.runpytest_subprocess("indented.yaml")
    run.assert_outcomes(errors=1)
    run.stdout.fnmatch_lines(["*indented.yaml:9: not valid YAML*"])


def test_without_a_check_the_model_judge_decides(pytester: pytest.Pytester) -> None:
    pytester.path.joinpath("judged.yaml").write_text(
        "type: settings\ntasks:\n  - instruction: Open the Settings app.\n", encoding="utf-8")
    pytester.makepyfile(agent_opens=AGENT)

    def model(request: dict[str, Any]) -> str:
        return "Verdict: yes\nReason: Settings is in front."

    with ScriptedServer(default=model) as server:
        run = pytester.runpytest_subprocess("judged.yaml", "--agent", "agent_opens:OpensSettings", "--ma-llm-judge",
                                            "--ma-llm-base-url", server.base_url, "--ma-llm-model", "scripted-1",
                                            "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1)
    [record] = _results(pytester)
    assert record["judged_success"] == record["state_success"] == record["success"] == 1.0


@pytest.mark.parametrize(("agent", "success"), [("OpensSettings", 1.0), ("OpensSettingsSilently", 0.0)])
def test_a_judged_task_needs_declared_completion_under_the_completion_rule(pytester: pytest.Pytester, agent: str,
                                                                           success: float) -> None:
    """The judge's verdict is the check's score, then scored as any check's is: ``--ma-require-complete`` zeroes it
    where the agent did not declare completion."""
    pytester.path.joinpath("judged.yaml").write_text(
        "type: settings\nmax_step: 3\ntasks:\n  - instruction: Open the Settings app.\n", encoding="utf-8")
    pytester.makepyfile(agent_opens=AGENT)
    with ScriptedServer(default="Verdict: yes\nReason: Settings is in front.") as server:
        run = pytester.runpytest_subprocess("judged.yaml", "--agent", f"agent_opens:{agent}", "--ma-llm-judge",
                                            "--ma-require-complete", "--ma-llm-base-url", server.base_url,
                                            "--ma-llm-model", "scripted-1", "-p", "no:cacheprovider")
    run.assert_outcomes(passed=int(success), failed=1 - int(success))
    [record] = _results(pytester)
    assert record["judged_success"] == record["state_success"] == 1.0 and record["success"] == success
    assert record["self_reported"] == ("complete" if success else None)


PUBLISHED = dataset_file("androidarena")


@pytest.mark.skipif(PUBLISHED is None, reason="the published AndroidArena files are read where MA_DATASETS has them")
def test_the_published_files_read_or_fail_naming_the_line() -> None:
    assert PUBLISHED is not None
    counts, broken = {}, {}
    for path in sorted(PUBLISHED.glob("*.yaml")):
        try:
            counts[path.stem] = build_tasks(path, "published")
        except TaskDefinitionError as e:
            broken[path.name] = str(e)
    assert set(broken) == {"slack.yaml", "youtube.yaml"}  # not valid YAML as published (indentation)
    assert all(":" in message.split(".yaml", 1)[1][:5] for message in broken.values())
    assert len(counts["calendar"]) == 7 and all(c.entry.action_seq for c in counts["calendar"].values())
    # their ground truth is the published sequence played on the simulated Google Calendar, where the phone's
    # state lets it play: an imported task seeds nothing, so the three about an existing "meeting" have none
    truths = {cls.entry.index: reference_ground_truth(cls(), restore("any", DEFAULT_TIME))
              for cls in counts["calendar"].values()}
    assert {i for i, truth in truths.items() if truth is None} == {2, 3, 6}
    assert all(len(truths[i] or ()) == len(counts["calendar"][f"Calendar{i:03d}"].entry.action_seq) + 1
               for i in (0, 1, 4, 5))
    assert len(counts["cross-app"]) == 22 and len(counts["constrain"]) == 35
    assert all(c.type == "constrained" and c.constraint for c in counts["constrain"].values())
    assert sum(len(tasks) for tasks in counts.values()) >= 190
