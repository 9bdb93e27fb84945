"""The event editor: new, edit, duplicate and delete an event."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mobileagent_sim.app import App, Intent
from mobileagent_sim.apps.calendar.model import (
    ACTIVITIES,
    DELETE_ALL,
    DELETE_SELECTED,
    MONTHS,
    REMINDER_CHOICES,
    REMINDER_OFF,
    REMINDER_WARNING,
    REPETITIONS,
    WEEKDAYS,
    clock_text,
    date_text,
    day_of,
    duration_text,
    occurrences_of,
    reminder_text,
    repetition_text,
    ts_of,
)
from mobileagent_sim.apps.calendar.widgets import (
    PickerMixin,
    delete_event_dialog,
    image,
    indent,
    menu_item,
    overflow,
    radio_dialog,
)
from mobileagent_sim.views import (
    Button,
    Column,
    Dialog,
    Row,
    Scroll,
    Text,
    View,
)
from pytest_mobileagent.android.calendar import (
    FLAG_ALL_DAY,
    MONTH,
    REGULAR_EVENT_TYPE_ID,
    SOURCE_SIMPLE_CALENDAR,
    WEEK,
    YEAR,
    Event,
)
from pytest_mobileagent.android.shared_prefs import Long

if TYPE_CHECKING:
    from mobileagent_sim.apps.calendar.app import CalendarApp


class EventActivity(PickerMixin):
    """A new event, or a saved one (``event_id``, ``event_occurrence_ts``) to edit or delete."""

    name = f"{ACTIVITIES}.EventActivity"
    app: CalendarApp

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        extras = intent.extras
        self.event_id: int | None = int(extras["event_id"]) if extras.get("event_id") else None
        self.occurrence_ts = int(extras.get("event_occurrence_ts") or 0)
        self.picker: dict[str, Any] | None = None
        self.pending: list[list[int]] = []
        self.delete_rule = DELETE_SELECTED
        self.rule_draft = 0
        self.focused_once = False
        event = self.app.event(self.event_id) if self.event_id is not None else None
        if event is not None:
            duration = event.end_ts - event.start_ts
            start = self.occurrence_ts or event.start_ts
            self.values: dict[str, Any] = {
                "start": start, "end": start + duration, "all_day": event.is_all_day,
                "reminders": [event.reminder_1_minutes, event.reminder_2_minutes, event.reminder_3_minutes],
                "repeat_interval": event.repeat_interval, "repeat_rule": event.repeat_rule,
                "repeat_limit": event.repeat_limit, "event_type": event.event_type}
            self.fields.update(event_title=event.title, event_location=event.location,
                               event_description=event.description)
            if extras.get("is_duplicate"):
                self.event_id = None
        else:
            self.event_id = None
            start = int(extras.get("new_event_start_ts") or self.app.now_ts)
            prefs = self.app.prefs()
            self.values = {
                "start": start, "end": start + 60 * int(prefs.get("default_duration", 0)), "all_day": False,
                "reminders": [prefs.get("reminder_minutes", 10), prefs.get("reminder_minutes_2", REMINDER_OFF),
                              prefs.get("reminder_minutes_3", REMINDER_OFF)],
                "repeat_interval": 0, "repeat_rule": 0, "repeat_limit": 0, "event_type": REGULAR_EVENT_TYPE_ID}
        self.original = self.snapshot()

    def snapshot(self) -> dict[str, Any]:
        return {"fields": {k: self.fields.get(k, "") for k in ("event_title", "event_location", "event_description")},
                "values": json.loads(json.dumps(self.values))}

    def on_resume(self) -> None:
        if not self.focused_once:
            self.focused_once = True
            if self.event_id is None:  # SOFT_INPUT_STATE_ALWAYS_VISIBLE and the title focused
                self.request_focus("event_title")

    # -- screen ----------------------------------------------------------------------------------------

    def build(self) -> View:
        v, today, h24 = self.values, self.app.today, self.system.settings.get("system", "time_12_24") != "12"
        saved = self.event_id is not None
        actions = [menu_item("save", "Save", "check", self.save)]
        if saved:
            actions += [menu_item("delete", "Delete", "delete", self.ask_delete),
                        menu_item("duplicate", "Duplicate event", "content_copy", self.duplicate),
                        overflow(lambda: self.open_menu("more"))]
        toolbar = Row(View(cls="android.widget.ImageButton", icon="arrow_back", clickable=True, focusable=True,
                           on_click=self.leave, width=48, height=48),
                      Text("Edit Event" if saved else "New Event", style="title", weight=1, height=56), *actions,
                      id="event_toolbar", cls="android.view.ViewGroup", height=64, style="toolbar")
        start, end = v["start"], v["end"]

        def row(*kids: View | None, **kw: Any) -> View:
            return Row(*kids, height=kw.pop("height", 56), **kw)

        def clickable(text: str, id: str, on_click: Callable[[], Any], **kw: Any) -> View:
            return Text(text, id=id, clickable=True, focusable=True, on_click=on_click, height=56, **kw)

        reminders = v["reminders"]
        interval = v["repeat_interval"]
        location = self.fields.get("event_location", "")
        body = [
            self.field("event_title", "Title", height=56),
            row(self.field("event_location", "Location", weight=1, height=56),
                image("event_show_on_map", "place", lambda: None) if location else None),
            self.field("event_description", "Description", multiline=True),
            View(cls="android.widget.ImageView", id="event_description_divider", height=1),
            row(image("event_time_image", "schedule"),
                Row(View(cls="android.widget.CheckBox", id="event_all_day", text="All-day", checkable=True,
                         checked=v["all_day"], focusable=True, weight=1, height=48),
                    id="event_all_day_holder", cls="android.widget.RelativeLayout", clickable=True, focusable=True,
                    on_click=self.toggle_all_day, weight=1, height=56)),
            row(indent(), clickable(date_text(day_of(start), today), "event_start_date",
                                     lambda: self.open_picker("date", "start", self.start_dt), weight=1),
                None if v["all_day"] else clickable(clock_text(start, h24), "event_start_time",
                                                    lambda: self.open_picker("time", "start", self.start_dt),
                                                    width=96)),
            row(indent(), clickable(date_text(day_of(end), today), "event_end_date",
                                     lambda: self.open_picker("date", "end", self.end_dt), weight=1),
                None if v["all_day"] else clickable(clock_text(end, h24), "event_end_time",
                                                    lambda: self.open_picker("time", "end", self.end_dt), width=96)),
            View(cls="android.widget.ImageView", id="event_date_time_divider", height=1),
            row(image("event_reminder_image", "notifications"),
                clickable(reminder_text(reminders[0]), "event_reminder_1", lambda: self.ask_reminder(0), weight=1)),
            row(indent(), clickable(reminder_text(reminders[1]) if reminders[1] != REMINDER_OFF
                                     else "Add another reminder", "event_reminder_2", lambda: self.ask_reminder(1),
                                     weight=1)) if reminders[0] != REMINDER_OFF else None,
            row(indent(), clickable(reminder_text(reminders[2]) if reminders[2] != REMINDER_OFF
                                     else "Add another reminder", "event_reminder_3", lambda: self.ask_reminder(2),
                                     weight=1)) if reminders[1] != REMINDER_OFF else None,
            View(cls="android.widget.ImageView", id="event_reminder_divider", height=1),
            row(image("event_repetition_image", "repeat"),
                clickable(repetition_text(interval), "event_repetition", lambda: setattr(self, "dialog", "repeat"),
                          weight=1)),
            row(indent(), Text("Repeat on", id="event_repetition_rule_label", weight=1, height=56),
                Text(self.rule_text(), id="event_repetition_rule", width=160, height=56),
                id="event_repetition_rule_holder", cls="android.widget.RelativeLayout", clickable=True,
                focusable=True, on_click=self.ask_rule) if interval and (interval % WEEK == 0 or interval % MONTH == 0
                                                                     or interval % YEAR == 0) else None,
            row(indent(), Text("Repeat", id="event_repetition_limit_label", weight=1, height=56),
                Text("Forever" if v["repeat_limit"] == 0 else self.limit_text(), id="event_repetition_limit",
                     width=160, height=56),
                id="event_repetition_limit_holder", cls="android.widget.RelativeLayout", clickable=True,
                focusable=True) if interval else None,
            View(cls="android.widget.ImageView", id="event_repetition_divider", height=1),
            row(image("event_type_image", "category"),
                Row(Text(self.app.event_type_title(v["event_type"]), id="event_type", weight=1, height=56),
                    id="event_type_holder", cls="android.widget.RelativeLayout", clickable=True, focusable=True,
                    on_click=lambda: setattr(self, "dialog", "event_type"), weight=1)),
            row(image("event_color_image", "palette"),
                Row(Text("Event color", id="event_color_text", weight=1, height=56),
                    image("event_color", "circle"), id="event_color_holder", cls="android.widget.RelativeLayout",
                    clickable=True, focusable=True, weight=1)),
        ]
        return Column(toolbar, Scroll(*[b for b in body if b is not None], id="event_nested_scrollview", weight=1,
                                     cls="androidx.core.widget.NestedScrollView"),
                      id="event_coordinator")

    def rule_text(self) -> str:
        v = self.values
        interval, rule = v["repeat_interval"], v["repeat_rule"]
        if interval == 0:
            return ""
        if interval % YEAR == 0 or interval % MONTH == 0:
            return "The same day"
        if rule == 127:
            return "Every day"
        order = [6, 0, 1, 2, 3, 4, 5]  # Sunday first
        return ", ".join(WEEKDAYS[i][:3] for i in order if rule & (1 << i))

    def limit_text(self) -> str:
        limit = self.values["repeat_limit"]
        if limit > 0:
            d = day_of(limit)
            return f"{MONTHS[d.month - 1]} {d.day} {d.year}"
        return f"{-limit} times"

    @property
    def start_dt(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.values["start"], dt.timezone.utc)

    @property
    def end_dt(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.values["end"], dt.timezone.utc)

    def build_dialog(self, name: str) -> View:
        v = self.values
        if name == "picker":
            return self.picker_dialog(self.picked_value)
        if name == "repeat":
            labels = [label for _, label in REPETITIONS] + ["Custom"]
            return radio_dialog(labels, repetition_text(v["repeat_interval"]), self.set_repetition)
        if name.startswith("reminder:"):
            n = int(name[-1])
            current = v["reminders"][n]
            choices = sorted({*REMINDER_CHOICES, current})
            return radio_dialog([reminder_text(m) for m in choices] + ["Custom"], reminder_text(current),
                                lambda label, n=n, choices=choices: self.set_reminder(n, label, choices))
        if name == "weekly_rule":
            order = [6, 0, 1, 2, 3, 4, 5]  # Sunday first
            boxes = [View(cls="android.widget.CheckBox", text=WEEKDAYS[i], checkable=True,
                          checked=bool(self.rule_draft & (1 << i)), clickable=True, focusable=True, height=48,
                          on_click=lambda i=i: setattr(self, "rule_draft", self.rule_draft ^ (1 << i)))
                     for i in order]
            return Dialog("", Column(*boxes, id="dialog_vertical_linear_layout"), buttons=[
                Button("Cancel", lambda: setattr(self, "dialog", None), id="android:id/button2"),
                Button("OK", self.set_weekly_rule, id="android:id/button1")])
        if name == "event_type":
            titles = [t for _, t in self.app.event_types()]
            return radio_dialog(titles, self.app.event_type_title(v["event_type"]), self.set_event_type)
        if name == "reminder_warning":
            return Dialog("Disclaimer", Text(REMINDER_WARNING, id="reminder_warning"), buttons=[
                Button("Settings", lambda: None, id="android:id/button3"), View(weight=1),
                Button("OK", self.warning_confirmed, id="android:id/button1")])
        if name == "delete":
            return delete_event_dialog(self.delete_rule, self.set_delete_rule, self.cancel_delete,
                                       self.confirm_delete, v["repeat_interval"] > 0, False)
        if name == "save_before_closing":
            return Dialog("", Text("You have unsaved changes. Save before exit?", id="message"), buttons=[
                Button("Discard", self.finish, id="android:id/button2"),
                Button("Save", self.save, id="android:id/button1")])
        raise NotImplementedError(name)

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        return [("Share", self.close_menu)]

    # -- editing ---------------------------------------------------------------------------------------

    def picked_value(self) -> None:
        """``dateSet``/``timeSet``: a new start keeps the duration; a new end moves only the end."""
        assert self.picker is not None
        target, picked, v = self.picker["target"], self.picked, self.values
        if target == "start":
            duration = v["end"] - v["start"]
            start = self.start_dt
            start = (start.replace(year=picked.year, month=picked.month, day=picked.day)
                     if self.picker["kind"] == "date" else start.replace(hour=picked.hour, minute=picked.minute))
            v["start"] = int(start.timestamp())
            v["end"] = v["start"] + duration
            if v["repeat_interval"] % WEEK == 0 and v["repeat_interval"] and bin(v["repeat_rule"]).count("1") == 1:
                v["repeat_rule"] = 1 << start.weekday()  # checkRepeatRule follows the start's weekday
        else:
            end = self.end_dt
            end = (end.replace(year=picked.year, month=picked.month, day=picked.day)
                   if self.picker["kind"] == "date" else end.replace(hour=picked.hour, minute=picked.minute))
            v["end"] = int(end.timestamp())
        self.close_picker()

    def toggle_all_day(self) -> None:
        self.values["all_day"] = not self.values["all_day"]
        self.system.clear_focus(self)

    def set_repetition(self, label: str) -> None:
        """``setRepeatInterval``: weekly repeats on the start's weekday, monthly and yearly on the same day."""
        self.dialog = None
        interval = next((value for value, name in REPETITIONS if name == label), None)
        if interval is None:  # "Custom" is not simulated
            return
        v = self.values
        v["repeat_interval"] = interval
        if interval and interval % YEAR and interval % MONTH and interval % WEEK == 0:
            v["repeat_rule"] = 1 << self.start_dt.weekday()
        elif interval and (interval % MONTH == 0 or interval % YEAR == 0):
            v["repeat_rule"] = 1

    def ask_rule(self) -> None:
        interval = self.values["repeat_interval"]
        if interval and interval % WEEK == 0 and interval % MONTH and interval % YEAR:
            self.rule_draft = self.values["repeat_rule"]
            self.dialog = "weekly_rule"

    def set_weekly_rule(self) -> None:
        self.dialog = None
        self.values["repeat_rule"] = self.rule_draft
        if self.rule_draft == 0:
            self.values["repeat_interval"] = 0

    def ask_reminder(self, n: int) -> None:
        self.system.clear_focus(self)
        self.dialog = f"reminder:{n}"

    def set_reminder(self, n: int, label: str, choices: list[int]) -> None:
        self.dialog = None
        minutes = next((m for m in choices if reminder_text(m) == label), None)
        if minutes is not None:
            self.values["reminders"][n] = minutes

    def set_event_type(self, title: str) -> None:
        self.dialog = None
        self.values["event_type"] = next(i for i, t in self.app.event_types() if t == title)

    # -- saving, deleting, leaving ---------------------------------------------------------------------

    def save(self) -> None:
        """``saveCurrentEvent``: the reminder disclaimer the first time an event with reminders is saved."""
        self.dialog = None
        reminders_on = any(m != REMINDER_OFF for m in self.values["reminders"])
        if reminders_on and not self.app.prefs().get("was_alarm_warning_shown", False):
            self.dialog = "reminder_warning"
            return
        self.store()

    def warning_confirmed(self) -> None:
        self.dialog = None
        self.app.put_prefs(was_alarm_warning_shown=True)
        self.store()

    def store(self) -> None:
        title = self.fields.get("event_title", "")
        v = self.values
        if not title:
            self.toast("Title cannot be empty")
            self.request_focus("event_title")
            return
        start, end = v["start"], v["end"]
        if v["all_day"]:
            start, end = ts_of(day_of(start)), ts_of(day_of(end), 12)
        if start > end:
            self.toast("The event cannot end earlier than it starts")
            return
        reminders = sorted(m for m in v["reminders"] if m != REMINDER_OFF)
        reminders += [REMINDER_OFF] * (3 - len(reminders))
        self.app.put_prefs(reminder_minutes=reminders[0], reminder_minutes_2=reminders[1],
                           reminder_minutes_3=reminders[2], last_used_local_event_type_id=Long(v["event_type"]))
        old = self.app.event(self.event_id) if self.event_id is not None else None
        event = Event(
            start_ts=start, end_ts=end, title=title, location=self.fields.get("event_location", ""),
            description=self.fields.get("event_description", ""), repeat_interval=v["repeat_interval"],
            repeat_rule=v["repeat_rule"], reminder_1_minutes=reminders[0], reminder_2_minutes=reminders[1],
            reminder_3_minutes=reminders[2], repeat_limit=v["repeat_limit"] if v["repeat_interval"] else 0,
            repetition_exceptions=old.repetition_exceptions if old else "[]",
            import_id=old.import_id if old else self.app.new_import_id(),
            time_zone="UTC", flags=(old.flags if old else 0) & ~FLAG_ALL_DAY | (FLAG_ALL_DAY if v["all_day"] else 0),
            event_type=v["event_type"], parent_id=old.parent_id if old else 0,
            last_updated=self.system.clock.millis(),
            source=SOURCE_SIMPLE_CALENDAR, availability=old.availability if old else 0,
            color=old.color if old else 0, id=old.id if old else -1)
        if old is not None and old.repeat_interval and self.occurrence_ts:
            # every occurrence is edited (EditRepeatingEventDialog is not simulated): keep the series' first start
            shift = old.start_ts - (self.occurrence_ts or old.start_ts)
            event = replace(event, start_ts=event.start_ts + shift, end_ts=event.end_ts + shift)
        if old is None:
            self.app.insert(event)
        else:
            self.app.update(event)
        self.toast(self.saved_toast(event))
        self.system.clear_focus(self)
        self.finish()

    def saved_toast(self, event: Event) -> str:
        """``scheduleNextEventReminder``'s toast: the time to the next reminder, or "Saving…"."""
        now = self.app.now_ts
        for o in occurrences_of(replace(event, id=0), now, now + YEAR):
            for minutes in sorted((m for m in (event.reminder_1_minutes, event.reminder_2_minutes,
                                               event.reminder_3_minutes) if m != REMINDER_OFF), reverse=True):
                if o.start_ts - minutes * 60 > now:
                    return "Time remaining:\n" + duration_text(o.start_ts - minutes * 60 + 1 - now)
        return "Saving\u2026"

    def ask_delete(self) -> None:
        if self.event_id is None:
            return
        self.pending = [[self.event_id, self.occurrence_ts or self.values["start"]]]
        self.delete_rule = DELETE_SELECTED
        self.dialog = "delete"

    def confirm_delete(self) -> None:
        rule = self.delete_rule if self.values["repeat_interval"] > 0 else DELETE_ALL
        self.app.delete_occurrences([(k[0], k[1]) for k in self.pending], rule)
        self.dialog = None
        self.system.clear_focus(self)
        self.finish()

    def cancel_delete(self) -> None:
        self.dialog = None
        self.pending = []

    def set_delete_rule(self, rule: int) -> None:
        self.delete_rule = rule

    def duplicate(self) -> None:
        event_id = self.event_id
        self.finish()
        self.start(EventActivity, event_id=event_id, event_occurrence_ts=self.occurrence_ts, is_duplicate=True)

    def leave(self) -> None:
        """The toolbar's arrow: close without asking."""
        self.system.clear_focus(self)
        self.finish()

    def on_back(self) -> bool:
        if super().on_back():
            self.picker = None
            return True
        if self.snapshot() != self.original:
            self.dialog = "save_before_closing"
            return True
        return False
