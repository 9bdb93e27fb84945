"""Settings as AndroidArena's settings tasks use it: the values its new pages write, where Android keeps them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import chrome, permissioncontroller, settings_app, wallpaper
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.validators import roles
from pytest_mobileagent.validators.shared_prefs import read_prefs


@pytest.fixture
def d() -> Iterator[SimDevice]:
    device = SimDevice(serial="sim-arena-settings")
    yield device
    device.close()


def tap(d: SimDevice, text: str) -> None:
    d.tap(*next(e for e in ui_elements(d.hierarchy()) if e.text == text).center)


def test_roles_xml_round_trips() -> None:
    xml = settings_app.with_role_holders(None, settings_app.BROWSER_ROLE, [chrome.PACKAGE])
    assert settings_app.role_holders(xml, settings_app.BROWSER_ROLE) == [chrome.PACKAGE]
    xml = settings_app.with_role_holders(xml, "android.app.role.SMS", ["com.google.android.apps.messaging"])
    assert settings_app.role_holders(settings_app.with_role_holders(xml, settings_app.BROWSER_ROLE, []),
                                     "android.app.role.SMS") == ["com.google.android.apps.messaging"]


def test_ringtone_uri_carries_its_title() -> None:
    uri = settings_app.ringtone_uri("Shooting Star")
    assert uri.startswith("content://media/internal/audio/media/") and "title=Shooting%20Star" in uri
    assert settings_app.ringtone_title(uri) == "Shooting Star" and settings_app.ringtone_title(None) == ""


def test_default_browser_picker_writes_the_role(d: SimDevice) -> None:
    """The default apps pages are PermissionController's (AndroidArena's recorded phone: "The current APP is
    permissioncontroller"); a browser's RadioButton is ``android:id/checkbox``."""
    d.shell("am start -n com.android.settings/.Settings")
    for row in ("Apps", "Default apps", "Browser app"):
        tap(d, row)
    assert d.current_activity() == (permissioncontroller.PACKAGE, permissioncontroller.DEFAULT_APP_ACTIVITY)
    assert 'resource-id="android:id/checkbox" class="android.widget.RadioButton"' in d.hierarchy()
    assert permissioncontroller.BROWSER_DESCRIPTION in d.hierarchy()
    tap(d, "Chrome")
    assert roles.holders(d, roles.BROWSER) == [chrome.PACKAGE]
    d.press("back")
    assert 'text="Chrome"' in d.hierarchy()


def test_screen_timeout_page_writes_the_setting(d: SimDevice) -> None:
    d.shell("am start -n com.android.settings/.Settings")
    tap(d, "Display")
    tap(d, "Screen timeout")
    tap(d, "30 seconds")
    assert d.settings_get("system", "screen_off_timeout") == "30000"
    d.press("back")
    assert 'text="After 30 seconds of inactivity"' in d.hierarchy()


def test_wallpaper_picker_records_what_it_set(d: SimDevice) -> None:
    d.shell("am start -n com.android.settings/.Settings")
    for row in ("Wallpaper & style", "Change wallpaper", "Life"):
        tap(d, row)
    d.tap(*next(e for e in ui_elements(d.hierarchy()) if e.content_description == "Morning coffee").center)
    tap(d, wallpaper.SET_WALLPAPER)
    tap(d, wallpaper.BOTH_SCREENS)
    prefs = read_prefs(d, wallpaper.PICKER_PREFS)
    assert [prefs[k] for k in wallpaper.HOME_KEYS] == ["life", "life_0", "Morning coffee"]
    assert [prefs[k] for k in wallpaper.LOCK_KEYS] == ["life", "life_0", "Morning coffee"]
    assert d.read_file(wallpaper.WALLPAPER_FILE).startswith(b"\x89PNG")
