"""AndroidArena-format YAML task files (a user's own tasks, or AndroidArena's published ``tasks/*.yaml``) as Task
classes: ``pytest my_tasks.yaml`` collects one item per task of the file.

The format (AndroidArena's task files, read for facts): a header (``type``: the app, ``cross-app`` or
``constrained``; ``obs_type``; ``reward_type``; ``max_step``; ``max_repeat_step``; ``system_prompt``) and ``tasks``,
a list of ``{instruction, constrains?, action_seq?}``: ``constrains`` (sic) is the constraint in words and
``action_seq`` the ground truth as uiautomator2 code lines (``d.app_start('pkg')``,
``d.xpath('...').click()``...). Two fields of a task are this project's, for tasks that should be checked on
state rather than by a model:

- ``check: "package.module:function"``: a function ``(device, answer) -> float | bool`` that judges the end state,
  imported at collection from the file's folder or ``sys.path`` (like a conftest: the user's own code to trust);
- ``forbid: {apps: [...], pages: [...], elements: [...], actions: [...]}``: what a constrained task forbids in terms
  a step is checked against (:class:`~pytest_mobileagent.metrics.ability.Constraints`); without it the constraint
  is told to the agent and left to the judge.

A task without ``check`` is judged by the model judge, as AndroidArena judges every task (``--ma-llm-judge``; its
items are skipped without it). The ground truth, where ``action_seq`` is given, is that sequence played on a
simulated phone with each xpath resolved on its screens (:mod:`pytest_mobileagent.tasks.u2_script`). Malformed
files are collection errors naming the file and line: YAML that does not parse (as the published ``slack.yaml``
and ``youtube.yaml`` do not, for their indentation), a missing instruction, an unknown field.
"""

from __future__ import annotations

import pkgutil
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import yaml

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import (
    camera,
    contacts,
    deskclock,
    drive,
    firefox,
    gmail,
    google_calendar,
    maps,
    messages,
    photos,
    settings_app,
    slack,
    youtube,
)
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.arena import ArenaTask
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.registry import TaskDefinitionError
from pytest_mobileagent.tasks.u2_script import parse_line, play_lines

#: The header fields of a file, and the fields of a task (``check`` and ``forbid`` are this project's).
FILE_FIELDS = frozenset({"type", "obs_type", "reward_type", "max_step", "max_repeat_step", "system_prompt", "tasks"})
TASK_FIELDS = frozenset({"instruction", "constrains", "action_seq", "check", "forbid"})
#: The file ``type`` of AndroidArena's cross-app and constrained files; any other type names the app.
TYPES = {"cross-app": "cross_app", "constrained": "constrained"}
#: Packages of AndroidArena's apps by file type, for the items' ``needs_real_app`` skip where a device lacks one.
APP_PACKAGES: Mapping[str, str] = {
    "calendar": google_calendar.PACKAGE, "camera": camera.PACKAGE, "clock": deskclock.PACKAGE,
    "contacts": contacts.PACKAGE, "firefox": firefox.PACKAGE, "gmail": gmail.PACKAGE,
    "google-drive": drive.PACKAGE, "google-maps": maps.PACKAGE, "messages": messages.PACKAGE,
    "photos": photos.PACKAGE, "settings": settings_app.PACKAGE, "slack": slack.PACKAGE, "youtube": youtube.PACKAGE,
}
_LINE = "__line__"


@dataclass(frozen=True)
class ArenaEntry:
    """One task of a file, as data; ``line`` is where it starts (1-based)."""

    path: Path
    line: int
    index: int
    instruction: str
    constraint: str = ""
    action_seq: tuple[str, ...] = ()
    check: str = ""
    forbid: Mapping[str, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class ArenaFile:
    """A task file: its ``type``, step limit and tasks."""

    path: Path
    type: str
    max_step: int
    entries: tuple[ArenaEntry, ...]

    @property
    def task_type(self) -> str:
        """The AndroidArena task type of its tasks: ``single_app``, ``cross_app`` or ``constrained``."""
        return TYPES.get(self.type, "single_app")


class _Loader(yaml.SafeLoader):
    """Safe YAML (no Python objects) that records where each mapping starts."""


def _mapping_with_line(loader: _Loader, node: yaml.MappingNode) -> dict[str, Any]:
    value = loader.construct_mapping(node, deep=True)
    value[_LINE] = node.start_mark.line + 1
    return value


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_with_line)


def _fail(path: Path, line: int | None, message: str) -> TaskDefinitionError:
    return TaskDefinitionError(f"{path}:{line}: {message}" if line else f"{path}: {message}")


def load_file(path: Path | str) -> ArenaFile:
    """Read one AndroidArena-format file; :class:`TaskDefinitionError` naming file and line if it is malformed."""
    path = Path(path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # a SafeLoader: no Python objects
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise _fail(path, mark.line + 1 if mark else None, f"not valid YAML: {e.problem or e.context}") from None
    except (yaml.YAMLError, UnicodeDecodeError) as e:
        raise _fail(path, None, f"not valid YAML: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), list):
        raise _fail(path, None, "an AndroidArena task file is a mapping with a 'tasks' list")
    unknown = set(data) - FILE_FIELDS - {_LINE}
    if unknown:
        raise _fail(path, data[_LINE], f"unknown header fields {sorted(unknown)} (known: {sorted(FILE_FIELDS)})")
    max_step = data.get("max_step", 15)
    if not isinstance(max_step, int) or max_step < 1:
        raise _fail(path, data[_LINE], f"max_step must be a positive integer, got {max_step!r}")
    kind = str(data.get("type") or path.stem)
    entries = tuple(_entry(path, i, raw) for i, raw in enumerate(data["tasks"]))
    return ArenaFile(path, kind, max_step, entries)


def _entry(path: Path, index: int, raw: Any) -> ArenaEntry:
    if not isinstance(raw, dict):
        raise _fail(path, None, f"task {index}: a task is a mapping with an 'instruction', got {raw!r:.80}")
    line = raw.pop(_LINE)
    unknown = set(raw) - TASK_FIELDS
    if unknown:
        raise _fail(path, line, f"task {index}: unknown fields {sorted(unknown)} (known: {sorted(TASK_FIELDS)})")
    instruction = raw.get("instruction")
    if not isinstance(instruction, str) or not instruction.strip():
        raise _fail(path, line, f"task {index}: 'instruction' must be a non-empty string")
    steps = raw.get("action_seq") or []
    if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
        raise _fail(path, line, f"task {index}: 'action_seq' must be a list of uiautomator2 code lines")
    for step in steps:
        try:
            parse_line(step)
        except ValueError as e:
            raise _fail(path, line, f"task {index}: action_seq: {e}") from None
    check = raw.get("check") or ""
    if check and not (isinstance(check, str) and re.fullmatch(r"[\w.]+:[\w.]+", check)):
        raise _fail(path, line, f"task {index}: 'check' must name a function as 'package.module:function'")
    return ArenaEntry(path, line, index, instruction.strip(), str(raw.get("constrains") or "").strip(), tuple(steps),
                      check, _forbid(path, line, index, raw.get("forbid")))


def _forbid(path: Path, line: int, index: int, raw: Any) -> Mapping[str, tuple[str, ...]] | None:
    if raw is None:
        return None
    raw = {k: v for k, v in raw.items() if k != _LINE} if isinstance(raw, dict) else raw
    kinds = ("apps", "pages", "elements", "actions")
    if not isinstance(raw, dict) or set(raw) - set(kinds) or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in raw.values()):
        raise _fail(path, line, f"task {index}: 'forbid' maps {', '.join(kinds)} to lists of strings")
    for pattern in raw.get("elements", ()):
        try:
            re.compile(pattern)
        except re.error as e:
            raise _fail(path, line, f"task {index}: forbid.elements {pattern!r} is not a regular expression: {e}"
                        ) from None
    return {k: tuple(v) for k, v in raw.items()}


# -- task classes ----------------------------------------------------------------------------------------------


class ImportedArenaTask(ArenaTask):
    """A task read from an AndroidArena-format file: judged by its ``check`` function, else by the model judge."""

    __abstract__ = True
    entry: ClassVar[ArenaEntry]
    oracle_missing = "an imported AndroidArena task has no oracle (its file gives an instruction, not a solution)"

    #: The function ``check`` names, resolved at collection.
    check_function: ClassVar[Callable[[Device, str | None], float | bool] | None] = None

    def check(self, device: Device, answer: str | None = None) -> float:
        if self.check_function is None:
            return 0.0  # judged by the model (``judged_by_model``): no state check to make
        return float(self.check_function(device, answer))

    def oracle(self, ui: UI) -> Iterator[Action]:
        raise NotImplementedError(self.oracle_missing)

    def reference(self, ui: UI) -> Iterator[Action]:
        return play_lines(self.entry.action_seq, ui)


def _resolve(entry: ArenaEntry) -> Callable[..., Any]:
    """The function an entry's ``check`` names, importable from the file's folder as pytest's default ("prepend")
    import mode makes a test file's folder; an error naming file and line when it is not there."""
    folder = str(entry.path.parent.resolve())
    if folder not in sys.path:
        sys.path.insert(0, folder)
    try:
        function = pkgutil.resolve_name(entry.check)
    except (ImportError, AttributeError, ValueError) as e:
        raise _fail(entry.path, entry.line, f"task {entry.index}: check {entry.check!r} cannot be imported: "
                                            f"{type(e).__name__}: {e}") from None
    if not callable(function):
        raise _fail(entry.path, entry.line, f"task {entry.index}: check {entry.check!r} is not a function")
    return function


def class_name(path: Path, index: int) -> str:
    """``gmail.yaml`` task 3 -> ``Gmail003``; ``cross-app.yaml`` -> ``CrossApp003``."""
    words = re.split(r"[^A-Za-z0-9]+", path.stem)
    stem = "".join(w[:1].upper() + w[1:] for w in words if w) or "Arena"
    return f"{'T' if stem[0].isdigit() else ''}{stem}{index:03d}"


def task_class(arena: ArenaFile, entry: ArenaEntry, module: str) -> type[ImportedArenaTask]:
    """The task class of one entry."""
    kind = "constrained" if entry.constraint else arena.task_type
    attrs: dict[str, Any] = {
        "__module__": module, "__doc__": f"{entry.path.name}:{entry.line}: {entry.instruction}",
        "entry": entry, "suite": "androidarena", "type": kind,
        "template": entry.instruction.replace("{", "{{").replace("}", "}}"),
        "constraint": entry.constraint,
        "complexity": arena.max_step / 10, "tags": ("imported",),
        "apps": (arena.type,) if arena.task_type == "single_app" else (),
        "recorded_ground_truth": bool(entry.action_seq), "judged_by_model": not entry.check,
        "constraints": dict(entry.forbid) if entry.forbid is not None else None,
    }
    if kind == "constrained" and not entry.constraint:
        raise _fail(entry.path, entry.line, f"task {entry.index}: a constrained file's task needs 'constrains'")
    if entry.check:
        attrs["check_function"] = staticmethod(_resolve(entry))
    if arena.task_type == "single_app" and arena.type in APP_PACKAGES:
        attrs["packages"] = frozenset({APP_PACKAGES[arena.type]})
    return type(class_name(entry.path, entry.index), (ImportedArenaTask,), attrs)


def build_tasks(path: Path | str, module: str) -> dict[str, type[ImportedArenaTask]]:
    """The task classes of one file, by class name."""
    arena = load_file(path)
    return {cls.__name__: cls for cls in (task_class(arena, e, module) for e in arena.entries)}


__all__ = ["APP_PACKAGES", "ArenaEntry", "ArenaFile", "ImportedArenaTask", "build_tasks", "class_name",
           "load_file", "task_class"]
