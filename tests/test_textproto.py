"""The text-format reader: its syntax, a sample in AndroidWorld's format, and the benchmarks' published task
files when the datasets folder has them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_mobileagent.tasks.textproto import TextprotoError, loads, repeated
from tests.published import published_file

SAMPLE = Path(__file__).parent / "data" / "androidworld_ir_sample.textproto"


def test_scalars_messages_and_repeated_fields() -> None:
    msg = loads('''
        name: "a \\"quoted\\" name"  # a comment
        count: 3  ratio: 0.5  flag: true  kind: STRING_MATCH
        sub { x: 1 } sub < x: 2 >
        tags: ["p", "q"]
        long: "con" "cat"
    ''')
    assert msg["name"] == 'a "quoted" name'
    assert (msg["count"], msg["ratio"], msg["flag"], msg["kind"]) == (3, 0.5, True, "STRING_MATCH")
    assert msg["sub"] == [{"x": 1}, {"x": 2}]
    assert repeated(msg, "tags") == ["p", "q"] and repeated(msg, "missing") == []
    assert msg["long"] == "concat"
    assert repeated(loads("one { y: 1 }"), "one") == [{"y": 1}]


def test_errors_name_the_line() -> None:
    with pytest.raises(TextprotoError, match="line 2"):
        loads('a: 1\n  } b: 2')
    with pytest.raises(TextprotoError, match="end of input"):
        loads("a { b: 1")


def test_androidworld_format_sample() -> None:
    tasks = repeated(loads(SAMPLE.read_text(encoding="utf-8")), "tasks")
    assert len(tasks) == 6
    t = tasks[0]
    assert t["name"] == "SampleCalendarCallWithPerson"
    state = t["relevant_state"]["state"]  # ``state: { ... }``, with a colon, is a message all the same
    assert repeated(state["calendar"], "events")[0]["title"] == "{title}"
    assert repeated(t["relevant_state"], "exclusion_conditions") == [
        {"field": "title", "operation": "CONTAINS", "value": "{person}"}]
    assert [e["match_type"] for e in repeated(t["success_criteria"], "expectations")] == ["DATE_MATCH", "TIME_MATCH"]
    distance = repeated(tasks[4]["success_criteria"], "expectations")[0]
    assert tasks[4]["complexity"] == 1.5 and distance["tolerance"] == 10


def test_androidworld_information_retrieval_tasks(request: pytest.FixtureRequest) -> None:
    path = published_file(request.config, "androidworld/information_retrieval_tasks.textproto")
    tasks = repeated(loads(path.read_text(encoding="utf-8")), "tasks")
    assert len(tasks) == 25
    by_name = {t["name"]: t for t in tasks}
    t = by_name["SimpleCalendarNextMeetingWithPerson"]
    assert t["prompt"].startswith("When is my next meeting with {person}")
    assert [e["match_type"] for e in repeated(t["success_criteria"], "expectations")] == ["DATE_MATCH", "TIME_MATCH"]
    params = {p["name"]: repeated(p, "possible_values") for p in repeated(t, "task_params")}
    assert "Amanda" in params["person"]


def test_bmoca_task_files(request: pytest.FixtureRequest) -> None:
    folder = published_file(request.config, "bmoca/tasks")
    files = [p for p in folder.rglob("*.textproto") if p.stat().st_size]
    assert len(files) >= 100
    for path in files:
        msg = loads(path.read_text())
        assert isinstance(msg.get("max_episode_steps"), int), path
    wifi = loads(next(folder.rglob("turn_on_wifi*.textproto")).read_text())
    regexps = wifi["log_parsing_config"]["log_regexps"]
    assert "setWifiEnabled" in str(regexps)
