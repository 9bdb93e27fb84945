"""Layout: turns a view tree into positioned :class:`Node` objects with pixel bounds.

Sizes in views are dp; the screen density converts them to pixels
(``px = dp * density / 160``). Scrollable containers lay their content out at
their scroll offset and clip it; nodes clipped away entirely are invisible and
are left out of the hierarchy and of hit testing, as on Android.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from mobileagent_sim.views import View

Rect = tuple[int, int, int, int]

#: dp height of a text line by style, and the char width as a fraction of it.
LINE_DP = {"title": 28, "headline": 40, "display": 56, "dialog-title": 32, "item-summary": 20, "caption": 18}
DEFAULT_LINE_DP = 24
CHAR_WIDTH = 0.5


def focus_key(view: View, resource_id: str) -> str:
    """The key focus is kept under: the resource-id, or a ``#name`` id's own name for a view without one."""
    return view.id if view.id.startswith("#") else resource_id


@dataclass(eq=False)
class Node:
    """A view placed on screen: what the hierarchy dump and the renderer read.

    Once laid out, a tree of nodes does not change (a reused tree only gets its views replaced by equal ones
    of a newer build, :func:`rebind`), so what is made from it is kept on its root: ``xml``, the window's part
    of the hierarchy dump by ``full`` (:func:`mobileagent_sim.hierarchy.window_xml`).
    """

    view: View
    bounds: Rect  # visible bounds, clipped to parent and screen
    index: int  # the view's position among its parent's children
    resource_id: str
    package: str
    focused: bool = False
    children: list[Node] = field(default_factory=list)
    xml: dict[bool, str] = field(default_factory=dict, init=False, repr=False)

    @property
    def center(self) -> tuple[int, int]:
        x1, y1, x2, y2 = self.bounds
        return (x1 + x2) // 2, (y1 + y2) // 2

    def contains(self, x: int, y: int) -> bool:
        x1, y1, x2, y2 = self.bounds
        return x1 <= x < x2 and y1 <= y < y2

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


def _intersect(a: Rect, b: Rect) -> Rect:
    x1, y1 = max(a[0], b[0]), max(a[1], b[1])
    x2, y2 = min(a[2], b[2]), min(a[3], b[3])
    return (x1, y1, max(x1, x2), max(y1, y2))


def _visible(r: Rect) -> bool:
    return r[2] > r[0] and r[3] > r[1]


#: A view's fields other than its children and handlers (``on_*``): all that layout, the hierarchy and the
#: renderer read from it.
_VIEW_DATA = attrgetter(*(f.name for f in fields(View) if f.name != "children" and not f.name.startswith("on_")))


def fingerprint(view: View) -> list[Any]:
    """The view tree as data, without its handlers: equal fingerprints lay out to equal nodes."""
    out: list[Any] = []
    stack = [view]
    while stack:
        v = stack.pop()
        out.append(_VIEW_DATA(v))
        out.append(len(v.children))
        stack.extend(reversed(v.children))
    return out


def rebind(node: Node, view: View) -> None:
    """Point a laid-out tree at ``view``, a newer build whose :func:`fingerprint` equals the one it was laid out
    from (so taps reach the newer build's handlers)."""
    node.view = view
    for child in node.children:
        rebind(child, view.children[child.index])


class StateRecorder:
    """A ``view_state`` proxy for :class:`Layout` noting what it read (before writing it) and what it wrote."""

    def __init__(self, state: dict[Any, Any]):
        self.state = state
        #: (key, default) -> what ``get`` gave, for keys not yet written
        self.reads: dict[tuple[Any, Any], Any] = {}
        self.writes: dict[Any, Any] = {}

    def get(self, key: Any, default: Any = None) -> Any:
        value = self.state.get(key, default)
        if key not in self.writes:
            self.reads.setdefault((key, default), value)
        return value

    def __setitem__(self, key: Any, value: Any) -> None:
        self.writes[key] = value
        self.state[key] = value

    def replayable(self, state: dict[Any, Any]) -> bool:
        """Whether laying out the same views on ``state`` reads what it read here (same values, same types)."""
        for (key, default), value in self.reads.items():
            now = state.get(key, default)
            if now is not value and (type(now) is not type(value) or now != value):
                return False
        return True


class Layout:
    """Lays out one window's view tree for a given density.

    ``view_state`` is the owning activity's state dict: scroll offsets are read
    from ``("scroll", id)`` and each scroll container's maximum offset is
    written to ``("scroll_max", id)``; focus is ``"focus"`` (a resource-id).
    """

    def __init__(self, density: int, package: str, view_state: dict[Any, Any] | StateRecorder):
        self.scale = density / 160.0
        self.package = package
        self.state = view_state
        self._seen: dict[str, int] = {}

    def px(self, dp: float) -> int:
        return int(round(dp * self.scale))

    def resource_id(self, view: View) -> str:
        if not view.id or view.id.startswith("#"):  # "#name": a state key, no resource-id
            return ""
        return view.id if ":" in view.id else f"{self.package}:id/{view.id}"

    # -- measuring ------------------------------------------------------------

    def text_height(self, view: View, width: int) -> int:
        line = self.px(LINE_DP.get(view.style, DEFAULT_LINE_DP))
        text = view.text or view.hint
        if not text:
            return line
        char_w = max(1.0, line * CHAR_WIDTH * 0.75)
        per_line = max(1, int(max(width, 1) / char_w))
        lines = sum(max(1, math.ceil(len(part) / per_line)) for part in text.split("\n"))
        return lines * line + self.px(8)

    def intrinsic_width(self, view: View) -> int:
        if view.width is not None:
            return self.px(view.width)
        if view.text and not view.children:
            line = self.px(LINE_DP.get(view.style, DEFAULT_LINE_DP))
            return int(len(view.text) * line * CHAR_WIDTH * 0.75) + self.px(16)
        return 0

    def measure(self, view: View, width: int) -> int:
        if view.height is not None:
            return self.px(view.height)
        pad = self.px(view.padding)
        inner = max(0, width - 2 * pad)
        if not view.children:
            if view.cls == "android.widget.EditText" or view.text or view.hint:
                return max(self.text_height(view, inner), self.px(24)) + 2 * pad
            return self.px(24) + 2 * pad
        if view.orientation == "horizontal":
            widths = self.row_widths(view, inner)
            return max(self.measure(c, w) for c, w in zip(view.children, widths)) + 2 * pad
        if view.orientation == "stack":
            return max(self.measure(c, inner) for c in view.children) + 2 * pad
        return sum(self.measure(c, inner) for c in view.children) + 2 * pad

    def row_widths(self, view: View, inner: int) -> list[int]:
        fixed = [self.intrinsic_width(c) if not c.weight else 0 for c in view.children]
        flexible = [c.weight if c.weight else (1.0 if fixed[i] == 0 else 0.0) for i, c in enumerate(view.children)]
        rest = max(0, inner - sum(fixed))
        total = sum(flexible) or 1.0
        return [fixed[i] if flexible[i] == 0 else int(rest * flexible[i] / total) for i in range(len(view.children))]

    # -- placing --------------------------------------------------------------

    def place(self, view: View, frame: Rect, clip: Rect, index: int = 0) -> Node:
        """Place ``view`` in ``frame`` (its full box) and return the node with its children."""
        visible = _intersect(frame, clip)
        rid = self.resource_id(view)
        key = focus_key(view, rid)  # a field without a resource-id is focused by its "#name" state key
        occurrence = self._seen.get(key, 0)
        self._seen[key] = occurrence + 1
        focused = (bool(key) and view.focusable and self.state.get("focus") == key
                   and self.state.get("focus_n", 0) == occurrence)
        node = Node(view=view, bounds=visible, index=index, resource_id=rid, package=self.package, focused=focused)
        if not view.children or not _visible(visible):
            return node
        x1, y1, x2, y2 = frame
        pad = self.px(view.padding)
        ix1, iy1, ix2, iy2 = x1 + pad, y1 + pad, x2 - pad, y2 - pad
        inner_w = max(0, ix2 - ix1)
        child_clip = visible
        if view.orientation == "horizontal":
            x = ix1
            for i, (child, w) in enumerate(zip(view.children, self.row_widths(view, inner_w))):
                node.children.append(self.place(child, (x, iy1, x + w, iy2), child_clip, i))
                x += w
            return node
        if view.orientation == "stack":
            for i, child in enumerate(view.children):
                node.children.append(self.place(child, (ix1, iy1, ix2, iy2), child_clip, i))
            return node
        if view.orientation.startswith("grid"):
            return self.place_grid(view, node, (ix1, iy1, ix2, iy2), child_clip)
        heights = [self.measure(c, inner_w) if (c.height is not None or not c.weight) else 0 for c in view.children]
        if view.scrollable:
            content = sum(self.measure(c, inner_w) for c in view.children)
            viewport = iy2 - iy1
            max_off = max(0, content - viewport)
            self.state[("scroll_max", view.id)] = max_off
            offset = min(max(0, self.state.get(("scroll", view.id), 0)), max_off)
            self.state[("scroll", view.id)] = offset
            heights = [self.measure(c, inner_w) for c in view.children]
            y = iy1 - offset
            child_clip = _intersect(visible, (ix1, iy1, ix2, iy2))
        else:
            weights = sum(c.weight for c in view.children if c.height is None and c.weight)
            rest = max(0, (iy2 - iy1) - sum(heights))
            heights = [
                int(rest * c.weight / weights) if (c.height is None and c.weight) else h
                for c, h in zip(view.children, heights)
            ]
            y = iy1
        for i, (child, h) in enumerate(zip(view.children, heights)):
            cw = self.px(child.width) if child.width is not None and view.orientation == "vertical" else inner_w
            node.children.append(self.place(child, (ix1, y, ix1 + min(cw, inner_w), y + h), child_clip, i))
            y += h
        return node


    def place_grid(self, view: View, node: Node, inner: Rect, clip: Rect) -> Node:
        """Children in cells of ``grid-<columns>-<first column>`` (a month of days: the first cell may start
        mid-row), each cell as tall as the child, rows as tall as their tallest cell."""
        _, columns, first = view.orientation.split("-")
        cols, start = int(columns), int(first)
        x1, y1, x2, _ = inner
        w = (x2 - x1) // cols
        y, row_h = y1, 0
        for i, child in enumerate(view.children):
            cell = start + i
            if cell % cols == 0 and i:
                y, row_h = y + row_h, 0
            h = self.measure(child, w)
            row_h = max(row_h, h)
            x = x1 + (cell % cols) * w
            node.children.append(self.place(child, (x, y, x + w, y + h), clip, i))
        return node


def prune(node: Node) -> Node | None:
    """Drop nodes with no visible area (they are not "visible to user")."""
    if not _visible(node.bounds):
        return None
    node.children = [c for c in (prune(c) for c in node.children) if c is not None]
    return node


def lay_out(view: View, density: int, package: str, state: dict[Any, Any] | StateRecorder, frame: Rect,
            screen: Rect) -> Node:
    """One window: ``view`` placed in ``frame`` on ``screen``, clipped, invisible nodes left out."""
    node = Layout(density, package, state).place(view, frame, screen)
    return prune(node) or node


@dataclass
class _Laid:
    key: tuple[Any, ...]
    state: StateRecorder
    node: Node


class LayoutCache:
    """The last layout of each window slot, reused while nothing it is made from has changed.

    Screens are rebuilt from app state after every event; most events change one window or none (the clock
    moving, a tap on nothing), so a slot whose new view tree has the same :func:`fingerprint`, frame, screen,
    density and package, and whose ``view_state`` holds what the last layout read there, gets the last nodes
    back (pointed at the new views, with the layout's writes to ``view_state`` repeated) instead of a new layout.
    A copy (a system's snapshot) starts empty.
    """

    def __init__(self) -> None:
        self._last: dict[str, _Laid] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> LayoutCache:
        return LayoutCache()

    def lay_out(self, slot: str, view: View, density: int, package: str, state: dict[Any, Any], frame: Rect,
                screen: Rect) -> Node:
        """What :func:`lay_out` gives, from the last layout of ``slot`` where that is still it."""
        key = (density, package, frame, screen, fingerprint(view))
        last = self._last.get(slot)
        if last is not None and last.key == key and last.state.replayable(state):
            rebind(last.node, view)
            state.update(last.state.writes)
            return last.node
        recorder = StateRecorder(state)
        node = lay_out(view, density, package, recorder, frame, screen)
        self._last[slot] = _Laid(key, recorder, node)
        return node
