"""Every task proves itself: for many parameter draws the oracle succeeds and a do-nothing agent fails.

A failing draw is printed by hypothesis with a reproduction blob (``print_blob``);
``MA_PROOF_EXAMPLES`` sets the number of draws per task (default 6).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from mobileagent_sim import SimDevice
from pytest_mobileagent.agents.builtin import NoopAgent, OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import EpisodeResult, play
from pytest_mobileagent.tasks.base import Task
from tests.suite_tasks import all_tasks, quick_sample

EXAMPLES = int(os.environ.get("MA_PROOF_EXAMPLES", "6"))
TASKS = all_tasks()


@pytest.fixture(scope="module")
def device() -> Iterator[SimDevice]:
    d = SimDevice(serial="sim-proofs")
    d.snapshot_save("clean")
    yield d
    d.close()


def episode(device: SimDevice, task: Task, agent: Any) -> EpisodeResult:
    device.snapshot_load("clean")
    device.set_time(DEFAULT_TIME)
    return play(device, task, agent)


def test_suites_define_tasks() -> None:
    assert len(TASKS) >= 25
    names = [(t.suite, t.name) for t in TASKS]
    assert len(names) == len(set(names)), "task names must be unique within a suite"


#: One task in this many is proven in the README's test command (the main job runs every task's oracle), the rest
#: in CI's ``compat`` stage.
SAMPLE = 3


@pytest.mark.parametrize("task_cls", quick_sample(TASKS, SAMPLE, lambda t: f"{t.suite}.{t.name}"))
def test_oracle_succeeds_and_noop_fails(task_cls: type[Task], device: SimDevice) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True, print_blob=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(task_cls.parameters())
    def prove(params: dict[str, Any]) -> None:
        oracle = episode(device, task_cls(params), OracleAgent())
        assert oracle.success == 1.0, (f"oracle failed on {params}: steps={oracle.actions} "
                                       f"error={oracle.agent_error} saw={oracle.validator_state}")
        assert oracle.num_steps <= oracle.max_steps
        if task_cls.recorded_ground_truth:  # the ground truth is the reference played alike: full marks
            assert (oracle.metrics["ntr"], oracle.metrics["rrr"]) == (1.0, 1.0), (
                f"the oracle does not match its own ground truth on {params}: {oracle.metrics}")
        noop = episode(device, task_cls(params), NoopAgent())
        assert noop.success == 0.0, f"a do-nothing agent succeeded on {params}"

    prove()
