"""``seeact``: SeeAct's two stages, adapted to a phone as AndroidWorld did.

Each step the model first looks at the screenshot and the goal and writes, in prose, what to do next
(action generation). A second request then grounds that plan: the screen's elements are offered as a
multiple-choice list (``A``, ``B``, ... and a last option for "none of these") and the model answers with
three lines, ``ELEMENT:``, ``ACTION:`` and ``VALUE:``. The chosen option and operation become the action.
"""

from __future__ import annotations

import re
from typing import Any

from pytest_mobileagent.actions import Action, InvalidAction, InvalidOutput
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.agents.llm import ModelAgent
from pytest_mobileagent.llm.client import image_part
from pytest_mobileagent.observe.elements import Observation

OPERATIONS = ("CLICK", "LONG_PRESS", "TYPE", "SCROLL UP", "SCROLL DOWN", "SCROLL LEFT", "SCROLL RIGHT",
              "PRESS BACK", "PRESS HOME", "PRESS ENTER", "OPEN APP", "ANSWER", "DONE", "IMPOSSIBLE", "WAIT")
#: Operations that need an element chosen from the list.
ON_ELEMENT = ("CLICK", "LONG_PRESS", "TYPE")

PLAN = ("You are helping a user operate an Android phone. Look at the screenshot of the current screen and read "
        "the goal and the actions taken so far. Then, in a few sentences of plain prose, say what the screen "
        "shows and which single operation should come next: which on-screen element it acts on (describe it by "
        "its text or appearance), what the operation is ({ops}), and the value to type or answer, if any.")
GROUND = ("Now pick the element your plan acts on from this list of the screen's elements, and restate the "
          "operation. If the operation acts on no element (scrolling the screen, pressing a key, opening an app, "
          "answering, finishing) or none of the elements fits, choose the last option.\n\n{options}\n\nAnswer in "
          "exactly three lines:\nELEMENT: <the option's letter>\nACTION: <one of {ops}>\nVALUE: <text to type, "
          "app to open or answer to give; None otherwise>")


def option_label(i: int) -> str:
    """``A``..``Z``, then ``AA``, ``AB``... for the i-th option."""
    label = ""
    i += 1
    while i:
        i, rest = divmod(i - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def options(obs: Observation) -> tuple[str, str]:
    """The multiple-choice list of the screen's elements and the label of the final 'none' option."""
    lines = [f"{option_label(i)}. {el.describe()}" for i, el in enumerate(obs.elements)]
    none = option_label(len(obs.elements))
    lines.append(f"{none}. None of the other options match the plan")
    return "\n".join(lines), none


_FIELD = re.compile(r"^\s*\**(ELEMENT|ACTION|VALUE)\**\s*:\s*(.*?)\s*$", re.IGNORECASE | re.MULTILINE)


def parse_grounding(text: str, obs: Observation) -> Action | InvalidOutput:
    """The action of a grounding answer (``ELEMENT``, ``ACTION``, ``VALUE`` lines)."""
    fields = {name.upper(): value for name, value in _FIELD.findall(text)}
    if "ACTION" not in fields:
        return InvalidOutput("format", "no ACTION line in the grounding answer", text[:500])
    operation = re.sub(r"\s+", " ", fields["ACTION"].upper().replace("_", " ")).strip()
    operation = "LONG_PRESS" if operation == "LONG PRESS" else operation
    value = fields.get("VALUE", "").strip().strip('"')
    value = "" if value.lower() == "none" else value
    if operation not in OPERATIONS:
        return InvalidOutput("action", f"unknown operation {fields['ACTION']!r}", text[:500])
    index = None
    if operation in ON_ELEMENT:
        letter = fields.get("ELEMENT", "").strip().strip(".").upper()
        labels = [option_label(i) for i in range(len(obs.elements))]
        if letter not in labels:
            return InvalidOutput("action", f"{operation} needs one of the listed elements, got {letter or '-'!r}",
                                 text[:500])
        index = labels.index(letter)
    try:
        return _action(operation, index, value)
    except InvalidAction as e:
        return InvalidOutput("action", str(e), text[:500])


def _action(operation: str, index: int | None, value: str) -> Action:
    if operation == "CLICK":
        return Action.click(index=index)
    if operation == "LONG_PRESS":
        return Action("long_press", index=index)
    if operation == "TYPE":
        if not value:
            raise InvalidAction("TYPE needs a VALUE")
        return Action.type(value, index=index)
    if operation.startswith("SCROLL"):
        return Action.scroll(operation.split()[1].lower())
    if operation.startswith("PRESS"):
        return Action({"BACK": "navigate_back", "HOME": "navigate_home", "ENTER": "keyboard_enter"}[
            operation.split()[1]])
    if operation == "OPEN APP":
        if not value:
            raise InvalidAction("OPEN APP needs the app's name as VALUE")
        return Action.open_app(value)
    if operation == "ANSWER":
        return Action.answer(value)
    if operation == "WAIT":
        return Action.wait()
    return Action.status("complete" if operation == "DONE" else "infeasible")


class SeeAct(ModelAgent):
    """Plan in prose from the screenshot, then choose the element from a multiple-choice list."""

    multimodal = True

    def reset(self, goal: str, context: AgentContext) -> None:
        super().reset(goal, context)
        self.previous: list[str] = []

    def decide(self, observation: Observation) -> Action | InvalidOutput:
        history = "\n".join(self.previous[-10:]) or "(none yet)"
        ops = ", ".join(OPERATIONS)
        system = {"role": "system", "content": PLAN.format(ops=ops)}
        question: list[dict[str, Any]] = [
            {"type": "text", "text": f"Goal: {self.goal}\nCurrent app: {observation.package}\n"
                                     f"Actions so far:\n{history}"},
            image_part(observation.screenshot)]
        plan = self.ask([system, {"role": "user", "content": question}])
        listing, _ = options(observation)
        answer = self.ask([system, {"role": "user", "content": question}, {"role": "assistant", "content": plan},
                           {"role": "user", "content": GROUND.format(options=listing, ops=ops)}])
        action = parse_grounding(answer, observation)
        if isinstance(action, Action):
            target = f" on {observation.elements[action.index].describe()}" if action.index is not None else ""
            self.previous.append(f"{len(self.previous) + 1}. {action.describe()}{target}")
        else:
            self.previous.append(f"{len(self.previous) + 1}. (no usable answer: {action.reason})")
        return action


__all__ = ["OPERATIONS", "SeeAct", "option_label", "options", "parse_grounding"]
