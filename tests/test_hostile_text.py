"""Text is text (issue 40 item 2): whatever string an agent or a model returns, every writer records the episode.

The same hostile corpus (lone surrogates, invalid UTF-8 smuggled in as ``surrogateescape`` code points, NUL and
other control characters, the line separators U+0085/U+2028/U+2029, the largest code point, RTL overrides) goes
through an agent's actions (typed text and an API call, invalid steps since a phone cannot type a lone surrogate),
its answer, output, log, model exchanges and exception, and through a model's replies and a model judge's verdict;
every writer is on (results, metrics, model logs, JUnit, pytest-html, Allure, traces, the terminal), in one process
and under xdist. Files written elsewhere (a results line escaping a lone surrogate) are read into the same text.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_mobileagent.llm.scripted import ScriptedServer
from pytest_mobileagent.text import encodable, encodable_value
from tests.pytester_tasks import OPEN_SETTINGS

#: Python source of the corpus, so that the generated modules stay valid UTF-8 files.
CORPUS_SOURCE = (r'"lone \ud83d high, \udc80 low, pair \ud83d\ude00, "'
                 r' + b"bad \xff\xfe\xc3( utf-8".decode("utf-8", "surrogateescape")'
                 r' + " NUL \x00 ctl \x01\x08\x1b[31m\x7f nel \x85 ls \u2028 ps \u2029 max \U0010ffff"'
                 r' + " rtl \u202e\u2066evil\u2069 bom \ufeff </script><b>x</b> ]]> end"')
CORPUS: str = eval(CORPUS_SOURCE)

AGENTS = '''
import logging

from pytest_mobileagent.actions import Action

CORPUS = @CORPUS@


class Answers:
    """Types the corpus, then answers with it; prints and logs it, and reports it as its model exchanges."""

    def reset(self, goal, context):
        self.steps = 0
        self.step_usage = {"prompt_tokens": 1, "completion_tokens": 1, "cost_usd": 0.0, "retries": 0}
        self.episode_log = [{"request": {CORPUS: CORPUS}, "response": CORPUS}]

    def step(self, observation):
        self.steps += 1
        print(CORPUS)
        logging.getLogger("hostile").warning(CORPUS)
        self.step_exchanges = [{"messages": [{"role": "user", "content": CORPUS}], "response": CORPUS, CORPUS: 1}]
        if self.steps == 1:
            return Action.type(CORPUS)
        if self.steps == 2:
            return Action.api_call(CORPUS, {CORPUS: CORPUS})
        return Action.answer(CORPUS)


class Raises:
    """Fails with the corpus as its message."""

    def reset(self, goal, context):
        pass

    def step(self, observation):
        raise RuntimeError(CORPUS)
'''.replace("@CORPUS@", CORPUS_SOURCE)

TASKS = OPEN_SETTINGS + '''

class AnswerSomething(Task):
    template = "Say something."
    apps = ("settings",)

    def check(self, device, answer=None):
        return 1.0 if answer else 0.0

    def oracle(self, ui):
        yield ui.answer("something")
'''


def hostile_model(request: dict) -> str:
    """A model whose reasons, answers and verdicts are the corpus (its JSON escapes carry the surrogates through)."""
    if "You judge whether" in str(request["messages"][0]["content"]):
        return f"Verdict: yes\nReason: {CORPUS}"
    return f"Reason: {CORPUS}\nAction: " + json.dumps({"action_type": "answer", "text": CORPUS})


def test_encodable_replaces_only_what_utf8_cannot_hold() -> None:
    assert encodable("plain \u2028 \U0010ffff \x00") == "plain \u2028 \U0010ffff \x00"
    assert encodable("a\ud83db\udcffc") == "a\ufffdb\ufffdc"
    assert encodable("\ud83d\ude00") == "\U0001f600"  # a pair, as json.loads of "\\ud83d\\ude00" gives
    assert encodable(CORPUS).encode("utf-8")
    assert encodable_value({"k\ud800": ["v\udfff", 1, None, ("t\ud83d",)]}) == {"k\ufffd": ["v\ufffd", 1, None,
                                                                                            ("t\ufffd",)]}


#: Any text, surrogates and the characters line readers break on included.
HOSTILE = st.text(st.one_of(st.characters(), st.integers(0xD800, 0xDFFF).map(chr),
                            st.sampled_from("\x00\x1b\x85\u2028\u2029\U0010ffff\u202e\ufeff")))
VALUES = st.recursive(st.none() | st.integers() | HOSTILE,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE, inner, max_size=3),
                      max_leaves=8)


@given(HOSTILE)
def test_any_text_is_made_encodable_and_text_without_surrogates_is_kept(text: str) -> None:
    made = encodable(text)
    assert made.encode("utf-8").decode("utf-8") == made and encodable(made) == made
    if not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert made == text


@given(VALUES)
def test_any_value_is_one_utf8_results_line(value: object) -> None:
    from pytest_mobileagent.redaction import redacted_line

    line = redacted_line(value)
    assert line.splitlines() == [line] and line.encode("utf-8")
    # the same value, its keys in the line's order (two keys that differ only in surrogates become one)
    assert json.loads(line) == encodable_value(json.loads(json.dumps(value, sort_keys=True)))


def test_a_results_line_stays_one_line() -> None:
    from pytest_mobileagent.redaction import redacted_line

    line = redacted_line({"answer": CORPUS})
    assert line.splitlines() == [line] and line.encode("utf-8")
    assert json.loads(line)["answer"] == encodable(CORPUS)


@pytest.mark.parametrize("agent", ["hostile:Answers", "hostile:Raises", "t3a"])
@pytest.mark.parametrize("workers", ["0", "2"])
def test_every_writer_records_an_episode_full_of_hostile_text(pytester: pytest.Pytester, agent: str,
                                                              workers: str) -> None:
    pytester.makepyfile(tasks_hostile=TASKS, hostile=AGENTS)
    pytester.syspathinsert()
    with ScriptedServer(default=hostile_model) as server:
        result = pytester.runpytest_subprocess(
            "tasks_hostile.py", "--agent", agent, "--ma-llm-base-url", server.base_url, "--ma-llm-model",
            "scripted-1", "--ma-llm-judge", "--ma-run-id", "h", "--ma-trajectories", "on", "--ma-screenshots", "all",
            "-n", workers, "-p", "no:randomly", "-rA", "--tb=long", "--junitxml", "junit.xml",
            "--html", "report.html", "--self-contained-html", "--alluredir", "allure", "--log-file", "run.log")
    assert result.ret in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), result.stdout.str()[-3000:]
    run = pytester.path / "reports" / "h"
    text = (run / "results.jsonl").read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines()]  # every line reader sees one record a line
    assert len(records) == 2 and all(r["outcome"] in ("success", "failure") for r in records), records
    assert json.loads((run / "metrics.json").read_text(encoding="utf-8"))["overall"]["episodes"] == 2
    assert all(r["judge_reason"] == encodable(CORPUS) for r in records), records  # the judge saw the episode
    if agent != "hostile:Raises":
        answers = [r.get("answer") for r in records]
        assert encodable(CORPUS) in answers, answers  # recorded, not dropped: only the surrogates replaced
    else:
        assert all("lone" in r["agent_error"] for r in records)
    ET.parse(pytester.path / "junit.xml")
    traces = list((run / "trajectories").rglob("trace.json"))
    assert len(traces) == 2 and all(json.loads(t.read_text(encoding="utf-8")) for t in traces)
    written = [p for p in pytester.path.rglob("*") if p.is_file() and p.suffix in (
        ".jsonl", ".json", ".js", ".html", ".xml", ".txt", ".properties", ".log")]
    assert any(p.parent.name == "allure" for p in written) and (pytester.path / "report.html") in written
    assert len(list((run / "llm").glob("*.jsonl"))) == 2  # the model logs
    for path in [*written, pytester.path / "stdout", pytester.path / "stderr"]:  # the terminal too
        body = path.read_bytes().decode("utf-8")  # strictly: a surrogate written with surrogatepass would fail here
        if path.suffix in (".jsonl", ".js"):  # line breaks for some readers (and for JavaScript before ES2019)
            assert not {"\u2028", "\u2029", "\x85"} & set(body), path
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def test_a_results_file_written_elsewhere_with_escaped_surrogates_merges(tmp_path: Path) -> None:
    """A colleague's (or a crafted) results line may escape a lone surrogate, which ``json`` decodes as it is:
    merging it, and reading it back as resume does, gives text every writer can encode."""
    from pytest_mobileagent.report.merge import main
    from pytest_mobileagent.report.results import ResultsFile

    record = {"suite": "s\ud83d", "task": "T\udc80", "instance": 0, "agent": "a\ud800", "outcome": "success",
              "success": 1.0, "answer": CORPUS, "app": "x\udfff", "apps": ["x\udfff"]}
    run = tmp_path / "theirs"
    run.mkdir()
    (run / "results.jsonl").write_text(json.dumps(record) + "\n", encoding="ascii")  # escapes, as json writes them
    [read] = list(ResultsFile(run / "results.jsonl"))
    assert read["task"] == "T\ufffd" and read["answer"] == encodable(CORPUS)
    assert main([str(run), "--out", str(tmp_path / "merged")]) == 0
    for path in (tmp_path / "merged").iterdir():
        path.read_bytes().decode("utf-8")
    assert json.loads((tmp_path / "merged" / "metrics.json").read_text(encoding="utf-8"))["overall"]["episodes"] == 1
