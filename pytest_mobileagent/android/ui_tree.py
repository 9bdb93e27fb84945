"""The UI tree in uiautomator's dump format (``<hierarchy><node index text resource-id class package
content-desc checkable checked clickable enabled focusable focused scrollable long-clickable password selected
visible-to-user bounds ...>``), read into elements.

The element list follows AndroidWorld's rule: keep visible nodes that are leaves, have a content description,
or are scrollable. An element's position in the list is its action index.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
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


__all__ = ["UIElement", "element_of", "parse_bounds", "parse_tree", "ui_elements"]
