"""Every declared app theme and launcher icon: colours that parse, readable text, distinct icons, and screenshots
that draw them."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from xml.etree import ElementTree

import pytest
from PIL import Image

from mobileagent_sim import SimDevice
from mobileagent_sim.apps import catalogue
from mobileagent_sim.render.icons import known, resolve
from pytest_mobileagent.android.evidence import Source, Unconfirmed
from pytest_mobileagent.android.theme import (
    BASELINE,
    AppTheme,
    Color,
    Scheme,
    appcompat,
    declared_themes,
    launcher_icon_for,
    rgb,
    theme_for,
)
from pytest_mobileagent.observe.elements import ui_elements

THEMES = declared_themes()
ROLES = [name for name in Scheme.__dataclass_fields__ if name != "dark"]
LAUNCHABLE = sorted(app.package for app in catalogue.DEFAULT_APPS if app.launchable)


def luminance(color: Color) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG 2's contrast ratio."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_open_source_apps_declare_their_themes() -> None:
    for package in ("com.simplemobiletools.calendar.pro", "com.simplemobiletools.smsmessenger", "org.tasks",
                    "net.gsantner.markor", "com.flauschcode.broccoli", "org.videolan.vlc", "net.cozic.joplin"):
        assert package in THEMES, package
    assert theme_for("com.google.android.gm") is BASELINE


@pytest.mark.parametrize("package", sorted(THEMES))
def test_a_declared_theme_parses_and_is_cited(package: str) -> None:
    theme = THEMES[package]
    assert isinstance(theme.source, Source | Unconfirmed)
    for scheme in (theme.light, theme.dark):
        for role in ROLES:
            value = scheme.color(role)
            assert len(value) == 3 and all(0 <= c <= 255 for c in value), (role, value)
    assert (theme.dark.dark and not theme.light.dark) or not theme.follows_night


@pytest.mark.parametrize("package", sorted(THEMES))
def test_light_and_dark_differ_unless_the_app_ignores_night_mode(package: str) -> None:
    theme = THEMES[package]
    assert (theme.light != theme.dark) == theme.follows_night
    if theme.follows_night:
        assert theme.light.color("background") != theme.dark.color("background")


@pytest.mark.parametrize("package", sorted(THEMES))
def test_text_is_readable_on_its_backgrounds(package: str) -> None:
    for scheme in (THEMES[package].light, THEMES[package].dark):
        assert contrast(scheme.color("on_surface"), scheme.color("background")) >= 3, scheme
        assert contrast(scheme.color("on_app_bar"), scheme.color("app_bar")) >= 3, scheme


def test_a_theme_that_follows_night_mode_needs_two_schemes() -> None:
    source = Unconfirmed("test")
    with pytest.raises(ValueError):
        AppTheme(BASELINE.light, BASELINE.light, source)
    with pytest.raises(ValueError):
        AppTheme(BASELINE.light, BASELINE.dark, source, follows_night=False)
    fixed = appcompat("#123456", "#123456", "#FF0000", follows_night=False, source=source)
    assert fixed.dark is fixed.light
    night = appcompat("#123456", "#123456", "#FF0000", dark_accent="#00FF00", source=source)
    assert night.dark.accent == "#00FF00" and night.light.accent == "#FF0000"


def test_every_launchable_app_declares_a_distinct_known_icon() -> None:
    drawn: dict[str, str] = {}
    for package in LAUNCHABLE:
        icon = launcher_icon_for(package)
        assert icon is not None, package
        assert known(icon.symbol), (package, icon.symbol)
        assert len(rgb(icon.background)) == len(rgb(icon.foreground)) == 3
        glyph = resolve(icon.symbol)
        assert glyph not in drawn, (package, drawn.get(glyph))
        drawn[glyph] = package
        assert isinstance(icon.source, Source | Unconfirmed)


@pytest.fixture
def device() -> Iterator[SimDevice]:
    with SimDevice() as d:
        yield d


def image(device: SimDevice) -> Image.Image:
    return Image.open(io.BytesIO(device.screenshot())).convert("RGB")


def bounds(device: SimDevice, resource_id: str) -> tuple[int, int, int, int]:
    node = next(n for n in ElementTree.fromstring(device.hierarchy()).iter("node")
                if n.get("resource-id") == resource_id)
    x1, y1, x2, y2 = (int(v) for v in re.findall(r"\d+", node.get("bounds", "")))
    return x1, y1, x2, y2


def toolbar_pixel(device: SimDevice, resource_id: str) -> Color:
    """A pixel of the toolbar away from its text and icons: just inside its bottom-left corner."""
    x1, _y1, _x2, y2 = bounds(device, resource_id)
    return image(device).getpixel((x1 + 2, y2 - 3))


def test_an_apps_toolbar_is_drawn_in_its_app_bar_colour_light_and_dark(device: SimDevice) -> None:
    package = "com.flauschcode.broccoli"
    theme = theme_for(package)
    device.start_app(package)
    assert toolbar_pixel(device, f"{package}:id/toolbar_recipes") == theme.light.color("app_bar")
    device.shell("cmd uimode night yes")
    assert toolbar_pixel(device, f"{package}:id/toolbar_recipes") == theme.dark.color("app_bar")
    assert theme.light.color("app_bar") != theme.dark.color("app_bar")


def test_the_home_screen_draws_each_apps_launcher_icon(device: SimDevice) -> None:
    img = image(device)
    drawn = 0
    for e in ui_elements(device.hierarchy()):
        app = next((a for a in device.system.apps.values() if a.label == e.text and a.launchable), None)
        icon = launcher_icon_for(app.package) if app is not None else None
        if icon is None or not e.resource_id:
            continue
        x1, y1, x2, _ = e.bounds
        cx, top = (x1 + x2) // 2, y1 + round(4 * device.system.density / 160)
        disc = img.crop((cx - 20, top + 4, cx + 20, top + 12))  # the disc's top band, above the pictogram
        assert rgb(icon.background) in {c for _n, c in disc.getcolors(maxcolors=4096)}, app.package
        drawn += 1
    assert drawn >= 4
