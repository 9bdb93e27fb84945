"""``bmoca``: a B-MoCA-style agent: numbered element list in, function-call options out, dual gestures done.

The model sees the goal, its previous actions and the screen as a numbered element list
(:mod:`pytest_mobileagent.observe.numbered`), and answers with one call: ``tap(n)``, ``long_press(n)``,
``type(n, "text")``, ``swipe("up")``, ``press("HOME"|"BACK"|"ENTER")``, ``open_app("name")``,
``answer("...")`` or ``finish()``. As in B-MoCA, element choices are carried out as dual gestures: a touch
point and a lift point on the screen (equal for a tap, apart for a swipe), so the recorded action holds
screen coordinates, not an element index.
"""

from __future__ import annotations

import dataclasses

from pytest_mobileagent.actions import Action, InvalidOutput
from pytest_mobileagent.agents.base import AgentContext
from pytest_mobileagent.agents.llm import ModelAgent
from pytest_mobileagent.agents.parsing import parse_call_action
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.observe.numbered import numbered_list

SYSTEM = """You are an agent operating an Android phone for a user. The screen is given as a numbered list of \
its elements. Choose the next action from these options, written exactly as a call:
tap(n)              touch element n
long_press(n)       touch and hold element n
type(n, "text")     type text into field n
swipe("up"|"down"|"left"|"right")   move the finger across the screen that way
press("HOME"), press("BACK"), press("ENTER")
open_app("name")    launch an app by name
answer("text")      answer the user's question
finish()            the task is done

Reply with one line of reasoning, then a line 'Action: <call>'."""

#: Swipe directions as finger movement (B-MoCA's gestures); a scroll names the content's movement.
_SCROLL_FOR_SWIPE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def dual_gesture(action: Action, obs: Observation, size: tuple[int, int]) -> Action:
    """``action`` as touch and lift points: element taps at the element's centre, swipes across the screen."""
    if action.index is not None and 0 <= action.index < len(obs.targets):
        x, y = obs.targets[action.index].center
        return dataclasses.replace(action, index=None, x=x, y=y)
    if action.kind == "scroll" and action.direction:
        w, h = size
        cx, cy = w // 2, h // 2
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[
            _SCROLL_FOR_SWIPE[action.direction]]
        return Action("swipe", x=cx, y=cy, x2=cx + dx * w * 3 // 10, y2=cy + dy * h * 3 // 10, duration_ms=300)
    return action


class BMoCA(ModelAgent):
    """Numbered element list, call-style options, dual-gesture execution."""

    def reset(self, goal: str, context: AgentContext) -> None:
        super().reset(goal, context)
        self.previous: list[str] = []
        self.size = (1080, 2400)

    def decide(self, observation: Observation) -> Action | InvalidOutput:
        self.size = _screen_size(observation) or self.size
        text = (f"Goal: {self.goal}\nPrevious actions: {'; '.join(self.previous[-10:]) or '(none)'}\n"
                f"Current app: {observation.package}\nScreen:\n{numbered_list(observation.screen) or '(empty)'}")
        reply = self.ask([{"role": "system", "content": SYSTEM}, {"role": "user", "content": text}])
        action = parse_call_action(reply)
        if isinstance(action, InvalidOutput):
            self.previous.append(f"(unusable reply: {action.reason})")
            return action
        if action.index is not None and not 0 <= action.index < len(observation.targets):
            self.previous.append(f"(element {action.index} does not exist)")
            return InvalidOutput("action", f"no element {action.index} on the screen", reply[:500])
        self.previous.append(action.describe())
        return dual_gesture(action, observation, self.size)


def _screen_size(obs: Observation) -> tuple[int, int] | None:
    """The screen size from the dump's root bounds."""
    from pytest_mobileagent.observe.elements import parse_bounds

    for node in obs.tree.iter("node"):
        x1, y1, x2, y2 = parse_bounds(node.get("bounds", "[0,0][0,0]"))
        return (x2 - x1, y2 - y1) if x2 > x1 and y2 > y1 else None
    return None


__all__ = ["BMoCA", "dual_gesture"]
