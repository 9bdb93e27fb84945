"""Model replies to actions: each agent's format, malformed and out-of-space replies, hostile API arguments."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action, InvalidAction, InvalidOutput, execute
from pytest_mobileagent.agents.apis import SIM_APIS, load_mobilebench_apis
from pytest_mobileagent.agents.parsing import (
    parse_api_call,
    parse_bracket_action,
    parse_call_action,
    parse_json_action,
)
from pytest_mobileagent.llm.judge import parse_verdict
from tests.published import published_file

DATA = Path(__file__).parent / "data"
XPATHS = {"n3": "/hierarchy/node/node[3]", "n4": "/hierarchy/node/node[4]"}


def kind(result: Action | InvalidOutput) -> str:
    return result.kind


@pytest.mark.parametrize(("reply", "expected"), [
    ("Thought: tap it.\nAction: #click [n3]#", Action.click(xpath=XPATHS["n3"])),
    ("Action: #input [n4] [a [b]#", Action("input_text", xpath=XPATHS["n4"], text="a [b")),  # "[" in text is kept
    ("Action: #input [n4] [hello world]#", Action("input_text", xpath=XPATHS["n4"], text="hello world")),
    ("First #back# then... Action: #swipe [down]#", Action.scroll("down")),
    ("#open_app [Clock]#", Action.open_app("Clock")),
    ("Done.\nAction: #finish#", Action.status("complete")),
])
def test_bracket_actions(reply: str, expected: object) -> None:
    got = parse_bracket_action(reply, XPATHS)
    if expected is InvalidOutput:
        assert isinstance(got, InvalidOutput)
    else:
        assert got == expected


def test_bracket_errors_are_told_apart() -> None:
    assert kind(parse_bracket_action("I would tap the row", XPATHS)) == "format"
    assert kind(parse_bracket_action("Action: #click [n99]#", XPATHS)) == "action"  # no such node
    assert kind(parse_bracket_action("Action: #teleport [n3]#", XPATHS)) == "action"
    assert kind(parse_bracket_action("Action: #swipe [sideways]#", XPATHS)) == "action"


@pytest.mark.parametrize(("reply", "expected"), [
    ("Action: tap(3)", Action.click(index=3)),
    ("```\nAction: type(2, \"a, b) c\")\n```", Action.type("a, b) c", index=2)),
    ("swipe(up)", Action.scroll("up")),
    ('press("HOME")', Action("navigate_home")),
    ("press(KEYCODE_BACK)", Action("navigate_back")),
    ('I could tap(1), but Action: open_app("Clock")', Action.open_app("Clock")),
    ("Action: finish()", Action.status("complete")),
    ("Action: dual-gesture(0.8, 0.5, 0.2, 0.5)", Action.dual_gesture((0.8, 0.5), (0.2, 0.5))),
    ("dual_gesture(0.25, 0.5, 0.25, 0.5)", Action.dual_gesture((0.25, 0.5), (0.25, 0.5))),
])
def test_call_actions(reply: str, expected: Action) -> None:
    assert parse_call_action(reply) == expected


def test_call_errors_are_told_apart() -> None:
    assert kind(parse_call_action("no call here")) == "format"
    assert kind(parse_call_action("Action: tap(3")) == "format"
    assert kind(parse_call_action("Action: tap(__import__('os').system('x'))")) == "action"  # never evaluated
    assert kind(parse_call_action('Action: press("POWER")')) == "action"
    assert kind(parse_call_action('Action: tap("three")')) == "action"


def test_json_field_types_are_checked() -> None:
    assert kind(parse_json_action('{"action_type": "input_text", "text": 5, "index": 1}')) == "action"
    assert kind(parse_json_action('{"action_type": "click", "xpath": ["//a"]}')) == "action"


def test_json_actions_and_the_allowed_space() -> None:
    assert parse_json_action('Action: {"action_type": "click", "index": 3}') == Action.click(index=3)
    assert kind(parse_json_action('{"action_type": "click", "index": 3}', allowed={"scroll"})) == "action"
    assert kind(parse_json_action("Action: {not json}")) == "format"


def test_api_arguments_are_quoted_and_unknown_apis_refused() -> None:
    hostile = "hi; rm -rf / $(reboot) `id`"
    call = parse_api_call(f'API: compose_sms(number="5551234", text="{hostile}")', SIM_APIS)
    assert call == Action.api_call("compose_sms", {"number": "5551234", "text": hostile})
    words = shlex.split(SIM_APIS["compose_sms"].render(call.args or {}))  # type: ignore[union-attr]
    assert words[-1] == hostile and words[:2] == ["am", "start"]  # one literal argument, no shell syntax
    assert parse_api_call('Action: {"action_type": "navigate_back"}', SIM_APIS) is None  # a UI action instead
    assert kind(parse_api_call("API: format_disk()", SIM_APIS)) == "action"
    assert kind(parse_api_call('API: compose_sms(number="1")', SIM_APIS)) == "action"  # text missing
    assert kind(parse_api_call('API: dial(number="1", speaker=True)', SIM_APIS)) == "action"  # an extra argument
    assert kind(parse_api_call('API: dial("1", "2")', SIM_APIS)) == "action"  # one positional too many


def test_api_calls_run_only_apis_of_the_catalogue() -> None:
    with SimDevice() as device:
        execute(device, parse_api_call('API: dial(number="5551234")', SIM_APIS))  # type: ignore[arg-type]
        assert device.current_activity()[0] == "com.google.android.dialer"
        for command in ("rm -rf /sdcard", "settings put global airplane_mode_on 1", "am start -a no.such.ACTION"):
            with pytest.raises(InvalidAction):
                execute(device, Action("api_call", text=command), apis=SIM_APIS)


def test_mobilebench_api_list_loads_as_a_catalog() -> None:
    catalog = load_mobilebench_apis(DATA / "api_list.json")  # Mobile-Bench's format, a few entries of our own
    assert len(catalog) == 4  # the entry without a command is left out
    alarm = next(api for api in catalog.values() if "SET_ALARM" in api.command)
    assert alarm.parameters == ["x", "y"]
    assert "--ei android.intent.extra.alarm.HOUR 7 " in alarm.render({"x": 7, "y": 15})
    assert alarm.description.startswith("时钟: ")  # the app the API is listed under
    event = next(api for api in catalog.values() if "INSERT" in api.command)
    assert event.parameters == ["x", "start_time"]  # "<start time>" and its quotes become one placeholder
    assert event.render({"x": "Team sync", "start_time": 1}).endswith("""-e "title" 'Team sync' --es "beginTime" 1""")
    assert all(not api.command.startswith("adb shell") and not api.command.endswith("\n") for api in catalog.values())


def test_mobilebench_published_api_list_loads(request: pytest.FixtureRequest) -> None:
    path = published_file(request.config, "mobilebench/api_list.json")
    published = json.loads(path.read_text(encoding="utf-8"))
    catalog = load_mobilebench_apis(path)
    assert len(catalog) == sum(1 for entries in published.values() for e in entries if e["ADB Command"].strip())
    alarm = next(api for api in catalog.values() if "SET_ALARM" in api.command)
    assert alarm.parameters == ["x", "y"]
    assert "--ei android.intent.extra.alarm.HOUR 7 " in alarm.render({"x": 7, "y": 15})


def test_judge_verdicts() -> None:
    assert parse_verdict("Verdict: yes\nReason: the page is open").success == 1.0
    assert parse_verdict("**Verdict:** No\nReason: wrong page").success == 0.0
    assert parse_verdict("I cannot tell").success is None


@given(st.text(max_size=300))
def test_no_reply_makes_a_parser_raise(reply: str) -> None:
    for result in (parse_json_action(reply), parse_bracket_action(reply, XPATHS), parse_call_action(reply),
                   parse_api_call(reply, SIM_APIS) or Action("wait")):
        assert isinstance(result, Action | InvalidOutput)


@given(st.sampled_from(["tap(", "type(", "API: dial(", "#input [n3] [", "press("]), st.text(max_size=60))
def test_no_truncated_or_odd_call_makes_a_parser_raise(prefix: str, rest: str) -> None:
    reply = "Action: " + prefix + rest
    for result in (parse_bracket_action(reply, XPATHS), parse_call_action(reply),
                   parse_api_call(reply, SIM_APIS) or Action("wait")):
        assert isinstance(result, Action | InvalidOutput)


@pytest.mark.parametrize("reply", [
    '{"action_type": "click", "index": 1e400}',  # int(inf): OverflowError
    '{"action_type": "click", "index": ' + "9" * 5000 + "}",  # over the int-string limit: ValueError
    '{"a": ' + "[" * 5000 + "]" * 5000 + "}",  # RecursionError in the JSON decoder
])
def test_hostile_json_is_an_invalid_step(reply: str) -> None:
    assert isinstance(parse_json_action(reply), InvalidOutput)


@pytest.mark.parametrize("arguments", ["{[1]: 2}", "{[]}", "-" * 8000 + "1", "not " * 4000 + "1", "**x"])
def test_hostile_call_arguments_are_invalid_actions(arguments: str) -> None:
    assert kind(parse_call_action(f"Action: tap({arguments})")) == "action"
    assert kind(parse_api_call(f"API: dial({arguments})", SIM_APIS)) == "action"  # type: ignore[arg-type]
    assert kind(parse_call_action('Action: tap("²")')) == "action"  # isdigit() but not int()-able


def test_keys_prose_and_very_long_replies() -> None:
    assert parse_call_action('Action: press("OVERVIEW")') == Action("overview")
    assert kind(parse_call_action("I will call device.tap(3) later")) == "format"  # a method, not the action
    assert parse_api_call("No API: fits(this), so a UI action.\nAction: {}", SIM_APIS) is None  # prose
    assert parse_call_action("#a [x" * 20_000 + "\nAction: tap(2)") == Action.click(index=2)


def test_markdown_heading_is_not_an_action_and_api_words_are_text() -> None:
    assert parse_bracket_action("## Action\n#click [n3]#", XPATHS) == Action.click(xpath=XPATHS["n3"])
    assert parse_api_call("API: wifi(enable)", SIM_APIS) == Action.api_call("wifi", {"enable_or_disable": "enable"})


#: Python-like argument lists: literals, bare words and junk, nested in lists, sets, dicts and unary minus.
ARGUMENTS = st.recursive(
    st.sampled_from(["3", "'a'", "up", "1e400", "'²'", "x.y", "*x", "\x00", ""]),
    lambda inner: st.one_of(inner.map(lambda a: f"[{a}]"), inner.map(lambda a: f"{{{a}}}"),
                            inner.map(lambda a: f"-{a}"), st.tuples(inner, inner).map(lambda t: f"{{{t[0]}: {t[1]}}}"),
                            st.tuples(inner, inner).map(", ".join)),
    max_leaves=8)


@given(st.sampled_from(["tap(", "type(3, ", "API: dial(", "API: dial(number=", "press("]), ARGUMENTS)
def test_no_python_like_arguments_make_a_parser_raise(prefix: str, arguments: str) -> None:
    reply = "Action: " + prefix + arguments + ")"
    for result in (parse_call_action(reply), parse_api_call(reply, SIM_APIS) or Action("wait")):
        assert isinstance(result, Action | InvalidOutput)
