"""Reports a reviewer reads: one small suite under -n 2 with pytest-html, Allure and trajectories, checked
against the same run without -n, and the HTML opened in headless Chromium with hostile UI text and agent output."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html as lxml_html

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


def test_parallel_run_reports_the_same_numbers_in_every_format(suite: pytest.Pytester) -> None:
    common = ["tasks_review.py", "--agent", "tasks_review:Hostile", "--ma-instances", "2", "--ma-trajectories", "on"]
    serial = suite.runpytest_subprocess(*common, "--ma-run-id", "serial")
    serial.assert_outcomes(passed=2, failed=2)
    run = suite.runpytest_subprocess(*common, "-n", "2", "--ma-run-id", "par", "--ma-serials",
                                     "sim:a,sim:b?dark_mode=on&density=320", "--html", "report.html",
                                     "--alluredir", "allure", "--junitxml", "junit.xml")
    run.assert_outcomes(passed=2, failed=2)
    run.stdout.fnmatch_lines(["*mobile-agent success rate*", "*overall*50.0%*2/4*", "*per device configuration:*",
                              "*Pixel 6 1080x2400 320dpi en-US dark*", "*Pixel 6 1080x2400 420dpi en-US light*"])

    parallel, alone = metrics_of(suite, "par"), metrics_of(suite, "serial")
    assert len(parallel.pop("per_device_config")) == 2 and len(alone.pop("per_device_config")) == 1
    assert {k: v for k, v in parallel.items() if k != "run_id"} == {k: v for k, v in alone.items() if k != "run_id"}

    # the trajectories are files beside the report, not inflated into it
    assets = list(suite.path.joinpath("assets").glob("*.png"))
    assert len(assets) >= 6  # 2 + 2 steps (x2 instances) of screens, with the action drawn
    page = suite.path.joinpath("report.html").read_text()
    assert "data:image/png;base64" not in page and "success by app" in page and "<svg" in page
    if shutil.which("chromium"):
        tree = rendered(suite.path / "report.html")
        rows = result_rows(tree)
        assert len(rows) == 4
        assert all(r.xpath(".//td[@class='col-ma_metrics'][contains(., 'invalid_format=0.00')]") for r in rows)
        failed = [r for r in rows if "failed" in r.get("class")]
        assert len(failed) == 2 and all(r.xpath(".//img[starts-with(@src, 'assets/')]") for r in failed)

    results = [json.loads(p.read_text()) for p in suite.path.joinpath("allure").glob("*-result.json")]
    assert len(results) == 4
    answer = next(r for r in results if r["name"].startswith("NameTheAnswer"))
    labels = {(label["name"], label["value"]) for label in answer["labels"]}
    assert ("severity", "normal") in labels and ("story", "NameTheAnswer") in labels
    assert [s["name"] for s in answer["steps"]] == ["00 input_text", "01 answer"]
    assert {a["name"] for a in answer["steps"][0]["attachments"]} == {"screen", "UI tree", "action"}
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
    run = suite.runpytest_subprocess("tasks_review.py", "--agent", "tasks_review:Hostile", "--ma-trajectories",
                                     "failed", "--html", "report.html", "--self-contained-html")
    run.assert_outcomes(passed=1, failed=1)
    tree = rendered(suite.path / "report.html")
    assert tree.findtext(".//title") == "report.html"  # no injected handler ran
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
    blob = json.loads(tree.xpath("//*[@data-jsonblob]")[0].get("data-jsonblob"))
    extras = {test: [(e["format_type"], e["name"]) for e in runs[0]["extras"]] for test, runs in blob["tests"].items()}
    assert [kind for kind, _ in extras["tasks_review.py::OpenSettings[0]"]] == ["html"]  # passed: trajectory dropped
    assert [name for kind, name in extras["tasks_review.py::NameTheAnswer[0]"] if kind == "image"] == [
        'step 0: {"action_type": "input_text", "text": "<script>document.title=\'pwned\'</script>"}',
        'step 1: {"action_type": "answer", "text": "<img src=x onerror=\\"document.title=\'pwned\'\\">"}',
        "final screen"]
