"""The agent protocol: what the plugin calls on an agent, and what an agent may report back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pytest_mobileagent.actions import Action, InvalidOutput
    from pytest_mobileagent.observe.elements import Observation
    from pytest_mobileagent.tasks.base import Task


@dataclass(frozen=True)
class AgentContext:
    """What an agent may know about an episode besides the goal and its observations."""

    #: The step budget: the episode ends after this many steps.
    max_steps: int
    #: The episode's seed (repeated runs of one instance differ only in it), for agents that sample.
    seed: int
    #: The apps the task is about (AndroidWorld's app names).
    apps: tuple[str, ...] = ()
    #: The device's locale (``de-DE``; "" when unknown), for agents and oracles that read localized screens.
    locale: str = ""


@runtime_checkable
class Agent(Protocol):
    """Chooses one action per observation."""

    def reset(self, goal: str, context: AgentContext) -> None:
        """Start a new episode."""

    def step(self, observation: Observation) -> Action | InvalidOutput:
        """The next action; a ``status`` or ``answer`` action ends the episode. Model output that does not
        parse, or parses to an action outside the space, is an :class:`~pytest_mobileagent.actions.InvalidOutput`:
        the step is used up and nothing happens on the device."""


@runtime_checkable
class ReportsUsage(Protocol):
    """An agent that calls a model reports what each step cost and what it asked (optional)."""

    #: Tokens and cost of the last step: ``prompt_tokens``, ``completion_tokens``, ``cost_usd``, ``retries``.
    step_usage: dict[str, Any] | None
    #: The episode's model requests and responses (images elided, no key), saved beside the results.
    episode_log: list[dict[str, Any]]


@runtime_checkable
class TaskAware(Protocol):
    """An agent that plays the task's own solution (the oracle, replays): it is handed the task before
    :meth:`Agent.reset`. An agent under evaluation does not implement this."""

    def prepare(self, task: Task) -> None:
        """Take the episode's task."""


__all__ = ["Agent", "AgentContext", "ReportsUsage", "TaskAware"]
