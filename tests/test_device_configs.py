"""B-MoCA's device configurations: the sets, the CSV format, the per-episode draw, what runs record and report,
and the bmoca suite's oracle under every one of the 45 environments."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.device.configs import ConfigError, builtin, load, read_file
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.episode import new_result, play
from pytest_mobileagent.tasks.base import Task
from tests.pytester_tasks import OPEN_SETTINGS
from tests.suite_tasks import all_tasks, quick_sample

BMOCA = [t for t in all_tasks() if t.suite == "bmoca"]
HEADER = "Unnamed: 0,idx,device_id,locale,wallpaper,dpi,darkmode\n"


def test_the_built_in_sets_are_the_papers_environments() -> None:
    train, test, every = builtin("train"), builtin("test"), builtin("all")
    assert (len(train), len(test), len(every)) == (35, 10, 45) and every == train + test
    assert {c.split for c in train} == {"train"} and {c.split for c in test} == {"test"}
    assert {c.device.model for c in train} == {"Pixel 3"}  # "only Pixel 3 is employed" for training
    assert {c.device.model for c in test} == {"Pixel 3", "Pixel 4", "Pixel 5", "Pixel 6", "WXGA Tablet"}
    assert len({c.locale for c in train}) == 12 and len({c.locale for c in every}) == 15  # "three more locales"
    tablet = every[-1]
    assert tablet.profile == DeviceProfile((1200, 800), 160, "ar-EG", False, "11_pyramid", 109)
    # environments 000 and 001 share every attribute and differ by their icon arrangement
    assert every[0].profile.icon_layout == 0 and every[1].profile.icon_layout == 1
    assert every[0].density == 330 and every[2].density == 440 and every[4].density == 550


@pytest.mark.skipif(not os.environ.get("MA_DATASETS"), reason="MA_DATASETS does not point at the datasets")
def test_the_built_in_sets_equal_the_published_files() -> None:
    folder = Path(os.environ["MA_DATASETS"]) / "bmoca"
    assert read_file(folder / "environments_train.csv") == builtin("train")
    assert read_file(folder / "environments_test.csv") == builtin("test")


def test_a_csv_in_bmocas_format_with_its_device_properties(tmp_path: Path) -> None:
    (tmp_path / "device_property.json").write_text(json.dumps({"device_info": [
        {"device_id": "fold", "device_code": 1, "physical_setting": [1812, 2176, 420], "icon_size": [420, 360, 480],
         "category": "pixel", "system_image": "x"}]}))
    path = tmp_path / "environments_test.csv"
    path.write_text(HEADER + "0,200,fold,ur_PK,02_blue,2,True\n1,201,pixel_3,de-DE,00_default,1,False\n")
    fold, pixel = load(str(path))
    assert (fold.id, fold.split, fold.locale, fold.density, fold.dark_mode) == ("200", "test", "ur-PK", 480, True)
    assert fold.profile.size == (1812, 2176) and pixel.density == 330  # unknown types from the JSON, known built in


@pytest.mark.parametrize("row,problem", [
    ("0,1,pixel_9,en-US,00_default,0,False", "unknown device_id 'pixel_9'"),
    ("0,1,pixel_3,en-US,00_default,3,False", "dpi must be 0, 1 or 2"),
    ("0,1,pixel_3,en-US,00_default,0,maybe", "darkmode must be True or False"),
    ("0,1,pixel_3,english please,00_default,0,False", "locale must be a language tag"),
    ("0,1,pixel_3,en-US,../../etc,0,False", "wallpaper must be a plain name"),
])
def test_a_bad_row_names_its_line(tmp_path: Path, row: str, problem: str) -> None:
    path = tmp_path / "envs.csv"
    path.write_text(HEADER + "0,0,pixel_3,en-US,00_default,0,False\n" + row + "\n")
    with pytest.raises(ConfigError, match=f"envs.csv:3: {problem}"):
        load(str(path))


def test_a_set_that_is_neither_named_nor_a_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="neither a configuration set"):
        load("validation")
    (tmp_path / "x.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ConfigError, match="B-MoCA's environments format"):
        load(str(tmp_path / "x.csv"))


PARAMETRIZED = OPEN_SETTINGS + '''

class OpenSettingsAgain(OpenSettings):
    template = "Open the Settings app, {n}."

    @classmethod
    def parameters(cls):
        from hypothesis import strategies as st
        return st.fixed_dictionaries({"n": st.integers(0, 10**6)})
'''


def records(pytester: pytest.Pytester, run_id: str) -> list[dict[str, Any]]:
    lines = (pytester.path / "reports" / run_id / "results.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_each_item_runs_under_a_configuration_drawn_from_its_seed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_configs=PARAMETRIZED)
    common = ["tasks_configs.py", "--ma-configs", "all", "--ma-instances", "12", "-p", "no:cacheprovider"]
    pytester.runpytest_subprocess(*common, "--ma-run-id", "a", "--ma-repeat", "2").assert_outcomes(passed=48)
    pytester.runpytest_subprocess(*common, "--ma-run-id", "b", "-n", "2").assert_outcomes(passed=24)
    a, b = records(pytester, "a"), records(pytester, "b")
    drawn = {(r["task"], r["instance"]): r["device_config"]["config"] for r in b}
    assert {(r["task"], r["instance"]): r["device_config"]["config"] for r in a} == drawn  # repeats, workers: same
    assert len(set(drawn.values())) > 10  # and different across instances
    config = {c.id: c for c in builtin("all")}
    for r in b:
        dc = r["device_config"]
        assert dc == {**dc, **config[dc["config"]].record()}  # what was applied is what is recorded
    metrics = json.loads((pytester.path / "reports" / "b" / "metrics.json").read_text())
    splits = Counter(config[c].split for c in drawn.values())
    assert {k: v["episodes"] for k, v in metrics["per_config_split"].items()} == dict(splits)
    assert all(len(v["ci95"]) == 2 for v in metrics["per_config_split"].values())
    assert sum(v["episodes"] for v in metrics["per_device_config"].values()) == 24
    label = next(iter(metrics["per_device_config"]))
    assert label.split()[0] in config  # the environment's id leads its label


def test_the_configuration_is_applied_on_the_device(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_seen='''
from pytest_mobileagent.tasks.base import Task


class SeesItsConfiguration(Task):
    """Passes when the device was configured as B-MoCA's environment 109 (a WXGA tablet in Arabic) before the
    task's setup, and Settings was opened."""
    template = "Open Settings."

    def setup(self, device):
        density = device.shell("wm density")
        night = device.shell("cmd uimode night")
        self.configured = (device.window_size() == (1200, 800) and "Override density: 160" in density
                           and device.shell("getprop persist.sys.locale").strip() == "ar-EG" and "no" in night)

    def check(self, device, answer=None):
        return float(self.configured and device.current_activity()[0] == "com.android.settings")

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()
''')
    (pytester.path / "envs.csv").write_text(HEADER + "0,109,WXGA_Tablet,ar-EG,11_pyramid,0,False\n")
    result = pytester.runpytest_subprocess("tasks_seen.py", "--ma-configs", "envs.csv", "-p", "no:cacheprovider",
                                           "--html", "report.html")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*split*envs*100.0%*1/1*"])
    assert "success on training vs test configurations" in (pytester.path / "report.html").read_text()


def test_an_unusable_configuration_set_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_configs=OPEN_SETTINGS)
    result = pytester.runpytest_subprocess("tasks_configs.py", "--ma-configs", "validation")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--ma-configs*neither a configuration set (train, test, all) nor a file*"])


@pytest.fixture(scope="module")
def phone() -> Any:
    d = SimDevice(serial="sim-configs")
    d.snapshot_save("clean")
    yield d
    d.close()


def episode(device: SimDevice, task: Task, agent: Any, config: Any) -> Any:
    device.snapshot_load("clean")
    device.apply_profile(config.profile)
    device.set_time(DEFAULT_TIME)

    def make_result() -> Any:
        result = new_result(task, "oracle", 0, 0, task.name)
        result.device_config = config.record()
        return result

    return play(device, task, agent, make_result=make_result)


@pytest.mark.parametrize("config", quick_sample(builtin("all"), 5, lambda c: c.id))
def test_the_bmoca_oracle_passes_under_every_environment(phone: SimDevice, config: Any) -> None:
    from pytest_mobileagent.tasks.registry import cases

    failed = []
    for task_cls in BMOCA:
        for case in cases(task_cls, 30, 1, "tasks.py")[:1]:
            result = episode(phone, case.make(), OracleAgent(), config)
            if result.success != 1.0:
                failed.append(f"{case.id}: {result.agent_error or result.actions}")
            if episode(phone, case.make(), NoopAgent(), config).success != 0.0:
                failed.append(f"{case.id}: a do-nothing agent succeeded")
    assert not failed, "\n".join(failed)


def test_configurations_are_applied_over_the_wire_as_on_an_emulator(pytester: pytest.Pytester) -> None:
    """The adb backend's own path (``wm``, the locale as root, the wallpaper picker, the launcher's table) on
    the simulator served over adb: B-MoCA's open-app and Settings rows pass under drawn test environments."""
    from mobileagent_sim.testing import serve

    suite = Path(__file__).resolve().parents[1] / "suites" / "bmoca" / "tasks_apps.py"
    with SimDevice() as phone, serve(phone, console_token="t") as server:
        run = pytester.runpytest_subprocess(str(suite), "-k", "OpenApp or Chat", "--ma-configs", "test",
                                            "--ma-device", server.device_spec(phone.serial), "--ma-instances", "2",
                                            "-p", "no:cacheprovider", "--ma-run-id", "wire",
                                            "--ma-output", str(pytester.path / "reports"))
        run.assert_outcomes(passed=16)
    assert {r["device_config"]["split"] for r in records(pytester, "wire")} == {"test"}
