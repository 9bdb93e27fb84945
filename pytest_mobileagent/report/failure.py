"""The assertion of a task item, with a failure message a reviewer can act on."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from pytest_mobileagent.capped import SHOWN_MAX, cap
from pytest_mobileagent.text import encodable

if TYPE_CHECKING:
    from pytest_mobileagent.episode import EpisodeResult

LAST_ACTIONS = 5


def failure_message(result: EpisodeResult, threshold: float) -> str:
    lines = [
        f"{result.task}[{result.instance}] not achieved: success {result.success:.2f} < {threshold:.2f}",
        f"  goal:        {cap(result.goal, SHOWN_MAX)}",
        f"  parameters:  {json.dumps(result.params, default=str, sort_keys=True)[:500]}",
        f"  agent:       {result.agent}; steps {result.num_steps}/{result.max_steps}; "
        f"ended by {result.terminated_by}; self-reported {result.self_reported or '-'}",
    ]
    if result.timed_out:
        t = result.timed_out
        lines.append(f"  timed out:   --ma-episode-timeout {t['limit_s']:g} s passed; the agent's steps took "
                     f"{t['agent_s'] + t['model_s']:g} s of {t['elapsed_s']:g} s")
    if result.answer is not None:
        lines.append(f"  answer:      {cap(repr(result.answer), SHOWN_MAX)}")
    if result.state_success != result.success:
        lines.append(f"  state check: {result.state_success:.2f} (zeroed: the agent did not declare completion, "
                     "which this run or task requires)")
    if result.constraint_violations:
        violated = cap("; ".join(result.constraint_violations[:5]), SHOWN_MAX)
        lines.append(f"  constraint violated (success zeroed): {violated}")
    tail = result.steps[-LAST_ACTIONS:]
    if tail:
        lines.append("  last actions:")
        for s in tail:
            act = cap(json.dumps(s.action, sort_keys=True, default=str), SHOWN_MAX) if s.action else "-"
            err = f"  !! {cap(s.error, SHOWN_MAX)}" if s.error else ""
            lines.append(f"    {s.index:3d} {s.package}: {act}{err}")
    if result.validator_state:
        lines.append(f"  validator saw: {cap(result.validator_state, SHOWN_MAX)}")
    if result.agent_error:
        lines.append("  agent raised:\n    " + cap(result.agent_error.strip(), SHOWN_MAX).replace("\n", "\n    "))
    return encodable("\n".join(lines))


def assert_passed(result: EpisodeResult, threshold: float = 1.0) -> None:
    """Fail the item unless the episode reached the success threshold."""
    if result.success < threshold:
        pytest.fail(failure_message(result, threshold), pytrace=False)
