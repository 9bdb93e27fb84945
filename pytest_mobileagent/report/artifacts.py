"""Per-item artifacts by policy, under ``<run>/trajectories/<item>/``, as pytest-playwright keeps its own:

- ``--ma-trajectories on|off|failed``: every step's screen and UI tree (``step-NNN.png``/``.xml``), for
  every item, none, or only the items that failed (recorded, then removed when the item passes);
- ``--ma-screenshots none|on-failure|all``: the final screen and UI tree (``final.png``/``.xml``).
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device
    from pytest_mobileagent.episode import EpisodeResult
    from pytest_mobileagent.observe.elements import Observation

ARTIFACTS_KEY = pytest.StashKey[dict[str, str]]()


def slug(nodeid: str) -> str:
    """A file-system-safe folder name for an item."""
    return re.sub(r"[^A-Za-z0-9_.\-\[\]]+", "-", nodeid.split("::")[-1] if "::" in nodeid else nodeid)[:120]


def trajectory_dir(config: pytest.Config, item: pytest.Item) -> Path:
    from pytest_mobileagent.plugin import run_dir

    return run_dir(config) / "trajectories" / slug(item.nodeid)


def trajectory_policy(config: pytest.Config) -> str:
    """``--ma-trajectories``: on, off or failed (checked with the other options at configure time)."""
    from pytest_mobileagent.settings import option

    return option(config, "trajectories")


def step_files(folder: Path, index: int) -> tuple[Path, Path]:
    """Where step ``index``'s screen and UI tree are kept: ``step-NNN.png`` and ``step-NNN.xml``."""
    return folder / f"step-{index:03d}.png", folder / f"step-{index:03d}.xml"


def step_recorder(config: pytest.Config, item: pytest.Item) -> Callable[[Observation], None] | None:
    """Unless ``--ma-trajectories off``: a callback saving every step's screen and UI tree."""
    if trajectory_policy(config) == "off":
        return None
    folder = trajectory_dir(config, item)
    if folder.exists():  # an earlier attempt of this item (an infrastructure retry): start afresh
        shutil.rmtree(folder)

    def record(obs: Observation) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        png, xml = step_files(folder, obs.step)
        png.write_bytes(obs.screenshot)
        xml.write_text(obs.xml, encoding="utf-8")

    return record


def save_artifacts(config: pytest.Config, item: pytest.Item, result: EpisodeResult, device: Device) -> None:
    """Keep the item's steps and save its final screen and UI tree as the two policies ask."""
    from pytest_mobileagent.plugin import option

    passed = result.success >= float(option(config, "success_threshold"))
    folder = trajectory_dir(config, item)
    if folder.exists() and passed and trajectory_policy(config) == "failed":
        shutil.rmtree(folder)
    elif folder.exists():
        item.stash[ARTIFACTS_KEY] = {"folder": str(folder)}
    policy = option(config, "screenshots")
    if policy == "none" or (policy == "on-failure" and passed):
        return
    folder.mkdir(parents=True, exist_ok=True)
    png, xml = folder / "final.png", folder / "final.xml"
    png.write_bytes(device.screenshot())
    xml.write_text(device.hierarchy(), encoding="utf-8")
    item.stash[ARTIFACTS_KEY] = {"screenshot": str(png), "hierarchy": str(xml), "folder": str(folder)}


def save_model_log(config: pytest.Config, item: pytest.Item, log: list[dict] | None) -> None:
    """A model agent's requests and responses for the item: ``<run>/llm/<item>.jsonl``."""
    if not log:
        return
    from pytest_mobileagent.plugin import run_dir

    path = run_dir(config) / "llm" / f"{slug(item.nodeid)}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(entry) + "\n" for entry in log))


def artifacts(item: pytest.Item) -> dict[str, str]:
    return item.stash.get(ARTIFACTS_KEY, {})


def read(path: str) -> bytes:
    return Path(path).read_bytes()
