"""Observations: the UI tree parsed once into a :class:`~pytest_mobileagent.android.ui_tree.Screen` (its element list
in AndroidWorld's indexing and the action targets that extend it), which every view accepts, plus a lazy
screenshot."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from lxml import etree

from pytest_mobileagent.android.ui_tree import (
    MalformedDump,
    Screen,
    UIElement,
    element_nodes,
    element_of,
    parse_bounds,
    parse_tree,
    target_nodes,
    ui_elements,
)


class InvalidAction(ValueError):
    """The agent produced an action that cannot be performed (an agent outcome, not an error). Defined here, where
    an action's xpath is resolved, and public as :class:`pytest_mobileagent.actions.InvalidAction`."""


def element_lines(elements: list[UIElement]) -> str:
    """The element list as models read it, one ``index: description`` line per element."""
    return "\n".join(f"{i}: {el.describe()}" for i, el in enumerate(elements))


def screen_digest(text: str) -> str:
    """A short stable digest of a screen's text (a UI tree or a view of it), to tell screens apart."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def node_attributes(el: UIElement, tappable: bool = False) -> dict[str, str]:
    """An element's node attributes as a uiautomator dump names them (empty ones left out); ``clickable`` is
    ``true`` also where ``tappable`` (a clickable ancestor takes its taps)."""
    x1, y1, x2, y2 = el.bounds
    attrs = {"class": el.class_name, "resource-id": el.resource_id, "package": el.package, "text": el.text,
             "content-desc": el.content_description, "bounds": f"[{x1},{y1}][{x2},{y2}]",
             "clickable": "true" if el.clickable or tappable else "false",
             "scrollable": "true" if el.scrollable else "false"}
    return {k: v for k, v in attrs.items() if v}


@dataclass
class Observation:
    """What an agent sees at one step."""

    goal: str
    step: int
    xml: str
    package: str
    activity: str
    history: list[Any] = field(default_factory=list)
    screenshot_fn: Callable[[], bytes] | None = None
    #: The device's own picture of the screen, where it draws one (:class:`~pytest_mobileagent.device.base.
    #: ScreenImages`): :attr:`image` then needs no PNG.
    image_fn: Callable[[], Any] | None = None

    @cached_property
    def screen(self) -> Screen:
        """The dump parsed once for this step: pass it to the views (``compress(obs.screen)``, ``html_view``,
        ``numbered_list``) so that none parses the XML again."""
        return Screen(self.xml)

    @property
    def elements(self) -> list[UIElement]:
        """AndroidWorld's element list: an element's position is its action index."""
        return self.screen.elements

    @property
    def targets(self) -> list[UIElement]:
        """What an action index resolves to: :attr:`elements`, then the other on-screen actionable nodes (the
        views number them so, and every actionable node is addressable)."""
        return self.screen.targets

    @property
    def tree(self) -> etree._Element:
        return self.screen.root

    @cached_property
    def screenshot(self) -> bytes:
        """PNG bytes, taken on first access."""
        return self.screenshot_fn() if self.screenshot_fn else b""

    @property
    def screenshot_taken(self) -> bool:
        """Whether :attr:`screenshot` was taken (an agent looked at the screen)."""
        return "screenshot" in self.__dict__

    def picture(self) -> bytes | Any:
        """The screen for a recorder: the PNG if it was taken, else the device's own image where it draws one
        (a PIL image, not to be drawn on), else the PNG taken now."""
        if not self.screenshot_taken and self.image_fn is not None:
            return self.image_fn()
        return self.screenshot

    def xpath_element(self, xpath: str) -> UIElement:
        try:
            found = self.tree.xpath(xpath)
        except (etree.XPathError, ValueError) as e:  # ValueError: a NUL or a control character in it
            raise InvalidAction(f"invalid xpath {xpath!r:.200}: {e}") from None
        if not isinstance(found, list):  # count(//node), a string, a boolean: a value, no element
            raise InvalidAction(f"xpath {xpath!r:.200} selects a value ({found!r:.40}), not an element")
        nodes = [n for n in found if isinstance(n, etree._Element)]
        if not nodes:
            raise InvalidAction(f"no element matches xpath {xpath!r:.200}")
        return element_of(nodes[0])

    def xpath_center(self, xpath: str) -> tuple[int, int]:
        return self.xpath_element(xpath).center


__all__ = ["InvalidAction", "MalformedDump", "Observation", "Screen", "UIElement", "element_lines", "element_nodes",
           "element_of", "node_attributes", "parse_bounds", "parse_tree", "screen_digest", "target_nodes",
           "ui_elements"]
