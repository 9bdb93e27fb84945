"""Built-in agents: ``oracle`` (the task's own solution), ``noop``, ``random``, ``replay`` (a recorded run's
actions, :mod:`~pytest_mobileagent.agents.replay`), and the model agents ``t3a``,
``m3a``, ``seeact``, ``arena`` (``arena-explore``, ``arena-reflexion``), ``mobilebench`` and ``bmoca``."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.oracle import UI

if TYPE_CHECKING:
    from pytest_mobileagent.llm.client import LLMClient
    from pytest_mobileagent.tasks.base import Task


class OracleAgent:
    """Plays the task's oracle solution, which reads each observation like an agent would."""

    def __init__(self) -> None:
        self._ui = UI()
        self._task: Task | None = None
        self._plan: Iterator[Action] | None = None

    def prepare(self, task: Task) -> None:
        self._task = task

    def reset(self, goal: str, context: AgentContext) -> None:
        assert self._task is not None, "prepare(task) was not called"
        self._ui = UI(locale=context.locale)
        self._plan = iter(self.solution(self._task, self._ui))

    def solution(self, task: Task, ui: UI) -> Iterator[Action]:
        """The actions to play: the task's oracle."""
        return task.oracle(ui)

    def step(self, observation: Observation) -> Action:
        assert self._plan is not None, "reset() was not called"
        self._ui.observation = observation
        try:
            return next(self._plan)
        except StopIteration:
            return Action.status("complete")


class ReferenceAgent(OracleAgent):
    """Plays the task's reference solution (:meth:`~pytest_mobileagent.tasks.base.Task.reference`), whose
    recorded actions are its ground truth."""

    def solution(self, task: Task, ui: UI) -> Iterator[Action]:
        return task.reference(ui)


class NoopAgent:
    """Only waits: the baseline every task must fail."""

    def reset(self, goal: str, context: AgentContext) -> None:
        pass

    def step(self, observation: Observation) -> Action:
        return Action.wait(1.0)


class RandomAgent:
    """Random actions over the real action space, seeded per episode."""

    KEYS = ("navigate_back", "navigate_home", "keyboard_enter")

    def __init__(self) -> None:
        self._rng = random.Random(0)

    def reset(self, goal: str, context: AgentContext) -> None:
        self._rng = random.Random(context.seed)

    def step(self, observation: Observation) -> Action:
        rng = self._rng
        elements = observation.elements
        roll = rng.random()
        if elements and roll < 0.6:
            return Action.click(index=rng.randrange(len(elements)))
        if elements and roll < 0.7:
            editable = [i for i, e in enumerate(elements) if e.editable]
            if editable:
                word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rng.randint(1, 8)))
                return Action.type(word, index=rng.choice(editable))
        if roll < 0.85:
            return Action.scroll(rng.choice(("up", "down", "left", "right")))
        return Action(rng.choice(self.KEYS))


F = TypeVar("F", bound=Callable[..., object])


def _model_agent(factory: F) -> F:
    """Declare that a lazily importing factory builds a model agent (``uses_model``, as the classes do): it is
    called with the run's model client."""
    factory.uses_model = True  # type: ignore[attr-defined]
    return factory


@_model_agent
def t3a(client: LLMClient) -> object:
    """AndroidWorld's text-only model agent (see :mod:`pytest_mobileagent.agents.llm`)."""
    from pytest_mobileagent.agents.llm import T3A

    return T3A(client)


@_model_agent
def m3a(client: LLMClient) -> object:
    """AndroidWorld's multimodal model agent (see :mod:`pytest_mobileagent.agents.llm`)."""
    from pytest_mobileagent.agents.llm import M3A

    return M3A(client)


@_model_agent
def seeact(client: LLMClient) -> object:
    """SeeAct: plan in prose from the screenshot, then ground by multiple choice."""
    from pytest_mobileagent.agents.seeact import SeeAct

    return SeeAct(client)


@_model_agent
def arena(client: LLMClient, exploration_hint: bool = False, reflexion: bool = False) -> object:
    """AndroidArena's ReAct agent over the compressed UI tree."""
    from pytest_mobileagent.agents.arena import Arena

    return Arena(client, exploration_hint=exploration_hint, reflexion=reflexion)


@_model_agent
def mobilebench(client: LLMClient) -> object:
    """Mobile-Bench's planner: API calls or UI actions over the HTML view."""
    from pytest_mobileagent.agents.mobilebench import MobileBench

    return MobileBench(client)


@_model_agent
def bmoca(client: LLMClient) -> object:
    """B-MoCA's agent: numbered elements, call-style options, dual gestures."""
    from pytest_mobileagent.agents.bmoca import BMoCA

    return BMoCA(client)


def replay() -> object:
    """The recorded run's actions (``--ma-replay RUN``), item by item."""
    from pytest_mobileagent.agents.replay import RecordedAgent

    return RecordedAgent()


BUILTIN = {"oracle": OracleAgent, "noop": NoopAgent, "random": RandomAgent, "replay": replay, "t3a": t3a, "m3a": m3a,
           "seeact": seeact, "arena": arena, "arena-explore": _model_agent(partial(arena, exploration_hint=True)),
           "arena-reflexion": _model_agent(partial(arena, reflexion=True)), "mobilebench": mobilebench, "bmoca": bmoca}
