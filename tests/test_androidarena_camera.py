"""Camera2's settings as AndroidArena's camera tasks use them: the toggles and the settings screen write
``SettingsManager`` preferences where the app keeps them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobileagent_sim import SimDevice
from pytest_mobileagent.android import camera
from pytest_mobileagent.android.shared_prefs import parse_prefs
from pytest_mobileagent.observe.elements import ui_elements
from pytest_mobileagent.validators import camera as cam


@pytest.fixture
def d() -> Iterator[SimDevice]:
    device = SimDevice(serial="sim-arena-camera")
    yield device
    device.close()


def tap(d: SimDevice, **attrs: str) -> None:
    el = next(e for e in ui_elements(d.hierarchy()) if all(getattr(e, k) == v for k, v in attrs.items()))
    d.tap(*el.center)


def test_flash_toggle_cycles_and_lands_in_the_back_camera_scope(d: SimDevice) -> None:
    d.start_app(camera.PACKAGE)
    tap(d, content_description="Options")
    tap(d, content_description="Flash auto")
    assert parse_prefs(d.read_file(camera.BACK_CAMERA_PREFS)) == {camera.KEY_FLASH_MODE: "on"}
    tap(d, content_description="Flash on")
    assert cam.setting(d, camera.KEY_FLASH_MODE) == "off" and not d.exists(camera.PREFS)


def test_settings_screen_lists_and_switches(d: SimDevice) -> None:
    cam.seed_settings(d, {camera.KEY_PICTURE_SIZE_BACK: "1280x960"})
    d.shell(f"am start -n {camera.PACKAGE}/{camera.SETTINGS_ACTIVITY}")
    tap(d, text="Save location")
    tap(d, text="Resolution & quality")
    assert "(4:3) 1.2 megapixels" in d.hierarchy()
    tap(d, text="Back camera photo")
    tap(d, text="(4:3) 5.0 megapixels")
    prefs = parse_prefs(d.read_file(camera.PREFS))
    assert prefs == {camera.KEY_PICTURE_SIZE_BACK: "2592x1944", camera.KEY_RECORD_LOCATION: "1"}
