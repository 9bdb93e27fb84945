"""Web pages for the simulated browsers: the benchmark's task pages as live models, sites, anything else as text.

A task page is an HTML file marked ``<meta name="pytest-mobileagent-page" content="KIND">`` with its
seed on ``<body data-seed="N">``. Real Chrome runs the page's own script; the simulator runs the
same game in Python (the same seeded generator, the same rules), so both show "Success!" for the
same moves. The pages themselves are :mod:`pytest_mobileagent.android.task_pages`.

A page of the simulated web (:mod:`pytest_mobileagent.android.websites`, marked ``content="site"``) shows its
headings and paragraphs as text, its links as clickable text (the address as content description) and its
search forms as a field (its resource id the input's HTML id, as Chrome's accessibility tree reports it)
with a button; following a link or submitting a form asks the browser to navigate
(the ``navigate`` given to :meth:`Page.build`).

Each model keeps plain state (snapshots deep-copy it) and builds the views Chrome's accessibility
tree exposes for the page: text as TextViews, buttons as Buttons, inputs as EditTexts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote_plus, urljoin

from lxml import html as lxml_html

from pytest_mobileagent.android.task_pages import COLORS, MAZE_SIZE, SUCCESS, draw_colors, maze_layout, multiply_numbers
from pytest_mobileagent.sim.views import Button, Column, EditText, Row, Text, View


@dataclass
class Page:
    """A loaded page: its URL, kind, seed and the state its script keeps."""

    url: str
    kind: str = "text"
    seed: int = 0
    text: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, url: str, source: bytes) -> Page:
        doc = lxml_html.fromstring(source or b"<html></html>")
        kind = (doc.xpath('string(//meta[@name="pytest-mobileagent-page"]/@content)') or "text").strip()
        seed = int(doc.xpath("string(//body/@data-seed)") or 0)
        page = cls(url, kind if kind in BUILDERS else "text", seed)
        if page.kind == "text":
            for bad in doc.xpath("//script|//style"):
                bad.drop_tree()
            page.text = [t.strip() for t in doc.itertext() if t.strip()]
        page.state = INITIAL[page.kind](seed)
        if page.kind == "site":
            page.state = _site_state(url, doc)
        return page

    @property
    def title(self) -> str:
        """The page's ``<title>`` (site pages), else its first line of text, else its address."""
        return self.state.get("title") or next(iter(self.text), self.url)

    def build(self, navigate: Callable[[str], Any] | None = None) -> View:
        """The page's views; ``navigate`` (a browser's) follows a site page's links and forms."""
        if self.state.get("success"):
            return Column(Text(SUCCESS, id="success", style="headline"), id="page")
        if self.kind == "site":
            return _site_view(self, navigate)
        return BUILDERS[self.kind](self)


# -- the maze -------------------------------------------------------------------------------


def _maze_state(seed: int) -> dict[str, Any]:
    return {"grid": maze_layout(seed), "pos": [0, 0]}


def _maze_move(page: Page, direction: str) -> None:
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[direction]
    r, c = page.state["pos"][0] + dr, page.state["pos"][1] + dc
    grid = page.state["grid"]
    if 0 <= r < MAZE_SIZE and 0 <= c < MAZE_SIZE and grid[r][c] != "#":
        page.state["pos"] = [r, c]
        page.state["success"] = grid[r][c] == "$"


def _maze_view(page: Page) -> View:
    grid, (pr, pc) = page.state["grid"], page.state["pos"]

    def cell(r: int, c: int) -> View:
        if (r, c) == (pr, pc):
            return Text("X", style="maze-x", width=80, height=80)
        color = "#000000" if grid[r][c] == "#" else "#008000" if grid[r][c] == "$" else "#ffffff"
        return View(icon=color, style="color", width=80, height=80)

    rows = [Row(*[cell(r, c) for c in range(MAZE_SIZE)], id="", height=80) for r in range(MAZE_SIZE)]
    controls = Row(*[Button(label, lambda d=label.lower(): _maze_move(page, d)) for label in
                     ("Up", "Down", "Left", "Right")], height=56)
    return Column(Column(*rows, id="maze"), controls, id="page")


# -- the multiplication form ----------------------------------------------------------------


def _multiply_state(seed: int) -> dict[str, Any]:
    return {"numbers": multiply_numbers(seed), "clicks": 0, "answer": "", "submitted": False}


def _multiply_view(page: Page) -> View:
    s = page.state
    shown = s["numbers"][min(s["clicks"], 4)]

    def click() -> None:
        s["clicks"] += 1

    def submit() -> None:
        product = 1
        for n in s["numbers"]:
            product *= n
        s["success"] = s["answer"].strip().lstrip("+").isdigit() and int(s["answer"]) == product
        s["submitted"] = True

    if s["clicks"] < 5:
        return Column(Text(str(shown), id="number", style="headline"), Button("Click Me", click, id="button"),
                      id="page")
    return Column(Text(str(s["numbers"][-1]), id="number", style="headline"),
                  EditText("answer", s["answer"], lambda v: s.__setitem__("answer", v), hint="Enter the product"),
                  Button("Submit", submit), Text("", id="result"), id="page")


# -- the drawing ----------------------------------------------------------------------------


def _draw_state(seed: int) -> dict[str, Any]:
    return {"task": draw_colors(seed), "pen": "#000000", "used": [], "result": ""}


def _draw_view(page: Page) -> View:
    s = page.state

    def pick(color: str) -> Any:
        return lambda: s.__setitem__("pen", color)

    def clear() -> None:
        s["used"] = []

    def submit() -> None:
        missing = [c for c in s["task"] if c not in s["used"]]
        s["success"] = not missing
        s["result"] = "" if not missing else "Please use all three colors."

    swatches = Row(*[View(icon=c, style="color", width=50, height=50) for c in s["task"]], id="taskColors",
                   height=60)
    canvas = View(cls="android.view.View", id="canvas", style="canvas", width=300, height=300, clickable=False,
                  icon=",".join(s["used"]))
    palette = [View(cls="android.widget.Button", icon=c, style="color", width=36, height=36, clickable=True,
                    focusable=True, on_click=pick(c)) for c in COLORS]
    rows = [Row(*palette[i:i + 8], height=40) for i in range(0, len(palette), 8)]
    return Column(swatches, canvas, Text("Available Colors:"), *rows,
                  Row(Button("Clear", clear), Button("Submit", submit), height=56),
                  Text(s["result"], id="result") if s["result"] else None, id="page")


def draw_stroke(page: Page) -> bool:
    """A swipe over the drawing page's canvas paints with the current colour; False on other pages."""
    if page.kind != "draw" or page.state.get("success"):
        return False
    if page.state["pen"] not in page.state["used"]:
        page.state["used"].append(page.state["pen"])
    return True


# -- a site of the simulated web -----------------------------------------------------------


def _site_state(url: str, doc: Any) -> dict[str, Any]:
    """The page as plain blocks in document order: ``[kind, ...]`` for headings and paragraphs (``text``), links
    (``link``: text, address, the rest of the paragraph) and search forms (``form``: action, field name,
    placeholder, button)."""
    blocks: list[list[str]] = []
    inputs: dict[str, str] = {}
    for el in doc.xpath("//body//*[self::h1 or self::p or self::form]"):
        if el.tag == "form":
            field_el = el.xpath(".//input")[0]
            name = field_el.get("name", "q")
            inputs[name] = field_el.get("value", "")
            blocks.append(["form", urljoin(url, el.get("action", url)), name, field_el.get("placeholder", ""),
                           el.xpath("string(.//button)").strip() or "Search", field_el.get("id", name)])
        elif (anchor := next(iter(el.xpath(".//a")), None)) is not None:
            rest = (anchor.tail or "").strip()
            blocks.append(["link", anchor.text_content().strip(), urljoin(url, anchor.get("href", "")), rest])
        elif text := el.text_content().strip():
            blocks.append(["heading" if el.tag == "h1" else "text", text])
    return {"title": doc.xpath("string(//title)").strip(), "blocks": blocks, "inputs": inputs}


def _site_view(page: Page, navigate: Callable[[str], Any] | None) -> View:
    inputs = page.state["inputs"]

    def go(url: str) -> Callable[[], Any]:
        return lambda: navigate(url) if navigate else None

    def submit(action: str, name: str) -> Callable[[], Any]:
        return lambda: navigate(f"{action}?{name}={quote_plus(inputs.get(name, ''))}") if navigate else None

    views: list[View] = []
    for block in page.state["blocks"]:
        kind = block[0]
        if kind == "form":
            _, action, name, placeholder, button, field_id = block
            views.append(Row(EditText(field_id, inputs.get(name, ""), lambda v, n=name: inputs.__setitem__(n, v),
                                      hint=placeholder, on_submit=submit(action, name), weight=1),
                             Button(button, submit(action, name)), height=56))
        elif kind == "link":
            views.append(Text(block[1], desc=block[2], clickable=True, focusable=True, on_click=go(block[2]),
                              style="link", height=32))
            if block[3]:
                views.append(Text(block[3]))
        else:
            views.append(Text(block[1], style="headline" if kind == "heading" else ""))
    return Column(*views, id="page")


# -- any other page -------------------------------------------------------------------------


def _text_view(page: Page) -> View:
    return Column(*[Text(t) for t in page.text[:60]], id="page")


# -- the pages, for real Chrome --------------------------------------------------------------

INITIAL: dict[str, Any] = {"maze": _maze_state, "multiply": _multiply_state, "draw": _draw_state,
                           "text": lambda seed: {}, "site": lambda seed: {}}
BUILDERS: dict[str, Any] = {"maze": _maze_view, "multiply": _multiply_view, "draw": _draw_view, "text": _text_view,
                           "site": _text_view}


__all__ = ["Page", "draw_stroke"]
