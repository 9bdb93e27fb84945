"""Agents that play actions decided beforehand: :class:`Replay` (a fixed action list, for the mutation proofs) and
:class:`RecordedAgent` (``--agent replay --ma-replay RUN``: one recorded episode's steps, step by step, comparing
each screen with the one the recording saw)."""

from __future__ import annotations

from typing import Any

from pytest_mobileagent.actions import Action, InvalidAction, InvalidOutput
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.observe.elements import Observation, screen_digest
from pytest_mobileagent.records import EpisodeRecord, record_episode


class Replay:
    """An agent that plays a fixed list of actions, then declares completion. Replaying rather than re-running
    the oracle keeps a mistake a mistake: the oracle would see its effect on screen and make up for it."""

    def __init__(self, actions: list[Any]) -> None:
        self.actions = actions
        self._next = 0

    def reset(self, goal: str, context: AgentContext) -> None:
        self._next = 0

    def step(self, observation: Observation) -> Any:
        if self._next >= len(self.actions):
            return Action.status("complete")
        self._next += 1
        return self.actions[self._next - 1]


class ReplayError(Exception):
    """The recording cannot go on (it ended otherwise than by the agent's own last action)."""


class _Unparsed:
    """What an agent returned that was neither an action nor an invalid output, as the recording printed it."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def recorded_output(step: dict[str, Any]) -> Any:
    """What the agent returned at a recorded step: the action, an invalid output (same kind and reason: the step
    is used up as it was), or the unparsed object, printed as the recording printed it."""
    if step.get("action") is not None:
        return Action.from_dict(step["action"])
    error = step.get("error") or ""
    if step.get("invalid"):
        return InvalidOutput(step["invalid"], error)
    return _Unparsed(error.removeprefix("invalid agent output: "))


class RecordedAgent(Replay):
    """Plays one recorded episode (:meth:`load`, before the episode): each step's recorded output, in order, and
    the device clock moved by the recorded thinking time (:attr:`think_time_s`). Each observation's screen is
    compared with the recording's (``StepRecord.screen``): the first that differs is :attr:`divergence`. Where
    the recording ended otherwise than by the agent's last action (its error, a timeout, a smaller step budget),
    the replay ends with the agent's error saying so."""

    def __init__(self) -> None:
        super().__init__([])
        self.record: EpisodeRecord | None = None
        self.divergence: dict[str, Any] | None = None
        #: The device seconds the current step's thinking took in the recording (None before the first step).
        self.think_time_s: float | None = None
        self.budget: tuple[int, int] | None = None

    def load(self, record: EpisodeRecord) -> None:
        """The episode to play next."""
        self.record = record
        try:
            self.actions = [recorded_output(s) for s in record.get("steps") or []]
        except InvalidAction as e:
            raise ReplayError(f"the recording of {record_episode(record)} holds an action this version refuses: "
                              f"{e}") from None

    def reset(self, goal: str, context: AgentContext) -> None:
        if self.record is None:
            raise ReplayError("no recorded episode was loaded: --agent replay plays the run --ma-replay names")
        super().reset(goal, context)
        self.divergence, self.think_time_s = None, None
        recorded = self.record.get("max_steps")
        #: The recorded step budget and this episode's, where they differ (the task's complexity changed).
        self.budget = None if recorded in (None, context.max_steps) else (recorded, context.max_steps)
        if not self.actions and self.record.get("terminated_by") == "agent_error":
            raise ReplayError(f"the recorded agent failed before its first step:\n{self.record.get('agent_error')}")

    def step(self, observation: Observation) -> Any:
        assert self.record is not None
        steps = self.record.get("steps") or []
        i = self._next
        if i >= len(steps):
            raise ReplayError(self._ended(i))
        recorded = steps[i]
        seen = screen_digest(observation.xml)
        if self.divergence is None and recorded.get("screen") not in (None, seen):
            self.divergence = {"step": i, "recorded_screen": recorded.get("screen"), "replayed_screen": seen,
                               "recorded_activity": f"{recorded.get('package')}/{recorded.get('activity')}",
                               "replayed_activity": f"{observation.package}/{observation.activity}"}
        self.think_time_s = float(recorded.get("agent_s") or 0.0)
        return super().step(observation)

    def _ended(self, step: int) -> str:
        assert self.record is not None
        how = self.record.get("terminated_by")
        if how == "agent_error":
            return f"the recorded agent failed at step {step}:\n{self.record.get('agent_error')}"
        return (f"the recording has no step {step}: its episode ended by {how} after {step} steps "
                f"(budget then {self.record.get('max_steps')})")

    def summary(self) -> dict[str, Any]:
        """What the result records of the replay: the recording's verdict and agent, and the first step whose
        screen differed (None: every screen was the recording's)."""
        assert self.record is not None
        r = self.record
        return {"episode": record_episode(r), "recorded_agent": r.get("agent"), "recorded_run": r.get("run_id"),
                "recorded_success": r.get("success"), "recorded_steps": len(r.get("steps") or []),
                "divergence": self.divergence,
                **({"max_steps": {"recorded": self.budget[0], "replayed": self.budget[1]}} if self.budget else {})}


__all__ = ["RecordedAgent", "Replay", "ReplayError", "recorded_output"]
