"""Serialise laid-out windows in uiautomator's XML dump format.

Attribute set and order follow the uiautomator2 server jar's
``AccessibilityNodeInfoDumper`` (which follows AOSP): ``NAF`` (only when set),
``index``, ``text``, ``resource-id``, ``class``, ``package``, ``content-desc``,
the boolean flags, ``visible-to-user``, ``bounds``, then ``drawing-order``,
``hint`` and ``display-id``. The AOSP ``uiautomator dump`` shell command writes
the subset without the jar's extra attributes (``full=False``).
"""

from __future__ import annotations

import re

from lxml import etree

from pytest_mobileagent.sim.layout import Node

XML_DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: Classes AOSP never flags as NAF (containers of other items).
_NAF_EXCLUDED = ("GridView", "GridLayout", "ListView", "TableLayout")


def _safe(text: str) -> str:
    return _INVALID_XML.sub(".", text)


def _b(value: bool) -> str:
    return "true" if value else "false"


def node_text(node: Node) -> str:
    """The text accessibility reports: hint for an empty field, dots for a password."""
    v = node.view
    if v.cls == "android.widget.EditText" and not v.text:
        return v.hint
    if v.password and v.text:
        return "\u2022" * len(v.text)
    return v.text


def _has_label(node: Node) -> bool:
    return any(node_text(n) or n.view.desc for n in node.walk())


def is_naf(node: Node) -> bool:
    """"Not accessibility friendly": clickable and enabled, with no text or description anywhere below."""
    v = node.view
    if v.cls.endswith(_NAF_EXCLUDED):
        return False
    return v.clickable and v.enabled and not _has_label(node)


def _attributes(node: Node, full: bool) -> dict[str, str]:
    v = node.view
    attrs: dict[str, str] = {}
    if is_naf(node):
        attrs["NAF"] = "true"
    x1, y1, x2, y2 = node.bounds
    attrs.update(
        {
            "index": str(node.index),
            "text": _safe(node_text(node)),
            "resource-id": node.resource_id,
            "class": v.cls,
            "package": node.package,
            "content-desc": _safe(v.desc),
            "checkable": _b(v.checkable),
            "checked": _b(v.checked),
            "clickable": _b(v.clickable),
            "enabled": _b(v.enabled),
            "focusable": _b(v.focusable),
            "focused": _b(node.focused),
            "scrollable": _b(v.scrollable),
            "long-clickable": _b(v.long_clickable),
            "password": _b(v.password),
            "selected": _b(v.selected),
        }
    )
    if full:
        attrs["visible-to-user"] = "true"
    attrs["bounds"] = f"[{x1},{y1}][{x2},{y2}]"
    if full:
        attrs["drawing-order"] = str(node.index + 1)
        attrs["hint"] = _safe(v.hint)
        attrs["display-id"] = "0"
    return attrs


def _emit(parent: etree._Element, node: Node, full: bool) -> None:
    el = etree.SubElement(parent, "node", _attributes(node, full))
    for child in node.children:
        _emit(el, child, full)


def dump(windows: list[Node], full: bool = True, rotation: int = 0) -> str:
    """The XML document for ``windows`` (top window first), as the dumper writes it."""
    root = etree.Element("hierarchy", {"rotation": str(rotation)})
    for window in windows:
        _emit(root, window, full)
    body = etree.tostring(root, encoding="unicode", pretty_print=True)
    return f"{XML_DECLARATION}\r\n{body}"
