"""Reports a reviewer reads: one small suite under -n 2 with pytest-html, Allure and trajectories, checked
against the same run without -n, the HTML report and its trajectory pages opened in headless Chromium with
hostile UI text and agent output, and Allure's environment naming a model only when the run used one."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from lxml import html as lxml_html

from pytest_mobileagent.llm.scripted import ScriptedServer
from pytest_mobileagent.report.trace import load_trace
from tests.pytester_tasks import OPEN_SETTINGS

TASKS = OPEN_SETTINGS + '''
HOSTILE = "<img src=x onerror=\\"document.title='pwned'\\">"


class NameTheAnswer(Task):
    template = "What is six times seven? " + HOSTILE
    apps = ("launcher",)
    difficulty = "medium"
    answer_required = True

    def check(self, device, answer=None):
        return 1.0 if (answer or "").strip() == "42" else 0.0

    def oracle(self, ui):
        yield ui.answer("42")


class Hostile:
    """Solves OpenSettings; answers the question with markup after typing a script."""

    def reset(self, goal, context):
        self.goal, self.n = goal, 0

    def step(self, observation):
        self.n += 1
        if self.goal.startswith("Open"):
            return Action.open_app("Settings") if self.n == 1 else Action.status("complete")
        if self.n == 1:
            return Action.type("<script>document.title='pwned'</script>")
        return Action.answer(HOSTILE)
'''


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(tasks_review=TASKS)
    pytester.syspathinsert()
    return pytester


def rendered(report: Path) -> lxml_html.HtmlElement:
    """The report's DOM after its scripts ran in headless Chromium."""
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                          "--dump-dom", report.as_uri()], capture_output=True, text=True, timeout=120).stdout
    return lxml_html.fromstring(dom)


def result_rows(tree: lxml_html.HtmlElement) -> list[lxml_html.HtmlElement]:
    return tree.xpath("//table[@id='results-table']/tbody[not(contains(@class, 'template'))]")


def metrics_of(pytester: pytest.Pytester, run_id: str) -> dict:
    return json.loads(Path(pytester.path, "reports", run_id, "metrics.json").read_text())


def report_extras(report: Path) -> dict[str, list[dict[str, Any]]]:
    """Each test's extras as pytest-html stored them in the report's data blob (no browser needed)."""
    blob = json.loads(lxml_html.parse(str(report)).xpath("//*[@data-jsonblob]")[0].get("data-jsonblob"))
    return {test: [e for run in runs for e in run["extras"]] for test, runs in blob["tests"].items()}


def linked_page(report: Path, extras: list[dict[str, Any]]) -> Path:
    """The one trajectory page a row links to, resolved against the report's folder as a browser does."""
    (link,) = [e for e in extras if e["format_type"] == "url"]
    assert link["name"] == "trajectory"
    page = (report.parent / unquote(link["content"])).resolve()
    assert page.is_file(), page
    return page


def step_screens(page: Path) -> list[Path]:
    """Each step's screen in the trace whose viewer ``page`` is."""
    return [page.parent / s["screenshot"] for s in load_trace(page.parent)["steps"]]


def test_parallel_run_reports_the_same_numbers_in_every_format(suite: pytest.Pytester) -> None:
    common = ["tasks_review.py", "--agent", "tasks_review:Hostile", "--ma-instances", "2", "--ma-trajectories", "on"]
    serial = suite.runpytest_subprocess(*common, "--ma-run-id", "serial")
    serial.assert_outcomes(passed=2, failed=2)
    run = suite.runpytest_subprocess(*common, "-n", "2", "--ma-run-id", "par", "--ma-serials",
                                     "sim:a,sim:b?dark_mode=on&density=320", "--html", "report.html",
                                     "--alluredir", "allure", "--junitxml", "junit.xml")
    run.assert_outcomes(passed=2, failed=2)
    run.stdout.fnmatch_lines(["*mobile-agent success rate*", "*overall*50.0%*2/4*",
                              "*device*Pixel 6 1080x2400 320dpi en-US dark*",
                              "*Pixel 6 1080x2400 420dpi en-US light*"])

    parallel, alone = metrics_of(suite, "par"), metrics_of(suite, "serial")
    assert len(parallel.pop("per_device_config")) == 2 and len(alone.pop("per_device_config")) == 1
    assert {k: v for k, v in parallel.items() if k != "run_id"} == {k: v for k, v in alone.items() if k != "run_id"}

    # one link per row to the item's trajectory page, which shows every step's screen; the report itself holds
    # no step screens, only the final screen of each failed item
    report = suite.path / "report.html"
    extras = report_extras(report)
    assert len(extras) == 4
    for test, items in extras.items():
        page = linked_page(report, items)
        assert page.parent.parent == suite.path / "reports" / "par" / "trajectories"
        lines = (suite.path / "reports" / "par" / "results.jsonl").read_text().splitlines()
        record = next(r for r in map(json.loads, lines) if r["nodeid"] == test)
        screens = step_screens(page)
        assert len(screens) == record["num_steps"] == 2
        assert all(screen.read_bytes()[8:12] == b"WEBP" for screen in screens)
    assert len(list(suite.path.joinpath("assets").glob("*.png"))) == 2
    page = report.read_text()
    assert "data:image/png;base64" not in page and "success by app" in page and "<svg" in page
    if shutil.which("chromium"):
        tree = rendered(report)
        (suite_name,) = parallel["per_suite"]  # the suite, the run's agent and id name the report
        title = f"{suite_name} \u00b7 agent tasks_review:Hostile \u00b7 run par"
        assert tree.findtext(".//title") == tree.findtext(".//h1[@id='title']") == title
        rows = result_rows(tree)
        assert len(rows) == 4
        assert all(r.xpath(".//td[@class='col-ma_metrics'][contains(., 'invalid_format=0.00')]") for r in rows)
        assert all(len(r.xpath(".//td[@class='col-links']/a")) == 1 for r in rows)
        failed = [r for r in rows if "failed" in r.get("class")]
        assert len(failed) == 2 and all(r.xpath(".//img[starts-with(@src, 'assets/')]") for r in failed)

    results = [json.loads(p.read_text()) for p in suite.path.joinpath("allure").glob("*-result.json")]
    assert len(results) == 4
    answer = next(r for r in results if r["name"].startswith("NameTheAnswer"))
    labels = {(label["name"], label["value"]) for label in answer["labels"]}
    assert ("severity", "normal") in labels and ("story", "NameTheAnswer") in labels
    assert [s["name"] for s in answer["steps"]] == ["00 input_text", "01 answer"]
    assert {a["name"] for a in answer["steps"][0]["attachments"]} == {"screen", "UI tree", "action"}
    (trace_link,) = [link for link in answer["links"] if link["name"] == "trace"]  # the trace viewer, on this machine
    assert trace_link["url"].startswith("file://") and trace_link["url"].endswith("/index.html")
    excluded = {p["name"] for p in answer["parameters"] if p.get("excluded")}
    assert {"device", "worker", "agent"} <= excluded
    env = suite.path.joinpath("allure", "environment.properties").read_text()
    assert "agent=tasks_review:Hostile" in env and "seed=" in env and "plugin_version=" in env
    categories = json.loads(suite.path.joinpath("allure", "categories.json").read_text())
    assert [c["name"] for c in categories][:5] == ["Infrastructure error", "Constraint violated", "Wrong answer",
                                                   "False completion", "Step limit reached"]
    junit = suite.path.joinpath("junit.xml").read_text()
    assert 'name="ma_success"' in junit and 'name="ma_repeated_actions"' in junit


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium (.ci/run installs it)")
def test_the_html_report_renders_hostile_text_as_text(suite: pytest.Pytester) -> None:
    # a report in its own folder: the self-contained report links to the run folder beside it
    run = suite.runpytest_subprocess("tasks_review.py", "--agent", "tasks_review:Hostile", "--ma-trajectories",
                                     "failed", "--html", "html/report.html", "--self-contained-html",
                                     "--ma-run-id", "hostile")
    run.assert_outcomes(passed=1, failed=1)
    report = suite.path / "html" / "report.html"
    tree = rendered(report)
    (suite_name,) = metrics_of(suite, "hostile")["per_suite"]
    title = f"{suite_name} \u00b7 agent tasks_review:Hostile \u00b7 run hostile"
    assert tree.findtext(".//title") == title and tree.findtext(".//h1[@id='title']") == title  # no handler ran
    assert not tree.xpath("//img[@src='x']") and not tree.xpath("//script[contains(., 'pwned')]")
    headers = [th.text_content().strip() for th in tree.xpath("//table[@id='results-table']//th")]
    assert {"Success", "Steps", "Metrics"} <= set(headers)
    rows = result_rows(tree)
    assert sorted(row.get("class").split()[-1] for row in rows) == ["failed", "passed"]
    failed = next(row for row in rows if "failed" in row.get("class"))
    assert "invalid_format=0.00" in failed.text_content() and failed.xpath(".//img[starts-with(@src, 'data:')]")
    text = tree.text_content()
    assert "<script>document.title='pwned'</script>" in text  # the typed text, shown as text
    assert "success by difficulty" in text and "repeated_actions" in text
    extras = report_extras(report)
    assert [e["format_type"] for e in extras["tasks_review.py::OpenSettings[0]"]] == ["html"]  # passed: no trajectory
    answer = extras["tasks_review.py::NameTheAnswer[0]"]
    assert [(e["format_type"], e["name"]) for e in answer[1:]] == [("url", "trajectory"), ("image", "final screen")]
    (href,) = failed.xpath(".//td[@class='col-links']/a/@href")
    assert href.startswith("../reports/hostile/trajectories/")

    page = rendered(linked_page(report, answer))  # the trace viewer, after its script ran
    assert page.findtext(".//title") == "NameTheAnswer[0] trace"  # no handler ran on the page either
    assert not page.xpath("//img[@src='x']") and not page.xpath("//script[contains(., 'pwned')]")
    assert page.xpath("//body/@data-state") == ["ready"] and page.xpath("//body/@data-step") == ["0"]
    action = page.xpath("//div[@id='step-body']//td")[0].text_content()
    assert json.loads(action) == {"action_type": "input_text", "text": "<script>document.title='pwned'</script>"}
    assert page.xpath("//div[@id='screen']/img[@src='screens/000.webp']")
    assert "What is six times seven? <img src=x" in page.text_content()  # the goal, shown as text
    assert page.xpath("//div[@id='check']//img[@src='final.png']")


def model_reply(request: dict[str, Any]) -> str:
    """A model that opens Settings, then declares completion (and summarises a step in prose)."""
    content = request["messages"][-1]["content"]
    text = content if isinstance(content, str) else " ".join(p.get("text", "") for p in content)
    if "Action taken:" in text:
        return "Settings opened."
    if "Current app: com.android.settings" in text:
        return 'Reason: done.\nAction: {"action_type": "status", "goal_status": "complete"}'
    return 'Reason: open it.\nAction: {"action_type": "open_app", "app_name": "Settings"}'


def environment(pytester: pytest.Pytester) -> dict[str, str]:
    lines = pytester.path.joinpath("allure", "environment.properties").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines)


def test_allure_environment_names_a_model_only_when_the_run_used_one(pytester: pytest.Pytester,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyfile(tasks_env=OPEN_SETTINGS)
    oracle = pytester.runpytest_subprocess("tasks_env.py", "--alluredir", "allure", "--ma-run-id", "plain")
    oracle.assert_outcomes(passed=1)
    env = environment(pytester)
    assert set(env) == {"agent", "device", "seed", "instances", "run_id", "plugin_version", "success_rate"}
    assert env["agent"] == "oracle" and env["device"] == "sim" and env["run_id"] == "plain"
    assert env["success_rate"] == "1.0000"

    secret = "sk-test-SENTINEL-env"
    monkeypatch.setenv("MA_LLM_API_KEY", secret)
    with ScriptedServer(default=model_reply) as server:
        run = pytester.runpytest_subprocess("tasks_env.py", "--agent", "m3a", "--ma-llm-base-url", server.base_url,
                                            "--ma-llm-model", "scripted-1", "--alluredir", "allure",
                                            "--ma-run-id", "model")
    run.assert_outcomes(passed=1)
    env = environment(pytester)
    assert env["agent"] == "m3a" and env["model"] == "scripted-1" and env["run_id"] == "model"
    assert env["base_url"] == server.base_url and "judge_model" not in env
    assert secret not in pytester.path.joinpath("allure", "environment.properties").read_text()
