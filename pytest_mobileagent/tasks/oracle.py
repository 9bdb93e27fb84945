"""The oracle's view of the screen: find elements like an agent would, and build actions.

An oracle is a generator; ``ui`` always holds the latest observation when the
generator resumes, so ``yield ui.click(text="Wi-Fi")`` looks the element up on
the screen the previous action produced.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import strings
from pytest_mobileagent.observe.elements import Observation, UIElement

#: The selectors whose values are UI strings, translated into the device's locale.
_LOCALIZED = frozenset({"text", "contains", "desc", "hint"})


class OracleError(AssertionError):
    """The oracle could not find what it expected on screen (a broken task or app)."""


class UI:
    """Selectors over the current observation that return actions.

    Selector keywords: ``text`` (exact), ``contains`` (substring of text or
    description), ``desc`` (exact content description), ``hint`` (an edit
    field's hint), ``rid`` (resource-id,
    full or entry name), ``cls`` (class name suffix), ``match`` (regex on text),
    ``checked``, ``selected``, ``focused``, ``clickable``, ``scrollable``; ``n`` picks the n-th match.

    Oracles write English: on a device in another ``locale`` the ``text``, ``contains``, ``desc`` and ``hint``
    values are looked for as the element's app shows them there (:func:`pytest_mobileagent.android.strings.translate`).
    """

    def __init__(self, observation: Observation | None = None, locale: str = ""):
        self.observation = observation
        #: The device's locale, which the selectors translate into.
        self.locale = locale
        #: Mutations of the action being yielded that its check lets through, and why (see :meth:`tolerate`).
        self.tolerated: dict[str, str] = {}

    @property
    def obs(self) -> Observation:
        if self.observation is None:
            raise OracleError("no observation yet")
        return self.observation

    # -- finding -------------------------------------------------------------------

    def _matches(self, el: UIElement, sel: dict[str, object]) -> bool:
        for key, want in sel.items():
            if key in _LOCALIZED and self.locale:
                want = strings.translate(str(want), el.package, self.locale)
            if key == "text" and el.text != want:
                return False
            if key == "contains" and str(want) not in el.text and str(want) not in el.content_description:
                return False
            if key == "desc" and el.content_description != want:
                return False
            if key == "hint" and el.hint != want:
                return False
            if key == "rid" and el.resource_id != want and el.resource_name != want:
                return False
            if key == "cls" and not el.class_name.endswith(str(want)):
                return False
            if key == "match" and not re.search(str(want), el.text):
                return False
            if key in ("checked", "selected", "focused", "clickable", "scrollable") and getattr(el, key) != want:
                return False
        return True

    def find_all(self, **sel: object) -> list[tuple[int, UIElement]]:
        sel.pop("n", None)
        return [(i, el) for i, el in enumerate(self.obs.elements) if self._matches(el, sel)]

    def find(self, n: int = 0, **sel: object) -> tuple[int, UIElement] | None:
        found = self.find_all(**sel)
        return found[n] if len(found) > n else None

    def exists(self, **sel: object) -> bool:
        return self.find(**sel) is not None

    def element(self, **sel: object) -> tuple[int, UIElement]:
        found = self.find(**sel)  # type: ignore[arg-type]
        if found is None:
            shown = "; ".join(e.describe() for e in self.obs.elements[:60])
            raise OracleError(f"no element matching {sel} on {self.obs.package}/{self.obs.activity}: {shown}")
        return found

    def pattern(self, english: str) -> str:
        """A ``match`` regex for the formatted string ``english`` ("See all {} apps", each ``{}`` any text) as the
        app in front shows it in the device's locale."""
        return strings.pattern(english, self.obs.package, self.locale)

    # -- actions ---------------------------------------------------------------------

    def click(self, **sel: object) -> Action:
        i, el = self.element(**sel)
        x, y = el.center
        return Action("click", index=i, x=x, y=y)

    def long_press(self, **sel: object) -> Action:
        i, el = self.element(**sel)
        x, y = el.center
        return Action("long_press", index=i, x=x, y=y)

    def type(self, text: str, clear: bool = False, **sel: object) -> Action:
        """Type into the field matching ``sel`` (tapping it first), or into the focused field."""
        if not sel:
            return Action("input_text", text=text)
        i, el = self.element(**sel)
        return Action("input_text", index=i, text=text, clear=clear)

    def scroll(self, direction: str = "down", **sel: object) -> Action:
        if sel:
            i, _ = self.element(**sel)
            return Action("scroll", index=i, direction=direction)
        return Action("scroll", direction=direction)

    def scroll_to(self, direction: str = "down", limit: int = 12, container: dict[str, object] | None = None,
                  **sel: object) -> Iterator[Action]:
        """Scroll until an element matching ``sel`` is on screen (``yield from ui.scroll_to(...)``)."""
        for _ in range(limit):
            if self.exists(**sel):
                return
            yield self.scroll(direction, **(container or {}))
        if not self.exists(**sel):
            raise OracleError(f"scrolled {limit} times {direction} without finding {sel}")

    def reach(self, fling: bool = False, **sel: object) -> Iterator[Action]:
        """Scroll down until an element matching ``sel`` is on screen, then click it (``yield from
        ui.reach(text="Display")``): on a larger density or a smaller screen a list's row may be below the fold.
        The scrolling swipes over the screen's scrollable list, as a thumb does, when it has one; ``fling``
        flicks it instead (a fast swipe: the list keeps moving), for a row near the end of a long list."""
        container = {"scrollable": True} if self.exists(scrollable=True) else None
        if fling and container is not None:
            while not self.exists(**sel):
                before = self.obs.xml
                yield self.fling(**container)
                if self.obs.xml == before:  # the end of the list: the row was flung past, come back up
                    yield from self.scroll_to(direction="up", container=container, **sel)
        yield from self.scroll_to(container=container, **sel)
        yield self.click(**sel)

    def fling(self, **sel: object) -> Action:
        """Flick the element matching ``sel`` upwards (a 100 ms swipe over 70% of its height): the content
        scrolls down past where the finger lifted, as a list does after a fast swipe."""
        _, el = self.element(**sel)
        x1, y1, x2, y2 = el.bounds
        cx, h = (x1 + x2) // 2, y2 - y1
        return self.swipe(cx, y1 + h * 85 // 100, cx, y1 + h * 15 // 100, 100)

    @staticmethod
    def open_app(name: str) -> Action:
        return Action.open_app(name)

    @staticmethod
    def key(name: str) -> Action:
        return Action.key(name)

    @staticmethod
    def back() -> Action:
        return Action("navigate_back")

    @staticmethod
    def home() -> Action:
        return Action("navigate_home")

    @staticmethod
    def enter() -> Action:
        return Action("keyboard_enter")

    @staticmethod
    def answer(text: str) -> Action:
        return Action.answer(text)

    @staticmethod
    def complete() -> Action:
        return Action.status("complete")

    @staticmethod
    def wait(seconds: float = 1.0) -> Action:
        return Action.wait(seconds)

    @staticmethod
    def swipe(x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> Action:
        return Action("swipe", x=x1, y=y1, x2=x2, y2=y2, duration_ms=duration_ms)

    def reading(self, *steps: Callable[[], Action]) -> Iterator[Action]:
        """The actions of ``steps`` (each called when its turn comes), marked as only showing the source a
        person reads the goal's values from (a file, a picture, a video): the oracle knows them already, so a
        proof lets each step be left out."""
        for step in steps:
            yield self.tolerate(step(), "it only shows the source the values are read from", "skip")

    def tolerate(self, action: Action, why: str, *mutations: str) -> Action:
        """``action``, marked for the mutation proof (``pytest_mobileagent.mutations``): leaving it out
        (``"skip"``) or changing its text (``"text:drop"``, ``"text"``...) does not change the outcome, because
        ``why``; e.g. a step that only reads what the oracle already knows, or a search query whose prefix finds
        the same item."""
        self.tolerated = {m: why for m in mutations}
        return action
