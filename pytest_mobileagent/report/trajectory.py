"""A recorded trajectory for reviewers: each step's screen with its action drawn on it.

Steps are recorded in the item's trace (:mod:`pytest_mobileagent.report.trace`, under ``--ma-trajectories``);
:func:`recorded_steps` reads them back with the action of the episode's step records, for Allure's per-step
attachments. The point an element action aimed at is found in that step's own UI tree, the way the action was
executed. :func:`write_page` gives the trace's viewer page (``index.html``), which the HTML report links to once per
item.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from pytest_mobileagent.observe.elements import Observation

MARK = (230, 30, 30)


@dataclass
class TrajectoryStep:
    """One recorded step: its index, the action taken (None for invalid output), its screen and UI tree."""

    index: int
    action: dict[str, Any] | None
    screenshot: Path
    hierarchy: str
    #: The device's screen size, in the pixels actions name (the trace keeps the screen smaller).
    size: tuple[int, int] | None = None


def recorded_steps(folder: Path, steps: list[dict[str, Any]]) -> list[TrajectoryStep]:
    """The steps of ``steps`` (result records) whose screen was recorded in the trace in ``folder`` (none when
    there is no readable trace)."""
    from pytest_mobileagent.report.trace import TraceError, load_trace, read_step

    try:
        manifest = load_trace(folder)
    except TraceError:
        return []
    by_index = {s["index"]: s for s in manifest["steps"]}
    return [TrajectoryStep(s["index"], s.get("action"), folder / by_index[s["index"]]["screenshot"],
                           read_step(folder, by_index[s["index"]])["tree"], tuple(by_index[s["index"]]["size"]))
            for s in steps if s["index"] in by_index]


def action_point(action: dict[str, Any], xml: str) -> tuple[int, int] | None:
    """Where an element or coordinate action touched the screen, if it says."""
    if action.get("x") is not None and action.get("y") is not None:
        return int(action["x"]), int(action["y"])
    index = action.get("index")
    try:
        screen = Observation("", 0, xml, "", "")
        if index is not None:
            return screen.targets[int(index)].center if 0 <= int(index) < len(screen.targets) else None
        if action.get("xpath"):
            return screen.xpath_center(action["xpath"])
    except ValueError:  # a malformed dump or an xpath that resolves to nothing
        return None
    return None


def annotate(png: bytes, xml: str, action: dict[str, Any] | None, size: tuple[int, int] | None = None) -> bytes:
    """The screenshot (PNG, WebP...) as a PNG with the action drawn where it went (:func:`~pytest_mobileagent.report.
    trace.drawn`): a ring where it touched, an arrow from where a scroll or swipe touched to where it lifted.
    ``size`` is the device's screen size when the image is smaller (a trace's)."""
    from pytest_mobileagent.report.trace import drawn

    image = Image.open(io.BytesIO(png)).convert("RGB")
    if size and size[0] and image.width != size[0]:
        image = image.resize(size)
    where = drawn(action, xml, image.size) if action else None
    if where:
        pen = ImageDraw.Draw(image)
        w = image.width
        radius, width = max(12, w // 30), max(4, w // 150)
        if "path" in where:
            start, end = (tuple(p) for p in where["path"])
            pen.line([start, end], fill=MARK, width=width)
            pen.ellipse((end[0] - radius // 2, end[1] - radius // 2, end[0] + radius // 2, end[1] + radius // 2),
                        fill=MARK)
        elif "point" in where:
            x, y = where["point"]
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), outline=MARK, width=width)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


#: The trajectory page's file name in the item's trace folder: the trace viewer.
PAGE_NAME = "index.html"


def write_page(folder: Path, record: dict[str, Any] | None = None) -> Path | None:
    """The viewer page of the trace in ``folder`` (rewritten from the package when it is missing); None when the
    folder holds no trace (no step was recorded). ``record`` is unused: the trace carries its episode."""
    from pytest_mobileagent.report.trace import MANIFEST, write_viewer

    if not (folder / MANIFEST).is_file():
        return None
    page = folder / PAGE_NAME
    return page if page.is_file() and not page.is_symlink() else write_viewer(folder)


__all__ = ["PAGE_NAME", "TrajectoryStep", "action_point", "annotate", "recorded_steps", "write_page"]
