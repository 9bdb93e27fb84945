"""Every screen the suites' oracles reach: what the screenshot tests (``tests/test_screenshots*.py``) judge.

As :mod:`tests.evidence_walk` does, each suite task's oracle plays one item (the suite's seed 0) on a
:class:`~mobileagent_sim.SimDevice` whose ``hierarchy`` is intercepted; at each observation the walk keeps the
dump, the screenshot and the drawn nodes (:class:`Drawn`: what the hierarchy says plus the renderer's hints, which
it does not), and whether each node is visible: inside the screen (the layout clips it) and not under a window
above it or the soft keyboard. Identical screenshots are kept once (the first task and step that showed them).

The README's test command walks a quick sample of the tasks (:func:`task_params`, one in :data:`EVERY` by a hash
of the task's id); ``pytest -m compat`` walks every task. :func:`scenes` are the apps' main screens reached from a
fresh phone (the golden images', ``benchmarks/contact_sheet.py``'s).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mobileagent_sim import SimDevice
from mobileagent_sim.apps.catalogue import DEFAULT_APPS, HOME_APP
from mobileagent_sim.hierarchy import node_text
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import play
from pytest_mobileagent.observe.elements import Observation
from pytest_mobileagent.tasks.base import Task
from pytest_mobileagent.tasks.registry import cases
from tests.suite_tasks import ROOT, all_tasks, in_sample, quick_sample

#: One task in this many is in the README's test command's sample; the others run under ``-m compat``.
EVERY = 20

Rect = tuple[int, int, int, int]
#: Controls of different meaning that the real app itself draws with one pictogram, by package: the pair of their
#: meanings (content descriptions) and why. The icon tests let these, and only these, look alike.
SAME_IN_THE_REAL_APP: dict[str, dict[frozenset[str], str]] = {
    "com.android.chrome": {frozenset({"Close", "Remove"}): "History's Close (btn_close) and a row's Remove "
                                                           "(btn_delete_24dp) are both a cross in Chromium"},
    "com.google.android.youtube": {frozenset({"More options", "Action menu"}): "the playlist page's and each "
                                   "video row's overflow are both three vertical dots in YouTube's screenshots"},
}


def alike_in_the_real_app(package: str, a: str, b: str) -> bool:
    """Whether the real app draws the controls meaning ``a`` and ``b`` with one pictogram."""
    return frozenset({a, b}) in SAME_IN_THE_REAL_APP.get(package, {})


#: The snapshot each task's episode starts from.
CLEAN = "screens-clean"


@dataclass(frozen=True)
class Drawn:
    """One laid-out node of a screen as the screenshot tests need it."""

    cls: str  # the widget class's simple name (ImageButton)
    text: str  # what the node shows as text (the hint of an empty field, dots for a password)
    labelled: bool  # it or a node below it shows a text
    desc: str
    resource_id: str
    icon: str  # View.icon: the renderer's hint (a Material Symbols name, ``avatar:<name>``, a path...)
    style: str
    clickable: bool
    package: str
    bounds: Rect
    visible: bool  # on screen and not covered by a window above it or the keyboard
    window: str  # the window's name (the activity's component, Dialog, PopupWindow, StatusBar...)

    @property
    def icon_only(self) -> bool:
        """A clickable view drawn as a pictogram alone: no text, its own or its children's, a meaning (a content
        description or a resource id), and a pictogram: an ImageButton or ImageView, or a view with a content
        description and a ``View.icon``."""
        return self.clickable and not self.labelled and bool(self.desc or self.resource_id) and (
            self.cls in ("ImageButton", "ImageView") or bool(self.desc and self.icon))

    @property
    def meaning(self) -> str:
        """What the view does, as an agent reading the tree learns it: its description, else its resource id."""
        return self.desc or self.resource_id


@dataclass(frozen=True)
class Answer:
    """What an information-retrieval oracle answered, and every screen its episode showed (walked before or not)."""

    task: str
    text: str
    shots: tuple[Shot, ...]


@dataclass(frozen=True)
class Walk:
    """The distinct screens of a walk, and the answers its oracles gave."""

    shots: tuple[Shot, ...]
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Shot:
    """One observed screen: the task and step that showed it first, its dump, its PNG and its nodes."""

    task: str  # suite.name
    step: int
    package: str  # the app in front
    activity: str
    xml: str
    png: bytes
    nodes: tuple[Drawn, ...]

    @property
    def name(self) -> str:
        return f"{self.task}#{self.step}"


#: A node is covered when a window above it covers at least this share of its area.
COVERED = 0.25


def _covered(inner: Rect, outer: Rect) -> bool:
    w = min(inner[2], outer[2]) - max(inner[0], outer[0])
    h = min(inner[3], outer[3]) - max(inner[1], outer[1])
    area = (inner[2] - inner[0]) * (inner[3] - inner[1])
    return w > 0 and h > 0 and w * h >= COVERED * area

def _has_area(r: Rect) -> bool:
    return r[2] > r[0] and r[3] > r[1]


def _subtree_text(node: Any) -> str:
    return "".join(node_text(n) for n in node.walk())


def drawn_nodes(device: SimDevice) -> tuple[Drawn, ...]:
    """The nodes of every window on ``device``'s screen now, top-most window first, with their visibility.

    A node is covered when a window drawn above it (a dialog's or menu's surface, the status and navigation bars)
    or the soft keyboard covers a quarter of its bounds or more (:data:`COVERED`).
    """
    system = device.system
    windows = system.windows()
    above: list[Rect] = []
    if system.keyboard_visible:
        above.append((0, system.keyboard_top, system.width, system.height))
    out: list[Drawn] = []
    for win in windows:
        for node in win.root.walk():
            v = node.view
            covered = any(_covered(node.bounds, r) for r in above)
            out.append(Drawn(cls=v.cls.rsplit(".", 1)[-1], text=node_text(node), labelled=bool(_subtree_text(node)),
                             desc=v.desc, resource_id=node.resource_id, icon=v.icon, style=v.style,
                             clickable=v.clickable, package=node.package, bounds=node.bounds,
                             visible=_has_area(node.bounds) and not covered, window=win.name))
        if _has_area(win.root.bounds) and win.name != "Toast":
            above.append(win.root.bounds)
    return tuple(out)


class _Answering(OracleAgent):
    """The oracle, remembering the answer it gives."""

    answer: str | None = None

    def step(self, observation: Observation) -> Action:
        action = super().step(observation)
        if action.kind == "answer":
            self.answer = action.text
        return action


def play_oracle(device: SimDevice, cls: type[Task]) -> str | None:
    """Play one item of ``cls``'s oracle (the suite's seed 0) from the phone's first state (saved as the snapshot
    ``screens-clean`` the first time); the answer it gave."""
    if CLEAN not in device.snapshots():
        device.snapshot_save(CLEAN)
    case = cases(cls, 0, 1, Path(ROOT, "suites", cls.suite))[0]
    device.snapshot_load(CLEAN)
    device.set_time(DEFAULT_TIME)
    agent = _Answering()
    play(device, case.make(), agent)
    return agent.answer


def walk(tasks: Iterable[type[Task]], device: SimDevice | None = None) -> Walk:
    """Every distinct screen the oracles of ``tasks`` show, in the order they are first shown, and their answers."""
    owned = device is None
    device = device or SimDevice(serial="screens")
    shots: dict[str, Shot] = {}
    answers: list[Answer] = []
    dump = device.hierarchy
    try:
        for cls in tasks:
            name = task_id(cls)
            shown: list[Shot] = []

            def hierarchy(*args: Any, name: str = name, shown: list[Shot] = shown, **kw: Any) -> str:
                xml = dump(*args, **kw)
                png = device.screenshot()
                digest = hashlib.sha256(png).hexdigest()
                if digest not in shots:
                    package, activity = device.current_activity()
                    shots[digest] = Shot(name, len(shown), package, activity, xml, png, drawn_nodes(device))
                shown.append(shots[digest])
                return xml

            device.hierarchy = hierarchy  # type: ignore[method-assign]
            answer = play_oracle(device, cls)
            if answer is not None:
                answers.append(Answer(name, answer, tuple(shown)))
    finally:
        device.hierarchy = dump  # type: ignore[method-assign]
        if owned:
            device.close()
    return Walk(tuple(shots.values()), tuple(answers))


def tasks() -> list[type[Task]]:
    """The suite tasks with an oracle, in a stable order."""
    return sorted((t for t in all_tasks() if not t.oracle_missing), key=task_id)


def task_id(cls: type[Task]) -> str:
    return f"{cls.suite}.{cls.name}"


@cache
def _phone() -> SimDevice:
    """The phone the walks of single tasks share (a fresh phone's state saved once, loaded for each task)."""
    return SimDevice(serial="screens")


@cache
def walk_of(task: str) -> Walk:
    """The screens of one task's oracle (walked once per process)."""
    return walk([t for t in tasks() if task_id(t) == task], _phone())


@cache
def walk_all() -> Walk:
    """The screens of every task's oracle, each distinct screen once (walked once per process)."""
    return walk(tasks())


@cache
def walk_sample(every: int) -> Walk:
    """The screens of one task's oracle in ``every`` (by the quick sample's hash of its id), each screen once."""
    return walk([t for t in tasks() if in_sample(task_id(t), every)])


def task_params(every: int = EVERY) -> list[Any]:
    """Every task's id as a test parameter: one in ``every`` in the README's command, the rest ``compat``."""
    return quick_sample([task_id(t) for t in tasks()], every, str)



# -- the apps' main screens, drawn afresh (the golden images, the contact sheet) ---------------------------------


@dataclass(frozen=True)
class Scene:
    """A screen reached from a fresh phone: its name, the app it shows, and how it is reached."""

    name: str
    package: str
    reach: Callable[[SimDevice], None]

    def draw(self, device: SimDevice) -> bytes:
        """The scene's screenshot on ``device``, from the phone's first state at :data:`DEFAULT_TIME`."""
        if FRESH not in device.snapshots():
            device.set_time(DEFAULT_TIME)
            device.snapshot_save(FRESH)
        device.snapshot_load(FRESH)
        device.set_time(DEFAULT_TIME)
        self.reach(device)
        return device.screenshot()


#: The snapshot scenes start from.
FRESH = "scenes-fresh"


def tap(device: SimDevice, **sel: str) -> None:
    """Tap the centre of the first visible node whose fields (:class:`Drawn`) equal ``sel``."""
    node = next(n for n in drawn_nodes(device) if n.visible and all(getattr(n, k) == v for k, v in sel.items()))
    x1, y1, x2, y2 = node.bounds
    device.tap((x1 + x2) // 2, (y1 + y2) // 2)


def opened(package: str, *then: Callable[[SimDevice], None]) -> Callable[[SimDevice], None]:
    """``package`` opened with ``start_app``, then each of ``then`` done."""
    def reach(device: SimDevice) -> None:
        device.start_app(package)
        for step in then:
            step(device)
    return reach


def dark(then: Callable[[SimDevice], None]) -> Callable[[SimDevice], None]:
    """Night mode on (``cmd uimode night yes``), then ``then``."""
    def reach(device: SimDevice) -> None:
        device.shell("cmd uimode night yes")
        then(device)
    return reach


def scenes() -> list[Scene]:
    """The launcher, every installed app's first screen (``app-<package>``), and a menu, dialogs, the keyboard
    and the dark theme."""
    home = HOME_APP.package
    messaging, settings = "com.google.android.apps.messaging", "com.android.settings"
    found = [
        Scene("launcher", home, lambda device: None),
        Scene("menu-messaging", messaging, opened(messaging, lambda d: tap(d, desc="More options"))),
        Scene("dialog-deskclock-add-alarm", "com.google.android.deskclock",
              opened("com.google.android.deskclock", lambda d: tap(d, desc="Add alarm"))),
        Scene("dialog-markor-new-file-keyboard", "net.gsantner.markor",
              opened("net.gsantner.markor", lambda d: tap(d, desc="Create a new file or folder"))),
        Scene("keyboard-chrome-url", "com.android.chrome",
              opened("com.android.chrome", lambda d: tap(d, resource_id="com.android.chrome:id/url_bar"))),
        Scene("dark-launcher", home, dark(lambda device: None)),
        Scene("dark-settings", settings, dark(opened(settings))),
        Scene("dark-messaging", messaging, dark(opened(messaging))),
    ]
    found += [Scene(f"app-{app.package}", app.package, opened(app.package)) for app in DEFAULT_APPS if app.activities]
    return found
