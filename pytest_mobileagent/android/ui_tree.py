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
from functools import cached_property, lru_cache
from typing import Any

from lxml import etree

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
Bounds = tuple[int, int, int, int]


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


@lru_cache(maxsize=1024)
def _editable_class(class_name: str) -> bool:
    return bool(_EDITABLE_CLASSES.search(class_name))


def is_editable(node: Any) -> bool:
    """A text field: an EditText-family class, or ``editable="true"`` where the dumper writes it."""
    return _editable_class(node.get("class", "")) or node.get("editable") == "true"


def is_actionable(node: Any) -> bool:
    """Something an agent can act on: clickable, long-clickable, checkable, scrollable or a text field."""
    get = node.get
    return get("clickable") == "true" or get("long-clickable") == "true" or get("checkable") == "true" \
        or get("scrollable") == "true" or is_editable(node)


def _area_bounds(node: Any) -> Bounds | None:
    """The node's bounds if they parse and have some area, else None."""
    m = _BOUNDS.fullmatch(node.get("bounds", "[0,0][0,0]").strip())
    if m is None:
        return None
    x1, y1, x2, y2 = int(m[1]), int(m[2]), int(m[3]), int(m[4])
    return (x1, y1, x2, y2) if x2 > x1 and y2 > y1 else None


def on_screen(node: Any) -> bool:
    """Visible to the user, with bounds of some area."""
    return node.get("visible-to-user", "true") == "true" and _area_bounds(node) is not None


_new_element = object.__new__


def element_of(node: Any, bounds: Bounds | None = None) -> UIElement:
    """The element a node describes (``bounds``: the node's, when the caller has already parsed them).

    Built by filling the frozen dataclass's fields directly: the same object ``UIElement(...)`` makes, without the
    per-field ``object.__setattr__`` of its generated ``__init__``, which was most of the cost of a screen's parse."""
    get = node.get
    el = _new_element(UIElement)
    el.__dict__.update(
        text=get("text", ""),
        content_description=get("content-desc", ""),
        class_name=get("class", ""),
        resource_id=get("resource-id", ""),
        package=get("package", ""),
        bounds=bounds if bounds is not None else parse_bounds(get("bounds", "[0,0][0,0]")),
        hint=get("hint", ""),
        clickable=get("clickable") == "true",
        long_clickable=get("long-clickable") == "true",
        checkable=get("checkable") == "true",
        checked=get("checked") == "true",
        editable=is_editable(node),
        enabled=get("enabled", "true") == "true",
        focusable=get("focusable") == "true",
        focused=get("focused") == "true",
        scrollable=get("scrollable") == "true",
        selected=get("selected") == "true",
    )
    return el


def _classify(root: etree._Element) -> tuple[list[tuple[Any, Bounds]], list[tuple[Any, Bounds]]]:
    """The nodes of :func:`split_targets` with their bounds, without building elements: the cheap tests first, the
    bounds parsed only for nodes that pass them."""
    listed, extra = [], []
    for node in root.iter("node"):
        get = node.get
        if get("visible-to-user", "true") != "true":
            continue
        if len(node) == 0 or get("content-desc") or get("scrollable") == "true":
            into = listed
        elif is_actionable(node):
            into = extra
        else:
            continue
        bounds = _area_bounds(node)
        if bounds is not None:
            into.append((node, bounds))
    return listed, extra


def split_targets(root: etree._Element) -> tuple[list[tuple[UIElement, Any]], list[tuple[UIElement, Any]]]:
    """In one pass over the tree: AndroidWorld's elements (visible leaves, described nodes and scrollables), and
    the other on-screen actionable nodes, each with the node it was read from, in document order."""
    listed, extra = _classify(root)
    return ([(element_of(node, bounds), node) for node, bounds in listed],
            [(element_of(node, bounds), node) for node, bounds in extra])


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
    return Screen.of(xml).elements


def _stops_tap(node: Any) -> bool | None:
    """Whether a tap inside ``node`` lands on it (True: clickable), stops there (False: a scrolling container), or
    goes on to its parent (None)."""
    get = node.get
    if get("scrollable") == "true":
        return False
    if get("clickable") == "true" or get("long-clickable") == "true":
        return True
    return None


def in_clickable(node: Any) -> bool:
    """Whether a tap on ``node`` lands on a clickable ancestor (stopping at a scrolling container)."""
    for up in node.iterancestors("node"):
        stop = _stops_tap(up)
        if stop is not None:
            return stop
    return False


class Screen:
    """A uiautomator dump parsed once, for an :class:`~pytest_mobileagent.observe.elements.Observation` and every
    view of it: the tree, and (each computed on first use, then kept) AndroidWorld's element list, the action
    targets and their nodes. The views take a ``Screen`` or the XML text (then they parse it themselves)."""

    def __init__(self, xml: str) -> None:
        self.xml = xml
        self.root = parse_tree(xml)

    @classmethod
    def of(cls, source: str | Screen) -> Screen:
        """``source`` itself if it is parsed already, else its parse."""
        return source if isinstance(source, Screen) else cls(source)

    @cached_property
    def _split(self) -> tuple[list[tuple[UIElement, Any]], list[tuple[UIElement, Any]]]:
        return split_targets(self.root)

    @cached_property
    def target_nodes(self) -> list[tuple[UIElement, Any]]:
        """The action targets with their nodes (as :func:`target_nodes`)."""
        return self._split[0] + self._split[1]

    @cached_property
    def elements(self) -> list[UIElement]:
        """AndroidWorld's element list: an element's position is its action index."""
        return [el for el, _ in self._split[0]]

    @cached_property
    def targets(self) -> list[UIElement]:
        """What an action index resolves to: :attr:`elements`, then the other on-screen actionable nodes."""
        return self.elements + [el for el, _ in self._split[1]]

    @cached_property
    def tappable(self) -> list[bool]:
        """For each action target, :func:`in_clickable` of its node; each ancestor is looked at once for all."""
        known: dict[Any, bool] = {}
        out = []
        for _, node in self.target_nodes:
            seen, result = [], False
            for up in node.iterancestors("node"):
                if up in known:
                    result = known[up]
                    break
                seen.append(up)
                stop = _stops_tap(up)
                if stop is not None:
                    result = stop
                    break
            for up in seen:
                known[up] = result
            out.append(result)
        return out


__all__ = ["MalformedDump", "Screen", "UIElement", "clean_dump", "element_nodes", "element_of", "in_clickable",
           "is_actionable", "is_editable", "on_screen", "parse_bounds", "parse_tree", "split_targets", "target_nodes",
           "ui_elements"]
