"""Faults a long run meets end as what they are, and nothing recorded is lost (README: Reliability)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from tests.pytester_tasks import OPEN_SETTINGS

#: Agents that misbehave, passed with --agent faulty:<Class>.
FAULTY = '''
from pytest_mobileagent.actions import Action


class Exits:
    """Calls sys.exit() on its first step, as a careless agent script would."""

    def reset(self, goal, context):
        pass

    def step(self, observation):
        raise SystemExit(3)


class KillsItsProcess:
    """Ends the interpreter under it, as a segfaulting native extension would."""

    def reset(self, goal, context):
        pass

    def step(self, observation):
        import os
        os._exit(13)


class Ponders:
    """Thinks for a minute over every step, ignoring whatever interrupts it, as a stuck planning loop would."""

    def reset(self, goal, context):
        pass

    def step(self, observation):
        import time
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                time.sleep(0.05)
            except Exception:
                pass
        return Action.status("complete")


class RaisesAfterSuccess:
    """Opens Settings (the goal), then raises instead of declaring completion."""

    def reset(self, goal, context):
        self.steps = 0

    def step(self, observation):
        self.steps += 1
        if self.steps == 1:
            return Action.open_app("Settings")
        raise RuntimeError("lost my way after the goal was reached")
'''


@pytest.fixture
def tasks(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(tasks_open=OPEN_SETTINGS, faulty=FAULTY)
    pytester.syspathinsert()
    return pytester


def results(pytester: pytest.Pytester, run_id: str) -> list[dict]:
    path = pytester.path / "reports" / run_id / "results.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def metrics(pytester: pytest.Pytester, run_id: str) -> dict:
    return json.loads((pytester.path / "reports" / run_id / "metrics.json").read_text())


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_an_unwritable_output_folder_is_a_usage_error_naming_it(tasks: pytest.Pytester, workers: list[str]) -> None:
    (tasks.path / "blocked").write_text("a file where the output folder should be")
    result = tasks.runpytest_subprocess("tasks_open.py", "--ma-output", "blocked/reports", *workers)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--ma-output: cannot write the run folder*blocked/reports/*"])
    assert (tasks.path / "blocked").is_file()


def test_a_reused_run_id_without_resume_is_a_usage_error(tasks: pytest.Pytester) -> None:
    assert tasks.runpytest("tasks_open.py", "--ma-run-id", "nightly").ret == 0
    again = tasks.runpytest("tasks_open.py", "--ma-run-id", "nightly")
    assert again.ret == pytest.ExitCode.USAGE_ERROR
    again.stderr.fnmatch_lines(["*--ma-run-id nightly:*already holds a run; continue it with --ma-resume nightly*"])
    assert len(results(tasks, "nightly")) == 1


def test_a_full_disk_mid_run_names_the_file_stops_and_keeps_what_was_written(tasks: pytest.Pytester) -> None:
    tasks.makeconftest('''
import errno
from pytest_mobileagent.report.results import ResultsFile

_append = ResultsFile.append
calls = []

def full_after_two(self, record):
    calls.append(1)
    if len(calls) > 2:
        raise OSError(errno.ENOSPC, "No space left on device")
    _append(self, record)

ResultsFile.append = full_after_two
''')
    result = tasks.runpytest_subprocess("tasks_open.py", "--ma-instances", "5", "--ma-run-id", "full")
    result.stdout.fnmatch_lines(["*cannot write*full/results.jsonl: No space left on device; the session stops*"])
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed") == 2 and outcomes.get("failed") == 1, outcomes
    assert [r["outcome"] for r in results(tasks, "full")] == ["success", "success"]
    assert metrics(tasks, "full")["overall"]["episodes"] == 2


def test_sys_exit_in_an_agent_is_its_failure_and_the_run_goes_on(tasks: pytest.Pytester) -> None:
    result = tasks.runpytest("tasks_open.py", "--agent", "faulty:Exits", "--ma-instances", "3", "--ma-run-id", "x")
    result.assert_outcomes(failed=3)
    recorded = results(tasks, "x")
    assert [r["outcome"] for r in recorded] == ["failure"] * 3
    assert all("SystemExit" in r["agent_error"] and not r.get("infrastructure") for r in recorded)
    assert metrics(tasks, "x")["overall"]["episodes"] == 3 and metrics(tasks, "x")["overall"]["rate"] == 0.0


def test_an_agent_that_raises_after_reaching_the_goal_fails(tasks: pytest.Pytester) -> None:
    result = tasks.runpytest("tasks_open.py", "--agent", "faulty:RaisesAfterSuccess", "--ma-run-id", "r")
    result.assert_outcomes(failed=1)
    [record] = results(tasks, "r")
    assert record["state_success"] == 1.0 and record["success"] == 0.0 and "lost my way" in record["agent_error"]


def test_nothing_is_created_by_collect_only(tasks: pytest.Pytester) -> None:
    assert tasks.runpytest("tasks_open.py", "--collect-only", "--ma-output", "nowhere/yet").ret == 0
    assert not Path(tasks.path, "nowhere").exists()


KEY = "sk-canary-env-0123456789"
QUERY_TOKEN = "qtok-canary-5678"


def test_user_info_in_the_base_url_is_a_usage_error_that_hides_the_password(tasks: pytest.Pytester) -> None:
    result = tasks.runpytest_subprocess("tasks_open.py", "--agent", "t3a", "--ma-llm-base-url",
                                        "http://user:pa@ss-canary@127.0.0.1:9/v1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    shown = "\n".join(result.outlines + result.errlines)
    assert "--ma-llm-base-url" in shown and "user info" in shown
    assert "canary" not in shown and "ss-" not in shown


@pytest.mark.parametrize("workers", [[], ["-n", "2"]])
def test_a_key_the_model_echoes_reaches_no_output(tasks: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                  workers: list[str]) -> None:
    """The key and a token in the base URL's query, echoed by the model into its replies and answer (so into the
    failure message Allure captures), appear in no file of the run, Allure's folder, JUnit, the HTML report,
    the trace, the log file, nor on the terminal."""
    from pytest_mobileagent.llm.scripted import ScriptedServer

    actions = ['{"action_type": "open_app", "app_name": "Settings"}', '{"action_type": "navigate_home"}',
               '{"action_type": "answer", "text": "my header was %s and client_secret=' + KEY + '"}']

    def leaky(request: dict) -> str:
        said = server.authorizations[-1]  # "Bearer <key>", as the endpoint received it
        if "Action taken:" in request["messages"][-1]["content"]:
            return f"It worked. (I was called with Authorization: {said}, x-api-key: {KEY})"
        return f"Reason: {said}\nAction: " + (actions.pop(0) % said if "%s" in actions[0] else actions.pop(0))

    monkeypatch.setenv("MA_LLM_API_KEY", KEY)
    with ScriptedServer(default=leaky) as server:
        result = tasks.runpytest_subprocess(
            "tasks_open.py", "--agent", "t3a", "--ma-llm-base-url", f"{server.base_url}?token={QUERY_TOKEN}",
            "--ma-llm-model", "scripted-1", "--ma-run-id", "leak", "--ma-trajectories", "on", "-rA",
            "--html", "report.html", "--self-contained-html", "--junitxml", "junit.xml", "--alluredir", "allure",
            "--log-file", "run.log", "--log-file-level", "DEBUG", "-o", "log_cli=true", "--log-cli-level", "DEBUG",
            *workers)
    assert server.authorizations[0] == f"Bearer {KEY}"  # the key was sent as the key...
    assert all(path.endswith(f"/chat/completions?token={QUERY_TOKEN}") for path in server.paths)  # ...the query too
    assert result.parseoutcomes().get("failed") == 1  # ended by the answer, Settings closed: the agent's failure
    assert "Bearer ***" in result.stdout.str()  # the failure shows the answer, without the key
    written = [path for path in tasks.path.rglob("*") if path.is_file() and path.suffix != ".py"]
    assert {"allure", "reports"} <= {path.relative_to(tasks.path).parts[0] for path in written}
    assert any(path.name.endswith("-result.json") for path in written)
    log = (tasks.path / "run.log").read_text()
    assert "/chat/completions?token=***" in log  # the log names the request, without the token
    for text in [*(path.read_bytes() for path in written), "\n".join(result.outlines + result.errlines).encode()]:
        assert KEY.encode() not in text and QUERY_TOKEN.encode() not in text


def test_redaction_covers_each_shape_of_secret() -> None:
    from pytest_mobileagent.redaction import redact, register_secret

    register_secret("sk-registered-0123456789")
    assert redact("http://me:pw@host:8000/v1") == "http://***@host:8000/v1"
    assert redact("http://me:p@ss@w0rd@host:8000/v1") == "http://***@host:8000/v1"  # to the last @ before the host
    assert redact("adb://10.0.0.2:5037/emulator-5554?console_port=5554&token=abc123") == \
        "adb://10.0.0.2:5037/emulator-5554?console_port=5554&token=***"
    assert redact('{"Authorization": "Bearer abcdefghijkl"}') == '{"Authorization": "Bearer ***"}'
    assert redact("https://host/v1?api_key=XYZ&model=m") == "https://host/v1?api_key=***&model=m"
    assert redact("401: key sk-registered-0123456789 refused") == "401: key *** refused"
    assert redact("http://host:8000/v1 and jane@example.com") == "http://host:8000/v1 and jane@example.com"
    assert redact("https://b.s3.amazonaws.com/o?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F2026"
                  "&X-Amz-Security-Token=FwoG&X-Amz-Signature=abcdef") == \
        "https://b.s3.amazonaws.com/o?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=***" \
        "&X-Amz-Security-Token=***&X-Amz-Signature=***"
    assert redact("grant_type=refresh_token&client_secret=cs1&refresh_token=rt1") == \
        "grant_type=refresh_token&client_secret=***&refresh_token=***"
    assert redact('{"id_token": "eyJ0", "access_token":"at1", "prompt_tokens": 12, "password": false}') == \
        '{"id_token": "***", "access_token":"***", "prompt_tokens": 12, "password": false}'
    assert redact("x-api-key: k1\napi-key: k2\nOcp-Apim-Subscription-Key: k3\nAuthorization: Basic dXNlcjpw") == \
        "x-api-key: ***\napi-key: ***\nOcp-Apim-Subscription-Key: ***\nAuthorization: Basic ***"
    assert redact("https://x.azure.com/q?subscription-key=k4&sig=s1&key=AIza5") == \
        "https://x.azure.com/q?subscription-key=***&sig=***&key=***"
    assert redact("{'secret': 's3', 'password': 'hunter2'} token=t2") == \
        "{'secret': '***', 'password': '***'} token=***"
    assert redact('"{\\"api_key\\": \\"sk-inner\\"}"') == '"{\\"api_key\\": \\"***\\"}"'  # JSON in a JSON string
    # what only looks like a secret's place is left: UI trees' flags, a key name, token counts
    tree = '<node text="Wi-Fi" password="false" /> {"key": "enter"} {"completion_tokens": 3}'
    assert redact(tree) == tree


def test_model_logs_are_capped_per_episode(tmp_path: Path) -> None:
    from pytest_mobileagent.report.artifacts import save_model_log

    log = [{"request": {"messages": [{"content": "x" * 1000}]}, "n": i} for i in range(50)]
    save_model_log(tmp_path, "suite/Task[0]", log, max_bytes=5_000)
    [path] = (tmp_path / "llm").iterdir()
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert path.stat().st_size < 6_000 and lines[-1] == {"truncated": {"entries_dropped": 46, "max_bytes": 5000}}
    assert [entry["n"] for entry in lines[:-1]] == [0, 1, 2, 3]


def test_a_cut_off_model_response_is_the_endpoints_fault(tasks: pytest.Pytester) -> None:
    from pytest_mobileagent.llm.scripted import ScriptedServer

    with ScriptedServer(default={"truncate": 25}) as server:
        result = tasks.runpytest_subprocess(
            "tasks_open.py", "--agent", "t3a", "--ma-llm-base-url", server.base_url, "--ma-llm-model", "scripted-1",
            "--ma-llm-retries", "1", "--ma-infra-retries", "0", "--ma-run-id", "cut")
    assert result.parseoutcomes().get("errors") == 1
    [record] = results(tasks, "cut")
    assert record["outcome"] == "error" and record["infrastructure"] and "JSONDecodeError" in record["error"]
    assert metrics(tasks, "cut")["overall"]["episodes"] == 0  # excluded from the rate


def test_a_crashed_worker_is_an_infrastructure_error_of_its_item(tasks: pytest.Pytester) -> None:
    result = tasks.runpytest_subprocess("tasks_open.py", "--agent", "faulty:KillsItsProcess", "--ma-instances", "2",
                                        "-n", "1", "--ma-run-id", "crash")
    result.stdout.fnmatch_lines(["*worker 'gw0' crashed while running*"])
    recorded = results(tasks, "crash")
    assert len(recorded) == 2 and all(r["outcome"] == "error" and r["infrastructure"] for r in recorded)
    assert {r["instance"] for r in recorded} == {0, 1} and all("worker process died" in r["error"] for r in recorded)
    overall = metrics(tasks, "crash")["overall"]
    assert overall["episodes"] == 0 and overall["errors"] == 2


def test_an_agent_past_the_episode_limit_fails_on_its_own_time(tasks: pytest.Pytester) -> None:
    started = time.monotonic()
    result = tasks.runpytest_subprocess("tasks_open.py", "--agent", "faulty:Ponders", "--ma-episode-timeout", "2",
                                        "--ma-run-id", "ponder")
    assert time.monotonic() - started < 30  # not the agent's minute
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*timed out:   --ma-episode-timeout 2 s passed*"])
    [record] = results(tasks, "ponder")
    assert record["outcome"] == "failure" and record["terminated_by"] == "timeout"
    assert record["timed_out"]["cause"] == "agent" and record["timed_out"]["agent_s"] >= 1.5
    assert metrics(tasks, "ponder")["overall"]["episodes"] == 1  # the agent's failure counts in the rate


def test_an_endpoint_past_the_episode_limit_is_an_infrastructure_error(tasks: pytest.Pytester) -> None:
    from pytest_mobileagent.llm.scripted import ScriptedServer

    with ScriptedServer(default={"hang": 60}) as server:
        started = time.monotonic()
        result = tasks.runpytest_subprocess(
            "tasks_open.py", "--agent", "t3a", "--ma-llm-base-url", server.base_url, "--ma-llm-model", "scripted-1",
            "--ma-llm-timeout", "60", "--ma-episode-timeout", "2", "--ma-infra-retries", "0",
            "--ma-run-id", "slow-model")
        assert time.monotonic() - started < 30
    result.assert_outcomes(errors=1)
    [record] = results(tasks, "slow-model")
    assert record["outcome"] == "error" and record["infrastructure"]
    assert record["timed_out"]["cause"] == "endpoint" and "--ma-episode-timeout (2 s)" in record["error"]
    assert metrics(tasks, "slow-model")["overall"]["episodes"] == 0


def test_off_the_main_thread_the_limit_ends_the_episode_at_the_next_step() -> None:
    from mobileagent_sim import SimDevice
    from pytest_mobileagent.actions import Action
    from pytest_mobileagent.episode import EpisodeOptions, play
    from pytest_mobileagent.tasks.base import Task

    class OpenSettings(Task):
        template = "Open the Settings app."
        apps = ("settings",)

        def check(self, device, answer=None):
            return float(device.current_activity()[0] == "com.android.settings")

    class Slow:
        def reset(self, goal, context):
            pass

        def step(self, observation):
            time.sleep(0.4)
            return Action.key("home")

    task = OpenSettings()
    done: list = []
    with SimDevice() as device:
        thread = threading.Thread(target=lambda: done.append(play(device, task, Slow(), EpisodeOptions(timeout_s=1))))
        thread.start()
        thread.join(30)
    [result] = done
    assert result.terminated_by == "timeout" and 2 <= result.num_steps <= 4 < result.max_steps


def test_a_timer_set_before_the_episode_is_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import signal

    from pytest_mobileagent.deadline import Deadline

    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        signal.setitimer(signal.ITIMER_REAL, 5.0)  # as pytest-timeout's signal method arms it
        with Deadline(30).armed():
            time.sleep(0.1)
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 4.0 < remaining < 5.0 and signal.getsignal(signal.SIGALRM) is not None and not fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_an_earlier_timer_still_fires_on_time_inside_an_episode() -> None:
    import signal

    from pytest_mobileagent.deadline import Deadline

    class Outer(Exception):
        pass

    def outer(signum, frame):
        raise Outer

    previous = signal.signal(signal.SIGALRM, outer)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)  # shorter than the episode's limit: it must win
        started = time.monotonic()
        with pytest.raises(Outer), Deadline(30).armed():
            time.sleep(5)
        assert time.monotonic() - started < 2 and signal.getsignal(signal.SIGALRM) is outer
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_the_simulated_clock_moves_while_the_agent_thinks() -> None:
    from mobileagent_sim import SimDevice
    from pytest_mobileagent.actions import Action
    from pytest_mobileagent.episode import EpisodeOptions, play
    from pytest_mobileagent.tasks.base import Task

    class Home(Task):
        template = "Go home."

        def check(self, device, answer=None):
            return 0.0

    class Waits:
        def reset(self, goal, context):
            self.n = 0

        def step(self, observation):
            self.n += 1
            return Action.status("complete") if self.n == 3 else Action.key("home")

    with SimDevice() as device:
        before = device.now()
        play(device, Home(), Waits(), EpisodeOptions(think_time_s=120))
        thought = (device.now() - before).total_seconds()
    assert 360 <= thought < 400  # three steps of 120 s, and a second per key press


def test_a_slow_agent_misses_androidworlds_just_sent_window_as_on_a_phone() -> None:
    from mobileagent_sim import SimDevice
    from pytest_mobileagent.agents.builtin import OracleAgent
    from pytest_mobileagent.device.clock import DEFAULT_TIME
    from pytest_mobileagent.episode import EpisodeOptions, play
    from pytest_mobileagent.tasks.params import draw
    from tests.suite_tasks import all_tasks

    sms = next(cls for cls in all_tasks() if cls.__name__ == "SimpleSmsSend")
    params = draw(sms.parameters(), 1)
    with SimDevice() as device:
        device.set_time(DEFAULT_TIME)
        device.snapshot_save("clean")

        def reset(d):
            d.snapshot_load("clean")

        quick = play(device, sms(params), OracleAgent(), reset=reset)
        slow = play(device, sms(params), OracleAgent(), EpisodeOptions(think_time_s=400), reset=reset)
    assert quick.success == 1.0
    assert slow.success == 0.0  # sent, then 400 s to declare completion: older than the 5-minute window
