"""Pieces the calendar's screens share: icons, menus, dialogs, and the date and time pickers."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from mobileagent_sim.app import Activity
from mobileagent_sim.apps.calendar.model import (
    DELETE_ALL,
    DELETE_FUTURE,
    DELETE_SELECTED,
    MONTHS,
    PROCEED_WITH_DELETION,
    month_start,
)
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    NumberPicker,
    RadioGroup,
    Row,
    Text,
    View,
)


def image(id: str, icon: str, on_click: Callable[[], Any] | None = None, desc: str = "", size: float = 48) -> View:
    """An ImageView; clickable when it has a handler (the app sets no description on most of them)."""
    return View(cls="android.widget.ImageView", id=id, icon=icon, desc=desc, clickable=on_click is not None,
                focusable=on_click is not None, on_click=on_click, width=size, height=size)


def menu_item(id: str, title: str, icon: str, on_click: Callable[[], Any]) -> View:
    """A toolbar action (an ``ActionMenuItemView``: a Button described by the item's title, drawn as its icon)."""
    return View(cls="android.widget.Button", id=id, desc=title, icon=icon, clickable=True, focusable=True,
                on_click=on_click, width=48, height=48, style="toolbar-item")


def overflow(on_click: Callable[[], Any]) -> View:
    return View(cls="android.widget.ImageView", desc="More options", icon="more_vert", clickable=True,
                focusable=True, on_click=on_click, width=40, height=48)


def radio_dialog(options: list[str], selected: str | None, on_select: Callable[[str], Any]) -> View:
    """The commons ``RadioGroupDialog``: no title, no buttons; a choice closes it."""
    return Dialog("", Column(RadioGroup(options, selected, on_select, id="dialog_radio_group"),
                             id="dialog_radio_holder", cls="android.widget.ScrollView"))


def delete_event_dialog(rule: int, on_rule: Callable[[int], Any], on_no: Callable[[], Any],
                        on_yes: Callable[[], Any], repeating: bool, several: bool) -> View:
    """``DeleteEventDialog``: the question, and for repeating events which occurrences go."""
    options = {"Delete the selected occurrence only": DELETE_SELECTED,
               "Delete this and all future occurrences": DELETE_FUTURE, "Delete all occurrences": DELETE_ALL}
    chosen = next(k for k, v in options.items() if v == rule)
    body: list[View] = [Text(PROCEED_WITH_DELETION, id="delete_event_description")]
    if repeating:
        body += [Text("The selection contains repeating events" if several else "The event is repeatable",
                      id="delete_event_repeat_description", style="item-summary"),
                 RadioGroup(list(options), chosen, lambda label: on_rule(options[label]),
                            id="delete_event_radio_view")]
    return Dialog("", Column(*body, id="delete_event_holder"), buttons=[
        Button("No", on_no, id="android:id/button2"), Button("Yes", on_yes, id="android:id/button1")])


def indent() -> View:
    """The blank space under a row's icon."""
    return View(width=48, height=1)


class PickerMixin(Activity):
    """The spinner date and time pickers in a dialog with Cancel/OK.

    ``self.picker`` holds the dialog's date and time being edited and what was typed into a value field;
    typed text is validated into the value when a value is stepped or OK is pressed, as NumberPicker does
    when its field loses focus.
    """

    picker: dict[str, Any] | None

    def open_picker(self, kind: str, target: str, when: dt.datetime, dialog: str = "picker") -> None:
        self.menu = None
        self.system.clear_focus(self)  # hideKeyboard()
        self.picker = {"kind": kind, "target": target, "year": when.year, "month": when.month, "day": when.day,
                       "hour": when.hour, "minute": when.minute, "typed": {}}
        self.dialog = dialog

    @property
    def picked(self) -> dt.datetime:
        p = self.picker
        assert p is not None
        return dt.datetime(p["year"], p["month"], p["day"], p["hour"], p["minute"], tzinfo=dt.timezone.utc)

    def _set(self, when: dt.datetime) -> None:
        assert self.picker is not None
        self.picker.update(year=when.year, month=when.month, day=when.day, hour=when.hour, minute=when.minute)

    def picker_view(self) -> View:
        p = self.picker
        assert p is not None
        typed, when = p["typed"], self.picked

        def spinner(key: str, value: str, prev: str, nxt: str) -> View:
            return NumberPicker(typed.get(key, value), lambda: self.step(key, -1), lambda: self.step(key, 1),
                                lambda v: self.type_into(key, v), prev, nxt, id=f"android:id/{key}")

        if p["kind"] == "time":
            h, m = when.hour, when.minute
            return Row(spinner("hour", f"{h:02d}", f"{(h - 1) % 24:02d}", f"{(h + 1) % 24:02d}"),
                       Text(":", id="android:id/divider", width=24),
                       spinner("minute", f"{m:02d}", f"{(m - 1) % 60:02d}", f"{(m + 1) % 60:02d}"),
                       cls="android.widget.TimePicker", id="android:id/timePicker", height=152)
        d = when.date()
        prev_day, next_day = d - dt.timedelta(days=1), d + dt.timedelta(days=1)
        return Row(
            spinner("month", MONTHS[d.month - 1][:3], MONTHS[(d.month - 2) % 12][:3], MONTHS[d.month % 12][:3]),
            spinner("day", f"{d.day:02d}", f"{prev_day.day:02d}", f"{next_day.day:02d}"),
            spinner("year", str(d.year), str(d.year - 1), str(d.year + 1)),
            cls="android.widget.DatePicker", id="android:id/datePicker", height=152,
        )

    def picker_dialog(self, on_ok: Callable[[], Any]) -> View:
        return Dialog("", self.picker_view(), buttons=[
            Button("Cancel", self.close_picker, id="android:id/button2"),
            Button("OK", lambda: (self.commit_typed(), on_ok()), id="android:id/button1")])

    def close_picker(self) -> None:
        self.picker = None
        self.dialog = None
        self.system.clear_focus(self)

    def type_into(self, key: str, text: str) -> None:
        """Keep what is typed while it could still become a valid value (NumberPicker's input filter)."""
        assert self.picker is not None
        limits = {"hour": 23, "minute": 59, "day": 31, "year": 2100}
        if key == "month":
            low = text.lower()
            ok = text == "" or any(m.lower().startswith(low) for m in MONTHS) or (text.isdigit() and int(text) <= 12)
        else:
            ok = text == "" or (text.isdigit() and len(text) <= (4 if key == "year" else 2)
                                and int(text) <= limits[key])
        if ok:
            self.picker["typed"][key] = text

    def commit_typed(self) -> None:
        p = self.picker
        assert p is not None
        typed = p["typed"]
        month_text = typed.pop("month", "").lower()
        if month_text:
            match = next((i + 1 for i, m in enumerate(MONTHS) if m.lower().startswith(month_text)), None)
            if month_text.isdigit() and 1 <= int(month_text) <= 12:
                match = int(month_text)
            if match:
                p["day"] = min(p["day"], _month_length(p["year"], match))
                p["month"] = match
        for key, low, high in (("year", 1900, 2100), ("hour", 0, 23), ("minute", 0, 59)):
            text = typed.pop(key, "")
            if text.isdigit() and low <= int(text) <= high:
                p[key] = int(text)
                if key == "year":
                    p["day"] = min(p["day"], _month_length(p["year"], p["month"]))
        text = typed.pop("day", "")
        if text.isdigit() and 1 <= int(text) <= _month_length(p["year"], p["month"]):
            p["day"] = int(text)
        self.system.clear_focus(self)

    def step(self, key: str, delta: int) -> None:
        """A tap on a neighbour value; stepping past the end of a month or year carries over, as the spinners do."""
        self.commit_typed()
        when = self.picked
        if key in ("day", "hour", "minute"):
            size = {"day": 86400, "hour": 3600, "minute": 60}[key]
            moved = when + dt.timedelta(seconds=size * delta)
            if key != "day":  # the time spinners wrap within the day
                moved = when.replace(hour=moved.hour, minute=moved.minute)
            self._set(moved)
        elif key == "month":
            first = month_start(when.date(), delta)
            self._set(when.replace(year=first.year, month=first.month,
                                   day=min(when.day, _month_length(first.year, first.month))))
        else:
            year = when.year + delta
            self._set(when.replace(year=year, day=min(when.day, _month_length(year, when.month))))


def _month_length(year: int, month: int) -> int:
    return (month_start(dt.date(year, month, 1), 1) - dt.timedelta(days=1)).day
