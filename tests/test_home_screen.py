"""The home screen as B-MoCA varies it: icons placed from the launcher's ``favorites`` table (``icon_layout``) and
the wallpaper, on the simulated phone."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice, shell
from mobileagent_sim.testing import serve
from pytest_mobileagent.agents.builtin import OracleAgent
from pytest_mobileagent.android import launcher
from pytest_mobileagent.android.wallpaper import NAMES, WALLPAPER_FILE, wallpaper_image, wallpaper_png
from pytest_mobileagent.android.wallpaper import PICKER_PACKAGE as PICKER
from pytest_mobileagent.device import adb
from pytest_mobileagent.device.adb import AdbDevice
from pytest_mobileagent.device.base import UnsupportedCapability
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.episode import play
from pytest_mobileagent.observe.elements import ui_elements
from suites.bmoca import tasks_apps
from suites.bmoca.app_tasks import OpenAppTask
from tests.screen import tap

HOME = launcher.PACKAGE
DESKTOP = "SELECT title, screen, cellX, cellY FROM favorites WHERE container = -100 ORDER BY _id"
#: B-MoCA's training phone at its largest density (Pixel 3, 550 dpi): the shortest home screen it has.
PIXEL3_550 = DeviceProfile(size=(1080, 2160), density=550)


@pytest.fixture
def phone() -> Iterator[SimDevice]:
    with SimDevice() as d:
        yield d


def icons(d: SimDevice) -> dict[str, tuple[int, int, int, int]]:
    """App icons on the home screen: label -> bounds."""
    return {e.text: e.bounds for e in ui_elements(d.hierarchy()) if e.resource_name == "icon"}


def test_the_home_screen_is_the_launchers_favorites_table(phone: SimDevice) -> None:
    rows = phone.sqlite(launcher.DB_PATH, "SELECT title, intent, container, screen, cellX, cellY, spanX, spanY, "
                        "itemType FROM favorites ORDER BY _id")
    assert [(r[0], r[2], r[3], r[4], r[5]) for r in rows] == [
        ("Phone", -101, 0, 0, 0), ("Messages", -101, 1, 1, 0), ("Chrome", -101, 2, 2, 0), ("Settings", -101, 3, 3, 0),
        ("Clock", -100, 0, 0, 0), ("Contacts", -100, 0, 1, 0)]
    assert rows[3][1] == ("#Intent;action=android.intent.action.MAIN;category=android.intent.category.LAUNCHER;"
                          "launchFlags=0x10200000;component=com.android.settings/.Settings;end")
    assert {r[6:] for r in rows} == {(1, 1, 0)}
    # a row moved in the table moves the icon (the launcher reads its table again when the file changes)
    before = icons(phone)
    phone.sqlite(launcher.DB_PATH, "UPDATE favorites SET cellX = 3, cellY = 2 WHERE title = 'Clock'")
    after = icons(phone)
    assert after["Clock"] != before["Clock"] and after["Contacts"] == before["Contacts"]
    # gone, it is made again from the default layout, as Launcher3 does on its first start
    phone.remove(launcher.DB_PATH)
    phone.press("home")
    assert icons(phone) == before


def test_icon_layout_rearranges_the_first_page_the_same_way_for_the_same_seed(phone: SimDevice) -> None:
    default_xml = phone.hierarchy()
    phone.apply_profile(DeviceProfile(icon_layout=7))
    seven = phone.hierarchy()
    assert seven != default_xml
    shown = icons(phone)
    assert {"Maps", "YouTube", "Gmail", "Camera", "Photos", "Clock", "Contacts"} <= set(shown)
    # the table holds the arrangement: the shared function's cells, on the phone's 4x5 grid
    rows = phone.sqlite(launcher.DB_PATH, DESKTOP)
    cells = launcher.arrange(7, len(rows), launcher.grid_for(1080, 2400, 420))
    assert [(s, x, y) for _, s, x, y in rows] == [(c.screen, c.x, c.y) for c in cells]
    assert launcher.grid_for(1080, 2400, 420) == launcher.Grid(4, 5, 4)
    assert launcher.grid_for(800, 1280, 160) == launcher.Grid(6, 5, 6)  # the WXGA tablet
    with SimDevice() as other:
        other.apply_profile(DeviceProfile(icon_layout=7))
        assert other.hierarchy() == seven
        other.apply_profile(DeviceProfile(icon_layout=8))
        assert other.hierarchy() not in (seven, default_xml)
    phone.apply_profile(DeviceProfile(icon_layout=7))
    assert phone.hierarchy() == seven
    phone.apply_profile(DeviceProfile(icon_layout=0))
    assert phone.hierarchy() == default_xml


def test_a_validator_reads_the_arrangement_from_a_pulled_database(phone: SimDevice, tmp_path) -> None:
    phone.apply_profile(DeviceProfile(icon_layout=3))
    local = tmp_path / "launcher.db"
    local.write_bytes(phone.read_file(launcher.DB_PATH))
    with sqlite3.connect(local) as db:
        assert db.execute(DESKTOP).fetchall() == phone.sqlite(launcher.DB_PATH, DESKTOP)


@pytest.mark.parametrize("profile", [DeviceProfile(), PIXEL3_550], ids=["pixel6", "pixel3-550dpi"])
def test_every_icon_of_a_rearranged_home_screen_opens_its_app(profile: DeviceProfile) -> None:
    with SimDevice() as d:
        d.apply_profile(DeviceProfile(profile.size, profile.density, icon_layout=11))
        d.snapshot_save("home")
        shown = icons(d)
        assert len(shown) == 11  # 4 in the hotseat, 7 on the page, all on screen whatever the density
        for label in shown:
            d.snapshot_load("home")
            tap(d, text=label, rid="icon")
            package = d.current_activity()[0]
            assert package != HOME and d.system.apps[package].label == label


OPEN_APP_TASKS = [cls for cls in vars(tasks_apps).values()
                  if isinstance(cls, type) and issubclass(cls, OpenAppTask) and cls is not OpenAppTask]


@pytest.mark.parametrize("task_cls", OPEN_APP_TASKS, ids=[c.__name__ for c in OPEN_APP_TASKS])
def test_bmoca_open_app_oracles_pass_on_a_rearranged_home_screen(task_cls: type[OpenAppTask]) -> None:
    with SimDevice() as d:
        d.apply_profile(DeviceProfile(icon_layout=5, wallpaper="12_ocean"))
        result = play(d, task_cls({}), OracleAgent())
        assert result.success == 1.0, result.agent_error


def test_a_wallpaper_changes_the_screenshot_and_not_the_tree(phone: SimDevice) -> None:
    xml, plain = phone.hierarchy(), phone.screenshot()
    phone.apply_profile(DeviceProfile(wallpaper="00_default"))
    assert phone.screenshot() == plain
    shots = set()
    for name in NAMES[1:]:
        phone.apply_profile(DeviceProfile(wallpaper=name))
        shot = phone.screenshot()  # the cached screenshot is not reused across wallpapers
        with SimDevice(cache=False) as fresh:
            fresh.apply_profile(DeviceProfile(wallpaper=name))
            assert fresh.screenshot() == shot
        shots.add(shot)
        assert phone.hierarchy() == xml
    assert len(shots) == len(NAMES) - 1 and plain not in shots
    # dark mode keeps the wallpaper and changes the rest; the app drawer has none
    phone.apply_profile(DeviceProfile(wallpaper="09_rainbow", dark_mode=True))
    dark = phone.screenshot()
    assert dark not in shots
    phone.swipe(540, 1800, 540, 600)
    phone.apply_profile(DeviceProfile(wallpaper="04_sky"))
    drawer = phone.screenshot()
    phone.apply_profile(DeviceProfile(wallpaper="10_galaxy"))
    assert phone.screenshot() == drawer


def test_wallpapers_are_the_same_pixels_every_time() -> None:
    assert wallpaper_png("01_red", 72, 160) == wallpaper_png("01_red", 72, 160)
    assert wallpaper_image("my_own", 72, 160).getpixel((0, 0)) != wallpaper_image("other", 72, 160).getpixel((0, 0))
    assert wallpaper_image("00_default", 8, 8).getpixel((4, 4)) == (255, 251, 254)


# -- a phone over adb (the simulator served over the wire) --------------------------------------------------------


@pytest.fixture
def served() -> Iterator[tuple[SimDevice, AdbDevice]]:
    with SimDevice() as phone, serve(phone) as server:
        device = AdbDevice(phone.serial, port=server.port)
        yield phone, device
        device.close()


def test_icon_layout_through_the_wire_rewrites_the_launchers_table(served) -> None:
    phone, backend = served
    assert backend.ensure_root()  # adb root, as a session does: a served phone's adbd starts as the shell user
    default_xml = phone.hierarchy()
    backend.apply_profile(DeviceProfile(icon_layout=7))
    rows = phone.sqlite(launcher.DB_PATH, DESKTOP)
    reserved = {launcher.Cell(0, x, 0) for x in range(4)}  # the first page's top row is the search container's
    cells = launcher.arrange(7, 2, launcher.PHONE_GRID, reserved)
    assert [(s, x, y) for _, s, x, y in rows] == [(c.screen, c.x, c.y) for c in cells]
    assert phone.shell(f"stat -c %u:%g {launcher.DB_PATH}").strip() == "10140:10140"  # given back to the launcher
    assert phone.hierarchy() != default_xml and icons(phone)["Clock"] != (0, 84, 270, 357)
    backend.apply_profile(DeviceProfile(icon_layout=7))  # the same seed, the same cells
    assert phone.sqlite(launcher.DB_PATH, DESKTOP) == rows
    backend.apply_profile(DeviceProfile(icon_layout=0))  # the table removed: the launcher makes its default again
    assert phone.hierarchy() == default_xml


def test_icon_layout_needs_root_on_a_real_phone(served, monkeypatch: pytest.MonkeyPatch) -> None:
    phone, backend = served
    monkeypatch.setitem(shell.COMMANDS, "id", lambda sh, argv: (b"2000\n", 0))  # adbd as the shell user
    with pytest.raises(UnsupportedCapability, match=r"'profile'.*icon_layout=7\) needs root.*--ma-snapshot"):
        backend.apply_profile(DeviceProfile(icon_layout=7))


def test_a_wallpaper_is_pushed_and_set_in_the_picker_as_b_mocas_script_does(served) -> None:
    phone, backend = served
    backend.apply_profile(DeviceProfile(wallpaper="09_rainbow"))
    picture = wallpaper_png("09_rainbow", 1080, 2400)
    assert phone.read_file("/sdcard/Download/09_rainbow.png") == picture
    assert phone.read_file(WALLPAPER_FILE) == picture  # set on the home screen (and the lock screen) by the picker
    assert phone.system.wallpaper == "09_rainbow"
    assert phone.current_activity()[0] == launcher.PACKAGE  # the picker finished
    assert any("cmp=com.google.android.apps.wallpaper/com.android.wallpaper.picker.StandalonePreviewActivity" in line
               for line in phone.logcat())


def test_a_phone_without_a_picker_refuses_the_wallpaper_saying_why(served) -> None:
    phone, backend = served
    del phone.system.apps[PICKER]
    with pytest.raises(UnsupportedCapability, match=r"wallpaper 09_rainbow: no app opened the picture.*"
                                                     r"unable to resolve Intent"):
        backend.apply_profile(DeviceProfile(wallpaper="09_rainbow"))
    assert phone.system.wallpaper == "00_default"


def _screen(*labels: str) -> str:
    nodes = "".join(f'<node index="{i}" text="{label}" resource-id="" class="android.widget.Button" '
                    f'package="com.google.android.apps.wallpaper" content-desc="" clickable="true" enabled="true" '
                    f'bounds="[0,{100 * i}][1080,{100 * i + 100}]" />' for i, label in enumerate(labels))
    return f"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">{nodes}</hierarchy>"


@pytest.mark.parametrize("dialog, tapped", [
    (("Home screen", "Lock screen", "Home and lock screens"), (540, 250)),
    ((), None),  # a picker that sets it at once
])
def test_the_pickers_buttons_are_found_in_the_tree_and_tapped(served, monkeypatch: pytest.MonkeyPatch, dialog,
                                                              tapped) -> None:
    _, backend = served
    screens = iter([_screen("Preview", "Set wallpaper"), _screen(*dialog) if dialog else _screen("Home")])
    taps: list[tuple[int, int]] = []
    monkeypatch.setitem(shell.COMMANDS, "am", lambda sh, argv: (b"Starting: Intent { act=ATTACH_DATA }\n", 0))
    monkeypatch.setattr(backend, "hierarchy", lambda: next(screens))
    monkeypatch.setattr(backend, "tap", lambda x, y: taps.append((x, y)))
    backend.apply_profile(DeviceProfile(wallpaper="04_sky"))
    assert taps == [(540, 150)] + ([tapped] if tapped else [])


def test_a_picker_without_its_button_is_unsupported(served, monkeypatch: pytest.MonkeyPatch) -> None:
    _, backend = served
    monkeypatch.setitem(shell.COMMANDS, "am", lambda sh, argv: (b"Starting: Intent { act=ATTACH_DATA }\n", 0))
    monkeypatch.setattr(adb, "PICKER_WAIT_S", 0.0)
    with pytest.raises(UnsupportedCapability, match=r"no \"Set wallpaper\" button"):
        backend.apply_profile(DeviceProfile(wallpaper="04_sky"))


def test_swiping_a_recent_task_card_up_removes_the_task() -> None:
    with SimDevice() as d:
        d.start_app("com.google.android.dialer")
        d.press("app_switch")
        [card] = [e for e in ui_elements(d.hierarchy()) if e.resource_id.endswith(":id/task_view_single")]
        x, y = card.center
        d.swipe(x, y, x, y - 800, 300)
        assert not d.system.recent_tasks()
