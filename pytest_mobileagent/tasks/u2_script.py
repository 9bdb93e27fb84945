"""AndroidArena's ground truth: uiautomator2 code lines (``action_seq``), parsed and played as actions.

AndroidArena publishes a task's reference solution as lines of uiautomator2 code (``calendar.yaml``)::

    d.app_start('com.google.android.calendar')
    d.xpath('//*[@resource-id="com.google.android.calendar:id/title"]').set_text('meeting')
    d.swipe_ext('up')
    d.press('enter')

:func:`parse_action_seq` turns each line into a step dict named as AndroidArena's own parser names them
(``START_APP``, ``CLICK``, ``LONG_CLICK``, ``SET_TEXT``, ``SWIPE_UP``/``DOWN``/``LEFT``/``RIGHT``, ``PRESS_ENTER``,
``PRESS_BACK``, ``PRESS_HOME``; with ``package``, ``xpath`` and ``text``). :func:`play` turns steps into the
project's actions while a task runs: each xpath is evaluated (lxml) against the current observation the way
uiautomator2's xpath plugin evaluates it (on the dump with each node's ``class`` as its tag name, the first match
taken) and becomes the action target that node is, so a task's :meth:`~pytest_mobileagent.tasks.base.Task.reference`
yields what the published sequence does on the screens in front of it.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterable, Iterator
from typing import Any

from lxml import etree

from pytest_mobileagent.actions import DIRECTIONS, SWIPE_AS_SCROLL, Action
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.oracle import UI, OracleError

#: ``d.xpath(X).<method>(...)`` -> the step's action.
XPATH_METHODS = {"click": "CLICK", "long_click": "LONG_CLICK", "set_text": "SET_TEXT"}
#: ``d.press(key)`` keys -> the step's action.
KEYS = {"enter": "PRESS_ENTER", "back": "PRESS_BACK", "home": "PRESS_HOME"}


def _strings(call: ast.Call, count: int, line: str) -> list[str]:
    if call.keywords or len(call.args) != count:
        raise ValueError(f"expected {count} argument(s) in {line!r}")
    values = []
    for arg in call.args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise ValueError(f"expected string arguments in {line!r}")
        values.append(arg.value)
    return values


def _is_device_call(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "d")


def parse_line(line: str) -> dict[str, str]:
    """One uiautomator2 code line as a step dict; ValueError naming the line if it is not one of the forms."""
    try:
        call = ast.parse(line.strip(), mode="eval").body
    except SyntaxError:
        raise ValueError(f"not a uiautomator2 call: {line!r}") from None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        raise ValueError(f"not a uiautomator2 call: {line!r}")
    method = call.func.attr
    if _is_device_call(call, "app_start"):
        return {"action": "START_APP", "package": _strings(call, 1, line)[0]}
    if _is_device_call(call, "swipe_ext"):
        direction = _strings(call, 1, line)[0]
        if direction not in DIRECTIONS:
            raise ValueError(f"unknown swipe direction in {line!r}")
        return {"action": f"SWIPE_{direction.upper()}"}
    if _is_device_call(call, "press"):
        key = _strings(call, 1, line)[0]
        if key not in KEYS:
            raise ValueError(f"unknown key in {line!r}")
        return {"action": KEYS[key]}
    if method in XPATH_METHODS and _is_device_call(call.func.value, "xpath"):
        target = call.func.value
        assert isinstance(target, ast.Call)
        xpath = _strings(target, 1, line)[0]
        step = {"action": XPATH_METHODS[method], "xpath": xpath}
        if method == "set_text":
            step["text"] = _strings(call, 1, line)[0]
        else:
            _strings(call, 0, line)
        return step
    raise ValueError(f"unsupported uiautomator2 call: {line!r}")


def parse_action_seq(lines: Iterable[str]) -> list[dict[str, str]]:
    """AndroidArena's ``action_seq`` as step dicts (see the module docstring); ValueError naming a malformed line."""
    return [parse_line(line) for line in lines]


def resolve(xpath: str, observation: Observation) -> tuple[int | None, tuple[int, int]]:
    """The action target (index into ``observation.targets``, or None when the node is not one) and the centre of
    the first node ``xpath`` matches as uiautomator2 evaluates it; OracleError when nothing matches."""
    nodes = list(observation.tree.iter("node"))
    renamed = copy.deepcopy(observation.tree)
    twins = list(renamed.iter("node"))
    for node in twins:
        node.tag = node.get("class") or "node"
    try:
        found = [n for n in renamed.xpath(xpath) if isinstance(n, etree._Element) and n in twins]
    except etree.XPathError as e:
        raise OracleError(f"invalid xpath {xpath!r}: {e}") from None
    if not found:
        raise OracleError(f"no element matches {xpath!r} on {observation.package}/{observation.activity}")
    node = nodes[twins.index(found[0])]
    for i, (element, target) in enumerate(observation.screen.target_nodes):
        if target is node:
            return i, element.center
    x1, y1, x2, y2 = (int(v) for v in node.get("bounds", "[0,0][0,0]").replace("][", ",").strip("[]").split(","))
    return None, ((x1 + x2) // 2, (y1 + y2) // 2)


def _targeted(kind: str, xpath: str, ui: UI, **kw: Any) -> Action:
    index, (x, y) = resolve(xpath, ui.obs)
    return Action(kind, index=index, x=x, y=y, **kw)


def play(steps: Iterable[dict[str, str]], ui: UI) -> Iterator[Action]:
    """The actions of ``steps`` (from :func:`parse_action_seq`), each resolved on the screen in front when its turn
    comes (``yield from play(steps, ui)`` in a task's ``reference`` or ``oracle``)."""
    for step in steps:
        kind = step["action"]
        if kind == "START_APP":
            yield Action.open_app(step["package"])
        elif kind == "CLICK":
            yield _targeted("click", step["xpath"], ui)
        elif kind == "LONG_CLICK":
            yield _targeted("long_press", step["xpath"], ui)
        elif kind == "SET_TEXT":
            yield _targeted("input_text", step["xpath"], ui, text=step["text"], clear=True)
        elif kind.startswith("SWIPE_"):
            yield Action.scroll(SWIPE_AS_SCROLL[kind[len("SWIPE_"):].lower()])  # a swipe: the finger's way
        elif kind == "PRESS_ENTER":
            yield Action("keyboard_enter")
        elif kind == "PRESS_BACK":
            yield Action("navigate_back")
        elif kind == "PRESS_HOME":
            yield Action("navigate_home")
        else:
            raise ValueError(f"unknown step {step!r}")


def play_lines(lines: Iterable[str], ui: UI) -> Iterator[Action]:
    """:func:`play` of uiautomator2 code lines."""
    return play(parse_action_seq(lines), ui)


__all__ = ["parse_action_seq", "parse_line", "play", "play_lines", "resolve"]
