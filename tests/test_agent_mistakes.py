"""An agent's mistakes are its failures: every action the action code or the phone refuses is an invalid step, counted
in the success rate, never a pytest error (README: Agents and actions)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import MAX_TEXT, Action, InvalidAction, execute
from pytest_mobileagent.episode import _observe

#: Actions as a model or a careless agent writes them, each refused by the action code or by the phone.
BAD_ACTIONS: list[dict[str, Any]] = [
    {"action_type": "open_app", "app_name": "NoSuchApp"},
    {"action_type": "open_app", "app_name": ""},
    {"action_type": "open_app", "app_name": "com.android.settings/.NoSuchActivity"},
    {"action_type": "open_app", "app_name": "\x00"},
    {"action_type": "click", "xpath": "//node[@text='\x00']"},
    {"action_type": "click", "xpath": "count(//node)"},
    {"action_type": "click", "xpath": "//node["},
    {"action_type": "click", "xpath": "//nothing-here"},
    {"action_type": "click", "x": float("inf"), "y": 3},
    {"action_type": "click", "x": float("nan"), "y": 3},
    {"action_type": "click", "x": -5, "y": 3},
    {"action_type": "click", "x": 10**30, "y": 3},
    {"action_type": "long_press", "x": 100, "y": 100_000},
    {"action_type": "double_tap", "x": "12", "y": [3]},
    {"action_type": "click", "index": -1},
    {"action_type": "click", "index": 10**9},
    {"action_type": "click"},
    {"action_type": ["click"]},
    {"action_type": {"kind": "click"}},
    {"action_type": None},
    {"action_type": "long_press", "x": 100, "y": 100, "duration_ms": 10**12},
    {"action_type": "swipe", "x": 1, "y": 2, "x2": 10**9, "y2": -10**9},
    {"action_type": "swipe", "x": 1, "y": 2, "x2": 3, "y2": 4, "duration_ms": -4},
    {"action_type": "swipe", "direction": "sideways"},
    {"action_type": "scroll", "direction": ["up"]},
    {"action_type": "input_text", "text": "x" * (MAX_TEXT + 1)},
    {"action_type": "input_text", "text": "a lone \ud83d half"},
    {"action_type": "input_text", "text": 5},
    {"action_type": "input_text", "text": "a", "x": 10_000, "y": 10},
    {"action_type": "press_key", "keycode": "NOPE"},
    {"action_type": "press_key", "keycode": "99999"},
    {"action_type": "press_key", "keycode": "0"},
    {"action_type": "press_key", "keycode": "KEYCODE_\x00"},
    {"action_type": "press_key", "keycode": 4},
    {"action_type": "wait", "duration_ms": 10**15},
    {"action_type": "wait", "duration_ms": float("inf")},
    {"action_type": "api_call", "text": "no_such_api", "args": {}},
    {"action_type": "api_call", "text": "send_sms", "args": {"x": [1]}},
    {"action_type": "dual_gesture", "gesture": [float("nan")] * 4},
    {"action_type": "dual_gesture", "gesture": "abcd"},
    {"action_type": "status", "goal_status": ["complete"]},
    {"action_type": "answer", "text": "y" * (MAX_TEXT + 1)},
    {"action_type": "click", "index": 0, "no_such_field": 1},
    {"action_type": "click", "gesture": 5},
    {"action_type": "click", "args": 5},
    {"action_type": "api_call", "text": "set_alarm", "args": {"hour": "noon", "minutes": "0"}},
    {"action_type": "api_call", "text": "compose_sms", "args": {"number": "\ud83d", "text": "hi"}},
]


@pytest.fixture(scope="module")
def phone() -> Iterator[SimDevice]:
    with SimDevice() as device:
        yield device


def perform(device: Any, data: dict[str, Any]) -> None:
    device.press("home")
    execute(device, Action.from_dict(data), _observe(device, "goal", 0, []))


@pytest.mark.parametrize("data", BAD_ACTIONS, ids=lambda d: repr(d)[:60])
def test_a_refused_action_is_an_invalid_action(phone: SimDevice, data: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        perform(phone, data)


@pytest.mark.parametrize("fields", [{"x": float("inf"), "y": 1}, {"x": True, "y": 1}, {"index": 1.5},
                                    {"clear": "yes", "text": "a"}, {"duration_ms": -1, "x": 1, "y": 1}])
def test_an_action_built_in_python_is_checked_as_a_parsed_one(fields: dict[str, Any]) -> None:
    kind = "input_text" if "text" in fields else "click"
    with pytest.raises(InvalidAction):
        Action(kind, **fields)


def test_a_file_name_the_storage_refuses_is_an_invalid_step_and_leaves_no_file(phone: SimDevice) -> None:
    from pytest_mobileagent.agents.builtin import OracleAgent
    from pytest_mobileagent.episode import new_result, run_episode
    from suites.androidworld.tasks_markor import MarkorCreateNote

    long_name = "n" * 253 + ".md"  # 256 bytes: one more than NAME_MAX
    task = MarkorCreateNote({"file_name": long_name, "text": "hello"})
    task.setup(phone)
    result = run_episode(phone, task, OracleAgent(), new_result(task, "OracleAgent"))
    refused = [s for s in result.steps if s.invalid == "action"]
    assert refused and "File name too long" in (refused[0].error or "")
    assert result.success == 0.0 and result.terminated_by != "status"
    assert not [n for n in phone.list_dir("/sdcard/Documents/Markor") if n.startswith("nnnn")]


def test_the_phone_over_adb_refuses_the_same_mistakes_without_an_infrastructure_error(phone: SimDevice) -> None:
    """The adb backend against the simulator's adb server: the refusals the phone makes reach the agent as invalid
    actions, and none becomes a DeviceError (which would be retried and end the item as an error)."""
    from mobileagent_sim.testing import serve
    from pytest_mobileagent.device.adb import AdbDevice

    with SimDevice() as served, serve(served) as server:
        device = AdbDevice(served.serial, port=server.port)
        try:
            for data in [BAD_ACTIONS[0], BAD_ACTIONS[2], BAD_ACTIONS[10], BAD_ACTIONS[21], BAD_ACTIONS[29],
                         BAD_ACTIONS[30], BAD_ACTIONS[5]]:
                with pytest.raises(InvalidAction):
                    perform(device, data)
        finally:
            device.close()


MISTAKEN_AGENT = '''
import json
from pathlib import Path

from pytest_mobileagent.actions import Action

BAD_ACTIONS = json.loads(Path("bad_actions.json").read_text())


class Mistaken:
    """Sends every bad action once (parsing the JSON in its own step, as a model agent does), then gives up."""

    def reset(self, goal, context):
        self.sent = 0

    def step(self, observation):
        self.sent += 1
        if self.sent > len(BAD_ACTIONS):
            return Action.status("infeasible")
        return Action.from_dict(BAD_ACTIONS[self.sent - 1])
'''

PATIENT_TASK = '''
from pytest_mobileagent.tasks.base import Task


class OpenSettingsPatiently(Task):
    template = "Open the Settings app."
    apps = ("settings",)
    complexity = 10  # 100 steps: room for every mistake

    def check(self, device, answer=None):
        return 1.0 if device.current_activity()[0] == "com.android.settings" else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()
'''


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_an_agent_making_every_mistake_fails_its_task_and_each_mistake_is_counted(
        pytester: pytest.Pytester, workers: list[str]) -> None:
    pytester.makepyfile(tasks_patient=PATIENT_TASK, mistaken=MISTAKEN_AGENT)
    (pytester.path / "bad_actions.json").write_text(json.dumps(BAD_ACTIONS))  # NaN, Infinity and \ud83d as models send
    pytester.syspathinsert()
    result = pytester.runpytest_subprocess("tasks_patient.py", "--agent", "mistaken:Mistaken", "--ma-run-id", "m",
                                           "--ma-instances", "2", *workers)
    result.assert_outcomes(failed=2)
    run = pytester.path / "reports" / "m"
    records = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    assert [r["outcome"] for r in records] == ["failure", "failure"]
    for record in records:
        steps = record["steps"]
        assert sum(1 for s in steps if s.get("invalid") == "action") == len(BAD_ACTIONS)
    overall = json.loads((run / "metrics.json").read_text())["overall"]
    assert overall["episodes"] == 2 and overall["rate"] == 0.0
