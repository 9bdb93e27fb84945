"""A recorded trajectory for reviewers: each step's screen with its action drawn on it.

Steps are recorded under the item's trajectory folder (:func:`~pytest_mobileagent.report.artifacts.step_files`);
the action comes from the episode's step records. The point an element action aimed at is found in that
step's own UI tree, the way the action was executed.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.report.artifacts import step_files

MARK = (230, 30, 30)


@dataclass
class TrajectoryStep:
    """One recorded step: its index, the action taken (None for invalid output) and its files."""

    index: int
    action: dict[str, Any] | None
    screenshot: Path
    hierarchy: Path


def recorded_steps(folder: Path, steps: list[dict[str, Any]]) -> list[TrajectoryStep]:
    """The steps of ``steps`` (result records) whose screen was recorded in ``folder``."""
    out = []
    for s in steps:
        png, xml = step_files(folder, s["index"])
        if png.exists() and xml.exists():
            out.append(TrajectoryStep(s["index"], s.get("action"), png, xml))
    return out


def action_point(action: dict[str, Any], xml: str) -> tuple[int, int] | None:
    """Where an element or coordinate action touched the screen, if it says."""
    if action.get("x") is not None and action.get("y") is not None:
        return int(action["x"]), int(action["y"])
    index = action.get("index")
    if index is not None:
        elements = ui_elements(xml)
        if 0 <= int(index) < len(elements):
            return elements[int(index)].center
    if action.get("xpath"):
        from pytest_mobileagent.observe.elements import Observation

        try:
            return Observation("", 0, xml, "", "").xpath_center(action["xpath"])
        except ValueError:
            return None
    return None


def annotate(png: bytes, xml: str, action: dict[str, Any] | None) -> bytes:
    """The screenshot with the action drawn: a ring where it touched, an arrow for scrolls and swipes."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if action:
        pen = ImageDraw.Draw(image)
        w, h = image.size
        radius = max(12, w // 30)
        kind = action.get("action_type")
        point = action_point(action, xml)
        if kind in ("scroll", "swipe") and action.get("direction"):
            cx, cy = point or (w // 2, h // 2)
            dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[action["direction"]]
            if kind == "scroll":  # scrolling down moves the finger up
                dx, dy = -dx, -dy
            end = (cx + dx * h // 5, cy + dy * h // 5)
            pen.line([(cx, cy), end], fill=MARK, width=max(4, w // 150))
            pen.ellipse((end[0] - radius // 2, end[1] - radius // 2, end[0] + radius // 2, end[1] + radius // 2),
                        fill=MARK)
        elif point is not None:
            x, y = point
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), outline=MARK, width=max(4, w // 150))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


__all__ = ["TrajectoryStep", "action_point", "annotate", "recorded_steps"]
