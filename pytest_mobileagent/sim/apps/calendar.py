"""Simple Calendar Pro (``com.simplemobiletools.calendar.pro``, version 6.22.2 as on AndroidWorld's image).

State is where the real app keeps it: the Room database ``databases/events.db``
(schema version 8: ``events``, ``event_types`` with "Regular event" as id 1,
``widgets``, ``tasks``; see :mod:`pytest_mobileagent.android.calendar`) and
the commons preferences ``shared_prefs/Prefs.xml`` (``view``,
``reminder_minutes``, ``was_alarm_warning_shown``...). Times are epoch seconds
in the device's time zone (UTC); the clock is 24-hour unless
``system time_12_24`` is ``12``.

Screens and resource ids are the app's own:

- ``MainActivity``: the search bar (``top_toolbar_search_icon``, ``top_toolbar_search``) with the menu
  (``go_to_today`` when away from today, ``change_view``, "More options": Go to date, Print, Add holidays...),
  the "New Event" button (``calendar_fab``; tasks are on, so it first opens the "Event"/"Task" choice,
  ``fab_event_label``), and one of the views picked with "Change view":

  * monthly (the default): ``top_left_arrow``, ``top_value`` ("October"), ``top_right_arrow`` and the month grid
    ``month_view_wrapper``: 42 clickable ``month_view_background`` cells (6 weeks from Sunday) over the drawn
    ``month_view``. The real ``month_view`` is a canvas; here it carries the day numbers and event titles as
    TextViews so text-only agents can read it. Tapping a cell opens that day (back returns to the month).
  * daily: ``top_value`` ("October 16 (Mon)") and ``day_events`` rows (``event_item_holder`` with
    ``event_item_title``, ``event_item_time`` "13:00 - 13:30", ``event_item_description``); swipes change the day.
  * simple event list: ``calendar_events_list`` with month and day headers (``event_section_title``), from a day
    ago to six months ahead; scrolling up at the top loads three earlier months.
  * monthly and daily, weekly and yearly views in a simplified form.

  Long-pressing an event row starts the selection mode ("1 / 3", Share, Delete); Delete asks "Are you sure
  you want to proceed with the deletion?" (Yes/No, with the occurrence choice for repeating events). Search
  (two characters or more) lists matching events by title, location or description.
- ``EventActivity``: "New Event"/"Edit Event" with ``event_title``, ``event_location``, ``event_description``,
  All-day, the start/end date and time rows (spinner date and time pickers with OK/Cancel; the real app on
  Android 13 shows Material calendar and clock pickers), reminders, repetition (No repetition, Daily, Weekly,
  Monthly, Yearly; weekly picks the start's weekday), event type; Save (``save``), and for a saved event Delete
  and Duplicate. The first save with a reminder shows the reminder "Disclaimer", as the real app does.

Not simulated: tasks (the "Task" choice does nothing), CalDAV, attendees, custom intervals and reminders,
the repeat-limit picker, event colors, import/export, holidays/birthdays, settings and about.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from pytest_mobileagent.android.calendar import (
    COLUMNS,
    DAY,
    FLAG_ALL_DAY,
    MONTH,
    PACKAGE,
    REGULAR_EVENT_TYPE_ID,
    SCHEMA,
    SCHEMA_VERSION,
    SOURCE_SIMPLE_CALENDAR,
    WEEK,
    YEAR,
    Event,
    event_from_row,
)
from pytest_mobileagent.android.shared_prefs import Long, format_prefs, parse_prefs
from pytest_mobileagent.sim.app import Activity, App, Intent
from pytest_mobileagent.sim.views import (
    Button,
    Column,
    Dialog,
    EditText,
    Frame,
    ImageButton,
    NumberPicker,
    RadioGroup,
    Row,
    Scroll,
    Space,
    Text,
    View,
)

ACTIVITIES = f"{PACKAGE}.activities"
DB = "events.db"
PREFS = f"/data/data/{PACKAGE}/shared_prefs/Prefs.xml"
#: ``config.storedView`` values.
MONTHLY_VIEW, YEARLY_VIEW, EVENTS_LIST_VIEW, WEEKLY_VIEW, DAILY_VIEW, MONTHLY_DAILY_VIEW = 1, 2, 3, 4, 5, 7
VIEWS = ((DAILY_VIEW, "Daily view"), (WEEKLY_VIEW, "Weekly view"), (MONTHLY_VIEW, "Monthly view"),
         (MONTHLY_DAILY_VIEW, "Monthly and daily view"), (YEARLY_VIEW, "Yearly view"),
         (EVENTS_LIST_VIEW, "Simple event list"))
#: The commons default primary color (#F57C00) as Android stores an ARGB int.
PRIMARY_COLOR = -689152
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
REMINDER_OFF = -1
#: The reminder choices of ``showPickSecondsDialog`` (minutes; -1 off, 0 at start).
REMINDER_CHOICES = (-1, 0, 1, 5, 10, 30, 60)
REPETITIONS = ((0, "No repetition"), (DAY, "Daily"), (WEEK, "Weekly"), (MONTH, "Monthly"), (YEAR, "Yearly"))
#: Delete rules of ``DeleteEventDialog``.
DELETE_SELECTED, DELETE_FUTURE, DELETE_ALL = 0, 1, 2
PROCEED_WITH_DELETION = "Are you sure you want to proceed with the deletion?"
REMINDER_WARNING = ("Please make sure the reminders work properly before relying on them. Check your device battery "
                    "and notification settings, if there is nothing blocking the reminders, or killing the app in "
                    "the background.")
#: The event list first shows this far back (``displayPastEvents``, one day) and ahead; more on scrolling.
LIST_PAST = DAY
FETCH_INTERVAL = 3 * MONTH
MIN_EVENTS_THRESHOLD = 30


# -- dates and how the app writes them ----------------------------------------------------------------------


def day_of(ts: int) -> dt.date:
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).date()


def ts_of(day: dt.date, hour: int = 0, minute: int = 0) -> int:
    return int(dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=dt.timezone.utc).timestamp())


def day_code(day: dt.date) -> str:
    return day.strftime("%Y%m%d")


def add_months(day: dt.date, months: int) -> dt.date | None:
    """The same day ``months`` later, or None when that month is too short (the app skips it)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    try:
        return day.replace(year=year, month=month)
    except ValueError:
        return None


def month_start(day: dt.date, months: int = 0) -> dt.date:
    index = day.month - 1 + months
    return dt.date(day.year + index // 12, index % 12 + 1, 1)


def month_label(day: dt.date, today: dt.date) -> str:
    """``October``, with the year when it is not this year (``getMonthName``/``getLongMonthYear``)."""
    return MONTHS[day.month - 1] + ("" if day.year == today.year else f" {day.year}")


def date_text(day: dt.date, today: dt.date, weekday: bool = True) -> str:
    """``October 16 (Mon)`` (``Formatter.getDayTitle``), the year added when it is not this year."""
    text = f"{MONTHS[day.month - 1]} {day.day}" + ("" if day.year == today.year else f" {day.year}")
    return f"{text} ({WEEKDAYS[day.weekday()][:3]})" if weekday else text


def clock_text(ts: int, h24: bool = True) -> str:
    when = dt.datetime.fromtimestamp(ts, dt.timezone.utc)
    return when.strftime("%H:%M" if h24 else "%I:%M %p")


def reminder_text(minutes: int) -> str:
    """``getFormattedMinutes``: "No reminder", "At start", "10 minutes before", "1 hour before"..."""
    if minutes == REMINDER_OFF:
        return "No reminder"
    if minutes == 0:
        return "At start"
    for unit, size in (("day", 1440), ("hour", 60), ("minute", 1)):
        if minutes % size == 0:
            n = minutes // size
            return f"{n} {unit}{'' if n == 1 else 's'} before"
    return f"{minutes} minutes before"


def repetition_text(seconds: int) -> str:
    for value, label in REPETITIONS:
        if value == seconds:
            return label
    for unit, size in (("year", YEAR), ("month", MONTH), ("week", WEEK), ("day", DAY)):
        if seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'' if n == 1 else 's'}"
    return f"{seconds // DAY} days"


def duration_text(seconds: int) -> str:
    """``formatSecondsToTimeString``: "1 day, 3 hours, 49 minutes, 1 second"."""
    parts = []
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(f"{n} {unit}{'' if n == 1 else 's'}")
    return ", ".join(parts)


def week_start(day: dt.date) -> dt.date:
    """The Sunday a week starts on."""
    return day - dt.timedelta(days=day.isoweekday() % 7)


def grid_start(month: dt.date) -> dt.date:
    """The first day of the month grid: Sunday-first weeks, and a month starting on Sunday gets a whole week of
    the previous month in front (``MonthlyCalendarImpl``, ``isSundayFirst`` as for the en-US locale)."""
    first = month.replace(day=1)
    return first - dt.timedelta(days=first.isoweekday())


# -- repetition --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Occurrence:
    """One showing of an event: the row and this occurrence's start and end."""

    event: Event
    start_ts: int
    end_ts: int

    @property
    def key(self) -> list[int]:
        return [self.event.id, self.start_ts]


def _repeat_starts(event: Event, until: int) -> list[int]:
    """Start times of a repeating event up to ``until`` (``EventsHelper``'s stepping, simplified)."""
    interval, start = event.repeat_interval, event.start
    out: list[int] = []
    if interval % YEAR == 0 or interval % MONTH == 0:
        months = interval // YEAR * 12 if interval % YEAR == 0 else interval // MONTH
        n = 0
        while True:
            day = add_months(start.date(), n * months)
            n += 1
            if day is None:
                continue
            ts = ts_of(day, start.hour, start.minute) + start.second
            if ts > until or n > 2400:
                return out
            out.append(ts)
    if interval % WEEK == 0:
        weeks, rule = interval // WEEK, event.repeat_rule or (1 << start.weekday())
        day = start.date()
        while ts_of(day) <= until and len(out) < 5000:
            on_week = ((day - start.date()).days // 7) % weeks == 0
            if day == start.date() or (on_week and rule & (1 << day.weekday())):
                out.append(event.start_ts + (day - start.date()).days * DAY)
            day += dt.timedelta(days=1)
        return out
    ts = event.start_ts
    while ts <= until and len(out) < 5000:
        out.append(ts)
        ts += interval
    return out


def occurrences_of(event: Event, start: int, end: int) -> list[Occurrence]:
    """The occurrences of ``event`` overlapping ``[start, end]``."""
    if event.start_ts == 0:
        return []
    if event.repeat_interval == 0:
        return [Occurrence(event, event.start_ts, event.end_ts)] if event.start_ts <= end and event.end_ts >= start \
            else []
    try:
        exceptions = set(json.loads(event.repetition_exceptions or "[]"))
    except ValueError:
        exceptions = set()
    duration = event.end_ts - event.start_ts
    found = []
    for i, ts in enumerate(_repeat_starts(event, end)):
        if event.repeat_limit > 0 and ts > event.repeat_limit:
            break
        if event.repeat_limit < 0 and i >= -event.repeat_limit:
            break
        if day_code(day_of(ts)) not in exceptions and ts + duration >= start:
            found.append(Occurrence(event, ts, ts + duration))
    return found


def sort_key(o: Occurrence) -> tuple[Any, ...]:
    """All-day events first within their day, then by start, end, title and description."""
    first = ts_of(day_of(o.start_ts)) - 1 if o.event.is_all_day else o.start_ts
    return (first, o.end_ts, o.event.title, o.event.description)


# -- shared pieces of the screens ----------------------------------------------------------------------------


def image(id: str, icon: str, on_click: Callable[[], Any] | None = None, desc: str = "", size: float = 48) -> View:
    """An ImageView; clickable when it has a handler (the app sets no description on most of them)."""
    return View(cls="android.widget.ImageView", id=id, icon=icon, desc=desc, clickable=on_click is not None,
                focusable=on_click is not None, on_click=on_click, width=size, height=size)


def menu_item(id: str, title: str, icon: str, on_click: Callable[[], Any]) -> View:
    """A toolbar action (an ``ActionMenuItemView``: a Button described by the item's title)."""
    return View(cls="android.widget.Button", id=id, desc=title, icon=icon, clickable=True, focusable=True,
                on_click=on_click, width=48, height=48)


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


class EventRows(Activity):
    """Event rows (``event_list_item``) and the selection mode with Delete, as the day view and lists use them."""

    app: CalendarApp
    selected: list[list[int]]
    pending: list[list[int]]
    delete_rule: int

    def h24(self) -> bool:
        return self.system.settings.get("system", "time_12_24") != "12"

    def time_text(self, o: Occurrence, shown_day: dt.date | None) -> str:
        """``DayEventsAdapter``: "All-day", or "13:00 - 13:30", with the other day in brackets when it differs."""
        if o.event.is_all_day:
            return "All-day"
        today = self.app.today
        start_day, end_day = day_of(o.start_ts), day_of(o.end_ts)
        text = clock_text(o.start_ts, self.h24())
        if o.start_ts != o.end_ts:
            if shown_day is not None and start_day != shown_day:
                text += f" ({date_text(start_day, today, False)})"
            text += f" - {clock_text(o.end_ts, self.h24())}"
            if shown_day is not None and end_day != shown_day:
                text += f" ({date_text(end_day, today, False)})"
        return text

    def event_row(self, o: Occurrence, shown_day: dt.date | None) -> View:
        description = o.event.description.replace("\n", " ")
        texts = Column(
            Text(o.event.title, id="event_item_title", style="item-title", height=28),
            Text(self.time_text(o, shown_day), id="event_item_time", style="item-summary", height=24),
            Text(description, id="event_item_description", style="item-summary", height=24) if description else None,
            weight=1, cls="androidx.constraintlayout.widget.ConstraintLayout")
        return Row(
            View(cls="android.widget.ImageView", id="event_item_color_bar", width=6, style="color-bar"),
            texts,
            id="event_item_holder", cls="androidx.constraintlayout.widget.ConstraintLayout", clickable=True,
            focusable=True, long_clickable=True, selected=o.key in self.selected, padding=8,
            on_click=lambda o=o: self.row_clicked(o), on_long_click=lambda o=o: self.row_long_pressed(o),
        )

    def row_clicked(self, o: Occurrence) -> None:
        if self.selected:
            if o.key in self.selected:
                self.selected.remove(o.key)
            else:
                self.selected.append(o.key)
            return
        self.start(EventActivity, event_id=o.event.id, event_occurrence_ts=o.start_ts)

    def row_long_pressed(self, o: Occurrence) -> None:
        if o.key not in self.selected:
            self.selected.append(o.key)

    def action_mode_bar(self, total: int, select_all: Callable[[], Any]) -> View:
        """The commons selection mode bar: "Done", "n / total", Share and Delete."""
        return Row(
            ImageButton("Done", self.finish_selection, icon="check", id="action_mode_close_button"),
            Text(f"{len(self.selected)} / {total}", id="actionbar_title", clickable=True, focusable=True,
                 on_click=select_all, style="title", weight=1, height=56),
            menu_item("cab_share", "Share", "share", lambda: None),
            menu_item("cab_delete", "Delete", "delete", self.ask_delete_selected),
            id="action_mode_bar", cls="android.view.ViewGroup", height=64, style="toolbar",
        )

    def finish_selection(self) -> None:
        self.selected = []

    def ask_delete_selected(self) -> None:
        self.pending = [list(k) for k in self.selected]
        self.delete_rule = DELETE_SELECTED
        self.dialog = "delete"

    def set_delete_rule(self, rule: int) -> None:
        self.delete_rule = rule

    def pending_repeating(self) -> bool:
        return any(e is not None and e.repeat_interval > 0 for e in (self.app.event(k[0]) for k in self.pending))

    def cancel_delete(self) -> None:
        self.dialog = None
        self.pending = []

    def confirm_delete(self) -> None:
        self.app.delete_occurrences([(k[0], k[1]) for k in self.pending], self.delete_rule)
        self.dialog = None
        self.pending = []
        self.selected = []


# -- the main screen ----------------------------------------------------------------------------------------


class MainActivity(EventRows, PickerMixin):
    """The calendar: the search bar and menu, one of the views, and the "New Event" button."""

    name = f"{ACTIVITIES}.MainActivity"
    exported = True

    def __init__(self, app: App, intent: Intent):
        super().__init__(app, intent)
        today = self.app.today.isoformat()
        #: The fragments shown, bottom first (``currentFragments``): the stored view, then a day opened from it.
        self.fragments: list[dict[str, Any]] = [{"view": self.app.stored_view(), "day": today}]
        self.fab_open = False
        self.search_open = False
        self.selected: list[list[int]] = []
        self.pending: list[list[int]] = []
        self.delete_rule = DELETE_SELECTED
        self.picker: dict[str, Any] | None = None
        #: The period the event list has fetched (``minFetchedTS``/``maxFetchedTS``), set when it is first shown.
        self.list_period: list[int] | None = None

    @property
    def top(self) -> dict[str, Any]:
        return self.fragments[-1]

    @property
    def shown_day(self) -> dt.date:
        return dt.date.fromisoformat(self.top["day"])

    def on_resume(self) -> None:
        self.selected = []
        self.fab_open = False

    # -- screen ----------------------------------------------------------------------------------------

    def build(self) -> View:
        view = self.top["view"]
        body = {MONTHLY_VIEW: self.month_fragment, DAILY_VIEW: self.day_fragment,
                EVENTS_LIST_VIEW: self.list_fragment, MONTHLY_DAILY_VIEW: self.month_day_fragment,
                WEEKLY_VIEW: self.week_fragment, YEARLY_VIEW: self.year_fragment}[view]()
        pager = {MONTHLY_VIEW: "fragment_months_viewpager", DAILY_VIEW: "fragment_days_viewpager",
                 MONTHLY_DAILY_VIEW: "fragment_month_days_viewpager", WEEKLY_VIEW: "week_view_view_pager",
                 YEARLY_VIEW: "fragment_years_viewpager"}.get(view)
        if pager:
            body = View(cls="androidx.viewpager.widget.ViewPager", id=pager, children=[body], orientation="stack",
                        clickable=True, focusable=True)
        content = Column(Frame(body, id="fragments_holder", weight=1), id="swipe_refresh_layout", weight=1)
        query = self.fields.get("top_toolbar_search", "")
        layers: list[View | None] = [Column(self.top_bar(), content, id="main_holder")]
        if query:  # over the calendar, under the search bar
            layers.append(Column(Space(64), Column(self.search_holder(query), id="search_holder", clickable=True,
                                                   focusable=True, weight=1)))
        elif view not in (WEEKLY_VIEW, YEARLY_VIEW):
            layers.append(self.fab_layer())
        return Frame(*layers, id="main_coordinator", cls="androidx.coordinatorlayout.widget.CoordinatorLayout")

    def top_bar(self) -> View:
        if self.selected:
            return self.action_mode_bar(len(self.selection_pool()), self.select_all)
        arrow = len(self.fragments) > 1 or self.search_open
        actions = [menu_item("go_to_today", "Go to today", "today", self.go_to_today) if self.away_from_today()
                   else None,
                   menu_item("change_view", "Change view", "change_view", lambda: setattr(self, "dialog", "view")),
                   overflow(lambda: self.open_menu("main"))]
        return View(cls="com.google.android.material.appbar.AppBarLayout", id="top_app_bar_layout", height=64,
                    children=[Row(
                        image("top_toolbar_search_icon", "arrow_back" if arrow else "search", self.search_icon),
                        EditText("top_toolbar_search", self.fields.get("top_toolbar_search", ""), self.search_typed,
                                 hint="Search", on_click=self.open_search, weight=1, height=48),
                        *[a for a in actions if a is not None],
                        id="top_toolbar_holder", cls="android.widget.RelativeLayout", height=64, padding=8)])

    def fab_layer(self) -> View:
        fab = ImageButton("New Event", self.fab_clicked, icon="event" if self.fab_open else "add",
                          id="calendar_fab", width=56, height=56, style="fab")
        rows: list[View] = []
        if self.fab_open:
            rows.append(Row(View(weight=1), Text("Task", id="fab_task_label", clickable=True, focusable=True,
                                                  on_click=self.close_fab, width=96, height=48),
                            image("fab_task_icon", "task", self.close_fab, size=56), height=72, padding=8))
            rows.append(Row(View(weight=1), Text("Event", id="fab_event_label", clickable=True, focusable=True,
                                                  on_click=self.open_new_event, width=96, height=56),
                            fab, height=88, padding=16))
        else:
            rows.append(Row(View(weight=1), fab, height=88, padding=16))
        column = Column(View(weight=1), *rows)
        if not self.fab_open:
            return column
        overlay = View(cls="android.widget.RelativeLayout", id="fab_extended_overlay", clickable=True,
                       focusable=True, on_click=self.close_fab)
        return Frame(overlay, column)

    def top_navigation(self, label: str, prev: Callable[[], Any], nxt: Callable[[], Any]) -> View:
        return Row(image("top_left_arrow", "chevron_left", prev),
                   Text(label, id="top_value", desc=label, clickable=True, focusable=True,
                        on_click=self.ask_go_to_date, style="title", weight=1, height=56),
                   image("top_right_arrow", "chevron_right", nxt), height=56)

    # monthly view

    def month_fragment(self) -> View:
        day = self.shown_day
        return Column(self.top_navigation(month_label(day, self.app.today), lambda: self.move(-1),
                                          lambda: self.move(1)),
                      self.month_grid(day, self.open_day, "month_view_wrapper", weight=1),
                      id="month_calendar_holder", cls="android.widget.RelativeLayout")

    def month_grid(self, month: dt.date, on_day: Callable[[dt.date], Any], id: str, **kw: Any) -> View:
        """The drawn month (``month_view``) under its 42 clickable day cells (``month_view_background``)."""
        first = grid_start(month)
        days = [first + dt.timedelta(days=i) for i in range(42)]
        by_day: dict[dt.date, list[str]] = {}
        for o in sorted(self.app.occurrences(ts_of(days[0]), ts_of(days[-1]) + DAY - 1), key=sort_key):
            for i in range((day_of(max(o.end_ts - 1, o.start_ts)) - day_of(o.start_ts)).days + 1):
                by_day.setdefault(day_of(o.start_ts) + dt.timedelta(days=i), []).append(o.event.title)
        letters = Row(*[Text(n[0], style="caption", weight=1, height=24) for n in ("S", "M", "T", "W", "T", "F", "S")],
                      height=24)
        drawn = Column(letters, *[
            Row(*[Column(Text(str(d.day), style="caption" if d.month != month.month else "item-title", height=22),
                         *[Text(t, style="event-label", height=16) for t in by_day.get(d, [])],
                         weight=1, cls="android.view.View")
                  for d in days[w * 7:w * 7 + 7]], weight=1)
            for w in range(6)], id="month_view", cls="android.view.View")
        cells = Column(Space(24), *[
            Row(*[View(cls="android.view.View", id="month_view_background", clickable=True, focusable=True,
                       weight=1, on_click=lambda d=d: on_day(d))
                  for d in days[w * 7:w * 7 + 7]], weight=1)
            for w in range(6)])
        return Frame(drawn, cells, id=id, **kw)

    # daily view

    def day_fragment(self) -> View:
        day = self.shown_day
        items = self.day_occurrences(day)
        rows = [self.event_row(o, day) for o in items]
        return Column(self.top_navigation(date_text(day, self.app.today), lambda: self.move(-1),
                                          lambda: self.move(1)),
                      Scroll(*rows, id="day_events", weight=1),
                      id="day_holder", cls="android.widget.RelativeLayout")

    def day_occurrences(self, day: dt.date) -> list[Occurrence]:
        """Events overlapping the day (``getDayStartTS``..``getDayEndTS``, which ends at 23:59)."""
        return sorted(self.app.occurrences(ts_of(day), ts_of(day) + DAY - 60), key=sort_key)

    # simple event list

    def list_fragment(self) -> View:
        if self.list_period is None:  # a day back to six months ahead, three more months if that is quiet
            now = self.app.now_ts
            ahead = add_months(self.app.today, 6) or month_start(self.app.today, 7) - dt.timedelta(days=1)
            self.list_period = [now - LIST_PAST, ts_of(ahead) + now % DAY]
            if len(self.app.occurrences(*self.list_period)) < MIN_EVENTS_THRESHOLD:
                self.list_period[1] += FETCH_INTERVAL
        items = sorted(self.app.occurrences(*self.list_period), key=sort_key)
        if not items:
            return Column(Text("No upcoming events.", id="calendar_empty_list_placeholder", style="item-summary",
                               padding=16),
                          Text("Create a new event", id="calendar_empty_list_placeholder_2", clickable=True,
                               focusable=True, on_click=self.open_new_event, style="primary", padding=16),
                          View(weight=1), id="calendar_events_list_holder")
        return Column(Scroll(*self.sectioned(items), id="calendar_events_list", weight=1),
                      id="calendar_events_list_holder", cls="android.widget.RelativeLayout")

    def sectioned(self, items: list[Occurrence]) -> list[View]:
        """Rows under month headers ("October") and day headers ("16 Monday") (``getEventListItems``)."""
        rows: list[View] = []
        month, day = "", None
        for o in items:
            start = day_of(o.start_ts)
            label = month_label(start, self.app.today)
            if label != month:
                rows.append(Text(label, id="event_section_title", style="headline", height=56))
                month = label
            if start != day:
                rows.append(Text(f"{start.day} {WEEKDAYS[start.weekday()]}", id="event_section_title",
                                 style="item-summary", height=32))
                day = start
            rows.append(self.event_row(o, None))
        return rows

    # monthly and daily view

    def month_day_fragment(self) -> View:
        day = self.shown_day
        items = self.day_occurrences(day)
        listing: View = (Scroll(*[self.event_row(o, day) for o in items], id="month_day_events_list",
                                weight=1) if items else
                         Text("No items found.", id="month_day_no_events_placeholder", style="item-summary",
                              padding=16))
        return Column(
            self.top_navigation(month_label(day, self.app.today), lambda: self.move(-1), lambda: self.move(1)),
            self.month_grid(day, self.select_day, "month_day_view_wrapper", height=360),
            View(cls="android.widget.ImageView", id="month_day_view_divider", height=1),
            Column(Text(date_text(day, self.app.today), id="month_day_selected_day_label", style="item-title",
                        height=40), listing, id="month_day_list_holder", weight=1),
            id="month_day_calendar_holder")

    # weekly and yearly views (simplified)

    def week_fragment(self) -> View:
        day = self.shown_day
        first = week_start(day)
        columns = []
        for i in range(7):
            d = first + dt.timedelta(days=i)
            blocks = [Text(o.event.title, id="week_event_label", clickable=True, focusable=True, style="event-label",
                           on_click=lambda o=o: self.start(EventActivity, event_id=o.event.id,
                                                           event_occurrence_ts=o.start_ts), height=40)
                      for o in self.day_occurrences(d)]
            columns.append(Column(Text(f"{WEEKDAYS[d.weekday()][0]}\n{d.day}", id="weekly_view_day_letter",
                                       style="caption", height=48), *blocks, id="weekly_view_day_column", weight=1))
        return Column(Row(Text(month_label(first, self.app.today), id="week_view_month_label", style="title",
                               weight=1, height=48), height=48),
                      Row(*columns, id="week_events_columns_holder", weight=1), id="week_holder")

    def year_fragment(self) -> View:
        year = self.shown_day.year
        holders = [Column(Text(MONTHS[m], id=f"month_{m + 1}_label", style="item-title", height=32),
                          View(cls="android.view.View", id=f"month_{m + 1}", weight=1),
                          id=f"month_{m + 1}_holder", clickable=True, focusable=True, weight=1,
                          on_click=lambda m=m: self.open_month(dt.date(year, m + 1, 1)))
                   for m in range(12)]
        return Column(self.top_navigation(str(year), lambda: self.move(-1), lambda: self.move(1)),
                      *[Row(*holders[r * 3:r * 3 + 3], weight=1) for r in range(4)], id="calendar_holder")

    # search

    def search_holder(self, query: str) -> View:
        if len(query) < 2:
            return Column(Text("No items found.", id="search_placeholder", style="item-summary", padding=16),
                          Text("Type in at least 2 characters to start the search.", id="search_placeholder_2",
                               style="item-summary", padding=16), View(weight=1))
        now = self.app.now_ts
        items = sorted(self.app.occurrences(now - 2 * YEAR, now + 2 * YEAR, query=query), key=sort_key)
        if not items:
            return Column(Text("No items found.", id="search_placeholder", style="item-summary", padding=16),
                          View(weight=1))
        return Scroll(*self.sectioned(items), id="search_results_list", weight=1)

    # -- dialogs and menus -----------------------------------------------------------------------------

    def build_dialog(self, name: str) -> View:
        if name == "view":
            labels = dict(VIEWS)
            return radio_dialog(list(labels.values()), labels[self.fragments[0]["view"]], self.change_view)
        if name == "picker":
            return self.picker_dialog(self.go_to_picked_date)
        if name == "delete":
            return delete_event_dialog(self.delete_rule, self.set_delete_rule, self.cancel_delete,
                                       self.confirm_delete, self.pending_repeating(), len(self.pending) > 1)
        raise NotImplementedError(name)

    def menu_items(self, name: str) -> list[tuple[str, Callable[[], Any]]]:
        view = self.top["view"]
        items: list[tuple[str, Callable[[], Any]]] = []
        if view != EVENTS_LIST_VIEW:
            items.append(("Go to date", self.ask_go_to_date))
        if view != MONTHLY_DAILY_VIEW:
            items.append(("Print", self.close_menu))
        for label in ("Add holidays", "Add contact birthdays", "Add contact anniversaries",
                      "Import events from an .ics file", "Export events to an .ics file", "Settings", "About"):
            items.append((label, self.close_menu))
        return items

    # -- actions ---------------------------------------------------------------------------------------

    def selection_pool(self) -> list[Occurrence]:
        view = self.top["view"]
        if self.fields.get("top_toolbar_search"):
            now = self.app.now_ts
            return self.app.occurrences(now - 2 * YEAR, now + 2 * YEAR, query=self.fields["top_toolbar_search"])
        if view == EVENTS_LIST_VIEW and self.list_period:
            return self.app.occurrences(*self.list_period)
        return self.day_occurrences(self.shown_day)

    def select_all(self) -> None:
        self.selected = [o.key for o in self.selection_pool()]

    def away_from_today(self) -> bool:
        view, day, today = self.top["view"], self.shown_day, self.app.today
        if view in (MONTHLY_VIEW, MONTHLY_DAILY_VIEW):
            return (day.year, day.month) != (today.year, today.month)
        if view == YEARLY_VIEW:
            return day.year != today.year
        if view == WEEKLY_VIEW:
            return week_start(day) != week_start(today)
        return view == DAILY_VIEW and day != today

    def go_to_today(self) -> None:
        self.top["day"] = self.app.today.isoformat()
        self.view_state.pop(("scroll", "day_events"), None)

    def move(self, delta: int) -> None:
        """The arrows and swipes: a month, day, week or year back or forward."""
        view, day = self.top["view"], self.shown_day
        if view in (MONTHLY_VIEW, MONTHLY_DAILY_VIEW):
            target = month_start(day, delta)
        elif view == YEARLY_VIEW:
            target = dt.date(day.year + delta, 1, 1)
        else:
            target = day + dt.timedelta(days=7 * delta if view == WEEKLY_VIEW else delta)
        self.top["day"] = target.isoformat()
        self.view_state.pop(("scroll", "day_events"), None)

    def on_swipe(self, direction: str) -> bool:
        view = self.top["view"]
        if direction in ("left", "right") and view != EVENTS_LIST_VIEW:
            self.move(1 if direction == "left" else -1)
            return True
        if direction == "down" and view == EVENTS_LIST_VIEW and self.list_period is not None:
            self.list_period[0] -= FETCH_INTERVAL  # scrolled to the top: fetch the previous period
            return True
        return False

    def open_day(self, day: dt.date) -> None:
        """``openDayFromMonthly``: the day on top of the month; back returns."""
        self.fragments.append({"view": DAILY_VIEW, "day": day.isoformat()})
        self.view_state.pop(("scroll", "day_events"), None)

    def open_month(self, day: dt.date) -> None:
        self.fragments.append({"view": MONTHLY_VIEW, "day": day.isoformat()})

    def select_day(self, day: dt.date) -> None:
        self.top["day"] = day.isoformat()

    def change_view(self, label: str) -> None:
        view = next(v for v, name in VIEWS if name == label)
        self.dialog = None
        self.app.put_prefs(view=view)
        self.fragments = [{"view": view, "day": self.app.today.isoformat()}]
        self.list_period = None
        self.close_search()

    def ask_go_to_date(self) -> None:
        self.menu = None
        self.open_picker("date", "go_to", dt.datetime.combine(self.shown_day, dt.time(), dt.timezone.utc))

    def go_to_picked_date(self) -> None:
        self.top["day"] = self.picked.date().isoformat()
        self.close_picker()

    def fab_clicked(self) -> None:
        if self.fab_open:
            self.open_new_event()
        else:
            self.fab_open = True  # tasks are allowed: the button first offers "Event" and "Task"

    def close_fab(self) -> None:
        self.fab_open = False

    def open_new_event(self) -> None:
        """``launchNewEventIntent``: a new event at the next full hour of the shown day (or today)."""
        self.fab_open = False
        view = self.top["view"]
        if view in (DAILY_VIEW, MONTHLY_DAILY_VIEW) or (view == MONTHLY_VIEW and self.away_from_today()):
            day = self.shown_day if view != MONTHLY_VIEW else self.shown_day.replace(day=1)
        else:
            day = self.app.today
        now = self.system.clock.now
        start = ts_of(day, now.hour) + 3600
        if view in (DAILY_VIEW, MONTHLY_DAILY_VIEW) and day_of(start) != day:
            start -= DAY  # the day view keeps the event on its day
        self.start(EventActivity, new_event_start_ts=start)

    def open_search(self) -> None:
        self.search_open = True

    def search_typed(self, text: str) -> None:
        self.fields["top_toolbar_search"] = text
        self.selected = []

    def search_icon(self) -> None:
        if self.search_open:
            self.close_search()
        elif len(self.fragments) > 1:
            self.remove_top_fragment()

    def close_search(self) -> None:
        self.search_open = False
        self.fields["top_toolbar_search"] = ""
        self.system.clear_focus(self)

    def remove_top_fragment(self) -> None:
        self.fragments.pop()
        self.selected = []

    def on_back(self) -> bool:
        if super().on_back():
            self.picker = None
            return True
        if self.selected:
            self.selected = []
            return True
        if self.search_open or self.fields.get("top_toolbar_search"):
            self.close_search()
            return True
        if self.fab_open:
            self.fab_open = False
            return True
        if len(self.fragments) > 1:
            self.remove_top_fragment()
            return True
        return False


# -- the event editor ----------------------------------------------------------------------------------------


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
                        menu_item("duplicate", "Duplicate event", "copy", self.duplicate),
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
            row(image("event_type_image", "label"),
                Row(Text(self.app.event_type_title(v["event_type"]), id="event_type", weight=1, height=56),
                    id="event_type_holder", cls="android.widget.RelativeLayout", clickable=True, focusable=True,
                    on_click=lambda: setattr(self, "dialog", "event_type"), weight=1)),
            row(image("event_color_image", "palette"),
                Row(Text("Event color", id="event_color_text", weight=1, height=56),
                    image("event_color", "color"), id="event_color_holder", cls="android.widget.RelativeLayout",
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


# -- the package ------------------------------------------------------------------------------------------------


class CalendarApp(App):
    """Simple Calendar Pro: ``events.db`` and ``Prefs.xml``."""

    package = PACKAGE
    label = "Calendar"
    icon = "calendar"
    activities = (MainActivity, EventActivity)
    uid = 10163

    def __init__(self, system: Any):
        super().__init__(system)
        self.uuid_counter = 0

    def install(self) -> None:
        """First-run state: the database with "Regular event" (id 1) and the preferences shown to be set."""
        with self.db(DB) as db:
            for statement in SCHEMA:
                db.execute(statement)
            db.execute("INSERT INTO event_types (id, title, color, caldav_calendar_id, caldav_display_name, "
                       "caldav_email, type) VALUES (?, 'Regular event', ?, 0, '', '', 0)",
                       (REGULAR_EVENT_TYPE_ID, PRIMARY_COLOR))
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.system.fs.write(PREFS, format_prefs({"display_event_types": {str(REGULAR_EVENT_TYPE_ID)}}))

    # -- time ------------------------------------------------------------------------------------------

    @property
    def today(self) -> dt.date:
        return self.system.clock.now.date()

    @property
    def now_ts(self) -> int:
        return int(self.system.clock.now.timestamp())

    def new_import_id(self) -> str:
        """``generateImportId``: a dashless UUID and the time in ms (the UUID derived from the clock, so runs
        repeat)."""
        self.uuid_counter += 1
        seed = hashlib.sha256(f"{self.system.clock.millis()}-{self.uuid_counter}".encode()).digest()[:16]
        return uuid.UUID(bytes=seed, version=4).hex + str(self.system.clock.millis())

    # -- preferences -------------------------------------------------------------------------------------

    def prefs(self) -> dict[str, Any]:
        return parse_prefs(self.system.fs.read(PREFS)) if self.system.fs.exists(PREFS) else {}

    def put_prefs(self, **values: Any) -> None:
        prefs = self.prefs()
        prefs.update(values)
        self.system.fs.write(PREFS, format_prefs(prefs))

    def stored_view(self) -> int:
        view = int(self.prefs().get("view", MONTHLY_VIEW))
        return view if view in dict(VIEWS) else MONTHLY_VIEW

    # -- events ------------------------------------------------------------------------------------------

    def events(self) -> list[Event]:
        cols = ", ".join(f"`{c}`" for c in COLUMNS)
        with self.db(DB) as db:
            return [event_from_row(r) for r in db.execute(f"SELECT {cols} FROM events ORDER BY id").fetchall()]

    def event(self, event_id: int | None) -> Event | None:
        return next((e for e in self.events() if e.id == event_id), None)

    def occurrences(self, start: int, end: int, query: str = "") -> list[Occurrence]:
        """Occurrences overlapping ``[start, end]``; with ``query``, of events whose title, location or
        description contains it (``LIKE %query%``)."""
        low = query.lower()
        found: list[Occurrence] = []
        for e in self.events():
            if low and not any(low in s.lower() for s in (e.title, e.location, e.description)):
                continue
            found += occurrences_of(e, start, end)
        return found

    def event_types(self) -> list[tuple[int, str]]:
        with self.db(DB) as db:
            return [(r[0], r[1]) for r in db.execute("SELECT id, title FROM event_types ORDER BY id").fetchall()]

    def event_type_title(self, type_id: int) -> str:
        return next((t for i, t in self.event_types() if i == type_id), "Regular event")

    def insert(self, event: Event) -> int:
        row = event.row()
        names = ", ".join(f"`{c}`" for c in row)
        with self.db(DB) as db:
            cur = db.execute(f"INSERT INTO events ({names}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
            return int(cur.lastrowid or 0)

    def update(self, event: Event) -> None:
        row = event.row()
        with self.db(DB) as db:
            db.execute(f"UPDATE events SET {', '.join(f'`{c}` = ?' for c in row)} WHERE id = ?",
                       (*row.values(), event.id))

    def delete(self, ids: list[int]) -> None:
        """``deleteEvents``: the rows and their child events (exceptions of a series)."""
        if not ids:
            return
        marks = ", ".join("?" * len(ids))
        with self.db(DB) as db:
            db.execute(f"DELETE FROM events WHERE id IN ({marks}) OR parent_id IN ({marks})", (*ids, *ids))

    def delete_occurrences(self, keys: list[tuple[int, int]], rule: int) -> None:
        """Delete selected events; repeating ones by ``rule``: this occurrence, it and later ones, or all."""
        single = [i for i, _ in keys if (e := self.event(i)) is not None and e.repeat_interval == 0]
        self.delete(single)
        for event_id, occurrence in keys:
            event = self.event(event_id)
            if event is None or event.repeat_interval == 0:
                continue
            if rule == DELETE_ALL:
                self.delete([event_id])
            elif rule == DELETE_FUTURE:
                previous = day_of(occurrence - event.repeat_interval)
                limit = ts_of(previous) if event.is_all_day else ts_of(previous, 23, 59) + 59
                self.update(replace(event, repeat_limit=limit))
            else:
                exceptions = json.loads(event.repetition_exceptions or "[]")
                code = day_code(day_of(occurrence))
                if code not in exceptions:
                    exceptions.append(code)
                self.update(replace(event, repetition_exceptions=json.dumps(exceptions, separators=(",", ":"))))


__all__ = ["CalendarApp", "EventActivity", "MainActivity", "Occurrence", "occurrences_of"]
