"""Load every task class of the repository's suites (for tests that check all tasks)."""

from __future__ import annotations

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
    """``items`` as parameters of a sweep whose every ``every``-th item runs in the README's test command and the
    others carry the ``compat`` marker, the long stage CI runs after it: CI runs them all."""
    return [pytest.param(item, id=name(item), marks=() if i % every == 0 else pytest.mark.compat)
            for i, item in enumerate(items)]
