"""On a device without the simulator's app state, a task checked on that state is judged by the model with
``--ma-llm-judge`` (as AndroidArena judged its tasks on its phone) instead of skipped, and its result says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.adb_server import AdbServer
from mobileagent_sim.testing import serve
from pytest_mobileagent.llm.scripted import ScriptedServer
from pytest_mobileagent.tasks.judged import JUDGED_INSTEAD, SERVER_STATE, judged_by_model, judged_on
from pytest_mobileagent.tasks.params import draw, instance_seed
from tests.pytester_tasks import OPEN_SETTINGS
from tests.suite_tasks import all_tasks

TOKEN = "judged-token"
TASKS = OPEN_SETTINGS + '''

class MailLooked(OpenSettings):
    """Checked on mail the simulator keeps: a phone cannot check it."""
    requires = frozenset({"sim_app_state"})

    def setup(self, device):
        raise AssertionError("a judged task is not set up: its seeding needs the simulator")

    def check(self, device, answer=None):
        raise AssertionError("a judged task is not checked on state")


class MailAndMedia(MailLooked):
    requires = frozenset({"sim_app_state", "sim_media"})
'''


@pytest.fixture
def served() -> Iterator[tuple[SimDevice, AdbServer]]:
    with SimDevice() as phone, serve(phone, console_token=TOKEN) as server:
        yield phone, server


def results(pytester: pytest.Pytester) -> dict[str, dict]:
    [path] = Path(pytester.path, "reports").glob("*/results.jsonl")
    return {r["task"]: r for r in map(json.loads, path.read_text().splitlines())}


def test_a_server_state_task_is_judged_on_a_phone_and_marked_so(pytester: pytest.Pytester, served) -> None:
    phone, server = served
    pytester.makepyfile(tasks_judged=TASKS)
    spec = server.device_spec(phone.serial)
    with ScriptedServer(default="Verdict: yes\nReason: Settings is open.") as judge:
        run = pytester.runpytest_subprocess("tasks_judged.py", "--ma-device", spec, "--agent", "oracle",
                                            "--ma-llm-judge", "--ma-llm-base-url", judge.base_url,
                                            "--ma-llm-model", "scripted-1", "-rs", "-p", "no:randomly")
    run.assert_outcomes(passed=2, skipped=1)  # MailAndMedia also lacks sim_media: no judge makes up for that
    run.stdout.fnmatch_lines(["SKIPPED*MailAndMedia cannot run here*'sim_media'*"])
    found = results(pytester)
    judged, checked = found["MailLooked"], found["OpenSettings"]
    assert judged["judged_instead"] == JUDGED_INSTEAD and judged["judged_success"] == 1.0
    assert judged["success"] == 1.0 and checked["judged_instead"] == ""


def test_without_the_judge_the_task_is_skipped_saying_why(pytester: pytest.Pytester, served) -> None:
    phone, server = served
    pytester.makepyfile(tasks_judged=TASKS)
    run = pytester.runpytest_subprocess("tasks_judged.py", "--ma-device", server.device_spec(phone.serial), "-rs",
                                        "-k", "MailLooked")
    run.assert_outcomes(skipped=1)
    run.stdout.fnmatch_lines(["SKIPPED*MailLooked cannot run here*'sim_app_state'*"])


def test_every_server_state_androidarena_task_has_a_judged_form() -> None:
    server_state = [t for t in all_tasks() if t.suite == "androidarena" and SERVER_STATE in t.requires]
    assert server_state
    for cls in server_state:
        assert judged_on(cls, frozenset({"snapshots", "settle"}))
        task = judged_by_model(cls(draw(cls.parameters(), instance_seed(0, cls.name, 0))))
        assert task.judged_by_model and SERVER_STATE not in task.requires
        assert task.goal and task.name == cls.name and task.constraints == cls.constraints
