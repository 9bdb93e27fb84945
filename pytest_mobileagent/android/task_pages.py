"""The browser tasks' pages (AndroidWorld's maze, memory and colour games), as files a task pushes to the phone.

A task page is an HTML file with its seed on ``<body data-seed="N">``; its own script plays the game in any browser
(the simulated Chrome runs it too, :mod:`mobileagent_sim.web`). The seeded generator and the games' layouts
are here too, so a task's oracle can compute the answer: AndroidWorld's own pages draw theirs with the same
generator, so the same seed gives the same maze, numbers and colours on both.
"""

from __future__ import annotations

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
<div id="canvasContainer">
<canvas id="canvas" width="300" height="300" style="border:1px solid #000;touch-action:none"></canvas></div>
<p>Available Colors:</p><div id="colorPalette"></div>
<button id="clearButton" onclick="ctx.clearRect(0, 0, 300, 300)">Clear</button>
<button id="submitButton" onclick="submit()">Submit</button><p id="result"></p>
<script>%(rng)s
var colors = %(colors)s, left = colors.slice(), task = [], pen = '#000000', drawing = false;
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
  document.getElementById('colorPalette').appendChild(b);
});
var canvas = document.getElementById('canvas'), ctx = canvas.getContext('2d');
canvas.onpointerdown = function (e) { drawing = true; ctx.beginPath(); ctx.moveTo(e.offsetX, e.offsetY); };
canvas.onpointermove = function (e) {
  if (!drawing) return;
  ctx.strokeStyle = pen; ctx.lineWidth = 6; ctx.lineTo(e.offsetX, e.offsetY); ctx.stroke();
};
canvas.onpointerup = function () { drawing = false; };
function hex(v) { return ('0' + v.toString(16)).slice(-2); }
function submit() {  // the colours on the canvas, read back as AndroidWorld's page reads them
  var px = ctx.getImageData(0, 0, 300, 300).data, seen = {};
  for (var i = 0; i < px.length; i += 4) if (px[i + 3]) seen['#' + hex(px[i]) + hex(px[i + 1]) + hex(px[i + 2])] = true;
  var missing = task.filter(function (c) { return !seen[c]; });
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
            f'<meta name="viewport" content="width=device-width, initial-scale=1"></head>\n'
            f'<body data-seed="{seed % 2**32}">{body}\n</body></html>\n').encode()


__all__ = ["COLORS", "MAZE_SIZE", "SUCCESS", "SeededRandom", "draw_colors", "maze_layout", "multiply_numbers",
           "task_page"]
