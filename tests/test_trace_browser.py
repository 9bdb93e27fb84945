"""The trace viewer in a real browser: headless Chromium (Debian's ``chromium``; CI installs it) driven over the
DevTools protocol (:mod:`pytest_mobileagent.report.trace_browser`): what it renders from file://, real key presses,
lazy screens, hostile text shown as text, and a message instead of a blank page for a broken trace."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_mobileagent.llm.scripted import ScriptedServer
from pytest_mobileagent.report.trace import load_trace
from pytest_mobileagent.report.trace_browser import Chromium, Page, chromium_path
from tests.test_trace import SECRET, TASKS, model, only_trace

pytestmark = pytest.mark.skipif(chromium_path() is None, reason="needs Chromium (Debian: apt-get install chromium)")

HOSTILE = '''
HOSTILE = "<img src=x onerror=\\"document.title='pwned'\\">"


class NameTheAnswer(Task):
    template = "What is six times seven? " + HOSTILE
    apps = ("launcher",)
    answer_required = True

    def check(self, device, answer=None):
        return 1.0 if (answer or "").strip() == "42" else 0.0

    def oracle(self, ui):
        yield ui.answer("42")


class Hostile:
    def reset(self, goal, context):
        self.n = 0

    def step(self, observation):
        from pytest_mobileagent.actions import Action

        self.n += 1
        if self.n == 1:
            return Action.type("<script>document.title='pwned'</script>")
        return Action.answer(HOSTILE)
'''


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(tasks_trace=TASKS + HOSTILE)
    pytester.syspathinsert()
    return pytester


@pytest.fixture
def browser() -> Iterator[Chromium]:
    with Chromium(width=1280, height=900) as chromium:
        yield chromium


def opened(browser: Chromium, folder: Path, state: str = "ready") -> Page:
    page = browser.open((folder / "index.html").as_uri())
    assert page.wait_for("document.body.dataset.state !== 'loading' && document.body.dataset.state") == state
    return page


def text(page: Page, selector: str) -> str:
    return page.evaluate(f"document.querySelector({json.dumps(selector)}).innerText")


def step_of(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.step"))


def test_the_viewer_shows_a_failed_model_episode(suite: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                 browser: Chromium) -> None:
    monkeypatch.setenv("MA_LLM_API_KEY", SECRET)
    with ScriptedServer(default=model, api_key=SECRET) as server:
        suite.runpytest_subprocess("tasks_trace.py", "-k", "AirplaneOn", "--agent", "t3a", "--ma-llm-base-url",
                                   server.base_url, "--ma-llm-model", "scripted-1", "--ma-trajectories", "on",
                                   "--ma-run-id", "m").assert_outcomes(failed=1)
    page = opened(browser, only_trace(suite, "m"))
    assert page.evaluate("document.title") == "AirplaneOn[0] trace"
    assert text(page, "#goal") == "Turn on airplane mode."
    assert page.evaluate("document.querySelectorAll('#film .card').length") == 4  # three steps and the check
    assert page.evaluate("document.querySelectorAll('#film .card.matched').length") == 1  # the reference's first

    # where to look, each finding linked to its step: the false completion, and where the agent left the reference
    findings = page.evaluate("[...document.querySelectorAll('#findings li')].map(li => li.innerText)")
    assert findings[0] == "step 2: declared the goal complete; the check scored 0"
    assert findings[1].startswith("step 1: reference step 1 ") and findings[1].endswith(
        "was never matched (the agent matched up to step 0)")
    assert findings[2] == '2 check point(s) missed: "Network", "Airplane"'
    page.evaluate("document.querySelector('#findings li:nth-child(2) a').click()")
    assert step_of(page) == 1
    page.key("Home")

    page.key("ArrowRight")  # the wrong step: the tap on "Display"
    assert step_of(page) == 1 and page.evaluate("location.hash") == "#step=1"
    assert page.wait_for("document.querySelector('#tree .target') !== null")
    assert 'TextView "Display"' in text(page, "#tree .target")
    assert page.evaluate("document.querySelector('#overlay circle.tap') !== null")
    assert page.evaluate("document.querySelector('#overlay rect.target') !== null")
    assert page.wait_for("document.querySelector('#screen img').naturalWidth") == 540
    assert "Screen elements" in text(page, "#observation") and "Display" in text(page, "#observation")
    exchanges = text(page, "#exchanges")
    assert "Reason: airplane mode is under Display." in exchanges and "scripted-1" in exchanges
    assert SECRET not in exchanges
    check = text(page, "#check")
    assert "settings_get" in check and '["global","airplane_mode_on"]' in check and '"0"' in check
    bench = text(page, "#bench")
    assert "1 of 3 matched" in bench and "missed" in bench and "checkpoint_l2" in bench
    assert page.evaluate("document.querySelectorAll('#bench table.checkpoints tr.missed').length") == 2
    assert "model" in text(page, "#timings")


def test_keys_move_through_the_steps(suite: pytest.Pytester, browser: Chromium) -> None:
    suite.runpytest("tasks_trace.py", "-k", "Wander", "--agent", "random", "--ma-trajectories", "on",
                    "--ma-run-id", "k", "--ma-screenshots", "none").assert_outcomes(failed=1)
    folder = only_trace(suite, "k")
    page = opened(browser, folder)
    assert step_of(page) == 0
    # screens load as their cards come into view, not all at once (checked before the keys scroll the strip past
    # every card)
    loaded = page.evaluate("[...document.querySelectorAll('#film img')].filter(i => i.getAttribute('src')).length")
    assert 0 < loaded < 30
    moves = [("ArrowRight", 1), ("j", 2), ("j", 3), ("ArrowLeft", 2), ("k", 1), ("End", 29), ("ArrowRight", 29),
             ("Home", 0), ("ArrowLeft", 0)]
    for key, expected in moves:
        page.key(key)
        assert step_of(page) == expected, key
        assert page.evaluate("document.querySelector('#film .card.current').dataset.index") == str(expected)
    page.key("End")
    assert page.wait_for("document.querySelector('#film .card:nth-child(30) img').getAttribute('src')")
    # a link to a step opens on it
    again = browser.open((folder / "index.html").as_uri() + "#step=7")
    assert again.wait_for("document.body.dataset.state === 'ready'")
    assert step_of(again) == 7


def test_the_violating_step_is_marked_and_linked(suite: pytest.Pytester, browser: Chromium) -> None:
    suite.runpytest("tasks_trace.py", "-k", "StaySettingsFree", "--ma-trajectories", "on",
                    "--ma-run-id", "v").assert_outcomes(failed=1)
    page = opened(browser, only_trace(suite, "v"))
    page.key("End")
    assert step_of(page) == 1
    assert page.evaluate("[...document.querySelectorAll('#film .card.violation')].map(c => c.dataset.index)") == ["0"]
    assert "step 0: app com.android.settings" in text(page, "#bench .violation")
    page.evaluate("document.querySelector('#bench .violation a').click()")
    assert step_of(page) == 0


def test_hostile_text_is_shown_as_text(suite: pytest.Pytester, browser: Chromium) -> None:
    suite.runpytest("tasks_trace.py", "-k", "NameTheAnswer", "--agent", "tasks_trace:Hostile", "--ma-trajectories",
                    "on", "--ma-run-id", "h").assert_outcomes(failed=1)
    page = opened(browser, only_trace(suite, "h"))
    assert page.evaluate("document.title") == "NameTheAnswer[0] trace"
    assert text(page, "#goal") == "What is six times seven? <img src=x onerror=\"document.title='pwned'\">"
    assert "<script>document.title='pwned'</script>" in text(page, "#step-body")
    assert page.evaluate("document.querySelector('#overlay text.typed').textContent").startswith("\u201c<script>")
    page.key("ArrowRight")
    assert '"answer"' in text(page, "#step-body")
    assert page.evaluate("document.querySelectorAll('img[src=x], #step-body script').length") == 0
    assert page.evaluate("document.title") == "NameTheAnswer[0] trace"


@pytest.fixture
def a_trace(suite: pytest.Pytester) -> Path:
    suite.runpytest("tasks_trace.py", "-k", "AirplaneOn", "--agent", "random", "--ma-trajectories", "on",
                    "--ma-run-id", "b", "--ma-screenshots", "none").assert_outcomes(failed=1)
    return only_trace(suite, "b")


def banner(page: Page) -> str:
    return page.evaluate("document.getElementById('banner').innerText")


def test_a_broken_trace_shows_a_message_not_a_blank_page(a_trace: Path, browser: Chromium) -> None:
    second = load_trace(a_trace)["steps"][1]["screenshot"]  # its own file, or the first step's if unchanged
    (a_trace / second).unlink()
    (a_trace / "steps" / "002.js").unlink()
    page = opened(browser, a_trace)
    page.key("ArrowRight")
    assert page.wait_for("document.querySelector('#screen .missing') !== null")
    assert f"{second} is missing" in text(page, "#screen")
    page.key("ArrowRight")
    assert page.wait_for("document.querySelector('#tree .error') !== null")
    assert "steps/002.js is missing" in text(page, "#tree")

    manifest = a_trace / "trace.js"
    body = manifest.read_text()
    manifest.write_text(body.replace('"format": 2,', '"format": 3,', 1))
    assert "this viewer reads format 2 and older" in banner(opened(browser, a_trace, "error"))
    assert "This trace is format 3" in banner(opened(browser, a_trace, "error"))
    manifest.write_text(body[: len(body) // 2])  # cut off in the copy
    assert "ma-trace show" in banner(opened(browser, a_trace, "error"))
    manifest.unlink()
    message = banner(opened(browser, a_trace, "error"))
    assert "trace.js is missing beside this page" in message and str(a_trace) in message
