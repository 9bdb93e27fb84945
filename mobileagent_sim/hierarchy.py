"""Serialise laid-out windows in uiautomator's XML dump format.

Attribute set and order follow the uiautomator2 server jar's
``AccessibilityNodeInfoDumper`` (which follows AOSP): ``NAF`` (only when set),
``index``, ``text``, ``resource-id``, ``class``, ``package``, ``content-desc``,
the boolean flags, ``visible-to-user``, ``bounds``, then ``drawing-order``,
``hint`` and ``display-id``. The AOSP ``uiautomator dump`` shell command writes
the subset without the jar's extra attributes (``full=False``).

The text is what lxml's pretty printer writes for that tree (two spaces of
indent per level, attribute values escaped as libxml2 escapes them), written
from one template per node; each window's part is kept on its root node
(:attr:`~mobileagent_sim.layout.Node.xml`), so a window the layout
reused is not written again.
"""

from __future__ import annotations

import re

from mobileagent_sim.layout import Node

XML_DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
#: Characters XML cannot hold (written as "."), and those libxml2 escapes in an attribute value.
_SPECIAL = re.compile('[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff\t\n\r"&<>]')
_ESCAPES = {"\t": "&#9;", "\n": "&#10;", "\r": "&#13;", '"': "&quot;", "&": "&amp;", "<": "&lt;", ">": "&gt;"}
#: Classes AOSP never flags as NAF (containers of other items).
_NAF_EXCLUDED = ("GridView", "GridLayout", "ListView", "TableLayout")
_INDENT = "  "
_NAF = 'NAF="true" '


def _escaped(match: re.Match[str]) -> str:
    return _ESCAPES.get(match.group(), ".")


def _attr(value: str) -> str:
    """``value`` as an attribute value: invalid XML characters as ".", the rest escaped as libxml2 does."""
    return _SPECIAL.sub(_escaped, value) if _SPECIAL.search(value) else value


def node_text(node: Node) -> str:
    """The text accessibility reports: hint for an empty field, dots for a password."""
    v = node.view
    if v.cls == "android.widget.EditText" and not v.text:
        return v.hint
    if v.password and v.text:
        return "\u2022" * len(v.text)
    return v.text


def _emit(node: Node, full: bool, indent: str, out: list[str]) -> bool:
    """Append ``node``'s lines to ``out``; whether it or a node below it has a text or description.

    A node is NAF ("not accessibility friendly") when it is clickable and enabled with no text or description
    anywhere in its subtree, so its children are written first and its opening tag put in front of them.
    """
    v = node.view
    text = node_text(node)
    slot = len(out)
    out.append("")
    labelled = False
    if node.children:
        inner = indent + _INDENT
        for child in node.children:
            labelled = _emit(child, full, inner, out) or labelled
    labelled = labelled or bool(text or v.desc)
    naf = v.clickable and v.enabled and not labelled and not v.cls.endswith(_NAF_EXCLUDED)
    x1, y1, x2, y2 = node.bounds
    tag = (
        f'{indent}<node {_NAF if naf else ""}index="{node.index}" '
        f'text="{_attr(text)}" resource-id="{_attr(node.resource_id)}" class="{_attr(v.cls)}" '
        f'package="{_attr(node.package)}" content-desc="{_attr(v.desc)}" '
        f'checkable="{"true" if v.checkable else "false"}" checked="{"true" if v.checked else "false"}" '
        f'clickable="{"true" if v.clickable else "false"}" enabled="{"true" if v.enabled else "false"}" '
        f'focusable="{"true" if v.focusable else "false"}" focused="{"true" if node.focused else "false"}" '
        f'scrollable="{"true" if v.scrollable else "false"}" '
        f'long-clickable="{"true" if v.long_clickable else "false"}" '
        f'password="{"true" if v.password else "false"}" selected="{"true" if v.selected else "false"}" '
    )
    if full:
        tag += (f'visible-to-user="true" bounds="[{x1},{y1}][{x2},{y2}]" drawing-order="{node.index + 1}" '
                f'hint="{_attr(v.hint)}" display-id="0"')
    else:
        tag += f'bounds="[{x1},{y1}][{x2},{y2}]"'
    if node.children:
        out[slot] = tag + ">\n"
        out.append(indent + "</node>\n")
    else:
        out[slot] = tag + "/>\n"
    return labelled


def window_xml(root: Node, full: bool = True) -> str:
    """The lines of one window (a child of ``<hierarchy>``), written once per laid-out tree."""
    xml = root.xml.get(full)
    if xml is None:
        out: list[str] = []
        _emit(root, full, _INDENT, out)
        xml = root.xml[full] = "".join(out)
    return xml


def dump(windows: list[Node], full: bool = True, rotation: int = 0) -> str:
    """The XML document for ``windows`` (top window first), as the dumper writes it."""
    body = "".join(window_xml(w, full) for w in windows)
    if not body:
        return f'{XML_DECLARATION}\r\n<hierarchy rotation="{rotation}"/>\n'
    return f'{XML_DECLARATION}\r\n<hierarchy rotation="{rotation}">\n{body}</hierarchy>\n'
