"""Screenshots are rendered from the same windows as the hierarchy: size, determinism, and what they show."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

from mobileagent_sim import SimDevice
from mobileagent_sim.render import fonts
from pytest_mobileagent.device.profile import DeviceProfile
from pytest_mobileagent.observe.elements import ui_elements


@pytest.fixture
def device() -> Iterator[SimDevice]:
    with SimDevice() as d:
        yield d


def image(device: SimDevice) -> Image.Image:
    return Image.open(io.BytesIO(device.screenshot())).convert("RGB")


def region(img: Image.Image, bounds: tuple[int, int, int, int]) -> Image.Image:
    return img.crop(bounds)


def test_png_of_the_window_size_and_deterministic(device: SimDevice) -> None:
    first = device.screenshot()
    assert first.startswith(b"\x89PNG") and Image.open(io.BytesIO(first)).size == device.window_size()
    device.system.invalidate()
    assert device.screenshot() == first


def test_text_is_drawn_where_the_hierarchy_puts_it(device: SimDevice) -> None:
    device.start_app("com.android.settings")
    img = image(device)
    el = next(e for e in ui_elements(device.hierarchy()) if e.text == "Network & internet")
    colors = region(img, el.bounds).getcolors(maxcolors=100000)
    assert colors and len(colors) > 5  # glyphs with anti-aliasing, not a flat box


def test_switch_state_and_dark_theme_change_the_picture(device: SimDevice) -> None:
    device.start_app("com.android.settings")
    device.tap(*next(e for e in ui_elements(device.hierarchy()) if e.text == "Network & internet").center)
    switch = next(e for e in ui_elements(device.hierarchy()) if e.class_name.endswith("Switch"))
    off = region(image(device), switch.bounds)
    device.tap(*switch.center)
    on = region(image(device), switch.bounds)
    assert ImageChops.difference(off, on).getbbox() is not None
    light_bg = image(device).getpixel((5, 1200))
    device.shell("cmd uimode night yes")
    assert image(device).getpixel((5, 1200)) != light_bg


def test_keyboard_shows_when_a_field_has_focus(device: SimDevice) -> None:
    device.swipe(540, 1500, 540, 500)
    before = image(device)
    field = next(e for e in ui_elements(device.hierarchy()) if e.editable)
    device.tap(*field.center)
    after = image(device)
    band = (0, device.system.keyboard_top + 10, 1080, device.system.keyboard_top + 60)
    assert ImageChops.difference(region(before, band), region(after, band)).getbbox() is not None


@pytest.mark.skipif(fonts.cjk_font_path() is None, reason="no CJK font here (apt install fonts-noto-cjk, or "
                    "MA_CJK_FONT)")
def test_chinese_text_is_drawn_with_its_glyphs(device: SimDevice) -> None:
    """A zh-CN phone's Settings: each title drawn with its own glyphs, not the same missing-glyph boxes."""
    device.apply_profile(DeviceProfile(locale="zh-CN"))
    device.start_app("com.android.settings")
    img = image(device)
    titles = {e.text: e.bounds for e in ui_elements(device.hierarchy()) if e.text in ("网络和互联网", "已连接的设备")}
    assert len(titles) == 2
    drawn = [region(img, bounds) for bounds in titles.values()]
    width = min(d.width for d in drawn)
    left = [d.crop((0, 0, width, d.height // 2 * 2)) for d in drawn]
    assert ImageChops.difference(left[0].resize(left[1].size), left[1]).getbbox() is not None
    assert [r.path for r in fonts.runs("网络 Network")] == [fonts.cjk_font_path(), fonts.roboto_path()]
