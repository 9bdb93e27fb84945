"""Load every task class of the repository's suites (for tests that check all tasks)."""

from __future__ import annotations

import importlib
from pathlib import Path

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
