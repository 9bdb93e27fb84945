"""The simulated Chrome runs a page's own scripts (V8 over ``sim/web_dom.js``): events, fields, styles, the canvas,
errors in logcat, snapshots; and the browser tasks' pages, the project's and AndroidWorld's, play the game the
oracles compute from the seed."""

from __future__ import annotations

import ast
import copy
import time
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice
from mobileagent_sim.web import Page
from pytest_mobileagent.android.task_pages import (
    COLORS,
    MAZE_SIZE,
    draw_colors,
    maze_layout,
    multiply_numbers,
    task_page,
)
from pytest_mobileagent.tasks import androidworld as aw
from tests.screen import elements, find, tap

URL = "file:///sdcard/Download/page.html"


def open_page(d: SimDevice, html: str | bytes, name: str = "page.html") -> None:
    d.write_file(f"/sdcard/Download/{name}", html.encode() if isinstance(html, str) else html)
    d.shell(f"am start -a android.intent.action.VIEW -d file:///sdcard/Download/{name} -t text/html")


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def chromium_log(d: SimDevice) -> str:
    return d.shell("logcat -d -s chromium")


def test_a_click_runs_the_pages_handler(d: SimDevice) -> None:
    open_page(d, """<html><body><p id="count">0 clicks</p>
        <button id="more" onclick="n++; document.getElementById('count').textContent = n + ' clicks'">More</button>
        <script>var n = 0;</script></body></html>""")
    tap(d, text="More")
    tap(d, text="More")
    assert find(d, rid="count").text == "2 clicks"
    assert find(d, text="More").class_name == "android.widget.Button"


def test_an_element_with_a_click_handler_is_clickable(d: SimDevice) -> None:
    open_page(d, """<html><body><div id="card">Tap me</div><p id="plain">Just text</p><script>
        document.getElementById('card').addEventListener('click', function () { this.textContent = 'Tapped'; });
        </script></body></html>""")
    assert find(d, rid="card").clickable and not find(d, rid="plain").clickable
    tap(d, rid="card")
    assert find(d, rid="card").text == "Tapped"


def test_typed_text_is_the_fields_value_for_the_script(d: SimDevice) -> None:
    open_page(d, """<html><body><input id="name" placeholder="Your name"><p id="out"></p>
        <script>
          const field = document.querySelector('#name');
          field.addEventListener('input', () => { document.getElementById('out').textContent = 'Hi ' + field.value; });
        </script></body></html>""")
    field = find(d, hint="Your name")
    assert field.class_name == "android.widget.EditText" and field.resource_name == "name"
    tap(d, hint="Your name")
    d.input_text("Ada")
    assert find(d, rid="out").text == "Hi Ada"
    assert find(d, rid="name").text == "Ada"


def test_display_none_hides_until_the_script_shows_it(d: SimDevice) -> None:
    open_page(d, """<html><head><style>.gone { display: none }</style></head><body>
        <div id="secret" class="gone">Hidden words</div><p style="display:none">Also hidden</p>
        <button onclick="document.getElementById('secret').classList.remove('gone')">Show</button></body></html>""")
    assert "Hidden words" not in texts(d) and "Also hidden" not in texts(d)
    tap(d, text="Show")
    assert "Hidden words" in texts(d) and "Also hidden" not in texts(d)


CANVAS = """<html><head><meta name="viewport" content="width=device-width"></head><body>
<canvas id="pad" width="200" height="100"></canvas><button id="read" onclick="read()">Read</button><p id="seen"></p>
<script>
  const pad = document.getElementById('pad'), ctx = pad.getContext('2d');
  ctx.strokeStyle = 'rgb(255, 0, 0)'; ctx.lineWidth = 4;
  let last = null;
  function at(e) {
    const r = pad.getBoundingClientRect();
    return [e.touches[0].clientX - r.left, e.touches[0].clientY - r.top];
  }
  pad.addEventListener('touchstart', (e) => { last = at(e); });
  pad.addEventListener('touchmove', (e) => {
    const [x, y] = at(e);
    ctx.beginPath(); ctx.moveTo(last[0], last[1]); ctx.lineTo(x, y); ctx.stroke(); last = [x, y];
  });
  function read() {
    const px = ctx.getImageData(0, 0, pad.width, pad.height).data;
    let red = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] === 255 && px[i + 1] === 0 && px[i + 3] === 255) red++;
    document.getElementById('seen').textContent = red + ' red pixels';
  }
</script></body></html>"""


def test_a_swipe_on_a_canvas_is_a_stroke_that_get_image_data_reads(d: SimDevice) -> None:
    open_page(d, CANVAS)
    tap(d, text="Read")
    assert find(d, rid="seen").text == "0 red pixels"
    x1, y1, x2, y2 = find(d, rid="pad").bounds
    d.swipe(x1 + 10, (y1 + y2) // 2, x2 - 10, (y1 + y2) // 2)
    tap(d, text="Read")
    red = int(find(d, rid="seen").text.split()[0])
    length = (x2 - x1 - 20) / (d.system.density / 160)  # 1 CSS px is 1 dp on a mobile page
    assert 4 * (length - 2) <= red <= 4 * (length + 2)  # 4 px wide, butt ends


def test_an_uncaught_error_and_a_missing_api_are_logged_as_chrome_logs_them(d: SimDevice) -> None:
    open_page(d, """<html><body><p>Still shown</p>
        <script>console.log('ready', 2);
        document.getElementById('pad').getContext('2d');</script>
        <canvas id="c"></canvas>
        <button onclick="document.getElementById('c').getContext('2d').fillText('x', 1, 1)">Write</button>
        <button onclick="localStorage.setItem('k', 'v')">Store</button></body></html>""")
    assert "Still shown" in texts(d)
    tap(d, text="Write")
    tap(d, text="Store")
    log = chromium_log(d)
    assert '[INFO:CONSOLE(2)] "ready 2", source: file:///sdcard/Download/page.html (2)' in log
    # the script ran before the parser reached the canvas: there is no element "pad" yet, as in Chrome
    assert "Uncaught TypeError: Cannot read properties of null (reading 'getContext')" in log
    assert "Uncaught TypeError: document.getElementById(...).getContext(...).fillText is not a function" in log
    assert "Uncaught ReferenceError: localStorage is not defined" in log


def test_a_snapshot_keeps_the_page_and_the_restored_copy_replays_it(d: SimDevice) -> None:
    open_page(d, """<html><body><p id="state"></p><button onclick="step()">Step</button><script>
        const rolls = [];
        function step() { rolls.push(Math.floor(Math.random() * 1000)); show(); }
        function show() { document.getElementById('state').textContent = rolls.join(',') || 'none'; }
        show();</script></body></html>""")
    tap(d, text="Step")
    tap(d, text="Step")
    saved = find(d, rid="state").text
    d.snapshot_save("two steps")
    tap(d, text="Step")
    three = find(d, rid="state").text
    d.snapshot_load("two steps")
    assert find(d, rid="state").text == saved
    tap(d, text="Step")
    assert find(d, rid="state").text == three  # Math.random is seeded per page load: the replay rolls the same


def test_math_random_is_seeded_by_the_page_not_random() -> None:
    page = b"<html><body><p id='r'></p><script>document.getElementById('r').textContent = Math.random()</script>"
    first, again = Page.load(URL, page), Page.load(URL, page)
    other = Page.load("file:///sdcard/Download/other.html", page)
    shown = [p.build().children[0].text for p in (first, again, other)]
    assert shown[0] == shown[1] != shown[2]
    assert 0 <= float(shown[0]) < 1


def test_inner_html_links_and_the_page_title(d: SimDevice) -> None:
    d.write_file("/sdcard/Download/next.html", b"<html><head><title>Next page</title></head><body>Arrived</body>")
    open_page(d, """<html><head><title>First</title></head><body><div id="box"></div><script>
        document.getElementById('box').innerHTML = '<h1>Made &amp; shown</h1><p>Go <a href="next.html">on</a></p>';
        </script></body></html>""")
    assert {"Made & shown", "Go", "on"} <= set(texts(d))
    assert find(d, text="on").content_description == "file:///sdcard/Download/next.html"
    tap(d, text="on")
    assert "Arrived" in texts(d) and find(d, rid="url_bar").text == "file:///sdcard/Download/next.html"


# -- the browser tasks' pages agree with the helpers the oracles use --------------------------------------------


def androidworld_page(family: str, seed: int) -> bytes:
    """AndroidWorld's own page for a browser family (its class's ``HTML``, ``%%SEED%%`` replaced)."""
    source = aw.source_folder()
    if source is None:
        pytest.skip("AndroidWorld's source is not in the datasets folder (MA_DATASETS)")
    tree = ast.parse((Path(source) / "android_world/task_evals/single/browser.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == family)
    html = next(ast.literal_eval(s.value) for s in cls.body
                if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "HTML")
    return html.replace("%%SEED%%", str(seed)).encode()


def page_of(origin: str, kind: str, seed: int) -> Page:
    family = {"maze": "BrowserMaze", "multiply": "BrowserMultiply", "draw": "BrowserDraw"}[kind]
    return Page.load(URL, task_page(kind, seed) if origin == "project" else androidworld_page(family, seed))


def maze_shown(page: Page) -> list[list[str]]:
    """The maze as the page shows it: its cells' colours (black a wall, green the goal)."""
    maze = page.build().find("maze")
    assert maze is not None
    cells = [v for v in maze.walk() if not v.children]
    assert len(cells) == MAZE_SIZE * MAZE_SIZE
    marks = ["#" if c.icon == "#000000" else "$" if c.icon == "#008000" else " " for c in cells]
    return [marks[r * MAZE_SIZE:(r + 1) * MAZE_SIZE] for r in range(MAZE_SIZE)]


SEEDS = [0, 7, 14, 3141592653, 2**32 - 1]


@pytest.mark.parametrize("origin", ["project", "androidworld"])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_pages_maze_is_maze_layout(origin: str, seed: int) -> None:
    assert maze_shown(page_of(origin, "maze", seed)) == maze_layout(seed)


@pytest.mark.parametrize("origin", ["project", "androidworld"])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_pages_numbers_are_multiply_numbers(origin: str, seed: int) -> None:
    page = page_of(origin, "multiply", seed)
    shown = []
    for _ in range(5):
        view = page.build()
        shown.append(int(view.find("number").text))
        next(v for v in view.walk() if v.text == "Click Me").on_click()
    assert shown == multiply_numbers(seed)


@pytest.mark.parametrize("origin", ["project", "androidworld"])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_pages_colours_are_draw_colors(origin: str, seed: int) -> None:
    swatches = page_of(origin, "draw", seed).build().find("taskColors")
    assert swatches is not None
    assert [v.icon for v in swatches.walk() if v.style == "color"] == draw_colors(seed)
    palette = [v.icon for v in page_of(origin, "draw", seed).build().walk() if v.cls == "android.widget.Button"
               and v.style == "color"]
    assert palette == list(COLORS)


def test_how_long_a_page_load_and_a_click_take(record_property: pytest.RecordProperty) -> None:
    """Not a timed assertion: the figures go in the report (``record_property``) for the README."""
    start = time.perf_counter()
    for seed in range(10):
        page = Page.load(URL, task_page("maze", seed))
        page.build()
    load = (time.perf_counter() - start) / 10
    start = time.perf_counter()
    for _ in range(10):
        next(v for v in page.build().walk() if v.text == "Down").on_click()
    click = (time.perf_counter() - start) / 10
    record_property("page_load_ms", round(load * 1000, 1))
    record_property("click_ms", round(click * 1000, 1))
    print(f"page load and first build {load * 1000:.1f} ms; click and rebuild {click * 1000:.1f} ms")


def test_the_pages_clock_is_the_phones(d: SimDevice) -> None:
    open_page(d, """<html><body><p id="now"></p><script>
        document.getElementById('now').textContent = new Date().toISOString().slice(0, 16);</script></body></html>""")
    assert find(d, rid="now").text == d.now().strftime("%Y-%m-%dT%H:%M")


def test_timers_run_in_the_second_after_an_event(d: SimDevice) -> None:
    open_page(d, """<html><body><p id="status">idle</p><button onclick="later()">Later</button><script>
        setTimeout(() => { document.getElementById('status').textContent = 'loaded'; }, 300);
        function later() { setTimeout(() => { document.getElementById('status').textContent = 'done'; }, 500); }
        </script></body></html>""")
    assert find(d, rid="status").text == "loaded"
    tap(d, text="Later")
    assert find(d, rid="status").text == "done"


def test_scripts_and_style_sheets_load_from_the_pages_folder(d: SimDevice) -> None:
    d.write_file("/sdcard/Download/app.js", b"document.getElementById('out').textContent = 'from app.js';")
    d.write_file("/sdcard/Download/site.css", b".gone { display: none }")
    open_page(d, """<html><head><link rel="stylesheet" href="site.css"><link rel="stylesheet" href="missing.css">
        </head><body><p id="out">static</p><p class="gone">Hidden by the sheet</p>
        <script src="app.js"></script><script src="lost.js"></script></body></html>""")
    assert find(d, rid="out").text == "from app.js" and "Hidden by the sheet" not in texts(d)
    assert chromium_log(d).count("Failed to load resource: net::ERR_FILE_NOT_FOUND") == 2


def test_a_restored_page_replays_with_the_files_it_loaded() -> None:
    files = {"file:///sdcard/Download/app.js": b"document.getElementById('out').textContent = 'from app.js';"}
    page = Page.load(URL, b"<html><body><p id='out'></p><script src='app.js'></script></body></html>",
                     fetch=files.get)
    files.clear()  # the file is gone: the copy (a snapshot's) rebuilds the page from what it loaded
    assert copy.deepcopy(page).build().find("out").text == "from app.js"


def test_the_canvas_keeps_pixels_as_a_browsers_does() -> None:
    page = Page.load(URL, b"""<html><body><canvas id="c" width="20" height="10"></canvas><p id="out"></p><script>
        const c = document.getElementById('c'), ctx = c.getContext('2d'), out = [];
        ctx.fillStyle = 'red'; out.push(ctx.fillStyle);
        ctx.fillStyle = 'no such colour'; out.push(ctx.fillStyle);  // ignored, as a browser ignores it
        ctx.fillRect(2, 2, 3, 3);
        const at = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data).join(' ');
        out.push(at(3, 3), at(6, 3));
        c.width = c.width;  // a canvas given a size starts blank
        out.push(at(3, 3), c.getContext('2d') === ctx);
        document.getElementById('out').textContent = out.join(' | ');
        </script></body></html>""")
    assert page.build().find("out").text == "#ff0000 | #ff0000 | 255 0 0 255 | 0 0 0 0 | 0 0 0 0 | true"


def test_the_pages_timers_follow_the_phones_clock(d: SimDevice) -> None:
    open_page(d, """<html><body><p id="status">waiting</p><script>
        setTimeout(() => { document.getElementById('status').textContent = 'ten seconds on'; }, 10000);
        </script></body></html>""")
    assert find(d, rid="status").text == "waiting"
    d.elapse(5)
    assert find(d, rid="status").text == "waiting"
    d.elapse(6)
    assert find(d, rid="status").text == "ten seconds on"
    d.snapshot_save("after")
    d.snapshot_load("after")
    assert find(d, rid="status").text == "ten seconds on"  # the wait is replayed like the other events


def test_a_script_navigates_by_setting_location(d: SimDevice) -> None:
    d.write_file("/sdcard/Download/next.html", b"<html><body>Arrived by script</body></html>")
    open_page(d, """<html><body><p id="where"></p><button onclick="location.href = 'next.html'">Go</button>
        <script>document.getElementById('where').textContent = location.pathname;</script></body></html>""")
    assert find(d, rid="where").text == "/sdcard/Download/page.html"
    tap(d, text="Go")
    assert "Arrived by script" in texts(d)
