"""Finding tasks in suite modules, validating them, and drawing their instances.

A task module is a ``tasks_*.py`` file under a suite folder; every
:class:`~pytest_mobileagent.tasks.base.Task` subclass defined in it is a task,
its suite named by the class or, by default, by the folder.
"""

from __future__ import annotations

import inspect
import string
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis.strategies import SearchStrategy

from pytest_mobileagent.metrics.ability import Constraints
from pytest_mobileagent.records import case_label, episode_id
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.draw_cache import DrawCache
from pytest_mobileagent.tasks.params import draw, instance_seed

#: The file names pytest collects task modules from by default (``--ma-task-files``).
TASK_FILES = "tasks_*.py"
DIFFICULTIES = ("easy", "medium", "hard")


class TaskDefinitionError(Exception):
    """A task class is malformed; the message names the file, the task and the problem."""


@dataclass(frozen=True)
class TaskCase:
    """One item: a task class, its instance index, seed and drawn parameters, and with ``--ma-repeat``
    which run of that same instance it is."""

    task_cls: type[Task]
    index: int
    seed: int
    params: dict[str, Any]
    repeat: int | None = None

    @property
    def label(self) -> str:
        """The item's parameter id: ``3``, or ``3-r1`` for the second run of instance 3."""
        return case_label(self.index, self.repeat)

    @property
    def id(self) -> str:
        return f"{self.task_cls.name}[{self.label}]"

    @property
    def episode(self) -> str:
        """The item's episode identity (:func:`episode_id`)."""
        return episode_id(self.task_cls.suite, self.task_cls.name, self.index, self.repeat)

    @property
    def agent_seed(self) -> int:
        """The seed the agent gets: repeated runs of an instance differ only in it."""
        return self.seed + (self.repeat or 0)

    def make(self) -> Task:
        return self.task_cls(self.params)

    def __repr__(self) -> str:
        return self.id


def tasks_in(module: ModuleType) -> list[type[Task]]:
    """Task classes defined in ``module``, in definition order."""
    out = []
    for obj in vars(module).values():
        if (inspect.isclass(obj) and issubclass(obj, Task) and obj is not Task
                and obj.__module__ == module.__name__ and not inspect.isabstract(obj)
                and not obj.__dict__.get("__abstract__", False)):
            out.append(obj)
    return out


def suite_of(task_cls: type[Task], path: Path) -> str:
    return task_cls.suite or path.parent.name


def _overrides(cls: type[Task], name: str) -> bool:
    return getattr(cls, name) is not getattr(Task, name)


def validate(task_cls: type[Task], path: Path | str) -> None:
    """Raise :class:`TaskDefinitionError` if the class cannot work as a task."""
    where = f"{path}: task {task_cls.__name__}"
    problems = []
    if not task_cls.template:
        problems.append("has no template (the goal shown to the agent)")
    if task_cls.difficulty not in DIFFICULTIES:
        problems.append(f"difficulty {task_cls.difficulty!r} is not one of {', '.join(DIFFICULTIES)}")
    if not isinstance(task_cls.complexity, (int, float)) or task_cls.complexity <= 0:
        problems.append(f"complexity must be a positive number (step budget = complexity * 10), "
                        f"got {task_cls.complexity!r}")
    if isinstance(task_cls.tags, str) or not all(isinstance(t, str) for t in task_cls.tags):
        problems.append("tags must be a tuple of strings")
    if isinstance(task_cls.apps, str):
        problems.append(f"apps must be a tuple of app keys, e.g. ({task_cls.apps!r},)")
    for method in ("check", "oracle"):
        if not _overrides(task_cls, method):
            problems.append(f"does not implement {method}()")
    try:
        Constraints.of(task_cls.constraints)
    except (ValueError, TypeError, AttributeError) as e:
        problems.append(f"constraints: {e}")
    if problems:
        raise TaskDefinitionError(f"{where} " + "; ".join(problems))
    try:
        strategy = task_cls.parameters()
    except Exception as e:
        raise TaskDefinitionError(f"{where}: parameters() raised {type(e).__name__}: {e}") from None
    if not isinstance(strategy, SearchStrategy):
        raise TaskDefinitionError(f"{where}: parameters() must return a hypothesis strategy of dicts, "
                                  f"got {type(strategy).__name__}")


def check_params(task_cls: type[Task], params: Any, path: Path | str) -> None:
    """A drawn dict's fault, as a definition error: not a dict, or short of what the goal's template names once the
    task has completed it (:meth:`Task.complete_params`: the goal's text may derive from a benchmark's rows)."""
    where = f"{path}: task {task_cls.__name__}"
    if not isinstance(params, dict):
        raise TaskDefinitionError(f"{where}: parameters() must produce dicts, got {type(params).__name__}")
    params = task_cls.complete_params(dict(params))
    fields = {f for _, f, _, _ in string.Formatter().parse(task_cls.template) if f}
    missing = sorted({f.split(".")[0].split("[")[0] for f in fields} - set(params))
    if missing:
        raise TaskDefinitionError(f"{where}: template uses {{{', '.join(missing)}}} but parameters() "
                                  f"does not provide it (drawn keys: {sorted(params)})")


def cases(task_cls: type[Task], suite_seed: int | str, instances: int, path: Path | str,
          lock: dict[str, Any] | None = None, cache: DrawCache | None = None) -> list[TaskCase]:
    """The task's items: its published rows (:attr:`Task.published`) first, then deterministic draws up to
    ``instances`` items (or the frozen ones in ``lock``; ``cache`` keeps draws between runs)."""
    out = []
    strategies: dict[int, Any] = {}
    published = task_cls.published
    cached = cache.load(task_cls, Path(path), suite_seed) if cache is not None else None
    for i in range(max(instances, len(published))):
        key = f"{task_cls.name}[{i}]"
        s = instance_seed(suite_seed, task_cls.name, i)
        if lock is not None and key in lock:
            params = lock[key]
        elif cached is not None and (found := cached.get(i)) is not None:
            params = found
        else:
            row = i if i < len(published) else -1
            try:
                # one strategy object for all drawn instances: hypothesis validates and labels it once
                if row not in strategies:
                    strategies[row] = (task_cls.published_parameters(published[row]) if row >= 0
                                       else task_cls.parameters())
                params = draw(strategies[row], s)
            except TaskDefinitionError:
                raise
            except Exception as e:
                what = f"published row {dict(published[row])}" if row >= 0 else "parameters"
                raise TaskDefinitionError(f"{path}: task {task_cls.__name__}: drawing {what} failed: "
                                          f"{type(e).__name__}: {e}") from None
            if cached is not None:
                cached.add(i, params)
        check_params(task_cls, params, path)
        out.append(TaskCase(task_cls, i, s, params))
    if cached is not None:
        cached.save()
    return out
