"""An episode's record and its identity: the one type the worker fills, a line of ``results.jsonl`` holds, and
resume, merge, replay, re-score and the reports read; and the one spelling of an episode's identity that results,
resume, merge, baselines, pass@k and the artifact folders use.

A line is :meth:`EpisodeResult.to_json`, versioned by its ``format`` (:data:`FORMAT`; ``docs/results-format.md``
describes every field). Readers take the lines of older formats (a line without ``format`` is of format 0) as they
are, and refuse a line of a newer one (:func:`readable`, :func:`format_error`).
"""

from __future__ import annotations

import math
import typing
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from pytest_mobileagent.capped import cap_json

#: The format of the lines this version writes, and the newest it reads: 1, the first with a ``format`` field (the
#: lines before it, of format 0, have the same fields, fewer of them where they predate a field).
FORMAT = 1

#: An episode's record as JSON: a results line decoded (:meth:`EpisodeResult.to_json`'s keys), or the fields of one
#: a reader asked for (:class:`~pytest_mobileagent.report.results.FieldReader`).
EpisodeRecord = dict[str, Any]


@dataclass
class StepRecord:
    """What happened at one step."""

    index: int
    #: The action the agent chose (:meth:`~pytest_mobileagent.actions.Action.to_dict`), None for an invalid output.
    action: dict[str, Any] | None
    #: The app and activity in front when the agent observed the screen.
    package: str
    activity: str
    #: Seconds observing the device, acting on it, and in the agent's ``step``.
    observe_s: float
    act_s: float
    agent_s: float
    error: str | None = None
    #: ``format`` (the agent's output did not parse) or ``action`` (outside the action space): the step is used
    #: up and nothing happens on the device.
    invalid: str | None = None
    #: Model tokens and cost of this step, for agents that call a model.
    usage: dict[str, Any] | None = None
    #: The element an element action aimed at (resource id, text...), for CheckPoint matching.
    target: str | None = None
    #: That element's full resource id (``com.android.settings:id/title``), which CheckPoints name.
    target_id: str | None = None
    #: That element's node attributes as a uiautomator dump names them (``class``, ``resource-id``, ``package``,
    #: ``text``, ``content-desc``, ``bounds``; ``clickable`` also where a clickable ancestor takes its taps), which
    #: Mobile-Bench's runner writes into its history (:func:`~pytest_mobileagent.metrics.checkpoint.published_history`).
    target_node: dict[str, str] | None = None
    #: A digest of the UI tree the agent saw, to tell repeated actions on the same screen.
    screen: str | None = None
    #: Characters of the screen's element list, for the nuggets-mining share of ``target``.
    observation_chars: int = 0
    #: The shell command an ``api_call`` ran and what it printed (Mobile-Bench's API milestones for CheckPoints).
    command: str | None = None
    command_output: str | None = None
    #: A scroll's or swipe's finger, as performed: where it touched and lifted (``[x1, y1, x2, y2]``), which
    #: Mobile-Bench's runner writes into its history (``scroll([x1,y1][x2,y2])``).
    points: list[int] | None = None


@dataclass
class EpisodeResult:
    """Everything known about one episode: what the worker fills in as it runs, and (:meth:`to_json`) the line
    ``results.jsonl`` keeps and the controller is sent. An infrastructure error's record (``outcome`` "error") holds
    the item's identity and the error only (:data:`ERROR_FIELDS`)."""

    task: str
    suite: str = ""
    #: The task instance (the item's parameter index).
    instance: int = 0
    goal: str = ""
    #: The drawn parameters (as JSON: data classes as objects, values JSON has no type for as text).
    params: dict[str, Any] = field(default_factory=dict)
    #: The agent's seed (``--ma-seed`` and the instance).
    seed: int = 0
    agent: str = ""
    apps: list[str] = field(default_factory=list)
    difficulty: str = ""
    tags: list[str] = field(default_factory=list)
    #: The step budget (the task's complexity times 10).
    max_steps: int = 0
    #: Which run of the instance this is, with ``--ma-repeat`` (None without).
    repeat: int | None = None
    #: The device configuration the episode ran on (:mod:`pytest_mobileagent.device.config`).
    device_config: dict[str, str] = field(default_factory=dict)
    optimal_steps: int | None = None
    #: Verified success (0..1): ``state_success`` after the completion rule, agent errors and constraints
    #: (:func:`~pytest_mobileagent.scoring.score`).
    success: float = 0.0
    #: The check's score (the model judge's for a task judged by model) before those rules were applied.
    state_success: float = 0.0
    #: What an agent declaring completion at once would have scored: the check right after setup (the floor).
    trivial_success: float | None = None
    #: The agent's own verdict (``complete``, ``infeasible``) and answer, None where it gave none.
    self_reported: str | None = None
    answer: str | None = None
    #: How the agent loop ended: ``status``, ``answer``, ``step_limit``, ``agent_error`` or ``timeout``.
    terminated_by: str = "step_limit"
    steps: list[StepRecord] = field(default_factory=list)
    #: The agent's exception (the end of its traceback), which fails the episode whatever the state.
    agent_error: str | None = None
    #: What the task's check saw (:meth:`~pytest_mobileagent.tasks.base.Task.describe_state`).
    validator_state: str = ""
    duration_s: float = 0.0
    nodeid: str = ""
    #: Taken from an earlier run's results (``--ma-resume``) instead of run again.
    resumed: bool = False
    #: The model judge's verdict with ``--ma-llm-judge`` (1, 0, or None when it gave none) and its reason.
    judged_success: float | None = None
    judge_reason: str = ""
    #: Why the model judge's verdict is the success instead of a state check (a task checked on the simulator's
    #: app state, run on a device without it), or "".
    judged_instead: str = ""
    #: AndroidWorld's own ``is_successful`` on the episode with ``--ma-androidworld-check`` (None without it, or
    #: when it could not judge: ``androidworld_error`` says why).
    androidworld_success: float | None = None
    androidworld_error: str = ""
    #: Constrained tasks: the steps that used a forbidden app, page or element (each zeroes success).
    constraint_violations: list[str] = field(default_factory=list)
    #: ``--ma-episode-timeout`` passed while the agent had most of the time (``terminated_by`` "timeout"), or for an
    #: error while the device or the endpoint had it: the limit and the seconds by whom
    #: (:meth:`~pytest_mobileagent.deadline.Deadline.spent`).
    timed_out: dict[str, Any] | None = None
    #: Trajectory metrics where the task defines what they need (AndroidArena's LCS metrics for a
    #: ground-truth sequence, Mobile-Bench's CheckPoint coverage for check points, invalid-step ratios).
    metrics: dict[str, float] = field(default_factory=dict)
    #: ``--agent replay``: the recorded episode played (its run, agent and verdict) and the first step whose screen
    #: differed from the recording's (``divergence``, None when none did).
    replay: dict[str, Any] | None = None
    #: The item's pytest outcome: ``success``, ``failure`` or ``error`` (a pytest error: excluded from the success
    #: rate); "" until the item's report.
    outcome: str = ""
    #: The run that recorded the episode (``--ma-run-id``).
    run_id: str = ""
    #: An error's message, and whether it was an infrastructure error (device, endpoint); None (and not in the
    #: line) for an episode that finished.
    error: str | None = None
    infrastructure: bool | None = None

    @property
    def num_steps(self) -> int:
        return len(self.steps)

    @property
    def actions(self) -> list[dict[str, Any]]:
        return [s.action for s in self.steps if s.action is not None]

    @property
    def usage(self) -> dict[str, Any]:
        """Model tokens, cost and retries over the episode (zeros for agents that call no model)."""
        total = {"prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0, "retries": 0}
        for s in self.steps:
            for k, v in (s.usage or {}).items():
                total[k] = total.get(k, 0) + v
        total["cost_usd"] = round(total["cost_usd"], 6)
        return total

    @property
    def timings(self) -> dict[str, float]:
        """Seconds spent in the agent, on the device (observing and acting), and in the whole episode."""
        return {"agent_s": round(sum(s.agent_s for s in self.steps), 6),
                "device_s": round(sum(s.observe_s + s.act_s for s in self.steps), 6),
                "total_s": round(self.duration_s, 6)}

    def to_json(self) -> EpisodeRecord:
        """The episode's results line: its fields, the ones derived from the steps (:data:`DERIVED`) and ``format``;
        for an error, :data:`ERROR_FIELDS` (``timed_out`` only where it timed out). A string longer than
        :data:`~pytest_mobileagent.capped.FIELD_MAX` is cut, its length said (:func:`~pytest_mobileagent.capped.
        cap`)."""
        if self.outcome == "error":
            data = {name: getattr(self, name) for name in ERROR_FIELDS}
            if self.timed_out is None:
                del data["timed_out"]
        else:
            data = asdict(self)
            for name in ERROR_ONLY:
                if data[name] is None:
                    del data[name]
            data.update((name, getattr(self, name)) for name in DERIVED)
        data["format"] = FORMAT
        return cap_json(data)  # a huge typed text or answer is stored cut, with its size (pytest_mobileagent.capped)

    @classmethod
    def from_json(cls, data: EpisodeRecord) -> EpisodeResult:
        """The result a results line records (:meth:`to_json`'s keys; the derived ones and unknown keys are
        ignored, missing ones take their defaults)."""
        kwargs = {k: v for k, v in data.items() if k in _FIELDS}
        kwargs["steps"] = [StepRecord(**{k: v for k, v in s.items() if k in _STEP_FIELDS})
                           for s in data.get("steps") or []]
        return cls(**kwargs)


_FIELDS = frozenset(f.name for f in fields(EpisodeResult))
_STEP_FIELDS = frozenset(f.name for f in fields(StepRecord))
#: The keys of a line computed from the steps (and the duration) rather than kept.
DERIVED = ("num_steps", "usage", "timings")
#: The fields only an error's line has.
ERROR_ONLY = ("error", "infrastructure")
#: What the line of an infrastructure error (``outcome`` "error") holds: the item's identity, the error, the run.
ERROR_FIELDS = ("task", "suite", "instance", "repeat", "agent", "apps", "params", "difficulty", "tags", "nodeid",
                "outcome", "run_id", "error", "infrastructure", "timed_out")


def line_fields() -> dict[str, Any]:
    """Every key a results line may have, with its type: :class:`EpisodeResult`'s fields, the derived ones and
    ``format``."""
    hints = typing.get_type_hints(EpisodeResult)
    found = {f.name: hints[f.name] for f in fields(EpisodeResult)}
    found.update((name, typing.get_type_hints(getattr(EpisodeResult, name).fget)["return"]) for name in DERIVED)
    found["format"] = int
    return found


#: The names of :func:`line_fields`.
LINE_FIELDS = frozenset(line_fields())


def _number_kinds() -> dict[str, str]:
    """The line's fields a reader takes as numbers: ``number``, ``number or null``, or ``numbers`` (an object of
    them, such as ``metrics``)."""
    kinds = {}
    for name, hint in line_fields().items():
        args = set(typing.get_args(hint))
        if hint in (int, float):
            kinds[name] = "number"
        elif args and args <= {int, float, type(None)} and args & {int, float}:
            kinds[name] = "number or null"
        elif typing.get_origin(hint) is dict and typing.get_args(hint)[1] in (int, float):
            kinds[name] = "numbers"
    kinds.pop("format", None)  # readable() judges it
    return kinds


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


#: See :func:`_number_kinds`.
NUMBER_FIELDS = _number_kinds()


def damage(record: EpisodeRecord, fields: Iterable[str] | None = None) -> str | None:
    """Why a decoded results line is damaged (None if it is not), of ``fields`` (every field when None): a field
    read as a number holding anything else, NaN and infinities included (``json`` writes a float NaN as ``NaN``,
    which is not JSON, and reads ``1e999`` as infinity), or no ``task``."""
    wanted = None if fields is None else set(fields)
    if (wanted is None or "task" in wanted) and not isinstance(record.get("task"), str):
        return "it has no task"
    for name, value in record.items():
        kind = NUMBER_FIELDS.get(name)
        if kind is None or (wanted is not None and name not in wanted):
            continue
        if kind == "numbers":
            ok = isinstance(value, dict) and all(_number(v) for v in value.values())
        else:
            ok = _number(value) or (value is None and kind == "number or null")
        if not ok:
            return f"its {name} is not a finite {'object of numbers' if kind == 'numbers' else kind}"
    return None


class RecordFormatError(ValueError):
    """A results line of a format this version does not read; the message names the format and the reader."""


_READABLE = frozenset(range(FORMAT + 1))


def readable(record: EpisodeRecord) -> bool:
    """Whether this version reads ``record``: its ``format`` (0 where it has none) is :data:`FORMAT` or older."""
    found = record.get("format", 0)
    return type(found) is int and found in _READABLE


def format_error(record: EpisodeRecord, where: str, reader: str) -> RecordFormatError:
    """The refusal of ``record`` (at ``where``: its file and line), which :func:`readable` refused, naming its format
    and ``reader``, what was reading it (``ma-merge``, ``--ma-resume``...)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        this = f"pytest-mobileagent {version('pytest-mobileagent')}"
    except PackageNotFoundError:  # pragma: no cover - run from a checkout that is not installed
        this = "this pytest-mobileagent"
    return RecordFormatError(f"{where} is an episode record of results format {record.get('format')!r}: {reader} "
                             f"({this}) reads results format {FORMAT} and older; read the run with the version that "
                             "wrote it, or a newer one")


def case_label(index: int, repeat: int | None = None) -> str:
    """An item's parameter id: ``index``, or ``index-r<repeat>`` for the repeated runs of ``--ma-repeat``."""
    return str(index) if repeat is None else f"{index}-r{repeat}"


def episode_id(suite: str, task: str, instance: int, repeat: int | None = None) -> str:
    """An episode's identity: ``suite/Task[instance]`` (``suite/Task[instance-r<repeat>]`` for repeated runs).
    Two suites may have tasks of the same name; the suite keeps them apart."""
    return f"{suite}/{task}[{case_label(instance, repeat)}]"


def record_episode(record: EpisodeRecord) -> str:
    """:func:`episode_id` of a results record."""
    return episode_id(record.get("suite") or "", record["task"], int(record.get("instance", 0)), record.get("repeat"))


def record_instance(record: EpisodeRecord) -> str:
    """The task instance a record ran, whatever its repeat: what pass@k groups the repeated runs by."""
    return episode_id(record.get("suite") or "", record["task"], int(record.get("instance", 0)))


__all__ = ["DERIVED", "ERROR_FIELDS", "FORMAT", "LINE_FIELDS", "NUMBER_FIELDS", "EpisodeRecord", "EpisodeResult",
           "RecordFormatError", "StepRecord", "case_label", "damage", "episode_id", "format_error", "line_fields",
           "readable", "record_episode", "record_instance"]
