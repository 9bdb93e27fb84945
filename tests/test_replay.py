"""``--agent replay --ma-replay RUN``: each item plays its recorded episode again, on whatever device the run uses,
and the first step whose screen differs from the recording's is reported.

The fast tests record and replay a sample of the suites and the plugin's demo tasks; the sweep over every suite
(a recorded oracle run replays to the same verdicts, item for item) is marked ``compat``.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action, InvalidOutput
from pytest_mobileagent.agents.replay import RecordedAgent, recorded_output
from pytest_mobileagent.episode import new_result, play
from pytest_mobileagent.mutations import Replay
from pytest_mobileagent.tasks.base import Task

ROOT = Path(__file__).resolve().parents[1]
#: A few items of the suites, among them tasks whose parameters hold data classes (recipes), whose check reads what
#: setup kept (SMS replies) or the screen, and AndroidArena's and Mobile-Bench's trajectory metrics.
SAMPLE_FILES = ("suites/androidworld/tasks_recipe.py", "suites/androidworld/tasks_sms.py",
                "suites/androidarena/tasks_calendar.py", "suites/mobilebench/tasks_organizer.py",
                "suites/androidworld/tasks_retro.py", "suites/androidworld/tasks_expense.py",
                "suites/androidworld/tasks_browser.py")
SAMPLE = ("RecipeDeleteSingleRecipe or SimpleSmsReply or CalendarOpen or MobileBenchAddTodo or RetroPlayingQueue "
          "or ExpenseDeleteSingle or BrowserMaze")


def run_suites(out: Path, run_id: str, *options: str, select: str = SAMPLE) -> subprocess.CompletedProcess[str]:
    """``pytest`` over the sample (every suite when ``select`` is empty) into ``out/run_id``."""
    paths = SAMPLE_FILES if select else ("suites",)
    command = [sys.executable, "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider", "--ma-output", str(out),
               "--ma-run-id", run_id, *(["-k", select] if select else []), *options]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1800)


def records(run: Path) -> dict[str, dict]:
    lines = (run / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return {r["nodeid"]: r for r in map(json.loads, filter(None, lines))}


def compare_replay(tmp_path: Path, select: str) -> None:
    recorded = run_suites(tmp_path, "recorded", "--agent=oracle", select=select)
    assert (tmp_path / "recorded" / "results.jsonl").exists(), recorded.stdout[-3000:]
    replayed = run_suites(tmp_path, "replayed", "--agent=replay", "--ma-replay", str(tmp_path / "recorded"),
                          select=select)
    before, after = records(tmp_path / "recorded"), records(tmp_path / "replayed")
    assert before and set(after) == set(before), replayed.stdout[-3000:]
    differ = {node: (r["success"], after[node]["success"]) for node, r in before.items()
              if r["success"] != after[node]["success"]}
    assert not differ, differ
    for node, r in after.items():
        assert r["agent"] == "replay" and r["replay"]["recorded_agent"] == "oracle"
        assert r["replay"]["divergence"] is None, (node, r["replay"])
        assert r["metrics"] == before[node]["metrics"], node
        assert [s["action"] for s in r["steps"]] == [s["action"] for s in before[node]["steps"]], node
    assert f"{len(before)} items replayed from {tmp_path / 'recorded'}: {len(before)} with the recorded verdict, " \
           "0 with another; 0 saw a screen the recording did not" in replayed.stdout


def test_a_recorded_oracle_sample_replays_to_the_same_verdicts(tmp_path: Path) -> None:
    compare_replay(tmp_path, SAMPLE)


@pytest.mark.compat
def test_every_suite_item_replays_to_its_recorded_verdict(tmp_path: Path) -> None:
    compare_replay(tmp_path, "")


# -- the demo suite: a replay that goes another way ------------------------------------------------------------

TASKS = '''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task

class SearchDrawer(Task):
    template = "Open the app drawer and search for {query}."
    apps = ("launcher",)
    difficulty = "easy"
    complexity = 1

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"query": st.text("abcdefgh", min_size=3, max_size=8)})

    def check(self, device, answer=None):
        return 1.0 if f'text="{self.params["query"]}"' in device.hierarchy() else 0.0

    def oracle(self, ui):
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["query"], rid="search_container_all_apps")
        yield ui.complete()
'''


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.mkpydir("mysuites")
    pytester.path.joinpath("mysuites", "demo").mkdir()
    pytester.path.joinpath("mysuites", "demo", "__init__.py").write_text("")
    pytester.path.joinpath("mysuites", "demo", "tasks_demo.py").write_text(TASKS)
    return pytester


def demo_records(pytester: pytest.Pytester, run_id: str) -> list[dict]:
    path = pytester.path / "reports" / run_id / "results.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_the_first_step_whose_screen_differs_is_reported(suite: pytest.Pytester) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec").assert_outcomes(passed=1)
    path = suite.path / "reports" / "rec" / "results.jsonl"
    (record,) = demo_records(suite, "rec")
    record["steps"][1]["action"]["text"] = "zzz"  # the recording typed something else: step 2 shows other apps
    path.write_text(json.dumps(record) + "\n")
    result = suite.runpytest("mysuites", "--agent=replay", "--ma-replay", "reports/rec", "--ma-run-id", "again")
    result.assert_outcomes(failed=1)
    (replayed,) = demo_records(suite, "again")
    divergence = replayed["replay"]["divergence"]
    assert divergence["step"] == 2 and divergence["recorded_screen"] == record["steps"][2]["screen"]
    assert divergence["replayed_screen"] == replayed["steps"][2]["screen"] != divergence["recorded_screen"]
    result.stdout.fnmatch_lines(["*1 items replayed from reports/rec: 0 with the recorded verdict, 1 with another; "
                                 "1 saw a screen the recording did not*",
                                 "*verdict demo/SearchDrawer[[]0[]]: recorded 1, replayed 0*",
                                 "*screen demo/SearchDrawer[[]0[]]: differs from step 2*"])


def test_a_run_id_names_the_recorded_run_as_resume_takes_it(suite: pytest.Pytester) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec").assert_outcomes(passed=1)
    result = suite.runpytest("mysuites", "--agent=replay", "--ma-replay", "rec", "--ma-run-id", "again")
    result.assert_outcomes(passed=1)
    assert demo_records(suite, "again")[0]["replay"]["recorded_run"] == demo_records(suite, "rec")[0]["run_id"]


def test_an_item_without_recording_is_skipped_naming_it(suite: pytest.Pytester) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec").assert_outcomes(passed=1)
    result = suite.runpytest("mysuites", "--agent=replay", "--ma-replay", "reports/rec", "--ma-instances", "2",
                             "-rs")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*no recording of demo/SearchDrawer[[]1[]] in reports/rec/results.jsonl: it has "
                                 "no episode of this item*"])


def test_a_recording_of_other_parameters_is_an_error_naming_both(suite: pytest.Pytester) -> None:
    suite.runpytest("mysuites", "--agent=oracle", "--ma-run-id", "rec").assert_outcomes(passed=1)
    (record,) = demo_records(suite, "rec")
    result = suite.runpytest("mysuites", "--agent=replay", "--ma-replay", "reports/rec", "--ma-seed", "7")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*cannot replay demo/SearchDrawer[[]0[]]: the recording in reports/rec/"
                                 f"results.jsonl has another parameters: recorded {{'query': "
                                 f"'{record['params']['query']}'}}, this item {{'query': *"])


@pytest.mark.parametrize(("options", "message"), [
    (("--agent=replay",), "--agent replay needs --ma-replay RUN"),
    (("--agent=oracle", "--ma-replay", "reports/rec"), "--ma-replay plays a recorded run with --agent replay"),
    (("--agent=replay", "--ma-replay", "reports/none"), "--ma-replay reports/none: no such run, folder or file"),
    (("--agent=replay", "--ma-replay", "none"), "--ma-replay none: no such run, folder or file (give a run id"),
    (("--agent=replay", "--ma-replay", "mysuites"), "no results.jsonl in mysuites"),
])
def test_usage_errors_say_what_to_give(suite: pytest.Pytester, options: tuple[str, ...], message: str) -> None:
    (suite.path / "reports" / "rec").mkdir(parents=True)
    (suite.path / "reports" / "rec" / "results.jsonl").write_text("")
    result = suite.runpytest("mysuites", *options)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()


# -- the agent itself --------------------------------------------------------------------------------------------


class Scripted:
    """Returns what it is given, step by step: actions, invalid outputs, or anything else."""

    def __init__(self, outputs: list[object]):
        self.outputs = outputs

    def reset(self, goal: str, context: object) -> None:
        self._it = iter(self.outputs)

    def step(self, observation: object) -> object:
        return next(self._it)


class Home(Task):
    template = "Go home."
    apps = ("launcher",)
    difficulty = "easy"
    complexity = 1
    suite = "demo"

    def setup(self, device: SimDevice) -> None:
        device.start_app("com.android.settings")

    def check(self, device: SimDevice, answer: str | None = None) -> float:
        return 1.0 if device.current_activity()[0].endswith("launcher") else 0.0

    def oracle(self, ui: object):  # pragma: no cover - never played here
        yield Action.status("complete")


def test_recorded_invalid_steps_are_replayed_as_invalid_steps(phone: SimDevice) -> None:
    outputs = [InvalidOutput("format", "no JSON in the reply"), Action.click(index=999),
               {"not": "an action"}, InvalidOutput("action", "outside the action space"), Action.key("home"),
               Action.status("complete")]
    reset = lambda d: d.snapshot_load("clean")  # noqa: E731
    recorded = play(phone, Home({}), Scripted(outputs), reset=reset,
                    make_result=lambda: new_result(Home({}), "scripted"))
    agent = RecordedAgent()
    agent.load(recorded.to_json())
    replayed = play(phone, Home({}), agent, reset=reset, make_result=lambda: new_result(Home({}), "replay"))
    fields = ("invalid", "error", "action", "screen")
    assert [[getattr(s, f) for f in fields] for s in replayed.steps] == \
           [[getattr(s, f) for f in fields] for s in recorded.steps]
    assert [s.invalid for s in replayed.steps] == ["format", "action", None, "action", None, None]
    assert replayed.metrics == recorded.metrics and replayed.success == recorded.success == 1.0
    assert agent.divergence is None


def test_an_episode_the_recorded_agent_broke_off_ends_with_its_error(phone: SimDevice) -> None:
    class Broken(Scripted):
        def step(self, observation: object) -> object:
            if not self.outputs:
                raise RuntimeError("the model endpoint said no")
            return self.outputs.pop(0)

    recorded = play(phone, Home({}), Broken([Action.key("home")]), reset=lambda d: d.snapshot_load("clean"))
    assert recorded.terminated_by == "agent_error"
    agent = RecordedAgent()
    agent.load(recorded.to_json())
    replayed = play(phone, Home({}), agent, reset=lambda d: d.snapshot_load("clean"))
    assert replayed.terminated_by == "agent_error" and replayed.success == recorded.success == 0.0
    assert "the recorded agent failed at step 1" in replayed.agent_error
    assert "the model endpoint said no" in replayed.agent_error


def test_the_simulated_clock_moves_by_the_recorded_thinking_time(phone: SimDevice) -> None:
    recorded = play(phone, Home({}), Scripted([Action.key("home"), Action.status("complete")]),
                    reset=lambda d: d.snapshot_load("clean"))
    record = recorded.to_json()
    record["steps"][0]["agent_s"] = 120.0  # a model that thought for two minutes
    agent = RecordedAgent()
    agent.load(record)
    phone.snapshot_load("clean")
    start = phone.system.clock.now
    play(phone, Home({}), agent)
    assert phone.system.clock.now - start >= dt.timedelta(seconds=120)


def test_recorded_outputs_round_trip_through_the_record() -> None:
    actions = [Action.type("hello", index=2, clear=True), Action.dual_gesture((0.5, 0.5), (0.1, 0.5)),
               Action.api_call("open_settings", {}), Action.answer("42"), Action.scroll("down")]
    for action in actions:
        step = json.loads(json.dumps({"action": action.to_dict()}))
        assert recorded_output(step) == action
    assert isinstance(Replay([]).step(None), Action)  # the mutation proofs' replay ends by completing


@pytest.mark.compat  # over the wire: CI's long stage
def test_a_recording_replays_on_a_phone_behind_adb(tmp_path: Path) -> None:
    """The same recording, played through the real-device backend (adbutils and uiautomator2 against the
    simulator's adb server): the same verdicts; such a run keeps no final states, and ma-rescore says to replay."""
    from mobileagent_sim.testing import serve
    from pytest_mobileagent.report import rescore

    select = "RecipeDeleteSingleRecipe or SimpleSmsReply or CalendarOpen"
    run_suites(tmp_path, "recorded", "--agent=oracle", select=select)
    with SimDevice(serial="emulator-5554") as a, serve(a) as server:
        replayed = run_suites(tmp_path, "wire", "--agent=replay", "--ma-replay", str(tmp_path / "recorded"),
                              "--ma-device", server.device_spec(a.serial), select=select)
    before, after = records(tmp_path / "recorded"), records(tmp_path / "wire")
    assert before and {n: r["success"] for n, r in after.items()} == {n: r["success"] for n, r in before.items()}, \
        replayed.stdout[-3000:]
    assert not (tmp_path / "wire" / "final_states").exists()
    with pytest.raises(SystemExit) as stopped:
        rescore.main([str(tmp_path / "wire"), "--rootdir", str(ROOT)])
    assert stopped.value.code == 2


def test_a_changed_step_budget_is_reported(phone: SimDevice) -> None:
    recorded = play(phone, Home({}), Scripted([Action.key("home"), Action.status("complete")]),
                    reset=lambda d: d.snapshot_load("clean"))
    record = recorded.to_json()
    record["max_steps"] = 30
    agent = RecordedAgent()
    agent.load(record)
    play(phone, Home({}), agent, reset=lambda d: d.snapshot_load("clean"))
    assert agent.summary()["max_steps"] == {"recorded": 30, "replayed": Home({}).max_steps}


def test_resume_keeps_the_episodes_of_tasks_that_complete_their_parameters(tmp_path: Path) -> None:
    """The recording's parameters are the task's as its record writes them (completed by the task, data classes as
    dicts): resuming matches on those too, instead of running such items again."""
    select = "RetroPlayingQueue or RecipeDeleteSingleRecipe"
    run_suites(tmp_path, "first", "--agent=oracle", select=select)
    lines = (tmp_path / "first" / "results.jsonl").read_text().splitlines()
    resumed = run_suites(tmp_path, "ignored", "--agent=oracle", "--ma-resume", str(tmp_path / "first"),
                         select=select)
    assert (tmp_path / "first" / "results.jsonl").read_text().splitlines() == lines, resumed.stdout[-2000:]
