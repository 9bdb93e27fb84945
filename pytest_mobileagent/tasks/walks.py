"""Oracle walks through the system apps that several suites' tasks share: to Settings' pages, across a
slider, to a Clock tab and through its alarm time picker, through Simple Calendar Pro's date and time pickers.
Each yields actions over the public action space, reading the screen as an agent would."""

from __future__ import annotations

from collections.abc import Iterator

from pytest_mobileagent.actions import Action
from pytest_mobileagent.android import settings_app
from pytest_mobileagent.tasks.oracle import UI, OracleError

SLIDER = "com.android.systemui:id/slider"
def open_settings(ui: UI) -> Iterator[Action]:
    """Settings' homepage: open the app unless it is in front, then go back up from a sub-page."""
    if ui.observation is None or ui.obs.package != settings_app.PACKAGE:
        yield ui.open_app("Settings")
    for _ in range(6):
        if ui.exists(text="Search settings"):  # the homepage's search bar (a ViewGroup holding this text)
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


def shown_time(hour: int, minutes: int, h24: bool) -> str:
    """An alarm time as the list shows it."""
    return f"{hour:02d}:{minutes:02d}" if h24 else f"{hour % 12 or 12}:{minutes:02d} {'AM' if hour < 12 else 'PM'}"


def open_tab(ui: UI, tab: str) -> Iterator[Action]:
    """Clock on ``tab`` (Alarm, Clock, Timer, Stopwatch)."""
    yield ui.open_app("Clock")
    if not ui.exists(desc=tab, selected=True):
        yield ui.click(desc=tab)


def set_alarm_time(ui: UI, hour: int, minutes: int, h24: bool) -> Iterator[Action]:
    """In the open time picker: type the hour and minutes, pick AM/PM, press OK."""
    yield ui.type(str(hour if h24 else hour % 12 or 12), clear=True, rid="numberpicker_input", n=0)
    typed = ui.type(f"{minutes:02d}", clear=True, rid="numberpicker_input", n=1)
    yield ui.tolerate(typed, "'0' is the same minute as '00'", "text:drop") if minutes == 0 else typed
    if not h24:
        want = "AM" if hour < 12 else "PM"
        if not ui.exists(rid="numberpicker_input", text=want):
            yield ui.click(text=want, cls="Button")
    yield ui.click(rid="android:id/button1")


def create_alarm(ui: UI, hour: int, minutes: int, h24: bool) -> Iterator[Action]:
    """On the Alarm tab: add an alarm at ``hour:minutes``."""
    yield ui.click(desc="Add alarm")
    yield from set_alarm_time(ui, hour, minutes, h24)


def row_control(ui: UI, row_desc: str, **sel: object) -> Action | None:
    """A click on the element matching ``sel`` in the alarm row whose header reads ``row_desc`` (in or just below
    it), or None when it is not on screen."""
    _, header = ui.element(desc=row_desc)
    x1, y1, x2, y2 = header.bounds
    for i, el in ui.find_all(**sel):
        cx, cy = el.center
        if x1 <= cx < x2 and y1 <= cy < y2 + (y2 - y1):
            return Action("click", index=i, x=cx, y=cy)
    return None


def in_row(ui: UI, row_desc: str, **sel: object) -> Action:
    """Click the element matching ``sel`` in the alarm row whose header reads ``row_desc``."""
    found = row_control(ui, row_desc, **sel)
    if found is None:
        raise OracleError(f"no {sel} in the alarm row {row_desc!r}")
    return found


def slide(ui: UI, fraction: float, **sel: object) -> Action:
    """Tap a slider's track at ``fraction`` of its width (0 = left end)."""
    _, el = ui.element(**sel)
    x1, y1, x2, y2 = el.bounds
    return Action.click(x=min(x2 - 1, x1 + int((x2 - x1) * fraction)), y=(y1 + y2) // 2)


__all__ = ["SLIDER", "create_alarm", "in_row", "open_bluetooth", "open_brightness", "open_internet",
           "open_settings", "open_tab", "row_control", "set_alarm_time", "set_picker", "shown_time", "slide"]


def set_picker(ui: UI, opener: str, values: list[tuple[str, int]], needed: bool = True) -> Iterator[Action]:
    """Open a Simple Calendar Pro date or time row's picker, type values into its spinners (day, hour, minute)
    and press OK."""
    if not needed:
        return
    yield ui.click(rid=opener)
    order = ("month", "day", "year") if "date" in opener else ("hour", "minute")
    fields = ui.find_all(rid="numberpicker_input")
    if len(fields) != len(order):
        raise OracleError(f"expected {len(order)} spinners in the picker, found {len(fields)}")
    for key, value in values:
        index, spinner = fields[order.index(key)]
        if spinner.text.lstrip("0") != str(value).lstrip("0"):  # a spinner already showing the value is left alone
            yield Action("input_text", index=index, text=f"{value:02d}", clear=True)
    yield ui.click(text="OK")
