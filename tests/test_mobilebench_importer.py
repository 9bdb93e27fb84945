"""Mobile-Bench's published query files: reading them (tiers, operators, lists of queries, teardown, malformed
entries), the CheckPoint verdict of scripted trajectories on the simulator, the plugin's collection of them
(markers, skips naming the package, errors naming file and id), and every published entry when the datasets
folder has the files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import NoopAgent
from pytest_mobileagent.episode import play
from pytest_mobileagent.mutations import Replay
from pytest_mobileagent.plugin import real_apps
from pytest_mobileagent.tasks.importers.mobilebench import (
    TIERS,
    build_tasks,
    class_name,
    load_entries,
    task_class,
    task_files,
)
from pytest_mobileagent.tasks.registry import TaskDefinitionError, validate
from tests.published import published_file

DATA = Path(__file__).parent / "data" / "mobilebench"
SAST = DATA / "s_app_s_step.json"
SAMT = DATA / "s_app_m_step.json"
MAMT = DATA / "m_app_m_step.json"


@pytest.fixture
def device():
    with SimDevice() as phone:
        yield phone


def tasks() -> dict[str, Any]:
    return build_tasks(DATA, __name__)


# -- reading files ------------------------------------------------------------------------------------------


def test_entries_keep_queries_check_points_teardown_and_domain() -> None:
    first, ximalaya, clock, uri = load_entries(SAST)
    assert first.tier == "sast" and first.id == 1 and first.queries == ("打开设置的网络和互联网",)
    assert first.check_point["activity"] == ["&", "com.android.settings.Settings", "com.android.settings.SubSettings"]
    assert first.domain == "mobileControl" and first.packages == {"com.android.settings"}
    # the activity's package part counts as well (the ``&`` group names one app)
    assert ximalaya.packages == {"com.ximalaya.ting.android"} and ximalaya.apps == ("喜马拉雅",)
    assert clock.teardown[1:] == ({"wait": 1}, {"shell": "settings put global mobilebench_note 'after the episode'"},
                                  {"kill": "com.google.android.deskclock"})
    assert "teardown" not in clock.check_point  # steps, not a check point
    assert uri.instruction is None
    turns, brightness = load_entries(SAMT)
    assert turns.tier == "samt" and turns.queries == ("打开时钟", "新建一个早上七点的闹钟")
    assert turns.instruction == "打开时钟新建一个早上七点的闹钟"  # as the published runner: ''.join(query)
    assert brightness.queries == ("请帮我在设置中把屏幕亮度调到最低。",)  # a plain string is one turn
    assert brightness.check_point["api"] == ["adb shell settings put system screen_brightness 0"]  # catalogue object
    [wechat] = load_entries(MAMT)
    assert wechat.tier == "mamt" and wechat.packages == {"com.android.settings", "com.tencent.mm"}
    assert wechat.apps == ("设置", "微信")


def test_tasks_are_named_from_tier_and_id_and_tagged() -> None:
    found = tasks()
    assert list(found) == ["SastQuery0001", "SastQuery0002", "SastQuery0003", "SastQuery0004", "SamtQuery0001",
                           "SamtQuery0002", "MamtQuery0007"]
    sast = found["SastQuery0001"]
    validate(sast, SAST)
    assert sast.tags == ("imported", "sast", "mobileControl") and sast.difficulty == "easy"
    assert sast().goal == "打开设置的网络和互联网" and sast().max_steps == 10
    assert sast.check_point["package"] == "com.android.settings" and not real_apps(sast)
    assert "publishes no action sequence" in sast.oracle_missing and not sast.unjudged
    assert found["SamtQuery0001"]().goal == "打开时钟新建一个早上七点的闹钟"
    assert found["MamtQuery0007"].difficulty == "hard" and real_apps(found["MamtQuery0007"]) == ["com.tencent.mm"]
    assert "is not an instruction" in found["SastQuery0004"].unjudged
    assert class_name(load_entries(SAST)[0]) == "SastQuery0001"


def _write(tmp_path: Path, entries: Any) -> Path:
    path = tmp_path / "s_app_s_step.json"
    path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    return path


GOOD = {"query": ["打开设置"], "check_point": {"package": "com.android.settings", "text": "设置"}}


@pytest.mark.parametrize("entry, message", [
    ({"query": ["打开设置"], "check_point": {}}, r"entry #1 has no id"),
    ({"id": 9, "check_point": {"text": "设置"}}, r"entry id 9: has no query"),
    ({"id": 9, "query": [], "check_point": {"text": "设置"}}, r"entry id 9: query must be"),
    ({"id": 9, "query": ["打开设置"], "check_point": ["设置"]}, r"entry id 9: check_point must be an object"),
    ({"id": 9, "query": ["打开设置"], "check_point": {"activity": ["&"]}},
     r"entry id 9: check_point activity \['&'\]: the operator '&' has nothing after it"),
    ({"id": 9, "query": ["打开设置"], "check_point": {"text": "设置"}, "steps": 3},
     r"entry id 9: unknown field\(s\) steps"),
    ({"id": 9, "query": ["打开设置"], "check_point": {"txet": "设置"}}, r"entry id 9: unknown check_point field"),
    ({"id": 9, "query": ["打开设置"], "check_point": {"text": "设置", "teardown": [{"reboot": ""}]}},
     r"entry id 9: teardown step \{'reboot': ''\} is not"),
    ({"id": 1, **GOOD}, r"entry id 1: the id is given twice"),
])
def test_a_malformed_entry_is_an_error_naming_file_and_id(tmp_path: Path, entry: dict[str, Any], message: str) -> None:
    path = _write(tmp_path, [{"id": 1, **GOOD}, entry])
    with pytest.raises(TaskDefinitionError, match=rf"^{path}: {message}"):
        load_entries(path)


def test_a_blank_check_point_is_none(tmp_path: Path) -> None:
    path = _write(tmp_path, [{"id": 5, "query": ["设置网易云音乐为播放源"],
                              "check_point": {"text": [""], "to_speak": "设置成功"}},
                             {"id": 6, "query": ["打开设置"], "check_point": {"text": ["", "设置"], "package": ""}}])
    blank, kept = (task_class(e, __name__) for e in load_entries(path))
    assert blank.check_point["text"] is None and "cannot be judged: it has no check point" in blank.unjudged
    assert kept.check_point["text"] == ["设置"] and not kept.unjudged and not kept.packages


def test_only_the_published_files_are_read(tmp_path: Path) -> None:
    assert [p.name for p in task_files(DATA)] == list(TIERS)
    (tmp_path / "data.json").write_text("// comments make it not JSON\n[]")
    assert task_files(tmp_path) == [] and build_tasks(tmp_path, __name__) == {}


# -- the verdict: CheckPoints over a scripted trajectory ------------------------------------------------------

#: SastQuery0001's check points by hand: activity ``&`` (Settings and SubSettings both visited), text ``|``
#: (Network & internet tapped: the history holds the steps' screens and the elements acted on, not what was only
#: shown) and package (com.android.settings) are three level-2 check points, the package the one level-1 check point.
#: Levels (1, 2) over the project's history (``_screens``, which decides success), then as the published scorer
#: computes them over the published runner's history (the launch an ``am start -n`` API call, the tap a
#: ``click(<p ... package="com.android.settings" ...> Network & internet </p>)``; no screen names): its ``&`` needs
#: both activities in every entry, so it fails on any history and passes on the empty one; its level 1 counts the
#: package's characters. The corrected scorer on that history (``_fixed``) differs only there.
TRAJECTORIES = [
    # into "Network & internet": all reached
    ([Action.open_app("Settings"), Action.click(4)], (1.0, 3 / 3), (1.0, 2 / 3), (1.0, 2 / 3), 1.0),
    # SubSettings never seen, nothing tapped: the package only
    ([Action.open_app("Settings")], (1.0, 1 / 3), (1.0, 1 / 3), (1.0, 1 / 3), 0.0),
    # nothing done (home screen only)
    ([], (0.0, 0 / 3), (0.0, 1 / 3), (0.0, 0 / 3), 0.0),
]


@pytest.mark.parametrize("actions, screens, published, fixed, success", TRAJECTORIES)
def test_checkpoint_levels_of_a_scripted_trajectory(device: SimDevice, actions: list[Action],
                                                    screens: tuple[float, float], published: tuple[float, float],
                                                    fixed: tuple[float, float], success: float) -> None:
    task = task_class(load_entries(SAST)[0], __name__)()
    result = play(device, task, Replay(actions))
    for suffix, (level1, level2) in (("_screens", screens), ("", published), ("_fixed", fixed)):
        assert result.metrics[f"checkpoint_l1{suffix}"] == level1, suffix
        assert result.metrics[f"checkpoint_l2{suffix}"] == pytest.approx(level2), suffix
    assert result.success == success and result.self_reported == "complete"  # PassRate would count all three
    assert f"L2 {screens[1]:.2f}" in result.validator_state


def test_a_noop_agent_fails_and_the_check_starts_from_no_history(device: SimDevice) -> None:
    cls = tasks()["SastQuery0001"]
    device.snapshot_save("clean")
    assert play(device, cls(), Replay([Action.open_app("Settings"), Action.click(4)])).success == 1.0
    device.snapshot_load("clean")
    task = cls()
    result = play(device, task, NoopAgent())
    assert result.success == 0.0 and result.trivial_success == 0.0
    assert task.check(device) == 0.0


def test_teardown_runs_the_device_steps_after_the_episode(device: SimDevice) -> None:
    task = tasks()["SastQuery0003"]()
    result = play(device, task, Replay([Action.open_app("Clock")]))
    assert result.success == 1.0  # activity com.android.deskclock.DeskClock, package com.google.android.deskclock
    assert device.settings_get("global", "mobilebench_note") == "after the episode"  # quoted as given
    assert device.current_activity()[0] != "com.google.android.deskclock"  # {"kill": ...} stopped it


# -- the plugin ---------------------------------------------------------------------------------------------

MODULE = '''
from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.tasks.importers.mobilebench import build_tasks

folder = dataset_file("mobilebench")
if folder is not None:
    globals().update(build_tasks(folder, __name__))
'''


def _datasets(pytester: pytest.Pytester, source: Path) -> Path:
    folder = pytester.path / "datasets"
    (folder / "mobilebench").mkdir(parents=True)
    for path in source.glob("*.json"):
        shutil.copy(path, folder / "mobilebench" / path.name)
    pytester.makepyfile(tasks_imported=MODULE)
    return folder


def test_the_plugin_collects_marks_and_skips_naming_the_package(pytester: pytest.Pytester) -> None:
    datasets = _datasets(pytester, DATA)
    listed = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--collect-only", "-q", "-m", "tag_sast",
                                           "-p", "no:cacheprovider")
    listed.stdout.fnmatch_lines(["tasks_imported.py::SastQuery0001[0]", "*4/7 tests collected (3 deselected)*"])
    mamt = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--collect-only", "-q",
                                         "-m", "tag_mamt and needs_real_app", "-p", "no:cacheprovider")
    mamt.stdout.fnmatch_lines(["tasks_imported.py::MamtQuery0007[0]", "*1/7 tests collected (6 deselected)*"])
    run = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--agent", "noop", "-rs",
                                        "-p", "no:cacheprovider")
    run.assert_outcomes(failed=4, skipped=3)
    run.stdout.fnmatch_lines_random([
        "SKIPPED*SastQuery0002 cannot run here: com.ximalaya.ting.android is not installed on sim-*",
        "SKIPPED*MamtQuery0007 cannot run here: com.tencent.mm is not installed on sim-*",
        "SKIPPED*SastQuery0004 (s_app_s_step.json id 4, com.google.android.deskclock) cannot be run as an agent "
        "task*"])
    oracle = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--agent", "oracle", "-rs",
                                           "-k", "SastQuery0001", "-p", "no:cacheprovider")
    oracle.assert_outcomes(skipped=1)
    oracle.stdout.fnmatch_lines(["SKIPPED*SastQuery0001 (s_app_s_step.json id 1, com.android.settings) has no "
                                 "oracle: Mobile-Bench publishes no action sequence*"])


def test_a_malformed_entry_is_a_collection_error_naming_file_and_id(pytester: pytest.Pytester) -> None:
    datasets = _datasets(pytester, DATA / "malformed")
    run = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--collect-only", "-p", "no:cacheprovider")
    assert run.ret == pytest.ExitCode.INTERRUPTED
    run.stdout.fnmatch_lines(["*TaskDefinitionError: */mobilebench/s_app_s_step.json: entry id 4: check_point text "
                              "*: the operator '|' has nothing after it"])


def test_without_the_files_the_module_collects_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_imported=MODULE)
    run = pytester.runpytest_subprocess("--ma-datasets", str(pytester.path / "nothing"), "-p", "no:cacheprovider")
    assert run.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    run.stdout.fnmatch_lines(["*tasks_imported.py contributed no items: it defines no task*"])


# -- the published files ------------------------------------------------------------------------------------


def test_every_published_entry_is_an_item_or_a_clear_skip(request: pytest.FixtureRequest) -> None:
    folder = published_file(request.config, "mobilebench/s_app_s_step.json").parent
    found = build_tasks(folder, __name__)
    assert sum(cls.entry.tier == "sast" for cls in found.values()) == 332
    outcomes = {"unjudged": 0, "needs_real_app": 0, "runs on the simulator": 0}
    for cls in found.values():
        validate(cls, cls.entry.path)
        assert cls().goal and cls.check_point is not None
        if cls.unjudged:
            outcomes["unjudged"] += 1
        elif real_apps(cls):
            assert all(p in cls.__doc__ for p in real_apps(cls))  # the skip names the package
            outcomes["needs_real_app"] += 1
        else:
            outcomes["runs on the simulator"] += 1
    if len(found) == 332:  # the SAST file alone (the shared datasets folder)
        assert outcomes == {"unjudged": 17, "needs_real_app": 215, "runs on the simulator": 100}


def test_the_published_file_collects_through_the_plugin(request: pytest.FixtureRequest,
                                                        pytester: pytest.Pytester) -> None:
    folder = published_file(request.config, "mobilebench/s_app_s_step.json").parent
    datasets = _datasets(pytester, folder)
    count = sum(len(load_entries(p)) for p in task_files(datasets / "mobilebench"))
    run = pytester.runpytest_subprocess("--ma-datasets", str(datasets), "--collect-only", "-q",
                                        "-p", "no:cacheprovider")
    run.stdout.fnmatch_lines([f"{count} tests collected*"])
    assert run.ret == pytest.ExitCode.OK
