"""Load every task class of the repository's suites (for tests that check all tasks)."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.registry import suite_of, tasks_in

ROOT = Path(__file__).resolve().parents[1]


def all_tasks() -> list[type[Task]]:
    found: list[type[Task]] = []
    for path in sorted((ROOT / "suites").rglob("tasks_*.py")):
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for cls in tasks_in(module):
            if "imported" in cls.tags:  # files from the datasets folder (tests/test_bmoca_importer.py proves them)
                continue
            cls.suite = cls.suite or suite_of(cls, path)
            found.append(cls)
    return found


def quick_sample(items: Sequence[Any], every: int, name: Callable[[Any], str]) -> list[Any]:
    """``items`` as parameters of a sweep whose items run in the README's test command about one in ``every`` and
    the others carry the ``compat`` marker, the long stage CI runs after it: CI runs them all. An item is in the
    sample by a hash of its id, not its position, so adding an item never moves another in or out of it."""
    return [pytest.param(item, id=name(item), marks=() if in_sample(name(item), every) else pytest.mark.compat)
            for item in items]


def in_sample(item_id: str, every: int) -> bool:
    """Whether the item ``item_id`` is in a quick sample of one in ``every`` (stable across runs and machines)."""
    return int(hashlib.sha256(item_id.encode()).hexdigest(), 16) % every == 0
