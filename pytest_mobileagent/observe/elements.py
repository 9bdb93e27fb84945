"""Observations: the UI tree parsed into an element list, plus lazy screenshot.

The element list follows AndroidWorld's rule: keep visible nodes that are
leaves, have a content description, or are scrollable. An element's position
in the list is its action index.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from lxml import etree

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


@dataclass(frozen=True)
class UIElement:
    """One actionable or readable element of the screen."""

    text: str
    content_description: str
    class_name: str
    resource_id: str
    package: str
    bounds: tuple[int, int, int, int]
    hint: str = ""
    clickable: bool = False
    long_clickable: bool = False
    checkable: bool = False
    checked: bool = False
    editable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    selected: bool = False

    @property
    def center(self) -> tuple[int, int]:
        x1, y1, x2, y2 = self.bounds
        return (x1 + x2) // 2, (y1 + y2) // 2

    @property
    def resource_name(self) -> str:
        """The entry name of the resource-id (``switch_widget`` of ``android:id/switch_widget``)."""
        return self.resource_id.split("/", 1)[-1]

    def describe(self) -> str:
        """A compact one-line description for prompts."""
        parts = {"text": self.text, "desc": self.content_description, "id": self.resource_name,
                 "class": self.class_name.rsplit(".", 1)[-1]}
        flags = [f for f in ("clickable", "checkable", "checked", "editable", "scrollable", "selected", "focused")
                 if getattr(self, f)]
        body = ", ".join(f'{k}="{v}"' for k, v in parts.items() if v)
        return f"{body}{', ' if flags else ''}{', '.join(flags)}"


def parse_bounds(text: str) -> tuple[int, int, int, int]:
    m = _BOUNDS.fullmatch(text.strip())
    if not m:
        raise ValueError(f"bad bounds {text!r}")
    x1, y1, x2, y2 = (int(g) for g in m.groups())
    return x1, y1, x2, y2


def _flag(node: Any, name: str) -> bool:
    return node.get(name) == "true"


def parse_tree(xml: str) -> etree._Element:
    """Parse a uiautomator dump (the XML declaration is allowed)."""
    return etree.fromstring(xml.encode("utf-8"), parser=etree.XMLParser(recover=True, resolve_entities=False))


def element_of(node: Any) -> UIElement:
    return UIElement(
        text=node.get("text", ""),
        content_description=node.get("content-desc", ""),
        class_name=node.get("class", ""),
        resource_id=node.get("resource-id", ""),
        package=node.get("package", ""),
        bounds=parse_bounds(node.get("bounds", "[0,0][0,0]")),
        hint=node.get("hint", ""),
        clickable=_flag(node, "clickable"),
        long_clickable=_flag(node, "long-clickable"),
        checkable=_flag(node, "checkable"),
        checked=_flag(node, "checked"),
        editable=node.get("class", "").endswith("EditText"),
        enabled=node.get("enabled", "true") == "true",
        focusable=_flag(node, "focusable"),
        focused=_flag(node, "focused"),
        scrollable=_flag(node, "scrollable"),
        selected=_flag(node, "selected"),
    )


def ui_elements(xml: str) -> list[UIElement]:
    """The element list of a dump: leaves, described nodes and scrollables, in document order."""
    root = parse_tree(xml)
    out = []
    for node in root.iter("node"):
        if node.get("visible-to-user", "true") != "true":
            continue
        x1, y1, x2, y2 = parse_bounds(node.get("bounds", "[0,0][0,0]"))
        if x2 <= x1 or y2 <= y1:
            continue
        if len(node) == 0 or node.get("content-desc") or _flag(node, "scrollable"):
            out.append(element_of(node))
    return out


def element_lines(elements: list[UIElement]) -> str:
    """The element list as models read it, one ``index: description`` line per element."""
    return "\n".join(f"{i}: {el.describe()}" for i, el in enumerate(elements))


def screen_digest(text: str) -> str:
    """A short stable digest of a screen's text (a UI tree or a view of it), to tell screens apart."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


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

    @cached_property
    def elements(self) -> list[UIElement]:
        return ui_elements(self.xml)

    @cached_property
    def tree(self) -> etree._Element:
        return parse_tree(self.xml)

    @cached_property
    def screenshot(self) -> bytes:
        """PNG bytes, taken on first access."""
        return self.screenshot_fn() if self.screenshot_fn else b""

    def xpath_element(self, xpath: str) -> UIElement:
        from pytest_mobileagent.actions import InvalidAction

        try:
            found = self.tree.xpath(xpath)
        except etree.XPathError as e:
            raise InvalidAction(f"invalid xpath {xpath!r}: {e}") from None
        nodes = [n for n in found if isinstance(n, etree._Element)]
        if not nodes:
            raise InvalidAction(f"no element matches xpath {xpath!r}")
        return element_of(nodes[0])

    def xpath_center(self, xpath: str) -> tuple[int, int]:
        return self.xpath_element(xpath).center
