"""API calls as actions: run from the catalogue on the simulator, refused outside it, recorded for CheckPoints."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action, InvalidAction, execute
from pytest_mobileagent.apis import SIM_APIS, Api, api_catalog, load_mobilebench_apis, simulator_refusal, support_table
from pytest_mobileagent.metrics.checkpoint import fixed_scores, history_of
from pytest_mobileagent.validators.deskclock import alarms_at
from tests.published import published_file

DATA = Path(__file__).parent / "data"
README = Path(__file__).parents[1] / "README.md"


class Phone:
    """A device whose shell records what it is asked to run and answers as a phone's would: without the
    simulator's ``sim_shell``, every API passes through."""

    serial = "phone"
    capabilities: frozenset[str] = frozenset({"profile", "settle"})

    def __init__(self) -> None:
        self.ran: list[str] = []

    def shell(self, command: str) -> str:
        self.ran.append(command)
        return "Starting: Intent { }\n"


def test_api_calls_change_the_simulated_state() -> None:
    with SimDevice() as device:
        assert device.settings_get("global", "wifi_on") == "1"
        call = execute(device, Action.api_call("wifi", {"enable_or_disable": "disable"}), apis=SIM_APIS)
        assert device.settings_get("global", "wifi_on") == "0"
        assert call is not None and call.command == "svc wifi disable"
        call = execute(device, Action.api_call("dial", {"number": "5551234"}), apis=SIM_APIS)
        assert device.current_activity()[0] == "com.google.android.dialer" and "5551234" in device.hierarchy()
        assert call is not None and call.history_entry().startswith(
            "adb shell am start -a android.intent.action.DIAL -d tel:5551234. [Call result]:Starting: Intent")


@pytest.mark.parametrize("action", [
    Action.api_call("format_disk"),  # not in the catalogue
    Action.api_call("dial"),  # its argument missing
    Action.api_call("dial", {"number": "1", "speaker": "on"}),  # an extra argument
    Action.api_call("back", {"times": "3"}),  # an API without parameters given one
    Action("api_call", text="svc wifi disable"),  # a command is not a name
])
def test_calls_outside_the_catalogue_are_invalid_and_run_nothing(action: Action) -> None:
    phone = Phone()
    with pytest.raises(InvalidAction):
        execute(phone, action, apis=SIM_APIS)  # type: ignore[arg-type]
    assert phone.ran == []


@pytest.mark.parametrize("args", [{"number": [1]}, {"number": None}, ["5551234"], {"number": True}])
def test_malformed_arguments_are_invalid_actions(args: Any) -> None:
    with pytest.raises(InvalidAction):
        Action.from_dict({"action_type": "api_call", "text": "dial", "args": args})
    with pytest.raises(InvalidAction):
        Action("click", index=1, args={})  # only an API call has arguments


def test_arguments_are_quoted_so_that_no_shell_syntax_runs() -> None:
    hostile = "hi; rm -rf /sdcard/Download $(reboot) `id` && echo pwned > /sdcard/pwned"
    with SimDevice() as device:
        device.write_file("/sdcard/Download/keep.txt", b"kept")
        call = execute(device, Action.api_call("compose_sms", {"number": "5551234", "text": hostile}), apis=SIM_APIS)
        assert device.read_file("/sdcard/Download/keep.txt") == b"kept" and not device.exists("/sdcard/pwned")
    assert call is not None and shlex.split(call.command)[-1] == hostile
    phone = Phone()
    execute(phone, Action.api_call("dial", {"number": "1; rm -rf /"}), apis=SIM_APIS)  # type: ignore[arg-type]
    assert phone.ran == ["am start -a android.intent.action.DIAL -d tel:'1; rm -rf /'"]


def test_apis_not_on_the_simulator_are_refused_there_and_pass_through_on_a_phone() -> None:
    catalog = load_mobilebench_apis(DATA / "api_list.json")
    aosp_clock = next(name for name, api in catalog.items() if "com.android.deskclock/" in api.command)
    with SimDevice() as device, pytest.raises(InvalidAction, match="not on the simulator"):
        execute(device, Action.api_call(aosp_clock), apis=catalog)  # the simulator's Clock is Google's package
    phone = Phone()
    execute(phone, Action.api_call(aosp_clock), apis=catalog)  # type: ignore[arg-type]
    assert phone.ran == ["am start -n com.android.deskclock/.DeskClock"]
    host = Api("logs", "adb logcat | grep com.xiaomi.smarthome", "host-side")
    assert simulator_refusal(host) is not None
    with pytest.raises(InvalidAction, match="host-side"):
        execute(Phone(), Action.api_call("logs"), apis={"logs": host})  # type: ignore[arg-type]


def test_mobilebench_set_alarm_runs_on_the_simulated_clock() -> None:
    catalog = load_mobilebench_apis(DATA / "api_list.json")
    alarm = next(name for name, api in catalog.items() if "SET_ALARM" in api.command)
    with SimDevice() as device:
        execute(device, Action.api_call(alarm, {"x": "7", "y": "15"}), apis=catalog)
        assert [(a.hour, a.minutes, a.enabled) for a in alarms_at(device, 7, 15)] == [(7, 15, True)]


def test_the_readme_lists_what_the_simulator_runs() -> None:
    table = re.search(r"<!-- sim-apis -->\n(.*?)<!-- /sim-apis -->", README.read_text(encoding="utf-8"), re.DOTALL)
    assert table is not None and table.group(1) == support_table(SIM_APIS)
    assert all(simulator_refusal(api) is None for api in SIM_APIS.values())


def test_the_catalogue_in_use_adds_the_datasets_api_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MA_DATASETS", str(tmp_path))
    assert api_catalog() == SIM_APIS
    (tmp_path / "mobilebench").mkdir()
    (tmp_path / "mobilebench" / "api_list.json").write_bytes((DATA / "api_list.json").read_bytes())
    assert set(api_catalog()) == set(SIM_APIS) | {"api_0", "api_1", "api_2", "api_3"}
    assert set(api_catalog(DATA / "api_list.json")) == set(api_catalog())


def test_the_published_api_list_is_sorted_into_simulator_and_phone(request: pytest.FixtureRequest) -> None:
    catalog = load_mobilebench_apis(published_file(request.config, "mobilebench/api_list.json"))
    runs = {api.command for api in catalog.values() if simulator_refusal(api) is None}
    assert {"svc wifi disable", "settings put system screen_brightness {brightness_value}",
            "input keyevent KEYCODE_HOME"} <= runs
    assert not any("com.miui." in command or command.startswith("adb ") for command in runs)


def test_api_calls_enter_the_checkpoint_history() -> None:
    steps = [{"package": "com.android.settings", "activity": ".Settings", "action": {"action_type": "api_call"},
              "command": "svc wifi disable", "command_output": ""},
             {"package": "p", "activity": "a", "action": {"action_type": "api_call"}, "invalid": "action",
              "command": None}]
    history = history_of(steps)
    assert len(history) == 1 and "adb shell svc wifi disable. [Call result]:" in history[0]
    point = {"api": ["adb shell svc wifi disable", "adb shell svc bluetooth disable"]}
    assert fixed_scores(point, history) == {"checkpoint_l2": 0.5}


TASKS = '''
from hypothesis import strategies as st
from pytest_mobileagent.actions import Action
from pytest_mobileagent.tasks.base import Task


class Base(Task):
    __abstract__ = True
    apps = ("settings",)

    @classmethod
    def parameters(cls):
        return st.just({})

    def setup(self, device):
        pass


class WifiOffByApi(Base):
    template = "Turn Wi-Fi off."
    tags = ("sast",)
    check_point = {"api": "adb shell svc wifi disable"}

    def check(self, device, answer=None):
        return float(device.settings_get("global", "wifi_on") == "0")

    def oracle(self, ui):
        yield Action.api_call("wifi", {"enable_or_disable": "disable"})
        yield ui.complete()


class DialByApi(Base):
    template = "Dial 5551234."
    tags = ("samt",)
    check_point = {"package": ["com.google.android.dialer", "com.example.never"],
                   "api": ["adb shell am start -a android.intent.action.DIAL -d tel:5551234"]}

    def check(self, device, answer=None):
        return float(device.current_activity()[0] == "com.google.android.dialer")

    def oracle(self, ui):
        yield Action.api_call("dial", {"number": "5551234"})
        yield ui.complete()


class ClaimsTooSoon(WifiOffByApi):
    template = "Turn Wi-Fi off, but say it is done at once."
    tags = ("mamt", "other")
    check_point = None

    def oracle(self, ui):
        yield ui.complete()
'''


def test_a_run_reports_mobilebench_metrics_per_kind(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_mb=TASKS)
    run = pytester.runpytest("tasks_mb.py", "--ma-run-id", "mb", "-p", "no:randomly", "--html", "report.html")
    run.assert_outcomes(passed=2, failed=1)
    run.stdout.fnmatch_lines(["*Mobile-Bench per kind*", "*SAST*100.0%*100.0%*0.000*1.000*-*1.000*0.500*1",
                              "*SAMT*100.0%*100.0%*0.000*0.333*0.000*0.333*0.500*1",
                              "*MAMT*0.0%*100.0%*-*-*-*-*0.000*1"])
    metrics = json.loads((pytester.path / "reports/mb/metrics.json").read_text())
    # by hand: WifiOffByApi an API call then status (1 of 2 steps an API call; its one CheckPoint, the call,
    # reached; no package: the published level 1 is 0, the corrected one undefined); DialByApi the same: the
    # published runner's history holds the call only (L1 0 of 2, L2 1 of 3), the project's also the dialer's
    # screen (L1 1 of 2, L2 2 of 3); ClaimsTooSoon claims completion at once and fails: PassRate 1, success 0
    assert metrics["mobilebench"] == {
        "sast": {"episodes": 1, "success_rate": 1.0, "pass_rate_self_reported": 1.0, "checkpoint_l1": 0.0,
                 "checkpoint_l2": 1.0, "checkpoint_l1_fixed": None, "checkpoint_l2_fixed": 1.0,
                 "checkpoint_l1_screens": None, "checkpoint_l2_screens": 1.0, "api_share": 0.5},
        "samt": {"episodes": 1, "success_rate": 1.0, "pass_rate_self_reported": 1.0, "checkpoint_l1": 0.0,
                 "checkpoint_l2": 0.333333, "checkpoint_l1_fixed": 0.0, "checkpoint_l2_fixed": 0.333333,
                 "checkpoint_l1_screens": 0.5, "checkpoint_l2_screens": 0.666667, "api_share": 0.5},
        "mamt": {"episodes": 1, "success_rate": 0.0, "pass_rate_self_reported": 1.0, "checkpoint_l1": None,
                 "checkpoint_l2": None, "checkpoint_l1_fixed": None, "checkpoint_l2_fixed": None,
                 "checkpoint_l1_screens": None, "checkpoint_l2_screens": None, "api_share": 0.0},
    }
    assert list(metrics["per_mobilebench_kind"]) == ["mamt", "samt", "sast"]
    assert metrics["per_mobilebench_kind"]["mamt"]["rate"] == 0.0 and metrics["per_tag"]["other"]["episodes"] == 1
    assert metrics["metrics"]["api_share"] == {"mean": round(1 / 3, 6), "episodes": 3}
    assert metrics["metrics"]["checkpoint_l2"] == {"mean": round((1 + 1 / 3) / 2, 6), "episodes": 2}
    assert metrics["pass_rate_self_reported"] == 1.0 and metrics["overall"]["rate"] == pytest.approx(2 / 3)
    report = (pytester.path / "report.html").read_text(encoding="utf-8")
    assert "Mobile-Bench per kind" in report and "PassRate (self-reported)" in report
    table = lxml_html.fromstring(report).xpath("//table[starts-with(caption, 'Mobile-Bench per kind')]")
    rows = [[cell.text_content() for cell in row.xpath("td")] for row in table[0].xpath("tr[td]")] if table else []
    assert rows == [["SAST", "100.0%", "100.0%", "0.000", "1.000", "-", "1.000", "-", "1.000", "0.500", "1"],
                    ["SAMT", "100.0%", "100.0%", "0.000", "0.333", "0.000", "0.333", "0.500", "0.667", "0.500", "1"],
                    ["MAMT", "0.0%", "100.0%", "-", "-", "-", "-", "-", "-", "0.000", "1"]]
    record = next(json.loads(line) for line in (pytester.path / "reports/mb/results.jsonl").read_text().splitlines()
                  if json.loads(line)["task"] == "DialByApi")
    assert record["steps"][0]["command"] == "am start -a android.intent.action.DIAL -d tel:5551234"


def test_ma_api_list_names_the_catalogue_a_run_uses(pytester: pytest.Pytester) -> None:
    shutil.copy(DATA / "api_list.json", pytester.path / "apis.json")
    pytester.makepyfile(tasks_alarm='''
from pytest_mobileagent.actions import Action
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.validators.deskclock import alarms_at


class AlarmBySetAlarm(Task):
    template = "Set an alarm at 7:30."
    apps = ("clock",)

    def check(self, device, answer=None):
        return float(bool(alarms_at(device, 7, 30)))

    def oracle(self, ui):
        yield Action.api_call("api_0", {"x": "7", "y": "30"})  # the list's first API: SET_ALARM
        yield ui.complete()
''')
    without = pytester.runpytest_subprocess("tasks_alarm.py", "--ma-datasets", str(pytester.path / "none"),
                                            "-p", "no:cacheprovider")
    without.assert_outcomes(failed=1)  # api_0 is no API of the built-in catalogue: an invalid action
    run = pytester.runpytest_subprocess("tasks_alarm.py", "--ma-api-list", "apis.json", "--ma-run-id", "api",
                                        "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1)
    record = json.loads((pytester.path / "reports/api/results.jsonl").read_text().splitlines()[0])
    assert record["steps"][0]["command"].startswith("am start -a android.intent.action.SET_ALARM")
