"""``bmoca``: a B-MoCA-style agent: numbered element list in, function-call options out, dual gestures done.

The model sees the goal, its previous actions and the screen as a numbered element list
(:mod:`pytest_mobileagent.observe.numbered`), and answers with one call: ``tap(n)``, ``long_press(n)``,
``type(n, "text")``, ``swipe("up")``, ``press("HOME"|"BACK"|"ENTER")``, ``open_app("name")``,
``answer("...")`` or ``finish()``. As in B-MoCA, element choices are carried out as dual gestures: a touch
point and a lift point on the screen (equal for a tap, apart for a swipe), recorded as ``dual_gesture`` actions
(:meth:`pytest_mobileagent.actions.Action.dual_gesture`) in fractions of the screen, not element indices.
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

#: B-MoCA's ``swipe(direction)`` gestures as (touch_y, touch_x, lift_y, lift_x): "up" and "down" name the finger's
#: way, "left" and "right" the opposite one, as published (b-moca ``bmoca/environment/wrapper.py``, ``_SCROLL_MAP``).
SWIPES = {"up": (0.8, 0.5, 0.2, 0.5), "down": (0.2, 0.5, 0.8, 0.5),
          "left": (0.5, 0.2, 0.5, 0.8), "right": (0.5, 0.8, 0.5, 0.2)}


def dual_gesture(action: Action, obs: Observation, size: tuple[int, int]) -> Action:
    """``action`` as B-MoCA carries it out: a tap on element n is a dual gesture touching and lifting at the
    element's centre, ``swipe(d)`` the published gesture for ``d``; typing and long presses on element n keep
    the element's centre as coordinates. ``size`` is the screen's width and height."""
    width, height = size
    if action.kind == "click" and action.index is not None and 0 <= action.index < len(obs.targets):
        x, y = obs.targets[action.index].center
        point = (min((y + 0.5) / height, 1.0), min((x + 0.5) / width, 1.0))  # truncates back to (x, y)
        return Action.dual_gesture(point, point)
    if action.kind == "scroll" and action.direction:
        touch_y, touch_x, lift_y, lift_x = SWIPES[action.direction]
        return Action.dual_gesture((touch_y, touch_x), (lift_y, lift_x))
    if action.index is not None and 0 <= action.index < len(obs.targets):
        x, y = obs.targets[action.index].center
        return dataclasses.replace(action, index=None, x=x, y=y)
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
