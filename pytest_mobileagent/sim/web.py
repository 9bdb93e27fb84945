"""Web pages for the simulated Chrome: the benchmark's task pages as live models, anything else as text.

A task page is an HTML file marked ``<meta name="pytest-mobileagent-page" content="KIND">`` with its
seed on ``<body data-seed="N">``. Real Chrome runs the page's own script; the simulator runs the
same game in Python (the same seeded generator, the same rules), so both show "Success!" for the
same moves. The pages themselves are built by :func:`task_page`.

Each model keeps plain state (snapshots deep-copy it) and builds the views Chrome's accessibility
tree exposes for the page: text as TextViews, buttons as Buttons, inputs as EditTexts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lxml import html as lxml_html

from pytest_mobileagent.sim.views import Button, Column, EditText, Row, Text, View

SUCCESS = "Success!"
#: The palette of the drawing page, in order.
COLORS = ("#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff", "#800000", "#008000", "#000080",
          "#808000", "#800080", "#008080", "#ffa500", "#ff1493", "#9932cc", "#20b2aa", "#4b0082", "#00ff7f",
          "#ff6347", "#00ced1", "#9400d3", "#f0e68c", "#ff8c00", "#228b22")
MAZE_SIZE = 4


class SeededRandom:
    """The pages' generator: a 32-bit linear congruential generator, exact in JavaScript doubles too."""

    def __init__(self, seed: int):
        self.state = seed % 2**32

    def random(self) -> float:
        self.state = (1664525 * self.state + 1013904223) % 2**32
        return self.state / 2**32


def maze_layout(seed: int) -> list[list[str]]:
    """Rows of ``#`` (wall), `` `` (open) and ``$`` (goal): a randomised depth-first carve to the corner."""
    rng = SeededRandom(seed)
    grid = [["#"] * MAZE_SIZE for _ in range(MAZE_SIZE)]
    stack = [(0, 0)]
    moves = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    while stack:
        row, col = stack.pop()
        grid[row][col] = " "
        if (row, col) == (MAZE_SIZE - 1, MAZE_SIZE - 1):
            break
        for i in range(len(moves) - 1, 0, -1):  # Fisher-Yates, from the top, as the page does
            j = int(rng.random() * (i + 1))
            moves[i], moves[j] = moves[j], moves[i]
        for dr, dc in moves:
            r, c = row + dr, col + dc
            if 0 <= r < MAZE_SIZE and 0 <= c < MAZE_SIZE and grid[r][c] == "#":
                stack.append((r, c))
    grid[0][0] = " "
    grid[MAZE_SIZE - 1][MAZE_SIZE - 1] = "$"
    return grid


def multiply_numbers(seed: int, count: int = 5) -> list[int]:
    rng = SeededRandom(seed)
    return [int(rng.random() * 10) + 1 for _ in range(count)]


def draw_colors(seed: int, count: int = 3) -> list[str]:
    rng, left, picked = SeededRandom(seed), list(COLORS), []
    for _ in range(count):
        picked.append(left.pop(int(rng.random() * len(left))))
    return picked


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
        return page

    def build(self) -> View:
        if self.state.get("success"):
            return Column(Text(SUCCESS, id="success", style="headline"), id="page")
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


# -- any other page -------------------------------------------------------------------------


def _text_view(page: Page) -> View:
    return Column(*[Text(t) for t in page.text[:60]], id="page")


# -- the pages, for real Chrome --------------------------------------------------------------

_SCRIPT_RNG = """
function SeededRandom(seed) { this.state = seed >>> 0; }
SeededRandom.prototype.random = function () {
  this.state = (1664525 * this.state + 1013904223) % 4294967296;
  return this.state / 4294967296;
};
var rng = new SeededRandom(Number(document.body.dataset.seed));
function succeed(el) { el.innerHTML = '<h1>Success!</h1>'; }
"""

_BODIES = {
    "maze": """
<div id="maze"></div>
<div><button onclick="go(-1,0)">Up</button><button onclick="go(1,0)">Down</button>
<button onclick="go(0,-1)">Left</button><button onclick="go(0,1)">Right</button></div>
<script>%(rng)s
var N = 4, grid = [], pos = [0, 0], moves = [[-1,0],[1,0],[0,-1],[0,1]];
for (var r = 0; r < N; r++) { grid.push(['#','#','#','#']); }
var stack = [[0, 0]];
while (stack.length) {
  var cur = stack.pop(); grid[cur[0]][cur[1]] = ' ';
  if (cur[0] === N - 1 && cur[1] === N - 1) break;
  for (var i = moves.length - 1; i > 0; i--) {
    var j = Math.floor(rng.random() * (i + 1)); var t = moves[i]; moves[i] = moves[j]; moves[j] = t;
  }
  moves.forEach(function (m) {
    var nr = cur[0] + m[0], nc = cur[1] + m[1];
    if (nr >= 0 && nr < N && nc >= 0 && nc < N && grid[nr][nc] === '#') stack.push([nr, nc]);
  });
}
grid[0][0] = ' '; grid[N - 1][N - 1] = '$';
function draw() {
  var html = '';
  grid.forEach(function (row, r) {
    html += '<div style="display:flex">';
    row.forEach(function (cell, c) {
      var bg = cell === '#' ? 'black' : cell === '$' ? 'green' : 'white';
      var x = (r === pos[0] && c === pos[1]) ? 'X' : '';
      html += '<div style="width:80px;height:80px;border:1px solid #000;font-size:48px;text-align:center;background:'
        + bg + '">' + x + '</div>';
    });
    html += '</div>';
  });
  document.getElementById('maze').innerHTML = html;
}
function go(dr, dc) {
  var r = pos[0] + dr, c = pos[1] + dc;
  if (r < 0 || r >= N || c < 0 || c >= N || grid[r][c] === '#') return;
  pos = [r, c]; draw();
  if (grid[r][c] === '$') succeed(document.body);
}
draw();
</script>""",
    "multiply": """
<div id="number" style="font-size:48px"></div>
<button id="button" onclick="next()">Click Me</button>
<div id="form" style="display:none"><input id="answer" type="number" placeholder="Enter the product">
<button onclick="check()">Submit</button></div><div id="result"></div>
<script>%(rng)s
var numbers = [], clicks = 0;
for (var k = 0; k < 5; k++) numbers.push(Math.floor(rng.random() * 10) + 1);
document.getElementById('number').textContent = numbers[0];
function next() {
  clicks++;
  if (clicks < 5) { document.getElementById('number').textContent = numbers[clicks]; return; }
  document.getElementById('button').style.display = 'none';
  document.getElementById('form').style.display = 'block';
}
function check() {
  var product = numbers.reduce(function (a, b) { return a * b; }, 1);
  if (parseInt(document.getElementById('answer').value, 10) === product) succeed(document.getElementById('result'));
}
</script>""",
    "draw": """
<div id="taskColors"></div>
<canvas id="canvas" width="300" height="300" style="border:1px solid #000;touch-action:none"></canvas>
<p>Available Colors:</p><div id="palette"></div>
<button onclick="used = []; ctx.clearRect(0, 0, 300, 300)">Clear</button>
<button onclick="submit()">Submit</button><p id="result"></p>
<script>%(rng)s
var colors = %(colors)s, left = colors.slice(), task = [], used = [], pen = '#000000', drawing = false;
for (var k = 0; k < 3; k++) task.push(left.splice(Math.floor(rng.random() * left.length), 1)[0]);
task.forEach(function (c) {
  var d = document.createElement('div');
  d.style.cssText = 'display:inline-block;width:50px;height:50px;margin:5px;background:' + c;
  document.getElementById('taskColors').appendChild(d);
});
colors.forEach(function (c) {
  var b = document.createElement('button');
  b.style.cssText = 'width:30px;height:30px;margin:3px;border:none;background:' + c;
  b.onclick = function () { pen = c; };
  document.getElementById('palette').appendChild(b);
});
var canvas = document.getElementById('canvas'), ctx = canvas.getContext('2d');
canvas.onpointerdown = function (e) { drawing = true; ctx.beginPath(); ctx.moveTo(e.offsetX, e.offsetY); };
canvas.onpointermove = function (e) {
  if (!drawing) return;
  ctx.strokeStyle = pen; ctx.lineWidth = 6; ctx.lineTo(e.offsetX, e.offsetY); ctx.stroke();
  if (used.indexOf(pen) < 0) used.push(pen);
};
canvas.onpointerup = function () { drawing = false; };
function submit() {
  var missing = task.filter(function (c) { return used.indexOf(c) < 0; });
  if (!missing.length) succeed(document.body);
  else document.getElementById('result').textContent = 'Please use all three colors.';
}
</script>""",
}
_TITLES = {"maze": "Maze Puzzle", "multiply": "Memory Task", "draw": "Color Challenge"}


def task_page(kind: str, seed: int) -> bytes:
    """The HTML of a task page (``maze``, ``multiply`` or ``draw``) for ``seed``, runnable in any browser."""
    body = _BODIES[kind] % {"rng": _SCRIPT_RNG, "colors": "[" + ", ".join(f"'{c}'" for c in COLORS) + "]"}
    return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{_TITLES[kind]}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="pytest-mobileagent-page" content="{kind}"></head>\n'
            f'<body data-seed="{seed % 2**32}">{body}\n</body></html>\n').encode()


INITIAL: dict[str, Any] = {"maze": _maze_state, "multiply": _multiply_state, "draw": _draw_state,
                           "text": lambda seed: {}}
BUILDERS: dict[str, Any] = {"maze": _maze_view, "multiply": _multiply_view, "draw": _draw_view, "text": _text_view}


__all__ = ["COLORS", "SUCCESS", "Page", "SeededRandom", "draw_colors", "draw_stroke", "maze_layout",
           "multiply_numbers", "task_page"]
