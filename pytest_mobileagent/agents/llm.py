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

import io
import json
from typing import Any

from PIL import Image, ImageDraw

from pytest_mobileagent.actions import Action, InvalidAction
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.episode import InvalidOutput
from pytest_mobileagent.llm.client import LLMClient, Usage, image_part
from pytest_mobileagent.observe.elements import Observation

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
    lines = [f"{i}: {el.describe()}" for i, el in enumerate(obs.elements)]
    return "\n".join(lines) or "(no elements: the screen may be loading)"


def first_json_object(text: str) -> str | None:
    """The first balanced ``{...}`` in ``text`` (after "Action:" if present), ignoring braces inside strings."""
    start_at = text.find("Action:")
    scan = text[start_at:] if start_at >= 0 else text
    start = scan.find("{")
    if start < 0:
        return None
    depth, in_string, escaped = 0, False, False
    for i, ch in enumerate(scan[start:], start):
        if in_string:
            escaped = ch == "\\" and not escaped
            if ch == '"' and not escaped:
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return scan[start:i + 1]
    return None


def parse_action(text: str) -> Action | InvalidOutput:
    """The action in a model reply, or why there is none."""
    found = first_json_object(text)
    if found is None:
        return InvalidOutput("format", "no JSON action in the model's reply", text[:500])
    try:
        data = json.loads(found)
    except json.JSONDecodeError as e:
        return InvalidOutput("format", f"the action is not valid JSON: {e}", text[:500])
    if not isinstance(data, dict):
        return InvalidOutput("format", "the action is not a JSON object", text[:500])
    try:
        return Action.from_dict(data)
    except (InvalidAction, TypeError, ValueError) as e:
        return InvalidOutput("action", f"not an action of the action space: {e}", text[:500])


def set_of_mark(obs: Observation) -> bytes:
    """The screenshot with each element's bounds boxed and numbered as in the element list."""
    image = Image.open(io.BytesIO(obs.screenshot)).convert("RGB")
    pen = ImageDraw.Draw(image)
    for i, el in enumerate(obs.elements):
        x1, y1, x2, y2 = el.bounds
        pen.rectangle((x1, y1, x2, y2), outline=(255, 0, 0), width=3)
        pen.rectangle((x1, y1, x1 + 34, y1 + 26), fill=(255, 0, 0))
        pen.text((x1 + 4, y1 + 4), str(i), fill=(255, 255, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


class LLMAgent:
    """The shared loop; subclasses choose whether the model sees the screenshot."""

    multimodal = False

    def __init__(self, client: LLMClient | None = None):
        if client is None:
            from pytest_mobileagent.plugin import current_config

            client = LLMClient.from_config(current_config())
        self.client = client
        self.goal = ""
        self.summaries: list[str] = []
        self.pending: tuple[str, str] | None = None  # (action described, element list before it)
        self.step_usage: dict[str, Any] | None = None

    @property
    def episode_log(self) -> list[dict[str, Any]]:
        """The requests and responses of the current episode (images elided, no key)."""
        return self.client.log

    def reset(self, goal: str, context: AgentContext) -> None:
        self.goal, self.summaries, self.pending = goal, [], None
        self.client.log.clear()

    def step(self, observation: Observation) -> Action | InvalidOutput:
        usage = Usage()
        screen = element_list(observation)
        if self.pending is not None:
            usage.add(self.summarize(*self.pending, screen))
            self.pending = None
        reply = self.client.chat(self.messages(observation, screen))
        usage.add(reply.usage)
        self.step_usage = usage.to_dict()
        action = parse_action(reply.text)
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

    def summarize(self, action: str, before: str, after: str) -> Usage:
        """Ask what the last action changed; keep the answer as that step's summary."""
        prompt = (f"Goal: {self.goal}\nAction taken: {action}\n\nScreen before:\n{before}\n\nScreen after:\n{after}"
                  "\n\nIn one sentence: what did the action change, and did it help the goal?")
        reply = self.client.chat([{"role": "user", "content": prompt}])
        self.summaries.append(f"Step {len(self.summaries) + 1}: {action} -> {reply.text.strip()[:300]}")
        return reply.usage


class T3A(LLMAgent):
    """Text-only: the model reads the element list."""


class M3A(LLMAgent):
    """Multimodal: the model also sees the set-of-mark screenshot."""

    multimodal = True


__all__ = ["M3A", "T3A", "LLMAgent", "first_json_object", "parse_action", "set_of_mark"]
