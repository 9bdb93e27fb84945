"""Model-driven agents in AndroidWorld's reason-then-act style: ``t3a`` (text only) and ``m3a`` (multimodal).

Each step the agent shows the model the goal, a summary of what its earlier steps did, and the screen
(``t3a``: the numbered element list; ``m3a``: the same list plus the screenshot with each element's
number boxed on it, a set-of-mark image), and asks for one line of reasoning and one JSON action. After
an action, the next step first asks the model what that action changed (before and after element
lists), and keeps the answer as the step's summary: the history later prompts carry.

Output that holds no parseable JSON action is an invalid-format step; an action outside the action
space an invalid-action step (:class:`~pytest_mobileagent.episode.InvalidOutput`): the step is used
up, nothing happens on the device. The model is reached through :class:`~pytest_mobileagent.llm.client.LLMClient`.
"""

from __future__ import annotations

import time
from typing import Any

from pytest_mobileagent.actions import Action, InvalidOutput
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.agents.parsing import first_json_object, parse_json_action
from pytest_mobileagent.llm.client import LLMClient, Usage, image_part
from pytest_mobileagent.observe.elements import Observation, element_lines
from pytest_mobileagent.observe.set_of_mark import set_of_mark

ACTION_SPACE = """Actions, as one JSON object:
- {"action_type": "click", "index": <element number>}
- {"action_type": "long_press", "index": <element number>}
- {"action_type": "input_text", "text": "<text>", "index": <number of the field>}
- {"action_type": "scroll", "direction": "up|down|left|right"}   (optionally with "index" of the list)
- {"action_type": "open_app", "app_name": "<name>"}
- {"action_type": "navigate_back"}, {"action_type": "navigate_home"}, {"action_type": "keyboard_enter"}
- {"action_type": "wait"}
- {"action_type": "answer", "text": "<answer>"}   when the goal is a question
- {"action_type": "status", "goal_status": "complete"}   when the goal is reached ("infeasible" if it cannot be)"""

SYSTEM = ("You operate an Android phone for a user, one action at a time, to reach their goal. You see the screen "
          "as numbered UI elements{image}. Think briefly, then act.\n\n" + ACTION_SPACE + "\n\nReply in exactly "
          "two lines:\nReason: <why this action brings the goal closer>\nAction: <the JSON object>")


def element_list(obs: Observation) -> str:
    return element_lines(obs.elements) or "(no elements: the screen may be loading)"


#: The reason-then-act agents answer in AndroidWorld's JSON.
parse_action = parse_json_action


class ModelAgent:
    """What every model-driven agent shares: the client, the episode's request log, and per-step token
    accounting. Subclasses implement :meth:`decide`, asking the model through :meth:`ask`."""

    multimodal = False
    #: The run checks the endpoint and key once before any item (``agents.loading.uses_model``).
    uses_model = True

    def __init__(self, client: LLMClient):
        self.client = client
        self.goal = ""
        self.step_usage: dict[str, Any] | None = None
        #: The current step's model requests as sent (images included) and replies, with usage and latency: what
        #: the episode's trace shows (redacted there). Replaced at every step.
        self.step_exchanges: list[dict[str, Any]] = []
        self._usage = Usage()

    @property
    def episode_log(self) -> list[dict[str, Any]]:
        """The requests and responses of the current episode (images elided, no key)."""
        return self.client.log

    def reset(self, goal: str, context: AgentContext) -> None:
        self.goal = goal
        self.client.log.clear()

    def ask(self, messages: list[dict[str, Any]]) -> str:
        """One model request, its tokens and cost counted to the current step."""
        started = time.perf_counter()
        reply = self.client.chat(messages)
        self._usage.add(reply.usage)
        self.step_exchanges.append({"model": self.client.model, "messages": messages, "reply": reply.text,
                                    "usage": reply.usage.to_dict(),
                                    "latency_s": round(time.perf_counter() - started, 6)})
        return reply.text

    def step(self, observation: Observation) -> Action | InvalidOutput:
        self._usage = Usage()
        self.step_exchanges = []
        try:
            return self.decide(observation)
        finally:
            self.step_usage = self._usage.to_dict()

    def decide(self, observation: Observation) -> Action | InvalidOutput:
        raise NotImplementedError


class LLMAgent(ModelAgent):
    """AndroidWorld's reason-then-act loop with step summaries; subclasses choose whether the model sees the
    screenshot."""

    def reset(self, goal: str, context: AgentContext) -> None:
        super().reset(goal, context)
        self.summaries: list[str] = []
        self.pending: tuple[str, str] | None = None  # (action described, element list before it)

    def decide(self, observation: Observation) -> Action | InvalidOutput:
        screen = element_list(observation)
        if self.pending is not None:
            self.summarize(*self.pending, screen)
            self.pending = None
        action = parse_action(self.ask(self.messages(observation, screen)))
        if isinstance(action, Action):
            self.pending = (action.describe(), screen)
        else:
            self.summaries.append(f"Step {observation.step + 1}: my reply had no usable action ({action.reason}).")
        return action

    def messages(self, obs: Observation, screen: str) -> list[dict[str, Any]]:
        history = "\n".join(self.summaries[-8:]) or "(this is the first step)"
        text = (f"Goal: {self.goal}\n\nWhat my earlier steps did:\n{history}\n\nCurrent app: {obs.package}\n"
                f"Screen elements:\n{screen}")
        system = SYSTEM.replace("{image}", " and as a screenshot with those numbers boxed on it" if self.multimodal
                                else "")
        content: Any = text
        if self.multimodal:
            content = [{"type": "text", "text": text}, image_part(set_of_mark(obs))]
        return [{"role": "system", "content": system}, {"role": "user", "content": content}]

    def summarize(self, action: str, before: str, after: str) -> None:
        """Ask what the last action changed; keep the answer as that step's summary."""
        prompt = (f"Goal: {self.goal}\nAction taken: {action}\n\nScreen before:\n{before}\n\nScreen after:\n{after}"
                  "\n\nIn one sentence: what did the action change, and did it help the goal?")
        text = self.ask([{"role": "user", "content": prompt}])
        self.summaries.append(f"Step {len(self.summaries) + 1}: {action} -> {text.strip()[:300]}")


class T3A(LLMAgent):
    """Text-only: the model reads the element list."""


class M3A(LLMAgent):
    """Multimodal: the model also sees the set-of-mark screenshot."""

    multimodal = True


__all__ = ["M3A", "T3A", "LLMAgent", "ModelAgent", "first_json_object", "parse_action"]
