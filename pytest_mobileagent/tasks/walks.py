"""Oracle walks through the system apps that several suites' tasks share: to Settings' pages, and across a
slider. Each yields actions over the public action space, reading the screen as an agent would."""

from __future__ import annotations

from collections.abc import Iterator

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import settings_app
from pytest_mobileagent.tasks.oracle import UI

SLIDER = "com.android.systemui:id/slider"
def open_settings(ui: UI) -> Iterator[Action]:
    """Settings' homepage: open the app unless it is in front, then go back up from a sub-page."""
    if ui.observation is None or ui.obs.package != settings_app.PACKAGE:
        yield ui.open_app("Settings")
    for _ in range(6):
        if ui.exists(rid="search_action_bar"):
            return
        yield ui.back()


def open_internet(ui: UI) -> Iterator[Action]:
    yield from open_settings(ui)
    yield from ui.reach(text="Network & internet")
    yield from ui.reach(text="Internet")


def open_bluetooth(ui: UI) -> Iterator[Action]:
    yield from open_settings(ui)
    yield from ui.reach(text="Connected devices")
    yield from ui.reach(text="Connection preferences")
    yield from ui.reach(text="Bluetooth")


def open_brightness(ui: UI) -> Iterator[Action]:
    yield from open_settings(ui)
    yield from ui.reach(text="Display")
    yield from ui.reach(text="Brightness level")


def slide(ui: UI, fraction: float, **sel: object) -> Action:
    """Tap a slider's track at ``fraction`` of its width (0 = left end)."""
    _, el = ui.element(**sel)
    x1, y1, x2, y2 = el.bounds
    return Action.click(x=min(x2 - 1, x1 + int((x2 - x1) * fraction)), y=(y1 + y2) // 2)


__all__ = ["SLIDER", "open_bluetooth", "open_brightness", "open_internet", "open_settings", "slide"]
