"""The benchmarks' own agents (seeact, arena, mobilebench, bmoca) complete a short suite against the scripted
model server, for real over HTTP; their logs show the prompts they sent and the actions they took."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.llm.scripted import ScriptedServer
from tests.pytester_tasks import OPEN_SETTINGS

SUITE = OPEN_SETTINGS + '''

class OpenNetworkSettings(Task):
    template = "Open the Network & internet settings page."
    apps = ("settings",)

    def check(self, device, answer=None):
        return 1.0 if any(e.text == "Airplane mode" for e in ui_elements(device.hierarchy())) else 0.0

    def oracle(self, ui):
        yield ui.open_app("Settings")
        yield ui.click(text="Network & internet")
        yield ui.complete()


class DialNumber(Task):
    template = "Open the phone dialer with the number 5551234 typed in."
    apps = ("dialer",)

    def check(self, device, answer=None):
        on_dialer = device.current_activity()[0] == "com.google.android.dialer"
        return 1.0 if on_dialer and any(e.text == "5551234" for e in ui_elements(device.hierarchy())) else 0.0

    def oracle(self, ui):
        yield ui.open_app("Phone")
        for digit in "5551234":
            yield ui.click(text=digit)
        yield ui.complete()
'''


def texts(request: dict[str, Any]) -> str:
    """Every text of a chat request, messages joined."""
    out = []
    for m in request["messages"]:
        content = m["content"]
        out.append(content if isinstance(content, str) else " ".join(p.get("text", "") for p in content))
    return "\n".join(out)


def goal(request: dict[str, Any]) -> str:
    return next(g for g in ("Settings app", "Network & internet settings page", "dialer") if g in texts(request))


def done(text: str, want: str) -> bool:
    if want == "Settings app":
        return "Current app: com.android.settings" in text
    if want == "dialer":
        return "5551234" in text and "Current app: com.google.android.dialer" in text
    return "Airplane mode" in text


def seeact_model(request: dict[str, Any]) -> str:
    text, want = texts(request), goal(request)
    if "ELEMENT:" not in request["messages"][-1]["content"]:
        return "The screen shows the phone. Next I should move towards the goal."  # the prose plan
    none = re.findall(r"^([A-Z]+)\. None of the other options", text, re.MULTILINE)[-1]
    if done(text, want):
        return f"ELEMENT: {none}\nACTION: DONE\nVALUE: None"
    row = re.search(r'^([A-Z]+)\. text="Network & internet"', text, re.MULTILINE)
    if "Current app: com.android.settings" in text and row:
        return f"ELEMENT: {row.group(1)}\nACTION: CLICK\nVALUE: None"
    return f"ELEMENT: {none}\nACTION: OPEN APP\nVALUE: Settings"


def arena_model(request: dict[str, Any]) -> str:
    text, want = texts(request), goal(request)
    if "earlier attempt" in request["messages"][0]["content"]:
        return "Last time I wandered; this time I open Settings first and go straight to the page."
    if done(text, want):
        return "Thought: the goal is reached.\nAction: #finish#"
    row = re.search(r"\[(n[0-9a-f]{4})\] [^\n]*;;[^\n]*Network & internet", text)
    if "Current app: com.android.settings" in text and row:
        return f"Thought: the row leads there.\nAction: #click [{row.group(1)}]#"
    return "Thought: I need Settings.\nAction: #open_app [Settings]#"


def bmoca_model(request: dict[str, Any]) -> str:
    text, want = texts(request), goal(request)
    if done(text, want):
        return "The task is done.\nAction: finish()"
    row = re.search(r'^(\d+): TextView "Network & internet"', text, re.MULTILINE)
    if "Current app: com.android.settings" in text and row:
        return f"Tap the row.\nAction: tap({row.group(1)})"
    return 'Settings first.\nAction: open_app("Settings")'


def mobilebench_model(request: dict[str, Any]) -> str:
    text, want = texts(request), goal(request)
    if "numbered sub-tasks" in request["messages"][0]["content"]:
        return "1. Dial the number: API dial.\n2. Finish." if want == "dialer" else "1. Open Settings: UI.\n2. Finish."
    if done(text, want):
        return 'Finished.\nAction: {"action_type": "status", "goal_status": "complete"}'
    if want == "dialer":
        return 'The dial API does it.\nAPI: dial(number="5551234")'
    row = re.search(r'<button id=(\d+) class="title">Network &amp; internet</button>', text)
    if "Current app: com.android.settings" in text and row:
        return f'Tap it.\nAction: {{"action_type": "click", "index": {row.group(1)}}}'
    return 'Open Settings.\nAction: {"action_type": "open_app", "app_name": "Settings"}'


def run(pytester: pytest.Pytester, server: ScriptedServer, agent: str, *extra: str) -> pytest.RunResult:
    pytester.makepyfile(tasks_short=SUITE)
    return pytester.runpytest_inprocess("tasks_short.py", "--agent", agent, "--ma-llm-base-url", server.base_url,
                                        "--ma-llm-model", "scripted-1", "--ma-run-id", "a", "-p", "no:randomly",
                                        *extra)


def results(pytester: pytest.Pytester) -> dict[str, dict[str, Any]]:
    lines = Path(pytester.path, "reports", "a", "results.jsonl").read_text().splitlines()
    return {f"{r['task']}{'' if r.get('repeat') is None else r['repeat']}": r for r in map(json.loads, lines)}


def logs(pytester: pytest.Pytester) -> list[dict[str, Any]]:
    return [json.loads(line) for path in sorted(Path(pytester.path, "reports", "a", "llm").glob("*.jsonl"))
            for line in path.read_text().splitlines()]


def kinds(record: dict[str, Any]) -> list[str]:
    return [s["action"]["action_type"] for s in record["steps"] if s["action"]]


def test_seeact_plans_then_grounds_by_multiple_choice(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default=seeact_model) as server:
        outcome = run(pytester, server, "seeact", "-k", "not Dial")
    outcome.assert_outcomes(passed=2)
    assert kinds(results(pytester)["OpenNetworkSettings"]) == ["open_app", "click", "status"]
    first_plan, first_grounding = server.requests[0], server.requests[1]
    assert any(p.get("type") == "image_url" for p in first_plan["messages"][-1]["content"])  # sees the screen
    assert "None of the other options" in texts(first_grounding) and "ELEMENT:" in texts(first_grounding)
    assert len(logs(pytester)) == 2 * 5  # two requests per step, 2 + 3 steps


def test_arena_acts_on_compressed_node_ids(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default=arena_model) as server:
        outcome = run(pytester, server, "arena-explore", "-k", "not Dial")
    outcome.assert_outcomes(passed=2)
    record = results(pytester)["OpenNetworkSettings"]
    assert kinds(record) == ["open_app", "click", "status"]
    assert record["steps"][1]["action"]["xpath"].startswith("/hierarchy/")  # the node id became its xpath
    prompt = texts(server.requests[1])
    node = re.search(r"\[(n[0-9a-f]{4})\] [^\n]*Network & internet", prompt)
    assert node and "The current APP is Settings.: " in prompt  # AndroidArena's own observation text
    assert "You have been on this screen 1 times" in prompt
    assert any(f"#click [{node.group(1)}]#" in e["response"] and "Network & internet" in json.dumps(e["request"])
               for e in logs(pytester))  # the episode log holds the prompt and the reply


def test_arena_reflexion_reflects_on_the_previous_attempt(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default=arena_model) as server:
        outcome = run(pytester, server, "arena-reflexion", "-k", "OpenSettings", "--ma-repeat", "2", "-n", "0")
    outcome.assert_outcomes(passed=2)
    reflections = [r for r in server.requests if "earlier attempt" in r["messages"][0]["content"]]
    assert len(reflections) == 1 and "#open_app [Settings]#" in texts(reflections[0])
    assert "Lessons from earlier attempts" in texts(server.requests[-1])


def test_bmoca_taps_numbered_elements_as_dual_gestures(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default=bmoca_model) as server:
        outcome = run(pytester, server, "bmoca", "-k", "not Dial")
    outcome.assert_outcomes(passed=2)
    tap = results(pytester)["OpenNetworkSettings"]["steps"][1]["action"]
    assert tap["action_type"] == "dual_gesture" and "index" not in tap
    touch_y, touch_x, lift_y, lift_x = tap["gesture"]
    assert (touch_y, touch_x) == (lift_y, lift_x) and 0 < touch_y < 1 and 0 < touch_x < 1
    assert re.search(r'^\d+: TextView "Network & internet" id=title clickable', texts(server.requests[1]),
                     re.MULTILINE)
    assert any(e["response"].endswith("finish()") for e in logs(pytester))


def test_mobilebench_plans_and_mixes_api_calls_with_ui_actions(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default=mobilebench_model) as server:
        outcome = run(pytester, server, "mobilebench")
    outcome.assert_outcomes(passed=3)
    found = results(pytester)
    dial = found["DialNumber"]["steps"][0]["action"]
    assert dial == {"action_type": "api_call", "text": "dial", "args": {"number": "5551234"}}
    assert found["DialNumber"]["steps"][0]["command"] == "am start -a android.intent.action.DIAL -d tel:5551234"
    assert kinds(found["OpenNetworkSettings"]) == ["open_app", "click", "status"]
    assert any("numbered sub-tasks" in texts(r) and "dial(number)" in texts(r) for r in server.requests)
    assert any('<button id=' in texts(r) for r in server.requests)
    assert any('API: dial(number="5551234")' in e["response"] for e in logs(pytester))


@pytest.mark.parametrize("agent", ["seeact", "arena", "bmoca", "mobilebench"])
def test_malformed_replies_are_invalid_format_steps(pytester: pytest.Pytester, agent: str) -> None:
    with ScriptedServer(default="I am not sure what to do here.") as server:
        outcome = run(pytester, server, agent, "-k", "OpenSettings")
    outcome.assert_outcomes(failed=1)
    record = results(pytester)["OpenSettings"]
    assert record["metrics"]["invalid_format_fixed"] == 1.0 and record["terminated_by"] == "step_limit"
    # AndroidArena counts the errors the agent was shown: the last step's, shown to no step, is not counted
    n = record["num_steps"]
    assert record["metrics"]["invalid_format"] == pytest.approx((n - 1) / n)
