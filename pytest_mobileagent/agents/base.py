"""The agent protocol."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pytest_mobileagent.actions import Action
    from pytest_mobileagent.observe.elements import Observation
    from pytest_mobileagent.tasks.base import Task


@dataclass
class AgentContext:
    """What an agent may know about an episode besides the goal.

    ``task`` is there for the oracle and for replay agents; an agent under
    evaluation should read only the goal and its observations.
    """

    task: Task
    max_steps: int
    seed: int


@runtime_checkable
class Agent(Protocol):
    """Chooses one action per observation."""

    def reset(self, goal: str, context: AgentContext) -> None:
        """Start a new episode."""

    def step(self, observation: Observation) -> Action:
        """The next action; a ``status`` or ``answer`` action ends the episode."""
