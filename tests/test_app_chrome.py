"""Chrome and the browser task pages: the files chooser, the games played through Chrome, the checks (the pages'
scripts and their DOM: ``test_web_pages.py``)."""

from __future__ import annotations

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android.task_pages import maze_layout
from suites.androidworld.tasks_browser import BrowserDraw, BrowserMaze, BrowserMultiply, maze_path
from tests.screen import elements, find, tap


def texts(d: SimDevice) -> list[str]:
    return [e.text for e in elements(d) if e.text]


def test_files_hands_html_to_chrome_through_the_chooser(d: SimDevice) -> None:
    BrowserMaze({"browser_task_seed": 14}).setup(d)
    d.start_app("com.google.android.documentsui")
    tap(d, desc="Show roots")
    tap(d, text="sdk_gphone_x86_64")
    tap(d, text="Download")
    tap(d, text="task.html")
    assert "Open with" in texts(d) and not find(d, text="Just once").enabled
    tap(d, text="Chrome")
    tap(d, text="Just once")
    assert d.current_activity() == ("com.android.chrome", "com.google.android.apps.chrome.Main")
    assert find(d, rid="url_bar").text.endswith("primary%3ADownload%2Ftask.html")
    assert {"Up", "Down", "Left", "Right", "X"} <= set(texts(d))


def open_page(d: SimDevice, task: BrowserMaze | BrowserMultiply | BrowserDraw) -> None:
    task.setup(d)
    d.shell("am start -a android.intent.action.VIEW -d file:///storage/emulated/0/Download/task.html -t text/html")


def test_maze_walls_block_and_the_path_succeeds(d: SimDevice) -> None:
    task = BrowserMaze({"browser_task_seed": 3141592653})
    open_page(d, task)
    tap(d, text="Right")  # (0, 1) is a wall for this seed
    assert task.check(d) == 0.0 and "X" in texts(d)
    for move in maze_path(maze_layout(3141592653)):
        tap(d, text=move)
    assert task.check(d) == 1.0
    d.press("home")
    assert task.check(d) == 0.0  # AndroidWorld's rule: Chrome must be in front


@pytest.mark.parametrize("off_by", [0, 1])
def test_multiply_needs_the_exact_product(d: SimDevice, off_by: int) -> None:
    task = BrowserMultiply({"browser_task_seed": 7})
    open_page(d, task)
    for _ in range(5):
        tap(d, text="Click Me")
    tap(d, hint="Enter the product")
    d.input_text(str(3 * 10 * 7 * 10 * 1 + off_by))
    tap(d, text="Submit")
    assert task.check(d) == (1.0 if off_by == 0 else 0.0)


def test_draw_needs_all_three_colours(d: SimDevice) -> None:
    task = BrowserDraw({"browser_task_seed": 7})  # #00ffff, #ff8c00, #9932cc
    open_page(d, task)
    canvas = find(d, rid="canvas").bounds
    palette = [e for e in elements(d) if e.class_name == "android.widget.Button" and not e.text]
    from pytest_mobileagent.android.task_pages import COLORS

    for y, color in ((100, "#00ffff"), (200, "#ff8c00")):  # a line each: a stroke over another paints it over
        d.tap(*palette[COLORS.index(color)].center)
        d.swipe(canvas[0] + 20, canvas[1] + y, canvas[2] - 20, canvas[1] + y)
    tap(d, text="Submit")
    assert task.check(d) == 0.0 and "Please use all three colors." in texts(d)
    d.tap(*palette[COLORS.index("#9932cc")].center)
    d.swipe(canvas[0] + 20, canvas[1] + 300, canvas[2] - 20, canvas[1] + 300)
    tap(d, text="Submit")
    assert task.check(d) == 1.0


def test_other_pages_show_their_text_and_the_web_is_offline(d: SimDevice) -> None:
    d.write_file("/sdcard/Download/notes.html", b"<html><body><h1>Trip</h1><script>x()</script><p>Pack</p></body>")
    d.shell("am start -a android.intent.action.VIEW -d file:///sdcard/Download/notes.html")
    assert {"Trip", "Pack"} <= set(texts(d)) and "x()" not in texts(d)
    d.shell("am start -a android.intent.action.VIEW -d https://example.com")
    assert "You are offline" in texts(d)
