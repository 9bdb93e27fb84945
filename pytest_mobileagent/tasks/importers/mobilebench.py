"""Mobile-Bench's published queries (``s_app_s_step.json``, ``s_app_m_step.json``, ``m_app_m_step.json``), imported
as :class:`Task` classes judged by CheckPoints.

Each file is a JSON list of entries ``{"id", "query", "check_point", "domain"?, "app"?}``: ``query`` is a string or a
list of strings, ``check_point`` a dict whose ``package``, ``activity``, ``resource-id``, ``text`` and ``api`` values
are strings or lists (led by ``"&"`` or ``"|"`` for a conjunctive or disjunctive group), and whose ``teardown`` (where
present) lists the steps that undo what the query changed. :func:`load_entries` reads one file into
:class:`Entry` values; :func:`build_tasks` turns a folder's files into task classes named from the tier and id
(``SastQuery0007``).

What is Mobile-Bench's here (github.com/XiaoMi/MobileBench and its paper, read for facts, no code taken):

- tiers: SAST (single app, single step), SAMT (single app, multiple steps), MAMT (multiple apps, multiple steps), one
  file each;
- a list of queries is the user's turns in order: the published runner (``agent_for_ui/main_for_ui.py``) gives the
  agent ``''.join(query)`` as its one instruction, and so does the task's goal (each turn kept in
  :attr:`Entry.queries`; a one-query list is that query);
- scoring: CheckPoints over the episode's history (:mod:`pytest_mobileagent.metrics.checkpoint`, which documents the
  matching, the published scorer and the bugs its corrected variants fix). The paper defines two levels:
  "CheckPoint_l1 - whether it uses the correct application, and CheckPoint_l2 - whether it follows the predefined
  paths to complete the task" (level 1 counts the packages reached, level 2 the packages, key phrases and APIs). Both
  are recorded as the episode's ``checkpoint_l1`` and ``checkpoint_l2`` metrics as the published scorer computes them,
  with corrected variants beside them;
- success: the paper's own success is PassRate, "the proportion of queries successfully completed within the
  specified step limits" as judged by GPT-4 in the paper and, in the published runner, by the agent saying it has
  finished: self-reported. Here an episode succeeds when **every level-2 check point is reached**
  in the project's history (``checkpoint_l2_screens == 1``); PassRate stays the agent's own ``status`` beside it;
- ``teardown``: the published runner does not run it. Here its device steps run after the episode through the
  Device protocol (:func:`run_teardown`): ``{"shell": cmd}`` as given, ``{"wait": s}`` as a bounded settle,
  ``{"kill": package}``, ``{"wifi": "on"|"off"}``, ``{"id": resource-id}`` / ``{"text": t}`` tapping that element
  if it is on screen; a plain string is a spoken request to MIUI's voice assistant and is not run.

The published entries carry no action sequence: an imported task has no oracle (``Task.oracle_missing``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from lxml import etree

from pytest_mobileagent.actions import Action
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.metrics.checkpoint import FIELDS, fixed_scores, history_of
from pytest_mobileagent.observe.elements import element_of, parse_tree
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.registry import TaskDefinitionError

#: The published files, their tier and the project's difficulty for it.
TIERS: Mapping[str, tuple[str, str]] = {
    "s_app_s_step.json": ("sast", "easy"),
    "s_app_m_step.json": ("samt", "medium"),
    "m_app_m_step.json": ("mamt", "hard"),
}
#: The fields an entry may have.
ENTRY_FIELDS = frozenset({"id", "query", "check_point", "domain", "app"})
#: The check point fields the published files use: :data:`~pytest_mobileagent.metrics.checkpoint.FIELDS` are
#: scored; the others (the voice assistant's spoken reply ``to_speak``, ``nd``, ``or``, ``status``, ``image``,
#: ``ocr``, ``toast``, ``index`` and the misspelt ``txt``, ``resourceId``, ``resource_id``) are kept and, as by the
#: published scorer, not scored; ``teardown`` holds steps, not check points.
CHECK_POINT_FIELDS = frozenset(FIELDS) | {"teardown", "to_speak", "nd", "or", "status", "image", "ocr", "toast",
                                         "index", "txt", "resourceId", "resource_id"}
#: The kinds of teardown step (a one-key dict each); a plain string is a spoken request and is not run.
TEARDOWN_KINDS = ("shell", "wait", "kill", "wifi", "id", "text")
OPERATORS = ("&", "|")
#: The published runner's step limit (``--max_steps``, default 10), for every tier.
MAX_STEPS = 10


@dataclass(frozen=True)
class Entry:
    """One published entry, as data."""

    path: Path
    tier: str
    id: int | str
    #: The user's turns in order: strings, or (in a few published SAST entries) a one-key object that starts the
    #: episode another way (``{"uri": ...}`` opens a link, ``{"negscreen": ""}`` MIUI's minus-one screen).
    queries: tuple[str | dict[str, Any], ...]
    check_point: Mapping[str, Any]
    teardown: tuple[Any, ...]
    domain: str = ""
    apps: tuple[str, ...] = ()

    @property
    def instruction(self) -> str | None:
        """The instruction the agent gets: the turns joined as the published runner does (``''.join(query)``);
        None when a turn is not something to say (an object, or an empty string)."""
        if all(isinstance(q, str) and q.strip() for q in self.queries):
            return "".join(str(q) for q in self.queries)
        return None

    @property
    def packages(self) -> frozenset[str]:
        """The packages the entry's check points name: its ``package`` values, and the package part of its
        ``activity`` (``pkg/.Activity``) and ``resource-id`` (``pkg:id/name``) values outside ``|`` groups (a check
        point on another app's screen cannot be reached without that app)."""
        cp = self.check_point
        found = set(_values(cp.get("package")))
        found |= {v.split("/", 1)[0] for v in _values(cp.get("activity"), skip_any=True) if "/" in v}
        found |= {v.split(":id/", 1)[0] for v in _values(cp.get("resource-id"), skip_any=True) if ":id/" in v}
        return frozenset(p for p in found if p)


def _values(value: Any, skip_any: bool = False) -> list[str]:
    """A check point value's strings (without its operator); none for a ``|`` group when ``skip_any``."""
    if not value:
        return []
    if isinstance(value, str):
        return [value]
    items = [str(v) for v in value]
    if items[0] in OPERATORS:
        return [] if skip_any and items[0] == "|" else items[1:]
    return items


# -- reading a file --------------------------------------------------------------------------------------------


def tier_of(path: Path | str) -> tuple[str, str]:
    """(tier, difficulty) of a published file name; another name is read as SAST's format and tier ``sast``."""
    return TIERS.get(Path(path).name, ("sast", "easy"))


def _fail(path: Path, entry_id: Any, message: str) -> TaskDefinitionError:
    return TaskDefinitionError(f"{path}: entry id {entry_id}: {message}")


def _queries(path: Path, entry_id: Any, query: Any) -> tuple[str | dict[str, Any], ...]:
    queries = [query] if isinstance(query, str) else query
    if (not isinstance(queries, list) or not queries
            or not all(isinstance(q, str) or (isinstance(q, dict) and len(q) == 1) for q in queries)):
        raise _fail(path, entry_id, "query must be a non-empty string or a list of turns (strings, or one-key "
                                    f"objects such as {{\"uri\": ...}}), got {query!r}")
    return tuple(queries)


def _check_value(path: Path, entry_id: Any, name: str, value: Any) -> Any:
    """``value`` checked; an ``api`` item given as a catalogue object (``{"ADB Command": ...}``, as a few published
    entries have it) becomes its command, and blank items are dropped (``[""]`` in a few published entries: an empty
    string is in every history entry, so it would be a check point any agent reaches by doing anything)."""
    if value is None or isinstance(value, str) or name not in FIELDS:
        return value
    if name == "api" and isinstance(value, list):
        value = [v.get("ADB Command", v) if isinstance(v, dict) else v for v in value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(path, entry_id, f"check_point {name} must be a string or a list of strings, got {value!r}")
    if value and value[0] in OPERATORS and len(value) == 1:
        raise _fail(path, entry_id, f"check_point {name} {value!r}: the operator {value[0]!r} has nothing after it")
    kept = [v for v in value if v.strip()]
    items = kept[1:] if kept and kept[0] in OPERATORS else kept
    return kept if items else None


def _teardown(path: Path, entry_id: Any, steps: Any) -> tuple[Any, ...]:
    if steps is None:
        return ()
    if not isinstance(steps, list):
        raise _fail(path, entry_id, f"check_point teardown must be a list of steps, got {steps!r}")
    for step in steps:
        if isinstance(step, str):
            continue
        if not isinstance(step, dict) or len(step) != 1 or next(iter(step)) not in TEARDOWN_KINDS:
            raise _fail(path, entry_id, f"teardown step {step!r} is not a string or one of "
                                        f"{', '.join(f'{{{k!r}: ...}}' for k in TEARDOWN_KINDS)}")
    return tuple(steps)


def entry_of(path: Path, raw: Any, position: int) -> Entry:
    """One entry of ``path`` (the ``position``-th, for an entry without id); :class:`TaskDefinitionError` names the
    file and the entry id of what is wrong."""
    if not isinstance(raw, dict):
        raise TaskDefinitionError(f"{path}: entry #{position} must be an object, got {type(raw).__name__}")
    entry_id = raw.get("id")
    if entry_id is None or isinstance(entry_id, bool) or not isinstance(entry_id, (int, str)) or entry_id == "":
        raise TaskDefinitionError(f"{path}: entry #{position} has no id")
    unknown = sorted(set(raw) - ENTRY_FIELDS)
    if unknown:
        raise _fail(path, entry_id, f"unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(ENTRY_FIELDS))})")
    if "query" not in raw:
        raise _fail(path, entry_id, "has no query")
    queries = _queries(path, entry_id, raw["query"])
    cp = raw.get("check_point")
    if not isinstance(cp, dict):
        raise _fail(path, entry_id, f"check_point must be an object, got {cp!r}")
    unknown = sorted(set(cp) - CHECK_POINT_FIELDS)
    if unknown:
        raise _fail(path, entry_id, f"unknown check_point field(s) {', '.join(unknown)}")
    cp = {name: _check_value(path, entry_id, name, value) for name, value in cp.items()}
    app = raw.get("app")
    apps = (app,) if isinstance(app, str) else tuple(str(a) for a in app or ())
    tier, _ = tier_of(path)
    return Entry(path=path, tier=tier, id=entry_id, queries=queries,
                 check_point={k: v for k, v in cp.items() if k != "teardown"},
                 teardown=_teardown(path, entry_id, cp.get("teardown")), domain=str(raw.get("domain") or ""),
                 apps=apps)


def load_entries(path: Path | str) -> list[Entry]:
    """Every entry of one published file, in file order; two entries of one id are an error."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise TaskDefinitionError(f"{path}: not a Mobile-Bench JSON file: {e}") from None
    if not isinstance(data, list):
        raise TaskDefinitionError(f"{path}: a Mobile-Bench file is a JSON list of entries, got {type(data).__name__}")
    entries, seen = [], set()
    for position, raw in enumerate(data):
        entry = entry_of(path, raw, position)
        if entry.id in seen:
            raise _fail(path, entry.id, "the id is given twice")
        seen.add(entry.id)
        entries.append(entry)
    return entries


def task_files(folder: Path | str) -> list[Path]:
    """The published files present in ``folder``, SAST first."""
    return [Path(folder) / name for name in TIERS if (Path(folder) / name).is_file()]


# -- teardown --------------------------------------------------------------------------------------------------


def _tap_if_shown(device: Device, attribute: str, value: str) -> None:
    nodes = parse_tree(device.hierarchy()).xpath(f"//node[@{attribute}=$v]", v=value)
    if nodes and isinstance(nodes[0], etree._Element):
        device.tap(*element_of(nodes[0]).center)


def run_teardown(device: Device, steps: Iterable[Any]) -> None:
    """Play an entry's teardown steps through the Device protocol (the module docstring lists what each runs)."""
    for step in steps:
        if isinstance(step, str):
            continue  # a spoken request to MIUI's voice assistant: nothing the Device protocol can run
        (kind, value), = step.items()
        if kind == "shell":
            device.shell(str(value))
        elif kind == "wait":
            device.settle(timeout_s=float(value))
        elif kind == "kill":
            device.stop_app(str(value))
        elif kind == "wifi":
            device.shell(f"svc wifi {'enable' if str(value).lower() == 'on' else 'disable'}")
        elif kind == "id":
            _tap_if_shown(device, "resource-id", str(value))
        elif kind == "text":
            _tap_if_shown(device, "text", str(value))


# -- the task --------------------------------------------------------------------------------------------------


class MobileBenchTask(Task):
    """An imported Mobile-Bench entry: the goal is its query, the check its CheckPoints over the episode's
    history, success every level-2 check point reached."""

    __abstract__ = True
    suite = "mobilebench"
    complexity = MAX_STEPS / 10
    entry: ClassVar[Entry]

    def __init__(self, params: dict[str, Any] | None = None):
        super().__init__(params)
        self._steps: list[Mapping[str, Any]] = []

    def setup(self, device: Device) -> None:
        self._steps = []

    def observe_trajectory(self, steps: Sequence[Mapping[str, Any]]) -> None:
        self._steps = list(steps)

    def scores(self) -> dict[str, float]:
        """The corrected ``checkpoint_l1`` and ``checkpoint_l2`` of the trajectory seen so far, over the project's
        history (the episode's ``checkpoint_l1_screens`` and ``checkpoint_l2_screens``)."""
        return fixed_scores(dict(self.entry.check_point), history_of(self._steps))

    def check(self, device: Device, answer: str | None = None) -> float:
        """1.0 when every level-2 check point is in the history (``checkpoint_l2_screens == 1``), else 0.0."""
        return 1.0 if self.scores().get("checkpoint_l2", 0.0) >= 1.0 else 0.0

    def teardown(self, device: Device) -> None:
        run_teardown(device, self.entry.teardown)

    def oracle(self, ui: UI) -> Iterator[Action]:
        raise NotImplementedError(self.oracle_missing)

    def describe_state(self, device: Device) -> str:
        scores = self.scores()
        return (f"CheckPoint L1 {scores.get('checkpoint_l1', 0.0):.2f}, L2 {scores.get('checkpoint_l2', 0.0):.2f} "
                f"over {len(history_of(self._steps))} history entries; expected "
                f"{ {k: v for k, v in self.entry.check_point.items() if k in FIELDS and v} }")


def class_name(entry: Entry) -> str:
    """The tier in CamelCase, ``Query`` and the id (four digits for a number): ``SastQuery0007``."""
    ident = f"{entry.id:04d}" if isinstance(entry.id, int) else re.sub(r"\W+", "_", str(entry.id))
    return f"{entry.tier.capitalize()}Query{ident}"


def task_class(entry: Entry, module: str) -> type[MobileBenchTask]:
    """The :class:`Task` class of one entry; ``module`` is where it is collected from."""
    name = class_name(entry)
    where = f"{entry.path.name} id {entry.id}" + "".join(f", {p}" for p in sorted(entry.packages))
    tags = ("imported", entry.tier) + ((entry.domain,) if entry.domain else ())
    instruction = entry.instruction
    shown = instruction if instruction is not None else json.dumps(list(entry.queries), ensure_ascii=False)
    attrs: dict[str, Any] = {
        "__module__": module, "__doc__": f"Mobile-Bench entry {where}.", "name": name, "entry": entry,
        "template": shown.replace("{", "{{").replace("}", "}}"), "tags": tags,
        "difficulty": tier_of(entry.path)[1], "check_point": dict(entry.check_point), "packages": entry.packages,
        "oracle_missing": f"{name} ({where}) has no oracle: Mobile-Bench publishes no action sequence for its "
                          "queries",
    }
    if instruction is None:
        attrs["unjudged"] = (f"{name} ({where}) cannot be run as an agent task: its query {shown} starts the "
                             "episode with what is not an instruction (a link to open, MIUI's minus-one screen, an "
                             "empty turn), which the published runner cannot run either")
    elif not any(entry.check_point.get(f) for f in FIELDS):
        attrs["unjudged"] = (f"{name} ({where}) cannot be judged: it has no check point in "
                             f"{', '.join(FIELDS)} (its fields: {', '.join(sorted(entry.check_point)) or 'none'})")
    return type(name, (MobileBenchTask,), attrs)


def build_tasks(folder: Path | str, module: str) -> dict[str, type[MobileBenchTask]]:
    """Task classes for every entry of the published files in ``folder`` (``<datasets>/mobilebench``), by name."""
    return {cls.name: cls for path in task_files(folder) for cls in map(lambda e: task_class(e, module),
                                                                         load_entries(path))}


__all__ = ["CHECK_POINT_FIELDS", "ENTRY_FIELDS", "MAX_STEPS", "TEARDOWN_KINDS", "TIERS", "Entry", "MobileBenchTask",
           "build_tasks", "class_name", "entry_of", "load_entries", "run_teardown", "task_class", "task_files",
           "tier_of"]
