"""Fixtures, a chain a user can override one link at a time.

``ma_device_spec`` → ``ma_device`` (session, one per xdist worker) →
``ma_agent`` (session) → ``ma_episode`` (per item: restore the clean snapshot,
set the clock, set up the task, refuse a goal that already holds, run the
agent, check, record, and always tear down).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Iterator
from typing import Any

import pytest

from pytest_mobileagent.device.base import Device, InfrastructureError
from pytest_mobileagent.device.pool import open_device
from pytest_mobileagent.episode import EpisodeResult, MetricOptions, ensure_not_done, new_result, run_episode
from pytest_mobileagent.report.artifacts import save_artifacts, save_model_log, step_recorder
from pytest_mobileagent.sim.stores import DEFAULT_TIME
from pytest_mobileagent.tasks.registry import TaskCase

CLEAN_SNAPSHOT = "ma-clean"
EPISODE_KEY = pytest.StashKey[EpisodeResult]()


def _opt(config: pytest.Config, name: str) -> Any:
    from pytest_mobileagent.plugin import option

    return option(config, name)


@pytest.fixture(scope="session")
def ma_device_spec(request: pytest.FixtureRequest) -> str:
    """Which device this worker drives: ``sim`` or an adb serial (from the controller's pool)."""
    workerinput = getattr(request.config, "workerinput", {})
    return workerinput.get("ma_device") or configured_specs(request.config)[0]


def configured_specs(config: pytest.Config) -> list[str]:
    from pytest_mobileagent.device.pool import device_specs

    return device_specs(_opt(config, "device"), _opt(config, "serials"), _opt(config, "pool_file"))


@pytest.fixture(scope="session")
def ma_device(request: pytest.FixtureRequest, ma_device_spec: str) -> Iterator[Device]:
    """The worker's device, with a clean snapshot saved to restore before every item."""
    worker = getattr(request.config, "workerinput", {}).get("workerid", "master")
    device = open_device(ma_device_spec, name=worker)
    prepared = _opt(request.config, "snapshot")
    if prepared:  # a snapshot the user prepared (apps installed, onboarding done): restore it first
        device.snapshot_load(prepared)
    device.press("home")  # as AndroidWorld resets: the launcher in front, whatever the device showed
    device.set_time(DEFAULT_TIME)
    device.snapshot_save(CLEAN_SNAPSHOT)
    yield device
    device.close()


@pytest.fixture(scope="session")
def ma_device_config(ma_device: Device) -> dict[str, str]:
    """The worker device's configuration (model, size, density, locale, dark mode), recorded on every
    episode for success by configuration. Override it where a suite randomises the configuration."""
    from pytest_mobileagent.device.config import read_config

    return read_config(ma_device)


@pytest.fixture(scope="session")
def ma_agent_name(request: pytest.FixtureRequest) -> str:
    return _opt(request.config, "agent")


@pytest.fixture(scope="session")
def ma_agent(request: pytest.FixtureRequest, ma_agent_name: str) -> Any:
    """The agent under evaluation (one instance per worker, reset per episode)."""
    made = request.config.hook.pytest_mobileagent_make_agent(config=request.config, name=ma_agent_name)
    if made is not None:
        return made
    from pytest_mobileagent.agents.loading import make_agent

    return make_agent(ma_agent_name)


@pytest.fixture
def ma_clock() -> dt.datetime:
    """The device time every item starts at (AndroidWorld's 2023-10-15 15:34 UTC)."""
    return DEFAULT_TIME


def judge_episode(config: pytest.Config, result: EpisodeResult, device: Device) -> list[dict[str, Any]]:
    """``--ma-llm-judge``: the model's verdict on the finished episode; returns the judge's request log."""
    from pytest_mobileagent.llm.client import LLMClient
    from pytest_mobileagent.llm.judge import judge
    from pytest_mobileagent.observe.elements import element_lines, ui_elements

    client = LLMClient.from_config(config)
    if _opt(config, "llm_judge_model"):
        client = dataclasses.replace(client, model=_opt(config, "llm_judge_model"), log=[])
    screen = element_lines(ui_elements(device.hierarchy()))
    actions = [f"{s.action} on {s.target}" if s.target else str(s.action) for s in result.steps if s.action]
    verdict = judge(client, result.goal, actions, result.answer, screen)
    result.judged_success, result.judge_reason = verdict.success, verdict.reason
    return [dict(entry, role="judge") for entry in client.log]


def _resumed(config: pytest.Config) -> dict[str, Any]:
    from pytest_mobileagent.plugin import RESUMED_KEY

    return config.stash.get(RESUMED_KEY, {})


@pytest.fixture
def ma_episode(request: pytest.FixtureRequest, task_case: TaskCase, ma_device: Device, ma_agent: Any,
               ma_agent_name: str, ma_clock: dt.datetime, ma_device_config: dict[str, str]
               ) -> Iterator[EpisodeResult]:
    """Run the item's episode; the test body only asserts on the result.

    The episode runs in fixture setup so that infrastructure failures are
    pytest errors, while agent failures are test failures.
    """
    config = request.config
    retries = int(_opt(config, "infra_retries"))
    task = task_case.make()
    result = new_result(task, ma_agent_name, task_case.index, task_case.agent_seed, request.node.nodeid,
                        repeat=task_case.repeat)
    earlier = _resumed(config).get(f"{task_case.id}@{ma_agent_name}")
    if earlier is not None and earlier.get("params") == json.loads(json.dumps(task_case.params, default=str)):
        result = EpisodeResult.from_json(earlier)
        result.resumed = True
        request.node.stash[EPISODE_KEY] = result
        yield result
        return
    try:
        for attempt in range(retries + 1):
            try:
                ma_device.snapshot_load(CLEAN_SNAPSHOT)
                ma_device.set_time(ma_clock)
                task.setup(ma_device)
                ensure_not_done(ma_device, task)
                result = new_result(task, ma_agent_name, task_case.index, task_case.agent_seed,
                                    request.node.nodeid, repeat=task_case.repeat)
                result.device_config = dict(ma_device_config)
                run_episode(ma_device, task, ma_agent, result, require_complete=bool(_opt(config, "require_complete")),
                            on_observation=step_recorder(config, request.node),
                            metric_options=MetricOptions(float(_opt(config, "lcs_gamma")),
                                                         float(_opt(config, "text_similarity"))))
                break
            except InfrastructureError:
                if attempt == retries:
                    raise
        log = list(getattr(ma_agent, "episode_log", None) or [])
        if _opt(config, "llm_judge"):
            log += judge_episode(config, result, ma_device)
        request.node.stash[EPISODE_KEY] = result
        save_artifacts(config, request.node, result, ma_device)
        save_model_log(config, request.node, log)
        yield result
    finally:
        task.teardown(ma_device)
