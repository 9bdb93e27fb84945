"""The UI tree in uiautomator's dump format (``<hierarchy><node index text resource-id class package
content-desc checkable checked clickable enabled focusable focused scrollable long-clickable password selected
visible-to-user bounds ...>``), read into elements.

The element list follows AndroidWorld's rule: keep visible nodes that are leaves, have a content description,
or are scrollable. An element's position in the list is its action index. The action targets extend it, after
AndroidWorld's indices, with every other on-screen node an agent can act on (a clickable row or card without
text of its own, which the leaf rule drops), so that views can address every actionable node.

Dumps from real devices come with noise: ``uiautomator dump /dev/tty`` prints a line after the XML, some
tools print before it, a BOM or CRLF line ends. :func:`clean_dump` keeps the ``<hierarchy>`` document; an empty
or cut-off dump is a :class:`MalformedDump`, never a partial screen.
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


class MalformedDump(ValueError):
    """The text is not a whole uiautomator dump (empty, cut off, or no ``<hierarchy>`` in it)."""


_HIERARCHY_START = re.compile(r"<hierarchy[\s>/]")
_HIERARCHY_END = "</hierarchy>"
#: Text field classes (``android.widget.EditText`` and its subclasses in the platform and AndroidX): the
#: dump has no "editable" attribute unless the dumper adds one, so the class decides, as uiautomator's
#: ``UiSelector.className`` users do.
_EDITABLE_CLASSES = re.compile(r"(EditText|AutoCompleteTextView|SearchView\$SearchAutoComplete|SearchAutoComplete)$")


def clean_dump(xml: str) -> str:
    """The XML document of a dump (its declaration and ``<hierarchy>``): a BOM, text before it and text after
    ``</hierarchy>`` dropped. :class:`MalformedDump` when there is no whole hierarchy (empty or cut off)."""
    text = xml.lstrip("\ufeff")
    start = _HIERARCHY_START.search(text)
    if start is None:
        raise MalformedDump("not a UI dump: no <hierarchy> element" if text.strip() else "empty UI dump")
    end = text.rfind(_HIERARCHY_END)
    if end < start.start():
        if re.match(r"<hierarchy[^>]*/>", text[start.start():]):  # an empty screen written as one tag
            return text[start.start():text.index("/>", start.start()) + 2]
        raise MalformedDump(f"UI dump cut off after {len(text)} characters (no </hierarchy>)")
    declaration = text.rfind("<?xml", 0, start.start())  # kept, as uiautomator writes it
    return text[declaration if declaration >= 0 else start.start():end + len(_HIERARCHY_END)]


def parse_tree(xml: str) -> etree._Element:
    """Parse a uiautomator dump (noise around it removed by :func:`clean_dump`); :class:`MalformedDump` if it is
    not a whole one. Characters XML forbids in UI text are skipped (lxml's recovery), not the screen."""
    text = clean_dump(xml)
    root = etree.fromstring(text.encode("utf-8"), parser=etree.XMLParser(recover=True, resolve_entities=False,
                                                                         huge_tree=True))
    if root is None or root.tag != "hierarchy":
        raise MalformedDump("UI dump does not parse as a <hierarchy>")
    return root


def is_editable(node: Any) -> bool:
    """A text field: an EditText-family class, or ``editable="true"`` where the dumper writes it."""
    return bool(_EDITABLE_CLASSES.search(node.get("class", ""))) or node.get("editable") == "true"


def is_actionable(node: Any) -> bool:
    """Something an agent can act on: clickable, long-clickable, checkable, scrollable or a text field."""
    return any(node.get(flag) == "true" for flag in ("clickable", "long-clickable", "checkable", "scrollable")) \
        or is_editable(node)


def on_screen(node: Any) -> bool:
    """Visible to the user, with bounds of some area."""
    if node.get("visible-to-user", "true") != "true":
        return False
    try:
        x1, y1, x2, y2 = parse_bounds(node.get("bounds", "[0,0][0,0]"))
    except ValueError:
        return False
    return x2 > x1 and y2 > y1


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
        editable=is_editable(node),
        enabled=node.get("enabled", "true") == "true",
        focusable=_flag(node, "focusable"),
        focused=_flag(node, "focused"),
        scrollable=_flag(node, "scrollable"),
        selected=_flag(node, "selected"),
    )


def split_targets(root: etree._Element) -> tuple[list[tuple[UIElement, Any]], list[tuple[UIElement, Any]]]:
    """In one pass over the tree: AndroidWorld's elements (visible leaves, described nodes and scrollables), and
    the other on-screen actionable nodes, each with the node it was read from, in document order."""
    listed, extra = [], []
    for node in root.iter("node"):
        if not on_screen(node):
            continue
        if len(node) == 0 or node.get("content-desc") or node.get("scrollable") == "true":
            listed.append((element_of(node), node))
        elif is_actionable(node):
            extra.append((element_of(node), node))
    return listed, extra


def element_nodes(root: etree._Element) -> list[tuple[UIElement, Any]]:
    """AndroidWorld's element list, each element with the node it was read from (by position in the tree)."""
    return split_targets(root)[0]


def target_nodes(root: etree._Element) -> list[tuple[UIElement, Any]]:
    """The action targets: :func:`element_nodes` (AndroidWorld's indices first), then every other on-screen
    actionable node in document order."""
    listed, extra = split_targets(root)
    return listed + extra


def ui_elements(xml: str) -> list[UIElement]:
    """The element list of a dump: leaves, described nodes and scrollables, in document order."""
    return [el for el, _ in element_nodes(parse_tree(xml))]


__all__ = ["MalformedDump", "UIElement", "clean_dump", "element_nodes", "element_of", "is_actionable", "is_editable",
           "on_screen", "parse_bounds", "parse_tree", "split_targets", "target_nodes", "ui_elements"]
