"""The action space: one schema covering the four benchmarks, and its execution on a Device.

An :class:`Action` targets an element by index (into the observation's element
list), by xpath, or by coordinates. :func:`execute` resolves the target and
performs the action through the :class:`~pytest_mobileagent.device.base.Device`
protocol only.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pytest_mobileagent.apis import Api, ApiCall, InvalidApiCall, api_catalog, call_api
from pytest_mobileagent.catalog import resolve_app
from pytest_mobileagent.device.base import ActionRefused
from pytest_mobileagent.observe.elements import InvalidAction
from pytest_mobileagent.text import is_encodable

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device
    from pytest_mobileagent.observe.elements import Observation, UIElement

#: Action kinds, with the AndroidWorld JSONAction names they correspond to.
KINDS = (
    "click", "long_press", "double_tap", "input_text", "keyboard_enter", "scroll", "swipe",
    "navigate_back", "navigate_home", "overview", "press_key", "open_app", "stop_app",
    "api_call", "wait", "answer", "status", "dual_gesture",
)
TERMINAL = ("status", "answer")
DIRECTIONS = ("up", "down", "left", "right")
GOAL_STATUSES = ("complete", "infeasible")
#: B-MoCA's tap/swipe boundary: a dual gesture whose touch and lift points lie within this distance (in
#: screen fractions, the y axis doubled) is a tap (b-moca ``bmoca/environment/coordinator.py``,
#: ``_SWIPE_DISTANCE_THRESHOLD`` and ``is_tap_action``).
TAP_DISTANCE = 0.14
#: The longest text an action may carry (typed text, an answer, an app or key name, an xpath), in characters: more
#: is an invalid action. Android's text fields have no limit of their own (``android:maxLength`` is an app's
#: choice); this is the project's bound on what an agent sends at once (a page of prose is ~3,000).
MAX_TEXT = 32_768
#: The longest a gesture may hold the screen or a wait may last, in milliseconds: more is an invalid action.
MAX_DURATION_MS = 60_000
#: The fields of an action that are whole numbers (pixels, an element index, milliseconds).
INTEGER_FIELDS = ("index", "x", "y", "x2", "y2", "duration_ms")


@dataclass
class InvalidOutput:
    """What an agent returns for model output it could not turn into an action (``kind`` ``format``) or
    whose action is outside the action space (``action``): the step counts, nothing happens."""

    kind: str
    reason: str
    raw: str = ""


@dataclass(frozen=True)
class Action:
    """One step of an agent.

    ``text`` carries the typed text, the answer, the app name, the key name
    or the API's name depending on ``kind``; ``args`` the API's arguments;
    ``goal_status`` is set for ``status`` actions.
    """

    kind: str
    index: int | None = None
    x: int | None = None
    y: int | None = None
    x2: int | None = None
    y2: int | None = None
    xpath: str | None = None
    text: str | None = None
    direction: str | None = None
    goal_status: str | None = None
    duration_ms: int | None = None
    clear: bool = False
    #: A dual gesture's (touch_y, touch_x, lift_y, lift_x), each a fraction of the screen in [0, 1].
    gesture: tuple[float, float, float, float] | None = None
    #: An ``api_call``'s arguments by parameter name (values as strings), for the API named by ``text``.
    args: dict[str, str] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidAction(f"unknown action kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        if self.kind == "status" and self.goal_status not in GOAL_STATUSES:
            raise InvalidAction(f"status needs goal_status in {GOAL_STATUSES}, got {self.goal_status!r}")
        for name in ("text", "xpath"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise InvalidAction(f"{name} must be a string, got {value!r:.80}")
            if value is not None and len(value) > MAX_TEXT:
                raise InvalidAction(f"{name} is {len(value):,} characters long; an action carries at most "
                                    f"{MAX_TEXT:,}")
        for name in INTEGER_FIELDS:
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise InvalidAction(f"{name} must be an integer, got {value!r:.80}")
        if self.duration_ms is not None and not 0 <= self.duration_ms <= MAX_DURATION_MS:
            raise InvalidAction(f"duration_ms must be between 0 and {MAX_DURATION_MS}, got {self.duration_ms}")
        if not isinstance(self.clear, bool):
            raise InvalidAction(f"clear must be true or false, got {self.clear!r:.80}")
        if self.kind == "input_text" and self.text is not None and not is_encodable(self.text):
            raise InvalidAction("input_text text holds a lone surrogate, which is no character a phone can type")
        if self.direction is not None and self.direction not in DIRECTIONS:
            raise InvalidAction(f"direction must be one of {DIRECTIONS}, got {self.direction!r}")
        if self.kind == "dual_gesture" or self.gesture is not None:
            _check_gesture(self)
        if self.kind == "api_call" or self.args is not None:
            _check_api_call(self)

    # constructors ---------------------------------------------------------------

    @classmethod
    def click(cls, index: int | None = None, x: int | None = None, y: int | None = None,
              xpath: str | None = None) -> Action:
        return cls("click", index=index, x=x, y=y, xpath=xpath)

    @classmethod
    def type(cls, text: str, index: int | None = None, clear: bool = False) -> Action:
        return cls("input_text", index=index, text=text, clear=clear)

    @classmethod
    def scroll(cls, direction: str, index: int | None = None) -> Action:
        return cls("scroll", index=index, direction=direction)

    @classmethod
    def key(cls, name: str) -> Action:
        return cls("press_key", text=name)

    @classmethod
    def open_app(cls, name: str) -> Action:
        return cls("open_app", text=name)

    @classmethod
    def answer(cls, text: str) -> Action:
        return cls("answer", text=text)

    @classmethod
    def status(cls, goal_status: str = "complete") -> Action:
        return cls("status", goal_status=goal_status)

    @classmethod
    def wait(cls, seconds: float = 1.0) -> Action:
        return cls("wait", duration_ms=int(seconds * 1000))

    @classmethod
    def api_call(cls, name: str, args: Mapping[str, Any] | None = None) -> Action:
        """Call the API ``name`` of the catalogue in use (:mod:`pytest_mobileagent.apis`) with ``args``."""
        return cls("api_call", text=name, args=dict(args or {}))

    @classmethod
    def dual_gesture(cls, touch_yx: tuple[float, float], lift_yx: tuple[float, float]) -> Action:
        """B-MoCA's action: a finger touches ``touch_yx`` and lifts at ``lift_yx`` (fractions of the screen's
        height and width); a tap where the two are close (:data:`TAP_DISTANCE`), else a swipe between them."""
        return cls("dual_gesture", gesture=(*touch_yx, *lift_yx))

    @property
    def is_tap(self) -> bool:
        """Whether this dual gesture is a tap (B-MoCA's ``is_tap_action``)."""
        if self.gesture is None:
            raise InvalidAction(f"{self.kind} is not a dual gesture")
        touch_y, touch_x, lift_y, lift_x = self.gesture
        return math.hypot(2 * (touch_y - lift_y), touch_x - lift_x) <= TAP_DISTANCE

    # (de)serialisation ------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The action as a JSON-able dict without unset fields (AndroidWorld's JSONAction shape)."""
        d = {k: v for k, v in dataclasses.asdict(self).items() if v is not None and v is not False}
        d["action_type"] = d.pop("kind")
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Parse AndroidWorld-style JSON (``{"action_type": "click", "index": 3}``)."""
        data = dict(data)
        kind = data.pop("action_type", None) or data.pop("kind", None)
        if not isinstance(kind, str):
            raise InvalidAction(f"action_type must be one of {', '.join(KINDS)}, got {kind!r:.80}")
        aliases = {"type": "input_text", "tap": "click", "press": "press_key", "back": "navigate_back",
                   "home": "navigate_home", "enter": "keyboard_enter"}
        kind = aliases.get(kind, kind)
        if "app_name" in data:
            data["text"] = data.pop("app_name")
        if "keycode" in data:
            data["text"] = data.pop("keycode")
        if "clear_text" in data:
            data["clear"] = bool(data.pop("clear_text"))
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise InvalidAction(f"unknown action field(s) {sorted(map(str, unknown))!r:.200} for {kind!r}")
        for key in INTEGER_FIELDS:
            if data.get(key) is not None and not isinstance(data[key], bool):
                try:
                    data[key] = int(data[key])
                except (TypeError, ValueError, OverflowError):
                    raise InvalidAction(f"{key} must be an integer, got {data[key]!r:.80}") from None
        return cls(kind=str(kind), **data)

    @classmethod
    def from_json(cls, text: str) -> Action:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidAction(f"action is not valid JSON: {e}") from None
        if not isinstance(data, dict):
            raise InvalidAction("action JSON must be an object")
        return cls.from_dict(data)

    def describe(self) -> str:
        """A short human-readable form for failure messages and reports."""
        parts = [f"{k}={v!r}" for k, v in self.to_dict().items() if k != "action_type"]
        return f"{self.kind}({', '.join(parts)})"


def _on_screen(action: Action, points: tuple[int, ...], device: Device) -> None:
    """Refuse an action whose own coordinates (``points``: x, y pairs) fall outside the screen."""
    width, height = device.window_size()
    for x, y in zip(points[::2], points[1::2], strict=True):
        if not (0 <= x < width and 0 <= y < height):
            raise InvalidAction(f"{action.kind} at ({x}, {y}) is outside the {width}x{height} screen")


def _gesture_values(value: Any) -> tuple[float, ...]:
    try:
        return tuple(float(v) for v in value)
    except (TypeError, ValueError):
        raise InvalidAction(f"gesture must be four numbers (touch_y, touch_x, lift_y, lift_x), got {value!r:.80}") \
            from None


def _check_gesture(action: Action) -> None:
    """Validate a dual gesture and store its values as a tuple of floats (as parsed or loaded, they may be a
    list or strings of numbers)."""
    values = _gesture_values(action.gesture) if action.gesture is not None else ()
    object.__setattr__(action, "gesture", values or None)
    if action.kind != "dual_gesture":
        raise InvalidAction(f"only a dual_gesture has a gesture, not {action.kind}")
    if len(values) != 4 or not all(0.0 <= v <= 1.0 for v in values):
        raise InvalidAction(f"a dual gesture is four fractions of the screen in [0, 1] (touch_y, touch_x, lift_y, "
                            f"lift_x), got {action.gesture!r:.80}")


def _check_api_call(action: Action) -> None:
    """Validate an API call (a name and a mapping of arguments) and store its argument values as strings."""
    if action.kind != "api_call":
        raise InvalidAction(f"only an api_call has args, not {action.kind}")
    if not action.text:
        raise InvalidAction("api_call needs the API's name (text)")
    if not isinstance(action.args, Mapping | None):
        raise InvalidAction(f"api_call args must be an object of named arguments, got {action.args!r:.80}")
    if not all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in (action.args or {}).values()):
        raise InvalidAction(f"api_call argument values must be strings or numbers, got {action.args!r:.80}")
    object.__setattr__(action, "args", {str(k): str(v) for k, v in (action.args or {}).items()})


def gesture_pixel(y: float, x: float, size: tuple[int, int]) -> tuple[int, int]:
    """The pixel ``(x, y)`` of a point given as fractions of the screen (``size`` is width, height): truncated
    and kept on the screen, as B-MoCA's ``touch_position_to_pixel_position``."""
    width, height = size
    return min(int(x * width), width - 1), min(int(y * height), height - 1)


def _indexed(obs: Observation, index: int) -> UIElement:
    """The action target at ``index``: AndroidWorld's element list, then the other actionable nodes."""
    if not 0 <= index < len(obs.targets):
        raise InvalidAction(f"element index {index} out of range (0..{len(obs.targets) - 1})")
    return obs.targets[index]


def _target(action: Action, obs: Observation | None, device: Device) -> tuple[int, int]:
    if action.x is not None and action.y is not None:
        _on_screen(action, (action.x, action.y), device)
        return action.x, action.y
    if obs is None:
        raise InvalidAction(f"{action.kind} needs coordinates or an observation to resolve its target")
    if action.index is not None:
        return _indexed(obs, action.index).center
    if action.xpath is not None:
        return obs.xpath_center(action.xpath)
    raise InvalidAction(f"{action.kind} needs an index, an xpath or x and y")


#: A swipe is the inverse of a scroll (AndroidWorld: swiping up scrolls down): the scroll of each finger direction,
#: and the finger's direction of each scroll (the table is its own inverse).
SWIPE_AS_SCROLL = {"up": "down", "down": "up", "left": "right", "right": "left"}


def scroll_direction(action: Action) -> str:
    """Which way ``action`` (a scroll or a swipe by direction) scrolls the content: a scroll's own direction
    (default ``down``), a swipe's inverse (:data:`SWIPE_AS_SCROLL`; default ``up``, which scrolls down)."""
    if action.kind == "swipe":
        return SWIPE_AS_SCROLL[action.direction or "up"]
    return action.direction or "down"


def scroll_points(action: Action, screen_size: tuple[int, int] | None,
                  obs: Observation | None = None) -> tuple[int, int, int, int]:
    """Where the finger touches and lifts, ``(x1, y1, x2, y2)``, for a scroll or a swipe: a swipe's own
    coordinates when it gives all four; else, by :func:`scroll_direction`, over the middle 3/4 of the element the
    action names (by index or xpath, resolved in ``obs``) or, naming none, of the screen's middle band
    (``screen_size`` is the window's width and height, needed only then). "Scroll down" reveals what is below:
    the finger moves up. Raises :class:`InvalidAction` when the element cannot be resolved."""
    own = (action.x, action.y, action.x2, action.y2)
    if action.kind == "swipe" and None not in own:
        return own  # type: ignore[return-value]
    if action.index is not None or action.xpath is not None:
        if obs is None:
            raise InvalidAction(f"{action.kind} names an element but there is no observation to resolve it in")
        el = _indexed(obs, action.index) if action.index is not None else obs.xpath_element(action.xpath or "")
        x1, y1, x2, y2 = el.bounds
    elif screen_size is None:
        raise InvalidAction(f"{action.kind} over the screen needs the screen's size")
    else:
        w, h = screen_size
        x1, y1, x2, y2 = 0, h // 5, w, h * 4 // 5
    cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
    dy, dx = (y2 - y1) * 3 // 8, (x2 - x1) * 3 // 8
    return {
        "down": (cx, cy + dy, cx, cy - dy),
        "up": (cx, cy - dy, cx, cy + dy),
        "right": (cx + dx, cy, cx - dx, cy),
        "left": (cx - dx, cy, cx + dx, cy),
    }[scroll_direction(action)]


def execute(device: Device, action: Action, obs: Observation | None = None,
            apis: Mapping[str, Api] | None = None) -> ApiCall | None:
    """Perform ``action`` on ``device``; raise :class:`InvalidAction` if it cannot be performed: the action code
    refuses it (an element that is not there, coordinates off the screen) or the phone does
    (:class:`~pytest_mobileagent.device.base.ActionRefused`: an app that is not installed, a key that does not
    exist, a file name the storage refuses).

    ``answer``, ``status`` and ``wait`` do not touch the UI (``wait`` lets device time pass). An ``api_call`` runs
    an API of ``apis`` (default: :func:`~pytest_mobileagent.apis.api_catalog`) and returns what ran.
    """
    try:
        return _perform(device, action, obs, apis)
    except ActionRefused as e:
        raise InvalidAction(str(e)) from None


def _perform(device: Device, action: Action, obs: Observation | None,
             apis: Mapping[str, Api] | None) -> ApiCall | None:
    k = action.kind
    if k in ("click", "long_press", "double_tap"):
        x, y = _target(action, obs, device)
        {"click": device.tap, "double_tap": device.double_tap}.get(k, device.long_press)(x, y)
    elif k == "input_text":
        if action.text is None:
            raise InvalidAction("input_text needs text")
        if action.index is not None or action.xpath is not None or action.x is not None:
            device.tap(*_target(action, obs, device))
        if action.clear:
            device.press("move_end")
            for _ in range(len(_focused_text(obs, action))):
                device.press("delete")
        device.input_text(action.text)
    elif k == "keyboard_enter":
        device.press("enter")
    elif k == "navigate_back":
        device.press("back")
    elif k == "navigate_home":
        device.press("home")
    elif k == "overview":
        device.press("app_switch")
    elif k == "press_key":
        device.press(action.text or "")
    elif k in ("scroll", "swipe"):
        duration = 400 if k == "scroll" else action.duration_ms or 300
        if k == "swipe" and None not in (action.x, action.y, action.x2, action.y2):
            _on_screen(action, (action.x, action.y, action.x2, action.y2), device)  # type: ignore[arg-type]
        device.swipe(*scroll_points(action, device.window_size(), obs), duration)
    elif k == "open_app":
        package, activity = resolve_app(action.text or "")
        device.start_app(package, activity)
    elif k == "stop_app":
        package, _ = resolve_app(action.text or "")
        device.stop_app(package)
    elif k == "wait":
        device.shell(f"sleep {max(0, (action.duration_ms or 1000)) / 1000:g}")
    elif k == "api_call":
        try:
            return call_api(device, action.text or "", action.args or {}, api_catalog() if apis is None else apis)
        except InvalidApiCall as e:
            raise InvalidAction(str(e)) from None
    elif k == "dual_gesture":
        assert action.gesture is not None
        size = device.window_size()
        touch_y, touch_x, lift_y, lift_x = action.gesture
        x1, y1 = gesture_pixel(touch_y, touch_x, size)
        if action.is_tap:
            device.tap(x1, y1)
        else:
            device.swipe(x1, y1, *gesture_pixel(lift_y, lift_x, size), action.duration_ms or 300)
    # answer / status: recorded by the episode runner
    return None


def _focused_text(obs: Observation | None, action: Action) -> str:
    if obs is None:
        return ""
    if action.index is not None and 0 <= action.index < len(obs.targets):
        el = obs.targets[action.index]
        return "" if el.text == el.hint else el.text
    return ""


__all__ = ["DIRECTIONS", "GOAL_STATUSES", "KINDS", "SWIPE_AS_SCROLL", "TAP_DISTANCE", "TERMINAL", "Action",
           "InvalidAction",  # defined in observe.elements, the layer below, and public here
           "InvalidOutput", "execute", "gesture_pixel", "scroll_direction", "scroll_points"]
