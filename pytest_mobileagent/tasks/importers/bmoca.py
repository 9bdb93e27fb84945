"""B-MoCA's v2 task files (AndroidEnv ``Task`` protos in text format), imported as :class:`Task` classes.

A file ``<app>/<instruction_with_underscores>.textproto`` holds the setup and reset steps (``SetupStep``
messages carrying ``adb_request``\\ s), the step budget (``max_episode_steps``) and how logcat is turned into
reward (``log_parsing_config``: ``filters`` and ``log_regexps.reward_event``). :func:`load_spec` reads one
file into a :class:`BmocaSpec`; :func:`task_class` and :func:`build_tasks` turn specs into tasks whose
:meth:`~BmocaTask.setup` plays the steps through the :class:`~pytest_mobileagent.device.base.Device`
protocol and whose :meth:`~BmocaTask.check` reads logcat as AndroidEnv does.

What is AndroidEnv's here (github.com/google-deepmind/android_env, read for facts, no code taken):

- message and field names: ``android_env/proto/task.proto`` (``Task``, ``SetupStep``, ``LogParsingConfig``,
  ``RewardEvent``) and ``android_env/proto/adb.proto`` (``AdbRequest``: ``press_button``, ``start_activity``,
  ``force_stop``, ``settings``, ``generic``...);
- what each request runs: ``android_env/components/adb_call_parser.py`` (``input keyevent KEYCODE_HOME``,
  ``am start [-S] -W -n <activity> <extra_args>``, ``am force-stop``, ``settings put <namespace> <key> <value>``,
  a generic request is ``adb <args>``);
- logcat: ``android_env/components/adb_log_stream.py`` runs ``logcat -v epoch <filters>`` after clearing the
  buffers, and ``log_stream.py`` appends ``*:S`` to the task's filters, so only the listed ``TAG:PRIORITY``
  pairs come through (logcat's own filter rule: that tag at that priority or above);
- matching: ``android_env/components/logcat_thread.py`` splits each line into time, pid, tid, priority, tag and
  message and applies every regex with ``re.match`` to the *message* only (hence B-MoCA's ``^(.*?)`` prefixes);
- reward: ``android_env/components/task_manager.py`` adds an event's ``reward`` each time its regex matches a
  line (an empty regex never matches), and pauses the log stream while the reset steps run, so lines they
  print do not count.

B-MoCA (github.com/gimme1dollar/b-moca) builds the instruction from the file name (``_`` to spaces) and calls an
episode a success when its reward is positive. 81 of its 131 files carry a placeholder regex with reward 0: B-MoCA
judges those with a Python detector keyed on the instruction
(``bmoca/environment/evaluator_script/evaluator.py``), which the file does not carry. Here such a task is judged
by the hand-written task of the same instruction when the suite has one (:func:`find_twin`), and is otherwise
collected and skipped with the reason (``Task.unjudged``).
"""

from __future__ import annotations

import re
import shlex
import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import strategies as st

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import (
    camera,
    chrome,
    contacts,
    deskclock,
    dialer,
    documentsui,
    gmail,
    maps,
    messages,
    photos,
    settings_app,
    youtube,
)
from pytest_mobileagent.android.logcat import parse_line
from pytest_mobileagent.device.base import Device
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.oracle import UI
from pytest_mobileagent.tasks.params import draw
from pytest_mobileagent.tasks.textproto import TextprotoError, field_names, line_of, loads, repeated

#: B-MoCA's app folders and the packages those apps are on its Pixel images (the ids its evaluator scripts
#: look up, ``bmoca/environment/evaluator_script/<app>/``, and the packages its regexes name).
BMOCA_APPS: Mapping[str, str] = {
    "calculator": "com.google.android.calculator", "calendar": "com.google.android.calendar",
    "camera": camera.PACKAGE, "chrome": chrome.PACKAGE, "clock": deskclock.PACKAGE, "contacts": contacts.PACKAGE,
    "files": documentsui.PACKAGE, "gmail": gmail.PACKAGE, "instagram": "com.instagram.android",
    "maps": maps.PACKAGE, "messages": messages.PACKAGE, "phone": dialer.PACKAGE, "photos": photos.PACKAGE,
    "settings": settings_app.PACKAGE, "snapseed": "com.niksoftware.snapseed", "walmart": "com.walmart.android",
    "wikipedia": "org.wikipedia", "youtube": youtube.PACKAGE,
}
#: ``AdbRequest.PressButton.Button`` (adb.proto) by name and number, as the device's key names.
BUTTONS = {"HOME": "home", "BACK": "back", "ENTER": "enter", 0: "home", 1: "back", 2: "enter"}
#: ``AdbRequest.SettingsRequest.Namespace`` (adb.proto) by name and number.
NAMESPACES = {"SYSTEM": "system", "SECURE": "secure", "GLOBAL": "global", 1: "system", 2: "secure", 3: "global"}
#: The requests this importer runs; every other ``AdbRequest`` command is an error naming it.
REQUESTS = ("press_button", "start_activity", "force_stop", "settings", "generic", "input_text", "tap")
#: logcat's priorities, lowest first (``S`` silences a tag).
PRIORITIES = "VDIWEFS"
SUFFIX = ".textproto"


class BmocaTaskError(ValueError):
    """A task file B-MoCA's format does not allow, or that asks for what this importer does not run; the message
    starts with ``<file>:<line>:``."""


@dataclass(frozen=True)
class Step:
    """One ``SetupStep``: an ``adb_request`` command (``kind`` with its message ``args``) or a ``sleep``."""

    kind: str
    args: Mapping[str, Any]
    line: int


@dataclass(frozen=True)
class RewardEvent:
    regex: str
    reward: float


@dataclass(frozen=True)
class BmocaSpec:
    """One task file, as data."""

    path: Path
    app: str
    instruction: str
    max_steps: int
    setup_steps: tuple[Step, ...]
    reset_steps: tuple[Step, ...]
    filters: tuple[str, ...]
    reward_events: tuple[RewardEvent, ...]
    packages: frozenset[str] = field(default_factory=frozenset)

    @property
    def judged_by_logcat(self) -> bool:
        """Some reward event can make the reward positive (B-MoCA's success rule)."""
        return any(e.reward > 0 for e in self.reward_events)

    def where(self, line: int | None) -> str:
        return f"{self.path}:{line or 1}"


def instruction_of(path: Path | str) -> str:
    """B-MoCA's instruction: the file name without ``.textproto``, underscores to spaces."""
    return Path(path).name.removesuffix(SUFFIX).replace("_", " ")


# -- reading a file -------------------------------------------------------------------------------------------


def _fail(path: Path, line: int | None, message: str) -> BmocaTaskError:
    return BmocaTaskError(f"{path}:{line or 1}: {message}")


def _one(path: Path, message: Any, name: str) -> dict[str, Any]:
    value = message.get(name)
    if isinstance(value, list):
        raise _fail(path, line_of(value[-1]), f"{name} given more than once")
    if not isinstance(value, dict):
        raise _fail(path, line_of(message), f"{name} must be a message")
    return value


def _step(path: Path, message: Any) -> Step:
    if not isinstance(message, dict):
        raise _fail(path, None, f"a setup step must be a message, got {message!r}")
    line = line_of(message)
    names = field_names(message)
    if "success_condition" in names:
        raise _fail(path, line, "success_condition is not supported (AndroidEnv retries the step until it holds)")
    if names == ["sleep"]:
        seconds = _one(path, message, "sleep").get("time_sec", 0)
        return Step("sleep", {"time_sec": float(seconds)}, line)
    if names != ["adb_request"]:
        raise _fail(path, line, f"a setup step holds one adb_request or sleep, got {', '.join(names) or 'nothing'}")
    request = _one(path, message, "adb_request")
    commands = [n for n in field_names(request) if n != "timeout_sec"]
    if len(commands) != 1:
        raise _fail(path, line_of(request), f"an adb_request holds one command, got {', '.join(commands) or 'none'}")
    kind = commands[0]
    args = _one(path, request, kind)
    where = line_of(args)
    if kind not in REQUESTS:
        raise _fail(path, where, f"adb_request {kind} is not supported here (supported: {', '.join(REQUESTS)})")
    _check_request(path, kind, args, where)
    return Step(kind, {k: v for k, v in args.items() if k in field_names(args)}, where or line or 1)


def _check_request(path: Path, kind: str, args: dict[str, Any], line: int | None) -> None:
    """What each request needs, checked when the file is read rather than when the task runs."""
    if kind == "press_button" and args.get("button", "HOME") not in BUTTONS:
        raise _fail(path, line, f"press_button {args.get('button')!r} is not HOME, BACK or ENTER")
    if kind == "start_activity" and "/" not in str(args.get("full_activity", "")):
        raise _fail(path, line, "start_activity needs full_activity as package/activity")
    if kind == "force_stop" and not args.get("package_name"):
        raise _fail(path, line, "force_stop needs package_name")
    if kind == "settings":
        verbs = [n for n in field_names(args) if n != "name_space"]
        if args.get("name_space") not in NAMESPACES:
            raise _fail(path, line, f"settings name_space {args.get('name_space')!r} is not SYSTEM, SECURE or GLOBAL")
        if len(verbs) != 1 or verbs[0] not in ("put", "get", "delete_key", "list"):
            raise _fail(path, line, f"settings verb {', '.join(verbs) or 'missing'} is not supported "
                                    "(put, get, delete_key, list)")
    if kind == "generic":
        argv = [str(a) for a in repeated(args, "args")]
        if not argv or argv[0] != "shell" or len(argv) < 2:
            raise _fail(path, line, f"generic adb call {argv!r} is not supported: only `adb shell ...` runs "
                                    "through the Device protocol")
    if kind == "tap" and not all(isinstance(args.get(k, 0), int) for k in ("x", "y")):
        raise _fail(path, line, "tap needs integer x and y")


def _filters(path: Path, config: dict[str, Any]) -> tuple[str, ...]:
    found = tuple(str(f) for f in repeated(config, "filters"))
    for spec in found:
        tag, _, priority = spec.partition(":")
        if not tag or (priority and priority not in PRIORITIES):
            raise _fail(path, line_of(config), f"logcat filter {spec!r} is not TAG[:PRIORITY] with PRIORITY one "
                                               f"of {', '.join(PRIORITIES)}")
    return found


def _reward_events(path: Path, config: dict[str, Any]) -> tuple[RewardEvent, ...]:
    regexps = config.get("log_regexps", {})
    if not isinstance(regexps, dict):
        raise _fail(path, line_of(config), "log_regexps must be a message")
    other = [n for n in field_names(regexps) if n != "reward_event"]
    if other:
        raise _fail(path, line_of(regexps), f"log_regexps {', '.join(other)} is not supported (only reward_event)")
    events = []
    for event in repeated(regexps, "reward_event"):
        regex = str(event.get("event", ""))
        try:
            re.compile(regex)
        except re.error as e:
            raise _fail(path, line_of(event), f"reward_event regex {regex!r}: {e}") from None
        events.append(RewardEvent(regex, float(event.get("reward", 0))))
    return tuple(events)


def load_spec(path: Path | str) -> BmocaSpec:
    """Read one task file; :class:`BmocaTaskError` names the file and line of what is wrong."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        doc = loads(text, lines=True)
    except TextprotoError as e:
        raise BmocaTaskError(f"{path}:{str(e).removeprefix('line ')}" if str(e).startswith("line ")
                             else f"{path}:1: {e}") from None
    unknown = [n for n in field_names(doc) if n not in ("setup_steps", "reset_steps", "max_episode_steps",
                                                        "log_parsing_config", "id", "name", "description")]
    if unknown:
        raise _fail(path, None, f"unsupported Task field(s) {', '.join(unknown)}")
    steps = doc.get("max_episode_steps")
    if not isinstance(steps, int) or steps <= 0:
        raise _fail(path, None, f"max_episode_steps must be a positive integer, got {steps!r}"
                    + (" (the file is empty)" if not text.strip() else ""))
    config = _one(path, doc, "log_parsing_config") if "log_parsing_config" in doc else {}
    setup = tuple(_step(path, s) for s in repeated(doc, "setup_steps"))
    reset = tuple(_step(path, s) for s in repeated(doc, "reset_steps"))
    app = path.parent.name
    return BmocaSpec(path=path, app=app, instruction=instruction_of(path), max_steps=steps, setup_steps=setup,
                     reset_steps=reset, filters=_filters(path, config), reward_events=_reward_events(path, config),
                     packages=frozenset(_packages(app, setup + reset)))


def _packages(app: str, steps: Iterable[Step]) -> set[str]:
    """The packages a task is about: its app folder's (B-MoCA's apps) and those its steps start or stop."""
    found = {BMOCA_APPS[app]} if app in BMOCA_APPS else set()
    for step in steps:
        if step.kind == "start_activity":
            found.add(str(step.args["full_activity"]).split("/", 1)[0])
        elif step.kind == "force_stop":
            found.add(str(step.args["package_name"]))
    return found


def task_files(folder: Path | str) -> list[Path]:
    """The ``<app>/*.textproto`` files under ``folder``, in a stable order."""
    return sorted(Path(folder).glob(f"*/*{SUFFIX}"))


# -- running the steps ----------------------------------------------------------------------------------------


def run_step(device: Device, step: Step, spec: BmocaSpec) -> None:
    """Play one step as AndroidEnv's adb_call_parser.py would, through the Device protocol only."""
    a = step.args
    if step.kind == "sleep":
        device.settle(timeout_s=float(a["time_sec"]))  # wait for the UI, never a fixed sleep
    elif step.kind == "press_button":
        device.press(BUTTONS[a.get("button", "HOME")])
    elif step.kind == "start_activity":
        package, activity = str(a["full_activity"]).split("/", 1)
        extras = [str(x) for x in repeated(dict(a), "extra_args")]
        if extras:  # am start's own options: only the shell carries them
            command = ["am", "start", *(["-S"] if a.get("force_stop") else []), "-W", "-n", str(a["full_activity"]),
                       *extras]
            device.shell(shlex.join(command))
            return
        if a.get("force_stop"):
            device.stop_app(package)
        device.start_app(package, package + activity if activity.startswith(".") else activity)
    elif step.kind == "force_stop":
        device.stop_app(str(a["package_name"]))
    elif step.kind == "settings":
        _run_settings(device, a)
    elif step.kind == "generic":
        device.shell(shlex.join(str(x) for x in repeated(dict(a), "args")[1:]))
    elif step.kind == "input_text":
        device.input_text(str(a.get("text", "")))
    elif step.kind == "tap":
        device.tap(int(a.get("x", 0)), int(a.get("y", 0)))
    else:  # load_spec lets nothing else through
        raise BmocaTaskError(f"{spec.where(step.line)}: adb_request {step.kind} is not supported here")


def _run_settings(device: Device, a: Mapping[str, Any]) -> None:
    namespace = NAMESPACES[a["name_space"]]
    if "put" in a:
        device.settings_put(namespace, str(a["put"].get("key", "")), str(a["put"].get("value", "")))
    elif "delete_key" in a:
        device.shell(shlex.join(["settings", "delete", namespace, str(a["delete_key"].get("key", ""))]))
    # get and list read, and change nothing


# -- reading logcat as AndroidEnv does ------------------------------------------------------------------------


@dataclass(frozen=True)
class LogFilter:
    """logcat's ``TAG:PRIORITY`` filter specs plus the ``*:S`` AndroidEnv appends: a line passes if its tag is
    listed and its priority is at least the listed one (a spec without a priority means ``V``; a later spec for
    the same tag wins, as in logcat)."""

    minimum: Mapping[str, int]

    @classmethod
    def of(cls, specs: Sequence[str]) -> LogFilter:
        minimum: dict[str, int] = {}
        for spec in specs:
            tag, _, priority = spec.partition(":")
            if tag != "*":  # AndroidEnv's trailing *:S overrides any default the task sets
                minimum[tag] = PRIORITIES.index(priority or "V")
        return cls(minimum)

    def admits(self, tag: str, priority: str) -> bool:
        level = self.minimum.get(tag)
        if level is None or PRIORITIES[level] == "S" or priority not in PRIORITIES:
            return False
        return PRIORITIES.index(priority) >= level


def messages(lines: Iterable[str], filters: Sequence[str]) -> Iterator[str]:
    """The message part of each ``threadtime`` line the filters let through."""
    keep = LogFilter.of(filters)
    for line in lines:
        parsed = parse_line(line)
        if parsed is not None and keep.admits(parsed.tag, parsed.priority):
            yield parsed.message


def episode_reward(lines: Iterable[str], spec: BmocaSpec) -> float:
    """The reward AndroidEnv accumulates over ``lines``: each event's reward, each time its regex matches the
    start of a message (``re.match``; an empty regex never matches)."""
    events = [(re.compile(e.regex or "a^"), e.reward) for e in spec.reward_events]
    return sum(reward for message in messages(lines, spec.filters) for regex, reward in events
               if regex.match(message))


# -- hand-written tasks of the same instruction ---------------------------------------------------------------


def _says(template: str, instruction: str, params: Mapping[str, Any]) -> bool:
    try:
        return template.format(**params) == instruction
    except (KeyError, IndexError, ValueError):
        return False


def _template_regex(template: str) -> re.Pattern[str]:
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(".+")
    return re.compile("".join(parts))


def find_twin(instruction: str, candidates: Iterable[type[Task]]) -> type[Task] | None:
    """The first hand-written task whose goal, for some draw of its parameters, is ``instruction``."""
    for cls in candidates:
        if not cls.template or not _template_regex(cls.template).fullmatch(instruction):
            continue
        try:
            draw(cls.parameters().filter(partial(_says, cls.template, instruction)), 0)
        except ValueError:  # its parameters never say it this way ("every midweek")
            continue
        return cls
    return None


# -- the task --------------------------------------------------------------------------------------------------


class BmocaTask(Task):
    """An imported B-MoCA task: the file's steps after the hand-written twin's setup (if any), then the reward
    read off logcat from there on; or, for a file without a reward regex, the twin's check."""

    __abstract__ = True
    suite = "bmoca"
    tags = ("imported",)
    spec: ClassVar[BmocaSpec]
    #: The suite's hand-written task of the same instruction: its parameters (restricted to those that say
    #: this instruction), its setup (the state B-MoCA's device snapshot has) and its oracle.
    twin: ClassVar[type[Task] | None] = None

    def __init__(self, params: dict[str, Any] | None = None):
        super().__init__(params)
        self._twin = self.twin(self.params) if self.twin is not None else None
        self._since: Any = None

    @classmethod
    def parameters(cls) -> st.SearchStrategy[dict[str, Any]]:
        if cls.twin is None:
            return st.just({})
        return cls.twin.parameters().filter(partial(_says, cls.twin.template, cls.spec.instruction))

    @property
    def max_steps(self) -> int:
        return self.spec.max_steps

    def setup(self, device: Device) -> None:
        if self._twin is not None:
            self._twin.setup(device)
        for step in self.spec.setup_steps + self.spec.reset_steps:
            run_step(device, step, self.spec)
        # AndroidEnv counts no line printed before the episode starts (task_manager.py pauses the stream while
        # the reset steps run; adb_log_stream.py clears the buffers): clear, and read from now on
        device.shell("logcat -c")
        self._since = device.now()

    def check(self, device: Device, answer: str | None = None) -> float:
        if self.spec.judged_by_logcat:
            return 1.0 if episode_reward(device.logcat(self._since), self.spec) > 0 else 0.0
        if self._twin is not None:
            return self._twin.check(device, answer)
        raise NotImplementedError(self.unjudged)  # never reached: such items are skipped

    def goal_in_state(self, device: Device) -> float | None:
        if not self.spec.judged_by_logcat and self._twin is not None:
            return self._twin.goal_in_state(device)
        return None

    def teardown(self, device: Device) -> None:
        if self._twin is not None:
            self._twin.teardown(device)

    def oracle(self, ui: UI) -> Iterator[Action]:
        if self._twin is None:
            raise NotImplementedError(self.oracle_missing)
        yield from self._twin.oracle(ui)

    def describe_state(self, device: Device) -> str:
        if not self.spec.judged_by_logcat and self._twin is not None:
            return self._twin.describe_state(device)
        seen = list(messages(device.logcat(self._since), self.spec.filters))
        return (f"{len(seen)} logcat line(s) through {', '.join(self.spec.filters)} since setup; none matched "
                f"{[e.regex for e in self.spec.reward_events]}" + (f"; last: {seen[-1]!r}" if seen else ""))


def class_name(instruction: str) -> str:
    """``Bmoca`` + the instruction's ASCII words in CamelCase (``turn on wifi`` -> ``BmocaTurnOnWifi``)."""
    words = re.findall(r"[A-Za-z0-9]+", instruction)
    return "Bmoca" + "".join(w[:1].upper() + w[1:] for w in words)


def difficulty_of(max_steps: int) -> str:
    """The project's bucketing of B-MoCA's step budgets (its files give no difficulty): up to 6 steps easy, up
    to 12 medium, more hard."""
    return "easy" if max_steps <= 6 else "medium" if max_steps <= 12 else "hard"


def task_class(spec: BmocaSpec, module: str, twins: Iterable[type[Task]] = (), name: str | None = None
               ) -> type[BmocaTask]:
    """The :class:`Task` class of one file; ``module`` is where it is collected from, ``twins`` the suite's
    hand-written tasks (one with the same instruction lends its parameters, setup, check and oracle)."""
    twin = find_twin(spec.instruction, twins)
    name = name or class_name(spec.instruction)
    where = f"{spec.path.parent.name}/{spec.path.name}" + "".join(f", {p}" for p in sorted(spec.packages))
    attrs: dict[str, Any] = {
        "__module__": module, "__doc__": f"B-MoCA task file {where}.", "name": name, "spec": spec, "twin": twin,
        "template": spec.instruction.replace("{", "{{").replace("}", "}}"), "apps": (spec.app,),
        "complexity": spec.max_steps / 10, "difficulty": difficulty_of(spec.max_steps), "packages": spec.packages,
    }
    if twin is not None:
        attrs.update(tolerates=twin.tolerates, requires=twin.requires, optimal_steps=twin.optimal_steps)
    else:
        attrs["oracle_missing"] = (f"{name} ({where}) has no oracle: no hand-written task of the bmoca suite has "
                                   "its instruction")
    if not spec.judged_by_logcat and twin is None:
        attrs["unjudged"] = (f"{name} ({where}) cannot be judged: its file has no reward regex (B-MoCA judges it "
                             "with a Python detector the file does not carry) and no hand-written task of the "
                             "bmoca suite has its instruction")
    return type(name, (BmocaTask,), attrs)


def build_tasks(folder: Path | str, module: str, twins: Iterable[type[Task]] = ()) -> dict[str, type[BmocaTask]]:
    """Task classes for every ``<app>/*.textproto`` under ``folder`` (B-MoCA's ``asset/tasks``), by name; two
    instructions with the same ASCII words get ``_2``, ``_3``... in file order."""
    twins = list(twins)
    out: dict[str, type[BmocaTask]] = {}
    for path in task_files(folder):
        spec = load_spec(path)
        base = name = class_name(spec.instruction)
        n = 1
        while name in out:
            n += 1
            name = f"{base}_{n}"
        out[name] = task_class(spec, module, twins, name)
    return out


__all__ = ["BMOCA_APPS", "BmocaSpec", "BmocaTask", "BmocaTaskError", "LogFilter", "RewardEvent", "Step",
           "build_tasks", "class_name", "episode_reward", "find_twin", "instruction_of", "load_spec", "messages",
           "run_step", "task_class", "task_files"]
