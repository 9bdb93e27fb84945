"""Plugin behaviour, through real pytest runs (pytester) on small task modules that use the launcher only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TASKS = '''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task

class SearchDrawer(Task):
    template = "Open the app drawer and search for {query}."
    apps = ("launcher",)
    difficulty = "easy"
    tags = ("data_entry",)
    complexity = 1

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"query": st.text("abcdefgh", min_size=3, max_size=8)})

    def check(self, device, answer=None):
        # a screen task: the drawer's search field shows the query
        return 1.0 if f'text="{self.params["query"]}"' in device.hierarchy() else 0.0

    def oracle(self, ui):
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["query"], rid="search_container_all_apps")
        yield ui.complete()


class ClipboardNote(Task):
    template = "Put '{text}' on the clipboard."
    apps = ("system",)
    difficulty = "medium"
    complexity = 1.5

    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"text": st.sampled_from(["alpha", "beta", "gamma"])})

    def check(self, device, answer=None):
        return 1.0 if device.clipboard_get() == self.params["text"] else 0.0

    def oracle(self, ui):
        yield ui.swipe(540, 1500, 540, 500)
        yield ui.type(self.params["text"], rid="search_container_all_apps")
        yield ui.long_press(rid="search_container_all_apps")
        yield ui.click(text="Copy")
        yield ui.complete()
'''


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.mkpydir("mysuites")
    pytester.path.joinpath("mysuites", "demo").mkdir()
    pytester.path.joinpath("mysuites", "demo", "__init__.py").write_text("")
    pytester.path.joinpath("mysuites", "demo", "tasks_demo.py").write_text(TASKS)
    return pytester


def records(pytester: pytest.Pytester) -> list[dict]:
    (path,) = pytester.path.joinpath("reports").glob("*/results.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_collect_only_lists_task_ids(suite: pytest.Pytester) -> None:
    result = suite.runpytest("mysuites", "--collect-only", "-q", "--ma-instances", "2")
    result.stdout.fnmatch_lines([
        "mysuites/demo/tasks_demo.py::SearchDrawer[[]0]",
        "mysuites/demo/tasks_demo.py::SearchDrawer[[]1]",
        "mysuites/demo/tasks_demo.py::ClipboardNote[[]0]",
        "mysuites/demo/tasks_demo.py::ClipboardNote[[]1]",
    ])


def test_task_modules_collect_whatever_python_functions_says(suite: pytest.Pytester) -> None:
    suite.makeini("[pytest]\npython_functions = check_*\n")
    result = suite.runpytest("mysuites", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["mysuites/demo/tasks_demo.py::SearchDrawer[[]0]", "*2 tests collected*"])


def test_oracle_passes_and_writes_results(suite: pytest.Pytester) -> None:
    result = suite.runpytest("mysuites", "--agent=oracle", "--ma-instances", "2", "--ma-run-id", "r1")
    result.assert_outcomes(passed=4)
    # one line per group member, a group's label on its first line; difficulties easy to hard
    result.stdout.fnmatch_lines(["*mobile-agent success rate*", "*overall*100.0%*[[] 51.0, 100.0]*4/4*",
                                 "*suite*demo*100.0%*4/4*", "*app*launcher*100.0%*2/2*", "*system*100.0%*2/2*",
                                 "*difficulty*easy*100.0%*[[] 34.2, 100.0]*2/2*", "*medium*100.0%*2/2*",
                                 "*tag*data_entry*100.0%*2/2*", "*device*Pixel 6*100.0%*4/4*"])
    recs = records(suite)
    assert len(recs) == 4 and {r["outcome"] for r in recs} == {"success"}
    assert all(r["self_reported"] == "complete" and r["run_id"] == "r1" for r in recs)
    metrics = json.loads(suite.path.joinpath("reports", "r1", "metrics.json").read_text())
    assert metrics["overall"]["rate"] == 1.0 and set(metrics["per_app"]) == {"launcher", "system"}


def test_noop_fails_every_item_without_errors(suite: pytest.Pytester) -> None:
    result = suite.runpytest("mysuites", "--agent=noop", "--ma-instances", "2")
    result.assert_outcomes(failed=4, errors=0)
    result.stdout.fnmatch_lines(["*not achieved: success 0.00 < 1.00*", "*goal:*", "*last actions:*", "*wait*"])


def test_markers_and_keywords_select_tasks(suite: pytest.Pytester) -> None:
    result = suite.runpytest("mysuites", "-m", "app_launcher and difficulty_easy", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["*SearchDrawer[[]0]*", "1/2 tests collected (1 deselected)*"])
    result = suite.runpytest("mysuites", "-m", "tag_data_entry or suite_demo", "--collect-only", "-q",
                             "--strict-markers")
    result.stdout.fnmatch_lines(["2 tests collected*"])
    result = suite.runpytest("mysuites", "-k", "Clipboard", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["*ClipboardNote[[]0]*", "1/2 tests collected (1 deselected)*"])


def test_unknown_agent_is_a_usage_error(suite: pytest.Pytester) -> None:
    result = suite.runpytest("mysuites", "--agent=nonsense")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown agent 'nonsense'; available agents: arena, arena-explore, arena-reflexion, "
                                "bmoca, m3a, mobilebench, noop, oracle, random, replay, seeact, t3a*"])


def test_agent_by_module_and_class(suite: pytest.Pytester) -> None:
    suite.makepyfile(myagent='''
from pytest_mobileagent.actions import Action
class Quitter:
    def reset(self, goal, context): pass
    def step(self, obs): return Action.status("infeasible")
''')
    result = suite.runpytest_subprocess("mysuites", "--agent=myagent:Quitter", "-k", "SearchDrawer")
    result.assert_outcomes(failed=1)
    assert records(suite)[0]["self_reported"] == "infeasible"


def test_malformed_task_fails_collection_naming_file_and_problem(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_bad='''
from hypothesis import strategies as st
from pytest_mobileagent.tasks.base import Task
class Broken(Task):
    template = "Send {message} to {person}."
    @classmethod
    def parameters(cls):
        return st.fixed_dictionaries({"message": st.just("hi")})
    def check(self, device, answer=None): return 0.0
    def oracle(self, ui): yield ui.complete()
''')
    result = pytester.runpytest("tasks_bad.py")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*tasks_bad.py: task Broken: template uses {person} but parameters() does not "
                                 "provide it*"])


def test_task_without_check_fails_collection(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_bad='''
from pytest_mobileagent.tasks.base import Task
class NoCheck(Task):
    template = "Do something."
    difficulty = "trivial"
''')
    result = pytester.runpytest("tasks_bad.py")
    result.stdout.fnmatch_lines(["*tasks_bad.py: task NoCheck difficulty 'trivial' is not one of easy, medium, "
                                 "hard; does not implement check(); does not implement oracle()*"])


def test_goal_already_holding_is_an_error_and_teardown_runs(pytester: pytest.Pytester, tmp_path: Path) -> None:
    marker = tmp_path / "torn-down"
    pytester.makepyfile(tasks_trivial=f'''
from pathlib import Path
from pytest_mobileagent.tasks.base import Task
class AlreadyDone(Task):
    template = "Be on the home screen."
    def check(self, device, answer=None): return 1.0
    def teardown(self, device): Path({str(marker)!r}).write_text("yes")
    def oracle(self, ui): yield ui.complete()
''')
    result = pytester.runpytest("tasks_trivial.py")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*the goal already holds after setup, before the agent acted*"])
    assert marker.read_text() == "yes"
    assert records(pytester)[0]["outcome"] == "error"


def test_a_goal_met_off_screen_is_caught_by_the_state_the_task_names(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_offscreen='''
from pytest_mobileagent.tasks.base import Task
class ShowsRunning(Task):
    template = "Start it."
    def setup(self, device): device.settings_put("global", "ma_probe_running", "1")
    def check(self, device, answer=None): return 0.0  # reads a screen that is not in front yet
    def goal_in_state(self, device):
        return 1.0 if device.settings_get("global", "ma_probe_running") == "1" else 0.0
    def oracle(self, ui): yield ui.complete()
''')
    result = pytester.runpytest("tasks_offscreen.py")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*the goal already holds after setup*"])


def test_metrics_report_what_declaring_completion_at_once_scores(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(tasks_floor='''
from pytest_mobileagent.tasks.base import Task
class Verify(Task):
    template = "Check the home screen is shown, then say so."
    requires_completion = True
    def check(self, device, answer=None): return 1.0
    def oracle(self, ui): yield ui.complete()
class Copy(Task):
    template = "Copy hello."
    def check(self, device, answer=None): return 1.0 if device.clipboard_get() == "hello" else 0.0
    def oracle(self, ui): yield ui.complete()
''')
    result = pytester.runpytest("tasks_floor.py", "--agent=noop", "--ma-run-id", "floor")
    result.stdout.fnmatch_lines(["*trivial floor 50.0%*(1 of 2 items start with their goal holding)*"])
    body = json.loads(pytester.path.joinpath("reports", "floor", "metrics.json").read_text())
    assert body["trivial_floor"] == {"rate": 0.5, "episodes": 2, "passing": 1}
    assert sorted(r["trivial_success"] for r in records(pytester)) == [0.0, 1.0]


def test_agent_exception_is_a_failure_and_teardown_still_runs(suite: pytest.Pytester, tmp_path: Path) -> None:
    marker = tmp_path / "torn-down"
    suite.makepyfile(crash='''
from pathlib import Path
from pytest_mobileagent.tasks.base import Task
class Crasher:
    def reset(self, goal, context): pass
    def step(self, obs): raise RuntimeError("model exploded")
''')
    suite.path.joinpath("mysuites", "demo", "tasks_demo.py").write_text(
        TASKS + f"\n\nSearchDrawer.teardown = lambda self, device: Path({str(marker)!r}).write_text('yes')\n"
        "from pathlib import Path\n")
    result = suite.runpytest_subprocess("mysuites", "--agent=crash:Crasher", "-k", "SearchDrawer")
    result.assert_outcomes(failed=1, errors=0)
    result.stdout.fnmatch_lines(["*agent raised:*", "*RuntimeError: model exploded*"])
    assert marker.read_text() == "yes"
    assert records(suite)[0]["terminated_by"] == "agent_error"


def test_device_errors_are_errors_not_failures(suite: pytest.Pytester) -> None:
    suite.makeconftest('''
import pytest
from pytest_mobileagent.device.base import DeviceError

class Flaky:
    calls = 0
    def reset(self, goal, context): pass
    def step(self, obs):
        raise DeviceError("adb: device offline")

@pytest.fixture(scope="session")
def ma_agent():
    return Flaky()
''')
    result = suite.runpytest("mysuites", "-k", "SearchDrawer", "--ma-infra-retries", "2")
    result.assert_outcomes(errors=1, failed=0)
    result.stdout.fnmatch_lines(["*DeviceError: adb: device offline*", "*(1 errors)*"])


def test_require_complete_zeroes_success_without_declaration(suite: pytest.Pytester) -> None:
    suite.makepyfile(silent='''
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.actions import Action
class Silent(OracleAgent):
    def step(self, obs):
        action = super().step(obs)
        return Action.wait() if action.kind == "status" else action
''')
    args = ("mysuites", "--agent=silent:Silent", "-k", "SearchDrawer", "-p", "no:cacheprovider")
    suite.runpytest_subprocess(*args, "--ma-run-id", "lenient").assert_outcomes(passed=1)
    strict = suite.runpytest_subprocess(*args, "--ma-run-id", "strict", "--ma-require-complete")
    strict.assert_outcomes(failed=1)
    strict.stdout.fnmatch_lines(["*state check: 1.00 (zeroed: the agent did not declare completion*"])
    rec = json.loads(suite.path.joinpath("reports", "strict", "results.jsonl").read_text())
    assert rec["state_success"] == 1.0 and rec["success"] == 0.0


def test_parameters_are_deterministic_and_follow_the_seed(suite: pytest.Pytester) -> None:
    def goals(*args: str) -> list[str]:
        out = suite.runpytest("mysuites", "--collect-only", "-q", "--ma-instances", "3", "-p", "no:cacheprovider",
                              "-k", "SearchDrawer", *args)
        assert out.ret == 0
        from pytest_mobileagent.tasks.params import draw, instance_seed  # noqa: F401  (same machinery)

        return [line for line in out.outlines if "SearchDrawer[" in line]

    assert goals() == goals()
    suite.runpytest("mysuites", "--ma-instances", "3", "-k", "SearchDrawer", "--ma-run-id", "a", "--ma-seed", "1")
    suite.runpytest("mysuites", "--ma-instances", "3", "-k", "SearchDrawer", "--ma-run-id", "b", "--ma-seed", "1")
    suite.runpytest("mysuites", "--ma-instances", "3", "-k", "SearchDrawer", "--ma-run-id", "c", "--ma-seed", "2")

    def params(run: str) -> list[dict]:
        lines = suite.path.joinpath("reports", run, "results.jsonl").read_text().splitlines()
        return sorted((json.loads(x)["instance"], json.loads(x)["params"]["query"]) for x in lines)

    assert params("a") == params("b")
    assert params("a") != params("c")


def test_xdist_gives_identical_collection_and_outcomes(suite: pytest.Pytester) -> None:
    serial = suite.runpytest("mysuites", "--agent=oracle", "--ma-instances", "3", "--ma-run-id", "one")
    parallel = suite.runpytest_subprocess("mysuites", "--agent=oracle", "--ma-instances", "3", "-n", "2",
                                          "--ma-run-id", "two")
    serial.assert_outcomes(passed=6)
    parallel.assert_outcomes(passed=6)
    parallel.stdout.fnmatch_lines(["*overall*100.0%*6/6*"])

    def by_item(run: str) -> dict:
        lines = suite.path.joinpath("reports", run, "results.jsonl").read_text().splitlines()
        return {(r["task"], r["instance"]): (r["outcome"], r["params"]) for r in map(json.loads, lines)}

    assert by_item("one") == by_item("two")


def test_html_and_allure_reports(suite: pytest.Pytester) -> None:
    result = suite.runpytest_subprocess(
        "mysuites", "--agent=noop", "-k", "SearchDrawer", "--html=report.html", "--self-contained-html",
        "--alluredir=allure", "--ma-run-id", "rep")
    result.assert_outcomes(failed=1)
    html = suite.path.joinpath("report.html").read_text()
    assert "Success" in html and "0.00" in html and "not achieved" in html
    assert '<title id="head-title">demo \u00b7 agent noop \u00b7 run rep</title>' in html
    assert list(suite.path.joinpath("allure").glob("*-result.json"))
    env = suite.path.joinpath("allure", "environment.properties").read_text().splitlines()
    assert "agent=noop" in env and "device=sim" in env and "run_id=rep" in env and "success_rate=0.0000" in env
    assert not [line for line in env if line.startswith(("model=", "base_url=", "judge_model="))]  # no model ran
    shots = list(suite.path.joinpath("reports", "rep", "trajectories").glob("*/final.png"))
    assert shots and shots[0].read_bytes().startswith(b"\x89PNG")


def test_every_step_is_kept_with_trajectories_on(suite: pytest.Pytester) -> None:
    result = suite.runpytest("mysuites", "-k", "SearchDrawer", "--ma-screenshots", "all", "--ma-trajectories", "on",
                             "--ma-run-id", "traj")
    result.assert_outcomes(passed=1)
    (folder,) = suite.path.joinpath("reports", "traj", "trajectories").iterdir()
    names = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert names == ["final.png", "final.xml", "index.html", "screens/000.webp", "screens/001.webp",
                     "screens/002.webp", "steps/000.js", "steps/001.js", "steps/002.js", "trace.js", "trace.json"]


def test_interrupted_run_resumes_where_it_stopped(suite: pytest.Pytester) -> None:
    first = suite.runpytest("mysuites", "--ma-instances", "2", "-k", "SearchDrawer", "--ma-run-id", "long")
    first.assert_outcomes(passed=2)
    results = suite.path.joinpath("reports", "long", "results.jsonl")
    lines = results.read_text().splitlines()
    results.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])  # killed while writing the second line
    resumed = suite.runpytest("mysuites", "--ma-instances", "2", "-k", "SearchDrawer", "--ma-resume", "long")
    resumed.assert_outcomes(passed=2)
    resumed.stdout.fnmatch_lines(["*overall*100.0%*2/2*"])
    recs = [json.loads(x) for x in results.read_text().splitlines()[2:] if x]
    assert [(r["task"], r["instance"]) for r in recs] == [("SearchDrawer", 1)]  # only the lost episode ran again


def _metrics(pytester: pytest.Pytester, run_id: str) -> dict:
    body = json.loads(pytester.path.joinpath("reports", run_id, "metrics.json").read_text())
    body.pop("run_id")
    return body


def test_a_resumed_run_reports_what_an_uninterrupted_one_does(suite: pytest.Pytester) -> None:
    args = ("mysuites", "--ma-instances", "2", "--agent", "random")
    suite.runpytest(*args, "--ma-run-id", "whole")
    suite.runpytest(*args, "-k", "SearchDrawer", "--ma-run-id", "cut")  # interrupted after one task's items
    suite.runpytest(*args, "--ma-resume", "reports/cut", "-n", "2")  # the folder, as the summary prints it
    assert _metrics(suite, "cut") == _metrics(suite, "whole")


def test_ma_merge_combines_shards_into_one_run(suite: pytest.Pytester) -> None:
    from pytest_mobileagent.report.merge import main

    args = ("mysuites", "--ma-instances", "3", "--agent", "random")
    suite.runpytest(*args, "--ma-run-id", "whole")
    suite.runpytest(*args, "--ma-shard", "1/2")
    suite.runpytest(*args, "--ma-shard", "2/2", "-n", "2")  # xdist workers keep the same shard
    reports = suite.path / "reports"
    shards = sorted(reports.glob("*-shard-*-of-2"), key=lambda p: p.name[-len("shard-1-of-2"):])
    assert [p.name[-len("shard-1-of-2"):] for p in shards] == ["shard-1-of-2", "shard-2-of-2"]
    episodes = [{json.loads(line)["nodeid"] for line in (p / "results.jsonl").read_text().splitlines()}
                for p in shards]
    assert episodes[0] and episodes[1] and not episodes[0] & episodes[1]  # disjoint, neither empty
    assert main([*(str(p) for p in shards), "--out", str(reports / "merged")]) == 0
    assert _metrics(suite, "merged") == _metrics(suite, "whole")
    assert len((reports / "merged" / "results.jsonl").read_text().splitlines()) == 6
    page = (reports / "merged" / "summary.html").read_text()
    assert "success by app" in page and "<svg" in page
