"""The simulator's reused layouts, XML and screenshots are what a fresh build gives, at every step.

A cached phone (``SimDevice()``) and an uncached one (``SimDevice(cache=False)``, every layout, dump and picture
made afresh) take the same calls through the oracle's episode of every suite task and the first
``MA_CACHE_RANDOM_STEPS`` actions (default 8) of a random agent's; at every
observation their hierarchies (full and ``uiautomator dump``'s) must be the same text, and their screenshots the
same bytes every ``MA_CACHE_SCREENSHOT_EVERY`` observations (default 20). The fresh dump is also checked against
lxml's own serialisation of the same nodes (:func:`lxml_dump`, the way the dump was first written).
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from lxml import etree
from PIL import Image

from mobileagent_sim import SimDevice
from mobileagent_sim.hierarchy import XML_DECLARATION, node_text
from mobileagent_sim.layout import Node
from mobileagent_sim.views import Column, EditText, Scroll, Text, View
from pytest_mobileagent.actions import Action
from pytest_mobileagent.agents.builtin import OracleAgent, RandomAgent
from pytest_mobileagent.android import gallery
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.episode import EpisodeOptions, new_result, play, restore
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.tasks.params import DEFAULT_SEED
from pytest_mobileagent.tasks.registry import cases
from tests.suite_tasks import ROOT, all_tasks, quick_sample

SCREENSHOT_EVERY = int(os.environ.get("MA_CACHE_SCREENSHOT_EVERY", "20"))
#: How many random actions follow the oracle's episode on the twins (``MA_CACHE_RANDOM_STEPS``).
RANDOM_STEPS = int(os.environ.get("MA_CACHE_RANDOM_STEPS", "8"))
TASKS = all_tasks()


# -- the reference: lxml building and printing the tree ---------------------------------------------------------


def _lxml_attributes(node: Node, full: bool) -> dict[str, str]:
    v = node.view

    def b(value: Any) -> str:
        return "true" if value else "false"

    def safe(text: str) -> str:
        return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]", ".", text)

    labelled = any(node_text(n) or n.view.desc for n in node.walk())
    naf = (not v.cls.endswith(("GridView", "GridLayout", "ListView", "TableLayout"))
           and v.clickable and v.enabled and not labelled)
    attrs = {"NAF": "true"} if naf else {}
    x1, y1, x2, y2 = node.bounds
    attrs.update({
        "index": str(node.index), "text": safe(node_text(node)), "resource-id": node.resource_id, "class": v.cls,
        "package": node.package, "content-desc": safe(v.desc), "checkable": b(v.checkable), "checked": b(v.checked),
        "clickable": b(v.clickable), "enabled": b(v.enabled), "focusable": b(v.focusable),
        "focused": b(node.focused), "scrollable": b(v.scrollable), "long-clickable": b(v.long_clickable),
        "password": b(v.password), "selected": b(v.selected),
    })
    if full:
        attrs["visible-to-user"] = "true"
    attrs["bounds"] = f"[{x1},{y1}][{x2},{y2}]"
    if full:
        attrs.update({"drawing-order": str(node.index + 1), "hint": safe(v.hint), "display-id": "0"})
    return attrs


def lxml_dump(windows: list[Node], full: bool = True) -> str:
    """The dump as lxml writes it from an element tree."""
    def emit(parent: etree._Element, node: Node) -> None:
        el = etree.SubElement(parent, "node", _lxml_attributes(node, full))
        for child in node.children:
            emit(el, child)

    root = etree.Element("hierarchy", {"rotation": "0"})
    for window in windows:
        emit(root, window)
    return f"{XML_DECLARATION}\r\n{etree.tostring(root, encoding='unicode', pretty_print=True)}"


# -- a phone and its uncached twin, taking the same calls -----------------------------------------------------


class Twins:
    """Forwards every call to a cached and an uncached phone; what they show must be the same."""

    def __init__(self) -> None:
        self.cached = SimDevice(serial="emulator-5554")
        self.fresh = SimDevice(serial="emulator-5554", cache=False)
        self.observations = 0
        self.screenshots = 0

    def __getattr__(self, name: str) -> Callable[..., Any]:
        cached, fresh = getattr(self.cached, name), getattr(self.fresh, name)
        if not callable(cached):
            return cached

        def both(*args: Any, **kwargs: Any) -> Any:
            fresh(*args, **kwargs)
            return cached(*args, **kwargs)
        return both

    def elapse(self, seconds: float) -> None:  # the episode's SimulatedClock check looks for it on the class
        self.fresh.elapse(seconds)
        self.cached.elapse(seconds)

    def hierarchy(self, full: bool = True) -> str:
        xml = self.cached.hierarchy(full)
        assert xml == self.fresh.hierarchy(full)
        self.observations += 1
        if full:
            assert self.cached.hierarchy(False) == self.fresh.hierarchy(False)
            assert xml == lxml_dump([w.root for w in self.fresh.system.windows()])
        if SCREENSHOT_EVERY and self.observations % SCREENSHOT_EVERY == 0:
            self.screenshot()
        return xml

    def screenshot(self) -> bytes:
        png = self.cached.screenshot()
        assert png == self.fresh.screenshot()
        self.screenshots += 1
        return png

    def close(self) -> None:
        self.cached.close()
        self.fresh.close()


@pytest.fixture(scope="module")
def twins() -> Iterator[Twins]:
    t = Twins()
    t.snapshot_save("clean")
    yield t
    t.close()


class FirstRandomSteps(RandomAgent):
    """The random agent's first ``RANDOM_STEPS`` actions, then done: enough to reach screens the oracle never
    shows (menus, dialogs, other apps) without playing out a task's whole step budget at random."""

    def reset(self, goal: str, context: Any) -> None:
        super().reset(goal, context)
        self.steps = 0

    def step(self, observation: Any) -> Any:
        self.steps += 1
        return super().step(observation) if self.steps <= RANDOM_STEPS else Action.status("complete")


@pytest.mark.parametrize("task_cls", quick_sample(TASKS, 3, lambda t: f"{t.suite}.{t.name}"))
def test_cached_screens_equal_fresh_ones_over_episodes(task_cls: type, twins: Twins) -> None:
    path = ROOT / "suites" / task_cls.suite
    for case in cases(task_cls, str(DEFAULT_SEED), 1, path):
        for agent in (OracleAgent(), FirstRandomSteps()):
            task = case.make()
            seen = twins.observations
            result = new_result(task, type(agent).__name__, case.index, case.seed)
            play(twins, task, agent, EpisodeOptions(think_time_s=20.0),  # type: ignore[arg-type]
                 reset=restore("clean", DEFAULT_TIME), make_result=lambda result=result: result)
            assert twins.observations > seen
            assert twins.cached.hierarchy() == twins.fresh.hierarchy()


# -- what must show at once on a cached phone --------------------------------------------------------------------


@pytest.fixture
def pair() -> Iterator[tuple[SimDevice, SimDevice]]:
    with SimDevice() as cached, SimDevice(cache=False) as fresh:
        yield cached, fresh


def same(pair: tuple[SimDevice, SimDevice], do: Callable[[SimDevice], Any], screenshot: bool = True) -> str:
    """Do ``do`` on both phones; their hierarchies (and screenshots) must agree afterwards."""
    for d in pair:
        do(d)
    cached, fresh = pair
    assert cached.hierarchy() == fresh.hierarchy()
    if screenshot:
        assert cached.screenshot() == fresh.screenshot()
    return cached.hierarchy()


def test_clock_settings_and_display_changes_show(pair: tuple[SimDevice, SimDevice]) -> None:
    first = same(pair, lambda d: d.hierarchy())
    assert same(pair, lambda d: d.elapse(30)) == first  # the same minute: the same screen
    assert same(pair, lambda d: d.elapse(90)) != first  # the status bar's clock moved
    before = pair[0].screenshot()
    same(pair, lambda d: d.shell("cmd uimode night yes"))
    assert pair[0].screenshot() != before
    same(pair, lambda d: d.settings_put("global", "airplane_mode_on", "1"))
    assert 'content-desc="Airplane mode on."' in pair[0].hierarchy()
    same(pair, lambda d: d.set_display((720, 1600), 320))
    same(pair, lambda d: d.set_time(dt.datetime(2024, 1, 2, 3, 4, tzinfo=dt.timezone.utc)))
    assert 'text="03:04"' in pair[0].hierarchy()


def test_scrolling_focus_typing_and_dialogs_show(pair: tuple[SimDevice, SimDevice]) -> None:
    same(pair, lambda d: d.start_app("com.android.settings"))
    first = pair[0].hierarchy()
    assert same(pair, lambda d: d.swipe(540, 1800, 540, 600)) != first
    same(pair, lambda d: d.swipe(540, 600, 540, 1800, 100))
    same(pair, lambda d: d.press("home"))
    same(pair, lambda d: d.swipe(540, 1500, 540, 500))
    field = next(e for e in ui_elements(pair[0].hierarchy()) if e.editable)
    same(pair, lambda d: d.tap(*field.center))
    assert pair[0].system.keyboard_visible
    same(pair, lambda d: d.input_text("clo"))
    same(pair, lambda d: d.long_press(*field.center))
    same(pair, lambda d: d.press("back"))
    same(pair, lambda d: d.press("back"))
    same(pair, lambda d: d.press("app_switch"))


def test_a_picture_file_replaced_under_the_same_screen_shows(pair: tuple[SimDevice, SimDevice]) -> None:
    def picture(color: str) -> bytes:
        buf = io.BytesIO()
        Image.new("RGB", (64, 48), color).save(buf, "PNG")
        return buf.getvalue()

    same(pair, lambda d: d.write_file("/sdcard/DCIM/Camera/a.png", picture("red")))
    red = same(pair, lambda d: d.system.launch(gallery.PACKAGE, gallery.VIEW_PAGER_ACTIVITY,
                                               {"path": "/sdcard/DCIM/Camera/a.png"}))
    assert 'content-desc="a.png"' in red
    red_png = pair[0].screenshot()
    assert same(pair, lambda d: d.write_file("/sdcard/DCIM/Camera/a.png", picture("blue"))) == red
    assert pair[0].screenshot() != red_png


def test_a_reused_layout_taps_the_newest_handlers() -> None:
    """Two builds alike as data but with different handlers: the reused nodes must reach the newer ones."""
    from mobileagent_sim.app import Activity, App

    hits: list[int] = []

    class Screen(Activity):
        name = "com.example.cache.Main"
        exported = True
        round = 0

        def build(self) -> View:
            Screen.round += 1
            n = Screen.round
            rows = [Text("row", on_click=lambda n=n: hits.append(n), clickable=True, height=100) for _ in range(30)]
            return Column(EditText("field", "", None), Scroll(*rows, id="list", weight=1))

    class Example(App):
        package = "com.example.cache"
        label = "Cache"
        activities = (Screen,)

    with SimDevice(apps=[Example]) as d:
        d.start_app("com.example.cache")
        first = d.hierarchy()
        content = d.system.windows()[0].root
        d.system.invalidate()
        assert d.system.windows()[0].root is content  # built again, the same data: the nodes were reused
        row = next(e for e in ui_elements(first) if e.text == "row")
        d.tap(*row.center)
        d.tap(*row.center)
        assert hits == [Screen.round - 1, Screen.round]  # each tap reached the build the screen showed then
        assert d.hierarchy() == first
        # a second instance of the screen: the nodes are reused, and so is what layout keeps in its view state
        d.system.start_activity(d.system.apps["com.example.cache"], Screen)
        assert d.hierarchy() == first
        d.swipe(540, 1800, 540, 600)
        assert d.hierarchy() != first


def test_a_screen_showing_the_time_is_built_again_when_time_passes() -> None:
    from mobileagent_sim.app import Activity, App

    class Stopwatch(Activity):
        name = "com.example.watch.Main"
        exported = True

        def build(self) -> View:
            return Column(Text(f"{self.system.clock.now:%S}", id="seconds"))

    class Watch(App):
        package = "com.example.watch"
        label = "Watch"
        activities = (Stopwatch,)

    with SimDevice(apps=[Watch]) as cached, SimDevice(apps=[Watch], cache=False) as fresh:
        for d in (cached, fresh):
            d.start_app("com.example.watch")
        shown = cached.hierarchy()
        for d in (cached, fresh):
            d.elapse(5)
        assert cached.hierarchy() == fresh.hierarchy() != shown
