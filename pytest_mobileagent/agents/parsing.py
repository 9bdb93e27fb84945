"""Turning a model's reply into an :class:`~pytest_mobileagent.actions.Action`, for each agent's output format.

Every parser returns an ``Action`` or an :class:`~pytest_mobileagent.episode.InvalidOutput`, never raises:
``InvalidOutput("format", ...)`` when the reply holds nothing in the expected form (an invalid-format step),
``InvalidOutput("action", ...)`` when it does but names something outside the action space, an unknown
element or a bad argument (an invalid-action step). When a reply holds several actions, the last one after
``Action:`` is taken if there is such a marker, else the first.

- :func:`parse_json_action`: AndroidWorld's JSON (``{"action_type": "click", "index": 3}``);
- :func:`parse_bracket_action`: ``#click [n12]#``, ``#input [n4] [text]#``, ``#swipe [up]#``, ``#back#``,
  ``#open_app [Clock]#``, ``#answer [text]#``, ``#finish#`` over the compressed view's node ids;
- :func:`parse_call_action`: ``tap(3)``, ``long_press(3)``, ``type(3, "text")``, ``swipe("up")``,
  ``press("HOME")``, ``open_app("Clock")``, ``answer("...")``, ``finish()``;
- :func:`parse_api_call`: ``API: name(arg=..., ...)`` for an API of a catalogue (:mod:`pytest_mobileagent.apis`).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from pytest_mobileagent.actions import DIRECTIONS, Action, InvalidAction, InvalidOutput
from pytest_mobileagent.apis import Api, InvalidApiCall

KEYS = {"HOME": "navigate_home", "BACK": "navigate_back", "ENTER": "keyboard_enter", "OVERVIEW": "overview",
        "APP_SWITCH": "overview"}
#: Replies are read from their last this many characters (actions come last; hostile lengths stay cheap).
MAX_REPLY = 20_000


def _after_marker(text: str) -> str:
    text = text[-MAX_REPLY:]
    at = text.rfind("Action:")
    return text[at + len("Action:"):] if at >= 0 else text


def first_json_object(text: str) -> str | None:
    """The first balanced ``{...}`` in ``text`` (after the last "Action:" if present), ignoring braces in strings."""
    scan = _after_marker(text)
    start = scan.find("{")
    end = _closing(scan, start, "{}", '"') if start >= 0 else None
    return scan[start:end + 1] if end is not None else None


def _closing(text: str, start: int, pair: str, quotes: str) -> int | None:
    """Index of the bracket closing the one at ``start`` (``pair`` is e.g. ``"()"``), skipping quoted text."""
    depth, quote, escaped = 0, "", False
    for i in range(start, len(text)):
        ch = text[i]
        if quote:
            escaped = ch == "\\" and not escaped
            if ch == quote and not escaped:
                quote = ""
            continue
        if ch in quotes:
            quote = ch
        elif ch == pair[0]:
            depth += 1
        elif ch == pair[1]:
            depth -= 1
            if depth == 0:
                return i
    return None


def _allowed(action: Action, allowed: Iterable[str] | None, raw: str) -> Action | InvalidOutput:
    if allowed is not None and action.kind not in set(allowed):
        return InvalidOutput("action", f"{action.kind} is not among this agent's actions", raw[:500])
    return action


def parse_json_action(text: str, allowed: Iterable[str] | None = None) -> Action | InvalidOutput:
    """The JSON action in a reply, or why there is none."""
    found = first_json_object(text)
    if found is None:
        return InvalidOutput("format", "no JSON action in the model's reply", text[:500])
    try:
        data = json.loads(found)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, over-long integers, deep nesting
        return InvalidOutput("format", f"the action is not valid JSON: {e}", text[:500])
    if not isinstance(data, dict):
        return InvalidOutput("format", "the action is not a JSON object", text[:500])
    try:
        return _allowed(Action.from_dict(data), allowed, text)
    except (InvalidAction, TypeError, ValueError, OverflowError) as e:  # OverflowError: "index": 1e400
        return InvalidOutput("action", f"not an action of the action space: {e}", text[:500])


_BRACKET = re.compile(r"#([a-z_]+)\s*((?:\[[^\]]*\]\s*)*)#", re.IGNORECASE)
_ARG = re.compile(r"\[([^\]]*)\]")


def parse_bracket_action(text: str, xpaths: Mapping[str, str],
                         allowed: Iterable[str] | None = None) -> Action | InvalidOutput:
    """A ``#verb [arg]...#`` action; element ids (``n12``) are resolved to xpaths through ``xpaths``."""
    blocks = _BRACKET.findall(_after_marker(text))
    if not blocks:
        return InvalidOutput("format", "no #action [args]# in the model's reply", text[:500])
    verb, rest = blocks[0] if "Action:" not in text else blocks[-1]
    verb, args = verb.lower(), [a.strip() for a in _ARG.findall(rest)]

    def element(i: int = 0) -> str:
        if len(args) <= i or args[i] not in xpaths:
            raise InvalidAction(f"{verb} needs an element id of the screen, got {args[i] if len(args) > i else '-'}")
        return xpaths[args[i]]

    try:
        if verb in ("click", "tap"):
            action = Action.click(xpath=element())
        elif verb == "long_press":
            action = Action("long_press", xpath=element())
        elif verb in ("input", "type", "set_text"):
            if len(args) < 2:
                raise InvalidAction("input needs an element id and the text")
            action = Action("input_text", xpath=element(), text=args[1])
        elif verb in ("swipe", "scroll"):
            action = Action.scroll(_direction(args[0] if args else ""))
        elif verb in ("back", "home", "enter"):
            action = Action(KEYS[verb.upper()])
        elif verb == "open_app":
            action = Action.open_app(_required(args, "open_app needs the app's name"))
        elif verb == "answer":
            action = Action.answer(_required(args, "answer needs the answer"))
        elif verb == "finish":
            action = Action.status("complete")
        elif verb == "wait":
            action = Action.wait()
        else:
            raise InvalidAction(f"unknown action #{verb}#")
    except InvalidAction as e:
        return InvalidOutput("action", str(e), text[:500])
    return _allowed(action, allowed, text)


def _required(args: list[str], message: str) -> str:
    if not args or not args[0]:
        raise InvalidAction(message)
    return args[0]


def _direction(value: Any) -> str:
    direction = str(value).strip().strip("'\"").lower()
    if direction not in DIRECTIONS:
        raise InvalidAction(f"direction must be one of {', '.join(DIRECTIONS)}, got {value!r}")
    return direction


_CALL = re.compile(r"(?<![\w.])(tap|click|long_press|type|input|swipe|scroll|press|open_app|answer|finish|wait|"
                   r"dual[_-]gesture)\s*\(",
                   re.IGNORECASE)


def _call_arguments(text: str, start: int) -> str | None:
    """The text between the parenthesis at ``start`` and its match, skipping quoted strings."""
    end = _closing(text, start, "()", "\"'")
    return text[start + 1:end] if end is not None else None


#: What reading untrusted arguments with :mod:`ast` can raise: bad syntax, over-long integers, null bytes
#: (ValueError), unhashable set members or dict keys (TypeError), deep nesting (RecursionError, MemoryError).
_AST_ERRORS = (SyntaxError, ValueError, TypeError, RecursionError, MemoryError)


def _literal(node: ast.expr, source: str) -> Any:
    """A literal argument's value; a bare word (``up``, ``HOME``) is taken as its text. Never evaluates code."""
    if isinstance(node, ast.Name):
        return node.id
    try:
        return ast.literal_eval(node)
    except _AST_ERRORS:
        raise InvalidAction(f"arguments must be literals ({source[:80]})") from None


def _arguments(source: str) -> tuple[list[Any], dict[str, Any]]:
    """Positional and keyword arguments of a call's argument list, read as literals."""
    try:
        call = ast.parse(f"f({source})", mode="eval").body
    except _AST_ERRORS:
        raise InvalidAction(f"cannot read the arguments ({source[:80]})") from None
    if not isinstance(call, ast.Call) or any(k.arg is None for k in call.keywords):
        raise InvalidAction(f"cannot read the arguments ({source[:80]})")
    return ([_literal(a, source) for a in call.args],
            {k.arg: _literal(k.value, source) for k in call.keywords if k.arg is not None})


def _literal_args(source: str) -> list[Any]:
    """Positional then keyword argument values, in order."""
    args, keywords = _arguments(source)
    return [*args, *keywords.values()]


def _index(value: Any) -> int:
    ascii_digits = re.fullmatch(r"[0-9]+", str(value).strip())
    if isinstance(value, bool) or not isinstance(value, int | str) or not ascii_digits:
        raise InvalidAction(f"an element number is needed, got {value!r}")
    return int(value)


def parse_call_action(text: str, allowed: Iterable[str] | None = None) -> Action | InvalidOutput:
    """A function-call action (``tap(3)``, ``press("HOME")``...); numbers are element-list indices, except in
    ``dual_gesture(touch_y, touch_x, lift_y, lift_x)`` (B-MoCA's ``dual-gesture``), fractions of the screen."""
    scan = _after_marker(text)
    calls = list(_CALL.finditer(scan))
    if not calls:
        return InvalidOutput("format", "no action call such as tap(n) in the model's reply", text[:500])
    call = calls[-1] if "Action:" in text else calls[0]
    source = _call_arguments(scan, call.end() - 1)
    if source is None:
        return InvalidOutput("format", f"unclosed {call.group(1)}( in the model's reply", text[:500])
    name = call.group(1).lower()
    try:
        args = _literal_args(source)
        if name in ("tap", "click"):
            action = Action.click(index=_index(args[0] if args else None))
        elif name == "long_press":
            action = Action("long_press", index=_index(args[0] if args else None))
        elif name in ("type", "input"):
            if not args:
                raise InvalidAction("type needs the text")
            action = Action.type(str(args[-1]), index=_index(args[0]) if len(args) > 1 else None)
        elif name in ("swipe", "scroll"):
            action = Action.scroll(_direction(args[0] if args else ""))
        elif name == "press":
            key = str(args[0] if args else "").strip().upper().removeprefix("KEYCODE_")
            if key not in KEYS:
                raise InvalidAction(f"press takes {', '.join(KEYS)}, got {key or '-'}")
            action = Action(KEYS[key])
        elif name == "open_app":
            action = Action.open_app(str(args[0]) if args else "")
        elif name == "answer":
            action = Action.answer(str(args[0]) if args else "")
        elif name == "wait":
            action = Action.wait()
        elif name in ("dual_gesture", "dual-gesture"):  # B-MoCA's raw action: touch_y, touch_x, lift_y, lift_x
            action = Action("dual_gesture", gesture=tuple(args))
        else:
            action = Action.status("complete")
    except InvalidAction as e:
        return InvalidOutput("action", str(e), text[:500])
    return _allowed(action, allowed, text)


_API_CALL = re.compile(r"(?:^|Action:)\s*`?API\s*:\s*`?([A-Za-z_][\w.]*)\s*\(", re.IGNORECASE | re.MULTILINE)


def parse_api_call(text: str, catalog: Mapping[str, Api]) -> Action | InvalidOutput | None:
    """An ``API: name(args)`` call of ``catalog`` as an ``api_call`` action, or None if the reply has no
    ``API:`` line (the agent chose a UI action instead)."""
    text = text[-MAX_REPLY:]
    found = list(_API_CALL.finditer(text))
    if not found:
        return None
    call = found[-1]
    source = _call_arguments(text, call.end() - 1)
    if source is None:
        return InvalidOutput("format", "unclosed API call in the model's reply", text[:500])
    api = catalog.get(call.group(1))
    if api is None:
        return InvalidOutput("action", f"no API named {call.group(1)!r} in the catalog", text[:500])
    try:
        args, keywords = _arguments(source)
        if len(args) > len(api.parameters):
            raise InvalidAction(f"{api.name} takes {len(api.parameters)} argument(s), got {len(args)}")
        values = dict(zip(api.parameters, args, strict=False))
        values.update(keywords)
        api.render(values)  # missing or extra arguments are refused here, before the step
        return Action.api_call(api.name, values)
    except (InvalidAction, InvalidApiCall) as e:
        return InvalidOutput("action", str(e), text[:500])


__all__ = ["Api", "first_json_object", "parse_api_call", "parse_bracket_action", "parse_call_action",
           "parse_json_action"]
