"""suites/androidarena: every published AndroidArena instruction is a published item of a task, saying it exactly
(item 0, or items 0..k-1 of a task whose ``published`` rows are several of AndroidArena's instructions).

Without the datasets the test checks what makes that hold (those items do not depend on the suite seed; every
constrained task states its constraint and declares what it forbids); with ``MA_DATASETS`` it compares the suite
with the published files line by line (read leniently: ``slack.yaml`` and ``youtube.yaml`` are not valid YAML).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.tasks.arena import ArenaTask
from pytest_mobileagent.tasks.registry import cases
from tests.suite_tasks import all_tasks

SUITE = [t for t in all_tasks() if t.suite == "androidarena"]
ROOT = Path(__file__).resolve().parents[1]


def published_items(cls: type[ArenaTask], seed: int = 0) -> list[tuple[str, str]]:
    """(instruction, constraint) of the task's published items (item 0 for a task without parameters)."""
    found = []
    for case in cases(cls, seed, 1, ROOT / "suites" / "androidarena")[:max(1, len(cls.published))]:
        task = case.make()
        assert isinstance(task, ArenaTask)
        found.append((task.instruction, task.constraint))
    return found


def published(folder: Path) -> list[tuple[str, str, str]]:
    """(file, instruction, constraint) of every published task, in file order."""
    found: list[tuple[str, str, str]] = []
    for path in sorted(folder.glob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if m := re.match(r"\s*- instruction:\s*(.*?)\s*$", line):
                found.append((path.stem, m.group(1), ""))
            elif (m := re.match(r"\s*constrains:\s*(.*?)\s*$", line)) and found:
                found[-1] = (found[-1][0], found[-1][1], m.group(1))
    return found


@pytest.mark.parametrize("cls", SUITE, ids=[t.name for t in SUITE])
def test_published_items_say_the_same_whatever_the_seed(cls: type[ArenaTask]) -> None:
    assert published_items(cls, 0) == published_items(cls, 1), "pin every field of the template in `published`"
    if cls.type == "constrained":
        assert cls.constraint and cls.constraints


FOLDER = dataset_file("androidarena")


@pytest.mark.skipif(FOLDER is None, reason="the published AndroidArena files are compared where MA_DATASETS has them")
def test_every_published_instruction_is_a_suite_task() -> None:
    assert FOLDER is not None
    tasks = {item for cls in SUITE for item in published_items(cls)}
    missing = [f"{file}: {text!r}" + (f" / {constraint!r}" if constraint else "")
               for file, text, constraint in published(FOLDER) if (text, constraint) not in tasks]
    assert not missing, f"{len(missing)} published tasks have no suite task:\n" + "\n".join(missing)
