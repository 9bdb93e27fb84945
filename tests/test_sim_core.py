"""The simulated Android's core: hierarchy format, input semantics, state stores, snapshots."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from mobileagent_sim import SimDevice
from pytest_mobileagent.actions import Action, InvalidAction, execute, scroll_points
from pytest_mobileagent.device.clock import DEFAULT_TIME
from pytest_mobileagent.observe.elements import Observation, ui_elements

LAUNCHER = "com.google.android.apps.nexuslauncher"
#: uiautomator2's dumper, in order (NAF only when set).
JAR_ATTRIBUTES = ["index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked",
                  "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable", "password",
                  "selected", "visible-to-user", "bounds", "drawing-order", "hint", "display-id"]
AOSP_ATTRIBUTES = [a for a in JAR_ATTRIBUTES if a not in ("visible-to-user", "drawing-order", "hint", "display-id")]


@pytest.fixture
def device() -> Iterator[SimDevice]:
    d = SimDevice()
    yield d
    d.close()


def element(device: SimDevice, **match: str):
    for el in ui_elements(device.hierarchy()):
        if all(getattr(el, k) == v for k, v in match.items()):
            return el
    raise AssertionError(f"no element {match}")


def open_drawer(device: SimDevice) -> None:
    device.swipe(540, 1500, 540, 500)


def test_hierarchy_is_uiautomator_xml(device: SimDevice) -> None:
    xml = device.hierarchy()
    assert xml.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>")
    root = etree.fromstring(xml.encode())
    assert root.tag == "hierarchy" and root.get("rotation") == "0"
    for node in root.iter("node"):
        names = [k for k in node.keys() if k != "NAF"]
        assert names == JAR_ATTRIBUTES
        if "NAF" in node.keys():
            assert node.keys()[0] == "NAF"
        assert re.fullmatch(r"\[\d+,\d+\]\[\d+,\d+\]", node.get("bounds"))
    shell_dump = etree.fromstring(device.hierarchy(full=False).encode())
    assert all([k for k in n.keys() if k != "NAF"] == AOSP_ATTRIBUTES for n in shell_dump.iter("node"))


def test_bounds_fit_screen_and_nest(device: SimDevice) -> None:
    root = etree.fromstring(device.hierarchy().encode())
    w, h = device.window_size()
    for node in root.iter("node"):
        x1, y1, x2, y2 = map(int, re.findall(r"\d+", node.get("bounds")))
        assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
        parent = node.getparent()
        if parent.tag == "node":
            px1, py1, px2, py2 = map(int, re.findall(r"\d+", parent.get("bounds")))
            assert px1 <= x1 and py1 <= y1 and x2 <= px2 and y2 <= py2


def test_home_back_and_navigation_bar(device: SimDevice) -> None:
    assert device.current_activity()[0] == LAUNCHER
    nav = element(device, content_description="Home")
    assert nav.package == "com.android.systemui"
    open_drawer(device)
    assert element(device, resource_id=f"{LAUNCHER}:id/search_container_all_apps")
    device.press("back")
    with pytest.raises(AssertionError):
        element(device, resource_id=f"{LAUNCHER}:id/search_container_all_apps")


def test_typing_goes_to_the_focused_field_with_keyboard(device: SimDevice) -> None:
    open_drawer(device)
    field = element(device, resource_id=f"{LAUNCHER}:id/search_container_all_apps")
    device.input_text("ignored")  # nothing focused yet
    assert element(device, resource_id=field.resource_id).text == "Search your phone and more"
    device.tap(*field.center)
    assert device.shell("dumpsys input_method").find("mInputShown=true") >= 0 or device.system.keyboard_visible
    device.input_text("wifi")
    device.press("delete")
    assert element(device, resource_id=field.resource_id).text == "wif"
    assert element(device, resource_id=field.resource_id).focused
    device.press("back")  # hides the keyboard first
    assert not device.system.keyboard_visible


def test_settings_namespaces_and_shell(device: SimDevice) -> None:
    assert device.shell("settings get global wifi_on").strip() == "1"
    device.shell("svc wifi disable")
    assert device.settings_get("global", "wifi_on") == "0"
    assert any("setWifiEnabled package=com.android.shell" in line for line in device.logcat())
    device.shell("settings put system screen_brightness 255")
    assert device.settings_get("system", "screen_brightness") == "255"
    assert "Invalid namespace" in device.shell("settings get bogus x")
    out, status = device.shell_exit("nosuchcommand --flag")
    assert status == 127 and "not found" in out
    assert device.shell("echo hi; echo X4EXIT:$?").endswith("X4EXIT:0\n")


def test_logcat_threadtime_format_and_activity_start(device: SimDevice) -> None:
    line = device.logcat()[-1]
    assert re.fullmatch(r"\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWEF] \S.*?: .*", line)
    start = [x for x in device.logcat() if "ActivityTaskManager: START u0" in x]
    assert start and f"cmp={LAUNCHER}/.NexusLauncherActivity" in start[-1]
    mark = device.now()
    device.press("home")
    assert all(line[:18] >= mark.strftime("%m-%d %H:%M:%S") for line in device.logcat(mark))


def test_files_are_at_android_paths_and_cannot_escape(device: SimDevice) -> None:
    device.write_file("/sdcard/Documents/note.txt", b"hello")
    assert device.read_file("/storage/emulated/0/Documents/note.txt") == b"hello"
    assert "note.txt" in device.list_dir("/sdcard/Documents")
    # ".." cannot climb out of the device: the path stays inside the simulated file system
    with pytest.raises(FileNotFoundError):
        device.read_file("/sdcard/../../../../etc/passwd")
    device.write_file("/sdcard/../../../../../../tmp/ma-escape-probe", b"x")
    assert not Path("/tmp/ma-escape-probe").exists()
    assert device.read_file("/tmp/ma-escape-probe") == b"x"
    device.remove("/sdcard/Documents/note.txt")
    assert not device.exists("/sdcard/Documents/note.txt")


def test_sqlite_at_app_data_path(device: SimDevice) -> None:
    db = "/data/data/com.example/databases/x.db"
    device.write_file(db, b"")
    device.sqlite(db, "CREATE TABLE t (a INTEGER)")
    device.sqlite(db, "INSERT INTO t VALUES (?)", (7,))
    assert device.sqlite(db, "SELECT a FROM t") == [(7,)]
    with pytest.raises(FileNotFoundError):
        device.sqlite("/data/data/none/databases/none.db", "SELECT 1")


def test_clock_is_frozen_and_moves_only_with_events(device: SimDevice) -> None:
    assert device.now() == DEFAULT_TIME == dt.datetime(2023, 10, 15, 15, 34, tzinfo=dt.timezone.utc)
    assert device.shell("date +%Y-%m-%d").strip() == "2023-10-15"
    device.press("home")
    assert device.now() == DEFAULT_TIME + dt.timedelta(seconds=1)
    device.set_time(dt.datetime(2024, 1, 2, 3, 4))
    assert device.now().year == 2024


def test_snapshot_restores_everything(device: SimDevice) -> None:
    device.snapshot_save("clean")
    open_drawer(device)
    field = element(device, resource_id=f"{LAUNCHER}:id/search_container_all_apps")
    device.tap(*field.center)
    device.input_text("abc")
    device.shell("svc bluetooth enable")
    device.write_file("/sdcard/Download/x.bin", b"1")
    device.clipboard_set("copied")
    before = device.hierarchy()
    device.snapshot_save("typed")
    device.snapshot_load("clean")
    assert device.settings_get("global", "bluetooth_on") == "0"
    assert not device.exists("/sdcard/Download/x.bin")
    assert device.clipboard_get() == ""
    assert "search_container_all_apps" not in device.hierarchy()
    device.snapshot_load("typed")
    assert device.hierarchy() == before and device.system.keyboard_visible
    with pytest.raises(KeyError):
        device.snapshot_load("missing")


def test_determinism_same_inputs_same_screens() -> None:
    screens = []
    for _ in range(2):
        with SimDevice() as d:
            open_drawer(d)
            d.tap(540, 300)
            d.input_text("x")
            screens.append((d.hierarchy(), d.logcat()))
    assert screens[0] == screens[1]


def test_actions_resolve_index_xpath_and_reject_bad_input(device: SimDevice) -> None:
    obs = Observation("g", 0, device.hierarchy(), *device.current_activity())
    execute(device, Action("swipe", direction="up"), obs)  # swipe up = scroll towards the drawer
    obs = Observation("g", 1, device.hierarchy(), *device.current_activity())
    idx = next(i for i, e in enumerate(obs.elements) if e.editable)
    execute(device, Action.type("clock", index=idx), obs)
    assert element(device, editable=True).text == "clock"
    with pytest.raises(InvalidAction):
        execute(device, Action.click(index=999), obs)
    with pytest.raises(InvalidAction):
        execute(device, Action.click(xpath="//*[@text='nothing here']"), obs)
    with pytest.raises(InvalidAction):
        Action("teleport")
    with pytest.raises(InvalidAction):
        Action.from_json('{"action_type": "click", "index": "three"}')
    assert Action.from_json('{"action_type": "open_app", "app_name": "Settings"}').text == "Settings"


def test_overview_lists_recent_tasks_and_clears_them(device: SimDevice) -> None:
    device.press("app_switch")
    assert element(device, text="No recent items")
    device.press("back")
    assert device.current_activity()[0] == LAUNCHER


def test_time_and_date_pickers_step_and_wrap() -> None:
    from mobileagent_sim.app import Activity, App
    from mobileagent_sim.views import Column, DatePicker, TimePicker

    class Pick(Activity):
        name = "com.example.pick.Pick"

        def __init__(self, app, intent):
            super().__init__(app, intent)
            self.time, self.day = (23, 59), dt.date(2023, 1, 31)

        def build(self):
            return Column(TimePicker(*self.time, lambda h, m: setattr(self, "time", (h, m))),
                          DatePicker(self.day, lambda d: setattr(self, "day", d)))

    class PickApp(App):
        package, label, activities = "com.example.pick", "Pick", (Pick,)

    with SimDevice(apps=[PickApp]) as d:
        d.start_app("com.example.pick")

        def step(rid: str, forward: bool) -> None:
            node = etree.fromstring(d.hierarchy().encode()).xpath(f'//node[@resource-id="{rid}"]')[0]
            x1, y1, x2, y2 = map(int, re.findall(r"\d+", node.get("bounds")))
            inside = [e for e in ui_elements(d.hierarchy()) if x1 <= e.center[0] <= x2 and y1 <= e.center[1] <= y2]
            value = next(e for e in inside if e.editable)
            buttons = [e for e in inside if e.class_name.endswith("Button")]
            target = next(b for b in buttons if (b.center[1] > value.center[1]) == forward)
            d.tap(*target.center)

        step("android:id/hour", True)
        step("android:id/minute", True)
        step("android:id/day", True)
        activity = d.system.foreground()
        assert activity.time == (0, 0) and activity.day == dt.date(2023, 1, 1)
        step("android:id/month", True)
        assert activity.day == dt.date(2023, 2, 1)
        step("android:id/month", False)
        step("android:id/month", False)
        assert activity.day == dt.date(2022, 12, 1)
        step("android:id/year", True)
        assert activity.day == dt.date(2023, 12, 1)


class _Recorder:
    """A device that records the gestures it is given (a 1080x2400 screen)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def window_size(self) -> tuple[int, int]:
        return 1080, 2400

    def tap(self, x: int, y: int) -> None:
        self.calls.append(("tap", x, y))

    def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        self.calls.append(("swipe", x1, y1, x2, y2))


def test_dual_gestures_are_taps_within_b_mocas_distance_and_swipes_beyond() -> None:
    rec = _Recorder()
    execute(rec, Action.dual_gesture((0.5, 0.5), (0.569, 0.5)))  # 0.138 once y is doubled: a tap
    execute(rec, Action.dual_gesture((0.5, 0.5), (0.571, 0.5)))  # 0.142: a swipe
    execute(rec, Action.dual_gesture((0.5, 0.5), (0.5, 0.639)))  # x is not doubled: a tap
    execute(rec, Action.dual_gesture((1.0, 1.0), (1.0, 1.0)))  # the far edge stays on the screen
    assert rec.calls == [("tap", 540, 1200), ("swipe", 540, 1200, 540, 1370), ("tap", 540, 1200),
                         ("tap", 1079, 2399)]
    for bad in ((0.5, 1.2, 0.5, 0.5), (0.5, 0.5, 0.5), ("a", 0, 0, 0)):
        with pytest.raises(InvalidAction):
            Action.from_dict({"action_type": "dual_gesture", "gesture": bad})
    with pytest.raises(InvalidAction):
        Action("click", index=1, gesture=(0.1, 0.1, 0.1, 0.1))
    action = Action.dual_gesture((0.8, 0.5), (0.2, 0.5))
    assert Action.from_json(json.dumps(action.to_dict())) == action


def test_a_swipe_is_the_inverse_of_a_scroll_and_execute_moves_the_finger_as_scroll_points_says() -> None:
    rec = _Recorder()
    size = rec.window_size()
    scroll, swipe = Action.scroll("down"), Action("swipe", direction="up")
    assert scroll_points(scroll, size) == scroll_points(swipe, size) == (540, 1740, 540, 660)  # the finger moves up
    assert scroll_points(Action("swipe", direction="down"), size) == scroll_points(Action.scroll("up"), size)
    own = Action("swipe", x=1, y=2, x2=3, y2=4)
    assert scroll_points(own, None) == (1, 2, 3, 4)  # a swipe's own coordinates need no screen size
    for action in (scroll, swipe, own):
        execute(rec, action)
    assert rec.calls == [("swipe", *scroll_points(a, size)) for a in (scroll, swipe, own)]
    with pytest.raises(InvalidAction):
        scroll_points(Action.scroll("down", index=0), size)  # an element but no observation to find it in


def test_dual_gestures_drive_the_simulator(device: SimDevice) -> None:
    execute(device, Action.dual_gesture((0.8, 0.5), (0.2, 0.5)))  # B-MoCA's swipe("up"): the finger goes up
    settings = element(device, text="Settings")
    x, y = settings.center
    width, height = device.window_size()
    point = ((y + 0.5) / height, (x + 0.5) / width)
    execute(device, Action.dual_gesture(point, point))
    assert device.current_activity()[0] == "com.android.settings"
