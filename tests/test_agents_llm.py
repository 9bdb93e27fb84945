"""The model agents (t3a, m3a) and the client, for real over HTTP through the openai package to a scripted server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.llm.client import EndpointError, LLMClient
from pytest_mobileagent.llm.scripted import ScriptedServer
from tests.pytester_tasks import OPEN_SETTINGS

TASK = OPEN_SETTINGS
SENTINEL = "sk-test-SENTINEL-never-logged"


def user_text(request: dict[str, Any]) -> str:
    content = request["messages"][-1]["content"]
    return content if isinstance(content, str) else " ".join(p.get("text", "") for p in content)


def competent(request: dict[str, Any]) -> str:
    """A model that knows how to open Settings, and describes what its last action did."""
    text = user_text(request)
    if "Action taken:" in text:
        return "The Settings app opened, which is the goal."
    if "Current app: com.android.settings" in text:
        return 'Reason: Settings is open.\nAction: {"action_type": "status", "goal_status": "complete"}'
    return 'Reason: open the app directly.\nAction: {"action_type": "open_app", "app_name": "Settings"}'


def run(pytester: pytest.Pytester, server: ScriptedServer, agent: str, *extra: str) -> pytest.RunResult:
    pytester.makepyfile(tasks_llm=TASK)
    return pytester.runpytest_subprocess("tasks_llm.py", "--agent", agent, "--ma-llm-base-url", server.base_url,
                                         "--ma-llm-model", "scripted-1", "--ma-run-id", "llm", *extra)


def results(pytester: pytest.Pytester) -> list[dict[str, Any]]:
    path = Path(pytester.path, "reports", "llm", "results.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("agent", ["t3a", "m3a"])
def test_agent_reaches_the_goal_and_logs_its_prompts(pytester: pytest.Pytester, monkeypatch, agent: str) -> None:
    monkeypatch.setenv("MA_LLM_API_KEY", SENTINEL)
    with ScriptedServer(default=competent) as server:
        outcome = run(pytester, server, agent, "--ma-llm-prices", "2.5,10")
    outcome.assert_outcomes(passed=1)
    [result] = results(pytester)
    assert [s["action"]["action_type"] for s in result["steps"]] == ["open_app", "status"]
    assert result["usage"]["prompt_tokens"] > 0 and result["usage"]["cost_usd"] > 0
    first = server.requests[0]
    assert first["model"] == "scripted-1" and "Open the Settings app." in user_text(first)
    has_image = isinstance(first["messages"][-1]["content"], list) and any(
        p.get("type") == "image_url" for p in first["messages"][-1]["content"])
    assert has_image == (agent == "m3a")
    assert server.authorizations[0] == f"Bearer {SENTINEL}"  # the key was used...
    run_dir = Path(pytester.path, "reports", "llm")
    [log] = (run_dir / "llm").glob("*.jsonl")
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(entries) == 3 and entries[0]["response"].startswith("Reason:")  # two actions and one summary
    for path in run_dir.rglob("*"):  # ...and never written down
        if path.is_file():
            assert SENTINEL.encode() not in path.read_bytes(), path


def test_malformed_output_is_an_invalid_format_step_not_a_crash(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default="I think I should open Settings somehow.") as server:
        outcome = run(pytester, server, "t3a")
    outcome.assert_outcomes(failed=1)
    [result] = results(pytester)
    assert result["steps"] and all(s["invalid"] == "format" for s in result["steps"])
    assert result["terminated_by"] == "step_limit"


def test_an_action_outside_the_space_is_an_invalid_action_step(pytester: pytest.Pytester) -> None:
    script = ['Action: {"action_type": "teleport", "to": "Settings"}']
    with ScriptedServer(script, default=competent) as server:
        outcome = run(pytester, server, "t3a")
    outcome.assert_outcomes(passed=1)
    assert results(pytester)[0]["steps"][0]["invalid"] == "action"


def test_an_endpoint_that_never_answers_is_an_infrastructure_error(pytester: pytest.Pytester) -> None:
    with ScriptedServer(default={"hang": 30}) as server:
        outcome = run(pytester, server, "t3a", "--ma-llm-timeout", "1", "--ma-llm-retries", "1",
                      "--ma-infra-retries", "0")
    outcome.assert_outcomes(errors=1)
    assert "EndpointError" in outcome.stdout.str()


def test_two_rate_limits_then_success_cost_two_retries() -> None:
    with ScriptedServer([{"status": 429}, {"status": 429}, "fine"]) as server:
        client = LLMClient("scripted-1", base_url=server.base_url, retries=3, backoff_s=0.01)
        reply = client.chat([{"role": "user", "content": "hello"}])
    assert reply.text == "fine" and reply.usage.retries == 2
    assert [a["error"] for a in client.log[0]["attempts"]] == ["RateLimitError", "RateLimitError"]


def test_retries_are_bounded() -> None:
    with ScriptedServer(default={"status": 503}) as server:
        client = LLMClient("scripted-1", base_url=server.base_url, retries=2, backoff_s=0.01)
        with pytest.raises(EndpointError, match="after 3 attempt"):
            client.chat([{"role": "user", "content": "hello"}])
        assert len(server.requests) == 3


def test_parsing_tolerates_fences_prose_and_braces_in_strings() -> None:
    from pytest_mobileagent.agents.llm import parse_action

    assert parse_action('Reason: go.\nAction: {"action_type": "click", "index": 3}').index == 3
    assert parse_action('```json\n{"action_type": "input_text", "text": "a}b", "index": 2}\n```').text == "a}b"
    assert parse_action("I will click the button").kind == "format"
    assert parse_action('Action: {"action_type": "click", "index": 3').kind == "format"


def test_the_model_judge_is_reported_beside_verified_success(pytester: pytest.Pytester) -> None:
    def model(request: dict[str, Any]) -> str:
        if "You judge whether" in str(request["messages"][0]["content"]):
            return "Verdict: no\nReason: I doubt it."  # a judge that disagrees with the state
        return competent(request)

    with ScriptedServer(default=model, models=("scripted-1", "judge-9")) as server:
        outcome = run(pytester, server, "t3a", "--ma-llm-judge", "--ma-llm-judge-model", "judge-9")
    outcome.assert_outcomes(passed=1)  # the state decides the item
    [result] = results(pytester)
    assert result["success"] == 1.0 and result["judged_success"] == 0.0 and result["judge_reason"] == "I doubt it."
    outcome.stdout.fnmatch_lines(["*model judge: 0.0% judged successful over 1 episodes; agrees with the state "
                                  "check on 0.0%*"])
    assert server.requests[-1]["model"] == "judge-9" and server.requests[0]["model"] == "scripted-1"
    judge_request = server.requests[-1]["messages"][-1]["content"]
    assert "Goal: Open the Settings app." in judge_request and "Final screen elements:" in judge_request
    [log] = Path(pytester.path, "reports", "llm", "llm").glob("*.jsonl")
    assert json.loads(log.read_text().splitlines()[-1])["role"] == "judge"


def test_an_endpoint_that_trickles_is_cut_at_the_requests_total_time() -> None:
    """One byte every half second keeps every read under the timeout; the request still ends at its total time,
    as the endpoint's timeout (the whole reply would take minutes and then succeed)."""
    with ScriptedServer(default={"drip": 0.5, "text": "fine"}) as server:
        client = LLMClient("scripted-1", base_url=server.base_url, timeout=2.0, retries=0)
        with pytest.raises(EndpointError, match="APITimeoutError after 1 attempt"):
            client.chat([{"role": "user", "content": "hello"}])
    assert client.log[0]["attempts"][0]["error"] == "APITimeoutError"


def test_a_huge_reply_is_read_no_further_than_the_cap_and_is_the_models_invalid_output() -> None:
    import tracemalloc

    from pytest_mobileagent.llm.transport import MAX_REPLY_BYTES

    with ScriptedServer([{"huge": 64 * 2**20}]) as server:
        client = LLMClient("scripted-1", base_url=server.base_url, retries=0)
        tracemalloc.start()
        try:
            reply = client.chat([{"role": "user", "content": "hello"}])
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert reply.text == "" and client.log[0]["reply_too_large"] == {"max_bytes": MAX_REPLY_BYTES}
    assert peak < 4 * MAX_REPLY_BYTES  # not the 64 MiB sent, nor copies of it


def test_a_reply_too_long_is_an_invalid_format_step_of_the_agent(pytester: pytest.Pytester) -> None:
    with ScriptedServer([{"huge": 5 * 2**20}], default=competent) as server:
        outcome = run(pytester, server, "t3a", "--ma-infra-retries", "0")
    outcome.assert_outcomes(passed=1)  # the step was used up; the next reply reached the goal
    [result] = results(pytester)
    assert result["steps"][0]["invalid"] == "format" and result["outcome"] == "success"


def test_the_base_urls_query_goes_with_every_request() -> None:
    with ScriptedServer(["fine"]) as server:
        client = LLMClient("scripted-1", base_url=server.base_url + "?api-version=2024-06-01", retries=0)
        assert client.chat([{"role": "user", "content": "hello"}]).text == "fine"
    assert server.paths == ["/v1/chat/completions?api-version=2024-06-01"]
