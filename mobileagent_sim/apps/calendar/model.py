"""Simple Calendar Pro's constants, how it writes dates and times, and when repeating events recur."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from pytest_mobileagent.android.calendar import (
    DAY,
    MONTH,
    PACKAGE,
    WEEK,
    YEAR,
    Event,
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
