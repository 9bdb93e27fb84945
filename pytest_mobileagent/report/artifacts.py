"""Per-item artifacts by policy, under ``<run>/trajectories/<item>/``, as pytest-playwright keeps its own:

- ``--ma-trajectories on|off|failed``: the episode's trace (:mod:`pytest_mobileagent.report.trace`), for every
  item, none, or only the items that failed (recorded, then removed when the item passes);
- ``--ma-screenshots none|on-failure|all``: the final screen and UI tree (``final.png``/``.xml``).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pytest_mobileagent.redaction import redacted_line
from pytest_mobileagent.report.files import write_file
from pytest_mobileagent.stash import ARTIFACTS_KEY

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device


def slug(name: str) -> str:
    """A file-system-safe folder name for an episode (``suite/Task[3]`` -> ``suite-Task[3]``)."""
    return re.sub(r"[^A-Za-z0-9_.\-\[\]]+", "-", name)[:120]


@dataclass(frozen=True)
class Artifacts:
    """What one item keeps, by the two policies, in its folder ``<run>/trajectories/<episode>/``.

    ``trajectories``: ``on``, ``off`` or ``failed``; ``screenshots``: ``none``, ``on-failure`` or ``all``.
    """

    folder: Path
    trajectories: str = "off"
    screenshots: str = "on-failure"

    @classmethod
    def of(cls, run_dir: Path, episode: str, trajectories: str, screenshots: str) -> Artifacts:
        return cls(run_dir / "trajectories" / slug(episode), trajectories, screenshots)

    def save(self, item: pytest.Item, device: Device, passed: bool) -> None:
        """Keep the item's steps and save its final screen and UI tree as the policies ask; what was kept
        is on the item (:func:`artifacts`) for the reports."""
        folder = self.folder
        if folder.exists() and passed and self.trajectories == "failed":
            shutil.rmtree(folder)
        elif folder.exists():
            item.stash[ARTIFACTS_KEY] = {"folder": str(folder)}
        if self.screenshots == "none" or (self.screenshots == "on-failure" and passed):
            return
        folder.mkdir(parents=True, exist_ok=True)
        png, xml = folder / "final.png", folder / "final.xml"
        write_file(png, device.screenshot())
        write_file(xml, device.hierarchy())
        item.stash[ARTIFACTS_KEY] = {"screenshot": str(png), "hierarchy": str(xml), "folder": str(folder)}


def save_model_log(run_dir: Path, episode: str, log: list[dict] | None, max_bytes: int | None = None) -> None:
    """A model agent's requests and responses for one episode: ``<run>/llm/<episode>.jsonl``, redacted, and cut
    at ``max_bytes`` (whole entries; a last ``{"truncated": ...}`` entry says how many were dropped)."""
    if not log:
        return
    path = run_dir / "llm" / f"{slug(episode)}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines, size = [], 0
    for entry in log:
        line = redacted_line(entry) + "\n"
        if max_bytes is not None and size + len(line.encode()) > max_bytes:
            dropped = len(log) - len(lines)
            lines.append(redacted_line({"truncated": {"entries_dropped": dropped, "max_bytes": max_bytes}}) + "\n")
            break
        lines.append(line)
        size += len(line.encode())
    write_file(path, "".join(lines))


def artifacts(item: pytest.Item) -> dict[str, str]:
    return item.stash.get(ARTIFACTS_KEY, {})


def read(path: str) -> bytes:
    return Path(path).read_bytes()
