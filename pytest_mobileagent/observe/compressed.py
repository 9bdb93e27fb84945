"""AndroidArena-style compressed XML: a short UI tree for text-only agents.

A raw uiautomator dump spends most of its characters on layout containers and
attributes an agent never needs. This view keeps only the nodes an agent can
act on or read:

* pure layout containers (no text, no content description, nothing to click,
  check, scroll or type into) are dropped and their children hoisted;
* plain text and image nodes inside a clickable/checkable node are merged into
  it: their text joins the parent's, and their xpaths become the parent's
  *nearby* set (AndroidArena counts a click on any of them as the same action).
  Only subtrees without controls of their own are merged, so a clickable
  container (a pager, a card with buttons) does not swallow its children;
* every kept node gets a short id (``n0``, ``n1``, ...) that maps back to the
  absolute xpath of the node in the raw dump;
* a description equal to the text is not repeated;
* checkable nodes carry ``checked="true|false"``, switches also ``state="on|off"``.

The text is a sequence of XML elements, one per line, nested by indentation;
wrap it in a root element to parse it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from pytest_mobileagent.android.ui_tree import is_actionable, is_editable, on_screen
from pytest_mobileagent.observe.elements import parse_tree

#: Node flags that make a node something an agent can act on.
_ACTION_FLAGS = ("clickable", "long-clickable", "checkable", "scrollable")
#: Flags whose nodes absorb the plain text/image nodes below them.
_MERGE_FLAGS = ("clickable", "long-clickable", "checkable")
_SWITCH_CLASSES = ("Switch", "SwitchCompat", "SwitchMaterial", "ToggleButton")
_JOIN = " | "


@dataclass(frozen=True)
class CompressedView:
    """The compressed text, and for each node id its raw xpath and merged-children xpaths."""

    text: str
    xpaths: dict[str, str] = field(default_factory=dict)
    nearby: dict[str, list[str]] = field(default_factory=dict)

    def node_id(self, xpath: str) -> str | None:
        """The id of the node at ``xpath`` or of the node it was merged into; None if dropped."""
        for nid, own in self.xpaths.items():
            if own == xpath or xpath in self.nearby[nid]:
                return nid
        return None


def _true(node: Any, name: str) -> bool:
    return node.get(name) == "true"


def _functional(node: Any) -> bool:
    return on_screen(node) and is_actionable(node)


def _merges(node: Any) -> bool:
    return any(_true(node, f) for f in _MERGE_FLAGS)


def _informative(node: Any) -> bool:
    return on_screen(node) and bool(node.get("text") or node.get("content-desc"))


def _tag(node: Any) -> str:
    short = node.get("class", "").rsplit(".", 1)[-1]
    short = re.sub(r"[^A-Za-z0-9_.-]", "_", short)
    return short if short[:1].isalpha() else f"node{short}"


class _Builder:
    def __init__(self, root: Any) -> None:
        self.tree = root.getroottree()
        self.xpaths: dict[str, str] = {}
        self.nearby: dict[str, list[str]] = {}

    def keep(self, node: Any, parent: Any) -> Any:
        nid = f"n{len(self.xpaths)}"
        self.xpaths[nid] = self.tree.getpath(node)
        self.nearby[nid] = []
        out = etree.SubElement(parent, _tag(node), {"id": nid})
        out.set("text", node.get("text", ""))
        out.set("desc", node.get("content-desc", ""))
        if rid := node.get("resource-id", "").split("/", 1)[-1]:
            out.set("rid", rid)
        if is_editable(node):
            out.set("editable", "true")
            if (hint := node.get("hint")) and hint != node.get("text"):
                out.set("hint", hint)
        for flag in _ACTION_FLAGS:
            if _true(node, flag) and flag != "checkable":
                out.set(flag, "true")
        if _true(node, "checkable"):
            out.set("checked", node.get("checked", "false"))
            if out.tag in _SWITCH_CLASSES:
                out.set("state", "on" if _true(node, "checked") else "off")
        if _true(node, "selected"):
            out.set("selected", "true")
        if node.get("enabled", "true") != "true":
            out.set("enabled", "false")
        return out

    def walk(self, node: Any, parent: Any) -> None:
        """Place ``node`` (and its subtree) under the output element ``parent``."""
        if _functional(node) or _informative(node):
            out = self.keep(node, parent)
            if _functional(node) and _merges(node):
                texts, descs = [out.get("text", "")], [out.get("desc", "")]
                for child in node.iterchildren("node"):
                    self.absorb(child, out, texts, descs)
                out.set("text", _JOIN.join(t for t in texts if t))
                out.set("desc", _JOIN.join(d for d in descs if d))
            else:
                for child in node.iterchildren("node"):
                    self.walk(child, out)
            if out.get("desc") == out.get("text") or not out.get("desc"):
                del out.attrib["desc"]  # launcher icons repeat their label as description
            if not out.get("text"):
                del out.attrib["text"]
        else:  # a layout-only container: hoist its children
            for child in node.iterchildren("node"):
                self.walk(child, parent)

    def absorb(self, node: Any, owner: Any, texts: list[str], descs: list[str]) -> None:
        """Merge a descendant subtree into ``owner`` if it holds no controls; else walk it as usual."""
        if any(_functional(n) for n in node.iter("node")):
            self.walk(node, owner)  # e.g. a month grid inside a clickable pager: its cells keep their own ids
            return
        for part in node.iter("node"):
            if on_screen(part):
                self.nearby[owner.get("id")].append(self.tree.getpath(part))
                texts.append(part.get("text", ""))
                descs.append(part.get("content-desc", ""))


def compress(xml: str) -> CompressedView:
    """The compressed view of a uiautomator dump."""
    root = parse_tree(xml)
    builder = _Builder(root)
    holder = etree.Element("screen")
    for child in root.iterchildren("node"):
        builder.walk(child, holder)
    lines = []
    for top in holder:
        etree.indent(top, space=" ")
        lines.append(etree.tostring(top, encoding="unicode").rstrip("\n"))
    return CompressedView("\n".join(lines), builder.xpaths, builder.nearby)
