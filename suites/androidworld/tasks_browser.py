"""AndroidWorld's browser tasks: open ``Download/task.html`` from Files in Chrome, then solve the page.

The pages (a maze, a multiplication memory game, a colour drawing) are real HTML with their own
script (:func:`~pytest_mobileagent.android.task_pages.task_page`), which Chrome runs, on an emulator and on the
simulator alike. AndroidWorld's own pages (its ``initialize_task`` pushes them) draw the same game from the same
seed, so the oracles play either: they read the numbers off the screen, and compute the maze and the colours
from the seed, where the page shows them only as colours. Success is read as AndroidWorld reads it: Chrome in
front, showing "Success!".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import chrome
from pytest_mobileagent.android.task_pages import (
    MAZE_SIZE,
    SUCCESS,
    draw_colors,
    maze_layout,
    task_page,
)
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI, OracleError

PAGE = "/sdcard/Download/task.html"
OPEN = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then "


class _BrowserTask(Task):
    __abstract__ = True
    apps = ("chrome", "files")
    complexity = 2
    kind = ""

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"browser_task_seed": st.integers(0, 2**32 - 1)})

    def setup(self, device: Device) -> None:
        device.shell(f"am force-stop {chrome.PACKAGE}")  # AndroidWorld clears Chrome's data
        for name in device.list_dir("/sdcard/Download"):
            device.remove(f"/sdcard/Download/{name}")
        device.write_file(PAGE, task_page(self.kind, self.params["browser_task_seed"]))

    def check(self, device: Device, answer: str | None = None) -> float:
        if device.current_activity()[0] != chrome.PACKAGE:
            return 0.0
        return 1.0 if any(el.text == SUCCESS for el in ui_elements(device.hierarchy())) else 0.0

    def open_page(self, ui: UI) -> Iterator[Action]:
        yield ui.open_app("Files")
        yield ui.tolerate(ui.click(desc="Show roots"), "the storage root is reachable without the drawer",
                          "skip")
        yield ui.click(text="sdk_gphone_x86_64")
        yield from ui.scroll_to(text="Download")
        yield ui.click(text="Download")
        yield ui.click(text="task.html")
        yield ui.click(text="Chrome")
        yield ui.click(text="Just once")


class BrowserMaze(_BrowserTask):
    template = OPEN + "navigate the X to the bottom-right cell, by using the direction buttons."
    difficulty = "easy"
    tags = ("game_playing", "multi_app", "complex_ui_understanding", "memorization", "parameterized")
    optimal_steps = 9
    kind = "maze"
    multimodal = True  # walls are only colours on the page

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_page(ui)
        for move in maze_path(maze_layout(self.params["browser_task_seed"])):
            yield ui.click(text=move)
        yield ui.complete()


def maze_path(grid: list[list[str]]) -> list[str]:
    """The shortest sequence of Up/Down/Left/Right from the top-left cell to the goal."""
    start, goal = (0, 0), (MAZE_SIZE - 1, MAZE_SIZE - 1)
    came: dict[tuple[int, int], tuple[tuple[int, int], str] | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            break
        for name, (dr, dc) in (("Up", (-1, 0)), ("Down", (1, 0)), ("Left", (0, -1)), ("Right", (0, 1))):
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < MAZE_SIZE and 0 <= c < MAZE_SIZE and grid[r][c] != "#" and (r, c) not in came:
                came[(r, c)] = (cell, name)
                queue.append((r, c))
    if goal not in came:
        raise OracleError("the maze has no way through")
    path: list[str] = []
    cell = goal
    while came[cell] is not None:
        cell, name = came[cell]  # type: ignore[misc]
        path.append(name)
    return path[::-1]


class BrowserMultiply(_BrowserTask):
    template = OPEN + "click the button 5 times, remember the numbers displayed, and enter their product in the form."
    difficulty = "hard"
    tags = ("math_counting", "memorization", "screen_reading")
    optimal_steps = 11
    kind = "multiply"

    def oracle(self, ui: UI) -> Iterator[Action]:
        yield from self.open_page(ui)
        product = 1
        for _ in range(5):
            product *= int(ui.element(rid="number")[1].text)  # read it off the screen, as the goal asks
            yield ui.click(text="Click Me")
        yield ui.type(str(product), hint="Enter the product")
        yield ui.click(text="Submit")
        yield ui.complete()


class BrowserDraw(_BrowserTask):
    template = OPEN + "create a drawing using the three colors shown at the top and hit submit."
    difficulty = "easy"
    tags = ("game_playing", "parameterized")
    optimal_steps = 5
    kind = "draw"
    multimodal = True  # the colours are only colours

    def oracle(self, ui: UI) -> Iterator[Action]:
        from pytest_mobileagent.android.task_pages import COLORS

        yield from self.open_page(ui)
        palette = [i for i, el in enumerate(ui.obs.elements)  # the colour buttons: buttons with no label
                   if el.class_name == "android.widget.Button" and not el.text and not el.content_description]
        _, canvas = ui.element(rid="canvas")
        x1, y1, x2, y2 = canvas.bounds
        for i, color in enumerate(draw_colors(self.params["browser_task_seed"])):
            yield Action.click(index=palette[COLORS.index(color)])
            y = y1 + (y2 - y1) * (i + 1) // 4  # a line of its own: a stroke over another paints it over
            yield ui.swipe(x1 + 20, y, x2 - 20, y)
        yield ui.click(text="Submit")
        yield ui.complete()


__all__ = ["BrowserDraw", "BrowserMaze", "BrowserMultiply", "maze_path"]
