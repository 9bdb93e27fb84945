"""Faults on the wire: disconnects, timeouts and uiautomator2 deaths end as retries or pytest errors, never as
agent failures; and the command that serves simulated phones to other tools."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.adb_server import AdbServer, free_emulator_serials
from mobileagent_sim.testing import serve
from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.base import DeviceError

TOKEN = "console-token-for-fault-tests"
TASK = '''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task

class SearchDrawer(Task):
    template = "Open the app drawer and search for {query}."
    apps = ("launcher",)

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"query": st.sampled_from(["clock", "tasks"])})

    def setup(self, device):
        device.settings_put("system", "screen_off_timeout", "600000")

    def check(self, device, answer=None):
        return 1.0 if f'text="{self.params["query"]}"' in device.hierarchy() else 0.0

    def oracle(self, ui):
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["query"], rid="search_container_all_apps")
        yield ui.complete()
'''


@pytest.fixture
def served() -> Iterator[tuple[SimDevice, AdbServer, str]]:
    with SimDevice() as phone, serve(phone, console_token=TOKEN) as server:
        yield phone, server, server.device_spec(phone.serial)


def results(pytester: pytest.Pytester) -> list[dict]:
    [path] = Path(pytester.path, "reports").glob("*/results.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_disconnect_mid_episode_is_retried(pytester: pytest.Pytester, served) -> None:
    phone, server, spec = served
    pytester.makepyfile(tasks_wire=TASK)
    server.inject(phone.serial, "disconnect", after=15)
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--ma-infra-retries", "1")
    run.assert_outcomes(passed=1)
    assert results(pytester)[0]["success"] == 1.0


def test_a_device_that_stays_away_is_a_pytest_error_not_a_failure(pytester: pytest.Pytester, served) -> None:
    phone, server, spec = served
    pytester.makepyfile(tasks_wire=TASK)
    server.inject(phone.serial, "disconnect", after=15, times=10_000)
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--ma-infra-retries", "1")
    run.assert_outcomes(errors=1)
    assert "DeviceError" in run.stdout.str()
    # the rate counts agent outcomes only: none here, one infrastructure error beside it
    run.stdout.fnmatch_lines(["*overall*0/0*(1 errors)*", "*infrastructure errors are excluded from the rate*"])


def test_the_backend_survives_a_uiautomator2_death(served) -> None:
    phone, server, _ = served
    device = AdbDevice(phone.serial, port=server.port)
    assert "<hierarchy" in device.hierarchy()
    server.inject(phone.serial, "u2-death")
    device.shell("echo the next request kills the u2 server")
    assert "<hierarchy" in device.hierarchy()  # uiautomator2 starts it again


def test_an_unanswered_request_is_a_device_error(served) -> None:
    phone, server, _ = served
    device = AdbDevice(phone.serial, port=server.port, timeout=1)
    server.inject(phone.serial, "timeout", seconds=2)
    with pytest.raises(DeviceError):
        device.shell("echo never answered")
    assert device.shell("echo back").strip() == "back"


def test_unknown_faults_are_refused(served) -> None:
    phone, server, _ = served
    with pytest.raises(ValueError, match="unknown fault"):
        server.inject(phone.serial, "meteor")


def test_the_command_serves_phones_to_adb_clients(tmp_path) -> None:
    # HOME: the console token is read from (or written to) ~/.emulator_console_auth_token, as the emulator does
    (tmp_path / ".emulator_console_auth_token").write_text("token-from-the-file")
    # consoles from a port no other test's phone takes (those serve emulator-5554 and up), as emulator -port does
    base = int(free_emulator_serials(1, first=20000 + 2 * (os.getpid() % 5000), last=40000)[0].split("-")[1])
    proc = subprocess.Popen([sys.executable, "-m", "mobileagent_sim.adb_server", "--devices", "2", "--port",
                             "0", "--console-port", str(base)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "ADBUTILS_ADB_PATH": "/bin/true", "HOME": str(tmp_path)})
    try:
        assert proc.stdout is not None
        head = proc.stdout.readline()
        port = int(head.rsplit(":", 1)[1])
        serials, specs = zip(*(proc.stdout.readline().split("\t") for _ in range(2)), strict=True)
        # emulators' serials for the first free port pairs from 5554, each console on the port its serial names
        first, second = (int(s.removeprefix("emulator-")) for s in serials)
        assert base <= first < second and first % 2 == second % 2 == 0
        assert specs[0].strip() == f"--ma-device adb://127.0.0.1:{port}/{serials[0]}?console={first}" \
                                   "&token=token-from-the-file"
        client = adbutils.AdbClient(port=port)
        assert sorted(d.serial for d in client.device_list()) == sorted(serials)
        assert client.device(serials[1]).shell("getprop ro.product.model").strip() == "Pixel 6"
    finally:
        proc.terminate()
        assert proc.wait(timeout=10) == 0


def test_more_workers_than_devices_stops_before_any_task(pytester: pytest.Pytester, served) -> None:
    _, _, spec = served
    pytester.makepyfile(tasks_wire=TASK)
    run = pytester.runpytest_subprocess("tasks_wire.py", "-n", "2", "--ma-serials", spec)
    assert run.ret != 0
    assert "2 xdist workers but 1 device(s)" in run.stderr.str() + run.stdout.str()
    assert not list(Path(pytester.path, "reports").glob("*/results.jsonl"))


def outcomes(pytester: pytest.Pytester, *args: str) -> list[tuple[str, int, float]]:
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-instances", "4", "--ma-run-id", args[-1], *args[:-1])
    assert run.ret == 0, run.stdout.str()
    path = Path(pytester.path, "reports", args[-1], "results.jsonl")
    return sorted((r["task"], r["instance"], r["success"]) for r in map(json.loads, path.read_text().splitlines()))


def test_two_simulated_emulators_one_per_worker_match_the_in_process_run(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_wire=TASK)
    with SimDevice("emulator-5554") as a, SimDevice("emulator-5556") as b, serve(a, b, console_token=TOKEN) as server:
        pool = pytester.path / "devices.txt"
        pool.write_text("# two simulated emulators\n" + "".join(f"{server.device_spec(p.serial)}\n" for p in (a, b)))
        wire = outcomes(pytester, "-n", "2", "--ma-pool-file", str(pool), "wire")
    in_process = outcomes(pytester, "-n", "2", "sim")
    assert wire == in_process and len(wire) == 4 and all(s == 1.0 for _, _, s in wire)


CRASHING = TASK + '''

class CrashesItsWorkerOnce(SearchDrawer):
    def setup(self, device):
        import os, pathlib
        flag = pathlib.Path(os.environ["MA_CRASH_FLAG"])
        if not flag.exists():
            flag.write_text("crashed")
            os._exit(1)  # the worker dies mid-run
        super().setup(device)
'''


def test_a_replacement_worker_inherits_the_dead_workers_device(pytester: pytest.Pytester, monkeypatch) -> None:
    pytester.makepyfile(tasks_wire=CRASHING)
    monkeypatch.setenv("MA_CRASH_FLAG", str(pytester.path / "crash.flag"))
    with SimDevice("emulator-5554") as a, SimDevice("emulator-5556") as b, serve(a, b, console_token=TOKEN) as server:
        serials = ",".join(server.device_spec(p.serial) for p in (a, b))
        run = pytester.runpytest_subprocess("tasks_wire.py", "-n", "2", "--max-worker-restart", "2",
                                            "--ma-serials", serials, "--ma-instances", "3")
    outcome = run.parseoutcomes()
    assert outcome.get("passed", 0) >= 5  # every item but the one whose worker died ran on a device
    assert "replacing crashed worker" in run.stdout.str()


def test_a_device_that_never_answers_costs_the_adb_timeout_not_minutes(pytester: pytest.Pytester, served) -> None:
    phone, server, spec = served
    pytester.makepyfile(tasks_wire=TASK)
    server.inject(phone.serial, "timeout", after=15, times=10_000, seconds=120)
    started = time.monotonic()
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--ma-adb-timeout", "1",
                                        "--ma-infra-retries", "0", "--ma-run-id", "hung")
    assert time.monotonic() - started < 60
    run.assert_outcomes(errors=1)
    [record] = results(pytester)
    assert record["outcome"] == "error" and record["infrastructure"]
    written = run.stdout.str() + "".join(p.read_text(errors="replace") for p in pytester.path.rglob("*.json*"))
    assert TOKEN not in written  # the console token of the device spec is redacted everywhere


def test_a_uiautomator2_request_never_answered_is_a_device_error_within_the_timeout(served) -> None:
    phone, server, _ = served
    device = AdbDevice(phone.serial, port=server.port, timeout=1)
    assert "<hierarchy" in device.hierarchy()
    server.inject(phone.serial, "timeout", times=100, seconds=60)  # uiautomator2 retries: all of them hang
    started = time.monotonic()
    with pytest.raises(DeviceError, match="dump hierarchy"):
        device.hierarchy()
    assert time.monotonic() - started < 10  # a few requests of 1 s each, not uiautomator2's 300 s


def test_a_device_past_the_episode_limit_is_an_infrastructure_error(pytester: pytest.Pytester, served) -> None:
    phone, server, spec = served
    pytester.makepyfile(tasks_wire=TASK)
    # the task's own setup command: whatever the session did before, the hang falls in the episode
    server.inject(phone.serial, "timeout", times=10_000, seconds=120, match="screen_off_timeout")
    started = time.monotonic()
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--ma-adb-timeout", "60",
                                        "--ma-episode-timeout", "3", "--ma-infra-retries", "0", "--ma-run-id", "slow")
    assert time.monotonic() - started < 40  # the episode's 3 s, not the request's 60 s
    run.assert_outcomes(errors=1)
    [record] = results(pytester)
    assert record["infrastructure"] and record["timed_out"]["cause"] == "device"


def test_a_device_blip_while_the_session_prepares_the_device_is_retried(pytester: pytest.Pytester, served) -> None:
    phone, server, spec = served
    pytester.makepyfile(tasks_wire=TASK)
    server.inject(phone.serial, "disconnect", after=3)  # while the worker opens the phone and saves its snapshot
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec, "--ma-instances", "3")
    run.assert_outcomes(passed=3)


OPEN_SETTINGS_HOME = '''
from pytest_mobileagent.tasks.base import Task


class OpenSettingsHome(Task):
    template = "Open the Settings app."
    apps = ("settings",)

    def check(self, device, answer=None):
        return float(device.current_activity() == ("com.android.settings", "com.android.settings.Settings"))

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.complete()
'''


def test_a_phone_left_deep_in_an_app_starts_the_run_from_a_defined_state(pytester: pytest.Pytester, served) -> None:
    phone, server, spec = served
    pytester.makepyfile(tasks_wire=OPEN_SETTINGS_HOME)
    phone.start_app("com.android.settings")
    phone.tap(500, 520)  # Network & internet: a sub-page, as an earlier run's agent may leave it
    assert phone.current_activity()[1] == "com.android.settings.SubSettings"
    run = pytester.runpytest_subprocess("tasks_wire.py", "--ma-device", spec)
    run.assert_outcomes(passed=1)  # Settings opens on its first page, not where the phone was left
    run.stdout.fnmatch_lines(["mobileagent: clean state: saved by each worker after stopping the catalog's apps*"])
