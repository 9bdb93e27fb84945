"""Settings: screens, switches and sliders through the system services, and xpath selectors over adb."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import uiautomator2 as u2

from mobileagent_sim import SimDevice
from mobileagent_sim.apps.settings import HOMEPAGE, PAGES
from mobileagent_sim.testing import adb_device, serve
from pytest_mobileagent.android import audio, zen_mode
from pytest_mobileagent.observe.elements import ui_elements


@pytest.fixture
def device() -> Iterator[SimDevice]:
    with SimDevice() as d:
        d.start_app("com.android.settings")
        yield d


def tap(device: SimDevice, **match: object) -> None:
    for el in ui_elements(device.hierarchy()):
        if all(getattr(el, k) == v for k, v in match.items()):
            device.tap(*el.center)
            return
    raise AssertionError(f"no element {match} in {[e.text for e in ui_elements(device.hierarchy())]}")


def test_homepage_scrolls_to_later_entries(device: SimDevice) -> None:
    texts = {e.text for e in ui_elements(device.hierarchy())}
    assert {"Network & internet", "Connected devices", "Display"} <= texts
    assert "About emulated device" not in texts  # below the fold until scrolled
    device.swipe(540, 1800, 540, 600)
    assert "About emulated device" in {e.text for e in ui_elements(device.hierarchy())}


def test_wifi_switch_goes_through_the_wifi_service(device: SimDevice) -> None:
    tap(device, text="Network & internet")
    tap(device, text="Internet")
    tap(device, resource_id="android:id/switch_widget")
    assert device.settings_get("global", "wifi_on") == "0"
    assert any("setWifiEnabled package=com.android.settings" in x and "enable=false" in x for x in device.logcat())
    assert not next(e for e in ui_elements(device.hierarchy()) if e.checkable).checked


def test_brightness_slider_and_dark_theme(device: SimDevice) -> None:
    tap(device, text="Display")
    tap(device, text="Brightness level")
    slider = next(e for e in ui_elements(device.hierarchy()) if e.resource_id == "com.android.systemui:id/slider")
    device.tap(slider.bounds[0], slider.center[1])
    assert device.settings_get("system", "screen_brightness") == "1"
    device.tap(slider.bounds[2] - 1, slider.center[1])
    assert device.settings_get("system", "screen_brightness") == "255"
    device.press("back")
    tap(device, text="Dark theme")
    assert device.settings_get("secure", "ui_night_mode") == "2"


def test_force_stop_from_app_info(device: SimDevice) -> None:
    device.start_app("org.tasks")
    device.start_app("com.android.settings")
    tap(device, text="Apps")
    tap(device, text=next(e.text for e in ui_elements(device.hierarchy()) if e.text.startswith("See all")))
    while not any(e.text == "Tasks" for e in ui_elements(device.hierarchy())):  # the list is longer than a screen
        device.swipe(540, 1800, 540, 1000)
    tap(device, text="Tasks")
    tap(device, text="Force stop")
    tap(device, text="OK")
    assert any("Force stopping org.tasks" in line for line in device.logcat())


SCREENS = {  # package -> xpath selectors an agent would use on its first screen
    "com.android.settings": ['//*[@text="Network & internet"]',
                             '//*[@resource-id="com.android.settings:id/search_action_bar"]'],
    "com.google.android.deskclock": ['//*[@content-desc="Add alarm"]', '//*[@text="Stopwatch"]'],
    "com.google.android.contacts": ['//*[@content-desc="Create contact"]'],
    "com.google.android.dialer": ['//*[@content-desc="key pad"]'],
    "com.google.android.apps.nexuslauncher": ['//*[@content-desc="Settings"]'],
}


def test_uiautomator2_xpath_finds_what_agents_expect_on_each_app() -> None:
    with SimDevice() as phone, serve(phone) as server:
        d = u2.connect(adb_device(server, phone.serial))
        for package, selectors in SCREENS.items():
            d.app_start(package)
            for xpath in selectors:
                assert d.xpath(xpath).exists, f"{xpath} not found on {package}"
        d.app_start("com.android.settings")
        d.xpath('//*[@text="Network & internet"]').click()
        assert d.xpath('//*[@text="Airplane mode"]').exists


@pytest.mark.parametrize(("title", "page"), [(title, page) for title, _, page in HOMEPAGE if page])
def test_every_homepage_row_with_a_page_opens_it(device: SimDevice, title: str, page: str) -> None:
    for _ in range(3):  # later rows are below the fold
        if any(e.text == title for e in ui_elements(device.hierarchy())):
            break
        device.swipe(540, 1800, 540, 900)
    tap(device, text=title)
    assert device.current_activity()[1] == "com.android.settings.SubSettings"
    assert PAGES[page][0] in [e.text for e in ui_elements(device.hierarchy())][:3]  # the toolbar's title
    assert any(PAGES[page][1] in line for line in device.logcat())  # as real Settings logs the fragment


def test_a_settings_write_android_ignores_changes_nothing_on_screen(device: SimDevice) -> None:
    device.settings_put("secure", "ui_night_mode", "2")  # UiModeManager reads it only at boot
    device.settings_put("system", "volume_music", "20")  # AudioService keeps volume_music_speaker
    assert device.shell("cmd uimode night") == "Night mode: no\n"
    device.start_app("com.android.settings")
    tap(device, text="Sound & vibration")
    slider = next(e for e in ui_elements(device.hierarchy()) if e.content_description == "Media volume")
    assert audio.parse_volume(device.shell(audio.get_command("volume_music"))) == 5
    light = device.screenshot()
    device.shell("cmd uimode night yes")
    assert device.screenshot() != light  # the service's mode is what the screen shows
    device.tap(slider.bounds[2] - 1, slider.center[1])  # the slider moves AudioService's index
    assert audio.parse_volume(device.shell(audio.get_command("volume_music"))) == 25
    assert device.settings_get("system", "volume_music_speaker") == "25"


def test_do_not_disturb_page_turns_it_on_and_off_through_the_service(device: SimDevice) -> None:
    assert device.settings_get("global", zen_mode.KEY) == "0"
    tap(device, text="Sound & vibration")
    device.swipe(540, 1800, 540, 600)
    tap(device, text="Do Not Disturb")
    assert "Do Not Disturb" in [e.text for e in ui_elements(device.hierarchy())][:3]
    tap(device, resource_id=f"com.android.settings:id/{zen_mode.TURN_ON_ID}")
    assert device.settings_get("global", zen_mode.KEY) == str(zen_mode.IMPORTANT_INTERRUPTIONS)
    tap(device, resource_id=f"com.android.settings:id/{zen_mode.TURN_OFF_ID}", text="Turn off now")
    assert device.settings_get("global", zen_mode.KEY) == "0"


def test_zen_mode_is_kept_by_the_service_not_by_the_setting(device: SimDevice) -> None:
    device.shell("settings put global zen_mode 1")  # ZenModeHelper writes its own mode back
    device.settings_put("global", zen_mode.KEY, "2")
    assert device.shell("settings get global zen_mode") == "0\n"
    assert device.shell(zen_mode.set_dnd_command("priority")) == ""
    assert device.settings_get("global", zen_mode.KEY) == "1"
    device.shell("settings put global zen_mode 0")
    assert device.settings_get("global", zen_mode.KEY) == "1"
    device.shell(zen_mode.set_dnd_command("on"))
    assert device.settings_get("global", zen_mode.KEY) == "2"
    assert "Invalid filter" in device.shell("cmd notification set_dnd sometimes")
    device.shell(zen_mode.set_dnd_command("off"))
    assert device.settings_get("global", zen_mode.KEY) == "0"
