"""Compressed XML: a short UI tree for text-only agents, in the spirit of AndroidArena's compressor.

This is the project's own compact view, not AndroidArena's format: AndroidArena's observation text, line for line
as its compressor writes it and its evaluator searches it, is :mod:`pytest_mobileagent.observe.arena_text`.

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
* a description equal to the text is not repeated, and the resource id's
  entry name (``rid``) is shown only on nodes with neither (an unlabelled
  button's ``rid="fab_add"``): where there is a label it says what the node is;
* checkable nodes (switches too) carry ``checked="true|false"``.

The text is a sequence of XML elements, one per line, nested by indentation;
wrap it in a root element to parse it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pytest_mobileagent.android.ui_tree import is_actionable, is_editable, on_screen
from pytest_mobileagent.observe.elements import Screen

#: Node flags that make a node something an agent can act on.
_ACTION_FLAGS = ("clickable", "long-clickable", "checkable", "scrollable")
_JOIN = " | "
_NEEDS_ESCAPE = re.compile(r'[&<>"\n\r\t]')


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


def _merges(node: Any) -> bool:
    """Whether ``node`` absorbs the plain text and image nodes below it (clickable, long-clickable, checkable)."""
    get = node.get
    return get("clickable") == "true" or get("long-clickable") == "true" or get("checkable") == "true"


@lru_cache(maxsize=512)
def _tag(class_name: str) -> str:
    short = class_name.rsplit(".", 1)[-1]
    short = re.sub(r"[^A-Za-z0-9_.-]", "_", short)
    return short if short[:1].isalpha() else f"node{short}"


def _quote(value: str) -> str:
    """An XML attribute value in double quotes, escaped as lxml writes it."""
    if _NEEDS_ESCAPE.search(value):
        value = (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
                 .replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;"))
    return f'"{value}"'


def _children(node: Any, path: str) -> list[tuple[Any, str]]:
    """The ``node`` children of ``node`` with their absolute xpaths (as lxml's ``getpath`` writes them: a position
    only where siblings share the name)."""
    kids = list(node.iterchildren("node"))
    if len(kids) == 1:
        return [(kids[0], f"{path}/node")]
    return [(kid, f"{path}/node[{i}]") for i, kid in enumerate(kids, 1)]


def _subtree(node: Any, path: str) -> list[tuple[Any, str]]:
    """``node`` and its ``node`` descendants in document order, with their xpaths."""
    out = [(node, path)]
    for kid, kid_path in _children(node, path):
        out.extend(_subtree(kid, kid_path))
    return out


@dataclass
class _Out:
    """One kept node of the view: its tag, attributes and kept children."""

    tag: str
    attrs: dict[str, str]
    children: list[_Out] = field(default_factory=list)

    def lines(self, depth: int, into: list[str]) -> None:
        attrs = "".join(f" {k}={_quote(v)}" for k, v in self.attrs.items())
        pad = " " * depth
        if not self.children:
            into.append(f"{pad}<{self.tag}{attrs}/>")
            return
        into.append(f"{pad}<{self.tag}{attrs}>")
        for child in self.children:
            child.lines(depth + 1, into)
        into.append(f"{pad}</{self.tag}>")


class _Builder:
    def __init__(self) -> None:
        self.xpaths: dict[str, str] = {}
        self.nearby: dict[str, list[str]] = {}
        self._functional: dict[Any, bool] = {}
        self._controls: dict[Any, bool] = {}

    def functional(self, node: Any) -> bool:
        """Something on screen to act on (looked at once per node)."""
        known = self._functional.get(node)
        if known is None:
            known = self._functional[node] = is_actionable(node) and on_screen(node)
        return known

    def controls(self, node: Any) -> bool:
        """Whether ``node`` or a node below it is :meth:`functional`."""
        known = self._controls.get(node)
        if known is None:
            known = self.functional(node) or any(self.controls(kid) for kid in node.iterchildren("node"))
            self._controls[node] = known
        return known

    def keep(self, node: Any, path: str, parent: list[_Out]) -> _Out:
        nid = f"n{len(self.xpaths)}"
        self.xpaths[nid] = path
        self.nearby[nid] = []
        get = node.get
        attrs = {"id": nid, "text": get("text", ""), "desc": get("content-desc", ""),
                 "rid": get("resource-id", "").split("/", 1)[-1]}
        if is_editable(node):
            attrs["editable"] = "true"
            if (hint := get("hint")) and hint != get("text"):
                attrs["hint"] = hint
        for flag in _ACTION_FLAGS:
            if flag != "checkable" and get(flag) == "true":
                attrs[flag] = "true"
        if get("checkable") == "true":
            attrs["checked"] = get("checked", "false")
        if get("selected") == "true":
            attrs["selected"] = "true"
        if get("enabled", "true") != "true":
            attrs["enabled"] = "false"
        out = _Out(_tag(get("class", "")), attrs)
        parent.append(out)
        return out

    def walk(self, node: Any, path: str, parent: list[_Out]) -> None:
        """Place ``node`` (and its subtree) under the output children list ``parent``."""
        functional = self.functional(node)
        if functional or ((node.get("text") or node.get("content-desc")) and on_screen(node)):
            out = self.keep(node, path, parent)
            attrs = out.attrs
            if functional and _merges(node):
                texts, descs = [attrs["text"]], [attrs["desc"]]
                for child, child_path in _children(node, path):
                    self.absorb(child, child_path, out, texts, descs)
                attrs["text"] = _JOIN.join(t for t in texts if t)
                attrs["desc"] = _JOIN.join(d for d in descs if d)
            else:
                for child, child_path in _children(node, path):
                    self.walk(child, child_path, out.children)
            if not attrs["desc"] or attrs["desc"] == attrs["text"]:
                del attrs["desc"]  # launcher icons repeat their label as description
            if not attrs["text"]:
                del attrs["text"]
            if not attrs["rid"] or "text" in attrs or "desc" in attrs:
                del attrs["rid"]  # a label says what the node is; the resource id only where there is none
        else:  # a layout-only container: hoist its children
            for child, child_path in _children(node, path):
                self.walk(child, child_path, parent)

    def absorb(self, node: Any, path: str, owner: _Out, texts: list[str], descs: list[str]) -> None:
        """Merge a descendant subtree into ``owner`` if it holds no controls; else walk it as usual."""
        if self.controls(node):
            self.walk(node, path, owner.children)  # e.g. a month grid inside a clickable pager: its cells keep ids
            return
        nearby = self.nearby[owner.attrs["id"]]
        for part, part_path in _subtree(node, path):
            if on_screen(part):
                nearby.append(part_path)
                texts.append(part.get("text", ""))
                descs.append(part.get("content-desc", ""))


def compress(source: str | Screen) -> CompressedView:
    """The compressed view of a uiautomator dump (its XML or its :class:`Screen`)."""
    root = Screen.of(source).root
    builder = _Builder()
    top: list[_Out] = []
    for child, path in _children(root, "/hierarchy"):
        builder.walk(child, path, top)
    lines: list[str] = []
    for out in top:
        out.lines(0, lines)
    return CompressedView("\n".join(lines), builder.xpaths, builder.nearby)
