"""A recorded trajectory for reviewers: each step's screen with its action drawn on it.

Steps are recorded under the item's trajectory folder (:func:`~pytest_mobileagent.report.artifacts.step_files`);
the action comes from the episode's step records. The point an element action aimed at is found in that
step's own UI tree, the way the action was executed. :func:`write_page` puts the whole trajectory on one
self-contained HTML page in that folder (``trajectory.html``), which the HTML report links to once per item.
"""

from __future__ import annotations

import base64
import html
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from pytest_mobileagent.observe.elements import Observation
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
    try:
        screen = Observation("", 0, xml, "", "")
        if index is not None:
            return screen.targets[int(index)].center if 0 <= int(index) < len(screen.targets) else None
        if action.get("xpath"):
            return screen.xpath_center(action["xpath"])
    except ValueError:  # a malformed dump or an xpath that resolves to nothing
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


#: The trajectory page's file name in the item's trajectory folder.
PAGE_NAME = "trajectory.html"

#: The page runs nothing and loads nothing but its own inline images and style: whatever an agent typed or an
#: app showed that escaping somehow missed still cannot act.
_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
_STYLE = ("body{font-family:sans-serif;margin:16px}section{display:flex;gap:16px;align-items:flex-start;"
          "border-top:1px solid #ccc;padding:8px 0}img{width:300px;border:1px solid #999}"
          "section>div{min-width:0;flex:1}pre{white-space:pre-wrap;word-break:break-all;font-size:11px;"
          "max-height:480px;overflow:auto;background:#f6f6f6;padding:4px}code{word-break:break-all}"
          ".problem{color:#b00}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dd{margin:0}")


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def _action_text(action: dict[str, Any] | None) -> str:
    return json.dumps(action, sort_keys=True, ensure_ascii=False) if action else "invalid output"


def page_html(folder: Path, record: dict[str, Any]) -> str | None:
    """The trajectory page of an episode ``record`` (a results line) whose steps were recorded in ``folder``:
    per step its screen with the action drawn on it, the action, what went wrong and the UI tree; then the
    final screen if it was saved. None when no step was recorded. Every text is escaped."""
    steps = recorded_steps(folder, record.get("steps", []))
    if not steps:
        return None
    by_index = {s["index"]: s for s in record.get("steps", [])}
    label = record.get("nodeid", "").split("::")[-1] or f"{record.get('task')}[{record.get('instance')}]"
    facts = [("goal", record.get("goal")), ("outcome", record.get("outcome")), ("success", record.get("success")),
             ("steps", f"{record.get('num_steps', len(by_index))}/{record.get('max_steps')}"),
             ("ended by", record.get("terminated_by")), ("self-reported", record.get("self_reported")),
             ("answer", record.get("answer")), ("agent", record.get("agent"))]
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'>"
             f"<meta http-equiv='Content-Security-Policy' content=\"{_CSP}\">"
             f"<title>{_esc(label)} trajectory</title><style>{_STYLE}</style></head><body>"
             f"<h1>{_esc(label)}</h1><dl>"
             + "".join(f"<dt>{_esc(k)}</dt><dd>{_esc(v)}</dd>" for k, v in facts if v is not None) + "</dl>"]
    for step in steps:
        xml = step.hierarchy.read_text(encoding="utf-8")
        info = by_index.get(step.index, {})
        problem = " ".join(str(p) for p in (info.get("invalid"), info.get("error")) if p)
        parts.append(
            f"<section id='step-{step.index}'><img alt='step {step.index} screen' "
            f"src='{_data_uri(annotate(step.screenshot.read_bytes(), xml, step.action))}'><div>"
            f"<h2>step {step.index}</h2><p>{_esc(info.get('package', ''))}</p>"
            f"<p><code>{_esc(_action_text(step.action))}</code></p>"
            + (f"<p class='problem'>{_esc(problem)}</p>" if problem else "")
            + f"<details><summary>UI tree</summary><pre>{_esc(xml)}</pre></details></div></section>")
    final_png, final_xml = folder / "final.png", folder / "final.xml"
    if final_png.exists():
        tree = final_xml.read_text(encoding="utf-8") if final_xml.exists() else ""
        parts.append(f"<section id='final'><img alt='final screen' src='{_data_uri(final_png.read_bytes())}'>"
                     f"<div><h2>final screen</h2><details><summary>UI tree</summary><pre>{_esc(tree)}</pre>"
                     "</details></div></section>")
    parts.append("</body></html>\n")
    return "".join(parts)


def write_page(folder: Path, record: dict[str, Any]) -> Path | None:
    """Write :func:`page_html` to ``folder/trajectory.html``; its path, or None when no step was recorded."""
    page = page_html(folder, record)
    if page is None:
        return None
    path = folder / PAGE_NAME
    path.write_text(page, encoding="utf-8")
    return path


__all__ = ["PAGE_NAME", "TrajectoryStep", "action_point", "annotate", "page_html", "recorded_steps", "write_page"]
