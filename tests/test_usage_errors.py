"""A user's mistakes end the run before the first task, with one line naming the option; infrastructure that is
gone for good stops the session instead of erroring every remaining item."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.adb_server import free_emulator_serials
from mobileagent_sim.testing import serve
from pytest_mobileagent.llm.scripted import ScriptedServer
from tests.pytester_tasks import OPEN_SETTINGS


@pytest.fixture
def tasks(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    return pytester


BAD = [
    (["--ma-instances=-1"], "--ma-instances: '-1': expected a whole number >= 1"),
    (["--ma-instances=0"], "--ma-instances: '0'"),
    (["--ma-instances=abc"], "--ma-instances: 'abc'"),
    (["--ma-repeat=0"], "--ma-repeat"),
    (["--ma-seed=abc"], "--ma-seed: 'abc': expected an integer or 'random'"),
    (["--ma-screenshots=bogus"], "--ma-screenshots: 'bogus' is not one of none, on-failure, all"),
    (["--ma-trajectories=sometimes"], "--ma-trajectories: 'sometimes' is not one of on, off, failed"),
    (["--ma-baseline=/nonexistent.json"], "--ma-baseline: '/nonexistent.json': no such file"),
    (["--ma-fail-under=garbage"], "--ma-fail-under: 'garbage': expected metric=value"),
    (["--ma-fail-under=success_rate=lots"], "--ma-fail-under"),
    (["--ma-max-regression=success_rate=5pp"], "--ma-max-regression needs --ma-baseline"),
    (["--ma-success-threshold=2"], "--ma-success-threshold: '2': expected a number > 0 and <= 1"),
    (["--ma-llm-prices=cheap"], "--ma-llm-prices: 'cheap'"),
    (["--ma-llm-timeout=0"], "--ma-llm-timeout"),
    (["--ma-resume=20991231-000000-beef"], "--ma-resume 20991231-000000-beef: no run there"),
    (["--ma-lock=/nonexistent.lock.json"], "--ma-lock: no such file"),
    (["--ma-pool-file=/nonexistent-devices.txt"], "--ma-pool-file"),
    (["--ma-device=sim:?colour=blue"], "unknown simulated-device option(s) ['colour']"),
    (["--ma-device=adb://host/emulator-5554"], "must look like adb://HOST:PORT/SERIAL"),
    (["--ma-run-id=../escape"], "--ma-run-id: '../escape': expected a plain folder name"),
    (["--agent=nosuchagent"], "unknown agent 'nosuchagent'"),
    (["--ma-shard", "3/2"], "expected K/N with 1 <= K <= N"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[a[0] for a, _ in BAD])
def test_a_bad_option_is_one_usage_error_before_any_item(tasks: pytest.Pytester, args: list[str],
                                                         message: str) -> None:
    result = tasks.runpytest_inprocess("tasks_open.py", *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.errlines if line.strip()]
    assert len(errors) == 1 and message in errors[0], result.errlines
    assert not (tasks.path / "reports").exists() or not any((tasks.path / "reports").rglob("results.jsonl"))


def test_a_bad_ini_value_names_the_ini_key(tasks: pytest.Pytester) -> None:
    tasks.makeini("[pytest]\nma_instances = many\nma_screenshots = sometimes\n")
    result = tasks.runpytest_inprocess("tasks_open.py")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: ini key ma_instances*"])


def test_help_shows_defaults_choices_and_typed_ini_keys(tasks: pytest.Pytester) -> None:
    out = tasks.runpytest_inprocess("--help").stdout.str()
    assert "--ma-screenshots={none,on-failure,all}" in out
    assert "[default: 1]" in out and "[default: on-failure]" in out and "[default: measured]" in out
    assert "ma_instances (int):" in out and "ma_require_complete (bool):" in out


def test_options_are_parsed_once_into_the_values_their_readers_take(pytester: pytest.Pytester) -> None:
    from pytest_mobileagent.llm.client import LLMClient
    from pytest_mobileagent.settings import settings

    pytester.makeini("[pytest]\nma_llm_prices = 2.5, 10\nma_sim_think_time = 3\n")
    given = settings(pytester.parseconfig("--ma-llm-seed", "7", "--ma-shard", "2/4", "--ma-configs", "test",
                                          "--ma-fail-under", "success_rate=40%,checkpoint_l2=5pp"))
    assert (given.llm_prices, given.llm_seed, given.shard, given.sim_think_time) == ((2.5, 10.0), 7, (2, 4), 3.0)
    assert given.fail_under == {"success_rate": 0.4, "checkpoint_l2": 0.05} and len(given.configs) == 10
    client = LLMClient.from_settings(given)
    assert (client.prices, client.seed) == ((2.5, 10.0), 7)
    pytester.makeini("[pytest]\n")
    default = settings(pytester.parseconfig())
    assert (default.llm_prices, default.llm_seed, default.shard, default.sim_think_time, default.fail_under,
            default.baseline, default.configs) == (None, None, None, None, None, None, ())
    assert LLMClient.from_settings(default).prices == (0.0, 0.0)


def test_metrics_json_is_written_without_the_terminal_reporter(tasks: pytest.Pytester) -> None:
    result = tasks.runpytest_subprocess("tasks_open.py", "--ma-run-id", "quiet", "-p", "no:terminal")
    assert result.ret == 0
    metrics = json.loads((tasks.path / "reports" / "quiet" / "metrics.json").read_text())
    assert metrics["overall"]["episodes"] == 1 and metrics["overall"]["successes"] == 1


def _recording_adb(tmp_path: Path) -> tuple[str, Path]:
    """An 'adb' executable that only records being run (so a test sees whether anything tried to start it)."""
    marker = tmp_path / "adb-was-run"
    adb = tmp_path / "adb"
    adb.write_text(f"#!/bin/sh\necho \"$@\" >> {marker}\n")
    adb.chmod(adb.stat().st_mode | stat.S_IEXEC)
    return str(adb), marker


@pytest.mark.parametrize("spec", ["emulator-5554", "adb://127.0.0.1:{port}/emulator-5554"])
def test_no_adb_server_is_one_usage_error_and_no_daemon_is_started(tasks: pytest.Pytester, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch, spec: str) -> None:
    adb, marker = _recording_adb(tmp_path)
    monkeypatch.setenv("ADBUTILS_ADB_PATH", adb)
    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", "1")  # a bare serial: the default server, refused here
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = tasks.runpytest_subprocess("tasks_open.py", "--ma-device", spec.format(port=port), "-n", "2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --ma-device *emulator-5554: no adb server at 127.0.0.1:*: start one*"])
    assert not marker.exists(), "something ran adb (start-server) on the user's behalf"


def test_ma_device_adb_takes_every_online_device_of_the_default_server(tasks: pytest.Pytester,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = free_emulator_serials(2)  # consoles on the ports the serials name, as emulators' are
    with SimDevice(first) as a, SimDevice(second) as b, serve(a, b) as server:
        monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(server.port))
        result = tasks.runpytest_subprocess("tasks_open.py", "--ma-device", "adb", "--ma-instances", "4", "-n", "2",
                                            "--ma-run-id", "fleet")
        result.assert_outcomes(passed=4)
        # each worker got one of the server's devices and played its items there
        assert all(any("com.android.settings" in line for line in phone.logcat()) for phone in (a, b))
    missing = tasks.runpytest_inprocess("tasks_open.py", "--ma-device", "adb")  # the server is gone now
    assert missing.ret == pytest.ExitCode.USAGE_ERROR
    missing.stderr.fnmatch_lines([f"ERROR: --ma-device adb: no adb server at 127.0.0.1:{server.port}*"])


def test_a_device_missing_from_its_server_is_one_usage_error(tasks: pytest.Pytester) -> None:
    with SimDevice("emulator-5554") as phone, serve(phone) as server:
        result = tasks.runpytest_subprocess("tasks_open.py", "--ma-device",
                                            f"adb://127.0.0.1:{server.port}/emulator-5580")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: *device emulator-5580 is not on the adb server * (it has: emulator-5554)"])


def test_model_agent_preflight(tasks: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """No key, an unreachable endpoint, a refused key and an unknown model: one usage error each, naming
    the variable or option to set, and no item runs."""
    monkeypatch.delenv("MA_LLM_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    no_key = tasks.runpytest_inprocess("tasks_open.py", "--agent", "m3a")
    assert no_key.ret == pytest.ExitCode.USAGE_ERROR
    no_key.stderr.fnmatch_lines(["ERROR: --agent m3a: no API key for OpenAI's API: set MA_LLM_API_KEY*"])

    gone = tasks.runpytest_inprocess("tasks_open.py", "--agent", "t3a", "--ma-llm-base-url", "http://127.0.0.1:9/v1")
    assert gone.ret == pytest.ExitCode.USAGE_ERROR
    gone.stderr.fnmatch_lines(["ERROR: --agent t3a: cannot reach the model endpoint http://127.0.0.1:9/v1 *"
                               "set --ma-llm-base-url*"])

    with ScriptedServer(models=("qwen2.5-7b",), api_key="right") as server:
        monkeypatch.setenv("MA_LLM_API_KEY", "wrong")
        refused = tasks.runpytest_inprocess("tasks_open.py", "--agent", "t3a", "--ma-llm-base-url", server.base_url)
        monkeypatch.setenv("MA_LLM_API_KEY", "right")
        unknown = tasks.runpytest_inprocess("tasks_open.py", "--agent", "seeact", "--ma-llm-base-url",
                                            server.base_url, "--ma-llm-model", "gpt-4o")
        assert server.requests == []  # the preflight lists models; no completion was asked for
    assert refused.ret == unknown.ret == pytest.ExitCode.USAGE_ERROR
    refused.stderr.fnmatch_lines(["ERROR: --agent t3a: * refused the API key (HTTP 401): set MA_LLM_API_KEY*"])
    unknown.stderr.fnmatch_lines(["ERROR: --agent seeact: * does not serve the model gpt-4o (it serves: qwen2.5-7b)*"])
    assert "wrong" not in refused.stderr.str() + refused.stdout.str()


def test_collect_only_needs_no_endpoint(tasks: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MA_LLM_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    result = tasks.runpytest_inprocess("tasks_open.py", "--agent", "m3a", "--collect-only", "-q")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["tasks_open.py::OpenSettings[0]"])


GONE_DEVICE = '''
import pytest
from pytest_mobileagent.device.base import DeviceError

@pytest.fixture(scope="session")
def ma_device():
    raise DeviceError("adb device emulator-5554: AdbError: device offline")
'''


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_device_gone_for_good_stops_the_session_with_short_reports(pytester: pytest.Pytester,
                                                                     workers: list[str]) -> None:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    pytester.makeconftest(GONE_DEVICE)
    result = pytester.runpytest_subprocess("tasks_open.py", "--ma-instances", "12", "--ma-max-infra-errors", "3",
                                           "--ma-run-id", "gone", *workers)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    outcomes = result.parseoutcomes()
    assert 3 <= outcomes["errors"] < 12, outcomes  # stopped early (under xdist a worker may finish one more)
    out = result.stdout.str()
    assert "3 infrastructure errors in a row" in out and "--ma-resume gone" in out
    assert "DeviceError: adb device emulator-5554: AdbError: device offline" in out
    assert "to fix: check the device (adb devices" in out
    assert "def ma_device" not in out  # the fixture's source is not the report
    records = [json.loads(line) for line in (pytester.path / "reports" / "gone" / "results.jsonl").open()]
    assert records and all(r["outcome"] == "error" and r["infrastructure"] for r in records)


def test_tb_long_still_shows_everything(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS)
    pytester.makeconftest(GONE_DEVICE)
    result = pytester.runpytest_subprocess("tasks_open.py", "--tb=long")
    assert "def ma_device" in result.stdout.str()


if os.name != "posix":  # pragma: no cover
    pytestmark = pytest.mark.skip("POSIX executables")


SKIPPING = '''
import pytest
pytest.skip("needs the frobnicator dataset", allow_module_level=True)
'''


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_task_module_that_contributes_nothing_says_why(pytester: pytest.Pytester, workers: list[str]) -> None:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS, tasks_frob=SKIPPING, tasks_empty="X = 1\n")
    result = pytester.runpytest_subprocess(*workers)
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*mobileagent: tasks_frob.py contributed no items: needs the frobnicator dataset"])
    if not workers:  # xdist workers send the controller only skipped and failed collection reports
        result.stdout.fnmatch_lines(["mobileagent: tasks_empty.py contributed no items: it defines no task"])


def test_without_the_optional_integrations_the_run_works_and_a_model_agent_says_what_to_install(
        tasks: pytest.Pytester) -> None:
    plain = tasks.runpytest_subprocess("tasks_open.py", "-p", "no:html", "-p", "no:allure_pytest", "--ma-run-id", "p")
    assert plain.ret == 0 and (tasks.path / "reports" / "p" / "metrics.json").exists()
    tasks.makeconftest("import sys\nsys.modules['openai'] = None  # as if the llm extra were not installed\n")
    no_client = tasks.runpytest_subprocess("tasks_open.py", "--agent", "t3a", "--ma-llm-base-url", "http://127.0.0.1:9/v1")
    assert no_client.ret == pytest.ExitCode.USAGE_ERROR
    no_client.stderr.fnmatch_lines(["ERROR: --agent t3a: the model agents need the openai package: "
                                    "pip install 'pytest-mobileagent[llm]'"])
