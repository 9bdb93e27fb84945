"""B-MoCA's task files (AndroidEnv ``Task`` protos): reading them, playing their steps and reading logcat as
AndroidEnv does on the simulator, the plugin's collection of them (markers, skips), and every published file
when the datasets folder has them."""

from __future__ import annotations

import collections
import shutil
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.episode import play
from pytest_mobileagent.plugin import real_apps
from pytest_mobileagent.tasks.importers.bmoca import (
    BmocaTaskError,
    LogFilter,
    build_tasks,
    episode_reward,
    load_spec,
    messages,
    task_class,
)
from pytest_mobileagent.tasks.params import draw
from pytest_mobileagent.tasks.registry import validate
from pytest_mobileagent.tasks.textproto import line_of, loads
from suites.bmoca import tasks_clock
from suites.bmoca.tasks_imported import HAND_WRITTEN
from tests.published import published_file

DATA = Path(__file__).parent / "data" / "bmoca"
TASKS = DATA / "tasks"
CLOCK = TASKS / "clock" / "open_the_clock_app.textproto"
INSTAGRAM = TASKS / "instagram" / "open_Instagram.textproto"
WIFI = TASKS / "settings" / "turn_on_wifi_after_setting_the_brightness.textproto"


@pytest.fixture
def device():
    with SimDevice() as phone:
        yield phone


# -- reading files ------------------------------------------------------------------------------------------


def test_a_file_becomes_a_spec() -> None:
    spec = load_spec(WIFI)
    assert spec.instruction == "turn on wifi after setting the brightness" and spec.app == "settings"
    assert spec.max_steps == 6 and spec.judged_by_logcat
    assert [s.kind for s in spec.setup_steps] == ["force_stop", "settings", "generic"]
    assert [s.kind for s in spec.reset_steps] == ["press_button", "start_activity", "press_button"]
    assert spec.setup_steps[1].args["put"]["key"] == "screen_brightness" and spec.setup_steps[1].line == 4
    assert spec.filters == ("WifiService:I", "ActivityTaskManager:I")
    assert [(e.regex, e.reward) for e in spec.reward_events] == [("^(.*?)setWifiEnabled(.*?)enable=true", 1.0)]
    assert spec.packages == {"com.android.settings"}
    assert load_spec(INSTAGRAM).packages == {"com.instagram.android"}  # B-MoCA's app folder


def test_textproto_keeps_where_messages_start_when_asked() -> None:
    doc = loads("a: 1\nb {\n  c { d: 2 }\n}\n", lines=True)
    assert line_of(doc) == 1 and line_of(doc["b"]) == 2 and line_of(doc["b"]["c"]) == 3
    assert loads("a: 1\nb { c: 2 }") == {"a": 1, "b": {"c": 2}}  # without it, nothing extra


def test_a_malformed_file_is_an_error_naming_file_and_line() -> None:
    path = DATA / "malformed" / "clock" / "open_the_clock_app.textproto"
    with pytest.raises(BmocaTaskError, match=rf"^{path}:8: expected a field name, got '\]'"):
        load_spec(path)


@pytest.mark.parametrize("body, message", [
    ('setup_steps: [{ adb_request: { install_apk: { filesystem: { path: "/a.apk" } } } }]\nmax_episode_steps: 3',
     r":1: adb_request install_apk is not supported here"),
    ('setup_steps: [{ adb_request: { generic: { args: ["root"] } } }]\nmax_episode_steps: 3',
     r":1: generic adb call \['root'\] is not supported"),
    ('max_episode_steps: 3\nlog_parsing_config: {\n filters: ["Tag:Q"] }', r":2: logcat filter 'Tag:Q'"),
    ('max_episode_steps: 3\nlog_parsing_config: { log_regexps: {\n reward_event: { event: "(" reward: 1 } } }',
     r":3: reward_event regex '\('"),
    ("", r":1: max_episode_steps must be a positive integer, got None \(the file is empty\)"),
])
def test_what_is_not_run_here_is_an_error_naming_the_request(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "app" / "do_it.textproto"
    path.parent.mkdir()
    path.write_text(body, encoding="utf-8")
    with pytest.raises(BmocaTaskError, match=f"^{path}{message}"):
        load_spec(path)


# -- logcat as AndroidEnv reads it --------------------------------------------------------------------------


LINES = [
    "10-15 15:34:00.000  1000  1562 I ActivityTaskManager: START u0 {cmp=com.google.android.deskclock/"
    "com.android.deskclock.DeskClock} from uid 10131",
    "10-15 15:34:00.000  1000  1562 D ActivityTaskManager: START u0 {cmp=com.android.deskclock/.Debug}",
    "10-15 15:34:00.000  4034  4034 I Dialer  : MainActivity.onCreate - enter",
    "10-15 15:34:00.000  4034  4034 I Other   : START com.android.deskclock",
]


def test_filters_are_logcats_tag_and_priority_with_everything_else_silent() -> None:
    assert LogFilter.of(["ActivityTaskManager:I"]).admits("ActivityTaskManager", "W")
    assert not LogFilter.of(["ActivityTaskManager:I"]).admits("ActivityTaskManager", "D")
    assert not LogFilter.of(["ActivityTaskManager:I", "*:V"]).admits("Other", "I")  # AndroidEnv's *:S wins
    assert LogFilter.of(["Dialer"]).admits("Dialer", "V") and not LogFilter.of(["Dialer:S"]).admits("Dialer", "F")
    assert list(messages(LINES, ["ActivityTaskManager:I", "Dialer:I"])) == [
        LINES[0].split(": ", 1)[1], "MainActivity.onCreate - enter"]  # the padded tag is still "Dialer"


def test_regexes_match_the_start_of_the_message_only(tmp_path: Path) -> None:
    spec = load_spec(CLOCK)
    assert episode_reward(LINES, spec) == 1.0  # only the I line: the D one and the other tag are filtered out
    anchored = tmp_path / "clock" / "x.textproto"
    anchored.parent.mkdir()
    anchored.write_text(CLOCK.read_text().replace("^(.*?)START", "I ActivityTaskManager: START"))
    assert episode_reward(LINES, load_spec(anchored)) == 0.0  # the header is not part of what is matched
    twice = CLOCK.read_text().replace("  log_regexps: {\n", '  log_regexps: {\n    reward_event: { event: "^START" '
                                      "reward: 0.5 }\n")
    anchored.write_text(twice)
    assert episode_reward(LINES, load_spec(anchored)) == 1.5  # every matching event adds its reward


# -- playing a task on the simulator ------------------------------------------------------------------------


def test_setup_plays_every_request_and_logcat_counts_from_the_episode_start(device: SimDevice) -> None:
    device.shell("svc wifi enable")
    task = task_class(load_spec(WIFI), __name__)()
    task.setup(device)
    assert device.settings_get("system", "screen_brightness") == "40"
    assert device.settings_get("global", "wifi_on") == "0"  # `adb shell svc wifi disable`
    assert device.current_activity()[0] == "com.google.android.apps.nexuslauncher"  # Settings, then BACK
    assert task.check(device) == 0.0 and device.logcat() == []  # setup's own lines do not count
    device.shell("svc wifi enable")
    assert task.check(device) == 1.0


def test_a_start_line_the_simulator_prints_is_the_reward(device: SimDevice) -> None:
    cls = task_class(load_spec(CLOCK), __name__)
    validate(cls, CLOCK)
    task = cls()
    task.setup(device)
    assert task.check(device) == 0.0
    device.start_app("com.google.android.deskclock")
    assert task.check(device) == 1.0
    assert play(device, cls(), NoopAgent()).success == 0.0


def test_a_file_of_a_hand_written_instruction_uses_its_parameters_setup_and_oracle(device: SimDevice) -> None:
    cls = task_class(load_spec(CLOCK), __name__, HAND_WRITTEN)
    assert cls.twin is tasks_clock.ClockOpenApp and not cls.oracle_missing
    device.snapshot_save("clean")
    assert play(device, cls(), OracleAgent()).success == 1.0
    device.snapshot_load("clean")
    assert play(device, cls(), NoopAgent()).success == 0.0


def test_names_are_unique_and_tasks_marked(tmp_path: Path) -> None:
    for name in ("open_the_clock_app", "open_the_clock_app!"):
        (tmp_path / "clock").mkdir(exist_ok=True)
        shutil.copy(CLOCK, tmp_path / "clock" / f"{name}.textproto")
    assert sorted(build_tasks(tmp_path, __name__)) == ["BmocaOpenTheClockApp", "BmocaOpenTheClockApp_2"]
    instagram = task_class(load_spec(INSTAGRAM), __name__)
    assert real_apps(instagram) == ["com.instagram.android"] and instagram.tags == ("imported",)
    assert instagram.oracle_missing and not instagram.unjudged and instagram().max_steps == 4


# -- the plugin ---------------------------------------------------------------------------------------------

MODULE = '''
from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.tasks.importers.bmoca import build_tasks

folder = dataset_file("bmoca/tasks")
if folder is not None:
    globals().update(build_tasks(folder, __name__))
'''


@pytest.fixture
def datasets(pytester: pytest.Pytester) -> Path:
    folder = pytester.path / "datasets"
    shutil.copytree(TASKS, folder / "bmoca" / "tasks")
    pytester.makepyfile(tasks_imported=MODULE)
    return folder


def test_the_plugin_collects_marks_and_skips_what_the_simulator_lacks(pytester: pytest.Pytester,
                                                                     datasets: Path) -> None:
    listed = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--collect-only", "-q",
                                           "-m", "needs_real_app")
    listed.stdout.fnmatch_lines(["tasks_imported.py::BmocaOpenInstagram[0]", "*1/3 tests collected (2 deselected)*"])
    run = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "-m", "tag_imported", "--agent", "noop",
                                        "-rs", "-p", "no:cacheprovider")
    run.assert_outcomes(failed=2, skipped=1)
    run.stdout.fnmatch_lines(["SKIPPED*BmocaOpenInstagram cannot run here: com.instagram.android is not "
                              "installed on sim-*"])
    noop = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--agent", "noop", "-rs",
                                         "-m", "not needs_real_app", "-p", "no:cacheprovider")
    noop.assert_outcomes(failed=2, deselected=1)


def test_an_oracle_run_skips_a_task_without_an_oracle(pytester: pytest.Pytester, datasets: Path) -> None:
    run = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--agent", "oracle", "-rs",
                                        "-k", "Clock", "-p", "no:cacheprovider")
    run.assert_outcomes(skipped=1)
    run.stdout.fnmatch_lines(["SKIPPED*BmocaOpenTheClockApp (clock/open_the_clock_app.textproto, "
                              "com.google.android.deskclock) has no oracle*"])


def test_without_the_files_the_module_collects_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_imported=MODULE)
    run = pytester.runpytest_subprocess("--ma-datasets", str(pytester.path / "nothing"), "-p", "no:cacheprovider")
    assert run.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    run.stdout.fnmatch_lines(["*tasks_imported.py contributed no items: it defines no task*"])


# -- the published files ------------------------------------------------------------------------------------


def test_every_published_file_becomes_a_task(request: pytest.FixtureRequest) -> None:
    folder = published_file(request.config, "bmoca/tasks")
    tasks = build_tasks(folder, __name__, HAND_WRITTEN)
    assert len(tasks) == 131
    counts: collections.Counter[str] = collections.Counter()
    for cls in tasks.values():
        validate(cls, cls.spec.path)
        if cls.unjudged:
            assert all(p in cls.unjudged for p in cls.packages)  # the skip names the package
            counts["unjudged"] += 1
        elif real_apps(cls):
            counts["needs_real_app"] += 1
        else:
            counts["runs on the simulator"] += 1
    # the simulator has every judged file's app, since it installs Google's Calculator ("open calculator")
    assert counts == {"unjudged": 78, "runs on the simulator": 53}


#: Published files whose hand-written oracle does not print the line their regex wants on the simulator: its
#: Settings logs ``content://settings/secure/ui_night_mode dark_mode=on`` where the file wants a message starting
#: ``...content://settings/secure/dark_mode``, and prints no ``PrefCtrlListHelper`` line for the Bluetooth page.
SIMULATOR_GAPS = {"BmocaToggleDarkThemeInSetting", "BmocaGoToBluetoothSetting"}


def test_published_files_with_a_hand_written_oracle_are_proven(request: pytest.FixtureRequest,
                                                               device: SimDevice) -> None:
    tasks = build_tasks(published_file(request.config, "bmoca/tasks"), __name__, HAND_WRITTEN)
    device.snapshot_save("clean")
    failed = set()
    proven = [cls for cls in tasks.values() if cls.twin is not None and not real_apps(cls)]
    for cls in proven:
        for agent, want in ((OracleAgent(), 1.0), (NoopAgent(), 0.0)):
            device.snapshot_load("clean")
            if play(device, cls(_params(cls)), agent).success != want:
                failed.add(cls.name)
    assert len(proven) == 47 and failed == SIMULATOR_GAPS


def _params(cls: type) -> dict:
    return draw(cls.parameters(), 30)
