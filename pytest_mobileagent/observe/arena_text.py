"""AndroidArena's own text observation: the line format its compressor writes, and the xpath its actions record.

AndroidArena (``android_env2/xml_tool.py``, ``UIXMLTree.process(..., level=2, str_type="plain_text")`` as
``android_env2/observation.py``'s ``TextObsWrapper`` calls it) turns a uiautomator2 dump into indented lines. Its
evaluator (``run_evaluator.py``, ``eval_constrain``) searches that text for fixed strings such as
``label_view ;click ; ;; Sent`` or ``Button channels_button ;click ; ;;All :``, so a view that claims the format
must produce the same characters. The rules, as the compressor applies them (this is the project's own code,
written from that behaviour):

1. **Removal.** A node of ``com.android.systemui`` is dropped; so is a node with neither text nor content
   description and none of ``checkable checked clickable focusable scrollable long-clickable password selected``
   true. A dropped node's children take its place. Nothing is dropped for being off screen or invisible.
2. **Merge.** A kept node that offers no action (not clickable, scrollable, long-clickable, checkable, nor at
   least focusable) is merged into its parent node: its children take its place and its words (text, then
   description) are appended to the parent's, each word once if the parent's text does not have it already
   (commas, semicolons and full stops split words). A node right under ``<hierarchy>`` stays.
3. **One line per node**, nested by four spaces under the first line (``The current APP is <name>.: `` or, on the
   Pixel Launcher, ``This is the home screen view.: ``)::

       [<id>] <Class ><entry ><;actions ; ><status><;ext><;><words>:␠

   ``Class`` is the class's last dotted part, blank for ``View``, ``FrameLayout``, ``LinearLayout`` and
   ``RelativeLayout``; ``entry`` is the resource id's entry name (blank unless it has ``:id/``); actions are
   ``click scroll long-click check`` in that order, or ``focusable`` when there is none (a child of a
   ``material_clock_face`` also gets ``click``); status is ``checked password selected`` and ``unchecked`` for an
   unchecked checkable; ext is `` you can input password, `` and `` selected, ``; words are ``text desc`` each
   followed by a space, then merged words.
4. **Recorded xpath.** An action on node ``[id]`` is recorded with the node's xpath in the *raw* dump:
   ``//*[@resource-id="<full id>"]`` when that id is unique in the dump, else the parent's recorded xpath,
   ``/``, the full class and its position among the parent's children of that class (``[1]``-based).
   Each node also has a short xpath (the one an agent may write instead of the id): walking up from the node, the
   first of its resource id, text, description or class that is unique in the dump ends the path
   (``//*[@text="13"]``), else the class and its position among same-class siblings is a step and the walk goes
   on. AndroidArena counts an action as the same as another when their xpaths are equal or one is *near* the
   other's node: the node's own two xpaths, and those of its parent, siblings and children in the view.

AndroidArena names the app from its ``app_configs/*.yaml`` (:data:`APP_NAMES`), and an unknown package by the
last part of its name. Its node ids are four random hex digits; here they count up (``n0001``) so that the same
screen gives the same text. uiautomator2's dump, which AndroidArena read, has no attributes beyond uiautomator's
classic set; extra ones in a newer dump (``hint``, ``drawing-order``) are not rendered.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pytest_mobileagent.observe.elements import Screen

#: AndroidArena's app names (``app_configs/<app>.yaml``: ``app.name`` by ``app.package``).
APP_NAMES: dict[str, str] = {
    "com.google.android.calendar": "Calendar", "com.android.camera2": "Camera", "com.chrome.beta": "Chrome",
    "com.google.android.deskclock": "Clock", "com.google.android.contacts": "Contacts",
    "org.mozilla.firefox": "Firefox", "com.google.android.gm": "Gmail", "com.google.android.apps.docs": "Google Drive",
    "com.google.android.apps.maps": "Google Maps", "com.google.android.apps.messaging": "Messages",
    "com.google.android.apps.photos": "Photos", "com.android.settings": "Settings", "com.Slack": "Slack",
    "com.weather.Weather": "Weather", "com.google.android.youtube": "YouTube",
}
#: The launcher whose screen AndroidArena calls the home screen (``observation.py``).
HOME_PACKAGE = "com.google.android.apps.nexuslauncher"

_FLAGS = ("checkable", "checked", "clickable", "focusable", "scrollable", "long-clickable", "password", "selected")
_ACTIONS = (("clickable", "click"), ("scrollable", "scroll"), ("long-clickable", "long-click"),
            ("checkable", "check"))
_LAYOUTS = frozenset({"View", "FrameLayout", "LinearLayout", "RelativeLayout"})


@dataclass(eq=False)
class ArenaNode:
    """One line of the view: the raw node it stands for, the xpath an action on it records (``xpath``) and its
    short xpath (``short``), its line."""

    raw: Any
    xpath: str
    short: str = ""
    cls: str = ""
    entry: str = ""
    action: str = ""
    words: str = ""
    children: list[ArenaNode] = field(default_factory=list)
    parent: ArenaNode | None = None

    def description(self) -> str:
        get = self.raw.get
        status = "".join(f"{flag} " for flag in ("checked", "password", "selected") if get(flag) == "true")
        if get("checkable") == "true" and get("checked") == "false":
            status += "unchecked "
        ext = (" you can input password, " if get("password") == "true" else "") + \
              (" selected, " if get("selected") == "true" else "")
        head = (f"{self.cls} " if self.cls else "") + (f"{self.entry} " if self.entry else "")
        return f"{head};{self.action}; {status};{ext};{self.words}".replace("\n", "")


@dataclass(frozen=True)
class ArenaText:
    """The text, each line's node id with its node, and for every raw node the id of the line that stands for it
    (itself, or the node it was merged into; removed nodes have none)."""

    text: str
    nodes: dict[str, ArenaNode]
    owner: dict[Any, str]
    top: list[ArenaNode] = field(default_factory=list)

    def node_id(self, raw: Any) -> str | None:
        """The id of the line an action on raw node ``raw`` goes to: its own, the one it was merged into, or (a
        removed node) the nearest ancestor's."""
        while raw is not None:
            if raw in self.owner:
                return self.owner[raw]
            raw = raw.getparent()
        return None

    def xpath(self, raw: Any) -> str | None:
        """The xpath AndroidArena records for an action on raw node ``raw`` (see :meth:`node_id`)."""
        nid = self.node_id(raw)
        return self.nodes[nid].xpath if nid else None

    def nearby(self, nid: str) -> set[str]:
        """AndroidArena's nearby xpaths of node ``nid``: both xpaths of it, its parent (not the root), its siblings
        (itself included) and its children."""
        node = self.nodes[nid]
        related = [node, *node.children, *(node.parent.children if node.parent else self.top)]
        if node.parent is not None:
            related.append(node.parent)
        return {x for n in related for x in (n.xpath, n.short)}

    @property
    def xpaths(self) -> dict[str, str]:
        """Node id -> the raw node's absolute xpath (to act on it in the dump the view was made from)."""
        return {nid: node.raw.getroottree().getpath(node.raw) for nid, node in self.nodes.items()}


def app_name(package: str) -> str:
    """AndroidArena's name of the app ``package`` (its config's, else the package's last part)."""
    return APP_NAMES.get(package) or package.split(".")[-1]


def _recorded_xpaths(root: Any) -> dict[Any, str]:
    ids = Counter(n.get("resource-id") for n in root.iter() if n.get("resource-id"))
    out: dict[Any, str] = {root: "/"}
    for node in root.iterdescendants():
        rid = node.get("resource-id", "")
        if rid and ids[rid] == 1:
            out[node] = f'//*[@resource-id="{rid}"]'
            continue
        parent, cls = node.getparent(), node.get("class", "")
        same = [kid for kid in parent if kid.get("class", "") == cls]
        out[node] = f"{out[parent]}/{cls}[{same.index(node) + 1}]"
    return out


def _short_xpaths(root: Any) -> dict[Any, str]:
    nodes = list(root.iter("node"))
    counts = {attr: Counter(n.get(attr, "") for n in nodes) for attr in ("resource-id", "text", "content-desc",
                                                                          "class")}

    def short(node: Any) -> str:
        steps: list[str] = []
        while node is not None and node.tag == "node":
            if len(nodes) == 1:
                steps.append('*[@label="node"]')
                break
            unique = next((attr for attr in ("resource-id", "text", "content-desc")
                           if counts[attr][node.get(attr, "")] == 1), None)
            if unique:
                steps.append(f'*[@{unique}="{node.get(unique, "")}"]')
                break
            cls = node.get("class", "")
            if counts["class"][cls] == 1:
                steps.append(cls)
                break
            parent = node.getparent()
            siblings = list(parent)
            same = [kid for kid in siblings[:siblings.index(node) + 1] if kid.get("class", "") == cls]
            steps.append(f"{cls}[{len(same)}]")
            node = parent
        return "//" + "/".join(reversed(steps))

    return {node: short(node) for node in nodes}


def _removed(node: Any) -> bool:
    get = node.get
    if get("package") == "com.android.systemui":
        return True
    if get("text") or get("content-desc"):
        return False
    return not any(get(flag) == "true" for flag in _FLAGS)


def _merge_words(parent: str, child: str) -> str:
    known = parent.replace(";", " ").replace(",", " ").replace(".", " ").split()
    words = child.replace(";", " ").replace(",", " ").replace(".", " ").split()
    return (parent + "".join(f" {w}" for w in words if w not in known)).replace(";", ". ")


class _Builder:
    def __init__(self, root: Any) -> None:
        self.xpaths = _recorded_xpaths(root)
        self.shorts = _short_xpaths(root)
        self.owner: dict[Any, ArenaNode] = {}

    def keep(self, raw: Any, parent: ArenaNode | None, clock_face: bool) -> ArenaNode:
        get = raw.get
        short = get("class", "").split(".")[-1]
        rid = get("resource-id", "")
        action = "".join(f"{verb} " for flag, verb in _ACTIONS if get(flag) == "true")
        if not action and get("focusable") == "true":
            action = "focusable "
        if clock_face:
            action += "click"
        words = (f"{get('text')} " if get("text") else "") + (f"{get('content-desc')} " if get("content-desc") else "")
        node = ArenaNode(raw, self.xpaths[raw], self.shorts[raw], "" if short in _LAYOUTS else short,
                         rid[rid.index(":id/") + 4:] if ":id/" in rid else "", action, words, parent=parent)
        self.owner[raw] = node
        return node

    def place(self, raw: Any, parent: ArenaNode | None, into: list[ArenaNode]) -> None:
        """Rules 1 and 2 for ``raw`` and its subtree, under ``parent`` (None: under ``<hierarchy>``)."""
        if _removed(raw):
            for kid in raw.iterchildren("node"):
                self.place(kid, parent, into)
            return
        clock_face = parent is not None and "material_clock_face" in parent.raw.get("resource-id", "")
        node = self.keep(raw, parent, clock_face)
        if not node.action and parent is not None:  # merged: its words go up, its children take its place
            parent.words = _merge_words(parent.words, node.words)
            self.owner[raw] = parent
            for kid in raw.iterchildren("node"):
                self.place(kid, parent, into)
            return
        into.append(node)
        for kid in raw.iterchildren("node"):
            self.place(kid, node, node.children)


def arena_text(source: str | Screen, package: str) -> ArenaText:
    """AndroidArena's observation text of a dump shown by app ``package`` (see the module's rules)."""
    root = Screen.of(source).root
    builder = _Builder(root)
    top: list[ArenaNode] = []
    for kid in root.iterchildren("node"):
        builder.place(kid, None, top)
    head = "This is the home screen view." if package == HOME_PACKAGE else f"The current APP is {app_name(package)}."
    lines, nodes = [f"{head}: "], {}

    def emit(node: ArenaNode, depth: int) -> None:
        nid = f"n{len(nodes) + 1:04x}"
        nodes[nid] = node
        ids[node] = nid
        lines.append(f"{'    ' * depth}[{nid}] {node.description()}: ")
        for kid in node.children:
            emit(kid, depth + 1)

    ids: dict[ArenaNode, str] = {}
    for node in top:
        emit(node, 1)
    owner = {raw: ids[node] for raw, node in builder.owner.items() if node in ids}
    return ArenaText("\n".join(lines) + "\n", nodes, owner, top)


__all__ = ["APP_NAMES", "HOME_PACKAGE", "ArenaNode", "ArenaText", "app_name", "arena_text"]
